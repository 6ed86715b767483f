"""damalib: the rules of Dama Italiana and its cousins, exact, explained and fast.

>>> from damalib import Board
>>> board = Board()
>>> [str(m) for m in board.legal_moves]
['21-17', '21-18', '22-18', '22-19', '23-19', '23-20', '24-20']
"""

from __future__ import annotations

from .board import Board
from .errors import (CountError, DamaError, FenError, IllegalMoveError, NotationError,
                     VariantError)
from .explain import Explanation
from .movegen import movegen
from .position import BLACK, WHITE, Move, Outcome, Piece, Position, Termination
from .variants import VARIANTS, Variant, get_variant

__all__ = [
    "BLACK", "WHITE", "Board", "CountError", "DamaError", "Explanation", "FenError",
    "IllegalMoveError", "Move", "NotationError", "Outcome", "Piece", "Position", "Termination",
    "VARIANTS", "Variant", "VariantError", "get_variant", "perft",
]


def perft(board: Position, depth: int) -> int:
    """Leaf positions ``depth`` plies below ``board`` (capture chains that differ only in the
    order of the same pieces between the same squares count once)."""
    if depth < 0:
        raise ValueError("depth must be zero or more")
    return board.movegen.perft(*board.relative(), depth)
