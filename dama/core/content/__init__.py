"""Puzzle collections for the course and the checkers that grade a student's answers.

>>> from dama.core import content as puzzles
>>> puzzle = puzzles.load(topic="examples")[0]
>>> puzzles.check(puzzle, "99-1").text("en")
'I cannot read the move \u201c99-1\u201d: write it like 22-19, or 27x18 for a capture.'
"""

from dama.core.content.check import Verdict, check, stars_for
from dama.core.content.puzzle import KINDS, Puzzle, PuzzleFileError, load, load_file

__all__ = ["KINDS", "Puzzle", "PuzzleFileError", "Verdict", "check", "load", "load_file",
           "stars_for"]
