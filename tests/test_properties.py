"""Property tests of the rules core on random games of every variant."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damalib import VARIANTS, Board, NotationError, perft

VARIANT_NAMES = sorted(VARIANTS)


def far_row(board: Board, colour: str) -> range:
    geo = board.variant.geometry
    if colour == "W":
        return range(1, geo.half + 1)
    return range(geo.squares - geo.half + 1, geo.squares + 1)


def check_invariants(board: Board) -> None:
    pieces = board.pieces()
    for square, piece in pieces.items():
        if not piece.king:  # a man on its far row would have been promoted (IT-C7, INT-K1)
            assert square not in far_row(board, piece.colour)
    # Captures are compulsory (IT-C1, INT-C1): all legal moves capture or none does.
    kinds = {bool(m.captures) for m in board.legal_moves}
    assert len(kinds) <= 1
    # Majority: every legal capture takes the same number of pieces (IT-P1, INT-P1).
    assert len({len(m.captures) for m in board.legal_moves}) <= 1
    if board.variant.name == "italian":
        for move in board.legal_moves:  # IT-C3: men never take kings
            if not pieces[move.start].king:
                assert not any(pieces[c].king for c in move.captures)
                assert len(move.captures) <= 3  # IT-C5: a man takes at most three


def check_move(board: Board, move) -> None:
    """Play ``move`` and check what it did, then take it back and check nothing is left."""
    before_fen, before_pieces = board.fen(), board.pieces()
    before_legal = board.legal_moves
    mover = before_pieces[move.start]
    assert board.explain(move).legal
    assert board.parse_move(str(move)) == move
    assert board.parse_move("x".join(map(str, move.path)) if move.captures
                            else str(move)) == move
    board.push(move)
    after = board.pieces()
    assert len(after) == len(before_pieces) - len(move.captures)
    for square in move.captures:  # IT-C6: captured pieces are lifted when the move ends
        assert before_pieces[square].colour != mover.colour
        assert square not in after or square == move.end
    assert after[move.end].colour == mover.colour
    assert after[move.end].king or not mover.king  # a king stays a king
    if move.start != move.end:
        assert move.start not in after
    assert board.turn != mover.colour
    board.pop()
    assert board.fen() == before_fen and board.legal_moves == before_legal


@given(variant=st.sampled_from(VARIANT_NAMES), choices=st.lists(st.integers(0, 10_000),
                                                                  max_size=120))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_games_keep_every_invariant(variant, choices):
    board = Board(variant=variant)
    for choice in choices:
        check_invariants(board)
        moves = board.legal_moves
        if not moves:
            assert board.outcome() is not None and board.outcome().winner is not None
            break
        move = moves[choice % len(moves)]
        check_move(board, move)
        board.push(move)
        # FEN and repr round-trip (RULES.md section 5).
        assert Board(board.fen(), variant) == board
        assert eval(repr(board), {"Board": Board}) == board
    # Popping everything gives the start back.
    while board.move_stack:
        board.pop()
    assert board == Board(variant=variant)


@given(variant=st.sampled_from(VARIANT_NAMES), choices=st.lists(st.integers(0, 10_000),
                                                                  min_size=1, max_size=60))
@settings(max_examples=25, deadline=None)
def test_perft_agrees_with_the_public_move_list(variant, choices):
    board = Board(variant=variant)
    for choice in choices:
        moves = board.legal_moves
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    assert perft(board, 1) == len(board.legal_moves)
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += len(board.legal_moves)
        board.pop()
    assert perft(board, 2) == total


@given(st.text(max_size=30))
@settings(max_examples=500)
def test_fuzzed_move_text_gives_a_notation_or_illegal_move_error_or_a_move(text):
    board = Board()
    try:
        move = board.parse_move(text)
    except NotationError:
        pass
    except ValueError as error:  # IllegalMoveError: it must carry a rule id
        assert getattr(error, "rule", "").startswith("IT-")
    else:
        assert move in board.legal_moves
    explanation = board.explain(text)
    assert explanation.text("it") and explanation.text("en")
    assert explanation.legal or explanation.rule


@given(st.lists(st.integers(-5, 60), min_size=0, max_size=6),
       st.sampled_from(VARIANT_NAMES))
@settings(max_examples=400)
def test_any_tuple_of_squares_is_explained(squares, variant):
    board = Board(variant=variant)
    explanation = board.explain(tuple(squares))
    assert explanation.legal or explanation.rule
    assert explanation.text("it") and explanation.text("en")


@pytest.mark.slow
@given(variant=st.sampled_from(VARIANT_NAMES), choices=st.lists(st.integers(0, 10_000),
                                                                  min_size=100, max_size=200))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_many_random_games_keep_every_invariant(variant, choices):
    test_random_games_keep_every_invariant.hypothesis.inner_test(variant, choices)
