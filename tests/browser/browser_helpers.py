"""Helpers of the browser tests: open a notebook, click a square, read the canvas's pixels."""

from __future__ import annotations

import io
import math
import re
import time
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
TIMEOUT_MS = 60_000
TIMINGS: list[str] = []  # lines for the terminal summary (click-to-redraw times)
JOURNEY: list[str] = []  # lines for the terminal summary (what the child's journey did)

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


def save_notebook(page) -> None:
    """Save with the File menu (after a click on a canvas, Ctrl+S is swallowed)."""
    page.locator(".lm-MenuBar-item", has_text="File").first.click()
    page.locator(".lm-Menu-item[data-command='docmanager:save']").click()


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


def click_square(canvas, square: int, variant: str = "italian", tap: bool = False) -> None:
    """Click (or, on a touch screen, tap) the middle of ``square``."""
    row, col, n = cell_of(square, variant)
    box = canvas.bounding_box()
    position = {"x": box["width"] * (col + 0.5) / n, "y": box["height"] * (row + 0.5) / n}
    if tap:
        canvas.tap(position=position)
    else:
        canvas.click(position=position)


# Colours as drawn by damalib.widget (piece fills and the dark squares).
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
