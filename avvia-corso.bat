@echo off
rem Il corso di Dama su Windows, senza make: la prima volta prepara l'ambiente (.venv),
rem poi apre il corso nel browser. Doppio clic, oppure dal Prompt dei comandi:
rem   avvia-corso.bat             la vista dei ragazzi, l'indice italiano
rem   avvia-corso.bat --lang en   in inglese
rem   avvia-corso.bat --lab       JupyterLab, per gli adulti
rem Ctrl+C nella finestra ferma il corso.
cd /d "%~dp0"
if not exist ".venv\Scripts\python.exe" (
  py -3 -m venv .venv 2>nul || python -m venv .venv || goto nopython
)
".venv\Scripts\python.exe" -c "import sys; sys.exit(sys.version_info < (3, 11))" || goto nopython
if not exist ".venv\.installed-stamp" (
  ".venv\Scripts\python.exe" -m pip install --quiet --upgrade pip || goto failed
  ".venv\Scripts\python.exe" -m pip install --quiet -e ".[course,site]" || goto failed
  type nul > ".venv\.installed-stamp"
)
".venv\Scripts\python.exe" -m authoring.catalogues --compile || goto failed
".venv\Scripts\python.exe" deploy\local\launch.py %*
goto :eof

:nopython
echo Serve Python 3.11 o piu' recente: installatelo dal sito di Python e, nell'installazione,
echo spuntate "Add python.exe to PATH". Poi cancellate la cartella .venv e riprovate.
echo (Python 3.11 or newer is needed: install it, ticking "Add python.exe to PATH".)
pause
exit /b 1

:failed
echo L'installazione non e' riuscita: controllate la connessione e riprovate.
echo (The installation failed: check the connection and try again.)
pause
exit /b 1
