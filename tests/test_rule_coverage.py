"""docs/RULES.md and the rule ids: every id the code, the lessons and the puzzles cite is defined
there, every definition names its source, every rule is cited by a test, and the worked
examples of the document are what the library plays."""

import re
from pathlib import Path

import pytest

from damalib import VARIANTS, Board

HERE = Path(__file__).parent
ROOT = HERE.parent
RULES = ROOT / "docs" / "RULES.md"
#: A rule id as cited anywhere: IT-P1, IT-N, INT-K1, BR-D1 ...
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")
#: A definition: a bullet that starts with the id in bold, "- **IT-C3** ...", and goes on over
#: its indented lines.
DEFINITION = re.compile(r"^- \*\*((?:IT|INT|BR)-[A-Z]+\d*)\*\*(.*(?:\n[ \t]+\S.*)*)", re.M)
#: Where the rule ids are cited outside the tests: the code, the lessons' sources and the
#: puzzle collections.
CITING = ("damalib/**/*.py", "dama/**/*.py", "authoring/**/*.py", "lessons/*.py",
          "dama/core/content/collections/*.toml")
#: The worked examples: "| IT-P1 | `FEN` | 31x6 | what it shows |".
EXAMPLE_ROW = re.compile(r"^\| ((?:IT|INT|BR)-[A-Z]+\d*) \| `([^`]+)` \| ([^|]+) \|", re.M)
EXAMPLE_VARIANT = {"IT": "italian", "INT": "international", "BR": "brazilian"}


def document() -> str:
    return RULES.read_text(encoding="utf-8")


def definitions(text: str) -> dict[str, list[str]]:
    """Each id defined by the document, with the text of each of its definitions."""
    found: dict[str, list[str]] = {}
    for match in DEFINITION.finditer(text):
        found.setdefault(match.group(1), []).append(match.group(2))
    return found


def rule_ids() -> set[str]:
    return set(definitions(document()))


def cited_outside_the_tests() -> dict[str, set[str]]:
    """Each id cited by the code, the lessons and the puzzles, with the files citing it."""
    cited: dict[str, set[str]] = {}
    for pattern in CITING:
        paths = sorted(ROOT.glob(pattern))
        assert paths, pattern  # a folder moved away must not make the test pass vacuously
        for path in paths:
            for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return cited


def test_the_document_defines_each_rule_once():
    found = definitions(document())
    assert len(found) > 40
    assert {rule: len(texts) for rule, texts in found.items() if len(texts) > 1} == {}


def test_every_defined_rule_names_its_source():
    missing = [rule for rule, texts in definitions(document()).items()
               if not any(re.search(r"^\s+Source: \S", text, re.M) for text in texts)]
    assert missing == []


def test_every_rule_the_document_mentions_is_defined_in_it():
    text = document()
    assert sorted(set(RULE_ID.findall(text)) - set(definitions(text))) == []


def test_every_rule_cited_by_the_code_the_lessons_and_the_puzzles_is_defined():
    ids = rule_ids()
    undefined = {rule: sorted(paths) for rule, paths in cited_outside_the_tests().items()
                 if rule not in ids}
    assert undefined == {}


def test_every_rule_id_is_cited_by_a_test():
    ids = rule_ids()
    cited = set()
    for path in HERE.glob("test_*.py"):
        if path.name != Path(__file__).name:
            cited |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert sorted(ids - cited) == []


def test_the_library_cites_only_rules_that_exist():
    ids = rule_ids()
    used = set()
    for variant in VARIANTS.values():
        used |= set(variant.rules.values())
    assert sorted(used - ids) == []


def worked_examples() -> list[tuple[str, str, set[str]]]:
    rows = []
    for rule, fen, moves in EXAMPLE_ROW.findall(document()):
        moves = moves.strip()
        rows.append((rule, fen, set() if moves == "none" else
                     {m.strip() for m in moves.split(",")}))
    return rows


def test_the_document_has_its_worked_examples():
    rules = [rule for rule, _, _ in worked_examples()]
    assert len(rules) >= 17
    assert {rule.split("-")[0] for rule in rules} >= {"IT", "INT"}


@pytest.mark.parametrize("rule,fen,expected", worked_examples(),
                         ids=[f"{r}-{f}" for r, f, _ in worked_examples()])
def test_each_worked_example_of_the_document_is_what_the_library_plays(rule, fen, expected):
    board = Board(fen, EXAMPLE_VARIANT[rule.split("-")[0]])
    assert {str(m) for m in board.legal_moves} == expected
