"""BoardController: the interactive board's logic, clicked and typed without a browser.

Rule ids (RULES.md) are cited in the test names and comments; the status line a child reads
must cite them too.
"""

import subprocess
import sys

import pytest

from damalib import Board, Move, Piece
from dama.core.board import HIGHLIGHT_KINDS, BoardController, MoveReply, RandomChooser
from dama.core.board.messages import Msg

KING_CHAINS = "W:WK7:B1,3,11,12,19,20,26,27"  # two king chains from 7 end on 21, one on 7
THREE_MEN = "W:W31:B12,20,28"                 # IT-C5: the man takes three, 31x24x15x8


class Deferred:
    """A scheduler that keeps the callbacks until the test runs them (no real pause)."""

    def __init__(self):
        self.calls = []

    def __call__(self, delay, callback):
        self.calls.append((delay, callback))
        return None

    def run_all(self):
        while self.calls:
            _, callback = self.calls.pop(0)
            callback()


def clicks(controller, *squares):
    for square in squares:
        controller.click(square)


# -- simple moves ---------------------------------------------------------------------------

def test_two_clicks_play_22_19_it_m1():
    c = BoardController()
    played = []
    c.on_move(played.append)
    c.click(22)
    assert c.selected == 22
    assert c.snapshot().highlights["destinations"] == (18, 19)
    assert "22" in c.status
    c.click(19)
    assert played == [Move((22, 19))]
    assert c.board.fen() == "B:W19,21,23-32:B1-12"
    snap = c.snapshot()
    assert snap.moves == "1. 22-19"
    assert snap.highlights["last_move"] == (22, 19)
    assert snap.highlights["selected"] == ()
    assert c.status == "Il Bianco ha giocato 22-19. Tocca al Nero."
    assert 19 in snap.pieces and 22 not in snap.pieces


def test_clicking_the_selected_piece_again_deselects_it():
    c = BoardController()
    clicks(c, 22, 22)
    assert c.selected is None
    assert c.board.move_stack == []
    assert "22" in c.status


def test_clicking_another_own_piece_reselects():
    c = BoardController()
    clicks(c, 22, 23)
    assert c.selected == 23
    assert c.snapshot().highlights["destinations"] == (19, 20)
    c.click(20)
    assert str(c.board.move_stack[-1]) == "23-20"


def test_hints_off_hide_destinations_and_obliged_pieces():
    c = BoardController("W:W22,24:B18")
    assert c.snapshot().highlights["obliged"] == (22,)   # IT-C1: 22 must capture
    c.set_show_legal(False)
    assert c.snapshot().highlights["obliged"] == ()
    c.click(22)
    h = c.snapshot().highlights
    assert h["selected"] == (22,) and h["destinations"] == () and h["next"] == ()
    c.set_show_legal(True)
    assert c.snapshot().highlights["destinations"] == (13,)


def test_a_piece_without_moves_cannot_be_selected_it_m1():
    c = BoardController()
    c.click(26)  # boxed in by its own men at the start
    assert c.selected is None
    assert "26" in c.status and c.rule == "IT-M1"


# -- mistakes, explained with their rule ----------------------------------------------------

def test_man_one_square_only_it_m1():
    c = BoardController("W:W22:B1")
    clicks(c, 22, 15)
    assert c.rule == "IT-M1" and "una sola casella" in c.status
    assert c.selected == 22  # the child may try again
    assert c.board.move_stack == []


def test_man_never_backwards_it_m1():
    c = BoardController("W:W22:B1")
    clicks(c, 22, 26)
    assert c.rule == "IT-M1" and "avanti" in c.status


def test_must_capture_it_c1():
    # The piece on 24 could move, but 22 must capture: "Devi mangiare: … (mangiare è obbligatorio)".
    c = BoardController("W:W22,24:B18")
    c.click(24)
    assert c.status.startswith("Devi mangiare:")
    assert c.rule == "IT-C1" and "22" in c.status
    assert c.selected is None
    c.set_language("en")
    assert c.status.startswith("You must capture:") and c.rule == "IT-C1"


def test_must_capture_when_a_non_capture_destination_is_clicked_it_c1():
    c = BoardController("W:W22,30:B18,19")
    clicks(c, 30)
    assert c.rule == "IT-C1"
    clicks(c, 22, 17)
    assert c.rule == "IT-C1" or c.rule == "IT-M1"
    assert c.board.move_stack == []


def test_a_man_cannot_capture_a_king_it_c3():
    c = BoardController("W:W22:BK18")
    clicks(c, 22, 13)
    assert c.rule == "IT-C3" and "dama" in c.status
    assert c.board.move_stack == []


def test_opponent_piece_and_empty_square_it_b4():
    c = BoardController()
    c.click(9)
    assert c.rule == "IT-B4" and "Nero" in c.status
    c.click(18)
    assert c.rule == "IT-B4" and "18" in c.status


def test_chain_cut_short_must_continue_it_c5():
    c = BoardController(THREE_MEN)
    c.play("31x24")
    assert c.rule == "IT-C5"
    assert c.board.move_stack == []


# -- capture chains by clicks ---------------------------------------------------------------

