"""The teacher's (and parent's) guide of each language: text only, no code to run.

Here, and only here, the rules are cited by their ids (RULES.md): the lessons name them in
words, and the guide's tables say which id stands behind each name and each lesson."""

from __future__ import annotations

from .kit import Cell, LessonSource, Page, T, md

#: How the lessons and the boards name each rule (RULES.md, "Naming the rules for a child"):
#: one table, damalib's, so that the guide says what the children read.
from damalib.rulenames import RULE_NAMES, rule_name  # noqa: E402

INTRO = md(
    it="""
    # Guida per insegnanti e genitori

    Il corso insegna la **Dama Italiana** (regole della Federazione Italiana Dama) a bambine e
    bambini dai 7 ai 13 anni circa, con un adulto vicino, a classi e circoli, e anche ad adulti
    che imparano da soli. Ogni lezione ha la stessa forma:

    1. **Cosa imparerai**: lo scopo, in due o tre righe;
    2. la spiegazione, a piccoli passi, con i disegni della damiera; ogni regola è detta a
       parole, con un nome che un bambino capisce («mangiare è obbligatorio», «la regola della
       quantità»). Le sigle delle regole del regolamento del progetto (*IT-C1*, *IT-P1*, ...)
       non compaiono nelle lezioni: le trovate in fondo a questa guida, accanto al nome che
       usano le lezioni e la damiera;
    3. una **damiera per provare**, già pronta sulla posizione giusta;
    4. gli **esercizi**, corretti subito, con suggerimenti e stelle (da 1 a 3);
    5. **Ricorda**: il riassunto, e le stelle della lezione.

    Le lezioni sono uguali in italiano (`lessons/it`) e in inglese (`lessons/en`): stessi numeri,
    stesse damiere, stessi esercizi. Una classe può quindi lavorare in due lingue.
    """,
    en="""
    # Teacher's guide (for parents too)

    The course teaches **Dama Italiana** (Italian draughts, under the rules of the Italian
    Draughts Federation, FID) to children of about 7 to 13 with a grown-up nearby, to school
    classes and clubs, and to adults learning alone. Every lesson has the same shape:

    1. **What you will learn**: the aim, in two or three lines;
    2. the explanation, in small steps, with pictures of the board; each rule is said in
       words, with a name a child understands ("capturing is compulsory", "the quantity
       rule"). The ids of the project's rules reference (*IT-C1*, *IT-P1*, ...) do not appear
       in the lessons: you find them at the end of this guide, next to the name that the
       lessons and the board use;
    3. a **board to try it on**, set up on a telling position;
    4. the **exercises**, checked at once, with hints and stars (1 to 3);
    5. **Remember**: the summary, and the lesson's stars.

    The lessons are the same in Italian (`lessons/it`) and English (`lessons/en`): same numbers,
    same boards, same exercises. A class can work in both languages.
    """,
)

CLASS = md(
    it="""
    ## Una lezione in classe

    - **Un computer ogni due alunni.** Uno muove, l'altro legge ad alta voce e controlla; a
      ogni esercizio si scambiano i ruoli. Discutere la mossa prima di cliccare è metà
      dell'imparare.
    - **Avviare il corso:** nella cartella del progetto scrivete `make course`. La prima volta
      il comando prepara tutto (serve Python 3.11 o più recente), poi apre il browser
      sull'indice, con le lezioni come pagine web senza codice (vedi «Senza codice» qui
      sotto). `make course-en` apre il corso in inglese. Per gli adulti, `make course-lab`
      apre le stesse lezioni in JupyterLab (i suoi menu sono in inglese).
    - **I nomi.** Nell'indice ogni coppia scrive i due nomi con l'iniziale del cognome (per
      esempio «Anna R. e Luca B.») e preme «Sono io!»: le stelle di tutte le lezioni si
      salvano con quel nome (aprite la lezione dopo averlo scritto). L'iniziale tiene
      distinte due Sofie della classe. Potete anche avviare il corso con il nome già
      scritto: `DAMA_STUDENT="Anna R. e Luca B." make course`; vale finché nell'indice non se
      ne scrive un altro.
    - **Le stelle di una coppia** sono di tutti e due: nella pagina della classe e nei fogli la
      coppia è una riga, che vale per Anna e per Luca (nel foglio copiatela sotto ciascun
      nome). Se volete le stelle di ciascuno, ognuno scrive il proprio nome e a turno usa il
      computer per una lezione intera.
    - **Far partire le damiere.** Con `make course` le celle partono da sole: i ragazzi non
      usano mai un menu. In JupyterLab invece le lezioni si aprono con il solo testo:
      scegliete nel menu **Run → Run All Cells** (i menu di JupyterLab sono in inglese) e
      compaiono i disegni, le damiere e gli esercizi. Le celle di codice restano chiuse.
    - **Muoversi tra le pagine.** Ogni lezione finisce con i collegamenti all'indice, alla
      lezione seguente e alla stessa lezione in inglese; l'indice porta a questa guida.
    - **Durata.** Una lezione dura da 20 a 40 minuti. Le lezioni 7–10 (le precedenze,
      IT-P1–IT-P5) sono le più difficili: fatele con calma, una alla volta, magari giocando
      prima sulla damiera vera. Le lezioni parlano di «quattro regole» (IT-P1–IT-P4) più la
      libera scelta (IT-P5), che vale quando le quattro regole lasciano più prese alla pari.
    - **Una partita vera** alla fine di ogni incontro fissa le regole più di qualsiasi
      spiegazione: la lezione 16 offre il computer come avversario, a sei livelli.
    - **Rivedere la partita.** Sotto la partita contro il computer, «Rivedi la partita»
      mostra gli errori più costosi dell'alunno (al massimo cinque, nell'ordine della
      partita), ognuno su una damiera da rifare, con due suggerimenti e la spiegazione: un
      tiro mancato (una mossa che vinceva materiale, di solito perché l'avversario è
      obbligato a mangiare, IT-C1, e poi si prende di più, IT-C5), un pezzo lasciato da
      mangiare (IT-C1, IT-C2), una presa scelta male quando le regole di precedenza
      (IT-P1–IT-P4) lasciavano la libera scelta (IT-P5). Conta solo ciò che costa almeno un
      pezzo; la stessa partita dà sempre la stessa revisione, e niente si salva tra le
      stelle: è un momento per parlarne insieme.
    """,
    en="""
    ## Running a class

    - **One computer for every two students.** One moves, the other reads aloud and checks;
      they swap at each exercise. Talking a move over before clicking is half of the learning.
    - **Starting the course:** in the project folder type `make course`. The first time, the
      command sets everything up (Python 3.11 or newer is needed), then opens the browser on
      the Italian index, with the lessons as web pages without code (see "Without code"
      below). `make course-en` opens the English course. For adults, `make course-lab` opens
      the same lessons in JupyterLab (its menus are in English; `make course-lab-en` opens
      the English lessons).
    - **Names.** In the index each pair types both names with their surnames' initials (for
      example "Anna R. and Luca B.") and presses "That's me!": the stars of every lesson are
      saved under that name (open the lesson after typing it). The initial keeps two Sofias
      of the class apart. You can also start the course with the name already filled in:
      `DAMA_STUDENT="Anna R. and Luca B." make course-en`; it holds until another name is
      typed in the index.
    - **A pair's stars** are both children's: on the class page and in the sheets the pair is
      one row, which counts for Anna and for Luca (in the sheet, copy it under each name). For
      each child's own stars, each types their own name and takes the computer in turn for a
      whole lesson.
    - **Starting the boards.** With `make course` the cells run by themselves: children never
      use a menu. In JupyterLab, though, lessons open showing their text only: choose **Run →
      Run All Cells** and the
      pictures, boards and exercises appear. Code cells stay collapsed.
    - **Moving between pages.** Every lesson ends with links to the index, to the next lesson
      and to the same lesson in Italian; the index leads to this guide.
    - **Length.** A lesson takes 20 to 40 minutes. Lessons 7–10 (capture precedence,
      IT-P1–IT-P5) are the hardest: take them slowly, one at a time, perhaps playing them out
      on a real board first. The lessons speak of "four rules" (IT-P1–IT-P4) plus free choice
      (IT-P5), which applies when the four rules leave several captures level.
    - **A real game** at the end of each session fixes the rules better than any explanation:
      lesson 16 offers the computer as an opponent, at six levels.
    - **Reviewing the game.** Under the game against the computer, "Review the game" shows
      the student's costliest mistakes (five at most, in the order of the game), each on a
      board to play again, with two hints and the explanation: a missed shot (a move that
      won material, usually because the opponent must capture, IT-C1, and then you take
      more, IT-C5), a piece left to be taken (IT-C1, IT-C2), a capture chosen badly when the
      precedence rules (IT-P1–IT-P4) left a free choice (IT-P5). Only what costs at least a
      piece counts; the same game always gives the same review, and nothing is saved with
      the stars: it is a moment to talk it over together.
    """,
)

EVERY_CHILD = md(
    it="""
    ## Ogni bambino può seguire: ascoltare, la tastiera, i colori

    **Con un bambino di cinque anni, che non legge ancora.** Le lezioni 0–3 (Benvenuti, La
    damiera, Muovere le pedine, La presa) si seguono senza leggere e senza scrivere. Prima di
    cominciare:

    1. mettete le cuffie e alzate il volume;
    2. premete una volta **«Leggi da solo»** in cima alla pagina: da quel momento il corso
       legge da solo i messaggi della damiera e le risposte agli esercizi, su questo computer
       o tablet, anche nei giorni dopo;
    3. mostrate al bambino il pulsante **«Ascolta»** con l'altoparlante: è accanto a ogni
       paragrafo, a ogni domanda e al messaggio sotto ogni damiera, e legge il testo ad alta
       voce. Le mosse si sentono come le dice un bambino («la pedina da 22 va a 18»), non
       come si scrivono.

    Negli esercizi il pezzo di cui parla la domanda **si illumina** (un anello giallo con
    quattro raggi); quando la domanda chiede un numero («quante mosse?») basta toccare il
    numero, senza scrivere. Il segno non mostra mai la risposta: se la domanda chiede dove
    si trova un pezzo, non si illumina niente. Restate accanto al bambino per le prime
    lezioni: una lezione di dieci minuti, con una pausa a metà, basta.

    **Senza mouse.** Con il tasto Tab si arriva a ogni damiera (un bordo giallo e blu mostra
    che è scelta). Le frecce spostano un quadrato nero e bianco sulle caselle; Invio o la barra
    spaziatrice prendono il pezzo e lo posano; Esc lo lascia. Tab porta avanti al pulsante
    successivo. Così funzionano anche le caselle (l'allenamento sui numeri) e l'analisi.

    **Con un lettore di schermo.** Ogni damiera ha una descrizione (di chi è il turno, i pezzi
    casella per casella) e annuncia la mossa giocata, la risposta del computer, un errore e
    un esercizio risolto. La pagina dice di essere in italiano, così il lettore usa una voce
    italiana.

    **I colori.** Nessun segno sulla damiera si riconosce solo dal colore: il pezzo scelto ha
    una cornice, le caselle dove può andare un disco, l'ultima mossa una cornice tratteggiata,
    i pezzi da mangiare una croce, chi deve mangiare un «!». Si vedono anche con le forme più
    comuni di daltonismo, e le pagine si leggono ingrandite al 200% senza scorrere di lato.

    **Se il computer non parla.** Il corso usa le voci del dispositivo, che funzionano anche
    senza internet. Se manca la voce italiana, la pagina lo dice una volta all'adulto e spiega
    dove aggiungerla (Windows: Impostazioni › Data/ora e lingua › Voce; Android: Output sintesi
    vocale; iPad: Accessibilità › Contenuto letto ad alta voce; Chromebook: Accessibilità ›
    Sintesi vocale).
    """,
    en="""
    ## Every child can follow: listening, the keyboard, the colours

    **With a five-year-old who cannot read yet.** Lessons 0–3 (Welcome, The board, Moving
    the men, Capturing) can be followed without reading or writing. Before you start:

    1. put on headphones and turn the volume up;
    2. press **"Read by itself"** once, at the top of the page: from then on the course reads
       the board's messages and the answers to the exercises aloud by itself, on this
       computer or tablet, on the following days too;
    3. show the child the **"Listen"** button with the loudspeaker: it is beside every
       paragraph, every question and the message under every board, and reads the text
       aloud. Moves are said as a child says them ("the man on 22 goes to 18"), not as they
       are written.

    In the exercises the piece the question talks about **glows** (a yellow ring with four
    rays); when the question asks for a number ("how many moves?") the child taps the number,
    without writing. The mark never shows the answer: when the question asks where a piece
    stands, nothing glows. Stay beside the child for the first lessons: a ten-minute lesson
    with a break in the middle is enough.

    **Without a mouse.** The Tab key reaches every board (a yellow and blue ring shows it is
    chosen). The arrow keys move a black and white square over the board; Enter or the space
    bar pick the piece up and put it down; Escape lets it go. Tab goes on to the next button.
    The squares trainer and the analysis page work the same way.

    **With a screen reader.** Every board has a description (whose turn it is, the pieces
    square by square) and announces the move played, the computer's reply, a mistake and a
    solved exercise. The page says which language it is in, so the reader uses the right
    voice.

    **Colours.** No mark on the board is recognised by its colour alone: the chosen piece has a
    frame, the squares it can go to a disc, the last move a dashed frame, the pieces being
    captured a cross, a piece that must capture a "!". They show with the common forms of
    colour blindness too, and the pages read at 200% zoom without scrolling sideways.

    **If the computer does not speak.** The course uses the device's own voices, which work
    offline. If the English voice is missing, the page tells the adult once and says where to
    add it (Windows: Settings › Time & language › Speech; Android: Text-to-speech output;
    iPad: Accessibility › Spoken content; Chromebook: Accessibility › Text-to-speech).
    """,
)


