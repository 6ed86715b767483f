"""PDN 3.0 game files: reading, writing, round trips and every kind of malformed file."""

import io

import pytest

from damalib import Board
from games import random_position
from damalib.pdn import (Game, Node, PdnError, load_games, parse_game, parse_games, read_games,
                         write_game, write_games)

ITALIAN_GAME = """[Event "Campionato di classe"]
[Site "Scuola Verdi"]
[Date "2026.11.30"]
[White "Anna"]
[Black "Luca"]
[Result "1-0"]
[GameType "22,W,8,8,N2,1"]

{Una partita breve.} 1. 22-19 10-14 2. 19x10 {si mangia} 5x14 (2... 6x13 3. 21-17)
3. 24-20 11-15 4. 20x11 6x15 1-0
"""


def test_reading_tags_moves_comments_variations_and_result():
    game = parse_game(ITALIAN_GAME)
    assert game.tags["White"] == "Anna" and game.tags["Event"] == "Campionato di classe"
    assert game.variant.name == "italian"
    assert [str(m) for m in game.moves] == ["22-19", "10-14", "19x10", "5x14", "24-20", "11-15",
                                           "20x11", "6x15"]
    assert game.comment == "Una partita breve."
    assert game.mainline[2].comment == "si mangia"
    # The variation replaces Black's 5x14 and is never mistaken for main-line moves.
    (variation,) = game.mainline[3].variations
    assert [str(n.move) for n in variation] == ["6x13", "21-17"]
    assert game.result == "1-0"
    assert game.board(4).fen() == "W:W21,23-32:B1-4,6-9,11,12,14"


def test_every_position_of_the_game_as_a_board():
    game = parse_game(ITALIAN_GAME)
    boards = list(game.positions())
    assert len(boards) == len(game.moves) + 1
    assert boards[0] == Board()
    assert boards[-1] == game.board()
    assert boards[3].move_stack == game.moves[:3]


@pytest.mark.parametrize("variant", ["italian", "international", "brazilian"])
def test_round_trip_of_random_games_in_each_variant(variant):
    games = []
    for seed in range(8):
        board = random_position(variant, seed, 30 + seed * 10)
        game = Game.from_board(board, result="*", Event=f"Test {seed}", White="A", Black="B")
        game.mainline[0].comment = "apertura"
        if len(game.mainline) > 5:
            alternative = game.board(4)
            alternatives = [m for m in alternative.legal_moves if m != game.moves[4]]
            if alternatives:
                game.mainline[4].variations.append([Node(alternatives[0], "anche possibile")])
        games.append(game)
    handle = io.StringIO()
    write_games(games, handle)
    again = parse_games(handle.getvalue())
    assert again == games
    assert all(g.variant.name == variant for g in again)
    # The moves read carry their notation too: written again, the text is the same.
    assert [g.pdn() for g in again] == [g.pdn() for g in games]
    assert [[m.ambiguous for m in g.moves] for g in again] == [
        [m.ambiguous for m in g.board().move_stack] for g in games]


def test_round_trip_from_a_set_up_position_with_black_to_move():
    board = Board("B:W18,24,27,K10:B12,16,K22")
    board.push(board.legal_moves[0])
    board.push(board.legal_moves[0])
    game = Game.from_board(board, result="1/2-1/2")
    text = game.pdn()
    assert '[SetUp "1"]' in text and '[FEN "B:W18,24,27,K10:B12,16,K22"]' in text
    assert "1..." in text
    assert parse_game(text) == game


def test_writing_uses_full_paths_only_when_ambiguous():
    board = Board("W:WK7:B1,3,11,12,19,20,26,27")
    board.push("7x16x23x30x21")
    assert "1. 7x16x23x30x21" in Game.from_board(board).pdn()
    board = Board()
    board.push("22-19")
    assert "1. 22-19 *" in Game.from_board(board).pdn()


def test_international_results_and_game_type():
    text = '[GameType "20"]\n[Result "2-0"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'
    game = parse_game(text)
    assert game.variant.name == "international" and game.result == "2-0"
    assert write_game(game).strip().endswith("2-0")


def test_brazilian_moves_are_algebraic_as_game_type_26_says():
    text = '[GameType "26,W,8,8,A0,0"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *'
    game = parse_game(text)
    assert [str(m) for m in game.moves] == ["22-18", "11-15", "18x11", "8x15"]
    assert "1. c3-d4 f6-e5 2. d4xf6 g7xe5 *" in game.pdn()


