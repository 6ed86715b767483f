"""The teacher's (and parent's) guide of each language: text only, no code to run."""

from __future__ import annotations

import re

from .kit import Cell, Lesson, md

RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")

INTRO = md(
    """
    # Guida per insegnanti e genitori

    Il corso insegna la **Dama Italiana** (regole della Federazione Italiana Dama) a bambine e
    bambini dai 7 ai 13 anni circa, con un adulto vicino, a classi e circoli, e anche ad adulti
    che imparano da soli. Ogni lezione ha la stessa forma:

    1. **Cosa imparerai**: lo scopo, in due o tre righe;
    2. la spiegazione, a piccoli passi, con i disegni della damiera; ogni regola porta tra
       parentesi la sua sigla (per esempio *IT-C1*, la presa obbligatoria), la stessa che
       compare nei messaggi della damiera e nel regolamento del progetto;
    3. una **damiera per provare**, già pronta sulla posizione giusta;
    4. gli **esercizi**, corretti subito, con suggerimenti e stelle (da 1 a 3);
    5. **Ricorda**: il riassunto, e le stelle della lezione.

    Le lezioni sono uguali in italiano (`course/it`) e in inglese (`course/en`): stessi numeri,
    stesse damiere, stessi esercizi. Una classe può quindi lavorare in due lingue.
    """,
    """
    # Teacher's guide (for parents too)

    The course teaches **Dama Italiana** (Italian draughts, under the rules of the Italian
    Draughts Federation, FID) to children of about 7 to 13 with a grown-up nearby, to school
    classes and clubs, and to adults learning alone. Every lesson has the same shape:

    1. **What you will learn**: the aim, in two or three lines;
    2. the explanation, in small steps, with pictures of the board; each rule carries its id
       in parentheses (for example *IT-C1*, compulsory capture), the same id that the board's
       messages and the project's rules reference use;
    3. a **board to try it on**, set up on a telling position;
    4. the **exercises**, checked at once, with hints and stars (1 to 3);
    5. **Remember**: the summary, and the lesson's stars.

    The lessons are the same in Italian (`course/it`) and English (`course/en`): same numbers,
    same boards, same exercises. A class can work in both languages.
    """,
)

CLASS = md(
    """
    ## Una lezione in classe

    - **Un computer ogni due alunni.** Uno muove, l'altro legge ad alta voce e controlla; a
      ogni esercizio si scambiano i ruoli. Discutere la mossa prima di cliccare è metà
      dell'imparare.
    - **Avviare il corso:** nella cartella del progetto scrivete `make course`. La prima volta
      il comando prepara tutto (serve Python 3.11 o più recente) e poi apre JupyterLab sull'
      indice. `make course-en` apre il corso in inglese.
    - **I nomi.** Nell'indice ogni coppia scrive il proprio nome (per esempio «Anna e Luca») e
      preme «Sono io!»: le stelle di tutte le lezioni si salvano con quel nome (aprite la
      lezione dopo averlo scritto). Potete anche avviare il corso con il nome già scritto:
      `DAMA_STUDENT="Anna e Luca" make course`; vale finché nell'indice non se ne scrive un
      altro.
    - **Far partire le damiere.** Le lezioni si aprono con il solo testo: scegliete **Run →
      Run All Cells** (*Esegui → Esegui tutte le celle*) e compaiono i disegni, le damiere e
      gli esercizi. Le celle di codice restano chiuse: i ragazzi vedono solo testo e damiere.
    - **Durata.** Una lezione dura da 20 a 40 minuti. Le lezioni 7–10 (le precedenze) sono le
      più difficili: fatele con calma, una alla volta, magari giocando prima sulla damiera
      vera.
    - **Una partita vera** alla fine di ogni incontro fissa le regole più di qualsiasi
      spiegazione: la lezione 16 offre il computer come avversario, a sei livelli.
    """,
    """
    ## Running a class

    - **One computer for every two students.** One moves, the other reads aloud and checks;
      they swap at each exercise. Talking a move over before clicking is half of the learning.
    - **Starting the course:** in the project folder type `make course`. The first time, the
      command sets everything up (Python 3.11 or newer is needed), then opens JupyterLab on the
      Italian index. `make course-en` opens the English course.
    - **Names.** In the index each pair types its name (for example "Anna and Luca") and
      presses "That's me!": the stars of every lesson are saved under that name (open the
      lesson after typing it). You can also start the course with the name already filled in:
      `DAMA_STUDENT="Anna and Luca" make course-en`; it holds until another name is typed in
      the index.
    - **Starting the boards.** Lessons open showing their text only: choose **Run → Run All
      Cells** and the pictures, boards and exercises appear. Code cells stay collapsed, so the
      children see text and boards only.
    - **Length.** A lesson takes 20 to 40 minutes. Lessons 7–10 (capture precedence) are the
      hardest: take them slowly, one at a time, perhaps playing them out on a real board first.
    - **A real game** at the end of each session fixes the rules better than any explanation:
      lesson 16 offers the computer as an opponent, at six levels.
    """,
)

