"""The child's journey, in a real browser, on the course as `make course` serves it.

One server (deploy/local/launch.py: the child's view in Voilà, JupyterLab beside it) for every
lesson. Every Italian lesson is taken in the child's view: every exercise answered through the
UI its kind uses (an option clicked, a count typed, a move typed and sent with Enter and
Play, a move made by clicks, the captures typed), one wrong answer of each kind with its
explanation read, a hint taken, the stars read, then read again after a page reload. Lessons
in JupyterLab, English ones among them, the same way, then after a kernel restart. No page
error, no handler error (errors.log), no traceback in the server's log, no request leaving
127.0.0.1, and the committed lessons unchanged at the end.

DAMA_SCREENSHOTS=folder keeps the screenshots taken.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import JOURNEY, Page, click_square, open_view, wait_drawn, wait_view
from conftest import COURSE, notebooks_digest
from journey import RULE_ID, WORDS, Child, puzzles_by_id, rating_moved

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPORT = JOURNEY  # printed at the end of the run (conftest.pytest_terminal_summary)


def lessons(lang: str) -> list[tuple[str, list[str]]]:
    out = []
    for path in sorted((COURSE / lang).glob("[0-9][0-9]-*.ipynb")):
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]["dama"]
        out.append((f"{lang}/{path.name}", list(meta["exercises"])))
    return out


ITALIAN = lessons("it")
# JupyterLab: every kind of answer, right and wrong (choice 01, captures typed and the
# capture 10, move 11; count 00 and capture by clicks 03 in English). The child's view walks
# every lesson.
LAB = [entry for entry in ITALIAN if entry[0][3:5] in ("01", "10", "11")] + [
    entry for entry in lessons("en") if entry[0][3:5] in ("00", "03")]
WRONG_KINDS = {"voila": {"choice", "count", "all-captures", "capture", "move"},
               "lab": {"choice", "count", "all-captures", "capture", "move"}}


@pytest.fixture
def child(browser):
    pages: list[Page] = []

    def open_page(**options) -> Page:
        pages.append(Page(browser, **options))
        return pages[-1]

    yield open_page
    for page in pages:
        page.close()


def _kernel_shutdown_race(blocks: list[str]) -> bool:
    """ipykernel writing to its own sockets after a shutdown closed them (a reload or a
    restart ends the old kernel): every frame is ipykernel's, pyzmq's or tornado's, none is
    the course's, and it ends in ENOTSOCK. ipykernel 7.4 catches this race in one place
    (`_really_send`) but not in `IOPubThread.schedule`."""
    text = "\n".join(blocks)
    if "zmq.error.ZMQError: Socket operation on non-socket" not in text:
        return False
    files = re.findall(r'File "([^"]+)"', text)
    ours = ("damalib", "dama", "lessons", "voila")
    return bool(files) and not any(part in f.split("site-packages")[-1]
                                   for f in files for part in ours)


_LOG_CHECKED: dict[Path, int] = {}


def no_handler_errors(server) -> None:
    """No traceback in the server's log since the last check (so one test's error is that
    test's failure, not every later test's)."""
    _, home, log = server
    errors = home / "errors.log"
    assert not errors.exists() or not errors.read_text().strip(), errors.read_text()
    # Tracebacks in the server's log (the kernels write theirs there too), except the
    # server's note that a page closed its websocket while a message was on its way (a reload).
    whole = log.read_text(errors="replace")
    text = whole[_LOG_CHECKED.get(log, 0):]
    _LOG_CHECKED[log] = len(whole)
    blocks = re.split(r"\n(?=\S)", text)
    closed = ("WebSocketClosedError", "StreamClosedError")
    tracebacks = [i for i, block in enumerate(blocks) if block.startswith("Traceback")]
    real = [i for i in tracebacks
            if not any(c in "\n".join(blocks[i:i + 4]) for c in closed)
            and not _kernel_shutdown_race(blocks[i:i + 4])]
    assert not real, "\n".join(blocks[max(real[0] - 2, 0):real[0] + 4])[:3000] if real else ""


def best_stars(server) -> dict[str, int]:
    """The stars the child already has, under the name typed (if any), from the progress
    folder."""
    import json

    from dama.core.store.progress import read_best_stars, student_path

    try:
        name = json.loads((server[1] / "course-student.json").read_text())["name"]
    except (OSError, ValueError, KeyError):
        name = "studente"
    return read_best_stars(student_path(server[1], name or "studente"))


def lesson_total(ids, stars) -> str:
    return f"{sum(stars[i] for i in ids)}"


# -- make course ----------------------------------------------------------------------------

def test_make_course_opens_the_italian_index_without_code(course_server, child):
    base, home, _ = course_server
    page = child()
    page.page.goto(base + "/")                           # what the browser is sent to
    expect(page.page).to_have_url(re.compile(r"/voila/render/app\.ipynb#it/indice$"))
    first_url = page.page.url
    name = page.page.locator(".dama-student input")
    expect(name).to_be_visible()
    table = page.page.locator(".dama-index-table")
    for title in ("Benvenuti!", "La presa", "La presa multipla", "Le altre dame del mondo"):
        expect(table).to_contain_text(title)
    body = page.page.locator("body")
    expect(body).not_to_contain_text("%run")
    expect(body).not_to_contain_text("index(lang=")
    assert not RULE_ID.search(body.inner_text())
    page.shot("first-page-make-course.png")
    # The lessons, the guide and the other language are linked, as views of the same page.
    for link in ("00-benvenuti.ipynb", "#it/guida-insegnante", "#en/index"):
        assert page.page.locator(f"a[href='{link}']").count() >= 1, link
    page.page.locator("a[href='#en/index']").first.click()
    expect(page.page).to_have_url(re.compile(r"/voila/render/app\.ipynb#en/index$"))
    expect(page.page.locator(".dama-index-table")).to_contain_text("Welcome!")
    assert (home / "lessons" / "it" / "indice.ipynb").exists()   # the working copy
    REPORT.append(f"make course: the index at {first_url} "
                  f"({'as root' if os.geteuid() == 0 else 'as a normal user'})")


def kernels(base: str) -> set[str]:
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/kernels", timeout=30) as answer:
        return {kernel["id"] for kernel in json.loads(answer.read())}


def test_a_visit_is_one_page_with_one_python(course_server, child):
    """The child's view is the course as one page: from the index, a lesson by its link in
    the table, the next ones by «Avanti», the back button, the index again, each a view of the
    same page, with one kernel for the whole visit; the tab's title is the view's."""
    base = course_server[0]
    before = kernels(base)
    page = child()
    tab = page.page
    open_view(tab, base, "it/indice")
    (visit,) = kernels(base) - before                   # the visit's one kernel
    tab.locator(".dama-index-table").get_by_role("link", name="La damiera", exact=True).click()
    wait_view(tab, "it/01-la-damiera")
    times = []
    for number, route in ((2, "it/02-muovere-le-pedine"), (3, "it/03-la-presa"),
                          (4, "it/04-la-presa-multipla")):
        started = time.monotonic()
        # «Avanti: Lezione N · …» at the end of the lesson
        tab.locator(".dama-view p", has_text="Avanti:").locator(
            "a", has_text=f"Lezione {number} · ").click()
        wait_view(tab, route)
        expect(tab.locator(".dama-view canvas.dama-board").first).to_be_attached()
        times.append(time.monotonic() - started)
        expect(tab).to_have_title(re.compile(r"^Lezione \d+ · "))
    tab.go_back()
    wait_view(tab, "it/03-la-presa")
    expect(tab.locator(".dama-view h1")).to_have_text("Lezione 3 · La presa")
    tab.locator(".dama-view p", has_text="In English:").locator(
        "a", has_text="Lesson 3 · Capturing").click()
    wait_view(tab, "en/03-capturing")
    tab.locator(".dama-view a", has_text="Index").first.click()     # the lesson's own link
    wait_view(tab, "en/index")
    assert kernels(base) - before == {visit}            # no other kernel was started
    assert tab.locator(".dama-view-error").count() == 0
    REPORT.append(f"one page in the child's view: the next lesson by «Avanti» in "
                  f"{', '.join(f'{t:.2f}' for t in times)} s, one kernel for the visit")
    no_handler_errors(course_server)


def test_a_child_with_no_name_is_asked_at_the_first_exercise(course_server, child):
    base, home, _ = course_server
    remembered = home / "course-student.json"
    saved = remembered.read_bytes() if remembered.exists() else None
    remembered.unlink(missing_ok=True)                  # nobody typed a name in the index
    try:
        page = child(width=768, height=1024, touch=True)
        open_view(page.page, base, "it/04-la-presa-multipla")
        ask = page.page.locator(".dama-ask-name")
        expect(ask).to_be_visible()
        expect(ask).to_contain_text("come ti chiami?")
        expect(page.page.locator(".dama-puzzles").first).to_be_hidden()
        ask.scroll_into_view_if_needed()
        page.shot("voila-ask-name-tablet.png")
        ask.locator(".dama-ask-name-box input").fill("Tommaso")
        ask.locator(".dama-ask-name-ok").tap()
        expect(page.page.locator(".dama-puzzles").first).to_be_visible()
        expect(page.page.locator(".dama-exercises").first).to_contain_text("Tommaso")
        assert json.loads(remembered.read_text())["name"] == "Tommaso"
    finally:
        if saved is None:
            remembered.unlink(missing_ok=True)
        else:
            remembered.write_bytes(saved)


# -- the teacher's class page ----------------------------------------------------------------

@pytest.fixture
def class_folder(tmp_path):
    """Five children's files, Carla's from two computers, and a damaged one (Franco's)."""
    from dama.core.content import check, load
    from dama.core.store.progress import ProgressStore

    by_id = {p.id: p for p in load()}
    folder = tmp_path / "classe"

    def solve(name, puzzle_id, wrong=0, hints=0):
        puzzle = by_id[puzzle_id]
        with ProgressStore(name, folder) as store:
            for attempt in range(1, wrong + 1):
                store.record(puzzle, "1-5", check(puzzle, "1-5", hints, attempt), hints)
            right = " ".join(puzzle.solutions[0])
            store.record(puzzle, right, check(puzzle, right, hints, wrong + 1), hints)

    for puzzle_id in ("it-cap-001", "it-cap-002"):
        solve("Anna", puzzle_id)
    solve("Bruno", "it-cap-001", wrong=1)
    solve("Carla", "it-cap-001")
    solve("Davide", "it-cap-001", wrong=2)
    solve("Elena", "it-cap-002", hints=1)
    other = tmp_path / "pc2"
    other.mkdir()
    (folder / "Carla.sqlite").rename(other / "Carla.sqlite")
    solve("carla", "it-cap-002")                          # Carla on the other computer
    (other / "Carla.sqlite").rename(folder / "Carla-pc2.sqlite")
    (folder / "Franco.sqlite").write_bytes(b"rovinato" * 100)
    return folder


def test_the_class_page_shows_the_stars_of_a_class_of_five(course_server, child, class_folder):
    """The folder of a class of five: the table's stars, the chart, the exercises missed most
    often, one child's detail, the CSV."""
    from dama.classroom.report import load_class

    base = course_server[0]
    folder = class_folder
    expected = load_class([folder], join=["Carla"])

    page = child(width=1280, height=2600)                # the whole page in one picture
    open_view(page.page, base, "it/classe")
    box = page.page.locator(".dama-class-folder input")
    expect(box).to_be_visible()
    box.fill(str(folder))
    page.page.locator(".dama-class-load").click()
    summary = page.page.locator(".dama-class-summary")
    # Carla typed her name on two computers: two rows until the teacher says she is one.
    expect(summary).to_contain_text(f"6 alunni da 7 file in {folder}.")
    table = page.page.locator(".dama-class-table")
    expect(table).to_contain_text("Carla (1 di 2)")
    page.page.get_by_role("button", name="Carla: un alunno solo").click()
    expect(summary).to_contain_text(f"5 alunni da 7 file in {folder}.")
    expect(summary).to_contain_text("Franco.sqlite: il file è rovinato")
    table = page.page.locator(".dama-class-table")
    lesson3 = expected.lesson(3)
    for child_row in expected.children:
        got, most = expected.stars(child_row, lesson3)
        row = table.locator("tr", has_text=child_row.name)
        expect(row.locator("td[data-lesson='3']")).to_have_text(f"{got}/{most}")
    expect(table.locator("tr", has_text="Carla").locator("td[data-lesson='3']")).to_have_text(
        "6/" + str(3 * len(lesson3.exercises)))
    bar = page.page.locator(".dama-class-chart rect[data-lesson='3']")
    expect(bar).to_have_attribute("data-stars", str(sum(
        expected.stars(c, lesson3)[0] for c in expected.children)))
    assert float(bar.get_attribute("width")) > 0
    expect(page.page.locator(".dama-class")).to_contain_text("Gli esercizi sbagliati più spesso")
    missed = page.page.locator(".dama-class-missed")
    expect(missed.locator(".dama-missed-card").first).to_have_attribute("data-puzzle",
                                                                         "it-cap-001")
    expect(missed.locator(".dama-missed-card").first).to_contain_text(
        "sbagliato da 2 dei 4 che l'hanno provato (50%)")
    page.page.locator(".dama-class-child select").select_option(label="Davide")
    expect(page.page.locator(".dama-class-detail")).to_contain_text("★☆☆")
    page.page.locator(".dama-class-lesson select").select_option(
        label=f"Lezione 3 · {lesson3.title['it']}")
    link = page.page.locator(".dama-class-export a.dama-download").first
    expect(link).to_have_attribute("download", "lezione-03.csv")
    with page.page.expect_download() as download:
        link.click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("Alunno;Esercizio 1;")
    # The very bytes `dama progress merge --lesson 3` writes.
    assert Path(download.value.path()).read_bytes() == expected.lesson_sheet(3, "it")
    page.page.locator(".dama-class").scroll_into_view_if_needed()
    page.shot("voila-class-page.png")
    REPORT.append(f"class page: {len(expected.children)} students, "
                  f"{len(expected.problems)} damaged file left out, lesson 3 CSV downloaded")


def test_the_class_page_in_jupyterlab_with_uploaded_files(course_server, child, class_folder):
    """The files a teacher collected (the browser edition's downloads), chosen with the
    page's button, in JupyterLab, in English."""
    from dama.classroom.report import load_class

    base = course_server[0]
    page = child()
    page.page.goto(f"{base}/lab/tree/en/class.ipynb?reset")
    idle = page.page.get_by_role("button", name=re.compile(r"\| Idle$"))
    expect(idle).to_be_visible()
    page.page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    expect(page.page.locator(".dama-class")).to_be_attached()
    expect(idle).to_be_visible()
    files = sorted(class_folder.glob("*.sqlite"))
    with page.page.expect_file_chooser() as chooser:
        page.page.locator(".dama-class-upload").first.click()
    chooser.value.set_files([str(p) for p in files])
    summary = page.page.locator(".dama-class-summary")
    expect(summary).to_contain_text(f"6 students from {len(files)} files chosen with")
    expect(summary).to_contain_text("Franco.sqlite: the file is damaged")
    expected = load_class([class_folder])          # Carla's two files: two, not joined
    lesson3 = expected.lesson(3)
    table = page.page.locator(".dama-class-table")
    for child_row in expected.children:
        got, most = expected.stars(child_row, lesson3)
        row = table.locator("tr", has_text=child_row.label("en"))
        expect(row.locator("td[data-lesson='3']")).to_have_text(f"{got}/{most}")
    expect(page.page.locator(".dama-class-chart svg")).to_contain_text("by lesson")
    assert log_console_errors(page.page) in ("", "0"), log_console_errors(page.page)
    no_handler_errors(course_server)
    REPORT.append(f"class page in JupyterLab: {len(files)} files uploaded, "
                  f"{len(expected.children)} students")


# -- every Italian lesson in the child's view ---------------------------------------------

@pytest.mark.parametrize("path, ids", ITALIAN, ids=[p for p, _ in ITALIAN])
def test_an_italian_lesson_in_the_childs_view(course_server, child, path, ids):
    base = course_server[0]
    # Tablets, held both ways, answered by taps: lessons 7 and 13 upright, 11 sideways.
    size = {"07": (768, 1024), "13": (768, 1024), "11": (1024, 768)}.get(path[3:5])
    tablet = size is not None
    page = child(width=size[0], height=size[1], touch=True) if tablet else child()
    open_view(page.page, base, path)
    expect(page.page.locator(".dama-lesson-stars")).to_be_attached()
    expect(page.page.locator("body")).not_to_contain_text("%run")
    expect(page.page.locator("body")).not_to_contain_text("Run All Cells")  # no menus here
    walker = Child(page.page, "it", WRONG_KINDS["voila"], screenshot=page.shot, touch=tablet)
    journey = walker.walk(path, ids, precedence=path[3:5] in ("07", "08", "09"),
                          before=best_stars(course_server))
    summary = page.page.locator(".dama-lesson-stars")
    summary.scroll_into_view_if_needed()
    expect(summary).to_contain_text(WORDS["it"]["lesson_stars"].format(
        got=lesson_total(ids, journey.stars), total=3 * len(ids)))
    if tablet:
        page.shot(f"voila-lesson-{path[3:5]}-tablet-{size[0]}x{size[1]}.png")
    # A reload: a new kernel, the stars come back from the progress file.
    page.reload(".dama-lesson-stars")
    expect(page.page.locator(".dama-lesson-stars")).to_contain_text(
        WORDS["it"]["lesson_stars"].format(got=lesson_total(ids, journey.stars),
                                           total=3 * len(ids)))
    first = journey.stars[ids[0]]
    expect(page.page.locator(".dama-puzzles").first).to_contain_text(
        "Stelle: " + "★" * first + "☆" * (3 - first))
    REPORT.append(f"Voilà {path}: {len(journey.answered)} exercises "
                  f"({', '.join(sorted(set(journey.answered.values())))}); "
                  f"wrong: {journey.wrong or '-'}")
    no_handler_errors(course_server)


# -- lessons in JupyterLab ------------------------------------------------------------------

def run_all(page, base: str, path: str, ready: str = ".dama-lesson-stars") -> None:
    page.goto(f"{base}/lab/tree/{path}?reset")
    idle = page.get_by_role("button", name=re.compile(r"\| Idle$"))
    expect(idle).to_be_visible()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()   # as the lessons say
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    expect(page.locator(ready)).to_be_attached()
    expect(idle).to_be_visible()


def restart_and_run_all(page, fresh: str) -> None:
    """Restart the kernel and run every cell, returning when the rerun is over: the outputs of
    the old kernel stay on the page until their cell runs again, so the old `fresh` element is
    marked first and the new one awaited, then the kernel idle with no cell waiting."""
    page.evaluate("sel => document.querySelectorAll(sel).forEach(e => e.dataset.old = '1')",
                  fresh)
    page.locator(".jp-NotebookPanel-toolbar "
                 "[data-command='notebook:restart-run-all']").first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    expect(page.locator(f"{fresh}:not([data-old])").first).to_be_attached()
    expect(page.locator(".jp-InputArea-prompt", has_text="[*]")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r"\| Idle$"))).to_be_visible()


