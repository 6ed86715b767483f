"""The analysis page's logic (dama.analysis.controller), its game tree (damalib.study), the
file list read from tags alone (damalib.pdn.scan_games) and the page's widgets."""

from pathlib import Path

import pytest

from damalib import Board
from damalib.board import BLACK, WHITE, Piece
from dama.analysis.controller import Analysis, date_text
from damalib.engine import Engine, verdict_words
from damalib.pdn import decoded_lines, open_game, parse_game, parse_games, read_games, scan_games
from damalib.study import ROOT, GameTree

FIXTURES = Path(__file__).parent / "fixtures" / "pdn"
CHAMPIONSHIP = FIXTURES / "italian_championship.pdn"
BAD = FIXTURES / "international_with_bad_games.pdn"


def lines_of(path):
    with open(path, "rb") as handle:
        return list(decoded_lines(handle))


# -- the list of a file's games, from its tags ------------------------------------------------

@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.pdn")), ids=lambda p: p.name)
def test_the_list_has_the_games_the_reader_reads(path):
    lines = lines_of(path)
    headings, games = scan_games(lines), list(read_games(lines))
    assert [h.number for h in headings] == list(range(1, len(games) + 1))
    for heading, game in zip(headings, games):
        assert heading.result == game.result
        assert heading.tag("White") == game.tag("White", "")
        opened = open_game(lines, heading)
        assert opened.moves == game.moves and opened.tags == game.tags
        # The errors keep the game's number and the file's lines.
        assert [(e.game, e.line, e.reason) for e in opened.errors] == \
            [(e.game, e.line, e.reason) for e in game.errors]


def test_italian_tags_are_the_lists_players_event_and_date():
    page = Analysis("it")
    assert page.open_file(CHAMPIONSHIP.read_bytes(), CHAMPIONSHIP.name)
    first = page.rows()[0]
    assert (first.white, first.black) == ("BORGHETTI Michele", "MASCOLO Luca")
    assert first.event == "69° Campionato Italiano Assoluto"
    assert (first.date, first.result, first.moves) == ("2005", "1–0", 75)
    assert page.text(page.note) == "italian_championship.pdn: 6 partite."
    assert date_text("1995.11.01") == "1/11/1995" and date_text("?") == ""
    assert date_text("1995.11.01", "en") == "1995-11-01"


def test_a_thousand_games_are_listed_from_their_tags():
    text = CHAMPIONSHIP.read_text(encoding="utf-8")
    many = "\n".join([text] * 167).splitlines(keepends=True)     # 1,002 games
    headings = scan_games(many)
    assert len(headings) == 1002
    last = open_game(many, headings[-1])
    assert last.tag("White") == parse_games(text)[-1].tag("White")
    assert last.moves == parse_games(text)[-1].moves


# -- the game as a tree ----------------------------------------------------------------------

VARIED = ('[White "A"]\n{Una partita} 1. 22-19 {la solita} (1. 21-17 10-14 (1... 11-15) '
          '2. 17-13) 10-14 2. 19x10 5x14 1-0')


def test_the_tree_lists_moves_as_a_score_sheet_writes_them():
    tree = GameTree(parse_game(VARIED))
    shown = [(e.label, e.depth, e.opens) for e in tree.entries()]
    assert shown == [("1. 22-19", 0, False), ("1. 21-17", 1, True), ("1... 10-14", 1, False),
                     ("1... 11-15", 2, True), ("2. 17-13", 1, False),
                     ("1... 10-14", 0, False), ("2. 19x10", 0, False), ("2... 5x14", 0, False)]
    assert tree[0].comment == "la solita"
    # Walking: forward keeps to its line, back goes to the move before, last to its end.
    variation = next(e.index for e in tree.entries() if e.text == "21-17")
    assert tree.forward(variation) != tree.forward(0)
    assert tree.back(variation) == ROOT
    assert tree[tree.last(variation)].text == "17-13"
    board = tree.board(tree.last(variation))
    replay = Board()
    for move in ("21-17", "10-14", "17-13"):
        replay.push(replay.parse_move(move))
    assert board.fen() == replay.fen() and len(board.move_stack) == 3


def test_a_move_tried_on_the_board_is_the_games_own_or_a_new_variation():
    tree = GameTree(parse_game(VARIED))
    own = tree.add(ROOT, Board().parse_move("22-19"))
    assert own == 0 and len(tree) == 8
    new = tree.add(0, tree.board(0).parse_move("12-16"))
    assert len(tree) == 9 and tree[new].added and tree[new].depth == 1 and tree[new].opens
    assert tree.add(0, tree.board(0).parse_move("12-16")) == new      # kept, not doubled
    with pytest.raises(ValueError):
        tree.add(new, Board().parse_move("22-19"))   # not legal there


