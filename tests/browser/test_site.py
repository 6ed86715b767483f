"""The browser-only edition (``make site``): built from the package registries, served on
127.0.0.1 by the classroom's server (deploy/site/serve.py, a static server that sends the compressed
copies), opened in Chromium with every other host not found. The child's view is one page
for the whole visit, a view for each page of the course. A child lands on the Italian index with no code on screen, types a name, follows a
lesson link, answers every exercise of three lessons (options clicked, counts typed, captures
made by clicks and typed, a hint taken, wrong answers of each kind), reloads, closes the tab
and opens the site again, and finds the name and the stars kept; downloads the progress file and
sees it on the class page; then plays the computer at level 6, and the English index opens on
a tablet.

The report (printed at the end of the run) gives what the issue asks to measure: the site's
size, a first and a later visit (text shown, page usable, bytes received; the browser's cache
on disk), the next lesson, click-to-redraw, a level-6 computer move. DAMA_SCREENSHOTS=folder keeps the screenshots.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import importlib.util
import json
import re
import shutil
import statistics
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import (BOARD, CHROMIUM, JOURNEY, TIMED_CLICK, TIMINGS, Page, audit,
                             click_square, marked_square, screenshot, wait_drawn)
from conftest import CHROMIUM_ARGS, CLASSROOM, COURSE
from authoring.notebooks import VIEWS
from dama.core.store.progress import read_best_stars
from journey import RULE_ID, WORDS, Child, puzzles_by_id, rating_moved

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("dama_site_build", ROOT / "deploy" / "site" / "build.py")
site_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_build)

READY = "body.dama-ready"
LESSONS = ("01-la-damiera", "02-muovere-le-pedine", "03-la-presa")


_spec = importlib.util.spec_from_file_location("dama_site_serve", ROOT / "deploy" / "site" / "serve.py")
site_serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_serve)


class StaticFiles(site_serve.CourseFiles):
    """The classroom's server (deploy/site/serve.py: the compressed copies sent to a browser that
    reads gzip, every answer checked again), quiet, counting what it sends."""

    #: The bytes of the files sent since the test began (an answer "not modified" sends none):
    #: what the pages and their Python asked of the network, the browser's cache aside.
    sent = 0

    def copyfile(self, source, outputfile):
        start = source.tell()
        super().copyfile(source, outputfile)
        StaticFiles.sent += source.tell() - start

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """A static server of ``folder`` on 127.0.0.1 (its address), for the test's time."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(StaticFiles, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    started = time.monotonic()
    report = site_build.build(out)
    report["build_seconds"] = time.monotonic() - started
    with serving(out) as base:
        yield base, out, report


def offline(page: Page) -> Page:
    """A page of the site, watched: the browser finds no host but this machine (its
    ``--host-resolver-rules``), and Page records any request that tries to leave it."""
    _OPEN.append(page)
    return page


class BytesReceived:
    """The bytes the site's server sent for a tab's visits (its page and its Python's
    requests alike; a file the browser's cache answers costs nothing)."""

    def __init__(self) -> None:
        self.mark = StaticFiles.sent

    def take(self) -> int:
        """The bytes sent since the last take."""
        total, self.mark = StaticFiles.sent - self.mark, StaticFiles.sent
        return total


def replayed_rating(progress_file: Path) -> int:
    """The Palestra's rating of the one child of ``progress_file``, replayed in CPython."""
    from dama.core.content import load
    from dama.core.store.ratings import RatingBook, practised, tries
    from dama.core.store.progress import read_attempts

    book = RatingBook.replay(practised(load()), {"child": tries(read_attempts(progress_file))})
    return book.child("child").shown


_OPEN: list[Page] = []


@pytest.fixture(autouse=True)
def nothing_missing():
    """No page of the site asked for a file the site does not have."""
    _OPEN.clear()
    yield
    missing = [line for page in _OPEN for line in page.missing]
    assert not missing, missing[:10]


def view_url(base: str, route: str) -> str:
    """The address of a view of the child's one page (``#it/03-la-presa``)."""
    return f"{base}/notebooks/index.html?path=app.ipynb#{route}"


def wait_ready(page, route: str | None = None) -> None:
    """The child's view shows the view of its address (``route``, if given): made by Python,
    the preview and the banner gone."""
    expect(page.locator(READY)).to_be_attached(timeout=120_000)
    expect(page.locator("#dama-loading")).to_have_count(0)
    expect(page.locator("#dama-preview")).to_have_count(0)
    if route is not None:
        expect(page).to_have_url(re.compile(rf"#{re.escape(route)}$"))
        expect(page.locator(f".dama-shown[data-asked='{route}']")).to_be_attached()


def no_code_and_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "%run" not in body and "corso.py" not in body, body[:500]
    words = re.sub(r"\b[Ee]rror[ei]\b", "", body)     # the Italian words are the page's own
    assert "Traceback" not in body and "Error" not in words, body[:2000]
    assert not page.locator("[data-mime-type='application/vnd.jupyter.stderr']").count()
    # A part of a view that failed in Python (logged in errors.log) shows a kind sentence:
    # none may be on the page.
    assert not page.locator(".dama-view-error").count(), page.locator(".dama-view-error").first.inner_text()


def opens_at_its_top(tab) -> None:
    """The lesson's title is in view once its cells have run (running them scrolls)."""
    box = tab.locator(".dama-view .dama-text").first.bounding_box()
    assert box is not None and 0 <= box["y"] < tab.viewport_size["height"] / 2, box