def boards_overflowing(page) -> list[str]:
    """The boards wider than the notebook column they are in (as "shown px > column px"),
    after the layout has settled."""
    page.wait_for_timeout(300)
    return page.evaluate("""() => [...document.querySelectorAll('canvas.dama-board')]
        .map(c => [c.getBoundingClientRect(),
                   c.closest('.jp-OutputArea-output').getBoundingClientRect()])
        .filter(([board, column]) => board.width > 0 && board.right > column.right + 1)
        .map(([board, column]) => `${board.width}px board > ${column.width}px column`)""")


def log_console_errors(page) -> str:
    """The Log Console's count of kernel messages in the status bar ("" when none: the item
    is hidden until the kernel logs something, a traceback from a handler for instance)."""
    item = page.locator(".jp-LogConsoleStatusItem")
    expect(item).to_be_attached()
    return item.inner_text().strip() if item.is_visible() else ""


@pytest.mark.parametrize("path, ids", LAB, ids=[p for p, _ in LAB])
def test_a_lesson_in_jupyterlab(course_server, child, path, ids):
    base = course_server[0]
    lang = path[:2]
    choice_lesson = path.startswith("it/01")
    page = child(width=768, height=1024) if choice_lesson else child()
    run_all(page.page, base, path)
    if choice_lesson:
        # A teacher's tablet with the file browser open: every board fits the narrow column.
        if not page.page.locator(".jp-FileBrowser").is_visible():
            page.page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
        expect(page.page.locator(".jp-FileBrowser")).to_be_visible()
        assert boards_overflowing(page.page) == [], boards_overflowing(page.page)
    walker = Child(page.page, lang, WRONG_KINDS["lab"], screenshot=page.shot)
    journey = walker.walk(path, ids, precedence=path[3:5] == "07",
                          before=best_stars(course_server))
    if choice_lesson:
        page.page.locator(".dama-choices").first.scroll_into_view_if_needed()
        page.shot("jupyterlab-choice-768x1024.png")
    total = WORDS[lang]["lesson_stars"].format(got=lesson_total(ids, journey.stars),
                                               total=3 * len(ids))
    summary = page.page.locator(".dama-lesson-stars")
    summary.scroll_into_view_if_needed()
    expect(summary).to_contain_text(total)
    assert log_console_errors(page.page) in ("", "0"), log_console_errors(page.page)
    # A kernel restart, every cell run again: the stars are those earned.
    restart_and_run_all(page.page, ".dama-lesson-stars")
    expect(page.page.locator(".dama-lesson-stars")).to_contain_text(total)
    first = journey.stars[ids[0]]
    expect(page.page.locator(".dama-puzzles").first).to_contain_text(
        f"{WORDS[lang]['stars']}: " + "★" * first + "☆" * (3 - first))
    assert log_console_errors(page.page) in ("", "0")
    # Saved and reopened: the boards are not kept (they live in the kernel), so the page
    # never shows "model not found"; its first lines say what to press.
    page.page.locator(".lm-MenuBar-item", has_text="File").first.click()
    page.page.locator(".lm-Menu-item[data-command='docmanager:save']").click()
    saved = course_server[1] / "lessons" / path
    expect(page.page.locator(".jp-mod-dirty")).to_have_count(0)
    assert "widget-view+json" not in saved.read_text(encoding="utf-8")
    page.reload(".jp-Notebook")
    expect(page.page.get_by_text("Run → Run All Cells").first).to_be_attached()
    expect(page.page.get_by_text("model not found")).to_have_count(0)
    REPORT.append(f"JupyterLab {path}: {len(journey.answered)} exercises "
                  f"({', '.join(sorted(set(journey.answered.values())))}); "
                  f"wrong: {journey.wrong or '-'}")
    no_handler_errors(course_server)