def test_the_game_so_far_is_written_as_pdn_that_reads_back():
    tree = GameTree(parse_game(VARIED))
    at = tree.last(0)
    text = tree.pdn_to(at)
    again = parse_game(text)
    assert [str(m) for m in again.moves] == [e.text for e in tree.path(at)]
    assert again.result == "*" and again.tag("White") == "A"
    assert again.mainline[0].comment == "la solita"


# -- the page's logic ------------------------------------------------------------------------

def test_a_broken_game_opens_at_its_error_with_the_reason():
    page = Analysis("it")
    page.open_file(BAD.read_bytes(), BAD.name)
    broken = [row.number for row in page.rows()
              if open_game(page._lines, page.headings[row.number - 1]).errors]
    assert broken == [4, 7]
    page.choose(4)
    error = page.game.errors[0]
    assert page.problem is error
    assert page.at == page.tree.last(ROOT) and page.at == len(page.game.mainline) - 1
    # The reason names the move the board could not play, in Italian, with its rule.
    board = page.board.board
    assert not any(str(m) == error.move for m in board.legal_moves)
    said = page.text(page.problem)
    assert "partita 4" in said and "non è regolare" in said and "(INT-M1)" in said
    page.choose(7)
    assert "non riesco a leggere '---'" in page.text(page.problem)