def lesson_ids(name: str) -> list[str]:
    data = json.loads((COURSE / "it" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return list(data["metadata"]["dama"]["exercises"])


# -- the build --------------------------------------------------------------------------------

def test_the_browser_edition_can_be_heard_and_has_no_grave_accessibility_fault(site, browser):
    """The static site's child's view: the same page script as on a server (access.js): its
    language declared, «Ascolta» heard with the moves in words, a board reached with Tab, and
    axe-core's audit of the index, three lessons, the Palestra, the trainer, the game, the
    class page and the analysis page with no critical or serious finding."""
    base, _, _ = site
    page = offline(Page(browser, width=1366, height=900))
    page.context.add_init_script("""
      window.damaSaid = [];
      Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
        getVoices: function () { return [{lang: "it-IT", name: "Alice", localService: true}]; },
        cancel: function () {}, addEventListener: function () {},
        speak: function (u) { window.damaSaid.push({text: u.text, lang: u.lang}); }}});
      window.SpeechSynthesisUtterance = function (text) { this.text = text; };
    """)
    tab = page.new_tab()
    tab.goto(base + "/")
    wait_ready(tab, "it/indice")

    def open_route(route: str) -> None:
        tab.evaluate("route => { location.hash = route; }", route)
        wait_ready(tab, route)

    routes = ("it/indice", "it/00-benvenuti", "it/01-la-damiera", "it/03-la-presa",
              "it/palestra", "it/caselle", "it/gioca", "it/classe", "it/analisi")
    counts, grave = audit(tab, routes, open_route)
    open_route("it/01-la-damiera")
    paragraph = tab.locator(".dama-text p", has_text="si scrive").first
    paragraph.locator("xpath=preceding-sibling::button[1]").click()
    tab.wait_for_function("window.damaSaid.length > 0")
    heard = tab.evaluate("window.damaSaid.at(-1)")
    assert "si scrive da 22 a 19" in heard["text"] and heard["lang"] == "it-IT"
    assert tab.evaluate("document.documentElement.lang") == "it"
    expect(tab.locator(".dama-auto-read")).to_be_visible()
    tab.locator(BOARD).first.focus()
    assert tab.evaluate("document.activeElement.getAttribute('role')") == "application"
    page.close()
    JOURNEY.append("axe-core in the browser edition (critical/serious/moderate/minor "
                   "elements): " + "; ".join(counts))
    assert grave == [], "\n".join(grave)


def test_the_site_holds_its_own_pyodide_and_only_what_its_lock_names(site):
    _, out, report = site
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    pyodide = out / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    files = {entry["file_name"] for entry in lock["packages"].values()}
    assert files == {p.name for p in pyodide.glob("*.whl")}      # nothing more, nothing less
    for entry in lock["packages"].values():
        assert site_build.sha256(pyodide / entry["file_name"]) == entry["sha256"]
        assert set(entry["depends"]) <= set(lock["packages"]), entry
    # Everything is loaded when the kernel starts: no one types %pip.
    assert sorted(kernel["loadPyodideOptions"]["packages"]) == sorted(lock["packages"])
    for needed in ("dama-course", "ipywidgets", "ipycanvas", "platformdirs", "numpy"):
        assert needed in lock["packages"]
    assert lock["packages"]["numpy"]["version"] == "0.0.0+dama.standin"
    # No address outside the site in what the pages read at start.
    text = json.dumps(config) + (out / "index.html").read_text()
    assert not re.search(r"https?://", text), re.findall(r"https?://[^\"' ]+", text)[:5]
    assert "path=app.ipynb#it/indice" in (out / "index.html").read_text()
    assert not any(name.startswith("dama-views") for name in lock["packages"])
    # A still preview of every page of the course, shown before Python is up.
    previews = {p.relative_to(out / "views").with_suffix("").as_posix()
                for p in (out / "views").rglob("*.html")}
    assert previews == {f"{lang}/{p.stem}" for lang in ("it", "en")
                        for p in (COURSE / lang).glob("*.ipynb")}
    mb = report["bytes"] / 1e6
    # A compressed copy beside the big files, the same bytes once unpacked.
    import gzip

    wasm = pyodide / "pyodide.asm.wasm"
    assert gzip.decompress((pyodide / "pyodide.asm.wasm.gz").read_bytes()) == wasm.read_bytes()
    assert "jedi" in lock["packages"] and "parso" not in lock["packages"]
    JOURNEY.append(f"site: built in {report['build_seconds']:.0f} s, {mb:.1f} MB "
                   f"(goal ≤ 40 MB) and {report['compressed_copies'] / 1e6:.1f} MB of "
                   f"compressed copies, Pyodide {report['pyodide']}, "
                   f"{len(report['packages'])} packages, numpy {report['numpy']}")


# -- the child's journey ----------------------------------------------------------------------

def test_a_child_takes_three_lessons_offline_and_keeps_the_stars(site, browser):
    base, _, _ = site
    page = offline(Page(browser, width=1366, height=900))
    tab = page.page
    tab.goto(base + "/")
    expect(tab).to_have_url(re.compile(r"/notebooks/index\.html\?path=app\.ipynb#it/indice$"))
    wait_ready(tab, "it/indice")
    table = tab.locator(".dama-index-table")
    for title in ("Benvenuti!", "La presa", "Le altre dame del mondo"):
        expect(table).to_contain_text(title)
    no_code_and_no_traceback(tab)
    assert not RULE_ID.search(tab.locator("body").inner_text())
    page.shot("site-first-page.png")

    # The name, then a lesson opened from the index's link, in the same tab.
    tab.locator(".dama-student input").fill("Giulia")
    tab.locator(".dama-student-ok").click()
    expect(tab.locator(".dama-index")).to_contain_text("Giulia")
    tab.locator(f"a[href='{LESSONS[0]}.ipynb']").first.click()
    wait_ready(tab, f"it/{LESSONS[0]}")
    # The browser's back button: the index again, then forward to the lesson, in this page.
    tab.go_back()
    wait_ready(tab, "it/indice")
    expect(tab.locator(".dama-student input")).to_have_value("Giulia")
    tab.go_forward()
    wait_ready(tab, f"it/{LESSONS[0]}")
    next_lessons = []
    walked = []
    child = Child(tab, "it", {"choice", "count", "capture", "move", "all-captures"})
    for n, lesson in enumerate(LESSONS):
        if n:  # the lesson's own link to the next one, at its end
            tab.get_by_role("link", name=re.compile(rf"^Lezione {int(lesson[:2])} ·")).last.click()
            wait_ready(tab, f"it/{lesson}")
            next_lessons.append(tab.evaluate("window.damaTimes.views.at(-1).ms"))
        wait_ready(tab, f"it/{lesson}")
        opens_at_its_top(tab)
        no_code_and_no_traceback(tab)
        ids = lesson_ids(lesson)
        try:
            journey = child.walk(lesson, ids)
        except Exception:
            page.shot(f"site-failed-{lesson}.png", full_page=True)
            raise
        total = sum(journey.stars.values())
        expect(tab.locator(".dama-lesson-stars").first).to_contain_text(
            WORDS["it"]["lesson_stars"].format(got=total, total=3 * len(ids)))
        walked.append((lesson, journey))
    page.shot("site-lesson-03.png")

    # A reload (a later visit): the stars are still there, read from the browser's storage.
    page.reload(READY)
    wait_ready(tab, f"it/{LESSONS[-1]}")
    canvas = tab.locator(BOARD).first
    canvas.scroll_into_view_if_needed()
    wait_drawn(tab, canvas)
    lesson, journey = walked[-1]
    expect(tab.locator(".dama-lesson-stars").first).to_contain_text(
        WORDS["it"]["lesson_stars"].format(got=sum(journey.stars.values()),
                                           total=3 * len(journey.stars)))
    # The tab closed, the site opened again in a new one: the name and the stars are there.
    tab.close()
    tab = page.new_tab()
    tab.goto(base + "/")
    wait_ready(tab, "it/indice")
    expect(tab.locator(".dama-student input")).to_have_value("Giulia")
    row = tab.locator(".dama-index-table tr", has_text="La presa").first
    expect(row).to_contain_text(f"{sum(journey.stars.values())} / {3 * len(journey.stars)}")
    no_code_and_no_traceback(tab)

    # «Scarica i miei progressi»: the child's file, as the class page and dama progress read it.
    link = tab.locator(".dama-download-mine a[download]").first
    with tab.expect_download() as download:
        link.click()
    saved = Path(download.value.path())
    expected = {pid: n for _, j in walked for pid, n in j.stars.items()}
    assert read_best_stars(saved) == expected

    # The class page of this browser, opened from the teacher's guide (a child's index has
    # no way to it): the teacher sees Giulia's stars.
    expect(tab.locator("a[href$='classe'], a[href$='classe.ipynb']")).to_have_count(0)
    tab.get_by_role("link", name="guida per insegnanti e genitori").first.click()
    wait_ready(tab, "it/guida-insegnante")
    tab.get_by_role("link", name="classe.ipynb").first.click()
    wait_ready(tab, "it/classe")
    tab.locator(".dama-class-load").click()
    row = tab.locator(".dama-class-table tr", has_text="Giulia")
    expect(row.locator("td[data-lesson='3']")).to_have_text(
        f"{sum(journey.stars.values())}/{3 * len(journey.stars)}")
    no_code_and_no_traceback(tab)
    page.shot("site-class-page.png")
    page.close()
    kinds = sorted({k for _, j in walked for k in j.wrong})
    JOURNEY.append(f"site: {', '.join(LESSONS)} walked offline ({sum(len(j.answered) for _, j in walked)} "
                   f"exercises, wrong once: {', '.join(kinds)}); stars kept after a reload and a closed tab")
    TIMINGS.append(f"site: the next lesson by its link shown by Python in "
                   f"{', '.join(f'{ms / 1000:.1f}' for ms in next_lessons)} s (goal ≤ 2 s), "
                   f"in the same page and Python")


def test_a_first_and_a_later_visit_with_the_browsers_own_cache(site, browser, tmp_path):
    """What a visit costs a tablet, in time and bytes, measured as a child's browser has it:
    a profile on disk, whose cache keeps the big files (a test's usual context keeps its
    cache in memory, where Chromium keeps no file as big as Python's WebAssembly). The first
    visit opens the index and follows a lesson's link; a later visit opens lesson 3."""
    base, _, _ = site
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
        args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 900})
    try:
        tab = context.new_page()
        outside = []
        tab.on("request", lambda request: request.url.startswith(("http://127.0.0.1", "data:",
                                                                 "blob:", "about:"))
               or outside.append(request.url))
        received = BytesReceived()
        started = time.monotonic()
        tab.goto(base + "/")
        wait_ready(tab, "it/indice")
        first = time.monotonic() - started, received.take(), tab.evaluate("window.damaTimes")
        tab.locator("a[href='04-la-presa-multipla.ipynb']").first.click()
        wait_ready(tab, "it/04-la-presa-multipla")
        next_lesson = tab.evaluate("window.damaTimes.views.at(-1).ms")
        tab.goto("about:blank")
        received.take()
        started = time.monotonic()
        tab.goto(view_url(base, "it/03-la-presa"))
        wait_ready(tab, "it/03-la-presa")
        later = time.monotonic() - started, received.take(), tab.evaluate("window.damaTimes")
        no_code_and_no_traceback(tab)
        assert not outside, outside[:5]
    finally:
        context.close()
    TIMINGS.append(f"site, first visit (the index): text shown {first[2]['text'] / 1000:.1f} s "
                   f"(goal ≤ 2 s), usable {first[2]['shown'] / 1000:.1f} s (goal ≤ 10 s), "
                   f"{first[1] / 1e6:.1f} MB received (goal ≤ 15 MB); the next lesson by its "
                   f"link {next_lesson / 1000:.1f} s (goal ≤ 2 s)")
    TIMINGS.append(f"site, later visit (lesson 3): text shown {later[2]['text'] / 1000:.1f} s, "
                   f"usable {later[2]['shown'] / 1000:.1f} s (goal ≤ 6 s), "
                   f"{later[1] / 1e6:.2f} MB received")
    for what, marks in (("first visit", first[2]), ("later visit", later[2])):
        TIMINGS.append(f"site, {what}, where the time goes: the page's code "
                       f"{marks['notebook'] / 1000:.1f} s, Python started "
                       f"{(marks['kernel'] - marks['notebook']) / 1000:.1f} s more, the course "
                       f"imported {(marks['ran'] - marks['kernel']) / 1000:.1f} s, the view "
                       f"made {(marks['shown'] - marks['ran']) / 1000:.1f} s")


