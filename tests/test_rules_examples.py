"""Every worked example of RULES.md, and positions built for each rule id of sections 1-3.

Each test names the rule it checks. Expected move sets are written by hand from RULES.md;
the worked examples are also run through the independent reference generator
(tests/reference.py), so that a typo in a table would show up as well.
"""

import pytest

import reference as R
from damalib import Board, IllegalMoveError, Move, NotationError, Piece, perft


def moves(fen, variant="italian"):
    return {str(m) for m in Board(fen, variant).legal_moves}


def fen_position(fen, variant):
    """(position dict, turn) of a FEN, read through damalib only for the piece list."""
    board = Board(fen, variant)
    return {s: p.symbol for s, p in board.pieces().items()}, board.turn


def reference_moves(fen, variant):
    """The reference generator's moves written as IT-N says (full path only when another
    move shares start and end)."""
    position, turn = fen_position(fen, variant)
    legal = R.legal_moves(position, turn, variant)
    shared = {}
    for path, _ in legal:
        shared[path[0], path[-1]] = shared.get((path[0], path[-1]), 0) + 1
    out = set()
    for path, caps in legal:
        if not caps:
            out.add(f"{path[0]}-{path[-1]}")
        elif shared[path[0], path[-1]] > 1:
            out.add("x".join(map(str, path)))
        else:
            out.add(f"{path[0]}x{path[-1]}")
    return out


# -- the worked example tables -------------------------------------------------------------

ITALIAN_TABLE = [
    ("IT-C2", "W:W30:B27", {"30x23"}),
    ("IT-C5", "W:W31:B12,20,28", {"31x8"}),
    ("IT-C4", "W:WK22:B18,19,27", {"22x13", "22x15", "22x31"}),
    ("IT-C5", "W:WK27:B5,6,13,15,21,23", {"27x25"}),
    ("IT-P1", "W:WK21,31:B10,18,27", {"31x6"}),
    ("IT-P2", "W:WK23,31:B19,26,27", {"23x21"}),
    ("IT-P3", "W:WK23:B19,K28", {"23x32"}),
    ("IT-P4", "W:WK30:B10,12,18,K20,K26,27", {"30x5"}),
    ("IT-P5", "W:WK31:B18,20,K27,K28", {"31x13", "31x15"}),
    ("IT-C3", "W:W32:BK28", set()),
    ("IT-C3", "W:W30:BK26", {"30-27"}),
]

INTERNATIONAL_TABLE = [
    ("INT-C2", "W:WK46:B23", {"46x19", "46x14", "46x10", "46x5"}),
    ("INT-C1", "W:W35:B30,K40", {"35x24", "35x44"}),
    ("INT-C2", "W:WK47:B9,12,33", {"47x17", "47x21", "47x26"}),
    ("INT-K1", "W:W15:B9,10", {"15x13"}),
    ("INT-P1", "W:W48:B24,K31,34,K42,43", {"48x19"}),
    ("INT-P1", "W:W26:B12,K21,31,32", {"26x8", "26x28"}),
]


@pytest.mark.parametrize("rule,fen,expected", ITALIAN_TABLE,
                         ids=[f"{r}-{f}" for r, f, _ in ITALIAN_TABLE])
def test_italian_worked_examples(rule, fen, expected):
    assert moves(fen, "italian") == expected
    assert reference_moves(fen, "italian") == expected


@pytest.mark.parametrize("rule,fen,expected", INTERNATIONAL_TABLE,
                         ids=[f"{r}-{f}" for r, f, _ in INTERNATIONAL_TABLE])
def test_international_worked_examples(rule, fen, expected):
    assert moves(fen, "international") == expected
    assert reference_moves(fen, "international") == expected


def test_it_c5_the_king_takes_six_along_the_full_path():
    (move,) = Board("W:WK27:B5,6,13,15,21,23").legal_moves
    assert move.path == (27, 20, 11, 2, 9, 18, 25)
    assert move.captures == (23, 15, 6, 5, 13, 21)
    assert str(move) == "27x25"


def test_it_c5_the_man_takes_three_along_the_full_path():
    (move,) = Board("W:W31:B12,20,28").legal_moves
    assert move.path == (31, 24, 15, 8) and move.captures == (28, 20, 12)


