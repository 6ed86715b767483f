"""A club's own puzzles: a puzzle file of its own (made on the analysis page, «Fanne un
esercizio»), loaded like any collection and counted on the class page."""

from __future__ import annotations

from pathlib import Path

from dama.core.content.puzzle import Puzzle, PuzzleFileError, load
from dama.settings import settings

#: The club's puzzle file, in the club's folder.
CLUB_FILE = "circolo.toml"


def club_folder() -> Path:
    """The club's own puzzles: ``$DAMA_PUZZLES``, else the progress folder itself (where the
    browser edition keeps the file with the stars)."""
    return settings().puzzles or settings().home


def club_puzzles(folder: Path | None = None,
                 errors: list[PuzzleFileError] | None = None) -> list[Puzzle]:
    """The puzzles of the club's folder (none when it does not exist yet)."""
    folder = club_folder() if folder is None else Path(folder)
    if not folder.is_dir():
        return []
    return load(folder=folder, errors=errors)
