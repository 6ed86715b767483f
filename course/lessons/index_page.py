"""The index notebook of each language: the name box, the lessons with their stars, links."""

from __future__ import annotations

from .kit import Cell, Lesson, md

INTRO = md(
    """
    # Dama Italiana · il corso

    Ciao! Qui impari a giocare a **Dama Italiana**, un passo alla volta: prima la damiera e
    le mosse, poi le prese, la dama, le regole per scegliere la presa giusta, e alla fine una
    partita intera contro il computer.

    **Come si comincia**

    1. Scrivi il tuo nome nella casella qui sotto e premi **«Sono io!»**: le stelle che
       vinci negli esercizi si salvano con il tuo nome.
    2. Scegli una lezione dall'elenco e cliccala. Comincia dalla lezione 0!

    *Per l'adulto:* se la casella del nome non si vede, scegli nel menu
    **Run → Run All Cells** (in italiano: *Esegui → Esegui tutte le celle*).
    """,
    """
    # Dama Italiana · the course

    Hello! Here you learn to play **Dama Italiana** (Italian draughts), one step at a time:
    first the board and the moves, then captures, the king, the rules for choosing the right
    capture, and at the end a whole game against the computer.

    **How to start**

    1. Type your name in the box below and press **\u201cThat's me!\u201d**: the stars you win
       in the exercises are saved under your name.
    2. Pick a lesson from the list and click it. Start with lesson 0!

    *For the grown-up:* if you cannot see the name box, choose **Run → Run All Cells** in the
    menu.
    """,
)


def cells(lessons: list[Lesson], lang: str) -> list[Cell]:
    it = lang == "it"
    listing = "\n".join(f"{lesson.number}. [{lesson.title(lang)}]({lesson.file_name(lang)})"
                        for lesson in lessons)
    # A numbered markdown list must start at 0 here: "0." starts it there.
    return [
        INTRO,
        Cell("code", {lang: "%run ../corso.py"}),
        Cell("markdown", {lang: "## " + ("Il tuo nome e le tue stelle" if it
                                         else "Your name and your stars")}),
        Cell("code", {lang: f"index(lang={lang!r})"}),
        Cell("markdown", {lang: "## " + ("Le lezioni" if it else "The lessons") + "\n\n"
                                + listing}),
        Cell("markdown", {lang: (
            "## Per chi insegna\n\n"
            "La [guida per insegnanti e genitori](guida-insegnante.ipynb) spiega come "
            "organizzare una lezione in classe, stampare le schede e raccogliere le stelle "
            "degli alunni.\n\n"
            "*English version of the course:* [../en/index.ipynb](../en/index.ipynb)"
            if it else
            "## For teachers and parents\n\n"
            "The [teacher's guide](teachers-guide.ipynb) explains how to run a class, print "
            "worksheets and collect the students' stars.\n\n"
            "*Il corso in italiano:* [../it/indice.ipynb](../it/indice.ipynb)")}),
    ]
