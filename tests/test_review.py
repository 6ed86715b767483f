"""Game review (damalib.review): mistakes planted in scripted games are found, with the right
kind, ply, cost, better move and refutation; well-played games give none."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from damalib import Board, IllegalMoveError, NotationError
from damalib.pdn import load_games
from damalib.review import CONFIRM_NODES, MARGIN, MAX_NODES, SHOWN, material, review

PDN = Path(__file__).parent / "fixtures" / "pdn" / "italian_championship.pdn"

# 2. 24-20? leaves the man on 20 alone: 15x24 takes it and no white man can take back
# (IT-C2: a capture jumps onto the empty square behind; IT-C3: men take forwards only).
HUNG = ["22-18", "11-15", "24-20", "15x24"]
# 3. 19-14? misses the shot 25-21! 15x22 (compulsory, IT-C1) 27x9, two men for one (IT-C5).
SHOT = ["21-17", "9-13", "22-19", "11-15", "19-14"]
# 3. 22x13? of the two captures, both one man (IT-P1 leaves both, IT-P5 free choice), lets
# 9x25 take two; 21x14 loses nothing.
CAPTURE = ["21-17", "11-14", "25-21", "14-18", "22x13", "9x25"]


def words(moves) -> list[str]:
    return [str(m) for m in moves]


def test_a_piece_left_to_be_taken_is_a_lost_piece_at_its_ply():
    (mistake,) = review(HUNG, "W").mistakes
    assert (mistake.ply, mistake.move_number, mistake.kind) == (3, 2, "lost_piece")
    assert str(mistake.played) == "24-20" and mistake.cost == 1
    assert words(mistake.refutation)[:1] == ["15x24"]            # IT-C1: Black must take
    assert words(mistake.followed) == ["15x24"]                  # and did, in the game
    assert "23-19" in words(mistake.better) and mistake.played not in mistake.better
    assert mistake.fen == "W:W18,21,23-32:B1-10,12,15" and mistake.side == "W"
    assert mistake.loss >= MARGIN


def test_a_missed_shot_is_found_with_the_shot_as_the_better_move():
    (mistake,) = review(SHOT, "W").mistakes
    assert (mistake.ply, mistake.kind, str(mistake.played)) == (5, "missed_shot", "19-14")
    assert mistake.cost == 1
    assert words(mistake.best_line)[:3] == ["25-21", "15x22", "27x9"]  # IT-C1, IT-C5
    assert "25-21" in words(mistake.better) and mistake.followed == ()  # the game ended there


def test_the_worse_of_two_free_captures_is_a_worse_capture():
    board = Board()
    for move in CAPTURE[:4]:
        board.push(move)
    assert words(board.legal_moves) == ["21x14", "22x13"]       # IT-C1, IT-P5
    (mistake,) = review(CAPTURE, "W").mistakes
    assert (mistake.ply, mistake.kind, str(mistake.played)) == (5, "worse_capture", "22x13")
    assert mistake.cost == 2 and words(mistake.better) == ["21x14"]
    assert words(mistake.refutation)[:1] == ["9x25"]             # two men at once (IT-C5)


def test_black_mistakes_are_found_when_the_child_has_black():
    game = ["22-18", "9-13", "18x9"]
    assert review(game, "W").mistakes == ()
    (mistake,) = review(game, "B").mistakes
    assert (mistake.ply, mistake.kind, str(mistake.played), mistake.side) == (
        2, "lost_piece", "9-13", "B")
    assert words(mistake.refutation)[:1] == ["18x9"]


def test_a_game_from_a_position_is_reviewed_from_that_position():
    # The library's shot: 28-23 20x27 31x22x13x6 (IT-C1, IT-C5); 15-11 misses it.
    (mistake,) = review(["15-11"], "W", start="W:W15,28,31:B9,10,18,20").mistakes
    assert mistake.kind == "missed_shot" and words(mistake.better) == ["28-23"]
    assert words(mistake.best_line)[:3] == ["28-23", "20x27", "31x6"]
    assert mistake.cost >= 2


def test_a_board_and_its_moves_give_the_same_review():
    board = Board()
    for move in CAPTURE:
        board.push(move)
    assert review(board, "W") == review(CAPTURE, "W")
    assert len(board.move_stack) == len(CAPTURE)                  # the board is left alone


def test_the_review_is_repeatable_and_keeps_to_its_budget():
    first, second = review(SHOT + ["10x19", "23x14"], "W"), review(SHOT + ["10x19", "23x14"],
                                                                   "W")
    assert first == second
    assert first.nodes <= first.positions * (MAX_NODES + 2 * CONFIRM_NODES)


@pytest.mark.parametrize("number", [1, 3])
def test_a_championship_game_gives_no_mistakes_for_either_side(number):
    # Two games of the 2005 Italian championship (a draw and a quick win): masters' moves.
    game = list(load_games(PDN))[number]
    for side in "WB":
        result = review(game.board(), side)
        assert result.positions > 5 and result.mistakes == (), side


def test_the_move_played_is_never_one_of_the_better_ones():
    game = CAPTURE + ["26-21", "6-11", "27-22"]
    for mistake in review(game, "W").mistakes:
        assert mistake.played not in mistake.better
        assert mistake.played not in mistake.good


def test_a_king_counts_more_than_a_man_and_a_finished_game_counts_all():
    assert material(Board("W:W21,22:B5"), "W") == 1
    assert material(Board("W:WK21:B5,6"), "W") > 0       # a king is worth more than a man
    assert material(Board("B:W21:B"), "W") == 1          # Black has no piece: lost (IT-E1)
    assert material(Board("W:W32:BK28"), "W") == -3      # White blocked (IT-C3, IT-E1)


def test_only_the_costliest_are_shown_in_game_order():
    (mistake,) = review(HUNG, "W").mistakes
    many = [dataclasses.replace(mistake, ply=ply, cost=cost)
            for ply, cost in ((3, 1), (5, 3), (7, 1), (9, 2), (11, 1), (13, 4), (15, 1))]
    result = dataclasses.replace(review(HUNG, "W"), mistakes=tuple(many))
    shown = result.shown()
    assert len(shown) == SHOWN
    assert [m.ply for m in shown] == sorted(m.ply for m in shown)
    assert {m.cost for m in shown} >= {4, 3, 2}
    assert [m.ply for m in result.shown(2)] == [5, 13]


def test_wrong_input_is_refused_precisely():
    with pytest.raises(ValueError):
        review(HUNG, "white")
    with pytest.raises(TypeError):
        review("22-18 11-15", "W")
    with pytest.raises(IllegalMoveError):
        review(["22-18", "22-17"], "W")
    with pytest.raises(NotationError):
        review(["22-18", "ventidue"], "W")
    with pytest.raises(ValueError):
        review(Board(), "W", start="W:W21:B5")


# -- the review in words, and as puzzles (dama.games.review) -----------------------------------------

def puzzle_of(game, side="W", **options):
    from dama.games.review import review_puzzles

    (puzzle,) = review_puzzles(review(game, side, **options))
    return puzzle


def child_texts(puzzle):
    for lang in ("it", "en"):
        yield puzzle.prompt(lang)
        yield puzzle.explanation(lang)
        yield from puzzle.hints[lang]
        for texts in puzzle.refused.values():
            yield texts[lang]


def test_a_lost_piece_is_told_in_words_and_its_puzzle_accepts_the_better_moves():
    from dama.core.content.check import check

    puzzle = puzzle_of(HUNG)
    assert puzzle.kind == "move" and puzzle.fen == "W:W18,21,23-32:B1-10,12,15"
    assert puzzle.prompt("it").startswith("Alla mossa 2 hai giocato 24-20. Ecco che cosa è "
                                          "successo: il Nero ha mangiato una pedina con 15x24.")
    assert "Black took a man with 15x24" in puzzle.prompt("en")
    assert puzzle.rules == ("IT-C1", "IT-C2") and len(puzzle.hints["en"]) == 2
    assert puzzle.hint(2, "it") == "La mossa migliore si fa con la pedina in 23."
    for line in puzzle.solutions:                      # every move as good as the best
        assert check(puzzle, line[0]).correct
    refused = check(puzzle, "24-20")                   # the move of the game
    assert not refused.correct and refused.reason == "refused"
    assert refused.text("it") == ("È la mossa che hai giocato in partita. Con 24-20, il Nero "
                                  "potrebbe mangiare una pedina con 15x24: perderesti un pezzo. "
                                  "Riprova!")
    assert "Black could take a man with 15x24: you would lose a piece. Try again!" in (
        refused.text("en"))
    other = check(puzzle, "18-13")                     # no better than the game's move
    assert other.reason == "refused" and other.text("en") == (
        "With 18-13, Black could take a man with 10x17: you would lose a piece. Try again!")
    assert "non perdi niente" in puzzle.explanation("it")


def test_a_missed_shot_is_told_as_a_shot_and_its_explanation_names_the_rule_in_words():
    from dama.core.content.check import check

    puzzle = puzzle_of(SHOT)
    assert "c'era un tiro che ti permetteva di vincere un pezzo" in puzzle.prompt("it")
    assert "there was a shot that let you win a piece" in puzzle.prompt("en")
    assert puzzle.hint(1, "it").startswith("Cerca una mossa che obblighi il Nero a mangiare")
    assert ("tu giochi 25-21, il Nero mangia una pedina con 15x22 (mangiare è obbligatorio), "
            "tu mangi due pedine con 27x9") in puzzle.explanation("it")
    assert "(capturing is compulsory)" in puzzle.explanation("en")
    assert check(puzzle, "25-21").correct
    assert "così non vinci niente" in check(puzzle, "19-14").text("it")
    assert puzzle.rules == ("IT-C1", "IT-C5")


def test_a_worse_capture_lists_the_captures_and_only_the_better_one_solves_it():
    from dama.core.content.check import check

    puzzle = puzzle_of(CAPTURE)
    assert "dovevi mangiare e potevi scegliere la presa" in puzzle.prompt("it")
    assert "il Nero ha mangiato due pedine con 9x25" in puzzle.prompt("it")
    assert "The captures you can make are 21x14 and 22x13" in puzzle.hint(1, "en")
    assert puzzle.solutions == (("21x14",),) and puzzle.rules == ("IT-C1", "IT-P5")
    assert check(puzzle, "21x14").correct and not check(puzzle, "22x13").correct
    assert "Black took two men with 9x25" in puzzle.explanation("en")


def test_black_reads_about_white_and_no_child_text_shows_a_rule_id():
    puzzle = puzzle_of(["22-18", "9-13", "18x9"], "B")
    assert "il Bianco ha mangiato una pedina con 18x9" in puzzle.prompt("it")
    for text in (*child_texts(puzzle), *child_texts(puzzle_of(SHOT))):
        assert text and "IT-" not in text and "{" not in text


def test_the_summary_says_well_played_or_how_many_mistakes():
    from dama.games.review import summary

    assert summary(review(["22-18", "11-15"], "W"), "it") == (
        "Nessun errore grave in questa partita: ben giocato!")
    assert "well played" in summary(review(["22-18", "11-15"], "W"), "en")
    assert summary(review(HUNG, "W"), "en").startswith("I found one move")
    (mistake,) = review(HUNG, "W").mistakes
    seven = dataclasses.replace(review(HUNG, "W"), mistakes=tuple(
        dataclasses.replace(mistake, ply=3 + 2 * i) for i in range(7)))
    assert summary(seven, "it").startswith("Ho trovato 7 mosse da rivedere. Ecco le 5 più "
                                           "importanti")


def test_the_puzzle_widget_plays_a_review_puzzle_and_keeps_nothing(tmp_path):
    pytest.importorskip("ipycanvas")
    from dama.core.board import immediate
    from dama.core.board.puzzle_widget import PuzzleWidget

    widget = PuzzleWidget([puzzle_of(HUNG)], "it", save=False, home=str(tmp_path),
                          scheduler=immediate)
    board = widget.board_widget.controller
    board.click(24)
    board.click(20)                                     # the move of the game again
    assert board.board.fen() == "W:W18,21,23-32:B1-10,12,15"   # taken back
    assert "il Nero potrebbe mangiare una pedina con 15x24" in board.status and widget.failed
    board.click(23)
    board.click(19)
    assert widget.solved and "non perdi niente" in widget.board_widget.banner.value
    assert widget.store is None and not list(tmp_path.iterdir())


def test_a_refutation_is_the_opponents_best_line_played_until_no_capture_is_pending():
    from damalib.review import refutation

    board = Board("W:W18,21,23-32:B1-10,12,15")
    line = refutation(board, board.parse_move("24-20"))
    assert words(line)[:1] == ["15x24"]
    after = Board(board.fen())
    for move in (board.parse_move("24-20"), *line):
        after.push(move)
    assert not after.must_capture()                    # IT-C1: nothing left pending
