"""Helpers of the browser tests: open a notebook, click a square, read the canvas's pixels."""

from __future__ import annotations

import getpass
import io
import math
import os
import re
import tempfile
import time
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
TIMEOUT_MS = 60_000
TIMINGS: list[str] = []  # lines for the terminal summary (click-to-redraw times)
JOURNEY: list[str] = []  # lines for the terminal summary (what the child's journey did)
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "https://127.0.0.1", "wss://127.0.0.1",
         "http://classroom.test", "data:", "blob:", "about:")

# -- helpers used by the tests --------------------------------------------------------------

BOARD = ".jp-OutputArea-output canvas.dama-board"


def open_notebook(page, base: str, name: str):
    """Open a notebook in JupyterLab, run every cell, return the board's canvas locator."""
    from playwright.sync_api import expect

    page.goto(f"{base}/lab/tree/{name}?reset")
    expect(page.get_by_role("button", name=re.compile(r"\| Idle$"))).to_be_visible()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item[data-command='runmenu:run-all']").click()
    canvas = page.locator(BOARD).first
    expect(canvas).to_be_attached()
    canvas.scroll_into_view_if_needed()
    wait_drawn(page, canvas)
    return canvas


#: The course's one page, where every page of the course is a view (dama.app).
APP_PATH = "voila/render/app.ipynb"


def view_url(base: str, route: str) -> str:
    """The one page's address for a view: ``…/voila/render/app.ipynb#it/03-la-presa``
    (a route may be given as the notebook's path, ``it/03-la-presa.ipynb``)."""
    return f"{base}/{APP_PATH}#{route.removesuffix('.ipynb')}"


def wait_view(page, route: str):
    """Wait until the one page shows ``route`` and says it is ready."""
    from playwright.sync_api import expect

    route = route.removesuffix(".ipynb")
    expect(page.locator(f".dama-shown[data-route='{route}']")).to_be_attached()
    expect(page.locator("body.dama-ready")).to_be_attached()


def open_view(page, base: str, route: str) -> None:
    """Open the course's one page on ``route`` and wait for that view."""
    page.goto(view_url(base, route))
    wait_view(page, route)


