"""A class's progress: the children's progress files read together, for the teacher's class
page and the class's exports.

Files are read, never written or moved: each is read from a copy in a scratch folder (with
the journal a write cut short left beside it), so that a teacher's folder is exactly as it was.
A file that is not a progress file (another program's database, an empty file) is listed as
such and left out.

Copies of one child's file (downloaded from the browser edition, copied around) are one child:
they share the id the file was given when it was made. Files with other ids and a name typed
alike (without regard to case or accents) may be one child on two computers or two children
called Sofia: they stay apart, marked as namesakes (``Child.namesakes``), until the teacher
joins them (``join``: the names to join, or True for every one). Children who typed no name are
told apart by their files' ids, so they never collapse into one.
"""

from __future__ import annotations

import csv
import re
import datetime as dt
import io
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field, replace
from html import escape
from pathlib import Path
from typing import Iterable, Sequence

from damalib.rulenames import rule_name
from damalib.i18n import NC_, N_, Said, pick, translator
from dama.text import say

from dama.core.content.lessons import lesson_label
from dama.core.content.puzzle import Puzzle, load
from dama.core.store.ratings import RatingBook, practised, tries
from dama.core.store.progress import (NBGRADER_COLUMNS, Attempt, FileBusyError, is_busy, name_key,
                       open_file)
from dama.core.store.glicko import Rating

#: Names a child has when none was typed: such files are one child only by their id.
NO_NAME = {name_key(n) for n in ("", "studente", "student")}

MESSAGES = {
    "damaged": N_("the file is damaged and cannot be read"),
    "busy": N_("the file is in use by another program: try again once it is closed"),
    "unreadable": N_("the file cannot be read ({error})"),
    "not_course": N_("not a progress file of the course: another program's file, or empty"),
    "not_progress": N_("is not a progress file (.sqlite)"),
    "missing": N_("there is no such file"),
    "left_out": N_("left out: a class folder holds one folder per account, with that account's "
                   "own progress file and nothing else"),
    "no_name": N_("no name"),
    # A name typed on two computers: one child or two, for the teacher to say.
    "namesake": N_("{name} ({n} of {of})"),
    "child": N_("Student"),
    "exercise": N_("Exercise {n}"),
    "stars": N_("Stars"),
    "out_of": N_("Out of"),
    "last": N_("Last attempt"),
    "tries": N_("Attempts"),
    "lesson": N_("Lesson"),
    "chart_title": N_("Stars by lesson, among those who tried it"),
    "note": N_("Note"),
    "legend": N_("In an exercise's column: 3, 2 or 1 the stars earned; 0 tried but not solved "
                 "yet; empty not tried."),
    "place_lesson": N_("lesson"),
    "place_palestra": N_("Practice"),
}


@dataclass(frozen=True)
class LessonInfo:
    """What the class page needs of a lesson: its number, title and exercises in order."""

    number: int
    title: dict[str, str]
    exercises: tuple[str, ...]

    def label(self, lang: str) -> str:
        return lesson_label(self.number, pick(self.title, lang) if self.title else "", lang)


@dataclass
class Child:
    """One child of the class, from one or more progress files."""

    name: str
    ids: set[str] = field(default_factory=set)
    files: list[Path] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    #: How many children of the class typed this name on other computers and are not joined
    #: (1: the name is this child's alone), and which of them this one is (from 1).
    namesakes: int = 1
    namesake: int = 1

    @property
    def named(self) -> bool:
        return name_key(self.name) not in NO_NAME

    def label(self, lang: str = "it") -> str:
        """The child's name («Sofia · 1 di 2: stesso nome, altro computer» for a name typed
        on other computers too), or for a child who typed none, which file it is."""
        if not self.named:
            return f"({say(MESSAGES, 'no_name', lang)}: {', '.join(p.stem for p in self.files)})"
        if self.namesakes > 1:
            return say(MESSAGES, "namesake", lang, name=self.name, n=self.namesake, of=self.namesakes)
        return self.name

    @property
    def lesson_attempts(self) -> list[Attempt]:
        """The attempts made in the lessons: the stars and the lesson sheets count these;
        the Palestra's make its rating only."""
        return [a for a in self.attempts if a.place == "lesson"]

    def best(self) -> dict[str, int]:
        best: dict[str, int] = {}
        for a in self.lesson_attempts:
            best[a.puzzle] = max(best.get(a.puzzle, 0), a.stars)
        return best


