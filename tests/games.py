"""Positions for tests, reached by seeded random play."""

import random

from damalib import Board


def random_position(variant: str, seed: int, plies: int) -> Board:
    """A position reached by random moves (fewer when the game ends first)."""
    rng = random.Random(seed)
    board = Board(variant=variant)
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
    return board
