"""The course as one page (dama.app, authoring/views.py), checked without a browser: every page
of both languages is a view with the cells of its notebook, its helpers' calls as data (no
code text is run), its links name views, its preview shows its text and its boards' positions
before Python is up, and the app shows every view in turn, closing the widgets of the one
before."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import dama.core.board.puzzle_widget
from authoring import views as site_views
from authoring.notebooks import VIEWS
from dama.app import FIRST, SHOWN_CLASS, CourseApp, read_views
from dama.helpers import HELPERS
from ipywidgets.widgets.widget import _instances
from lessons.kit import SETUP

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "lessons"


@pytest.fixture(scope="module")
def data():
    return json.loads(VIEWS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def views(data):
    return data["views"]


@pytest.fixture(scope="module")
def app(data):
    return CourseApp(read_views(data))


def notebooks():
    return sorted(p for lang in ("it", "en") for p in (COURSE / lang).glob("*.ipynb"))


def calls(view):
    """The helpers' calls of a view, as data."""
    return [value for kind, value in view["cells"] if kind == "call"]


def test_every_notebook_is_a_view_with_its_cells_in_order(views):
    assert sorted(views) == sorted(f"{p.parent.name}/{p.stem}" for p in notebooks())
    for path in notebooks():
        view = views[f"{path.parent.name}/{path.stem}"]
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        code = [c for c in code if c != SETUP]
        assert [call["helper"] for call in calls(view)] == [c.split("(")[0] for c in code]
        assert all(call["helper"] in HELPERS for call in calls(view))
        assert sum(k == "html" for k, _ in view["cells"]) == \
            sum(c["cell_type"] == "markdown" for c in cells)
        assert view["lang"] == path.parent.name
    # The views say the calls as data: no code text for anything to run.
    assert all(kind in ("html", "call") for view in views.values() for kind, _ in view["cells"])
    assert views["it/03-la-presa"]["title"] == "Lezione 3 · La presa"
    assert views["en/index"]["title"] == "Dama Italiana · the course"


def test_links_between_pages_name_views_that_exist(views):
    seen = 0
    for route, view in views.items():
        for kind, text in view["cells"]:
            if kind != "html":
                continue
            for href in re.findall(r'href="([^"]*)"', text):
                assert not href.endswith(".ipynb"), (route, href)
                if href.startswith("#"):
                    assert href[1:] in views, (route, href)
                    seen += 1
    assert seen > 200
    # The next lesson, the index, the other language: from lesson 3's last line.
    last = views["it/03-la-presa"]["cells"][-1][1]
    for target in ("it/02-muovere-le-pedine", "it/indice", "it/04-la-presa-multipla",
                   "en/03-capturing"):
        assert f'href="#{target}"' in last


@pytest.mark.parametrize("href, folder, route", [
    ("03-la-presa.ipynb", "it", "it/03-la-presa"),
    ("../en/index.ipynb", "it", "en/index"),
    ("./palestra.ipynb#top", "it", "it/palestra"),
    ("https://example.org/a.ipynb", "it", None),
    ("#it/indice", "it", None),
    ("scheda.pdf", "it", None),
    ("/files/it/indice.ipynb", "it", None),
])
def test_a_link_to_a_notebook_is_read_from_the_pages_folder(href, folder, route):
    assert site_views.route_of(href, folder) == route


def test_the_app_shows_every_view_and_closes_the_one_before(app, views):
    import dama.lessons.exercises

    alive = []
    for _ in range(2):                    # twice over: nothing is left behind
        for route in views:
            view = app.show(route)
            assert view.route == route
            assert app.shown is view
            errors = [c for c in app.body.children if "dama-view-error" in c._dom_classes]
            assert not errors, route
            mark = app.mark.value
            assert f"class='{SHOWN_CLASS}'" in mark and f"data-asked='{route}'" in mark
            assert f"data-title='{html.escape(view.title)}'" in mark
        app.show("it/guida-insegnante")   # a page of text alone
        alive.append(len(_instances))
    # As many widgets alive after each round: the views before were closed.
    assert alive[0] == alive[1]
    # Lesson 3's exercises are counted by its stars only while it is shown.
    app.show("it/03-la-presa")
    (call,) = [c for c in calls(views["it/03-la-presa"]) if c["helper"] == "exercises"]
    ids = set(call["args"][0])
    assert {p.id for w in dama.core.board.puzzle_widget.ON_THE_PAGE for p in w.puzzles} == ids
    app.show("it/indice")
    assert dama.core.board.puzzle_widget.ON_THE_PAGE == []


def test_the_route_typed_into_the_apps_box_is_the_view_shown(app):
    app.route.value = "it/05-la-damatura"
    assert app.shown.route == "it/05-la-damatura"
    app.route.value = "en/03-capturing"
    assert app.shown.route == "en/03-capturing"
    # A link mistyped, a page that is gone: the index of its language, and the mark says so.
    app.route.value = "en/99-nothing"
    assert app.shown.route == FIRST["en"]
    assert "data-asked='en/99-nothing'" in app.mark.value
    app.route.value = "xx"
    assert app.shown.route == FIRST["it"]


