"""Puzzles made from positions (dama.analysis.make), checked against the solver and the checker;
the handouts of positions (dama.analysis.handout); the club's puzzles on the page and the class
page."""

import re
import struct

import pytest

from damalib import Board
from damalib.pdn import load_games
from damalib.solver import accepted_moves, solve
from dama.core.content import check
from dama.analysis.handout import from_advice, from_record, picture_png, picture_svg, sheet
from dama.analysis.make import (NoPuzzle, as_puzzle, club_puzzles, next_id, propose, save)
from dama.core.content.puzzle import load_file
from dama.core.store.progress import ProgressStore

from tests.test_analysis import CHAMPIONSHIP


def play(puzzle, line):
    """The checker's verdict on the child playing ``line``'s moves (the opponent's replies
    between them are the puzzle's own)."""
    return check(puzzle, " ".join(line[::2]))


def test_a_shot_makes_a_move_puzzle_the_solver_proves_and_the_checker_grades():
    board = Board("W:W10,21,22:B7,14,17")
    record = propose(board, "club-001", credit="Serata del martedì")
    assert (record["kind"], record["goal"], record["unique"]) == ("move", "material", True)
    proof = solve(board, "material", record["plies"])
    assert proof is not None and accepted_moves(board, "material", record["plies"]) == \
        [board.parse_move("22-18")]
    puzzle = as_puzzle(record)
    assert play(puzzle, ["22-18", "17x26", "18x4"]).correct
    assert not play(puzzle, ["10-5"]).correct
    assert record["prompt.en"] == "White to move and win material."
    assert record["explanation.it"].startswith("Una linea: 22-18 17x26 18x4.")
    assert record["rules"] == ["IT-M1", "IT-C1"] and record["credit"] == "Serata del martedì"
    said_lead(board, record)
    # No hint hands over the line: the first names the piece, the second what to aim for.
    assert not any("22-18" in hint or "18x4" in hint for hint in record["hints.it"])


def test_a_forced_capture_makes_a_capture_puzzle_with_every_legal_capture():
    board = Board("W:W22,24:B18,12")
    record = propose(board, "club-002")
    assert record["kind"] == "capture" and record["solutions"] == ["22x13"]
    assert check(as_puzzle(record), "22x13").correct


def test_several_winning_moves_make_a_goal_puzzle():
    board = Board("W:W21,22,23:B4")
    record = propose(board, "club-003")
    winning = accepted_moves(board, "win", record["plies"])
    assert record["kind"] == "goal" and len(winning) > 1
    puzzle = as_puzzle(record)
    for move in winning:
        assert check(puzzle, board.move_text(move)).correct


def test_a_quiet_position_makes_no_puzzle_and_says_why_in_both_languages():
    with pytest.raises(NoPuzzle) as refused:
        propose(Board(), "club-004")
    assert "non fa un esercizio che si corregge da solo" in refused.value.reason["it"]
    assert "does not make a puzzle that grades itself" in refused.value.reason["en"]


def test_puzzles_from_a_real_game_are_each_proved():
    game = next(iter(load_games(CHAMPIONSHIP)))
    made = 0
    for ply in range(len(game.mainline)):
        board = game.board(ply)
        try:
            record = propose(board, f"club-{ply:03d}")
        except NoPuzzle:
            continue
        made += 1
        puzzle = as_puzzle(record)
        if record["kind"] in ("move", "capture"):
            line = record["solutions"][0].split()
            assert play(puzzle, line).correct, (ply, record)
        if record["kind"] == "move":
            said_lead(board, record)
    assert made >= 5


def said_lead(board, record):
    """The explanation's «Alla fine ...» against the pieces counted on the replayed line
    (a king counting one), and the line it names is the solution."""
    line = record["solutions"][0]
    assert record["explanation.it"].startswith(f"Una linea: {line}.")
    after = board.copy()
    for text in line.split():
        after.push(after.parse_move(text))
    counts = {side: sum(p.colour == side for p in after.pieces().values()) for side in "WB"}
    mover = board.turn
    lead = counts[mover] - counts["B" if mover == "W" else "W"]
    words = record["explanation.it"]
    if lead == 0:
        assert "i pezzi sono pari" in words
    else:
        who = ("il Bianco" if (mover == "W") == (lead > 0) else "il Nero")
        number = "un pezzo" if abs(lead) == 1 else f"{abs(lead)} pezzi"
        assert f"Alla fine {who} ha" in words and f"{number} in più" in words, words


def test_saved_puzzles_load_as_a_collection_with_the_instructors_words(tmp_path):
    first = propose(Board("W:W10,21,22:B7,14,17"), next_id(tmp_path))
    first["prompt.it"] = "Il tiro della serata: il Bianco vince una pedina."
    path = save(first, tmp_path)
    second = propose(Board("W:W22,24:B18,12"), next_id(tmp_path))
    assert second["id"] == "club-002"
    save(second, tmp_path)
    loaded = load_file(path)
    assert [p.id for p in loaded] == ["club-001", "club-002"]
    assert loaded[0].prompt("it") == "Il tiro della serata: il Bianco vince una pedina."
    assert [p.id for p in club_puzzles(tmp_path)] == ["club-001", "club-002"]


