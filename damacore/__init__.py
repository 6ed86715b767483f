"""damacore: the engine's compiled core, ``draughts.c`` built to WebAssembly.

The rules stay in damalib, pure Python (:mod:`damalib.movegen` is the reference, and
everything runs without this package). The compiled core generates the same moves, and
searches as :class:`damalib.engine.Engine` does with the same evaluation, about sixteen
times faster. It reads positions through damalib's public API only. ``make`` builds it
(``draughts.wasm`` beside this file, with zig's C compiler) and wasmtime runs it in CPython;
a browser could run the same file, which the browser edition does not load yet. Without the
file or without wasmtime, :func:`load` gives None.

>>> from damalib import Board
>>> core = load("international")
>>> core is None or core.perft(Board(variant="international"), 3) == 658
True
"""

from __future__ import annotations

import atexit
import struct
import time
from pathlib import Path
from typing import Any

from damalib import Move, Position, Variant, get_variant
from damalib.engine import FLYING_WEIGHTS, ITALIAN_WEIGHTS, SearchResult, Weights

#: The built module, beside this file.
MODULE = Path(__file__).with_name("draughts.wasm")
#: The most pieces one move takes (the C core's ``MAX_CAPTURES``), and the bytes a move
#: takes in its exchange buffer: start, end, king, promotes, count, the squares taken.
MAX_CAPTURES = 24
_MOVE_BYTES = 5 + MAX_CAPTURES

# One compiled module for the process (compiling it is the slow part); an instance each.
_compiled: tuple[Any, Any] | None = None


def _module() -> tuple[Any, Any] | None:
    global _compiled
    if _compiled is None:
        try:
            import wasmtime
        except ImportError:
            return None
        if not MODULE.is_file():
            return None
        engine = wasmtime.Engine()
        _compiled = (engine, wasmtime.Module.from_file(engine, str(MODULE)))
        # Let go of it before the interpreter takes wasmtime apart at exit (its finalizers
        # would then complain on the way out).
        atexit.register(_release)
    return _compiled


def _release() -> None:
    global _compiled
    _compiled = None


