"""The puzzle solver (damalib.solver): proofs, accepted moves and the goals."""

import dataclasses
import random
import time

import pytest

from damalib import Board
from damalib import endgame
from damalib.endgame import DRAW
from damalib.solver import GOALS, Line, Proof, ProofError, accepted_moves, solve, solve_all

SHOT = "W:W15,28,31:B9,10,18,20"      # 28-23 20x27 (IT-C1) 31x22x13x6 (IT-C5): one for three
SHOT_2 = "W:W10,20,25,29:B4,11,17,19"  # 25-21 17x26 29x22x15x6
BLOCK_IN_ONE = "W:W23,24:B16"          # 24-20: the man on 16 can neither move nor take (IT-E1)
BLOCK_IN_THREE = "W:W29,31:B19,25"
# Middlegame positions where one move wins material in five plies (found by random play).
MIDDLEGAME = [
    ("B:W5,17,25,26,28-30,32:B2-4,6-9,13,27", "27-31"),
    ("W:W15,17,22,23,26,28,30-32:B1-4,6,8,9,14,16,25", "23-20"),
    ("B:W17,18,20,21,23,27,29-32:B2,4-6,8-13,22", "11-14"),
    ("W:W18,20-23,25-30,32:B1-3,5-9,11,12,14,16", "20-15"),
]


def turned(fen: str) -> str:
    """Colours swapped and the board turned round: the same puzzle for the other side."""
    board = Board(fen)
    white, black = [], []
    for square, piece in board.pieces().items():
        (black if piece.colour == "W" else white).append(("K" if piece.king else "")
                                                         + str(33 - square))
    return f"{'B' if board.turn == 'W' else 'W'}:W{','.join(white)}:B{','.join(black)}"


# -- a reference: plain AND-OR recursion over the public Board API, no table -------------------

def balance(board, side, king_value=1):
    return sum((king_value if p.king else 1) * (1 if p.colour == side else -1)
               for p in board.pieces().values())


def reference_accepts(board, goal, max_plies, king_value=1):
    attacker = board.turn
    start = balance(board, attacker, king_value)

    def attack(r):
        moves = board.legal_moves
        if not moves:
            return False               # the attacker has lost (IT-E1)
        if goal == "draw" and r == 0:
            return True
        return r >= 1 and any(after(move, r) for move in moves)

    def after(move, r):
        promoted = not board.piece_at(move.start).king
        board.push(move)
        try:
            promoted = promoted and board.piece_at(move.end).king
            return defend(r - 1, promoted)
        finally:
            board.pop()

    def defend(r, promoted):
        moves = board.legal_moves
        if not moves:
            has_pieces = any(p.colour != attacker for p in board.pieces().values())
            return goal != "block" or has_pieces
        if goal == "draw" and r == 0:
            return True
        if goal == "promote" and promoted:
            return True
        if goal == "material" and not moves[0].captures \
                and balance(board, attacker, king_value) > start:
            return True
        if r == 0:
            return False
        for move in moves:
            board.push(move)
            try:
                if not attack(r - 1):
                    return False
            finally:
                board.pop()
        return True

    return [move for move in board.legal_moves if after(move, max_plies)]


def random_small_position(rng, variant="italian"):
    while True:
        n_white, n_black = rng.choice([(1, 1), (2, 1), (1, 2), (2, 2), (3, 2), (2, 3)])
        squares = rng.sample(range(1, 33), n_white + n_black)

        def token(square, colour):
            # Men never stand on the row where they would have been promoted.
            promoted_row = square <= 4 if colour == "W" else square >= 29
            king = promoted_row or rng.random() < 0.3
            return ("K" if king else "") + str(square)

        white = [token(s, "W") for s in squares[:n_white]]
        black = [token(s, "B") for s in squares[n_white:]]
        board = Board(f"{rng.choice('WB')}:W{','.join(white)}:B{','.join(black)}", variant)
        if board.legal_moves:
            return board


# -- proofs --------------------------------------------------------------------------------------

def test_the_shot_is_solved_and_checked_move_by_move():
    board = Board(SHOT)
    proof = solve(board, "material", 5)
    assert proof is not None
    assert str(proof.move) == "28-23"
    # The sacrifice, the forced capture (IT-C1), the triple capture (IT-C5).
    assert [str(m) for m in proof.main_line()] == ["28-23", "20x27", "31x6"]
    assert proof.plies == 3
    assert proof.verify()
    assert [str(m) for m in proof.accepted_moves()] == ["28-23"]
    assert board.fen() == SHOT and not board.move_stack  # the board is left alone


