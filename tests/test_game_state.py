"""Outcomes and draw rules: IT-E1, IT-D2 (the 40-move count), IT-D3, INT-D2..D4, BR-D1."""

import pytest

from damalib import Board, CountError, Termination


def shuttle(board: Board, white: tuple[str, str], black: tuple[str, str], plies: int) -> None:
    """Play king moves back and forth: White's pair, then Black's pair, alternately."""
    for ply in range(plies):
        pair = white if board.turn == "W" else black
        board.push(pair[(ply // 2) % 2])


def wander(board: Board, plies: int) -> None:
    """Play ``plies`` quiet king moves that never repeat a position and never allow a capture."""
    for _ in range(plies):
        for move in board.legal_moves:
            if not board.piece_at(move.start).king:
                continue
            board.push(move)
            if not move.captures and board.repetitions() == 1 and not board.must_capture():
                break
            board.pop()
        else:  # pragma: no cover - the positions below always leave a quiet move
            raise AssertionError("no quiet, new king move found")


# -- IT-E1: the end of the game -------------------------------------------------------------

def test_it_e1_no_pieces_left_loses():
    outcome = Board("W:W:B1").outcome()
    assert outcome.winner == "B" and outcome.termination is Termination.NO_PIECES
    assert outcome.rule == "IT-E1"
    assert "(IT-E1)" in outcome.text("it") and "Nero" in outcome.text("it")


def test_it_e1_blocked_loses():
    # RULES.md: W:W32:BK28 — White is blocked (a man cannot take a king, IT-C3) and loses.
    outcome = Board("W:W32:BK28").outcome()
    assert outcome.winner == "B" and outcome.termination is Termination.BLOCKED
    assert "blocked" in outcome.text("en")


def test_it_e1_capturing_the_last_piece_wins():
    board = Board("W:W22:B18")
    board.push("22x13")
    assert board.outcome().winner == "W"
    assert board.is_game_over()


def test_a_game_in_progress_has_no_outcome():
    assert Board().outcome() is None


# -- IT-D2: the 40-move count -----------------------------------------------------------------

def test_it_d2_the_count_is_state_you_call_and_read():
    board = Board("W:WK29:BK4")
    assert board.count is None
    board.call_count()
    assert board.count == 0 and board.count_claimant == "W"
    board.push("29-25")  # the claimant's king move without capture is move 1
    assert board.count == 1
    board.push("4-8")    # the opponent's moves are not counted
    assert board.count == 1


def test_it_d2_draw_at_the_claimants_fortieth_counted_move():
    board = Board("W:WK29:BK4")
    board.call_count()
    shuttle(board, ("29-25", "25-29"), ("4-8", "8-4"), 2 * 39)
    assert board.count == 39 and board.outcome() is None
    board.push(board.legal_moves[0])
    assert board.count == 40
    outcome = board.outcome()
    assert outcome.termination is Termination.FORTY_MOVE_COUNT and outcome.winner is None
    assert outcome.rule == "IT-D2" and "40" in outcome.text("it")


def test_it_d2_a_man_move_by_either_player_restarts_the_count_and_the_claim_stays():
    board = Board("W:WK29,24:BK4,9")
    board.call_count()
    shuttle(board, ("29-25", "25-29"), ("4-8", "8-4"), 6)
    assert board.count == 3
    board.push("24-20")  # the claimant's man move
    assert board.count == 0 and board.count_claimant == "W"
    board.push("8-4")
    board.push("25-29")
    assert board.count == 1
    board.push("9-13")   # the opponent's man move restarts it too
    assert board.count == 0 and board.count_claimant == "W"


def test_it_d2_a_capture_restarts_the_count():
    board = Board("W:WK29,K22:BK4,18")
    board.call_count()
    board.push("22x13")
    assert board.count == 0


def test_it_d2_the_opponent_may_be_the_claimant():
    board = Board("B:WK29:BK4")
    board.call_count()
    assert board.count_claimant == "B"
    board.push("4-8")
    board.push("29-25")
    assert board.count == 1


def test_it_d2_pop_restores_the_count():
    board = Board("W:WK29:BK4")
    board.push("29-25")
    board.call_count()  # Black calls before its move
    board.push("4-8")
    assert board.count == 1
    board.pop()
    assert board.count == 0 and board.count_claimant == "B"
    board.pop()
    assert board.count is None


def test_it_d2_calling_twice_or_in_another_variant_is_refused():
    board = Board("W:WK29:BK4")
    board.call_count()
    with pytest.raises(CountError):
        board.call_count()
    with pytest.raises(CountError):
        Board(variant="international").call_count()
    with pytest.raises(CountError):
        Board("W:W:B1").call_count()  # the game is over


# -- IT-D3 / INT-D2 / BR-D1: repetition ---------------------------------------------------------

def test_it_d3_third_repetition_is_a_claimable_draw():
    board = Board("W:WK29:BK4")
    shuttle(board, ("29-25", "25-29"), ("4-8", "8-4"), 8)
    assert board.repetitions() == 3
    assert board.can_claim_draw()
    assert board.outcome() is None
    outcome = board.outcome(claim_draw=True)
    assert outcome.termination is Termination.REPETITION and outcome.rule == "IT-D3"


def test_repetition_counts_only_since_the_last_man_move():
    board = Board("W:WK29,24:BK4")
    shuttle(board, ("29-25", "25-29"), ("4-8", "8-4"), 4)
    assert board.repetitions() == 2
    board.push("24-20")
    assert board.repetitions() == 1


def test_int_d2_third_repetition_draws_at_once():
    board = Board("W:WK46,K47:BK1,K2", "international")
    shuttle(board, ("46-41", "41-46"), ("1-6", "6-1"), 8)
    outcome = board.outcome()
    assert outcome.termination is Termination.REPETITION and outcome.rule == "INT-D2"


def test_br_d1_third_repetition_draws_at_once():
    board = Board("W:WK30,K31:BK1,K2", "brazilian")
    shuttle(board, ("30-25", "25-30"), ("1-5", "5-1"), 8)
    assert board.outcome().rule == "BR-D1"


# -- INT-D3, BR-D1: king moves without captures or man moves --------------------------------------

def test_int_d3_twenty_five_king_moves_each_draw():
    board = Board("W:WK46,K47:BK4,K5", "international")
    wander(board, 49)
    assert board.king_move_plies == 49 and board.outcome() is None
    wander(board, 1)
    outcome = board.outcome()
    assert outcome.termination is Termination.KING_MOVES and outcome.rule == "INT-D3"


def test_int_d3_a_man_move_restarts_the_king_move_count():
    board = Board("W:WK46,K47,35:BK4,K5", "international")
    wander(board, 10)
    assert board.king_move_plies == 10 and board.turn == "W"
    board.push("35-30")
    assert board.king_move_plies == 0


def test_br_d1_twenty_king_moves_each_draw():
    # "20 lances sucessivos de damas": read like INT-D3's 25, as moves by each player.
    board = Board("W:WK29,K30:BK1,K2", "brazilian")
    wander(board, 39)
    assert board.outcome() is None
    wander(board, 1)
    assert board.outcome().termination is Termination.KING_MOVES
    assert board.outcome().rule == "BR-D1"


# -- INT-D4: endgame limits ------------------------------------------------------------------

@pytest.mark.parametrize("fen, moves_each", [
    ("W:WK46,K47,K48:BK3", 16),   # three kings against one
    ("W:WK46,K47,36:BK3", 16),    # two kings and a man
    ("W:WK46,36,37:BK3", 16),     # a king and two men
    ("W:WK46,K47:BK3", 5),        # two kings
    ("W:WK46,36:BK3", 5),         # a king and a man
    ("W:WK46:BK3", 5),            # one king
])
def test_int_d4_endgame_limits(fen, moves_each):
    board = Board(fen, "international")
    assert board.endgame_plies == (0, 2 * moves_each)
    wander(board, 2 * moves_each - 1)
    assert board.outcome() is None
    wander(board, 1)
    outcome = board.outcome()
    assert outcome.termination is Termination.ENDGAME_LIMIT and outcome.rule == "INT-D4"


def test_int_d4_does_not_apply_with_more_material():
    assert Board("W:WK46,K47,K48,K49:BK5", "international").endgame_plies is None
    assert Board(variant="international").endgame_plies is None


# -- history ------------------------------------------------------------------------------------

def test_the_move_history_with_notation():
    board = Board()
    for text in ["22-19", "10-14", "19x10", "5x14"]:
        board.push(text)
    assert board.notation() == "1. 22-19 10-14 2. 19x10 5x14"
    assert [str(m) for m in board.move_stack] == ["22-19", "10-14", "19x10", "5x14"]
    assert board.peek().captures == (10,)


def test_history_starting_with_black_to_move():
    board = Board("B:W21-32:B1-12")
    board.push("11-15")
    board.push("22-18")
    assert board.notation() == "1... 11-15 2. 22-18"


# -- IT-D1, INT-D1, IT-E1: agreement and resignation -------------------------------------------

@pytest.mark.parametrize("variant, rule", [("italian", "IT-D1"), ("international", "INT-D1"),
                                           ("brazilian", "BR-D1")])
def test_draw_by_agreement(variant, rule):
    board = Board(variant=variant)
    board.agree_draw()
    outcome = board.outcome()
    assert outcome.termination is Termination.AGREEMENT and outcome.winner is None
    assert outcome.rule == rule and "accordati" in outcome.text("it")
    with pytest.raises(CountError):
        board.resign()


def test_it_e1_resigning_loses_and_pop_takes_it_back():
    board = Board()
    board.push("22-19")
    board.resign()  # Black, to move, resigns
    assert board.outcome().winner == "W" and board.outcome().rule == "IT-E1"
    assert "abbandona" in board.outcome().text("it")
    board.pop()
    assert board.outcome() is None