def test_three_piece_capture_with_one_click_on_the_final_square_it_c5():
    c = BoardController(THREE_MEN)
    c.click(31)
    assert c.snapshot().highlights["destinations"] == (8,)
    c.click(8)
    move = c.board.move_stack[-1]
    assert move.path == (31, 24, 15, 8) and move.captures == (28, 20, 12)
    assert "31x8" in c.status


def test_three_piece_capture_landing_by_landing_it_c5():
    c = BoardController(THREE_MEN)
    clicks(c, 31, 24)
    snap = c.snapshot()
    assert snap.highlights["chain"] == (31, 24)
    assert snap.highlights["captured"] == (28,)     # still on the board until the end (IT-C6)
    assert 28 in snap.pieces and snap.pieces[24] == Piece("W", False) and 31 not in snap.pieces
    assert "31x24" in c.status and c.rule == "IT-C5"
    clicks(c, 15, 8)
    assert c.board.move_stack[-1].path == (31, 24, 15, 8)


def test_ambiguous_king_chain_is_clicked_landing_by_landing_it_c4_it_n():
    # Two chains of the king on 7 end on 21: 7x16x23x30x21 and 7x14x23x30x21.
    c = BoardController(KING_CHAINS)
    c.click(7)
    h = c.snapshot().highlights
    assert h["destinations"] == (7, 21)      # 7: a chain that comes back to its start (IT-C6)
    assert set(h["next"]) == {14, 16}
    c.click(21)
    assert c.board.move_stack == []
    assert "7x16x23x30x21" in c.status and "7x14x23x30x21" in c.status
    assert c.rule == "IT-N"
    assert c.selected == 7
    c.click(16)
    snap = c.snapshot()
    assert snap.highlights["chain"] == (7, 16) and snap.highlights["captured"] == (12,)
    assert snap.pieces[16] == Piece("W", True) and 7 not in snap.pieces
    c.click(21)                               # now unambiguous
    move = c.board.move_stack[-1]
    assert move.path == (7, 16, 23, 30, 21) and move.captures == (12, 20, 27, 26)


def test_the_other_ambiguous_chain_by_every_landing():
    c = BoardController(KING_CHAINS)
    clicks(c, 7, 14, 23, 30)
    assert c.snapshot().highlights["chain"] == (7, 14, 23, 30)
    c.click(21)
    assert c.board.move_stack[-1].path == (7, 14, 23, 30, 21)
    assert c.snapshot().moves == "1. 7x14x23x30x21"


def test_chain_back_to_the_start_square_it_c6():
    c = BoardController(KING_CHAINS)
    clicks(c, 7, 16, 23, 14)
    c.click(7)
    assert c.board.move_stack[-1].path == (7, 16, 23, 14, 7)


def test_wrong_landing_in_a_chain_is_explained_and_the_chain_kept():
    c = BoardController(KING_CHAINS)
    clicks(c, 7, 14)
    c.click(10)
    assert c.chain == (7, 14)
    assert (c.rule or "").startswith("IT-")
    c.click(7)                     # after a refusal the child starts again from the piece
    assert c.chain == (7,) and c.board.move_stack == []
    c.click(7)                     # a second click on it lets it go
    assert c.selected is None
    clicks(c, 7, 16)
    c.click(7)                                # the end of the only chain back to 7 (IT-C6)
    assert c.board.move_stack[-1].path == (7, 16, 23, 14, 7)


def test_typed_moves_and_mistakes_it_n():
    c = BoardController(KING_CHAINS)
    assert c.play("7x21") is None             # fits two chains
    assert "7x16x23x30x21" in c.status and c.rule == "IT-N"
    assert c.play("hello") is None
    assert c.rule == "IT-N" and "hello" in c.status
    assert c.play("99-1") is None
    assert c.rule == "IT-B2"
    assert c.play("7x14x23x30x21") == Move((7, 14, 23, 30, 21), (11, 19, 27, 26))
    c2 = BoardController()
    assert c2.play("22-15") is None and c2.rule == "IT-M1"
    assert c2.submit(" 22-19 ") is not None


# -- buttons --------------------------------------------------------------------------------

def test_undo_and_restart():
    c = BoardController()
    clicks(c, 22, 19, 10, 14)
    assert len(c.board.move_stack) == 2
    taken = c.undo()
    assert str(taken) == "10-14"
    assert c.board.fen() == "B:W19,21,23-32:B1-12"
    assert "10-14" in c.status
    c.restart()
    assert c.board.move_stack == [] and c.board.fen() == Board().fen()
    assert c.undo() is None
    assert c.status == Msg("nothing_to_undo").text("it")


def test_flip_maps_screen_cells_it_b1():
    c = BoardController()
    assert c.screen_cell(1) == (0, 0) and c.screen_cell(32) == (7, 7)   # 32 = h1 dark
    c.click_cell(*c.screen_cell(22))
    assert c.selected == 22
    c.click(22)
    c.flip()
    assert c.flipped
    assert c.screen_cell(1) == (7, 7) and c.screen_cell(32) == (0, 0)
    assert c.square_at(0, 0) == 32
    assert c.snapshot().cells[22] == (7 - 5, 7 - c.board.variant.geometry.coords[22][1])
    row, col = c.screen_cell(22)
    c.click_cell(row, col)
    assert c.selected == 22
    c.click_cell(*c.screen_cell(18))
    assert str(c.board.move_stack[-1]) == "22-18"


