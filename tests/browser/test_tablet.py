"""The course on a tablet held both ways (768x1024, 1024x768), answered by taps, in the
child's view (Voilà, as `make course` serves it): every control a finger uses is at least
44 px high, the boards say «tocca», and an exercise solved, restarted with «Ricomincia» and
solved again gives its praise again (no dead board).

Set DAMA_SCREENSHOTS to a folder to keep the screenshots the tests take.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_helpers import click_square, open_view, Page, wait_drawn

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = ((768, 1024), (1024, 768))
FINGER = 44

# The controls of each page a finger uses, by CSS selector (each must be on the page). A
# button or a box is 44 px both ways; a link in the text 44 px high (its width is its words).
CONTROLS = {
    "it/gioca.ipynb": (".dama-level .widget-toggle-button",
                       ".dama-computer-game .dama-side .widget-toggle-button",
                       ".dama-widget .dama-undo", ".dama-widget .dama-restart",
                       ".dama-widget .widget-toggle-button",     # the language, IT / EN
                       ".dama-widget .widget-text input", ".dama-review-button",
                       ".jp-RenderedMarkdown a"),
    "it/palestra.ipynb": (".dama-practice-rated", ".dama-practice-streak",
                          ".dama-practice-theme select", ".dama-puzzles .widget-button"),
    "it/indice.ipynb": (".dama-index-table a", ".dama-student input", ".dama-student-ok",
                        ".jp-RenderedMarkdown a"),
    "it/caselle.ipynb": (".dama-trainer-go", ".dama-trainer-game .widget-toggle-button"),
    "it/01-la-damiera.ipynb": (".dama-choices .widget-toggle-button",),
    "it/13-scrivere-le-mosse.ipynb": (".dama-replay .widget-button",),
}


def sizes(page, selector: str) -> list[tuple[float, float]]:
    """(width, height) of the visible elements ``selector`` finds."""
    return page.eval_on_selector_all(selector, """els => els
        .filter(e => e.offsetParent !== null || e.getClientRects().length)
        .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })""")


def give_name(page) -> None:
    """A lesson asks a child with no name first: the exercises show once one is given."""
    ask = page.locator(".dama-ask-name")
    page.wait_for_timeout(500)
    if ask.count() and ask.first.is_visible():
        ask.first.locator(".dama-ask-name-box input").fill("Tommaso")
        ask.first.locator(".dama-ask-name-ok").tap()


@pytest.fixture
def tablet(browser):
    page = Page(browser, width=SIZES[0][0], height=SIZES[0][1], touch=True)
    yield page
    page.close()


@pytest.mark.parametrize("path", list(CONTROLS))
def test_every_control_is_a_fingers_size_on_a_tablet_held_both_ways(course_server, tablet,
                                                                     path):
    base = course_server[0]
    page = tablet.page
    open_view(page, base, path)
    expect(page.locator(CONTROLS[path][0]).first).to_be_attached()
    give_name(page)
    expect(page.locator(CONTROLS[path][0]).first).to_be_visible()
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    small = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        for selector in CONTROLS[path]:
            found = sizes(page, selector)
            assert found, f"{path}: nothing visible for {selector}"
            link = selector.endswith(" a")
            small += [f"{width}x{height} {selector}: {w:.0f}x{h:.0f} px" for w, h in found
                      if h < FINGER or (w < FINGER and not link)]
        tablet.shot(f"voila-tablet-{path[3:].replace('.ipynb', '')}-{width}x{height}.png")
    assert not small, small
    if path == "it/gioca.ipynb":     # a finger is told to tap, not to click
        canvas = page.locator(".dama-widget canvas.dama-board").first
        canvas.scroll_into_view_if_needed()
        wait_drawn(page, canvas)
        click_square(canvas, 22, tap=True)
        status = page.locator(".dama-widget .dama-status").first
        expect(status).to_contain_text("ora tocca la casella dove va", use_inner_text=True)
        assert "clicca" not in status.inner_text()


def test_ricomincia_after_solving_lets_the_child_play_the_solution_again(course_server, tablet):
    from damalib import Board
    from dama.core.content import load

    base = course_server[0]
    page = tablet.page
    open_view(page, base, "it/03-la-presa")
    expect(page.locator(".dama-lesson-stars")).to_be_attached()
    give_name(page)
    run = page.locator(".dama-puzzles").first
    expect(run).to_be_visible()
    puzzle = next(p for p in load() if p.id == "it-cap-001")
    path = Board(puzzle.fen).parse_move(puzzle.solutions[0][0]).path
    canvas = run.locator("canvas.dama-board")
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    banner = run.locator(".dama-banner")
    for round_ in (1, 2):
        for square in path:
            click_square(canvas, square, tap=True)
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("al primo colpo")
        if round_ == 1:
            run.locator(".dama-restart").tap()
            expect(run.locator(".dama-status")).to_contain_text("Di nuovo dall'inizio")
            expect(banner).to_be_hidden()
    tablet.shot("voila-replay-after-ricomincia-tablet.png")