VOILA = md(
    it="""
    ## Senza codice: le pagine per i ragazzi

    `make course` (in inglese `make course-en`; i vecchi nomi `make course-voila` e
    `make course-voila-en` fanno lo stesso) apre il corso come pagine web senza celle di
    codice (Voilà), con le damiere già pronte: niente menu, niente da eseguire. Si apre il
    browser sull'indice; un clic su una lezione la mostra già pronta, in meno di un secondo:
    tutto il corso è una pagina sola, e il pulsante «Indietro» del browser e un indirizzo
    copiato (`…/app.ipynb#it/03-la-presa`) portano alla pagina giusta. Il server ascolta solo
    su questo computer (127.0.0.1). Per fermarlo premete `Ctrl+C` nel terminale.

    Le lezioni si aprono da una copia nella cartella dei progressi (vedi sotto), non dai file
    del progetto: i ragazzi non possono cambiare il corso per sbaglio. I progressi si salvano
    come in JupyterLab (il nome si sceglie nella pagina dell'indice).
    """,
    en="""
    ## Without code: the children's pages

    `make course` (`make course-en` for English; the older names `make course-voila` and
    `make course-voila-en` do the same) opens the course as web pages with no code cells
    (Voilà) and the boards ready: no menus, nothing to run. The browser opens on the index; a
    click on a lesson shows it ready, in under a second: the whole course is one page, and
    the browser's Back button and a copied address (`…/app.ipynb#en/03-capturing`) lead to
    the right page. The server listens on this computer only (127.0.0.1). Press `Ctrl+C` in
    the terminal to stop it.

    The lessons open from a copy in the progress folder (see below), not from the project's
    files, so children cannot change the course by mistake. Progress is saved as in
    JupyterLab (the name is chosen on the index page).
    """,
)

BROWSER = md(
    it="""
    ## Il corso nel browser, senza installare niente

    Dove non si può installare niente (Chromebook, tablet, computer della scuola), il corso
    gira tutto dentro il browser: `make site` prepara, su un computer con Python e `npm`, un
    sito di soli file nella cartella `build/site/`. Copiatelo su un qualunque spazio web
    della scuola e date ai ragazzi l'indirizzo; oppure, in un'aula senza internet, scrivete
    `make site-serve SITE_BIND=0.0.0.0` sul vostro computer e fate aprire ai ragazzi
    `http://<indirizzo del vostro computer>:8000/`. Il sito non chiede niente a internet.

    I ragazzi vedono l'indice in italiano, senza codice; la prima volta la damiera impiega
    qualche secondo a prepararsi (lo dice la pagina). Le stelle restano in quel browser, su
    quel computer, anche dopo aver chiuso la pagina; per portarle altrove, o darle a voi,
    c'è «Scarica i miei progressi» nell'indice. I file scaricati si leggono con la pagina
    della classe (il pulsante «scegli i file») o con `dama progress merge`. Se il browser
    cancella i dati del sito, le stelle di quel browser si perdono: fate scaricare i
    progressi alla fine di ogni lezione.
    """,
    en="""
    ## The course in the browser, with nothing to install

    Where nothing can be installed (Chromebooks, tablets, school computers), the whole course
    runs inside the browser: on a computer with Python and `npm`, `make site` makes a site
    of plain files in `build/site/`. Copy it to any of the school's web space and give the
    children its address; or, in a classroom without internet, type
    `make site-serve SITE_BIND=0.0.0.0` on your computer and have the children open
    `http://<your computer's address>:8000/`. The site asks nothing of the internet.

    Children see the Italian index (`english.html` for English) with no code; the first time,
    the board takes some seconds to get ready (the page says so). The stars stay in that
    browser on that computer, also after the page is closed; to take them elsewhere, or to
    hand them to you, the index has "Download my progress". The downloaded files are read by
    the class page ("choose the files") or by `dama progress merge`. If the browser clears
    the site's data, that browser's stars are lost: have the children download their
    progress at the end of each lesson.
    """,
)

WORKSHEETS = md(
    it="""
    ## Su Windows

    Windows non ha `make`. Installate Python 3.11 o più recente dal sito di Python (spuntate
    «Add python.exe to PATH»), poi nella cartella del progetto fate doppio clic su
    **`avvia-corso.bat`**: la prima volta prepara l'ambiente (qualche minuto, serve la
    rete), poi apre il corso nel browser, come `make course`. Dal Prompt dei comandi,
    nella cartella del progetto:

    ```bat
    avvia-corso.bat
    avvia-corso.bat --lang en
    avvia-corso.bat --lab
    ```

    Il comando `dama` è `.venv\\Scripts\\dama`, per esempio
    `.venv\\Scripts\\dama worksheet --lesson 7` (al posto di `make worksheet LESSON=7`) o
    `.venv\\Scripts\\dama progress merge CARTELLA --lesson 7 -o lezione-07.csv`. I progressi
    sono in `%LOCALAPPDATA%\\dama`.

    ## Schede da stampare

    Il comando `dama` prepara schede di esercizi in HTML, da aprire nel browser e stampare,
    quattro esercizi per pagina A4; le soluzioni sono in un file a parte, solo per voi (così
    stampando 25 copie della scheda nessuno riceve le soluzioni). Il modo più semplice,
    nella cartella del progetto:

    ```sh
    make worksheet LESSON=7
    ```

    scrive `scheda-07.html` nella cartella del progetto, con gli esercizi della lezione 7
    nell'ordine della lezione e il suo titolo («Lezione 7 · …»), e le soluzioni in
    `scheda-07-soluzioni.html`; con `make worksheet LESSON=7 SHEET_LANG=en` la scheda è in
    inglese, `worksheet-07.html`, qualunque sia la lingua del computer.

    Per le altre scelte c'è il comando `dama`. `make course` (o `make test`) prepara
    l'ambiente del progetto nella cartella `.venv`; poi, una volta in ogni terminale
    (Linux e macOS), dalla cartella del progetto:

    ```sh
    source .venv/bin/activate
    ```

    e il comando `dama` è pronto (senza attivare l'ambiente si scrive `.venv/bin/dama` al
    posto di `dama`; su Windows `.venv\\Scripts\\dama`, vedi «Su Windows»):

    ```sh
    dama worksheet --lesson 7
    dama worksheet --topic cattura -o scheda-cattura.html
    dama worksheet --topic dame --level 2 --limit 8 -o dame.html
    dama worksheet --help
    ```

    Il primo comando scrive `scheda-07.html` (e `scheda-07-soluzioni.html`) nella cartella
    in cui siete e dice dove; con `-o` si sceglie il file, o una cartella (`-o schede/`, che
    viene creata). Con `--answers end` le soluzioni sono l'ultima pagina della scheda, con
    `--answers none` non ci sono; `--folder` prende gli esercizi da una cartella di file
    vostri. Il comando parla italiano; in inglese con `--lang en`.

    Gli argomenti (`--topic`) si scrivono in italiano o in inglese, con o senza accenti:
    `dama worksheet --topic capture` è la stessa scheda di `--topic cattura`. Sono:
    `movimento`, `cattura`, `presa-multipla`, `damatura`, `dame`, `precedenza-quantità`,
    `precedenza-dama`, `precedenza-qualità`, `precedenza-ordine`, `libera-scelta`,
    `fine-partita`, `quaranta-mosse`, `notazione`, `tattica`, `finali` e, per le altre dame,
    `presa-maggiore`, `dama-volante`, `ultima-riga`.

    Nelle soluzioni, «oppure» vuol dire che basta una delle risposte («18x11 oppure
    18x25»); «servono tutte» che l'esercizio chiede di trovarle tutte («18x11 e 18x25
    (servono tutte)»). La tabella in fondo a questa guida dà il comando per ogni lezione.
    """,
    en="""
    ## On Windows

    Windows has no `make`. Install Python 3.11 or newer from Python's website (tick "Add
    python.exe to PATH"), then double-click **`avvia-corso.bat`** in the project folder: the
    first time it sets up the environment (a few minutes, online), then opens the course in
    the browser, as `make course` does. From the Command Prompt, in the project folder:

    ```bat
    avvia-corso.bat --lang en
    avvia-corso.bat --lab --lang en
    ```

    The `dama` command is `.venv\\Scripts\\dama`, for example
    `.venv\\Scripts\\dama worksheet --lesson 7 --lang en` (instead of `make worksheet`) or
    `.venv\\Scripts\\dama progress merge FOLDER --lesson 7 -o lesson-07.csv`. The progress
    is in `%LOCALAPPDATA%\\dama`.

    ## Worksheets to print

    The `dama` command makes HTML worksheets to open in the browser and print, four exercises
    to an A4 page; the answers are in a file apart, for you alone (printing 25 copies of the
    sheet hands out no answers). The simplest way, in the project folder:

    ```sh
    make worksheet LESSON=7 SHEET_LANG=en
    ```

    writes `worksheet-07.html` in the project folder, with lesson 7's exercises in the
    lesson's order under its title ("Lesson 7 · …"), and the answers in
    `worksheet-07-answers.html`; without `SHEET_LANG=en` the worksheet is in Italian,
    `scheda-07.html`, whatever the computer's language.

    For other choices there is the `dama` command. `make course` (or `make test`) sets up the
    project's environment in the `.venv` folder; then, once in each terminal (Linux and
    macOS), from the project folder:

    ```sh
    source .venv/bin/activate
    ```

    and the `dama` command is ready (without activating the environment, type
    `.venv/bin/dama` instead of `dama`; on Windows `.venv\\Scripts\\dama`, see "On
    Windows"):

    ```sh
    dama worksheet --lesson 7 --lang en
    dama worksheet --topic capture --lang en -o worksheet-capture.html
    dama worksheet --topic kings --level 2 --limit 8 --lang en -o kings.html
    dama worksheet --help --lang en
    ```

    The first command writes `worksheet-07.html` (and `worksheet-07-answers.html`) in the
    current folder and says where; `-o` chooses the file, or a folder (`-o sheets/`, made if need be). With
    `--answers end` the answers are the sheet's last page, with `--answers none` there are
    none; `--folder` takes the puzzles from a folder of your own files. The command speaks
    Italian unless given `--lang en` or run on a computer set to English.

    The topics (`--topic`) may be written in English or Italian, with or without accents:
    `movement`, `capture`, `multiple-capture`, `promotion`, `kings`, `precedence-quantity`,
    `precedence-king`, `precedence-quality`, `precedence-order`, `free-choice`,
    `end-of-game`, `forty-moves`, `notation`, `tactics`, `endgames` and, for the other
    draughts, `majority`, `flying-king`, `back-row`.

    In the answers, "or" means that any one of the answers is right ("18x11 or 18x25"); "all
    of them are needed" that the exercise asks for every one ("18x11 and 18x25 (all of them
    are needed)"). The table at the end of this guide gives the command for each lesson.
    """,
)

