"""Engine benchmark (run by hand, not by the tests): search speed, solver speed, the strength
ladder of the playing levels, and level 6 against a random and a greedy player.

    .venv/bin/python benchmarks/engine.py             # the full run (about 17 min on 2 CPUs)
    .venv/bin/python benchmarks/engine.py --quick     # a smoke run (about 2 minutes)
    .venv/bin/python benchmarks/engine.py --jobs 1    # one process only

Games run in parallel worker processes (``--jobs``, default: the number of CPUs). Every game
is deterministic: the openings come from fixed seeds, levels 1-4 draw their mistakes from a
seeded generator, level 5 has a fixed node budget, and level 6 plays here with a node budget
(``--nodes``, default 20,000 a move) instead of its one-second clock, so the tables can be
reproduced exactly on any machine. The output is Markdown (the tables of README.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from damalib import Board  # noqa: E402
from damalib.engine import (ComputerPlayer, Engine, GreedyPlayer, RandomPlayer,  # noqa: E402
                            LEVELS)
from damalib.solver import accepted_moves, solve  # noqa: E402

MOVE_CAP = 150  # plies; a game still going then is scored a draw

PUZZLES = [  # (fen, goal, plies): the shot positions of the tests and a few middlegames
    ("W:W15,28,31:B9,10,18,20", "material", 5),
    ("W:W10,20,25,29:B4,11,17,19", "material", 5),
    ("B:W5,17,25,26,28-30,32:B2-4,6-9,13,27", "material", 7),
    ("W:W15,17,22,23,26,28,30-32:B1-4,6,8,9,14,16,25", "material", 7),
    ("B:W17,18,20,21,23,27,29-32:B2,4-6,8-13,22", "material", 7),
    ("W:W18,20-23,25-30,32:B1-3,5-9,11,12,14,16", "material", 7),
    ("W:W23,24:B16", "block", 3),
    ("W:W29,31:B19,25", "block", 5),
    ("W:WK10,K19:BK28", "win", 9),
    ("W:W21-32:B1-12", "win", 9),
    ("W:W15,17,22,23,26,28,30-32:B1-4,6,8,9,14,16,25", "win", 9),
]


def make_player(spec: str, seed: int, nodes: int):
    if spec == "random":
        return RandomPlayer(seed)
    if spec == "greedy":
        return GreedyPlayer(seed)
    level = int(spec)
    if level == 6:
        return ComputerPlayer(6, seed=seed, max_nodes=nodes)
    return ComputerPlayer(level, seed=seed)


def play_game(task: tuple) -> dict:
    """One game: ``a`` and ``b`` are player specs; ``a`` has White when ``a_white``."""
    a, b, index, a_white, nodes, variant = task
    opening = random.Random(1000 + index // 2)  # both colours play the same opening
    board = Board(variant=variant)
    for _ in range(opening.randint(2, 4)):
        board.push(opening.choice(board.legal_moves))
    pa = make_player(a, 10 * index + 1, nodes)
    pb = make_player(b, 10 * index + 2, nodes)
    white, black = (pa, pb) if a_white else (pb, pa)
    start = time.perf_counter()
    while board.outcome() is None and len(board.move_stack) < MOVE_CAP:
        player = white if board.turn == "W" else black
        board.push(player.choose(board))
    outcome = board.outcome()
    winner = outcome.winner if outcome else None
    a_colour = "W" if a_white else "B"
    result = "draw" if winner is None else ("a" if winner == a_colour else "b")
    return {"a": a, "b": b, "index": index, "result": result, "plies": len(board.move_stack),
            "seconds": time.perf_counter() - start, "capped": outcome is None}


def match(pool, a: str, b: str, games: int, nodes: int, variant: str = "italian") -> dict:
    tasks = [(a, b, i, i % 2 == 0, nodes, variant) for i in range(games)]
    results = list(pool.map(play_game, tasks))
    summary = {"a": a, "b": b, "games": games,
               "a_wins": sum(r["result"] == "a" for r in results),
               "b_wins": sum(r["result"] == "b" for r in results),
               "draws": sum(r["result"] == "draw" for r in results),
               "capped": sum(r["capped"] for r in results),
               "plies": sum(r["plies"] for r in results) / games,
               "seconds": sum(r["seconds"] for r in results)}
    return summary


def name(spec: str, nodes: int) -> str:
    if spec in ("random", "greedy"):
        return {"random": "RandomPlayer", "greedy": "GreedyPlayer"}[spec]
    return f"level {spec}" + (f" ({nodes:,} nodes)" if spec == "6" else "")


def speed_table(quick: bool) -> list[str]:
    rows = ["| variant | position | depth reached | nodes | CPU s | nodes/s |",
            "| --- | --- | --- | --- | --- | --- |"]
    rng = random.Random(3)
    budget = 0.5 if quick else 2.0
    for variant in ("italian", "brazilian", "international"):
        positions = [("start", Board(variant=variant))]
        for plies in (12, 30):
            board = Board(variant=variant)
            for _ in range(plies):
                if not board.legal_moves:
                    break
                board.push(rng.choice(board.legal_moves))
            if board.legal_moves:
                positions.append((f"random, {plies} plies", board))
        for label, board in positions:
            engine = Engine(variant)
            t0 = time.process_time()
            result = engine.search(board, time_limit=budget)
            cpu = time.process_time() - t0
            rows.append(f"| {variant} | {label} | {result.depth} | {result.nodes:,} | "
                        f"{cpu:.2f} | {result.nodes / cpu:,.0f} |")
    return rows


def level_time_table(quick: bool) -> list[str]:
    """Average CPU time per move of each level over a few middlegame positions."""
    rng = random.Random(5)
    boards = []
    while len(boards) < (3 if quick else 8):
        board = Board()
        for _ in range(rng.randint(8, 30)):
            if not board.legal_moves:
                break
            board.push(rng.choice(board.legal_moves))
        if len(board.legal_moves) > 1:
            boards.append(board)
    rows = ["| level | search | CPU s per move (mean) |", "| --- | --- | --- |"]
    for level in range(1, 7):
        spec = LEVELS[level]
        player = ComputerPlayer(level, seed=1)
        t0 = time.process_time()
        for board in boards:
            player.choose(board)
        cpu = (time.process_time() - t0) / len(boards)
        how = (f"depth {spec.depth}" if spec.max_nodes is None and spec.time_limit is None
               else f"up to {spec.max_nodes:,} nodes" if spec.max_nodes
               else f"{spec.time_limit:g} s clock")
        extras = []
        if spec.quiescence:
            extras.append("quiescence")
        if spec.noise:
            extras.append(f"noise {spec.noise}")
        if spec.slip:
            extras.append(f"slip {spec.slip:.0%} among top {spec.top_k}")
        if spec.endgame:
            extras.append("endgame tables")
        rows.append(f"| {level} | {how}; {', '.join(extras)} | {cpu:.3f} |")
    return rows


def solver_table() -> list[str]:
    rows = ["| position | goal | plies | solved in | accepted first moves | solve s | "
            "accepted_moves s |", "| --- | --- | --- | --- | --- | --- | --- |"]
    for fen, goal, plies in PUZZLES:
        board = Board(fen)
        t0 = time.process_time()
        proof = solve(board, goal, plies)
        t1 = time.process_time()
        accepted = accepted_moves(board, goal, plies)
        t2 = time.process_time()
        if proof is not None:
            assert proof.verify()
        rows.append(f"| `{fen}` | {goal} | {plies} | "
                    f"{proof.plies if proof else 'none'} | "
                    f"{', '.join(map(str, accepted)) or '-'} | {t1 - t0:.3f} | "
                    f"{t2 - t1:.3f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="few games, short searches")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--nodes", type=int, default=20_000,
                        help="level 6's node budget per move in the games")
    parser.add_argument("--games", type=int, default=None, help="games per pairing")
    args = parser.parse_args()
    games = args.games or (4 if args.quick else 20)
    nodes = 3_000 if args.quick and args.nodes == 20_000 else args.nodes
    wall = time.perf_counter()
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        commit = "?"
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{args.jobs} worker processes, damalib at {commit or '?'} (plus the work tree)\n")

    print("### Search speed (one search, iterative deepening on a clock)\n")
    print("\n".join(speed_table(args.quick)) + "\n")
    print("### Time per move of each level (Dama Italiana middlegames)\n")
    print("\n".join(level_time_table(args.quick)) + "\n")
    print("### Solver\n")
    print("\n".join(solver_table()) + "\n")

    pairings = [("1", "2"), ("2", "3"), ("3", "4"), ("4", "5"), ("5", "6"), ("3", "6"),
                ("6", "random"), ("6", "greedy")]
    rows = ["| pairing | games | wins (first) | wins (second) | draws | of which move cap | "
            "mean plies | seconds (sum of games) |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for a, b in pairings:
            s = match(pool, a, b, games, nodes)
            rows.append(f"| {name(a, nodes)} vs {name(b, nodes)} | {s['games']} | "
                        f"{s['a_wins']} | {s['b_wins']} | {s['draws']} | {s['capped']} | "
                        f"{s['plies']:.0f} | {s['seconds']:.0f} |")
            print(rows[-1], file=sys.stderr, flush=True)
    print(f"### Games (Dama Italiana; {games} games a pairing, colours alternated, "
          f"2-4 random opening plies from fixed seeds, draw at {MOVE_CAP} plies)\n")
    print("\n".join(rows) + "\n")
    print(f"Wall time of the whole run: {time.perf_counter() - wall:.0f} s")


if __name__ == "__main__":
    main()
