"""Position: the pieces of one variant, the side to move, and the moves the rules allow there.

A Position is the state a :class:`~damalib.Board` is built on, without the game around it (no
moves played, no counts). The engine, the solver, the endgame tables, the explanations and the
diagrams read a Position, through the methods below and nothing else.

Two forms of a move meet here. The move generator (:mod:`damalib.movegen`) works on
bitboards seen from the side to move (``relative()``) and makes *records*; a reader sees a
:class:`Move` of square numbers. ``move_of`` turns a record into its Move, and ``legal_map``
gives every legal Move its record.

>>> position = Position("W:W22,30:B18,19")
>>> [str(m) for m in position.legal_moves]        # a capture is compulsory (IT-C1)
['22x13', '22x15']
>>> move, record = position.legal_map()[Move((22, 15), (19,))]
>>> position.after(record).fen()
'B:W15,30:B18'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from typing import Iterator, NamedTuple

from .errors import NotationError
from .fen import Placement, parse_fen, write_fen
from .i18n import N_, colour_word, translator
from .movegen import MoveGen, Record, movegen
from .variants import Geometry, Variant, get_variant

__all__ = ["BLACK", "WHITE", "Key", "Move", "Outcome", "Piece", "Position", "Snapshot",
           "Termination"]

WHITE, BLACK = "W", "B"

#: The pieces and the side to move: White's men, White's kings, Black's men, Black's kings
#: (bitboards over ``Geometry.bit_of``) and whether White moves. Equal keys, equal positions.
Key = tuple[int, int, int, int, bool]


@dataclass(frozen=True, slots=True)
class Move:
    """A move: ``path`` is the start square then every landing square; ``captures`` the
    captured squares in capture order. Immutable and hashable."""

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    #: Set by the board when another legal move shares start and end: then ``str`` shows
    #: every landing square (IT-N).
    ambiguous: bool = field(default=False, compare=False, repr=False)

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def __str__(self) -> str:
        if not self.captures:
            return f"{self.path[0]}-{self.path[-1]}"
        # A chain that comes back to its start square is shown whole: "7x7" tells nothing.
        full = self.ambiguous or self.path[0] == self.path[-1]
        squares = self.path if full else (self.path[0], self.path[-1])
        return "x".join(map(str, squares))


class Piece(NamedTuple):
    colour: str  # "W" or "B"
    king: bool

    @property
    def symbol(self) -> str:
        """``w``/``b`` for men, ``W``/``B`` for kings."""
        return self.colour if self.king else self.colour.lower()


class Termination(str, Enum):
    """Why a game ended."""

    NO_PIECES = "no_pieces"
    BLOCKED = "blocked"
    FORTY_MOVE_COUNT = "forty_move_count"
    REPETITION = "repetition"
    KING_MOVES = "king_moves"
    ENDGAME_LIMIT = "endgame_limit"
    AGREEMENT = "agreement"
    RESIGNATION = "resignation"


#: Why a game ended (English; translated by the catalogues). {winner} and {loser} are the
#: colours as the subject of the sentence.
_TERMINATION_TEXT = {
    Termination.NO_PIECES: N_("{loser} has no pieces left: {winner} wins"),
    Termination.BLOCKED: N_("{loser} is blocked and cannot move: {winner} wins"),
    Termination.FORTY_MOVE_COUNT: N_("Draw: the count reached 40 moves"),
    Termination.REPETITION: N_("Draw: the same position occurred three times"),
    Termination.KING_MOVES: N_("Draw: too many king moves without a capture or a man move"),
    Termination.ENDGAME_LIMIT: N_("Draw: the endgame was not won within the move limit"),
    Termination.AGREEMENT: N_("Draw: the players agreed"),
    Termination.RESIGNATION: N_("{loser} resigns: {winner} wins"),
}


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` is "W", "B" or None for a draw."""

    termination: Termination
    winner: str | None
    rule: str

    def text(self, lang: str = "it", cite: str = "id") -> str:
        """Who won and why; ``cite`` as for explanations: the rule's "id", its "name" in
        words, or "none"."""
        from .rulenames import cite_rule

        def colour(side):
            return colour_word(side, lang, "subject") if side in (WHITE, BLACK) else ""

        loser = {WHITE: BLACK, BLACK: WHITE}.get(self.winner or "", "")
        message = translator(lang)(_TERMINATION_TEXT[self.termination],
                                   winner=colour(self.winner), loser=colour(loser))
        message = message[0].upper() + message[1:]
        rule = cite_rule(self.rule, lang, cite)
        return f"{message} ({rule})." if rule else f"{message}."