PROGRESS = md(
    it="""
    ## Le stelle degli alunni

    Ogni tentativo si salva subito in un piccolo file per nome (`Anna_e_Luca.sqlite`), nella
    cartella dei progressi:

    - la cartella indicata dalla variabile d'ambiente `DAMA_HOME`, se c'è;
    - altrimenti la cartella dati dell'utente: `~/.local/share/dama` su Linux,
      `~/Library/Application Support/dama` su macOS, `%LOCALAPPDATA%\\dama` su Windows.

    **La pagina della classe** ([classe.ipynb](classe.ipynb), anche senza codice) legge
    tutti i file di una cartella, o quelli che scegliete con il pulsante, e mostra la tabella
    alunno × lezione con le stelle, il grafico delle stelle della classe per lezione, gli
    esercizi sbagliati più spesso con la regola che c'è dietro, il dettaglio di un alunno, e
    scarica il foglio di una lezione (CSV) o di tutte (colonne di *nbgrader*).

    Chi ha scritto il nome con maiuscole o accenti diversi («Niccolò», «niccolo») sullo stesso
    computer è lo stesso alunno. Lo stesso nome scritto su due computer può essere un alunno
    che ha cambiato posto o due alunni con lo stesso nome: la pagina li mostra separati,
    «Sofia (1 di 2)» e «Sofia (2 di 2)», e decidete voi con il pulsante «Sofia: un alunno
    solo» (dalla riga di comando: `--join "Sofia"`). Chi non ha scritto un nome resta
    distinto, uno per file: per questo gli esercizi chiedono il nome prima di cominciare.

    La pagina e il comando `dama` **leggono i file senza mai cambiarli**: ogni file è letto da
    una copia, e un file che non è dei progressi (quello di un altro programma, un file
    vuoto) è elencato e lasciato fuori. I fogli (CSV) si aprono bene in Excel e LibreOffice
    in italiano (colonne separate da «;», lettere accentate giuste); l'ultima riga ricorda
    che 0 vuol dire «provato, non ancora risolto» e la casella vuota «non provato».

    Gli stessi fogli dalla riga di comando, con il comando `dama` pronto come sopra (`source
    .venv/bin/activate`):

    ```sh
    dama progress merge CARTELLA --lesson 7 -o lezione-07.csv   # una lezione, un alunno per riga
    dama progress merge CARTELLA -o classe.csv                  # tutte le lezioni (nbgrader)
    dama progress export --student "Anna e Luca" -o anna-e-luca.csv
    dama progress export --student "Anna e Luca" --attempts     # ogni tentativo
    dama progress export --student "Anna e Luca" --home CARTELLA   # da una cartella di copie
    ```

    `export` cerca l'alunno nella cartella dei progressi (o in quella di `--home`) e unisce
    tutti i suoi file, come la pagina della classe. I fogli sono in italiano; su un computer
    in inglese, o con `--lang en`, in inglese.

    `merge` legge tutti i file `.sqlite` di una cartella e delle sue sottocartelle: copiate lì
    i file dei vari computer (per esempio da una chiavetta, una sottocartella per computer).
    Le ore sono quelle del computer. Un file rovinato viene segnalato e lasciato fuori (nel
    foglio di una lezione il suo alunno ha comunque una riga, con il motivo); gli altri si
    leggono lo stesso, e nessun file viene cambiato.

    **I vostri quaderni** vanno nella copia di lavoro del corso (la cartella `lessons` dentro la
    cartella dei progressi, in `it/` o `en/`), con un nome vostro (`la-mia-lezione.ipynb`):
    un aggiornamento del corso sostituisce solo le sue lezioni e lascia le vostre.
    """,
    en="""
    ## The students' stars

    Every attempt is saved at once in a small file per name (`Anna_and_Luca.sqlite`), in the
    progress folder:

    - the folder named by the `DAMA_HOME` environment variable, when it is set;
    - otherwise the user's data folder: `~/.local/share/dama` on Linux,
      `~/Library/Application Support/dama` on macOS, `%LOCALAPPDATA%\\dama` on Windows.

    **The class page** ([class.ipynb](class.ipynb), also without code) reads every file of a
    folder, or the files you choose with its button, and shows the table student × lesson
    with the stars, the chart of the class's stars by lesson, the exercises missed most often
    with the rule behind each, one student's detail, and downloads one lesson's sheet (CSV)
    or every lesson's (nbgrader's columns).

    Names typed with other capitals or accents ("Niccolò", "niccolo") on one computer are one
    student. One name typed on two computers may be one student who moved or two students
    with the same name: the page shows them apart, "Sofia (1 of 2)" and "Sofia (2 of 2)", and
    you decide with the "Sofia: one child" button (on the command line: `--join "Sofia"`).
    Students who typed no name stay apart, one per file: that is why the exercises ask for a
    name before they start.

    The page and the `dama` command **read the files without ever changing them**: each file
    is read from a copy, and a file that is not a progress file (another program's, an empty
    one) is listed and left out. The sheets (CSV) open well in a spreadsheet set to English
    (in Italian they are separated by ";"); their last line says that 0 means "tried, not
    solved yet" and an empty cell "not tried".

    The same sheets from the command line, with the `dama` command ready as above (`source
    .venv/bin/activate`):

    ```sh
    dama progress merge FOLDER --lesson 7 --lang en -o lesson-07.csv   # one lesson
    dama progress merge FOLDER --lang en -o class.csv                  # every lesson (nbgrader)
    dama progress export --student "Anna and Luca" --lang en -o anna-and-luca.csv
    dama progress export --student "Anna and Luca" --attempts --lang en   # every attempt
    dama progress export --student "Anna and Luca" --home FOLDER --lang en  # from copies
    ```

    `export` looks for the student in the progress folder (or the one given with `--home`)
    and joins all of their files, as the class page does.

    `merge` reads every `.sqlite` file in a folder and its subfolders: copy there the files of
    the different computers (from a USB stick, say, one subfolder per computer). Times are
    the computer's own. A damaged file is reported and left out (its student keeps a row in
    a lesson's sheet, with the reason); the others are read all the same, and no file is
    changed.

    **Your own notebooks** go in the course's working copy (the `lessons` folder inside the
    progress folder, in `it/` or `en/`), under a name of your own (`my-lesson.ipynb`): an
    update of the course replaces only its own lessons and leaves yours.
    """,
)