# -- at the end -----------------------------------------------------------------------------

def walked_everything() -> bool:
    return sum(line.startswith(("Voilà", "JupyterLab")) for line in REPORT) == len(
        ITALIAN) + len(LAB)


def test_every_kind_was_answered_wrong_once_in_each_front_end():
    if not walked_everything():
        pytest.skip("needs the whole journey (every lesson test of this file)")
    assert WRONG_KINDS["voila"] == set(), WRONG_KINDS["voila"]
    assert WRONG_KINDS["lab"] == set(), WRONG_KINDS["lab"]


def test_the_committed_lessons_are_unchanged(course_server, tracked_notebooks):
    """Autosave and every answer went to the working copy, never to the repository."""
    assert notebooks_digest() == tracked_notebooks
    copy = course_server[1] / "lessons"
    assert (copy / "it").is_dir() and (copy / "en").is_dir()


# -- practice after the lessons ---------------------------------------------------------------

def test_the_square_trainer_scores_a_scripted_round(course_server, child):
    """«Allenati con le caselle» from the index, in the child's view: squares found by clicks
    on the board seen from Black's side, one miss explained, the 30 seconds run out, the
    score kept as the best (IT-B2). The round's clock is the real one, so the child clicks
    for 18 s at most (a busy machine answers more slowly) and the end must give the count
    the score line showed."""
    base, _, _ = course_server
    page = child()
    tab = page.page
    open_view(tab, base, "it/indice")
    tab.get_by_role("link", name="Allenati con le caselle").click()
    expect(tab).to_have_url(re.compile(r"/voila/render/app\.ipynb#it/caselle$"))
    trainer = tab.locator(".dama-trainer")
    expect(trainer).to_be_visible()
    canvas = trainer.locator("canvas.dama-board")
    wait_drawn(tab, canvas)
    trainer.locator(".dama-trainer-side").get_by_role("button", name="Dal lato del Nero").click()
    trainer.locator(".dama-trainer-go").click()
    started = time.monotonic()
    question = trainer.locator(".dama-trainer-question")
    score = trainer.locator(".dama-trainer-score")
    right = 0
    while right < 8 and (right < 3 or time.monotonic() - started < 18):
        expect(question).to_contain_text("Clicca la casella", use_inner_text=True)  # a mouse
        target = int(re.search(r"casella (\d+)", question.inner_text()).group(1))
        if right == 1:
            wrong = target % 32 + 1
            click_square(canvas, wrong, flipped=True)
            expect(trainer.locator(".dama-trainer-feedback")).to_contain_text(
                f"No, quella segnata a trattini è la casella {wrong}. Cerca la {target}!")
        click_square(canvas, target, flipped=True)
        right += 1
        expect(score).to_contain_text(f"Giuste: {right} · Sbagliate: {int(right >= 2)}")
    clicked = time.monotonic() - started
    page.shot("voila-square-trainer.png")
    expect(question).to_contain_text(f"Tempo scaduto! {right} giuste. Nuovo record!",
                                     timeout=45_000)
    expect(score).to_contain_text(f"Il tuo record: {right}")
    REPORT.append(f"square trainer: {right} squares found from Black's side in "
                  f"{clicked:.0f} s, 1 miss, the round ended at 30 s with {right} kept as "
                  f"the best")


