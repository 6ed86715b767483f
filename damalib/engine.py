"""Computer opponent: evaluation, alpha-beta search and playing levels 1-6.

>>> from damalib import Board
>>> from damalib.engine import best_move, evaluate
>>> board = Board("W:W15,28,31:B9,10,18,20")
>>> str(best_move(board, level=6, max_depth=3))   # a shot: 28-23 20x27 31x22x13x6
'28-23'
>>> evaluate(Board("W:W21,22:B5")) > 0  # a man up, seen from the side to move (White)
True

It reads a :class:`~damalib.position.Position` (a Board is one: then its game's draws and
earlier positions count too). The search works on the fast side-relative positions of
:mod:`damalib.movegen` (``Position.relative()``): ``(m, k, om, ok, white)`` = men and kings of
the side to move, men and kings of the opponent, and which way the mover's men walk. It is a
negamax alpha-beta with

* iterative deepening and a clock, a node budget or a depth limit;
* a transposition table keyed by the position (the four bitboards and the side);
* quiescence: at the horizon the search goes on while the side to move must capture (IT-C1,
  INT-C1: captures are compulsory, so there is no "stand pat" while a capture is pending);
* a one-reply extension (a forced move costs no depth); in the full-strength search (levels
  5-6, the analysis) a capture costs no depth either, and in endgames with flying kings
  late quiet moves that force nothing are searched less deep first (late-move reductions);
* mate-distance pruning in the full-strength search;
* move ordering: the table's move, killer moves, sacrifices (a quiet move the opponent must
  answer by capturing) in those endgames, then history;
* repetitions on the search path (and in the game so far) scored as a draw;
* exact values of the small Dama Italiana endgames from :mod:`damalib.endgame` (levels 5-6).

Scores are centipawn-like from the side to move's point of view: a man is 100, positive is
good for the side to move. A won game is ``MATE - plies`` (a loss ``-(MATE - plies)``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Protocol

from .i18n import NP_, colour_word, number_word, translator
from .movegen import Record, movegen
from .position import BLACK, WHITE, Move, Position
from .variants import Variant

__all__ = [
    "MATE", "LEVELS", "Level", "SearchResult", "Engine", "Player", "ComputerPlayer",
    "RandomPlayer", "GreedyPlayer", "best_move", "evaluate", "analyse", "verdict_words",
    "material_words", "ESTIMATE_STEPS", "last_result",
]

MATE = 30_000
#: Scores beyond this are won or lost games, not evaluations.
MATE_BOUND = MATE - 1_000
_INF = MATE + 1
_EXACT, _LOWER, _UPPER = 0, 1, 2
_NONE: frozenset = frozenset()
_MAX_PLY = 128
_TT_LIMIT = 250_000
#: Late-move reductions start with the quiet move of this index, at the earliest.
_LMR_FROM = 3
#: The search counts depth in half plies: a quiet move costs ``_PLY``, a sacrifice (a quiet
#: move after which the opponent must capture) ``_SACRIFICE`` in the full-strength search,
#: a capture nothing. A sacrifice at half a ply (1) was tried to see combinations deeper: it
#: lost International games (33 % of the points against the engine of commit 49fc8e5 at
#: 5,000 nodes a move, 44 % at a full ply) and solved no more composed problems (117/131 at
#: 80,000 nodes, 118 at a full ply; benchmarks/README.md); so a sacrifice costs a full ply.
_PLY = 2
_SACRIFICE = _PLY

#: A position as the search sees it: ``Position.relative()``.
Relative = tuple[int, int, int, int, bool]


# -- evaluation -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Weights:
    """The evaluation's parameters (centipawns: a man is 100)."""

    man: int
    king: int
    #: Bonus of a man by how many rows it has advanced (index 1 = one row from home), in the
    #: opening (many men) and in the endgame (few men); interpolated by the men on the board.
    #: The sum of these over a side's men is its "tempo" (how far its army has walked).
    advance_open: tuple[int, ...]
    advance_end: tuple[int, ...]
    #: Each man still on its home row, while the opponent has men that could promote
    #: (IT-B3: White's home row is 29-32, Black's 1-4); it fades out as men leave the board.
    back_row: int
    centre_man: int
    near_centre_man: int
    centre_king: int
    #: Kings on the long diagonal (flying kings control it).
    long_diagonal_king: int
    #: When ahead: per 100 of material lead, the bonus for each piece less on the board
    #: (trading down when ahead wins games).
    trade: int
    #: Endgame: per square of distance between each king of the stronger side and the
    #: nearest enemy piece (the kings go hunting).
    hunt: int
    #: Flying kings against a side with no king: for each enemy man fewer than
    #: ``kingless_men``, this bonus. A flying king picks off a few men, so the composed
    #: problems end there, a king against men, the material still even.
    kingless: int = 0
    kingless_men: int = 0
    #: Flying kings on both sides: the side ahead with at most this many pieces rarely wins
    #: (two kings do not catch one), so its lead is divided by ``draw_scale``.
    draw_pieces: int = 0
    draw_scale: int = 1
    #: A man no enemy piece can stop (none in the widening cone ahead of it, none beside
    #: it), while the enemy has no king and at most ``runaway_pieces`` pieces are on the
    #: board: by the rows it still has to walk (index 1 = one row from promotion).
    runaway: tuple[int, ...] = ()
    runaway_pieces: int = 0


ITALIAN_WEIGHTS = Weights(
    man=100, king=275,
    advance_open=(0, 0, 1, 2, 4, 6, 9, 0), advance_end=(0, 2, 4, 7, 11, 16, 24, 0),
    back_row=12, centre_man=6, near_centre_man=2, centre_king=6, long_diagonal_king=0,
    trade=3, hunt=4)

