"""One perft measurement, run as a subprocess by ``benchmarks/run.py``; prints one JSON line.

    python benchmarks/worker.py METHOD VARIANT DEPTH REPEAT MIN_TIME

It is run by the project's interpreter for damalib and by each peer's own throwaway virtualenv
for the peers (pydraughts and py-draughts both import as ``draughts``, so they cannot share
one). It uses the standard library and the measured library's public API only: nothing from
a peer is copied here, the peers are only imported and called.

Timing is the same for every method: one untimed warm-up call (also used to calibrate), then
REPEAT repetitions; a repetition runs the call ``loops`` times back to back, with ``loops``
chosen so that one repetition lasts at least MIN_TIME CPU seconds (1 for slow calls). The
reported time is the best repetition divided by ``loops``: CPU seconds for one perft call,
measured with ``time.process_time`` (this process's CPU time, all its threads).
"""

from __future__ import annotations

import json
import math
import platform
import sys
import time


# --- public-API perft: every leaf is pushed and popped, no bulk counting ---------------------
# Two copies, because legal_moves is a property in damalib and py-draughts and a method in
# pydraughts; an adapter (lambda) per node would slow all of them down.

def api_perft_property(board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += api_perft_property(board, depth - 1)
        board.pop()
    return total


def api_perft_method(board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += api_perft_method(board, depth - 1)
        board.pop()
    return total


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return "unknown"


# --- the methods: each returns (a zero-argument call returning the leaf count, library info) -

def _damalib_board(variant: str):
    from damalib import Board
    return Board(variant=variant)


def setup(method: str, variant: str, depth: int):
    if method == "damalib.perft":
        import damalib
        from damalib import perft
        board = _damalib_board(variant)
        return (lambda: perft(board, depth)), ("damalib", _version("dama-course"), damalib.__file__)
    if method == "damalib.api":
        import damalib
        board = _damalib_board(variant)
        return (lambda: api_perft_property(board, depth)), ("damalib", _version("dama-course"),
                                                            damalib.__file__)
    if method == "pydraughts.api":
        import draughts
        from draughts import Board
        board = Board(variant=variant)
        return (lambda: api_perft_method(board, depth)), ("pydraughts", _version("pydraughts"),
                                                          draughts.__file__)
    if method == "py-draughts.api":
        import draughts
        from draughts import BrazilianBoard, StandardBoard
        boards = {"brazilian": BrazilianBoard, "international": StandardBoard}
        board = boards[variant]()
        return (lambda: api_perft_property(board, depth)), ("py-draughts", _version("py-draughts"),
                                                            draughts.__file__)
    if method == "py-draughts.turbo":
        import draughts
        from draughts import StandardBoard
        from draughts.engines.turbo import perft_from_board
        if variant != "international":
            raise SystemExit("py-draughts turbo perft is for International draughts only")
        board = StandardBoard()
        return (lambda: perft_from_board(board, depth)), ("py-draughts", _version("py-draughts"),
                                                          draughts.__file__)
    raise SystemExit(f"unknown method {method!r}")


def measure(method: str, variant: str, depth: int, repeat: int, min_time: float) -> dict:
    call, (library, version, path) = setup(method, variant, depth)
    clock = time.process_time
    start = clock()
    leaves = call()  # warm-up, and calibration of the loop count
    warm = clock() - start
    loops = 1 if warm >= min_time else max(1, math.ceil(min_time / max(warm, 1e-6)))
    times = []
    for _ in range(repeat):
        start = clock()
        for _ in range(loops):
            got = call()
        times.append((clock() - start) / loops)
        if got != leaves:
            raise SystemExit(f"{method}: leaf count changed between calls ({leaves} then {got})")
    best = min(times)
    return {
        "method": method, "variant": variant, "depth": depth, "leaves": leaves,
        "cpu_s": best, "leaves_per_s": leaves / best if best > 0 else float("inf"),
        "repeat": repeat, "loops": loops, "times": times, "warmup_s": warm,
        "library": library, "version": version, "module": path,
        "python": platform.python_version(), "implementation": platform.python_implementation(),
    }


def main(argv: list[str]) -> None:
    if len(argv) != 5:
        raise SystemExit(__doc__)
    method, variant, depth, repeat, min_time = argv
    result = measure(method, variant, int(depth), int(repeat), float(min_time))
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
