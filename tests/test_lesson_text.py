"""What a child reads in the course's notebooks (lessons/it, lessons/en), read from the built
notebooks themselves:

- no rule id ("IT-C1", "INT-P1", "BR-B1") in a lesson or the index, neither in a markdown cell
  nor in a text a code cell passes to a helper (a caption, a PDN comment): a child reads the
  rule in words; the teacher's guide does cite the ids;
- no menu to use: children's pages run by themselves; the one line for a grown-up in
  JupyterLab names the menu exactly as JupyterLab shows it, in English in both languages
  ("Run → Run All Cells": the Italian language pack made for JupyterLab 4.5 leaves 4.6's
  menus in English);
- every lesson ends with links to its index, the next lesson and the same lesson in the other
  language, and every link leads to a notebook that exists;
- the index lists the lessons once (the table of ``index()``), not again in markdown.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from notebook_cells import code_trees

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "lessons"
LANGS = ("it", "en")
OTHER = {"it": "en", "en": "it"}
INDEX = {"it": "indice.ipynb", "en": "index.ipynb"}
GUIDE = {"it": "guida-insegnante.ipynb", "en": "teachers-guide.ipynb"}
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*")
MENU = {"it": "Run → Run All Cells", "en": "Run → Run All Cells"}
GROWN_UP = {"it": "Per l'adulto", "en": "For the grown-up"}
LINK = re.compile(r"\]\(([^)\s]+)\)")


def lessons(lang: str) -> list[Path]:
    return sorted((COURSE / lang).glob("[0-9][0-9]-*.ipynb"))


def child_pages(lang: str) -> list[Path]:
    """What a child opens: every lesson and the index."""
    return lessons(lang) + [COURSE / lang / INDEX[lang]]


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def markdown(notebook: dict) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]


def code_strings(notebook: dict) -> list[str]:
    """Every string literal in the code cells (captions, PDN texts, options), IPython magics
    left out."""
    found = []
    for tree in code_trees(notebook):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append(node.value)
    return found


def child_texts(path: Path) -> list[str]:
    notebook = read(path)
    return markdown(notebook) + code_strings(notebook)


def test_the_course_is_there():
    for lang in LANGS:
        assert len(lessons(lang)) >= 17, lang
        assert (COURSE / lang / INDEX[lang]).exists() and (COURSE / lang / GUIDE[lang]).exists()
    assert [p.name[:2] for p in lessons("it")] == [p.name[:2] for p in lessons("en")]


# -- rule ids: for teachers, not for children ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_no_rule_id_in_what_a_child_reads(lang):
    problems = []
    for path in child_pages(lang):
        for text in child_texts(path):
            for found in RULE_ID.findall(text):
                problems.append(f"{path.name}: {found} in {text[:70]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_the_teachers_guide_cites_the_rule_ids(lang):
    text = "\n".join(markdown(read(COURSE / lang / GUIDE[lang])))
    cited = set(RULE_ID.findall(text))
    for rule in ("IT-C1", "IT-P1", "IT-P2", "IT-P3", "IT-P4", "IT-P5", "IT-D2"):
        assert rule in cited, (lang, rule)


def test_the_rule_id_check_would_catch_an_id():
    """The check above really looks in markdown and in a caption."""
    notebook = {"cells": [
        {"cell_type": "markdown", "source": ["Mangiare è obbligatorio (IT-C1)."]},
        {"cell_type": "code", "source": ["from dama.helpers import *"]},
        {"cell_type": "code", "source": ["diagram('W:W30:B27', caption='Rule IT-P1–P5', "
                                         "lang='en')"]},
    ]}
    texts = markdown(notebook) + code_strings(notebook)
    assert [RULE_ID.findall(t) for t in texts if RULE_ID.search(t)] == [["IT-C1"], ["IT-P1"]]


# -- menus: the children never need one ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_no_menu_instructions_for_children(lang):
    problems = []
    for path in child_pages(lang):
        lines = [line for text in child_texts(path) for line in text.splitlines()]
        menu_lines = [line for line in lines
                      if re.search(r"Run All Cells|Run →|Esegui\b.*Celle|Esegui →|Kernel →",
                                   line, re.IGNORECASE)]
        for line in menu_lines:
            if GROWN_UP[lang] not in line:
                problems.append(f"{path.name}: a menu, not in the grown-up's line: {line!r}")
            elif MENU[lang] not in line:
                problems.append(f"{path.name}: the grown-up's line must say {MENU[lang]!r}: "
                                f"{line!r}")
            if re.search(r"Esegui", line):
                problems.append(f"{path.name}: a menu JupyterLab does not show: {line!r}")
            if "Restart" in line or "Riavvia" in line:
                problems.append(f"{path.name}: one menu only, no restart: {line!r}")
        if len(menu_lines) > 1:
            problems.append(f"{path.name}: {len(menu_lines)} lines name a menu, at most one")
    assert not problems, "\n".join(problems)


def test_what_to_press_is_said_where_the_boards_will_be_until_the_cells_run():
    """In JupyterLab, before "Run All Cells", the first code cell shows the grown-up what to
    press (its stored output); in the child's view the cell runs and the note goes away."""
    for lang in LANGS:
        for path in [*lessons(lang), COURSE / lang / INDEX[lang]]:
            cells = read(path)["cells"]
            first = next(c for c in cells if c["cell_type"] == "code")
            note = "".join(first["outputs"][0]["data"]["text/html"])
            assert GROWN_UP[lang] in note and MENU[lang] in note, path.name
            assert not any(MENU[lang] in "".join(c["source"]) for c in cells
                           if c["cell_type"] == "markdown"), path.name


