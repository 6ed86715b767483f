"""The click path: a sequence of clicks is a move being built.

:func:`step` takes the squares clicked so far (the selected piece, then each landing square)
and the next click, and says what happens: a piece is selected or put back, the chain grows, a
move is complete, or the click is refused. Every refusal is explained by the same machinery as
:meth:`damalib.Board.explain` (``explain`` and ``explain_piece``), so a click and the same move
typed get the same reason and the same rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from damalib.board import Board, Move
from damalib.explain import explain_piece
from dama.core.board.messages import Msg

SELECT, DESELECT, EXTEND, MOVE, REFUSE = "select", "deselect", "extend", "move", "refuse"


@dataclass(frozen=True)
class Step:
    """What one click does: ``kind`` (select, deselect, extend, move or refuse), the chain of
    clicked squares after it, the ``move`` when one is complete and the ``message`` to show."""

    kind: str
    chain: tuple[int, ...]
    move: Move | None = None
    message: Any = None


def candidates(board: Board, chain: tuple[int, ...]) -> list[Move]:
    """Legal moves whose path begins with the squares clicked so far."""
    k = len(chain)
    return [m for m in board.legal_moves if len(m.path) > k - 1 and m.path[:k] == chain]


def _select(board: Board, square: int) -> Step:
    own = [m for m in board.legal_moves if m.start == square]
    if not own:
        return Step(REFUSE, (), message=explain_piece(board, square))
    key = "selected_capture" if any(m.captures for m in own) else "selected"
    return Step(SELECT, (square,), message=Msg(key, square=square))


def step(board: Board, chain: tuple[int, ...], square: int, *, after_refusal: bool = False,
         refused_piece: int | None = None) -> Step:
    """The effect of a click on the dark square ``square`` with ``chain`` clicked before.

    ``after_refusal``: the previous click was refused. The child then naturally starts again
    by clicking the piece: it stays selected instead of being put back.
    ``refused_piece``: the child's own piece that the previous click was refused for (it
    cannot move). A click on an empty square next is where the child meant it to go: that
    move is explained, not "no piece here".
    """
    piece = board.piece_at(square)
    if not chain:
        if piece is None and refused_piece is not None:
            return Step(REFUSE, (), message=board.explain((refused_piece, square)))
        if piece is None or piece.colour != board.turn:
            # Empty square, or the opponent's piece: the library says why (IT-B4).
            return Step(REFUSE, (), message=board.explain((square, square)))
        return _select(board, square)
    k = len(chain)
    if square == chain[0] and (k == 1 or after_refusal):
        if after_refusal:
            return _select(board, square)
        return Step(DESELECT, (), message=Msg("deselected", square=square, turn=board.turn))
    moves = candidates(board, chain)
    # The next landing square of a chain (or the destination of a simple move).
    following = [m for m in moves if len(m.path) > k and m.path[k] == square]
    if following:
        finished = [m for m in following if len(m.path) == k + 1]
        if finished:
            return Step(MOVE, (), move=finished[0])
        grown = chain + (square,)
        return Step(EXTEND, grown, message=Msg(
            "chain", path="x".join(map(str, grown)), rule=board.variant.rules["continue"]))
    # The final square, clicked before the landings between: fine when unambiguous.
    ending = [m for m in moves if m.end == square and len(m.path) > k]
    if len(ending) == 1:
        return Step(MOVE, (), move=ending[0])
    if len(ending) > 1:
        options = ", ".join("x".join(map(str, m.path)) for m in ending)
        return Step(REFUSE, chain, message=Msg("ambiguous", square=square, options=options,
                                               rule=board.variant.rules["notation"]))
    if piece is not None and piece.colour == board.turn and square not in chain:
        return _select(board, square)  # another own piece: select it instead
    if square == chain[0]:
        return Step(DESELECT, (), message=Msg("deselected", square=square, turn=board.turn))
    return Step(REFUSE, chain, message=board.explain(chain + (square,)))


__all__ = ["Step", "candidates", "step"]
