"""The course's pages as views of one page (the browser edition's child view, dama.app).

From the notebooks of ``lessons/it`` and ``lessons/en`` (built from lessons/), each page
becomes a view: its text rendered to HTML once here, at build time, and its code cells kept as
they are, for the app to run when the view is shown. Two things are made of them:

- ``views.json``, in the wheel ``dama-views`` that the kernel loads at start: what
  ``dama.app`` shows;
- ``views/<lang>/<page>.html``, a still preview of each page (its text, and its boards as
  pictures of their positions) that the page shows the moment it opens, before Python is up.

A link between pages (``03-la-presa.ipynb``, ``../en/index.ipynb``) becomes the view's address
in the page's hash (``#it/03-la-presa``), so that the browser's back button and a shared link
work as they do between pages.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path, PurePosixPath

import mistune
from mistune.renderers.html import HTMLRenderer

#: The notebooks' first code cell, which the app has already run.
SETUP = "from dama.helpers import *"

def _word(key: str, lang: str) -> str:
    """What the preview says where Python will put a live part (corso's words, from the
    catalogues): ``still_*``, and the index table's headings."""
    from dama.text import MESSAGES, say

    return say(MESSAGES, key if key in ("lesson", "title") else f"still_{key}", lang)


def route_of(href: str, folder: str) -> str | None:
    """The view a link to a notebook points to (``"it/03-la-presa"``), read from the page's
    ``folder``; None for any other link (a file, a web address, an anchor)."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^/|^#", href, re.I):
        return None
    path = href.split("#", 1)[0]
    if not path.endswith(".ipynb"):
        return None
    parts: list[str] = []
    for part in PurePosixPath(folder, path).parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts).removesuffix(".ipynb")


class _Renderer(HTMLRenderer):
    def __init__(self, folder: str) -> None:
        super().__init__(escape=False)
        self.folder = folder

    def link(self, text: str, url: str, title: str | None = None) -> str:
        route = route_of(url, self.folder)
        return super().link(text, f"#{route}" if route else url, title)


def render_markdown(text: str, folder: str) -> str:
    """A text cell as HTML, its links to other pages turned into views' addresses."""
    markdown = mistune.create_markdown(renderer=_Renderer(folder),
                                       plugins=["table", "strikethrough"])
    return markdown(text)


def _title(cells: list[dict], fallback: str) -> str:
    for cell in cells:
        if cell["cell_type"] == "markdown":
            found = re.search(r"^#\s+(.+)$", "".join(cell["source"]), re.M)
            if found:
                return found.group(1).strip()
    return fallback


