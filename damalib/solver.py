"""Puzzle solver: prove that the side to move reaches a goal against every defence.

The *attacker* is the side to move in the given position, the *defender* the other side.
``solve(board, goal, max_plies)`` searches the AND-OR tree (the attacker needs one good move,
the defender's every legal reply must be answered) by iterative deepening on the plies,
with a transposition table, and returns a :class:`Proof` or None. Goals:

``"win"``
    The defender, at its turn, has no piece left or no legal move (IT-E1).
``"block"``
    The defender, at its turn, still has pieces but no legal move (a win by blocking, IT-E1).
``"material"``
    The attacker ends up with a better balance than at the start: at the defender's turn,
    with no capture pending for the defender (so the gain is not simply taken back on the
    next move), ``attacker - defender`` is larger than it was. Men count 1 and kings
    ``king_value`` (default 1: pieces are counted; pass e.g. ``king_value=2`` to count a
    king as two men, so that promoting or taking a king counts too).
``"promote"``
    A man of the attacker becomes a king (IT-C7 / INT-K1).
``"draw"``
    Not losing within ``max_plies``: whatever the defender does, the attacker always has a
    legal move at its turn during the next ``max_plies`` plies (counted from the start).
    This is the simplest form of "a position the side can hold": the defender cannot force a
    win within the horizon. (The draw rules themselves, IT-D2/IT-D3, are not involved.)

Winning the game (the defender without a piece or a move at its turn) also meets the goals
"material", "promote" and "draw": nothing is better than a won game. Plies count both
sides' moves, the attacker's first move being ply 1; the goals "win", "block", "material"
and "promote" are checked after the attacker's moves, so they need an odd number of plies.

>>> from damalib import Board
>>> from damalib.solver import solve, accepted_moves
>>> board = Board("W:W15,28,31:B9,10,18,20")   # a shot (il tiro): give one, take three
>>> proof = solve(board, "material", 5)
>>> proof.plies, [str(m) for m in proof.main_line()]
(3, ['28-23', '20x27', '31x6'])
>>> proof.verify()
True
>>> [str(m) for m in accepted_moves(board, "material", 5)]
['28-23']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .movegen import Record, movegen
from .position import Move, Position

__all__ = ["GOALS", "Line", "Proof", "ProofError", "solve", "solve_all", "accepted_moves"]

GOALS = ("win", "block", "material", "promote", "draw")
_BIG = 1 << 30


class ProofError(ValueError):
    """A proof that does not hold on the board; the message says where and why."""


@dataclass(frozen=True, eq=False)
class Line:
    """One attacker move and, for every legal reply of the defender, how to go on.

    ``replies`` is empty when the goal is reached right after ``move``. A continuation is
    None only for the goal "draw", at the horizon (the attacker still has a move there).
    Positions reached by different move orders share their continuation, so a proof is a
    graph rather than a tree (which matters for the goal "draw", where every defence is
    followed to the horizon); lines compare by identity."""

    move: Move
    replies: tuple[tuple[Move, Line | None], ...] = ()

    def size(self) -> int:
        """Distinct attacker moves (nodes) in the proof."""
        seen: set[int] = set()
        stack = [self]
        while stack:
            line = stack.pop()
            if id(line) in seen:
                continue
            seen.add(id(line))
            stack.extend(sub for _, sub in line.replies if sub is not None)
        return len(seen)

    def depth(self) -> int:
        """The longest line in plies."""
        return _depth(self, {})


def _depth(line: Line, memo: dict[int, int]) -> int:
    d = memo.get(id(line))
    if d is None:
        deepest = 0
        for _, sub in line.replies:
            deepest = max(deepest, 1 + (_depth(sub, memo) if sub is not None else 0))
        d = memo[id(line)] = 1 + deepest
    return d


@dataclass(frozen=True)
class Proof:
    """A solved puzzle: the start position, the goal and the tree of moves that reaches it
    against every defence (``line``). ``plies`` is the length of the proof's longest line."""

    fen: str
    variant: str
    goal: str
    max_plies: int
    plies: int
    line: Line
    king_value: int = 1

    @property
    def move(self) -> Move:
        """The first move."""
        return self.line.move

    def board(self) -> Position:
        """The start position, fresh (``Board(proof.fen, proof.variant)`` plays on from
        it)."""
        return Position(self.fen, self.variant)

    def main_line(self) -> list[Move]:
        """The first move, then each time the defence that lasts longest and its answer."""
        out: list[Move] = []
        line: Line | None = self.line
        memo: dict[int, int] = {}
        while line is not None:
            out.append(line.move)
            if not line.replies:
                break
            reply, line = max(line.replies,
                              key=lambda rl: _depth(rl[1], memo) if rl[1] else 0)
            out.append(reply)
        return out

    def lines(self) -> Iterator[list[Move]]:
        """Every line of the proof, from the first move to a leaf (for the goal "draw" with
        a long horizon there can be very many)."""
        def walk(line: Line, prefix: list[Move]) -> Iterator[list[Move]]:
            prefix = prefix + [line.move]
            if not line.replies:
                yield prefix
            for reply, sub in line.replies:
                if sub is None:
                    yield prefix + [reply]
                else:
                    yield from walk(sub, prefix + [reply])
        return walk(self.line, [])

    def accepted_moves(self) -> list[Move]:
        """Every first move that reaches the goal within ``max_plies`` (for checking an
        answer: any of them is correct)."""
        return accepted_moves(self.board(), self.goal, self.max_plies,
                              king_value=self.king_value)

    def check(self) -> None:
        """Replay the proof with the positions' public API; raise ProofError if a move is
        illegal, a defence is missing, a line runs past ``max_plies`` or ends before the
        goal is reached."""
        board = self.board()
        start = _balance_board(board, board.turn, self.king_value)
        _check_line(board, self.line, 0, self, board.turn, start, set())

    def verify(self) -> bool:
        """True when :meth:`check` finds nothing wrong."""
        try:
            self.check()
        except ProofError:
            return False
        return True

    def __str__(self) -> str:
        return (f"{self.goal} in {self.plies} plies: "
                + " ".join(str(m) for m in self.main_line()))


