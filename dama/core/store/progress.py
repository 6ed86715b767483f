"""Each student's attempts, kept in an SQLite file that survives crashes and corruption.

A file another program is using (a second notebook of the same child, a teacher's export, a
school's network drive) is busy, not damaged: it is waited for, and if it stays busy nothing is
moved, the attempts wait in memory and are written as soon as it is free. Only a file SQLite
itself finds damaged is set aside.

    >>> import tempfile
    >>> from dama.core.content import check, load
    >>> puzzle = load(topic="examples")[0]
    >>> with tempfile.TemporaryDirectory() as home:
    ...     with ProgressStore("Anna", home) as store:
    ...         store.record(puzzle, "22x13", check(puzzle, "22x13"))
    ...     read_best_stars(Path(home) / "Anna.sqlite")
    {'it-ex-001': 3}
"""

from __future__ import annotations

import atexit
import contextlib
import csv
import datetime as dt
import os
import re
import sqlite3
import threading
import unicodedata
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, TextIO

from damalib.i18n import N_, spoken, translator

from dama.core.content.check import Verdict
from dama.core.content.puzzle import Puzzle, load
# The browser edition keeps the progress folder in memory (BROWSER_HOME), made again from the
# browser's IndexedDB when the course starts, every write sent there (dama.core.store.browser):
# SQLite directly on the browser's drive corrupts the file.
from dama.settings import BROWSER_HOME, IN_BROWSER, dama_home

SCHEMA = """
CREATE TABLE IF NOT EXISTS attempt (
    id INTEGER PRIMARY KEY,
    timestamp TEXT NOT NULL,
    student TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    topic TEXT NOT NULL,
    variant TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    stars INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    seconds REAL NOT NULL,
    rule TEXT,
    place TEXT NOT NULL DEFAULT 'lesson'
)
"""
# Who the file belongs to: a child id made once, when the file is made, so that copies of
# one child's file from several computers are known as one child, and children who typed the
# same name (or none) on different computers are never taken for one.
META_SCHEMA = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
COLUMNS = ("id", "timestamp", "student", "puzzle", "topic", "variant", "answer", "correct",
           "stars", "hints", "seconds", "rule", "place")
#: Where an attempt was made: a lesson's exercise (its stars are the lesson's) or the
#: Palestra (its tries make the rating, the streak and the review). Files made before the
#: column have lesson attempts only, as every attempt then was read as one.
PLACES = ("lesson", "palestra")
#: The columns of a file made before ``place``: it is given the column when the child's own
#: store opens it; a teacher's read-only look reads its rows as lessons'.
OLD_COLUMNS = COLUMNS[:-1]
_SELECT = f"SELECT {', '.join(COLUMNS)} FROM attempt ORDER BY id"
_SELECT_OLD = f"SELECT {', '.join(OLD_COLUMNS)}, 'lesson' FROM attempt ORDER BY id"
_BEST = "SELECT puzzle, MAX(stars) FROM attempt WHERE place = 'lesson' GROUP BY puzzle"
_BEST_OLD = "SELECT puzzle, MAX(stars) FROM attempt GROUP BY puzzle"
#: The columns of nbgrader's grade export, so a class sheet opens where teachers expect it.
NBGRADER_COLUMNS = ("assignment", "duedate", "timestamp", "student_id", "last_name",
                    "first_name", "email", "raw_score", "late_submission_penalty", "score",
                    "max_score")
INSERT = ("INSERT INTO attempt (timestamp, student, puzzle, topic, variant, answer, correct, "
          "stars, hints, seconds, rule, place) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)")

#: Seconds a file another program holds is waited for, when opening it and when writing.
BUSY_TIMEOUT = 10.0
#: Once the file is known to be busy, each later try waits this long at most (a child is not
#: kept waiting at every answer); ``close()`` waits the whole ``busy_timeout`` again.
RETRY_TIMEOUT = 1.0
#: Seconds :func:`read_best_stars` waits for a busy file before giving up.
READ_TIMEOUT = 2.0
_BUSY_CODES = (5, 6)        # SQLITE_BUSY, SQLITE_LOCKED (an extended code keeps its low byte)
_DAMAGED_CODES = (11, 26)   # SQLITE_CORRUPT, SQLITE_NOTADB

