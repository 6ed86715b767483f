"""The basic endings' facts (authoring/endgame_facts.py), as the second year's endgame lesson
and the teacher's guide state them: each count from the exact tables, each longest win
replayed move by move to the end of the game, each "real draw" checked by the rules."""

import pytest

from damalib import Board
from damalib.endgame import best_move, probe

from authoring.endgame_facts import GROUPS, keeps_everything, placements, tally

FACTS = {group: tally(*group) for group in GROUPS}


def test_two_kings_against_one_win_but_for_34_positions_of_which_8_keep_both_kings():
    # IT-E1: the side with no piece or no move loses. With White to move, two kings beat one
    # in 14,846 of the 14,880 positions; in 26 of the other 34 White loses a king at once,
    # and 8 are drawn with both kings kept (the FID's course speaks of two drawn positions:
    # up to the board's symmetries and the lone king's first move, these).
    facts = FACTS[("kk", "k")]
    assert (facts.positions, facts.win, facts.draw, facts.loss) == (14_880, 14_846, 34, 0)
    assert len(facts.real_draws) == 8
    # Kings move alike both ways: each draw's turned-round twin (square n <-> 33 - n) is
    # also among them.
    placed = {frozenset((s, p.colour) for s, p in Board(fen).pieces().items())
              for fen in facts.real_draws}
    assert {frozenset((33 - s, colour) for s, colour in one) for one in placed} == placed


@pytest.mark.parametrize("group", GROUPS, ids=lambda g: f"{g[0]}-v-{g[1]}")
def test_the_longest_win_is_played_to_the_end_in_exactly_its_plies(group):
    facts = FACTS[group]
    board = Board(facts.longest_fen)
    assert probe(board) == ("win", facts.longest)
    for _ in range(facts.longest):
        board.push(best_move(board))
    # IT-E1: Black, to move, has no piece or no legal move: White has won.
    assert board.turn == "B" and not board.legal_moves


@pytest.mark.parametrize("group", [("k", "k"), ("kk", "k"), ("mm", "m")],
                         ids=lambda g: f"{g[0]}-v-{g[1]}")
def test_a_real_draw_keeps_every_piece_and_the_others_lose_one_at_once(group):
    facts = FACTS[group]
    draws = [b for b in placements(*group) if probe(b)[0] == "draw"]
    assert len(draws) == facts.draw
    for board in draws:
        assert keeps_everything(board) == (board.fen() in facts.real_draws)


def test_a_king_against_a_king_is_a_draw_unless_one_is_caught():
    # The lesson's words: a lone king in the single corner (the cantone, 1 or 32) is lost;
    # in the double corner it holds.
    assert probe(Board("W:WK1:BK32")) == ("win", 11)
    assert probe(Board("W:WK29:BK4")) == ("draw", 0)
    facts = FACTS[("k", "k")]
    assert facts.longest_fen == "W:WK1:BK32" and facts.loss == 108
