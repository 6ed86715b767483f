"""The progress store with other programs at the same file: a busy file is waited for and
reported, never set aside; a damaged one is; two kernels writing at once, or one killed while
writing, lose nothing. Other processes are real ones (Python child processes)."""

import contextlib
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dama.core import content as puzzles
from dama.core.content import check
from dama.core.store import progress
from dama.cli import main
from dama.core.store.progress import FileBusyError, ProgressStore, open_file

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = next(p for p in puzzles.load(topic="examples") if p.id == "it-ex-001")
RIGHT = check(PUZZLE, "22x13")    # three stars
WRONG = check(PUZZLE, "24-20")

# Holds the file's lock (BEGIN EXCLUSIVE: no one may read or write; BEGIN IMMEDIATE: another
# program is writing, readers may still read) until a line comes on stdin, or for N seconds.
LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN " + sys.argv[2])
print("locked", flush=True)
if sys.argv[3] == "stdin":
    sys.stdin.readline()
else:
    time.sleep(float(sys.argv[3]))
db.execute("ROLLBACK")
print("free", flush=True)
"""

# Records 200 attempts once told to start (both writers start together), a moment apart.
WRITER = """
import sys, time
from dama.core import content as puzzles
from dama.core.store.progress import ProgressStore
p = puzzles.load(topic="examples")[0]
verdict = puzzles.check(p, "22x13")
store = ProgressStore("Anna", sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
for i in range(200):
    store.record(p, f"{sys.argv[2]}-{i}", verdict)
    time.sleep(0.002)
assert not store.pending and not store.busy, store.pending
store.close()
"""

# Records attempts for ever, printing each one's number once it is saved.
LOOP = """
import itertools, sys
from dama.core import content as puzzles
from dama.core.store.progress import ProgressStore
p = puzzles.load(topic="examples")[0]
verdict = puzzles.check(p, "22x13")
store = ProgressStore("Anna", sys.argv[1])
for i in itertools.count():
    store.record(p, str(i), verdict)
    print(i, flush=True)
"""


def spawn(code, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@contextlib.contextmanager
def held(path, kind="EXCLUSIVE", seconds=None):
    """Another process holds the file's lock inside the block (for ``seconds``, or until the
    block ends); the block ends only once it has let go."""
    locker = spawn(LOCKER, path, kind, "stdin" if seconds is None else seconds)
    try:
        line = locker.stdout.readline()
        assert line.strip() == "locked", locker.stderr.read()
        yield locker
    finally:
        out, err = locker.communicate("\n", timeout=30)
    assert locker.returncode == 0 and "free" in out, err


def answers(path):
    db = sqlite3.connect(path)
    try:
        return [row[0] for row in db.execute("SELECT answer FROM attempt ORDER BY id")]
    finally:
        db.close()


def quick_check(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA quick_check").fetchall()
    finally:
        db.close()


def set_aside(folder):
    return sorted(p.name for p in Path(folder).glob("*.damaged-*"))


def two_attempts(home, name="Anna"):
    with ProgressStore(name, home) as store:
        store.record(PUZZLE, "24-20", WRONG)
        store.record(PUZZLE, "22x13", RIGHT)
    return Path(home) / f"{name}.sqlite"


# -- a busy file ------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_file_held_for_seven_seconds_is_waited_for_not_set_aside(tmp_path):
    path = two_attempts(tmp_path)
    with held(path, seconds=7):
        started = time.monotonic()
        with ProgressStore("Anna", tmp_path) as store:      # the default wait: 10 s
            waited = time.monotonic() - started
            assert not store.busy and store.message == {}
            assert [a.answer for a in store.attempts()] == ["24-20", "22x13"]
            store.record(PUZZLE, "22x13 again", RIGHT)
            assert store.pending == []
    assert waited > 5
    assert set_aside(tmp_path) == []
    assert answers(path) == ["24-20", "22x13", "22x13 again"]


def test_a_file_kept_busy_is_reported_nothing_moved_and_saved_once_free(tmp_path):
    path = two_attempts(tmp_path)
    before = path.read_bytes()
    with held(path):
        store = ProgressStore("Anna", tmp_path, busy_timeout=1)
        other = ProgressStore("Anna", tmp_path, busy_timeout=0.5)    # a second notebook
        assert store.busy and other.busy
        it, en = store.message["it"], store.message["en"]
        assert "Anna" in it and "altra finestra" in it and "salvo" in it and "chiudi" in it
        assert "Anna" in en and "another window" in en and "saved" in en and "close" in en
        store.record(PUZZLE, "first", RIGHT)                 # kept in memory, not raised
        other.record(PUZZLE, "second", WRONG)
        assert store.busy and [a.answer for a in store.pending] == ["first"]
        assert store.pending[0].id is None and store.best_stars() == {PUZZLE.id: 3}
        assert set_aside(tmp_path) == [] and path.read_bytes() == before
    assert answers(path) == ["24-20", "22x13"]                # nothing written while busy
    store.record(PUZZLE, "third", RIGHT)                      # free again: both written
    assert not store.busy and store.message == {} and store.pending == []
    assert [a.answer for a in store.attempts()] == ["24-20", "22x13", "first", "third"]
    store.close()
    other.close()                                             # the last try writes it
    assert other.pending == [] and not other.busy
    assert answers(path) == ["24-20", "22x13", "first", "third", "second"]
    assert set_aside(tmp_path) == [] and quick_check(path) == [("ok",)]


def test_the_teachers_commands_say_a_busy_file_is_busy(tmp_path, monkeypatch, capsys):
    path = two_attempts(tmp_path)
    monkeypatch.setattr(progress, "BUSY_TIMEOUT", 0.3)
    with held(path):
        with pytest.raises(FileBusyError, match="another program"):
            open_file(path)
        assert main(["--lang", "en", "progress", "merge", str(tmp_path)]) == 0
        assert "Anna.sqlite cannot be read" in capsys.readouterr().err
        assert main(["--lang", "en", "progress", "export", "--student", "Anna", "--home", str(tmp_path)]) == 2
        assert "another program" in capsys.readouterr().err
    assert set_aside(tmp_path) == []
    with open_file(path) as store:
        assert store.student == "Anna" and len(store.attempts()) == 2


def test_the_exercises_open_kindly_on_a_busy_file_and_save_later(tmp_path, monkeypatch):
    pytest.importorskip("ipycanvas")
    from dama.core.board import immediate
    from dama.core.board.puzzle_widget import PuzzleWidget
    path = two_attempts(tmp_path)
    monkeypatch.setattr(progress, "BUSY_TIMEOUT", 0.5)
    with held(path):
        run = PuzzleWidget("examples", student="Anna", home=str(tmp_path),
                           scheduler=immediate)
        assert "altra finestra" in run.feedback.value and "Traceback" not in run.feedback.value
        assert run.answer("22x13").correct and run.stars == {PUZZLE.id: 3}
        assert run.store.busy
    run.next()
    run.answer("1")                                      # the next attempt writes both
    assert not run.store.busy and run.store.message == {}
    assert answers(path)[:3] == ["24-20", "22x13", "22x13"] and len(answers(path)) == 4
    run.store.close()
    assert set_aside(tmp_path) == []


# -- a damaged file ---------------------------------------------------------------------------

def _valid_database_bytes(tmp_path):
    path = tmp_path / "model" / "x.sqlite"
    path.parent.mkdir()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x TEXT)")
    db.executemany("INSERT INTO t VALUES (?)", [("x" * 200,)] * 500)
    db.commit()
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("damage", ["random bytes", "truncated header", "truncated file"])
def test_a_file_sqlite_finds_damaged_is_set_aside_unchanged(tmp_path, damage):
    good = _valid_database_bytes(tmp_path)
    content = {"random bytes": os.urandom(8192), "truncated header": good[:60],
               "truncated file": good[:len(good) // 2]}[damage]
    (tmp_path / "Anna.sqlite").write_bytes(content)
    with ProgressStore("Anna", tmp_path) as store:
        assert not store.busy
        assert "rovinato" in store.message["it"] and "damaged" in store.message["en"]
        assert store.attempts() == []
        store.record(PUZZLE, "22x13", RIGHT)
    (aside,) = set_aside(tmp_path)
    assert aside.startswith("Anna.damaged-") and aside.endswith(".sqlite")
    assert aside in store.message["it"]
    assert (tmp_path / aside).read_bytes() == content
    assert answers(tmp_path / "Anna.sqlite") == ["22x13"]


def test_an_empty_file_is_a_fine_new_database(tmp_path):
    (tmp_path / "Anna.sqlite").write_bytes(b"")
    with ProgressStore("Anna", tmp_path) as store:
        assert store.message == {} and not store.busy
        store.record(PUZZLE, "22x13", RIGHT)
    assert set_aside(tmp_path) == [] and answers(tmp_path / "Anna.sqlite") == ["22x13"]


# -- several kernels --------------------------------------------------------------------------

def test_two_kernels_writing_at_once_lose_nothing(tmp_path):
    writers = [spawn(WRITER, tmp_path, name) for name in ("a", "b")]
    try:
        for writer in writers:
            assert writer.stdout.readline().strip() == "ready", writer.stderr.read()
        for writer in writers:                               # both at once
            writer.stdin.write("go\n")
            writer.stdin.flush()
    finally:
        results = [writer.communicate(timeout=120) for writer in writers]
    for writer, (_, err) in zip(writers, results):
        assert writer.returncode == 0, err
    path = tmp_path / "Anna.sqlite"
    saved = answers(path)
    assert len(saved) == 400
    assert set(saved) == {f"{name}-{i}" for name in "ab" for i in range(200)}
    turns = sum(1 for one, two in zip(saved, saved[1:]) if one[0] != two[0])
    assert turns >= 2                                        # they did write at the same time
    assert quick_check(path) == [("ok",)] and set_aside(tmp_path) == []


def test_a_kernel_killed_while_writing_loses_nothing_saved(tmp_path):
    loop = spawn(LOOP, tmp_path)
    printed = []
    try:
        deadline = time.monotonic() + 20
        while len(printed) < 40 and time.monotonic() < deadline:
            line = loop.stdout.readline()
            if not line:
                break
            printed.append(int(line))
        time.sleep(0.02)                                     # in the middle of a write
    finally:
        loop.kill()                                          # SIGKILL: no cleaning up
        out, err = loop.communicate(timeout=30)
    assert len(printed) == 40, err
    printed += [int(line) for line in out.split()]          # saved before it was killed
    path = tmp_path / "Anna.sqlite"
    assert quick_check(path) == [("ok",)]
    saved = {int(a) for a in answers(path)}
    assert set(printed) <= saved
    with ProgressStore("Anna", tmp_path) as store:
        assert store.message == {} and len(store.attempts()) == len(saved)
    assert set_aside(tmp_path) == []


# -- the lesson index only reads --------------------------------------------------------------

@pytest.fixture
def corso(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path))
    monkeypatch.delenv("DAMA_STUDENT", raising=False)
    import dama.helpers as module
    return module


def test_the_lesson_stars_never_move_a_busy_file(corso, tmp_path, monkeypatch):
    path = two_attempts(tmp_path)
    before = path.read_bytes()
    monkeypatch.setattr(progress, "READ_TIMEOUT", 0.3)
    with held(path, "IMMEDIATE"):                            # another kernel is writing
        assert corso.best_stars("Anna") == {PUZZLE.id: 3}
    with held(path, "EXCLUSIVE"):                            # no one may read just now
        assert corso.best_stars("Anna") == {}
    assert corso.best_stars("Anna") == {PUZZLE.id: 3}
    assert path.read_bytes() == before and set_aside(tmp_path) == []
    assert corso.best_stars("Nessuno") == {} and not (tmp_path / "Nessuno.sqlite").exists()


def test_the_lesson_stars_never_move_a_damaged_file(corso, tmp_path):
    path = tmp_path / "Anna.sqlite"
    path.write_bytes(b"not a database" * 300)
    assert corso.best_stars("Anna") == {}
    assert path.read_bytes() == b"not a database" * 300
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Anna.sqlite"]


# -- in a browser: the file kept in memory, written whole -------------------------------------

def test_in_a_browser_the_file_is_written_whole_after_each_attempt(tmp_path):
    """SQLite on a browser's drive corrupts a growing file: there the store keeps the
    database in memory and puts a whole new file in place after every attempt."""
    with ProgressStore("Anna", tmp_path, snapshot=True) as store:
        assert store.snapshot
        store.record(PUZZLE, "22x13", check(PUZZLE, "22x13"))
        first = (tmp_path / "Anna.sqlite").stat().st_ino
        store.record(PUZZLE, "24-20", check(PUZZLE, "24-20", attempt=2))
        assert (tmp_path / "Anna.sqlite").stat().st_ino != first   # a new file each time
        assert answers(tmp_path / "Anna.sqlite") == ["22x13", "24-20"]  # a real database
        child_id = store.child_id
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Anna.sqlite"]  # no journal, no part
    # After a reload: read back whole, the same child, the stars kept; the teacher's
    # commands read the same file.
    with ProgressStore("anna", tmp_path, snapshot=True) as again:
        assert again.best_stars() == {PUZZLE.id: 3} and again.child_id == child_id
    with open_file(tmp_path / "Anna.sqlite") as teacher:
        assert len(teacher.attempts()) == 2


def test_in_a_browser_a_damaged_file_is_set_aside_too(tmp_path):
    (tmp_path / "Bea.sqlite").write_bytes(b"not a database" * 40)
    with ProgressStore("Bea", tmp_path, snapshot=True) as store:
        assert "rovinato" in store.message["it"]
        store.record(PUZZLE, "22x13", check(PUZZLE, "22x13"))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[0].startswith("Bea.damaged-") and names[1] == "Bea.sqlite"
    assert (tmp_path / names[0]).read_bytes() == b"not a database" * 40  # kept as it was
    assert answers(tmp_path / "Bea.sqlite") == ["22x13"]


# -- where an attempt was made: a lesson's stars, the Palestra's rating -------------------------

OLD_SCHEMA = """CREATE TABLE attempt (id INTEGER PRIMARY KEY, timestamp TEXT NOT NULL,
student TEXT NOT NULL, puzzle TEXT NOT NULL, topic TEXT NOT NULL, variant TEXT NOT NULL,
answer TEXT NOT NULL, correct INTEGER NOT NULL, stars INTEGER NOT NULL, hints INTEGER NOT NULL,
seconds REAL NOT NULL, rule TEXT)"""


def _old_file(path):
    """A progress file as the course wrote it before attempts had a place."""
    db = sqlite3.connect(path)
    db.execute(OLD_SCHEMA)
    db.execute("INSERT INTO attempt VALUES (1, '2026-11-02T15:00:00+00:00', 'Anna', "
               "'it-ex-001', 'examples', 'italian', '22x13', 1, 2, 1, 4.0, NULL)")
    db.commit()
    db.close()


def test_a_file_from_before_places_is_read_as_lessons_and_given_the_column(tmp_path):
    from dama.core.store.ratings import tries

    path = tmp_path / "Anna.sqlite"
    _old_file(path)
    before = path.read_bytes()
    # A teacher's look changes nothing, and reads the old rows as lessons'.
    assert progress.read_best_stars(path) == {"it-ex-001": 2}
    (old,) = progress.read_attempts(path)
    assert old.place == "lesson" and old.stars == 2
    with open_file(path) as store:
        assert [a.place for a in store.attempts()] == ["lesson"]
    assert path.read_bytes() == before
    # The child's own store keeps every row and adds the column: nothing set aside.
    with ProgressStore("Anna", tmp_path, place="palestra") as store:
        assert store.best_stars() == {"it-ex-001": 2} and not store.message
        puzzle = puzzles.load(topic="examples")[0]
        store.record(puzzle, "22x13", check(puzzle, "22x13"))
        assert store.best_stars() == {"it-ex-001": 2}      # a Palestra 3 is no lesson star
        assert [a.place for a in store.attempts()] == ["lesson", "palestra"]
    assert not list(tmp_path.glob("*.damaged-*"))
    attempts = progress.read_attempts(path)
    assert [a.place for a in attempts] == ["lesson", "palestra"]
    assert [t.clean for t in tries(attempts)] == [True]   # the rating sees the Palestra's only


def test_lesson_stars_and_palestra_tries_are_kept_apart(tmp_path):
    from dama.core.store.ratings import tries

    puzzle = puzzles.load(topic="examples")[0]
    with ProgressStore("Bea", tmp_path, place="palestra") as store:
        store.record(puzzle, "22x13", check(puzzle, "22x13", hints_used=0))
    assert progress.read_best_stars(tmp_path / "Bea.sqlite") == {}
    with ProgressStore("Bea", tmp_path) as store:
        store.record(puzzle, "22x13", check(puzzle, "22x13", hints_used=1))
        assert store.best_stars() == {"it-ex-001": 2}
    attempts = progress.read_attempts(tmp_path / "Bea.sqlite")
    assert [a.place for a in attempts] == ["palestra", "lesson"]
    assert len(tries(attempts)) == 1
    with pytest.raises(ValueError):
        ProgressStore("Bea", tmp_path, place="scuola")