MESSAGES = {
    "set_aside": N_("{student}'s progress file was damaged: it was set aside as {name} and a new "
                    "one was started. The earlier stars are in that file."),
    "busy": N_("{student}'s progress file is open in another window or program too, so it cannot "
               "be written just now. Today's stars are not lost: they are kept and will be saved "
               "as soon as the file is free. If another window with the exercises is open, close "
               "it."),
}


class FileBusyError(OSError):
    """A progress file another program kept busy for longer than the wait allowed (raised by
    :func:`open_file`; a student's :class:`ProgressStore` keeps the attempts and retries)."""


class _Damaged(sqlite3.DatabaseError):
    """The file opens, but SQLite's own check fails or its table is not the attempts'."""


def is_busy(error: BaseException) -> bool:
    """Whether an SQLite error only means that another connection holds the file (locked,
    busy): the file is fine, just not free yet."""
    if not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY_CODES
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _is_damage(error: BaseException) -> bool:
    """Whether SQLite found the file itself damaged, or not a database at all (an I/O error,
    a read-only folder or a full disk are not the file's fault: such a file is not moved)."""
    if isinstance(error, _Damaged):
        return True
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _DAMAGED_CODES
    return type(error) is sqlite3.DatabaseError

#: Whom the progress folder's writers tell what they wrote (the browser edition's IndexedDB,
#: see :mod:`dama.core.store.browser`); none on a computer, where the files are the record.
KEEPERS: list = []


def kept(path: Path | str) -> None:
    """Tell the keepers (if any) that the small file ``path`` of the progress folder was
    written (the name typed in the index, the best scores)."""
    for keeper in KEEPERS:
        keeper.file_saved(Path(path))


def _on_the_drive(path: Path) -> bool:
    """Whether ``path`` is on the browser site's drive, where SQLite on the file corrupts it."""
    return IN_BROWSER and Path(path).parts[:2] == ("/", "drive")


def student_file_name(student: str) -> str:
    """A file name for a student's name: letters, digits, - and _ only."""
    safe = re.sub(r"[^\w-]+", "_", student.strip(), flags=re.UNICODE).strip("_")
    return (safe or "studente")[:60] + ".sqlite"


def name_key(name: str) -> str:
    """A name as it is compared: without regard to case, accents, spaces or underscores
    ("Niccolò", "niccolo", "NICCOLO " are one name)."""
    letters = unicodedata.normalize("NFKD", str(name))
    letters = "".join(c for c in letters if not unicodedata.combining(c))
    return " ".join(re.sub(r"[\W_]+", " ", letters.casefold()).split())


