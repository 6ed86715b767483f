"""damacore: the engine's compiled core, ``draughts.c`` built to WebAssembly.

The rules stay in damalib, pure Python (:mod:`damalib.movegen` is the reference, and
everything runs without this package). The compiled core generates the same moves, and
searches as :class:`damalib.engine.Engine` does with the same evaluation, about sixteen
times faster. It reads positions through damalib's public API only. ``make`` builds it
(``draughts.wasm`` beside this file, with zig's C compiler); wasmtime runs it in CPython, and
the browser's own WebAssembly in Pyodide (the browser edition). Without the file or without
a WebAssembly runtime, :func:`load` gives None.

:func:`engine_for` is what the course plays and advises with: an Engine that searches
compiled where it can, and with damalib's Engine everywhere else (the same answers to the
same calls).

>>> from damalib import Board
>>> core = load("international")
>>> core is None or core.perft(Board(variant="international"), 3) == 658
True
>>> engine_for("italian").search(Board(), max_depth=2).depth
2
"""

from __future__ import annotations

import atexit
import logging
import math
import struct
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from damalib import Move, Position, Variant, get_variant
from damalib.endgame import MAX_PIECES
from damalib.engine import (FLYING_WEIGHTS, ITALIAN_WEIGHTS, MATE, MATE_BOUND, Engine,
                            SearchResult, Weights, last_result)

log = logging.getLogger(__name__)

#: The built module, beside this file.
MODULE = Path(__file__).with_name("draughts.wasm")
#: The most pieces one move takes (the C core's ``MAX_CAPTURES``), and the bytes a move
#: takes in its exchange buffer: start, end, king, promotes, count, the squares taken.
MAX_CAPTURES = 24
_MOVE_BYTES = 5 + MAX_CAPTURES

#: A deadline no clock reaches: a search with no time limit still asks the host's clock now
#: and then, so that :meth:`CompiledCore.stop` can end it.
_NO_DEADLINE = 1e300

# One compiled module for the process (compiling it is the slow part); an instance each.
_compiled: Any = None


class _Clock:
    """The clock a core reads while it searches: past every deadline once a stop is asked
    for. The runtime holds it, and it holds nothing of the core, so a core no one uses is
    freed (with its 24 MB) rather than kept alive by its own import."""

    def __init__(self) -> None:
        self.stop_asked = False

    def __call__(self) -> float:
        return math.inf if self.stop_asked else time.perf_counter()


class _Wasmtime:
    """An instance of the module in CPython, run by wasmtime."""

    def __init__(self, compiled: tuple[Any, Any], now: Callable[[], float]) -> None:
        import wasmtime

        engine, module = compiled
        self._store = wasmtime.Store(engine)
        clock = wasmtime.Func(self._store, wasmtime.FuncType([], [wasmtime.ValType.f64()]), now)
        self._exports = wasmtime.Instance(self._store, module, [clock]).exports(self._store)
        self._memory = self._exports["memory"]

    def call(self, name: str, *args: Any) -> Any:
        return self._exports[name](self._store, *args)

    def read(self, at: int, size: int) -> bytes:
        return bytes(self._memory.read(self._store, at, at + size))

    def write(self, at: int, data: bytes) -> None:
        self._memory.write(self._store, data, at)


class _Browser:
    """An instance of the module in Pyodide, run by the browser's WebAssembly (the kernel
    lives in a worker, where compiling at once is allowed)."""

    def __init__(self, module: Any, now: Callable[[], float]) -> None:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
        from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

        self._js = js
        self._now = create_proxy(now)
        imports = to_js({"env": {"now": self._now}}, dict_converter=js.Object.fromEntries)
        self._exports = js.WebAssembly.Instance.new(module, imports).exports

    def call(self, name: str, *args: Any) -> Any:
        # (an i64 comes back as a BigInt, which Pyodide gives as an int)
        return getattr(self._exports, name)(*args)

    def read(self, at: int, size: int) -> bytes:
        # the buffer is asked for each time: it is a new one whenever the memory grows
        return self._js.Uint8Array.new(self._exports.memory.buffer, at, size).to_bytes()

    def write(self, at: int, data: bytes) -> None:
        self._js.Uint8Array.new(self._exports.memory.buffer, at, len(data)).assign(data)


def _module() -> Any:
    """The compiled module and the runtime that runs it, or None where there is neither
    (or where the file cannot be compiled: then damalib's engine plays, and the log says
    why, once)."""
    global _compiled
    if _compiled is None:
        if not MODULE.is_file():
            return None
        try:
            _compiled = _compile()
        except Exception:
            log.warning("the engine's compiled core %s cannot run here", MODULE, exc_info=True)
            _compiled = False
    return _compiled or None


