"""Handouts of positions (the analysis page): one position as a picture, SVG or PNG, with its
caption whole and the side to move; several positions as a sheet to print, A4 like the
worksheets, with the answers on a page of their own or without them.

>>> from damalib import Board
>>> svg = picture_svg(Board("W:W22,24:B18,12"), "Partita 3, dopo 12. 22-18", "it")
>>> "Partita 3, dopo 12. 22-18" in svg and "Mossa al Bianco" in svg
True
"""

from __future__ import annotations

import html
import io
import re
import unicodedata
from dataclasses import dataclass
from typing import Callable

from damalib import Board
from damalib.i18n import translator
from damalib.svg import FRAME, PIECE, board as board_svg

from dama.core.content.phrasing import SIDE
from dama.core.content.puzzle import Puzzle
from dama.core.content.worksheet import worksheet

#: The caption's room under the board, as a share of the board's side (one line of caption;
#: a caption wrapped onto more lines makes the picture taller, never cuts a word).
CAPTION = 0.2
#: The caption's width, as a share of the picture's: a margin each side.
CAPTION_WIDTH = 0.92
#: How small the caption's font may get (a share of its own size) before it takes a line
#: more: a long caption is first shrunk a little, then wrapped, never cut.
SMALLEST = 0.6
#: The lines a caption is wrapped onto before its font is made smaller.
CAPTION_LINES = 3


# -- captions that fit ---------------------------------------------------------------------

# The widths of DejaVu Sans Bold's characters (the caption's font; Arial, the browsers'
# stand-in, is narrower), as upper bounds in em for classes of characters: an estimate
# that is never short, so a line it says fits does fit (tests/test_handouts.py measures).
_NARROW = set(" '.,:;/\\|iIjJlì’·-")
_THIN = set("ft!()[]r_`–")
_WIDE_CAPITALS = set("BRXAVKUGDHNOQ#+<=>^~&")
_WIDEST = set("mwMW@%—…")


def _em(ch: str) -> float:
    base = unicodedata.normalize("NFKD", ch)[:1] or ch
    if base in _NARROW:
        return 0.42
    if base in _THIN:
        return 0.5
    if base in _WIDEST:
        return 1.12
    if base in _WIDE_CAPITALS:
        return 0.88
    if base.isascii() and (base.isalnum() or base in "${}?*\""):
        return 0.74
    return 1.12                             # any other: as wide as the widest


def text_width(text: str, font_size: float) -> float:
    """The width of ``text`` in the caption's bold font, estimated from its characters, never
    short of the real one.

    >>> round(text_width("dopo 11. 26-21", 10))
    91
    """
    return sum(_em(ch) for ch in text) * font_size