def test_games_without_tags_are_split_by_their_results():
    games = parse_games("1. 22-19 10-14 1-0\n1. 21-17 9-13 0-1\n")
    assert [g.result for g in games] == ["1-0", "0-1"]
    assert [str(g.moves[0]) for g in games] == ["22-19", "21-17"]


def test_many_games_stream_lazily():
    one = "[Event \"x\"]\n1. 22-19 10-14 *\n\n"
    read = []

    def lines():
        for i in range(10_000):
            for line in one.splitlines(keepends=True):
                read.append(i)
                yield line

    games = read_games(lines())
    first = next(games)
    assert str(first.moves[0]) == "22-19"
    assert len(read) < 20  # only the first game (and a peek at the next) was read
    assert sum(1 for _ in games) == 9_999


def test_load_games_from_a_file(tmp_path):
    path = tmp_path / "partite.pdn"
    path.write_text(ITALIAN_GAME + "\n" + ITALIAN_GAME, encoding="utf-8")
    assert len(list(load_games(path))) == 2


def test_comments_may_span_lines_and_escape_lines_are_skipped():
    game = parse_game("% a note for programs\n1. 22-19 {a comment\nthat goes on} 10-14 *")
    assert game.mainline[0].comment == "a comment that goes on"


@pytest.mark.parametrize("text, words, rule", [
    ("1. 22-19 10-14 2. 22-26 *", "move 2 (White) '22-26' is illegal", "IT-B4"),
    ("1. 22-19 10-15 *", "move 1 (Black) '10-15' is illegal", "IT-M1"),
    ('[GameType "22"]\n1. 22-19 10-14 2. 19x10 12-16 *', "'12-16' is illegal", "IT-C1"),
    ("1. 22-19 11-15 2. 19-15 *", "'19-15' is illegal", "IT-M1"),
])
def test_illegal_moves_name_the_game_the_move_the_text_and_the_rule(text, words, rule):
    with pytest.raises(PdnError) as info:
        parse_game(text, strict=True)
    message = str(info.value)
    assert message.startswith("game 1")
    assert words in message
    assert info.value.rule == rule
    # Read leniently, the same error is kept on the game with the moves before it.
    game = parse_game(text)
    (error,) = game.errors
    assert str(error) == message and error.rule == rule and error.move in text
    assert game.board().fen() == parse_game(text.split(error.move)[0] + " *").board().fen()


@pytest.mark.parametrize("text, words", [
    ("1. 22-19 @@ *", "cannot read '@@'"),
    ("1. 22-19 {never closed", "{ without }"),
    ("1. 22-19 (21-17 *", "inside a variation"),
    ("1. 22-19 (21-17", "never closed"),
    ("1. 22-19 ) *", "')' without '('"),
    ("( 22-19 ) *", "before any move"),
    ('[GameType "21"]\n1. 11-15 *', "GameType"),
    ('[FEN "W:W21-60:B1-12"]\n1. 22-19 *', "FEN"),
    ("1. 22-99 *", "does not exist"),
    ('1. 22-19 (21-17 [Event "x"]) *', "middle of the moves"),
])
def test_malformed_files_raise_pdn_error_saying_what_and_where(text, words):
    with pytest.raises(PdnError) as info:
        parse_game(text, strict=True)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
    game = parse_game(text)
    assert words in str(game.errors[0])


def test_the_second_game_is_named_in_the_error():
    text = '[Event "a"]\n1. 22-19 *\n[Event "b"]\n1. 22-26 *\n[Event "c"]\n1. 21-17 *\n'
    with pytest.raises(PdnError, match="^game 2, line 4"):
        parse_games(text, strict=True)
    games = parse_games(text)
    assert [len(g.errors) for g in games] == [0, 1, 0]
    assert str(games[1].errors[0]).startswith("game 2, line 4")
    assert [g.tags["Event"] for g in games] == ["a", "b", "c"]


def test_an_empty_text_has_no_game():
    assert parse_games("") == []
    with pytest.raises(PdnError, match="no game"):
        parse_game("   \n")


def test_game_type_chooses_the_variant_and_a_default_can_be_given():
    assert parse_game("1. 32-28 *", variant="international").variant.name == "international"
    assert parse_game('[GameType "26"]\n1. 22-18 *').variant.name == "brazilian"


def test_any_position_of_a_game_shows_itself_as_a_diagram():
    # What the notation lesson does: load a game, show a position of it in Jupyter.
    board = parse_game(ITALIAN_GAME).board(4)
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and 'class="last-move"' in svg
    assert 'data-square="14"' in svg


