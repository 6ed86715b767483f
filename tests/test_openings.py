"""The shots of the opening (authoring/puzzles/openings.py, it-19-openings.toml): the first
pairs the federation's draw leaves out computed (they lose a man at once, IT-C1), each
puzzle's line from the start replayed to its position, nobody missing a shot on the way, the
move before the shot a mistake with a safe move beside it, and the one first move that wins
material proved by the solver (IT-C1, IT-C5)."""

import dataclasses
import re

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.palestra.practice import THEMES, Practice

from authoring.claims import OPENING_LINE, check_text, story_of
from authoring.puzzles.openings import LOSE_A_MAN_AT_ONCE, line_words, losing_pairs
from authoring.puzzles.tactics import tiro

# The shots to play (it-19); the counts and choices are in tests/test_shot_questions.py.
OPENINGS = [p for p in load() if p.topic == "openings" and p.kind == "move"]


def line_of(puzzle, lang="it") -> list[str]:
    told = re.match(r"^(?:Le prime mosse|The first moves): ([0-9x, -]+)\.",
                    puzzle.prompt(lang))
    assert told, puzzle.id
    return told.group(1).replace(",", " ").split()


def test_white_has_seven_first_moves_and_black_seven_replies_to_each():
    start = Board()
    assert [start.move_text(m) for m in start.legal_moves] == [
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
    for first in start.legal_moves:
        after = start.copy()
        after.push(first)
        assert len(after.legal_moves) == 7


def test_only_two_first_pairs_lose_a_man_at_once():
    # IT-C1: after 21-18 9-13 or 22-18 9-13 White must take 18x9, and Black cannot take back.
    assert losing_pairs(7) == list(LOSE_A_MAN_AT_ONCE)
    for first, reply in LOSE_A_MAN_AT_ONCE:
        board = Board()
        board.push(first)
        board.push(reply)
        assert [board.move_text(m) for m in board.legal_moves] == ["18x9"]
        board.push("18x9")
        assert not board.must_capture()


def test_the_collection_has_the_shots_of_the_opening():
    assert len(OPENINGS) >= 70
    assert {p.level for p in OPENINGS} == {3, 4, 5}
    assert all(p.kind == "move" and p.goal == "material" and p.unique for p in OPENINGS)
    assert len({p.fen for p in OPENINGS}) == len(OPENINGS)
    # Many openings, not one: at least 25 first pairs.
    assert len({tuple(line_of(p)[:2]) for p in OPENINGS}) >= 25


@pytest.mark.parametrize("puzzle", OPENINGS, ids=lambda p: p.id)
def test_each_line_is_replayed_from_the_start_and_nobody_missed_a_shot(puzzle):
    line = line_of(puzzle)
    assert line == line_of(puzzle, "en")
    assert tuple(line[:2]) not in LOSE_A_MAN_AT_ONCE
    board = Board()
    for n, text in enumerate(line):
        if n == len(line) - 1:
            # The move before the shot: another move was safe.
            safe = []
            for move in board.legal_moves:
                other = board.copy()
                other.push(move)
                if not other.must_capture() and tiro(other) is None \
                        and not accepted_moves(other, "material", 5):
                    safe.append(move)
            assert safe, (puzzle.id, text)
        board.push(text)
        if n < len(line) - 1 and n >= 2:
            assert tiro(board) is None, (puzzle.id, line[:n + 1])
    assert board.fen() == puzzle.fen
    assert line_words(tuple(line)) in puzzle.prompt("it")
    # IT-C1, IT-C5: the one first move that wins material within the puzzle's plies.
    firsts = {solution[0] for solution in puzzle.solutions}
    assert {board.move_text(m) for m in accepted_moves(board, "material", puzzle.plies)} \
        == firsts


def test_the_claims_checker_replays_the_line_told():
    puzzle = OPENINGS[0]
    assert OPENING_LINE.match(puzzle.prompt("it"))
    story = story_of(puzzle)
    assert [b.fen() for b in story.before][:1] == [Board().fen()]
    claims = [c for c in check_text(puzzle.prompt("it"), story, "it") if c.kind == "move"]
    assert len(claims) == len(line_of(puzzle)) and all(c.problem is None for c in claims)
    # A line told that does not reach the position: its moves are reported, not believed.
    line = line_of(puzzle)
    board = Board()
    for text in line[:-1]:
        board.push(text)
    other = next(board.move_text(m) for m in board.legal_moves
                 if board.move_text(m) != line[-1])
    told = line_words(tuple(line[:-1]) + (other,))
    wrong = dataclasses.replace(puzzle, prompts={
        "it": puzzle.prompt("it").replace(line_words(tuple(line)), told),
        "en": puzzle.prompt("en")})
    wrong_story = story_of(wrong)
    assert wrong_story.before == []
    assert [c.words for c in check_text(wrong.prompt("it"), wrong_story, "it")
            if c.kind == "move" and c.problem] != []


def test_the_palestra_has_a_theme_of_the_first_moves():
    # The shots of the opening, and lesson 25's exchanges of the opening with them.
    assert THEMES["openings"][1] == ("openings", "opening-exchange")
    practice = Practice("Anna", load(), lambda: [], seed=1)
    # The counts and choices about the shots come too (it-26): the whole topic.
    topics = {p.id for p in load() if p.topic in ("openings", "opening-exchange")}
    assert {p.id for p in OPENINGS} < topics
    assert {p.id for p in practice.themed("openings")} == topics