def test_a_class_on_the_teachers_address_keeps_the_stars_of_two_tabs(site, browser):
    """The site as a school opens it: by the address of the teacher's computer (plain http,
    not localhost: no secure context, so no service worker and no site drive), on a tablet.
    The index works and takes a name; lessons 2 and 3 open in two tabs, both before either
    is answered; each tab's first exercise is answered, A's first; the index reloaded shows
    the stars of both (a progress file written whole by each tab kept only the last)."""
    port = site[0].rsplit(":", 1)[1]
    base = f"http://{CLASSROOM}:{port}"
    page = offline(Page(browser, width=768, height=1024, touch=True))
    tab_a = page.page
    said = []      # what the course's own code says on the console (IndexedDB's errors)

    def watch(tab):
        tab.on("console", lambda m: m.type == "error" and "dama" in m.text and said.append(m.text))

    watch(tab_a)
    tab_a.goto(base + "/")
    wait_ready(tab_a, "it/indice")
    assert tab_a.evaluate("window.isSecureContext") is False
    assert tab_a.evaluate("!('serviceWorker' in navigator) || "
                          "!navigator.serviceWorker.controller")
    no_code_and_no_traceback(tab_a)
    tab_a.locator(".dama-student input").fill("Sofia R.")
    tab_a.locator(".dama-student-ok").tap()
    expect(tab_a.locator(".dama-greeting")).to_contain_text("Ciao Sofia R.!")
    page.shot("site-classroom-index-tablet.png")
    lessons = {"a": "02-muovere-le-pedine", "b": "03-la-presa"}
    tab_a.goto(view_url(base, f"it/{lessons['a']}"))
    wait_ready(tab_a, f"it/{lessons['a']}")
    opens_at_its_top(tab_a)
    # Tab B by the address a lesson had before the course was one page (a bookmark).
    tab_b = page.new_tab()
    watch(tab_b)
    tab_b.goto(f"{base}/notebooks/index.html?path=it/{lessons['b']}.ipynb")
    # Its first second: the lesson's text and still pictures, before Python is up.
    expect(tab_b.locator("#dama-preview .dama-text").first).to_contain_text("Lezione 3")
    page.shot("site-classroom-lesson-first-second-tablet.png")
    wait_ready(tab_b, f"it/{lessons['b']}")
    text_shown = tab_b.evaluate("window.damaTimes.text")
    opens_at_its_top(tab_b)
    by_id = puzzles_by_id()
    for tab, key in ((tab_a, "a"), (tab_b, "b")):
        tab.bring_to_front()
        run = tab.locator(".dama-puzzles").first
        run.scroll_into_view_if_needed()
        puzzle = by_id[lesson_ids(lessons[key])[0]]
        Child(tab, "it", set(), touch=True).answer_right(run, puzzle)
        expect(run).to_contain_text(f"{WORDS['it']['stars']}: ★★★")
        no_code_and_no_traceback(tab)
    page.shot("site-classroom-lesson-tablet.png")
    # The best scores of the square trainer, saved by both tabs (B's lower one last): the
    # browser keeps the best of each, as dama.core.store.browser.merged() says.
    from dama.core.store.browser import _INDEXEDDB_JS, merged

    saves = {"a": '{"sofia r.": {"find-white": 12}}',
             "b": '{"sofia r.": {"find-white": 7, "name-black": 4}}'}
    for tab, key in ((tab_a, "a"), (tab_b, "b")):
        tab.evaluate("""async ([js, text]) => {
            const vault = (0, eval)(js);
            vault.putFile("dama-test-best.json", text, "best");
            while (vault.pending()) await new Promise((r) => setTimeout(r, 20));
        }""", [_INDEXEDDB_JS, saves[key]])
    kept = tab_a.evaluate("""async (js) => {
        const files = JSON.parse(await (0, eval)(js).read()).files;
        return Object.fromEntries(files)["dama-test-best.json"];
    }""", _INDEXEDDB_JS)
    assert json.loads(kept) == json.loads(merged("best", saves["a"], saves["b"])) == \
        {"sofia r.": {"find-white": 12, "name-black": 4}}
    # Tab A's own link to the index, no reload: the view made anew shows B's stars too.
    tab_a.bring_to_front()
    tab_a.get_by_role("link", name="Indice", exact=True).first.tap()
    wait_ready(tab_a, "it/indice")
    for title, key in (("Muovere le pedine", "a"), ("La presa", "b")):
        row = tab_a.locator(".dama-index-table tr", has_text=title).first
        expect(row).to_contain_text(f"3 / {3 * len(lesson_ids(lessons[key]))} ★")
    tab_b.close()
    page.page = tab_a
    tab_a.goto(base + "/")
    wait_ready(tab_a, "it/indice")
    for title, key in (("Muovere le pedine", "a"), ("La presa", "b")):
        row = tab_a.locator(".dama-index-table tr", has_text=title).first
        expect(row).to_contain_text(f"3 / {3 * len(lesson_ids(lessons[key]))} ★")
    expect(tab_a.locator(".dama-student input")).to_have_value("Sofia R.")
    no_code_and_no_traceback(tab_a)
    assert not said, said
    page.close()
    JOURNEY.append(f"site on a classroom address (http://{CLASSROOM}:{port}/, no secure "
                   f"context, a tablet): name kept, lessons 2 and 3 answered in two tabs, "
                   f"both lessons' stars on tab A's index at once and after a reload, the best "
                   f"trainer score "
                   f"of each tab kept; a lesson's old address "
                   f"(a bookmark) opened its view, its text shown at {text_shown / 1000:.1f} s")