#: Flying kings (International, Brazilian, Filipino) are worth about three men.
FLYING_WEIGHTS = Weights(
    man=100, king=300,
    advance_open=(0, 0, 1, 2, 3, 4, 6, 8, 10, 0),
    advance_end=(0, 2, 4, 7, 10, 14, 19, 25, 32, 0),
    back_row=10, centre_man=6, near_centre_man=2, centre_king=4, long_diagonal_king=20,
    trade=3, hunt=3, kingless=100, kingless_men=6, draw_pieces=3, draw_scale=4,
    runaway=(0, 75, 65, 55, 45, 35, 25, 15, 8, 0), runaway_pieces=12)


#: The men's per-square terms (advancement in the opening and in the endgame, centre) are
#: summed by table look-up, one look-up per pair of rows of the padded bit layout, instead of a
#: mask and a bit count per row: the evaluation is the search's largest single cost. The three
#: terms travel packed in one integer, ``_FIELD`` bits each (a side's sums stay far below).
_FIELD = 20
_FIELD_MASK = (1 << _FIELD) - 1


class _Evaluator:
    """Masks and weights of one variant, and the evaluation function over them."""

    def __init__(self, variant: Variant) -> None:
        geo = variant.geometry
        size = geo.size
        w = ITALIAN_WEIGHTS if not variant.flying_kings else FLYING_WEIGHTS
        if len(w.advance_open) < size:
            pad = size - len(w.advance_open)
            w = Weights(**{**w.__dict__,
                           "advance_open": w.advance_open[:-1] + (w.advance_open[-2],) * pad
                           + (0,),
                           "advance_end": w.advance_end[:-1] + (w.advance_end[-2],) * pad
                           + (0,)})
        self.weights = w
        bit = geo.bit_of
        squares = range(1, geo.squares + 1)

        def mask(pred: Callable[[int, int], bool]) -> int:
            return sum(1 << bit[s] for s in squares if pred(*geo.coords[s]))

        # Rows advanced by a man: White walks towards row 0 (square 1).
        self.rows = {True: [mask(lambda r, c, a=a: size - 1 - r == a) for a in range(size)],
                     False: [mask(lambda r, c, a=a: r == a) for a in range(size)]}
        self.home = {True: self.rows[True][0], False: self.rows[False][0]}
        lo, hi = size // 2 - 1, size // 2
        self.centre = mask(lambda r, c: lo <= r <= hi and 2 <= c <= size - 3)
        self.near_centre = mask(lambda r, c: lo - 1 <= r <= hi + 1 and 1 <= c <= size - 2
                                ) & ~self.centre
        # The long diagonal (corner to corner on dark squares): whichever of the two has them.
        diagonals = [mask(lambda r, c: r == c), mask(lambda r, c: r + c == size - 1)]
        self.long_diagonal = max(diagonals, key=int.bit_count)
        self.total = 2 * variant.men_per_side
        self.endgame_pieces = max(8, self.total // 2)
        coords = {bit[s]: geo.coords[s] for s in squares}
        self.bits = sorted(coords)
        nb = geo.nbits
        self.dist = [[0] * nb for _ in range(nb)]
        for a, (ra, ca) in coords.items():
            for b, (rb, cb) in coords.items():
                self.dist[a][b] = max(abs(ra - rb), abs(ca - cb))
        mid = (size - 1) / 2
        self.centre_dist = [0] * nb
        for a, (ra, ca) in coords.items():
            self.centre_dist[a] = int(max(abs(ra - mid), abs(ca - mid)))
        self.chunk = size + 1
        self.chunk_mask = (1 << self.chunk) - 1
        self.men_tables = {side: self._chunk_tables(self._men_values(side), nb)
                           for side in (True, False)}
        self.runaway = {side: self._runaway_zones(side, coords, nb) for side in (True, False)}

    def _runaway_zones(self, white: bool, coords: dict[int, tuple[int, int]], nbits: int
                       ) -> list[tuple[int, int]]:
        """For each bit, a man's (zone, bonus): the squares from which an enemy piece could
        stop it (the cone ahead, widening a column each row, and its four neighbours)."""
        size = len(self.rows[True])
        bonus_by_rows = self.weights.runaway
        zones = [(0, 0)] * nbits
        for b, (r, c) in coords.items():
            ahead = r if white else size - 1 - r
            if not ahead or ahead >= len(bonus_by_rows):
                continue
            zone = 0
            for b2, (r2, c2) in coords.items():
                forward = r - r2 if white else r2 - r
                if (forward > 0 and abs(c2 - c) <= forward) or (
                        abs(r2 - r) == 1 and abs(c2 - c) == 1):
                    zone |= 1 << b2
            zones[b] = (zone, bonus_by_rows[ahead])
        return zones

    def _men_values(self, white: bool) -> dict[int, int]:
        """Each square's packed terms for a man of the side walking ``white``'s way: the
        advancement bonus in the opening, in the endgame, and the centre bonus."""
        w = self.weights
        values = {}
        for b in self.bits:
            one = 1 << b
            a = next(i for i, row in enumerate(self.rows[white]) if row & one)
            flat = (w.centre_man if one & self.centre else
                    w.near_centre_man if one & self.near_centre else 0)
            values[b] = (w.advance_open[a] | w.advance_end[a] << _FIELD
                         | flat << 2 * _FIELD)
        return values

    def _chunk_tables(self, values: dict[int, int], nbits: int) -> list[list[int]]:
        """For each pair of rows, the sum of ``values`` over every set of its squares."""
        tables = []
        for start in range(0, nbits, self.chunk):
            table = [0] * (1 << self.chunk)
            for x in range(1, 1 << self.chunk):
                low = x & -x
                table[x] = table[x ^ low] + values.get(start + low.bit_length() - 1, 0)
            tables.append(table)
        return tables

    def __call__(self, m: int, k: int, om: int, ok: int, white: bool) -> int:
        w = self.weights
        nm, nk, onm, onk = m.bit_count(), k.bit_count(), om.bit_count(), ok.bit_count()
        men = nm + onm
        pieces = men + nk + onk
        mat = w.man * nm + w.king * nk
        omat = w.man * onm + w.king * onk
        score = mat - omat
        total = self.total
        # Advancement (tempo), opening and endgame weights mixed by the men left; centre.
        opening = men if men < total else total
        shift, cmask = self.chunk, self.chunk_mask
        own = 0
        x = m
        for table in self.men_tables[white]:
            if not x:
                break
            own += table[x & cmask]
            x >>= shift
        their = 0
        x = om
        for table in self.men_tables[not white]:
            if not x:
                break
            their += table[x & cmask]
            x >>= shift
        a_open = (own & _FIELD_MASK) - (their & _FIELD_MASK)
        a_end = ((own >> _FIELD) & _FIELD_MASK) - ((their >> _FIELD) & _FIELD_MASK)
        score += (a_open * opening + a_end * (total - opening)) // total
        score += (own >> 2 * _FIELD) - (their >> 2 * _FIELD)
        # Back-row guard, only worth something while the other side has men to promote.
        if onm:
            score += w.back_row * (m & self.home[white]).bit_count() * opening // total
        if nm:
            score -= w.back_row * (om & self.home[not white]).bit_count() * opening // total
        if nk or onk:
            score += w.centre_king * ((k & self.centre).bit_count()
                                      - (ok & self.centre).bit_count())
            if w.long_diagonal_king:
                diag = self.long_diagonal
                score += w.long_diagonal_king * (bool(k & diag) - bool(ok & diag))
        # Trade down when ahead.
        lead = mat - omat
        if lead:
            score += lead * w.trade * (total - pieces) // (10 * total)
            # Endgame: the stronger side's kings hunt the weaker side's pieces.
            if pieces <= self.endgame_pieces and (lead >= w.man or lead <= -w.man):
                score += self._hunt(m, k, om, ok, lead > 0)
        if pieces <= w.runaway_pieces:
            if not onk and nm:
                score += self._runaways(m, om | ok, white)
            if not nk and onm:
                score -= self._runaways(om, m | k, not white)
        if (nk or onk) and w.kingless:
            score = self._kings(score, nm, nk, onm, onk)
        return score

    def _runaways(self, men: int, enemy: int, white: bool) -> int:
        """The bonus of the men no enemy piece can stop (the best one counts)."""
        zones = self.runaway[white]
        best = 0
        x = men
        while x:
            b = x & -x
            x ^= b
            zone, bonus = zones[b.bit_length() - 1]
            if bonus > best and not zone & enemy:
                best = bonus
        return best

    def _kings(self, score: int, nm: int, nk: int, onm: int, onk: int) -> int:
        """The score corrected for what flying kings make of an endgame."""
        w = self.weights
        if not onk:
            return score + w.kingless * max(0, w.kingless_men - onm)
        if not nk:
            return score - w.kingless * max(0, w.kingless_men - nm)
        if score > 0 and nm + nk <= w.draw_pieces or score < 0 and onm + onk <= w.draw_pieces:
            # Rounded towards zero, so that either side sees the same value.
            return score // w.draw_scale if score > 0 else -(-score // w.draw_scale)
        return score

    def _hunt(self, m: int, k: int, om: int, ok: int, ahead: bool) -> int:
        """The stronger side's kings close in on the weaker side's pieces, and the weaker
        side's kings are kept off the centre (from the side to move's view)."""
        strong_k, weak = (k, om | ok) if ahead else (ok, m | k)
        weak_k = ok if ahead else k
        hunt = 0
        dist = self.dist
        cdist = self.centre_dist
        weak_bits = []
        x = weak
        while x:
            b = x & -x
            x ^= b
            weak_bits.append(b.bit_length() - 1)
        x = strong_k
        while x and weak_bits:
            b = x & -x
            x ^= b
            row = dist[b.bit_length() - 1]
            hunt -= min(row[t] for t in weak_bits)
        x = weak_k
        while x:
            b = x & -x
            x ^= b
            hunt += cdist[b.bit_length() - 1]
        hunt *= self.weights.hunt
        return hunt if ahead else -hunt


_EVALUATORS: dict[str, _Evaluator] = {}


def _evaluator(variant: Variant) -> _Evaluator:
    ev = _EVALUATORS.get(variant.name)
    if ev is None:
        ev = _EVALUATORS[variant.name] = _Evaluator(variant)
    return ev


def evaluate(board: Position) -> int:
    """Static evaluation of ``board`` from the point of view of the side to move.

    Positive means the side to move stands better; 100 is worth one man. The terms: material
    (Italian: man 100, king 275; flying kings 300), advancement of the men ("tempo", weighted
    more as men leave the board), the back-row guard (men kept on the home row while the
    opponent still has men to promote), centre control, king placement, a bonus for trading
    down when ahead, and in the endgame the stronger side's kings closing in on the weaker
    side; with flying kings, in the endgame, a man no enemy piece can stop while the enemy
    has no king (the nearer its promotion, the more). A finished game is scored ``MATE``
    (the side to move has won) or ``-MATE`` (lost: no piece or no legal move, IT-E1), 0 for
    a draw.
    """
    outcome = board.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return MATE if outcome.winner == board.turn else -MATE
    return _evaluator(board.variant)(*board.relative())


# -- levels ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Level:
    """How one playing level searches and errs.

    ``depth`` plies of full-width search (iterative deepening up to it); ``quiescence``: keep
    searching at the horizon while captures are pending; ``noise``: standard deviation (in
    centipawns) of the random error added to each first move's score; ``slip``: the chance of
    picking at random among the ``top_k`` moves (by noisy score) instead of the best;
    ``max_nodes`` and ``time_limit`` (seconds): the default budget; ``endgame``: use the exact
    endgame tables; ``extensions``: captures cost no depth (the full-strength search; the
    noisy levels count every ply, so that they see no further than their docstrings say).
    """

    depth: int
    quiescence: bool
    noise: int = 0
    slip: float = 0.0
    top_k: int = 1
    max_nodes: int | None = None
    time_limit: float | None = None
    endgame: bool = False
    extensions: bool = False


LEVELS: dict[int, Level] = {
    # Looks at its own move only, not at the answer: walks into captures, misses shots.
    1: Level(depth=1, quiescence=False, noise=60, slip=0.35, top_k=4),
    # Sees the immediate answer but not what follows it: misses most shots.
    2: Level(depth=2, quiescence=False, noise=40, slip=0.20, top_k=3),
    # Sees exchanges through to the end; still errs now and then.
    3: Level(depth=3, quiescence=True, noise=25, slip=0.10, top_k=2),
    4: Level(depth=4, quiescence=True, noise=10, slip=0.04, top_k=2),
    # No deliberate mistakes; a fixed node budget (deterministic, about half a second).
    5: Level(depth=8, quiescence=True, max_nodes=8_000, endgame=True, extensions=True),
    # As strong as the time allows: one second a move by default.
    6: Level(depth=_MAX_PLY - 8, quiescence=True, time_limit=1.0, endgame=True,
             extensions=True),
}


# -- search ---------------------------------------------------------------------------------

class _Stop(Exception):
    """Raised inside the search when the clock or the node budget runs out."""


@dataclass
class SearchResult:
    """What a search found: the move, its score (side to move's view), the depth completed,
    the nodes visited, the seconds spent and the principal variation."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: list[Move] = field(default_factory=list)
    #: The score of every first move, when the level needed them (noisy levels).
    scores: dict[Move, int] = field(default_factory=dict)


def last_result(steps: Iterator[SearchResult]) -> SearchResult:
    """The last of a :meth:`Engine.think`'s results (what the search gives)."""
    result = None
    for result in steps:
        pass
    if result is None:
        raise ValueError("a search gave no result")
    return result


class Engine:
    """An alpha-beta searcher for one variant. It keeps its transposition table from one
    search to the next, so reusing an Engine through a game is faster than fresh calls."""

    def __init__(self, variant: str | Variant = "italian") -> None:
        from .variants import get_variant
        self.variant = get_variant(variant)
        gen = movegen(self.variant)
        self._legal = gen.legal
        self._captures = gen.captures
        self._can_move = gen.can_move
        self._can_capture = gen.can_capture
        self._apply = gen.apply
        self._eval = _evaluator(self.variant)
        self.tt: dict[Relative, tuple[int, int, int, Record | None]] = {}
        #: The sacrifices of each position met (see _sacrifices_first).
        self._sacrifices: dict[Relative, frozenset[Record]] = {}
        self._history: dict[tuple[int, ...], int] = {}
        self._killers: list[list[Record | None]] = [[None, None] for _ in range(_MAX_PLY + 8)]
        self._seen: set[Relative] = set()
        self._tables = None
        self.nodes = 0
        self._node_limit = 1 << 62
        self._deadline: float | None = None
        self._stop_asked = False
        self._quiescence = True
        self._extend = True
        #: At most half the men of the start on the board: an endgame (see _search). With
        #: flying kings only: in Dama Italiana the reductions cost games (measured).
        self._sharp_pieces = self.variant.men_per_side if self.variant.flying_kings else 0

    # The tables of Dama Italiana endgames (or any 8x8 variant), when the level uses them.
    def _endgame_tables(self, use: bool):
        if not use or self.variant.size != 8:
            return None
        from . import endgame
        return endgame.tables(self.variant)

    def search(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
               max_nodes: int | None = None, quiescence: bool = True, endgame: bool = True,
               all_scores: bool = False, extensions: bool = True) -> SearchResult:
        """Search ``board`` (left unchanged) by iterative deepening up to ``max_depth`` plies,
        stopping early when ``time_limit`` seconds or ``max_nodes`` nodes are used up (the
        last completed depth decides, and depth 1 is always completed). With ``all_scores``
        every first move gets an exact score at the final depth (used by the noisy levels)."""
        return last_result(self.think(board, max_depth=max_depth, time_limit=time_limit,
                                      max_nodes=max_nodes, quiescence=quiescence,
                                      endgame=endgame, all_scores=all_scores,
                                      extensions=extensions))

    def stop(self) -> None:
        """End the search under way (from another thread, or between two steps of
        :meth:`think`): it gives the best move of the depths it completed."""
        self._stop_asked = True
        self._deadline = float("-inf")

    def think(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
              max_nodes: int | None = None, quiescence: bool = True, endgame: bool = True,
              all_scores: bool = False, extensions: bool = True) -> Iterator[SearchResult]:
        """:meth:`search` one depth at a time: a result after each depth completed, the last
        one what ``search`` returns. A page shows each as it comes and can :meth:`stop`
        between two of them (a browser's Python has no threads to think in)."""
        start = time.perf_counter()
        self._stop_asked = False
        pos = board.relative()
        records = self._legal(*pos)
        if not records:
            raise ValueError(f"the game is over: no legal move in {board.fen()}")
        legal = board.legal_map()
        moves = {r: legal[board.move_of(r)][0] for r in records}  # as the position writes them
        self.nodes = 0
        self._quiescence = quiescence
        self._extend = quiescence and extensions
        self._tables = self._endgame_tables(endgame)
        self._seen = self._game_history(board)
        if len(self.tt) > _TT_LIMIT:
            self.tt.clear()
        if len(self._sacrifices) > _TT_LIMIT:
            self._sacrifices.clear()
        for row in self._killers:
            row[0] = row[1] = None
        if self._history:
            self._history = {key: v >> 2 for key, v in self._history.items() if v >= 4}

        # Exact endgame knowledge decides at once (a won endgame is then won the fast way);
        # one piece more, and the tables the captures lead to are made ready for the search.
        pieces = (pos[0] | pos[1] | pos[2] | pos[3]).bit_count()
        if self._tables is not None and pieces == self._tables.max_pieces + 1:
            self._tables.prepare(*pos)
        if self._tables is not None and pieces <= self._tables.max_pieces and not all_scores:
            best = self._tables.best_record(*pos)
            if best is not None:
                rec, value = best
                yield SearchResult(moves[rec], self._db_score(value, 0), 0, 0,
                                   time.perf_counter() - start, [moves[rec]])
                return

        def found() -> SearchResult:
            return SearchResult(moves[best_rec], best_score, depth_done, self.nodes,
                                time.perf_counter() - start, self._pv(pos, best_rec, board),
                                {moves[r]: s for r, s in scores.items()})

        best_rec, best_score, depth_done = records[0], 0, 0
        scores: dict[Record, int] = {}
        for depth in range(1, max(1, max_depth) + 1):
            # Depth 1 is always completed, so that a legal, sensible move exists.
            self._deadline = None if depth == 1 or time_limit is None else start + time_limit
            if depth > 1 and self._stop_asked:
                break
            self._node_limit = (1 << 62) if depth == 1 or max_nodes is None else max_nodes
            try:
                if all_scores:
                    scores = self._root_all(pos, records, depth)
                    best_rec = max(records, key=lambda r: scores[r])
                    best_score = scores[best_rec]
                else:
                    best_rec, best_score = self._root(pos, records, depth, best_rec)
            except _Stop as stop:
                partial = stop.args[0] if stop.args else None
                if partial is not None and not all_scores:
                    best_rec, best_score = partial
                yield found()
                return
            depth_done = depth
            last = depth == max(1, max_depth) or (
                abs(best_score) > MATE_BOUND and MATE - abs(best_score) <= depth) or (
                time_limit is not None and time.perf_counter() - start > time_limit * 0.9)
            yield found()
            # A forced win or loss found in full, or hardly any time left. A depth the clock
            # cuts short still counts: the root searches the last best move first, and another
            # replaces it only once searched in full and found better.
            if last:
                return

    def _game_history(self, board: Position) -> set[Relative]:
        """Positions of the game so far that can still recur (side-relative)."""
        seen: set[Relative] = set()
        for wm, wk, bm, bk, white in board.earlier_keys()[-59:]:
            seen.add((wm, wk, bm, bk, True) if white else (bm, bk, wm, wk, False))
        return seen

    @staticmethod
    def _db_score(value: int, ply: int) -> int:
        from .endgame import DRAW
        if value == DRAW:
            return 0
        # Wins are an odd number of plies away, losses an even number (IT-E1 at the end).
        return MATE - ply - value if value % 2 else -(MATE - ply - value)

    def _order(self, records: list[Record], tt_rec: Record | None, ply: int) -> list[Record]:
        """The table's move first; then, among quiet moves, the killers and the rest by
        history (keyed by the move's path: a quiet move's start and end). Captures keep the
        generator's order: the rules already made them all take as many pieces."""
        if len(records) < 2:
            return records
        if records[0][1]:
            if tt_rec is None or records[0] == tt_rec or tt_rec not in records:
                return records
            return [tt_rec] + [r for r in records if r != tt_rec]
        if self._history:
            get = self._history.get
            records = sorted(records, key=lambda r: get(r[0], 0), reverse=True)
        killers = self._killers[ply]
        front = [r for r in (tt_rec, killers[0], killers[1]) if r is not None]
        if not front:
            return records
        front = [r for i, r in enumerate(front) if r in records and r not in front[:i]]
        return front + [r for r in records if r not in front]

    def _root(self, pos: Relative, records: list[Record], depth: int,
              previous: Record) -> tuple[Record, int]:
        m, k, om, ok, white = pos
        entry = self.tt.get(pos)
        tt_rec = entry[3] if entry and entry[3] in records else previous
        ordered = self._order(records, tt_rec, 0)
        units = depth * _PLY
        forcing: frozenset[Record] = _NONE
        if self._extend and not records[0][1] and len(ordered) > 1 and (
                m | k | om | ok).bit_count() <= self._sharp_pieces:
            ordered, _, forcing = self._sacrifices_first(m, k, om, ok, white, ordered, tt_rec, 0)
        alpha, beta = -_INF, _INF
        best_rec, best = ordered[0], -_INF
        key = pos
        self._seen.add(key)
        apply, search = self._apply, self._search
        try:
            for i, rec in enumerate(ordered):
                a, b, c, d = apply(m, k, om, ok, white, rec)
                left = units - (_SACRIFICE if rec in forcing else _PLY)
                if i == 0:
                    score = -search(a, b, c, d, not white, left, -beta, -alpha, 1)
                else:
                    score = -search(a, b, c, d, not white, left, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -search(a, b, c, d, not white, left, -beta, -alpha, 1)
                if score > best:
                    best, best_rec = score, rec
                    if score > alpha:
                        alpha = score
        except _Stop:
            raise _Stop((best_rec, best) if best > -_INF else None)
        finally:
            self._seen.discard(key)
        self.tt[pos] = (units, _EXACT, best, best_rec)
        return best_rec, best

    def _root_all(self, pos: Relative, records: list[Record], depth: int) -> dict[Record, int]:
        """An exact score for every first move (full window each)."""
        m, k, om, ok, white = pos
        out = {}
        self._seen.add(pos)
        try:
            for rec in records:
                a, b, c, d = self._apply(m, k, om, ok, white, rec)
                out[rec] = -self._search(a, b, c, d, not white, (depth - 1) * _PLY, -_INF,
                                         _INF, 1)
        finally:
            self._seen.discard(pos)
        return out

    def _search(self, m: int, k: int, om: int, ok: int, white: bool, depth: int,
                alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes >= self._node_limit:
            raise _Stop()
        if self._deadline is not None and not self.nodes & 1023 \
                and time.perf_counter() > self._deadline:
            raise _Stop()
        key = (m, k, om, ok, white)
        if key in self._seen:
            return 0  # a repetition: the side that repeats gets no more than a draw
        if ply >= _MAX_PLY:
            return self._eval(m, k, om, ok, white)
        if self._extend:
            # Mate-distance pruning: no win from here comes sooner than the next ply, no loss
            # sooner than now; a window beyond that is already decided.
            if alpha < ply - MATE:
                alpha = ply - MATE
                if alpha >= beta:
                    return alpha
            if beta > MATE - ply - 1:
                beta = MATE - ply - 1
                if alpha >= beta:
                    return beta
        tables = self._tables
        if tables is not None and (m | k | om | ok).bit_count() <= tables.max_pieces:
            value = tables.lookup(m, k, om, ok, white)
            if value is not None:
                return self._db_score(value, ply)
        entry = self.tt.get(key)
        tt_rec = None
        if entry is not None:
            e_depth, flag, value, tt_rec = entry
            if e_depth >= depth:
                if value > MATE_BOUND:
                    value -= ply
                elif value < -MATE_BOUND:
                    value += ply
                if flag == _EXACT:
                    return value
                if flag == _LOWER:
                    if value >= beta:
                        return value
                elif value <= alpha:
                    return value
        if depth <= 0:
            # The horizon: only the captures matter (most nodes are here, and most of them
            # have none), so the quiet moves are not made, only looked for.
            records = self._captures(m, k, om, ok, white) if self._quiescence else None
            if not records:
                if not self._can_move(m, k, om, ok, white) and not (
                        records is None and self._captures(m, k, om, ok, white)):
                    return ply - MATE  # no piece or no move: lost (IT-E1, INT-E1)
                return self._eval(m, k, om, ok, white)
            next_depth = 0  # captures pending: keep going (quiescence)
        elif not (records := self._legal(m, k, om, ok, white)):
            return ply - MATE
        elif len(records) == 1 or (self._extend and records[0][1]):
            # A forced move costs nothing; nor, in the full-strength search, does a capture
            # (compulsory, IT-C1, INT-C1): the combinations of composed problems are chains of
            # sacrifices and captures, and only the quiet moves between them are counted.
            next_depth = depth
        else:
            next_depth = depth - _PLY
        ordered = self._order(records, tt_rec, ply)
        late = len(ordered)
        forcing = _NONE
        if self._extend and next_depth >= _PLY and not records[0][1] and late > 1 and (
                m | k | om | ok).bit_count() <= self._sharp_pieces:
            # Sacrifices and reductions in the endgame only: there combinations and races
            # decide, while earlier every offer to exchange is a "sacrifice" and they cost
            # the middlegame its depth (measured: the engine lost its games against today's).
            ordered, late, forcing = self._sacrifices_first(m, k, om, ok, white, ordered,
                                                            tt_rec, ply)
        best, best_rec = self._moves(m, k, om, ok, white, ordered, late, forcing, depth,
                                     next_depth, alpha, beta, ply, key)
        flag = _UPPER if best <= alpha else _LOWER if best >= beta else _EXACT
        stored = best + ply if best > MATE_BOUND else best - ply if best < -MATE_BOUND else best
        self.tt[key] = (depth, flag, stored, best_rec)
        return best

    def _moves(self, m: int, k: int, om: int, ok: int, white: bool, ordered: list[Record],
               late: int, forcing: frozenset[Record], depth: int, next_depth: int, alpha: int,
               beta: int, ply: int, key: Relative) -> tuple[int, Record]:
        """The moves of one node in order (principal variation search): the best score and
        move. The sacrifices (``forcing``) cost ``_SACRIFICE``. From index ``late`` on, the quiet
        moves that force nothing are first searched one ply less deep (late-move reduction),
        and again in full only if they look good."""
        best, best_rec = -_INF, ordered[0]
        apply, search = self._apply, self._search
        black = not white
        reduced = next_depth - _PLY if next_depth > _PLY else next_depth
        more = next_depth - 2 * _PLY if next_depth > 3 * _PLY else reduced
        sacrifice = next_depth + _PLY - _SACRIFICE
        self._seen.add(key)
        try:
            for i, rec in enumerate(ordered):
                a, b, c, d = apply(m, k, om, ok, white, rec)
                left = sacrifice if rec in forcing else next_depth
                if i == 0:
                    score = -search(a, b, c, d, black, left, -beta, -alpha, ply + 1)
                else:
                    score = alpha + 1
                    if i >= late and reduced < left:
                        cut = more if i >= late + 3 else reduced
                        score = -search(a, b, c, d, black, cut, -alpha - 1, -alpha, ply + 1)
                    if score > alpha:
                        score = -search(a, b, c, d, black, left, -alpha - 1, -alpha, ply + 1)
                        if alpha < score < beta:
                            score = -search(a, b, c, d, black, left, -beta, -alpha, ply + 1)
                if score > best:
                    best, best_rec = score, rec
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if not rec[1]:
                                self._remember(rec, ply, depth)
                            break
        finally:
            self._seen.discard(key)
        return best, best_rec

    def _remember(self, rec: Record, ply: int, depth: int) -> None:
        """A quiet move that refuted its node: a killer at this ply, and history."""
        killers = self._killers[ply]
        if killers[0] != rec:
            killers[1] = killers[0]
            killers[0] = rec
        path = rec[0]
        self._history[path] = self._history.get(path, 0) + depth * depth

    def _sacrifices_first(self, m: int, k: int, om: int, ok: int, white: bool,
                          ordered: list[Record], tt_rec: Record | None,
                          ply: int) -> tuple[list[Record], int, frozenset[Record]]:
        """The quiet moves after which the opponent must capture (sacrifices, the stuff of
        combinations) moved up behind the table's move and the killers; and the index from
        which the moves are "late": neither of those nor a sacrifice."""
        killers = self._killers[ply]
        key = (m, k, om, ok, white)
        sacrifices = self._sacrifices.get(key)
        if sacrifices is None:
            # Which moves are sacrifices depends on the position alone, and iterative
            # deepening comes back to the same positions: found once, kept with the table.
            apply, can_capture = self._apply, self._can_capture
            black = not white
            sacrifices = frozenset(rec for rec in ordered
                                   if can_capture(*apply(m, k, om, ok, white, rec), black))
            self._sacrifices[key] = sacrifices or _NONE
        head, forcing, rest = [], [], []
        for rec in ordered:
            if rec == tt_rec or rec == killers[0] or rec == killers[1]:
                head.append(rec)
            elif rec in sacrifices:
                forcing.append(rec)
            else:
                rest.append(rec)
        late = max(len(head) + len(forcing), _LMR_FROM)
        return head + forcing + rest, late, sacrifices

    def _pv(self, pos: Relative, first: Record, board: Position) -> list[Move]:
        """The principal variation, read from the transposition table."""
        line = []
        b = board
        rec = first
        seen = set()
        m, k, om, ok, white = pos
        while rec is not None and len(line) < 20:
            found = b.legal_map().get(b.move_of(rec))
            if found is None:
                break
            line.append(found[0])  # as its position writes it
            b = b.after(rec)
            m, k, om, ok, white = *self._apply(m, k, om, ok, white, rec)[:4], not white
            key = (m, k, om, ok, white)
            if key in seen:
                break
            seen.add(key)
            entry = self.tt.get(key)
            rec = entry[3] if entry else None
            if rec is not None and rec not in self._legal(m, k, om, ok, white):
                break
        return line


def analyse(board: Position, *, max_depth: int = 64, time_limit: float | None = 1.0,
            max_nodes: int | None = None) -> SearchResult:
    """Full-strength search of ``board`` (unchanged): the best move, its score, the depth
    reached, the nodes searched and the principal variation."""
    return Engine(board.variant).search(board, max_depth=max_depth, time_limit=time_limit,
                                        max_nodes=max_nodes)


def _choose(engine: Engine, board: Position, level: int, rng: random.Random,
            time_limit: float | None, max_depth: int | None,
            max_nodes: int | None) -> Move:
    if level not in LEVELS:
        raise ValueError(f"level must be one of 1-6, not {level!r}")
    spec = LEVELS[level]
    if board.outcome() is not None or not board.legal_moves:
        raise ValueError(f"the game is over: {board.fen()}")
    legal = board.legal_moves
    if len(legal) == 1:
        return legal[0]
    depth = spec.depth if max_depth is None else max_depth
    if time_limit is None and max_depth is None and max_nodes is None:
        time_limit = spec.time_limit
    if max_nodes is None and max_depth is None:
        max_nodes = spec.max_nodes
    noisy = spec.noise > 0 or spec.slip > 0
    result = engine.search(board, max_depth=depth, time_limit=time_limit, max_nodes=max_nodes,
                           quiescence=spec.quiescence, endgame=spec.endgame,
                           all_scores=noisy, extensions=spec.extensions)
    if not noisy:
        return result.move
    # The noisy levels: every move's score blurred by a random error, and now and then a
    # slip to one of the next best moves. The moves keep the board's stable order, so the
    # choice depends only on the position and the random generator.
    scored = []
    for move in legal:
        score = result.scores[move]
        if abs(score) < MATE_BOUND:
            score += rng.gauss(0.0, spec.noise)
        scored.append((score, move))
    scored.sort(key=lambda sm: sm[0], reverse=True)
    if spec.slip and rng.random() < spec.slip:
        return rng.choice(scored[:spec.top_k])[1]
    return scored[0][1]


def best_move(board: Position, level: int = 6, time_limit: float | None = None,
              seed: int | None = None, *, max_depth: int | None = None,
              max_nodes: int | None = None) -> Move:
    """The move the computer plays at ``level`` (1 = beginner ... 6 = strongest).

    Always a legal move of ``board``, which is left unchanged; raises ValueError when the
    game is over. ``seed`` makes the noisy levels (1-4) repeatable: the same position, level
    and seed give the same move. Level 5 uses a fixed node budget and is deterministic;
    level 6 thinks ``time_limit`` seconds (default 1) — unless ``max_depth`` or ``max_nodes``
    is given, in which case no clock is used and the result is deterministic outright.
    """
    rng = random.Random(seed)
    return _choose(Engine(board.variant), board, level, rng, time_limit, max_depth, max_nodes)


# -- players --------------------------------------------------------------------------------

class Player(Protocol):
    """Anything that picks a move for a board: the board widget plugs these in."""

    def choose(self, board: Position) -> Move:
        """A legal move of ``board`` (which must be left unchanged)."""
        ...


class ComputerPlayer:
    """The engine at one level, keeping its transposition table through a game.

    The same ``seed`` replays the same game against the same moves. ``make_engine`` makes
    the engine of a variant: damalib's :class:`Engine`, or one with the same ``search``
    (the course passes the compiled core's, :func:`damacore.engine_for`)."""

    def __init__(self, level: int = 6, seed: int | None = None,
                 time_limit: float | None = None, *, max_depth: int | None = None,
                 max_nodes: int | None = None,
                 make_engine: Callable[[Variant], Engine] = Engine) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of 1-6, not {level!r}")
        self.level = level
        self.time_limit = time_limit
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self._rng = random.Random(seed)
        self._make_engine = make_engine
        self._engines: dict[str, Engine] = {}

    def choose(self, board: Position) -> Move:
        engine = self._engines.get(board.variant.name)
        if engine is None:
            engine = self._engines[board.variant.name] = self._make_engine(board.variant)
        return _choose(engine, board, self.level, self._rng, self.time_limit, self.max_depth,
                       self.max_nodes)

    def __repr__(self) -> str:
        return f"ComputerPlayer(level={self.level})"


class RandomPlayer:
    """Plays a uniformly random legal move."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, board: Position) -> Move:
        moves = board.legal_moves
        if not moves:
            raise ValueError(f"the game is over: {board.fen()}")
        return self._rng.choice(moves)

    def __repr__(self) -> str:
        return "RandomPlayer()"


class GreedyPlayer:
    """One ply deep: the move with the best material right after it (a man 1, a king 3 —
    so captures of more pieces and promotions first), never looking at the answer. Ties
    (most quiet moves) go to the best static evaluation of the position after the move,
    then to chance."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, board: Position) -> Move:
        moves = board.legal_moves
        if not moves:
            raise ValueError(f"the game is over: {board.fen()}")
        gen = movegen(board.variant)
        pos = board.relative()
        records = {board.move_of(r): r for r in gen.legal(*pos)}
        m, k, om, ok, white = pos
        evaluator = _evaluator(board.variant)
        best, choice = None, []
        for move in moves:
            om2, ok2, m2, k2 = gen.apply(m, k, om, ok, white, records[move])
            value = ((m2.bit_count() + 3 * k2.bit_count()) - (om2.bit_count()
                                                              + 3 * ok2.bit_count()),
                     -evaluator(om2, ok2, m2, k2, not white))
            if best is None or value > best:
                best, choice = value, [move]
            elif value == best:
                choice.append(move)
        return self._rng.choice(choice)

    def __repr__(self) -> str:
        return "GreedyPlayer()"


#: Where an estimate says a side stands better (in hundredths of a man): below the first,
#: about level; then «a little better», «better», «much better».
ESTIMATE_STEPS = (35, 120, 300)


def verdict_words(board: Position, found: SearchResult | None = None,
                  lang: str = "it") -> str:
    """What the position is worth, in words a club member can check on the board: «Vince il
    Nero in 7 mosse» where the endgame tables or a search seen to its end prove it; else
    the material as the pieces show it («Il Bianco ha una pedina in più»), then the
    computer's estimate said as an estimate («il Nero sta meglio»)."""
    from .endgame import probe

    _ = translator(lang)
    mover, other = board.turn, BLACK if board.turn == WHITE else WHITE
    known = probe(board)
    if known is not None:
        verdict, plies = known
        if verdict == "draw":
            return _("With the best play it is a draw.")
        winner = mover if verdict == "win" else other
        return _wins(_, winner, plies, lang)
    if found is None:
        return ""
    if abs(found.score) >= MATE_BOUND:
        winner = mover if found.score > 0 else other
        return _wins(_, winner, MATE - abs(found.score), lang)
    words = [material_words(board, lang)]
    legal = board.legal_moves
    if legal and legal[0].is_capture:   # the count is about to change: said, not hidden
        said = _("{side} must capture now.", side=colour_word(mover, lang, "subject"))
        words.append(said[:1].upper() + said[1:])
    size = abs(found.score)
    better = mover if found.score > 0 else other
    side = colour_word(better, lang, "subject")
    if size < ESTIMATE_STEPS[0]:
        words.append(_("The computer thinks the position is about level."))
    elif size < ESTIMATE_STEPS[1]:
        words.append(_("The computer thinks {side} stands a little better.", side=side))
    elif size < ESTIMATE_STEPS[2]:
        words.append(_("The computer thinks {side} stands better.", side=side))
    else:
        words.append(_("The computer thinks {side} stands much better.", side=side))
    return " ".join(w for w in words if w)


def material_words(board: Position, lang: str = "it") -> str:
    """The pieces as the board shows them: «Il Bianco ha una pedina in più.», or the count
    of each side where kings differ («Bianco: 5 pedine e 1 dama; Nero: 6 pedine.»), or
    «Le forze sono pari.»."""
    _ = translator(lang)
    men = {WHITE: 0, BLACK: 0}
    kings = {WHITE: 0, BLACK: 0}
    for piece in board.pieces().values():
        (kings if piece.king else men)[piece.colour] += 1
    if men[WHITE] == men[BLACK] and kings[WHITE] == kings[BLACK]:
        return _("The forces are even.")
    # One kind of piece differs: said as what one side has more of.
    for same, other, words in ((kings, men, NP_("{side} has one man more.",
                                                 "{side} has {count} men more.")),
                               (men, kings, NP_("{side} has one king more.",
                                                "{side} has {count} kings more."))):
        if same[WHITE] == same[BLACK]:
            ahead = WHITE if other[WHITE] > other[BLACK] else BLACK
            extra = abs(other[WHITE] - other[BLACK])
            said = _.plural(*words, extra, side=colour_word(ahead, lang, "subject"),
                            count=number_word(extra, lang))
            return said[:1].upper() + said[1:]

    def side(colour: str) -> str:
        said_men = _.plural("{n} man", "{n} men", men[colour])
        said_kings = _.plural("{n} king", "{n} kings", kings[colour])
        pieces = (_("{men} and {kings}", men=said_men, kings=said_kings)
                  if men[colour] and kings[colour] else said_kings if kings[colour]
                  else said_men)
        return _("{side}: {pieces}", side=colour_word(colour, lang), pieces=pieces)

    return _("{white}; {black}.", white=side(WHITE), black=side(BLACK))


def _wins(_, winner: str, plies: int, lang: str) -> str:
    moves = max(1, (plies + 1) // 2)      # the winner's moves: every other half-move
    said = _.plural("{side} wins in {n} move.", "{side} wins in {n} moves.", moves,
                    side=colour_word(winner, lang, "subject"))
    return said[:1].upper() + said[1:]