SECOND_YEAR = md(
    it="""
    ## Il secondo anno, in un circolo

    Le lezioni da 0 a 17 insegnano le regole. Dalla lezione 18 comincia il **secondo anno**:
    per ragazzi dai 9 ai 13 anni che le regole le sanno già (una classe che ha finito il
    corso, i giovani di un circolo), e vogliono giocare meglio.

    **La lezione 18, «Finali di base: la mossa e la patta»**, insegna tre cose:

    1. chi vince, di solito, quando restano tre pezzi o meno. I numeri vengono dalle tavole
       dei finali del corso, che giocano ogni posizione fino in fondo
       (`python -m authoring.endgame_facts`). Tocca a chi ha più pezzi:

       | i pezzi | vince | patta | perde |
       |---|---|---|---|
       | due dame contro una dama | 14.846 | 34 | 0 |
       | dama e pedina contro dama | 24.857 | 1.170 | 12 |
       | due pedine contro una pedina | 9.775 | 161 | 0 |
       | dama e pedina contro pedina | 22.798 | 1 | 0 |
       | dama contro dama | 230 | 654 | 108 |
       | pedina contro pedina | 102 | 611 | 46 |

    2. **la mossa** con una pedina contro una: conta le righe vuote fra le due pedine. Se
       sono dispari, chi deve muovere non può vincere; se sono pari (e non zero), non può
       perdere. La regola è stata provata su ognuna delle posizioni con una pedina per
       parte, con le tavole (`tests/test_basic_endings.py`); non tiene conto delle prese
       immediate né della pedina che scappa sul bordo, dove la partita finisce spesso
       pari;
    3. la **dama sola che si salva** contro dama e pedina, chiudendo la dama avversaria nel
       cantone (la posizione B:W5,K1:BK19: solo 19-14 salva il Nero).

    Gli esercizi della lezione (8) e i 107 dell'argomento «finali-di-base» (livelli 1-5)
    sono provati dalle tavole: la risposta accettata è ogni mossa che tiene la patta, o la
    vittoria, fino alla fine della partita, e nessun'altra. Negli 8 conteggi, di livello 1,
    il ragazzo conta le righe vuote fra due pedine, una per parte; la spiegazione dice poi
    chi vince, come dicono le tavole. Il primo esercizio della lezione è uno di questi. La Palestra li propone nel tema
    «Finali».

    **La lezione 19, «Il tiro e la sua intenzione»**, misura un tiro con la sua
    *intenzione*: le mosse che il giocatore fa prima della presa finale. Mostra un tiro di
    prima intenzione e uno di seconda (31-27, 26-22, poi 29x6: due pedine date, tre prese),
    e i suoi 8 esercizi sono tiri di seconda intenzione, in cui ogni presa dell'avversario
    è la sua sola mossa; il risolutore prova che la prima mossa è l'unica che guadagna
    materiale. Nel primo esercizio si conta quanti pezzi prende la presa finale, nel secondo
    si sceglie fra tre mosse quella che comincia il tiro, negli altri sei si gioca il tiro
    intero. Conteggi e scelte come questi sono i 16 puzzle di it-25-shot-questions.toml (8
    conteggi e 8 scelte, tiri delle partite simulate), nel tema «Il tiro» della Palestra.

    **La lezione 20, «Le prime mosse: le aperture»**, parte dalle sette mosse con cui il
    Bianco può cominciare e dal giudizio che ne dà il corso della Federazione (23-19 la più
    forte; 21-18, 23-20 e 22-19 medie; 22-18, 24-20 e 21-17 deboli). Spiega il **sorteggio
    delle aperture** dei campionati: 49 coppie di prime mosse, meno le due in cui il Nero
    perde subito una pedina (21-18 9-13 e 22-18 9-13: il motore lo verifica, e nessun'altra
    coppia perde materiale entro sette semimosse). Mostra poi un'apertura uscita più volte
    ai campionati italiani assoluti, 23-19 12-15: un cambio obbligato alla seconda mossa.
    Infine il **tiro in apertura**: i suoi 8 esercizi (un conteggio, una scelta e sei tiri
    da giocare), e i 93 dell'argomento «aperture»
    (livelli 3-5, il tema «Le prime mosse» della Palestra), sono posizioni a meno di nove
    semimosse dall'inizio, raggiunte dalla linea più corta, scritta nella domanda; nessuno
    ha mancato un tiro prima, e chi ha fatto l'ultima mossa aveva una mossa sicura.

    **La lezione 21, «Una partita di campioni»**, rigioca mossa per mossa Borghetti–Mascolo,
    primo turno del 69° Campionato Italiano Assoluto (2005), vinta dal Bianco. I commenti
    sono fatti dal motore: quattro cambi (otto contro otto alla mossa 16); alla mossa 17 la
    pedina nera in 18 è in presa, e 10-14 era l'unica mossa del Nero che non perdeva
    materiale entro cinque semimosse (il risolutore lo prova); dopo 16-20 il Bianco resta con
    un pezzo in più (sette contro sei alla mossa 19); alla mossa 25 solo la dama, 20-23, non
    perdeva niente, e 15-19 costa un'altra pedina (10x1, mossa 28). Alla fine il Bianco ha
    sei pezzi (due dame), il Nero quattro (due dame), e il Nero si arrende. La damiera
    «Prova tu» parte dalla posizione della mossa 17, con il Nero. I suoi 8 esercizi vengono dall'argomento
    «campionato» (il tema «Le partite dei campioni» della Palestra), che ha 29 puzzle. I 13
    tiri sono quelli trovati dal motore nelle 53 partite di quel campionato: la domanda dice
    la partita e i giocatori, la spiegazione che cosa ha giocato il campione (12 lo hanno
    giocato, 1 no). Le 8 prese da contare sono posizioni delle stesse partite in cui chi
    tocca deve mangiare due pezzi o più, e il campione ha fatto proprio quella presa (la
    regola della quantità: si mangia dove si prendono più pezzi). Le 8 prese da scegliere
    vengono anch'esse dalle partite: chi tocca deve mangiare e può scegliere fra due o tre
    prese (la libera scelta, IT-P5); una sola non perde niente, e il campione ha fatto
    proprio quella. Delle altre la spiegazione dice che cosa perdono. Il primo esercizio è
    un conteggio, il secondo una scelta; gli altri sei sono tiri.

    **La lezione 22, «Cambio, baratto e forchetta»**, insegna quattro elementi tattici con
    i nomi del corso della Federazione: il **cambio** (dai un pezzo e mangi proprio quello
    che ha mangiato: 19-15 11x20 24x15), il **baratto** (dai o lasci in presa un pezzo e ne
    mangi un altro: 28-23 17x26 23x16), l'**attacco** (la minaccia di mangiare, da fare con
    attenzione perché poi la presa è obbligatoria) e la **forchetta** (la dama che attacca
    due pedine insieme). I suoi 8 esercizi, e i 40 dell'argomento «forchetta» (livelli 1-5,
    il tema «La forchetta» della Palestra), sono piccole posizioni in cui una sola mossa
    vince materiale entro tre semimosse (il risolutore lo prova): una mossa di dama che non
    dà niente all'avversario, dopo la quale la dama attacca due pedine e, qualunque cosa
    l'avversario risponda, ne mangia una. Nel primo esercizio si contano le mosse della
    dama; nel secondo si sceglie la forchetta fra tre mosse della dama (le altre due non
    attaccano due pedine insieme); negli altri sei la si gioca. La damiera «Prova tu» dà al ragazzo la dama nera.

    **La lezione 23, «Il piano di gioco»**, insegna tre idee che il corso della Federazione
    chiama elementi strategici. Il **centro**: una pedina al centro ha due strade, sul bordo
    una sola (W:W17,19:B1,4). La **base**: le pedine bianche in 30 e 31 non lasciano passare
    la pedina nera in 23, e dopo 31-27 il Nero va a dama in 32 in due mosse, senza che il
    Bianco possa impedirlo (il risolutore lo prova); muovere una pedina della base si dice
    **sdamare**, e di solito conviene cominciare da quella del cantone. Il **semplificare**
    quando si è avanti: dare una pedina e riprenderne una, con un cambio o un baratto della
    lezione 22; l'esempio lascia due pedine contro una, e le tavole dei finali dicono che il
    Bianco vince. I suoi 8 esercizi, e i 44 dell'argomento «semplificare» (8 conteggi, di
    livello 1, 8 a scelta, di livello 1 e 2, e 28 da giocare, livelli 3-5; il tema «Semplifica quando sei avanti» della
    Palestra), sono posizioni in cui chi muove è avanti e ha una sola mossa che costringe
    l'avversario a mangiare una pedina e gliene fa riprendere una: la presa e la ripresa
    sono le sole mosse possibili, e dopo l'avversario non vince materiale entro cinque
    semimosse (il risolutore lo prova). Ogni altra mossa non dà niente da mangiare, o perde
    materiale, e il ragazzo si sente dire quale delle due. Nei conteggi, prima di scegliere,
    il ragazzo conta tutte le sue mosse; la spiegazione le elenca e poi mostra il cambio. Gli
    esercizi della lezione cominciano con un conteggio e due scelte.

    **La lezione 24, «Forzatura e mossa di attesa»**, insegna altri due elementi tattici del
    corso della Federazione. La **forzatura** è un attacco a cui l'avversario deve
    rispondere con una mossa sola: nell'esempio 26-22 attacca la pedina nera in 19, e 19-23 è
    l'unica mossa del Nero che non perde materiale (con 10-13 o 10-14 la dama mangia, 22x15).
    La **mossa di attesa** non minaccia niente, ma dopo di lei ogni mossa dell'avversario
    perde un pezzo. I suoi 8 esercizi, e i 40 dell'argomento «attesa» (il tema «La mossa di
    attesa» della Palestra), sono piccole posizioni. In 4, di livello 1, la mossa di attesa è
    già giocata e il ragazzo conta le mosse che restano all'avversario. In 8, di livello 2,
    la sceglie fra tre mosse: delle altre due, una perde materiale, e dopo l'altra
    l'avversario ha una risposta che non perde niente entro cinque semimosse (il risolutore
    lo prova; la spiegazione la nomina). Negli altri 28 (livelli 3-5) la trova lui: una sola mossa vince
    materiale entro cinque semimosse (il risolutore lo prova), nessuna lo vince prima, e
    quella mossa da sola non minaccia niente: se toccasse di nuovo a chi l'ha fatta, non
    vincerebbe nessun pezzo entro tre semimosse. Vince solo perché l'avversario deve
    muovere: ogni sua risposta perde almeno un pezzo entro tre semimosse.

    **La lezione 25, «Le aperture dei campionati»**, riprende il sorteggio della lezione 20:
    la Federazione ha un elenco di aperture in cui si sorteggiano due mosse (la prima del
    Bianco e la prima del Nero) e uno in cui se ne sorteggiano tre. Il motore conta le
    coppie di prime mosse che cominciano con un cambio: in 11 delle 49 il Bianco deve
    mangiare subito, in 2 il Nero perde una pedina (le due escluse), nelle altre 9 il Nero
    riprende in due modi. Poi mostra che cosa cerca un'apertura con le prime dieci mosse di
    Fero–Borghetti (campionato italiano assoluto 1999, apertura 23-19 12-15): il centro
    (23-19, poi 27-23 rimette una pedina in 23), il cambio (19x12 8x15), la base tenuta da
    tutti e due (nessuno muove le caselle 29-32 e 1-4). Infine un cambio del Bianco che non
    perde niente, dopo 23-19 11-15: 22-18 15x22 26x19. La damiera «Prova tu» continua la
    partita di Fero, con il Bianco, contro il computer. I suoi 8 esercizi, e i 32
    dell'argomento «cambio-in-apertura» (6 conteggi, 8 a scelta e 18 da giocare; nella
    Palestra sono nel tema «Le prime mosse», con i tiri in apertura), sono posizioni a meno
    di sette semimosse dall'inizio, lungo un'apertura ammessa, raggiunte dalla linea più
    corta, scritta nella domanda. Chi muove non ha niente da mangiare né materiale da
    vincere, e ha una sola mossa che costringe l'avversario a mangiare una pedina e gliene
    fa riprendere una: la presa e la ripresa sono obbligate, dopo l'avversario non vince
    materiale entro cinque semimosse (il risolutore lo prova), e si resta pari. Nei
    conteggi (livello 1) il ragazzo conta le mosse di chi deve muovere, e la spiegazione
    gli mostra poi il cambio.

    **Una stagione di circolo** (da ottobre a giugno, un incontro alla settimana di un'ora
    e mezza) può andare così:

    - *Ogni incontro*: 15 minuti di Palestra (Allenamento, un tema per volta), 30 minuti di
      lezione alla damiera grande, 45 minuti di partite fra i ragazzi con l'orologio e le
      40 mosse; l'istruttore rivede una partita della serata sulla Damiera d'analisi, con
      i ragazzi che l'hanno giocata.
    - *Ottobre*: ripasso delle lezioni 14 e 15 (il tiro, due dame contro una), poi la Serie
      della Palestra per vedere a che punto è ciascuno.
    - *Novembre, tre incontri per la lezione 18*: (1) la tabella e la mossa: a coppie, sulla
      damiera vera, la posizione W:W29:B2 giocata una volta per parte; (2) la dama sola nel
      cantone: la partita della lezione mossa per mossa, poi a coppie da B:W5,K1:BK19;
      (3) gli esercizi della lezione e la scheda `dama worksheet --lesson 18`, poi, per chi
      finisce prima, `dama worksheet --topic finali-di-base --level 4`.
    - *Dicembre, due incontri per la lezione 19*: i due tiri della lezione alla damiera
      grande, poi ognuno cerca il tiro della damiera «Prova tu»; gli esercizi e la scheda
      `dama worksheet --lesson 19`.
    - *Gennaio, due incontri per la lezione 20*: (1) le sette prime mosse e il sorteggio:
      ogni coppia di ragazzi pesca a sorte le prime due mosse (tranne le due escluse)
      e gioca la partita due volte, cambiando colore; (2) il tiro in apertura: gli esercizi, la scheda
      `dama worksheet --lesson 20`, poi `dama worksheet --topic aperture --level 5`.
    - *Febbraio, due incontri per la lezione 21*: (1) la partita alla damiera grande, mossa
      per mossa: prima di ogni commento i ragazzi dicono che cosa vedono, poi a coppie
      giocano la posizione della mossa 17 una volta per parte; (2) gli esercizi e la scheda
      `dama worksheet --lesson 21`, poi ognuno porta una sua partita scritta, da rivedere
      allo stesso modo sulla Damiera d'analisi.
    - *Marzo, due incontri per la lezione 22*: (1) cambio e baratto alla damiera grande,
      poi a coppie ognuno prepara un cambio e un baratto per l'altro; (2) la forchetta:
      gli esercizi, la scheda `dama worksheet --lesson 22`, poi
      `dama worksheet --topic forchetta --level 4`.
    - *Aprile, due incontri per la lezione 23*: (1) il centro e la base alla damiera grande,
      poi a coppie una partita in cui ognuno annota quando sdama la prima volta; (2)
      semplificare: gli esercizi, la scheda `dama worksheet --lesson 23`, poi
      `dama worksheet --topic semplificare --level 4`.
    - *Maggio, due incontri per la lezione 24*: (1) la forzatura alla damiera grande: i
      ragazzi cercano da soli l'unica risposta del Nero, poi provano le altre e vedono che
      cosa perdono; (2) la mossa di attesa: gli esercizi, la scheda
      `dama worksheet --lesson 24`, poi `dama worksheet --topic attesa --level 4`.
    - *Giugno, due incontri per la lezione 25*: (1) 23-19 12-15 alla damiera grande, mossa
      per mossa: prima di ogni mossa i ragazzi dicono che cosa cerca (il centro, il cambio,
      la base); poi a coppie pescano a sorte tre mosse e giocano, annotando chi sdama per
      primo; (2) il cambio in apertura: gli esercizi, la scheda `dama worksheet --lesson 25`,
      poi `dama worksheet --topic cambio-in-apertura --level 4`.
    - *Da dicembre a giugno*: la Palestra per temi (tattica, finali), le partite commentate
      dei ragazzi sulla Damiera d'analisi, un torneo interno con le regole della lezione 12,
      e la pagina della classe per seguire le stelle di tutti.

    **Le fonti dei nomi.** «La mossa» e il suo significato (un pezzo ha la mossa su un pezzo
    avversario se può fronteggiarlo e costringerlo a ritirarsi o a farsi mangiare) vengono
    da: Circolo Damistico Tolmezzo, «Teoria della mossa» (2009); FID, «Corso elementare di
    Dama Italiana», finali teorici (fid.it/corsi/italiana/fi-teo/b-5.htm), che usa la mossa
    anche per dama e pedina contro dama. «Cantone» (l'angolo con una casella sola, la 1 o la
    32) e «biscacco» (l'angolo doppio) sono le parole delle lezioni di regole dei circoli.
    Le pagine FID dicono che con due dame contro una «esistono comunque due posizioni di
    pari»: contate con le tavole, le posizioni di patta in cui restano tutte e due le dame
    sono 8, quattro coppie di posizioni girate (`tests/test_endgame_facts.py`). La regola
    delle righe, così come la dice la lezione, non l'abbiamo trovata scritta in una fonte:
    è il conto della mossa fatto sulle righe, ed è provata dalle tavole. Il **tiro** e la
    sua **intenzione** («il numero di mosse che deve fare il giocatore prima di effettuare
    la presa finale») sono definiti nella pagina FID dei motivi tattici del «Corso
    elementare» (fid.it/corsi/italiana/mo-tat.htm). Le sette prime mosse del Bianco, il
    loro giudizio, il sorteggio e le due coppie escluse vengono da FID, «Corso elementare di
    Dama Italiana», «Il sorteggio delle aperture» (fid.it/corsi/italiana/aperture/indice.htm),
    che elenca anche le aperture della restrizione alle due e alle tre mosse. Che
    l'apertura 23-19 12-15 sia stata sorteggiata ai campionati italiani assoluti del 1979,
    1990, 1994, 1995, 1999, 2001 e 2011 (73 partite: 26 vittorie del Bianco, 6 del Nero, 41
    patte) lo riporta Damasport, la rivista della Federazione (n. 6, che ripropone la puntata
    del n. 5 del 2012). Al tiro nelle prime
    mosse non abbiamo trovato un nome proprio: la lezione lo chiama semplicemente così. Le
    partite del 69° Campionato Italiano Assoluto (53, con i giocatori, il turno e il
    risultato) vengono dal file «Campionato Assoluto 2005.pdn» del repository
    github.com/wiegerw/pdn (il file di prova del lettore dello standard PDN 3.0), copiato
    in `authoring/games/`; il file non dice né la città né i giorni. Cambio, baratto,
    attacco e forchetta, la forzatura e la mossa di attesa (con gli occhiali, che il corso
    non tratta ancora) sono definiti in FID, «Corso elementare di Dama Italiana», «Elementi
    tattici» (fid.it/corsi/italiana/el-tat.htm); i nomi inglesi (exchange, trade, attack,
    fork, forcing move, waiting move) sono una nostra traduzione. Il centro (un vantaggio di mobilità), la base, lo
    **sdamare** e il consiglio di cominciare dalla pedina del cantone vengono da FID, «Corso
    elementare di Dama Italiana», «Elementi strategici» (fid.it/corsi/italiana/el-str.htm).
    Al semplificare quando si è avanti non abbiamo trovato un nome proprio in una fonte: la
    lezione descrive l'idea con parole di tutti i giorni. Le due restrizioni del sorteggio
    (due mosse e tre mosse) vengono dalla stessa pagina FID «Il sorteggio delle aperture»;
    le prime dieci mosse di Fero–Borghetti (XX turno del campionato italiano assoluto 1999)
    da Damasport, nella puntata sull'apertura 23-19 12-15 citata sopra. Che cosa cerca
    un'apertura (il centro, la base, il cambio) lo diciamo con le idee degli «Elementi
    strategici» e con i nomi della lezione 22; al cambio in apertura non abbiamo trovato un
    nome proprio, e la lezione lo chiama così.
    """,
    en="""
    ## The second year, in a club

    Lessons 0 to 17 teach the rules. Lesson 18 begins the **second year**: for children of
    9 to 13 who already know the rules (a class that finished the course, a club's young
    players), and want to play better.

    **Lesson 18, "Basic endings: the opposition and the draw"**, teaches three things:

    1. who usually wins when three pieces or fewer are left. The numbers come from the
       course's endgame tables, which play every position to the end
       (`python -m authoring.endgame_facts`). The side with more pieces to move:

       | the pieces | wins | draws | loses |
       |---|---|---|---|
       | two kings against a king | 14,846 | 34 | 0 |
       | a king and a man against a king | 24,857 | 1,170 | 12 |
       | two men against a man | 9,775 | 161 | 0 |
       | a king and a man against a man | 22,798 | 1 | 0 |
       | a king against a king | 230 | 654 | 108 |
       | a man against a man | 102 | 611 | 46 |

    2. **the opposition** (*la mossa*) with one man against one: count the empty rows
       between the two men. If they are odd, the side to move cannot win; if they are even
       (and not zero), it cannot lose. The rule was proved on every position with one man
       each, with the tables (`tests/test_basic_endings.py`); it does not account for
       captures at once or for a man escaping along the edge, where the game often ends
       in a draw;
    3. the **lone king that saves itself** against a king and a man, by shutting the other
       king in the single corner (the position B:W5,K1:BK19: only 19-14 saves Black).

    The lesson's exercises (8) and the 107 of the topic "basic endings" (levels 1-5) are
    proved by the tables: the answer accepted is every move that keeps the draw, or the
    win, to the end of the game, and no other. In the 8 counts, at level 1, the child counts
    the empty rows between two men, one each; the explanation then says who wins, as the
    tables do. The lesson's first exercise is one of these. The Palestra offers them in the theme
    "Endgames".

    **Lesson 19, "The shot and its intention"**, measures a shot by its *intention*
    (*intenzione*): the moves the player makes before the final capture. It shows a shot of
    the first intention and one of the second (31-27, 26-22, then 29x6: two men given, three
    taken), and its 8 exercises are shots of the second intention, in which each of the
    opponent's captures is its only move; the solver proves that the first move is the only
    one that wins material. In the first exercise the child counts how many pieces the final
    capture takes, in the second chooses among three moves the one that starts the shot, in
    the other six plays the whole shot. Counts and choices like these are the 16 puzzles of
    it-25-shot-questions.toml (8 counts and 8 choices, shots of the simulated games), in the
    Palestra's theme "Shots".

    **Lesson 20, "The first moves: the openings"**, starts from the seven moves White can
    begin with and the Federation course's judgement of them (23-19 the strongest; 21-18,
    23-20 and 22-19 middling; 22-18, 24-20 and 21-17 weak). It explains the **draw of
    openings** (*sorteggio*) in championships: 49 pairs of first moves, less the two in
    which Black loses a man at once (21-18 9-13 and 22-18 9-13: the engine checks it, and
    no other pair loses material within seven plies). It then shows an opening drawn more
    than once in the Italian championships, 23-19 12-15: an exchange forced on the second
    move. Last, the **shot in the opening**: its 8 exercises (a count, a choice and six shots
    to play), and the 93 of the topic "openings" (levels 3-5, the Palestra's theme "The first moves"), are positions fewer
    than nine plies from the start, reached by the shortest line, written in the question;
    nobody missed a shot before, and whoever made the last move had a safe one.

    **Lesson 21, "A game between champions"**, replays move by move Borghetti–Mascolo, first
    round of the 69th Italian absolute championship (2005), won by White. The comments are
    made by the engine: four exchanges (eight against eight on move 16); on move 17 the black
    man on 18 is en prise, and 10-14 was Black's only move that lost no material within five
    plies (the solver proves it); after 16-20 White stays a piece up (seven against six on
    move 19); on move 25 only the king's 20-23 lost nothing, and 15-19 costs another man
    (10x1, move 28). In the end White has six pieces (two kings), Black four (two kings),
    and Black resigns. The "Your turn" board starts from the position of move 17, with
    Black. Its 8 exercises come from the topic "championship" (the Palestra's theme "Champions'
    games"), which has 29 puzzles. The 13 shots are those the engine found in the 53 games
    of that championship: the question names the game and the players, the explanation what
    the champion played (12 played it, 1 did not). The 8 captures to count are positions of
    the same games where the side to move must take two pieces or more, and the champion
    made that very capture (the quantity rule, IT-P1). The 8 captures to choose come from the games
    too: the side to move must capture and may choose between two or three captures (free
    choice, IT-P5); one only loses nothing, and the champion made it. For the others the
    feedback says what they lose. The first exercise is a count, the second a choice; the
    other six are shots.

    **Lesson 22, "Exchange, trade and fork"**, teaches four tactical elements by the names of
    the Federation's course: the **exchange** (*cambio*: you give a piece and take the very
    one that captured: 19-15 11x20 24x15), the **trade** (*baratto*: you give a piece, or
    leave it en prise, and take another: 28-23 17x26 23x16), the **attack** (*attacco*: the
    threat to capture, made with care because the capture is then compulsory) and the
    **fork** (*forchetta*: a king attacking two men at once). Its 8 exercises, and the 40 of
    the topic "fork" (levels 1-5, the Palestra's theme "The fork"), are small positions where
    one move only wins material within three plies (the solver proves it): a king move that
    gives the opponent nothing, after which the king attacks two men and, whatever the
    opponent answers, takes one of them. In the first exercise the child counts the king's
    moves; in the second chooses the fork among three king moves (the other two do not
    attack two men at once); in the other six plays it. The "Your turn" board gives the child the black
    king.

    **Lesson 23, "Planning your game"**, teaches three ideas that the Federation's course
    calls strategic elements. The **centre**: a man in the centre has two ways to go, on the
    edge only one (W:W17,19:B1,4). The **base** (back row): the white men on 30 and 31 do not
    let the black man on 23 through, and after 31-27 Black goes to 32 for a king in two
    moves, and White cannot prevent it (the solver proves it); moving a man off the base is
    called *sdamare*, and it usually pays to start with the man in the single corner.
    **Simplifying** when ahead: giving a man and taking one back, with an exchange or a trade
    of lesson 22; the example leaves two men against one, and the endgame tables say White
    wins. Its 8 exercises, and the 44 of the topic "simplify" (8 counts, at level 1,
    8 choices, at levels 1 and 2, and 28 to play, levels 3-5; the Palestra's theme "Simplify when ahead"), are positions where
    the side to move is ahead and has one move only that forces the opponent to take a man
    and lets the child take one back: the capture and the retake are the only moves
    possible, and afterwards the opponent wins no material within five plies (the solver
    proves it). Every other move gives nothing to capture, or loses material, and the child
    is told which. In the counts, before choosing, the child counts all of its moves; the
    explanation lists them, then shows the exchange. The lesson's exercises begin with a
    count and two choices.

    **Lesson 24, "Forcing and waiting moves"**, teaches two more tactical elements of the
    Federation's course. A **forcing move** (*forzatura*) is an attack the opponent must
    answer with one move only: in the example 26-22 attacks the black man on 19, and 19-23 is
    Black's only move that loses no material (after 10-13 or 10-14 the king takes, 22x15). The
    **waiting move** (*mossa di attesa*) threatens nothing, but after it every move of the
    opponent loses a piece. Its 8 exercises, and the 40 of the topic "waiting" (the
    Palestra's theme "The waiting move"), are small positions. In 4, at level 1, the waiting
    move is already played and the child counts the moves left to the opponent. In 8, at
    level 2, the child chooses it among three moves: of the other two, one loses material,
    and after the other the opponent has an answer that loses nothing within five plies (the
    solver proves it; the feedback names it). In the other 28 (levels 3-5) the child finds
    it: one move only wins
    material within five plies (the solver proves it), none wins it sooner, and that move
    threatens nothing by itself: were it the mover's turn again, no piece could be won
    within three plies. It wins only because the opponent must move: every reply loses at
    least one piece within three plies.

    **Lesson 25, "The openings of the championships"**, takes up lesson 20's draw: the
    Federation has a list of openings in which two moves are drawn (White's first and
    Black's first) and one in which three are. The engine counts the pairs of first moves
    that start with an exchange: in 11 of the 49 White must capture at once, in 2 Black
    loses a man (the two left out), in the other 9 Black takes back in two ways. Then it
    shows what an opening aims for with the first ten moves of Fero-Borghetti (Italian
    championship 1999, opening 23-19 12-15): the centre (23-19, then 27-23 puts a man on 23
    again), the exchange (19x12 8x15), and the base kept by both (nobody moves squares 29-32
    and 1-4). Last, an exchange by White that loses nothing, after 23-19 11-15: 22-18 15x22
    26x19. The "Your turn" board goes on with Fero's game, with White, against the computer.
    Its 8 exercises, and the 32 of the topic "opening-exchange" (6 counts, 8 choices and 18
    to play; in the Palestra they are in the theme "The first moves", with the shots of the
    opening), are positions fewer than seven plies from the start, along an admitted
    opening, reached by the shortest line, told in the question. The side to move has
    nothing to capture and no material to win, and one move only that makes the opponent
    capture a man and lets it take one back: the capture and the retake are forced, then
    the opponent wins no material within five plies (the solver proves it), and it stays
    even. In the counts (level 1) the child counts the moves of the side to move, and the
    explanation then shows the exchange.

    **A club's season** (October to June, one meeting of an hour and a half a week) can go
    like this:

    - *Each meeting*: 15 minutes of Palestra (Training, one theme at a time), 30 minutes of
      lesson at the big demonstration board, 45 minutes of games between the children with
      the clock and the 40-move count; the instructor reviews one of the evening's games on
      the Analysis board, with the children who played it.
    - *October*: lessons 14 and 15 again (the shot, two kings against one), then the
      Palestra's Streak to see where each child stands.
    - *November, three meetings for lesson 18*: (1) the table and the opposition: in pairs,
      on a real board, the position W:W29:B2 played once from each side; (2) the lone king
      in the single corner: the lesson's game move by move, then in pairs from
      B:W5,K1:BK19; (3) the lesson's exercises and the worksheet
      `dama worksheet --lesson 18 --lang en`, then, for those who finish first,
      `dama worksheet --topic basic-endings --level 4 --lang en`.
    - *December, two meetings for lesson 19*: the lesson's two shots at the big board, then
      each child looks for the shot of the "Your turn" board; the exercises and the
      worksheet `dama worksheet --lesson 19 --lang en`.
    - *January, two meetings for lesson 20*: (1) the seven first moves and the draw: each
      pair of children draws the first two moves by lot (but for the two left out) and
      plays the game twice, changing colours; (2) the shot in the opening: the exercises, the worksheet
      `dama worksheet --lesson 20 --lang en`, then
      `dama worksheet --topic openings --level 5 --lang en`.
    - *February, two meetings for lesson 21*: (1) the game at the big board, move by move:
      before each comment the children say what they see, then in pairs they play the
      position of move 17 once from each side; (2) the exercises and the worksheet
      `dama worksheet --lesson 21 --lang en`, then each child brings a game of their own,
      written down, to review the same way on the Analysis board.
    - *March, two meetings for lesson 22*: (1) exchange and trade at the big board, then in
      pairs each child sets an exchange and a trade for the other; (2) the fork: the
      exercises, the worksheet `dama worksheet --lesson 22 --lang en`, then
      `dama worksheet --topic fork --level 4 --lang en`.
    - *April, two meetings for lesson 23*: (1) the centre and the base at the big board,
      then in pairs a game in which each child notes when they first move a man off the
      base; (2) simplifying: the exercises, the worksheet
      `dama worksheet --lesson 23 --lang en`, then
      `dama worksheet --topic simplify --level 4 --lang en`.
    - *May, two meetings for lesson 24*: (1) the forcing move at the big board: the children
      look for Black's only answer on their own, then try the others and see what they
      lose; (2) the waiting move: the exercises, the worksheet
      `dama worksheet --lesson 24 --lang en`, then
      `dama worksheet --topic waiting --level 4 --lang en`.
    - *June, two meetings for lesson 25*: (1) 23-19 12-15 at the big board, move by move:
      before each move the children say what it aims for (the centre, the exchange, the
      base); then in pairs they draw three moves by lot and play, noting who first moves a
      man off the base; (2) the exchange in the opening: the exercises, the worksheet
      `dama worksheet --lesson 25 --lang en`, then
      `dama worksheet --topic opening-exchange --level 4 --lang en`.
    - *December to June*: the Palestra by themes (tactics, endgames), the children's own
      games annotated on the Analysis board, a club tournament under lesson 12's rules, and
      the class page to follow everyone's stars.

    **Where the names come from.** *La mossa* and its meaning (a piece has the opposition
    over an opposing piece when it can face it and force it to retreat or be captured) come
    from: Circolo Damistico Tolmezzo, "Teoria della mossa" (2009); the FID's "Corso
    elementare di Dama Italiana", theoretical endings (fid.it/corsi/italiana/fi-teo/b-5.htm),
    which uses the opposition for a king and a man against a king too. *Cantone* (the
    single corner, square 1 or 32) and *biscacco* (the double corner) are the words of the
    clubs' rules lessons. The FID's pages say that with two kings against one "there are
    two drawn positions": counted with the tables, the drawn positions where both kings
    stay on the board are 8, four pairs of positions turned round
    (`tests/test_endgame_facts.py`). We did not find the rule of the rows, as the lesson
    says it, written in a source: it is the count of the opposition made on the rows, and
    the tables prove it. The **shot** (*tiro*) and its **intention** ("the number of moves
    the player must make before the final capture") are defined on the FID's page of
    tactical motifs of the "Corso elementare" (fid.it/corsi/italiana/mo-tat.htm). White's
    seven first moves, their judgement, the draw and the two pairs left out come from the
    FID's "Corso elementare di Dama Italiana", "Il sorteggio delle aperture"
    (fid.it/corsi/italiana/aperture/indice.htm), which also lists the openings of the two-
    and three-move restrictions. That the opening 23-19 12-15 was drawn at the Italian
    championships of 1979, 1990, 1994, 1995, 1999, 2001 and 2011 (73 games: 26 White wins,
    6 Black wins, 41 draws) is reported by Damasport, the Federation's magazine (no. 6, which reprints the
    instalment of no. 5 of 2012). We
    found no name of its own for the shot in the first moves: the lesson simply calls it
    that. The games of the 69th Italian absolute championship (53, with the players, the
    round and the result) come from the file "Campionato Assoluto 2005.pdn" of the
    repository github.com/wiegerw/pdn (the test file of the PDN 3.0 standard's reader),
    copied into `authoring/games/`; the file gives neither the town nor the days. The
    exchange, the trade, the attack, the fork, the forcing move and the waiting move (with
    the *occhiali*, which the course does not teach yet) are defined in the FID's "Corso
    elementare di Dama Italiana", "Elementi tattici" (fid.it/corsi/italiana/el-tat.htm); the
    English names (exchange, trade, attack, fork, forcing move, waiting move) are our own
    translation. The centre (an
    advantage of mobility), the base, *sdamare* and the advice to start with the single
    corner's man come from the FID's "Corso elementare di Dama Italiana", "Elementi
    strategici" (fid.it/corsi/italiana/el-str.htm). We found no name of its own in a source
    for simplifying when ahead: the lesson describes the idea in everyday words. The two
    restrictions of the draw (two moves and three moves) come from the same FID page, "Il
    sorteggio delle aperture"; the first ten moves of Fero-Borghetti (round XX of the 1999
    Italian championship) from Damasport, in the instalment on the opening 23-19 12-15
    cited above. What an opening aims for (the centre, the base, the exchange) we say with
    the ideas of the "Elementi strategici" and the names of lesson 22; we found no name of
    its own for the exchange in the opening, and the lesson calls it that.
    """,
)


