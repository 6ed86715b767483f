"""The class's exchange folder on a school's server (deploy/hub/): after every attempt a child's
progress file is copied, whole, into a folder of the child's own that the teacher's account
alone can read, so that the teacher's class page shows the class live without anyone
gathering files (as nbgrader's exchange folder does for assignments).

The copy is SQLite's own backup of the file into a new file, then put in the old copy's place
in one step: the teacher's page reads either the last copy or the new one, never half of one.
The child's own file stays the record: a copy that fails (the folder gone, a full disk) is
written down in the course's log and made again at the next attempt, or when the child's
server starts (:func:`copy_all`). Nothing of this ever stops a child's answer.

    >>> import tempfile
    >>> from dama.core.content import check, load
    >>> from dama.core.store.progress import KEEPERS, ProgressStore, read_best_stars
    >>> puzzle = load(topic="examples")[0]
    >>> with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as folder:
    ...     keeper = start(home, folder)
    ...     with ProgressStore("Anna", home) as store:
    ...         store.record(puzzle, "22x13", check(puzzle, "22x13"))
    ...     keeper.stop()
    ...     read_best_stars(Path(folder) / "Anna.sqlite")
    {'it-ex-001': 3}
"""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from dama.core.store import progress

__all__ = ["ExchangeKeeper", "copy_all", "copy_progress", "start"]

log = logging.getLogger("dama")

#: The copies are the teacher's to read (the folder's group), never the other children's.
COPY_MODE = 0o640


def copy_progress(path: Path | str, folder: Path | str) -> Path:
    """``path`` (a progress file) copied whole into ``folder`` under the same name, replacing
    the copy there in one step; returns the copy's path. Raises OSError or sqlite3.Error."""
    path, folder = Path(path), Path(folder)
    target = folder / path.name
    part = folder / f".{path.name}.{os.getpid()}.part"
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                             timeout=progress.READ_TIMEOUT)
    try:
        copy = sqlite3.connect(part)
        try:
            source.backup(copy)
        finally:
            copy.close()
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    part.chmod(COPY_MODE)
    os.replace(part, target)
    return target


def copy_all(home: Path | str, folder: Path | str) -> list[Path]:
    """Every progress file of ``home`` copied into ``folder`` (a server that starts brings
    the exchange up to date, whatever happened to the last copy); returns the copies made."""
    made = []
    for path in progress.progress_files_in(home):
        try:
            made.append(copy_progress(path, folder))
        except (OSError, sqlite3.Error) as error:
            log.error("the class's copy of %s was not made: %s", path.name, error)
    return made


class ExchangeKeeper:
    """Told by the progress store of every attempt written (``progress.KEEPERS``): copies the
    child's file of ``home`` into the exchange ``folder``. ``stop()`` lets go."""

    def __init__(self, home: Path | str, folder: Path | str) -> None:
        self.home = Path(home)
        self.folder = Path(folder)

    def attempts_written(self, path: Path, rows: list[tuple], meta: dict[str, str]) -> None:
        if Path(path).parent != self.home:
            return  # a file elsewhere (a teacher's look at one) is not this child's progress
        try:
            copy_progress(path, self.folder)
        except (OSError, sqlite3.Error) as error:
            log.error("the class's copy of %s was not made: %s", Path(path).name, error)

    def file_saved(self, path: Path) -> None:
        """The small files (the best scores) are the child's view's, not the class's."""

    def stop(self) -> None:
        if self in progress.KEEPERS:
            progress.KEEPERS.remove(self)


def start(home: Path | str, folder: Path | str) -> ExchangeKeeper:
    """Copy every later attempt of ``home`` (the progress folder) into ``folder`` (the child's
    folder of the class's exchange, ``$DAMA_EXCHANGE``: dama.settings). Started again for the
    same folders (a lesson's cells run once more), it adds nothing."""
    home, folder = Path(home), Path(folder)
    for keeper in progress.KEEPERS:
        if isinstance(keeper, ExchangeKeeper) and (keeper.home, keeper.folder) == (home, folder):
            return keeper
    keeper = ExchangeKeeper(home, folder)
    progress.KEEPERS.append(keeper)
    return keeper

