"""Board, Move and Outcome: the public face of the rules core."""

from __future__ import annotations

import re
from operator import attrgetter
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Iterator, NamedTuple

from .errors import CountError, IllegalMoveError, NotationError
from .fen import Placement, parse_fen, write_fen
from .i18n import N_, ColourWord, colour_word, translator
from .movegen import Record, movegen
from .variants import Variant, get_variant

if TYPE_CHECKING:
    from .explain import Explanation

WHITE, BLACK = "W", "B"


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


class _Counters(NamedTuple):
    """Everything besides the pieces that a move changes and ``pop`` restores."""

    claimant: str | None   # who called the 40-move count (IT-D2)
    count: int             # the claimant's counted moves
    king_plies: int        # successive plies of king moves without capture (INT-D3, BR-D1)
    endgame: int           # move limit of the current INT-D4 material, 0 when none
    endgame_plies: int     # plies played under that limit
    reversible_from: int   # index in the position history after the last man move or capture
    declared: Outcome | None = None  # a draw agreed or a resignation


_START_COUNTERS = _Counters(None, 0, 0, 0, 0, 0)
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


class Board:
    """A position of one variant plus the moves that led to it.

    >>> board = Board()
    >>> board.push(board.parse_move("22-19"))
    >>> board.fen()
    'B:W19,21,23-32:B1-12'
    """

    def __init__(self, fen: str | None = None, variant: str | Variant = "italian") -> None:
        self.variant: Variant = get_variant(variant)
        self._gen = movegen(self.variant)
        self._geo = self.variant.geometry
        self.set_fen(fen if fen is not None else self.variant.start_fen())

    # -- position -------------------------------------------------------------------------

    def set_fen(self, fen: str) -> None:
        """Set up a position; the move history and the counts start afresh."""
        placement = parse_fen(fen, self.variant)
        bit = self._geo.bit_of
        self._wm = sum(1 << bit[s] for s in placement.white_men)
        self._wk = sum(1 << bit[s] for s in placement.white_kings)
        self._bm = sum(1 << bit[s] for s in placement.black_men)
        self._bk = sum(1 << bit[s] for s in placement.black_kings)
        self._white = placement.turn == WHITE
        self.move_stack: list[Move] = []
        self._undo: list[tuple[tuple[int, int, int, int, bool], _Counters, dict | None]] = []
        self._history: list[tuple] = [self._key()]
        self._counters = _START_COUNTERS._replace(endgame=self._endgame_limit())
        self._legal: dict[Move, tuple[Move, Record]] | None = None

    def fen(self) -> str:
        """The position in canonical PDN FEN."""
        return write_fen(self._placement())

    def _placement(self) -> Placement:
        squares = self._squares
        return Placement(self.turn, frozenset(squares(self._wm)), frozenset(squares(self._wk)),
                         frozenset(squares(self._bm)), frozenset(squares(self._bk)))

    def _squares(self, bits: int) -> Iterator[int]:
        square_of = self._geo.square_of
        while bits:
            b = bits & -bits
            bits ^= b
            yield square_of[b.bit_length() - 1]

    def _key(self) -> tuple:
        return (self._wm, self._wk, self._bm, self._bk, self._white)

    @property
    def move_number(self) -> int:
        """The number of the current move as PDN counts them: 1 at the start of the game,
        one more after each Black move."""
        first_white = self._undo[0][0][4] if self._undo else self._white
        return (len(self.move_stack) + (0 if first_white else 1)) // 2 + 1

    @property
    def turn(self) -> str:
        """The side to move: "W" or "B"."""
        return WHITE if self._white else BLACK

    def piece_at(self, square: int) -> Piece | None:
        """The piece on ``square`` (1..N), or None."""
        if not 1 <= square <= self.variant.squares:
            return None
        b = 1 << self._geo.bit_of[square]
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
            for square in self._squares(bits):
                out[square] = piece
        return dict(sorted(out.items()))

    def copy(self) -> Board:
        """An independent copy, history and counts included."""
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.move_stack = list(self.move_stack)
        other._undo = list(self._undo)
        other._history = list(self._history)
        return other

    # -- moves ----------------------------------------------------------------------------

    def _relative(self) -> tuple[int, int, int, int, bool]:
        if self._white:
            return self._wm, self._wk, self._bm, self._bk, True
        return self._bm, self._bk, self._wm, self._wk, False

    def _to_move(self, record: Record, ambiguous: bool = False) -> Move:
        key = (self._geo, record, ambiguous)
        move = _MOVES.get(key)
        if move is None:
            square = self._geo.square_of.__getitem__
            path, caps, _ = record
            move = Move(tuple(map(square, path)), tuple(map(square, caps)), ambiguous)
            if len(_MOVES) >= _MOVES_KEPT:
                _MOVES.clear()
            _MOVES[key] = move
        return move

    def _legal_map(self) -> dict[Move, tuple[Move, Record]]:
        """Each legal move, mapped to itself (with its notation flag) and its record."""
        if self._legal is None:
            records = self._gen.legal(*self._relative())
            to_move = self._to_move
            if records and records[0][1]:  # captures: two chains may share start and end
                ends: dict[tuple[int, int], int] = {}
                for path, _, _ in records:
                    ends[(path[0], path[-1])] = ends.get((path[0], path[-1]), 0) + 1
                moves = {to_move(r, ends[(r[0][0], r[0][-1])] > 1): r for r in records}
            else:
                moves = {to_move(r): r for r in records}
            self._legal = {m: (m, moves[m]) for m in sorted(moves, key=_move_order)}
        return self._legal

    @property
    def legal_moves(self) -> list[Move]:
        """Every legal move, each capture chain complete and the precedence rules applied."""
        return list(self._legal_map())

    def is_legal(self, move: Move) -> bool:
        return move in self._legal_map()

    def must_capture(self) -> bool:
        """True when the side to move is obliged to capture (IT-C1, INT-C1)."""
        return any(m.captures for m in self._legal_map())

    def capturing_squares(self) -> list[int]:
        """Squares of the pieces that can make a legal capture now."""
        return sorted({m.start for m in self._legal_map() if m.captures})

    def move_text(self, move: Move) -> str:
        """The notation of a legal ``move`` in this position: the full path only when another
        legal move shares its start and end (IT-N)."""
        entry = self._legal_map().get(move)
        if entry is None:
            raise self._illegal(move)
        return str(entry[0])

    def parse_move(self, text: str) -> Move:
        """The legal move written as ``text`` (``22-19``, ``27x18`` or ``27x18x9x2``).

        Raises NotationError for text that is not a move, IllegalMoveError (with ``.rule``)
        for a well-formed move the rules forbid.
        """
        squares = self.parse_squares(text)
        matches = self._matching(squares)
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            options = ", ".join("x".join(map(str, m.path)) for m in matches)
            raise NotationError(N_("{text} fits more than one move: write every landing square "
                                   "({options})"), text=repr(text.strip()), options=options)
        raise self._illegal(squares)

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
                number = self._geo.from_algebraic(token)
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

    def _matching(self, squares: tuple[int, ...]) -> list[Move]:
        """Legal moves from the first to the last square passing the ones between, in order.

        A capture is kept once for each set of pieces it takes between two squares; another
        route to the same position (the other way round a square of pieces, other landing
        squares of a flying king) names that same move.
        """
        out = [move for move in self._legal_map() if _passes(move.path, squares)]
        if out or len(squares) < 3 or not self.must_capture():
            return out
        square_of = self._geo.square_of
        opponent_kings = self._relative()[3]
        rank = self._gen.precedence_key
        legal = {(m.start, m.end, frozenset(m.captures)): (m, rank(record, opponent_kings))
                 for m, record in self._legal_map().values()}
        for record in self._gen.raw_captures(*self._relative()):
            path, caps, _ = record
            route = tuple(square_of[b] for b in path)
            if not _passes(route, squares):
                continue
            found = legal.get((route[0], route[-1], frozenset(square_of[b] for b in caps)))
            # Only a route the precedence rules rank alike: taking the same kings later is
            # another, forbidden, move (IT-P4).
            if found is not None and rank(record, opponent_kings) == found[1] \
                    and found[0] not in out:
                out.append(found[0])
        return out

    def _push_squares(self, squares: tuple[int, ...]) -> Move | None:
        """Play the one legal move ``squares`` names, found among the generator's records
        without making the whole list of moves (a game file's moves, read by the thousand);
        None, and nothing played, unless exactly one move fits."""
        if self._legal is not None:
            return None
        bit = self._geo.bit_of
        first, last = bit[squares[0]], bit[squares[-1]]
        inner = [bit[s] for s in squares[1:-1]]
        found = None
        same_ends = 0
        for record in self._gen.legal(*self._relative()):
            path = record[0]
            if path[0] != first or path[-1] != last:
                continue
            same_ends += 1
            steps = iter(path[1:-1])
            if all(b in steps for b in inner):
                if found is not None:
                    return None
                found = record
        if found is None:
            return None
        move = self._to_move(found, same_ends > 1 and bool(found[1]))
        self._push_record(move, found)
        return move

    def _illegal(self, move: Move | tuple[int, ...]) -> IllegalMoveError:
        explanation = self.explain(move)
        return IllegalMoveError(explanation.text("en"), explanation.rule or "", explanation)

    def explain(self, move: Move | str | tuple[int, ...]) -> Explanation:
        """Why a move is legal or not, citing the rule (see ``Explanation.text``)."""
        from .explain import explain
        return explain(self, move)

    def push(self, move: Move | str) -> None:
        """Play a legal move (a Move or its text); raises IllegalMoveError otherwise."""
        if isinstance(move, str):
            move = self.parse_move(move)
        entry = self._legal_map().get(move)
        if entry is None:
            raise self._illegal(move)
        self._push_record(*entry)  # the board's own Move, with its notation flag

    def _push_record(self, move: Move, record: Record) -> None:
        history = self._history
        before = self._counters
        self._undo.append((history[-1], before, self._legal))
        self._legal = None
        white = self._white
        if white:
            self._bm, self._bk, self._wm, self._wk = self._gen.apply(
                self._wm, self._wk, self._bm, self._bk, True, record)
        else:
            self._wm, self._wk, self._bm, self._bk = self._gen.apply(
                self._bm, self._bk, self._wm, self._wk, False, record)
        self._white = not white
        self.move_stack.append(move)
        history.append((self._wm, self._wk, self._bm, self._bk, not white))
        irreversible = bool(record[1]) or not record[2]
        king_plies = 0 if irreversible else before.king_plies + 1
        reversible_from = len(history) - 1 if irreversible else before.reversible_from
        if before.claimant is None and not before.endgame and not self.variant.endgame_limits:
            self._counters = _Counters(None, 0, king_plies, 0, 0, reversible_from)
            return
        count = before.count
        if before.claimant is not None:
            if irreversible:
                count = 0  # IT-D2: a man move or a capture restarts the count
            elif (WHITE if white else BLACK) == before.claimant:
                count += 1
        limit = self._endgame_limit()
        plies = before.endgame_plies + 1 if limit and limit == before.endgame else 0
        self._counters = _Counters(before.claimant, count, king_plies, limit, plies,
                                   reversible_from)

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self.move_stack:
            raise IndexError("no move to take back")
        key, self._counters, self._legal = self._undo.pop()
        self._wm, self._wk, self._bm, self._bk, self._white = key
        self._history.pop()
        return self.move_stack.pop()

    def peek(self) -> Move:
        """The last move played."""
        return self.move_stack[-1]

    # -- end of game ----------------------------------------------------------------------

    def call_count(self) -> None:
        """The player to move calls the 40-move count ("chiamare le mosse", IT-D2)."""
        if not self.variant.forty_move_count:
            raise CountError(N_("the 40-move count is a rule of Dama Italiana, not of {variant} "
                                "draughts"), variant=self.variant.name)
        if self._counters.claimant is not None:
            raise CountError(N_("the count is already running, called by {side}"),
                             side=ColourWord(self._counters.claimant, "subject"))
        if self.outcome() is not None:
            raise CountError(N_("the game is over"))
        self._counters = self._counters._replace(claimant=self.turn, count=0)

    @property
    def count(self) -> int | None:
        """The claimant's counted moves under the 40-move count, None when not called."""
        return None if self._counters.claimant is None else self._counters.count

    @property
    def count_claimant(self) -> str | None:
        """Who called the 40-move count ("W" or "B"), or None."""
        return self._counters.claimant

    @property
    def king_move_plies(self) -> int:
        """Successive plies of king moves without capture or man move (INT-D3, BR-D1)."""
        return self._counters.king_plies

    @property
    def endgame_plies(self) -> tuple[int, int] | None:
        """Plies played and plies allowed under the endgame limit (INT-D4), or None."""
        c = self._counters
        return (c.endgame_plies, 2 * c.endgame) if c.endgame else None

    def repetitions(self) -> int:
        """How many times the current position (pieces and side to move) has occurred."""
        key = self._history[-1]
        return self._history[self._counters.reversible_from:].count(key)

    def can_claim_draw(self) -> bool:
        """A third repetition that the player may claim as a draw (IT-D3)."""
        return self.variant.repetition_claimable and self.repetitions() >= 3

    def _endgame_limit(self) -> int:
        """Moves each allowed in the current material under INT-D4, 0 when none applies."""
        if not self.variant.endgame_limits:
            return 0
        sides = ((self._wm.bit_count(), self._wk.bit_count()),
                 (self._bm.bit_count(), self._bk.bit_count()))
        for lone, other in (sides, sides[::-1]):
            if lone == (0, 1):
                if other in ((0, 3), (1, 2), (2, 1)):
                    return 16
                if other in ((0, 2), (1, 1), (0, 1)):
                    return 5
        return 0

    def agree_draw(self) -> None:
        """The players agree a draw (IT-D1, INT-D1); ``pop`` takes it back with the last move."""
        self._declare(Outcome(Termination.AGREEMENT, None, self.variant.rules["agreement"]))

    def resign(self) -> None:
        """The player to move resigns and loses (IT-E1, INT-E1)."""
        self._declare(Outcome(Termination.RESIGNATION, BLACK if self._white else WHITE,
                              self.variant.rules["win"]))

    def _declare(self, outcome: Outcome) -> None:
        if self.outcome() is not None:
            raise CountError(N_("the game is already over"))
        self._counters = self._counters._replace(declared=outcome)

    def outcome(self, claim_draw: bool = False) -> Outcome | None:
        """How the game ended, or None while it goes on. With ``claim_draw`` a claimable
        repetition (IT-D3) counts as a draw."""
        rules = self.variant.rules
        if self._counters.declared is not None:
            return self._counters.declared
        if not self._legal_map():
            winner = BLACK if self._white else WHITE
            own = (self._wm | self._wk) if self._white else (self._bm | self._bk)
            return Outcome(Termination.BLOCKED if own else Termination.NO_PIECES, winner,
                           rules["win"])
        c = self._counters
        if c.claimant is not None and c.count >= 40:
            return Outcome(Termination.FORTY_MOVE_COUNT, None, rules["count"])
        if self.repetitions() >= 3 and (claim_draw or not self.variant.repetition_claimable):
            return Outcome(Termination.REPETITION, None, rules["repetition"])
        limit = self.variant.king_move_limit
        if limit and c.king_plies >= limit:
            return Outcome(Termination.KING_MOVES, None, rules["king_moves"])
        if c.endgame and c.endgame_plies >= 2 * c.endgame:
            return Outcome(Termination.ENDGAME_LIMIT, None, rules["endgame"])
        return None

    def is_game_over(self, claim_draw: bool = False) -> bool:
        return self.outcome(claim_draw) is not None

    # -- text -----------------------------------------------------------------------------

    def notation(self) -> str:
        """The moves played, numbered as in PDN: ``1. 22-19 10-14 2. ...``."""
        # Each move on the stack is written as its position needed (Move.ambiguous), so the
        # game need not be replayed; pdn.movetext numbers a line the same way, and adds the
        # comments and variations a game file has.
        words: list[str] = []
        white = self._history[0][4]
        number = 1
        for i, move in enumerate(self.move_stack):
            if white:
                words.append(f"{number}.")
            elif i == 0:
                words.append(f"{number}...")
            words.append(self.variant.pdn_move_text(str(move)))
            if not white:
                number += 1
            white = not white
        return " ".join(words)

    def __str__(self) -> str:
        """A text diagram from White's side: ``w``/``b`` men, ``W``/``B`` kings, and the
        number of every empty dark square."""
        geo = self._geo
        lines = ["    " + "  ".join("abcdefghij"[:geo.size])]
        for row in range(geo.size):
            cells = ["  "] * geo.size
            for square in range(row * geo.half + 1, (row + 1) * geo.half + 1):
                piece = self.piece_at(square)
                cells[geo.coords[square][1]] = f" {piece.symbol}" if piece else f"{square:>2}"
            lines.append(f"{geo.size - row:>2} " + " ".join(cells).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board({self.fen()!r}, variant={self.variant.name!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.variant == other.variant and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # a board is mutable

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # IPython's text view
        printer.text(str(self))

    def _repr_svg_(self) -> str:
        """Jupyter shows a board as a diagram, the last move marked."""
        from .svg import board as diagram
        return diagram(self, last_move=self.move_stack[-1] if self.move_stack else None)
