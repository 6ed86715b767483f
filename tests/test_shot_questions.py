"""Counts and choices about the combinations of lessons 19 to 22
(authoring/puzzles/shot_questions.py, it-25 to it-28): how many pieces the last capture of a
shot takes (IT-C5: the capture goes on while it can; IT-C1: each capture of the defender is
forced), which of three moves starts the shot, how many moves the fork's king has (IT-M2),
which of three king moves is the fork; and, in the championship's games, how many pieces the
compulsory capture takes (IT-P1: the most)."""

import pytest

from damalib import Board
from damalib.solver import accepted_moves
from dama.core.content import load
from dama.core.content.check import check
from dama.core.content.goals import forces_capture
from dama.core.content.phrasing import what_it_lets_happen
from dama.core.content.verify import measure

from authoring.claims import championship_positions, king_targets, story_of
from authoring.puzzles.fork import fork
from authoring.puzzles.tactics import ForcedLines, tiro

FILES = ("it-25-shot-questions.toml", "it-26-opening-questions.toml",
         "it-27-championship-questions.toml", "it-28-fork-questions.toml",
         "it-32-championship-choices.toml")
COLLECTION = load()
FOUND = {name: [p for p in COLLECTION if p.source.endswith(name)] for name in FILES}
SHOTS = FOUND["it-25-shot-questions.toml"] + FOUND["it-26-opening-questions.toml"]
FORKS = FOUND["it-28-fork-questions.toml"]
ALL = [p for name in FILES for p in FOUND[name]]


def test_each_file_has_counts_and_choices_of_its_lessons_topic():
    topics = {"it-25-shot-questions.toml": "tactics", "it-26-opening-questions.toml": "openings",
              "it-27-championship-questions.toml": "championship",
              "it-28-fork-questions.toml": "fork",
              "it-32-championship-choices.toml": "championship"}
    kinds_of = {"it-27-championship-questions.toml": {"count"},
                "it-32-championship-choices.toml": {"choice"}}
    for name, found in FOUND.items():
        assert {p.topic for p in found} == {topics[name]}, name
        kinds = {p.kind for p in found}
        assert kinds == kinds_of.get(name, {"count", "choice"}), name
        assert len(found) >= 8, name
    for found in (*FOUND.values(),):
        choices = [p for p in found if p.kind == "choice"]
        if choices:
            # The answer turned round: A, B or C among three options, not always A.
            threes = all(len(p.options["it"]) == 3 for p in choices)
            answers = {p.solutions[0] for p in choices}
            assert answers == {0, 1, 2} if threes else len(answers) >= 2
    assert len({(p.variant, p.fen) for p in COLLECTION}) == len(COLLECTION)


def shot_of(board: Board):
    found = tiro(board, ForcedLines(board))
    assert found is not None
    return found


@pytest.mark.parametrize("puzzle", [p for p in SHOTS if p.kind == "count"], ids=lambda p: p.id)
def test_a_shot_count_is_played_up_to_its_last_capture(puzzle):
    # The moves told are the shot found again by the rules, all but its last capture; the
    # answer is what that capture takes (IT-C5), and every capture of the defender was the
    # only legal move (IT-C1).
    board = Board(puzzle.fen, puzzle.variant)
    plies, lines, gain = shot_of(board)
    main = lines[0]
    replay = board.copy()
    for text, move in zip(puzzle.moves, main):
        if replay.turn != board.turn:
            assert len(replay.legal_moves) == 1 and replay.legal_moves[0].captures
        assert replay.parse_move(text) == move
        replay.push(move)
    assert len(puzzle.moves) == plies - 1
    assert puzzle.solutions[0] == len(main[-1].captures) == measure(puzzle) >= 2
    assert not check(puzzle, puzzle.solutions[0] - 1).correct


