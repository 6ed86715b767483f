"""Build the course's notebooks from their Python sources, Italian and English in step.

    python -m authoring.notebooks           write lessons/it/*.ipynb and lessons/en/*.ipynb
                                     and the lessons' catalogue,
                                     dama/core/content/collections/lessons.toml
    python -m authoring.notebooks --check   exit 1 (and name the files) if a notebook differs

The sources: ``lessons/NN_slug.py`` (one lesson each, the two languages side by side),
``lessons/index_page.py`` and ``lessons/teachers_guide.py``. The output is
deterministic (fixed cell ids, no outputs, no execution counts), so the committed notebooks can
be compared byte for byte with a fresh build (tests/test_course.py does).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
#: The lessons' sources, and the notebooks built from them (it/, en/).
LESSONS = ROOT / "lessons"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from lessons.kit import GUIDE, INDEX, LANGS, SETUP, Cell, Lesson, T, navigation  # noqa: E402

CODE_METADATA = {"jupyter": {"source_hidden": True}, "tags": ["hide-input"]}
#: Shown where the boards will be until the cells run: in the child's view they run by
#: themselves and this output is replaced at once; in JupyterLab it says what to press (and
#: deploy/local/jupyter_hooks.py puts it back when a lesson is saved without its boards).
RUN_HINT = {
    "it": "<p><b>Per l'adulto:</b> le damiere e gli esercizi compaiono quando le celle "
          "partono: scegli nel menu <b>Run → Run All Cells</b>.</p>",
    "en": "<p><b>For the grown-up:</b> the boards and the exercises appear when the cells "
          "run: choose <b>Run → Run All Cells</b> in the menu.</p>",
}
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: The lessons as data for the puzzles package (worksheets, the class page): written with the
#: notebooks, package data of the wheel, read by dama/core/content/lessons.py.
CATALOGUE = ROOT / "dama" / "core" / "content" / "collections" / "lessons.toml"


def load_lessons() -> list[Lesson]:
    """Every lesson, in order of number; the numbers run 0, 1, 2, ... without gaps."""
    lessons = []
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.py")):
        module = importlib.import_module(f"lessons.{path.stem}")
        lesson = module.LESSON
        if f"{lesson.number:02d}" != path.stem[:2]:
            raise ValueError(f"{path.name} holds lesson {lesson.number}")
        lessons.append(lesson)
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(len(lessons))):
        raise ValueError(f"lesson numbers must run 0, 1, 2, ...: {numbers}")
    return lessons


def _bullets(items: tuple[T, ...], lang: str) -> str:
    return "\n".join(f"- {item(lang)}" for item in items)


def lesson_cells(lesson: Lesson, lessons: list[Lesson], lang: str) -> list[Cell]:
    """The whole lesson: what you will learn, the steps, exercises, recap, stars, and the links
    to the index, the next lesson and the same lesson in the other language."""
    it = lang == "it"
    head = (f"# {'Lezione' if it else 'Lesson'} {lesson.number} · {lesson.title(lang)}\n\n"
            f"[{'Indice' if it else 'Index'}]({INDEX(lang)})\n\n"
            f"## {'Cosa imparerai' if it else 'What you will learn'}\n\n"
            + _bullets(lesson.learn, lang))
    cells = [Cell("markdown", {lang: head}), Cell("code", {lang: SETUP})]
    cells += lesson.cells
    ids = list(lesson.exercises)
    cells += [
        Cell("markdown", {lang: f"## {'Esercizi' if it else 'Exercises'}\n\n"
                                f"{lesson.exercises_intro(lang)}"}),
        Cell("code", {lang: f"exercises({ids!r}, lang={lang!r})"}),
        Cell("markdown", {lang: f"## {'Ricorda' if it else 'Remember'}\n\n"
                                + _bullets(lesson.remember, lang)}),
        Cell("markdown", {lang: f"## {'Le tue stelle' if it else 'Your stars'}"}),
        Cell("code", {lang: f"lesson_stars({ids!r}, lang={lang!r})"}),
    ]
    cells.append(Cell("markdown", {lang: navigation(lesson, lessons, lang)}))
    return cells


def notebook(cells: list[Cell], lang: str, prefix: str, meta: dict) -> str:
    """The notebook's text: fixed cell ids, code cells collapsed, no outputs but the note on
    the first code cell that says what to press before the cells have run."""
    nb_cells = []
    for number, cell in enumerate(cells):
        source = cell.source(lang)
        cell_id = f"{prefix}-{number:02d}"
        if cell.kind == "markdown":
            nb_cells.append(nbformat.v4.new_markdown_cell(source, id=cell_id))
        elif source == SETUP:
            metadata = {**CODE_METADATA, "dama": {"run_hint": RUN_HINT[lang]}}
            # A count, or nbval would take the stored note for an output of a cell never run.
            nb_cells.append(nbformat.v4.new_code_cell(
                source, id=cell_id, metadata=metadata, execution_count=1, outputs=[
                    nbformat.v4.new_output("display_data", {"text/html": RUN_HINT[lang]})]))
        else:
            nb_cells.append(nbformat.v4.new_code_cell(
                source, id=cell_id, metadata=dict(CODE_METADATA)))
    nb = nbformat.v4.new_notebook(cells=nb_cells, metadata={
        "kernelspec": KERNELSPEC,
        "language_info": {"name": "python"},
        "dama": meta,
    })
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


def catalogue(lessons: list[Lesson]) -> str:
    """The lessons' catalogue (TOML): number, slug, title, exercises in order, rule ids."""

    def string(value: str) -> str:  # a JSON string is a TOML basic string
        return json.dumps(value, ensure_ascii=False)

    lines = ["# Le lezioni del corso: scritto da authoring/notebooks.py, non modificarlo a mano.",
             "# The course's lessons: written by authoring/notebooks.py from lessons/; do not",
             "# edit it by hand (run `make course-build`)."]
    for lesson in lessons:
        lines += ["", "[[lesson]]", f"number = {lesson.number}"]
        lines += [f"slug.{lang} = {string(lesson.slug(lang))}" for lang in LANGS]
        lines += [f"title.{lang} = {string(lesson.title(lang))}" for lang in LANGS]
        lines += [f"exercises = [{', '.join(map(string, lesson.exercises))}]",
                  f"rules = [{', '.join(map(string, lesson.rules))}]"]
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    """Every notebook the sources make, and the lessons' catalogue: {path: text}."""
    from lessons import (analysis_page, class_page, index_page, play_page, practice_page, squares_page,
                         teachers_guide)

    lessons = load_lessons()
    out: dict[Path, str] = {CATALOGUE: catalogue(lessons)}
    for lang in LANGS:
        for lesson in lessons:
            meta = {"lang": lang, "lesson": lesson.number, "title": lesson.title(lang),
                    "exercises": list(lesson.exercises)}
            out[LESSONS / lang / lesson.file_name(lang)] = notebook(
                lesson_cells(lesson, lessons, lang), lang, f"l{lesson.number:02d}", meta)
        out[LESSONS / lang / INDEX(lang)] = notebook(
            index_page.cells(lessons, lang), lang, "index", {"lang": lang, "page": "index"})
        out[LESSONS / lang / GUIDE(lang)] = notebook(
            teachers_guide.cells(lessons, lang), lang, "guide", {"lang": lang, "page": "guide"})
        out[LESSONS / lang / class_page.CLASS[lang]] = notebook(
            class_page.cells(lessons, lang), lang, "class", {"lang": lang, "page": "class"})
        out[LESSONS / lang / squares_page.SQUARES[lang]] = notebook(
            squares_page.cells(lessons, lang), lang, "squares",
            {"lang": lang, "page": "squares"})
        out[LESSONS / lang / practice_page.PRACTICE[lang]] = notebook(
            practice_page.cells(lessons, lang), lang, "practice",
            {"lang": lang, "page": "practice"})
        out[LESSONS / lang / play_page.PLAY[lang]] = notebook(
            play_page.cells(lessons, lang), lang, "play", {"lang": lang, "page": "play"})
        out[LESSONS / lang / analysis_page.ANALYSIS[lang]] = notebook(
            analysis_page.cells(lessons, lang), lang, "analysis",
            {"lang": lang, "page": "analysis"})
    return out


def stale(expected: dict[Path, str]) -> list[Path]:
    """Lesson notebooks (``NN-*.ipynb``) in lessons/it and lessons/en that the sources no longer
    make, e.g. after a slug changed. Other notebooks (a teacher's own) are left alone."""
    found = [p for lang in LANGS for p in (LESSONS / lang).glob("[0-9][0-9]-*.ipynb")]
    return sorted(p for p in found if p not in expected)


def _name(path: Path) -> str:
    """A file's path inside the project."""
    return str(path.relative_to(ROOT))


def differences() -> list[str]:
    """What a build would change, one line a file; empty when all is in step."""
    expected = outputs()
    problems = []
    for path, text in expected.items():
        if not path.exists():
            problems.append(f"missing: {_name(path)}")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"differs: {_name(path)}")
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
                        help="change nothing; exit 1 if a notebook is not what the sources make")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences()
        for line in problems:
            print(line)
        if problems:
            print("run `make course-build` (python -m authoring.notebooks) to rebuild the notebooks")
        return 1 if problems else 0
    for path in write():
        print(f"wrote {path.relative_to(ROOT)}")
    for path in stale(outputs()):
        print(f"no longer made by the sources (delete it?): {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
