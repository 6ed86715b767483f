"""The browser edition's progress, kept in IndexedDB (dama.core.store.browser), without a
browser: a vault in memory behaves as IndexedDB does for the tabs of one browser. The real
IndexedDB is walked in tests/browser/test_site.py (two tabs, a reload, a classroom address)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from dama.core.content import check, load
from dama.core.store import progress
from dama.core.store.browser import BROUGHT_IN, Contents, MemoryVault, restore
from dama.core.store.progress import ProgressStore, read_attempts, read_best_stars
from dama.core.store.best import BestScores

BY_ID = {p.id: p for p in load()}
FIRST, SECOND = BY_ID["it-mov-004"], BY_ID["it-cap-001"]


@pytest.fixture(autouse=True)
def no_keepers():
    yield
    progress.KEEPERS.clear()


def open_tab(folder: Path, vault, former=None):
    """A page opened: its progress folder in memory made again from the vault."""
    return asyncio.run(restore(folder, vault, former=former))


def answer(store, puzzle):
    """The puzzle answered right at the first try (three stars), saved in ``store``."""
    text = str(puzzle.solutions[0]) if puzzle.kind == "count" else puzzle.solutions[0][0]
    store.record(puzzle, text, check(puzzle, text))


def test_two_tabs_keep_every_attempt(tmp_path):
    vault = MemoryVault()
    tab_a = open_tab(tmp_path / "a", vault)
    tab_b = open_tab(tmp_path / "b", vault)        # opened before A saved anything
    with ProgressStore("Sofia", tab_a.home) as store:
        answer(store, FIRST)
    with ProgressStore("Sofia", tab_b.home) as store:   # B's file never saw A's attempt
        answer(store, SECOND)
        answer(store, SECOND)
    tab_a.stop(), tab_b.stop()
    reloaded = open_tab(tmp_path / "reloaded", vault)
    attempts = read_attempts(reloaded.home / "Sofia.sqlite")
    assert [a.puzzle for a in attempts] == [FIRST.id, SECOND.id, SECOND.id]
    assert read_best_stars(reloaded.home / "Sofia.sqlite") == {FIRST.id: 3, SECOND.id: 3}


def test_a_page_shown_anew_has_what_the_other_tab_added(tmp_path):
    """Tab A's folder, refreshed (as each view of the one page is shown), holds B's attempts
    and best scores beside its own; A's own name stays A's."""
    vault = MemoryVault()
    tab_a, tab_b = open_tab(tmp_path / "a", vault), open_tab(tmp_path / "b", vault)
    with ProgressStore("Sofia", tab_a.home) as store:
        answer(store, FIRST)
    with ProgressStore("Sofia", tab_b.home) as store:
        answer(store, SECOND)
    BestScores(tab_b.home).record("Sofia", "find-white", 9)
    (tab_a.home / "course-student.json").write_text('{"name": "Sofia"}', encoding="utf-8")
    vault.put_file("course-student.json", '{"name": "Luca"}')
    assert read_best_stars(tab_a.home / "Sofia.sqlite") == {FIRST.id: 3}
    asyncio.run(tab_a.refresh())
    assert read_best_stars(tab_a.home / "Sofia.sqlite") == {FIRST.id: 3, SECOND.id: 3}
    assert BestScores(tab_a.home).best("Sofia", "find-white") == 9
    assert json.loads((tab_a.home / "course-student.json").read_text())["name"] == "Sofia"
    with ProgressStore("Sofia", tab_a.home) as store:   # A goes on in the file made again
        answer(store, SECOND)
    tab_a.stop(), tab_b.stop()
    reloaded = open_tab(tmp_path / "reloaded", vault)
    assert len(read_attempts(reloaded.home / "Sofia.sqlite")) == 3


def test_the_first_tab_gives_the_file_its_id(tmp_path):
    vault = MemoryVault()
    tab_a, tab_b = open_tab(tmp_path / "a", vault), open_tab(tmp_path / "b", vault)
    with ProgressStore("Luca", tab_a.home) as store:
        answer(store, FIRST)
        first_id = store.child_id
    with ProgressStore("Luca", tab_b.home) as store:
        answer(store, SECOND)
        assert store.child_id != first_id           # each tab made the file on its own
    tab_a.stop(), tab_b.stop()
    reloaded = open_tab(tmp_path / "reloaded", vault)
    with ProgressStore("Luca", reloaded.home) as store:
        assert store.child_id == first_id            # one child, as the teacher's page sees
        assert len(store.attempts()) == 2


def test_the_name_and_the_best_scores_come_back(tmp_path, monkeypatch):
    import dama.helpers as corso

    vault = MemoryVault()
    tab = open_tab(tmp_path / "tab", vault)
    monkeypatch.setenv("DAMA_HOME", str(tab.home))
    monkeypatch.delenv("DAMA_STUDENT", raising=False)
    corso.set_student("Niccolò")
    BestScores(tab.home).record("Niccolò", "find-white", 9)
    tab.stop()
    reloaded = open_tab(tmp_path / "reloaded", vault)
    monkeypatch.setenv("DAMA_HOME", str(reloaded.home))
    assert corso.student() == "Niccolò"
    assert BestScores(reloaded.home).best("Niccolò", "find-white") == 9


def test_two_tabs_keep_the_best_score_of_each(tmp_path):
    """Tab B opened before tab A's record: its lower score, saved after, does not write A's
    over; a new best in B's other game is kept beside it."""
    vault = MemoryVault()
    tab_a, tab_b = open_tab(tmp_path / "a", vault), open_tab(tmp_path / "b", vault)
    assert BestScores(tab_a.home).record("Sofia", "find-white", 12)
    assert BestScores(tab_b.home).record("Sofia", "find-white", 7)    # B never saw the 12
    assert BestScores(tab_b.home).record("Sofia", "name-black", 4)
    assert BestScores(tab_b.home).record("Luca", "find-white", 3)
    tab_a.stop(), tab_b.stop()
    reloaded = open_tab(tmp_path / "reloaded", vault)
    best = BestScores(reloaded.home)
    assert [best.best("Sofia", "find-white"), best.best("Sofia", "name-black"),
            best.best("Luca", "find-white")] == [12, 4, 3]