def test_in_the_browser_a_view_waits_for_the_other_tabs_progress(data, tmp_path,
                                                                  monkeypatch):
    """With the browser's keeper (dama.core.store.browser), a view asked is shown once the
    progress folder has what the other tabs added; of two asked meanwhile, only the last."""
    import asyncio

    from dama.core.store import progress
    from dama.core.store.browser import MemoryVault, restore

    monkeypatch.setenv("DAMA_HOME", str(tmp_path))
    app = CourseApp(read_views(data))
    refreshed = []

    async def walk():
        keeper = await restore(tmp_path, MemoryVault(), former=None)
        original = keeper.refresh

        async def refresh():
            refreshed.append(app._asked)
            await original()

        keeper.refresh = refresh
        try:
            app.ask("it/03-la-presa")
            app.ask("it/indice")           # before the first was shown
            assert app.shown is None
            for _ in range(50):
                await asyncio.sleep(0.01)
            return app.shown
        finally:
            keeper.stop()

    shown = asyncio.run(walk())
    assert shown.route == "it/indice" and "data-asked='it/indice'" in app.mark.value
    assert len(refreshed) == 2 and not progress.KEEPERS


def test_a_cell_that_fails_shows_a_kind_message_and_the_rest_of_the_page(data):
    broken = {"first": data["first"], "views": dict(data["views"])}
    broken["views"]["it/rotto"] = {"lang": "it", "title": "Rotto", "cells": [
        ["html", "<p>Prima</p>"], ["call", {"helper": "board", "args": ["not a fen"]}],
        ["call", {"helper": "no_such_helper"}], ["html", "<p>Dopo</p>"]]}
    app = CourseApp(read_views(broken))
    app.show("it/rotto")
    parts = app.body.children
    assert [p.value for p in parts if "dama-text" in p._dom_classes] == ["<p>Prima</p>",
                                                                          "<p>Dopo</p>"]
    errors = [p for p in parts if "dama-view-error" in p._dom_classes]
    assert len(errors) == 2
    assert all("non è partita" in e.value and "Traceback" not in e.value for e in errors)


def test_the_preview_shows_the_text_and_the_boards_positions(views):
    for route, view in views.items():
        text = site_views.preview(view)
        assert view["title"].split(" · ")[-1] in html.unescape(text), route
        assert not re.search(r"href=['\"][^'\"]*\.ipynb", text), route
        live = [c["helper"] for c in calls(view)]
        boards = sum(name in ("board", "count_demo") for name in live)
        assert text.count("dama-still-board") == boards, route
        assert text.count("<svg") >= boards + sum(name in ("diagram", "replay")
                                                  for name in live), route
    # The index's table of lessons is there before Python: every lesson, linked to its view.
    index = site_views.preview(views["it/indice"])
    links = re.findall(r"href='#(it/\d\d-[^']+)'", index)
    assert links == [r for r in views if re.match(r"it/\d\d-", r)]
    assert "Tra un momento puoi scrivere qui il tuo nome." in index
    english = site_views.preview(views["en/03-capturing"])
    assert "The board is getting ready" in english and "La damiera" not in english


def test_the_views_are_what_the_lesson_sources_make(data):
    from authoring.notebooks import build, load_lessons, load_pages

    _, made = build(load_lessons(), load_pages())
    assert made == data
    assert data["first"] == FIRST


def test_a_reader_of_a_language_with_only_a_catalogue_reads_its_lessons_in_english(app):
    # The pseudo-language has a catalogue and no lessons: the English lesson, its boards,
    # exercises and messages in the reader's words, its links kept in the reader's language.
    from dama.app import first_route
    from dama.core.board.puzzle_widget import PuzzleWidget

    assert first_route("qps") == "qps/index" and first_route("it") == FIRST["it"]
    view = app.show("qps/03-capturing")
    assert view.route == "en/03-capturing"
    assert "data-route='qps/03-capturing'" in app.mark.value
    assert "data-asked='qps/03-capturing'" in app.mark.value
    def inside(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from inside(child)

    (exercises,) = [w for part in app.body.children for w in inside(part)
                    if isinstance(w, PuzzleWidget)]
    assert exercises.lang == "qps"
    assert exercises.board_widget.controller.lang == "qps"
    import ipywidgets

    buttons = [w.description for w in inside(exercises) if isinstance(w, ipywidgets.Button)]
    assert buttons and all(b.startswith("⟦") for b in buttons if b and not b.isdigit()), buttons
    texts = [w.value for w in app.body.children if "dama-text" in w._dom_classes]
    assert 'href="#qps/index"' in "".join(texts) and 'href="#en/' not in "".join(
        t for t in texts if "English" not in t)
    app.show("qps/99-nothing")
    assert app.shown.route == "en/index" and "data-route='qps/index'" in app.mark.value
