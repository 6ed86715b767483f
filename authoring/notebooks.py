"""Build the course from the lessons' sources: the notebooks of each language, the views of
the course's one page, and the lessons' catalogue (``make course-build``).

    python -m authoring.notebooks           write lessons/<lang>/*.ipynb, the views
                                            (dama/core/content/collections/views.json) and the
                                            catalogue (dama/core/content/collections/lessons.toml)
    python -m authoring.notebooks --check   exit 1 (and name the files) if one differs

The sources: ``lessons/NN_slug.py`` (one lesson each, its languages side by side) and the
pages of ``lessons/*_page.py`` and ``lessons/teachers_guide.py``. A lesson or page is built in
every language it is written in; the words around it (its headings, the way to the index and
to the next lesson) come from the catalogues (dama.core.content.lessons.MESSAGES).

The same cells make both: a notebook holds a helper's call as one line of Python for the
teacher, a view holds it as data (``{"helper": "board", "args": [...]}``) for the course's one
page, which calls the helper by name (dama.helpers). The output is deterministic (fixed cell
ids, no outputs, no execution counts), so a test compares the committed files with a fresh
build byte for byte.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parents[1]
#: The lessons' sources, and the notebooks built from them (it/, en/, ...).
LESSONS = ROOT / "lessons"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from authoring.views import render_markdown  # noqa: E402
from dama.core.content.lessons import MESSAGES, lesson_label  # noqa: E402
from dama.text import say  # noqa: E402
from damalib.i18n import content_language  # noqa: E402
from lessons.kit import SETUP, Call, Cell, LessonSource, Page, T  # noqa: E402

CODE_METADATA = {"jupyter": {"source_hidden": True}, "tags": ["hide-input"]}
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
COLLECTIONS = ROOT / "dama" / "core" / "content" / "collections"
#: The lessons as data (worksheets, the class page, the index): package data of the wheel,
#: read by dama/core/content/lessons.py.
CATALOGUE = COLLECTIONS / "lessons.toml"
#: The course's pages as views of its one page (dama.app).
VIEWS = COLLECTIONS / "views.json"


def load_lessons() -> list[LessonSource]:
    """Every lesson, in order of number; the numbers run 0, 1, 2, ... without gaps."""
    lessons = []
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.py")):
        lesson = importlib.import_module(f"lessons.{path.stem}").LESSON
        if f"{lesson.number:02d}" != path.stem[:2]:
            raise ValueError(f"{path.name} holds lesson {lesson.number}")
        lessons.append(lesson)
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(len(lessons))):
        raise ValueError(f"lesson numbers must run 0, 1, 2, ...: {numbers}")
    return lessons


def load_pages() -> dict[str, Page]:
    """The course's pages besides the lessons, by the name their links use."""
    from lessons import (analysis_page, class_page, index_page, play_page, practice_page,
                         squares_page, teachers_guide)

    return {"index": index_page.INDEX, "guide": teachers_guide.GUIDE, "class": class_page.CLASS,
            "squares": squares_page.SQUARES, "practice": practice_page.PRACTICE,
            "play": play_page.PLAY, "analysis": analysis_page.ANALYSIS}


def languages(lessons: list[LessonSource]) -> tuple[str, ...]:
    """The languages the course is written in: those of every lesson."""
    first = lessons[0].languages
    return tuple(lang for lang in first if all(lang in l.languages for l in lessons))


# -- a page as it is written in one language -------------------------------------------------

@dataclass(frozen=True)
class Written:
    """A cell in one language: markdown text, or a helper's call."""

    text: str = ""
    call: Call | None = None


def _written(cells: list[Cell], lang: str) -> list[Written]:
    return [Written(call=c.call) if c.call is not None else Written(c.texts(lang))
            for c in cells if c.written_in(lang)]


def _page_link(page: Page, lang: str) -> str:
    """A link from a page in ``lang`` to ``page``: in the same language, or where the page is
    not written in it (a language that gives only its lessons), in the one its readers read."""
    if lang in page.languages:
        return page.file_name(lang)
    other = content_language(lang, page.languages)
    return f"../{other}/{page.file_name(other)}"


def _link(lang: str, here: str, page_lang: str, file_name: str) -> str:
    """A relative link from a page of ``here``'s language to a page of ``page_lang``'s."""
    return file_name if page_lang == here else f"../{page_lang}/{file_name}"


def _elsewhere(languages_: tuple[str, ...], lang: str, label, file_name) -> list[str]:
    """«*In English:* [the same page](../en/…)»: the page in each other language, each said
    in that language's own words."""
    return [f"*{say(MESSAGES, 'in_this_language', other)}:* "
            f"[{label(other)}]({_link(other, lang, other, file_name(other))})"
            for other in languages_ if other != lang]