@pytest.mark.parametrize("fen, first", [(SHOT, "28-23"), (SHOT_2, "25-21")] + MIDDLEGAME)
def test_material_puzzles_are_solved_quickly(fen, first):
    board = Board(fen)
    start = time.perf_counter()
    proof = solve(board, "material", 7)
    accepted = accepted_moves(board, "material", 7)
    assert time.perf_counter() - start < 1.5  # typically a few milliseconds
    assert proof is not None and proof.verify()
    assert [str(m) for m in accepted] == [first]
    assert str(proof.move) == first


@pytest.mark.parametrize("fen, first", [(SHOT, "28-23"), (SHOT_2, "25-21")])
def test_the_same_puzzle_for_black(fen, first):
    board = Board(turned(fen))
    proof = solve(board, "material", 5)
    expected = "-".join(str(33 - int(s)) for s in first.split("-"))
    assert str(proof.move) == expected and proof.verify()


def test_a_win_by_blocking_in_one():
    board = Board(BLOCK_IN_ONE)
    for goal in ("block", "win"):
        proof = solve(board, goal, 1)
        assert str(proof.move) == "24-20" and proof.plies == 1 and proof.verify()
        assert [str(m) for m in accepted_moves(board, goal, 1)] == ["24-20"]
    # Within three plies 23-19 wins too (16-20 is forced, then 24x15 takes the last man):
    # any winning first move is accepted, but it is no block.
    assert [str(m) for m in accepted_moves(board, "win", 3)] == ["23-19", "24-20"]
    assert [str(m) for m in accepted_moves(board, "block", 3)] == ["24-20"]
    board.push("24-20")
    assert board.outcome().winner == "W" and board.outcome().rule == "IT-E1"


def test_a_block_in_three_and_nothing_sooner():
    board = Board(BLOCK_IN_THREE)
    assert solve(board, "block", 1) is None
    proof = solve(board, "block", 3)
    assert proof is not None and proof.plies == 3 and proof.verify()
    assert accepted_moves(board, "block", 3) == reference_accepts(board, "block", 3)
    for line in proof.lines():
        replay = board.copy()
        for move in line:
            replay.push(move)
        # Every line ends with Black still owning pieces but unable to move (IT-E1).
        assert replay.turn == "B" and not replay.legal_moves
        assert any(p.colour == "B" for p in replay.pieces().values())


def test_taking_the_last_piece_is_a_win_but_not_a_block():
    board = Board("W:W22:B18")  # 22x13 is compulsory (IT-C1) and leaves Black nothing
    assert solve(board, "win", 1).plies == 1
    assert solve(board, "block", 5) is None


def test_promotion_goal():
    board = Board("W:W5:B20")  # both 5-1 and 5-2 reach the far row and promote (IT-C7)
    proof = solve(board, "promote", 1)
    assert proof.plies == 1 and proof.verify()
    assert [str(m) for m in accepted_moves(board, "promote", 1)] == ["5-1", "5-2"]
    assert solve(Board("W:W25:B4"), "promote", 5) is None  # too far: six rows to go


def test_king_value_counts_promotions_as_material():
    # 5-1 promotes: no piece is won, but a man becomes a king.
    board = Board("W:W5,30:B20")
    assert solve(board, "material", 1) is None
    proof = solve(board, "material", 1, king_value=2)
    assert proof is not None and proof.move.start == 5 and proof.verify()


def test_no_win_within_the_limit_gives_none():
    assert solve(Board(), "win", 5) is None
    assert accepted_moves(Board(), "win", 5) == []
    assert solve(Board(SHOT), "material", 1) is None
    board = Board("W:WK10,K19:BK28")
    value = endgame.tables().value(*board.relative())
    assert value % 2 == 1
    assert solve(board, "win", value - 2) is None
    assert solve(board, "win", value).plies == value


def test_win_lengths_agree_with_the_endgame_tables():
    # Two independent methods: retrograde analysis and this forward AND-OR search.
    tables = endgame.tables()
    rng = random.Random(2)
    checked = 0
    while checked < 25:
        a, b, c = rng.sample(range(1, 33), 3)
        board = Board(f"{rng.choice('WB')}:WK{a},K{b}:BK{c}")
        if not board.legal_moves:
            continue
        value = tables.value(*board.relative())
        proof = solve(board, "win", 9)
        if value != DRAW and value % 2 == 1 and value <= 9:
            assert proof is not None and proof.plies == value, board.fen()
            assert proof.verify()
        else:
            assert proof is None, board.fen()
        checked += 1