@pytest.mark.parametrize("before, text, kept", [
    (None, '{"a": {"x": 1}}', {"a": {"x": 1}}),
    ('{"a": {"x": 7, "y": 1}}', '{"a": {"x": 5}, "b": {"x": 2}}',
     {"a": {"x": 7, "y": 1}, "b": {"x": 2}}),
    ("not json", '{"a": {"x": 5}}', {"a": {"x": 5}}),          # a damaged copy gives way
    ('{"a": {"x": 5}}', '["odd"]', {"a": {"x": 5}}),
])
def test_best_scores_merge_keeps_the_best_and_never_a_damaged_copy(before, text, kept):
    from dama.core.store.browser import merged

    assert json.loads(merged("best", before, text)) == kept
    assert merged(None, before, text) == text


def test_the_cells_run_again_change_nothing(tmp_path):
    vault = MemoryVault()
    tab = open_tab(tmp_path / "tab", vault)
    with ProgressStore("Anna", tab.home) as store:
        answer(store, FIRST)
    vault.contents.attempts.clear()                 # as if IndexedDB had not finished yet
    assert open_tab(tab.home, vault) is tab           # «Run All» again in the same page
    assert len(read_attempts(tab.home / "Anna.sqlite")) == 1
    with ProgressStore("Anna", tab.home) as store:
        answer(store, SECOND)
    assert len(vault.contents.attempts) == 1          # written once, not twice


def test_the_files_an_earlier_version_kept_on_the_drive_are_brought_in_once(tmp_path):
    drive = tmp_path / "drive" / "progressi"
    drive.mkdir(parents=True)
    with ProgressStore("Marta", drive, snapshot=True) as store:
        answer(store, FIRST)
        old_id = store.child_id
    (drive / "course-student.json").write_text(json.dumps({"name": "Marta", "env": ""}))
    (drive / "LEGGIMI.md").write_text("# Progressi\n")
    (drive / "Marta.damaged-20260101-101010.sqlite").write_bytes(b"not a database")
    vault = MemoryVault()
    tab = open_tab(tmp_path / "tab", vault, former=drive)
    assert read_best_stars(tab.home / "Marta.sqlite") == {FIRST.id: 3}
    assert json.loads((tab.home / "course-student.json").read_text())["name"] == "Marta"
    assert BROUGHT_IN in vault.contents.files
    tab.stop()
    again = open_tab(tmp_path / "again", vault, former=drive)   # the next visit
    assert len(read_attempts(again.home / "Marta.sqlite")) == 1
    with ProgressStore("Marta", again.home) as store:
        assert store.child_id == old_id


class Unreadable(MemoryVault):
    async def read(self) -> Contents:
        raise RuntimeError("IndexedDB is not allowed here")


def test_a_browser_that_keeps_nothing_still_runs_the_course(tmp_path):
    tab = open_tab(tmp_path / "tab", Unreadable())
    with ProgressStore("Anna", tab.home) as store:
        answer(store, FIRST)
        assert store.best_stars() == {FIRST.id: 3}
    assert progress.KEEPERS == []


def test_odd_records_are_left_out(tmp_path):
    vault = MemoryVault()
    good = [["2026-12-03T10:00:00+00:00", "Anna", FIRST.id, FIRST.topic, "italian", "2", 1, 3,
             0, 4.0, None, "lesson"]]
    vault.add_attempts("Anna.sqlite", good)
    vault.add_attempts("../escape.sqlite", good)        # a name that leaves the folder
    vault.add_attempts("Anna.sqlite", [["too", "short"]])
    vault.put_file("../../etc/x", "no")
    tab = open_tab(tmp_path / "tab", vault)
    assert sorted(p.name for p in tab.home.iterdir()) == ["Anna.sqlite"]
    assert read_best_stars(tab.home / "Anna.sqlite") == {FIRST.id: 3}
    assert not (tmp_path / "escape.sqlite").exists()


def test_a_file_elsewhere_is_not_this_browsers(tmp_path):
    vault = MemoryVault()
    open_tab(tmp_path / "tab", vault)
    with ProgressStore("Anna", tmp_path / "teacher") as store:   # a folder of the class
        answer(store, FIRST)
    assert vault.contents.attempts == []
    with sqlite3.connect(tmp_path / "teacher" / "Anna.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM attempt").fetchone() == (1,)
