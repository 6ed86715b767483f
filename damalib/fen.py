"""PDN FEN: ``TURN:COLOUR squares:COLOUR squares`` (RULES.md section 5)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import FenError
from .variants import Variant


class Placement(NamedTuple):
    """Square numbers of each kind of piece, and the side to move ("W" or "B")."""

    turn: str
    white_men: frozenset[int]
    white_kings: frozenset[int]
    black_men: frozenset[int]
    black_kings: frozenset[int]


_TOKEN = re.compile(r"(K?)(\d+)(?:-(\d+))?")
_ALGEBRAIC = re.compile(r"(K?)([A-Z]\d+)")  # as lidraughts writes Brazilian positions: Ka3
_TRAILING = re.compile(r"[HF]\d+", re.IGNORECASE)  # half-move clock and move number: H0, F1


def parse_fen(fen: str, variant: Variant) -> Placement:
    """Read a PDN FEN; raise FenError naming the problem and where it is."""
    if not isinstance(fen, str):
        raise FenError(f"a FEN must be text, not {type(fen).__name__}")
    text = fen.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = text[1:-1].strip()
    if text.endswith("."):
        text = text[:-1]
    if not text:
        raise FenError("the FEN is empty")
    offset = fen.find(text[:1]) if text else 0
    fields = text.split(":")
    turn = fields[0].strip().upper()
    if turn not in ("W", "B"):
        raise FenError(f"the FEN must start with the side to move, W or B, not {fields[0]!r}",
                       fen, offset)
    pieces: dict[str, tuple[set[int], set[int]]] = {}
    owner: dict[int, str] = {}
    pos = offset + len(fields[0]) + 1
    n = variant.squares
    for field in fields[1:]:
        start = pos
        pos += len(field) + 1
        body = field.strip()
        if not body:
            raise FenError("empty field between colons", fen, start)
        colour = body[0].upper()
        if colour not in ("W", "B"):
            if _TRAILING.fullmatch(body):
                continue  # an extension field such as H0 (half-moves) or F1 (move number)
            raise FenError(f"expected a colour, W or B, at the start of field {body!r}", fen, start)
        if colour in pieces:
            raise FenError(f"colour {colour} is given twice", fen, start)
        men, kings = pieces[colour] = (set(), set())
        rest = body[1:]
        if not rest.strip():
            continue  # a side with no pieces
        cursor = start + (len(field) - len(field.lstrip())) + 1
        for token in rest.split(","):
            where = cursor
            cursor += len(token) + 1
            item = token.strip().upper()
            match = _TOKEN.fullmatch(item)
            named = None if match else _ALGEBRAIC.fullmatch(item)
            if named:
                number = variant.geometry.from_algebraic(named.group(2))
                if number is None:
                    raise FenError(f"{token.strip()!r} is not a dark square of the "
                                   f"{variant.name} board", fen, where)
                king, first, last = named.group(1), number, None
            elif match:
                king, first, last = match.group(1), int(match.group(2)), match.group(3)
            else:
                raise FenError(f"{token.strip()!r} is not a square, a king (K12) or a range "
                               "(21-32)", fen, where)
            last_n = int(last) if last else first
            for square in (first, last_n):
                if not 1 <= square <= n:
                    raise FenError(f"square {square} does not exist: the {variant.name} board has "
                                   f"squares 1-{n} ({variant.rules['numbering']})", fen, where)
            if last_n < first:
                raise FenError(f"the range {first}-{last_n} runs backwards", fen, where)
            for square in range(first, last_n + 1):
                if square in owner:
                    raise FenError(f"square {square} is given twice", fen, where)
                owner[square] = colour
                (kings if king else men).add(square)
    h = variant.size // 2
    for colour, far_row in (("W", range(1, h + 1)), ("B", range(n - h + 1, n + 1))):
        men = pieces.get(colour, (set(), set()))[0]
        stuck = sorted(men.intersection(far_row))
        if stuck:
            name = "White" if colour == "W" else "Black"
            raise FenError(f"{name} has a man on square {stuck[0]}, its promotion row: "
                           f"it would be a king there", fen, offset)
    w_men, w_kings = pieces.get("W", (set(), set()))
    b_men, b_kings = pieces.get("B", (set(), set()))
    return Placement(turn, frozenset(w_men), frozenset(w_kings),
                     frozenset(b_men), frozenset(b_kings))


def _compress(squares: list[int]) -> list[str]:
    """Consecutive runs of three or more squares as ranges: 21-32."""
    out: list[str] = []
    i = 0
    while i < len(squares):
        j = i
        while j + 1 < len(squares) and squares[j + 1] == squares[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{squares[i]}-{squares[j]}")
            i = j + 1
        else:
            out.append(str(squares[i]))
            i += 1
    return out


def write_fen(placement: Placement) -> str:
    """The canonical FEN: side to move, White then Black, men as ranges, kings after men."""
    parts = [placement.turn]
    for colour, men, kings in (("W", placement.white_men, placement.white_kings),
                               ("B", placement.black_men, placement.black_kings)):
        items = _compress(sorted(men)) + ["K" + s for s in _compress(sorted(kings))]
        parts.append(colour + ",".join(items))
    return ":".join(parts)
