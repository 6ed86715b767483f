"""Board.explain: the verdict, the rule id and the words, for every kind of mistake."""

import pytest

from damalib import Board, Explanation, IllegalMoveError, NotationError

# (variant, FEN, attempted move, expected rule, words the Italian text must contain)
ILLEGAL = [
    # The piece moved: empty square, or the opponent's (IT-B4: one move each, in turn).
    ("italian", None, "18-14", "IT-B4", ["18", "nessun pezzo"]),
    ("italian", None, "10-14", "IT-B4", ["10", "Nero", "Bianco"]),
    ("italian", None, "33-29", "IT-B2", ["33", "32"]),
    ("italian", None, "22-22", "IT-M1", ["22"]),
    # IT-M1: men go one square, forwards, diagonally, to an empty square.
    ("italian", "W:W22:B1", "22-26", "IT-M1", ["avanti", "22", "26"]),
    ("italian", "W:W22:B1", "22-15", "IT-M1", ["una sola casella"]),
    ("italian", "W:W22:B1", "22-17", "IT-M1", ["diagonale"]),
    ("italian", None, "25-21", "IT-M1", ["21", "occupata"]),
    # IT-M2: a king goes one square only in Dama Italiana.
    ("italian", "W:WK22:B1", "22-13", "IT-M2", ["dama", "una sola casella"]),
    # IT-C1: capturing is compulsory; the text names the piece that must capture.
    ("italian", "W:W22,24:B18", "24-20", "IT-C1", ["Devi mangiare", "22"]),
    # IT-C2: jump an opponent piece onto an empty square.
    ("italian", "W:W22,18:B1", "22x13", "IT-C2", ["18", "tuo"]),
    ("italian", "W:W22:B18,13", "22x13", "IT-C2", ["13"]),
    # IT-C3: a man never takes a king, and captures only forwards.
    ("italian", "W:W22:BK18", "22x13", "IT-C3", ["dama", "18"]),
    ("italian", "W:W18:B22,1", "18x27", "IT-C3", ["avanti"]),
    # IT-C5: the chain must go on.
    ("italian", "W:W31:B12,20,28", "31x24", "IT-C5", ["24", "continuare"]),
    ("italian", "W:W31:B12,20,28", "31x24x15", "IT-C5", ["15"]),
    # IT-C7: a man reaching the far row stops there, even if a king could go on.
    ("italian", "W:W10:B6,7", "10x3x12", "IT-C7", ["3", "dama"]),
    # Precedence IT-P1..P4 (RULES.md worked examples): the text names the required capture.
    # A chain cut short on a way that only a turned-down capture takes: going on would not
    # help, the precedence rule is the reason (IT-P1), not IT-C5.
    ("italian", "W:WK21,31:B10,18,27", "21x14", "IT-P1", ["31x6"]),
    ("italian", "W:WK27:B13,K15,23,K22", "27x20", "IT-P4", ["27x9", "salto"]),
    ("italian", "W:WK27:B13,K15,23,K22", "27x18", "IT-C5", ["18", "continuare"]),
    ("italian", "W:WK21,31:B10,18,27", "21x5", "IT-P1", ["31x6", "3 pezzi", "2 pezzi"]),
    ("italian", "W:WK23,31:B19,26,27", "31x15", "IT-P2", ["dama in 23", "parità"]),
    ("italian", "W:WK23:B19,K28", "23x14", "IT-P3", ["23x32", "una dama"]),
    ("italian", "W:WK30:B10,12,18,K20,K26,27", "30x7", "IT-P4", ["30x5", "salto"]),
    # International equivalents.
    ("international", "W:W48:B24,K31,34,K42,43", "48x37", "INT-P1", ["48x19"]),
    ("international", "W:W15:B9,10", "15x4", "INT-K1", ["4", "pedina"]),
    ("international", "W:W26:B12,K21,31,32", "26x37", "INT-P1", ["37"]),
    ("international", "W:WK46:B23", "46-41", "INT-C1", ["46"]),
    ("international", "W:WK46,41:B5", "46-37", "INT-M2", ["41"]),
]


@pytest.mark.parametrize("variant, fen, text, rule, words", ILLEGAL)
def test_illegal_moves_name_the_rule_in_both_languages(variant, fen, text, rule, words):
    board = Board(fen, variant)
    explanation = board.explain(text)
    assert explanation.legal is False
    assert explanation.rule == rule, explanation.text("en")
    italian, english = explanation.text("it"), explanation.text("en")
    assert f"({rule})" in italian and f"({rule})" in english
    for word in words:
        assert word in italian, italian
    assert italian != english


def test_the_king_must_capture_it_p2_wording_from_the_issue():
    # IT-P2: "Devi mangiare con la dama in 23: a parità di pezzi si prende con la dama".
    text = Board("W:WK23,31:B19,26,27").explain("31x15").text("it")
    assert text.startswith("Devi mangiare con la dama in 23: a parità di pezzi si prende con la dama")


def test_it_p4_names_the_jump_at_which_the_first_king_falls():
    explanation = Board("W:WK30:B10,12,18,K20,K26,27").explain("30x7")
    assert explanation.rule == "IT-P4"
    assert explanation.params["best_jump"] < explanation.params["jump"]


