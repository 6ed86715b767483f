"""SVG diagrams of a position, for Jupyter and the browser (standard library only).

>>> from damalib import Board
>>> svg = board(Board(), numbers=True)
>>> svg.startswith("<svg") and 'data-square="32"' in svg
True
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import Iterable

from .i18n import NC_, colour_word, supported, translator
from .position import Move, Position

__all__ = ["board"]

CELL = 100  # viewBox units per square: whole numbers keep the output short and exact
MARGIN = 44  # room for the coordinates, when shown
# Colours chosen to stay apart for colour-blind children and in greyscale: the pieces differ
# in lightness, and highlights or the last move always add a shape, not only a colour.
LIGHT, DARK, FRAME = "#F4EBD3", "#8C6A46", "#4A3524"
PIECE = {"W": ("#FFF8E7", "#2B2B2B"), "B": ("#1E1E1E", "#EFE6CF")}  # (fill, outline)
HIGHLIGHT, LAST, ARROW, CASING = "#FFC20A", "#F2E35C", "#0072B2", "#FFFFFF"
R = 37  # piece radius
LIFT = 7  # half the offset between the two discs of a king
NUMBER_SIZE = 24  # the square numbers' font size, in viewBox units

#: A variant's name as the diagram's title says it («dama italiana», "Italian draughts").
VARIANT_WORDS = {"italian": NC_("variant", "Italian"), "international": NC_("variant", "International"),
                 "brazilian": NC_("variant", "Brazilian"), "filipino": NC_("variant", "Filipino")}


def _f(x: float) -> str:
    """Fixed formatting (at most 2 decimals, no "-0") so that the bytes are reproducible."""
    return f"{round(x, 2) + 0.0:.2f}".rstrip("0").rstrip(".")  # + 0.0 turns -0.0 into 0.0


def _square(value: object, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
        raise ValueError(f"{what}: {value!r} is not a square number 1..{n}")
    return value


def _path(item: object, n: int, what: str = "arrow") -> tuple[int, ...]:
    """The squares an arrow goes through: a Move's whole path, or a (from, to) pair."""
    if isinstance(item, Move):
        squares = tuple(item.path)
    elif isinstance(item, (tuple, list)) and len(item) == 2:
        squares = tuple(item)
    else:
        raise ValueError(f"{what} {item!r} is neither a Move nor a pair of squares (from, to)")
    for s in squares:
        _square(s, n, what)
    if len(squares) < 2 or len(set(squares)) == 1:
        raise ValueError(f"{what} {item!r} does not go anywhere")
    return squares


def _items(value: object, what: str) -> list:
    if isinstance(value, (str, bytes)):
        raise ValueError(f"{what} must be a collection, not the text {value!r}")
    try:
        return list(value)  # type: ignore[call-overload]
    except TypeError:
        raise ValueError(f"{what} must be a collection, not {value!r}") from None


