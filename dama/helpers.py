"""The course's pages and the helpers behind its notebooks (lessons/it and lessons/en).

Every lesson starts with a hidden cell ``from dama.helpers import *``; the other code cells then call
one of these, one board or diagram each, so that a child sees text and boards and a teacher
who opens a cell reads one short line. Every text a student sees comes from the message
catalogues (damalib.i18n), in the page's language.

    diagram(position, lang, ...)   a still picture of a position (SVG), with arrows and a caption
    row(fig, fig, ...)             pictures side by side
    board(position, lang, ...)     an interactive board (dama.core.board.canvas.BoardWidget) to try things
    exercises(ids, lang)           exercises graded at once (dama.core.board.puzzle_widget.PuzzleWidget)
    lesson_stars(ids, lang)        the stars of this lesson's exercises, kept up to date
    replay(pdn, lang)              a game read from PDN text, move by move
    count_demo(...)                a board with the 40-move count already running (IT-D2)
    computer_game(lang, ...)       a whole game against the computer, with a level chooser
    square_trainer(lang)           the square numbers learnt by play, 30 seconds a round
    practice(lang)                 the Palestra: rated puzzles, a streak, the mistakes reviewed
    game_review(game, lang)        «Rivedi la partita» under a game against the computer
    analysis_board(lang)           the club's analysis board: games, positions, best move
    index(lang)                    the name box and the lessons with their stars
    course_app()                   the whole course as one page, views switched by the URL's
                                   hash (the browser edition's child view, dama.app)

On a school's server (deploy/hub/) the student is the account the child logged in with, and every
attempt is also copied into the class's exchange folder for the teacher's class page
(``$DAMA_EXCHANGE``, dama.core.store.exchange), which importing this package starts.

The student's name elsewhere: what was typed in the index's name box (kept in the progress folder,
``$DAMA_HOME`` or the platform's data folder), else ``$DAMA_STUDENT``, else "studente"; a
course started with a new ``$DAMA_STUDENT`` uses that until a name is typed again.
"""

from damalib.engine import ComputerPlayer
from dama.core.store.exchange import start_from_environment

from dama.analysis.page import analysis_board
from dama.app import course_app
from dama.lessons.boards import board, count_demo, replay
from dama.classroom.page import class_page
from dama.text import DEFAULT_STUDENT, LANGS, best_stars, set_student, student
from dama.lessons.figures import Figure, diagram, row
from dama.games.page import computer_game, game_review
from dama.lessons.index import index, lessons
from dama.lessons.exercises import exercises, lesson_stars, stars_of
from dama.palestra.page import practice
from dama.squares.page import square_trainer

start_from_environment()

# ComputerPlayer: a lesson's board may play against the computer (its ``chooser``).
__all__ = ["ComputerPlayer", "DEFAULT_STUDENT", "LANGS", "Figure", "analysis_board",
           "best_stars", "board",
           "class_page", "computer_game", "course_app", "count_demo", "diagram", "exercises",
           "game_review", "index", "lesson_stars", "lessons", "practice", "replay", "row",
           "set_student", "square_trainer", "stars_of", "student"]
