"""The course's lessons in a real browser: JupyterLab runs a lesson, a move is made on its demo
board by clicks, an exercise is answered by clicks on the exercise's board, and the feedback
and the stars are read back; then the code-free Voilà mode, and the index's name box.

Each lesson is opened from a temporary copy of course/ (fixture ``course_dir``); progress goes
to the temporary DAMA_HOME set by the root conftest.py. Set DAMA_SCREENSHOTS to a folder to keep
the screenshots the tests take.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser_helpers import click_square, content, screenshot, wait_drawn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DEMO = ".dama-demo canvas.dama-board"
EXERCISE = ".dama-puzzles canvas.dama-board"


def run_lesson(page, base: str, path: str) -> None:
    """Open a notebook in JupyterLab and run every cell."""
    page.goto(f"{base}/lab/tree/{path}?reset")
    expect(page.get_by_role("button", name=re.compile(r"\| Idle$"))).to_be_visible()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    # The last cell of a lesson counts its stars: once it shows, every cell has run.
    expect(page.locator(".dama-lesson-stars")).to_be_attached()
    expect(page.get_by_role("button", name=re.compile(r"\| Idle$"))).to_be_visible()


def board(page, selector: str):
    canvas = page.locator(selector).first
    expect(canvas).to_be_attached()
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    return canvas


def keep_screenshot(page, tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    page.screenshot(path=str(path), full_page=False)
    folder = os.environ.get("DAMA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / name)
    return path


def test_capture_lesson_in_italian(page, course_lab, tmp_path):
    run_lesson(page, course_lab, "it/03-la-presa.ipynb")
    demo = page.locator(".dama-demo")
    canvas = board(page, DEMO)
    assert content(screenshot(canvas), 18) == "black"
    # A quiet move while a capture is due: refused, with the rule (IT-C1).
    click_square(canvas, 24)
    expect(demo.locator(".dama-status")).to_contain_text("(IT-C1)")
    click_square(canvas, 22)
    click_square(canvas, 13)
    expect(demo.locator(".dama-moves")).to_contain_text("1. 22x13")
    # The first exercise (it-cap-001, W:W13:B10,15): the capture 13x6, by two clicks.
    exercise = page.locator(".dama-puzzles").first
    canvas = board(page, EXERCISE)
    exercise.scroll_into_view_if_needed()
    keep_screenshot(page, tmp_path, "lesson-03-exercise.png")
    click_square(canvas, 13)
    click_square(canvas, 6)
    expect(exercise.locator(".dama-feedback")).to_contain_text("Bravo! È giusto.")
    expect(exercise.locator(".dama-feedback")).to_contain_text("Stelle: 3 su 3.")
    expect(exercise).to_contain_text("Stelle: ★★★")
    # The lesson's star count follows at once (7 exercises: 21 stars).
    stars = page.locator(".dama-lesson-stars")
    stars.scroll_into_view_if_needed()
    expect(stars).to_contain_text("3 su 21")
    expect(stars).to_contain_text("Esercizio 1: ★★★")


def test_multiple_capture_lesson_in_english_one_landing_at_a_time(page, course_lab, tmp_path):
    run_lesson(page, course_lab, "en/04-multiple-captures.ipynb")
    demo = page.locator(".dama-demo")
    canvas = board(page, DEMO)
    click_square(canvas, 32)
    click_square(canvas, 23)
    expect(demo.locator(".dama-status")).to_contain_text("Capture under way: 32x23")
    # The man jumped stays on the board until the move ends (IT-C6).
    assert content(screenshot(canvas), 28) == "black"
    click_square(canvas, 14)
    click_square(canvas, 5)
    expect(demo.locator(".dama-moves")).to_contain_text("1. 32x5")
    # it-mul-001 (B:W12,18,20,22:B8): an impossible click is explained and costs nothing;
    # the man stays selected, and a click on 24 makes the double capture 8x15x24.
    exercise = page.locator(".dama-puzzles").first
    canvas = board(page, EXERCISE)
    click_square(canvas, 8)
    click_square(canvas, 11)
    expect(exercise.locator(".dama-status")).to_contain_text("(IT-M1)")
    click_square(canvas, 24)
    feedback = exercise.locator(".dama-feedback")
    expect(feedback).to_contain_text("Well done! That's right.")
    expect(feedback).to_contain_text("(IT-C5)")
    expect(exercise).to_contain_text("Stars: ★★★")
    keep_screenshot(page, tmp_path, "lesson-04-solved.png")
    stars = page.locator(".dama-lesson-stars")
    stars.scroll_into_view_if_needed()
    expect(stars).to_contain_text("Your stars in this lesson: 3 out of 18")
    expect(stars).to_contain_text("Exercise 1: ★★★")


def test_winning_lesson_against_the_computer(page, course_lab, tmp_path):
    run_lesson(page, course_lab, "it/11-vincere-la-partita.ipynb")
    demo = page.locator(".dama-demo")
    canvas = board(page, DEMO)
    click_square(canvas, 31)
    click_square(canvas, 27)
    expect(demo.locator(".dama-status")).to_contain_text("Il computer ha giocato")
    expect(demo.locator(".dama-moves")).to_contain_text(re.compile(r"1\. 31-27 \d+-\d+"))
    # it-end-001 (W:W5,14,21:B1): 14-10 leaves Black without a move (IT-E1).
    exercise = page.locator(".dama-puzzles").first
    canvas = board(page, EXERCISE)
    click_square(canvas, 14)
    click_square(canvas, 10)
    expect(exercise.locator(".dama-feedback")).to_contain_text("Bravo! È giusto.")
    expect(exercise).to_contain_text("Stelle: ★★★")


def test_a_lesson_in_voila_without_code(page, course_voila, tmp_path):
    """The code-free mode: the 40-move count played out to a draw, and an answer typed."""
    page.goto(f"{course_voila}/voila/render/it/12-la-patta.ipynb")
    demos = page.locator(".dama-demo")
    expect(demos).to_have_count(2)
    body = page.locator("body")
    expect(body).not_to_contain_text("%run")              # no code shown, only text and boards
    expect(body).not_to_contain_text("count_demo(")
    demo = demos.nth(1)
    canvas = demo.locator("canvas.dama-board")
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    expect(demo.locator(".dama-count")).to_contain_text("37/40")
    for start, end in ((25, 29), (8, 4), (29, 25), (4, 8), (25, 29)):
        click_square(canvas, start)
        click_square(canvas, end)
    expect(demo.locator(".dama-count")).to_contain_text("40/40")
    expect(demo.locator(".dama-banner")).to_contain_text("(IT-D2)")
    keep_screenshot(page, tmp_path, "voila-lesson-12.png")
    # it-cnt-001: a count, typed in the box and sent with the button.
    exercise = page.locator(".dama-puzzles").first
    exercise.scroll_into_view_if_needed()
    exercise.locator(".dama-answer input").fill("2")
    exercise.get_by_role("button", name="Rispondi").click()
    expect(exercise.locator(".dama-feedback")).to_contain_text("Bravo! È giusto.")
    expect(exercise).to_contain_text("Stelle: ★★★")


def test_the_index_takes_a_name_and_shows_its_stars(page, course_voila):
    from puzzles.check import check
    from puzzles.model import load
    from puzzles.progress import ProgressStore

    puzzle = {p.id: p for p in load()}["it-mov-004"]          # lesson 2's third exercise
    with ProgressStore("Marta e Pietro") as store:             # in the tests' DAMA_HOME
        store.record(puzzle, "2", check(puzzle, puzzle.solutions[0]))
    page.goto(f"{course_voila}/voila/render/it/indice.ipynb")
    name = page.locator(".dama-student input")
    expect(name).to_be_visible()
    name.fill("Marta e Pietro")
    page.locator(".dama-student-ok").click()
    expect(page.locator(".dama-greeting")).to_contain_text("Ciao Marta e Pietro!")
    row = page.locator(".dama-index-table tr", has_text="Muovere le pedine")
    expect(row).to_contain_text("3 / 18 ★")
