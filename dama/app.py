"""One page for a whole visit: the index, the lessons and the other pages are views of it,
switched in Python with one kernel (the child's view on this computer, on a school's server
and in the browser edition alike).

A view is a page of the course as data (``collections/views.json``, built from the lessons'
sources by authoring/notebooks.py): its text already rendered to HTML, and its helpers' calls
(``{"helper": "board", "args": [...]}``), made by dama.helpers when the view is shown. The
page's address says which view (its hash, ``#it/03-la-presa``): the page writes it into a
hidden box of the app (``ROUTE_CLASS``), the app shows that view and says so in a mark
(``SHOWN_CLASS``) the page waits for. The address's first word is the reader's language: a
language the programs speak but the lessons are not written in (``#pt/03-capturing``) shows
the lesson of the language its catalogue names (damalib.i18n.content_language), its boards,
exercises and messages in the reader's.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
from dataclasses import dataclass
from importlib import resources
from typing import Any

import ipywidgets as widgets
# ipywidgets keeps every live widget here (its public Widget.widgets is deprecated): a view's
# widgets, its layouts and styles included, are closed from it when the next view is shown.
from ipywidgets.widgets.widget import _instances as live_widgets

from damalib.i18n import content_language, known

from dama import helpers
from dama.core.board.puzzle_widget import ON_THE_PAGE
from dama.core.handlers import serial
from dama.core.tooltips import untitled
from dama.core.speech import page_words, said_blocks
from dama.core.store import progress
from dama.settings import dama_home, settings
from dama.text import MESSAGES, say

log = logging.getLogger("dama")

#: The hidden box the page writes the route into.
ROUTE_CLASS = "dama-route"
#: The mark of the view shown: ``data-asked`` (the route asked), ``data-route`` (the one shown).
SHOWN_CLASS = "dama-shown"


@dataclass(frozen=True)
class View:
    """A page of the course: ``cells`` are ("html", text) and ("call", a helper's call)."""

    route: str
    lang: str
    title: str
    cells: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Views:
    """Every view by route, and where each language's reader starts (its index)."""

    by_route: dict[str, View]
    first: dict[str, str]

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the course is written in."""
        return tuple(self.first)

    def first_route(self, lang: str) -> str:
        """The index's route for a reader of ``lang``: ``it/indice``, ``en/index``,
        ``pt/index`` (a reader of a language the lessons are not written in)."""
        if lang in self.first:
            return self.first[lang]
        written = content_language(lang, self.languages)
        return f"{lang}/{self.first[written].split('/', 1)[1]}"


def read_views(data: dict[str, Any]) -> Views:
    """The views of ``data`` (views.json: {"first": {...}, "views": {route: {...}}})."""
    return Views({route: View(route, item["lang"], item["title"],
                              tuple((kind, value) for kind, value in item["cells"]))
                  for route, item in data["views"].items()}, dict(data["first"]))


def load_views() -> Views:
    """The course's views, shipped with the package (dama/core/content/collections)."""
    text = resources.files("dama.core.content").joinpath("collections", "views.json") \
        .read_text(encoding="utf-8")
    return read_views(json.loads(text))


#: Where a visit starts when the address names no view, by the reader's language.
FIRST = {"it": "it/indice", "en": "en/index"}


def first_route(lang: str) -> str:
    """The index's route for a reader of ``lang`` in the course as shipped."""
    return load_views().first_route(lang)


def _keeper():
    """The browser's keeper of the progress folder (dama.core.store.browser), if any."""
    home = dama_home()
    return next((k for k in progress.KEEPERS
                 if getattr(k, "home", None) == home and hasattr(k, "refresh")), None)


def _shown(value: Any) -> widgets.Widget | None:
    """What a helper gave, as a widget: widgets as they are, pictures as HTML."""
    if value is None:
        return None
    if isinstance(value, widgets.Widget):
        return value
    if hasattr(value, "_repr_html_"):
        return widgets.HTML(value._repr_html_())
    if hasattr(value, "data") and isinstance(getattr(value, "data"), str):  # IPython HTML
        return widgets.HTML(value.data)
    return widgets.HTML(html.escape(repr(value)))


class CourseApp:
    """The views of one visit, one shown at a time (``widget``)."""

    def __init__(self, views: Views, lang: str = "it", start: str = "") -> None:
        self.views = views
        self.lang = lang
        #: The view a visit opens on when its address names none (the index of ``lang``).
        self.start = start
        self.route = widgets.Text(value="", continuous_update=True,
                                  layout=widgets.Layout(display="none"))
        self.route.add_class(ROUTE_CLASS)
        self.mark = widgets.HTML(tooltip="")
        self.mark.layout.display = "none"
        #: The page script's words in the reader's language (access.js: «Ascolta», ...).
        self.words = widgets.HTML(tooltip="")
        self.words.layout.display = "none"
        self.body = widgets.VBox()
        self.body.add_class("dama-view")
        self.widget = widgets.VBox([self.route, self.mark, self.words, self.body])
        self.widget.add_class("dama-app")
        self.shown: View | None = None
        #: Widgets alive before any view (the app's own, the modules'): never closed.
        self._kept = set(live_widgets)
        self._asked = ""
        self.route.observe(serial(lambda change: self.ask(change["new"])), "value")

    def ask(self, route: str) -> None:
        """Show ``route``: at once, or in the browser once the progress folder has what the
        other tabs added (``Keeper.refresh``); a route asked meanwhile goes first."""
        self._asked = route
        keeper = _keeper()
        if keeper is None:
            self.show(route)
            return
        asyncio.ensure_future(self._refreshed(route, keeper))

    async def _refreshed(self, route: str, keeper) -> None:
        try:
            await keeper.refresh()
        except Exception:
            log.exception("the progress kept in the browser could not be read again")
        if self._asked != route:
            return     # the child went on meanwhile: only the last view asked is made
        try:
            self.show(route)
        except Exception:
            log.exception("view %s could not be shown", route)

    def resolve(self, route: str) -> tuple[View, str]:
        """The view of ``route`` and the reader's language; an unknown route (a mistyped
        link) gives its language's index."""
        by_route, languages = self.views.by_route, self.views.languages
        route = route.strip().lstrip("#").strip("/").removesuffix(".ipynb") or self.start
        if route in by_route:
            return by_route[route], by_route[route].lang
        lang, _, rest = route.partition("/")
        if not known(lang) or lang in languages:
            lang = lang if lang in languages else self.lang
            return by_route[self.views.first_route(lang)], lang
        written = content_language(lang, languages)
        view = by_route.get(f"{written}/{rest}") or by_route[self.views.first[written]]
        return view, lang

    def show(self, route: str) -> View:
        """Show the view of ``route`` in place of the one before, whose widgets are closed."""
        view, reader = self.resolve(route)
        shown_route = view.route if reader == view.lang else \
            f"{reader}/{view.route.split('/', 1)[1]}"
        self._forget()
        self.body.children = [part for part in (self._part(view, number, kind, value, reader)
                                                for number, (kind, value)
                                                in enumerate(view.cells)) if part is not None]
        self.shown = view
        self.words.value = page_words(reader)
        self.mark.value = (f"<span class='{SHOWN_CLASS}' data-asked='{html.escape(route)}' "
                           f"data-route='{html.escape(shown_route)}' "
                           f"data-title='{html.escape(view.title)}'></span>")
        return view

    def _part(self, view: View, number: int, kind: str, value: Any,
              reader: str) -> widgets.Widget | None:
        """One cell of ``view`` for a reader of ``reader``: its text, or its helper's part."""
        if kind == "html":
            if reader != view.lang:   # the lesson's links keep the reader's language
                value = value.replace(f'href="#{view.lang}/', f'href="#{reader}/')
            part = widgets.HTML(said_blocks(value, view.lang), tooltip="")
            for css in ("dama-text", "jp-RenderedHTMLCommon", "jp-RenderedMarkdown"):
                part.add_class(css)
            return part
        try:
            part = _shown(helpers.run(value, reader))
            untitled(part)
            return part
        except Exception:
            log.exception("view %s, cell %d failed: %s", view.route, number, value)
            part = widgets.HTML(f"<p>{say(MESSAGES, 'part_failed', reader)}</p>")
            part.add_class("dama-view-error")
            return part

    def _forget(self) -> None:
        """The view before goes: its widgets closed (their views leave the page), and its
        exercises no longer counted by the stars of the next."""
        self.body.children = ()
        ON_THE_PAGE.clear()
        for model_id, widget in list(live_widgets.items()):
            if model_id not in self._kept:
                widget.close()


def course_app(lang: str | None = None, views: Views | None = None) -> widgets.Widget:
    """The course as one page: the view the page's address names is shown when it says so;
    an address that names none opens on ``$DAMA_START_VIEW``, else the index of ``lang``
    (``$DAMA_LANG``, else Italian)."""
    helpers.start()
    found = settings()
    app = CourseApp(views if views is not None else load_views(), lang or found.lang,
                    found.start_view)
    app.widget.app = app   # for a teacher's look in JupyterLab: course_app().app.show(...)
    return app.widget
