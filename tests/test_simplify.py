"""Simplifying when ahead (authoring/puzzles/simplify.py, it-22-simplify.toml): in each
puzzle the side to move is a piece up or more and has one quiet move, and only one, that
forces an exchange of a man for a man (IT-C1: the opponent must capture, and the child takes
back); the reply and the retake are each the only legal move, and after them the lead is the
same, with two pieces fewer, and the opponent cannot win material within five plies (IT-M1:
the men move on as the line says). Every other move forces no capture or loses material, and
each is refused in words that name only the child's move."""

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.core.content.check import check
from dama.core.content.goals import exchanges
from dama.core.content.phrasing import what_it_lets_happen
from dama.palestra.practice import THEMES, Practice

from dama.core.content.goals import forces_capture
from authoring.puzzles.simplify import SAFE_PLIES, lead, simplification

TOPIC = [p for p in load() if p.topic == "simplify"]
EXCHANGES = [p for p in TOPIC if p.kind != "count"]
MOVES = [p for p in EXCHANGES if p.kind == "move"]
CHOICES = [p for p in EXCHANGES if p.kind == "choice"]
COUNTS = [p for p in TOPIC if p.kind == "count"]


def test_the_collection_has_the_exchanges():
    assert len(EXCHANGES) >= 30 and {p.level for p in EXCHANGES} == {1, 2, 3, 4, 5}
    assert len(CHOICES) >= 8 and {p.level for p in CHOICES} == {1, 2}
    assert all(p.level == (1 if len(p.board().pieces()) <= 6 else 2) for p in CHOICES)
    assert {p.board().turn for p in MOVES} == {"W", "B"}
    assert {p.board().turn for p in CHOICES} == {"W", "B"}
    assert len({p.fen for p in TOPIC}) == len(TOPIC)
    assert all(p.goal == "exchange" and p.plies == 3 and p.unique for p in MOVES)


@pytest.mark.parametrize("puzzle", COUNTS, ids=lambda p: p.id)
def test_each_count_is_the_moves_of_a_position_to_simplify(puzzle):
    # Before choosing the exchange, every move: the answer is the legal moves (IT-M1, IT-M2),
    # the explanation lists them all, then the one exchange.
    board = puzzle.board()
    line = simplification(board)
    assert line is not None and puzzle.level == 1
    moves = [board.move_text(m) for m in board.legal_moves]
    assert puzzle.measure == "legal_moves" and puzzle.solutions[0] == len(moves)
    assert all(text in puzzle.explanation("it") for text in moves)
    assert f"Con {board.move_text(line[0])} " in puzzle.explanation("it")
    assert not check(puzzle, len(moves) + 1).correct


def the_line(puzzle):
    """The exchange's three moves: the move puzzle's line, or the choice's answer and the
    only replies."""
    board = puzzle.board()
    if puzzle.kind == "move":
        (line,) = puzzle.solutions
        return list(line)
    first = puzzle.options["it"][puzzle.solutions[0]]
    found = simplification(board)
    assert found is not None
    return [first, *[str(m) for m in found[1:]]]


@pytest.mark.parametrize("puzzle", EXCHANGES, ids=lambda p: p.id)
def test_each_exchange_is_the_only_one_and_keeps_the_lead(puzzle):
    board = Board(puzzle.fen)
    assert not board.must_capture() and lead(board) >= 1
    first, reply, back = the_line(puzzle)
    assert [board.move_text(m) for m in exchanges(board)] == [first]
    before = lead(board)
    after = board.copy()
    for text in (first, reply, back):
        assert [after.move_text(m) for m in after.legal_moves if after.move_text(m) == text]
        if text != first:
            assert len(after.legal_moves) == 1      # IT-C1: the capture is the only move
        after.push(text)
    assert len(after.pieces()) == len(board.pieces()) - 2
    assert -lead(after) == before               # the opponent is to move: its lead is -ours
    assert not accepted_moves(after, "material", SAFE_PLIES)
    said = "un pezzo" if before == 1 else \
        f"{('due', 'tre', 'quattro', 'cinque')[before - 2]} pezzi"
    assert f"Sei avanti di {said}" in puzzle.prompt("it")
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
            assert verdict.reason == "refused"      # what the opponent could then win
        else:                                   # no capture forced: the simplification's rule
            assert not after.must_capture() and verdict.reason == "exchange_none"


def quiet_moves(puzzle):
    """The puzzle's other moves that force no capture and lose nothing."""
    board = puzzle.board()
    return [m for m in board.legal_moves if board.move_text(m) != puzzle.solutions[0][0]
            and not forces_capture(board, m) and what_it_lets_happen(board, m) is None]


def test_the_refusal_of_a_move_that_forces_nothing():
    puzzle = next(p for p in MOVES if p.board().turn == "W" and quiet_moves(p))
    text = puzzle.board().move_text(quiet_moves(puzzle)[0])
    verdict = check(puzzle, text)
    assert verdict.text("it") == (f"Dopo {text} il Nero non deve mangiare: non dai nessuna "
                                  "pedina. Riprova!")
    assert verdict.text("en") == (f"After {text} Black does not have to capture: you give no "
                                  "man. Try again!")


@pytest.mark.parametrize("puzzle", MOVES[:3], ids=lambda p: p.id)
def test_the_child_plays_the_exchange_through(puzzle):
    first, reply, back = the_line(puzzle)
    started = check(puzzle, first)
    assert started.correct and not started.done
    after = puzzle.board()
    after.push(first)
    assert after.move_text(started.reply) == reply        # the computer's capture is played
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


def test_a_position_behind_or_level_is_no_simplification():
    # Two men each: an exchange here keeps nobody ahead.
    assert simplification(Board("W:W22,27:B10,13")) is None


def test_the_palestra_has_a_theme_of_simplifying():
    assert THEMES["simplify"][1] == ("simplify",)
    practice = Practice("Anna", load(), lambda: [], seed=1)
    assert {p.id for p in practice.themed("simplify")} == {p.id for p in TOPIC}