# -- the shapes real files have ----------------------------------------------------------------

AMBIGUOUS_ITALIAN = ('[FEN "B:W18-21,25-29,32:B2-4,6,8-10,12,15"]\n'
                     "1... 15x31 2. {next} {{reply}} *")


@pytest.mark.parametrize("reply, route", [("20-16", (15, 22, 31)), ("27-22", (15, 24, 31))])
def test_a_short_capture_with_two_routes_is_decided_by_the_rest_of_the_game(reply, route):
    # IT-N: "15x31" may take 19 and 27 or 20 and 28; only one of them leaves White's reply.
    game = parse_game(AMBIGUOUS_ITALIAN.replace("{next} {{reply}}", reply))
    assert not game.errors and not game.warnings
    assert game.moves[0].path == route
    assert str(game.mainline[1].move) == reply


def test_a_short_capture_nothing_decides_takes_the_first_route_with_a_warning():
    game = parse_game(AMBIGUOUS_ITALIAN.replace("{next} {{reply}}", "21-17"))
    assert not game.errors
    assert game.moves[0].path == (15, 22, 31)
    (warning,) = game.warnings
    assert "'15x31' fits 2 routes (15x22x31, 15x24x31)" in str(warning)
    assert str(warning).startswith("game 1, line 2")
    # Written back, the guess is spelt out in full.
    assert "15x22x31" in game.pdn()


def test_an_international_short_capture_decided_two_moves_later():
    fen = "W:W24,39,44-46,48-50,K4:B1,6-9,12,14,18,21,22,38"
    for reply, route in (("22-27", (4, 13, 2, 16, 32, 5)), ("21-26", (4, 13, 2, 11, 28, 5))):
        text = f'[GameType "20"]\n[FEN "{fen}"]\n1. 4x5 {{colpo}} 38-43 2. 49x38 {reply} 0-2'
        game = parse_game(text)
        assert not game.errors and not game.warnings, game.errors
        assert game.moves[0].path == route and game.result == "0-2"


def test_another_route_to_the_same_position_names_the_same_move():
    # A flying king may land on 14 or 19 between its captures: one move for the game (INT-C2).
    fen = "W:WK16:B10,21,23,K44,K47"
    (move,) = [m for m in Board(fen, "international").legal_moves if m.end == 5]
    for text in ("16x5", "16x32x14x5", "16x32x19x5"):
        game = parse_game(f'[GameType "20"]\n[FEN "{fen}"]\n1. {text} *')
        assert game.moves == [move] and not game.errors and not game.warnings


def test_the_same_pieces_taken_the_other_way_round_may_be_another_move():
    # IT-P4: round the square the other way the king is met at jump 5, not 2: refused.
    fen = "W:WK4:B1,7,14,22,23,K15"
    game = parse_game(f'[FEN "{fen}"]\n1. 4x11x20x27x18x11 *')
    assert not game.errors and game.moves[0].captures == (7, 15, 23, 22, 14)
    (error,) = parse_game(f'[FEN "{fen}"]\n1. 4x11x18x27x20x11 *').errors
    assert error.rule == "IT-P4"


ITALIAN_CRLF = (
    '\ufeff[Evento "Campionato"]\r\n[Bianco "Rossi"]\r\n[Nero "Bianchi"]\r\n'
    '[Risultato "1-1"]\r\n\r\n1.22-18 12-16 2. 21- 17 {apertura\r\n classica} 10 - 14\r\n'
    '3. 17-13 14x21 4. 26x17 {fine} 1-1\r\n')


def test_crlf_bom_italian_tag_names_and_spaced_or_glued_moves():
    game = parse_game(ITALIAN_CRLF)
    assert not game.errors
    assert game.tags["Bianco"] == "Rossi" and game.result == "1-1"
    assert len(game.moves) == 7 and str(game.moves[5]) == "14x21"
    assert game.mainline[2].comment == "apertura classica"
    # No GameType: the reader's default variant.
    assert parse_game(ITALIAN_CRLF).variant.name == "italian"


def test_the_result_of_a_foreign_tag_when_the_moves_end_without_one():
    game = parse_game('[Risultato "0-1"]\n1. 22-18 12-16\n')
    assert game.result == "0-1"