def test_the_exercises_still_point_to_the_hint_button():
    """Lessons 0 and 3 tell the child to press «Suggerimento» / "Hint" for help."""
    for lang, word in (("it", "«Suggerimento»"), ("en", "\u201cHint\u201d")):
        for number in (0, 3):
            text = "\n".join(markdown(read(lessons(lang)[number])))
            assert word in text, (lang, number)


# -- links -----------------------------------------------------------------------------------

def links(text: str) -> list[str]:
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_ends_with_its_index_the_next_lesson_and_the_other_language(lang):
    mine, theirs = lessons(lang), lessons(OTHER[lang])
    for number, path in enumerate(mine):
        last = markdown(read(path))[-1]
        targets = links(last)
        assert INDEX[lang] in targets, (path.name, last)
        assert f"../{OTHER[lang]}/{theirs[number].name}" in targets, (path.name, last)
        if number + 1 < len(mine):
            assert mine[number + 1].name in targets, (path.name, last)
        # and the whole line is about moving on: no other text after it
        assert read(path)["cells"][-1]["cell_type"] == "markdown", path.name


def test_every_link_leads_to_a_notebook_that_exists():
    """Relative links, which work in the children's pages (/voila/render/it/...) and in
    JupyterLab (the server's root holds it/ and en/): never an absolute path."""
    problems = []
    for lang in LANGS:
        for path in sorted((COURSE / lang).glob("*.ipynb")):
            for text in markdown(read(path)):
                for target in links(text):
                    if target.startswith("/") or not target.endswith(".ipynb"):
                        problems.append(f"{path.name}: not a relative notebook link: {target}")
                    elif not (path.parent / target).resolve().is_file():
                        problems.append(f"{path.name}: {target} does not exist")
    assert not problems, "\n".join(problems)


def test_the_index_and_the_guide_link_to_each_other_and_to_the_other_language():
    for lang in LANGS:
        other = OTHER[lang]
        index = links("\n".join(markdown(read(COURSE / lang / INDEX[lang]))))
        assert GUIDE[lang] in index, lang
        assert f"../{other}/{INDEX[other]}" in index, lang
        guide = links("\n".join(markdown(read(COURSE / lang / GUIDE[lang]))))
        assert INDEX[lang] in guide, lang
        assert f"../{other}/{GUIDE[other]}" in guide, lang


# -- the index: each lesson once ---------------------------------------------------------------

def test_the_index_lists_each_lesson_at_most_once_in_markdown():
    for lang in LANGS:
        text = "\n".join(markdown(read(COURSE / lang / INDEX[lang])))
        targets = links(text)
        for path in lessons(lang):
            assert targets.count(path.name) <= 1, (lang, path.name)
        # The index() table lists the lessons, with their stars: not a markdown list as well.
        listed = re.findall(r"^[ \t]*(?:\d+\.|[-*])\s+.*\]\(\d\d-[^)]*\.ipynb\)", text, re.M)
        assert not listed, (lang, listed[:3])


def test_the_index_table_shows_every_lesson():
    """The table the index's ``index()`` draws comes from each lesson's metadata."""
    for lang in LANGS:
        index = read(COURSE / lang / INDEX[lang])
        assert any("".join(c["source"]).startswith("index(") for c in index["cells"]
                   if c["cell_type"] == "code"), lang
        numbers = [read(path)["metadata"]["dama"]["lesson"] for path in lessons(lang)]
        assert numbers == list(range(len(numbers))), lang
