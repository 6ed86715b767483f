"""Who the child is: the name the stars are saved under.

On a school's server the child is the account the child logged in with
(``$JUPYTERHUB_USER``): nothing to type. On a computer of one's own it is the name typed in the
index (kept in the progress folder, :data:`STUDENT_FILE`), unless the course was started since
with another ``$DAMA_STUDENT`` (a new pair at the computer), then ``$DAMA_STUDENT``, then
:data:`DEFAULT_STUDENT`.
"""

from __future__ import annotations

import json

from dama.core.store.progress import kept, read_best_stars, student_path
from dama.settings import settings

DEFAULT_STUDENT = "studente"
#: The file, in the progress folder, that remembers the name typed in the index.
STUDENT_FILE = "course-student.json"


def account() -> str | None:
    """The name a school's server logged the child in with, or None on a computer of one's
    own."""
    return settings().hub_user


def logout_url() -> str:
    """Where the logged-in child logs out (the hub's page), for the next child."""
    return settings().logout_url


def greeting_key(name: str) -> str:
    """Which words tell a page's child whose stars these are: the account's on a school's
    server (``playing_as_account``), the typed name's (``playing_as``), or the request for
    one (``no_name``)."""
    if account():
        return "playing_as_account"
    return "no_name" if name == DEFAULT_STUDENT else "playing_as"


def student() -> str:
    """The name the stars are saved under (see the module's docstring)."""
    logged_in = account()
    if logged_in:
        return logged_in
    given = settings().student
    try:
        saved = json.loads((settings().home / STUDENT_FILE).read_text(encoding="utf-8"))
        typed, typed_env = str(saved.get("name", "")).strip(), str(saved.get("env", ""))
    except (OSError, ValueError, AttributeError):
        typed, typed_env = "", ""
    if typed and typed_env == given:
        return typed
    return given or typed or DEFAULT_STUDENT


def set_student(name: str) -> str:
    """Remember the name typed in the index for every lesson (an empty name forgets it)."""
    name = " ".join(str(name).split())[:60]
    home = settings().home
    home.mkdir(parents=True, exist_ok=True)
    record = {"name": name, "env": settings().student}
    (home / STUDENT_FILE).write_text(json.dumps(record, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    kept(home / STUDENT_FILE)
    return name or student()


def best_stars(name: str | None = None) -> dict[str, int]:
    """{puzzle id: best stars} from the student's progress file, only read: never created,
    written or moved. Empty if there is none, or if it is damaged or kept busy by another
    program (the exercises, not this, set a damaged file aside)."""
    name = name or student()
    try:
        return read_best_stars(student_path(settings().home, name))
    except Exception:  # an unreadable folder must not stop a lesson
        return {}
