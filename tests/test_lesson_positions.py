"""What a lesson's text says about its boards is true on the board: read from the built
notebooks (lessons/it, lessons/en), replayed with damalib and, for the boards a child plays on,
with the course's own helpers (the package corso)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from notebook_cells import code_trees

from damalib import Board
from damalib.pdn import parse_game

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "lessons"
LANGS = ("it", "en")


def lesson(number: int, lang: str) -> dict:
    (path,) = (COURSE / lang).glob(f"{number:02d}-*.ipynb")
    return json.loads(path.read_text(encoding="utf-8"))


def calls(notebook: dict, name: str) -> list[ast.Call]:
    return [node for tree in code_trees(notebook) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == name]


def markdown(notebook: dict) -> str:
    """The notebook's markdown, its lines joined as a reader sees them."""
    return " ".join(" ".join("".join(c["source"]).split()) for c in notebook["cells"]
                    if c["cell_type"] == "markdown")


def safe_move(board: Board):
    """A move without capture after which the opponent has nothing to capture."""
    for move in board.legal_moves:
        after = board.copy()
        after.push(move)
        if not move.captures and not after.must_capture():
            return move
    raise AssertionError(f"no quiet move in {board.fen()}")


@pytest.fixture
def corso(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DAMA_STUDENT", raising=False)
    import dama.helpers as module
    return module


# -- lesson 6: the king steps backwards, on a board where it is White's turn ---------------------

@pytest.mark.parametrize("lang", LANGS)
def test_lesson_6_asks_for_moves_the_board_accepts(lang, corso):
    notebook = lesson(6, lang)
    boards = [ast.literal_eval(c.args[0]) for c in calls(notebook, "board")]
    assert boards == ["W:WK18,29:B6,7,14", "W:WK11:B3"]
    text = markdown(notebook)
    # The capture board: two ways, first to 11, then to 2 (taking 6) or to 4 (taking 7).
    capture = Board(boards[0])
    assert {m.path: m.captures for m in capture.legal_moves} == {
        (18, 11, 2): (14, 6), (18, 11, 4): (14, 7)}
    # The second board: White to move, nothing to take, backwards (towards 29-32) is 14 or 15.
    back = Board(boards[1])
    assert back.turn == "W" and not back.must_capture()
    row = back.variant.geometry.coords
    backwards = sorted(m.end for m in back.legal_moves
                       if m.start == 11 and row[m.end][0] > row[11][0])
    assert backwards == [14, 15]
    assert ("Ora un'altra damiera: qui tocca al Bianco, e non c'è niente da mangiare. Prova a "
            "muovere la dama bianca in 11 **all'indietro**, verso le caselle 29–32: può andare "
            "in 14 o in 15." if lang == "it" else
            "Now another board: here it is White's turn, and there is nothing to capture. Try "
            "moving the white king on 11 **backwards**, towards squares 29–32: it can go to 14 "
            "or to 15.") in text
    for target in backwards:  # clicked as a child does: the king, then the square
        widget = corso.board(boards[1], lang)
        widget.controller.click(11)
        widget.controller.click(target)
        assert widget.controller.board.fen() == f"B:WK{target}:B3", widget.status.value


# -- lesson 12: the 40-move count reached by play, not by shuffling ------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_lesson_12_reaches_the_count_it_states_with_kings_that_travel(lang, corso):
    notebook = lesson(12, lang)
    (call,) = calls(notebook, "count_demo")
    start, white, black, counted = (ast.literal_eval(a) for a in call.args)
    assert len(white) == len(black) == counted      # each move played once, none repeated
    assert (f"il conteggio è già a **{counted}**" if lang == "it"
            else f"the count is already at **{counted}**") in markdown(notebook)
    board = Board(start)
    board.call_count()
    seen = [board.fen()]
    for w, b in zip(white, black):
        for move in (w, b):
            assert not board.must_capture()
            board.push(move)
            seen.append(board.fen())
    assert board.count == counted == 37 and board.count_claimant == "W"
    assert len(set(seen)) == len(seen)              # no position comes twice
    assert len({int(m.split("-")[1]) for m in white}) >= 20   # the kings go round the board
    assert len({int(m.split("-")[1]) for m in black}) >= 20
    # No king goes straight back to the square it has just left.
    for line in (white, black):
        assert all(a.split("-") != b.split("-")[::-1] for a, b in zip(line, line[1:]))

    # The lesson's own cell: the board shows the same count, and the 40th move ends it.
    demo = corso.count_demo(start, white, black, counted, lang=lang)
    assert demo.board.count == counted and demo.board.fen() == board.fen()
    for _ in range(2 * (40 - counted) - 2):      # White 38, Black, White 39, Black
        assert demo.play(safe_move(demo.board)) is not None
        assert demo.board.outcome() is None
    assert demo.board.count == 39
    assert demo.play(safe_move(demo.board)) is not None
    outcome = demo.board.outcome()
    assert outcome is not None and outcome.rule == "IT-D2" and outcome.winner is None


# -- lesson 15: the result said in words ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_lesson_15_says_what_its_result_means(lang):
    notebook = lesson(15, lang)
    (call,) = calls(notebook, "replay")
    game = parse_game(ast.literal_eval(call.args[0]), strict=True)
    last = list(game.positions())[-1]
    outcome = last.outcome()
    assert game.result == "1-0" and outcome is not None and outcome.winner == "W"
    assert not [s for s, p in last.pieces().items() if p.colour == "B"]
    assert ("il risultato, **1-0**: vuol dire che ha vinto il Bianco. Se vince il Nero si "
            "scrive **0-1**, e se la partita è patta **1/2-1/2**." if lang == "it" else
            "the result, **1-0**: it means that White has won. If Black wins you write **0-1**, "
            "and if the game is a draw **1/2-1/2**.") in markdown(notebook)
    assert game.mainline[-1].comment.endswith(
        "ha vinto il Bianco." if lang == "it" else "White has won.")