def _compile() -> Any:
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        return _Browser, js.WebAssembly.Module.new(to_js(MODULE.read_bytes()))
    try:
        import wasmtime
    except ImportError:
        return False
    engine = wasmtime.Engine()
    compiled = (_Wasmtime, (engine, wasmtime.Module.from_file(engine, str(MODULE))))
    # Let go of it before the interpreter takes wasmtime apart at exit (its finalizers would
    # then complain on the way out).
    atexit.register(_release)
    return compiled


def _release() -> None:
    global _compiled
    _compiled = None


class CompiledCore:
    """The compiled core set up for one variant (an instance of its own): its moves and its
    full-strength search."""

    def __init__(self, variant: Variant, runtime: Any, module: Any) -> None:
        self.variant = variant
        self.nodes = 0
        self._clock = _Clock()
        self._wasm = runtime(module, self._clock)
        squares = self._call(
            "init", variant.size, int(variant.dark_bottom_right),
            int(variant.flying_kings), int(variant.men_capture_backwards),
            int(variant.men_capture_kings), int(variant.promotion_ends_capture),
            int(len(variant.precedence) > 1))
        if squares != variant.squares:
            raise ValueError(f"the compiled core cannot play {variant.name}")
        self._board_at = self._call("io_board")
        self._moves_at = self._call("io_moves")
        self._set_weights(FLYING_WEIGHTS if variant.flying_kings else ITALIAN_WEIGHTS)

    def _call(self, name: str, *args: Any) -> Any:
        return self._wasm.call(f"dama_{name}", *args)

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
        self._wasm.write(self._call("io_weights"), struct.pack("<64i", *values))
        self._call("init_search")

    def set_position(self, board: Position) -> None:
        """Give the core ``board``'s pieces and side to move."""
        if board.variant != self.variant:
            raise ValueError(f"a {board.variant.name} position for a {self.variant.name} core")
        cells = bytearray(self.variant.squares)
        for square, piece in board.pieces().items():
            cells[square - 1] = 1 | (2 if piece.king else 0) | (4 if piece.colour == "B" else 0)
        self._wasm.write(self._board_at, bytes(cells))
        self._call("set_position", int(board.turn == "W"))

    def perft(self, board: Position, depth: int) -> int:
        """Leaf positions ``depth`` plies below ``board``, as :func:`damalib.perft` counts."""
        if depth < 0:
            raise ValueError("depth must be zero or more")
        self.set_position(board)
        count = self._call("perft", depth)
        if count < 0:
            raise OverflowError("too many moves for the compiled core's buffer")
        return count

    def legal_moves(self, board: Position) -> list[tuple[int, int, frozenset[int]]]:
        """``board``'s legal moves as (start, end, squares taken), square numbers."""
        self.set_position(board)
        count = self._call("legal_moves")
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
        self._wasm.write(self._board_at, bytes(cells))
        self._call("set_position", int(key[4]))
        return int(self._call("hash")) & (1 << 64) - 1

    def evaluate(self, board: Position) -> int:
        """The static evaluation, as :func:`damalib.engine.evaluate` gives it (the game not
        over)."""
        self.set_position(board)
        return self._call("evaluate")

    def search(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
               max_nodes: int | None = None) -> SearchResult:
        """The full-strength search of :class:`damalib.engine.Engine`, compiled: what
        ``Engine.search`` gives (the move, its score, the depth completed, the nodes, the
        seconds and the principal variation). The core keeps its table from one search to
        the next, as an Engine does."""
        return last_result(self.think(board, max_depth=max_depth, time_limit=time_limit,
                                      max_nodes=max_nodes))

    def stop(self) -> None:
        """End the search under way (from another thread, or between two steps of
        :meth:`think`): it gives the best move of the depths it completed."""
        self._clock.stop_asked = True

    def think(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
              max_nodes: int | None = None) -> Iterator[SearchResult]:
        """:meth:`search` one depth at a time, as :meth:`damalib.engine.Engine.think`: a
        result after each depth, the last one what ``search`` returns. Depth 1 is always
        completed; ``max_nodes`` counts the nodes of all the depths."""
        started = time.perf_counter()
        self._clock.stop_asked = False
        legal = self.legal_moves(board)
        if not legal:
            raise ValueError(f"the game is over: no legal move in {board.fen()}")
        written = {(m.start, m.end, frozenset(m.captures)): m for m in board.legal_moves}
        moves = [written[record] for record in legal]   # as the position writes them
        keys = [self._key(key) for key in board.earlier_keys()[-59:]]
        self.set_position(board)
        if keys:
            self._wasm.write(self._call("io_history"), struct.pack(f"<{len(keys)}Q", *keys))
        self._call("search_begin", len(keys))
        self.nodes = 0
        for depth in range(1, max(1, max_depth) + 1):
            if depth > 1 and self._clock.stop_asked:
                return
            # Depth 1 has neither a clock nor a budget, so that a sensible move exists.
            deadline = 0.0 if depth == 1 else (
                started + time_limit if time_limit is not None else _NO_DEADLINE)
            budget = 0.0 if depth == 1 or max_nodes is None else float(max_nodes)
            completed = self._call("search_depth", depth, budget, deadline)
            at = self._call("io_result")
            index, score, depth_done, self.nodes = struct.unpack("<4q", self._wasm.read(at, 32))
            yield SearchResult(moves[index], score, depth_done, self.nodes,
                               time.perf_counter() - started, self._line(board, moves[index]))
            if not completed or depth == max(1, max_depth) or (
                    abs(score) > MATE_BOUND and MATE - abs(score) <= depth) or (
                    time_limit is not None and time.perf_counter() - started > time_limit * 0.9):
                return

    def _line(self, board: Position, move: Move) -> list[Move]:
        """The principal variation, read from the core's table (it starts with ``move``)."""
        line = self._moves_of(board, self._read_moves(self._call("pv", 20)))
        return line if line and line[0] == move else [move]

    def _read_moves(self, count: int) -> list[tuple[int, int, frozenset[int]]]:
        raw = self._wasm.read(self._moves_at, count * _MOVE_BYTES)
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