def test_the_stars_an_earlier_version_kept_on_the_sites_drive_are_brought_in(site, browser,
                                                                            tmp_path):
    """A child who last came when the site kept progress on its drive (JupyterLite's files,
    in the browser's storage), before the child's view went without the drive: the name and
    the stars are there at the next visit, read from where the drive kept them, once. And
    the child's view runs without a service worker (the drive's), which slowed every visit."""
    import base64

    from dama.core.content import check, load
    from dama.core.store.progress import ProgressStore, student_path

    by_id = {p.id: p for p in load()}
    ids = lesson_ids("01-la-damiera")
    with ProgressStore("Marta", tmp_path) as store:
        for puzzle_id in ids[:2]:
            puzzle = by_id[puzzle_id]
            first = puzzle.solutions[0]      # lesson 1's are choices: the option's number
            answer = first[0] if isinstance(first, (list, tuple)) else first
            store.record(puzzle, str(answer), check(puzzle, answer))
    old_file = student_path(tmp_path, "Marta")
    page = offline(Page(browser, width=1024, height=768))
    tab = page.page
    tab.goto(view_url(site[0], "it/guida-insegnante"))
    wait_ready(tab, "it/guida-insegnante")
    assert tab.evaluate("!navigator.serviceWorker || !navigator.serviceWorker.controller")
    # The earlier version's files, saved as its kernel saved them: through the site's drive.
    tab.evaluate("""async ([name, data, student]) => {
        const contents = window.jupyterapp.serviceManager.contents;
        await contents.save("progressi", { type: "directory" });
        await contents.save("progressi/" + name, { type: "file", format: "base64",
                                                  content: data });
        await contents.save("progressi/course-student.json",
                            { type: "file", format: "text", content: student });
    }""", [old_file.name, base64.b64encode(old_file.read_bytes()).decode("ascii"),
           json.dumps({"name": "Marta", "env": ""})])
    page.missing.clear()    # the site's own list has no "progressi": asked by this seeding
    tab.goto(site[0] + "/")
    wait_ready(tab, "it/indice")
    expect(tab.locator(".dama-student input")).to_have_value("Marta")
    row = tab.locator(".dama-index-table tr", has_text="La damiera").first
    expect(row).to_contain_text(f"6 / {3 * len(ids)} ★")
    # Brought in once: a second reload has the same stars, not twice as many attempts.
    page.reload(READY)
    wait_ready(tab, "it/indice")
    expect(tab.locator(".dama-index-table tr", has_text="La damiera").first).to_contain_text(
        f"6 / {3 * len(ids)} ★")
    with tab.expect_download() as download:
        tab.locator(".dama-download-mine a[download]").first.click()
    from dama.core.store.progress import read_attempts

    assert len(read_attempts(Path(download.value.path()))) == 2
    no_code_and_no_traceback(tab)
    page.close()
    JOURNEY.append("site: the stars an earlier version kept on the site's drive brought in "
                   "once, with no service worker in the child's view")