def board(board: Position, size: int = 400, *, numbers: bool = False, flipped: bool = False,
          highlight: Iterable[int] = (), arrows: Iterable[tuple[int, int] | Move] = (),
          last_move: Move | None = None, lang: str = "it", coordinates: bool = False,
          number_size: int = NUMBER_SIZE) -> str:
    """An SVG document of ``board`` seen from White (from Black when ``flipped``).

    ``numbers`` writes the square numbers (IT-B2, INT-B1, BR-B2), ``coordinates`` the files
    and ranks; ``highlight`` marks squares, ``arrows`` draws (from, to) pairs or Moves and
    ``last_move`` tints its start and end squares and draws its path. ``lang``: "it" or "en".
    ``number_size`` is the numbers' font size in viewBox units (a square is ``CELL`` = 100):
    a printed diagram takes a larger one, so that the numbers stay readable on paper.
    Bad arguments raise ValueError.
    """
    if not isinstance(board, Position):
        raise ValueError(f"board must be a damalib.Board or Position, not "
                         f"{type(board).__name__}")
    if isinstance(size, bool) or not isinstance(size, int) or size <= 0:
        raise ValueError(f"size must be a positive whole number of pixels, not {size!r}")
    if isinstance(number_size, bool) or not isinstance(number_size, int) or \
            not 1 <= number_size <= CELL // 2:
        raise ValueError(f"number_size must be a whole number from 1 to {CELL // 2}, "
                         f"not {number_size!r}")
    geo = board.variant.geometry
    n, side = geo.squares, geo.size
    marked = sorted({_square(s, n, "highlight") for s in _items(highlight, "highlight")})
    paths = [_path(a, n) for a in _items(arrows, "arrows")]
    if last_move is not None and not isinstance(last_move, Move):
        raise ValueError(f"last_move must be a Move or None, not {last_move!r}")
    last = _path(last_move, n, "last_move") if last_move is not None else ()
    _ = translator(supported(lang))
    variant = VARIANT_WORDS.get(board.variant.name)
    title = _("Board, {variant} draughts: {side} to move",
              variant=_.context(*variant) if variant else board.variant.name,
              side=colour_word(board.turn, _.lang, "subject"))

    m = MARGIN if coordinates else 0
    extent = side * CELL + 2 * m
    # Ids must be unique on a notebook page showing many diagrams, yet reproducible.
    key = f"{board.fen()}|{board.variant.name}|{flipped}|{marked}|{paths}|{last}"
    uid = "dl" + hashlib.sha1(key.encode()).hexdigest()[:10]

    def corner(row: int, col: int) -> tuple[int, int]:
        """Top-left of a square given as seen by White; flipping turns the board 180°."""
        if flipped:
            row, col = side - 1 - row, side - 1 - col
        return m + col * CELL, m + row * CELL

    def centre(square: int) -> tuple[int, int]:
        x, y = corner(*geo.coords[square])
        return x + CELL // 2, y + CELL // 2

    def points(squares: tuple[int, ...], shorten: float = 0) -> str:
        pts = [centre(s) for s in squares]
        if shorten:  # end the shaft inside the arrowhead, whose tip then lands on the centre
            (x0, y0), (x1, y1) = pts[-2], pts[-1]
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            k = 1 - shorten / length if length > shorten else 0.5
            pts[-1] = (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
        return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)

    head = 36  # arrowhead length: 10 of the marker's 12 units, which span 3.6 x 12 = 43.2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {extent} {extent}" role="img" class="damalib-board">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(board.fen())}</desc>",
        "<defs>",
        f'<marker id="{uid}-head" viewBox="-1 -1 12 12" refX="0" refY="5" markerWidth="3.6" '
        f'markerHeight="3.6" markerUnits="strokeWidth" orient="auto">'
        f'<path d="M0,0L10,5L0,10z" fill="{ARROW}" stroke="{CASING}" stroke-width="1"/></marker>',
        f'<pattern id="{uid}-hatch" width="18" height="18" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="7" height="18" fill="{HIGHLIGHT}"/>'
        "</pattern>",
        "</defs>",
        f'<rect x="0" y="0" width="{extent}" height="{extent}" fill="{LIGHT}"/>',
    ]
    for row in range(side):  # light squares are painted by the background
        for col in range(side):
            x, y = corner(row, col)
            sq = geo.by_coords.get((row, col))
            if sq:
                out.append(f'<rect class="square dark" data-square="{sq}" x="{x}" y="{y}" '
                           f'width="{CELL}" height="{CELL}" fill="{DARK}"/>')
    out.append(f'<rect x="{m}" y="{m}" width="{side * CELL}" height="{side * CELL}" '
               f'fill="none" stroke="{FRAME}" stroke-width="4"/>')
    if coordinates:  # files along the bottom, ranks on the left, in the order shown
        out.append(f'<g class="coordinates" font-family="sans-serif" font-size="28" '
                   f'fill="{FRAME}" text-anchor="middle">')
        for i in range(side):
            col = side - 1 - i if flipped else i
            out.append(f'<text x="{m + i * CELL + CELL // 2}" y="{extent - 12}">'
                       f'{"abcdefghij"[col]}</text>')
            out.append(f'<text x="{m // 2}" y="{m + i * CELL + CELL // 2 + 10}">'
                       f"{i + 1 if flipped else side - i}</text>")
        out.append("</g>")
    for sq in sorted({last[0], last[-1]} if last else ()):
        x, y = corner(*geo.coords[sq])
        out.append(f'<rect class="last-move" data-square="{sq}" x="{x}" y="{y}" width="{CELL}" '
                   f'height="{CELL}" fill="{LAST}" fill-opacity="0.5"/>')
    for sq in marked:  # a striped fill and a thick frame: a shape as well as a colour
        x, y = corner(*geo.coords[sq])
        out.append(f'<rect class="highlight" data-square="{sq}" x="{x + 5}" y="{y + 5}" '
                   f'width="{CELL - 10}" height="{CELL - 10}" fill="url(#{uid}-hatch)" '
                   f'stroke="{HIGHLIGHT}" stroke-width="10"/>')
    if last:  # under the pieces, which stay clear; the dark casing shows on any square
        pts = points(last)
        out.append(f'<g class="last-move-path" fill="none" stroke-linecap="round" '
                   f'stroke-linejoin="round"><polyline points="{pts}" stroke="{FRAME}" '
                   f'stroke-width="12"/><polyline points="{pts}" stroke="{LAST}" '
                   'stroke-width="7" stroke-dasharray="12 10"/></g>')
    for sq, piece in board.pieces().items():
        cx, cy = centre(sq)
        fill, line = PIECE[piece.colour]
        kind = "king" if piece.king else "man"
        colour = "white" if piece.colour == "W" else "black"
        out.append(f'<g class="piece {kind} {colour}" data-square="{sq}" fill="{fill}" '
                   f'stroke="{line}" stroke-width="4">')
        # A king (dama) is two men stacked: the lower disc shows below the upper one.
        discs = (cy + LIFT, cy - LIFT) if piece.king else (cy,)
        for y in discs:
            out.append(f'<circle cx="{cx}" cy="{y}" r="{R}"/>')
        top = discs[-1]
        out.append(f'<circle cx="{cx}" cy="{top}" r="{R - 11}" fill="none" '
                   f'stroke-width="2" stroke-opacity="0.55"/>')
        if piece.king:  # a crown in the outline colour, for those who don't know the stack
            crown = ((-17, 9), (-17, -7), (-8, 1), (0, -13), (8, 1), (17, -7), (17, 9))
            pts = " ".join(f"{cx + dx},{top + dy}" for dx, dy in crown)
            out.append(f'<polygon points="{pts}" fill="{line}" stroke-width="2" '
                       f'stroke-linejoin="round"/>')
        out.append("</g>")
    for path in paths:  # a light casing keeps the arrow visible in greyscale, over anything
        pts = points(path, head)
        out.append(f'<g class="arrow" data-squares="{"-".join(map(str, path))}" fill="none" '
                   f'stroke-linejoin="round"><polyline points="{pts}" stroke="{CASING}" '
                   f'stroke-width="20"/><polyline points="{pts}" stroke="{ARROW}" '
                   f'stroke-width="12" marker-end="url(#{uid}-head)"/></g>')
    if numbers:  # drawn last, light with a dark halo: readable over pieces and arrows
        halo = round(5 * number_size / NUMBER_SIZE)  # the halo grows with the font
        out.append(f'<g font-family="sans-serif" font-weight="bold" font-size="{number_size}" '
                   f'fill="#FFFFFF" stroke="#1E1E1E" stroke-width="{halo}" '
                   'paint-order="stroke" stroke-linejoin="round">')
        for sq in range(1, n + 1):
            x, y = corner(*geo.coords[sq])
            out.append(f'<text class="number" data-square="{sq}" x="{x + 5}" '
                       f'y="{y + number_size}">{sq}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