def test_toggle_numbers():
    c = BoardController()
    assert c.snapshot().show_numbers
    c.toggle_numbers()
    assert not c.snapshot().show_numbers


def test_light_squares_and_clicks_outside_never_raise_it_b1():
    c = BoardController()
    c.click_cell(0, 1)                        # b8 is light in Dama Italiana
    assert c.rule == "IT-B1"
    for row, col in ((-1, 3), (8, 0), (3, 99)):
        c.click_cell(row, col)
        assert c.status == Msg("outside").text("it")
    c.click_cell("a", None)
    assert c.status == Msg("outside").text("it")
    for bad in (None, "22", 2.5, True):
        c.click(bad)
        assert c.status == Msg("outside").text("it")
    c.click(0)
    assert c.rule == "IT-B2"
    c.click(33)
    assert c.rule == "IT-B2" and "32" in c.status
    c2 = BoardController(variant="international")
    c2.click_cell(0, 0)                       # a10 light: the dark square is bottom-left
    assert c2.rule == "INT-B1"
    assert c2.square_at(9, 0) == 46 and c2.screen_cell(31) == (6, 1)
    c2.click_cell(6, 1)
    assert c2.selected == 31


def test_bad_fen_leaves_the_position_unchanged():
    c = BoardController()
    c.play("22-19")
    before = c.board.fen()
    assert c.set_position("W:W99:B1") is False
    assert c.board.fen() == before and len(c.board.move_stack) == 1
    assert "W:W99:B1" in c.status and "non è cambiata" in c.status
    c.set_language("en")
    assert "has not changed" in c.status
    assert c.set_position("W:W1:B32") is False  # a man on its promotion row
    assert c.set_position(THREE_MEN) is True
    c.play("31x8")
    c.restart()
    assert c.board.fen() == Board(THREE_MEN).fen()


# -- the 40-move count (IT-D2) --------------------------------------------------------------

def test_count_n_of_40_restarts_and_draws_it_d2():
    c = BoardController("W:WK29,21:BK4,9")
    assert c.snapshot().can_call_count and c.snapshot().count == ""
    assert c.call_count() is True
    assert c.rule == "IT-D2"
    assert c.snapshot().count.startswith("Mosse contate: 0 su 40")
    assert c.call_count() is False and c.rule == "IT-D2"      # already called
    c.play("29-25")
    assert "1 su 40" in c.snapshot().count
    c.play("4-8")                             # the opponent's moves are not counted
    assert "1 su 40" in c.snapshot().count
    c.play("25-29")
    assert "2 su 40" in c.snapshot().count
    c.play("9-13")                            # a man moved: the count starts again (IT-D2)
    assert "0 su 40" in c.snapshot().count
    assert "riparte da zero" in c.status and c.rule == "IT-D2"
    white, black = ["29-25", "25-29"], ["8-4", "4-8"]
    for i in range(40):
        assert c.banner == ""
        c.play(white[i % 2])
        if i < 39:
            c.play(black[i % 2])
    assert "40 su 40" in c.snapshot().count
    assert c.snapshot().game_over
    assert c.board.outcome().rule == "IT-D2" and c.banner.startswith("Fine della partita!")
    c.click(25)
    assert c.status == Msg("game_over").text("it")
    assert c.call_count() is False
    c.set_language("en")
    assert c.banner.startswith("Game over! Draw") and "40 of 40" in c.snapshot().count


def test_count_is_a_rule_of_dama_italiana_only():
    c = BoardController(variant="brazilian")
    assert not c.snapshot().can_call_count
    assert c.call_count() is False
    assert c.rule == "IT-D2"


# -- end of the game ------------------------------------------------------------------------

def test_banner_at_the_end_of_the_game_it_e1():
    c = BoardController("W:W30:B27")
    c.click(30)
    c.click(23)                               # 30x23 takes Black's last piece (IT-C2)
    assert c.board.outcome().rule == "IT-E1" and "Bianco" in c.banner
    assert c.snapshot().game_over
    c.undo()
    assert c.banner == ""


# -- puzzles --------------------------------------------------------------------------------

def test_puzzle_attempts_are_judged_before_they_are_kept():
    c = BoardController()
    seen, played = [], []
    c.on_move(played.append)

    def checker(move):
        seen.append(str(move))
        if str(move) != "31x8":
            return MoveReply(False, {"it": "Non così: cerca la presa più lunga.",
                                     "en": "Not like that: look for the longest capture."})
        return MoveReply(True, {"it": "Giusto!", "en": "Right!"}, solved=True)

    assert c.start_puzzle(THREE_MEN, on_attempt=checker, prompt={"it": "Trova la presa!",
                                                                 "en": "Find the capture!"})
    assert c.mode == "puzzle" and c.locked_side == "W"
    assert c.status == "Trova la presa!"
    c.play("31x24", user=True)                # illegal: never reaches the checker (IT-C5)
    assert seen == [] and c.rule == "IT-C5"
    clicks(c, 31, 8)
    assert seen == ["31x8"] and played == [Move((31, 24, 15, 8), (28, 20, 12))]
    assert c.banner == "Giusto!"
    c.set_language("en")
    assert c.banner == "Right!"
    c.click(1)
    assert c.status == Msg("puzzle_over").text("en")


