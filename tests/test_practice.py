"""Practice after the lessons («Palestra»): Glicko-2 ratings of children and puzzles worked out
from the progress files, the choice of the next puzzle, the streak and the review of missed
puzzles (spaced repetition), without a board."""

from __future__ import annotations

import datetime as dt
import math
import random

import pytest
from hypothesis import given, settings, strategies as st

from dama.core.content import check, load
from dama.core.store.glicko import MAX_DEVIATION, MIN_DEVIATION, Rating, expected, play, update
from dama.core.store.progress import Attempt, ProgressStore
from dama.core.store.ratings import (LEVEL_RATINGS, START, RatingBook, Try, puzzle_start,
                                     read_folder, tries)
from dama.palestra.practice import (REVIEW, REVIEW_AFTER, STREAK, THEMES, Practice,
                                    review_schedule)

T0 = dt.datetime(2026, 11, 2, 15, 0, tzinfo=dt.timezone.utc)
PUZZLES = load()


def attempt(puzzle, minutes, correct, stars=None, student="Anna"):
    """A row as the exercises write it: stars 3 for a right answer at once with no hint."""
    when = (T0 + dt.timedelta(minutes=minutes)).isoformat(timespec="seconds")
    stars = (3 if correct else 0) if stars is None else stars
    return Attempt(None, when, student, puzzle, "capture", "italian", "", correct,
                   stars, 3 - stars if correct else 0, 1.0, None, "palestra")


class Clock:
    def __init__(self, now=T0):
        self.now = now

    def __call__(self):
        return self.now


# -- Glicko-2 ---------------------------------------------------------------------------------

def test_glickmans_worked_example():
    """The example of Glickman's paper (tau 0.5), computed without its rounding."""
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
                   tau=0.5)
    assert after.rating == pytest.approx(1464.05, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_player_who_does_not_play_grows_less_sure_only():
    before = Rating(1300, 100, 0.06)
    after = update(before, [])
    assert after.rating == 1300 and after.deviation > 100


def test_a_win_raises_a_loss_lowers_and_surprises_move_more():
    child, puzzle = Rating(1000, 200), Rating(1000, 150)
    won, puzzle_lost = play(child, puzzle, True)
    lost, puzzle_won = play(child, puzzle, False)
    assert won.rating > 1000 > lost.rating
    assert puzzle_lost.rating < 1000 < puzzle_won.rating
    assert won.deviation < 200 and lost.deviation < 200            # a game teaches something
    easy, hard = Rating(700, 150), Rating(1400, 150)
    assert play(child, hard, True)[0].rating - 1000 > play(child, easy, True)[0].rating - 1000
    assert 1000 - play(child, easy, False)[0].rating > 1000 - play(child, hard, False)[0].rating
    assert expected(child, easy) > 0.5 > expected(child, hard)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(400, 2600), st.floats(45, 350), st.booleans()),
                max_size=60),
       st.floats(400, 2600), st.floats(45, 350))
def test_ratings_stay_finite_and_deviations_in_bounds(games, rating, deviation):
    child = Rating(rating, deviation)
    for puzzle_rating, puzzle_deviation, solved in games:
        child, puzzle = play(child, Rating(puzzle_rating, puzzle_deviation), solved)
        for r in (child, puzzle):
            assert math.isfinite(r.rating) and 0 < r.volatility < 1
            assert MIN_DEVIATION <= r.deviation <= MAX_DEVIATION


# -- tries --------------------------------------------------------------------------------------

def test_attempts_make_tries_clean_only_when_solved_with_three_stars():
    made = tries([
        attempt("a", 0, True),                                # solved at once: clean
        attempt("b", 1, False), attempt("b", 2, True, stars=2),  # wrong, then right: not clean
        attempt("c", 3, True, stars=2),                       # right after a hint: not clean
        attempt("c", 4, True),                                # again after solving: a new try
        attempt("d", 5, False), attempt("d", 30, True),       # left 25 minutes: two tries
        attempt("e", 31, False), attempt("e", 32, True),      # a move it could not read, then
    ])                                                        # right: three stars, clean
    assert [(t.puzzle, t.clean, t.solved) for t in made] == [
        ("a", True, True), ("b", False, True), ("c", False, True), ("c", True, True),
        ("d", False, False), ("d", True, True), ("e", True, True)]