# -- checking a proof with the public Position API ---------------------------------------------

def _balance_board(board: Position, side: str, king_value: int) -> int:
    total = 0
    for piece in board.pieces().values():
        value = king_value if piece.king else 1
        total += value if piece.colour == side else -value
    return total


def _goal_at_defender(board: Position, proof: Proof, attacker: str, start: int,
                      promoted: bool) -> bool:
    """Is the goal met now, the defender to move, right after the attacker's move?"""
    legal = board.legal_moves
    if not legal:  # the defender has no piece or no move: the attacker has won (IT-E1)
        has_pieces = any(p.colour != attacker for p in board.pieces().values())
        return proof.goal != "block" or has_pieces
    if proof.goal == "promote":
        return promoted
    if proof.goal == "material":
        return (not legal[0].captures
                and _balance_board(board, attacker, proof.king_value) > start)
    return False


def _check_line(board: Position, line: Line, used: int, proof: Proof, attacker: str,
                start: int, done: set) -> None:
    where = board.fen()
    # A shared continuation already checked from the same position and ply holds again.
    key = (id(line), where, used)
    if key in done:
        return
    done.add(key)
    if used >= proof.max_plies:
        raise ProofError(f"{where}: the line is longer than {proof.max_plies} plies")
    if board.turn != attacker:
        raise ProofError(f"{where}: the attacker is not to move")
    entry = board.legal_map().get(line.move)
    if entry is None:
        raise ProofError(f"{where}: {line.move} is not a legal move")
    mover = board.piece_at(line.move.start)
    board = board.after(entry[1])
    used += 1
    landed = board.piece_at(line.move.end)
    promoted = bool(mover and not mover.king and landed and landed.king)
    if proof.goal == "draw":
        if not board.legal_moves or used == proof.max_plies:
            if line.replies:
                raise ProofError(f"{board.fen()}: the goal is met, yet the line goes on")
            return
    elif _goal_at_defender(board, proof, attacker, start, promoted):
        if line.replies:
            raise ProofError(f"{board.fen()}: the goal is met, yet the line goes on")
        return
    if used >= proof.max_plies:
        raise ProofError(f"{board.fen()}: the goal is not met within "
                         f"{proof.max_plies} plies")
    replies = board.legal_map()
    legal = set(replies)
    answered = [reply for reply, _ in line.replies]
    if set(answered) != legal or len(answered) != len(legal):
        missing = sorted(str(m) for m in legal - set(answered))
        raise ProofError(f"{board.fen()}: the defences do not match the legal moves "
                         f"(missing: {', '.join(missing) or 'none'})")
    for reply, sub in line.replies:
        after = board.after(replies[reply][1])
        if sub is None:
            if proof.goal != "draw" or used + 1 < proof.max_plies:
                raise ProofError(f"{after.fen()}: the line stops before the goal")
            if not after.legal_moves:
                raise ProofError(f"{after.fen()}: the attacker has lost (IT-E1)")
        else:
            _check_line(after, sub, used + 1, proof, attacker, start, done)


