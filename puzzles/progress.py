"""Each student's attempts, kept in an SQLite file that survives crashes and corruption."""

from __future__ import annotations

import csv
import datetime as dt
import os
import re
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, TextIO

import platformdirs

from .check import Verdict
from .model import Puzzle, load

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
    rule TEXT
)
"""
COLUMNS = ("id", "timestamp", "student", "puzzle", "topic", "variant", "answer", "correct",
           "stars", "hints", "seconds", "rule")
#: The columns of nbgrader's grade export, so a class sheet opens where teachers expect it.
NBGRADER_COLUMNS = ("assignment", "duedate", "timestamp", "student_id", "last_name",
                    "first_name", "email", "raw_score", "late_submission_penalty", "score",
                    "max_score")

MESSAGES = {
    "set_aside": ("Il file dei progressi di {student} era rovinato: l'ho messo da parte come "
                  "{name} e ne ho cominciato uno nuovo. Le stelle di prima sono in quel file.",
                  "{student}'s progress file was damaged: it was set aside as {name} and a new "
                  "one was started. The earlier stars are in that file."),
}


def dama_home() -> Path:
    """Where progress is kept: ``$DAMA_HOME``, or the platform's user data folder."""
    home = os.environ.get("DAMA_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir("dama", appauthor=False))


def student_file_name(student: str) -> str:
    """A file name for a student's name: letters, digits, - and _ only."""
    safe = re.sub(r"[^\w-]+", "_", student.strip(), flags=re.UNICODE).strip("_")
    return (safe or "studente")[:60] + ".sqlite"


@dataclass(frozen=True)
class Attempt:
    id: int
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


class ProgressStore:
    """One student's progress file. Each attempt is saved in its own transaction, so a kernel
    killed mid-write loses nothing already saved; a damaged file is set aside and a new one
    begun (``message`` then says so, in Italian and English)."""

    def __init__(self, student: str, home: Path | str | None = None) -> None:
        self.student = student.strip() or "studente"
        folder = Path(home) if home is not None else dama_home()
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / student_file_name(self.student)
        self.message: dict[str, str] = {}
        self._lock = threading.Lock()
        self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.DatabaseError:
            stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            aside = self.path.with_name(f"{self.path.stem}.damaged-{stamp}.sqlite")
            self.path.replace(aside)
            for lang, text in zip(("it", "en"), MESSAGES["set_aside"]):
                self.message[lang] = text.format(student=self.student, name=aside.name)
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        # Widget handlers may run on more than one kernel thread: the connection is shared
        # between threads, one statement at a time under self._lock.
        db = sqlite3.connect(self.path, check_same_thread=False)
        try:
            db.execute("PRAGMA synchronous = FULL")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            with db:
                db.execute(SCHEMA)
            columns = tuple(row[1] for row in db.execute("PRAGMA table_info(attempt)"))
            if columns != COLUMNS:
                raise sqlite3.DatabaseError(f"unexpected columns {columns}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def record(self, puzzle: Puzzle, answer: object, verdict: Verdict, hints: int = 0,
               seconds: float = 0.0) -> None:
        """Save one attempt at once (atomically)."""
        stamp = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO attempt (timestamp, student, puzzle, topic, variant, answer, "
                "correct, stars, hints, seconds, rule) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (stamp, self.student, puzzle.id, puzzle.topic, puzzle.variant,
                 str(answer)[:200], int(verdict.correct and verdict.done), verdict.stars,
                 int(hints), float(seconds), verdict.rule))

    def attempts(self) -> list[Attempt]:
        with self._lock:
            rows = self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM attempt ORDER BY id"
                                    ).fetchall()
        return [Attempt(*row[:7], bool(row[7]), *row[8:]) for row in rows]

    def best_stars(self) -> dict[str, int]:
        """The best stars earned on each puzzle tried."""
        with self._lock:
            rows = self._db.execute("SELECT puzzle, MAX(stars) FROM attempt GROUP BY puzzle")
            return dict(rows.fetchall())

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_file(path: Path | str) -> ProgressStore:
    """The store of an existing progress file, wherever it is."""
    path = Path(path)
    store = ProgressStore.__new__(ProgressStore)
    store.path, store.message = path, {}
    store._lock = threading.Lock()
    store._db = store._connect()
    names = [a.student for a in store.attempts()[:1]]
    store.student = names[0] if names else path.stem
    return store


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
