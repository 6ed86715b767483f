"""The board without a mouse or without sight: a cursor moved with the arrow keys, and the
board in words (a screen reader's text alternative, and what the cursor is on).

The controller (:class:`~dama.core.board.BoardController`) keeps the cursor and turns a key
into the click it stands for (Enter or Space: a click on the cursor's square); this module
is the pure part, tested as it is.

    >>> moved((7, 0), "ArrowUp", 8)
    (6, 0)
    >>> moved((0, 0), "ArrowLeft", 8)           # the board's edge holds it
    (0, 0)
"""

from __future__ import annotations

from typing import Any

from damalib.board import BLACK, WHITE, Piece
from dama.core.board.messages import Msg, Seq

#: The arrow keys (the names browsers give them) and the step each takes, (rows, columns)
#: on the screen.
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1),
          "Up": (-1, 0), "Down": (1, 0), "Left": (0, -1), "Right": (0, 1)}
#: Keys that pick up the piece under the cursor or put it down there.
PRESS = frozenset({"Enter", " ", "Spacebar"})
#: Keys that let go of the piece picked up.
LET_GO = frozenset({"Escape", "Esc"})

_PIECE_WORDS = {(WHITE, False): "setup_wm", (WHITE, True): "setup_wk",
                (BLACK, False): "setup_bm", (BLACK, True): "setup_bk"}


def moved(cursor: tuple[int, int], key: str, size: int) -> tuple[int, int]:
    """The cursor after the arrow ``key``, kept on the board."""
    rows, cols = ARROWS[key]
    return (min(size - 1, max(0, cursor[0] + rows)), min(size - 1, max(0, cursor[1] + cols)))


def piece_words(piece: Piece | None) -> Msg:
    """"white man", "black king", "empty"."""
    if piece is None:
        return Msg("setup_empty")
    return Msg(_PIECE_WORDS[piece.colour, piece.king])


def under_cursor(square: int | None, piece: Piece | None, target: bool) -> Msg:
    """What the cursor is on, said to a screen reader: a light square, or a dark one with
    its number, what stands on it and whether the piece picked up can go there."""
    if square is None:
        return Msg("cursor_light")
    if target:
        return Msg("cursor_target", square=square, what=piece_words(piece))
    return Msg("setup_square", square=square, what=piece_words(piece))


def where_on_screen(cell: tuple[int, int], dark: bool) -> Msg:
    """Where the cursor is, by row and column from the top left, and the square's shade: no
    number (the square trainer asks for the numbers)."""
    return Msg("cursor_dark" if dark else "cursor_light_at", row=cell[0] + 1, col=cell[1] + 1)


def description(pieces: dict[int, Piece], turn: str, plays: bool) -> Any:
    """The board in words: whose turn, then each side's men and kings by square."""
    parts: list[Any] = [Msg("to_move", turn=turn)] if plays else []
    for side in (WHITE, BLACK):
        men = [s for s, p in sorted(pieces.items()) if p.colour == side and not p.king]
        kings = [s for s, p in sorted(pieces.items()) if p.colour == side and p.king]
        if men:
            parts.append(Msg("describe_men", side=side, squares=", ".join(map(str, men))))
        if kings:
            parts.append(Msg("describe_kings", side=side, squares=", ".join(map(str, kings))))
        if not men and not kings:
            parts.append(Msg("describe_none", side=side))
    return Seq(*parts)