VOILA = md(
    """
    ## Senza codice: il modo Voilà

    Per i più piccoli, o su un computer condiviso, il corso si apre anche come pagina web
    senza celle di codice, con le damiere già pronte: scrivete `make course-voila` (in
    inglese `make course-voila-en`). Si apre il browser sull'elenco delle lezioni; un clic
    su una lezione la mostra già eseguita. Il server ascolta solo su questo computer
    (127.0.0.1). Per fermarlo premete `Ctrl+C` nel terminale.

    In questo modo i ragazzi non possono cambiare il codice per sbaglio; i progressi si
    salvano come in JupyterLab (il nome si sceglie nella pagina dell'indice).
    """,
    """
    ## Without code: Voilà mode

    For the youngest, or on a shared computer, the course also opens as web pages with no
    code cells and the boards ready: type `make course-voila` (`make course-voila-en` for
    English). The browser opens on the list of lessons; a click on a lesson shows it already
    run. The server listens on this computer only (127.0.0.1). Press `Ctrl+C` in the
    terminal to stop it.

    This way children cannot change the code by mistake; progress is saved as in JupyterLab
    (the name is chosen on the index page).
    """,
)

WORKSHEETS = md(
    """
    ## Schede da stampare

    Il comando `dama` (nella cartella del progetto: `.venv/bin/dama`) prepara schede di
    esercizi in HTML, da aprire nel browser e stampare; l'ultima pagina ha le soluzioni.

    ```sh
    .venv/bin/dama worksheet --topic capture --lang it -o scheda.html
    .venv/bin/dama worksheet --topic kings --level 2 --limit 8 --lang it -o dame.html
    ```

    Gli argomenti (`--topic`): `movement`, `capture`, `multiple-capture`, `promotion`,
    `kings`, `precedence-quantity`, `precedence-king`, `precedence-quality`,
    `precedence-order`, `free-choice`, `end-of-game`, `forty-moves`, `notation`, `tactics`,
    `endgames`. Con `--ids` si stampano proprio gli esercizi di una lezione: la tabella in
    fondo a questa guida dà il comando per ciascuna.
    """,
    """
    ## Worksheets to print

    The `dama` command (in the project folder: `.venv/bin/dama`) makes HTML worksheets to open
    in the browser and print; the last page holds the answers.

    ```sh
    .venv/bin/dama worksheet --topic capture --lang en -o worksheet.html
    .venv/bin/dama worksheet --topic kings --level 2 --limit 8 --lang en -o kings.html
    ```

    The topics (`--topic`): `movement`, `capture`, `multiple-capture`, `promotion`, `kings`,
    `precedence-quantity`, `precedence-king`, `precedence-quality`, `precedence-order`,
    `free-choice`, `end-of-game`, `forty-moves`, `notation`, `tactics`, `endgames`. With
    `--ids` you print exactly a lesson's exercises: the table at the end of this guide gives
    the command for each.
    """,
)