# -- the search ----------------------------------------------------------------------------------

class _Solver:
    """AND-OR search for one goal from one position. The table maps a position to the
    smallest budget (plies left) known to succeed and the largest known to fail; for the
    goal "draw" success shrinks with more plies instead, so the roles swap."""

    def __init__(self, board: Position, goal: str, king_value: int) -> None:
        if goal not in GOALS:
            raise ValueError(f"unknown goal {goal!r}; goals: {', '.join(GOALS)}")
        self.goal = goal
        self.king_value = king_value
        variant = board.variant
        gen = movegen(variant)
        self.legal = gen.legal
        self.apply = gen.apply
        self.count = gen.count
        geo = variant.geometry
        self.top, self.bottom = geo.top_row, geo.bottom_row
        pos = board.relative()
        self.root = pos
        self.attacker_white = pos[4]
        self.start = self._balance(pos[0], pos[1], pos[2], pos[3])
        self.table: dict[tuple, list] = {}
        self.nodes = 0
        self.lines: dict[tuple, Line | None] = {}  # proof lines already built

    def _balance(self, m: int, k: int, om: int, ok: int) -> int:
        kv = self.king_value
        return m.bit_count() + kv * k.bit_count() - om.bit_count() - kv * ok.bit_count()

    def promotes(self, rec: Record, white: bool) -> bool:
        path, _, is_king = rec
        return not is_king and bool((1 << path[-1]) & (self.top if white else self.bottom))

    # Entries: [succeeds from this budget on, fails up to this budget, move to try first].
    def _entry(self, key: tuple) -> list:
        e = self.table.get(key)
        if e is None:
            e = self.table[key] = [_BIG, -1, None] if self.goal != "draw" else [-1, _BIG, None]
        return e

    # -- goals reached: win, block, material, promote ---------------------------------------

    def or_node(self, m: int, k: int, om: int, ok: int, white: bool, r: int) -> bool:
        """The attacker to move with ``r`` plies left: can it reach the goal?"""
        key = (m, k, om, ok, white)
        e = self._entry(key)
        if r >= e[0]:
            return True
        if r <= e[1]:
            return False
        self.nodes += 1
        ok_ = False
        if r >= 1:
            records = self.legal(m, k, om, ok, white)
            if not records:
                e[1] = _BIG  # the attacker has lost (IT-E1)
                return False
            ok_ = self._or_children(m, k, om, ok, white, r, records, e)
        if ok_:
            e[0] = min(e[0], r)
        else:
            e[1] = max(e[1], r)
        return ok_

    def _or_children(self, m, k, om, ok, white, r, records, e) -> bool:
        apply, table = self.apply, self.table
        children = []
        promote = self.goal == "promote"
        black = not white
        for rec in records:
            if promote and self.promotes(rec, white):
                e[2] = rec
                return True
            child = apply(m, k, om, ok, white, rec)
            t = table.get((*child, black))
            if t is not None:
                if r - 1 >= t[0]:
                    e[2] = rec
                    return True
                if r - 1 <= t[1]:
                    continue
            children.append((rec, child))
        if len(children) > 1:
            count = self.count
            first = e[2]
            children.sort(key=lambda rc: (rc[0] != first, count(*rc[1], black)))
        for rec, child in children:
            if self.and_node(*child, black, r - 1):
                e[2] = rec
                return True
        return False

    def and_node(self, m: int, k: int, om: int, ok: int, white: bool, r: int) -> bool:
        """The defender to move with ``r`` plies left: is the goal reached whatever it does?"""
        key = (m, k, om, ok, white)
        e = self._entry(key)
        if r >= e[0]:
            return True
        if r <= e[1]:
            return False
        self.nodes += 1
        records = self.legal(m, k, om, ok, white)
        if not records:  # the defender is beaten (IT-E1)
            ok_ = self.goal != "block" or bool(m | k)
            if ok_:
                e[0] = 0
            else:
                e[1] = _BIG
            return ok_
        if self.goal == "material" and not records[0][1] \
                and self._balance(om, ok, m, k) > self.start:
            e[0] = 0
            return True
        ok_ = r >= 2 and self._and_children(m, k, om, ok, white, r, records, e)
        if ok_:
            e[0] = min(e[0], r)
        else:
            e[1] = max(e[1], r)
        return ok_

    def _and_children(self, m, k, om, ok, white, r, records, e) -> bool:
        apply, table = self.apply, self.table
        black = not white
        children = []
        for rec in records:
            child = apply(m, k, om, ok, white, rec)
            t = table.get((*child, black))
            if t is not None:
                if r - 1 <= t[1]:
                    e[2] = rec
                    return False
                if r - 1 >= t[0]:
                    continue
            children.append((rec, child))
        if len(children) > 1:
            first = e[2]
            count = self.count
            children.sort(key=lambda rc: (rc[0] != first, -count(*rc[1], black)))
        for rec, child in children:
            if not self.or_node(*child, black, r - 1):
                e[2] = rec
                return False
        return True

    # -- the goal "draw": the attacker survives ---------------------------------------------

    def or_hold(self, m: int, k: int, om: int, ok: int, white: bool, r: int) -> bool:
        key = (m, k, om, ok, white)
        e = self._entry(key)
        if r <= e[0]:
            return True
        if r >= e[1]:
            return False
        self.nodes += 1
        records = self.legal(m, k, om, ok, white)
        if not records:
            e[1] = 0  # lost now (IT-E1)
            return False
        ok_ = r == 0
        if not ok_:
            first = e[2]
            ordered = sorted(records, key=lambda rec: rec != first)
            for rec in ordered:
                if self.and_hold(*self.apply(m, k, om, ok, white, rec), not white, r - 1):
                    e[2] = rec
                    ok_ = True
                    break
        if ok_:
            e[0] = max(e[0], r)
        else:
            e[1] = min(e[1], r)
        return ok_

    def and_hold(self, m: int, k: int, om: int, ok: int, white: bool, r: int) -> bool:
        key = (m, k, om, ok, white)
        e = self._entry(key)
        if r <= e[0]:
            return True
        if r >= e[1]:
            return False
        self.nodes += 1
        records = self.legal(m, k, om, ok, white)
        ok_ = True
        if records and r > 0:
            first = e[2]
            for rec in sorted(records, key=lambda rec: rec != first):
                if not self.or_hold(*self.apply(m, k, om, ok, white, rec), not white, r - 1):
                    e[2] = rec
                    ok_ = False
                    break
        if ok_:
            e[0] = _BIG if not records else max(e[0], r)
        else:
            e[1] = min(e[1], r)
        return ok_

    # -- first moves and proof trees ----------------------------------------------------------

    def first_move_works(self, rec: Record, r: int) -> bool:
        m, k, om, ok, white = self.root
        if self.goal == "promote" and self.promotes(rec, white):
            return True
        child = self.apply(m, k, om, ok, white, rec)
        if self.goal == "draw":
            return self.and_hold(*child, not white, r - 1)
        return self.and_node(*child, not white, r - 1)

    # The proof's lines are built on Positions: ``position`` is ``pos`` (its relative form),
    # for the Moves as the position writes them.
    def build_or(self, position: Position, pos: tuple, r: int) -> Line | None:
        key = (pos, r)
        if key not in self.lines:
            self.lines[key] = self._build_or(position, pos, r)
        return self.lines[key]

    def _build_or(self, position: Position, pos: tuple, r: int) -> Line | None:
        m, k, om, ok, white = pos
        if self.goal == "draw":
            if r == 0:
                return None
            budget = r
        else:
            # The shortest budget that still works, so the proof takes the quickest way.
            budget = next(b for b in range(1, r + 1) if self.or_node(*pos, b))
        legal = position.legal_map()
        for rec in self.legal(m, k, om, ok, white):
            child = self.apply(m, k, om, ok, white, rec)
            if self.goal == "draw":
                works = self.and_hold(*child, not white, budget - 1)
            else:
                works = (self.goal == "promote" and self.promotes(rec, white)) \
                    or self.and_node(*child, not white, budget - 1)
            if not works:
                continue
            move = legal[position.move_of(rec)][0]
            if self.goal == "promote" and self.promotes(rec, white):
                return Line(move)
            return Line(move, self.build_and(position.after(rec), (*child, not white),
                                             budget - 1))
        raise AssertionError("no move keeps the proof")  # pragma: no cover

    def build_and(self, position: Position, pos: tuple, r: int) -> tuple:
        m, k, om, ok, white = pos
        records = self.legal(m, k, om, ok, white)
        if not records:
            return ()
        if self.goal == "draw":
            if r == 0:
                return ()
        elif self.goal == "material" and not records[0][1] \
                and self._balance(om, ok, m, k) > self.start:
            return ()
        legal = position.legal_map()
        out = []
        for rec in records:
            move = legal[position.move_of(rec)][0]
            out.append((move, self.build_or(position.after(rec),
                                            (*self.apply(m, k, om, ok, white, rec), not white),
                                            r - 1)))
        out.sort(key=lambda mv: (mv[0].path, mv[0].captures))
        return tuple(out)