@dataclass(frozen=True)
class Problem:
    """A file that could not be read, and why (said in any language: ``reason.text(lang)``)."""

    file: str
    reason: Said

    def text(self, lang: str = "it") -> str:
        return f"{self.file}: {self.reason.text(lang)}"


@dataclass(frozen=True)
class Missed:
    """An exercise the class got wrong: how often, by how many children, and its rule."""

    puzzle: str
    lesson: int
    position: int           # the exercise's number in its lesson, from 1
    wrong: int              # wrong attempts, all children together
    children: int           # children who got it wrong at least once
    solved: int             # of those, how many solved it after
    rule: str | None
    tried: int = 0          # children who tried it at all

    @property
    def share(self) -> float:
        """The share of the children who tried it that got it wrong (0 to 1)."""
        return self.children / self.tried if self.tried else 0.0

    def rule_text(self, lang: str = "it") -> str:
        return f"{rule_name(self.rule, lang)} ({self.rule})" if self.rule else ""


#: The columns of one child's attempts sheet (dama progress export --attempts), headed so.
ATTEMPT_COLUMNS = {"timestamp": NC_("column", "Time"), "student": NC_("column", "Name typed"),
                   "puzzle": NC_("column", "Exercise"), "topic": NC_("column", "Topic"),
                   "answer": NC_("column", "Answer"), "correct": NC_("column", "Right"),
                   "stars": NC_("column", "Stars"), "hints": NC_("column", "Hints"),
                   "seconds": NC_("column", "Seconds"), "rule": NC_("column", "Rule"),
                   "place": NC_("column", "Where")}


def _sheet_writer(out, lang: str):
    # Translators: the separator of a table's columns in your country's spreadsheets
    # ("," for English; ";" where a comma writes decimals, as in Italy).
    return csv.writer(out, delimiter=translator(lang).context("csv separator", ","),
                      lineterminator="\r\n")


def sheet_bytes(text: str) -> bytes:
    """A spreadsheet's text as its file: UTF-8 with the byte-order mark."""
    return text.encode("utf-8-sig")


def _local(timestamp: str) -> dt.datetime | None:
    """A stored time (UTC) in the computer's own time zone; None for one unreadable."""
    try:
        moment = dt.datetime.fromisoformat(timestamp)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.timezone.utc)
    return moment.astimezone()


def local_day(timestamp: str) -> dt.date:
    """The day of a stored time in the computer's own time zone."""
    moment = _local(timestamp)
    return moment.date() if moment else dt.date.min


def local_time(timestamp: str) -> str:
    """A stored time in the computer's own time zone: 2026-12-01 14:05."""
    moment = _local(timestamp)
    return moment.strftime("%Y-%m-%d %H:%M") if moment else timestamp


def catalogue_lessons() -> list[LessonInfo]:
    """The course's lessons, from the lesson catalogue shipped with the puzzles."""
    from dama.core.content.lessons import load_lessons

    return [LessonInfo(l.number, dict(l.title), tuple(l.exercises)) for l in load_lessons()]


