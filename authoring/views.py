"""The course's pages as views of one page: their text as HTML, and their still previews.

A page's markdown is rendered here, once, at build time (authoring/notebooks.py writes the
views into the package: the app needs no markdown renderer). A link between pages
(``03-la-presa.ipynb``, ``../en/index.ipynb``) becomes the view's address in the page's hash
(``#it/03-la-presa``), so that the browser's back button and a shared link work as they do
between pages.

The still preview of a view (:func:`preview`) is what the browser edition shows the moment a
page opens, before Python is up: its text, and in place of each live part that helper's
still (dama.helpers.HELPERS: the same positions drawn as pictures, or a note).
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath

import mistune
from mistune.renderers.html import HTMLRenderer


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


def preview(view: dict) -> str:
    """The page as the child sees it the moment it opens: its text, and pictures where its
    boards will be (an HTML fragment the child's view shows until Python has the page)."""
    from dama.helpers import run

    parts = []
    for kind, value in view["cells"]:
        if kind == "html":
            parts.append(f"<div class='dama-text jp-RenderedHTMLCommon jp-RenderedMarkdown'>"
                         f"{value}</div>")
            continue
        shown = run(value, view["lang"], still=True)
        if shown is not None:
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
