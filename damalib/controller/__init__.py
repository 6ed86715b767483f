"""The interactive board's logic, with no drawing code: see :mod:`.core` (the controller),
:mod:`.modes` (two players, computer, puzzle, setup), :mod:`.clicks` (a move built by clicks)
and :mod:`.text` (every string a child reads, in Italian and English)."""

from .core import (HIGHLIGHT_KINDS, BoardController, RandomChooser, Runner, Scheduler,
                   Snapshot, Verdict, immediate, run_here)
from .modes import MODES
from .text import LANGUAGES, TEXT

__all__ = ["BoardController", "HIGHLIGHT_KINDS", "LANGUAGES", "MODES", "RandomChooser",
           "Runner", "Scheduler", "Snapshot", "TEXT", "Verdict", "immediate", "run_here"]