def wrong_answer(child, run, puzzle) -> bool:
    """A wrong answer the exercise grades (a legal move that is not the answer, a wrong
    option or number, a capture list with one missing); False if the puzzle has none."""
    kind = puzzle.kind
    if kind in ("choice", "count") or (kind == "all-captures" and len(puzzle.solutions) > 1):
        return child.answer_wrong(run, puzzle)
    if kind == "all-captures":
        return False
    board = puzzle.board()
    answers = {line[0] for line in puzzle.solutions}
    wrong = [board.move_text(m) for m in board.legal_moves if board.move_text(m) not in answers]
    if not wrong:
        return False
    box = run.locator(".dama-move-box input").first
    box.fill(wrong[0])
    box.press("Enter")
    expect(run.locator(".dama-feedback, .dama-status").first).not_to_be_empty()
    return True


def test_the_palestra_rates_a_scripted_child_and_ends_a_streak(course_server, child):
    """«Palestra» from the index, in the child's view: rated puzzles answered right and
    wrong move the rating shown, a topic chosen keeps its puzzles, a streak has no hint and
    ends at its first mistake with the best kept, and the review says when the missed
    puzzle comes back. Every puzzle is answered through the page, as in the lessons."""
    from dama.palestra.practice import THEMES
    from dama.core.store.best import BestScores

    import sqlite3

    from dama.core.content.check import check
    from dama.core.store.progress import ProgressStore

    base, home, _ = course_server
    try:
        name = json.loads((home / "course-student.json").read_text())["name"] or "studente"
    except (OSError, ValueError, KeyError):
        name = "studente"
    # A puzzle missed an hour ago: its time in the review has come.
    by_id = puzzles_by_id()
    planted = next(p for p in by_id.values() if p.variant == "italian" and p.kind == "capture"
                   and p.id not in best_stars(course_server) and p.level == 3)
    with ProgressStore(name, home, place="palestra") as store:
        store.record(planted, "1-5", check(planted, "1-5"))
        path = store.path
    with sqlite3.connect(path) as db:
        db.execute("UPDATE attempt SET timestamp = datetime('now', '-1 hour') || '+00:00' "
                   "WHERE puzzle = ?", (planted.id,))
    page = child()
    tab = page.page
    open_view(tab, base, "it/indice")
    tab.get_by_role("link", name="Palestra").click()
    expect(tab).to_have_url(re.compile(r"/voila/render/app\.ipynb#it/palestra$"))
    practice = tab.locator(".dama-practice")
    expect(practice).to_be_visible()
    status = practice.locator(".dama-practice-status")
    run = practice.locator(".dama-puzzles")
    walker = Child(tab, "it", set())
    expect(practice.locator(".dama-practice-review")).to_have_text("Ripassa gli errori (1)")

    def current(number, mode="Allenamento"):
        # «esercizio 1» and not «esercizio 12»: the run before a new topic may reach 10.
        title = run.locator("b[data-puzzle]",
                            has_text=re.compile(rf"{mode} · esercizio {number}(?!\d)"))
        expect(title).to_be_attached()
        return by_id[title.get_attribute("data-puzzle")]

    def rating():
        return int(re.search(r"Il tuo punteggio: (\d+)", status.inner_text()).group(1))

    expect(status).to_contain_text("Il tuo punteggio:")
    trail, number, missed = [rating()], 0, None
    for n in range(14):        # six at least, and on until one could be answered wrong
        if n >= 6 and missed is not None:
            break
        number += 1
        if n:
            run.get_by_role("button", name="Prossimo esercizio", exact=True).click()
        puzzle = current(number)
        before = status.inner_text()
        if n >= 2 and missed is None and wrong_answer(walker, run, puzzle):
            missed = puzzle
            rating_moved(status, before, "(−")
        else:
            walker.answer_right(run, puzzle)
            rating_moved(status, before, "(+")
        trail.append(rating())
    assert missed is not None and trail[-1] > trail[0]
    page.shot("voila-palestra.png")

    # A topic: the next puzzles are shots («Il tiro»).
    practice.locator(".dama-practice-theme select").select_option(label="Il tiro")
    for number in (1, 2):                     # a new topic counts from 1 again
        puzzle = current(number)
        assert puzzle.topic in THEMES["tactics"][1]
        walker.answer_right(run, puzzle)
        expect(run).to_contain_text("Stelle: ★★★")
        run.get_by_role("button", name="Prossimo esercizio", exact=True).click()

    # A streak: no hint button, then a mistake ends it.
    practice.locator(".dama-practice-streak").click()
    expect(practice.locator(".dama-practice-message")).to_contain_text("non ci sono suggerimenti")
    expect(run.get_by_role("button", name="Suggerimento", exact=True)).to_be_hidden()
    solved = 0
    for number in range(1, 12):
        if number > 1:
            run.get_by_role("button", name="Prossimo esercizio", exact=True).click()
        puzzle = current(number, "Serie")
        if solved >= 2 and wrong_answer(walker, run, puzzle):
            break
        walker.answer_right(run, puzzle)
        solved += 1
        expect(status).to_contain_text(f"Serie: {solved} di fila")
    expect(practice.locator(".dama-practice-message")).to_contain_text(
        f"La serie è finita: {solved} di fila! Nuovo record!")
    page.shot("voila-palestra-streak.png")
    assert BestScores(home, "palestra-serie.json").best(name, "streak") == solved

    # The review: the puzzle missed an hour ago comes back; solved, it goes to tomorrow,
    # and the one missed today waits its ten minutes.
    practice.locator(".dama-practice-review").click()
    assert current(1, "Ripasso").id == planted.id
    walker.answer_right(run, planted)
    expect(status).to_contain_text("un ripasso non cambia il punteggio")
    expect(practice.locator(".dama-practice-review")).to_have_text("Ripassa gli errori")
    page.shot("voila-palestra-review.png")
    run.get_by_role("button", name="Prossimo esercizio", exact=True).click()
    expect(run.locator(".dama-feedback")).to_contain_text("Nessun errore da ripassare adesso")
    practice.locator(".dama-practice-review").click()
    expect(practice.locator(".dama-practice-message")).to_contain_text(
        "Nessun errore da ripassare adesso")
    # (at most ten minutes after its miss: less when the walk was slow)
    expect(practice.locator(".dama-practice-message")).to_contain_text(
        re.compile(r"fra (?:[1-9]|10) minut"))
    assert not page.errors, page.errors
    REPORT.append(f"palestra: rating {' → '.join(map(str, trail))} over {len(trail) - 1} puzzles "
                  f"(one missed: {missed.id}), 2 shots, a streak of {solved} ended by a "
                  f"mistake, {planted.id} missed an hour before reviewed and solved, the "
                  "one missed today waiting its 10 minutes")


