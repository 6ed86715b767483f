"""Every child can follow, in a real browser: the course heard (what the page asks the
browser to say, its words and language, recorded against the text shown), an exercise solved
with the keyboard alone, the board's marks through colour-blindness filters, and the pages at
200% zoom (deploy/local/share/voila/templates/dama/access.js, dama.core.speech,
dama.core.board.keys)."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest
from browser_helpers import JOURNEY, Page, open_view, wait_view
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: The browser's speech, recorded: each utterance's words and language. ``voices`` are the
#: device's (none: a device with no voice for the language).
RECORDER = """
(function (voices) {
  window.damaSaid = [];
  var speech = {
    getVoices: function () { return voices; },
    speaking: false, pending: false, paused: false,
    cancel: function () {}, pause: function () {}, resume: function () {},
    addEventListener: function () {},
    speak: function (u) { window.damaSaid.push({text: u.text, lang: u.lang}); }
  };
  Object.defineProperty(window, "speechSynthesis", {value: speech, configurable: true});
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; };
})(%s);
"""
VOICES = ('[{"lang": "it-IT", "name": "Alice", "localService": true},'
          ' {"lang": "en-GB", "name": "Daniel", "localService": true}]')


def _visions() -> dict:
    """The colour-vision simulations of tests/test_colour_vision.py (one table of matrices)."""
    path = Path(__file__).resolve().parents[1] / "test_colour_vision.py"
    spec = importlib.util.spec_from_file_location("colour_vision", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.VISIONS


#: The simulations as SVG filters a page can apply (linear RGB, as the matrices are made).
FILTERS = ('<svg aria-hidden="true" style="position:absolute;width:0;height:0"><defs>'
           + "".join(
               f'<filter id="dama-{name}" color-interpolation-filters="linearRGB">'
               '<feColorMatrix type="matrix" values="'
               + " ".join(" ".join(str(v) for v in row) + " 0 0" for row in matrix)
               + ' 0 0 0 1 0"/></filter>'
               for name, matrix in _visions().items() if name != "normal")
           + "</defs></svg>")


def said(page) -> list[dict]:
    return page.evaluate("window.damaSaid")


def listening_page(browser, voices: str = VOICES, **options) -> Page:
    child = Page(browser, **options)
    child.context.add_init_script(RECORDER % voices)
    child.new_tab()
    return child


def key_to(page, cell: tuple[int, int]) -> None:
    """The cursor to the screen ``cell``: first to the top left corner, then down and right."""
    for _ in range(8):
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for _ in range(cell[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(cell[1]):
        page.keyboard.press("ArrowRight")


def tab_to(page, selector: str, most: int = 120) -> int:
    """Tab until the focus is on ``selector``: how many presses it took."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!(document.activeElement && document.activeElement.matches(s))",
                         selector):
            return presses
    raise AssertionError(f"Tab never reached {selector}")


