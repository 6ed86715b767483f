"""The course's demonstration boards in a real browser, in the child's view (Voilà) that
`make course` serves: a capture refused and made, a capture landing by landing, the computer's
reply, the 40-move count played out, and the index's name box with its stars. The exercises
are walked in test_journey.py.

Set DAMA_SCREENSHOTS to a folder to keep the screenshots the tests take.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import click_square, content, open_view, screenshot, wait_drawn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DEMO = ".dama-demo canvas.dama-board"


def open_lesson(page, base: str, path: str) -> None:
    open_view(page, base, path)
    expect(page.locator(".dama-lesson-stars")).to_be_attached()


def demo_board(page, n: int = 0):
    demo = page.locator(".dama-demo").nth(n)
    canvas = demo.locator("canvas.dama-board")
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    return demo, canvas


def test_capture_lesson_refuses_a_quiet_move_and_takes(page, course_server):
    open_lesson(page, course_server[0], "it/03-la-presa.ipynb")
    demo, canvas = demo_board(page)
    assert content(screenshot(canvas), 18) == "black"
    click_square(canvas, 24)           # a quiet move while a capture is due (IT-C1)
    status = demo.locator(".dama-status")
    expect(status).to_contain_text("mangiare è obbligatorio")
    expect(status).not_to_contain_text("IT-")
    click_square(canvas, 22)
    click_square(canvas, 13)
    expect(demo.locator(".dama-moves")).to_contain_text("1. 22x13")


def test_multiple_capture_one_landing_at_a_time_in_english(page, course_server):
    open_lesson(page, course_server[0], "en/04-multiple-captures.ipynb")
    demo, canvas = demo_board(page)
    click_square(canvas, 32)
    click_square(canvas, 23)
    expect(demo.locator(".dama-status")).to_contain_text("Capture under way: 32x23")
    assert content(screenshot(canvas), 28) == "black"   # lifted at the end (IT-C6)
    click_square(canvas, 14)
    click_square(canvas, 5)
    expect(demo.locator(".dama-moves")).to_contain_text("1. 32x5")


def test_the_computer_answers_on_the_winning_lesson(page, course_server):
    open_lesson(page, course_server[0], "it/11-vincere-la-partita.ipynb")
    demo, canvas = demo_board(page)
    click_square(canvas, 31)
    click_square(canvas, 27)
    expect(demo.locator(".dama-status")).to_contain_text("Il computer ha giocato")
    expect(demo.locator(".dama-moves")).to_contain_text(re.compile(r"1\. 31-27 \d+-\d+"))


def test_the_forty_move_count_played_out_to_a_draw(page, course_server):
    open_lesson(page, course_server[0], "it/12-la-patta.ipynb")
    expect(page.locator(".dama-demo")).to_have_count(2)
    expect(page.locator(".dama-demo").first.locator(".dama-count-button")).to_be_visible()
    demo, canvas = demo_board(page, 1)
    expect(demo.locator(".dama-count")).to_contain_text("37 su 40")
    # White's 38th, 39th and 40th counted moves, Black's answers between (IT-D2).
    for start, end in ((11, 6), (22, 18), (6, 2), (18, 13), (2, 5)):
        click_square(canvas, start)
        click_square(canvas, end)
    expect(demo.locator(".dama-count")).to_contain_text("40 su 40")
    banner = demo.locator(".dama-banner")
    expect(banner).to_contain_text("Patta: il conteggio è arrivato a 40 mosse")
    expect(banner).not_to_contain_text("IT-")


def test_the_count_button_is_not_offered_before_lesson_12(page, course_server):
    open_lesson(page, course_server[0], "it/00-benvenuti.ipynb")
    expect(page.locator(".dama-demo .dama-count-button").first).to_be_hidden()


def test_the_index_takes_a_name_and_shows_its_stars(page, course_server):
    from dama.core.content.check import check
    from dama.core.content.lessons import lesson
    from dama.core.content.puzzle import load
    from dama.core.store.progress import ProgressStore

    puzzle = {p.id: p for p in load()}["it-mov-004"]          # lesson 2's third exercise
    with ProgressStore("Marta e Pietro", course_server[1]) as store:
        store.record(puzzle, "2", check(puzzle, puzzle.solutions[0]))
    open_view(page, course_server[0], "it/indice")
    name = page.locator(".dama-student input")
    expect(name).to_be_visible()
    name.fill("Marta e Pietro")
    page.locator(".dama-student-ok").click()
    expect(page.locator(".dama-greeting")).to_contain_text("Ciao Marta e Pietro!")
    row = page.locator(".dama-index-table tr", has_text="Muovere le pedine")
    expect(row).to_contain_text(f"3 / {3 * len(lesson(2).exercises)} ★")
    # The child's own file, to take to another computer or to the teacher.
    link = page.locator(".dama-download-mine a")
    expect(link).to_have_text("Scarica i miei progressi")
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == "Marta_e_Pietro.sqlite"
    saved = Path(download.value.path()).read_bytes()
    assert saved == (course_server[1] / "Marta_e_Pietro.sqlite").read_bytes()
    # The other tests take the lessons as the child who has not typed a name.
    (course_server[1] / "course-student.json").unlink()


def test_the_analysis_page_thinks_in_a_thread_and_stops_when_asked(page, course_server):
    """The analysis page in the child's view on the computer (Voilà, where the computer
    thinks in a thread): the sample file, a move clicked, the best move asked twice, once
    stopped, a FEN pasted, a puzzle proposed. No handler fails (the log stays empty)."""
    base, home, _ = course_server
    open_view(page, base, "it/analisi")
    root = page.locator(".dama-analysis")
    expect(root).to_be_attached()
    root.locator(".dama-analysis-files select").select_option(
        label="Campionato italiano 2005 (esempio)")
    expect(root.locator(".dama-analysis-games select option")).to_have_count(6)
    expect(root.locator(".dama-analysis-heading")).to_contain_text("BORGHETTI Michele")
    root.locator(".dama-analysis-move", has_text=re.compile(r"^10\. 32-28$")).click()
    expect(root.locator(".dama-status").first).to_contain_text("10. 32-28. Tocca al Nero.")
    advice = root.locator(".dama-analysis-advice")
    root.locator(".dama-analysis-best").click()
    expect(advice).to_contain_text("Migliore mossa", timeout=30_000)
    expect(advice).to_contain_text("Può continuare così: 10...")
    root.locator(".dama-analysis-forward").click()
    expect(advice).to_have_text("")
    root.locator(".dama-analysis-best").click()
    root.locator(".dama-analysis-stop").click()
    expect(advice).to_contain_text("Migliore mossa", timeout=30_000)
    fen = root.locator(".dama-analysis-fen input")
    fen.fill("W:W22,24:B18,12")
    fen.press("Enter")
    expect(root.locator(".dama-analysis-position-note")).to_contain_text("Posizione pronta")
    root.locator(".dama-analysis-make").click()
    expect(root.locator(".dama-analysis-draft-note")).to_contain_text(
        "Un esercizio di presa: 22x13")
    fen.fill("W:W21-55:B1-12")
    fen.press("Enter")
    expect(root.locator(".dama-analysis-position-note")).to_contain_text(
        "Questa FEN non si legge")
    log = home / "errors.log"
    assert not log.exists() or "failed" not in log.read_text(encoding="utf-8")


def test_an_instructor_opens_real_files_an_international_championship_and_problems(
        page, course_server):
    """Files no one here wrote (tests/fixtures/pdn/real): the 40th Italian championship of
    International draughts without GameType, then a file of composed problems; the page says
    the draughts it read and why, keeps the list, heading and board together, hides a
    problem's solution until asked, and has no grave accessibility fault with them open."""
    from browser_helpers import GRAVE, axe_violations, shot

    real = Path(__file__).parent.parent / "fixtures" / "pdn" / "real"
    base = course_server[0]
    open_view(page, base, "it/analisi")
    root = page.locator(".dama-analysis")
    with page.expect_file_chooser() as chooser:
        root.locator(".dama-analysis-upload").click()
    chooser.value.set_files(str(real / "40Camp.DamaInternazionaleAssoluto.pdn"))
    expect(root.locator(".dama-analysis-note")).to_contain_text("45 partite.")
    expect(root.locator(".dama-analysis-heading")).to_contain_text("Dama internazionale 10x10")
    expect(root.locator(".dama-analysis-heading")).to_contain_text("27/10/2004 – 1/11/2004")
    expect(root.locator(".dama-analysis-problem")).to_contain_text("manca il tag GameType")
    assert page.evaluate("document.querySelector('.dama-analysis-games select')"
                         ".selectedIndex") == 0
    expect(root.locator(".dama-analysis-variant select")).to_have_value(
        "Dama internazionale 10x10")
    root.locator(".dama-analysis-last").click()
    expect(root.locator(".dama-analysis-current")).to_be_visible()
    assert page.locator("[title=null]").count() == 0
    shot(page, "analysis-real-international.png")
    found = axe_violations(page)
    assert not [v for v in found if v["impact"] in GRAVE], found

    with page.expect_file_chooser() as chooser:
        root.locator(".dama-analysis-upload").click()
    chooser.value.set_files(str(real / "Cat.A1.pdn"))
    expect(root.locator(".dama-analysis-note")).to_contain_text("35 problemi.")
    expect(root.locator(".dama-analysis-games select option").first).to_contain_text(
        "Problema · Il Bianco muove e vince")
    expect(root.locator(".dama-analysis-moves-note")).to_contain_text(
        "La soluzione è nascosta")
    expect(root.locator(".dama-analysis-moves .dama-analysis-move")).to_have_count(1)
    root.locator(".dama-analysis-solution").click()
    expect(root.locator(".dama-analysis-moves .dama-analysis-move").nth(1)).to_be_visible()
    root.locator(".dama-analysis-details summary").click()
    expect(root.locator(".dama-analysis-tags")).to_contain_text("Spectrum")
    shot(page, "analysis-real-problems.png")
    found = axe_violations(page)
    assert not [v for v in found if v["impact"] in GRAVE], found
