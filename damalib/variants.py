"""Variants as data: board shape, numbering and rule flags (see RULES.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from .errors import VariantError
from .i18n import N_

# Precedence criteria, applied in order (IT-P1..P4); majority-only games use just the first.
QUANTITY = "quantity"          # IT-P1, INT-P1
KING_CAPTURES = "king_captures"  # IT-P2
KINGS_TAKEN = "kings_taken"    # IT-P3
KING_ORDER = "king_order"      # IT-P4


@dataclass(frozen=True)
class Variant:
    """One game of the draughts family, described by data only."""

    name: str
    italian_name: str
    size: int
    #: True when each player has a dark square in the bottom-right corner (IT-B1);
    #: False for a1 dark, the bottom-left corner (INT-B1, BR-B1).
    dark_bottom_right: bool
    men_capture_backwards: bool
    men_capture_kings: bool
    flying_kings: bool
    precedence: tuple[str, ...]
    #: A man reaching the far row during a capture stops there (IT-C7); otherwise it
    #: goes on and is promoted only if it ends its move there (INT-K1).
    promotion_ends_capture: bool
    #: The 40-move count of Dama Italiana (IT-D2).
    forty_move_count: bool
    #: Third repetition: a draw only when claimed (IT-D3) or at once (INT-D2, BR-D1).
    repetition_claimable: bool
    #: Successive plies of king moves without capture or man move that end in a draw: 25
    #: moves by each player in International (INT-D3), 20 each in Brazilian (BR-D1).
    king_move_limit: int | None
    #: Endgame limits (INT-D4): plies allowed once such material is reached.
    endgame_limits: bool
    pdn_game_type: str | None
    #: Moves written with algebraic squares (c3-d4) in PDN, as GameType "...,A0,..." says.
    algebraic_moves: bool
    #: Rule ids cited by explanations, keyed by what they forbid.
    rules: dict[str, str] = field(compare=False, repr=False)

    @property
    def squares(self) -> int:
        return self.size * self.size // 2

    @property
    def men_per_side(self) -> int:
        return (self.size // 2 - 1) * self.size // 2

    @cached_property
    def geometry(self) -> Geometry:
        return Geometry(self.size, self.dark_bottom_right)

    def start_fen(self) -> str:
        n, men = self.squares, self.men_per_side
        return f"W:W{n - men + 1}-{n}:B1-{men}"

    def pdn_move_text(self, text: str) -> str:
        """Move text as this game's PDN writes it: square numbers, or algebraic squares
        (``c3-d4``) where the GameType says so (Brazilian)."""
        if not self.algebraic_moves:
            return text
        name = self.geometry.algebraic
        return re.sub(r"\d+", lambda number: name(int(number.group())), text)

    def __repr__(self) -> str:
        return f"get_variant({self.name!r})"


class Geometry:
    """Square numbering, coordinates and the padded bit layout used by the move generator.

    Each pair of rows takes ``size + 1`` bits: one spare ("ghost") bit keeps a step off the
    board edge from landing on a real square, so the four diagonal steps are the constant
    shifts ``-h, -(h+1), +h, +(h+1)`` with ``h = size // 2``.
    """

    def __init__(self, size: int, dark_bottom_right: bool) -> None:
        self.size = size
        self.half = h = size // 2
        self.squares = n = size * h
        self.dark_bottom_right = dark_bottom_right
        # Directions: 0 and 1 go up (towards square 1), 2 and 3 go down.
        self.deltas = (-h, -(h + 1), h, h + 1)
        self.opposite = (2, 3, 0, 1)
        self.coords: list[tuple[int, int]] = [(-1, -1)]  # square number -> (row, col)
        self.bit_of: list[int] = [-1]                     # square number -> bit index
        for number in range(1, n + 1):
            row, k = divmod(number - 1, h)
            top_row_starts_on_a = dark_bottom_right
            col = 2 * k + (0 if (row % 2 == 0) == top_row_starts_on_a else 1)
            self.coords.append((row, col))
            self.bit_of.append(self._bit(row, col))
        self.nbits = max(self.bit_of) + 1
        self.square_of = [0] * self.nbits  # bit index -> square number (0 for a ghost bit)
        for number in range(1, n + 1):
            self.square_of[self.bit_of[number]] = number
        self.valid = sum(1 << b for b in self.bit_of[1:])
        self.by_coords = {rc: s for s, rc in enumerate(self.coords) if s}
        # Neighbour in each direction by bit index, -1 off the board; checked against the
        # coordinates so that the shift arithmetic above is known to be right.
        self.step: list[list[int]] = [[-1] * self.nbits for _ in range(4)]
        for number in range(1, n + 1):
            row, col = self.coords[number]
            b = self.bit_of[number]
            for d, (dr, dc) in enumerate(self._vectors()):
                target = self.by_coords.get((row + dr, col + dc))
                if target is not None:
                    assert self.bit_of[target] == b + self.deltas[d]
                    self.step[d][b] = self.bit_of[target]
                elif b + self.deltas[d] >= 0:
                    assert not (self.valid >> (b + self.deltas[d])) & 1
        # Rays: every square along each direction, nearest first.
        self.rays: list[list[tuple[int, ...]]] = [[()] * self.nbits for _ in range(4)]
        for d in range(4):
            for b in self.bit_of[1:]:
                ray, cur = [], self.step[d][b]
                while cur >= 0:
                    ray.append(cur)
                    cur = self.step[d][cur]
                self.rays[d][b] = tuple(ray)
        self.top_row = sum(1 << self.bit_of[s] for s in range(1, h + 1))
        self.bottom_row = sum(1 << self.bit_of[s] for s in range(n - h + 1, n + 1))

    def _bit(self, row: int, col: int) -> int:
        # Mirror Italian boards so that every even row has its dark squares on odd columns.
        if self.dark_bottom_right:
            col = self.size - 1 - col
        return (row // 2) * (self.size + 1) + (row % 2) * self.half + col // 2

    def _vectors(self) -> tuple[tuple[int, int], ...]:
        # (row, col) steps matching self.deltas; columns mirror on Italian boards.
        s = -1 if self.dark_bottom_right else 1
        return ((-1, s), (-1, -s), (1, -s), (1, s))

    def algebraic(self, number: int) -> str:
        """Square name as on a chessboard seen from White: ``a1`` bottom left."""
        row, col = self.coords[number]
        return "abcdefghijklmnopqrstuvwxyz"[col] + str(self.size - row)

    def from_algebraic(self, name: str) -> int | None:
        """Square number of an algebraic name, or None when it is not a dark square here."""
        if len(name) < 2 or not name[0].isalpha() or not name[1:].isdigit():
            return None
        col = ord(name[0].lower()) - ord("a")
        row = self.size - int(name[1:])
        return self.by_coords.get((row, col))


_COMMON_INT_RULES = {
    "turn": "INT-B2", "man_move": "INT-M1", "king_move": "INT-M2", "compulsory": "INT-C1",
    "man_capture": "INT-C1", "king_capture": "INT-C2", "continue": "INT-P1",
    "promotion": "INT-K1", "quantity": "INT-P1", "lifted": "INT-C3", "win": "INT-E1",
    "agreement": "INT-D1",
}

ITALIAN = Variant(
    name="italian", italian_name="italiana", size=8, dark_bottom_right=True,
    men_capture_backwards=False, men_capture_kings=False, flying_kings=False,
    precedence=(QUANTITY, KING_CAPTURES, KINGS_TAKEN, KING_ORDER),
    promotion_ends_capture=True, forty_move_count=True, repetition_claimable=True,
    king_move_limit=None, endgame_limits=False, pdn_game_type="22,W,8,8,N2,1",
    algebraic_moves=False,
    rules={
        "numbering": "IT-B2", "turn": "IT-B4", "man_move": "IT-M1", "king_move": "IT-M2",
        "compulsory": "IT-C1", "jump": "IT-C2", "man_capture": "IT-C3", "king_capture": "IT-C4",
        "continue": "IT-C5", "lifted": "IT-C6", "promotion": "IT-C7",
        QUANTITY: "IT-P1", KING_CAPTURES: "IT-P2", KINGS_TAKEN: "IT-P3", KING_ORDER: "IT-P4",
        "free_choice": "IT-P5", "notation": "IT-N", "win": "IT-E1", "count": "IT-D2",
        "agreement": "IT-D1",
        "repetition": "IT-D3",
    },
)

INTERNATIONAL = Variant(
    name="international", italian_name="internazionale", size=10, dark_bottom_right=False,
    men_capture_backwards=True, men_capture_kings=True, flying_kings=True,
    precedence=(QUANTITY,), promotion_ends_capture=False, forty_move_count=False,
    repetition_claimable=False, king_move_limit=50, endgame_limits=True, pdn_game_type="20",
    algebraic_moves=False,
    rules={**_COMMON_INT_RULES, "numbering": "INT-B1", "jump": "INT-C1", "free_choice": "INT-P1",
           "notation": "INT-B1", "repetition": "INT-D2", "king_moves": "INT-D3",
           "endgame": "INT-D4"},
)

BRAZILIAN = Variant(
    name="brazilian", italian_name="brasiliana", size=8, dark_bottom_right=False,
    men_capture_backwards=True, men_capture_kings=True, flying_kings=True,
    precedence=(QUANTITY,), promotion_ends_capture=False, forty_move_count=False,
    repetition_claimable=False, king_move_limit=40, endgame_limits=False,
    pdn_game_type="26,W,8,8,A0,0", algebraic_moves=True,
    rules={**_COMMON_INT_RULES, "numbering": "BR-B2", "jump": "INT-C1", "free_choice": "INT-P1",
           "notation": "BR-B2", "repetition": "BR-D1", "king_moves": "BR-D1",
           "agreement": "BR-D1"},
)

# The Filipino game shares the Brazilian move rules (RULES.md section 4); PDN has no
# game-type number for it, and its draw customs vary by region.
FILIPINO = replace(BRAZILIAN, name="filipino", italian_name="filippina", king_move_limit=None,
                   pdn_game_type=None, algebraic_moves=False)

VARIANTS: dict[str, Variant] = {v.name: v for v in (ITALIAN, INTERNATIONAL, BRAZILIAN, FILIPINO)}
_ALIASES = {v.italian_name: v for v in VARIANTS.values()}


def get_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` (English or Italian name, any case)."""
    if isinstance(name, Variant):
        return name
    key = str(name).strip().lower()
    variant = VARIANTS.get(key) or _ALIASES.get(key)
    if variant is None:
        known = ", ".join(f"{v.name}/{v.italian_name}" for v in VARIANTS.values())
        raise VariantError(N_("unknown variant {name}; known variants: {known}"),
                           name=repr(name), known=known)
    return variant
