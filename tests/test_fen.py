"""PDN FEN: every valid form is read, everything else gets a FenError naming the problem."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damalib import Board, FenError, VariantError, get_variant
from damalib.board import Piece

START = "W:W21-32:B1-12"


@pytest.mark.parametrize("fen", [
    "W:W21-32:B1-12",
    "W:B1-12:W21-32",                    # either colour first
    "W:W21,22,23,24,25-32:B1-12",        # ranges mixed with single squares
    "W:W21-32:B1-12:H0:F1",              # trailing PDN fields
    " W:W21-32:B1-12. ",                 # spaces around, a final dot
    '"W:W21-32:B1-12"',                  # the quoted value of a [FEN] tag
    "w:w21-32:b1-12",                    # lower case
    "W:W 21-32 :B 1-12",                 # spaces inside
])
def test_it_b3_the_start_position_in_every_pdn_form(fen):
    assert Board(fen).fen() == START
    assert Board(fen) == Board()


def test_kings_and_empty_sides():
    board = Board("B:WK18,24,27:B12,K22")
    assert board.turn == "B"
    assert board.piece_at(18) == Piece("W", True)
    assert board.piece_at(22) == Piece("B", True)
    assert board.piece_at(12) == Piece("B", False)
    assert board.fen() == "B:W24,27,K18:B12,K22"
    assert Board("W:W:B1").fen() == "W:W:B1"
    assert Board("W:B1").fen() == "W:W:B1"


def test_canonical_form_uses_ranges_of_three_or_more():
    assert Board("W:W21,22,23,25,26:B1,2").fen() == "W:W21-23,25,26:B1,2"


@pytest.mark.parametrize("fen, words", [
    ("", "empty"),
    ("X:W21-32:B1-12", "side to move"),
    ("W:W21-33:B1-12", "square 33 does not exist"),
    ("W:W0:B1", "square 0 does not exist"),
    ("W:W21-32:B1-12:W5", "given twice"),
    ("W:W21-32:B12-1", "backwards"),
    ("W:W21-32:B1-12,12", "square 12 is given twice"),
    ("W:W21-32:B1-12,22", "square 22 is given twice"),
    ("W:W21-32:Bx", "'x' is not a square"),
    ("W:W21-32:B1-12::", "empty field"),
    ("W:W2:B30", "promotion row"),
    ("W:W25:B30", "promotion row"),
    ("W:Q21:B1", "colour"),
    ("W:W21-32:B1-12-14", "not a square"),
])
def test_bad_fen_raises_fen_error_saying_what_and_where(fen, words):
    with pytest.raises(FenError) as info:
        Board(fen)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_fen_error_gives_the_position():
    with pytest.raises(FenError) as info:
        Board("W:W21-32:B1-12,99")
    assert info.value.position is not None
    assert "character" in str(info.value)


def test_a_fen_is_text():
    with pytest.raises(FenError):
        Board(12345)  # type: ignore[arg-type]


def test_variant_squares_are_checked_per_board():
    assert Board("W:W31-50:B1-20", "international").fen() == "W:W31-50:B1-20"
    with pytest.raises(FenError, match="1-32"):
        Board("W:W31-50:B1-20", "italian")


@pytest.mark.parametrize("name, canonical", [
    ("italian", "italian"), ("italiana", "italian"), ("Italiana", "italian"),
    ("international", "international"), ("internazionale", "international"),
    ("brazilian", "brazilian"), ("brasiliana", "brazilian"),
    ("filipino", "filipino"), ("filippina", "filipino"),
])
def test_variants_answer_to_english_and_italian_names(name, canonical):
    assert Board(variant=name).variant.name == canonical
    assert get_variant(name).name == canonical


def test_unknown_variant_is_a_clear_error():
    with pytest.raises(VariantError, match="known variants"):
        Board(variant="checkers")


@given(st.text(max_size=40))
@settings(max_examples=400)
def test_fuzzed_fen_never_raises_anything_but_fen_error(text):
    try:
        board = Board(text)
    except FenError:
        return
    assert Board(board.fen()) == board


_FEN_ALPHABET = "WBK0123456789-,:. xH"


@given(st.text(alphabet=_FEN_ALPHABET, max_size=30), st.sampled_from(["italian", "international"]))
@settings(max_examples=600)
def test_fuzzed_fen_like_text_never_raises_anything_but_fen_error(text, variant):
    try:
        board = Board(text, variant)
    except FenError:
        return
    assert Board(board.fen(), variant) == board
