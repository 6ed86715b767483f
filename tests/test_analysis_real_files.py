"""The club's analysis board with real files no one here wrote (tests/fixtures/pdn/real,
see SOURCES.md there): an Italian championship with Italian tags, an International
championship without GameType, a file of composed International problems, and a file
whose header lines end with a written-out «\\r». Rule ids: INT-M1 (a 10x10 board's moves),
IT-M1."""

from pathlib import Path

import pytest

from damalib.board import Board
from damalib.engine import Engine, material_words, verdict_words
from damacore import CompiledEngine, engine_for
from damalib.pdn import guess_variant, parse_game, write_game

from dama.analysis.controller import Analysis, date_text, result_text

REAL = Path(__file__).parent / "fixtures" / "pdn" / "real"
ITALIAN_2005 = REAL / "Campionato Assoluto 2005.pdn"
INTERNATIONAL_2004 = REAL / "40Camp.DamaInternazionaleAssoluto.pdn"
PROBLEMS = REAL / "Cat.A1.pdn"
WRITTEN_CR = REAL / "Mini.pdn"
CHAMPIONSHIP = Path(__file__).parent / "fixtures" / "pdn" / "italian_championship.pdn"


def opened(path, lang="it"):
    page = Analysis(lang)
    assert page.open_file(path.read_bytes(), path.name)
    return page


def test_an_international_championship_without_gametype_opens_every_game_to_its_end():
    """INT-M1: the 40th Italian championship of International draughts, 45 games, no GameType:
    read as 10x10 since its moves write squares over 32, and said so."""
    page = opened(INTERNATIONAL_2004)
    rows = page.rows()
    assert len(rows) == 45 and {row.variant for row in rows} == {"international"}
    for row in rows:
        assert page.choose(row.number)
        assert page.problem is None, (row.number, page.text(page.problem))
        assert page.variant.name == "international"
        assert page.board.board.variant.size == 10
    page.choose(1)
    assert "Dama internazionale 10x10" in page.warnings()[0]
    assert page.variant_title() == "Dama internazionale 10x10"
    assert "27/10/2004 – 1/11/2004" in page.heading()
    assert rows[0].date == "27/10/2004 – 1/11/2004"


def test_an_italian_championships_own_tags_tell_its_rounds_year_and_opening_apart():
    """Dati (the round), Anno (the year) and Apertura (the opening), as Italian files write
    them; every tag shown as the file writes it."""
    page = opened(ITALIAN_2005)
    rows = page.rows()
    assert len(rows) == 53 and {row.variant for row in rows} == {"italian"}
    assert rows[0].event == "69° ASSOLUTO 1° TURNO" and rows[0].date == "2005"
    assert len({row.event for row in rows}) >= 6          # the rounds told apart
    assert all(row.result in ("1–0", "0–1", "½–½") for row in rows)
    page.choose(1)
    heading = page.heading()
    assert "69° ASSOLUTO 1° TURNO" in heading and "2005" in heading
    assert "apertura 0028" in heading or "apertura" in heading
    names = [name for name, _ in page.tags()]
    assert "Dati" in names and "Anno" in names and "Apertura" in names
    international = opened(INTERNATIONAL_2004)
    international.choose(1)
    assert "GameType" not in dict(international.tags())       # guessed, not written
    for row in rows:
        assert page.choose(row.number) and page.problem is None


def test_a_file_of_composed_problems_opens_each_as_a_position_to_solve():
    page = opened(PROBLEMS)
    assert page.text(page.note) == "Cat.A1.pdn: 35 problemi."
    rows = page.rows()
    assert all(row.problem and row.variant == "international" for row in rows)
    assert page.choose(1)
    game = page.game
    assert page.board.board.fen() == Board(game.tag("FEN").rstrip("."), "international").fen()
    assert not page.solution_shown and page.moves() == []      # the solution stays hidden
    assert page.heading().startswith("Problema 1") or game.tag("White")
    solution = game.mainline[0].move
    other = next(m for m in page.board.board.legal_moves if m != solution)
    page.board.play(other)
    assert page.text(page.note) == "La soluzione gioca un'altra mossa qui."
    assert solution not in [e.move for e in page.tree.entries() if e.index in
                            {s.index for s in page.moves()}]
    page.first()
    page.board.play(solution)
    assert page.text(page.note) == "È una mossa della soluzione."
    page.show_solution()
    assert len([s for s in page.moves() if s.depth == 0]) == len(game.mainline)
    for row in rows:
        assert page.choose(row.number) and page.problem is None, page.text(page.problem)


def test_a_written_out_carriage_return_after_the_tags_is_read_as_a_line_end():
    page = opened(WRITTEN_CR)
    for row in page.rows():
        assert page.choose(row.number) and page.problem is None, page.text(page.problem)