def _start(board: Position, goal: str, max_plies: int, king_value: int) -> _Solver:
    if not isinstance(max_plies, int) or max_plies < 1:
        raise ValueError("max_plies must be a whole number of at least 1")
    if not board.legal_moves:
        raise ValueError(f"the game is over: {board.fen()}")
    return _Solver(board, goal, king_value)


def solve(board: Position, goal: str = "win", max_plies: int = 9, *,
          king_value: int = 1) -> Proof | None:
    """A proof that the side to move reaches ``goal`` within ``max_plies`` plies against
    every defence, or None. The board is left unchanged; ValueError for an unknown goal or
    a finished game."""
    solver = _start(board, goal, max_plies, king_value)
    pos = solver.root
    if goal == "draw":
        if not solver.or_hold(*pos, max_plies):
            return None
        budget = max_plies
    else:
        budget = None
        for r in range(1, max_plies + 1, 2):
            if solver.or_node(*pos, r):
                budget = r
                break
        if budget is None:
            return None
    line = solver.build_or(board, pos, budget)
    assert line is not None
    return Proof(board.fen(), board.variant.name, goal, max_plies, line.depth(), line,
                 king_value)


def accepted_moves(board: Position, goal: str = "win", max_plies: int = 9, *,
                   king_value: int = 1) -> list[Move]:
    """Every first move that reaches ``goal`` within ``max_plies`` plies against every
    defence (in the board's order of legal moves); empty when there is none."""
    solver = _start(board, goal, max_plies, king_value)
    records = {board.move_of(rec): rec for rec in solver.legal(*solver.root)}
    budgets = [max_plies] if goal == "draw" else range(1, max_plies + 1, 2)
    return [move for move in board.legal_moves
            if any(solver.first_move_works(records[move], r) for r in budgets)]


def solve_all(board: Position, goal: str = "win", max_plies: int = 9, *,
              king_value: int = 1) -> dict[Move, Proof]:
    """A proof for every first move that reaches ``goal`` within ``max_plies`` plies."""
    solver = _start(board, goal, max_plies, king_value)
    m, k, om, ok, white = solver.root
    records = {board.move_of(rec): rec for rec in solver.legal(m, k, om, ok, white)}
    out: dict[Move, Proof] = {}
    for move in board.legal_moves:
        rec = records[move]
        if goal == "draw":
            if not solver.first_move_works(rec, max_plies):
                continue
            budget = max_plies
        else:
            budget = next((r for r in range(1, max_plies + 1, 2)
                           if solver.first_move_works(rec, r)), None)
            if budget is None:
                continue
        if goal == "promote" and solver.promotes(rec, white):
            line = Line(move)
        else:
            child = (*solver.apply(m, k, om, ok, white, rec), not white)
            line = Line(move, solver.build_and(board.after(rec), child, budget - 1))
        out[move] = Proof(board.fen(), board.variant.name, goal, max_plies, line.depth(),
                          line, king_value)
    return out
