"""The second year's basic endings (authoring/puzzles/basic_endings.py): every puzzle proved
by the exact endgame tables to the end of the game (IT-E1), its texts checked by the claims
checker, and what it says of the other moves true of each of them."""

from pathlib import Path

import pytest

from damalib import Board
from damalib.endgame import holding_moves, probe
from dama.core.content import check, load_file
from dama.core.content.verify import measure, verify

from authoring.claims import check_text, rows_between, story_of
from authoring.puzzles.basic_endings import (OPPOSITION_CHOICES, OPPOSITION_MOVES, PLAN,
                                             build_basic_endings, files_apart, rule_of_rows)
from authoring.puzzles.common import IT, Context, Topic, render


@pytest.fixture(scope="module")
def endings(tmp_path_factory):
    made = build_basic_endings(Context())
    for n, entry in enumerate(made, 1):
        entry["id"] = f"it-bas-{n:03d}"
    topic = Topic("it-18-basic-endings.toml", IT, "basic-endings", "it-bas",
                  ("I finali di base", "Basic endings"), "IT-E1, IT-M2", build_basic_endings)
    path = tmp_path_factory.mktemp("endings") / topic.file
    path.write_text(render(topic, made), encoding="utf-8")
    return load_file(path)


def test_the_plan_is_made_each_position_once(endings):
    assert len(endings) == sum(want for *_, want in PLAN)
    assert len({p.fen for p in endings}) == len(endings)
    assert [p.level for p in endings] == [level for *_, level, want in PLAN
                                          for _ in range(want)]


def test_each_answer_is_every_move_that_keeps_the_position_and_no_other(endings):
    for puzzle in endings:
        board = puzzle.board()
        assert verify(puzzle) == [], puzzle.id
        kept = {board.move_text(m) for m in holding_moves(board)}
        assert {line[0] for line in puzzle.solutions} == kept
        for move in board.legal_moves:
            assert check(puzzle, board.move_text(move)).correct == (board.move_text(move)
                                                                     in kept)


def result_of(board: Board, move) -> str:
    after = board.copy()
    after.push(move)
    return {"loss": "win", "draw": "draw", "win": "loss"}[probe(after)[0]]


def test_what_the_explanation_says_of_the_other_moves_is_what_they_come_to(endings):
    for puzzle in endings:
        board = puzzle.board()
        worth = probe(board)[0]
        others = {result_of(board, m) for m in board.legal_moves
                  if board.move_text(m) not in {line[0] for line in puzzle.solutions}}
        words = puzzle.explanation("it")
        if worth == "draw":
            assert others == {"loss"} and "tiene la patta" in words
            assert "Con le altre mosse perderebbe" in words
        else:
            assert worth == "win" and "vince" in words
            assert ("sarebbe patta" in words) == ("draw" in others)
            assert ("perderebbe" in words or "o persa" in words) == ("loss" in others)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_claim_of_the_endings_is_true_and_none_is_unchecked(endings, lang):
    for puzzle in endings:
        story = story_of(puzzle)
        for text in (puzzle.prompt(lang), puzzle.explanation(lang),
                     *puzzle.hints.get(lang, ())):
            wrong = [c for c in check_text(text, story, lang)
                     if c.problem or c.kind == "unchecked"]
            assert not wrong, (puzzle.id, text, wrong)


def test_the_same_endings_at_every_run(endings):
    again = build_basic_endings(Context())
    assert [e["fen"] for e in again] == [p.fen for p in endings]


def test_a_wrong_move_is_told_what_it_throws_away(endings):
    # Never «allowed, but not the answer»: what the move lets the opponent do next, or else
    # what the tables say it comes to, said as could.
    reasons = set()
    for puzzle in endings:
        board = puzzle.board()
        kept = {line[0] for line in puzzle.solutions}
        for move in board.legal_moves:
            text = board.move_text(move)
            if text in kept:
                continue
            verdict = check(puzzle, text)
            reasons.add(verdict.reason)
            assert not verdict.correct and verdict.reason != "not_solution", (puzzle.id, text)
            other = "il Bianco" if board.turn == "B" else "il Nero"
            if verdict.reason == "hold_lost":
                assert result_of(board, move) == "loss"
                assert verdict.text("it") == (f"Con {text} la partita è persa: {other} può "
                                              "vincere, qualunque cosa tu faccia. Riprova!")
            elif verdict.reason == "hold_slipped":
                assert result_of(board, move) == "draw"
                assert verdict.text("en").startswith(f"With {text} the win slips away: ")
    assert {"hold_lost", "hold_slipped"} <= reasons