def test_puzzle_rejects_a_legal_but_wrong_move_and_replies():
    scheduler = Deferred()
    c = BoardController(scheduler=scheduler)
    moves = []
    c.on_move(lambda m: moves.append(str(m)))

    def checker(move):
        if str(move) == "22-19":
            return MoveReply(True, {"it": "Bene!", "en": "Good!"}, reply="10-14")
        return (False, {"it": "Prova un'altra mossa.", "en": "Try another move."})

    c.start_puzzle(Board().fen(), side="W", on_attempt=checker)
    clicks(c, 21, 17)
    assert moves == [] and c.board.move_stack == []
    assert c.status == "Prova un'altra mossa."
    clicks(c, 22, 19)
    assert moves == ["22-19"] and "Bene!" in c.status
    assert c.thinking
    c.click(10)                               # the reply has not come yet: locked
    assert c.status == Msg("puzzle_wait").text("it")
    assert c.submit("10-14") is None
    scheduler.run_all()
    assert moves == ["22-19", "10-14"]
    assert not c.thinking and c.board.turn == "W"
    c.undo()                                  # the reply goes too: the child's turn again
    assert c.board.move_stack == [] and c.board.turn == "W"


def test_the_controller_is_what_a_mode_needs_of_its_host():
    from dama.core.board.modes import ModeHost

    members = {name for name in vars(ModeHost) if not name.startswith("_")}
    members |= set(ModeHost.__annotations__)
    assert {"say", "apply", "judge", "schedule", "changed", "computer_move", "start_fen"} <= members
    c = BoardController()
    assert all(hasattr(c, name) for name in members)


def test_a_checker_may_answer_in_several_shapes():
    from dama.core.board.reply import read_reply

    class Graded:
        correct, done, reply = True, True, "10-14"

        def text(self, lang):
            return "Giusto!"

    graded = Graded()
    assert read_reply(None) == MoveReply(True)
    assert read_reply(False) == MoveReply(False)
    assert read_reply((True, "Bene!", "10-14")) == MoveReply(True, "Bene!", "10-14")
    assert read_reply(MoveReply(1, "x", solved=1)) == MoveReply(True, "x", solved=True)
    assert read_reply(graded) == MoveReply(True, graded, "10-14", solved=True)
    assert read_reply(0) == MoveReply(False)


def test_puzzle_locks_the_side_the_child_moves():
    c = BoardController()
    c.start_puzzle(Board().fen(), side="W", on_attempt=lambda move: True)
    c.play("22-19", user=True)
    assert c.board.turn == "B"
    c.click(10)
    assert c.status == Msg("puzzle_locked", side="W").text("it")
    assert c.play("10-14", user=True) is None
    assert c.play("10-14") is not None        # the checker plays the reply programmatically
    c.click(19)
    assert c.selected == 19


def test_puzzle_checker_objects_with_text_and_ok():
    class Checked:
        def __init__(self, ok):
            self.ok = ok

        def text(self, lang):
            return {"it": "giusto" if self.ok else "sbagliato",
                    "en": "right" if self.ok else "wrong"}[lang]

    c = BoardController()
    c.start_puzzle(Board().fen(), on_attempt=lambda m: Checked(str(m) == "23-19"))
    c.play("22-19", user=True)
    assert c.status == "sbagliato" and c.board.move_stack == []
    c.play("23-19", user=True)
    assert "giusto" in c.status and len(c.board.move_stack) == 1


# -- setting up a position ------------------------------------------------------------------

def test_setup_cycles_squares_and_exports_fen():
    c = BoardController()
    c.set_mode("setup")
    c.setup_clear()
    assert c.snapshot().pieces == {}
    seen = []
    for _ in range(5):
        c.click(22)
        seen.append(c.snapshot().pieces.get(22))
    assert seen == [Piece("W", False), Piece("W", True), Piece("B", False), Piece("B", True),
                    None]
    assert c.board.move_stack == [] and c.board.fen() == Board().fen()  # board untouched


def test_setup_men_cannot_stand_on_their_promotion_row_it_c7():
    c = BoardController()
    c.set_mode("setup")
    c.setup_clear()
    c.click(2)                                # White's far row: no white man, a white king
    assert c.snapshot().pieces[2] == Piece("W", True)
    assert c.rule == "IT-C7" and "pedina bianca" in c.status
    c.click(2)
    assert c.snapshot().pieces[2] == Piece("B", False)   # a black man is fine there
    c.click(30)
    c.click(30)
    c.click(30)                               # black man skipped on Black's far row
    assert c.snapshot().pieces[30] == Piece("B", True)
    assert c.rule == "IT-C7" and "pedina nera" in c.status
    assert c.setup_piece(31, Piece("B", False)) is False
    c.set_language("en")
    assert "black man" in c.status and c.rule == "IT-C7"


