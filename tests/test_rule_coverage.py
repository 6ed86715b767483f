"""Every rule id of RULES.md is cited by at least one test, and the code knows no other ids."""

import re
from pathlib import Path

import pytest

from damalib import VARIANTS

HERE = Path(__file__).parent
RULES = HERE.parent.parent / "shared" / "RULES.md"
RULE_ID = re.compile(r"\b(?:IT|INT|BR)-[A-Z]\d*\b")


def rule_ids() -> set[str]:
    if not RULES.exists():
        pytest.skip(f"RULES.md not found at {RULES}")
    return set(RULE_ID.findall(RULES.read_text(encoding="utf-8")))


def test_every_rule_id_is_cited_by_a_test():
    ids = rule_ids()
    assert len(ids) > 40
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
    source = HERE.parent / "damalib"
    for path in source.glob("*.py"):
        used |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert sorted(used - ids) == []
