"""The interactive board's logic, with no drawing code: see :mod:`.core` (the controller),
:mod:`.modes` (two players, computer, puzzle, setup), :mod:`.clicks` (a move built by clicks)
and :mod:`.text` (every string a child reads, from the catalogues)."""

from dama.core.board.controller import (HIGHLIGHT_KINDS, BoardController, RandomChooser, Runner, Scheduler,
                   Snapshot, Verdict, immediate, run_here)
from dama.core.board.modes import MODES
from dama.core.board.messages import TEXT

__all__ = ["BoardController", "HIGHLIGHT_KINDS", "MODES", "RandomChooser",
           "Runner", "Scheduler", "Snapshot", "TEXT", "Verdict", "immediate", "run_here"]