def test_setup_turn_start_position_and_play():
    c = BoardController()
    c.set_mode("setup")
    c.setup_clear()
    c.setup_piece(22, Piece("W", False))
    c.setup_piece(18, Piece("B", False))
    c.set_turn("B")
    assert c.export_fen() == "B:W22:B18"
    assert c.show_fen() == "B:W22:B18" and "B:W22:B18" in c.status
    c.click(22)                               # editing, not moving
    assert c.snapshot().pieces[22] == Piece("W", True)
    c.click(22); c.click(22); c.click(22); c.click(22)
    assert c.snapshot().pieces[22] == Piece("W", False)
    assert c.finish_setup() is True
    assert c.mode == "two_players" and c.board.fen() == "B:W22:B18"
    c.click(18)                               # Black must capture 18x27 (IT-C1)
    c.click(27)
    assert str(c.board.move_stack[-1]) == "18x27"
    c.restart()
    assert c.board.fen() == "B:W22:B18"
    c.set_mode("setup")
    c.setup_start()
    assert c.export_fen() == Board().fen()
    c.set_mode("two_players")
    assert c.board.fen() == Board().fen()


# -- playing the computer -------------------------------------------------------------------

def test_computer_replies_with_a_seeded_random_move():
    replies = []
    for _ in range(2):
        c = BoardController(mode="computer", seed=7)
        moves = []
        c.on_move(moves.append)
        clicks(c, 22, 19)
        assert len(moves) == 2 and moves[0] == Move((22, 19))
        assert c.board.turn == "W"
        assert c.status.startswith("Il computer ha giocato")
        replies.append(moves[1])
    assert replies[0] == replies[1]


def test_computer_pause_keeps_clicks_out_and_undo_cancels_the_reply():
    scheduler = Deferred()
    c = BoardController(mode="computer", scheduler=scheduler, delay=0.4,
                        chooser=lambda board: "10-14")
    clicks(c, 22, 19)
    assert c.thinking and scheduler.calls[0][0] == 0.4
    assert c.status.endswith(Msg("computer_thinking").text("it"))
    c.click(23)
    assert c.status == Msg("computer_thinking").text("it") and c.selected is None
    c.undo()                                  # takes back 22-19; the reply is dropped
    assert c.board.move_stack == [] and not c.thinking
    scheduler.run_all()
    assert c.board.move_stack == []
    clicks(c, 22, 19)
    scheduler.run_all()
    assert [str(m) for m in c.board.move_stack] == ["22-19", "10-14"]
    c.undo()                                  # the reply and the child's move
    assert c.board.move_stack == [] and c.board.turn == "W"


class FirstMove:
    def choose(self, board):
        return board.legal_moves[0]


def test_computer_playing_white_moves_first_and_flips_the_board():
    c = BoardController()
    c.set_mode("computer", computer_side="W", chooser=FirstMove())
    assert [str(m) for m in c.board.move_stack] == ["21-17"]
    assert c.flipped and c.board.turn == "B"
    assert c.undo() is None                   # nothing of the child's to take back
    c.click(12)
    assert c.selected == 12


def test_a_broken_chooser_does_not_break_the_game():
    c = BoardController(mode="computer", chooser=lambda board: "1-5")
    clicks(c, 22, 19)
    assert len(c.board.move_stack) == 1
    assert "computer" in c.status.lower()


def test_random_chooser_is_reproducible():
    board = Board()
    assert RandomChooser(3).choose(board) == RandomChooser(3).choose(board)


# -- languages ------------------------------------------------------------------------------

def test_every_string_exists_in_italian_and_english_with_the_same_fields():
    import string

    from dama.core.board.messages import MESSAGES
    from damalib.i18n import translator

    for key, message in MESSAGES.items():
        italian = translator("it")(message)
        assert italian and italian != message, key       # translated, from the catalogue
        fields = [{f for _, f, _, _ in string.Formatter().parse(t) if f}
                  for t in (message, italian)]
        assert fields[0] == fields[1], key
    assert [Msg(k).text(lang) for lang in ("it", "en") for k in ("W", "B_adj_man")] == \
        ["Bianco", "nera", "White", "black"]


def test_language_switch_renders_every_string_again():
    c = BoardController("W:WK29,21:BK4,9")
    c.call_count()
    c.play("29-25")
    it = c.snapshot()
    c.set_language("en")
    en = c.snapshot()
    assert it.status == "Il Bianco ha giocato 29-25. Tocca al Nero."
    assert en.status == "White played 29-25. Black to move."
    assert it.count.startswith("Mosse contate") and en.count.startswith("Counted moves")
    assert it.labels["undo"] == "Annulla" and en.labels["undo"] == "Undo"
    assert it.labels["call_count"] == "Chiama le mosse" and en.labels["call_count"] == "Call the count"
    assert all(it.labels[k] != en.labels[k] for k in it.labels)
    with pytest.raises(ValueError):
        c.set_language("fr")


def test_snapshot_is_complete_and_on_change_fires():
    c = BoardController()
    changes = []
    c.on_change(lambda ctrl: changes.append(ctrl.status))
    c.click(22)
    snap = c.snapshot()
    assert set(snap.highlights) == set(HIGHLIGHT_KINDS)
    assert len(snap.cells) == 32 and len(snap.pieces) == 24
    assert snap.turn == "W" and snap.mode == "two_players" and snap.lang == "it"
    assert changes and "22" in changes[-1]