def progress_files_in(folder: Path | str) -> list[Path]:
    """The progress files of ``folder`` itself (not its subfolders), those set aside as
    damaged left out."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.sqlite") if ".damaged-" not in p.name)


def student_path(home: Path | str, student: str) -> Path:
    """The progress file of ``student`` in ``home``: the one already there whose name matches
    without regard to case or accents, else a new file name."""
    wanted = name_key(Path(student_file_name(student)).stem)
    for path in progress_files_in(home):
        if name_key(path.stem) == wanted:
            return path
    return Path(home) / student_file_name(student)


@dataclass(frozen=True)
class Attempt:
    id: int | None  # None: not written yet (the file was busy)
    timestamp: str
    student: str
    puzzle: str
    topic: str
    variant: str
    answer: str
    correct: bool
    stars: int
    hints: int
    seconds: float
    rule: str | None
    place: str = "lesson"


class ProgressStore:
    """One student's progress file. Each attempt is saved in its own transaction, so a kernel
    killed mid-write loses nothing already saved, and two kernels writing the same file at
    once lose nothing either.

    A file another program keeps busy is waited for (``busy_timeout`` seconds, default
    ``BUSY_TIMEOUT``, when opening and when writing). If it stays busy, nothing is raised and
    nothing moved: ``busy`` is True, ``message`` says so (in Italian and English), and the
    attempts that could not be written wait in memory (``pending``; ``attempts()`` and
    ``best_stars()`` count them). Each later ``record()`` writes them first (waiting only
    ``RETRY_TIMEOUT`` while the file is known to be busy), ``close()`` tries a last time with
    the whole wait, and so does a kernel that ends; once they are written ``busy`` is False
    again and the message is gone. Nothing is lost as long as the kernel lives.

    Only a file SQLite finds damaged (``quick_check`` fails, "file is not a database"), or
    whose table is not the attempts', is set aside as ``<name>.damaged-<time>.sqlite`` and a
    new one begun (``message`` then says so). Other failures (a read-only folder, a full disk)
    are raised as OSError, the attempt kept in ``pending``."""

    def __init__(self, student: str, home: Path | str | None = None, *,
                 busy_timeout: float | None = None, snapshot: bool | None = None,
                 place: str = "lesson") -> None:
        if place not in PLACES:
            raise ValueError(f"place must be one of {PLACES}, not {place!r}")
        #: Where this store's attempts are made (see :data:`PLACES`).
        self.place = place
        self.student = student.strip() or "studente"
        folder = Path(home) if home is not None else dama_home()
        folder.mkdir(parents=True, exist_ok=True)
        path = student_path(folder, self.student)
        self._setup(path, busy_timeout, strict=False,
                    snapshot=_on_the_drive(path) if snapshot is None else snapshot)

    def _setup(self, path: Path, busy_timeout: float | None, strict: bool,
               snapshot: bool = False) -> None:
        self.path = path
        #: The file is kept in memory and written whole after each attempt (a browser's
        #: drive, where SQLite on the file itself corrupts it).
        self.snapshot = snapshot
        #: The file's id and name (its meta table), once checked; what the keeper is told.
        self.file_meta: dict[str, str] = {}
        self._unreadable = False
        self.busy_timeout = max(0.0, float(BUSY_TIMEOUT if busy_timeout is None
                                           else busy_timeout))
        self.message: dict[str, str] = {}
        self.busy = False
        self._says_busy = False
        # open_file: a busy file is an error (FileBusyError) and a damaged one is not moved.
        self._strict = strict
        self.place = getattr(self, "place", "lesson")
        #: Whether the file has the ``place`` column (a teacher's look leaves older ones so).
        self._has_place = True
        self._pending: list[tuple] = []
        self._checked = False
        #: The id the file was given when it was made (None in a file older than ids).
        self.child_id: str | None = None
        self._saved_attempts: list[Attempt] = []
        self._saved_best: dict[str, int] = {}
        # Widget handlers may run on more than one kernel thread: the connection is shared
        # between threads, one statement at a time under self._lock.
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = self._connect()
        try:
            with self._lock:
                self._ready(self.busy_timeout)
        except BaseException:
            self._db.close()
            raise
        _OPEN.add(self)

    # -- the file -----------------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self.snapshot:
            return self._connect_in_memory()
        # isolation_level=None: transactions are begun and ended here, explicitly. SQLite's
        # own busy handler waits for a busy file (the timeout); the journal stays a rollback
        # journal (no WAL: it does not work on network drives).
        try:
            return sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as error:
            raise OSError(f"{self.path}: {error}") from error

    def _connect_in_memory(self) -> sqlite3.Connection:
        """The file's database loaded whole into memory (empty for a new file)."""
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self._unreadable = False
        try:
            data = self.path.read_bytes() if self.path.is_file() else b""
        except OSError as error:
            db.close()
            raise OSError(f"{self.path}: {error}") from error
        if data:
            try:
                db.deserialize(data)
            except sqlite3.DatabaseError:
                self._unreadable = True  # _check finds it damaged: set aside
        return db

    def _save_snapshot(self) -> None:
        """The whole database written to the file: a new file, then put in the old one's
        place, so that a closed tab never leaves half a file."""
        part = self.path.with_name(self.path.name + ".part")
        part.write_bytes(self._db.serialize())
        os.replace(part, self.path)

    def _check(self) -> None:
        """SQLite's own check of the file, and the attempts' table (made in a new file)."""
        if self._unreadable:
            raise _Damaged("file is not a database")
        db = self._db
        db.execute("PRAGMA synchronous = FULL")
        if db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            raise _Damaged("quick_check failed")
        db.execute(SCHEMA)
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(attempt)"))
        if columns == OLD_COLUMNS and not self._strict:
            db.execute("ALTER TABLE attempt ADD COLUMN place TEXT NOT NULL DEFAULT 'lesson'")
            columns = COLUMNS
        self._has_place = columns == COLUMNS
        if columns not in (COLUMNS, OLD_COLUMNS):
            raise _Damaged(f"unexpected columns {columns}")
        if not self._strict:  # the child's own store gives its file an id; a teacher's read
            db.execute(META_SCHEMA)  # changes nothing
            db.execute("INSERT OR IGNORE INTO meta VALUES ('child_id', ?)", (uuid.uuid4().hex,))
            db.execute("INSERT OR IGNORE INTO meta VALUES ('name', ?)", (self.student,))
        self.child_id = _meta(db, "child_id")
        self.file_meta = {key: value for key in ("child_id", "name")
                          if (value := _meta(db, key)) is not None}

    def _ready(self, wait: float) -> bool:
        """Whether the file is checked (once) and can be used: False while it is busy."""
        if self._db is None:
            raise sqlite3.ProgrammingError("Cannot operate on a closed progress store.")
        set_aside = False
        while not self._checked:
            try:
                self._wait(wait)
                self._check()
            except sqlite3.Error as error:
                if is_busy(error):
                    return self._now_busy(error)
                if self._strict and _is_damage(error):
                    raise
                if set_aside or not _is_damage(error):
                    raise OSError(f"{self.path}: {error}") from error
                self._set_aside()
                set_aside = True
            else:
                self._checked = True
        return True

    def _set_aside(self) -> None:
        """Move a damaged file (and its journal, if any) aside; a new one is begun."""
        self._db.close()
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}.sqlite")
        number = 1
        while aside.exists():  # never over an earlier damaged file
            number += 1
            aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}-{number}.sqlite")
        try:
            self.path.replace(aside)
            journal = self.path.with_name(self.path.name + "-journal")
            if journal.exists():
                journal.replace(aside.with_name(aside.name + "-journal"))
        finally:
            self._db = self._connect()
        self.message = {lang: translator(lang)(MESSAGES["set_aside"], student=self.student,
                                               name=aside.name) for lang in spoken()}
        self._says_busy = False
        self._saved_attempts, self._saved_best = [], {}

    def _wait(self, seconds: float) -> None:
        """How long SQLite's busy handler waits for the file, from now on."""
        self._db.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def _patience(self) -> float:
        return min(self.busy_timeout, RETRY_TIMEOUT) if self.busy else self.busy_timeout

    def _now_busy(self, error: sqlite3.Error) -> bool:
        if self._strict:
            raise FileBusyError(f"{self.path} is being used by another program (still busy "
                                f"after {self.busy_timeout:g} s): try again when it is "
                                f"closed") from error
        self.busy, self._says_busy = True, True
        self.message = {lang: translator(lang)(MESSAGES["busy"], student=self.student)
                        for lang in spoken()}
        return False

    def _now_free(self) -> None:
        if self.busy and not self._pending:
            self.busy = False
            if self._says_busy:
                self.message, self._says_busy = {}, False

    def _write(self, wait: float) -> bool:
        """Write the attempts waiting in memory, in one transaction: True once written."""
        if not self._pending:
            return True
        if not self._ready(wait):
            return False
        db = self._db
        try:
            self._wait(wait)
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany(INSERT, self._pending)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            if is_busy(error):
                return self._now_busy(error)
            raise OSError(f"{self.path}: {error}") from error
        for keeper in KEEPERS:
            keeper.attempts_written(self.path, list(self._pending), dict(self.file_meta))
        self._pending.clear()
        if self.snapshot:
            self._save_snapshot()
        self._now_free()
        return True

    def _read(self, sql: Callable[[], str]) -> list[tuple] | None:
        """The rows of a query (``sql()``: asked once the file is checked, as the query may
        depend on its columns), or None while the file is busy."""
        wait = self._patience()
        if not self._ready(wait):
            return None
        try:
            self._wait(wait)
            rows = self._db.execute(sql()).fetchall()
        except sqlite3.Error as error:
            if is_busy(error):
                return self._now_busy(error) or None
            raise OSError(f"{self.path}: {error}") from error
        self._now_free()
        return rows

    # -- attempts -----------------------------------------------------------------------------

    def record(self, puzzle: Puzzle, answer: object, verdict: Verdict, hints: int = 0,
               seconds: float = 0.0) -> None:
        """Save one attempt at once (atomically), after any still waiting in memory. If the
        file stays busy, it waits in memory too (``pending``): nothing is raised."""
        stamp = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        row = (stamp, self.student, puzzle.id, puzzle.topic, puzzle.variant, str(answer)[:200],
               int(verdict.correct and verdict.done), verdict.stars, int(hints), float(seconds),
               verdict.rule, self.place)
        with self._lock:
            if self._db is None:
                raise sqlite3.ProgrammingError("Cannot operate on a closed progress store.")
            self._pending.append(row)
            self._write(self._patience())

    def _pending_attempts(self) -> list[Attempt]:
        return [Attempt(None, *row[:6], bool(row[6]), *row[7:]) for row in self._pending]

    @property
    def pending(self) -> list[Attempt]:
        """The attempts not written yet because the file was busy (their ``id`` is None)."""
        with self._lock:
            return self._pending_attempts()

    def attempts(self) -> list[Attempt]:
        """Every attempt, in order: those in the file (the last ones read, while it is busy),
        then those waiting in memory."""
        with self._lock:
            rows = self._read(lambda: _SELECT if self._has_place else _SELECT_OLD)
            if rows is not None:
                self._saved_attempts = [Attempt(*row[:7], bool(row[7]), *row[8:])
                                        for row in rows]
            return self._saved_attempts + self._pending_attempts()

    def best_stars(self) -> dict[str, int]:
        """The best stars earned in the lessons on each puzzle tried (those waiting in memory
        too): the Palestra's tries make its rating, not the lessons' stars."""
        with self._lock:
            rows = self._read(lambda: _BEST if self._has_place else _BEST_OLD)
            if rows is not None:
                self._saved_best = dict(rows)
            best = dict(self._saved_best)
            for row in self._pending:
                if row[11] == "lesson":
                    best[row[2]] = max(best.get(row[2], 0), row[7])
            return best

    def close(self) -> None:
        """Write what still waits in memory (waiting up to ``busy_timeout``), then let go of
        the file; attempts that still cannot be written stay in ``pending``."""
        with self._lock:
            if self._db is None:
                return
            try:
                self._write(self.busy_timeout)
            finally:
                self._db.close()
                self._db = None
        _OPEN.discard(self)

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