PROGRESS = md(
    """
    ## Le stelle degli alunni

    Ogni tentativo si salva subito in un piccolo file per nome (`Anna_e_Luca.sqlite`), nella
    cartella dei progressi:

    - la cartella indicata dalla variabile d'ambiente `DAMA_HOME`, se c'è;
    - altrimenti la cartella dati dell'utente: `~/.local/share/dama` su Linux,
      `~/Library/Application Support/dama` su macOS, `%LOCALAPPDATA%\\dama` su Windows.

    Per raccogliere i risultati:

    ```sh
    .venv/bin/dama progress export --student "Anna e Luca" -o anna-e-luca.csv
    .venv/bin/dama progress export --student "Anna e Luca" --attempts   # ogni tentativo
    .venv/bin/dama progress merge CARTELLA -o classe.csv
    ```

    `merge` legge tutti i file `.sqlite` di una cartella: copiate lì i file dei vari
    computer (per esempio da una chiavetta) e ottenete un solo foglio per la classe, con le
    stelle per alunno e argomento, nelle colonne che usa *nbgrader* (si apre con qualsiasi
    foglio di calcolo). Un file rovinato viene segnalato e lasciato fuori; gli altri si
    leggono lo stesso.
    """,
    """
    ## The students' stars

    Every attempt is saved at once in a small file per name (`Anna_and_Luca.sqlite`), in the
    progress folder:

    - the folder named by the `DAMA_HOME` environment variable, when it is set;
    - otherwise the user's data folder: `~/.local/share/dama` on Linux,
      `~/Library/Application Support/dama` on macOS, `%LOCALAPPDATA%\\dama` on Windows.

    To collect the results:

    ```sh
    .venv/bin/dama progress export --student "Anna and Luca" -o anna-and-luca.csv
    .venv/bin/dama progress export --student "Anna and Luca" --attempts   # every attempt
    .venv/bin/dama progress merge FOLDER -o class.csv
    ```

    `merge` reads every `.sqlite` file in a folder: copy there the files of the different
    computers (from a USB stick, say) and you get one sheet for the class, with the stars by
    student and topic, in the columns *nbgrader* uses (any spreadsheet opens it). A damaged
    file is reported and left out; the others are read all the same.
    """,
)


def _lesson_table(lessons: list[Lesson], lang: str) -> str:
    it = lang == "it"
    head = ("## Le lezioni, le regole e le schede\n\n"
            "| n. | lezione | regole | esercizi | scheda stampabile |\n|---|---|---|---|---|"
            if it else
            "## The lessons, their rules and worksheets\n\n"
            "| no. | lesson | rules | exercises | printable worksheet |\n|---|---|---|---|---|")
    rows = []
    for lesson in lessons:
        words = " ".join(c.source(lang) for c in lesson.cells) + " ".join(
            t(lang) for t in lesson.learn + lesson.remember)
        rules = sorted(set(RULE_ID.findall(words)), key=_rule_order)
        ids = ",".join(lesson.exercises)
        sheet = f"`dama worksheet --ids {ids} --lang {lang} -o {lesson.number:02d}.html`"
        rows.append(f"| {lesson.number} | [{lesson.title(lang)}]({lesson.file_name(lang)}) | "
                    f"{', '.join(rules)} | {len(lesson.exercises)} | {sheet} |")
    return head + "\n" + "\n".join(rows)


def _rule_order(rule: str) -> tuple:
    family, _, rest = rule.partition("-")
    letters = rest.rstrip("0123456789")
    number = rest[len(letters):]
    return (["IT", "INT", "BR"].index(family), "BMCKPEDN".find(letters[:1]), letters,
            int(number or 0))


def cells(lessons: list[Lesson], lang: str) -> list[Cell]:
    it = lang == "it"
    back = ("[Torna all'indice](indice.ipynb)" if it else "[Back to the index](index.ipynb)")
    return [INTRO, CLASS, WORKSHEETS, PROGRESS, VOILA,
            Cell("markdown", {lang: _lesson_table(lessons, lang)}),
            Cell("markdown", {lang: back})]
