"""The index notebook of each language: the name box, the lessons with their stars, links.

The lessons are listed once, in the table that ``index()`` (dama.lessons.index) draws from the
lessons' catalogue, each with its link and its stars: no list of them here."""

from __future__ import annotations

from .analysis_page import ANALYSIS
from .play_page import PLAY
from .practice_page import PRACTICE
from .squares_page import SQUARES
from .teachers_guide import GUIDE
from .kit import Cell, LessonSource, Page, T, call, code, md

INTRO = md(
    it="""
    # Dama Italiana · il corso

    Ciao! Qui impari a giocare a **Dama Italiana**, un passo alla volta: prima la damiera e
    le mosse, poi le prese, la dama, le regole per scegliere la presa giusta, e alla fine una
    partita intera contro il computer.

    **Come si comincia**

    1. Qui sotto c'è il tuo nome. Se il corso ti chiede chi sei, scrivilo e premi
       **«Sono io!»**. Le stelle che vinci negli esercizi si salvano con il tuo nome.
    2. Nella tabella delle lezioni, clicca o tocca il titolo di una lezione per aprirla.
       Comincia dalla lezione 0!
    """,
    en="""
    # Dama Italiana · the course

    Hello! Here you learn to play **Dama Italiana** (Italian draughts), one step at a time:
    first the board and the moves, then captures, the king, the rules for choosing the right
    capture, and at the end a whole game against the computer.

    **How to start**

    1. Your name is below. If the course asks who you are, type it and press
       **\u201cThat's me!\u201d**. The stars you win in the exercises are saved under your name.
    2. In the table of lessons, click or tap a lesson's title to open it. Start with lesson 0!
    """,
)


NAME_AND_STARS = md(it="## Il tuo nome, le lezioni e le tue stelle",
                    en="## Your name, the lessons and your stars")


def _more(lessons: list[LessonSource]) -> list[Cell]:
    """The ways on from the lessons (practice, the squares, a game), then for grown-ups."""
    practice, squares, play = PRACTICE.file_name, SQUARES.file_name, PLAY.file_name
    guide, analysis = GUIDE.file_name, ANALYSIS.file_name
    return [
        md(it=f"""
           ## Allenati

           Hai finito le lezioni? Nella [Palestra]({practice("it")}) ti aspettano tutti gli
           esercizi del corso: il tuo punteggio, la serie più lunga, e gli errori da ripassare.

           Vuoi trovare le caselle in un lampo? [Allenati con le caselle]({squares("it")}):
           trova la casella, o indovina il suo numero, in 30 secondi.

           Vuoi una partita? [Gioca contro il computer]({play("it")}), al livello che
           preferisci, e poi rivedi la partita per scoprire dove c'era di meglio.
           """,
           en=f"""
           ## Practice

           Finished the lessons? In [Practice]({practice("en")}) every puzzle of the course is
           waiting: your rating, your longest streak, and your mistakes to review.

           Want to be super quick with the squares' numbers? [Practise the
           squares]({squares("en")}): find the square, or guess its number, in 30 seconds.

           Fancy a game? [Play against the computer]({play("en")}) at the level you like, then
           review the game to find out where there was something better.
           """),
        md(it=f"""
           ## Per chi insegna

           La [guida per insegnanti e genitori]({guide("it")}) spiega come organizzare una lezione
           in classe, stampare le schede e raccogliere le stelle degli alunni; da lì si apre la
           pagina della classe.

           Per il circolo: l'[Analisi]({analysis("it")}) riapre le partite di un file PDN,
           mossa per mossa, e chiede al computer la mossa migliore.
           """,
           en=f"""
           ## For teachers and parents

           The [teacher's guide]({guide("en")}) explains how to run a class, print worksheets and
           collect the students' stars; the class page opens from there.

           For the club: [Analysis]({analysis("en")}) replays the games of a PDN file, move by
           move, and asks the computer for the best move.
           """),
    ]


INDEX = Page(name=T(it="indice", en="index"),
             link=T(it="Dama Italiana · il corso", en="Dama Italiana · the course"),
             cells=lambda lessons: [INTRO, NAME_AND_STARS, code(call("index")), *_more(lessons)],
             foot=())
