"""damacore: the engine's compiled core, ``draughts.c`` built to WebAssembly.

The rules stay in damalib, pure Python (:mod:`damalib.movegen` is the reference, and
everything runs without this package); the compiled core generates the same moves many
times faster, for a search that needs millions of positions a second. It reads positions
through damalib's public API only. One WebAssembly file runs in the browser edition and,
through wasmtime, in CPython. ``make`` builds it (``draughts.wasm`` beside this file, with
zig's C compiler); without the file or without wasmtime, :func:`load` gives None.

>>> from damalib import Board
>>> core = load("international")
>>> core is None or core.perft(Board(variant="international"), 3) == 658
True
"""

from __future__ import annotations

import atexit
from pathlib import Path
from typing import Any

from damalib import Position, Variant, get_variant

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
        exports = wasmtime.Instance(self._store, module, []).exports(self._store)
        self._memory = exports["memory"]
        self._call = {name: exports[f"dama_{name}"] for name in
                      ("init", "io_board", "io_moves", "set_position", "perft", "legal_moves")}
        squares = self._call["init"](
            self._store, variant.size, int(variant.dark_bottom_right),
            int(variant.flying_kings), int(variant.men_capture_backwards),
            int(variant.men_capture_kings), int(variant.promotion_ends_capture),
            int(len(variant.precedence) > 1))
        if squares != variant.squares:
            raise ValueError(f"the compiled core cannot play {variant.name}")
        self._board_at = self._call["io_board"](self._store)
        self._moves_at = self._call["io_moves"](self._store)

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
        raw = self._memory.read(self._store, self._moves_at,
                                self._moves_at + count * _MOVE_BYTES)
        moves = []
        for i in range(count):
            record = raw[i * _MOVE_BYTES:(i + 1) * _MOVE_BYTES]
            taken = frozenset(s + 1 for s in record[5:5 + record[4]])
            moves.append((record[0] + 1, record[1] + 1, taken))
        return moves


def load(variant: str | Variant) -> CompiledCore | None:
    """The compiled core for ``variant``, or None where it cannot run here."""
    compiled = _module()
    if compiled is None:
        return None
    return CompiledCore(get_variant(variant), *compiled)
