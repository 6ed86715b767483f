"""Perft from the standard starts against the table of docs/RULES.md, section 6.

The start positions are IT-B3 (Italian), INT-B2 (International) and BR-B1/BR-B2 (Brazilian;
the Filipino game shares the Brazilian move rules, RULES.md section 4)."""

import re
from pathlib import Path

import pytest

from damalib import Board, perft

RULES = Path(__file__).parents[1] / "docs" / "RULES.md"

# docs/RULES.md section 6: depth -> leaf count ("distinct" capture chains).
TABLE = {
    "italian": [1, 7, 49, 302, 1469, 7361, 36473],
    "brazilian": [1, 7, 49, 302, 1469, 7473, 37628],
    "international": [1, 9, 81, 658, 4265, 27117, 167140],
}
# The Filipino game uses the Brazilian move rules on the same numbering (section 4).
TABLE["filipino"] = TABLE["brazilian"]

START_FENS = {
    "italian": "W:W21-32:B1-12",          # IT-B3
    "brazilian": "W:W21-32:B1-12",        # BR-B1
    "filipino": "W:W21-32:B1-12",         # section 4
    "international": "W:W31-50:B1-20",    # INT-B2
}

CASES = [(v, d) for v in TABLE for d in range(1, 7)]


def document_table() -> dict[str, list[int]]:
    """The perft table of docs/RULES.md section 6, read from the document."""
    text = RULES.read_text(encoding="utf-8")
    section = text.split("\n## 6.", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    columns = [c.strip().lower() for c in lines[0].strip("|").split("|")]
    assert columns[0] == "depth", columns
    table: dict[str, list[int]] = {c: [1] for c in columns[1:]}
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        assert int(cells[0]) == len(table[columns[1]]), line
        for column, cell in zip(columns[1:], cells[1:]):
            table[column].append(int(re.sub(r"\D", "", cell)))
    return table


def test_the_table_is_the_one_of_the_rules_document():
    # The counts checked here are the ones docs/RULES.md publishes (the Filipino game shares
    # the Brazilian column, section 4).
    assert document_table() == {v: TABLE[v] for v in ("italian", "brazilian", "international")}


@pytest.mark.parametrize("variant", list(TABLE))
def test_perft_depth_zero_is_one(variant):
    assert perft(Board(variant=variant), 0) == 1


@pytest.mark.parametrize("variant", list(TABLE))
def test_start_fen_is_the_standard_start(variant):
    # IT-B3, INT-B2, BR-B1: the default board is the standard start, White to move (IT-B4).
    board = Board(variant=variant)
    assert board.fen() == START_FENS[variant]
    assert board.turn == "W"


# Depth 6 of all variants runs in well under a second with damalib, so it is not marked slow.
@pytest.mark.parametrize("variant,depth", CASES)
def test_perft_table_section_6(variant, depth):
    assert perft(Board(variant=variant), depth) == TABLE[variant][depth]


@pytest.mark.parametrize("variant", ["italiana", "brasiliana", "internazionale", "filippina"])
def test_perft_with_italian_variant_names(variant):
    english = {"italiana": "italian", "brasiliana": "brazilian",
               "internazionale": "international", "filippina": "filipino"}[variant]
    assert perft(Board(variant=variant), 5) == TABLE[english][5]


def _walk(board, depth):
    """Perft through the public API only: legal_moves, push and pop."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        before = board.fen()
        board.push(move)
        total += _walk(board, depth - 1)
        assert board.pop() == move
        assert board.fen() == before
    return total


@pytest.mark.parametrize("variant,depth", [(v, d) for v in TABLE for d in range(1, 5)])
def test_perft_through_legal_moves_push_pop(variant, depth):
    # The section 6 counts again, this time through legal_moves/push/pop, so that perft()
    # and the moves the board offers cannot drift apart.
    assert _walk(Board(variant=variant), depth) == TABLE[variant][depth]


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(TABLE))
def test_perft_through_legal_moves_push_pop_depth_5(variant):
    assert _walk(Board(variant=variant), 5) == TABLE[variant][5]


def test_perft_rejects_negative_depth():
    with pytest.raises(ValueError):
        perft(Board(), -1)
