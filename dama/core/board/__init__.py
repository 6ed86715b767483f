"""The interactive board's logic, with no drawing code: see :mod:`.controller` (the
controller), :mod:`.modes` (two players, computer, puzzle, setup), :mod:`.reply` (a puzzle
checker's answer to a move), :mod:`.clicks` (a move built by clicks) and :mod:`.messages`
(every string a child reads, from the catalogues)."""

from dama.core.board.controller import (HIGHLIGHT_KINDS, BoardController, RandomChooser,
                                        Runner, Scheduler, Snapshot, immediate, run_here)
from dama.core.board.modes import MODES
from dama.core.board.messages import MESSAGES
from dama.core.board.reply import MoveReply

__all__ = ["BoardController", "HIGHLIGHT_KINDS", "MESSAGES", "MODES", "MoveReply",
           "RandomChooser", "Runner", "Scheduler", "Snapshot", "immediate", "run_here"]