PRACTICE = md(
    it="""
    ## Dopo le lezioni: la Palestra e le caselle

    Dall'indice i ragazzi raggiungono tre pagine per allenarsi da soli.

    **Gioca contro il computer** ([gioca.ipynb](gioca.ipynb)) è la partita della lezione 16,
    quando si vuole, con «Rivedi la partita» sotto la damiera.

    **Allenati con le caselle** ([caselle.ipynb](caselle.ipynb)) fa imparare i numeri delle
    caselle (IT-B2) giocando: «Trova la casella» (compare un numero, si clicca la casella) e
    «Che numero è?» (una casella si accende, se ne scrive il numero), 30 secondi a giro,
    dal lato del Bianco o del Nero. Il record di ciascuno si salva nella cartella dei
    progressi (`allenamento-caselle.json`).

    **La Palestra** ([palestra.ipynb](palestra.ipynb)) propone tutti gli esercizi del corso
    di Dama Italiana, in tre modi:

    - *Allenamento*: il prossimo esercizio è scelto vicino al punteggio dell'alunno, su un
      argomento a scelta (la presa, le precedenze, il tiro, la dama, i finali, le mosse
      scritte, le 40 mosse, o un po' di tutto).
    - *Serie*: esercizi sempre più difficili, senza suggerimenti; il primo errore chiude la
      serie (l'esercizio sbagliato si può finire lo stesso), e così passare
      oltre senza rispondere, che però non cambia il punteggio: un esercizio lasciato non è
      un tentativo. Il record si salva in `palestra-serie.json`.
    - *Ripassa gli errori*: un esercizio sbagliato torna dopo 10 minuti; risolto, torna dopo
      un giorno, poi dopo 3 giorni, poi dopo una settimana; risolto anche allora, non torna
      più (le «scatole» di Leitner).

    **Il punteggio** è quello di Glicko-2, il sistema dei siti di scacchi: ogni esercizio
    ha anche lui un punteggio, che parte dal suo livello (livello 1: 700, poi 950, 1200,
    1450, livello 5: 1700), e ogni *primo* tentativo di un esercizio nella Palestra è una
    partita fra l'alunno e l'esercizio. Un esercizio risolto al primo colpo
    senza suggerimenti è una vittoria dell'alunno, ogni altra cosa dell'esercizio. Un
    alunno nuovo parte da 950. Contano i file di tutti gli alunni della cartella dei
    progressi: un esercizio che tutti risolvono scende, uno che tutti sbagliano sale.

    **Stelle e punteggio non si mescolano.** Le stelle di una lezione vengono solo dagli
    esercizi fatti nella lezione; il punteggio, la serie e il ripasso vengono solo dai
    tentativi fatti nella Palestra. Un esercizio risolto nella Palestra non dà stelle alla
    lezione, e uno sbagliato in una lezione non abbassa il punteggio. Nella pagina della
    classe la colonna «Palestra» ha un trattino (—) per chi non ha mai usato la Palestra. I
    file dei progressi salvati prima di questa distinzione contano come esercizi delle
    lezioni.

    Niente di tutto questo si salva a parte: punteggi e ripassi si ricalcolano ogni volta
    dai tentativi dei file degli alunni, quindi non c'è niente che si possa rovinare o
    perdere oltre a quei file.
    """,
    en="""
    ## After the lessons: Practice and the squares

    From the index the children reach three pages to practise on their own.

    **Play against the computer** ([play.ipynb](play.ipynb)) is lesson 16's game, whenever
    they like, with "Review the game" under the board.

    **Practise the squares** ([squares.ipynb](squares.ipynb)) teaches the squares' numbers
    (IT-B2) by play: "Find the square" (a number appears, the square is clicked) and "What
    number is it?" (a square lights up, its number is typed), 30 seconds a round, from
    White's side or Black's. Each child's best is kept in the progress folder
    (`allenamento-caselle.json`).

    **Practice** ([practice.ipynb](practice.ipynb)) offers every Dama Italiana puzzle of the
    course, in three modes:

    - *Training*: the next puzzle is chosen near the child's rating, on a topic of their
      choice (capturing, the precedence rules, shots, kings, endgames, writing moves, the
      40-move count, or a bit of everything).
    - *Streak*: harder and harder puzzles, without hints; the first mistake ends the streak
      (the puzzle missed can still be finished), and so does moving on
      without answering, which leaves the rating alone: a puzzle left is not a try. The best
      is kept in `palestra-serie.json`.
    - *Review my mistakes*: a missed puzzle comes back after 10 minutes; solved, it comes
      back after a day, then after 3 days, then after a week; solved then too, it does not
      come back (Leitner's boxes).

    **The rating** is Glicko-2's, the system of the chess sites: every puzzle has a rating
    too, starting from its level (level 1: 700, then 950, 1200, 1450, level 5: 1700), and
    each *first* try of a puzzle in Practice is a game between the child and the puzzle. A puzzle solved at the first go with no hint is a win for the child,
    anything else a win for the puzzle. A new child starts at 950. Every child's file in the
    progress folder counts: a puzzle everyone solves sinks, one everyone misses rises.

    **Stars and the rating do not mix.** A lesson's stars come only from the exercises done
    in the lesson; the rating, the streak and the review come only from the tries made in
    Practice. A puzzle solved in Practice gives the lesson no star, and one missed in a
    lesson does not lower the rating. On the class page the "Practice" column shows a dash
    (—) for a child who never used Practice. Progress files saved before this distinction
    count as lesson exercises.

    None of this is saved apart: ratings and reviews are worked out again each time from
    the attempts in the children's files, so there is nothing to damage or lose beyond
    those files.
    """,
)