def test_practice_in_jupyterlab_in_english_survives_a_kernel_restart(course_server, child):
    """The English Practice page in JupyterLab, as an adult or a teacher opens it: puzzles
    answered right and wrong move the rating, the Log Console stays empty, and after a
    kernel restart the rating shown is the same (it is worked out from the progress file)."""
    base = course_server[0]
    page = child()
    tab = page.page
    run_all(tab, base, "en/practice.ipynb", ready=".dama-practice")
    practice = tab.locator(".dama-practice")
    status = practice.locator(".dama-practice-status")
    run = practice.locator(".dama-puzzles")
    expect(status).to_contain_text("Your rating:")
    walker = Child(tab, "en", set())
    by_id = puzzles_by_id()
    missed = False
    for number in range(1, 11):
        if number > 4 and missed:
            break
        if number > 1:
            run.get_by_role("button", name="Next exercise", exact=True).click()
        title = run.locator("b[data-puzzle]",
                            has_text=re.compile(rf"Training · puzzle {number}(?!\d)"))
        expect(title).to_be_attached()
        puzzle = by_id[title.get_attribute("data-puzzle")]
        before = status.inner_text()
        if number >= 2 and not missed and wrong_answer(walker, run, puzzle):
            missed = True
            rating_moved(status, before, "(−")
        else:
            walker.answer_right(run, puzzle)
            rating_moved(status, before, "(+")
    assert missed
    shown = re.search(r"Your rating: (\d+)", status.inner_text()).group(1)
    assert log_console_errors(tab) in ("", "0"), log_console_errors(tab)
    restart_and_run_all(tab, ".dama-practice")
    # The new kernel's page: its first puzzle (the old page was further on).
    expect(tab.locator(".dama-practice b[data-puzzle]",
                       has_text=re.compile(r"Training · puzzle 1(?!\d)"))).to_be_attached()
    expect(tab.locator(".dama-practice-status")).to_contain_text(f"Your rating: {shown}")
    expect(tab.locator(".dama-practice-review")).to_have_text("Review my mistakes")
    assert log_console_errors(tab) in ("", "0"), log_console_errors(tab)
    no_handler_errors(course_server)
    page.shot("jupyterlab-practice-en.png")
    REPORT.append(f"practice in JupyterLab (English): {number - 1} puzzles, one missed, the rating "
                  f"{shown} kept after a kernel restart, Log Console empty")


