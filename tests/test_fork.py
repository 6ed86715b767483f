"""The king's fork (authoring/puzzles/fork.py, it-21-fork.toml): each puzzle's one move that
wins material within three plies proved by the solver (IT-M2, IT-C1), a quiet king move that
gives nothing, after which the king attacks the two men the texts name, and whatever the
opponent answers the king still takes one of them."""

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.palestra.practice import THEMES, Practice

from authoring.claims import king_targets
from authoring.puzzles.fork import fork

# The forks to play (it-21); the counts and choices are in tests/test_shot_questions.py.
FORKS = [p for p in load() if p.topic == "fork" and p.kind == "move"]


def test_the_collection_has_the_forks():
    assert len(FORKS) >= 25 and {p.level for p in FORKS} == {3, 4, 5}
    assert {p.board().turn for p in FORKS} == {"W", "B"}
    assert len({p.fen for p in FORKS}) == len(FORKS)
    assert all(p.kind == "move" and p.goal == "material" and p.plies == 3 and p.unique
               for p in FORKS)


@pytest.mark.parametrize("puzzle", FORKS, ids=lambda p: p.id)
def test_each_fork_attacks_the_two_men_it_names_and_wins_one(puzzle):
    board = Board(puzzle.fen)
    ((answer,),) = puzzle.solutions
    move = board.parse_move(answer)
    # IT-C1: nothing to capture first; the one move that wins material within three plies.
    assert not board.must_capture()
    assert [board.move_text(m) for m in accepted_moves(board, "material", 3)] == [answer]
    assert board.piece_at(move.start).king and not move.captures
    after = board.copy()
    after.push(move)
    assert not after.must_capture()                  # a fork gives nothing away
    targets = sorted(king_targets(after, move.end))
    assert len(targets) == 2 and not any(after.piece_at(s).king for s in targets)
    named = " e ".join(str(s) for s in targets)
    assert f"attacca le pedine in {named}" in puzzle.explanation("it")
    assert f"Guarda le pedine in {named}" in puzzle.hint(1, "it")
    assert f"the men on {named.replace(' e ', ' and ')}" in puzzle.explanation("en")
    for reply in after.legal_moves:
        again = after.copy()
        again.push(reply)
        assert king_targets(again, move.end) & set(targets), (puzzle.id, str(reply))
    assert fork(Board(puzzle.fen)) is not None


def test_a_shot_is_not_taken_for_a_fork():
    # The first shot of lesson 20 (it-ape-001's line): a gift, then a capture of two.
    shot = Board("W:W19,21-25,27-32:B1-8,10,12-14")
    assert fork(shot) is None


def test_the_palestra_has_a_theme_of_the_fork():
    assert THEMES["fork"][1] == ("fork",)
    practice = Practice("Anna", load(), lambda: [], seed=1)
    # The forks to play, and the counts and choices about them (it-28): the whole topic.
    topic = {p.id for p in load() if p.topic == "fork"}
    assert {p.id for p in FORKS} < topic
    assert {p.id for p in practice.themed("fork")} == topic
