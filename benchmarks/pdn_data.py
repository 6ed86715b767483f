"""The game files of the PDN-reading benchmark: seeded random self-play games, made by damalib
and written with ``damalib.pdn.write_games``, cached under ``benchmarks/.data/``.

    python benchmarks/pdn_data.py VARIANT GAMES [--data-dir DIR] [--jobs N]

prints one JSON line: the path of the PDN file, the path of its description (a JSON file
beside it) and that description. ``benchmarks/run.py`` runs it with damalib on the path.

Game ``i`` (counting from 0) is played by one ``damalib.engine.RandomPlayer(SEED + i)`` for
both sides, from the variant's start position, until the game is over by the rules
(``Board.outcome()``: no legal move, or a draw rule of the variant) or PLY_CAP plies have been
played (result ``*``). Each game depends only on its index, so a file of 300 games is the
first 300 games of the file of 10,000.

The file's name holds every parameter (variant, games, seed, ply cap, format version); a
file made with other parameters is never reused. Writing is checked: a capture must be
written ``from x to``, as PDN readers expect, unless another legal move shares its first and
last square (then every landing square tells them apart) or it ends where it started (damalib
then writes the whole route, as ``19x19`` would say nothing).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from damalib import Board  # noqa: E402
from damalib.engine import RandomPlayer  # noqa: E402
from damalib.pdn import Game, write_games  # noqa: E402

SEED = 20240601
PLY_CAP = 200
FORMAT = 1        # bump when the games or their tags change, so old files are not reused
CHUNK = 250       # games per task of the worker processes
DATA_DIR = HERE / ".data"

# Results as each variant's PDN writes them: International (FMJD) counts 2 for a win.
RESULTS = {
    "international": {"W": "2-0", "B": "0-2", None: "1-1"},
    "italian": {"W": "1-0", "B": "0-1", None: "1/2-1/2"},
}


def file_stem(variant: str, games: int) -> str:
    return f"random-{variant}-{games}g-seed{SEED}-cap{PLY_CAP}-v{FORMAT}"


def play(variant: str, index: int) -> tuple[Board, str, int, int, int]:
    """Game ``index``: the board with its moves, the result, the captures played, how many of
    them were written with every landing square because another legal move shares their
    first and last square, and how many because they come back to the square they started
    from ("19x19" would say nothing). Raises when a capture is written in a longer form than
    PDN needs."""
    board = Board(variant=variant)
    player = RandomPlayer(SEED + index)
    captures = ambiguous = round_trip = 0
    while board.outcome() is None and len(board.move_stack) < PLY_CAP:
        moves = board.legal_moves
        move = player.choose(board)
        if move.is_capture:
            captures += 1
            text = board.move_text(move)
            squares = text.replace("-", "x").split("x")
            if len(squares) > 2:
                shared = sum(1 for m in moves if m.start == move.start and m.end == move.end)
                if shared > 1:
                    ambiguous += 1
                elif move.start == move.end:
                    round_trip += 1
                else:
                    raise RuntimeError(f"game {index + 1}: the capture {text} should be "
                                       f"written {move.start}x{move.end}")
        board.push(move)
    outcome = board.outcome()
    result = "*" if outcome is None else RESULTS[variant][outcome.winner]
    return board, result, captures, ambiguous, round_trip


def make_chunk(task: tuple[str, int, int]) -> dict:
    """Games ``start`` to ``stop - 1`` as PDN text (write_games), with their statistics."""
    variant, start, stop = task
    games, plies, results = [], [], {}
    captures = ambiguous = round_trip = 0
    for index in range(start, stop):
        board, result, c, a, r = play(variant, index)
        captures += c
        ambiguous += a
        round_trip += r
        plies.append(len(board.move_stack))
        results[result] = results.get(result, 0) + 1
        games.append(Game.from_board(board, result, Event="damalib PDN benchmark",
                                     Round=str(index + 1), White="RandomPlayer",
                                     Black="RandomPlayer"))
    out = io.StringIO()
    write_games(games, out)
    return {"text": out.getvalue(), "plies": plies, "results": results,
            "captures": captures, "ambiguous": ambiguous, "round_trip": round_trip}


def _commit() -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=str(ROOT),
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def ensure(variant: str, games: int, data_dir: Path = DATA_DIR, jobs: int | None = None,
           log=None) -> tuple[Path, Path, dict, bool]:
    """The PDN file, its description and whether it was made now: it is made unless a file
    with these parameters exists."""
    if variant not in RESULTS:
        raise SystemExit(f"no benchmark games for {variant!r} (only {', '.join(RESULTS)})")
    data_dir.mkdir(parents=True, exist_ok=True)
    pdn = data_dir / (file_stem(variant, games) + ".pdn")
    meta_path = data_dir / (file_stem(variant, games) + ".json")
    if pdn.exists() and meta_path.exists():
        meta = json.loads(meta_path.read_text())
        if meta.get("games") == games and pdn.stat().st_size == meta.get("bytes"):
            return pdn, meta_path, meta, False
    jobs = jobs or min(2, os.cpu_count() or 1)
    if log:
        log(f"[data] making {games:,} random {variant} games (seed {SEED}, cap {PLY_CAP} plies) "
            f"in {jobs} processes; cached as {pdn.name} ...")
    started = time.monotonic()
    tasks = [(variant, start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            chunks = list(pool.map(make_chunk, tasks))
    else:
        chunks = [make_chunk(task) for task in tasks]
    text = "\n".join(chunk["text"] for chunk in chunks)  # write_games: a blank line between
    partial = pdn.with_suffix(".pdn.partial")
    partial.write_text(text, encoding="utf-8")
    plies = [p for chunk in chunks for p in chunk["plies"]]
    results: dict[str, int] = {}
    for chunk in chunks:
        for key, n in chunk["results"].items():
            results[key] = results.get(key, 0) + n
    meta = {
        "variant": variant, "games": games, "seed": SEED, "ply_cap": PLY_CAP, "format": FORMAT,
        "players": "damalib.engine.RandomPlayer(seed + game index), both sides",
        "moves": sum(plies), "capped": results.get("*", 0), "results": results,
        "captures": sum(c["captures"] for c in chunks),
        "captures_ambiguous": sum(c["ambiguous"] for c in chunks),
        "captures_round_trip": sum(c["round_trip"] for c in chunks),
        "bytes": partial.stat().st_size, "made_s": round(time.monotonic() - started, 1),
        "damalib_commit": _commit(), "plies": plies,
    }
    meta_path.write_text(json.dumps(meta) + "\n")
    partial.replace(pdn)
    if log:
        log(f"[data] {games:,} games, {meta['moves']:,} moves, {meta['bytes'] / 1e6:.1f} MB "
            f"in {meta['made_s']:.0f} s")
    return pdn, meta_path, meta, True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", choices=sorted(RESULTS))
    parser.add_argument("games", type=int)
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    pdn, meta_path, meta, made = ensure(args.variant, args.games, args.data_dir, args.jobs,
                                  log=lambda m: print(m, file=sys.stderr, flush=True))
    summary = {k: v for k, v in meta.items() if k != "plies"}
    print(json.dumps({"pdn": str(pdn), "meta": str(meta_path), "made": made, **summary}))


if __name__ == "__main__":
    main()
