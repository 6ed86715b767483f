"""The lessons' live parts as still pictures: what a page shows the moment it opens, before
Python has made its boards (the browser edition's preview). The same positions, drawn as the
diagrams are, with a note saying the board is getting ready.

    >>> "dama-still-board" in board("W:W22:B18", "en")
    True
    >>> "getting ready" in waiting("exercises", "en")
    True
"""

from __future__ import annotations

import html

from damalib.pdn import parse_game
from damalib.svg import board as svg

from dama.core.content.lessons import load_lessons
from dama.lessons.figures import diagram
from dama.text import MESSAGES, say


def note(text: str, css: str = "dama-still-note") -> str:
    return f"<p class='{css}'>{html.escape(text)}</p>"


def waiting(key: str, lang: str) -> str:
    """A note where a part will be: ``key`` is "exercises", "stars", "page" or "board"."""
    return note(say(MESSAGES, f"still_{key}", lang), "dama-still-note dama-still-box")


def _still_board(position, lang: str, size: int, moves=(), flipped=False,
                 variant="italian") -> str:
    figure = diagram(position, lang, moves=moves, size=size, flipped=flipped, variant=variant)
    return (f"<div class='dama-still dama-still-board'>{figure.svg}"
            f"{note(say(MESSAGES, 'still_board', lang))}</div>")


def board(position=None, lang: str = "it", *, size: int = 400, moves=(), flipped=False,
          variant="italian", **_options) -> str:
    """A board to try, as a picture of its position."""
    return _still_board(position, lang, size, moves, flipped, variant)


def count_demo(position, white_moves, black_moves, counted, lang: str = "it",
               size: int = 400) -> str:
    """The 40-move count's board, as a picture of where it starts."""
    return _still_board(position, lang, size)


def replay(pdn: str, lang: str = "it", size: int = 320) -> str:
    """A game to replay, as a picture of its first position."""
    game = parse_game(pdn, strict=True)
    return (f"<div class='dama-still'>{svg(next(iter(game.positions())), size=size)}"
            f"{note(say(MESSAGES, 'still_board', lang))}</div>")


def index(lang: str = "it") -> str:
    """The index's table of lessons, with their links, waiting for the name and the stars."""
    rows = "".join(
        f"<tr><td style='text-align:right'>{item.number}</td><td><a href='#{lang}/"
        f"{item.number:02d}-{html.escape(item.slug_in(lang))}'>"
        f"{html.escape(item.title_in(lang))}</a></td></tr>" for item in load_lessons())
    return (f"{note(say(MESSAGES, 'still_name', lang))}<table class='dama-still-index'><thead>"
            f"<tr><th>{say(MESSAGES, 'lesson', lang)}</th><th>{say(MESSAGES, 'title', lang)}"
            f"</th></tr></thead><tbody>{rows}</tbody></table>")