#: axe-core, the accessibility engine browsers' audits use (tests/browser/package.json).
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page) -> list[dict]:
    """What axe-core finds wrong on the page as it is now: each rule broken, with its impact
    (minor, moderate, serious, critical), how many elements break it and the first one."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate("""async () => {
        const found = await axe.run(document, {resultTypes: ['violations']});
        return found.violations.map(rule => ({
            id: rule.id, impact: rule.impact, count: rule.nodes.length,
            first: rule.nodes.length ? rule.nodes[0].target.join(' ') : ''}));
    }""")


#: What fails a page: axe-core's critical and serious findings.
GRAVE = ("critical", "serious")


def audit(page, routes, open_route) -> tuple[list[str], list[str]]:
    """Each route opened and audited: a line of counts per page, and the grave findings."""
    counts, grave = [], []
    for route in routes:
        open_route(route)
        page.wait_for_timeout(300)              # the view's widgets laid out
        found = axe_violations(page)
        shot(page, f"axe-{route.replace('/', '-')}.png", full_page=True)
        language = page.evaluate("document.documentElement.lang")
        if language != route.split("/")[0]:
            grave.append(f"{route}: the page says its language is {language!r}")
        by_impact = {impact: sum(v["count"] for v in found if v["impact"] == impact)
                     for impact in ("critical", "serious", "moderate", "minor")}
        rest = ", ".join(f"{v['id']} {v['first']}" for v in found if v["impact"] not in GRAVE)
        counts.append(f"{route} " + "/".join(str(n) for n in by_impact.values())
                      + (f" ({rest})" if rest else ""))
        grave += [f"{route}: {v['id']} ({v['impact']}, {v['count']}×, first {v['first']})"
                  for v in found if v["impact"] in GRAVE]
    return counts, grave


def save_notebook(page) -> None:
    """Save with the File menu (after a click on a canvas, Ctrl+S is swallowed)."""
    page.locator(".lm-MenuBar-item", has_text="File").first.click()
    page.locator(".lm-Menu-item[data-command='docmanager:save']").click()


def shot(page, name: str, full_page: bool = False) -> Path:
    """A screenshot of a Playwright page, kept in $DAMA_SCREENSHOTS, else in a folder of the
    temp folder that is this user's own (on a shared machine another user's screenshots of
    the same name would be in the way)."""
    folder = Path(os.environ.get("DAMA_SCREENSHOTS") or Path(tempfile.gettempdir())
                  / f"dama-screenshots-{getpass.getuser()}")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path), full_page=full_page)
    return path


def screenshot(canvas):
    from PIL import Image

    return Image.open(io.BytesIO(canvas.screenshot())).convert("RGB")


def is_blank(image) -> bool:
    colours = image.resize((32, 32)).getcolors(32 * 32)
    return colours is None or len(colours) < 3


def wait_drawn(page, canvas, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not is_blank(screenshot(canvas)):
            return
        page.wait_for_timeout(200)
    raise AssertionError("the board stayed blank")


def cell_of(square: int, variant: str = "italian", flipped: bool = False):
    from damalib import Board

    geometry = Board(variant=variant).variant.geometry
    row, col = geometry.coords[square]
    if flipped:
        row, col = geometry.size - 1 - row, geometry.size - 1 - col
    return row, col, geometry.size


def click_square(canvas, square: int, variant: str = "italian", tap: bool = False,
                 flipped: bool = False) -> None:
    """Click (or, on a touch screen, tap) the middle of ``square`` (on a board turned round
    when ``flipped``)."""
    row, col, n = cell_of(square, variant, flipped)
    box = canvas.bounding_box()
    position = {"x": box["width"] * (col + 0.5) / n, "y": box["height"] * (row + 0.5) / n}
    if tap:
        canvas.tap(position=position)
    else:
        canvas.click(position=position)


# Colours as drawn by dama.core.board.canvas (piece fills and the dark squares).
_FILLS = {"white": (0xFB, 0xFA, 0xF4), "black": (0x26, 0x26, 0x26), "empty": (0x8A, 0x5A, 0x36)}


def content(image, square: int, variant: str = "italian") -> str:
    """"white", "black" or "empty": the most common of those colours in a ring between the
    piece's inner ring and its rim (clear of the highlight lines through the centre)."""
    row, col, n = cell_of(square, variant)
    qx, qy = image.width / n, image.height / n  # a fractional page offset may add a pixel
    q = min(qx, qy)
    cx, cy = (col + 0.5) * qx, (row + 0.5) * qy
    votes = {k: 0 for k in _FILLS}
    for i in range(48):
        angle = 2 * math.pi * i / 48
        for radius in (0.27, 0.3):
            x = int(cx + radius * q * math.cos(angle))
            y = int(cy + radius * q * math.sin(angle))
            pixel = image.getpixel((x, y))
            best = min(_FILLS, key=lambda k: sum((a - b) ** 2 for a, b in zip(pixel, _FILLS[k])))
            if sum((a - b) ** 2 for a, b in zip(pixel, _FILLS[best])) < 40 ** 2:
                votes[best] += 1
    return max(votes, key=votes.get)


_BLUE = (0x00, 0x72, 0xB2)   # the frame round a selected square (dama.core.board.canvas.BLUE)


def marked_square(image, variant: str = "italian", flipped: bool = False) -> int | None:
    """The square drawn selected (the blue frame), read off the canvas's pixels: the dark
    square with the most blue along the inside of its edges; None when none has any."""
    from damalib import Board

    squares = Board(variant=variant).variant.squares
    counts = {}
    for square in range(1, squares + 1):
        row, col, n = cell_of(square, variant, flipped)
        qx, qy = image.width / n, image.height / n
        blue = 0
        for i in range(40):
            t = (i + 0.5) / 40
            for fx, fy in ((t, 0.06), (t, 0.94), (0.06, t), (0.94, t)):
                pixel = image.getpixel((int((col + fx) * qx), int((row + fy) * qy)))
                if sum((a - b) ** 2 for a, b in zip(pixel, _BLUE)) < 60 ** 2:
                    blue += 1
        counts[square] = blue
    best = max(counts, key=counts.get)
    return best if counts[best] > 20 else None


