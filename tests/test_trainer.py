"""The square-number trainer's rounds and best scores (IT-B2: squares 1-32 as White sees
them), without a board: a fake clock, a seeded question order."""

from __future__ import annotations

import json

import pytest

from dama.core.store.best import BestScores
from dama.squares.game import FIND, NAME, SquareTrainer


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_a_round_counts_right_answers_and_keeps_a_missed_question():
    clock = Clock()
    trainer = SquareTrainer(FIND, seed=7, clock=clock)
    assert not trainer.running and trainer.answer(5) is None     # not started: nothing counted
    first = trainer.start()
    assert 1 <= first <= 32 and trainer.running
    wrong = first % 32 + 1
    assert trainer.answer(wrong) is False
    assert trainer.square == first and trainer.misses == 1        # the same question stays
    assert trainer.answer(first) is True
    assert trainer.score == 1 and trainer.square != first          # never the same twice
    for _ in range(9):
        assert trainer.answer(trainer.square) is True
    assert trainer.score == 10 and trainer.misses == 1


def test_the_round_ends_after_thirty_seconds():
    clock = Clock()
    trainer = SquareTrainer(NAME, seed=1, clock=clock)
    trainer.start()
    clock.now += 29.5
    assert trainer.running and 0.4 < trainer.remaining <= 0.5
    assert trainer.answer(str(trainer.square)) is True            # a typed number
    clock.now += 0.5
    assert trainer.over and not trainer.running and trainer.remaining == 0
    assert trainer.answer(trainer.square) is None and trainer.score == 1
    trainer.start()                                               # again: from zero
    assert trainer.running and trainer.score == 0 and trainer.misses == 0


@pytest.mark.parametrize("text", ["", "abc", "0", "33", "-1", "1.5", " ", "18x"])
def test_what_is_not_a_square_number_counts_nothing(text):
    trainer = SquareTrainer(NAME, seed=3, clock=Clock())
    trainer.start()
    question = trainer.square
    assert trainer.answer(text) is None
    assert trainer.misses == 0 and trainer.square == question


def test_the_same_seed_asks_the_same_squares_and_all_of_them_come():
    def order(seed):
        trainer = SquareTrainer(FIND, seed=seed, clock=Clock())
        asked = [trainer.start()]
        for _ in range(300):
            trainer.answer(trainer.square)
            asked.append(trainer.square)
        return asked

    assert order(11) == order(11) != order(12)
    assert set(order(11)) == set(range(1, 33))
    assert all(a != b for a, b in zip(order(11), order(11)[1:]))


def test_orientation_and_game_name_the_best_score_kept():
    assert SquareTrainer(FIND).key == "find-white"
    assert SquareTrainer(NAME, flipped=True).key == "name-black"
    with pytest.raises(ValueError):
        SquareTrainer("guess")


def test_best_scores_are_kept_per_child_game_and_orientation(tmp_path):
    best = BestScores(tmp_path)
    assert best.best("Giulia", "find-white") == 0
    assert best.record("Giulia", "find-white", 12) is True
    assert best.record("giulia", "find-white", 9) is False       # the same child, lower
    assert best.record("Giulia", "find-black", 4) is True
    assert best.record("Niccolò", "find-white", 15) is True
    again = BestScores(tmp_path)
    assert again.best("GIULIA", "find-white") == 12
    assert again.best("Giulia", "find-black") == 4
    assert again.best("niccolo", "find-white") == 15
    assert not list(tmp_path.glob("*.part"))


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"giulia": {"find-white": "x"}}',
                                  '{"giulia": 3}', "\x00\x01"])
def test_a_damaged_scores_file_is_set_aside_not_lost(tmp_path, text):
    path = tmp_path / "allenamento-caselle.json"
    path.write_text(text, encoding="utf-8")
    best = BestScores(tmp_path)
    assert best.best("Giulia", "find-white") == 0
    assert best.set_aside is not None and best.set_aside.read_text(encoding="utf-8") == text
    assert best.record("Giulia", "find-white", 3) is True
    assert json.loads(path.read_text()) == {"giulia": {"find-white": 3}}