def test_a_host_that_breaks_python_gets_words_for_the_adult(site, browser):
    """Python that never starts (here the WebAssembly file refused, as a host sending the
    wrong type for it does): past the wait (60 s; 3 s in this test) the page tells the child
    to call an adult, and the adult what to check."""
    page = offline(Page(browser, width=1024, height=768))
    tab = page.page
    tab.add_init_script("window.damaPatienceMs = 3000")
    tab.route("**/pyodide.asm.wasm", lambda request_route: request_route.abort())
    tab.goto(view_url(site[0], "it/02-muovere-le-pedine"))
    # The lesson's text is there, before and without Python.
    expect(tab.locator("#dama-preview .dama-text").first).to_contain_text("Lezione 2")
    banner = tab.locator("#dama-loading")
    expect(banner).to_contain_text("La damiera non è ancora pronta. Chiama un adulto.")
    expect(banner).to_contain_text("application/wasm")
    page.shot("site-python-not-started.png")
    page.errors.clear()   # the refused file is this test's own doing
    page.missing.clear()
    _OPEN.remove(page)
    page.context.close()


def cache_bytes() -> int:
    return sum(p.stat().st_size for p in site_build.CACHE.rglob("*") if p.is_file())


def test_a_course_updated_next_week_is_what_a_returning_child_gets(site, browser, tmp_path):
    """The same sources build the same site, byte for byte, and the build's cache does not
    grow. Then the site is copied over with a changed lesson, on the same address: a child who
    comes back in the same browser, whose cache holds the old files (a plain server marks them
    fresh for a while), gets the new lesson at the next visit."""
    _, built, report = site
    out = tmp_path / "site"
    shutil.copytree(built, out)
    before = cache_bytes()
    again = site_build.build(tmp_path / "again")
    assert again["version"] == report["version"]           # the same bytes, every file
    assert cache_bytes() == before
    page = offline(Page(browser, width=1024, height=768))
    tab = page.page
    lesson = "it/02-muovere-le-pedine.ipynb"
    route = lesson.removesuffix(".ipynb")
    news = "Novità di questa settimana: una pedina che non può muovere."
    with serving(out) as base:
        tab.goto(view_url(base, route))
        wait_ready(tab, route)
        expect(tab.locator(".dama-view .dama-text").first).not_to_contain_text(news)
        # Next week: the teacher copies the new version over the old one.
        data = json.loads(VIEWS.read_text(encoding="utf-8"))
        cells = data["views"][route]["cells"]
        first = next(i for i, (kind, _) in enumerate(cells) if kind == "html")
        cells[first] = ["html", cells[first][1] + f"<p>{news}</p>"]
        updated = site_build.build(out, views=data)
        assert updated["version"] != report["version"]
        tab.goto(base + "/")                  # a new visit, then the lesson's link
        wait_ready(tab, "it/indice")
        tab.locator(f"a[href='{Path(lesson).name}']").first.click()
        wait_ready(tab, route)
        expect(tab.locator(".dama-view .dama-text").first).to_contain_text(news)
        no_code_and_no_traceback(tab)
    page.close()
    JOURNEY.append(f"site: rebuilt from the same sources, the same {len(again['packages'])} "
                   f"packages and every file byte for byte (version {report['version']}), "
                   f"the build cache {before / 1e6:.1f} MB before and after; a lesson changed "
                   f"and copied over: the returning browser showed the new text")


def test_the_computer_at_level_six_and_the_english_index_on_a_tablet(site, browser):
    from damalib import Board

    base, _, _ = site
    page = offline(Page(browser, width=1366, height=900))
    tab = page.page
    tab.goto(view_url(base, "it/16-partita-col-computer"))
    wait_ready(tab, "it/16-partita-col-computer")
    game = tab.locator(".dama-computer-game").first
    game.scroll_into_view_if_needed()
    canvas = game.locator("canvas.dama-board").first
    wait_drawn(tab, canvas)
    status, moves_box = game.locator(".dama-status").first, game.locator(".dama-moves").first
    board, redraws = Board(), []
    MOVE = re.compile(r"\d+[-x]\d+(?:x\d+)*")

    def play_one(level: str) -> float:
        """The child's move by clicks; the seconds until the computer's reply is on the
        page, less the pause before it."""
        game.locator(".dama-level").get_by_role("button", name=level, exact=True).click()
        simple = [m for m in board.legal_moves if len(m.path) == 2]
        move = (simple or board.legal_moves)[0]
        for square in move.path:
            row, col = board.variant.geometry.coords[square]
            elapsed = canvas.evaluate(TIMED_CLICK, {"row": row, "col": col, "n": 8})
            assert elapsed >= 0, f"no redraw after clicking {square}"
            redraws.append(elapsed)
        clicked = time.monotonic()
        board.push(move)
        plies = len(board.move_stack) + 1
        deadline = clicked + 60
        while len(played := MOVE.findall(moves_box.inner_text())) < plies:
            assert time.monotonic() < deadline, "the computer did not answer"
            tab.wait_for_timeout(20)
        seconds = time.monotonic() - clicked - 0.5
        expect(status).to_contain_text("Il computer ha giocato")
        board.push(board.parse_move(played[-1]))
        return seconds

    level5 = play_one("5")              # from the start: seven answers to choose among
    replies = [play_one("6") for _ in range(3)]
    no_code_and_no_traceback(tab)
    page.shot("site-computer-level-6.png")
    # «Rivedi la partita» of those four moves, in Python in the browser (no threads).
    from damalib.review import review

    expected = review(board.copy(), "W")
    started = time.monotonic()
    game.locator(".dama-review-button").click()
    note = game.locator(".dama-review-note")
    expect(note).to_contain_text("Ho trovato" if expected.mistakes else "ben giocato",
                                 timeout=120_000)
    reviewed = time.monotonic() - started
    if expected.mistakes:
        expect(game.locator(".dama-review-puzzles .dama-prompt")).to_contain_text(
            f"hai giocato {expected.shown()[0].played}")
    no_code_and_no_traceback(tab)
    page.close()

    # The English index, on a tablet held upright.
    tablet = offline(Page(browser, width=768, height=1024, touch=True))
    tablet.page.goto(f"{base}/english.html")
    wait_ready(tablet.page, "en/index")
    expect(tablet.page.locator(".dama-index-table")).to_contain_text("Welcome!")
    no_code_and_no_traceback(tablet.page)
    tablet.shot("site-english-index-tablet.png")
    tablet.close()
    TIMINGS.append(f"site: click-to-redraw median {statistics.median(redraws):.0f} ms over "
                   f"{len(redraws)} clicks (goal ≤ 100 ms); a level-6 computer move "
                   f"{max(replies):.1f} s at most over {len(replies)} (goal ≤ 2 s), a level-5 move "
                   f"{level5:.1f} s; the review of those {len(board.move_stack)} plies "
                   f"{reviewed:.1f} s ({len(expected.mistakes)} found)")


