"""The class's exchange folder on a school's server (dama.core.store.exchange): each child's progress
file copied whole after every attempt, for the teacher's class page, which follows the folder
live; the child's pages on the server name the child's account."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from dama.core.content import check, load
from dama.core.store import exchange, progress
from dama.classroom.report import folder_state, load_class
from dama.core.store.progress import ProgressStore, read_attempts

PUZZLES = {p.id: p for p in load()}
ROOT = Path(__file__).resolve().parents[1]


def answer(store, puzzle_id: str, text: str | None = None, attempt: int = 1) -> None:
    puzzle = PUZZLES[puzzle_id]
    text = text or " ".join(puzzle.solutions[0])
    store.record(puzzle, text, check(puzzle, text, 0, attempt))


@pytest.fixture
def keeper(tmp_path):
    home, folder = tmp_path / "home", tmp_path / "classe" / "sofia"
    home.mkdir()
    folder.mkdir(parents=True)
    started = exchange.start(home, folder)
    yield started
    started.stop()
    assert started not in progress.KEEPERS


def test_every_attempt_is_in_the_teachers_copy_at_once(keeper):
    with ProgressStore("sofia", keeper.home) as store:
        answer(store, "it-cap-001", "22-18")
        copy = keeper.folder / "sofia.sqlite"
        assert [a.answer for a in read_attempts(copy)] == ["22-18"]
        answer(store, "it-cap-001", attempt=2)
        assert [(a.answer, a.stars) for a in read_attempts(copy)] == [("22-18", 0), ("13x6", 2)]
        assert read_attempts(copy) == read_attempts(store.path)
    # The teachers' group reads the copy; no one else.
    assert copy.stat().st_mode & 0o777 == exchange.COPY_MODE
    assert not [p.name for p in keeper.folder.iterdir() if p.name != "sofia.sqlite"]


def test_a_copy_that_cannot_be_made_never_stops_an_answer_and_comes_later(keeper, caplog):
    keeper.folder.rmdir()                                   # the exchange is gone
    with ProgressStore("sofia", keeper.home) as store, caplog.at_level(logging.ERROR, "dama"):
        answer(store, "it-cap-001", "22-18")
        assert [a.answer for a in store.attempts()] == ["22-18"]   # the child's file has it
        assert "the class's copy of sofia.sqlite was not made" in caplog.text
        keeper.folder.mkdir()
        answer(store, "it-cap-002")
    assert len(read_attempts(keeper.folder / "sofia.sqlite")) == 2


def test_a_server_that_starts_copies_what_a_killed_one_did_not(tmp_path):
    home, folder = tmp_path / "home", tmp_path / "sofia"
    folder.mkdir()
    with ProgressStore("sofia", home) as store:             # no keeper: the copy never made
        answer(store, "it-cap-001")
    (home / "sofia.damaged-20261204-101010.sqlite").write_bytes(b"not a database")
    made = exchange.copy_all(home, folder)
    assert [p.name for p in made] == ["sofia.sqlite"]
    assert len(read_attempts(folder / "sofia.sqlite")) == 1


def test_only_the_childs_own_folder_is_copied(keeper, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    with ProgressStore("luca", elsewhere) as store:
        answer(store, "it-cap-001")
    assert list(keeper.folder.iterdir()) == []
    assert exchange.start(keeper.home, keeper.folder) is keeper      # started once only


def test_the_teacher_reads_whole_copies_while_the_child_answers(keeper):
    """The class page reads the folder while copies replace each other: every read finds a
    whole file whose attempts are a beginning of the child's, never half of one."""
    done = threading.Event()
    seen: list[int] = []
    failures: list[BaseException] = []

    def teacher():
        copy = keeper.folder / "sofia.sqlite"
        while not done.is_set():
            if copy.exists():
                try:
                    attempts = read_attempts(copy)
                    assert [a.id for a in attempts] == list(range(1, len(attempts) + 1))
                    assert not seen or len(attempts) >= seen[-1]
                    seen.append(len(attempts))
                except BaseException as error:   # reported by the main thread
                    failures.append(error)
                    return

    reader = threading.Thread(target=teacher)
    reader.start()
    try:
        with ProgressStore("sofia", keeper.home) as store:
            for n in range(120):
                answer(store, "it-cap-001", "22-18" if n % 2 else None, attempt=n + 1)
    finally:
        done.set()
        reader.join()
    assert not failures, failures
    assert seen and len(read_attempts(keeper.folder / "sofia.sqlite")) == 120
    # The class made of the exchange folder counts every one of them.
    (child,) = load_class([keeper.folder.parent]).children
    assert (child.name, len(child.attempts)) == ("sofia", 120)