def test_draw_goal_is_not_losing_within_the_limit():
    tables = endgame.tables()
    # The lone king to move in the single corner is lost in some plies (IT-E1) ...
    board = Board("B:WK10,K19:BK4")
    value = tables.value(*board.relative())
    assert value != DRAW and value % 2 == 0
    assert solve(board, "draw", value) is None
    proof = solve(board, "draw", value - 1)
    assert proof is not None and proof.verify() and proof.plies == value - 1
    # ... while a king against a king in the double corner holds as long as we look.
    board = Board("W:WK29:BK4")
    proof = solve(board, "draw", 8)
    assert proof is not None and proof.verify()
    assert accepted_moves(board, "draw", 6) == reference_accepts(board, "draw", 6)


# -- accepted moves against brute force ---------------------------------------------------------

@pytest.mark.parametrize("variant", ["italian", "brazilian"])
def test_accepted_moves_match_brute_force_on_small_positions(variant):
    rng = random.Random(7 if variant == "italian" else 8)
    for _ in range(20):
        board = random_small_position(rng, variant)
        for goal in GOALS:
            plies = 4 if goal == "draw" else 3
            expected = reference_accepts(board, goal, plies)
            got = accepted_moves(board, goal, plies)
            assert got == expected, (board.fen(), goal)
            proofs = solve_all(board, goal, plies)
            assert list(proofs) == expected
            for proof in proofs.values():
                assert proof.verify(), (board.fen(), goal)
            single = solve(board, goal, plies)
            assert (single is None) == (not expected)
            if single is not None:
                assert single.move in expected and single.verify()


@pytest.mark.slow
def test_accepted_moves_match_brute_force_deeper():
    for variant, seed in (("italian", 11), ("brazilian", 12)):
        rng = random.Random(seed)
        for _ in range(40):
            board = random_small_position(rng, variant)
            for goal in GOALS:
                assert accepted_moves(board, goal, 5) == reference_accepts(board, goal, 5), \
                    (board.fen(), goal)


def test_accepted_moves_include_every_winning_first_move():
    # Two kings against one near the corner: several first moves win, all must be accepted.
    board = Board("W:WK6,K10:BK1")
    accepted = accepted_moves(board, "win", 7)
    assert accepted == reference_accepts(board, "win", 7)
    assert len(accepted) >= 2
    best = solve(board, "win", 7)
    assert best.move in accepted


# -- checking proofs -------------------------------------------------------------------------------

def test_a_tampered_proof_fails_verification():
    proof = solve(Board(SHOT), "material", 5)
    board = Board(SHOT)
    wrong_first = next(m for m in board.legal_moves if m != proof.move)
    bad = dataclasses.replace(proof, line=Line(wrong_first, proof.line.replies))
    assert not bad.verify()
    with pytest.raises(ProofError):
        bad.check()
    # A defence left out.
    missing = dataclasses.replace(proof, line=Line(proof.line.move, ()))
    assert not missing.verify()
    # Too long for its limit.
    short = dataclasses.replace(proof, max_plies=2)
    assert not short.verify()
    # A goal the line does not reach.
    assert not dataclasses.replace(proof, goal="win").verify()


def test_a_proof_answers_every_defence():
    board = Board(MIDDLEGAME[0][0])
    proof = solve(board, "material", 5)
    assert proof.verify()

    def walk(line, replay):
        replay.push(line.move)
        if line.replies:
            assert {m for m, _ in line.replies} == set(replay.legal_moves)
        for reply, sub in line.replies:
            replay.push(reply)
            walk(sub, replay)
            replay.pop()
        replay.pop()

    walk(proof.line, board.copy())
    assert proof.line.size() >= 2
    assert all(len(line) <= 5 for line in proof.lines())
    assert str(proof).startswith("material in 5 plies: 27-31")


def test_bad_requests_are_refused():
    with pytest.raises(ValueError):
        solve(Board(), "checkmate", 3)
    with pytest.raises(ValueError):
        solve(Board(), "win", 0)
    with pytest.raises(ValueError):
        accepted_moves(Board("W:W32:BK28"), "win", 3)  # the game is over (IT-C3, IT-E1)


def test_proof_round_trips_its_board():
    proof = solve(Board(SHOT), "material", 5)
    assert isinstance(proof, Proof)
    assert proof.board().fen() == SHOT
    assert proof.variant == "italian" and proof.goal == "material" and proof.max_plies == 5


def test_nine_ply_searches_stay_well_under_a_second():
    start = time.perf_counter()
    for fen, _ in MIDDLEGAME:
        solve(Board(fen), "win", 9)
    assert (time.perf_counter() - start) / len(MIDDLEGAME) < 1.0