def test_the_square_trainer_and_the_palestra_on_a_tablet(site, browser):
    """Practice after the lessons on the browser-only site, on a tablet held upright, by taps:
    «Che numero è?» (the marked square read off the canvas, its number typed, one wrong
    number explained), then «Trova la casella» chosen mid-round, by taps; then the
    Palestra: puzzles answered by taps and typing move the rating, which a reload keeps
    (it is worked out again from the progress file in the browser's storage)."""
    base, _, _ = site
    page = offline(Page(browser, width=768, height=1024, touch=True))
    tab = page.page
    tab.goto(view_url(base, "it/caselle"))
    wait_ready(tab, "it/caselle")
    trainer = tab.locator(".dama-trainer")
    canvas = trainer.locator("canvas.dama-board")
    canvas.scroll_into_view_if_needed()
    wait_drawn(tab, canvas)
    trainer.locator(".dama-trainer-game").get_by_role("button", name="Che numero è?").tap()
    trainer.locator(".dama-trainer-go").tap()
    started = time.monotonic()
    answer = trainer.locator(".dama-trainer-answer input")
    feedback, score = trainer.locator(".dama-trainer-feedback"), trainer.locator(".dama-trainer-score")
    named, last = 0, None
    # The round's clock is the real one (30 s): past 18 s a busy machine stops answering, so
    # the round cannot end under the test's hand.
    for n in range(4):
        if n >= 2 and time.monotonic() - started > 18:
            break
        expect(answer).to_be_visible()
        for _ in range(50):                          # until the next mark is drawn
            marked = marked_square(screenshot(canvas))
            if marked is not None and marked != last:
                break
            tab.wait_for_timeout(100)
        assert marked is not None and marked != last, "no new square marked on the canvas"
        last = marked
        if n == 1:
            answer.fill(str(marked % 32 + 1))
            answer.press("Enter")
            expect(feedback).to_contain_text(f"No, la {marked % 32 + 1} è la casella segnata a trattini")
        answer.fill(str(marked))
        answer.press("Enter")
        named += 1
        expect(score).to_contain_text(f"Giuste: {named} · Sbagliate: 1" if n else f"Giuste: {named}")
    page.shot("site-trainer-name-tablet.png")
    # The other game chosen mid-round (the round's end by the clock is walked in Voilà).
    trainer.locator(".dama-trainer-game").get_by_role("button", name="Trova la casella").tap()
    trainer.locator(".dama-trainer-go").tap()
    started = time.monotonic()
    question = trainer.locator(".dama-trainer-question")
    tapped = 0
    for right in range(1, 4):
        if right >= 2 and time.monotonic() - started > 18:
            break
        tapped = right
        expect(question).to_contain_text("Tocca la casella", use_inner_text=True)  # a finger
        target = int(re.search(r"casella (\d+)", question.inner_text()).group(1))
        click_square(canvas, target, tap=True)
        expect(score).to_contain_text(f"Giuste: {right}")
    no_code_and_no_traceback(tab)

    # The Palestra, under a name typed in the index: three puzzles, the rating moves, a
    # reload shows the same number.
    tab.goto(base + "/")
    wait_ready(tab, "it/indice")
    tab.locator(".dama-student input").fill("Luca")
    tab.locator(".dama-student-ok").tap()
    expect(tab.locator(".dama-index")).to_contain_text("Luca")
    tab.get_by_role("link", name="Palestra", exact=True).first.tap()
    wait_ready(tab, "it/palestra")
    practice = tab.locator(".dama-practice")
    status = practice.locator(".dama-practice-status")
    run = practice.locator(".dama-puzzles")
    expect(status).to_contain_text("Il tuo punteggio: 950")
    walker = Child(tab, "it", set(), touch=True)
    by_id = puzzles_by_id()
    trail = [950]
    for number in (1, 2, 3):
        if number > 1:
            run.get_by_role("button", name="Prossimo esercizio", exact=True).tap()
        title = run.locator("b[data-puzzle]", has_text=f"Allenamento · esercizio {number}")
        expect(title).to_be_attached()
        before = status.inner_text()
        walker.answer_right(run, by_id[title.get_attribute("data-puzzle")])
        rating_moved(status, before, "(+")
        trail.append(int(re.search(r"punteggio: (\d+)", status.inner_text()).group(1)))
    assert trail == sorted(trail) and trail[-1] > 950
    page.shot("site-palestra-tablet.png")
    page.reload(READY)
    wait_ready(tab, "it/palestra")
    # The same number again, worked out afresh from the progress file in the browser.
    status = tab.locator(".dama-practice-status")
    expect(status).to_contain_text("Il tuo punteggio:")
    after = int(re.search(r"punteggio: (\d+)", status.inner_text()).group(1))
    # And the number CPython works out from the child's file, downloaded from the index.
    tab.goto(base + "/")
    wait_ready(tab, "it/indice")
    with tab.expect_download() as download:
        tab.locator(".dama-download-mine a[download]").first.click()
    replayed = replayed_rating(Path(download.value.path()))
    assert trail[-1] == after == replayed, (trail, after, replayed)
    no_code_and_no_traceback(tab)
    assert not page.errors, page.errors
    page.close()
    JOURNEY.append(f"site, tablet: «Che numero è?» {named} squares named (one wrong number "
                   f"explained), «Trova la casella» chosen mid-round, {tapped} squares "
                   f"tapped; the Palestra's rating "
                   f"{' → '.join(map(str, trail))}, {after} after a reload, {replayed} "
                   f"replayed in CPython from the file downloaded")