def test_comments_between_tags_after_results_and_odd_numbers():
    text = ('[Event "a"]\n{tra i tag}\n[White "x"]\n1… 22-18 1.. 12-16 2. 21-17!? $1 9-13?? '
            "1/2-1/2 {dopo il risultato}\n"
            '[Event "b"]\n[Site "Città "Vecchia""]\n1. 22-19 ½-½\n{in fondo al file}\n')
    games = parse_games(text)
    assert len(games) == 2 and not any(g.errors for g in games)
    assert games[0].comment == "tra i tag" and games[0].result == "1/2-1/2"
    assert games[1].tags["Site"] == 'Città "Vecchia"' and games[1].result == "1/2-1/2"
    assert games[1].comment == "dopo il risultato"


def test_a_bad_game_among_good_ones_is_reported_and_the_rest_is_read():
    text = ('[Event "1"]\n1. 22-18 12-16 2. 18-14 *\n\n'
            '[Event "2"]\n1. 22-18 12-16 2. 4-6 9-13 3. 21-17 1-0\n\n'
            '[Event "3"]\n1. 22-18 12-16 2. 21-17 ---\n\n'
            '[Event "4"]\n1. 22-18 (1. 22-19 11-15 2. 4-8 ) 12-16 2. 21-17 0-1\n')
    games = parse_games(text)
    assert [g.tags["Event"] for g in games] == ["1", "2", "3", "4"]
    assert [len(g.moves) for g in games] == [3, 2, 3, 3]
    assert [g.result for g in games] == ["*", "1-0", "*", "0-1"]
    assert games[0].errors == []
    (illegal,) = games[1].errors
    assert illegal.game == 2 and illegal.line == 5 and illegal.move == "4-6"
    assert illegal.rule == "IT-B4" and "move 2 (White) '4-6' is illegal" in str(illegal)
    assert "cannot read '---'" in str(games[2].errors[0])
    # An error inside a variation drops the rest of that variation only.
    (bad_variation,) = games[3].errors
    assert "'4-8'" in str(bad_variation)
    assert [str(n.move) for n in games[3].mainline[0].variations[0]] == ["22-19", "11-15"]


def test_files_in_the_windows_code_page_and_in_utf8_read_alike(tmp_path):
    text = '[Event "Città"]\r\n[White "Niccolò"]\r\n1. 22-18 *\r\n'
    for encoding in ("utf-8", "utf-8-sig", "cp1252"):
        path = tmp_path / f"{encoding}.pdn"
        path.write_bytes(text.encode(encoding))
        (game,) = load_games(path)
        assert game.tags == {"Event": "Città", "White": "Niccolò", "Result": "*"}
        assert str(game.moves[0]) == "22-18"


def test_brazilian_games_in_algebraic_squares_from_an_algebraic_fen():
    text = ('[GameType "26"]\n[FEN "W:Wa1,c3,e3,Kg1:Bb6,d6,h8"]\n'
            "1. c3-b4 d6-c5 2. b4xd6 h8-g7 *")
    game = parse_game(text)
    assert not game.errors and game.variant.name == "brazilian"
    assert game.board(0).fen() == "W:W22,23,29,K32:B4,9,10"
    assert [str(m) for m in game.moves] == ["22-17", "10-14", "17x10", "4-8"]
    assert "b4xd6" in game.pdn()


def test_italian_tag_names_are_read_by_their_pdn_names():
    from damalib.pdn import parse_game

    game = parse_game('[Evento "Campionato italiano"]\n[Bianco "Rossi"]\n[Nero "Verdi"]\n'
                      '[Data "2005.06.12"]\n[Risultato "2-0"]\n1. 22-19 11-15 2-0\n')
    assert game.tag("White") == "Rossi" and game.tag("black") == "Verdi"
    assert game.tag("Event") == "Campionato italiano" and game.tag("Date") == "2005.06.12"
    assert game.tag("Site") is None and game.tag("Site", "?") == "?"
    assert game.result == "2-0" and not game.errors


def test_a_match_score_as_the_games_last_word_is_its_result():
    # Some tournament files end a game with the match score its Result tag gives (4-6): it
    # is read as the result, not as a move from 4 to 6.
    from damalib.pdn import parse_games, write_game

    text = ('[Bianco "Rossi"]\n[Nero "Verdi"]\n[Result "4-6"]\n1. 22-19 11-15 4-6\n\n'
            '[Result "1-0"]\n1. 22-19 11-15 2. 19x10 4-6\n')
    first, second = parse_games(text)
    assert first.result == "4-6" and not first.errors and len(first.moves) == 2
    again = parse_games(write_game(first))[0]
    assert again.result == "4-6" and again.moves == first.moves
    # A move written like a score, where the tag says otherwise, is still a move.
    assert second.errors and "4-6" not in second.result