def test_a_puzzle_that_would_break_the_file_is_refused_and_the_file_kept(tmp_path):
    path = save(propose(Board("W:W22,24:B18,12"), "club-001"), tmp_path)
    before = path.read_bytes()
    bad = propose(Board("W:W10,21,22:B7,14,17"), "club-001")      # the same id again
    with pytest.raises(Exception) as refused:
        save(bad, tmp_path)
    assert "club-001" in str(refused.value)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.partial"))


def test_worksheet_folder_prints_the_clubs_puzzles(tmp_path, capsys):
    from dama.cli import main

    save(propose(Board("W:W10,21,22:B7,14,17"), "club-001"), tmp_path)
    out = tmp_path / "scheda.html"
    assert main(["worksheet", "--folder", str(tmp_path), "-o", str(out), "--lang", "it"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Tocca al Bianco: muove e vince del materiale." in text


# -- handouts -------------------------------------------------------------------------------

def test_the_pictures_carry_the_caption_and_the_side_to_move():
    board = Board("B:W22,24,K30:B18,12,K5")
    svg = picture_svg(board, "Borghetti – Mascolo, dopo 12. 22-18", "it")
    lines = re.findall(r'<text class="dama-caption"[^>]*>([^<]*)</text>', svg)
    assert " ".join(lines) == "Borghetti – Mascolo, dopo 12. 22-18" and "Mossa al Nero" in svg
    assert svg.count('class="piece') == 6
    png = picture_png(board, "Borghetti – Mascolo", "it", size=300)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (600, 720)          # twice the size, the caption under it


def test_the_handout_prints_positions_with_or_without_their_answers():
    board = Board("W:W10,21,22:B7,14,17")
    shot = from_record(board, propose(board, "posizione-1"))
    quiet = from_advice(Board(), ["22-19", "10-14"], "La posizione è pari.", "it", "Apertura")
    with_key = sheet([shot, quiet], "it")
    assert with_key.count('class="puzzle"') == 2 and "Soluzioni" in with_key
    assert "1. 22-18 17x26 2. 18x4" in with_key and "1. 22-19 10-14" in with_key
    assert "Apertura. Il Bianco muove: trova la mossa migliore." in with_key
    without = sheet([shot, quiet], "it", answers=False)
    assert "22-18 17x26" not in without and "Soluzioni" not in without


# -- the page and the class page -------------------------------------------------------------

def test_the_page_makes_a_puzzle_saves_it_and_plays_it(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DAMA_PUZZLES", str(tmp_path / "club"))
    import dama.helpers as corso

    page = corso.analysis_board("it").page
    page.fen.value = "W:W10,21,22:B7,14,17"
    page.handouts.make_button.click()
    assert "Un esercizio di mossa" in page.handouts.draft_note.value and "22-18 17x26 18x4" in \
        page.handouts.draft_note.value
    page.handouts.prompt_it.value = "Il tiro del martedì."
    page.handouts.save_puzzle.click()
    assert "Salvato come club-001" in page.handouts.draft_note.value
    assert page.handouts.play_club.description == "Gioca gli esercizi del circolo (1)"
    page.handouts.play_club.click()
    (played,) = page.handouts.club.children
    assert played.puzzles[0].prompt("it") == "Il tiro del martedì."
    # A quiet position is refused in words, nothing saved.
    page.fen.value = "W:W21-32:B1-12"
    page.handouts.make_button.click()
    assert "non fa un esercizio" in page.handouts.draft_note.value
    assert len(club_puzzles()) == 1


def test_the_page_saves_pictures_and_a_handout(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_HOME", str(tmp_path))
    import dama.helpers as corso

    page = corso.analysis_board("it").page
    page.files.value = "sample"
    page.analysis.go(20)
    assert page.handouts.caption_text() == "BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21"
    page.handouts.svg_button.click()
    stem = "borghetti-michele-mascolo-luca-dopo-11-26-21"
    assert f"download='{stem}.svg'" in page.handouts.saved.value and "Mossa al Nero" in page.handouts.saved.value
    page.handouts.png_button.click()
    assert f"download='{stem}.png'" in page.handouts.saved.value
    page.handouts.add_button.click()
    assert "Prima chiedi la migliore mossa" in page.handouts.saved.value     # no shot, no advice yet
    page.analysis.best_move()
    page.handouts.add_button.click()
    assert page.handouts.saved.value == "<p>Nella scheda: 1 posizione.</p>"
    page.handouts.title.value = "Serata del martedì"
    page.handouts.sheet_button.click()
    assert "download='serata-del-martedi.html'" in page.handouts.saved.value
    assert page.analysis.advice.moves[0] in page.handouts.sheet_html


def test_the_class_page_counts_the_clubs_puzzles(tmp_path, monkeypatch):
    monkeypatch.setenv("DAMA_PUZZLES", str(tmp_path / "club"))
    save(propose(Board("W:W10,21,22:B7,14,17"), "club-001"), tmp_path / "club")
    (puzzle,) = club_puzzles()
    folder = tmp_path / "classe"
    with ProgressStore("Sofia", folder) as store:
        answer = "22-18 17x26 18x4"
        store.record(puzzle, answer, play(puzzle, answer.split()), 0)
    from dama.classroom.page import class_page

    page = class_page("it", folder)
    (table,) = [w for w in page.children if "dama-class-table" in w._dom_classes]
    assert ">Circolo</th>" in table.value and "data-club='3'" in table.value
    # «In tutto» counts the lessons' stars: beside the club's 3/3 it says «—», never 0/0.
    assert "<b>0/0</b>" not in table.value and "<b>—</b>" in table.value
