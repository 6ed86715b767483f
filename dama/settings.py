"""The course's settings, read from the environment in this one place.

Every setting the course takes from outside comes through :func:`settings`: the progress
folder, the student's name given by the computer, the class folder the teacher's page reads,
the class's exchange folder on a school's server, the club's folders, the language, and who
the school's server logged in. Nothing here starts anything: reading the settings changes
nothing on the disk.

    >>> found = Settings.from_environment({"DAMA_HOME": "/srv/scuola/sofia",
    ...                                    "JUPYTERHUB_USER": "sofia"})
    >>> found.home.as_posix(), found.hub_user, found.exchange
    ('/srv/scuola/sofia', 'sofia', None)
    >>> found.logout_url
    '/hub/logout'
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

#: The variables the course reads, and what each one gives.
VARIABLES = {
    "DAMA_HOME": "the progress folder (the stars, the working copy of the lessons)",
    "DAMA_STUDENT": "the student's name a computer starts the course with",
    "DAMA_CLASS_FOLDER": "the folder of the children's progress files the class page reads",
    "DAMA_CLASS_ACCOUNTS": "on a school's server, 1: the class folder holds a folder per account",
    "DAMA_EXCHANGE": "on a school's server, the child's folder in the class's exchange",
    "DAMA_GAMES": "the club's folder of game files (the analysis page)",
    "DAMA_PUZZLES": "the club's folder of its own puzzles",
    "DAMA_LANG": "the language of the course's first page (it, en)",
    "DAMA_START_VIEW": "the view a visit opens on when its address names none (it/classe)",
    "JUPYTERHUB_USER": "on a school's server, the account the child logged in with",
    "JUPYTERHUB_BASE_URL": "on a school's server, where the hub's pages are",
}

#: Where the browser edition keeps the progress folder (its Python's own file system).
BROWSER_HOME = Path("/dama")
#: Whether the course runs in the browser's Python (Pyodide), the browser edition.
IN_BROWSER = sys.platform == "emscripten"


def _path(value: str | None) -> Path | None:
    value = (value or "").strip()
    return Path(value) if value else None


def _default_home() -> Path:
    if IN_BROWSER:
        return BROWSER_HOME
    import platformdirs   # the platform's user data folder (~/.local/share/dama on Linux)

    return Path(platformdirs.user_data_dir("dama", appauthor=False))


@dataclass(frozen=True)
class Settings:
    """What the environment says, each variable of :data:`VARIABLES` read and tidied."""

    home: Path
    student: str = ""
    class_folder: Path | None = None
    class_by_account: bool = False
    exchange: Path | None = None
    games: Path | None = None
    puzzles: Path | None = None
    lang: str = "it"
    start_view: str = ""
    hub_user: str | None = None
    hub_base_url: str = "/"

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> Settings:
        """The settings ``environ`` gives (``os.environ`` for the process's own)."""
        def text(name: str) -> str:
            return (environ.get(name) or "").strip()

        return cls(home=_path(environ.get("DAMA_HOME")) or _default_home(),
                   student=text("DAMA_STUDENT"),
                   class_folder=_path(environ.get("DAMA_CLASS_FOLDER")),
                   class_by_account=text("DAMA_CLASS_ACCOUNTS") == "1",
                   exchange=_path(environ.get("DAMA_EXCHANGE")),
                   games=_path(environ.get("DAMA_GAMES")),
                   puzzles=_path(environ.get("DAMA_PUZZLES")),
                   lang=text("DAMA_LANG") or "it",
                   start_view=text("DAMA_START_VIEW"),
                   hub_user=text("JUPYTERHUB_USER") or None,
                   hub_base_url=text("JUPYTERHUB_BASE_URL") or "/")

    @property
    def on_a_hub(self) -> bool:
        """Whether a school's server logged a child in: the child is the account."""
        return self.hub_user is not None

    @property
    def logout_url(self) -> str:
        """Where the logged-in child logs out, for the next child at the computer."""
        return self.hub_base_url.rstrip("/") + "/hub/logout"


_read: tuple[tuple[str | None, ...], Settings] | None = None


def settings() -> Settings:
    """The settings of this process. The environment is read once, and again only if one of
    the course's variables has changed since (a test, a teacher's notebook that sets
    ``DAMA_HOME``)."""
    global _read
    values = tuple(os.environ.get(name) for name in VARIABLES)
    if _read is None or _read[0] != values:
        _read = (values, Settings.from_environment(os.environ))
    return _read[1]


def dama_home() -> Path:
    """The progress folder: ``$DAMA_HOME``, else the platform's user data folder (in a
    browser, :data:`BROWSER_HOME`)."""
    return settings().home
