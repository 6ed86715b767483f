"""PDN FEN: ``TURN:COLOUR squares:COLOUR squares`` (RULES.md section 5)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import FenError
from .i18n import N_, ColourWord
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
        raise FenError(N_("a FEN must be text, not {kind}"), kind=type(fen).__name__)
    text = fen.strip()
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = text[1:-1].strip()
    if text.endswith("."):
        text = text[:-1]
    if not text:
        raise FenError(N_("the FEN is empty"))
    offset = fen.find(text[:1]) if text else 0
    fields = text.split(":")
    turn = fields[0].strip().upper()
    if turn not in ("W", "B"):
        raise FenError(N_("the FEN must start with the side to move, W or B, not {field}"),
                       fen, offset, field=repr(fields[0]))
    pieces: dict[str, tuple[set[int], set[int]]] = {}
    owner: dict[int, str] = {}
    pos = offset + len(fields[0]) + 1
    n = variant.squares
    for field in fields[1:]:
        start = pos
        pos += len(field) + 1
        body = field.strip()
        if not body:
            raise FenError(N_("empty field between colons"), fen, start)
        colour = body[0].upper()
        if colour not in ("W", "B"):
            if _TRAILING.fullmatch(body):
                continue  # an extension field such as H0 (half-moves) or F1 (move number)
            raise FenError(N_("expected a colour, W or B, at the start of field {field}"), fen,
                           start, field=repr(body))
        if colour in pieces:
            raise FenError(N_("colour {colour} is given twice"), fen, start, colour=colour)
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
                    raise FenError(N_("{token} is not a dark square of the board"), fen, where,
                                   token=repr(token.strip()))
                king, first, last = named.group(1), number, None
            elif match:
                king, first, last = match.group(1), int(match.group(2)), match.group(3)
            else:
                raise FenError(N_("{token} is not a square, a king (K12) or a range (21-32)"), fen,
                               where, token=repr(token.strip()))
            last_n = int(last) if last else first
            for square in (first, last_n):
                if not 1 <= square <= n:
                    raise FenError(N_("square {square} does not exist: the board has squares 1-{n} "
                                      "({rule})"), fen, where, square=square, n=n,
                                   rule=variant.rules["numbering"])
            if last_n < first:
                raise FenError(N_("the range {first}-{last} runs backwards"), fen, where, first=first,
                               last=last_n)
            for square in range(first, last_n + 1):
                if square in owner:
                    raise FenError(N_("square {square} is given twice"), fen, where, square=square)
                owner[square] = colour
                (kings if king else men).add(square)
    h = variant.size // 2
    for colour, far_row in (("W", range(1, h + 1)), ("B", range(n - h + 1, n + 1))):
        men = pieces.get(colour, (set(), set()))[0]
        stuck = sorted(men.intersection(far_row))
        if stuck:
            raise FenError(N_("{side} has a man on square {square}, its promotion row: it would "
                              "be a king there"), fen, offset, side=ColourWord(colour, "subject"),
                           square=stuck[0])
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