#: The stores open in this kernel: one that ends writes what they keep in memory.
_OPEN: weakref.WeakSet[ProgressStore] = weakref.WeakSet()


@atexit.register
def _write_pending_at_exit() -> None:
    for store in list(_OPEN):
        if store._pending:
            with contextlib.suppress(Exception):
                store.close()


def _meta(db: sqlite3.Connection, key: str) -> str | None:
    try:
        row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return None
        raise
    return str(row[0]) if row else None


def open_file(path: Path | str, busy_timeout: float | None = None) -> ProgressStore:
    """The store of an existing progress file, wherever it is (the teacher's commands). It
    never moves the file: a damaged one raises ``sqlite3.DatabaseError``, and one that another
    program keeps busy for longer than ``busy_timeout`` seconds (default ``BUSY_TIMEOUT``)
    raises :class:`FileBusyError`, an OSError saying to try again once it is closed."""
    path = Path(path)
    store = ProgressStore.__new__(ProgressStore)
    store.student = path.stem
    store._setup(path, busy_timeout, strict=True)
    try:
        names = [a.student for a in store.attempts()[:1]]
    except BaseException:
        store.close()
        raise
    store.student = names[0] if names else path.stem
    return store


def read_best_stars(path: Path | str, timeout: float | None = None) -> dict[str, int]:
    """{puzzle id: best stars} read from a progress file without changing it: the file is
    opened read-only, never created, written or moved (but a write a killed kernel left half
    done is undone first, as SQLite does at every opening). A missing or damaged file, or one
    kept busy for longer than ``timeout`` seconds (default ``READ_TIMEOUT``), gives ``{}``."""
    rows = _read_only(path, _BEST, timeout)
    if rows is None:   # a file made before the place column: every attempt was a lesson's
        rows = _read_only(path, _BEST_OLD, timeout)
    try:
        return {str(puzzle): int(stars) for puzzle, stars in rows or ()}
    except (TypeError, ValueError):
        return {}