# -- la mossa: one man against one -----------------------------------------------------------

def one_against_one():
    """Every position of one man each, either side to move."""
    from authoring.endgame_facts import placements
    for placed in placements("m", "m"):
        for fen in (placed.fen(), "B" + placed.fen()[1:]):
            yield Board(fen)


def test_the_rows_between_two_men_say_who_cannot_win_and_who_cannot_lose():
    # What the lesson on the basic endings and the puzzles' hints teach (IT-E1, IT-M1):
    # with an odd number of rows between the men the side to move never wins; with an even
    # number, two or more, it never loses. Proved here over every position by the tables.
    seen = {"odd": 0, "even": 0, "none": 0}
    for board in one_against_one():
        verdict = probe(board)[0]
        n = rows_between(board)
        if n % 2:
            seen["odd"] += 1
            assert verdict != "win", board.fen()
        elif n:
            seen["even"] += 1
            assert verdict != "loss", board.fen()
        else:  # the men side by side in two rows: the rule says nothing
            seen["none"] += 1
            assert rule_of_rows(board) is None
    assert seen["odd"] > 300 and seen["even"] > 300 and seen["none"] > 50

def shipped(kind: str):
    """The one-man-against-one puzzles of the topic (la mossa), of ``kind``."""
    from dama.core.content import load
    return [p for p in load() if p.topic == "basic-endings" and p.kind == kind
            and len(p.board().pieces()) == 2
            and not any(piece.king for piece in p.board().pieces().values())]


def test_who_wins_with_one_man_each_is_what_the_tables_say():
    choices = shipped("choice")
    assert len(choices) == OPPOSITION_CHOICES[1]
    winners = set()
    for puzzle in choices:
        board = puzzle.board()
        verdict = probe(board)[0]
        winner = board.turn if verdict == "win" else {"W": "B", "B": "W"}[board.turn]
        assert verdict != "draw" and puzzle.solutions == (("W", "B").index(winner),), puzzle.id
        assert rule_of_rows(board) == verdict, puzzle.id
        winners.add(winner)
        # The right option's words say who wins; the others never name the winner.
        (answer,) = puzzle.solutions
        right = puzzle.feedback["it"][answer]
        assert right.endswith(f"Qui vince {'il Bianco' if winner == 'W' else 'il Nero'}.")
        assert not any("vince il" in f.lower() for i, f in enumerate(puzzle.feedback["it"])
                       if i != answer)
    assert winners == {"W", "B"}


def test_the_move_that_keeps_the_win_goes_to_meet_the_other_man():
    moves = shipped("move")
    assert len(moves) == OPPOSITION_MOVES[1]
    for puzzle in moves:
        board = puzzle.board()
        ((right,),) = puzzle.solutions
        assert [board.move_text(m) for m in holding_moves(board)] == [right], puzzle.id
        (slip,) = [m for m in board.legal_moves if board.move_text(m) != right]
        after_right, after_slip = board.copy(), board.copy()
        after_right.push(right)
        after_slip.push(slip)
        # The second hint's words: the right move comes nearer the other man's column.
        assert files_apart(after_right) < files_apart(after_slip), puzzle.id
        # and the explanation's: the slip lets the win go to a draw.
        assert probe(after_slip)[0] == "draw" and probe(after_right)[0] == "loss", puzzle.id


def test_the_rows_counted_are_the_empty_rows_and_the_words_say_who_wins():
    # A man each (IT-M1): the count is the empty rows between them, and the explanation is
    # what the tables say (IT-E1), in the words of the choice «chi vince?».
    counts = shipped("count")
    assert len(counts) >= 8 and {p.level for p in counts} == {1}
    assert len({p.solutions[0] for p in counts}) >= 3          # not always the same number
    for puzzle in counts:
        board = puzzle.board()
        assert puzzle.measure == "rows_between"
        assert puzzle.solutions[0] == rows_between(board) == measure(puzzle), puzzle.id
        verdict = probe(board)[0]
        winner = board.turn if verdict == "win" else {"W": "B", "B": "W"}[board.turn]
        assert rule_of_rows(board) == verdict, puzzle.id
        assert puzzle.explanation("it").endswith(
            f"Qui vince {'il Bianco' if winner == 'W' else 'il Nero'}.")
        assert not check(puzzle, puzzle.solutions[0] + 1).correct