class ClassProgress:
    """The children of a class, each with every attempt from every file of theirs."""

    def __init__(self, children: list[Child], problems: list[Problem],
                 lessons: Sequence[LessonInfo], puzzles: dict[str, Puzzle]) -> None:
        self.children = children
        self.problems = problems
        self.lessons = list(lessons)
        self.puzzles = puzzles

    # -- stars ---------------------------------------------------------------------------

    def practice_ratings(self) -> list[Rating | None]:
        """Each child's Palestra rating (in the order of ``children``), worked out as the
        Palestra does from every child's first tries; None for a child with none rated."""
        book = RatingBook.replay(practised(self.puzzles.values()),
                                 {f"child {i}": tries(c.attempts)
                                  for i, c in enumerate(self.children)})
        return [book.children.get(name_key(f"child {i}")) for i in range(len(self.children))]

    def stars(self, child: Child, lesson: LessonInfo) -> tuple[int, int]:
        """The stars ``child`` has in ``lesson``, and the most there are."""
        best = child.best()
        return sum(best.get(p, 0) for p in lesson.exercises), 3 * len(lesson.exercises)

    def lesson_totals(self) -> list[tuple[LessonInfo, int, int, int]]:
        """Each lesson with the stars of the children who tried it, the most they could
        have, and how many they are."""
        out = []
        for lesson in self.lessons:
            tried = [child for child in self.children if self.tried(child, lesson)]
            got = sum(self.stars(child, lesson)[0] for child in tried)
            out.append((lesson, got, 3 * len(lesson.exercises) * len(tried), len(tried)))
        return out

    def tried_lessons(self) -> list[LessonInfo]:
        """The lessons at least one child of the class tried."""
        return [lesson for lesson in self.lessons
                if any(self.tried(child, lesson) for child in self.children)]

    def only(self, child: Child) -> ClassProgress:
        """The same, for one child alone (a parent's or one student's sheet)."""
        return ClassProgress([child], [], self.lessons, self.puzzles)

    def tried(self, child: Child, lesson: LessonInfo) -> bool:
        ids = set(lesson.exercises)
        return any(a.puzzle in ids for a in child.lesson_attempts)

    # -- where the class is stuck --------------------------------------------------------

    def most_missed(self, limit: int | None = 5, lesson: int | None = None,
                    since: dt.date | None = None) -> list[Missed]:
        """The exercises the class missed most: those most of the children who tried them
        got wrong, first (then by how many children, then by wrong attempts); only
        ``lesson``'s, and only attempts made on ``since`` or after (the computer's own
        days), when given: what to take up again tomorrow."""
        where = {p: (item.number, i) for item in self.lessons
                 if lesson is None or item.number == lesson
                 for i, p in enumerate(item.exercises, 1)}
        missed = []
        for puzzle_id, (number, position) in where.items():
            wrong = children = solved = tried = 0
            for child in self.children:
                mine = [a for a in child.lesson_attempts if a.puzzle == puzzle_id
                        and (since is None or local_day(a.timestamp) >= since)]
                bad = sum(1 for a in mine if not a.correct)
                tried += bool(mine)
                wrong += bad
                children += bad > 0
                first_wrong = next((i for i, a in enumerate(mine) if not a.correct), None)
                solved += first_wrong is not None and any(a.correct
                                                          for a in mine[first_wrong:])
            if wrong:
                puzzle = self.puzzles.get(puzzle_id)
                rules = puzzle.rules if puzzle else ()
                missed.append(Missed(puzzle_id, number, position, wrong, children, solved,
                                     rules[0] if rules else None, tried))
        missed.sort(key=lambda m: (-m.share, -m.children, -m.wrong, m.lesson, m.position))
        return missed[:limit]

    def detail(self, child: Child) -> list[dict[str, object]]:
        """Every exercise of every lesson ``child`` tried: best stars, attempts, last time."""
        rows = []
        for lesson in self.lessons:
            for position, puzzle_id in enumerate(lesson.exercises, 1):
                mine = [a for a in child.lesson_attempts if a.puzzle == puzzle_id]
                if not mine:
                    continue
                rows.append({"lesson": lesson.number, "position": position,
                             "puzzle": puzzle_id, "stars": max(a.stars for a in mine),
                             "tries": len(mine),
                             "wrong": sum(1 for a in mine if not a.correct),
                             "last": local_time(max(a.timestamp for a in mine))})
        return rows

    # -- exports -------------------------------------------------------------------------

    def lesson_csv(self, number: int, lang: str = "it") -> str:
        """One lesson as a spreadsheet: a row a child, the stars of each exercise, the
        lesson's stars out of the most, and the last attempt in local time; a file that
        could not be read keeps its row, with the reason; a last line says what 0 and an
        empty cell mean."""
        lesson = self.lesson(number)
        out = io.StringIO()
        writer = _sheet_writer(out, lang)
        count = len(lesson.exercises)
        writer.writerow([say(MESSAGES, "child", lang)] +
                        [say(MESSAGES, "exercise", lang, n=i) for i in range(1, count + 1)]
                        + [say(MESSAGES, "stars", lang), say(MESSAGES, "out_of", lang), say(MESSAGES, "last", lang),
                           say(MESSAGES, "note", lang)])
        for child in self.children:
            best = child.best()
            ids = set(lesson.exercises)
            times = [a.timestamp for a in child.lesson_attempts if a.puzzle in ids]
            got, most = self.stars(child, lesson)
            writer.writerow([child.label(lang)] + [best.get(p, "") for p in lesson.exercises]
                            + [got, most, local_time(max(times)) if times else "", ""])
        for problem in self.problems:   # the child is there, the file could not be read
            writer.writerow([Path(problem.file).stem] + [""] * (count + 3)
                            + [f"{problem.file}: {problem.reason.text(lang)}"])
        writer.writerow([])
        writer.writerow([say(MESSAGES, "legend", lang)])
        return out.getvalue()

    def lesson_sheet(self, number: int, lang: str = "it") -> bytes:
        """:meth:`lesson_csv` as the file a spreadsheet opens: UTF-8 with its mark (Excel
        reads «Niccolò» right only with it). The page and the command line write these
        bytes."""
        return sheet_bytes(self.lesson_csv(number, lang))

    def nbgrader_rows(self) -> list[dict[str, object]]:
        """One row per child and lesson tried, in nbgrader's grade-export columns."""
        rows = []
        for lesson in self.lessons:
            ids = set(lesson.exercises)
            for child in self.children:
                times = [a.timestamp for a in child.lesson_attempts if a.puzzle in ids]
                if not times:
                    continue
                got, most = self.stars(child, lesson)
                rows.append({"assignment": f"{lesson.number:02d}", "duedate": "",
                             "timestamp": local_time(max(times)),
                             "student_id": child.label("it"), "last_name": "",
                             "first_name": "", "email": "", "raw_score": got,
                             "late_submission_penalty": 0, "score": got, "max_score": most})
        return rows

    def attempts_sheet(self, child: Child, lang: str = "it") -> bytes:
        """Every attempt of ``child`` as a spreadsheet in ``lang``: local times, whole
        seconds, «sì»/«no», where it was made."""
        _ = translator(lang)
        out = io.StringIO()
        writer = _sheet_writer(out, lang)
        writer.writerow([_.context(*heading) for heading in ATTEMPT_COLUMNS.values()])
        for a in child.attempts:
            values = {"timestamp": local_time(a.timestamp), "student": a.student,
                      "puzzle": a.puzzle, "topic": a.topic, "answer": a.answer,
                      "correct": _("yes") if a.correct else _("no"), "stars": a.stars,
                      "hints": a.hints, "seconds": round(a.seconds),
                      "rule": a.rule or "",
                      "place": say(MESSAGES, "place_palestra" if a.place == "palestra" else "place_lesson",
                                  lang)}
            writer.writerow([values[name] for name in ATTEMPT_COLUMNS])
        return sheet_bytes(out.getvalue())

    def nbgrader_csv(self) -> str:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=NBGRADER_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.nbgrader_rows())
        return out.getvalue()

    def lesson(self, number: int) -> LessonInfo:
        for lesson in self.lessons:
            if lesson.number == number:
                return lesson
        raise KeyError(number)

    def child(self, name: str) -> Child | None:
        """The child called ``name``, without regard to case or accents."""
        key = name_key(name)
        return next((c for c in self.children if name_key(c.name) == key), None)

    # -- the chart -----------------------------------------------------------------------

    def chart_svg(self, lang: str = "it", width: int = 640) -> str:
        """A bar a lesson: the share of the stars the class has earned in it."""
        totals = [(lesson, got, most, tried)
                  for lesson, got, most, tried in self.lesson_totals() if tried]
        bar, gap, left, top = 24, 8, 96, 34
        height = top + len(totals) * (bar + gap) + 10
        span = width - left - 150
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" role="img" class="dama-class-chart" '
                 f'font-family="DejaVu Sans, Arial, sans-serif" font-size="13">',
                 f"<title>{escape(say(MESSAGES, 'chart_title', lang))}</title>",
                 f'<text x="0" y="20" font-size="15" font-weight="bold">'
                 f"{escape(say(MESSAGES, 'chart_title', lang))}</text>"]
        for row, (lesson, got, most, tried) in enumerate(totals):
            y = top + row * (bar + gap)
            share = got / most if most else 0.0
            parts.append(f'<text x="{left - 8}" y="{y + 17}" text-anchor="end">'
                         f"{escape(say(MESSAGES, 'lesson', lang))} {lesson.number}</text>")
            parts.append(f'<rect x="{left}" y="{y}" width="{span}" height="{bar}" '
                         f'fill="#eeeeee" stroke="#999999"/>')
            parts.append(f'<rect x="{left}" y="{y}" width="{round(span * share, 1)}" '
                         f'height="{bar}" fill="#2b6cb0" data-lesson="{lesson.number}" '
                         f'data-stars="{got}" data-most="{most}"/>')
            who = translator(lang).plural("{n} student", "{n} students", tried)
            parts.append(f'<text x="{left + span + 6}" y="{y + 17}">{round(100 * share)}% · '
                         f"{who}</text>")
        parts.append("</svg>")
        return "".join(parts)


