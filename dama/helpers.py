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

The course's one page (dama.app) calls the same helpers by name: :data:`HELPERS` holds each
with its still preview, and :func:`run` makes a cell's call, given as data.

Importing this module starts nothing; each helper, the first time one makes a page, starts
what a visit needs (:func:`start`): the errors of a page written down in the progress folder's
``errors.log``, and on a school's server every attempt copied into the class's exchange folder.
"""

from __future__ import annotations

import functools
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable

from damalib.engine import ComputerPlayer
from dama.core.opponent import computer_player
from damalib.i18n import CONTENT_LANGUAGES

from dama.analysis.page import analysis_board as _analysis_board
from dama.classroom.page import class_page as _class_page
from dama.core.store import exchange
from dama.core.store.student import DEFAULT_STUDENT, best_stars, set_student, student
from dama.games.page import computer_game as _computer_game, game_review as _game_review
from dama.lessons.boards import board as _board, count_demo as _count_demo, replay as _replay
from dama.lessons.exercises import (exercises as _exercises, lesson_stars as _lesson_stars,
                                    stars_of)
from dama.lessons import stills
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


# -- the registry: each helper by name, live and still ---------------------------------------

@dataclass(frozen=True)
class Helper:
    """A helper a lesson's cell may call by name: ``live`` makes its part of the page (a
    widget, a picture), ``still`` the same part as HTML before Python is up (the browser
    edition's preview); ``lang`` whether it takes the page's language."""

    live: Callable[..., Any]
    still: Callable[..., str | None]
    lang: bool = True


def _waiting(key: str) -> Callable[..., str]:
    def still(*_args: Any, lang: str = "it", **_kwargs: Any) -> str:
        return stills.waiting(key, lang)
    return still


def _as_html(live: Callable[..., Any]) -> Callable[..., str]:
    """The still of a helper whose live part is already a picture."""
    def still(*args: Any, **kwargs: Any) -> str:
        shown = live(*args, **kwargs)
        return shown._repr_html_() if hasattr(shown, "_repr_html_") else shown.data
    return still


#: Every helper a cell may call, by the name the lessons' sources give (lessons/kit.py).
HELPERS: dict[str, Helper] = {
    "diagram": Helper(diagram, _as_html(diagram)),
    "row": Helper(row, _as_html(row), lang=False),
    "board": Helper(board, stills.board),
    "count_demo": Helper(count_demo, stills.count_demo),
    "replay": Helper(replay, stills.replay),
    "exercises": Helper(exercises, _waiting("exercises")),
    "lesson_stars": Helper(lesson_stars, _waiting("stars")),
    "computer_game": Helper(computer_game, _waiting("page")),
    "square_trainer": Helper(square_trainer, _waiting("page")),
    "practice": Helper(practice, _waiting("page")),
    "class_page": Helper(class_page, _waiting("page")),
    "analysis_board": Helper(analysis_board, _waiting("board")),
    "index": Helper(index, stills.index),
    # a board's opponent (``chooser=call("ComputerPlayer", level=2, lang=False)``)
    "ComputerPlayer": Helper(computer_player, lambda *a, **k: None, lang=False),
}


def _value(value: Any, lang: str) -> Any:
    """An argument as the helper takes it: a nested call made (live: it is a picture or a
    player, never a widget), lists as they are."""
    if isinstance(value, dict) and "helper" in value:
        return run(value, lang)
    if isinstance(value, list):
        return [_value(v, lang) for v in value]
    return value


def run(cell: dict[str, Any], lang: str, *, still: bool = False) -> Any:
    """A cell's call (``{"helper": "board", "args": [...], "kwargs": {...}}``) made in the
    reader's language ``lang``: the live part, or with ``still`` its HTML preview. An unknown
    helper is a KeyError naming it.

        >>> run({"helper": "diagram", "args": ["W:W22:B18"]}, "it").caption
        ''
    """
    name = cell["helper"]
    helper = HELPERS[name]
    args = [_value(a, lang) for a in cell.get("args", ())]
    kwargs = {k: _value(v, lang) for k, v in cell.get("kwargs", {}).items()}
    if helper.lang and cell.get("lang", True):
        kwargs["lang"] = lang
    return (helper.still if still else helper.live)(*args, **kwargs)


#: The languages the lessons are written in.
LANGS = CONTENT_LANGUAGES

# ComputerPlayer: a lesson's board may play against the computer (its ``chooser``).
__all__ = ["ComputerPlayer", "DEFAULT_STUDENT", "LANGS", "Figure", "analysis_board",
           "best_stars", "board", "class_page", "computer_game", "count_demo",
           "diagram", "exercises", "game_review", "index", "lesson_stars", "lessons",
           "practice", "replay", "row", "set_student", "square_trainer", "stars_of", "start",
           "student"]