#: What ``restore`` needs to come back to a position: its key and the legal moves already
#: found there (a Board's ``pop`` then finds them again at no cost).
Snapshot = tuple[Key, "dict[Move, tuple[Move, Record]] | None"]

# Move values are immutable, so one made for a record serves every position that has it.
_MOVES: dict[tuple, Move] = {}
_MOVES_KEPT = 100_000
_move_order = attrgetter("path", "captures")
_MOVE_TEXT = re.compile(r"\s*([A-Za-z]?\d+)((?:\s*[-x×X:]\s*[A-Za-z]?\d+)+)\s*")
_SEPARATOR = re.compile(r"\s*[-x×X:]\s*")
#: Text that is not a move at all.
_NOT_A_MOVE = N_("{text} is not a move: write it like 22-19 or 27x18")


def _passes(path: tuple[int, ...], squares: tuple[int, ...]) -> bool:
    """True when ``path`` runs from the first to the last of ``squares`` through the others,
    in order."""
    if path[0] != squares[0] or path[-1] != squares[-1]:
        return False
    inner = iter(path[1:-1])
    return all(s in inner for s in squares[1:-1])


class Position:
    """The pieces of one variant and the side to move, with the legal moves there.

    >>> position = Position()
    >>> position.turn, len(position.pieces()), str(position.legal_moves[0])
    ('W', 24, '21-17')
    """

    def __init__(self, fen: str | None = None, variant: str | Variant = "italian") -> None:
        self.variant: Variant = get_variant(variant)
        #: The variant's move generator: records from bitboards (see ``relative``).
        self.movegen: MoveGen = movegen(self.variant)
        #: The variant's board: square numbers, bit indices, coordinates.
        self.geometry: Geometry = self.variant.geometry
        self.set_fen(fen if fen is not None else self.variant.start_fen())

    # -- the pieces -------------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up the position a PDN FEN gives; raises FenError."""
        placement = parse_fen(fen, self.variant)
        bit = self.geometry.bit_of
        self._wm = sum(1 << bit[s] for s in placement.white_men)
        self._wk = sum(1 << bit[s] for s in placement.white_kings)
        self._bm = sum(1 << bit[s] for s in placement.black_men)
        self._bk = sum(1 << bit[s] for s in placement.black_kings)
        self._white = placement.turn == WHITE
        self._legal: dict[Move, tuple[Move, Record]] | None = None

    def fen(self) -> str:
        """The position in canonical PDN FEN."""
        return write_fen(self.placement())

    def placement(self) -> Placement:
        """The square numbers of each kind of piece, and the side to move."""
        squares = self.squares_of
        return Placement(self.turn, frozenset(squares(self._wm)), frozenset(squares(self._wk)),
                         frozenset(squares(self._bm)), frozenset(squares(self._bk)))

    def squares_of(self, bits: int) -> Iterator[int]:
        """The square numbers of the pieces in a bitboard, lowest bit first."""
        square_of = self.geometry.square_of
        while bits:
            b = bits & -bits
            bits ^= b
            yield square_of[b.bit_length() - 1]

    def key(self) -> Key:
        """The pieces as four bitboards and whether White moves: hashable, equal when the
        positions are."""
        return (self._wm, self._wk, self._bm, self._bk, self._white)

    def relative(self) -> tuple[int, int, int, int, bool]:
        """The position seen from the side to move, as the move generator takes it: its men
        and kings, the opponent's men and kings, and whether the side to move is White."""
        if self._white:
            return self._wm, self._wk, self._bm, self._bk, True
        return self._bm, self._bk, self._wm, self._wk, False

    @property
    def turn(self) -> str:
        """The side to move: "W" or "B"."""
        return WHITE if self._white else BLACK

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square`` (1..N), or None."""
        if not 1 <= square <= self.variant.squares:
            return None
        b = 1 << self.geometry.bit_of[square]
        for bits, piece in ((self._wm, Piece(WHITE, False)), (self._wk, Piece(WHITE, True)),
                            (self._bm, Piece(BLACK, False)), (self._bk, Piece(BLACK, True))):
            if bits & b:
                return piece
        return None

    def pieces(self) -> dict[int, Piece]:
        """Every piece on the board by square."""
        out: dict[int, Piece] = {}
        for bits, piece in ((self._wm, Piece(WHITE, False)), (self._wk, Piece(WHITE, True)),
                            (self._bm, Piece(BLACK, False)), (self._bk, Piece(BLACK, True))):
            for square in self.squares_of(bits):
                out[square] = piece
        return dict(sorted(out.items()))

    # -- moves ------------------------------------------------------------------------------

    def move_of(self, record: Record, ambiguous: bool = False) -> Move:
        """The Move a generator's ``record`` makes here; ``ambiguous`` as ``Move.ambiguous``
        (``legal_map`` gives a legal move with the flag set as this position needs it)."""
        key = (self.geometry, record, ambiguous)
        move = _MOVES.get(key)
        if move is None:
            square = self.geometry.square_of.__getitem__
            path, caps, _ = record
            move = Move(tuple(map(square, path)), tuple(map(square, caps)), ambiguous)
            if len(_MOVES) >= _MOVES_KEPT:
                _MOVES.clear()
            _MOVES[key] = move
        return move

    def legal_map(self) -> dict[Move, tuple[Move, Record]]:
        """Each legal move, in the order of ``legal_moves``, mapped to itself as this
        position writes it (``ambiguous`` set when another legal move shares its start and
        end) and to its record. Look a Move up to find both."""
        if self._legal is None:
            records = self.movegen.legal(*self.relative())
            move_of = self.move_of
            if records and records[0][1]:  # captures: two chains may share start and end
                ends: dict[tuple[int, int], int] = {}
                for path, _, _ in records:
                    ends[(path[0], path[-1])] = ends.get((path[0], path[-1]), 0) + 1
                moves = {move_of(r, ends[(r[0][0], r[0][-1])] > 1): r for r in records}
            else:
                moves = {move_of(r): r for r in records}
            self._legal = {m: (m, moves[m]) for m in sorted(moves, key=_move_order)}
        return self._legal

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move, each capture chain complete and the precedence rules applied."""
        return list(self.legal_map())

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_map()

    def must_capture(self) -> bool:
        """True when the side to move is obliged to capture (IT-C1, INT-C1)."""
        return any(m.captures for m in self.legal_map())

    def capturing_squares(self) -> list[int]:
        """Squares of the pieces that can make a legal capture now."""
        return sorted({m.start for m in self.legal_map() if m.captures})

    def parse_squares(self, text: str) -> tuple[int, ...]:
        """The squares named by move text, checked to exist; raises NotationError."""
        if not isinstance(text, str):
            raise NotationError(N_("a move must be text such as '22-19', not {kind}"),
                                kind=type(text).__name__)
        match = _MOVE_TEXT.fullmatch(text)
        if not match:
            raise NotationError(_NOT_A_MOVE, text=repr(text.strip()))
        tokens = [match.group(1)] + _SEPARATOR.split(match.group(2).strip())[1:]
        squares = []
        n = self.variant.squares
        for token in tokens:
            if not token:  # two separators in a row, as in "22-x9"
                raise NotationError(_NOT_A_MOVE, text=repr(text.strip()))
            if token[0].isalpha():
                number = self.geometry.from_algebraic(token)
                if number is None:
                    raise NotationError(N_("{token} is not a dark square of the board"),
                                        token=repr(token))
            else:
                number = int(token)
                if not 1 <= number <= n:
                    raise NotationError(N_("square {square} does not exist: squares run from 1 "
                                           "to {n} ({rule})"), square=number, n=n,
                                        rule=self.variant.rules["numbering"])
            squares.append(number)
        return tuple(squares)

    def matching(self, squares: tuple[int, ...]) -> list[Move]:
        """Legal moves from the first to the last square passing the ones between, in order.

        A capture is kept once for each set of pieces it takes between two squares; another
        route to the same position (the other way round a square of pieces, other landing
        squares of a flying king) names that same move.
        """
        legal = self.legal_map()
        out = [move for move in legal if _passes(move.path, squares)]
        if out or len(squares) < 3 or not self.must_capture():
            return out
        square_of = self.geometry.square_of
        relative = self.relative()
        opponent_kings = relative[3]
        rank = self.movegen.precedence_key
        found_by = {(m.start, m.end, frozenset(m.captures)): (m, rank(record, opponent_kings))
                    for m, record in legal.values()}
        for record in self.movegen.raw_captures(*relative):
            path, caps, _ = record
            route = tuple(square_of[b] for b in path)
            if not _passes(route, squares):
                continue
            found = found_by.get((route[0], route[-1], frozenset(square_of[b] for b in caps)))
            # Only a route the precedence rules rank alike: taking the same kings later is
            # another, forbidden, move (IT-P4).
            if found is not None and rank(record, opponent_kings) == found[1] \
                    and found[0] not in out:
                out.append(found[0])
        return out

    # -- playing ----------------------------------------------------------------------------

    def play(self, record: Record) -> Snapshot:
        """Play a generator's ``record`` here: the pieces move and the turn passes. Returns
        what ``restore`` takes to come back. A Board's ``push`` and ``pop`` are built on
        these and keep the game's history besides: on a Board, play moves with those."""
        snapshot = ((self._wm, self._wk, self._bm, self._bk, self._white), self._legal)
        self._legal = None
        if self._white:
            self._bm, self._bk, self._wm, self._wk = self.movegen.apply(
                self._wm, self._wk, self._bm, self._bk, True, record)
        else:
            self._wm, self._wk, self._bm, self._bk = self.movegen.apply(
                self._bm, self._bk, self._wm, self._wk, False, record)
        self._white = not self._white
        return snapshot

    def restore(self, snapshot: Snapshot) -> None:
        """Come back to the position a ``snapshot`` of ``play`` was taken in."""
        (self._wm, self._wk, self._bm, self._bk, self._white), self._legal = snapshot

    def after(self, record: Record) -> Position:
        """The position after a generator's ``record``, as a new Position (this one, and a
        Board's game, are left as they are)."""
        other = Position.__new__(Position)
        other.variant, other.movegen, other.geometry = self.variant, self.movegen, self.geometry
        other._wm, other._wk, other._bm, other._bk, other._white = self.key()
        other._legal = None
        other.play(record)
        return other

    def copy(self) -> Position:
        """An independent copy."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        return other

    # -- the end ----------------------------------------------------------------------------

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """The end the pieces alone decide: the side to move without a piece or a legal move
        has lost (IT-E1, INT-E1); None while it can move. A Board adds the draws and the
        declarations of its game."""
        if self.legal_map():
            return None
        own = (self._wm | self._wk) if self._white else (self._bm | self._bk)
        return Outcome(Termination.BLOCKED if own else Termination.NO_PIECES,
                       BLACK if self._white else WHITE, self.variant.rules["win"])

    def earlier_keys(self) -> list[Key]:
        """The keys of the game's earlier positions that could occur again, oldest first:
        none for a Position, which has no past; a Board gives its game's."""
        return []

    # -- text -------------------------------------------------------------------------------

    def __str__(self) -> str:
        """A text diagram from White's side: ``w``/``b`` men, ``W``/``B`` kings, and the
        number of every empty dark square."""
        geo = self.geometry
        lines = ["    " + "  ".join("abcdefghij"[:geo.size])]
        for row in range(geo.size):
            cells = ["  "] * geo.size
            for square in range(row * geo.half + 1, (row + 1) * geo.half + 1):
                piece = self.piece_at(square)
                cells[geo.coords[square][1]] = f" {piece.symbol}" if piece else f"{square:>2}"
            lines.append(f"{geo.size - row:>2} " + " ".join(cells).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.fen()!r}, variant={self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.variant == other.variant and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # a position is mutable

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # IPython's text view
        printer.text(str(self))
