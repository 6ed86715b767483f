"""The teacher's class page of each language: the class's progress files read together."""

from __future__ import annotations

from .kit import Page, T, call, code, md

CLASS = {"it": "classe.ipynb", "en": "class.ipynb"}

INTRO = md(
    it="""
    # La classe

    Questa pagina è per chi insegna. Legge i file dei progressi degli alunni (uno per
    alunno, `Nome.sqlite`) e mostra:

    - la **tabella** alunno × lezione con le stelle (— vuol dire: lezione non ancora provata);
    - il **grafico** delle stelle della classe in ogni lezione;
    - gli **esercizi sbagliati più spesso**, con la regola che c'è dietro: lì la classe
      ha bisogno di un'altra spiegazione;
    - **un alunno da vicino**: ogni esercizio provato, le stelle, i tentativi e l'ora
      dell'ultimo (l'ora di questo computer);
    - l'**esportazione** di una lezione in un foglio di calcolo (CSV) e di tutte le lezioni
      nel formato di nbgrader.

    **Da dove vengono i file.** Sul server della scuola la pagina legge da sola la cartella
    della classe: una riga per ogni account, con il suo nome, che si aggiorna appena un
    alunno risponde. Su un computer solo, i file sono nella cartella qui sotto, già
    scritta. Se gli alunni hanno lavorato su più computer, copia i loro file in una
    cartella (o sceglili con il pulsante): i file dello stesso alunno vengono uniti, anche
    se il nome è scritto con maiuscole o accenti diversi. Gli alunni che non hanno scritto un
    nome restano distinti, uno per file. Un file rovinato viene elencato e lasciato fuori;
    nessun file viene cambiato o spostato.
    """,
    en="""
    # The class

    This page is for teachers. It reads the students' progress files (one per student,
    `Name.sqlite`) and shows:

    - the **table** student × lesson with the stars (— means: lesson not tried yet);
    - the **chart** of the class's stars in each lesson;
    - the **exercises missed most often**, with the rule behind each: that is where the class
      needs another explanation;
    - **one student up close**: every exercise tried, the stars, the attempts and the time of
      the last one (this computer's time);
    - the **export** of one lesson as a spreadsheet (CSV), and of every lesson in nbgrader's
      format.

    **Where the files come from.** On the school's server the page reads the class folder by
    itself: a row per account, with its name, updated as soon as a child answers. On a
    single computer, the files are in the folder below, already filled in. If the students worked on several computers, copy their files into one folder
    (or choose them with the button): one student's files are joined, even when the name is
    written with different capitals or accents. Students who typed no name stay apart, one per
    file. A damaged file is listed and left out; no file is changed or moved.
    """,
)



CLASS = Page(name=T(it="classe", en="class"), link=T(it="la pagina della classe", en="the class page"),
             cells=lambda lessons: [INTRO, code(call("class_page"))], foot=("index", "guide"))
