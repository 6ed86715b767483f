"""A wrong move is told what it would let happen, never the answer (IT-C1: the opponent's
captures are compulsory, so they are what a wrong move lets happen).

Every legal wrong move of every move and capture puzzle of the collection is tried, first
moves and the child's later moves along each solution line: the refusal speaks in the
conditional of the opponent's answer, names none of the child's solution moves, tells no
move as the child's («tu giochi»), and every number in it is checked by the rules engine
(authoring.claims). The review's prompts say what happened in the game in the past tense and
what could have happened as could."""

from __future__ import annotations

import re

import pytest

from damalib.review import refutation, review
from dama.core.content import load
from dama.core.content.check import check
from authoring.claims import Story, check_text, problems
from dama.core.content.phrasing import line_end, told_plies
from dama.games.review import happened_as_told, review_puzzles

LANGS = ("it", "en")
PUZZLES = [p for p in load() if p.kind in ("move", "capture")]
CHILD_MOVES = re.compile(r"\btu (?:giochi|mangi)\b|\byou (?:play|take)\b|\bhai giocato\b")


def wrong_tries(puzzle):
    """(moves played before, the wrong move, the position) for every wrong move the child
    could make along the puzzle's lines, the first move included."""
    seen = set()
    for line in puzzle.solutions:
        board = puzzle.board()
        for i in range(0, len(line), 2):
            prefix = tuple(line[:i])
            if prefix in seen:
                break
            seen.add(prefix)
            right = {board.parse_move(l[i]) for l in puzzle.solutions
                     if tuple(l[:i]) == prefix and len(l) > i}
            for move in board.legal_moves:
                if move not in right:
                    yield prefix, move, board.copy()
            board.push(board.parse_move(line[i]))
            if i + 1 < len(line):
                board.push(board.parse_move(line[i + 1]))


def refusals():
    found = []
    for puzzle in PUZZLES:
        child = {m for line in puzzle.solutions for m in line[0::2]}
        for prefix, move, board in wrong_tries(puzzle):
            text = board.move_text(move)
            verdict = check(puzzle, [*prefix[0::2], text])
            if verdict.reason == "refused":
                found.append((puzzle, child, board, move, verdict))
    return found


REFUSALS = refusals()


def test_many_wrong_moves_are_refused_with_what_they_let_happen():
    assert len(REFUSALS) > 250
    assert any(len(p.solutions[0]) > 1 for p, *_ in REFUSALS)


@pytest.mark.parametrize("lang", LANGS)
def test_no_refusal_hands_over_a_solution_move_or_tells_the_childs_replies(lang):
    leaking = []
    for puzzle, child, board, move, verdict in REFUSALS:
        words = verdict.text(lang)
        named = set(re.findall(r"\d+(?:[-x]\d+)+", words)) - {board.move_text(move)}
        if named & child or CHILD_MOVES.search(words):
            leaking.append(f"{puzzle.id}: {words}")
    assert not leaking, "\n".join(leaking[:10])


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_speaks_in_the_conditional_and_its_claims_are_true(lang):
    could = {"it": re.compile(r"\bpotrebbe (?:rispondere|mangiare)\b|\bperderesti\b"),
             "en": re.compile(r"\bcould (?:answer|take)\b|\byou would lose\b")}[lang]
    false, checked = [], 0
    for puzzle, _, board, move, verdict in REFUSALS:
        words = verdict.text(lang)
        assert could.search(words), words
        if board.move_text(move) in puzzle.refused:
            continue  # a puzzle's own refusal text: checked with the collection
        line = refutation(board, move)
        after = line_end(board, (move,))
        story = Story(board, [[move, *line[:told_plies(after, line)]]])
        claims = check_text(words, story, lang)
        checked += sum(c.kind != "unchecked" for c in claims)
        if problems(words, story, lang):
            false.append(f"{puzzle.id}: {words}: {problems(words, story, lang)}")
    assert not false, "\n".join(false[:10])
    assert checked > len(REFUSALS)


def test_the_old_refusal_of_it_tir_002_no_longer_gives_the_solution():
    # After 1-5 it once said «… tu giochi 14-19, il Bianco mangia … 23x14, tu mangi due
    # pedine con 11x25»: the whole solution.
    puzzle = next(p for p in PUZZLES if p.id == "it-tir-002")
    words = check(puzzle, "1-5").text("it")
    assert words.startswith("Con 1-5, il Bianco potrebbe mangiare")
    assert "14-19" not in words and "11x25" not in words and "tu giochi" not in words


# A game in which White's 7th move, 31-28, let Black win material, but Black took
# something else first: the review must not tell the line as what happened.
OTHER_WAY = ["22-18", "12-15", "24-20", "15x24", "21-17", "11-15", "18-14", "10x19", "23x14",
             "8-12", "28-23", "6-10", "31-28", "10x19", "23x14", "24x31"]
HAPPENED = ["22-18", "11-15", "24-20", "15x24", "18-14", "10x19", "23x14"]


def _mistake_and_puzzle(game, ply):
    result = review(game, "W")
    mistake = next(m for m in result.mistakes if m.ply == ply)
    puzzle = next(p for p in review_puzzles(result) if p.id == f"review-{ply}")
    return mistake, puzzle


def test_a_line_the_game_did_not_follow_is_told_as_what_could_have_happened():
    mistake, puzzle = _mistake_and_puzzle(OTHER_WAY, 13)
    assert not happened_as_told(mistake, line_end(mistake.board(), (mistake.played,)))
    it, en = puzzle.prompt("it"), puzzle.prompt("en")
    assert "In partita è andata diversamente, ma il Nero poteva mangiare" in it
    assert "è successo" not in it and "il Nero mangia" not in it
    assert "The game went another way, but Black could have taken" in en
    assert "Con 31-28, invece, il Nero poteva mangiare" in puzzle.explanation("it")
    story = Story(mistake.board(), [[mistake.played, *mistake.refutation]])
    for lang in LANGS:
        told = re.sub(r"^(?:Alla mossa|On move) \d+ ", "", puzzle.prompt(lang))
        assert sum(c.kind == "who moves" for c in check_text(told, story, lang)) >= 3
        assert not problems(told, story, lang)


def test_a_line_the_game_followed_is_told_in_the_past():
    mistake, puzzle = _mistake_and_puzzle(HAPPENED, 3)
    assert happened_as_told(mistake, line_end(mistake.board(), (mistake.played,)))
    assert "Ecco che cosa è successo: il Nero ha mangiato una pedina con 15x24" in (
        puzzle.prompt("it"))
    assert "Here is what happened: Black took a man with 15x24" in puzzle.prompt("en")
