"""What a lesson is made of: texts keyed by language, and calls of the course's helpers.

A lesson's source holds each text in every language it is written in, side by side, so the
languages cannot drift apart: the same cells, the same boards, the same exercises, in the
same order. A language more is one more key in each text (``T(it=..., en=..., pt=...)``) and
in the puzzles' prompts; the words around the lessons (headings, the way to the next lesson)
come from the programs' catalogues.

    md(it=..., en=...)          a text cell (markdown; each text is dedented)
    T(it=..., en=...)           a text given to a helper, chosen by language
    call("board", "W:W30:B27")  a helper's call, as data: {"helper": "board", "args": [...]}
    code(call(...))             a cell made of one call

A cell that calls a helper is data, never code text: the notebooks show it as one line of
Python for the teacher (``board("W:W30:B27", lang="it")``), and the course's one page calls the
helper by its name (dama.helpers.HELPERS), with the reader's language.

What a child reads (markdown, captions, recap lines) names every rule in words ("mangiare è
obbligatorio", "the quantity rule"), never by its id ("IT-C1"): the ids are for teachers, and a
lesson lists them in ``rules`` for the teacher's guide (tests/test_lesson_text.py checks this).
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent
from typing import Any, Callable


@dataclass(frozen=True, init=False)
class T:
    """A text in each language it is written in: ``T(it="La presa", en="Capturing")``."""

    texts: dict[str, str]

    def __init__(self, **texts: str) -> None:
        object.__setattr__(self, "texts", dict(texts))

    def __call__(self, lang: str) -> str:
        return self.texts[lang]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.texts)

    def __hash__(self) -> int:
        return hash(tuple(self.texts.items()))


@dataclass(frozen=True)
class Call:
    """A call of one of the course's helpers (dama.helpers.HELPERS): its arguments, texts
    (:class:`T`) chosen by language and calls nested; ``lang`` gives the helper the page's
    language."""

    helper: str
    args: tuple = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    lang: bool = True

    def data(self, lang: str) -> dict[str, Any]:
        """The call as data, in ``lang``: what the views hold and the app runs."""
        out: dict[str, Any] = {"helper": self.helper}
        if self.args:
            out["args"] = [_data(a, lang) for a in self.args]
        if self.kwargs:
            out["kwargs"] = {k: _data(v, lang) for k, v in self.kwargs}
        if not self.lang:
            out["lang"] = False
        return out

    def source(self, lang: str, indent: int = 0) -> str:
        """The call as one line of Python (more when long), as a teacher reads it."""
        parts = [_literal(a, lang, indent + 4) for a in self.args]
        parts += [f"{k}={_literal(v, lang, indent + 4)}" for k, v in self.kwargs]
        if self.lang:
            parts.append(f"lang={lang!r}")
        one_line = f"{self.helper}({', '.join(parts)})"
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
        return f"{self.helper}(\n" + "".join(f"{pad}{line},\n" for line in lines) + \
            " " * indent + ")"


def _data(value: Any, lang: str) -> Any:
    if isinstance(value, Call):
        return value.data(lang)
    if isinstance(value, T):
        return value(lang)
    if isinstance(value, (list, tuple)):
        return [_data(v, lang) for v in value]
    return value


def _literal(value: Any, lang: str, indent: int) -> str:
    if isinstance(value, Call):
        return value.source(lang, indent)
    if isinstance(value, T):
        value = value(lang)
    if isinstance(value, str) and "\n" in value and '"""' not in value:
        return f'"""\n{value}\n"""'     # a game's PDN, as a teacher would paste it
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v, lang, indent) for v in value) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v, lang, indent) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return repr(value)


def call(helper: str, *args: Any, lang: bool = True, **kwargs: Any) -> Call:
    return Call(helper, args, tuple(kwargs.items()), lang)


@dataclass(frozen=True)
class Cell:
    """A text cell (``texts``: markdown by language) or a cell calling a helper (``call``)."""

    texts: T | None = None
    call: Call | None = None

    @property
    def kind(self) -> str:
        return "code" if self.call is not None else "markdown"

    def source(self, lang: str) -> str:
        """The cell as the notebook holds it: markdown, or the call as Python."""
        return self.call.source(lang) if self.call is not None else self.texts(lang)

    def written_in(self, lang: str) -> bool:
        return self.call is not None or lang in self.texts.texts


def md(**texts: str) -> Cell:
    """A text cell, in each language (each text dedented)."""
    return Cell(texts=T(**{lang: dedent(text).strip("\n") for lang, text in texts.items()}))


def code(expression: Call) -> Cell:
    """A cell that calls one helper."""
    return Cell(call=expression)


# Shorthands for the cells used most.

def diagram(position=None, *, caption: T | None = None, **options) -> Call:
    if caption is not None:
        options["caption"] = caption
    return call("diagram", position, **options)


def figure(position=None, *, caption: T | None = None, **options) -> Cell:
    """A cell with one diagram."""
    return code(diagram(position, caption=caption, **options))


def figures(*diagrams: Call) -> Cell:
    """A cell with diagrams side by side."""
    return code(call("row", *diagrams, lang=False))


def board(position=None, **options) -> Cell:
    """A cell with an interactive board."""
    return code(call("board", position, **options))


#: The first code cell of every notebook: the course's helpers (the installed package dama).
SETUP = "from dama.helpers import *"


@dataclass
class LessonSource:
    """A lesson as its author writes it: what the child will learn, the steps (cells), the
    exercises (puzzle ids), the recap, and the ids of the rules it teaches (RULES.md, for the
    teacher's guide only)."""

    number: int
    slug: T
    title: T
    learn: tuple[T, ...]
    cells: list[Cell]
    exercises: list[str]
    remember: tuple[T, ...]
    rules: tuple[str, ...] = ()
    #: What the exercises' heading says, when the usual words (the catalogues') will not do.
    exercises_intro: T | None = None

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the lesson is written in: those of its title."""
        return self.title.languages

    def page_name(self, lang: str) -> str:
        return f"{self.number:02d}-{self.slug(lang)}"

    def file_name(self, lang: str) -> str:
        return f"{self.page_name(lang)}.ipynb"


@dataclass
class Page:
    """A page of the course besides the lessons (the index, the guide, the class page, the
    practice pages): its name in each language (``name(lang) + ".ipynb"``), what a link to it
    says in each language, and its cells, made from the lessons."""

    name: T
    link: T
    cells: Callable[[list[LessonSource]], list[Cell]]
    #: The pages its last line links to, besides the same page in the other languages.
    foot: tuple[str, ...] = ("index",)

    @property
    def languages(self) -> tuple[str, ...]:
        return self.name.languages

    def file_name(self, lang: str) -> str:
        return f"{self.name(lang)}.ipynb"


def tool_page(name: T, link: T, intro: Cell, helper: str) -> Page:
    """A practice page reached from the index: its text, then the helper that makes it."""
    return Page(name=name, link=link, cells=lambda lessons: [intro, code(call(helper))])


__all__ = ["Call", "Cell", "LessonSource", "Page", "SETUP", "T", "board", "call", "code",
           "diagram", "figure", "figures", "md", "tool_page"]
