"""Move notation (IT-N): short and full forms, reading moves back, Move values."""

import pytest

from damalib import Board, IllegalMoveError, Move, NotationError

AMBIGUOUS = "W:WK7:B1,3,11,12,19,20,26,27"  # two king chains from 7 end on 21


def test_it_n_simple_moves_and_captures_in_short_form():
    assert str(Move((22, 19))) == "22-19"
    assert str(Move((27, 18, 9, 2), (23, 14, 6))) == "27x2"
    board = Board("W:W31:B12,20,28")  # RULES.md IT-C5: 31x8
    assert [str(m) for m in board.legal_moves] == ["31x8"]


def test_it_n_full_path_only_when_the_short_form_is_ambiguous():
    board = Board(AMBIGUOUS)
    texts = sorted(str(m) for m in board.legal_moves)
    # The third chain comes back to 7 (IT-C6) and is always written whole.
    assert texts == ["7x14x23x30x21", "7x16x23x14x7", "7x16x23x30x21"]
    with pytest.raises(NotationError, match="more than one move"):
        board.parse_move("7x21")
    move = board.parse_move("7x16x23x30x21")
    assert move.captures == (12, 20, 27, 26)
    assert board.parse_move("7x16x21") == move  # any landing square that tells them apart
    board.push(move)
    assert board.notation() == "1. 7x16x23x30x21"


def test_it_c5_the_six_piece_king_capture_in_full():
    board = Board("W:WK27:B5,6,13,15,21,23")
    (move,) = board.legal_moves
    assert move.path == (27, 20, 11, 2, 9, 18, 25)
    assert str(move) == "27x25"
    assert board.parse_move("27x20x11x2x9x18x25") == move


@pytest.mark.parametrize("text", ["22-19", "22x19", " 22 - 19 ", "22X19", "d3-e4", "D3-E4"])
def test_forms_a_player_may_type(text):
    assert Board().parse_move(text) == Move((22, 19))


def test_algebraic_squares_follow_each_variants_orientation():
    assert Board().variant.geometry.algebraic(1) == "a8"       # IT-B2
    assert Board().variant.geometry.algebraic(32) == "h1"
    brazil = Board(variant="brazilian").variant.geometry       # BR-B2
    assert (brazil.algebraic(1), brazil.algebraic(32)) == ("b8", "g1")
    international = Board(variant="international").variant.geometry  # INT-B1
    assert (international.algebraic(1), international.algebraic(46)) == ("b10", "a1")
    assert Board(variant="brazilian").parse_move("c3-d4") == Move((22, 18))


@pytest.mark.parametrize("text", ["", "22", "22-", "-19", "22--19", "a-b", "22/19", "22-19-",
                                  "e4-e5", "22-33", "0-4", "twenty-two"])
def test_text_that_is_not_a_move_raises_notation_error(text):
    with pytest.raises(NotationError):
        Board().parse_move(text)


def test_well_formed_but_illegal_raises_illegal_move_error_with_the_rule():
    with pytest.raises(IllegalMoveError) as info:
        Board().parse_move("22-15")
    assert info.value.rule == "IT-M1"
    assert info.value.explanation.text("it")


def test_move_is_immutable_hashable_and_its_repr_evaluates_back():
    move = Move((27, 18, 9, 2), (23, 14, 6))
    assert eval(repr(move), {"Move": Move}) == move
    assert hash(move) == hash(Move((27, 18, 9, 2), (23, 14, 6)))
    with pytest.raises(AttributeError):
        move.path = (1, 2)  # type: ignore[misc]
    assert (move.start, move.end, move.is_capture) == (27, 2, True)
    assert {move, Move((27, 18, 9, 2), (23, 14, 6), ambiguous=True)} == {move}


def test_push_accepts_text_and_pop_returns_the_move():
    board = Board()
    board.push("22-19")
    assert board.turn == "B"
    assert board.pop() == Move((22, 19))
    with pytest.raises(IndexError):
        board.pop()


def test_text_diagram_shows_men_kings_and_the_numbers_of_empty_squares():
    # IT-B1/IT-B2: a8 is square 1 and dark; h1 (square 32) is dark, bottom right.
    lines = str(Board("B:W18,24,27,K10:B12,16,K22")).splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert lines[1] == " 8  1     2     3     4"
    assert lines[3] == " 6  9     W    11     b"
    assert lines[6] == " 3    21     B    23     w"
    assert lines[8] == " 1    29    30    31    32"
    international = str(Board(variant="international")).splitlines()
    assert international[5] == " 6    21    22    23    24    25"  # INT-B1: b-file first on 6


def test_two_separators_in_a_row_are_a_notation_error_not_a_crash():
    from damalib import Board, NotationError

    for text in ("22-x9", "1:x10", "22--18"):
        with pytest.raises(NotationError):
            Board().parse_squares(text)
    assert Board().explain("22-x9").rule == "IT-N"
