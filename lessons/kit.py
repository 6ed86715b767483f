"""What a lesson is made of: text in two languages, and short code cells.

A lesson's source holds each text as an (Italian, English) pair, so the two languages cannot
drift apart: the same cells, the same boards, the same exercises, in the same order.

    md(it, en)                 a markdown cell (each text is dedented)
    T(it, en)                  a text argument of a code call, chosen by language
    call("board", "W:W30:B27") the code ``board("W:W30:B27", lang="it")``
    code(X(...))               a code cell made of one call

What a child reads (markdown, captions, recap lines) names every rule in words ("mangiare è
obbligatorio", "the quantity rule"), never by its id ("IT-C1"): the ids are for teachers, and a
lesson lists them in ``rules`` for the teacher's guide (tests/test_lesson_text.py checks this).
The navigation at the end of each lesson (index, next lesson, the other language) is made by
``navigation`` for every lesson alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from textwrap import dedent

LANGS = ("it", "en")
OTHER = {"it": "en", "en": "it"}


@dataclass(frozen=True)
class T:
    """A text in Italian and English."""

    it: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


def text(value, lang: str):
    return value(lang) if isinstance(value, T) else value


@dataclass(frozen=True)
class X:
    """A call to one of the helpers of ``course/corso.py``; ``lang`` adds ``lang="it"``."""

    func: str
    args: tuple = ()
    kwargs: tuple = ()
    lang: bool = True

    def source(self, lang: str, indent: int = 0) -> str:
        parts = [_literal(a, lang, indent + 4) for a in self.args]
        parts += [f"{k}={_literal(v, lang, indent + 4)}" for k, v in self.kwargs]
        if self.lang:
            parts.append(f"lang={lang!r}")
        one_line = f"{self.func}({', '.join(parts)})"
        if len(one_line) + indent <= 110 and "\n" not in one_line:
            return one_line
        # Too long: the arguments packed on as few lines as fit, one nested call per line.
        pad = " " * (indent + 4)
        lines: list[str] = []
        for part in parts:
            if lines and "\n" not in part and "\n" not in lines[-1] and \
                    len(lines[-1]) + len(part) + 2 <= 96 - indent:
                lines[-1] += f", {part}"
            else:
                lines.append(part)
        return f"{self.func}(\n" + "".join(f"{pad}{line},\n" for line in lines) + \
            " " * indent + ")"


def _literal(value, lang: str, indent: int) -> str:
    if isinstance(value, X):
        return value.source(lang, indent)
    if isinstance(value, T):
        return repr(value(lang))
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v, lang, indent) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v, lang, indent) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def call(func: str, *args, lang: bool = True, **kwargs) -> X:
    return X(func, args, tuple(kwargs.items()), lang)


@dataclass(frozen=True)
class Cell:
    kind: str  # "markdown" or "code"
    texts: dict[str, str]

    def source(self, lang: str) -> str:
        return self.texts[lang]


def md(it: str, en: str) -> Cell:
    return Cell("markdown", {"it": dedent(it).strip("\n"), "en": dedent(en).strip("\n")})


def code(expression: X | T | str) -> Cell:
    if isinstance(expression, str):
        return Cell("code", {lang: expression for lang in LANGS})
    if isinstance(expression, T):
        return Cell("code", {lang: dedent(expression(lang)).strip("\n") for lang in LANGS})
    return Cell("code", {lang: expression.source(lang) for lang in LANGS})


# Shorthands for the cells used most.

def diagram(position=None, *, caption: T | None = None, **options) -> X:
    if caption is not None:
        options["caption"] = caption
    return call("diagram", position, **options)


def figure(position=None, *, caption: T | None = None, **options) -> Cell:
    """A cell with one diagram."""
    return code(diagram(position, caption=caption, **options))


def figures(*diagrams: X) -> Cell:
    """A cell with diagrams side by side."""
    return code(call("row", *diagrams, lang=False))


def board(position=None, **options) -> Cell:
    """A cell with an interactive board."""
    return code(call("board", position, **options))


#: The first code cell of every notebook: the course's helpers (the installed package corso).
SETUP = "from dama.helpers import *"
INDEX = T("indice.ipynb", "index.ipynb")
GUIDE = T("guida-insegnante.ipynb", "teachers-guide.ipynb")

@dataclass
class Lesson:
    number: int
    slug: T
    title: T
    learn: tuple[T, ...]
    cells: list[Cell]
    exercises: list[str]
    remember: tuple[T, ...]
    #: The ids of the rules the lesson teaches (RULES.md), for the teacher's guide only.
    rules: tuple[str, ...] = ()
    exercises_intro: T = field(default_factory=lambda: T(
        "Tocca a te! Risolvi gli esercizi: ogni risposta viene controllata subito. "
        "Se sbagli, puoi riprovare; il pulsante «Suggerimento» ti aiuta (ma costa una stella). "
        "Quando hai finito, premi «Prossimo esercizio».",
        "Your turn! Solve the exercises: every answer is checked at once. If you get one "
        "wrong you can try again; the \u201cHint\u201d button helps you (but costs a star). "
        "When you are done, press \u201cNext exercise\u201d."))

    def file_name(self, lang: str) -> str:
        return f"{self.number:02d}-{self.slug(lang)}.ipynb"

    def label(self, lang: str) -> str:
        return f"{'Lezione' if lang == 'it' else 'Lesson'} {self.number} · {self.title(lang)}"


def navigation(lesson: Lesson, lessons: list[Lesson], lang: str) -> str:
    """The line at the end of a lesson: the lesson before, the index, the next lesson, and the
    same lesson in the other language. Relative links, so that they work in the course's pages
    (``/voila/render/it/...``) and in JupyterLab alike (both folders side by side)."""
    it = lang == "it"
    links = []
    if lesson.number > 0:
        before = lessons[lesson.number - 1]
        links.append(f"← [{before.label(lang)}]({before.file_name(lang)})")
    links.append(f"[{'Indice' if it else 'Index'}]({INDEX(lang)})")
    if lesson.number + 1 < len(lessons):
        after = lessons[lesson.number + 1]
        links.append(f"**{'Avanti' if it else 'Next'}:** "
                     f"[{after.label(lang)}]({after.file_name(lang)}) →")
    other = OTHER[lang]
    links.append(f"*{'In English' if it else 'In italiano'}:* "
                 f"[{lesson.label(other)}](../{other}/{lesson.file_name(other)})")
    return " · ".join(links)


def tool_page(intro: Cell, helper: str, lang: str) -> list[Cell]:
    """A practice page reached from the index: its text, the ``corso`` helper that makes it
    (called with the page's language), and the way back to the index."""
    back = "Indice" if lang == "it" else "Index"
    return [
        Cell("markdown", {lang: intro.source(lang)}),
        Cell("code", {lang: SETUP}),
        Cell("code", {lang: f"{helper}(lang={lang!r})"}),
        Cell("markdown", {lang: f"[{back}]({INDEX(lang)})"}),
    ]