class CompiledCore:
    """The compiled move generator set up for one variant (an instance of its own)."""

    def __init__(self, variant: Variant, engine: Any, module: Any) -> None:
        import wasmtime

        self.variant = variant
        self._store = wasmtime.Store(engine)
        # The core asks the host for the time (a search on a clock).
        now = wasmtime.Func(self._store, wasmtime.FuncType([], [wasmtime.ValType.f64()]),
                            time.perf_counter)
        exports = wasmtime.Instance(self._store, module, [now]).exports(self._store)
        self._memory = exports["memory"]
        self._call = {name: exports[f"dama_{name}"] for name in
                      ("init", "io_board", "io_moves", "set_position", "perft", "legal_moves",
                       "io_weights", "io_history", "io_result", "init_search", "evaluate",
                       "search", "hash", "pv")}
        squares = self._call["init"](
            self._store, variant.size, int(variant.dark_bottom_right),
            int(variant.flying_kings), int(variant.men_capture_backwards),
            int(variant.men_capture_kings), int(variant.promotion_ends_capture),
            int(len(variant.precedence) > 1))
        if squares != variant.squares:
            raise ValueError(f"the compiled core cannot play {variant.name}")
        self._board_at = self._call["io_board"](self._store)
        self._moves_at = self._call["io_moves"](self._store)
        self._set_weights(FLYING_WEIGHTS if variant.flying_kings else ITALIAN_WEIGHTS)

    def _set_weights(self, weights: Weights) -> None:
        """The evaluation's weights, damalib.engine's, in the order draughts.c reads them."""
        values = [0] * 64
        values[:14] = [weights.man, weights.king, weights.back_row, weights.centre_man,
                       weights.near_centre_man, weights.centre_king,
                       weights.long_diagonal_king, weights.trade, weights.hunt,
                       weights.kingless, weights.kingless_men, weights.draw_pieces,
                       weights.draw_scale, weights.runaway_pieces]
        size = self.variant.size
        for offset, row in ((16, weights.advance_open), (32, weights.advance_end),
                            (48, weights.runaway)):
            # A table shorter than the board goes on with its last value, as damalib's does.
            padded = list(row) if not row or len(row) >= size else (
                list(row[:-1]) + [row[-2]] * (size - len(row)) + [0])
            values[offset:offset + len(padded)] = padded[:16]
        self._memory.write(self._store, struct.pack("<64i", *values),
                           self._call["io_weights"](self._store))
        self._call["init_search"](self._store)

    def set_position(self, board: Position) -> None:
        """Give the core ``board``'s pieces and side to move."""
        if board.variant != self.variant:
            raise ValueError(f"a {board.variant.name} position for a {self.variant.name} core")
        cells = bytearray(self.variant.squares)
        for square, piece in board.pieces().items():
            cells[square - 1] = 1 | (2 if piece.king else 0) | (4 if piece.colour == "B" else 0)
        self._memory.write(self._store, cells, self._board_at)
        self._call["set_position"](self._store, int(board.turn == "W"))

    def perft(self, board: Position, depth: int) -> int:
        """Leaf positions ``depth`` plies below ``board``, as :func:`damalib.perft` counts."""
        if depth < 0:
            raise ValueError("depth must be zero or more")
        self.set_position(board)
        count = self._call["perft"](self._store, depth)
        if count < 0:
            raise OverflowError("too many moves for the compiled core's buffer")
        return count

    def legal_moves(self, board: Position) -> list[tuple[int, int, frozenset[int]]]:
        """``board``'s legal moves as (start, end, squares taken), square numbers."""
        self.set_position(board)
        count = self._call["legal_moves"](self._store)
        if count < 0:
            raise OverflowError("too many moves for the compiled core's buffer")
        return self._read_moves(count)


    def _key(self, key: tuple[int, int, int, int, bool]) -> int:
        """The core's hash of an earlier position (``Position.earlier_keys``' form)."""
        geometry = self.variant.geometry
        cells = bytearray(self.variant.squares)
        for bits, piece in zip(key[:4], (1, 3, 5, 7)):
            while bits:
                low = bits & -bits
                bits ^= low
                cells[geometry.square_of[low.bit_length() - 1] - 1] = piece
        self._memory.write(self._store, cells, self._board_at)
        self._call["set_position"](self._store, int(key[4]))
        return self._call["hash"](self._store) & (1 << 64) - 1

    def evaluate(self, board: Position) -> int:
        """The static evaluation, as :func:`damalib.engine.evaluate` gives it (the game not
        over)."""
        self.set_position(board)
        return self._call["evaluate"](self._store)

    def search(self, board: Position, *, max_depth: int = 64, max_nodes: int | None = None,
               time_limit: float | None = None) -> SearchResult:
        """The full-strength search of :class:`damalib.engine.Engine`, compiled: what
        ``Engine.search`` gives (the move, its score, the depth completed, the nodes, the
        seconds and the principal variation). The core keeps its table from one search to
        the next, as an Engine does."""
        started = time.perf_counter()
        keys = [self._key(key) for key in board.earlier_keys()[-59:]]
        self.set_position(board)
        if keys:
            self._memory.write(self._store, struct.pack(f"<{len(keys)}Q", *keys),
                               self._call["io_history"](self._store))
        count = self._call["search"](self._store, max_depth, float(max_nodes or 0),
                                     float(time_limit or 0), len(keys))
        if count <= 0:
            raise ValueError(f"the game is over: no legal move in {board.fen()}")
        at = self._call["io_result"](self._store)
        index, score, depth, nodes = struct.unpack("<4q", self._memory.read(self._store, at,
                                                                            at + 32))
        seconds = time.perf_counter() - started
        move = self._moves_of(board, [self.legal_moves(board)[index]])[0]
        self.set_position(board)
        line = self._moves_of(board, self._read_moves(self._call["pv"](self._store, 20)))
        return SearchResult(move, score, depth, nodes, seconds, line or [move])

    def _read_moves(self, count: int) -> list[tuple[int, int, frozenset[int]]]:
        raw = self._memory.read(self._store, self._moves_at,
                                self._moves_at + count * _MOVE_BYTES)
        moves = []
        for i in range(count):
            record = raw[i * _MOVE_BYTES:(i + 1) * _MOVE_BYTES]
            taken = frozenset(s + 1 for s in record[5:5 + record[4]])
            moves.append((record[0] + 1, record[1] + 1, taken))
        return moves

    @staticmethod
    def _moves_of(board: Position, line: list[tuple[int, int, frozenset[int]]]) -> list[Move]:
        """The core's moves played out from ``board`` as damalib writes them (a line stops
        at a move that is not legal there)."""
        position, moves = board.copy(), []
        for start, end, taken in line:
            move = next((m for m in position.legal_moves
                         if (m.start, m.end, frozenset(m.captures)) == (start, end, taken)),
                        None)
            if move is None:
                break
            moves.append(move)
            position.push(move)
        return moves


def load(variant: str | Variant) -> CompiledCore | None:
    """The compiled core for ``variant``, or None where it cannot run here."""
    compiled = _module()
    if compiled is None:
        return None
    return CompiledCore(get_variant(variant), *compiled)
