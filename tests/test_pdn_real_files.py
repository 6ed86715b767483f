"""Real games in the shapes real files have (tests/fixtures/pdn, sources in SOURCES.md):
an Italian championship with Italian tags, CRLF and short captures; International games with
2-0/1-1/0-2 and comments everywhere; the same with a mistyped move and a score cut off;
Brazilian games as lidraughts writes them, in algebraic squares; a BOM and odd spacing."""

from pathlib import Path

import pytest

from damalib import Board
from damalib.pdn import PdnError, load_games, parse_games

FIXTURES = Path(__file__).parent / "fixtures" / "pdn"

# (plies of the main line, result) of each game, as SOURCES.md lists them.
EXPECTED = {
    "italian_championship.pdn": [(75, "1-0"), (69, "1/2-1/2"), (36, "0-2"), (25, "1-0"),
                                 (17, "1/2-1/2"), (26, "0-1")],
    "odd_shapes.pdn": [(75, "1-0"), (26, "0-1"), (17, "1/2-1/2")],
    "international.pdn": [(121, "2-0"), (27, "2-0"), (117, "2-0"), (111, "2-0"), (90, "1-1"),
                          (96, "0-2"), (112, "1-1")],
    "international_with_bad_games.pdn": [(121, "2-0"), (27, "2-0"), (117, "2-0"), (24, "0-2"),
                                         (111, "2-0"), (90, "1-1"), (40, "2-0"), (96, "0-2"),
                                         (112, "1-1")],
    "brazilian_lidraughts.pdn": [(47, "1-1"), (64, "0-2"), (34, "*"), (13, "1-1")],
}
VARIANT = {"italian_championship.pdn": "italian", "odd_shapes.pdn": "italian",
           "international.pdn": "international",
           "international_with_bad_games.pdn": "international",
           "brazilian_lidraughts.pdn": "brazilian"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_game_of_a_real_file_is_read_to_its_end(name):
    games = list(load_games(FIXTURES / name))
    assert [(len(g.moves), g.result) for g in games] == EXPECTED[name]
    assert {g.variant.name for g in games} == {VARIANT[name]}
    for game in games:
        final = game.board()  # every move replays
        assert final.move_stack == game.moves
    if name != "international_with_bad_games.pdn":
        assert [e for g in games for e in g.errors] == []


def test_the_italian_tags_name_the_players_and_the_result():
    first = next(load_games(FIXTURES / "italian_championship.pdn"))
    assert first.tags["Bianco"] == "BORGHETTI Michele" and first.tags["Nero"] == "MASCOLO Luca"
    assert first.tags["Risultato"] == "1-0" and "GameType" not in first.tags
    # Read with Italian tags, written with PDN's: the roster, and the game type of the game.
    text = first.pdn()
    assert '[Result "1-0"]' in text and '[GameType "22,W,8,8,N2,1"]' in text


def test_the_championship_capture_3x26_has_two_routes_and_the_game_ends_there():
    # IT-N, IT-P5: 3x26 takes 6, 13, 21 or 6, 14, 22, both three men, Black's free choice;
    # the game ends with it, so nothing decides: the first route, with a warning.
    games = list(load_games(FIXTURES / "italian_championship.pdn"))
    last = games[5]
    assert not last.errors
    assert last.moves[-1].path == (3, 10, 17, 26)
    (warning,) = last.warnings
    assert "move 13 (Black) '3x26' fits 2 routes (3x10x17x26, 3x10x19x26)" in str(warning)
    assert [g.warnings for g in games[:5]] == [[]] * 5


def test_the_odd_shapes_read_like_the_championship_file():
    odd = list(load_games(FIXTURES / "odd_shapes.pdn"))
    plain = list(load_games(FIXTURES / "italian_championship.pdn"))
    for odd_game, plain_game in zip(odd, (plain[0], plain[5], plain[4])):
        assert odd_game.moves == plain_game.moves
    assert not any(g.errors for g in odd)


def test_a_mistyped_move_and_a_cut_score_are_reported_beside_the_games_that_read():
    games = list(load_games(FIXTURES / "international_with_bad_games.pdn"))
    errors = {i + 1: g.errors for i, g in enumerate(games) if g.errors}
    assert sorted(errors) == [4, 7]
    (illegal,) = errors[4]
    assert illegal.game == 4 and illegal.move == "38-32" and illegal.rule == "INT-M1"
    assert "move 13 (White) '38-32' is illegal: Square 32 is taken" in str(illegal)
    (cut,) = errors[7]
    assert cut.game == 7 and "cannot read '---'" in str(cut)
    good = list(load_games(FIXTURES / "international.pdn"))
    assert [g.moves for g in games if not g.errors] == [g.moves for g in good]
    # Strict reading stops at the first problem, naming it.
    with pytest.raises(PdnError, match="^game 4, line"):
        list(load_games(FIXTURES / "international_with_bad_games.pdn", strict=True))


def test_lidraughts_brazilian_games_in_algebraic_squares():
    games = list(load_games(FIXTURES / "brazilian_lidraughts.pdn"))
    assert games[0].tags["GameType"] == "26"
    assert games[0].board(0) == Board(variant="brazilian")  # the start, written algebraically
    assert games[3].board(0).fen() == "W:W6,27,28,31,32:B5,8,12,20,K29"
    # Written back, the moves are algebraic again, and read the same.
    again = parse_games("\n".join(g.pdn() for g in games), strict=True)
    assert [g.moves for g in again] == [g.moves for g in games]
    assert "1. c3-d4 f6-g5" in games[0].pdn()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_real_games_written_back_read_the_same(name):
    games = [g for g in load_games(FIXTURES / name) if not g.errors]
    again = parse_games("\n".join(g.pdn() for g in games), VARIANT[name], strict=True)
    assert [g.moves for g in again] == [g.moves for g in games]
    assert [g.result for g in again] == [g.result for g in games]


def test_a_file_in_the_windows_code_page_reads_like_the_utf8_one(tmp_path):
    source = (FIXTURES / "international.pdn").read_text(encoding="utf-8")
    path = tmp_path / "cp1252.pdn"
    path.write_bytes(source.encode("cp1252"))
    games = list(load_games(path))
    assert [g.moves for g in games] == [g.moves for g in load_games(FIXTURES /
                                                                     "international.pdn")]
    assert games[6].tags["White"].startswith("Bertè")