def _merge(children: list[Child], join: Iterable[str] | bool = ()) -> list[Child]:
    """Children that share a file id are one child; so are those with a name typed alike
    that the teacher joins (``join``: names, or True for all), and files that carry no id
    (made before files had one) with the name's child. The others with one name are
    namesakes: numbered, for the teacher to tell apart or join."""
    joined = join if join is True else {name_key(n) for n in join}
    parent = list(range(len(children)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    by_key: dict[str, int] = {}
    for i, child in enumerate(children):
        keys = [f"id:{cid}" for cid in child.ids]
        if child.named and (joined is True or name_key(child.name) in joined or not child.ids):
            keys.append(f"name:{name_key(child.name)}")
        for key in keys:
            if key in by_key:
                parent[root(i)] = root(by_key[key])
            else:
                by_key[key] = i
    groups: dict[int, list[Child]] = {}
    for i, child in enumerate(children):
        groups.setdefault(root(i), []).append(child)
    merged = []
    for group in groups.values():
        seen: dict[tuple, Attempt] = {}
        for child in group:
            for a in child.attempts:
                # Copies of one file hold the same rows (the same row ids); two attempts
                # alike in the same second are still two.
                seen.setdefault((a.id, a.timestamp, a.puzzle, a.answer, a.stars, a.hints,
                                 a.seconds, a.place), a)
        # In one second, the rows keep the order they were written in (their ids).
        attempts = sorted(seen.values(), key=lambda a: (a.timestamp, a.id or 0, a.puzzle))
        named = [c for c in group if c.named]
        # The name as written with a capital, if one of the files has it, else the latest.
        name = (max(named, key=lambda c: (c.name[:1].isupper(),
                                           max((a.timestamp for a in c.attempts), default="")))
                .name if named else group[0].name)
        merged.append(Child(name, set().union(*(c.ids for c in group)),
                            [p for c in group for p in c.files], attempts))
    merged.sort(key=lambda c: (not c.named, name_key(c.name), [str(p) for p in c.files]))
    # An id-less file joined its name's first child above; the rest with one name apart.
    by_name: dict[str, list[Child]] = {}
    for child in merged:
        if child.named:
            by_name.setdefault(name_key(child.name), []).append(child)
    for same in by_name.values():
        for number, child in enumerate(same, 1):
            child.namesakes, child.namesake = len(same), number
    return merged


#: What a write cut short leaves beside a database: read with it, so that it is undone in the
#: copy as SQLite undoes it at an opening.
_BESIDE = ("-journal", "-wal", "-shm")


def _copied(path: Path, scratch: Path, number: int) -> Path:
    """A copy of ``path`` in ``scratch``: the class is read from copies, so that a teacher's
    folder is never written to, not even by SQLite. The file is copied under a read-only
    connection's shared lock, so no write is half in it (another program writing keeps it
    busy: FileBusyError after ``progress.BUSY_TIMEOUT`` seconds); a write a killed program
    cut short is copied with its journal, and undone in the copy."""
    from dama.core.store import progress

    copy = scratch / f"{number}-{path.name}"
    reader = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True,
                             timeout=progress.BUSY_TIMEOUT, isolation_level=None)
    try:
        try:
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as error:
            if is_busy(error):
                raise FileBusyError(str(error)) from None
            # Not a database, or a hot journal a read-only connection cannot undo: copied
            # as it is (with the journal), the copy tells which.
        shutil.copyfile(path, copy)
        for suffix in _BESIDE:
            beside = path.with_name(path.name + suffix)
            if beside.is_file():
                shutil.copyfile(beside, copy.with_name(copy.name + suffix))
    finally:
        reader.close()
    return copy


def _is_progress(copy: Path) -> bool:
    """Whether ``copy`` is a progress file (it has the attempts' table), not another
    program's database or an empty file; sqlite3.DatabaseError for a damaged one."""
    db = sqlite3.connect(copy)
    try:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        db.close()
    return "attempt" in tables


def _read(path: Path, shown: str, scratch: Path, number: int) -> Child | Problem:
    if not path.is_file():
        return Problem(shown, Said(MESSAGES["missing"]))
    if path.suffix.lower() != ".sqlite" and not shown.lower().endswith(".sqlite"):
        return Problem(shown, Said(MESSAGES["not_progress"]))
    try:
        copy = _copied(path, scratch, number)
        if not _is_progress(copy):
            return Problem(shown, Said(MESSAGES["not_course"]))
        with open_file(copy) as store:
            attempts = store.attempts()
            child_id = store.child_id
            name = store.student
    except FileBusyError:
        return Problem(shown, Said(MESSAGES["busy"]))
    except sqlite3.DatabaseError:
        return Problem(shown, Said(MESSAGES["damaged"]))
    except OSError as error:
        return Problem(shown, Said(MESSAGES["unreadable"], error=error.strerror or str(error)))
    if attempts:
        name = attempts[-1].student
    return Child(name, {child_id} if child_id else set(), [Path(shown)], attempts)


def progress_files(folder: Path) -> list[Path]:
    """The progress files of a teacher's folder, its subfolders' too (one per computer)."""
    return sorted((p for p in folder.rglob("*.sqlite") if ".damaged-" not in p.name),
                  key=lambda p: p.relative_to(folder).parts)


def folder_state(folder: Path) -> tuple[tuple[str, int, int, int], ...]:
    """What changes whenever a progress file of ``folder`` (or of its subfolders) is written,
    replaced, added or removed: a page that shows the folder live reads it again then."""
    state = []
    for path in progress_files(folder):
        try:
            info = path.stat()
        except OSError:
            continue   # gone between the listing and now: the next look says so
        state.append((path.relative_to(folder).as_posix(), info.st_ino, info.st_mtime_ns,
                      info.st_size))
    return tuple(state)


#: An account's name on a school's server (deploy/hub/jupyterhub_config.py).
_ACCOUNT = re.compile(r"[a-z][a-z0-9_-]{0,23}")


def account_files(folder: Path) -> tuple[dict[str, Path], list[str]]:
    """A school's server's class folder read by account: each account's folder gives that
    account's own progress file (``<account>/<account>.sqlite``, which only the account's
    own server writes); everything else found there (another file, a subfolder, a file at
    the top) is named, to be left out.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> for name in ("sofia/sofia.sqlite", "luca/sofia.sqlite", "luca/luca.sqlite",
    ...              "luca/x/maestra.sqlite", "maestra.sqlite"):
    ...     (root / name).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (root / name).write_bytes(b"")
    >>> found, others = account_files(root)
    >>> sorted(found), others
    (['luca', 'sofia'], ['luca/sofia.sqlite', 'luca/x', 'maestra.sqlite'])
    """
    found: dict[str, Path] = {}
    others: list[str] = []
    for entry in sorted(folder.iterdir()):
        if not (entry.is_dir() and not entry.is_symlink() and _ACCOUNT.fullmatch(entry.name)):
            others.append(entry.name)
            continue
        own = f"{entry.name}.sqlite"
        beside = {own + suffix for suffix in _BESIDE}
        for inner in sorted(entry.iterdir()):
            if inner.name == own and inner.is_file() and not inner.is_symlink():
                found[entry.name] = inner
            elif inner.name not in beside and ".damaged-" not in inner.name:
                others.append(f"{entry.name}/{inner.name}")
    return found, others


def load_accounts(folder: Path, lessons: Sequence[LessonInfo] | None = None,
                  puzzles: Iterable[Puzzle] | None = None) -> ClassProgress:
    """The class of a school's server's class folder: a row per account, named by the
    account (never by the name inside a file), from that account's own file alone; what
    else is in the folder is listed in ``problems``, left out."""
    found, others = account_files(folder)
    children: list[Child] = []
    problems = [Problem(name, Said(MESSAGES["left_out"])) for name in others]
    with tempfile.TemporaryDirectory() as scratch_name:
        for number, (account, path) in enumerate(sorted(found.items()), 1):
            read = _read(path, f"{account}/{path.name}", Path(scratch_name), number)
            if isinstance(read, Problem):
                problems.append(read)
                continue
            attempts = [replace(a, student=account) for a in read.attempts]
            children.append(Child(account, {f"account:{account}"}, read.files, attempts))
    return ClassProgress(_merge(children), problems,
                         catalogue_lessons() if lessons is None else lessons,
                         {p.id: p for p in (load() if puzzles is None else puzzles)})


def load_class(sources: Iterable[Path | str | tuple[str, bytes]],
               lessons: Sequence[LessonInfo] | None = None,
               puzzles: Iterable[Puzzle] | None = None,
               join: Iterable[str] | bool = ()) -> ClassProgress:
    """The class made of ``sources``: progress files, folders of them (and of subfolders),
    or uploaded files as (name, bytes). Nothing is written to them. Damaged files and files
    that are not progress files are listed in ``problems`` and left out. ``join``: the
    names typed on several computers that are one child (True: every such name)."""
    children: list[Child | Problem] = []
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        number = 0
        for source in sources:
            if isinstance(source, tuple):
                name, data = source
                if not str(name).lower().endswith(".sqlite"):
                    children.append(Problem(str(name), Said(MESSAGES["not_progress"])))
                    continue
                number += 1
                upload = scratch / f"upload-{number}-{Path(str(name)).name}"
                upload.write_bytes(bytes(data))
                children.append(_read(upload, str(name), scratch, number))
                continue
            path = Path(source)
            files = progress_files(path) if path.is_dir() else [path]
            for file in files:
                number += 1
                shown = file.relative_to(path).as_posix() if path.is_dir() else str(file)
                children.append(_read(file, shown, scratch, number))
    found = [c for c in children if isinstance(c, Child)]
    problems = [p for p in children if isinstance(p, Problem)]
    return ClassProgress(_merge(found, join), problems,
                         catalogue_lessons() if lessons is None else lessons,
                         {p.id: p for p in (load() if puzzles is None else puzzles)})