#: Click a cell of the canvas; resolve with the milliseconds until its pixels change (-1: never).
TIMED_CLICK = """
(canvas, a) => new Promise((resolve) => {
  const ctx = canvas.getContext('2d');
  const q = canvas.width / a.n;
  const x0 = Math.floor(a.col * q), y0 = Math.floor(a.row * q), w = Math.floor(q);
  const sample = () => {
    const d = ctx.getImageData(x0, y0, w, w).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 28) { h = (h * 31 + d[i] + 7 * d[i + 1]) | 0; }
    return h;
  };
  const before = sample();
  const r = canvas.getBoundingClientRect();
  const cx = r.left + (a.col + 0.5) * r.width / a.n;
  const cy = r.top + (a.row + 0.5) * r.height / a.n;
  const t0 = performance.now();
  let done = false;
  const check = () => {
    if (done) return;
    if (sample() !== before) { done = true; resolve(performance.now() - t0); return; }
    if (performance.now() - t0 > 15000) { done = true; resolve(-1); return; }
    setTimeout(check, 2);
  };
  canvas.dispatchEvent(new MouseEvent('mousedown', {clientX: cx, clientY: cy, bubbles: true,
                                                    cancelable: true, view: window}));
  requestAnimationFrame(function frame() { check(); if (!done) requestAnimationFrame(frame); });
  setTimeout(check, 2);
})
"""


class Page:
    """A browser page that records page errors and requests leaving the machine."""

    def __init__(self, browser, width=1366, height=900, touch=False, **options):
        self.context = browser.new_context(viewport={"width": width, "height": height},
                                           has_touch=touch, **options)
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.missing: list[str] = []    # answers of 400 and more (a file the site lacks)
        self.new_tab()

    def new_tab(self):
        """A new tab in the same browser (its storage kept), watched like the first."""
        self.page = self.context.new_page()
        self.page.set_default_timeout(90_000)
        self.page.on("pageerror", self._page_error)
        self.page.on("console", lambda m: m.type == "error" and "404" not in m.text and print(
            "CONSOLE", m.text[:3000]))
        self.page.on("request", self._request)
        self.page.on("response", lambda response: response.status >= 400 and self.missing.append(
            f"{response.status} {response.url}"))
        return self.page

    def _page_error(self, error) -> None:
        # The message alone, as the checks compare it; where it came from goes to the log.
        self.errors.append(str(error))
        print(f"page error on {self.page.url} at {time.monotonic():.1f}: {error.name}: "
              f"{error.message}\n{(error.stack or '')[:300]}")

    def _request(self, request):
        if not request.url.startswith(LOCAL):
            self.outside.append(request.url)

    def reload(self, ready: str) -> None:
        """Reload, wait for ``ready``. The page being left may say "Cannot send" as its
        kernel connection closes under a widget's last message: that page is gone, the
        child never sees it, so only that message of the reload is forgiven."""
        before = len(self.errors)
        self.page.reload()
        from playwright.sync_api import expect

        expect(self.page.locator(ready)).to_be_attached()
        self.page.wait_for_timeout(500)
        self.errors[before:] = [e for e in self.errors[before:] if e != "Cannot send"]

    def shot(self, name: str, full_page: bool = False) -> Path:
        return shot(self.page, name, full_page)

    def close(self):
        errors = list(self.errors)   # what the page said while it was used, not as it closes
        self.context.close()
        assert not errors, errors
        assert not self.outside, f"requests left 127.0.0.1: {self.outside[:5]}"