@pytest.mark.parametrize("data", [b"Cara nonna, ti scrivo una lettera.\n",
                                  b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", b"", b"\xff\xfe\x00"])
def test_a_file_that_is_not_pdn_is_refused_in_words_and_the_page_stays(data):
    page = Analysis("it")
    page.open_file(CHAMPIONSHIP.read_bytes(), "c.pdn")
    page.choose(2)
    assert not page.open_file(data, "lettera.txt")
    assert page.text(page.note) == ("lettera.txt non è un file di partite (PDN): non c'è "
                                    "nessuna partita.")
    assert len(page.rows()) == 6 and page.chosen == 2


def test_a_garbled_fen_is_said_and_the_board_stays():
    page = Analysis("it")
    before = page.fen()
    assert not page.set_fen("W:W21-55:B1-12")
    assert page.text(page.note).startswith("Questa FEN non si legge:")
    assert page.fen() == before
    assert page.set_fen("B:Wb1,d1:Bc8")      # algebraic squares
    assert page.fen() == "B:W29,30:B2"
    assert page.text(page.note) == "Posizione pronta (Dama italiana 8x8). Tocca al Nero."


def test_a_piece_chosen_then_a_click_per_square_sets_a_position_up():
    page = Analysis("en")
    page.start_setup()
    page.board.setup_clear()
    page.brush(Piece(BLACK, True))
    page.board.click(10)
    page.board.click(20)
    page.brush(Piece(WHITE, False))
    page.board.click(30)
    page.board.click(2)          # a white man on Black's back row would be a king (IT-C7)
    assert "2" not in page.fen().split(":")[1]
    page.brush(Piece(BLACK, True))
    page.board.click(20)         # the same piece again takes it away
    assert page.fen() == "W:W30:BK10"
    page.board.set_turn(BLACK)
    assert page.finish_setup()
    assert page.board.mode == "two_players" and page.fen() == "B:W30:BK10"
    assert page.tree.start.fen() == "B:W30:BK10" and page.at == ROOT


def test_moves_played_on_the_board_walk_the_game_or_make_variations():
    page = Analysis("it")
    page.open_file(CHAMPIONSHIP.read_bytes(), "c.pdn")
    page.choose(1)
    page.board.play("21-17")                 # the game's own first move
    assert page.at == 0 and len(page.tree) == 75
    page.board.play("10-14")                 # not the game's (12-15): a variation
    assert len(page.tree) == 76 and page.tree[page.at].added and page.tree[page.at].depth == 1
    assert any(s.current and s.text == "1... 10-14" for s in page.moves())
    page.board.undo()
    assert page.at == 0
    page.last()
    assert page.board.board.fen() == parse_games(CHAMPIONSHIP.read_text("utf-8"))[0].board().fen()


class Steps:
    """A scheduler that keeps what it is given, to run it step by step."""

    def __init__(self):
        self.waiting = []

    def __call__(self, delay, callback):
        self.waiting.append(callback)

    def run(self):
        callback = self.waiting.pop(0)
        callback()


def test_the_best_move_comes_depth_by_depth_and_a_stop_gives_the_best_so_far():
    steps = Steps()
    page = Analysis("it", scheduler=steps, nodes=10_000_000)
    page.set_fen("W:W17,22,23,26,27,31:B3,6,9,11,12,15")
    assert page.best_move() and page.thinking
    assert page.text(page.progress) == "Il computer sta pensando…"
    assert not page.best_move()                       # one question at a time
    steps.run()
    steps.run()
    assert page.text(page.progress).startswith("Il computer sta pensando… profondità 2:")
    page.stop()
    while steps.waiting:
        steps.run()
    advice = page.advice
    assert not page.thinking and advice.stopped and advice.depth == 2
    board = page.board.board
    assert advice.move in [board.move_text(m) for m in board.legal_moves]
    assert advice.line.startswith(f"1. {advice.move}")
    said = page.advice_text()
    assert said.startswith(f"Migliore mossa: {advice.move}.") and "profondità 2" in said
    assert "Hai fermato il computer" in said


def test_the_advice_says_what_the_position_is_worth_as_the_engine_found():
    page = Analysis("it")
    page.set_fen("W:W31:BK1")                # three pieces or fewer: the endgame tables know
    page.best_move()
    assert page.advice.words == verdict_words(Board("W:W31:BK1"), None, "it")
    assert page.advice.words.startswith("Vince il Nero in")
    engine = Engine()
    results = list(engine.think(Board(), max_depth=4))
    assert [r.depth for r in results] == [1, 2, 3, 4]


def test_a_new_position_while_thinking_drops_that_advice():
    steps = Steps()
    page = Analysis("en", scheduler=steps, nodes=10_000_000)
    page.best_move()
    steps.run()
    page.set_fen("W:W31:BK1")
    while steps.waiting:
        steps.run()
    assert page.advice is None and not page.thinking


def test_no_best_move_where_the_game_is_over():
    page = Analysis("it")
    assert page.set_fen("W:W32:B27,28,K23,K24")   # White is blocked: no move (IT-E1)
    assert not page.best_move()
    assert page.text(page.note) == "Qui non c'è una mossa da cercare: la partita è finita."


# -- the page's widgets ----------------------------------------------------------------------

def test_the_page_opens_the_sample_and_its_moves_are_buttons():
    import dama.helpers as corso

    widget = corso.analysis_board("it")
    page = widget.page
    page.files.value = "sample"
    assert len(page.games.options) == 6 and page.games.value == 1
    assert "BORGHETTI Michele – MASCOLO Luca" in page.heading.value
    moves = [c for c in page.moves.children if "dama-analysis-move" in c._dom_classes]
    assert moves[0].description == "Inizio" and moves[1].description == "1. 21-17"
    moves[5].click()
    assert page.analysis.at == 4 and moves[5].button_style == "info"
    assert page.nav.children[2].tooltip == "Avanti" and page.nav.children[2].icon == "step-forward"
    page.nav.children[2].click()
    assert page.analysis.at == 5 and moves[5].button_style == ""
    page.games.value = 2
    assert "GRECO Sebastiano" in page.heading.value
    page.export_pdn.click()
    assert page.exported.value.startswith('[Result "*"]') and "download=" in page.download.value
    page.fen.value = "W:W31:BK1"
    assert page.analysis.fen() == "W:W31:BK1"
    page.best.click()
    assert "Migliore mossa" in page.advice.value and "Vince il Nero" in page.advice.value


def test_the_clubs_game_folder_is_offered_beside_the_file_chooser(tmp_path, monkeypatch):
    folder = tmp_path / "Dama"
    folder.mkdir()
    (folder / "sociale-2026.pdn").write_bytes(CHAMPIONSHIP.read_bytes().replace(b"\n", b"\r\n"))
    (folder / "appunti.txt").write_text("non è un file di partite", encoding="utf-8")
    monkeypatch.setenv("DAMA_GAMES", str(folder))
    import dama.helpers as corso

    page = corso.analysis_board("it").page
    offered = [label for label, _ in page.files.options]
    assert offered == ["—", "Campionato italiano 2005 (esempio)", "sociale-2026.pdn"]
    page.files.value = str(folder / "sociale-2026.pdn")       # CRLF, as Windows writes it
    assert page.analysis.text(page.analysis.note) == "sociale-2026.pdn: 6 partite."
    assert len(page.games.options) == 6


def test_the_guides_examples_for_instructors_who_write_code_run():
    """The teacher's guide's section on the analysis page shows the library in a few lines,
    in each language: those lines run, from the project's folder, as doctests."""
    import doctest
    import os
    import re
    import sys

    root = Path(__file__).resolve().parent.parent
    from lessons.teachers_guide import ANALYSIS
    here = os.getcwd()
    os.chdir(root)
    try:
        for lang in ("it", "en"):
            (block,) = re.findall(r"```python\n(.*?)```", ANALYSIS.source(lang), re.S)
            test = doctest.DocTestParser().get_doctest(block, {}, f"guide-{lang}", None, 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test)
            assert runner.summarize(verbose=False).attempted >= 7
            assert runner.summarize(verbose=False).failed == 0, lang
    finally:
        os.chdir(here)