def wrap(text: str, fits: Callable[[str], bool]) -> list[str]:
    """``text`` in lines that each ``fits``, broken between words (a word too long for a line
    alone is broken between its letters); every character kept.

    >>> wrap("BORGHETTI Michele – MASCOLO Luca", lambda line: len(line) <= 18)
    ['BORGHETTI Michele', '– MASCOLO Luca']
    >>> wrap("abcdefgh", lambda line: len(line) <= 3)
    ['abc', 'def', 'gh']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        tried = f"{line} {word}" if line else word
        if fits(tried):
            line = tried
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:                     # a word longer than a line: letter by letter
            if line and not fits(line + ch):
                lines.append(line)
                line = ""
            line += ch
    if line:
        lines.append(line)
    return lines


def fit_caption(text: str, width: float, size: float,
                measure: Callable[[str, float], float] = text_width) -> tuple[float, list[str]]:
    """The font size and the lines that show ``text`` whole within ``width``: as few lines as
    its own ``size`` (or a little less) allows, up to CAPTION_LINES; past those, a smaller
    font (down to SMALLEST of it); past that, as many lines as it takes. The lines are made
    even, not a long one and a word alone under it.

    >>> fit_caption("BORGHETTI Michele – MASCOLO Luca, dopo 11. 26-21", 331, 18)
    (17.1, ['BORGHETTI Michele –', 'MASCOLO Luca, dopo 11. 26-21'])
    """
    steps = 8
    fonts = [size] + [round(size * (1 - (1 - SMALLEST) * step / steps), 1)
                      for step in range(1, steps + 1)]

    def lines_at(font: float, room: float) -> list[str]:
        return wrap(text, lambda line: measure(line, font) <= room)

    chosen = None
    for most in range(1, CAPTION_LINES + 1):
        # Fewer lines for a font a tenth smaller at most; the last lines allowed, any font.
        for font in fonts if most == CAPTION_LINES else fonts[:3]:
            if len(lines_at(font, width)) <= most:
                chosen = font
                break
        if chosen is not None:
            break
    font = fonts[-1] if chosen is None else chosen
    count = len(lines_at(font, width))
    low, high = 0.0, width               # the narrowest room that keeps as many lines
    for _ in range(12):
        middle = (low + high) / 2
        if len(lines_at(font, middle)) <= count:
            high = middle
        else:
            low = middle
    return font, lines_at(font, high)


@dataclass(frozen=True)
class _Layout:
    """Where the words under the board go: ``line`` is the side to move's line height, the
    caption's ``font`` and ``lines``, its first line's middle at ``top``, then every
    ``leading``; ``room`` the height under the board."""

    line: float
    font: float
    lines: list[str]
    top: float
    leading: float
    room: int


def _layout(size: float, caption: str, measure: Callable[[str, float], float]) -> _Layout:
    line = round(size * CAPTION) / 3
    font, lines = fit_caption(caption, size * CAPTION_WIDTH, line * 0.75, measure) \
        if caption else (line * 0.75, [])
    leading = font * 1.3
    top = size + line * 1.6 + leading / 2
    room = max(round(size * CAPTION), round(line * 1.6 + leading * len(lines) + line * 0.4))
    return _Layout(line, font, lines, top, leading, room)


def to_move(board: Board, lang: str) -> str:
    """«Muove il Bianco» / "White to move"."""
    _ = translator(lang)
    return _("White to move") if board.turn == "W" else _("Black to move")


def picture_svg(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> str:
    """The position as an SVG document: the board with its numbers, then the side to move (a
    disc of its colour beside the words) and the caption, whole: wrapped onto lines that fit
    the picture's width, its font made smaller if it needs more than three."""
    inner = board_svg(board, size, numbers=True, flipped=flipped, lang=lang)
    inner = re.sub(r'^<svg xmlns="http://www.w3.org/2000/svg" width="\d+" height="\d+"',
                   f'<svg x="0" y="0" width="{size}" height="{size}"', inner, count=1)
    at = _layout(size, caption, text_width)
    line = at.line
    fill, stroke = PIECE[board.turn]
    words = [f'<text x="{size * 0.06 + line * 0.9:.0f}" y="{size + line * 1.15:.0f}" '
             f'font-size="{line * 0.7:.0f}">{html.escape(to_move(board, lang))}</text>',
             f'<circle cx="{size * 0.06 + line * 0.3:.0f}" cy="{size + line * 0.9:.0f}" '
             f'r="{line * 0.3:.0f}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>']
    for number, text in enumerate(at.lines):
        # The baseline a third of the font under the line's middle: the capitals centred.
        y = at.top + number * at.leading + at.font * 0.35
        words.append(f'<text class="dama-caption" x="{size / 2:.0f}" y="{y:.1f}" '
                     f'font-size="{at.font:g}" font-weight="bold" '
                     f'text-anchor="middle">{html.escape(text)}</text>')
    height = size + at.room
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
            f'viewBox="0 0 {size} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
            f'fill="{FRAME}" class="dama-picture">'
            f'<rect width="{size}" height="{height}" fill="#ffffff"/>{inner}'
            + "".join(words) + "</svg>\n")


