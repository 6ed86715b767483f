"""The second year's basic endings (authoring/puzzles/basic_endings.py): every puzzle proved
by the exact endgame tables to the end of the game (IT-E1), its texts checked by the claims
checker, and what it says of the other moves true of each of them."""

from pathlib import Path

import pytest

from damalib import Board
from damalib.endgame import holding_moves, probe
from dama.core.content import check, load_file
from dama.core.content.verify import verify

from authoring.claims import check_text, story_of
from authoring.puzzles.basic_endings import PLAN, build_basic_endings
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
