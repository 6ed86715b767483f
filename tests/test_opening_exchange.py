"""The exchange in the opening (authoring/puzzles/opening_exchange.py,
it-24-opening-exchange.toml): each puzzle is a position a few moves from the start, reached
along an admitted opening by the line its prompt tells. The side to move has no capture to
make and no material to win, and one quiet move, and only one, that forces an exchange of a
man for a man (IT-C1: the opponent must capture, and the child takes back; IT-M1: the men
move as the line says); after it the opponent wins nothing within five plies and the game is
even, with two pieces fewer. The counts ask how many moves the side to move has."""

import re

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.core.content.check import check
from dama.core.content.goals import exchanges
from dama.core.content.phrasing import what_it_lets_happen
from dama.palestra.practice import THEMES, Practice

from authoring.claims import balance
from authoring.puzzles.openings import LOSE_A_MAN_AT_ONCE
from authoring.puzzles.simplify import SAFE_PLIES, line_texts, safe_exchange

FOUND = [p for p in load() if p.topic == "opening-exchange"]
MOVES = [p for p in FOUND if p.kind == "move"]
CHOICES = [p for p in FOUND if p.kind == "choice"]
COUNTS = [p for p in FOUND if p.kind == "count"]


def test_the_collection_has_the_exchanges_of_the_opening():
    assert len(FOUND) >= 30 and {p.level for p in FOUND} == {1, 2, 3, 4}
    assert {p.level for p in COUNTS} == {1} and len(COUNTS) >= 6
    assert {p.level for p in CHOICES} == {2} and len(CHOICES) >= 8
    assert {p.level for p in MOVES} == {3, 4}
    assert len({p.solutions[0] for p in COUNTS}) >= 3          # not always the same number
    assert len({p.solutions[0] for p in CHOICES}) == 3         # the answer is A, B or C
    for kind in (MOVES, CHOICES):
        assert {p.board().turn for p in kind} == {"W", "B"}
    assert len({p.fen for p in FOUND}) == len(FOUND)
    assert all(p.goal == "exchange" and p.plies == 3 and p.unique for p in MOVES)


def opening_line(puzzle) -> list[str]:
    """The moves from the start that the prompt tells: «Le prime mosse: 23-19 11-15, 22-18.»"""
    said = re.match(r"Le prime mosse: ([^.]*)\.", puzzle.prompt("it")).group(1)
    return said.replace(",", "").split()


@pytest.mark.parametrize("puzzle", FOUND, ids=lambda p: p.id)
def test_the_line_told_reaches_the_position_along_an_admitted_opening(puzzle):
    line = opening_line(puzzle)
    assert 2 <= len(line) <= 6 and tuple(line[:2]) not in LOSE_A_MAN_AT_ONCE
    board = Board()
    for text in line:
        board.push(text)                          # IT-M1, IT-C1: every move legal
    assert board.fen() == puzzle.fen
    assert ("Le prime mosse" in puzzle.prompt("it")
            and "The first moves" in puzzle.prompt("en"))
    level = 3 if len(line) <= 5 else 4
    assert puzzle.kind != "move" or puzzle.level == level


def the_line(puzzle) -> list[str]:
    found = safe_exchange(puzzle.board())
    assert found is not None
    return line_texts(puzzle.board(), found)


@pytest.mark.parametrize("puzzle", FOUND, ids=lambda p: p.id)
def test_each_exchange_is_the_only_one_and_keeps_the_game_even(puzzle):
    board = puzzle.board()
    assert not board.must_capture() and balance(board, board.turn) == 0
    assert not accepted_moves(board, "material", SAFE_PLIES)
    first, reply, back = the_line(puzzle)
    assert [board.move_text(m) for m in exchanges(board)] == [first]
    if puzzle.kind == "move":
        assert list(puzzle.solutions[0]) == [first, reply, back]
    if puzzle.kind == "choice":
        assert puzzle.options["it"][puzzle.solutions[0]] == first
    after = board.copy()
    for text in (first, reply, back):
        if text != first:
            assert len(after.legal_moves) == 1       # IT-C1: the capture is the only move
        after.push(text)
    assert len(after.pieces()) == len(board.pieces()) - 2
    assert balance(after, after.turn) == 0           # «si resta pari»
    assert not accepted_moves(after, "material", SAFE_PLIES)
    assert f"deve mangiare, {reply}, e tu riprendi con {back}" in puzzle.explanation("it")
    assert f"must capture, {reply}, and you take back with {back}" in puzzle.explanation("en")


@pytest.mark.parametrize("puzzle", MOVES, ids=lambda p: p.id)
def test_every_other_move_is_refused_without_the_answer(puzzle):
    board = puzzle.board()
    first, reply, back = the_line(puzzle)
    for move in board.legal_moves:
        text = board.move_text(move)
        if text == first:
            continue
        verdict = check(puzzle, text)
        assert not verdict.correct
        for lang in ("it", "en"):
            words = verdict.text(lang)
            assert first not in words and back not in words, (text, words)
        after = board.copy()
        after.push(move)
        if what_it_lets_happen(board, move) is not None:
            assert verdict.reason == "refused"
        else:
            assert not after.must_capture() and verdict.reason == "exchange_none"


@pytest.mark.parametrize("puzzle", MOVES[:2], ids=lambda p: p.id)
def test_the_child_plays_the_exchange_through(puzzle):
    first, reply, back = the_line(puzzle)
    started = check(puzzle, first)
    assert started.correct and not started.done
    after = puzzle.board()
    after.push(first)
    assert after.move_text(started.reply) == reply
    finished = check(puzzle, [first, back])
    assert finished.correct and finished.done and finished.stars == 3


@pytest.mark.parametrize("puzzle", CHOICES, ids=lambda p: p.id)
def test_each_choice_tells_why_the_others_are_no_exchange(puzzle):
    board = puzzle.board()
    options = puzzle.options["it"]
    assert len(options) == 3 and len(set(options)) == 3
    for i, text in enumerate(options):
        verdict = check(puzzle, i)
        assert verdict.correct == (i == puzzle.solutions[0])
        if i == puzzle.solutions[0]:
            continue
        after = board.copy()
        after.push(text)
        assert not after.must_capture()
        assert what_it_lets_happen(board, board.parse_move(text)) is None
        assert verdict.feedback["it"].startswith(f"Dopo {text} ")


@pytest.mark.parametrize("puzzle", COUNTS, ids=lambda p: p.id)
def test_each_count_is_the_moves_of_the_side_to_play(puzzle):
    board = puzzle.board()
    moves = [board.move_text(m) for m in board.legal_moves]
    assert puzzle.measure == "legal_moves" and puzzle.solutions[0] == len(moves)
    assert all(m in puzzle.explanation("it") for m in moves)
    assert check(puzzle, len(moves)).correct
    wrong = check(puzzle, len(moves) + 1)
    assert not wrong.correct and str(len(moves)) not in wrong.text("it").split()


def test_the_palestra_gives_the_exchanges_with_the_first_moves():
    assert THEMES["openings"][1] == ("openings", "opening-exchange")
    practice = Practice("Anna", load(), lambda: [], seed=1)
    themed = {p.id for p in practice.themed("openings")}
    assert {p.id for p in FOUND} <= themed