def _lesson_table(lessons: list[LessonSource]) -> Cell:
    """The lessons, the ids of their rules, their exercises and the command of each worksheet."""
    head = T(it="## Le lezioni, le regole e le schede\n\n"
                "Ogni comando dell'ultima colonna scrive la scheda della lezione "
                "(`scheda-07.html` per la lezione 7) nella cartella in cui siete, dopo "
                "`source .venv/bin/activate` (vedi «Schede da stampare»); senza attivare "
                "l'ambiente: `make worksheet LESSON=7`, e così per le altre.\n\n"
                "| n. | lezione | regole | esercizi | scheda stampabile |\n|---|---|---|---|---|",
             en="## The lessons, their rules and worksheets\n\n"
                "Each command of the last column writes the lesson's worksheet "
                "(`worksheet-07.html` for lesson 7) in the current folder, after "
                "`source .venv/bin/activate` (see \"Worksheets to print\"); without activating "
                "the environment: `make worksheet LESSON=7 SHEET_LANG=en`, and so on.\n\n"
                "| no. | lesson | rules | exercises | printable worksheet |\n|---|---|---|---|---|")
    texts = {}
    for lang in head.languages:
        rows = []
        for lesson in lessons:
            rules = sorted(lesson.rules, key=_rule_order)
            sheet = f"`dama worksheet --lesson {lesson.number}" + (
                "`" if lang == "it" else f" --lang {lang}`")
            rows.append(f"| {lesson.number} | [{lesson.title(lang)}]({lesson.file_name(lang)}) "
                        f"| {', '.join(rules)} | {len(lesson.exercises)} | {sheet} |")
        texts[lang] = head(lang) + "\n" + "\n".join(rows)
    return md(**texts)