def test_it_p1_the_man_takes_three_rather_than_the_king_two():
    (move,) = Board("W:WK21,31:B10,18,27").legal_moves
    assert move.path == (31, 22, 13, 6) and move.captures == (27, 18, 10)


def test_int_k1_worked_example_path_and_no_promotion():
    board = Board("W:W15:B9,10", "international")
    (move,) = board.legal_moves
    assert move.path == (15, 4, 13) and move.captures == (10, 9)
    board.push(move)
    assert board.piece_at(13) == Piece("W", False)  # passed the back row, stays a man


def test_int_c2_worked_example_chain():
    board = Board("W:WK47:B9,12,33", "international")
    assert {m.path for m in board.legal_moves} == {
        (47, 20, 3, 17), (47, 20, 3, 21), (47, 20, 3, 26)}
    assert {m.captures for m in board.legal_moves} == {(33, 9, 12)}


# -- Dama Italiana: board and pieces ---------------------------------------------------------

def test_it_b1_dark_square_in_the_bottom_right_corner():
    # IT-B1: h1 is dark (square 32), a1 is light (not a square of the game).
    board = Board("W:W32:B1")
    assert board.parse_move("h1-g2") == Move((32, 28))
    with pytest.raises(NotationError):
        board.parse_move("a1-b2")
    assert board.piece_at(32) == Piece("W", False)
    assert board.variant.squares == 32


@pytest.mark.parametrize("square,name", [(1, "a8"), (2, "c8"), (3, "e8"), (4, "g8"), (5, "b7"),
                                         (8, "h7"), (9, "a6"), (29, "b1"), (30, "d1"),
                                         (31, "f1"), (32, "h1")])
def test_it_b2_numbering_of_the_corners_and_rows(square, name):
    # IT-B2: 1 = a8 ... 32 = h1, read through piece_at, FEN and the algebraic move reader.
    if square > 4:
        fen, expected = f"W:W{square}:B12", {square: Piece("W", False), 12: Piece("B", False)}
    else:
        fen, expected = f"W:W21:B{square}", {square: Piece("B", False), 21: Piece("W", False)}
    board = Board(fen)
    assert board.pieces() == expected
    assert board.piece_at(square) == expected[square]
    assert board.parse_squares(f"{name}-{name}") == (square, square)


def test_it_b2_neighbours_follow_the_row_layout():
    # IT-B2: even rows start on file a, odd rows on file b. 9 = a6 has one forward neighbour,
    # 12 = g6 two (7 and 8), 21 = a3 two (17 and 18).
    assert moves("W:W9,12,21:B28") == {"9-5", "12-7", "12-8", "21-17", "21-18"}
    assert moves("W:W5:B20") == {"5-1", "5-2"}


def test_it_b3_start_position():
    board = Board()
    assert board.fen() == "W:W21-32:B1-12"
    pieces = board.pieces()
    assert {s for s, p in pieces.items() if p == Piece("B", False)} == set(range(1, 13))
    assert {s for s, p in pieces.items() if p == Piece("W", False)} == set(range(21, 33))
    assert all(board.piece_at(s) is None for s in range(13, 21))
    assert Board("W:W21-32:B1-12") == board