def notebook_view(path: Path, route: str) -> dict:
    """One notebook as a view: {lang, title, cells: [[kind, text], ...]}."""
    data = json.loads(path.read_text(encoding="utf-8"))
    folder, lang = route.rsplit("/", 1)[0], route.split("/", 1)[0]
    cells = []
    for cell in data["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            cells.append(["html", render_markdown(source, folder)])
        elif cell["cell_type"] == "code" and source.strip() != SETUP:
            cells.append(["code", source])
    return {"lang": lang, "title": _title(data["cells"], route), "cells": cells}


def course_views(course: Path, parts: tuple[str, ...] = ("it", "en")) -> dict[str, dict]:
    """Every notebook of the course's language folders, by route."""
    views = {}
    for part in parts:
        for path in sorted((course / part).glob("*.ipynb")):
            route = f"{part}/{path.stem}"
            views[route] = notebook_view(path, route)
    return views


# -- the still previews -----------------------------------------------------------------------

def _note(text: str, css: str = "dama-still-note") -> str:
    return f"<p class='{css}'>{html.escape(text)}</p>"


def still_namespace(lang_of_page: str) -> dict:
    """The names a code cell calls, made to give a still picture or a note in place of the
    live part: the same positions, drawn as the diagrams are."""
    from dama.lessons.figures import diagram, row
    from damalib.pdn import parse_game
    from damalib.svg import board as svg
    from dama.core.content.lessons import load_lessons

    def still(position, lang, size, moves=(), flipped=False, variant="italian", **_):
        figure = diagram(position, lang, moves=moves, size=size, flipped=flipped,
                         variant=variant)
        return _Still(f"<div class='dama-still dama-still-board'>{figure.svg}"
                      f"{_note(_word('board', lang))}</div>")

    def board(position=None, lang="it", *, size=400, moves=(), **options):
        return still(position, lang, size, moves, **options)

    def count_demo(position, white_moves, black_moves, counted, lang="it", size=400):
        return still(position, lang, size)

    def replay(pdn, lang="it", size=320):
        game = parse_game(pdn, strict=True)
        return _Still(f"<div class='dama-still'>{svg(next(iter(game.positions())), size=size)}"
                      f"{_note(_word('board', lang))}</div>")

    def index(lang="it"):
        rows = "".join(
            f"<tr><td style='text-align:right'>{item.number}</td><td><a href='#{lang}/"
            f"{item.number:02d}-{html.escape(item.slug_in(lang))}'>"
            f"{html.escape(item.title_in(lang))}</a></td></tr>" for item in load_lessons())
        return _Still(f"{_note(_word('name', lang))}<table class='dama-still-index'><thead>"
                      f"<tr><th>{_word('lesson', lang)}</th><th>{_word('title', lang)}</th>"
                      f"</tr></thead><tbody>{rows}</tbody></table>")

    def waiting(key):
        def make(*_, lang=lang_of_page, **__):
            return _Still(_note(_word(key, lang), "dama-still-note dama-still-box"))
        return make

    return {"diagram": diagram, "row": row, "board": board, "count_demo": count_demo,
            "replay": replay, "index": index, "exercises": waiting("exercises"),
            "lesson_stars": waiting("stars"), "practice": waiting("page"),
            "square_trainer": waiting("page"), "computer_game": waiting("page"),
            "class_page": waiting("page"), "analysis_board": waiting("board"),
            "ComputerPlayer": lambda *a, **k: None}


class _Still:
    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_html_(self) -> str:
        return self.text


def preview(view: dict) -> str:
    """The page as the child sees it the moment it opens: its text, and pictures where its
    boards will be (an HTML fragment the child's view shows until Python has the page)."""
    names = still_namespace(view["lang"])
    parts = []
    for kind, text in view["cells"]:
        if kind == "html":
            parts.append(f"<div class='dama-text jp-RenderedHTMLCommon jp-RenderedMarkdown'>"
                         f"{text}</div>")
            continue
        value = eval(text, dict(names))   # the course's own cells, one call each
        if value is not None:
            shown = value._repr_html_() if hasattr(value, "_repr_html_") else value.data
            parts.append(f"<div class='dama-still-part'>{shown}</div>")
    return "\n".join(parts) + "\n"


def write_previews(views: dict[str, dict], out: Path) -> int:
    """``views/<route>.html`` for every view, and ``views/routes.json`` (the routes there
    are); the number of bytes written."""
    (out / "views").mkdir(parents=True, exist_ok=True)
    (out / "views" / "routes.json").write_text(json.dumps(sorted(views)), encoding="utf-8")
    written = 0
    for route, view in views.items():
        target = out / "views" / f"{route}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = preview(view)
        target.write_text(text, encoding="utf-8")
        written += len(text.encode("utf-8"))
    return written


def write_views_package(views: dict[str, dict], folder: Path) -> Path:
    """The package ``dama_views`` (views.json) with a wheel's metadata, in ``folder``: for
    deploy/site/build.py's ``write_wheel``."""
    package = folder / "dama_views"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text('"""The course\'s pages as views (dama.app)."""\n',
                                         encoding="utf-8")
    (package / "views.json").write_text(json.dumps(views, ensure_ascii=False, sort_keys=True),
                                        encoding="utf-8")
    info = folder / "dama_views-1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dama-views\nVersion: 1\n"
                                   "Summary: The Dama course's pages as views\n",
                                   encoding="utf-8")
    (info / "WHEEL").write_text("Wheel-Version: 1.0\nGenerator: dama authoring/views.py\n"
                                "Root-Is-Purelib: true\nTag: py3-none-any\n", encoding="utf-8")
    (info / "top_level.txt").write_text("dama_views\n", encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")
    return folder