@pytest.mark.parametrize("variant, fen, text, rule", [
    ("italian", "W:WK21,31:B10,18,27", "31x6", "IT-P1"),
    ("italian", "W:WK23,31:B19,26,27", "23x21", "IT-P2"),
    ("italian", "W:WK23:B19,K28", "23x32", "IT-P3"),
    ("italian", "W:WK30:B10,12,18,K20,K26,27", "30x5", "IT-P4"),
    ("international", "W:W48:B24,K31,34,K42,43", "48x19", "INT-P1"),
])
def test_a_legal_capture_that_won_says_which_rule_made_it_required(variant, fen, text, rule):
    explanation = Board(fen, variant).explain(text)
    assert explanation.legal and explanation.rule is None
    assert f"({rule})" in explanation.text("it") and f"({rule})" in explanation.text("en")


def test_free_choice_is_said_when_captures_tie_it_p5():
    explanation = Board("W:WK31:B18,20,K27,K28").explain("31x13")
    assert explanation.legal
    assert "31x15" in explanation.text("it") and "(IT-P5)" in explanation.text("it")


def test_a_simple_legal_move_is_called_legal():
    explanation = Board().explain("22-19")
    assert explanation == Explanation(True, None, "legal_move")
    assert "22-19" in explanation.text("en")


def test_garbled_text_gets_a_friendly_answer_not_an_exception():
    board = Board()
    for text in ["", "abc", "22--19", "x", "22-", "-19", "22 19", None, 12]:
        explanation = board.explain(text)
        assert not explanation.legal
        assert explanation.rule in ("IT-N", "IT-B2")
        assert explanation.text("it") and explanation.text("en")


def test_digits_typed_full_width_are_read_as_digits():
    assert Board().explain("２２-１９").legal


def test_explain_accepts_move_objects_and_square_tuples():
    board = Board()
    move = board.parse_move("22-19")
    assert board.explain(move).legal
    assert board.explain((22, 19)).legal
    assert board.explain((22, 26)).rule == "IT-M1"
    assert board.explain((22, 99)).rule == "IT-B2"


def test_unknown_language_falls_back_to_italian():
    explanation = Board().explain("22-26")
    assert explanation.text("fr") == explanation.text("it")


def test_parse_move_raises_precise_errors_carrying_the_rule():
    board = Board("W:W22,24:B18")
    with pytest.raises(IllegalMoveError) as info:
        board.parse_move("24-20")
    assert info.value.rule == "IT-C1"
    assert isinstance(info.value, ValueError)
    with pytest.raises(NotationError):
        board.parse_move("hello")
    with pytest.raises(NotationError):
        board.parse_move("22-40")


def test_push_of_an_illegal_move_raises_and_leaves_the_board_unchanged():
    board = Board()
    before = board.fen()
    with pytest.raises(IllegalMoveError) as info:
        board.push("22-26")
    assert info.value.rule == "IT-M1"
    assert board.fen() == before and board.move_stack == []


# -- what a child reads: rules in words, and in an exercise nothing of the answer -----------

@pytest.mark.parametrize("variant, fen, text, rule, words", ILLEGAL)
def test_a_child_reads_the_rule_in_words_never_its_id(variant, fen, text, rule, words):
    from damalib.rulenames import rule_name

    from damalib.explain import _SAYS_IT_ALL

    explanation = Board(fen, variant).explain(text)
    for lang in ("it", "en"):
        shown = explanation.text(lang, cite="name")
        assert rule not in shown, shown
        # The rule in words, unless the reason says it all ("no piece on 19").
        assert (rule_name(rule, lang) in shown) != (explanation.reason in _SAYS_IT_ALL), shown
        assert "()" not in explanation.text(lang, cite="none")
        assert rule not in explanation.text(lang, cite="none")


@pytest.mark.parametrize("fen, text, rule, answer", [
    ("W:WK21,31:B10,18,27", "21x5", "IT-P1", ["31", "6"]),          # quantity
    ("W:WK23,31:B19,26,27", "31x15", "IT-P2", ["23"]),             # the king captures
    ("W:WK23:B19,K28", "23x14", "IT-P3", ["32"]),                  # quality
    ("W:WK30:B10,12,18,K20,K26,27", "30x7", "IT-P4", ["30x5"]),    # order
    ("W:WK27:B13,K15,23,K22", "27x20", "IT-P4", ["27x9"]),
    ("W:W22,24:B18,19", "24-20", "IT-C1", ["22", "24"]),           # who must capture
])
def test_in_an_exercise_the_refusal_never_names_the_answer(fen, text, rule, answer):
    import re

    explanation = Board(fen).explain(text)
    assert explanation.rule == rule
    for lang in ("it", "en"):
        hidden = explanation.text(lang, cite="name", reveal=False)
        numbers = set(re.findall(r"\d+x\d+(?:x\d+)*|\d+", hidden))
        assert not numbers & set(answer), hidden
        assert not any(a in hidden for a in answer if "x" in a), hidden
        assert hidden != explanation.text(lang, cite="name")