def read_attempts(path: Path | str, timeout: float | None = None) -> list[Attempt]:
    """Every attempt of a progress file, in order, read as :func:`read_best_stars` reads (the
    file never changed); ``[]`` for a missing, damaged or busy file, or one with odd rows."""
    rows = _read_only(path, _SELECT, timeout)
    if rows is None:
        rows = _read_only(path, _SELECT_OLD, timeout)
    try:
        return [Attempt(int(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]),
                        str(row[5]), str(row[6]), bool(row[7]), int(row[8]), int(row[9]),
                        float(row[10]), None if row[11] is None else str(row[11]),
                        str(row[12]))
                for row in rows or ()]
    except (TypeError, ValueError):
        return []


def _read_only(path: Path | str, sql: str, timeout: float | None) -> list[tuple] | None:
    path = Path(path)
    if not path.is_file():
        return None
    timeout = READ_TIMEOUT if timeout is None else timeout
    uri = path.resolve().as_uri()
    for mode in ("ro", "rw"):
        try:
            db = sqlite3.connect(f"{uri}?mode={mode}", uri=True, timeout=timeout)
        except sqlite3.Error:
            return None
        try:
            return db.execute(sql).fetchall()
        except sqlite3.Error as error:
            # SQLITE_READONLY_ROLLBACK: a hot journal a read-only connection cannot undo.
            if getattr(error, "sqlite_errorcode", None) != 776:
                return None
        finally:
            db.close()
    return None