def lesson_cells(lesson: LessonSource, lessons: list[LessonSource], lang: str,
                 pages: dict[str, Page]) -> list[Written]:
    """The whole lesson: what you will learn, the steps, exercises, recap, stars, and the way
    to the lesson before, the index, the next lesson and the same lesson elsewhere."""
    index = pages["index"]

    def words(key: str) -> str:
        return say(MESSAGES, key, lang)

    head = (f"# {lesson_label(lesson.number, lesson.title(lang), lang)}\n\n"
            f"[{words('index')}]({_page_link(index, lang)})\n\n"
            f"## {words('learn')}\n\n" + _bullets(lesson.learn, lang))
    ids = list(lesson.exercises)
    intro = lesson.exercises_intro(lang) if lesson.exercises_intro else words("exercises_intro")
    cells = [Written(head), *_written(lesson.cells, lang),
             Written(f"## {words('exercises')}\n\n{intro}"),
             Written(call=Call("exercises", (ids,))),
             Written(f"## {words('remember')}\n\n" + _bullets(lesson.remember, lang)),
             Written(f"## {words('your_stars')}"),
             Written(call=Call("lesson_stars", (ids,)))]
    links = []
    if lesson.number > 0:
        before = lessons[lesson.number - 1]
        links.append(f"← [{_label(before, lang)}]({before.file_name(lang)})")
    links.append(f"[{words('index')}]({_page_link(index, lang)})")
    if lesson.number + 1 < len(lessons):
        after = lessons[lesson.number + 1]
        links.append(f"**{words('next')}:** [{_label(after, lang)}]({after.file_name(lang)}) →")
    links += _elsewhere(lesson.languages, lang, lambda other: _label(lesson, other),
                        lesson.file_name)
    return cells + [Written(" · ".join(links))]


def _label(lesson: LessonSource, lang: str) -> str:
    """«Lezione 7 · Precedenza 1: prendi di più», as a link says it."""
    return lesson_label(lesson.number, lesson.title(lang), lang)


def _bullets(items: tuple[T, ...], lang: str) -> str:
    return "\n".join(f"- {item(lang)}" for item in items)


def page_cells(page: Page, lessons: list[LessonSource], lang: str,
               pages: dict[str, Page]) -> list[Written]:
    """A page's own cells, then its way back (the index, the guide) and the page elsewhere."""
    cells = _written(page.cells(lessons), lang)
    words = {"index": say(MESSAGES, "index", lang), "guide": say(MESSAGES, "guide", lang)}
    links = [f"[{words[name]}]({pages[name].file_name(lang)})" for name in page.foot
             if lang in pages[name].languages]
    links += _elsewhere(page.languages, lang, page.link, page.file_name)
    return cells + [Written(" · ".join(links))] if links else cells


# -- the notebooks ---------------------------------------------------------------------------

def notebook(cells: list[Written], lang: str, prefix: str, meta: dict) -> str:
    """The notebook's text: fixed cell ids, code cells collapsed, no outputs but the note on
    the setup cell (second, after the heading) that says what to press before the cells
    have run."""
    hint = f"<p>{say(MESSAGES, 'run_hint', lang)}</p>"
    nb_cells = []
    for cell in cells:
        cell_id = f"{prefix}-{len(nb_cells):02d}"
        if cell.call is None:
            nb_cells.append(nbformat.v4.new_markdown_cell(cell.text, id=cell_id))
        else:
            nb_cells.append(nbformat.v4.new_code_cell(
                cell.call.source(lang), id=cell_id, metadata=dict(CODE_METADATA)))
    if any(cell.call is not None for cell in cells):
        metadata = {**CODE_METADATA, "dama": {"run_hint": hint}}
        # A count, or nbval would take the stored note for an output of a cell never run.
        nb_cells.insert(1, nbformat.v4.new_code_cell(
            SETUP, metadata=metadata, execution_count=1,
            outputs=[nbformat.v4.new_output("display_data", {"text/html": hint})]))
        for number, cell in enumerate(nb_cells):
            cell["id"] = f"{prefix}-{number:02d}"
    nb = nbformat.v4.new_notebook(cells=nb_cells, metadata={
        "kernelspec": KERNELSPEC,
        "language_info": {"name": "python"},
        "dama": meta,
    })
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


# -- the views of the one page ---------------------------------------------------------------

def view(cells: list[Written], lang: str, route: str) -> dict[str, Any]:
    """A page as a view: its text rendered to HTML (links to notebooks become routes), its
    helpers' calls as data; its title is its first heading."""
    folder = route.rsplit("/", 1)[0]
    title = next((m.group(1).strip() for c in cells if c.call is None
                  for m in [re.search(r"^#\s+(.+)$", c.text, re.M)] if m), route)
    return {"lang": lang, "title": title,
            "cells": [["call", c.call.data(lang)] if c.call is not None
                      else ["html", render_markdown(c.text, folder)] for c in cells]}