def _rule_table(lessons: list[LessonSource]) -> Cell:
    """Each rule the course teaches: its id, the words the lessons use for it, the lessons."""
    where: dict[str, list[int]] = {}
    for lesson in lessons:
        for rule in lesson.rules:
            where.setdefault(rule, []).append(lesson.number)
    unnamed = sorted(set(where) - set(RULE_NAMES))
    if unnamed:
        raise ValueError(f"rules without a name for children in teachers_guide.py: {unnamed}")
    head = T(it="## Le regole: la sigla e il nome che leggono i ragazzi\n\n"
                "Le sigle sono quelle del regolamento del progetto (docs/RULES.md) e dei suoi "
                "test; nelle lezioni e sulla damiera la regola si legge a parole.\n\n"
                "| sigla | nelle lezioni si dice | lezioni |\n|---|---|---|",
             en="## The rules: the id and the name the children read\n\n"
                "The ids are those of the project's rules reference (docs/RULES.md) and its "
                "tests; in the lessons and on the board a rule is read in words.\n\n"
                "| id | the lessons say | lessons |\n|---|---|---|")
    return md(**{lang: head(lang) + "\n" + "\n".join(
        f"| {rule} | {rule_name(rule, lang)} | {', '.join(str(n) for n in where[rule])} |"
        for rule in sorted(where, key=_rule_order)) for lang in head.languages})


ANALYSIS = md(
    it="""
    ## Per il circolo: l'analisi delle partite

    La pagina **Analisi** ([analisi.ipynb](analisi.ipynb)) è la damiera dell'istruttore,
    senza codice.

    - **Le partite.** «Apri un file di partite» legge un file PDN: quelli dei tornei
      italiani, con i tag in italiano (`Bianco`, `Nero`, `Evento`, `Data`, `Risultato`, e
      anche `Dati` con torneo e turno, `Anno`, `Apertura`), vanno bene come quelli in
      inglese. L'elenco mostra giocatori, risultato, torneo e data; «Tutto quello che il
      file dice di questa partita» mostra ogni tag com'è scritto. Il tipo di dama viene dal
      tag `GameType`; se manca, dalle caselle (una casella oltre la 32 vuol dire dama
      internazionale 10x10), e la pagina lo scrive; il menu «Tipo di dama» lo cambia. Un
      file di problemi (`SetUp`, `FEN`) apre ogni problema sulla sua posizione, con il
      compito e la soluzione nascosta fino a «Mostra la soluzione». I segni `!`, `?` e
      `$2` del commentatore restano accanto alle mosse; anche un file di mille partite si apre subito, perché le mosse di una
      partita si leggono quando la si sceglie. Le mosse si cliccano; varianti e commenti
      del file compaiono tra le mosse. Una partita con un errore (una mossa irregolare,
      una parola che non è una mossa) si apre fino all'errore, e sopra le mosse c'è il
      motivo, con la regola. I file `.pdn` di una cartella `Dama` sul desktop (o della
      cartella indicata da `DAMA_GAMES`) compaiono nel menu accanto, con la partita di
      esempio (sei partite del campionato italiano 2005).
    - **Le posizioni.** Una FEN si incolla nella casella (numeri, `W:W21-32:B1-12`, o
      caselle come `b1`), e Invio. «Prepara una posizione»: si sceglie il pezzo e si
      toccano le caselle (toccare di nuovo un pezzo uguale lo toglie); il tratto e «Fatto»
      sono sotto la damiera. «FEN» e «La partita fin qui (PDN)» danno il testo da
      copiare, e il PDN si può salvare come file.
    - **Il consiglio del computer.** «Migliore mossa» fa esaminare al motore 200.000
      posizioni (circa un secondo su un computer di oggi), una profondità alla volta: la
      pagina non si blocca, e «Ferma» dà la mossa migliore trovata fin lì. Il limite è in
      posizioni e non in secondi, così la stessa posizione ha lo stesso consiglio su ogni
      computer, anche carico; «Pensa di più» ne esamina quattro volte tante. Il giudizio è
      in parole che si possono controllare: «Vince il Nero in 7 mosse» quando lo dicono le
      tavole dei finali (tre pezzi o meno) o quando il motore vede la vittoria fino in
      fondo; altrimenti il materiale come si vede sulla damiera («Il Bianco ha una pedina
      in più», «Le forze sono pari») e poi la stima, detta come stima («Il computer pensa
      che il Nero stia meglio»). La linea attesa ha i numeri delle mosse. Nelle posizioni
      difficili è un consiglio, non una sentenza.
    - **Immagini e schede.** «Immagine (SVG)» e «Immagine (PNG)» salvano la posizione con
      la didascalia (quella scritta, o i giocatori e l'ultima mossa) e il tratto, per una
      presentazione o un giornalino. «Aggiungi alla scheda» mette da parte la posizione;
      «Prepara la scheda» dà una pagina da stampare (A4, quattro posizioni a foglio come
      le schede delle lezioni), con le soluzioni su un foglio a parte o senza. La
      soluzione è quella del risolutore quando la posizione ha un colpo sicuro, altrimenti
      la linea della «Migliore mossa», con i numeri delle mosse e il giudizio; la domanda
      dice il compito vero («Il Bianco muove e vince», «Il Nero muove: trova la difesa
      migliore»). La scheda ha un titolo, che dà anche il nome al file salvato, e resta da
      una visita all'altra; le immagini prendono il nome dalla didascalia.
    - **Fanne un esercizio.** Il risolutore cerca che cosa ottiene chi muove contro ogni
      difesa: una presa obbligata diventa un esercizio di presa; una vittoria, del
      materiale o una dama entro poche mosse un esercizio di mossa (o «con un obiettivo»
      se le prime mosse buone sono più di una). Domanda e suggerimenti sono proposti in
      italiano e in inglese e si possono cambiare prima di salvare. L'esercizio va in
      `circolo.toml`, nella cartella dei progressi (o in quella di `DAMA_PUZZLES`); una
      posizione senza un colpo sicuro è rifiutata con il motivo. «Gioca gli esercizi del
      circolo» li fa provare sulla damiera con stelle e suggerimenti, `dama worksheet
      --folder CARTELLA` li stampa, e la pagina della classe conta le loro stelle nella
      colonna «Circolo».

    Chi sa un po' di Python trova nel README del progetto gli stessi strumenti come
    libreria (leggere un PDN e i suoi errori, il motore, il risolutore, le tavole dei
    finali, i diagrammi), e in `docs/FORMAT.md` il formato dei file di esercizi.
    La pagina stessa si usa così (dalla cartella del progetto):

    ```python
    >>> from pathlib import Path
    >>> from damalib import Board
    >>> from dama.analysis.controller import Analysis
    >>> from dama.analysis.handout import picture_svg
    >>> from dama.analysis.make import propose
    >>> analisi = Analysis("it")
    >>> dati = Path("dama/analysis/games/campionato-2005.pdn").read_bytes()
    >>> analisi.open_file(dati, "campionato-2005.pdn"), analisi.rows()[0].white
    (True, 'BORGHETTI Michele')
    >>> analisi.choose(1) and analisi.go(20)
    True
    >>> picture_svg(analisi.board.board, "Borghetti – Mascolo", "it").startswith("<svg")
    True
    >>> propose(Board("W:W10,21,22:B7,14,17"), "club-001")["solutions"]
    ['22-18 17x26 18x4']

    ```
    """,
    en="""
    ## For the club: analysing games

    The **Analysis** page ([analysis.ipynb](analysis.ipynb)) is the instructor's board,
    with no code.

    - **Games.** "Open a game file" reads a PDN file: those of Italian tournaments, with
      their tags in Italian (`Bianco`, `Nero`, `Evento`, `Data`, `Risultato`, and also
      `Dati` with the event and round, `Anno`, `Apertura`), do as well as English ones. The
      list shows players, result, event and date; "Everything the file says about this
      game" shows every tag as written. The draughts played comes from the `GameType` tag;
      without one, from the squares (a square over 32 means International draughts,
      10x10), and the page says so; the "Draughts" menu changes it. A file of problems
      (`SetUp`, `FEN`) opens each problem on its position, with its task and the solution
      hidden until "Show the solution". The annotator's `!`, `?` and `$2` stay beside the
      moves; even a file of a
      thousand games opens at once, because a game's moves are read when it is chosen.
      Moves are clicked; the file's variations and comments appear among the moves. A
      game with a mistake in it (an illegal move, a word that is not a move) opens up to
      the mistake, with the reason, and its rule, above the moves. The `.pdn` files of a
      `Dama` folder on the desktop (or of the folder `DAMA_GAMES` names) are in the menu
      beside it, with the sample file (six games of the 2005 Italian championship).
    - **Positions.** A FEN is pasted into the box (numbers, `W:W21-32:B1-12`, or squares
      such as `b1`), then Enter. "Set up a position": choose the piece and tap the squares
      (tapping the same piece again removes it); the side to move and "Done" are under the
      board. "FEN" and "The game so far (PDN)" give the text to copy, and the PDN can be
      saved as a file.
    - **The computer's advice.** "Best move" lets the engine look at 200,000 positions
      (about a second on a computer of today), one depth at a time: the page never freezes,
      and "Stop" gives the best move found so far. The budget is in positions, not
      seconds, so the same position gets the same advice on any computer, busy or not;
      "Think more" looks at four times as many. The verdict is in words a member can
      check: "Black wins in 7 moves" when the endgame tables know (three pieces or fewer)
      or the engine sees the win to its end; else the material as the board shows it
      ("White has one man more", "The forces are even"), then the estimate, said as one
      ("The computer thinks Black stands better"). The expected line has its move
      numbers. In hard positions it is advice, not a verdict.
    - **Pictures and handouts.** "Picture (SVG)" and "Picture (PNG)" save the position with
      its caption (the one typed, or the players and the last move) and the side to move,
      for slides or a newsletter. "Add to the handout" puts the position aside; "Make the
      handout" gives a page to print (A4, four positions a sheet like the lessons'
      worksheets), with the answers on a sheet of their own or without. The answer is
      the solver's when the position has a sure shot, else the "Best move" line, with its
      move numbers and the verdict; the question says the real task ("White to play and
      win", "Black to move: find the best defence"). The handout has a title, which
      also names the saved file, and is kept from one visit to the next; pictures take
      their names from their captions.
    - **Make a puzzle of it.** The solver looks for what the side to move achieves against
      every defence: a forced capture makes a capture puzzle; a win, material or a king
      within a few moves a move puzzle (or a goal puzzle when more than one first move
      works). The question and hints are proposed in Italian and English and can be changed
      before saving. The puzzle goes into `circolo.toml`, in the progress folder (or the one
      `DAMA_PUZZLES` names); a position with no sure shot is refused with the reason. "Play
      the club's puzzles" lets the children try them on the board with stars and hints,
      `dama worksheet --folder FOLDER` prints them, and the class page counts their stars
      in the "Club" column.

    Those who know a little Python find the same tools as a library in the project's
    README (reading a PDN file and its errors, the engine, the solver, the endgame
    tables, diagrams), and the puzzle file format in `docs/FORMAT.md`. The page itself
    is used like this (from the project's folder):

    ```python
    >>> from pathlib import Path
    >>> from damalib import Board
    >>> from dama.analysis.controller import Analysis
    >>> from dama.analysis.handout import picture_svg
    >>> from dama.analysis.make import propose
    >>> analysis = Analysis("en")
    >>> data = Path("dama/analysis/games/campionato-2005.pdn").read_bytes()
    >>> analysis.open_file(data, "campionato-2005.pdn"), analysis.rows()[0].white
    (True, 'BORGHETTI Michele')
    >>> analysis.choose(1) and analysis.go(20)
    True
    >>> picture_svg(analysis.board.board, "Borghetti – Mascolo", "en").startswith("<svg")
    True
    >>> propose(Board("W:W10,21,22:B7,14,17"), "club-001")["solutions"]
    ['22-18 17x26 18x4']

    ```
    """,
)


