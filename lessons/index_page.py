"""The index notebook of each language: the name box, the lessons with their stars, links.

The lessons are listed once, in the table that ``index()`` (the package corso) draws from the
lessons' catalogue, each with its link and its stars: no list of them here."""

from __future__ import annotations

from .analysis_page import ANALYSIS
from .play_page import PLAY
from .practice_page import PRACTICE
from .squares_page import SQUARES
from .kit import GUIDE, INDEX, OTHER, SETUP, Cell, Lesson, md

INTRO = md(
    """
    # Dama Italiana · il corso

    Ciao! Qui impari a giocare a **Dama Italiana**, un passo alla volta: prima la damiera e
    le mosse, poi le prese, la dama, le regole per scegliere la presa giusta, e alla fine una
    partita intera contro il computer.

    **Come si comincia**

    1. Qui sotto c'è il tuo nome: se la casella è vuota, scrivilo e premi **«Sono io!»**.
       Le stelle che vinci negli esercizi si salvano con il tuo nome.
    2. Nella tabella delle lezioni, clicca o tocca il titolo di una lezione per aprirla.
       Comincia dalla lezione 0!
    """,
    """
    # Dama Italiana · the course

    Hello! Here you learn to play **Dama Italiana** (Italian draughts), one step at a time:
    first the board and the moves, then captures, the king, the rules for choosing the right
    capture, and at the end a whole game against the computer.

    **How to start**

    1. Your name is below: if the box is empty, type it and press **\u201cThat's me!\u201d**.
       The stars you win in the exercises are saved under your name.
    2. In the table of lessons, click or tap a lesson's title to open it. Start with lesson 0!
    """,
)


def cells(lessons: list[Lesson], lang: str) -> list[Cell]:
    it = lang == "it"
    other = OTHER[lang]
    elsewhere = (f"*{'In English' if it else 'In italiano'}:* "
                 f"[{'Dama Italiana · the course' if it else 'Dama Italiana · il corso'}]"
                 f"(../{other}/{INDEX(other)})")
    return [
        Cell("markdown", {lang: INTRO.source(lang)}),
        Cell("code", {lang: SETUP}),
        Cell("markdown", {lang: "## " + ("Il tuo nome, le lezioni e le tue stelle" if it
                                         else "Your name, the lessons and your stars")}),
        Cell("code", {lang: f"index(lang={lang!r})"}),
        Cell("markdown", {lang: (
            "## Allenati\n\n"
            f"Hai finito le lezioni? Nella [Palestra]({PRACTICE[lang]}) ti aspettano tutti "
            "gli esercizi del corso: il tuo punteggio, la serie più lunga, e gli errori da "
            "ripassare.\n\n"
            f"Vuoi trovare le caselle in un lampo? [Allenati con le "
            f"caselle]({SQUARES[lang]}): trova la casella, o indovina il suo numero, in 30 "
            "secondi.\n\n"
            f"Vuoi una partita? [Gioca contro il computer]({PLAY[lang]}), al livello che "
            "preferisci, e poi rivedi la partita per scoprire dove c'era di meglio."
            if it else
            "## Practice\n\n"
            f"Finished the lessons? In [Practice]({PRACTICE[lang]}) every puzzle of the "
            "course is waiting: your rating, your longest streak, and your mistakes to "
            "review.\n\n"
            f"Want to be super quick with the squares' numbers? [Practise the squares]"
            f"({SQUARES[lang]}): find the square, or guess its number, in 30 seconds.\n\n"
            f"Fancy a game? [Play against the computer]({PLAY[lang]}) at the level you like, "
            "then review the game to find out where there was something better.")}),
        Cell("markdown", {lang: (
            "## Per chi insegna\n\n"
            f"La [guida per insegnanti e genitori]({GUIDE(lang)}) spiega come "
            "organizzare una lezione in classe, stampare le schede e raccogliere le stelle "
            "degli alunni; da lì si apre la pagina della classe.\n\n"
            f"Per il circolo: l'[Analisi]({ANALYSIS[lang]}) riapre le partite di un file PDN, "
            "mossa per mossa, e chiede al computer la mossa migliore."
            if it else
            "## For teachers and parents\n\n"
            f"The [teacher's guide]({GUIDE(lang)}) explains how to run a class, print "
            "worksheets and collect the students' stars; the class page opens from there.\n\n"
            f"For the club: [Analysis]({ANALYSIS[lang]}) replays the games of a PDN file, "
            "move by move, and asks the computer for the best move.")
            + f"\n\n{elsewhere}"}),
    ]