def test_the_variant_follows_what_is_opened_and_the_instructor_can_change_it():
    page = opened(INTERNATIONAL_2004)
    page.choose(1)
    assert page.set_fen("W:W21-32:B1-12")             # the Italian start, after a 10x10 file
    assert page.variant.name == "italian"
    assert page.text(page.note) == "Posizione pronta (Dama italiana 8x8). Tocca al Bianco."
    fresh = Analysis("it")                              # a fresh page takes a 10x10 FEN
    assert fresh.set_fen("W:W7,26,28,33,44,46,50:B3,9,12,13,14,21,22,23,24")
    assert fresh.variant.name == "international"
    assert fresh.set_variant("brazilian") and fresh.variant.name == "brazilian"
    assert fresh.board.board.fen() == Board(variant="brazilian").fen()
    assert fresh.text(fresh.note) == "Ora sulla damiera: Dama brasiliana 8x8."
    chosen = Analysis("it")
    assert chosen.set_variant("international")
    assert chosen.set_fen("W:W31,32:B1,2")              # chosen: stays on the 10x10 board
    assert chosen.variant.name == "international"


def test_a_game_that_cannot_be_set_up_says_which_and_why_and_the_page_stays_one_file():
    page = opened(ITALIAN_2005)
    page.choose(3)
    bad = b'[Event "Prova"]\n[FEN "W:W9,99:B1."]\n1. 9-5 *\n\n[Event "Buona"]\n1. 22-19 *\n'
    assert page.open_file(bad, "guasto.pdn")
    assert page.choose(1)
    assert page.file_name == "guasto.pdn" and "Prova" in page.heading()
    assert "partita 1" in page.text(page.problem)
    assert page.board.board.fen() == Board().fen()
    assert page.choose(2) and page.problem is None and "Buona" in page.heading()


def test_a_capture_route_the_file_leaves_open_is_said_where_the_game_is_shown():
    page = opened(CHAMPIONSHIP)
    said = []
    for row in page.rows():
        page.choose(row.number)
        said += page.warnings()
    assert any("3x26" in words for words in said)


def test_a_variations_wrong_move_is_said_to_be_in_a_variation():
    game = parse_game("1. 22-19 (1. 22-18 10-15) 10-14 *")
    assert game.errors[0].text("it").startswith("partita 1, riga 1: in una variante:")


def test_annotations_are_kept_and_written_back():
    game = parse_game("1. 22-19! $2 10-14 $5 2. 19x10?? 5x14 $13 *")
    assert [node.annotation for node in game.mainline] == ["!?", "!?", "??", "$13"]
    assert "1. 22-19!? 10-14!? 2. 19x10?? 5x14 $13" in write_game(game)


def test_dates_and_results_read_as_a_score_sheet_prints_them():
    assert date_text("2004.10.27 - 2004.11.01") == "27/10/2004 – 1/11/2004"
    assert date_text("2004.10.??", "en") == "2004-10"
    assert result_text("1/2-1/2") == "½–½" and result_text("*") == ""
    assert guess_variant(None, 33).name == "international"


@pytest.mark.parametrize("fen, words", [
    ("W:W21,22,23:B1,2", "Il Bianco ha una pedina in più."),
    ("W:W21,22,K5:B1,2,K30,K31", "Il Nero ha una dama in più."),
    ("W:W21,22,23,K4:B1,2,K9,K10", "Bianco: 3 pedine e 1 dama; Nero: 2 pedine e 2 dame."),
    ("W:W21,22:B1,2", "Le forze sono pari."),
])
def test_the_material_is_said_only_as_the_pieces_show_it(fen, words):
    assert material_words(Board(fen), "it") == words


def test_the_advice_is_the_same_for_the_same_position_and_says_an_estimate_as_one():
    """A budget of positions, not of seconds: the same advice on a busy or a quiet machine."""
    board = next(iter(parse_game(CHAMPIONSHIP.read_text(encoding="utf-8")).positions()))
    for _ in range(10):
        board.push(board.legal_moves[0])
    given = set()
    for _ in range(3):
        page = Analysis("it", nodes=30_000)
        page.set_fen(board.fen())
        page.best_move()
        advice = page.advice
        given.add((advice.move, advice.line, advice.words, advice.depth))
    assert len(given) == 1
    (move, line, words, depth), = given
    assert line.startswith(("1.", "1...")) or line[0].isdigit()
    # the engine the page thinks with: the compiled core where it runs (make builds it)
    engine = engine_for("italian")
    assert isinstance(engine, CompiledEngine)
    found = engine.search(Board(board.fen()), max_nodes=30_000)
    assert words == verdict_words(Board(board.fen()), found, "it")
    assert "Il computer" in words or "Vince" in words
    page.think_more()
    assert page.advice.nodes == 30_000 * 4 and page.advice.depth >= depth


# -- the page's widgets ------------------------------------------------------------------------