def topic_scores(attempts: Iterable[Attempt], puzzles: list[Puzzle] | None = None
                 ) -> list[dict[str, object]]:
    """One row per student and topic in nbgrader's columns: the best stars of each puzzle
    added up, out of three stars for every puzzle of the topic."""
    puzzles = load() if puzzles is None else puzzles
    per_topic: dict[str, int] = {}
    for puzzle in puzzles:
        per_topic[puzzle.topic] = per_topic.get(puzzle.topic, 0) + 1
    best: dict[tuple[str, str, str], int] = {}
    last: dict[tuple[str, str], str] = {}
    for a in attempts:
        key = (a.student, a.topic, a.puzzle)
        best[key] = max(best.get(key, 0), a.stars)
        last[(a.student, a.topic)] = max(last.get((a.student, a.topic), ""), a.timestamp)
    rows = []
    for (student, topic), timestamp in sorted(last.items()):
        score = sum(s for (st, tp, _), s in best.items() if st == student and tp == topic)
        tried = sum(1 for (st, tp, _) in best if st == student and tp == topic)
        rows.append({"assignment": topic, "duedate": "", "timestamp": timestamp,
                     "student_id": student, "last_name": "", "first_name": "", "email": "",
                     "raw_score": score, "late_submission_penalty": 0, "score": score,
                     "max_score": 3 * max(per_topic.get(topic, 0), tried)})
    return rows


def write_csv(rows: list[dict[str, object]], handle: TextIO) -> None:
    writer = csv.DictWriter(handle, fieldnames=NBGRADER_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