def test_an_untouched_lesson_in_jupyterlab_is_not_marked_modified(course_server, child):
    """A lesson opened in JupyterLab, its kernel started and nothing run: no unsaved change,
    so closing it asks nothing (the kernel's language_info is the one the copy carries)."""
    base = course_server[0]
    page = child()
    page.page.goto(f"{base}/lab/tree/it/05-la-damatura.ipynb?reset")
    expect(page.page.locator(".jp-Notebook")).to_be_attached(timeout=120_000)
    expect(page.page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
           ).to_be_attached(timeout=120_000)
    # The kernel's name shown: its info (language_info) has reached the notebook.
    expect(page.page.locator(".jp-KernelName")).to_contain_text("Python 3")
    # JupyterLab writes the kernel's language_info into the notebook a moment after: the
    # copy carries it already, so nothing changes. Saved, the file is the copy as it was.
    copy = course_server[1] / "lessons" / "it" / "05-la-damatura.ipynb"
    before = copy.read_text(encoding="utf-8")
    expect(page.page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")
           ).to_be_attached()
    page.page.keyboard.press("Control+s")
    expect(page.page.locator(".jp-mod-dirty")).to_have_count(0)
    import json

    # The server may still be writing the file (an empty file for a moment): read it once
    # it is whole.
    deadline = time.monotonic() + 15
    while True:
        try:
            saved = json.loads(copy.read_text(encoding="utf-8"))
            break
        except ValueError:
            assert time.monotonic() < deadline, "the saved lesson never became whole"
            time.sleep(0.1)
    assert saved == json.loads(before)
    expect(page.page.locator(".jp-mod-dirty")).to_have_count(0)


