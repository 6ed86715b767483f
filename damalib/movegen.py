"""Move generation on padded bitboards: the fast inner core behind Board and perft.

Positions are seen from the side to move: ``m, k`` are its men and kings, ``om, ok`` the
opponent's, and ``white`` says which way its men walk (White towards square 1). A move is a
*record* ``(path, caps, is_king)``: bit indices of the start and every landing square, the
bit indices of the captured pieces in capture order, and whether a king moves.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from .variants import KING_CAPTURES, KING_ORDER, KINGS_TAKEN, QUANTITY, Variant

Record = tuple[tuple[int, ...], tuple[int, ...], bool]
State = tuple[int, int, int, int]


class MoveGen(NamedTuple):
    """The generator functions of one variant, closed over its tables."""

    captures: Callable[[int, int, int, int, bool], list[Record]]
    raw_captures: Callable[[int, int, int, int, bool], list[Record]]
    quiet_moves: Callable[[int, int, int, int, bool], list[Record]]
    legal: Callable[[int, int, int, int, bool], list[Record]]
    apply: Callable[[int, int, int, int, bool, Record], State]
    count: Callable[[int, int, int, int, bool], int]
    perft: Callable[[int, int, int, int, bool, int], int]
    precedence_key: Callable[[Record, int], tuple]
    can_move: Callable[[int, int, int, int, bool], bool]
    can_capture: Callable[[int, int, int, int, bool], bool]


_CACHE: dict[str, MoveGen] = {}


def movegen(variant: Variant) -> MoveGen:
    """The (cached) move generator of ``variant``."""
    gen = _CACHE.get(variant.name)
    if gen is None:
        gen = _CACHE[variant.name] = _build(variant)
    return gen


def _build(variant: Variant) -> MoveGen:  # noqa: C901 - one closure per variant, by design
    g = variant.geometry
    H, H1 = g.half, g.half + 1
    H2, H12 = 2 * H, 2 * H1
    VALID = g.valid
    STEP = g.step
    RAYS = g.rays
    BIT = [1 << i for i in range(g.nbits)]
    TOP, BOTTOM = g.top_row, g.bottom_row
    FLYING = variant.flying_kings
    MEN_TAKE_KINGS = variant.men_capture_kings
    BACKWARDS = variant.men_capture_backwards
    STOPS = variant.promotion_ends_capture
    UP, DOWN, ALL = (0, 1), (2, 3), (0, 1, 2, 3)
    OPPOSITE = (2, 3, 0, 1, -1)  # index 4: no previous direction
    NO_JUMPS = (0, 0, 0, 0)
    criteria = variant.precedence
    RANKED = len(criteria) > 1

    def man_jumpers(m: int, targets: int, empty: int, white: bool) -> int:
        """Men that have a first capture available (IT-C2/IT-C3, INT-C1)."""
        up = ((((empty << H) & targets) << H) | (((empty << H1) & targets) << H1)) & m
        down = ((((empty >> H) & targets) >> H) | (((empty >> H1) & targets) >> H1)) & m
        if BACKWARDS:
            return up | down
        return up if white else down

    def single_jumps(m: int, targets: int, empty: int, white: bool) -> tuple[int, ...] | None:
        """Landing squares of the men's captures in each direction (up, up, down, down) when
        every man capture is a single jump; None when some chain might go on. The test for
        going on is conservative (every vacated start square counts as empty) but leaves out
        the way back over the piece just taken, which is never a capture."""
        lu1 = lu2 = ld1 = ld2 = 0
        if BACKWARDS or white:
            lu1 = (((m >> H) & targets) >> H) & empty
            lu2 = (((m >> H1) & targets) >> H1) & empty
        if BACKWARDS or not white:
            ld1 = (((m << H) & targets) << H) & empty
            ld2 = (((m << H1) & targets) << H1) & empty
        if not (lu1 | lu2 | ld1 | ld2):
            return NO_JUMPS
        free = empty | (lu1 << H2) | (lu2 << H12) | (ld1 >> H2) | (ld2 >> H12)
        if BACKWARDS or white:
            if ((((lu1 | lu2 | ld2) >> H) & targets) >> H) & free or (
                    (((lu1 | lu2 | ld1) >> H1) & targets) >> H1) & free:
                return None
        if BACKWARDS or not white:
            if ((((lu2 | ld1 | ld2) << H) & targets) << H) & free or (
                    (((lu1 | ld1 | ld2) << H1) & targets) << H1) & free:
                return None
        return lu1, lu2, ld1, ld2

    def short_king_jumpers(k: int, targets: int, empty: int) -> int:
        return (((((empty << H) & targets) << H) | (((empty << H1) & targets) << H1)
                 | (((empty >> H) & targets) >> H) | (((empty >> H1) & targets) >> H1)) & k)

    def flying_king_jumpers(k: int, targets: int, empty: int) -> int:
        """Kings that see, along a free diagonal, a target with an empty square behind it."""
        hits = 0
        # For each direction, walk back from such targets through empty squares.
        for a in (H, H1):
            front = ((empty << a) & targets) << a
            while front:
                hits |= front & k
                front = (front & empty) << a
            front = ((empty >> a) & targets) >> a
            while front:
                hits |= front & k
                front = (front & empty) >> a
        return hits

    king_jumpers = flying_king_jumpers if FLYING else short_king_jumpers

    def short_chains(sq: int, dirs: tuple[int, ...], targets: int, empty: int, stop: int,
                     path: list[int], caps: list[int], out: list, is_king: bool) -> None:
        """Every maximal chain of one-square jumps from ``sq`` (IT-C5, IT-C6)."""
        extended = False
        for d in dirs:
            mid = STEP[d][sq]
            if mid < 0 or not BIT[mid] & targets:
                continue
            land = STEP[d][mid]
            if land < 0 or not BIT[land] & empty:
                continue
            extended = True
            path.append(land)
            caps.append(mid)
            if BIT[land] & stop:  # IT-C7: promotion ends the move
                out.append((tuple(path), tuple(caps), is_king))
            else:
                short_chains(land, dirs, targets ^ BIT[mid], empty, stop, path, caps, out, is_king)
            path.pop()
            caps.pop()
        if not extended and caps:
            out.append((tuple(path), tuple(caps), is_king))

    def flying_chains(sq: int, came: int, targets: int, empty: int,
                      path: list[int], caps: list[int], out: list) -> None:
        """Every maximal chain of a flying king from ``sq`` (INT-C2, INT-C3)."""
        extended = False
        back = OPPOSITE[came]  # going back would meet the piece just taken: never a capture
        for d in ALL:
            if d == back:
                continue
            ray = RAYS[d][sq]
            n = len(ray)
            i = 0
            while i < n and BIT[ray[i]] & empty:
                i += 1
            if i >= n - 1 or not BIT[ray[i]] & targets or not BIT[ray[i + 1]] & empty:
                continue
            extended = True
            victim = ray[i]
            rest = targets ^ BIT[victim]
            caps.append(victim)
            j = i + 1
            while j < n and BIT[ray[j]] & empty:
                path.append(ray[j])
                flying_chains(ray[j], d, rest, empty, path, caps, out)
                path.pop()
                j += 1
            caps.pop()
        if not extended and caps:
            out.append((tuple(path), tuple(caps), True))

    def raw_captures(m: int, k: int, om: int, ok: int, white: bool) -> list[Record]:
        """All maximal capture chains, before the precedence rules."""
        empty = VALID ^ (m | k | om | ok)
        opp = om | ok
        out: list[Record] = []
        man_targets = opp if MEN_TAKE_KINGS else om  # IT-C3: a man never takes a king
        if m:
            x = man_jumpers(m, man_targets, empty, white)
            if x:
                dirs = ALL if BACKWARDS else (UP if white else DOWN)
                stop = (TOP if white else BOTTOM) if STOPS else 0
                while x:
                    b = x & -x
                    x ^= b
                    sq = b.bit_length() - 1
                    short_chains(sq, dirs, man_targets, empty | b, stop, [sq], [], out, False)
        if k:
            x = king_jumpers(k, opp, empty)
            while x:
                b = x & -x
                x ^= b
                sq = b.bit_length() - 1
                if FLYING:
                    flying_chains(sq, 4, opp, empty | b, [sq], [], out)
                else:
                    short_chains(sq, ALL, opp, empty | b, 0, [sq], [], out, True)
        return out

    def precedence_key(record: Record, ok: int) -> tuple:
        """Larger is preferred: the precedence criteria of the variant, in order."""
        path, caps, is_king = record
        key: list = []
        for criterion in criteria:
            if criterion == QUANTITY:
                key.append(len(caps))
            elif criterion == KING_CAPTURES:
                key.append(is_king)
            elif criterion == KINGS_TAKEN:
                key.append(sum(1 for c in caps if BIT[c] & ok))
            elif criterion == KING_ORDER:
                # Earlier kings are better: compare the negated jump numbers (IT-P4).
                key.append(tuple(-i for i, c in enumerate(caps) if BIT[c] & ok))
        return tuple(key)

    def select(records: list[Record], ok: int) -> list[Record]:
        """Apply precedence (IT-P1..P5, INT-P1), then keep one chain per start, end and
        captured set (chains differing only in the order of the same pieces are one move)."""
        if RANKED:
            keys = [precedence_key(r, ok) for r in records]
            best = max(keys)
            records = [r for r, key in zip(records, keys) if key == best]
        else:
            most = max(len(r[1]) for r in records)
            records = [r for r in records if len(r[1]) == most]
        if len(records) == 1:
            return records
        seen = set()
        unique = []
        for r in records:
            sig = (r[0][0], r[0][-1], frozenset(r[1]))
            if sig not in seen:
                seen.add(sig)
                unique.append(r)
        return unique

    def captures(m: int, k: int, om: int, ok: int, white: bool) -> list[Record]:
        """The legal captures (empty when there is none)."""
        records = raw_captures(m, k, om, ok, white)
        return select(records, ok) if len(records) > 1 else records

    def quiet_moves(m: int, k: int, om: int, ok: int, white: bool) -> list[Record]:
        """Every non-capturing move (IT-M1/IT-M2, INT-M1/INT-M2)."""
        empty = VALID ^ (m | k | om | ok)
        out: list[Record] = []
        for d in (UP if white else DOWN):
            delta = g.deltas[d]
            x = (m >> -delta if delta < 0 else m << delta) & empty
            while x:
                b = x & -x
                x ^= b
                to = b.bit_length() - 1
                out.append(((to - delta, to), (), False))
        if k:
            out += king_quiet_moves(k, empty)
        return out

    def king_quiet_moves(k: int, empty: int) -> list[Record]:
        """King moves without capture: one square (IT-M2) or along a free diagonal (INT-M2)."""
        out: list[Record] = []
        while k:
            b = k & -k
            k ^= b
            sq = b.bit_length() - 1
            for d in ALL:
                for to in RAYS[d][sq]:
                    if not BIT[to] & empty:
                        break
                    out.append(((sq, to), (), True))
                    if not FLYING:
                        break
        return out

    def legal(m: int, k: int, om: int, ok: int, white: bool) -> list[Record]:
        return captures(m, k, om, ok, white) or quiet_moves(m, k, om, ok, white)

    def apply(m: int, k: int, om: int, ok: int, white: bool, record: Record) -> State:
        """The position after ``record``, seen from the opponent (who moves next)."""
        path, caps, is_king = record
        f = BIT[path[0]]
        t = BIT[path[-1]]
        if caps:
            cm = 0
            for c in caps:
                cm |= BIT[c]
            om &= ~cm
            ok &= ~cm
        if is_king:
            k = (k ^ f) | t
        elif t & (TOP if white else BOTTOM):
            m ^= f
            k |= t
        else:
            m = (m ^ f) | t
        return om, ok, m, k

    def children(m: int, k: int, om: int, ok: int, white: bool) -> list[State]:
        """The positions after each legal move, seen from the opponent."""
        empty = VALID ^ (m | k | om | ok)
        opp = om | ok
        if k and king_jumpers(k, opp, empty):
            return [apply(m, k, om, ok, white, r) for r in captures(m, k, om, ok, white)]
        promo = TOP if white else BOTTOM
        out: list[State] = []
        if m:
            jumps = single_jumps(m, opp if MEN_TAKE_KINGS else om, empty, white)
            if jumps is None:
                return [apply(m, k, om, ok, white, r) for r in captures(m, k, om, ok, white)]
            if jumps is not NO_JUMPS:
                for landings, step in zip(jumps, (H, H1, -H, -H1)):
                    while landings:
                        t = landings & -landings
                        landings ^= t
                        if step > 0:
                            v, f = t << step, t << (2 * step)
                        else:
                            v, f = t >> -step, t >> (-2 * step)
                        if t & promo:
                            out.append((om & ~v, ok & ~v, m ^ f, k | t))
                        else:
                            out.append((om & ~v, ok & ~v, m ^ f ^ t, k))
                return out
            if white:
                pairs = ((m & (empty << H), (m >> H) & empty),
                         (m & (empty << H1), (m >> H1) & empty))
            else:
                pairs = ((m & (empty >> H), (m << H) & empty),
                         (m & (empty >> H1), (m << H1) & empty))
            # Movers and targets are in the same order, so their lowest bits pair up.
            for movers, targets in pairs:
                while movers:
                    f = movers & -movers
                    t = targets & -targets
                    movers ^= f
                    targets ^= t
                    if t & promo:
                        out.append((om, ok, m ^ f, k | t))
                    else:
                        out.append((om, ok, m ^ f ^ t, k))
        if k:
            for (start, to), _, _ in king_quiet_moves(k, empty):
                out.append((om, ok, m, k ^ BIT[start] ^ BIT[to]))
        return out

    def count(m: int, k: int, om: int, ok: int, white: bool) -> int:
        """Number of legal moves: the leaves below a position at depth one."""
        empty = VALID ^ (m | k | om | ok)
        opp = om | ok
        if k and king_jumpers(k, opp, empty):
            return len(captures(m, k, om, ok, white))
        if m:
            jumps = single_jumps(m, opp if MEN_TAKE_KINGS else om, empty, white)
            if jumps is None:
                return len(captures(m, k, om, ok, white))
            if jumps is not NO_JUMPS:
                return (jumps[0].bit_count() + jumps[1].bit_count() + jumps[2].bit_count()
                        + jumps[3].bit_count())
        if white:
            n = ((m >> H) & empty).bit_count() + ((m >> H1) & empty).bit_count()
        else:
            n = ((m << H) & empty).bit_count() + ((m << H1) & empty).bit_count()
        if k:
            if FLYING:
                x = k
                while x:
                    x = (x >> H) & empty
                    n += x.bit_count()
                x = k
                while x:
                    x = (x >> H1) & empty
                    n += x.bit_count()
                x = k
                while x:
                    x = (x << H) & empty
                    n += x.bit_count()
                x = k
                while x:
                    x = (x << H1) & empty
                    n += x.bit_count()
            else:
                n += (((k >> H) & empty).bit_count() + ((k >> H1) & empty).bit_count()
                      + ((k << H) & empty).bit_count() + ((k << H1) & empty).bit_count())
        return n

    def can_move(m: int, k: int, om: int, ok: int, white: bool) -> bool:
        """Whether some piece has a move without capture: the engine's test, at the end
        of its search, that a side without captures is not blocked (IT-E1)."""
        empty = VALID ^ (m | k | om | ok)
        if ((m >> H) | (m >> H1) if white else (m << H) | (m << H1)) & empty:
            return True
        return bool(k and ((k >> H) | (k >> H1) | (k << H) | (k << H1)) & empty)

    def can_capture(m: int, k: int, om: int, ok: int, white: bool) -> bool:
        """Whether the side has a capture (IT-C1, INT-C1), without making the chains."""
        empty = VALID ^ (m | k | om | ok)
        if m and man_jumpers(m, (om | ok) if MEN_TAKE_KINGS else om, empty, white):
            return True
        return bool(k and king_jumpers(k, om | ok, empty))

    def perft(m: int, k: int, om: int, ok: int, white: bool, depth: int) -> int:
        if depth <= 1:
            return count(m, k, om, ok, white) if depth == 1 else 1
        total = 0
        black = not white
        if depth == 2:  # one call layer less for the bulk of the work
            for a, b, c, d in children(m, k, om, ok, white):
                total += count(a, b, c, d, black)
            return total
        depth -= 1
        for a, b, c, d in children(m, k, om, ok, white):
            total += perft(a, b, c, d, black, depth)
        return total

    return MoveGen(captures, raw_captures, quiet_moves, legal, apply, count, perft,
                   precedence_key, can_move, can_capture)
