"""Handouts of positions (the analysis page): one position as a picture, SVG or PNG, with its
caption and the side to move; several positions as a sheet to print, A4 like the
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

from damalib import Board
from damalib.i18n import translator
from damalib.svg import FRAME, PIECE, board as board_svg

from dama.core.content.phrasing import SIDE
from dama.core.content.puzzle import Puzzle
from dama.core.content.worksheet import worksheet

#: The caption's room under the board, as a share of the board's side.
CAPTION = 0.2


def to_move(board: Board, lang: str) -> str:
    """«Muove il Bianco» / "White to move"."""
    _ = translator(lang)
    return _("White to move") if board.turn == "W" else _("Black to move")


def picture_svg(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> str:
    """The position as an SVG document: the board with its numbers, then the caption and
    the side to move (a disc of its colour beside the words)."""
    inner = board_svg(board, size, numbers=True, flipped=flipped, lang=lang)
    inner = re.sub(r'^<svg xmlns="http://www.w3.org/2000/svg" width="\d+" height="\d+"',
                   f'<svg x="0" y="0" width="{size}" height="{size}"', inner, count=1)
    room = round(size * CAPTION)
    line = room // 3
    fill, stroke = PIECE[board.turn]
    words = [f'<text x="{size * 0.06 + line * 0.9:.0f}" y="{size + line * 1.15:.0f}" '
             f'font-size="{line * 0.7:.0f}">{html.escape(to_move(board, lang))}</text>',
             f'<circle cx="{size * 0.06 + line * 0.3:.0f}" cy="{size + line * 0.9:.0f}" '
             f'r="{line * 0.3:.0f}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>']
    if caption:
        words.insert(0, f'<text x="{size / 2:.0f}" y="{size + line * 2.5:.0f}" '
                        f'font-size="{line * 0.75:.0f}" font-weight="bold" '
                        f'text-anchor="middle">{html.escape(caption)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size + room}" '
            f'viewBox="0 0 {size} {size + room}" font-family="DejaVu Sans, Arial, sans-serif" '
            f'fill="{FRAME}" class="dama-picture">'
            f'<rect width="{size}" height="{size + room}" fill="#ffffff"/>{inner}'
            + "".join(words) + "</svg>\n")


def picture_png(board: Board, caption: str = "", lang: str = "it", *, flipped: bool = False,
                size: int = 360) -> bytes | None:
    """The same picture as a PNG, drawn with Pillow; None where Pillow is not installed (the
    browser edition, whose page turns the SVG into a PNG itself)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        return None
    from damalib.svg import DARK, LIGHT, LIFT, R

    scale = 2                              # drawn at twice the size, for print and zoom
    side = board.variant.geometry.size
    cell = size * scale / side
    room = round(size * CAPTION) * scale
    image = Image.new("RGB", (size * scale, size * scale + room), "#ffffff")
    draw = ImageDraw.Draw(image)

    def font(pixels: float):
        try:
            return ImageFont.truetype("DejaVuSans.ttf", round(pixels))
        except OSError:
            return ImageFont.load_default(round(pixels))

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
    line = room / 3
    fill, stroke = PIECE[board.turn]
    x0, y0 = size * scale * 0.06, size * scale + line * 0.9
    r = line * 0.3
    draw.ellipse((x0, y0 - r, x0 + 2 * r, y0 + r), fill=fill, outline=stroke, width=2)
    draw.text((x0 + line * 0.9 - r, y0), to_move(board, lang), fill=FRAME,
              font=font(line * 0.7), anchor="lm")
    if caption:
        draw.text((size * scale / 2, size * scale + line * 2.2), caption, fill=FRAME,
                  font=font(line * 0.75), anchor="mm")
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


__all__ = ["picture_png", "picture_svg", "position_puzzle", "sheet", "to_move"]