def test_in_the_pseudo_language_every_word_of_the_programs_comes_from_the_catalogues(
        site, browser):
    """A reader of a language the lessons are not written in (the pseudo-language, whose
    catalogue wraps every message ⟦…⟧): the index, a lesson with its board and exercises, the
    Palestra and the class page show the lessons in English and every word of the programs
    from the catalogues, none outside the brackets but content and numbers; a refused click
    and a hint are said in it too."""
    from pseudo import VISIBLE_TEXT, content_words, outside_the_catalogues

    base, out, _ = site
    views = json.loads(VIEWS.read_text(encoding="utf-8"))["views"]
    calls = tuple(json.dumps(value) for view in views.values() for kind, value in view["cells"]
                  if kind == "call")
    content = content_words(calls)
    page = offline(Page(browser, width=1366, height=900))
    tab = page.page
    checked = {}

    def check(route: str, picture: str) -> None:
        wait_ready(tab, route)
        no_code_and_no_traceback(tab)
        texts = tab.locator(".dama-view").evaluate(VISIBLE_TEXT)
        assert any("⟦" in t for t in texts), texts[:20]
        found = outside_the_catalogues(texts, content, ("Sofia",))
        assert found == [], (route, found)
        checked[route] = len(texts)
        page.shot(picture, full_page=True)

    tab.goto(view_url(base, "qps/index"))
    check("qps/index", "site-pseudo-index.png")
    expect(tab.locator(".dama-index-table")).to_contain_text("Welcome!")   # English lessons
    tab.locator(".dama-student input").fill("Sofia")
    tab.locator(".dama-student-ok").click()
    expect(tab.locator(".dama-index")).to_contain_text("Sofia")
    check("qps/index", "site-pseudo-index.png")
    # The index's link keeps the reader's language.
    tab.locator("a[href='03-capturing.ipynb']").first.click()
    wait_ready(tab, "qps/03-capturing")
    by_id = puzzles_by_id()
    run = tab.locator(".dama-puzzles").first
    child = Child(tab, "qps", set())
    first = run.locator("b[data-puzzle]").first.get_attribute("data-puzzle")
    assert child.refused_click(run, by_id[first])
    expect(child.status(run)).to_contain_text("⟦")
    run.get_by_role("button", name=re.compile(r"^⟦Hint")).click()
    expect(run).to_contain_text(by_id[first].hint(1, "en"))
    check("qps/03-capturing", "site-pseudo-lesson.png")
    child.answer_right(run, by_id[first])
    expect(run).to_contain_text("⟦Stars⟧: ★★☆")
    check("qps/03-capturing", "site-pseudo-lesson-solved.png")
    tab.goto(view_url(base, "qps/practice"))
    check("qps/practice", "site-pseudo-palestra.png")
    tab.goto(view_url(base, "qps/class"))
    expect(tab.locator(".dama-view")).to_contain_text("Sofia")
    expect(tab.locator(".dama-view")).to_contain_text("⟦Lesson⟧")
    check("qps/class", "site-pseudo-class-page.png")
    assert not page.errors, page.errors
    page.close()
    JOURNEY.append("site, pseudo-language: " + ", ".join(
        f"{route} {n} texts" for route, n in checked.items()) + ", none outside the catalogues")


# -- the club's analysis board -------------------------------------------------------------

BROKEN_GAME = ('\n[Evento "Torneo sociale"]\n[Bianco "ROSSI Anna"]\n[Nero "NERI Carlo"]\n'
               '[Risultato "1-0"]\n\n1. 22-19 10-14 2. 19x10 5x14 3. 22-18 {?} 1-0\n')


def _waited_text(locator, wanted: str, seconds: float = 60) -> float:
    """The seconds until ``locator``'s text holds ``wanted``."""
    started = time.monotonic()
    while wanted not in locator.inner_text():
        assert time.monotonic() - started < seconds, locator.inner_text()
        time.sleep(0.02)
    return time.monotonic() - started