def test_the_core_never_imports_the_widget():
    code = ("import sys, damalib, dama.core.board; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('ipywidgets', 'ipycanvas', 'dama.core.board.canvas')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


def test_puzzle_with_a_checker_verdict_that_has_correct_done_and_reply():
    # Shaped like dama.core.content.check.Verdict: correct, done, reply and text(lang).
    class Graded:
        def __init__(self, correct, done, reply=None):
            self.correct, self.done, self.reply = correct, done, reply

        def text(self, lang):
            return ("Giusto!" if self.correct else "No.") if lang == "it" else (
                "Right!" if self.correct else "No.")

    line = {"22-19": Graded(True, False, Move((9, 13))), "23-20": Graded(True, True)}
    c = BoardController()
    c.start_puzzle(Board().fen(), on_attempt=lambda m: line.get(str(m), Graded(False, True)))
    c.play("21-17", user=True)
    assert c.board.move_stack == [] and c.status == "No."
    c.play("22-19", user=True)
    assert [str(m) for m in c.board.move_stack] == ["22-19", "9-13"]   # the reply
    assert c.banner == ""
    c.play("23-20", user=True)
    assert c.banner == "Giusto!"


# -- the widget, without a browser ----------------------------------------------------------

def test_widget_is_a_thin_view_over_the_controller():
    from dama.core.board.canvas import BoardWidget

    w = BoardWidget(lang="it")
    assert w.board is w.controller.board
    assert "dama-board" in w.canvas._dom_classes
    # 480 px wide, less in a narrower column, always square (the height follows the width).
    assert (w.canvas.layout.width, w.canvas.layout.height) == ("480px", "auto")
    assert w.canvas.layout.max_width == "100%" and w.canvas.width == w.canvas.height
    moves = []
    w.on_move(moves.append)
    # A click arrives in drawing-buffer pixels (twice the CSS size): 22 is row 5, col 3.
    q = w.canvas.width / 8
    w.canvas._canvases[-1]._handle_frontend_event(
        None, {"event": "mouse_down", "x": 3.5 * q, "y": 5.5 * q}, [])
    assert w.controller.selected == 22
    w.canvas._canvases[-1]._handle_frontend_event(                 # a tap on 19 (4, 4)
        None, {"event": "touch_start", "touches": [{"x": 4.5 * q, "y": 4.5 * q}]}, [])
    assert moves == [Move((22, 19))]
    assert "22-19" in w.moves.value
    w.move_box.value = "10-14"                   # the text box (Enter)
    assert [str(m) for m in w.board.move_stack] == ["22-19", "10-14"]
    assert w.move_box.value == ""
    w.move_box.value = "nonsense"
    assert w.controller.rule == "IT-N" and w.move_box.value == "nonsense"
    w.undo_button.click()
    assert len(w.board.move_stack) == 1
    w.lang = "en"
    assert w.undo_button.description == "Undo" and w.count_button.description == "Call the count"
    w.lang_buttons.value = "it"
    assert w.undo_button.description == "Annulla"
    w.flip_button.click()
    assert w.controller.flipped
    w.numbers_button.value = False
    assert not w.controller.show_numbers
    w.legal_button.value = False
    assert not w.controller.show_legal
    assert w.play("19-15") is None and w.set_position("W:W30:B27") is True
    w.play("30x23")
    assert w.banner.layout.display is None and w.controller.board.outcome().rule == "IT-E1"
    w.restart_button.click()
    assert w.banner.layout.display == "none"


def test_widget_redraws_every_layer_for_a_new_client():
    from dama.core.board.canvas import BoardWidget

    w = BoardWidget()
    w.canvas._canvas_manager._current_canvas = w.canvas[0]
    w._on_client_ready()                       # ipycanvas issue 322 workaround
    assert w._drawn.keys() == {"board", "pieces", "highlights"}
    assert w.canvas._canvas_manager._current_canvas is w.canvas[2]


def test_widget_setup_bar_for_teachers():
    from dama.core.board.canvas import BoardWidget

    w = BoardWidget()
    assert w.setup_bar.layout.display == "none"
    w.set_mode("setup")
    assert w.setup_bar.layout.display is None
    assert w.move_box.disabled
    w.setup_clear_button.click()
    w.controller.click(22)                    # a white man
    w.controller.click(9)
    w.controller.click(9)
    w.controller.click(9)                     # a black man
    w.setup_turn.value = "B"
    w.setup_export_button.click()
    assert w.fen_box.value == "B:W22:B9" and "B:W22:B9" in w.status.value
    w.setup_done_button.click()
    assert w.controller.mode == "two_players" and w.board.fen() == "B:W22:B9"
    assert w.setup_bar.layout.display == "none"


def test_the_computer_may_think_elsewhere_and_a_stale_answer_is_dropped():
    thoughts = []
    c = BoardController(mode="computer", chooser=lambda board: "10-14",
                        runner=lambda compute, done: thoughts.append((compute, done)))
    c.play("22-19")
    assert c.thinking and len(thoughts) == 1
    c.click(23)
    assert c.status == Msg("computer_thinking").text("it")
    compute, done = thoughts.pop()
    c.undo()                                  # the child takes the move back meanwhile
    done(compute(), None)
    assert c.board.move_stack == [] and not c.thinking
    c.play("22-19")
    compute, done = thoughts.pop()
    done(compute(), None)
    assert [str(m) for m in c.board.move_stack] == ["22-19", "10-14"]
    c.play("19x10")
    compute, done = thoughts.pop()
    done(None, RuntimeError("engine crashed"))
    assert "engine crashed" in c.status and not c.thinking


# -- clicks explain like typed moves, in words, and never give an exercise away --------------

RULE_ID = __import__("re").compile(r"\b(?:IT|INT|BR)-[A-Z]+\d*\b")
TAKE_THE_MOST = "W:W22,27,30:B6,15,18,23"   # lesson 7: 27x... takes 3, 22 only one (IT-P1)
KING_MET_FIRST = "W:WK27:B13,K15,23,K22"    # lesson 10: 27x9 meets the king first (IT-P4)


def test_a_piece_with_only_the_smaller_capture_is_refused_by_the_quantity_rule_it_p1():
    c = BoardController(TAKE_THE_MOST)
    c.click(22)
    assert c.selected is None and c.rule == "IT-P1" and c.snapshot().rule == "IT-P1"
    assert "regola della quantità" in c.status and "IT-" not in c.status
    # The same rule as the capture typed, said of the piece clicked: its capture, and why.
    assert c.rule == c.board.explain("22x13").rule
    assert c.status == ("Il pezzo in 22 non può mangiare qui: con 22x13 prenderebbe un pezzo, "
                        "ma 27x2 ne prende 3 (la regola della quantità).")


def test_a_piece_whose_captures_two_rules_turn_down_is_told_each_of_them_it_p1_it_p3():
    # The king on 11 has two captures: 11x2 takes one piece (a king), 11x18x9 two men; the
    # king on 15 takes two pieces, a king among them. Each rule is said of its own capture.
    c = BoardController("W:WK11,K15,19,21,30:BK1,K6,13,14,20,K28,K29")
    c.click(11)
    assert c.status == ("Il pezzo in 11 non può mangiare qui: con 11x9 non prenderebbe nessuna "
                        "dama, ma 15x31 prende una dama (la regola della qualità); con 11x2 "
                        "prenderebbe un pezzo, ma 15x31 ne prende 2 (la regola della "
                        "quantità).")
    assert c.rule == "IT-P3"
    c.set_language("en")
    assert "with 11x9 it would take no king" in c.status
    assert "with 11x2 it would take one piece, but 15x31 takes 2" in c.status


def test_a_man_that_faces_a_king_is_told_that_a_man_never_takes_a_king_it_c3():
    c = BoardController("W:W32,30:BK27,K26")
    c.click(30)
    assert c.rule == "IT-C3"
    assert c.status == ("La pedina in 30 non può muoversi: davanti ha le dame in 26 e 27, e la "
                        "pedina non mangia la dama.")


def test_in_an_exercise_the_refusal_names_no_piece_of_the_answer_it_p1():
    c = BoardController()
    c.start_puzzle(TAKE_THE_MOST, on_attempt=lambda move: True)
    (answer,) = c.board.legal_moves
    c.click(22)
    assert c.rule == "IT-P1" and "quantità" in c.status
    shown = set(__import__("re").findall(r"\d+", c.status))
    assert not shown & {str(s) for s in answer.path}, c.status
    c.submit("22x13")                          # typed: the same reason, the same silence
    assert c.rule == "IT-P1" and not set(
        __import__("re").findall(r"\d+", c.status)) & {str(s) for s in answer.path}


def test_a_wrong_landing_that_only_a_turned_down_capture_takes_cites_that_rule_it_p4():
    c = BoardController(KING_MET_FIRST)
    c.click(27)
    c.click(20)
    assert c.rule == "IT-P4", c.status
    assert "continuare" not in c.status and "precedenza" in c.status
    assert c.board.explain("27x20").rule == "IT-P4"


def test_a_landing_on_the_way_of_the_required_capture_must_go_on_it_c5():
    c = BoardController(KING_MET_FIRST)
    (required,) = c.board.legal_moves
    c.click(27)
    c.click(required.path[1])                  # the first landing: the chain goes on
    assert c.chain == (27, required.path[1]) and c.rule == "IT-C5"
    assert "la presa continua finché si può" in c.status


def test_after_a_refusal_the_natural_retry_works():
    c = BoardController("W:W22,24:B18,19")       # 22 must capture: 22x13 or 22x15
    c.click(22)
    c.click(26)                                # backwards: refused (IT-M1)
    assert c.rule == "IT-M1" and c.selected == 22
    c.click(22)                                # the child starts again from the piece
    assert c.selected == 22
    c.click(13)
    assert [str(m) for m in c.board.move_stack] == ["22x13"]


def test_a_piece_that_cannot_move_then_where_it_was_meant_to_go_explains_that_move_c1():
    """32 is clicked though 22 must capture (IT-C1): refused. The child then clicks 28, where
    32 was to go: the move 32-28 is explained again, not "no piece on 28"."""
    c = BoardController("W:W32,22:B18")
    c.click(32)
    assert c.rule == "IT-C1" and c.selected is None
    c.click(28)
    assert c.rule == "IT-C1" and "Devi mangiare" in c.status and "28" not in c.status
    c.click(27)                                # not after a refused piece: the plain reason
    assert "Nella casella 27 non c'è nessun pezzo" in c.status
    c.click(22)
    c.click(13)
    assert [str(m) for m in c.board.move_stack] == ["22x13"]


def test_a_child_never_reads_a_rule_id_on_the_status_line():
    for fen in (None, TAKE_THE_MOST, KING_MET_FIRST, KING_CHAINS, THREE_MEN,
                "W:W22,24:B18,19", "W:WK29,21:BK4,9"):
        for mode in ("two_players", "puzzle"):
            c = BoardController(fen)
            if mode == "puzzle":
                c.start_puzzle(c.board.fen(), on_attempt=lambda move: False)
            for first in range(1, 33):
                for second in (first - 9, first - 4, first + 4, first + 7, first):
                    c.click(first)
                    c.click(second)
                    assert not RULE_ID.search(c.status), (fen, first, second, c.status)
                    assert not RULE_ID.search(c.snapshot().count)
            light = next((r, k) for r in range(8) for k in range(8)
                         if c.square_at(r, k) is None)
            c.click_cell(*light)
            assert c.rule == "IT-B1" and not RULE_ID.search(c.status)
    c = BoardController("W:WK29,21:BK4,9")
    c.call_count()
    assert c.rule == "IT-D2" and not RULE_ID.search(c.status + c.snapshot().count)


def test_the_count_button_only_where_the_count_is_taught():
    assert BoardController().snapshot().show_count
    assert not BoardController(show_count=False).snapshot().show_count
    c = BoardController()
    c.start_puzzle("W:W22:B10", on_attempt=lambda move: True)
    assert not c.snapshot().show_count
    assert not BoardController(variant="international").snapshot().show_count


def test_a_wrong_square_while_a_capture_is_due_says_capture_it_c1():
    c = BoardController("W:W27,22:B18,23,6")      # 27x18? no: 22x13 or 27x... a capture is due
    assert c.board.must_capture()
    start = c.board.legal_moves[0].start
    c.click(start)
    far = next(s for s in range(1, 33) if c.board.piece_at(s) is None
               and c.board.explain((start, s)).reason == "must_capture"
               and not c.board.variant.geometry.coords[s][0] == c.board.variant.geometry.coords[
                   start][0])
    c.click(far)
    assert c.rule == "IT-C1" and "mangiare è obbligatorio" in c.status


def test_a_reason_that_says_it_all_needs_no_rule_after_it():
    c = BoardController()
    c.click(19)                                # an empty square
    assert c.status == "Nella casella 19 non c'è nessun pezzo da muovere." and c.rule == "IT-B4"


def test_the_squares_mode_hands_each_dark_square_clicked_to_the_trainer():
    """The square-number trainer's board (IT-B2): empty, no piece moves, every click on a
    dark square reaches the handler, flipped or not; a light square or a click outside is
    said on the status line and reaches nothing."""
    from dama.core.board import BoardController

    got = []
    c = BoardController()
    c.start_squares(got.append, prompt={"it": "Clicca la casella 18", "en": "Click square 18"})
    snap = c.snapshot()
    assert c.mode == "squares" and snap.pieces == {} and snap.moves == ""
    assert snap.status == "Clicca la casella 18"
    row, col = c.screen_cell(18)
    c.click_cell(row, col)
    c.click_cell(0, 1)                                  # a light square (IT-B1)
    assert "scure" in c.status
    c.click_cell(9, 9)                                  # outside
    assert "fuori" in c.status and got == [18]
    c.flip()
    row, col = c.screen_cell(18)
    assert c.square_at(row, col) == 18
    c.click_cell(row, col)
    assert got == [18, 18] and c.board.move_stack == []
    c.mark(5)
    assert c.snapshot().highlights["selected"] == (5,)
    c.set_mode("two_players")
    assert c.snapshot().highlights["selected"] == () and len(c.snapshot().pieces) == 24


def test_a_fen_pasted_into_the_set_up_boards_box_sets_up_its_position():
    # The set-up board's FEN box: «Esporta FEN» writes the position there; a FEN pasted in
    # (numeric, or algebraic as lidraughts writes it) and Enter set that position up; a bad
    # one is said on the status line and the board stays as it was.
    from dama.core.board.canvas import BoardWidget

    w = BoardWidget(mode="setup", lang="it")
    assert "FEN" in w.fen_box.placeholder
    w.fen_box.value = "B:WK29:B4"
    assert w.controller.export_fen() == "B:WK29:B4"
    assert w.controller.snapshot().turn == "B"
    w.setup_export_button.click()
    assert w.fen_box.value == "B:WK29:B4"
    w.fen_box.value = "W:W33:B1"
    status = w.controller.snapshot().status
    assert "33" in status and "non esiste" in status
    assert w.controller.export_fen() == "B:WK29:B4"
    w.controller.finish_setup()
    assert w.board.fen() == "B:WK29:B4"
