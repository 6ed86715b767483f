"""The course's lessons as data: number, slug, title, exercises in order and rule ids.

The catalogue (``collections/lessons.toml``) is written by ``authoring/notebooks.py`` from the lesson
sources, so that the puzzles package (worksheets, the class page) knows the lessons without
the course folder.

>>> seven = lesson(7)
>>> seven.label("it").startswith("Lezione 7 · ")
True
>>> seven.exercises[0]
'it-qty-001'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from damalib.i18n import NC_, N_, pick, translator

#: The catalogue's file, next to the puzzle files (model.load leaves it out).
CATALOGUE = Path(__file__).parent / "collections" / "lessons.toml"

_UNKNOWN = N_("There is no lesson {number}: the lessons go from {first} to {last}.")

#: The words around every lesson and page of the course, the same for each: its headings,
#: the way to the index and the next lesson, the note for the grown-up before the cells run.
#: (authoring/notebooks.py writes them into the notebooks and the views, in each language.)
MESSAGES = {
    "index": N_("Index"),
    "learn": N_("What you will learn"),
    "exercises": NC_("a lesson's heading", "Exercises"),
    "exercises_intro": N_("Your turn! Solve the exercises: every answer is checked at once. If "
                          "you get one wrong you can try again; the “Hint” button helps you "
                          "(but costs a star). When you are done, press “Next exercise”."),
    "remember": N_("Remember"),
    "your_stars": N_("Your stars"),
    "next": N_("Next"),
    # Translators: "In" and the name of your own language, in your language: «In italiano».
    # It leads from a page in another language to the same page in yours.
    "in_this_language": NC_("this language", "In English"),
    "guide": N_("Teacher's guide"),
    "run_hint": N_("<b>For the grown-up:</b> the boards and the exercises appear when the cells "
                   "run: choose <b>Run → Run All Cells</b> in the menu."),
}


def lesson_label(number: int, title: str, lang: str) -> str:
    """«Lezione 7 · Precedenza 1: prendi di più», as the lessons' headings say."""
    _ = translator(lang)
    return _("Lesson {number} · {title}", number=number, title=title)


@dataclass(frozen=True)
class Lesson:
    number: int
    slug: dict
    title: dict
    exercises: tuple[str, ...]
    rules: tuple[str, ...]

    def title_in(self, lang: str = "it") -> str:
        return pick(self.title, lang)

    def slug_in(self, lang: str = "it") -> str:
        return pick(self.slug, lang)

    def label(self, lang: str = "it") -> str:
        """"Lezione 7 · Precedenza 1: prendi di più", as the lessons' headings say."""
        return lesson_label(self.number, self.title_in(lang), lang)


class UnknownLesson(LookupError):
    """A lesson number the catalogue does not have; ``text(lang)`` says which there are."""

    def __init__(self, number: object, numbers: list[int]):
        self.number = number
        self.numbers = numbers
        super().__init__(self.text("it"))

    def text(self, lang: str = "it") -> str:
        first, last = (min(self.numbers), max(self.numbers)) if self.numbers else (0, 0)
        return translator(lang)(_UNKNOWN, number=self.number, first=first, last=last)


@lru_cache(maxsize=4)
def _read(path: Path, stamp: float) -> tuple[Lesson, ...]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(Lesson(number=int(entry["number"]), slug=dict(entry["slug"]),
                        title=dict(entry["title"]), exercises=tuple(entry["exercises"]),
                        rules=tuple(entry.get("rules", ())))
                 for entry in data.get("lesson", []))


def load_lessons(path: Path | str = CATALOGUE) -> list[Lesson]:
    """Every lesson of the catalogue, in order of number."""
    path = Path(path)
    return sorted(_read(path, path.stat().st_mtime), key=lambda item: item.number)


def lesson(number: int, lang: str = "it", path: Path | str = CATALOGUE) -> Lesson:
    """The lesson ``number``; UnknownLesson (its message in ``lang``) if there is none."""
    found = load_lessons(path)
    for item in found:
        if item.number == number:
            return item
    error = UnknownLesson(number, [item.number for item in found])
    error.args = (error.text(lang),)
    raise error
