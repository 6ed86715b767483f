"""What a notebook's cells call: ``from dama.helpers import *`` in the first cell, then one
call a cell, so that a child sees text and boards and a teacher who opens a cell reads one
short line. Every text a student sees comes from the message catalogues, in the page's
language.

    diagram(position, lang, ...)   a still picture of a position (SVG), with arrows and a caption
    row(fig, fig, ...)             pictures side by side
    board(position, lang, ...)     an interactive board to try things
    exercises(ids, lang)           exercises graded at once
    lesson_stars(ids, lang)        the stars of this lesson's exercises, kept up to date
    replay(pdn, lang)              a game read from PDN text, move by move
    count_demo(...)                a board with the 40-move count already running (IT-D2)
    computer_game(lang, ...)       a whole game against the computer, with a level chooser
    game_review(game, lang)        «Rivedi la partita» under a game against the computer
    square_trainer(lang)           the square numbers learnt by play, 30 seconds a round
    practice(lang)                 the Palestra: rated puzzles, a streak, the mistakes reviewed
    analysis_board(lang)           the club's analysis board: games, positions, best move
    class_page(lang)               the teacher's page of the class's stars
    index(lang)                    the name box and the lessons with their stars
    course_app(lang)               the whole course as one page (dama.app)

Importing this module starts nothing; each helper, the first time one makes a page, starts
what a visit needs (:func:`start`): the errors of a page written down in the progress folder's
``errors.log``, and on a school's server every attempt copied into the class's exchange folder.
"""

from __future__ import annotations

import functools
import logging
import threading
from typing import Any, Callable

from damalib.engine import ComputerPlayer
from damalib.i18n import CONTENT_LANGUAGES

from dama.analysis.page import analysis_board as _analysis_board
from dama.classroom.page import class_page as _class_page
from dama.core.store import exchange
from dama.core.store.student import DEFAULT_STUDENT, best_stars, set_student, student
from dama.games.page import computer_game as _computer_game, game_review as _game_review
from dama.lessons.boards import board as _board, count_demo as _count_demo, replay as _replay
from dama.lessons.exercises import (exercises as _exercises, lesson_stars as _lesson_stars,
                                    stars_of)
from dama.lessons.figures import Figure, diagram, row
from dama.lessons.index import index as _index, lessons
from dama.palestra.page import practice as _practice
from dama.settings import settings
from dama.squares.page import square_trainer as _square_trainer

#: Where a failed widget handler is written down (the child sees a kind message instead).
ERRORS_FILE = "errors.log"

_started = threading.Lock()
_done: set[tuple] = set()


def start() -> None:
    """What a visit needs, started once for each progress folder: a page's errors written to
    ``errors.log`` there (never to the page), and on a school's server every attempt copied
    into the class's exchange folder (``$DAMA_EXCHANGE``, dama.core.store.exchange)."""
    found = settings()
    key = (found.home, found.exchange)
    with _started:
        if key in _done:
            return
        _done.add(key)
        _log_errors_to(found.home / ERRORS_FILE)
        if found.exchange is not None:
            exchange.start(found.home, found.exchange)


class _ErrorsFile(logging.FileHandler):
    """The course's own handler of the "dama" logger (one at a time)."""


def _log_errors_to(path) -> None:
    logger = logging.getLogger("dama")
    for handler in [h for h in logger.handlers if isinstance(h, _ErrorsFile)]:
        logger.removeHandler(handler)
        handler.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = _ErrorsFile(path, encoding="utf-8", delay=True)
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    logger.addHandler(handler)
    logger.propagate = False


def _starting(page: Callable[..., Any]) -> Callable[..., Any]:
    """``page`` that first starts what a visit needs."""
    @functools.wraps(page)
    def make(*args: Any, **kwargs: Any) -> Any:
        start()
        return page(*args, **kwargs)
    return make


board = _starting(_board)
count_demo = _starting(_count_demo)
replay = _starting(_replay)
exercises = _starting(_exercises)
lesson_stars = _starting(_lesson_stars)
computer_game = _starting(_computer_game)
game_review = _starting(_game_review)
square_trainer = _starting(_square_trainer)
practice = _starting(_practice)
analysis_board = _starting(_analysis_board)
class_page = _starting(_class_page)
index = _starting(_index)


def course_app(lang: str = "it", views: dict | None = None) -> Any:
    """The whole course as one page (dama.app.course_app)."""
    from dama.app import course_app as app   # the app calls these helpers by name

    start()
    return app(lang, views)


#: The languages the lessons are written in.
LANGS = CONTENT_LANGUAGES

# ComputerPlayer: a lesson's board may play against the computer (its ``chooser``).
__all__ = ["ComputerPlayer", "DEFAULT_STUDENT", "LANGS", "Figure", "analysis_board",
           "best_stars", "board", "class_page", "computer_game", "course_app", "count_demo",
           "diagram", "exercises", "game_review", "index", "lesson_stars", "lessons",
           "practice", "replay", "row", "set_student", "square_trainer", "stars_of", "start",
           "student"]
