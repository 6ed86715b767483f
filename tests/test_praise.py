"""Praise says what the stars say: «al primo colpo» only with three stars, never «Perfetto!»
after a hint or a retry; the same words for a girl as for a boy."""

from __future__ import annotations

import re

import pytest

from dama.core.content import load
from damalib.i18n import translator
from dama.core.content.check import PRAISE, check, praise

PUZZLES = load()
LANGS = ("it", "en")


def right_answer(puzzle):
    if puzzle.kind == "all-captures":
        return " ".join(line[0] for line in puzzle.solutions)
    if puzzle.kind == "goal":
        from dama.core.content.goals import accepted_moves
        board = puzzle.board()
        return board.move_text(min(accepted_moves(board, *puzzle.solutions),
                                   key=lambda m: m.path))
    first = puzzle.solutions[0]
    if puzzle.kind in ("move", "capture"):
        return " ".join(first[::2])
    return first


ANSWERED = [(p, stars, hints, attempt)
            for p in PUZZLES
            for stars, hints, attempt in ((3, 0, 1), (2, 1, 1), (2, 0, 2), (1, 2, 1), (1, 1, 2))]


def test_every_puzzle_answered_right_earns_the_stars_its_hints_and_tries_leave():
    for puzzle, stars, hints, attempt in ANSWERED:
        verdict = check(puzzle, right_answer(puzzle), hints_used=hints, attempt=attempt)
        assert verdict.correct and verdict.stars == stars, puzzle.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_praise_follows_the_stars_over_the_whole_collection(lang):
    first_try = {"it": "al primo colpo", "en": "at the first try"}[lang]
    wrong = []
    for puzzle, stars, hints, attempt in ANSWERED:
        text = check(puzzle, right_answer(puzzle), hints_used=hints, attempt=attempt).text(lang)
        said = [translator(lang)(words) for words in PRAISE[stars]]
        if not text.startswith(tuple(said)) or (first_try in text) != (stars == 3):
            wrong.append(f"{puzzle.id} {stars}★: {text[:80]}")
        if re.search(r"\b(?:Perfetto|Perfect)\b", text) and stars < 3:
            wrong.append(f"{puzzle.id} {stars}★ called perfect: {text[:80]}")
    assert not wrong, "\n".join(wrong[:10])
    assert len(ANSWERED) > 3000


def test_the_praise_words_are_for_every_child_and_change_from_one_puzzle_to_the_next():
    for stars, words in PRAISE.items():
        for en in words:
            it = translator("it")(en)
            assert it != en                              # from the Italian catalogue
            assert not re.search(r"\b(?:Bravo|Brava|Bravi|Bravissim\w*)\b", it), it
            assert it.endswith("!") and en.endswith("!")
        assert len({praise(p.id, "it", stars) for p in PUZZLES}) == len(words)