@pytest.mark.parametrize("puzzle", [p for p in SHOTS if p.kind == "choice"], ids=lambda p: p.id)
def test_a_shot_choice_has_one_right_move_and_says_why_the_others_are_wrong(puzzle):
    board = puzzle.board()
    plies, lines, gain = shot_of(board)
    right = board.parse_move(puzzle.options["it"][puzzle.solutions[0]])
    assert right == lines[0][0]
    # The solver: the right option is the only move that wins material within the plies.
    assert accepted_moves(board, "material", plies) == [right]
    assert story_of(puzzle).lines[0][0][1] == right            # the explanation tells it
    for i, text in enumerate(puzzle.options["it"]):
        verdict = check(puzzle, i)
        assert verdict.correct == (i == puzzle.solutions[0])
        if i == puzzle.solutions[0]:
            continue
        move = board.parse_move(text)
        lost = what_it_lets_happen(board, move)
        if lost is not None:
            assert puzzle.feedback["it"][i] == lost["it"]
            assert puzzle.feedback["en"][i] == lost["en"]
        else:
            assert not forces_capture(board, move)
            assert "non deve mangiare" in puzzle.feedback["it"][i]
        # No wrong option's words give the right move away.
        assert puzzle.options["it"][puzzle.solutions[0]] not in puzzle.feedback["it"][i]


def test_the_choices_hints_do_not_name_the_answer():
    for puzzle in ALL:
        if puzzle.kind == "choice":
            right = puzzle.options["it"][puzzle.solutions[0]]
            assert not any(right in hint for hint in puzzle.hints["it"]), puzzle.id


@pytest.mark.parametrize("puzzle", FOUND["it-27-championship-questions.toml"],
                         ids=lambda p: p.id)
def test_a_championship_count_is_a_capture_of_the_game(puzzle):
    board = puzzle.board()
    assert any(board.fen() in fens for fens in championship_positions().values())
    assert board.must_capture()                       # IT-C1
    # IT-P1: the legal captures all take the most; the answer is that number.
    assert {len(m.captures) for m in board.legal_moves} == {puzzle.solutions[0]}
    assert puzzle.solutions[0] >= 2 and measure(puzzle) == puzzle.solutions[0]
    assert "Nella partita" in puzzle.explanation("it")


@pytest.mark.parametrize("puzzle", FORKS, ids=lambda p: p.id)
def test_a_fork_question_is_about_a_real_fork(puzzle):
    board = puzzle.board()
    found = fork(board)
    assert found is not None
    move, targets = found
    if puzzle.kind == "count":
        # IT-M2: the king steps one square, forwards or backwards; the fork is one of them.
        assert puzzle.square == move.start
        mine = [m for m in board.legal_moves if m.start == move.start]
        assert puzzle.solutions[0] == len(mine) == measure(puzzle) >= 2
        assert board.move_text(move) in puzzle.explanation("it")
    else:
        assert board.parse_move(puzzle.options["it"][puzzle.solutions[0]]) == move
        for i, text in enumerate(puzzle.options["it"]):
            other = board.parse_move(text)
            assert board.piece_at(other.start).king
            if i != puzzle.solutions[0]:
                after = board.copy()
                after.push(other)
                assert len(king_targets(after, other.end)) < 2
                assert not check(puzzle, i).correct


def game_move(board: Board) -> str | None:
    """The move played in the championship game that reached ``board`` (None: no game)."""
    from authoring.puzzles.championship import championship_games
    for game in championship_games():
        for ply, reached in enumerate(game.positions()):
            if reached.fen() == board.fen() and ply < len(game.moves):
                return reached.move_text(game.moves[ply])
    return None


@pytest.mark.parametrize("puzzle", FOUND["it-32-championship-choices.toml"],
                         ids=lambda p: p.id)
def test_a_championship_choice_is_the_one_safe_capture_the_champion_made(puzzle):
    board = puzzle.board()
    # IT-C1: a capture is due; IT-P5: the captures all take as many pieces, free choice.
    assert board.must_capture() and len(board.legal_moves) >= 2
    assert len({len(m.captures) for m in board.legal_moves}) == 1
    right = puzzle.options["it"][puzzle.solutions[0]]
    assert game_move(board) == right
    assert "Nella partita" in puzzle.explanation("it")
    for i, text in enumerate(puzzle.options["it"]):
        lost = what_it_lets_happen(board, board.parse_move(text))
        assert (lost is None) == (i == puzzle.solutions[0]), text
        assert check(puzzle, i).correct == (i == puzzle.solutions[0])
        if lost is not None:
            assert puzzle.feedback["it"][i] == lost["it"]
            assert puzzle.feedback["en"][i] == lost["en"]