def test_a_lesson_is_heard_in_italian_with_its_moves_in_words(course_server, browser):
    base = course_server[0]
    child = listening_page(browser)
    page = child.page
    open_view(page, base, "it/01-la-damiera")
    # A paragraph's «Ascolta»: the paragraph's words, its move said as a child says it.
    paragraph = page.locator(".dama-text p", has_text="si scrive").first
    expect(paragraph.locator("xpath=preceding-sibling::button[1]")).to_have_text("Ascolta")
    paragraph.locator("xpath=preceding-sibling::button[1]").click()
    page.wait_for_function("window.damaSaid.length > 0")
    first = said(page)[-1]
    shown = paragraph.evaluate("p => p.textContent")
    assert "22-19" in shown and "22-19" not in first["text"]
    assert "«la pedina va da 22 a 19» si scrive da 22 a 19." in first["text"]
    assert first["lang"] == "it-IT"
    # The board's message line, after a move tapped: heard with the move in words.
    board = page.locator(".dama-widget.dama-demo").last       # the lesson's free board
    canvas = board.locator("canvas.dama-board")
    canvas.scroll_into_view_if_needed()
    from browser_helpers import click_square

    click_square(canvas, 22)
    click_square(canvas, 19)
    status = board.locator(".dama-status")
    expect(status).to_contain_text("Il Bianco ha giocato 22-19.")
    expect(status).to_have_attribute("role", "status")
    status.locator(".dama-listen").click()
    page.wait_for_function("window.damaSaid.length > 1")
    assert said(page)[-1]["text"].startswith("Il Bianco ha giocato: la pedina da 22 va a 19.")
    # «Leggi da solo»: the next move is read without a tap on «Ascolta».
    toggle = page.locator(".dama-auto-read")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("window.damaSaid.length > 2")
    assert said(page)[-1]["text"] == "Leggi da solo"         # the button says what it does
    before = len(said(page))
    click_square(canvas, 11)
    click_square(canvas, 15)
    page.wait_for_function(f"window.damaSaid.length > {before + 1}")
    heard = [u["text"] for u in said(page)[before:]]
    assert heard[0] == "Hai scelto il pezzo in 11: ora clicca la casella dove va."
    assert any(text.startswith("Il Nero ha giocato: la pedina da 11 va a 15.") for text in heard)
    # A refusal is heard too, and never gives a move away.
    before = len(said(page))
    click_square(canvas, 19)
    click_square(canvas, 10)
    page.wait_for_function(f"window.damaSaid.length > {before + 1}")   # the pick, the refusal
    refusal = said(page)[-1]["text"]
    assert refusal == status.evaluate(
        "s => s.querySelector('[data-say]').getAttribute('data-say')")
    # The choice is kept on this device: the next page reads by itself too.
    page.reload()
    wait_view(page, "it/01-la-damiera")
    expect(page.locator(".dama-auto-read")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".dama-auto-read")).to_contain_text("Leggi da solo")
    child.shot("hear-lesson-1.png")
    child.close()
    JOURNEY.append(f"heard: lesson 1's paragraph «{first['text'][:60]}…»; the board after "
                   f"22-19: «{heard[-1][:60]}»")


def test_a_device_with_no_italian_voice_tells_the_adult_once(course_server, browser):
    base = course_server[0]
    child = listening_page(browser, voices='[{"lang": "en-US", "name": "Fred"}]')
    page = child.page
    open_view(page, base, "it/00-benvenuti")
    page.locator(".dama-text .dama-listen").first.click()
    notice = page.locator(".dama-no-voice")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("Per l'adulto: questo dispositivo non ha una voce in "
                                   "italiano")
    expect(notice).to_have_attribute("role", "alert")
    assert said(page) == []                  # nothing said in a voice of another language
    child.shot("hear-no-voice.png")
    notice.get_by_role("button").click()
    page.locator(".dama-text .dama-listen").nth(1).click()
    page.wait_for_timeout(300)
    expect(notice).to_have_count(0)          # told once
    child.close()