def test_a_row_with_an_unreadable_time_is_left_out():
    bad = Attempt(None, "yesterday", "Anna", "a", "capture", "italian", "", True, 3, 0, 1.0, None,
                  "palestra")
    assert [t.puzzle for t in tries([bad, attempt("b", 0, True)])] == ["b"]


# -- ratings from the progress files ------------------------------------------------------------

def by_level(level, n):
    return [p for p in PUZZLES if p.level == level and p.variant == "italian"][:n]


def test_puzzles_start_from_their_level():
    book = RatingBook(PUZZLES)
    for p in PUZZLES[:40]:
        assert book.puzzle(p.id).rating == LEVEL_RATINGS[p.level]
    assert book.child("Anna") == START


def test_a_child_who_solves_everything_rises_and_one_who_misses_falls():
    chosen = by_level(2, 10) + by_level(3, 10)
    winner, loser = RatingBook(PUZZLES), RatingBook(PUZZLES)
    previous_w, previous_l = START.rating, START.rating
    for p in chosen:
        winner.play("Anna", p.id, True)
        loser.play("Bruno", p.id, False)
        assert winner.child("Anna").rating > previous_w
        assert loser.child("Bruno").rating < previous_l
        previous_w, previous_l = winner.child("Anna").rating, loser.child("Bruno").rating
    assert previous_w > LEVEL_RATINGS[3] and previous_l < LEVEL_RATINGS[1]
    assert winner.child("Anna").deviation < START.deviation / 2


def test_a_puzzle_everyone_solves_sinks_and_one_everyone_misses_rises():
    easy, hard = by_level(3, 2)
    book = RatingBook(PUZZLES)
    for n in range(12):
        book.play(f"child {n}", easy.id, True)
        book.play(f"child {n}", hard.id, False)
    assert book.puzzle(easy.id).rating < LEVEL_RATINGS[3] - 100
    assert book.puzzle(hard.id).rating > LEVEL_RATINGS[3] + 100


def test_only_the_first_try_of_a_puzzle_is_rated():
    p = by_level(2, 1)[0]
    book = RatingBook(PUZZLES)
    assert book.play("Anna", p.id, False) is not None
    rating = book.child("Anna")
    assert book.play("anna", p.id, True) is None                 # the same child, as compared
    assert book.child("Anna") == rating
    assert book.play("Anna", "no-such-puzzle", True) is None


def test_ratings_replay_every_childs_file_in_time_order(tmp_path):
    """The progress folder is the only memory: a book worked out from the files is the book
    played try by try."""
    chosen = [p for p in PUZZLES if p.kind == "capture" and p.variant == "italian"][:6]
    live = RatingBook(PUZZLES)
    for name, solved in (("Anna", [True, True, False, True, True, True]),
                         ("Bruno", [False, False, True, False, True, False])):
        with ProgressStore(name, tmp_path, place="palestra") as store:
            for p, ok in zip(chosen, solved):
                answer = " ".join(p.solutions[0]) if ok else "99-1"
                store.record(p, answer, check(p, answer))
    replayed = RatingBook.replay(PUZZLES, read_folder(tmp_path))
    # The same games, in the files' order (Anna's file first, all within the same seconds):
    for name in ("Anna", "Bruno"):
        for t in read_folder(tmp_path)[name]:
            live.play(name, t.puzzle, t.clean)
    assert replayed.child("Anna").rating > START.rating > replayed.child("Bruno").rating
    assert replayed.children == live.children and replayed.puzzles == live.puzzles


def test_a_damaged_file_in_the_folder_is_skipped_not_fatal(tmp_path):
    (tmp_path / "Rotto.sqlite").write_bytes(b"not a database at all")
    (tmp_path / "Vecchio.damaged-20261101.sqlite").write_bytes(b"")
    assert read_folder(tmp_path) == {}
    assert read_folder(tmp_path / "missing") == {}


# -- the review of missed puzzles --------------------------------------------------------------