def test_it_b4_white_first_seven_moves_then_alternate():
    board = Board()
    assert board.turn == "W"
    assert {str(m) for m in board.legal_moves} == {
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"}
    board.push("22-19")
    assert board.turn == "B"
    assert all(board.piece_at(m.start).colour == "B" for m in board.legal_moves)
    assert {str(m) for m in board.legal_moves} == {
        "9-13", "10-13", "10-14", "11-14", "11-15", "12-15", "12-16"}
    with pytest.raises(IllegalMoveError):
        board.push("23-20")  # one move per turn: White cannot move twice
    board.push("11-15")
    assert board.turn == "W"


# -- Dama Italiana: moving -----------------------------------------------------------------

def test_it_m1_man_moves_one_square_forward_only():
    assert moves("W:W22:B1") == {"22-18", "22-19"}
    assert moves("B:W32:B11") == {"11-14", "11-15"}  # Black towards 29-32
    assert moves("W:W18,22:B1") == {"18-13", "18-14", "22-19"}  # 22-18: square taken


def test_it_m2_king_moves_one_square_in_any_direction():
    assert moves("W:WK22:B1") == {"22-18", "22-19", "22-26", "22-27"}  # short king: no 22-15
    assert moves("B:W32:BK1") == {"1-5"}


# -- Dama Italiana: capturing ----------------------------------------------------------------

def test_it_c1_capture_is_compulsory():
    board = Board("W:W22,31:B18")
    assert {str(m) for m in board.legal_moves} == {"22x13"}
    with pytest.raises(IllegalMoveError):
        board.push("31-27")


def test_it_c2_capture_needs_the_square_behind_empty_and_the_piece_adjacent():
    assert moves("W:W30:B27,23") == {"30-26"}          # 23 behind 27 is taken
    assert moves("W:W30:B23") == {"30-26", "30-27"}    # 23 not adjacent: no jump


def test_it_c3_man_captures_only_forwards():
    assert moves("W:W22:B26") == {"22-18", "22-19"}    # 26 is behind the man
    assert moves("W:W18:B22", "italian") == {"18-13", "18-14"}  # 18x25 in Brazilian


def test_it_c3_man_chain_stops_before_a_king():
    assert moves("W:W31:B27,18") == {"31x13"}
    assert moves("W:W31:B27,K18") == {"31x22"}          # the man cannot go on over the king


def test_it_c4_king_captures_backwards_and_kings():
    assert moves("W:WK14:BK18") == {"14x21"}
    assert moves("B:WK23:BK19") == {"19x28"}            # a black king takes a white king


def test_it_c5_the_chain_must_be_completed():
    board = Board("W:W31:B12,20,28")
    with pytest.raises(IllegalMoveError):
        board.push("31x24")                            # stopping after the first jump
    board.push("31x8")
    assert board.pieces() == {8: Piece("W", False)}


def test_it_c6_a_piece_cannot_be_jumped_twice():
    # Jumping 18 back would make it two captures (and IT-P1 would then demand it).
    board = Board("W:WK22:B18")
    (move,) = board.legal_moves
    assert move.path == (22, 13) and move.captures == (18,)


def test_it_c6_a_capture_may_end_on_its_start_square():
    # The king goes round the four men and lands on 22 again; the two directions take the
    # same pieces between the same squares and are one move (IT-P5, RULES.md section 6).
    board = Board("W:WK22:B10,11,18,19")
    (move,) = board.legal_moves
    assert move.path in {(22, 13, 6, 15, 22), (22, 15, 6, 13, 22)}
    assert set(move.captures) == {10, 11, 18, 19}
    assert str(move) in {"22x22", "x".join(map(str, move.path))}
    board.push(move)
    assert board.pieces() == {22: Piece("W", True)}   # captured pieces lifted at the end


def test_it_c6_captured_pieces_stay_until_the_move_is_over():
    # Italian jumps land on squares an even number of rows and files away from the start and
    # jump pieces at odd distances, so a short piece can never land on a captured piece:
    # "a captured piece still blocks" is only observable with flying kings (INT-C3, below).
    # Here: the three men are lifted together when the move is over, and pop restores them.
    board = Board("W:W31:B12,20,28")
    (move,) = board.legal_moves
    board.push(move)
    assert [board.piece_at(s) for s in (12, 20, 28)] == [None, None, None]
    assert board.pop() == move
    assert board.fen() == "W:W31:B12,20,28"


def test_it_c7_promotion_ends_the_capture():
    # The man takes 6 and reaches 3; a king on 3 could take 7 next, but the move ends.
    board = Board("W:W10:B6,7")
    (move,) = board.legal_moves
    assert str(move) == "10x3" and move.captures == (6,)
    board.push(move)
    assert board.piece_at(3) == Piece("W", True)      # IT-K1
    assert board.piece_at(7) == Piece("B", False)


def test_it_c7_against_int_k1_on_the_same_shape():
    # Brazilian (INT-K1 via BR-B1): the man passes the back row and goes on, staying a man.
    board = Board("W:W10:B7,8", "brazilian")
    (move,) = board.legal_moves
    assert move.path == (10, 3, 12) and move.captures == (7, 8)
    board.push(move)
    assert board.piece_at(12) == Piece("W", False)


def test_it_k1_promotion_then_plays_as_king_next_turn():
    board = Board("W:W6:B20")
    assert {str(m) for m in board.legal_moves} == {"6-2", "6-3"}
    board.push("6-2")
    assert board.piece_at(2) == Piece("W", True)
    board.push("20-24")
    assert {str(m) for m in board.legal_moves} == {"2-5", "2-6"}  # backwards now
    black = Board("B:W5:B27")
    black.push("27-31")
    assert black.piece_at(31) == Piece("B", True)


# -- Dama Italiana: precedence ---------------------------------------------------------------

def test_it_p1_a_king_counts_as_one_piece():
    # The king could take the black king on 15 (one piece) or the men 7 and 6 (two).
    assert moves("W:WK12:B6,7,K15") == {"12x10"}


def test_it_p2_king_rather_than_man_between_equal_counts():
    board = Board("W:WK23,31:B19,26,27")
    (move,) = board.legal_moves
    assert move.start == 23 and move.captures == (27, 26)
    # Without the king, the man must capture (27 then 19, also two pieces).
    assert moves("W:W31:B19,26,27") == {"31x15"}


def test_it_p3_most_kings():
    assert moves("W:WK23:B19,K28") == {"23x32"}
    assert moves("W:WK23:B19,28") == {"23x14", "23x32"}  # same pieces as men: free choice


def test_it_p4_the_king_met_first():
    (move,) = Board("W:WK30:B10,12,18,K20,K26,27").legal_moves
    assert move.captures[0] == 26  # the king is the first piece taken


def test_it_p4_second_king_decides_and_applies_before_duplicates_merge():
    # Round the same four pieces in either direction: 26(K) 27(K) 19 18(K) has kings at
    # jumps 1, 2, 4; the other way, 18(K) 19 27(K) 26(K), at 1, 3, 4. The first king comes at
    # the same jump, so the earlier second king decides: only the first order is legal.
    board = Board("W:WK21:BK18,19,K26,K27")
    (move,) = board.legal_moves
    assert move.path == (21, 30, 23, 14, 21)
    assert move.captures == (26, 27, 19, 18)


def test_it_p5_free_choice_among_equals():
    assert moves("W:WK31:B18,20,K27,K28") == {"31x13", "31x15"}


# -- International draughts -------------------------------------------------------------------

@pytest.mark.parametrize("square,name", [(1, "b10"), (5, "j10"), (6, "a9"), (46, "a1"),
                                         (50, "i1"), (45, "j2")])
def test_int_b1_numbering(square, name):
    board = Board(f"W:W{square}:B25" if square > 5 else f"W:W25:B{square}", "international")
    assert board.piece_at(square) is not None
    assert board.parse_squares(f"{name}-{name}") == (square, square)


def test_int_b1_a1_is_dark_and_edges():
    board = Board("W:W45,46:B1", "international")
    assert {str(m) for m in board.legal_moves} == {"45-40", "46-41"}
    assert board.parse_move("a1-b2") == Move((46, 41))
    assert board.variant.squares == 50


def test_int_b2_start_position():
    board = Board(variant="international")
    assert board.fen() == "W:W31-50:B1-20" and board.turn == "W"
    assert len(board.pieces()) == 40
    assert {str(m) for m in board.legal_moves} == {
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}


def test_int_m1_men_move_forward_only():
    assert moves("W:W33:B1", "international") == {"33-28", "33-29"}
    assert moves("B:W50:B18", "international") == {"18-22", "18-23"}


def test_int_m2_flying_king():
    assert moves("W:WK46:B5", "international") == {
        "46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10"}
    # Its own man on 28 stops it.
    assert moves("W:WK46,28:B5", "international") == {
        "46-41", "46-37", "46-32", "28-22", "28-23"}


def test_int_c1_men_capture_backwards_and_compulsorily():
    assert moves("W:W18:B22", "international") == {"18x27"}
    assert moves("W:W28:B22,23", "international") == {"28x17", "28x19"}


def test_int_c2_king_cannot_jump_two_pieces_in_a_row():
    # 22 and 17 stand together on the king's diagonal: no capture, so the king just moves.
    assert moves("W:WK28:B22,K17,11", "international") == {
        "28-5", "28-10", "28-14", "28-19", "28-23", "28-32", "28-33", "28-37", "28-39",
        "28-41", "28-44", "28-46", "28-50"}


def test_int_c3_a_captured_piece_still_blocks():
    # After taking 7 the king on 1 may not come back over 7 to take 18; after taking 18 it
    # may not come back over 18 to take 7 (it would, if pieces were lifted at once).
    assert moves("W:WK12:B7,18", "international") == {
        "12x1", "12x23", "12x29", "12x34", "12x40", "12x45"}


def test_int_c3_empty_squares_may_be_crossed_twice():
    # 8x30 takes 24, 30x48 takes 34, 48x31 takes 37 and 31x4/9/13 takes 18: the first leg
    # crosses the empty square 13, and the last leg crosses it again (or lands on it).
    board = Board("W:WK8:B18,K24,K34,K37", "international")
    assert {str(m) for m in board.legal_moves} == {"8x4", "8x9", "8x13"}
    assert {m.path for m in board.legal_moves} == {
        (8, 30, 48, 31, 4), (8, 30, 48, 31, 9), (8, 30, 48, 31, 13)}
    assert {m.captures for m in board.legal_moves} == {(24, 34, 37, 18)}
    path = (8, 30, 48, 31, 4)
    crossed = [s for a, b in zip(path, path[1:]) for s in _between(a, b)]
    assert crossed.count(13) == 2


def _between(a, b, variant="international"):
    (r1, c1), (r2, c2) = R.rc_of(a, variant), R.rc_of(b, variant)
    dr, dc = (r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1)
    out, r, c = [], r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        out.append(R.square_of(r, c, variant))
        r, c = r + dr, c + dc
    return [s for s in out if s not in (18, 24, 34, 37)]


def test_int_p1_kings_count_the_same_as_men():
    # Two men (29, 30) beat one king (19); one king is not worth more than a man.
    assert moves("W:W23:BK19,29,30", "international") == {"23x25"}
    # Free choice between a king and a man, one piece each.
    assert moves("W:W28:B22,K23", "international") == {"28x17", "28x19"}


def test_int_k1_man_ending_on_the_back_row_is_promoted():
    board = Board("W:W6:B45", "international")
    board.push("6-1")
    assert board.piece_at(1) == Piece("W", True)
    board = Board("W:W12:B7", "international")
    board.push("12x1")
    assert board.piece_at(1) == Piece("W", True)


# -- Brazilian and Filipino draughts ---------------------------------------------------------

@pytest.mark.parametrize("variant", ["brazilian", "filipino", "brasiliana", "filippina"])
def test_br_b1_start_and_international_rules_on_8x8(variant):
    board = Board(variant=variant)
    assert board.fen() == "W:W21-32:B1-12" and board.turn == "W"
    assert len(board.pieces()) == 24
    assert perft(board, 5) == 7473                       # RULES.md section 6
    assert moves("W:W18:B22", variant) == {"18x25"}      # INT-C1: men capture backwards
    assert moves("W:W22:BK18", variant) == {"22x15"}     # INT-C1: a man takes a king
    assert moves("W:WK29:B4", variant) == {               # INT-M2: flying king
        "29-25", "29-22", "29-18", "29-15", "29-11", "29-8"}
    assert moves("W:WK29:B11", variant) == {"29x8", "29x4"}  # INT-C2
    assert moves("W:W17:B14,15,K22", variant) == {"17x19"}   # INT-P1: two men, not a king
    b = Board("W:W10:B7,8", variant)                      # INT-K1: passes the back row
    (move,) = b.legal_moves
    assert move.path == (10, 3, 12)


@pytest.mark.parametrize("variant", ["brazilian", "filipino"])
@pytest.mark.parametrize("square,name", [(1, "b8"), (2, "d8"), (3, "f8"), (4, "h8"), (5, "a7"),
                                         (29, "a1"), (30, "c1"), (31, "e1"), (32, "g1")])
def test_br_b2_numbering(variant, square, name):
    board = Board(f"W:W{square}:B12" if square > 4 else f"W:W21:B{square}", variant)
    assert board.piece_at(square) is not None
    assert board.parse_squares(f"{name}-{name}") == (square, square)


def test_br_b2_neighbours_follow_the_row_layout():
    # 29 = a1 goes to 25 = b2 only; 5 = a7 to 1 = b8 only; 12 = h6 to 8 = g7 only.
    assert moves("W:W29,5,12:B4", "brazilian") == {"29-25", "5-1", "12-8"}
    assert Board("W:W29:B4", "brazilian").parse_move("a1-b2") == Move((29, 25))


def test_italian_names_of_the_variants():
    assert moves("W:W30:BK26", "italiana") == {"30-27"}
    assert moves("W:W35:B30,K40", "internazionale") == {"35x24", "35x44"}