def test_a_lesson_exercise_is_solved_with_the_keyboard_alone(course_server, browser):
    """Lesson 3's first exercise (it-cap-001: the man on 13 must capture) with Tab, the arrow
    keys and Enter only; the focus ring and the board through colour-blindness filters kept
    as pictures."""
    from dama.core.board import BoardController
    from dama.core.content import load

    puzzle = {p.id: p for p in load()}["it-cap-001"]
    start, end = (int(s) for s in puzzle.solutions[0][0].split("x"))
    base = course_server[0]
    child = listening_page(browser)
    page = child.page
    open_view(page, base, "it/03-la-presa")
    page.locator("body").press("Home")
    later = page.locator(".dama-ask-name-later")
    if later.count() and later.is_visible():
        tab_to(page, ".dama-ask-name-later button, button.dama-ask-name-later")
        page.keyboard.press("Enter")
        expect(page.locator(".dama-puzzles").first).to_be_visible()
    exercise = page.locator(".dama-puzzles").first
    expect(exercise.locator("[data-puzzle='it-cap-001']")).to_be_attached()
    presses = tab_to(page, ".dama-puzzles canvas.dama-board")
    canvas = exercise.locator("canvas.dama-board")
    assert canvas.get_attribute("role") == "application"
    described = canvas.get_attribute("aria-describedby")
    assert page.locator(f"#{described}").text_content().startswith(
        "Tocca al Bianco. Bianco, pedine: 13. Nero, pedine: 10, 15.")
    board = BoardController(puzzle.fen)
    key_to(page, board.screen_cell(start))
    expect(exercise.locator(".dama-announce")).to_have_text(f"Casella {start}: pedina bianca.")
    page.keyboard.press("Enter")
    expect(exercise.locator(".dama-status")).to_contain_text(f"pezzo in {start}")
    key_to(page, board.screen_cell(end))
    # An exercise shows no dots where a piece may go (a free hint): nor does the cursor say so.
    expect(exercise.locator(".dama-announce")).to_have_text(f"Casella {end}: vuota.")
    canvas.scroll_into_view_if_needed()
    ring = child.shot("keyboard-focus-ring.png")
    # The board through the three colour-vision simulations (feColorMatrix, Machado 2009).
    page.evaluate("svg => document.body.insertAdjacentHTML('beforeend', svg)", FILTERS)
    pictures = {}
    for vision in ("deuteranopia", "protanopia", "tritanopia"):
        canvas.evaluate(f"c => c.style.filter = 'url(#dama-{vision})'")
        pictures[vision] = canvas.screenshot()
        (ring.parent / f"board-{vision}.png").write_bytes(pictures[vision])
    canvas.evaluate("c => c.style.filter = ''")
    _marks_still_seen(pictures, board, start, end)
    page.keyboard.press("Enter")
    banner = exercise.locator(".dama-banner")
    expect(banner).to_contain_text("Stelle: 3 su 3")
    expect(banner).to_have_attribute("role", "status")
    # The focus stays on the board; Tab leaves it for the next button.
    assert page.evaluate("document.activeElement.matches('canvas.dama-board')")
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.matches('canvas')")
    child.close()
    JOURNEY.append(f"keyboard alone: lesson 3's first exercise solved, the board reached in "
                   f"{presses} Tab presses, then arrows and Enter")


def _marks_still_seen(pictures: dict[str, bytes], board, start: int, end: int) -> None:
    """In each filtered picture the piece picked up keeps its frame and the keyboard's cursor
    its frame: both far lighter than the bare dark square they are on."""
    from PIL import Image

    for vision, data in pictures.items():
        image = Image.open(io.BytesIO(data)).convert("L")
        w, h = image.size

        def at(square: int, dx: float, dy: float) -> int:
            row, col = board.screen_cell(square)
            return image.getpixel((int(w * (col + dx) / 8), int(h * (row + dy) / 8)))

        bare = at(end, 0.5, 0.5)                          # the empty target's middle
        frame = max(at(start, dx / 100, 0.5) for dx in range(2, 14))
        cursor = max(at(end, dx / 100, 0.5) for dx in range(2, 20))
        assert frame - bare > 80, f"{vision}: the picked piece's frame is lost"
        assert cursor - bare > 80, f"{vision}: the cursor is lost"


ROUTES_AT_200 = ("it/indice", "it/03-la-presa", "it/palestra", "it/caselle", "it/gioca",
                 "it/analisi", "it/classe")


def test_pages_read_at_200_percent_zoom_need_no_sideways_scrolling(course_server, browser):
    """A 1280-pixel-wide window at 200% zoom is 640 CSS pixels wide: every page fits."""
    base = course_server[0]
    child = Page(browser, width=640, height=400, device_scale_factor=2)
    wide = []
    for route in ROUTES_AT_200:
        open_view(child.page, base, route)
        child.page.wait_for_timeout(300)
        overflow = child.page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 1:
            wide.append(f"{route}: {overflow} px too wide")
    child.shot("zoom-200-classe.png", full_page=True)
    child.close()
    assert wide == []
