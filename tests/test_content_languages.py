"""A content language more is additive: the lessons given in a made-up language ("xx", every
text of theirs one more key), its puzzles with ``prompt.xx``, and a catalogue of the
programs' words for it, and the course builds and shows it, with no code changed: the
notebooks and the views of each lesson in xx, the words around them from xx's catalogue, the
one page showing an xx lesson to an xx reader, the exercises asking in xx."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import damalib.i18n as i18n
from authoring import catalogues
from authoring.notebooks import build, load_lessons, load_pages
from dama.app import CourseApp, read_views
from dama.core.content.puzzle import load, load_file, puzzle_lines
from lessons.kit import Call, Cell, T

MADE_UP = "xx"


def in_made_up(text: str) -> str:
    return f"⟪{text}⟫"


def given_in_xx(value):
    """``value`` (a lesson, a cell, a call, a text...) with every text given in xx too."""
    if isinstance(value, T):
        return T(**value.texts, **{MADE_UP: in_made_up(value("en"))})
    if isinstance(value, Call):
        return dataclasses.replace(value, args=tuple(given_in_xx(a) for a in value.args),
                                   kwargs=tuple((k, given_in_xx(v)) for k, v in value.kwargs))
    if isinstance(value, Cell):
        return Cell(texts=given_in_xx(value.texts) if value.texts else None,
                    call=given_in_xx(value.call) if value.call else None)
    if isinstance(value, (list, tuple)):
        return type(value)(given_in_xx(v) for v in value)
    if dataclasses.is_dataclass(value):
        changed = {f.name: given_in_xx(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(getattr(value, "slug", None), T):     # a file's name: plain letters
            changed["slug"] = T(**value.slug.texts, **{MADE_UP: f"xx-{value.slug('en')}"})
        return dataclasses.replace(value, **changed)
    return value


@pytest.fixture
def xx_catalogue(tmp_path, monkeypatch):
    """The programs' words in xx: the Italian catalogue's, each one marked, compiled into a
    folder of catalogues of its own (as ``damalib/locale/xx`` would hold it)."""
    folder = tmp_path / "locale"
    catalogues.compile_all(folder, with_pseudo=False)
    made_up = catalogues.read(catalogues.po_path("it"), "it")
    for message in made_up:
        if message.id and isinstance(message.string, str) and message.string:
            message.string = in_made_up(message.string)
    target = folder / MADE_UP / "LC_MESSAGES" / "dama.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(catalogues.mo_bytes(made_up))
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    i18n.translator.cache_clear()
    yield folder
    i18n.translator.cache_clear()


def test_a_lesson_given_in_a_made_up_language_is_built_and_shown_in_it(xx_catalogue, tmp_path):
    lessons = [given_in_xx(lesson) for lesson in load_lessons()]
    notebooks, data = build(lessons, load_pages(), folder=tmp_path / "lessons")
    three = lessons[3]
    route = f"{MADE_UP}/{three.page_name(MADE_UP)}"
    assert route in data["views"]
    # The notebook: the lesson's texts in xx, the words around them from xx's catalogue.
    notebook = json.loads(notebooks[tmp_path / "lessons" / MADE_UP / three.file_name(MADE_UP)])
    text = "".join("".join(c["source"]) for c in notebook["cells"])
    assert in_made_up(three.title("en")) in text
    assert f"## {in_made_up('Cosa imparerai')}" in text
    assert "lang='xx'" in text
    assert "*In English:* [Lesson 3 · Capturing](../en/03-capturing.ipynb)" in text
    italian = json.loads(notebooks[tmp_path / "lessons" / "it" / three.file_name("it")])
    way_there = (f"*{in_made_up('In italiano')}:* "          # the way to it, in xx's words
                 f"[{in_made_up('Lezione 3 · ' + in_made_up('Capturing'))}](../xx/")
    assert way_there in "".join(italian["cells"][-1]["source"])
    # The one page: the xx reader's lesson, its words and its boards in xx.
    app = CourseApp(read_views(data))
    view = app.show(route)
    assert view.lang == MADE_UP and view.title == in_made_up(f"Lezione 3 · {three.title(MADE_UP)}")
    shown = "".join(p.value for p in app.body.children if "dama-text" in p._dom_classes)
    assert in_made_up("Cosa imparerai") in shown and "What you will learn" not in shown
    assert f'href="#{MADE_UP}/{lessons[4].page_name(MADE_UP)}"' in shown
    assert not [p for p in app.body.children if "dama-view-error" in p._dom_classes]
    boards = [p for p in app.body.children if hasattr(p, "controller")]
    assert boards and all(b.controller.lang == MADE_UP for b in boards)
    # The languages the course is written in are those its lessons give.
    assert app.views.languages == ("it", "en") and MADE_UP not in data["first"]


def test_the_puzzles_given_in_a_made_up_language_ask_in_it(xx_catalogue, tmp_path):
    from dama.core.board.puzzle_widget import PuzzleWidget

    lesson = load_lessons()[3]
    puzzles = [p for p in load() if p.id in lesson.exercises and p.kind == "capture"]
    assert len(puzzles) >= 3
    lines = []
    for puzzle in puzzles:
        lines += puzzle_lines({"id": puzzle.id, "variant": puzzle.variant, "topic": puzzle.topic,
                        "kind": puzzle.kind, "level": puzzle.level, "fen": puzzle.fen,
                        "rules": list(puzzle.rules),
                        "solutions": [" ".join(line) for line in puzzle.solutions],
                        **{f"prompt.{lang}": text for lang, text in puzzle.prompts.items()},
                        f"prompt.{MADE_UP}": in_made_up(puzzle.prompt("en"))}) + [""]
    path = tmp_path / "xx.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert f'prompt.{MADE_UP} = "⟪' in path.read_text(encoding="utf-8")
    given = load_file(path)
    assert [p.prompt(MADE_UP) for p in given] == [in_made_up(p.prompt("en")) for p in puzzles]
    widget = PuzzleWidget(given, MADE_UP, save=False)
    assert in_made_up(puzzles[0].prompt("en")) in widget.prompt.value
    assert widget.board_widget.controller.lang == MADE_UP
    assert in_made_up("Suggerimento") in widget.hint_button.description