def picture_png(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> bytes | None:
    """The same picture as a PNG, drawn with Pillow, the caption measured in the font it is
    drawn with; None where Pillow is not installed (the browser edition, whose page turns
    the SVG into a PNG itself)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    from damalib.svg import DARK, LIGHT, LIFT, R

    scale = 2                              # drawn at twice the size, for print and zoom
    side = board.variant.geometry.size
    cell = size * scale / side

    def font(pixels: float, bold: bool = False):
        for name in (("DejaVuSans-Bold.ttf",) if bold else ()) + ("DejaVuSans.ttf",):
            try:
                return ImageFont.truetype(name, round(pixels))
            except OSError:
                continue
        return ImageFont.load_default(round(pixels))

    measuring = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def measure(text: str, pixels: float) -> float:
        return measuring.textlength(text, font=font(pixels, bold=True))

    at = _layout(size * scale, caption, measure)
    image = Image.new("RGB", (size * scale, size * scale + at.room), "#ffffff")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size * scale, size * scale), fill=LIGHT)
    geo = board.variant.geometry
    numbers = font(cell * 0.22)
    unit = cell / 100                      # the SVG's viewBox units per pixel
    for square in range(1, geo.squares + 1):
        row, col = geo.coords[square]
        if flipped:
            row, col = side - 1 - row, side - 1 - col
        x, y = col * cell, row * cell
        draw.rectangle((x, y, x + cell, y + cell), fill=DARK)
        draw.text((x + cell * 0.05, y + cell * 0.03), str(square), fill=LIGHT, font=numbers)
        piece = board.piece_at(square)
        if piece is None:
            continue
        fill, stroke = PIECE[piece.colour]
        cx, cy = x + cell / 2, y + cell / 2
        discs = (cy + LIFT * unit, cy - LIFT * unit) if piece.king else (cy,)
        for disc in discs:
            r = R * unit
            draw.ellipse((cx - r, disc - r, cx + r, disc + r), fill=fill, outline=stroke,
                         width=max(1, round(4 * unit)))
        if piece.king:
            crown = ((-17, 9), (-17, -7), (-8, 1), (0, -13), (8, 1), (17, -7), (17, 9))
            draw.polygon([(cx + dx * unit, discs[-1] + dy * unit) for dx, dy in crown],
                         fill=stroke)
    draw.rectangle((0, 0, size * scale - 1, size * scale - 1), outline=FRAME,
                   width=max(2, scale * 2))
    line = at.line
    fill, stroke = PIECE[board.turn]
    x0, y0 = size * scale * 0.06, size * scale + line * 0.9
    r = line * 0.3
    draw.ellipse((x0, y0 - r, x0 + 2 * r, y0 + r), fill=fill, outline=stroke, width=2)
    draw.text((x0 + line * 0.9 - r, y0), to_move(board, lang), fill=FRAME,
              font=font(line * 0.7), anchor="lm")
    words = font(at.font, bold=True)
    for number, text in enumerate(at.lines):
        draw.text((size * scale / 2, at.top + number * at.leading), text, fill=FRAME,
                  font=words, anchor="mm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def position_puzzle(board: Board, line: str, number: int, caption: str = "",
                    lang: str = "it") -> Puzzle:
    """A position of a handout as a puzzle of the sheet: «trova la mossa migliore», and the
    computer's line as its answer (printed, never graded)."""
    side = SIDE[board.turn]
    prompt = {"it": f"Che cosa gioca {side[0]}? Trova la mossa migliore.",
              "en": f"What does {side[1]} play? Find the best move."}
    if caption:
        prompt = {k: f"{caption}. {v}" for k, v in prompt.items()}
    return Puzzle(f"posizione-{number}", board.variant.name, "tactics", "move", 3, board.fen(),
                  prompt, (tuple(line.split()),) if line else ((),), ())


def sheet(puzzles: list[Puzzle], lang: str = "it", title: str | None = None,
          answers: bool = True) -> str:
    """The handout: the positions four to an A4 page, the answers on a page of their own
    (``answers``) or left out."""
    _ = translator(lang)
    return worksheet(puzzles, lang, title or _("Positions to study"),
                     answers="end" if answers else "none")


__all__ = ["fit_caption", "picture_png", "picture_svg", "position_puzzle", "sheet", "text_width",
           "to_move", "wrap"]
