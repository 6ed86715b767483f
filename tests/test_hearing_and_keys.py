"""What the page reads aloud (dama.core.speech) and the board played from the keyboard and
described in words (dama.core.board.keys, BoardController.key)."""

from __future__ import annotations

import re

import pytest

from damalib.board import Board
from dama.core.board import BoardController
from dama.core.speech import in_words, move_in_words, page_words, said, said_blocks


def test_a_move_is_said_in_words_never_as_notation():
    assert in_words("Il Bianco ha giocato 22-18.", "it") == "Il Bianco ha giocato da 22 a 18."
    assert move_in_words("22-18", "it", king=False) == "la pedina da 22 va a 18"
    assert move_in_words("5-23", "it", king=True) == "la dama da 5 va a 23"
    assert move_in_words("27x18x11", "it", king=False) == \
        "la pedina da 27 mangia e va a 18, poi a 11"
    assert move_in_words("22-18", "en", king=False) == "the man on 22 goes to 18"
    assert in_words("28x19", "en") == "from 28, capturing, to 19"
    # A range of squares reads the same way; numbers that are no squares stay as they are.
    assert in_words("le caselle 29–32", "it") == "le caselle da 29 a 32"
    assert in_words("nel 2005, 1/2-1/2, 12.5-3", "it") == "nel 2005, 1/2-1/2, 12.5-3"


def test_a_move_after_con_or_dopo_is_said_with_its_name():
    # «Con da 22 a 18» is no sentence: after con, dopo, fra (with, after, between) the move
    # is named, a move or a capture.
    assert in_words("Con 22-18 il Nero deve mangiare, 15x22, e tu riprendi con 26x19.", "it") \
        == ("Con la mossa da 22 a 18 il Nero deve mangiare, da 15 mangia e va a 22, e tu "
            "riprendi con la presa da 26 a 19.")
    assert in_words("Dopo 27x18x11 tocca al Nero.", "it") == \
        "Dopo la presa da 27 a 18, poi a 11 tocca al Nero."
    assert in_words("With 22-18 Black must capture.", "en") == \
        "With the move from 22 to 18 Black must capture."
    assert in_words("after 28x19", "en") == "after the capture from 28 to 19"
    # Elsewhere the move is said as before.
    assert in_words("Il Nero gioca 22-18.", "it") == "Il Nero gioca da 22 a 18."


def test_what_is_shown_is_kept_and_the_words_ride_in_a_mark():
    html = said("<b>22-19</b>", "it")
    assert html.startswith("<b>22-19</b>")
    assert 'data-say="da 22 a 19"' in html and 'lang="it"' in html
    blocks = said_blocks("<h2>Muovere</h2><p>Gioca <b>22-19</b>.</p><li>Bravo!</li>", "it")
    assert '<p data-say="Gioca da 22 a 19.">' in blocks
    assert "<h2>Muovere</h2>" in blocks and "<li>Bravo!</li>" in blocks


def test_the_page_script_gets_its_words_in_the_readers_language():
    italian = page_words("it")
    assert 'data-listen="Ascolta"' in italian and 'data-auto="Leggi da solo"' in italian
    assert "voce in italiano" in italian and "Android" in italian
    assert 'data-replay="Mossa della partita: frecce per andare avanti e indietro"' in italian
    assert 'data-listen="Listen"' in page_words("en")


def test_the_board_says_the_move_played_with_the_piece_that_moved():
    board = BoardController()
    board.click(22)
    board.click(18)
    snap = board.snapshot()
    assert "22-18" in snap.status                                # shown as written
    assert snap.status_aloud.startswith("Il Bianco ha giocato: la pedina da 22 va a 18.")
    assert "22-18" not in snap.status_aloud


def test_the_computers_reply_and_a_king_are_said_in_words():
    board = BoardController("W:WK5:B28", mode="two_players")
    board.play("5-9")
    assert board.snapshot().status_aloud.startswith("Il Bianco ha giocato: la dama da 5 va a 9.")
    computer = BoardController("B:W21:B9", mode="computer", computer_side="B")
    computer.computer_move()
    said_aloud = computer.snapshot().status_aloud
    assert said_aloud.startswith("Il computer ha giocato: la pedina da 9 va a 1") and \
        re.search(r"da 9 va a 1[34]\.", said_aloud), said_aloud


def test_the_board_in_words_says_whose_turn_and_every_piece():
    board = BoardController("W:W21,22,K30:B1,K9")
    text = board.snapshot().description
    assert text == ("Tocca al Bianco. Bianco, pedine: 21, 22. Bianco, dame: 30. "
                    "Nero, pedine: 1. Nero, dame: 9.")
    assert BoardController("W:W21:B", lang="en").snapshot().description.endswith(
        "Black has no pieces.")


