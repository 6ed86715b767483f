"""What a lesson is made of: text in two languages, and short code cells.

A lesson's source holds each text as an (Italian, English) pair, so the two languages cannot
drift apart: the same cells, the same boards, the same exercises, in the same order.

    md(it, en)                 a markdown cell (each text is dedented)
    T(it, en)                  a text argument of a code call, chosen by language
    call("board", "W:W30:B27") the code ``board("W:W30:B27", lang="it")``
    code(X(...))               a code cell made of one call
"""

from __future__ import annotations

from dataclasses import dataclass, field
from textwrap import dedent

LANGS = ("it", "en")


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


@dataclass
class Lesson:
    number: int
    slug: T
    title: T
    learn: tuple[T, ...]
    cells: list[Cell]
    exercises: list[str]
    remember: tuple[T, ...]
    exercises_intro: T = field(default_factory=lambda: T(
        "Tocca a te! Risolvi gli esercizi: ogni risposta viene controllata subito. "
        "Se sbagli, puoi riprovare; il pulsante «Suggerimento» ti aiuta (ma costa una stella). "
        "Quando hai finito, premi «Prossimo esercizio».",
        "Your turn! Solve the exercises: every answer is checked at once. If you get one "
        "wrong you can try again; the \u201cHint\u201d button helps you (but costs a star). "
        "When you are done, press \u201cNext exercise\u201d."))

    def file_name(self, lang: str) -> str:
        return f"{self.number:02d}-{self.slug(lang)}.ipynb"