def test_a_years_class_table_fits_a_classroom_projector(course_server, child, tmp_path):
    """25 children (names with accents and apostrophes), every lesson tried, on a 1280×720
    projector in the child's view: the table's last columns in sight without scrolling
    sideways, the header and the names kept in sight while the rows scroll, each cell shaded
    by its share of the stars."""
    from dama.core.content import check, load
    from dama.core.content.lessons import load_lessons
    from dama.core.store.progress import ProgressStore

    by_id = {p.id: p for p in load()}
    folder = tmp_path / "quinta-b"
    names = ["Niccolò R.", "D'Angelo M.", "Zoë F.", "Giulia B.", "Anna Maria C."] + [
        f"Alunno {n:02d}" for n in range(20)]
    lessons = [lesson for lesson in load_lessons() if lesson.exercises]
    for n, name in enumerate(names):
        with ProgressStore(name, folder) as store:
            for lesson in lessons:
                puzzle = by_id[lesson.exercises[0]]
                answer = puzzle.solutions[0]
                if puzzle.kind == "all-captures":
                    right = " ".join(line[0] for line in puzzle.solutions)
                elif isinstance(answer, (list, tuple)):
                    right = list(answer[::2])       # the child's moves, not the replies
                else:
                    right = answer
                if n % 3 == 0:
                    store.record(puzzle, "1-5", check(puzzle, "1-5", 0, 1), 0)
                verdict = check(puzzle, right, 0, 1 + (n % 3 == 0))
                assert verdict.correct, (puzzle.id, right)
                store.record(puzzle, str(right), verdict, 0)
    page = child(width=1280, height=720)
    open_view(page.page, course_server[0], "it/classe")
    box = page.page.locator(".dama-class-folder input")
    expect(box).to_be_visible()
    box.fill(str(folder))
    page.page.locator(".dama-class-load").click()
    expect(page.page.locator(".dama-class-summary")).to_contain_text("25 alunni da 25 file")
    scroll = page.page.locator(".dama-class-scroll")
    scroll.scroll_into_view_if_needed()
    heads = scroll.locator("thead th")
    expect(heads).to_have_count(len(lessons) + 3)
    width = scroll.evaluate("el => [el.querySelector('table').getBoundingClientRect().width,"
                            " el.clientWidth, el.scrollWidth]")
    assert width[2] <= width[1], width                      # no sideways scrolling
    last = heads.last.bounding_box()
    assert last["x"] + last["width"] <= 1280, last          # «Palestra» in sight
    expect(scroll.locator("tr", has_text="D'Angelo M.")).to_be_attached()
    assert scroll.locator("td[data-lesson='3']").first.evaluate(
        "el => getComputedStyle(el).backgroundColor") != "rgba(0, 0, 0, 0)"
    page.shot("class-table-projector-1280x720.png")
    # The rows scrolled: the header stays at the top of the table's box. Measured against the box, not the window: a browser may scroll the page itself
    # to keep its anchor in view, and that is not the table's doing.
    def header_in_box():
        return scroll.evaluate("el => el.querySelector('thead th').getBoundingClientRect().top"
                               " - el.getBoundingClientRect().top")

    top_before = header_in_box()
    scroll.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    assert scroll.evaluate("el => el.scrollTop") > 0          # the rows did scroll
    expect(scroll.locator("tr", has_text="Alunno 19")).to_be_in_viewport()
    assert abs(header_in_box() - top_before) < 2
    page.shot("class-table-projector-scrolled.png")
    REPORT.append(f"class table on a 1280×720 projector: 25 students × {len(lessons)} lessons, "
                  f"the table {width[0]:.0f} px wide in a {width[1]} px box, header kept while scrolling")