def test_the_folders_state_changes_when_a_copy_replaces_another(keeper):
    classe = keeper.folder.parent
    empty = folder_state(classe)
    assert empty == ()
    with ProgressStore("sofia", keeper.home) as store:
        answer(store, "it-cap-001", "22-18")
        first = folder_state(classe)
        answer(store, "it-cap-001", attempt=2)
    assert first != empty and folder_state(classe) != first
    assert [name for name, *_ in first] == ["sofia/sofia.sqlite"]


def test_the_class_page_follows_its_folder_live(keeper, monkeypatch):
    """The teacher's page, open in a kernel, shows a child's new attempt without a click."""
    monkeypatch.setenv("DAMA_CLASS_FOLDER", str(keeper.folder.parent))
    from dama.classroom import page as classpage

    async def walk():
        page = classpage.class_page("it", live=0.05)
        (table,) = [w for w in page.children if "dama-class-table" in w._dom_classes]
        (summary,) = [w for w in page.children if "dama-class-summary" in w._dom_classes]
        assert str(keeper.folder.parent) in [w.value for box in page.children
                                             for w in getattr(box, "children", ())
                                             if "dama-class-folder" in w._dom_classes]
        assert "sofia" not in table.value
        with ProgressStore("sofia", keeper.home) as store:
            answer(store, "it-cap-001")
        for _ in range(400):                     # the page's own looks, each 0.05 s apart
            if "sofia" in table.value:
                break
            await asyncio.sleep(0.05)
        assert "sofia" in table.value and "data-stars='3'" in table.value
        assert "La pagina segue la cartella" in summary.value
        return page

    try:
        asyncio.run(walk())
    finally:
        if classpage._WATCH["handle"] is not None:
            classpage._WATCH["handle"].cancel()
            classpage._WATCH["handle"] = None


def test_on_the_server_a_childs_pages_name_the_account_and_copy_each_attempt(tmp_path):
    """A kernel of a child's server (JupyterHub gives it $JUPYTERHUB_USER; the course's
    spawner $DAMA_EXCHANGE): the index shows no name box, the exercises save under the
    account whatever name was typed once, and the attempt is in the exchange at once."""
    home, folder = tmp_path / "home", tmp_path / "classe" / "sofia"
    folder.mkdir(parents=True)
    home.mkdir()
    (home / "course-student.json").write_text('{"name": "Pippo", "env": ""}')
    script = """
from dama.helpers import exercises, index, student
page = index("it")
row, greeting = page.children[0], page.children[1]
print("row", row.layout.display)
print("greeting", greeting.value)
print("student", student())
box = exercises(["it-cap-001"], "it")
print("header", box.children[0].value)
box.children[1].answer("13x6")
"""
    env = dict(os.environ, DAMA_HOME=str(home), DAMA_EXCHANGE=str(folder),
               JUPYTERHUB_USER="sofia", JUPYTERHUB_BASE_URL="/scuola/")
    env.pop("DAMA_STUDENT", None)
    out = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    assert lines["row"] == "none"
    assert "Ciao sofia!" in lines["greeting"] and "nel tuo account" in lines["greeting"]
    assert "href=\"/scuola/hub/logout\"" in lines["greeting"]
    assert lines["student"] == "sofia"
    assert "Esercizi per <b>sofia</b>" in lines["header"]
    (attempt,) = read_attempts(folder / "sofia.sqlite")
    assert (attempt.student, attempt.puzzle, attempt.stars) == ("sofia", "it-cap-001", 3)
