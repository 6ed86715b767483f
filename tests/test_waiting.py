"""The waiting move (authoring/puzzles/waiting.py, it-23-waiting.toml): each puzzle's one move
that wins material within five plies, proved by the solver, is quiet and threatens nothing
(were it the mover's turn again, no piece could be won within three plies; IT-M1, IT-M2), and
every reply of the opponent, none of them a capture (IT-C1), loses at least one piece within
three plies."""

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.core.content.check import check
from dama.palestra.practice import THEMES, Practice

from dama.core.content.phrasing import what_it_lets_happen

from authoring.puzzles.waiting import PLIES, passed, waiting_move

TOPIC = [p for p in load() if p.topic == "waiting"]
WAITING = [p for p in TOPIC if p.kind == "move"]
COUNTS = [p for p in TOPIC if p.kind == "count"]
CHOICES = [p for p in TOPIC if p.kind == "choice"]


def test_the_collection_has_the_waiting_moves():
    assert len(WAITING) >= 25 and {p.level for p in WAITING} == {3, 4, 5}
    assert {p.board().turn for p in WAITING} == {"W", "B"}
    assert len({p.fen for p in TOPIC}) == len(TOPIC)
    assert all(p.goal == "material" and p.plies == PLIES and p.unique for p in WAITING)
    assert len(COUNTS) >= 4 and {p.level for p in COUNTS} == {1}
    assert len(CHOICES) >= 8 and {p.level for p in CHOICES} == {2}
    assert {p.solutions[0] for p in CHOICES} == {0, 1, 2}          # the answer A, B or C


@pytest.mark.parametrize("puzzle", CHOICES, ids=lambda p: p.id)
def test_each_choice_has_the_waiting_move_and_two_moves_that_fail(puzzle):
    # The right option is the waiting move; of the wrong ones, one loses material (the
    # review's words), the other lets the opponent answer with a move that loses nothing
    # within five plies (the solver), and that answer is named.
    board = puzzle.board()
    found = waiting_move(board)
    assert found is not None
    options = [board.parse_move(t) for t in puzzle.options["it"]]
    assert options[puzzle.solutions[0]] == found[0]
    kinds = []
    for i, move in enumerate(options):
        assert check(puzzle, i).correct == (i == puzzle.solutions[0])
        if i == puzzle.solutions[0]:
            continue
        lost = what_it_lets_happen(board, move)
        if lost is not None:
            kinds.append("loses")
            assert puzzle.feedback["it"][i] == lost["it"]
            continue
        kinds.append("answered")
        after = board.copy()
        after.push(move)
        answer = puzzle.feedback["it"][i].rstrip(".").split(": ")[-1]
        after.push(answer)                                  # IT-M1, IT-M2: a legal reply
        assert not accepted_moves(after, "material", PLIES)
    assert sorted(kinds) == ["answered", "loses"]


@pytest.mark.parametrize("puzzle", COUNTS, ids=lambda p: p.id)
def test_each_count_is_the_moves_left_after_a_waiting_move(puzzle):
    board = Board(puzzle.fen)
    found = waiting_move(board)
    assert found is not None
    move, replies = found
    assert list(puzzle.moves) == [board.move_text(move)]
    assert puzzle.measure == "legal_moves" and puzzle.solutions[0] == len(replies)
    assert check(puzzle, len(replies)).correct
    assert not check(puzzle, len(replies) + 1).correct
    assert "una mossa di attesa" in puzzle.prompt("it")


@pytest.mark.parametrize("puzzle", WAITING, ids=lambda p: p.id)
def test_each_waiting_move_threatens_nothing_and_every_reply_loses(puzzle):
    board = Board(puzzle.fen)
    ((answer,),) = puzzle.solutions
    move = board.parse_move(answer)
    assert not board.must_capture() and not move.captures
    assert [board.move_text(m) for m in accepted_moves(board, "material", PLIES)] == [answer]
    assert not accepted_moves(board, "material", PLIES - 2)     # nothing wins sooner
    threat = passed(board, move)
    assert not accepted_moves(threat, "material", PLIES - 2)    # the move threatens nothing
    after = board.copy()
    after.push(move)
    assert not after.must_capture() and len(after.legal_moves) >= 2
    for reply in after.legal_moves:
        again = after.copy()
        again.push(reply)
        assert accepted_moves(again, "material", PLIES - 2), (puzzle.id, str(reply))
    said = len(after.legal_moves)
    words = ("due", "tre", "quattro", "cinque", "sei", "sette", "otto")[said - 2]
    assert f"che ha {words} mosse, e ognuna perde almeno un pezzo" in puzzle.explanation("it")
    assert waiting_move(Board(puzzle.fen)) is not None


@pytest.mark.parametrize("puzzle", WAITING[:6], ids=lambda p: p.id)
def test_a_wrong_move_is_told_without_the_answer(puzzle):
    board = puzzle.board()
    ((answer,),) = puzzle.solutions
    for move in board.legal_moves:
        text = board.move_text(move)
        if text == answer:
            continue
        verdict = check(puzzle, text)
        assert not verdict.correct and verdict.reason in ("refused", "material_missed")
        assert answer not in verdict.text("it") and answer not in verdict.text("en")


def test_a_shot_or_an_attack_is_no_waiting_move():
    # Lesson 24's forcing move attacks the man on 19: a threat, not a wait.
    assert waiting_move(Board("W:W11,K26:B10,19")) is None
    # The first shot of lesson 20 (it-ape-001's line): a gift, then a capture of two.
    assert waiting_move(Board("W:W19,21-25,27-32:B1-8,10,12-14")) is None


def test_the_palestra_has_a_theme_of_the_waiting_move():
    assert THEMES["waiting"][1] == ("waiting",)
    practice = Practice("Anna", load(), lambda: [], seed=1)
    assert {p.id for p in practice.themed("waiting")} == {p.id for p in TOPIC}