def catalogue(lessons: list[LessonSource]) -> str:
    """The lessons' catalogue (TOML): number, slug, title, exercises in order, rule ids."""

    def string(value: str) -> str:  # a JSON string is a TOML basic string
        return json.dumps(value, ensure_ascii=False)

    lines = ["# Le lezioni del corso: scritto da authoring/notebooks.py, non modificarlo a mano.",
             "# The course's lessons: written by authoring/notebooks.py from lessons/; do not",
             "# edit it by hand (run `make course-build`)."]
    for lesson in lessons:
        lines += ["", "[[lesson]]", f"number = {lesson.number}"]
        lines += [f"slug.{lang} = {string(lesson.slug(lang))}" for lang in lesson.languages]
        lines += [f"title.{lang} = {string(lesson.title(lang))}" for lang in lesson.languages]
        lines += [f"exercises = [{', '.join(map(string, lesson.exercises))}]",
                  f"rules = [{', '.join(map(string, lesson.rules))}]"]
    return "\n".join(lines) + "\n"


def build(lessons: list[LessonSource], pages: dict[str, Page],
          folder: Path = LESSONS) -> tuple[dict[Path, str], dict[str, Any]]:
    """The notebooks ({path: text}) and the views' data the sources make."""
    notebooks: dict[Path, str] = {}
    views: dict[str, Any] = {}
    for lesson in lessons:
        for lang in lesson.languages:
            cells = lesson_cells(lesson, lessons, lang, pages)
            meta = {"lang": lang, "lesson": lesson.number, "title": lesson.title(lang),
                    "exercises": list(lesson.exercises)}
            notebooks[folder / lang / lesson.file_name(lang)] = notebook(
                cells, lang, f"l{lesson.number:02d}", meta)
            route = f"{lang}/{lesson.page_name(lang)}"
            views[route] = view(cells, lang, route)
    for key, page in pages.items():
        for lang in page.languages:
            cells = page_cells(page, lessons, lang, pages)
            notebooks[folder / lang / page.file_name(lang)] = notebook(
                cells, lang, key, {"lang": lang, "page": key})
            route = f"{lang}/{page.name(lang)}"
            views[route] = view(cells, lang, route)
    index = pages["index"]
    first = {lang: f"{lang}/{index.name(lang)}" for lang in index.languages}
    return notebooks, {"first": first, "views": views}


def views_text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0) + "\n"


#: The course as one page: the notebook the child's view opens (this computer, a school's
#: server, the static site), every page a view of it (dama.app).
APP = LESSONS / "app.ipynb"
APP_SETUP = "from dama.app import course_app"


def app_notebook() -> str:
    cells = [nbformat.v4.new_code_cell(source, id=f"app-{number}", metadata=dict(CODE_METADATA))
             for number, source in enumerate((APP_SETUP, "course_app()"))]
    nb = nbformat.v4.new_notebook(cells=cells, metadata={
        "kernelspec": KERNELSPEC, "language_info": {"name": "python"}, "dama": {"page": "app"}})
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


def outputs() -> dict[Path, str]:
    """Every file the sources make: the notebooks, the views, the catalogue."""
    lessons = load_lessons()
    notebooks, views = build(lessons, load_pages())
    return {CATALOGUE: catalogue(lessons), VIEWS: views_text(views), APP: app_notebook(),
            **notebooks}


def stale(expected: dict[Path, str]) -> list[Path]:
    """Lesson notebooks (``NN-*.ipynb``) in the language folders that the sources no longer
    make, e.g. after a slug changed. Other notebooks (a teacher's own) are left alone."""
    found = [p for folder in LESSONS.iterdir() if folder.is_dir()
             for p in folder.glob("[0-9][0-9]-*.ipynb")]
    return sorted(p for p in found if p not in expected)


def differences() -> list[str]:
    """What a build would change, one line a file; empty when all is in step."""
    expected = outputs()
    problems = []
    for path, text in expected.items():
        if not path.exists():
            problems.append(f"missing: {path.relative_to(ROOT)}")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"differs: {path.relative_to(ROOT)}")
    problems += [f"not made by the sources: {p.relative_to(ROOT)}" for p in stale(expected)]
    return problems


def write() -> list[Path]:
    expected = outputs()
    written = []
    for path, text in expected.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a file is not what the sources make")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences()
        for line in problems:
            print(line)
        if problems:
            print("run `make course-build` (python -m authoring.notebooks) to build them again")
        return 1 if problems else 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    for path in stale(outputs()):
        print(f"no longer made by the sources (delete it?): {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
