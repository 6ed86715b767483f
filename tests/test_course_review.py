"""«Rivedi la partita» in the course (corso.computer_game, lesson 16), driven headless: a
scripted game through the board's controller, the review pressed, the first mistake answered
wrong and then right; nothing reaches the child's progress folder."""

from __future__ import annotations

import pytest

from dama.core.store.progress import dama_home

pytest.importorskip("ipycanvas")



@pytest.fixture
def corso(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DAMA_STUDENT", raising=False)
    import dama.helpers as module
    yield module


class Script:
    """The computer's side of a scripted game: its moves in order."""

    def __init__(self, *moves):
        self.moves = list(moves)

    def choose(self, board):
        return board.parse_move(self.moves.pop(0))


def parts(box):
    """The game's board and the review's button, note and mistakes, by their classes."""
    found = {}

    def walk(widget):
        for cls in getattr(widget, "_dom_classes", ()):
            found.setdefault(cls, widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(box)
    return (found["dama-widget"], found["dama-review-button"], found["dama-review-note"],
            found["dama-review"])


def play(controller, *moves):
    for move in moves:
        start, end = (int(s) for s in move.replace("x", "-").split("-"))
        controller.click(start)
        controller.click(end)


def progress_files(corso):
    home = dama_home()
    return sorted(home.glob("*.sqlite")) if home.exists() else []


def test_a_piece_left_to_be_taken_is_shown_and_tried_again_on_its_own_board(corso):
    box = corso.computer_game("it", level=1)
    game, button, note, shown = parts(box)
    game.controller.chooser = Script("11-15", "15x24", "10-14")
    assert button.disabled and button.description == "Rivedi la partita"
    assert "Gioca almeno tre mosse" in note.value   # why it is grey, in view: no «ancora»
    play(game.controller, "22-18", "24-20")       # 2. 24-20? 15x24 (IT-C1, IT-C2)
    assert button.disabled                         # two moves: not yet
    assert "Gioca ancora qualche mossa" in note.value
    play(game.controller, "23-19")
    assert game.controller.board.move_stack[-1].path == (10, 14)
    assert not button.disabled and note.value == ""
    button.click()
    assert "Ho trovato una mossa da rivedere" in note.value
    (review,) = shown.children
    assert review.current.fen == "W:W18,21,23-32:B1-10,12,15"
    assert ">Errore 1 di 1<" in review.title.value      # the review's own title, in words
    assert "hai giocato 24-20" in review.prompt.value and review.store is None
    board = review.board_widget.controller
    play(board, "24-20")                           # the move of the game: refused, kindly
    assert board.board.fen() == "W:W18,21,23-32:B1-10,12,15"
    assert "il Nero potrebbe mangiare una pedina con 15x24" in board.status and "Riprova" in board.status
    review.hint()
    assert "la pedina in 15" in review.feedback.value
    play(board, "23-19")                           # a better move: solved, explained
    assert review.solved and "non perdi niente" in review.board_widget.banner.value
    assert progress_files(corso) == []             # the review keeps nothing


def test_a_well_played_start_is_praised(corso):
    box = corso.computer_game("en", level=1)
    game, button, note, shown = parts(box)
    # The first moves of a championship game (Borghetti-Mascolo, 2005).
    game.controller.chooser = Script("12-15", "11-14", "8x15")
    play(game.controller, "21-17", "23-19", "19x12")
    button.click()
    assert "No big mistakes in this game: well played!" in note.value
    assert shown.children == ()


def test_the_end_of_the_game_opens_the_review_and_a_new_game_clears_it(corso):
    box = corso.computer_game("en", level=1, position="W:W22:B15")
    game, button, note, shown = parts(box)
    game.controller.chooser = Script("15x22")
    assert button.disabled
    play(game.controller, "22-19")                 # 15x22 takes White's last man (IT-E1)
    assert game.controller.board.outcome() is not None and not button.disabled
    button.click()
    (review,) = shown.children
    assert "On move 1 you played 22-19" in review.prompt.value
    assert review.current.solutions == (("22-18",),)
    game.controller.restart()
    assert button.disabled and shown.children == ()
    assert note.value == ("<p style='color:#555'>Play at least three moves: then you can "
                          "review the game.</p>")


def test_with_black_the_review_speaks_of_white_on_a_board_turned_round(corso):
    box = corso.computer_game("it", level=1)
    game, button, note, shown = parts(box)
    bar = box.children[0]
    game.controller.chooser = Script("22-18", "18x9", "21-17", "17-13")
    bar.children[1].children[1].value = "B"        # the child takes Black: White starts
    play(game.controller, "9-13", "12-16", "11-15")  # 1... 9-13? 2. 18x9
    button.click()
    review = shown.children[0]
    assert review.board_widget.controller.flipped
    assert "il Bianco ha mangiato una pedina con 18x9" in review.prompt.value