def test_a_missed_puzzle_comes_back_later_and_later_until_it_is_learnt():
    missed = Try("a", T0, T0, False, False)
    schedule = review_schedule([missed])
    assert schedule["a"].box == 0 and schedule["a"].due == T0 + REVIEW_AFTER[0]
    when = T0
    history = [missed]
    for box in range(1, len(REVIEW_AFTER)):
        when = schedule["a"].due + dt.timedelta(minutes=1)
        history.append(Try("a", when, when, True, True))
        schedule = review_schedule(history)
        assert schedule["a"].box == box and schedule["a"].due == when + REVIEW_AFTER[box]
    history.append(Try("a", when, when, True, True))
    assert "a" not in review_schedule(history)                 # learnt
    # Solved at once, never missed: never in review.
    assert review_schedule([Try("b", T0, T0, True, True)]) == {}


def test_a_miss_in_review_sends_the_puzzle_back_to_the_first_box():
    history = [Try("a", T0, T0, False, False), Try("a", T0, T0, True, True),
               Try("a", T0, T0 + dt.timedelta(days=2), False, False)]
    due = review_schedule(history)["a"]
    assert due.box == 0 and due.due == T0 + dt.timedelta(days=2) + REVIEW_AFTER[0]


# -- a practice session ------------------------------------------------------------------------

class Child:
    """A scripted child who solves a puzzle when its rating is below the child's skill."""

    def __init__(self, skill, name="Anna", seed=1):
        self.skill, self.name, self.rows = skill, name, []
        self.rng = random.Random(seed)

    def attempts(self):
        return self.rows

    def answer(self, practice, puzzle, clock, solve=None):
        if solve is None:
            solve = practice.book.puzzle(puzzle.id).rating < self.skill
        self.rows.append(Attempt(None, clock.now.isoformat(timespec="seconds"), self.name,
                                 puzzle.id, puzzle.topic, puzzle.variant, "", solve,
                                 3 if solve else 0, 0, 5.0, None, "palestra"))
        clock.now += dt.timedelta(minutes=1)
        return practice.result(puzzle, solve)


def test_the_next_puzzle_follows_the_childs_rating_and_theme():
    clock = Clock()
    child = Child(skill=1500)
    practice = Practice("Anna", PUZZLES, child.attempts, seed=3, clock=clock)
    ratings, seen, gaps = [], set(), []
    for _ in range(30):
        puzzle = practice.next_puzzle()
        assert puzzle.id not in seen and puzzle.variant == "italian"
        assert puzzle.topic != "examples"
        seen.add(puzzle.id)
        gaps.append(practice.book.puzzle(puzzle.id).rating - practice.rating.rating)
        child.answer(practice, puzzle, clock)
        ratings.append(practice.rating.rating)
    assert ratings[-1] > 1300                         # it climbed towards the child's skill
    # Once the rating has settled, the puzzles served are a little below it, never far.
    assert all(-400 < gap < 200 for gap in gaps[-10:]), gaps[-10:]
    practice.start("rated", "tactics")
    for _ in range(5):
        puzzle = practice.next_puzzle()
        assert puzzle.topic in THEMES["tactics"][1]
        child.answer(practice, puzzle, clock)
    with pytest.raises(ValueError):
        practice.start("rated", "no-such-theme")
    with pytest.raises(ValueError):
        practice.start("sideways")


def test_a_streak_gets_harder_and_one_mistake_ends_it():
    clock = Clock()
    child = Child(skill=1250)
    practice = Practice("Anna", PUZZLES, child.attempts, seed=1, clock=clock)
    practice.start(STREAK)
    wanted = []
    while True:
        puzzle = practice.next_puzzle()
        if puzzle is None:
            break
        wanted.append(practice.book.puzzle(puzzle.id).rating)
        outcome = child.answer(practice, puzzle, clock)
        if outcome.streak_over:
            break
    assert outcome.streak_over and not outcome.clean
    assert outcome.streak == len(wanted) - 1 >= 5
    assert wanted[-1] > wanted[0] + 300                 # harder each time
    assert practice.next_puzzle() is None               # over until it starts again
    practice.start(STREAK)
    assert practice.streak == 0 and practice.next_puzzle() is not None


