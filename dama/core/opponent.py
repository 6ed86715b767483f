"""The computer a child plays against: damalib's six levels, the strong ones searching with
the compiled core where it runs (damacore), with damalib's engine where it does not.

>>> from damalib import Board
>>> move = computer_player(level=5).choose(Board())
>>> move in Board().legal_moves
True
"""

from __future__ import annotations

from damacore import engine_for
from damalib.engine import ComputerPlayer


def computer_player(level: int = 6, seed: int | None = None) -> ComputerPlayer:
    """The computer at ``level`` (1-6); ``seed`` makes the noisy levels (1-4) repeatable.
    Levels 5 and 6 search compiled: level 5 within the same budget of positions, so it
    plays as before, only sooner; level 6 as deep as its second allows."""
    return ComputerPlayer(level, seed, make_engine=engine_for)


__all__ = ["computer_player"]