class CompiledEngine:
    """An :class:`damalib.engine.Engine` whose full-strength searches run compiled.

    The searches the core does not make go to damalib's Engine, so that the same calls get
    the same kind of answers: the noisy levels' (every first move scored: ``all_scores``),
    those without quiescence or extensions, and a Dama Italiana endgame the exact tables
    settle (at most ``MAX_PIECES`` + 1 pieces, with ``endgame``): the core has no tables."""

    def __init__(self, core: CompiledCore) -> None:
        self.variant = core.variant
        self.core = core
        self._python: Engine | None = None
        self._last: CompiledCore | Engine = core

    @property
    def nodes(self) -> int:
        """The nodes of the last search."""
        return self._last.nodes

    @property
    def python(self) -> Engine:
        """damalib's Engine, for the searches the core does not make (made when needed)."""
        if self._python is None:
            self._python = Engine(self.variant)
        return self._python

    def compiled_for(self, board: Position, *, quiescence: bool = True, endgame: bool = True,
                     all_scores: bool = False, extensions: bool = True) -> bool:
        """Whether the core makes this search (else damalib's Engine does)."""
        if all_scores or not quiescence or not extensions:
            return False
        tables = endgame and self.variant.size == 8
        return not (tables and len(board.pieces()) <= MAX_PIECES + 1)

    def search(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
               max_nodes: int | None = None, quiescence: bool = True, endgame: bool = True,
               all_scores: bool = False, extensions: bool = True) -> SearchResult:
        """As :meth:`damalib.engine.Engine.search`."""
        return last_result(self.think(board, max_depth=max_depth, time_limit=time_limit,
                                      max_nodes=max_nodes, quiescence=quiescence,
                                      endgame=endgame, all_scores=all_scores,
                                      extensions=extensions))

    def think(self, board: Position, *, max_depth: int = 64, time_limit: float | None = None,
              max_nodes: int | None = None, quiescence: bool = True, endgame: bool = True,
              all_scores: bool = False, extensions: bool = True) -> Iterator[SearchResult]:
        """As :meth:`damalib.engine.Engine.think`."""
        if self.compiled_for(board, quiescence=quiescence, endgame=endgame,
                             all_scores=all_scores, extensions=extensions):
            self._last = self.core
            return self.core.think(board, max_depth=max_depth, time_limit=time_limit,
                                   max_nodes=max_nodes)
        self._last = self.python
        return self.python.think(board, max_depth=max_depth, time_limit=time_limit,
                                 max_nodes=max_nodes, quiescence=quiescence, endgame=endgame,
                                 all_scores=all_scores, extensions=extensions)

    def stop(self) -> None:
        """As :meth:`damalib.engine.Engine.stop`."""
        self._last.stop()

    def __repr__(self) -> str:
        return f"CompiledEngine({self.variant.name!r})"


def engine_for(variant: str | Variant) -> CompiledEngine | Engine:
    """The strongest engine that runs here for ``variant``: a :class:`CompiledEngine`, or
    damalib's Engine where the compiled core cannot load."""
    core = load(variant)
    return CompiledEngine(core) if core is not None else Engine(get_variant(variant))