def test_a_puzzle_left_unanswered_ends_a_streak_unrated():
    """No try was saved, so the rating must stay what a replay of the files gives."""
    clock = Clock()
    child = Child(skill=3000)
    practice = Practice("Anna", PUZZLES, child.attempts, seed=3, clock=clock)
    practice.start(STREAK)
    child.answer(practice, practice.next_puzzle(), clock, solve=True)
    rating = practice.rating
    left = practice.next_puzzle()
    outcome = practice.skipped(left)
    assert outcome.streak_over and outcome.rating is None and outcome.streak == 1
    assert practice.rating == rating and practice.next_puzzle() is None
    assert Practice("Anna", PUZZLES, child.attempts, clock=clock).rating == rating
    assert practice.book.rated("Anna", left.id)          # its first try is still to come


def test_review_brings_back_the_missed_puzzles_when_they_are_due():
    clock = Clock()
    child = Child(skill=0)
    practice = Practice("Anna", PUZZLES, child.attempts, seed=2, clock=clock)
    missed = [practice.next_puzzle() for _ in range(3)]
    for p in missed:
        child.answer(practice, p, clock, solve=False)
    practice.start(REVIEW)
    assert practice.due() == [] and practice.next_puzzle() is None
    assert practice.next_review() == T0 + REVIEW_AFTER[0]      # the first one missed
    clock.now = T0 + dt.timedelta(minutes=15)
    assert [d.puzzle for d in practice.due()] == [p.id for p in missed]
    first = practice.next_puzzle()
    assert first.id == missed[0].id
    outcome = child.answer(practice, first, clock, solve=True)
    assert outcome.rating is None                       # a review is not rated again
    assert outcome.due == 2
    second = practice.next_puzzle()
    assert second.id == missed[1].id
    # The one solved comes back tomorrow, in the second box.
    assert review_schedule(practice.own_tries())[first.id].box == 1


def test_the_store_is_read_once_per_answer_and_once_per_puzzle():
    """The page asks for the due count, the next review and the next puzzle after every
    answer; each asks for the child's tries, but the store (a file) is read once for the
    answer and once for the next puzzle, and what it read is never stale."""
    clock = Clock()
    child = Child(skill=0)
    reads = []

    def attempts():
        reads.append(len(child.rows))
        return child.rows

    practice = Practice("Anna", PUZZLES, attempts, seed=4, clock=clock)
    reads.clear()
    puzzle = practice.next_puzzle()
    practice.due(), practice.next_review()
    assert reads == [0]
    outcome = child.answer(practice, puzzle, clock, solve=False)
    practice.due(), practice.next_review()
    assert reads == [0, 1] and outcome.due == 0
    clock.now += dt.timedelta(minutes=15)
    assert [d.puzzle for d in practice.due()] == [puzzle.id]   # the miss read, now due
    assert practice.next_review() == T0 + REVIEW_AFTER[0]
    practice.next_puzzle()
    assert reads == [0, 1, 1]


@pytest.mark.parametrize("skill", [900, 1250, 1500])
def test_a_scripted_child_of_fifty_puzzles_ends_near_its_skill(skill):
    """The closing note's figure: a child of a given true strength solves each puzzle with
    the chance Glicko-2 gives that strength against the puzzle's level; after 50 puzzles of
    the whole collection its rating is within two deviations of the strength, and training
    gave it more puzzles solved than missed."""

    clock = Clock()
    child = Child(skill=skill, seed=skill)
    practice = Practice("Anna", PUZZLES, child.attempts, seed=skill, clock=clock)
    solved = 0
    for _ in range(50):
        puzzle = practice.next_puzzle()
        chance = expected(Rating(skill, MIN_DEVIATION), puzzle_start(puzzle))
        solved += child.answer(practice, puzzle, clock,
                               solve=child.rng.random() < chance).clean
    final = practice.rating
    assert abs(final.rating - skill) < 2 * final.deviation < 160
    assert 25 < solved < 45
    # replayed from the attempts alone, the same rating
    again = Practice("Anna", PUZZLES, child.attempts, seed=skill, clock=clock)
    assert again.rating.rating == pytest.approx(final.rating)


def test_children_do_not_all_start_with_the_same_few_puzzles():
    """Until children have tried them, a level's puzzles share one rating: any of them may
    come first, not only the first ids of the files."""
    firsts = {Practice("Anna", PUZZLES, list, seed=seed).next_puzzle().id for seed in range(30)}
    assert len(firsts) >= 12
