"""What a child reads in the puzzles: every course exercise has two hints about its own
position, a gentle one and then one nearer the answer, in both languages (tests/test_collection.py
asks the same of every puzzle); no text shows a rule id (IT-P1 ...) instead of the rule's name in
words, and none repeats the praise that the grader already gives."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from dama.core import content as puzzles

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
LANGS = ("it", "en")

#: A rule id as RULES.md writes them: IT-P1, IT-C3, INT-K1, BR-B1, IT-N ...
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")
#: The grader opens a right answer with its own praise: the texts must not say it again.
PRAISE_START = re.compile(r"^\s*(?:Giusto|Bravo|Brava|Esatto|Right|Correct|Well done)\b",
                          re.IGNORECASE)


def course_exercise_ids() -> list[str]:
    """The puzzle ids the lessons use: the ``exercises=[...]`` of each lesson and the ids of any
    ``exercises([...])`` call, read from the sources with ``ast`` (nothing is run)."""
    ids: list[str] = []
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            value = None
            if isinstance(node, ast.keyword) and node.arg == "exercises":
                value = node.value
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "exercises"
                  and node.args):
                value = node.args[0]
            if isinstance(value, (ast.List, ast.Tuple)):
                ids += [ast.literal_eval(e) for e in value.elts]
    return ids


@pytest.fixture(scope="module")
def collection() -> dict[str, puzzles.Puzzle]:
    return {p.id: p for p in puzzles.load()}


def child_texts(p: puzzles.Puzzle) -> list[tuple[str, str]]:
    """(field, text) of everything a child reads in the puzzle, both languages."""
    out = []
    for lang in LANGS:
        for name, value in (("prompt", p.prompts.get(lang)),
                            ("explanation", p.explanations.get(lang))):
            if value:
                out.append((f"{name}.{lang}", value))
        for name, values in (("hints", p.hints.get(lang, ())),
                             ("options", p.options.get(lang, ())),
                             ("feedback", p.feedback.get(lang, ()))):
            out += [(f"{name}.{lang}[{i}]", v) for i, v in enumerate(values)]
    return out


def test_the_lessons_use_the_course_exercises(collection):
    ids = course_exercise_ids()
    assert len(ids) >= 90, f"only {len(ids)} exercise ids found in {LESSONS}"
    assert len(set(ids)) == len(ids), "an exercise is used by two lessons"
    missing = [i for i in ids if i not in collection]
    assert missing == [], f"exercise ids not in the collection: {missing}"


def test_every_course_exercise_has_two_hints_in_each_language(collection):
    problems = []
    for pid in course_exercise_ids():
        p = collection[pid]
        it, en = p.hints.get("it", ()), p.hints.get("en", ())
        if len(it) < 2 or len(en) < 2:
            problems.append(f"{pid}: {len(it)} Italian and {len(en)} English hints, need 2+")
        if len(it) != len(en):
            problems.append(f"{pid}: {len(it)} Italian hints but {len(en)} English ones")
        for lang, hints in (("it", it), ("en", en)):
            if len(set(hints)) != len(hints):
                problems.append(f"{pid}: two {lang} hints are the same: {hints}")
            if any(not h.strip() for h in hints):
                problems.append(f"{pid}: an empty {lang} hint")
    assert problems == [], "\n".join(problems)


def test_hints_are_paired_and_distinct_everywhere(collection):
    problems = []
    for p in collection.values():
        it, en = p.hints.get("it", ()), p.hints.get("en", ())
        if len(it) != len(en):
            problems.append(f"{p.id}: {len(it)} Italian hints but {len(en)} English ones")
        for lang, hints in (("it", it), ("en", en)):
            if len(set(hints)) != len(hints):
                problems.append(f"{p.id}: two {lang} hints are the same")
    assert problems == [], "\n".join(problems)


def test_no_child_facing_text_shows_a_rule_id(collection):
    problems = [f"{p.id} {field}: {RULE_ID.search(text).group()} in {text!r}"
                for p in collection.values() for field, text in child_texts(p)
                if RULE_ID.search(text)]
    assert problems == [], ("name the rule in words (RULES.md, 'Naming the rules for a child'), "
                            "keep the id in `rules`:\n" + "\n".join(problems))


def test_the_rule_ids_stay_in_the_rules_field(collection):
    for p in collection.values():
        assert p.rules, f"{p.id}: no rule ids in `rules`"
        assert all(RULE_ID.fullmatch(r) for r in p.rules), f"{p.id}: odd rule ids {p.rules}"


def test_no_text_repeats_the_graders_praise(collection):
    problems = []
    for p in collection.values():
        for field, text in child_texts(p):
            if PRAISE_START.match(text):
                problems.append(f"{p.id} {field} begins with praise: {text!r}")
            if re.search(r"\bBravo\b", text, re.IGNORECASE):
                problems.append(f"{p.id} {field} says 'Bravo' (the children are girls and "
                                f"boys): {text!r}")
    assert problems == [], "\n".join(problems)


def test_the_checks_can_fail():
    # The patterns above do catch what they are meant to catch.
    assert RULE_ID.search("si prende di più (IT-P1).")
    assert RULE_ID.search("(IT-C1, IT-C2)") and RULE_ID.search("x (IT-N).")
    assert RULE_ID.search("(INT-K1)") and RULE_ID.search("BR-B1")
    assert not RULE_ID.search("la regola della quantità; 22-19; 31x13")
    for text in ("Giusto: un passo.", "Giusto! Sì.", "Bravo!", "Esatto.", "Right: one step.",
                 "Correct!", "Well done."):
        assert PRAISE_START.match(text), text
    assert not PRAISE_START.match("Un passo avanti in diagonale.")
    assert not PRAISE_START.match("Righe e colonne")
