"""Goal puzzles (win, block, promote, material, draw) are proved by the solver, so that any
correct first move counts, not just the one the author had in mind; an endgame's ``hold``
(keep the win or the draw the position holds, to the end of the game) by the endgame
tables; an ``exchange`` (a man for a man, when you are ahead) by :func:`exchanges`."""

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
    if goal == "exchange":
        return tuple(exchanges(Board(fen, variant)))
    return tuple(_solver_accepted_moves(Board(fen, variant), goal, plies))


def exchanges(board: Board) -> list[Move]:
    """The quiet moves that force an exchange of one man for one (lesson 23, simplifying
    when ahead): after the move the opponent must capture, and whatever it takes, one man,
    you take one man back, after which it has nothing to capture. Nobody makes a king on
    the way, so the pieces' difference is what it was, with two fewer on the board.

    >>> [str(m) for m in exchanges(Board("W:W22,27,31:B10,13"))]
    ['22-18']
    """
    return [move for move in board.legal_moves
            if not move.captures and _forces_exchange(board, move)]


def _forces_exchange(board: Board, move: Move) -> bool:
    after = board.copy()
    after.push(move)
    replies = after.legal_moves
    if not replies or not all(_takes_one_man(after, reply) for reply in replies):
        return False
    for reply in replies:
        again = after.copy()
        again.push(reply)
        if not any(_takes_one_man(again, back) and not forces_capture(again, back)
                   for back in again.legal_moves):
            return False
    return True


def _takes_one_man(board: Board, move: Move) -> bool:
    """``move`` takes one man, and the piece that takes it is still a man or was a king."""
    if len(move.captures) != 1 or board.piece_at(move.captures[0]).king:
        return False
    after = board.copy()
    after.push(move)
    return after.piece_at(move.end).king == board.piece_at(move.start).king


def forces_capture(board: Board, move: Move) -> bool:
    """After ``move`` the opponent must capture."""
    after = board.copy()
    after.push(move)
    return after.must_capture()


def exchange_line(board: Board) -> list[Move] | None:
    """The exchange ``board`` asks for, when it has one only and it is forced: the move that
    forces it, the opponent's only capture, the only retake; None otherwise."""
    found = exchanges(board)
    if len(found) != 1:
        return None
    line = [found[0]]
    after = board.copy()
    after.push(found[0])
    for _ in range(2):
        only = after.legal_moves
        if len(only) != 1:
            return None
        line.append(only[0])
        after.push(only[0])
    return line