def test_the_arrow_keys_move_a_cursor_that_stays_on_the_board():
    board = BoardController()
    board.key("ArrowUp")
    start = board.cursor
    assert start is not None
    for _ in range(10):
        board.key("ArrowLeft")
        board.key("ArrowUp")
    assert board.cursor == (0, 0)
    assert board.snapshot().announcement == "Casella 1: pedina nera."
    board.key("ArrowRight")
    assert board.snapshot().cursor == (0, 1)
    assert board.snapshot().announcement == "Una casella chiara: non si usa."
    board.key("Tab")                                  # not the board's: nothing changes
    assert board.cursor == (0, 1)


def _go(board: BoardController, square: int) -> None:
    row, col = board.screen_cell(square)
    while board.cursor is None or board.cursor[0] != row:
        board.key("ArrowDown" if board.cursor is None or board.cursor[0] < row else "ArrowUp")
    while board.cursor[1] != col:
        board.key("ArrowRight" if board.cursor[1] < col else "ArrowLeft")


def test_enter_picks_up_and_puts_down_and_escape_lets_go():
    board = BoardController()
    _go(board, 22)
    board.key("Enter")
    assert board.selected == 22
    _go(board, 18)
    assert board.snapshot().announcement == \
        "Casella 18: vuota. Il pezzo che hai preso può andare qui."
    board.key("Escape")
    assert board.selected is None and board.status == "Hai lasciato il pezzo in 22. Tocca al Bianco."
    assert board.board.fen() == Board().fen()
    _go(board, 22)
    board.key(" ")
    _go(board, 18)
    board.key("Enter")
    assert [str(m) for m in board.board.move_stack] == ["22-18"]


def test_a_capture_chain_is_keyed_landing_by_landing_on_a_flipped_board():
    board = BoardController("W:W31:B27,19", flipped=True)
    _go(board, 31)
    board.key("Enter")
    _go(board, 15)
    board.key("Enter")
    assert [m.path for m in board.board.move_stack] == [(31, 22, 15)]


def test_the_youngest_answer_a_count_by_tapping_its_number_and_see_the_piece_asked_about():
    from dama.core.board.puzzle_widget import PuzzleWidget, named_pieces
    from dama.core.content import load

    by_id = {p.id: p for p in load()}
    widget = PuzzleWidget([by_id["it-mov-006"]], lang="it")     # «la pedina in 18»
    assert widget.number_row.layout.display == ""
    assert widget.board_widget.controller.snapshot().highlights["focus"] == (18,)
    widget.number_buttons[3].click()
    assert "Non è 3" in widget.feedback.value and not widget.solved
    widget.number_buttons[2].click()
    assert widget.solved and "Stelle: 2 su 3" in widget.feedback.value
    assert all(button.disabled for button in widget.number_buttons)
    # No glow where it would be the answer («In quale casella si trova la dama bianca?»),
    # nor where the question names no piece (a capture to find).
    assert named_pieces(by_id["it-not-007"], "it") == ()
    assert named_pieces(by_id["it-cap-001"], "it") == ()
    assert named_pieces(by_id["it-cap-025"], "it") == (5, 10)
    choice = PuzzleWidget([by_id["it-mov-030"]], lang="it")
    assert choice.number_row.layout.display == "none"
    # The glow goes once a move is played.
    board = choice.board_widget.controller
    assert board.snapshot().highlights["focus"] == (22,)


def test_every_exercise_of_the_first_lessons_can_be_answered_without_typing():
    """Lessons 0-3 (welcome, the board, moving, capturing): each exercise is a move on the
    board, a choice, or a count with its number's button."""
    import importlib

    from dama.core.content import load

    by_id = {p.id: p for p in load()}
    for name in ("00_welcome", "01_board", "02_moving", "03_capture"):
        lesson = importlib.import_module(f"lessons.{name}").LESSON
        for puzzle_id in lesson.exercises:
            puzzle = by_id[puzzle_id]
            assert puzzle.kind in ("move", "capture", "goal", "choice") or (
                puzzle.kind == "count" and all(0 <= int(s) <= 9 for s in puzzle.solutions)), \
                puzzle_id


def test_the_square_trainer_is_answered_from_the_keyboard_too():
    """The trainer's empty board: the cursor names no piece (the numbers are what is asked),
    and Enter answers the square under it."""
    answered = []
    board = BoardController()
    board.start_squares(answered.append)
    _go(board, 22)
    assert board.snapshot().description == "Bianco: nessun pezzo. Nero: nessun pezzo."
    assert board.snapshot().announcement == "Riga 6, colonna 4: una casella scura."
    board.key("Enter")
    assert answered == [22]
