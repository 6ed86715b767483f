"""Goal puzzles (win, block, promote, material, draw) are proved by the solver, so that any
correct first move counts, not just the one the author had in mind; an endgame's ``hold``
(keep the win or the draw the position holds, to the end of the game) by the endgame
tables."""

from __future__ import annotations

from functools import lru_cache

from damalib import Board, Move
from damalib.endgame import holding_moves
from damalib.solver import accepted_moves as _solver_accepted_moves


def accepted_moves(board: Board, goal: str, plies: int) -> list[Move]:
    """Every first move from which ``goal`` stays within reach in ``plies`` plies."""
    return list(_cached(board.fen(), board.variant.name, goal, plies))


@lru_cache(maxsize=512)
def _cached(fen: str, variant: str, goal: str, plies: int) -> tuple[Move, ...]:
    # A puzzle is graded again at every try: solve each position once.
    if goal == "hold":
        return tuple(holding_moves(Board(fen, variant)))
    return tuple(_solver_accepted_moves(Board(fen, variant), goal, plies))