def test_an_instructor_studies_a_championship_on_the_analysis_page(site, browser, tmp_path):
    """The browser edition's «Analisi» as a club instructor uses it: a file of six games of
    the 2005 championship and a broken one, the list, a game replayed by its moves, a line
    tried on the board (a variation), the board turned round, a FEN pasted, the best move
    (timed: level 6 in the browser's Python), the position saved as SVG and PNG, a handout
    printed, a puzzle made from a position, saved, and played."""
    from damacore import CompiledEngine, engine_for
    from damalib import Board
    from damalib.pdn import parse_games
    from dama.analysis.controller import THINKING_NODES, Analysis
    from test_worksheet_print import pages

    base, _, _ = site
    # As a club opens it: by the instructor's computer's name on the club's network (no
    # secure context), the puzzles made kept by the browser over a reload and in a new tab.
    base = base.replace("127.0.0.1", CLASSROOM)
    championship = (ROOT / "tests" / "fixtures" / "pdn" / "italian_championship.pdn").read_text(
        encoding="utf-8")
    games = parse_games(championship + BROKEN_GAME)
    upload = tmp_path / "torneo.pdn"
    upload.write_text(championship + BROKEN_GAME, encoding="utf-8")
    page = offline(Page(browser, width=1366, height=900))
    tab = page.page
    tab.goto(view_url(base, "it/indice"))
    wait_ready(tab, "it/indice")
    tab.get_by_role("link", name="Analisi").first.click()
    wait_ready(tab, "it/analisi")
    root = tab.locator(".dama-analysis")
    with tab.expect_file_chooser() as chooser:       # the button's own chooser, as a click
        root.locator(".dama-analysis-upload").click()
    chooser.value.set_files(str(upload))
    expect(root.locator(".dama-analysis-note")).to_contain_text("torneo.pdn: 7 partite.")
    listed = root.locator(".dama-analysis-games select option")
    expect(listed).to_have_count(7)
    expect(listed.nth(0)).to_have_text(
        "1. BORGHETTI Michele – MASCOLO Luca · 1–0 · 69° Campionato Italiano Assoluto · 2005")
    page.shot("analysis-game-list.png")

    # The broken game opens at its last good move, the reason in words.
    root.locator(".dama-analysis-games select").select_option(index=6)
    expect(root.locator(".dama-analysis-problem")).to_contain_text("non è regolare")
    expect(root.locator(".dama-analysis-heading")).to_contain_text("ROSSI Anna – NERI Carlo")
    status = root.locator(".dama-status").first
    expect(status).to_contain_text("2... 5x14")

    # Game 1, its moves clicked: the board follows.
    root.locator(".dama-analysis-games select").select_option(index=0)
    expect(root.locator(".dama-analysis-heading")).to_contain_text("BORGHETTI")
    moves = root.locator(".dama-analysis-moves .dama-analysis-move")
    expect(moves).to_have_count(1 + len(games[0].mainline))
    moves.filter(has_text=re.compile(r"^3\. 19x12$")).click()
    expect(status).to_contain_text("3. 19x12. Tocca al Nero.")
    expect(root.locator(".dama-analysis-current")).to_have_text("3. 19x12")
    canvas = root.locator("canvas.dama-board").first
    wait_drawn(tab, canvas)
    # A line of the instructor's own, played on the board after 3... 8x15: a variation.
    moves.filter(has_text=re.compile(r"^8x15$")).click()
    board = games[0].board(6)
    other = next(m for m in board.legal_moves if board.move_text(m) != "28-23")
    for square in other.path:
        click_square(canvas, square)
    variation = root.locator(".dama-analysis-variation")
    expect(variation).to_have_count(1)
    expect(variation).to_have_text(f"4. {board.move_text(other)}")
    root.locator(".dama-analysis-last").click()
    expect(root.locator(".dama-analysis-current")).to_have_text(f"4. {board.move_text(other)}")
    moves.filter(has_text=re.compile(r"^4\. 28-23$")).click()
    variation.click()
    expect(root.locator(".dama-analysis-current")).to_have_text(f"4. {board.move_text(other)}")
    before = screenshot(canvas)
    root.locator(".dama-flip").first.click()
    tab.wait_for_timeout(300)
    assert screenshot(canvas).tobytes() != before.tobytes()
    root.locator(".dama-flip").first.click()

    # The computer's advice on a position of the game (level 6, in the browser's Python).
    moves.filter(has_text=re.compile(r"^11\. 26-21$")).click()
    advice = root.locator(".dama-analysis-advice")
    thinking, given = [], set()
    for ask in range(3):
        if ask:
            root.locator(".dama-analysis-back").click()
            root.locator(".dama-analysis-forward").click()
        root.locator(".dama-analysis-best").click()
        thinking.append(_waited_text(advice, "Migliore mossa"))
        text = advice.inner_text()
        assert re.search(r"Può continuare così: 11\.\.\. \d+-\d+", text) and "(profondità" in text, text
        given.add(re.sub(r", [\d,]+ s\)", ")", text))     # all but the seconds it took
    assert len(given) == 1, given        # the same advice each time: a budget, not a clock
    # The browser's Python thinks with the compiled core, run by the browser's WebAssembly:
    # the advice is word for word what the same core gives on this computer (damalib's
    # engine alone, with its smaller budget, would reach another depth).
    here = Analysis("it")
    here.open_file(championship + BROKEN_GAME, "torneo.pdn")
    here.choose(1)
    here.go(next(m.index for m in here.moves() if m.text == "11. 26-21"))
    here.best_move()
    assert isinstance(engine_for("italian"), CompiledEngine)
    assert given == {re.sub(r", [\d,]+ s\)", ")", here.advice_text())}
    advice.scroll_into_view_if_needed()
    page.shot("analysis-advice.png")
    root.locator(".dama-analysis-best").click()
    root.locator(".dama-analysis-stop").click()
    _waited_text(advice, "Migliore mossa")

    # A FEN pasted: a shot, and the picture of it.
    fen_box = root.locator(".dama-analysis-fen input")
    fen_box.fill("W:W10,21,22:B7,14,17")
    fen_box.press("Enter")
    expect(root.locator(".dama-analysis-position-note")).to_contain_text(
        "Posizione pronta (Dama italiana 8x8). Tocca al Bianco.")
    root.locator(".dama-analysis-caption input").fill("Il tiro della serata")
    root.locator(".dama-analysis-svg").click()
    with tab.expect_download() as download:
        root.locator(".dama-analysis-saved a.dama-download").click()
    svg = Path(download.value.path()).read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Il tiro della serata" in svg and "Mossa al Bianco" in svg
    assert svg.count('class="piece') == 6
    root.locator(".dama-analysis-png").click()
    with tab.expect_download() as download:
        root.locator(".dama-analysis-saved a.dama-png").click()
    png = Path(download.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    import struct
    assert struct.unpack(">II", png[16:24]) == (720, 864)

    # A handout of two positions: the shot, and a game position with the computer's line.
    root.locator(".dama-analysis-add").click()
    expect(root.locator(".dama-analysis-saved")).to_have_text("Nella scheda: 1 posizione.")
    root.locator(".dama-analysis-games select").select_option(index=1)
    moves.filter(has_text=re.compile(r"^12\. 27-22$")).click()
    root.locator(".dama-analysis-best").click()
    _waited_text(advice, "Migliore mossa")
    root.locator(".dama-analysis-add").click()
    expect(root.locator(".dama-analysis-saved")).to_have_text("Nella scheda: 2 posizioni.")
    root.locator(".dama-analysis-sheet").click()
    with tab.expect_download() as download:
        root.locator(".dama-analysis-saved a.dama-download").click()
    sheet = tmp_path / "scheda-posizioni.html"
    shutil.copy(download.value.path(), sheet)
    text = sheet.read_text(encoding="utf-8")
    assert text.count('class="puzzle"') == 2 and "22-18 17x26 18x4" in text and "Soluzioni" in text
    assert pages(browser, sheet) == 2            # the positions, then the answers apart
    printed = browser.new_page(viewport={"width": 900, "height": 1200})
    printed.goto(sheet.as_uri())
    from browser_helpers import shot
    shot(printed, "analysis-handout.png", full_page=True)
    printed.close()

    # «Fanne un esercizio» from the shot: proposed, a word changed, saved, played.
    fen_box.fill("W:W10,21,22:B7,14,17")
    fen_box.press("Enter")
    root.locator(".dama-analysis-make").click()
    expect(root.locator(".dama-analysis-draft-note")).to_contain_text(
        "Un esercizio di mossa (vincere del materiale in 3 semimosse): 22-18 17x26 18x4")
    prompt = root.locator(".dama-analysis-prompt-it input")
    expect(prompt).to_have_value("Tocca al Bianco: muove e vince del materiale.")
    prompt.fill("Il tiro della serata: il Bianco vince del materiale.")
    root.locator(".dama-analysis-save-puzzle").click()
    expect(root.locator(".dama-analysis-draft-note")).to_contain_text("Salvato come club-001")
    root.locator(".dama-analysis-play-club").click()
    club = root.locator(".dama-analysis-club")
    expect(club.locator(".dama-prompt .widget-html-content")).to_have_text(
        "Il tiro della serata: il Bianco vince del materiale.")
    puzzle_canvas = club.locator("canvas.dama-board")
    puzzle_canvas.scroll_into_view_if_needed()
    wait_drawn(tab, puzzle_canvas)
    shot_board = Board("W:W10,21,22:B7,14,17")
    for text in ("22-18", "17x26"):
        shot_board.push(shot_board.parse_move(text))
    for square in (22, 18):
        click_square(puzzle_canvas, square)
    expect(club.locator(".dama-moves")).to_contain_text("17x26")
    for square in shot_board.parse_move("18x4").path:
        click_square(puzzle_canvas, square)
    expect(club).to_contain_text("★★★")
    page.shot("analysis-puzzle-played.png")
    no_code_and_no_traceback(tab)
    page.reload(READY)
    wait_ready(tab, "it/analisi")
    expect(tab.locator(".dama-analysis-play-club")).to_have_text(
        "Gioca gli esercizi del circolo (1)")
    # The handout kept over the reload, in the browser's own copy of the club's folder.
    expect(tab.locator(".dama-analysis-saved")).to_have_text("Nella scheda: 2 posizioni.")
    second = page.new_tab()
    second.goto(view_url(base, "it/analisi"))
    wait_ready(second, "it/analisi")
    second.locator(".dama-analysis-play-club").click()
    expect(second.locator(".dama-analysis-club .dama-prompt .widget-html-content")).to_have_text(
        "Il tiro della serata: il Bianco vince del materiale.")
    no_code_and_no_traceback(second)
    page.close()
    TIMINGS.append(f"site: the analysis page's best move (the compiled core in the browser, "
                   f"a budget of {THINKING_NODES:,} positions, the same advice as on the "
                   f"school's computers) {max(thinking):.1f} s at most over {len(thinking)} "
                   f"asks")