def widgets_inside(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_inside(child)


def test_the_page_in_the_pseudo_language_translates_every_word_of_its_own():
    """Every word the page writes goes through the catalogue (⟦…⟧ in the pseudo-language);
    what a real file says (players, events) is shown as the file writes it."""
    import ipywidgets

    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("qps")
    page.open(ITALIAN_2005.read_bytes(), ITALIAN_2005.name)
    everything = list(widgets_inside(page.widget))
    labels = [w.description for w in everything
              if isinstance(w, (ipywidgets.Button, ipywidgets.Dropdown, ipywidgets.Select,
                                ipywidgets.Checkbox, ipywidgets.FileUpload))
              and w.description and "dama-analysis-move" not in w._dom_classes]
    assert labels and all(label.startswith("⟦") for label in labels), labels
    assert all(name.startswith("⟦") for name, _ in page.variant.options)
    assert page.heading.value.count("⟦") >= 1                  # the variant's title
    assert "69° ASSOLUTO 1° TURNO" in page.heading.value        # the file's own words
    assert "⟦" in page.note.value and "53" in page.note.value
    assert "BORGHETTI Michele – MASCOLO Luca · 1–0 · 69° ASSOLUTO 1° TURNO · 2005" in \
        page.games.options[0][0]
    assert "<details><summary>⟦" in page.details.value and "Apertura" in page.details.value


def test_a_fens_reason_is_said_beside_the_fen_box_and_the_export_follows_the_board():
    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("it")
    page.open(ITALIAN_2005.read_bytes(), ITALIAN_2005.name)
    page.fen.value = "W:W21-55:B1-12"
    assert "Questa FEN non si legge" in page.position_note.value
    assert "Questa FEN non si legge" not in page.note.value     # not above the list, far off
    assert "53 partite" in page.note.value
    page.fen.value = "W:W21-32:B1-12"
    page.export_fen.click()
    assert page.exported.value == "W:W21-32:B1-12"
    board = page.analysis.board
    board.play(board.board.legal_moves[0])
    assert page.exported.value == page.analysis.fen() != "W:W21-32:B1-12"
    page.analysis.start_setup()
    assert page.board.fen_box.layout.display == "none"          # one FEN box on the page
    assert page.board.setup_export_button.layout.display == "none"


def test_the_page_shows_the_variant_and_changes_it():
    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("it")
    page.open(INTERNATIONAL_2004.read_bytes(), INTERNATIONAL_2004.name)
    assert page.variant.value == "international"
    assert "Dama internazionale 10x10" in page.heading.value
    assert "Dama internazionale 10x10" in page.problem.value    # said as a guess
    page.variant.value = "italian"          # the instructor's choice: read as Italian
    assert page.analysis.variant.name == "italian"
    assert "partita 1" in page.problem.value                      # and why it stops


def test_a_problem_files_solution_is_shown_when_asked():
    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("it")
    page.open(PROBLEMS.read_bytes(), PROBLEMS.name)
    assert page.solution.layout.display is None
    assert "La soluzione è nascosta" in page.moves_note.value
    assert len(page.moves.children) == 1                         # only «Inizio»
    page.solution.click()
    assert page.solution.layout.display == "none" and len(page.moves.children) > 3


def test_the_annotators_signs_are_shown_beside_the_moves_and_kept_in_the_game_so_far():
    page = Analysis("it")
    assert page.open_file(b'[Event "x"]\n1. 22-19! 10-14 $2 2. 19x10 $13 5x14 *\n', "a.pdn")
    page.choose(1)
    assert [shown.text for shown in page.moves()] == ["1. 22-19!", "10-14?", "2. 19x10 $13",
                                                      "5x14"]
    page.last()
    assert "1. 22-19! 10-14? 2. 19x10 $13 5x14" in page.pdn()


def test_setting_up_says_what_a_click_puts_once_and_under_the_board():
    from damalib.board import BLACK, Piece
    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("it")
    page.setup.click()
    page.brush.value = "bk"
    status = page.analysis.board.snapshot().status
    assert page.analysis.text(status) == ("Prepara la posizione: clicca una casella per "
                                           "metterci una dama nera (clicca di nuovo per "
                                           "vuotarla).")
    page.analysis.board.click(16)
    assert page.analysis.finish_setup()
    assert page.analysis.board.board.piece_at(16) == Piece(BLACK, True)
    (board_column, _side) = page.widget.children[4].children
    assert page.brush_bar in board_column.children           # right under the board


def test_a_capture_pending_is_said_beside_the_material_it_is_about_to_change():
    game = parse_game(ITALIAN_2005.read_text(encoding="utf-8"))
    board = next(b for b in game.positions() if b.legal_moves and b.legal_moves[0].is_capture
                 and material_words(b, "it") != "Le forze sono pari.")
    words = verdict_words(board, Engine(board.variant).search(board, max_nodes=5_000), "it")
    side = "Il Bianco" if board.turn == "W" else "Il Nero"
    assert f"{side} ora deve prendere." in words


def test_a_handler_that_fails_says_so_on_the_page(monkeypatch):
    """A fault no one foresaw: said in words where the instructor looks, logged for whoever
    looks after the computer, never a silent page."""
    from dama.analysis.page import AnalysisPage

    page = AnalysisPage("it")

    def broken(*args, **kwargs):
        raise RuntimeError("a fault no one foresaw")

    monkeypatch.setattr(page.analysis, "open_file", broken)
    page.files.value = "sample"
    assert "Qui qualcosa non ha funzionato" in page.note.value
    assert "role='alert'" in page.note.value
