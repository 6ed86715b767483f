"""Exact endgame tables for the 8x8 games, built by retrograde analysis on demand.

Every position with at most three pieces (``MAX_PIECES``) has a value: won, lost or drawn
for the side to move, with the number of plies to the end of the game under best play (the
winner hurries, the loser holds out). The game ends only as the rules say it ends on the
board: the side to move with no piece or no legal move loses (IT-E1). The draw claims (the
40-move count, IT-D2; repetition, IT-D3) are not part of the tables: a "win" is a forced
win on the board, and the tables find the shortest, which in Dama Italiana is well inside
the 40-move count.

>>> from damalib import Board
>>> from damalib.endgame import probe
>>> probe(Board("W:WK1,K2:BK32"))[0]       # two kings against one: a win (IT-M2 kings)
'win'
>>> probe(Board("W:WK29:BK4"))              # king against king, each in a double corner
('draw', 0)
>>> probe(Board("W:WK32:BK1"))              # but a king caught in the single corner is lost
('win', 11)

Tables are built a material group at a time (e.g. two kings against one king, with either
side to move) the first time a position of that group is probed, together with the groups
its captures and promotions lead to, and kept in memory. Positions are stored seen from the
side to move, turned round (square n <-> N + 1 - n) when Black is to move, so each group is
built once for both colours. Two kings against one takes about a second to build in CPython.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

from .movegen import Record, movegen
from .position import Move, Position
from .variants import Variant, get_variant

__all__ = ["MAX_PIECES", "DRAW", "EndgameTables", "tables", "probe", "best_move",
           "holding_moves"]

MAX_PIECES = 3
#: The stored value of a drawn position; otherwise a value is the plies to the end of the
#: game: odd when the side to move wins, even when it loses (0 = lost now).
DRAW = -1

Spec = tuple[int, int, int, int]  # men, kings of the side to move; men, kings of the other


class EndgameTables:
    """The endgame tables of one 8x8 variant (built lazily, one material group at a time)."""

    def __init__(self, variant: Variant, max_pieces: int = MAX_PIECES) -> None:
        if variant.size != 8:
            raise ValueError("endgame tables are made for the 8x8 games only")
        self.variant = variant
        self.max_pieces = max_pieces
        geo = variant.geometry
        gen = movegen(variant)
        self._legal = gen.legal
        self._apply = gen.apply
        n = geo.squares
        self._rot = [0] * geo.nbits
        for s in range(1, n + 1):
            self._rot[geo.bit_of[s]] = geo.bit_of[n + 1 - s]
        # The board turned round is the same game with the colours swapped.
        for s in range(1, n + 1):
            r, c = geo.coords[s]
            assert geo.coords[n + 1 - s] == (geo.size - 1 - r, geo.size - 1 - c)
        all_bits = [geo.bit_of[s] for s in range(1, n + 1)]
        top = geo.top_row
        bottom = geo.bottom_row
        self._men_bits = [b for b in all_bits if not (top >> b) & 1]      # men to move
        self._other_men_bits = [b for b in all_bits if not (bottom >> b) & 1]
        self._king_bits = all_bits
        self._values: dict[tuple[int, int, int, int], int] = {}
        self._built: set[frozenset[Spec]] = set()
        self.positions_built = 0

    # -- lookups ----------------------------------------------------------------------------

    def _turn(self, bits: int) -> int:
        rot = self._rot
        out = 0
        while bits:
            b = bits & -bits
            bits ^= b
            out |= 1 << rot[b.bit_length() - 1]
        return out

    def normal(self, m: int, k: int, om: int, ok: int, white: bool) -> tuple[int, int, int, int]:
        """The position seen with the side to move walking towards square 1."""
        if white:
            return m, k, om, ok
        t = self._turn
        return t(m), t(k), t(om), t(ok)

    def covers(self, m: int, k: int, om: int, ok: int) -> bool:
        return (m | k | om | ok).bit_count() <= self.max_pieces

    def lookup(self, m: int, k: int, om: int, ok: int, white: bool) -> int | None:
        """The stored value, or None when its group is not built (nothing is built here)."""
        if white:
            return self._values.get((m, k, om, ok))
        t = self._turn
        return self._values.get((t(m), t(k), t(om), t(ok)))

    def value(self, m: int, k: int, om: int, ok: int, white: bool) -> int:
        """The value of a covered position, building its group when needed."""
        key = self.normal(m, k, om, ok, white)
        v = self._values.get(key)
        if v is None:
            if not self.covers(m, k, om, ok):
                raise ValueError(f"more than {self.max_pieces} pieces")
            if not (key[0] | key[1]):
                return 0  # no piece left: lost (IT-E1)
            self._build(_spec(*key))
            v = self._values[key]
        return v

    def prepare(self, m: int, k: int, om: int, ok: int, white: bool) -> None:
        """Build the groups that one capture leads to from this position (one piece more
        than the tables hold), so that a search from here finds them ready."""
        spec = _spec(*self.normal(m, k, om, ok, white))
        for i in range(4):
            if spec[i]:
                smaller = list(spec)
                smaller[i] -= 1
                am, ak, bm, bk = smaller
                if am + ak and bm + bk and sum(smaller) <= self.max_pieces:
                    self._build((am, ak, bm, bk))

    def best_record(self, m: int, k: int, om: int, ok: int, white: bool
                    ) -> tuple[Record, int] | None:
        """The best move record and the position's value: the quickest win, else a draw,
        else the longest resistance. None when there is no legal move."""
        records = self._legal(m, k, om, ok, white)
        if not records:
            return None
        best = None
        for rec in records:
            a, b, c, d = self._apply(m, k, om, ok, white, rec)
            child = self.value(a, b, c, d, not white)
            rank = _rank(child)
            if best is None or rank > best[0]:
                best = (rank, rec, child)
        _, rec, child = best
        return rec, _parent_value(child)

    # -- building ---------------------------------------------------------------------------

    def _placements(self, spec: Spec) -> Iterable[tuple[int, int, int, int]]:
        am, ak, bm, bk = spec
        for men in combinations(self._men_bits, am):
            mm = _bits(men)
            for kings in combinations(self._king_bits, ak):
                kk = _bits(kings)
                if kk & mm:
                    continue
                used = mm | kk
                for omen in combinations(self._other_men_bits, bm):
                    om = _bits(omen)
                    if om & used:
                        continue
                    used2 = used | om
                    for okings in combinations(self._king_bits, bk):
                        ok = _bits(okings)
                        if not ok & used2:
                            yield mm, kk, om, ok

    def _build(self, spec: Spec) -> None:
        """Retrograde analysis of one group: ``spec`` and its mirror (the other side to
        move), which non-capturing, non-promoting moves go back and forth between."""
        a_m, a_k, b_m, b_k = spec
        mirror = (b_m, b_k, a_m, a_k)
        group = frozenset((spec, mirror))
        if group in self._built:
            return
        keys: list[tuple[int, int, int, int]] = []
        for s in group:
            keys.extend(self._placements(s))
        index = {key: i for i, key in enumerate(keys)}
        n = len(keys)
        legal, apply, turn = self._legal, self._apply, self._turn
        preds: list[list[int]] = [[] for _ in range(n)]
        open_children = [0] * n
        has_draw = [False] * n
        ext_win = [0] * n   # quickest win through a move leaving the group (0: none)
        ext_loss = [0] * n  # longest loss through such moves
        buckets: dict[int, list[int]] = {}
        pending: list[tuple[int, tuple[int, int, int, int]]] = []
        for i, (m, k, om, ok) in enumerate(keys):
            records = legal(m, k, om, ok, True)
            if not records:
                buckets.setdefault(0, []).append(i)  # lost now (IT-E1)
                continue
            for rec in records:
                a, b, c, d = apply(m, k, om, ok, True, rec)
                child = (turn(a), turn(b), turn(c), turn(d))
                j = index.get(child)
                if j is not None:
                    preds[j].append(i)
                    open_children[i] += 1
                else:
                    pending.append((i, child))
        # Moves leaving the group (captures, promotions) lead to smaller or other groups.
        for i, child in pending:
            v = self._values.get(child)
            if v is None:
                if not (child[0] | child[1]):
                    v = 0
                else:
                    self._build(_spec(*child))
                    v = self._values[child]
            if v == DRAW:
                has_draw[i] = True
            elif v % 2 == 0:  # the opponent loses there: we win in v + 1
                if not ext_win[i] or v + 1 < ext_win[i]:
                    ext_win[i] = v + 1
            elif v + 1 > ext_loss[i]:
                ext_loss[i] = v + 1
        for i in range(n):
            if ext_win[i]:
                buckets.setdefault(ext_win[i], []).append(i)
            elif not open_children[i] and not has_draw[i] and ext_loss[i]:
                buckets.setdefault(ext_loss[i], []).append(i)
        value = [DRAW] * n
        level = 0
        top = max(buckets, default=0)
        while level <= top:
            for i in buckets.pop(level, ()):
                if value[i] != DRAW:
                    continue
                value[i] = level
                if level % 2 == 0:  # i is lost: every predecessor wins in level + 1
                    for p in preds[i]:
                        if value[p] == DRAW:
                            buckets.setdefault(level + 1, []).append(p)
                            top = max(top, level + 1)
                else:  # i is won: a predecessor is lost once all its moves lead to wins
                    for p in preds[i]:
                        if value[p] != DRAW:
                            continue
                        open_children[p] -= 1
                        if not open_children[p] and not has_draw[p] and not ext_win[p]:
                            at = max(level + 1, ext_loss[p])
                            buckets.setdefault(at, []).append(p)
                            top = max(top, at)
            level += 1
        values = self._values
        for key, v in zip(keys, value):
            values[key] = v
        self._built.add(group)
        self.positions_built += n


def _bits(indices: Iterable[int]) -> int:
    out = 0
    for i in indices:
        out |= 1 << i
    return out


def _spec(m: int, k: int, om: int, ok: int) -> Spec:
    return m.bit_count(), k.bit_count(), om.bit_count(), ok.bit_count()


def _rank(child: int) -> tuple[int, int]:
    """How good a child position (the opponent to move) is for us: larger is better."""
    if child == DRAW:
        return (1, 0)
    if child % 2 == 0:        # the opponent loses: the sooner the better
        return (2, -child)
    return (0, child)         # the opponent wins: the later the better


def _parent_value(child: int) -> int:
    return DRAW if child == DRAW else child + 1


_TABLES: dict[str, EndgameTables] = {}


def tables(variant: str | Variant = "italian") -> EndgameTables:
    """The (cached, lazily built) endgame tables of an 8x8 variant."""
    v = get_variant(variant)
    t = _TABLES.get(v.name)
    if t is None:
        t = _TABLES[v.name] = EndgameTables(v)
    return t


def probe(board: Position) -> tuple[str, int] | None:
    """``("win" | "loss" | "draw", plies)`` for the side to move under best play, or None
    when the position is not covered (more than three pieces, or not an 8x8 game).
    ``plies`` counts half-moves to the end of the game (0 for a draw)."""
    if board.variant.size != 8:
        return None
    pos = board.relative()
    t = tables(board.variant)
    if not t.covers(*pos[:4]):
        return None
    v = t.value(*pos)
    if v == DRAW:
        return ("draw", 0)
    return ("win" if v % 2 else "loss", v)


def best_move(board: Position) -> Move | None:
    """The tables' move: the quickest win, else a draw, else the longest defence. None when
    the position is not covered or the game is over."""
    if board.variant.size != 8:
        return None
    pos = board.relative()
    t = tables(board.variant)
    if not t.covers(*pos[:4]):
        return None
    best = t.best_record(*pos)
    if best is None:
        return None
    return board.legal_map()[board.move_of(best[0])][0]  # as the position writes it


def holding_moves(board: Position) -> list[Move]:
    """The moves that keep what the position is worth by the tables: where a win is there,
    every move after which the opponent is lost (the quickest or not); else, where a draw
    is, every move that does not lose; else every move. Empty when the position is not
    covered or the game is over.

    >>> from damalib import Board
    >>> board = Board("B:W5,K1:BK19")     # a king and a man against a king, Black to move
    >>> probe(board), len(board.legal_moves), [str(m) for m in holding_moves(board)]
    (('draw', 0), 4, ['19-14'])
    """
    if probe(board) is None:
        return []
    worth: dict[Move, int] = {}
    for move in board.legal_moves:
        after = board.copy()
        after.push(move)
        found = probe(after)
        # the opponent's verdict, turned round: its loss is this side's win
        worth[move] = {"loss": 1, "draw": 0, "win": -1}[found[0]] if found else -1
    best = max(worth.values(), default=None)
    return [move for move, value in worth.items() if value == best]