def sample_games():
    """The analysis page's sample file (dama/analysis/games/campionato-2005.pdn), read."""
    from damalib.pdn import load_games
    return list(load_games(COURSE.parent / "dama" / "analysis" / "games" / "campionato-2005.pdn"))


def test_the_analysis_page_in_jupyterlab_with_its_value_changes(course_server, child):
    """The Analysis page in JupyterLab, where a menu's or a box's value change runs on the
    kernel's subshell thread: the sample file chosen from the menu, a game from the list, a
    move clicked, a FEN typed, the best move asked (its thinking in a worker thread); the
    Log Console stays empty, and after a kernel restart the page works again."""
    base = course_server[0]
    page = child()
    tab = page.page
    run_all(tab, base, "en/analysis.ipynb", ready=".dama-analysis")
    root = tab.locator(".dama-analysis")
    root.locator(".dama-analysis-files select").select_option(
        label="Italian championship 2005 (sample)")
    expect(root.locator(".dama-analysis-games select option")).to_have_count(6)
    root.locator(".dama-analysis-games select").select_option(index=3)
    expect(root.locator(".dama-analysis-heading")).to_contain_text("CIANCIANAINI Cesare")
    # The move list is made anew for the game chosen: wait for this game's own fifth move
    # (read from the sample file), not a button of the list it replaces.
    fifth = sample_games()[3].board(8).move_text(sample_games()[3].moves[8])
    move = root.locator(".dama-analysis-move", has_text=re.compile(rf"^5\. {fifth}$"))
    expect(move).to_have_count(1)
    move.click()
    expect(root.locator(".dama-status").first).to_contain_text("Black to move.")
    advice = root.locator(".dama-analysis-advice")
    root.locator(".dama-analysis-best").click()
    expect(advice).to_contain_text("Best move:", timeout=30_000)
    fen = root.locator(".dama-analysis-fen input")
    fen.fill("W:W10,21,22:B7,14,17")
    fen.press("Enter")
    expect(root.locator(".dama-analysis-position-note")).to_contain_text(
        "Position set up (Italian draughts 8x8). White to move.")
    root.locator(".dama-analysis-best").click()
    expect(advice).to_contain_text("Best move: 22-18.", timeout=30_000)
    assert log_console_errors(tab) in ("", "0"), log_console_errors(tab)
    restart_and_run_all(tab, ".dama-analysis")
    root = tab.locator(".dama-analysis:not([data-old])")
    root.locator(".dama-analysis-files select").select_option(
        label="Italian championship 2005 (sample)")
    expect(root.locator(".dama-analysis-heading")).to_contain_text("BORGHETTI Michele")
    assert log_console_errors(tab) in ("", "0"), log_console_errors(tab)
    no_handler_errors(course_server)
    page.shot("jupyterlab-analysis-en.png")
    REPORT.append("the analysis page in JupyterLab (English): the sample, a game, a move, a "
                  "FEN, the best move twice, a kernel restart; Log Console empty")
