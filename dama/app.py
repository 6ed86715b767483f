"""One page for a whole visit: the index, the lessons and the other pages are views of it,
switched in Python with no new kernel (the browser edition's child view).

A view is a page of the course as data: its text already rendered to HTML, and its code
cells (one call each, ``board(...)``, ``exercises(...)``), run here when the view is shown.
The page's address says which view (its hash, ``#it/03-la-presa``): the page writes it into
a hidden box of the app (``ROUTE_CLASS``), the app shows that view and says so in a mark
(``SHOWN_CLASS``) the page waits for. The address's first word is the reader's language: a
language the programs speak but the lessons are not written in (``#pt/03-capturing``) shows
the lesson of the language its catalogue names (damalib.i18n.content_language), its boards,
exercises and messages in the reader's. The views come with the browser edition (the wheel
``dama-views``, made by authoring/views.py from the same sources as the notebooks).
"""

from __future__ import annotations

import ast
import asyncio
import html
import json
import logging
from dataclasses import dataclass
from importlib import resources

import ipywidgets as widgets
from ipywidgets.widgets.widget import _instances

from dama.core.handlers import serial
from damalib.i18n import CONTENT_LANGUAGES, content_language, known

from dama.core.board.puzzle_widget import ON_THE_PAGE
from dama.text import MESSAGES, say

log = logging.getLogger("dama")

#: The hidden box the page writes the route into.
ROUTE_CLASS = "dama-route"
#: The mark of the view shown: ``data-asked`` (the route asked), ``data-route`` (the one shown).
SHOWN_CLASS = "dama-shown"
#: Where a visit starts when the address names no view (a reader of another language starts
#: at the index of the language they read the lessons in).
FIRST = {"it": "it/indice", "en": "en/index"}


def first_route(lang: str) -> str:
    """The index's route for a reader of ``lang``: ``it/indice``, ``en/index``, ``pt/index``."""
    if lang in FIRST:
        return FIRST[lang]
    return f"{lang}/{FIRST[content_language(lang)].split('/', 1)[1]}"


class _ReaderLanguage(ast.NodeTransformer):
    """A cell's ``lang="en"`` made the reader's: the lesson is English, its programs speak
    the reader's language."""

    def __init__(self, written: str, reader: str) -> None:
        self.written, self.reader = written, reader

    def visit_keyword(self, node: ast.keyword) -> ast.keyword:
        if (node.arg == "lang" and isinstance(node.value, ast.Constant)
                and node.value.value == self.written):
            node.value = ast.Constant(self.reader)
        return self.generic_visit(node)


@dataclass(frozen=True)
class View:
    """A page of the course: ``cells`` are ("html", text) and ("code", one expression)."""

    route: str
    lang: str
    title: str
    cells: tuple[tuple[str, str], ...]


def load_views(data: dict | None = None) -> dict[str, View]:
    """{route: View} from ``data`` (the views' JSON), or from the package ``dama_views``."""
    if data is None:
        data = json.loads(resources.files("dama_views").joinpath("views.json")
                          .read_text(encoding="utf-8"))
    return {route: View(route, item["lang"], item["title"],
                        tuple((kind, text) for kind, text in item["cells"]))
            for route, item in data.items()}


def _keeper():
    """The browser's keeper of the progress folder (dama.core.store.browser), if any."""
    from dama.core.store import progress

    home = progress.dama_home()
    return next((k for k in progress.KEEPERS
                 if getattr(k, "home", None) == home and hasattr(k, "refresh")), None)


def _namespace() -> dict:
    import dama.helpers as corso

    return {name: getattr(corso, name) for name in corso.__all__}


def _shown(value) -> widgets.Widget | None:
    """What a code cell gave, as a widget: widgets as they are, pictures as HTML."""
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

    def __init__(self, views: dict[str, View], lang: str = "it") -> None:
        self.views = views
        self.lang = lang
        self.namespace = _namespace()
        self.route = widgets.Text(value="", continuous_update=True,
                                  layout=widgets.Layout(display="none"))
        self.route.add_class(ROUTE_CLASS)
        self.mark = widgets.HTML()
        self.mark.layout.display = "none"
        self.body = widgets.VBox()
        self.body.add_class("dama-view")
        self.widget = widgets.VBox([self.route, self.mark, self.body])
        self.widget.add_class("dama-app")
        self.shown: View | None = None
        #: Widgets alive before any view (the app's own, the modules'): never closed.
        self._kept = set(_instances)
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
        route = route.strip().lstrip("#").strip("/").removesuffix(".ipynb")
        if route in self.views:
            return self.views[route], self.views[route].lang
        lang, _, rest = route.partition("/")
        if not known(lang) or lang in CONTENT_LANGUAGES:
            lang = lang if lang in CONTENT_LANGUAGES else self.lang
            return self.views[first_route(lang)], lang
        written = content_language(lang)
        view = self.views.get(f"{written}/{rest}") or self.views[FIRST[written]]
        return view, lang

    def show(self, route: str) -> View:
        """Show the view of ``route`` in place of the one before, whose widgets are closed."""
        view, reader = self.resolve(route)
        shown_route = view.route if reader == view.lang else \
            f"{reader}/{view.route.split('/', 1)[1]}"
        self._forget()
        parts = []
        for number, (kind, text) in enumerate(view.cells):
            if kind == "html":
                if reader != view.lang:   # the lesson's links keep the reader's language
                    text = text.replace(f'href="#{view.lang}/', f'href="#{reader}/')
                part = widgets.HTML(text)
                part.add_class("dama-text")
                part.add_class("jp-RenderedHTMLCommon")
                part.add_class("jp-RenderedMarkdown")
                parts.append(part)
                continue
            try:
                tree = ast.parse(text, mode="eval")
                if reader != view.lang:
                    tree = ast.fix_missing_locations(_ReaderLanguage(view.lang, reader).visit(tree))
                part = _shown(eval(compile(tree, view.route, "eval"), self.namespace))
            except Exception:
                log.exception("view %s, cell %d failed: %s", view.route, number, text)
                part = widgets.HTML(f"<p>{say(MESSAGES, 'part_failed', reader)}</p>")
                part.add_class("dama-view-error")
            if part is not None:
                parts.append(part)
        self.body.children = parts
        self.shown = view
        self.mark.value = (f"<span class='{SHOWN_CLASS}' data-asked='{html.escape(route)}' "
                           f"data-route='{html.escape(shown_route)}' "
                           f"data-title='{html.escape(view.title)}'></span>")
        return view

    def _forget(self) -> None:
        """The view before goes: its widgets closed (their views leave the page), and its
        exercises no longer counted by the stars of the next."""
        self.body.children = ()
        ON_THE_PAGE.clear()
        for model_id, widget in list(_instances.items()):
            if model_id not in self._kept:
                widget.close()


def course_app(lang: str = "it", views: dict[str, View] | None = None) -> widgets.Widget:
    """The course as one page: the view the page's address names is shown when it says so."""
    app = CourseApp(views if views is not None else load_views(), lang)
    app.widget.app = app   # for a teacher's look in JupyterLab: course_app().app.show(...)
    return app.widget