HUB = md(
    it="""
    ## Un server per la scuola

    Su un computer Linux della scuola, come amministratore (root), `make hub` installa il
    corso per tutti gli utenti e avvia JupyterHub, il server di Jupyter con un accesso per
    ciascuno. Le sue pagine sono in italiano.

    1. Il tuo account (`maestra`, o il nome scelto con `DAMA_HUB_TEACHER`) è già pronto:
       la password è quella data con `DAMA_HUB_TEACHER_PASSWORD`, oppure chi ha installato
       il server la trova nel file che il server indica. Cambiala al primo accesso
       («Cambia la password»). Nessun altro può prendere il tuo nome.
    2. Nella pagina «La classe» (`/hub/classe`) scrivi i nomi degli alunni, uno per riga, e
       premi «Crea gli account e le schede»: ogni alunno ha il suo account, già approvato,
       con una password facile (`rana-blu-37`). Stampa subito le schede e ritagliale: le
       password si vedono solo in quel momento. Se un alunno si è registrato da solo
       (`/hub/signup`), lo approvi nella stessa pagina.
    3. Sempre lì dai una password nuova a chi l'ha dimenticata (una scheda nuova: la vecchia
       password non apre più) e togli dalla classe chi se ne va: esce subito dal corso, e le
       sue stelle restano in archivio o si cancellano, come scegli tu. Da lì in poi ciascuno
       entra con nome e password e trova l'indice del corso, senza codice e senza nome da
       scrivere: le stelle sono del suo account. Su un computer di tutti, «Esci»
       nell'indice lascia il posto al compagno.

    **La pagina della classe, aggiornata da sola.** Quando entri tu, si apre la pagina
    della classe: dopo ogni risposta, il file dei progressi di ogni alunno viene copiato
    nella cartella della classe (`/srv/dama-hub/classe`), che possono leggere solo tu e
    l'alunno stesso, e la pagina mostra il nuovo tentativo in pochi secondi, senza
    raccogliere file a mano. Lasciala aperta alla lavagna mentre la classe lavora.

    Ogni alunno ha i suoi file e le sue stelle, che gli altri non possono aprire, e il suo
    server mostra soltanto il corso: nessun alunno può salvarci pagine o eseguire codice,
    e nemmeno tu apri il server di un alunno (così nessuna pagina di un alunno può agire a
    tuo nome). La pagina della classe ha una riga per ogni account, con il suo nome; un
    file messo nella cartella di un alunno che non è il suo viene elencato e lasciato
    fuori. Un server lasciato fermo per un'ora si spegne da solo
    (si libera memoria): al prossimo accesso riparte, con tutte le stelle.

    **Quanti alunni.** Ogni alunno collegato usa circa 160 MB di memoria: un computer da
    8 GB regge circa 40 alunni insieme, uno da 16 GB circa 85. Con 2 processori, 25 alunni
    che entrano tutti insieme aspettano circa un minuto; poi ogni risposta arriva in meno di
    un secondo.

    **In rete.** Per la rete della scuola: `make hub DAMA_HUB_IP=0.0.0.0`, e sui
    dispositivi l'indirizzo di questo computer, porta 8000. In rete le password viaggiano:
    serve https, con il certificato della scuola (`DAMA_HUB_SSL_CERT` e `DAMA_HUB_SSL_KEY`,
    spiegati nel README). Per molte classi (una rete di scuole) la stessa configurazione
    per Kubernetes è in `deploy/hub/kubernetes/values.yaml`.
    """,
    en="""
    ## A server for the school

    On one of the school's Linux computers, as the administrator (root), `make hub`
    installs the course for every user and starts JupyterHub, the Jupyter server with a
    login for each person. Its pages are in Italian.

    1. Your account (`maestra`, or the name set with `DAMA_HUB_TEACHER`) is ready: its
       password is the one given with `DAMA_HUB_TEACHER_PASSWORD`, or whoever installed the
       server finds it in the file the server names. Change it at your first login
       («Cambia la password»). No one else can take your name.
    2. On the page «La classe» (`/hub/classe`) write the children's names, one a line, and
       press «Crea gli account e le schede»: each child gets an account, already approved,
       with an easy password (`rana-blu-37`). Print the cards at once and cut them: the
       passwords are shown only then. A child who signed up alone (`/hub/signup`) is
       approved on the same page.
    3. There too you give a new password to a child who forgot it (a new card: the old
       password no longer opens) and take out of the class a child who leaves: out of the
       course at once, the stars kept in an archive or deleted, as you choose. From then on
       each logs in with their name and password and finds the course's index, with no
       code and no name to type: the stars are the account's. On a shared computer,
       «Esci» in the index makes room for the next child.

    **The class page, updated by itself.** When you log in, the class page opens: after
    each answer, each child's progress file is copied into the class folder
    (`/srv/dama-hub/classe`), which only you and the child can read, and the page shows
    the new attempt within a few seconds, with no files to gather by hand. Leave it open
    on the board while the class works.

    Each child has their own files and stars, which the others cannot open, and their
    server shows the course alone: no child can save pages there or run code, and you do
    not open a child's server either (so no child's page can act in your name). The class
    page has a row per account, with its name; a file put in a child's folder that is not
    the child's own is listed and left out. A server left unused for an hour stops by itself
    (freeing memory): at the next login it starts again, with every star.

    **How many children.** Each child logged in uses about 160 MB of memory: a computer
    of 8 GB holds about 40 children at once, one of 16 GB about 85. With 2 processors, 25
    children logging in all at once wait about a minute; then each answer comes back in
    under a second.

    **On a network.** For the school's network: `make hub DAMA_HUB_IP=0.0.0.0`, and on
    the devices this computer's address, port 8000. On a network the passwords travel:
    https is needed, with the school's certificate (`DAMA_HUB_SSL_CERT` and
    `DAMA_HUB_SSL_KEY`, explained in the README). For many classes (a network of schools)
    the same configuration for Kubernetes is in `deploy/hub/kubernetes/values.yaml`.
    """,
)


def _rule_order(rule: str) -> tuple:
    family, _, rest = rule.partition("-")
    letters = rest.rstrip("0123456789")
    number = rest[len(letters):]
    return (["IT", "INT", "BR"].index(family), "BMCKPEDN".find(letters[:1]), letters,
            int(number or 0))



def _cells(lessons: list[LessonSource]) -> list[Cell]:
    return [INTRO, CLASS, EVERY_CHILD, WORKSHEETS, PROGRESS, PRACTICE, SECOND_YEAR, ANALYSIS,
            VOILA, BROWSER, HUB,
            _lesson_table(lessons), _rule_table(lessons)]


GUIDE = Page(name=T(it="guida-insegnante", en="teachers-guide"),
             link=T(it="la guida per insegnanti", en="the teacher's guide"), cells=_cells)
