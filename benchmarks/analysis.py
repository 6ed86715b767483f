"""The analysis page's speed, as an instructor meets it (its logic, dama.core.board.
analysis, with no widgets): a file of 1,000 real games listed, its last game opened, and the
best move asked («Migliore mossa», level 6's budget of one second) in positions of real games.

    python benchmarks/analysis.py [--quick] [--json]

Targets (issue «The club's analysis board»): the list of a 1,000-game file in ≤ 1 s; a best
move in ≤ 2 s. The browser edition's figure for the best move is measured by the browser test
(tests/browser/test_site.py) and printed in its report.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dama.analysis.controller import Analysis  # noqa: E402
from damalib.pdn import load_games  # noqa: E402

GAMES = ROOT / "tests" / "fixtures" / "pdn" / "italian_championship.pdn"
LIST_TARGET, BEST_TARGET = 1.0, 2.0


def measure(quick: bool = False) -> dict:
    text = GAMES.read_bytes()
    copies = -(-1000 // text.count(b"[Evento"))          # the six games again and again
    data = b"\n".join([text] * copies)
    page = Analysis("it")
    listed = []
    for _ in range(1 if quick else 3):
        started = time.perf_counter()
        page.open_file(data, "torneo.pdn")
        rows = page.rows()
        listed.append(time.perf_counter() - started)
    started = time.perf_counter()
    page.choose(len(rows))
    opened = time.perf_counter() - started
    asks = []
    games = list(load_games(GAMES))
    plies = [(g, p) for g in games for p in range(8, len(g.mainline), 12)]
    for game, ply in plies[:4 if quick else len(plies)]:
        board = game.board(ply)
        if board.outcome() is not None:
            continue
        page.set_fen(board.fen())
        started = time.perf_counter()
        page.best_move()
        asks.append((time.perf_counter() - started, page.advice.depth))
    return {"games": len(rows), "bytes": len(data), "list_seconds": min(listed),
            "open_last_seconds": opened, "best_move_seconds": [a for a, _ in asks],
            "best_move_depths": [d for _, d in asks]}


def report(figures: dict) -> list[str]:
    asks, depths = figures["best_move_seconds"], figures["best_move_depths"]
    list_ok = "met" if figures["list_seconds"] <= LIST_TARGET else "MISSED"
    best_ok = "met" if max(asks) <= BEST_TARGET else "MISSED"
    return [
        f"list of a {figures['games']:,}-game file ({figures['bytes'] / 1e6:.1f} MB, the 2005 "
        f"championship's games repeated): {figures['list_seconds']:.2f} s (target ≤ "
        f"{LIST_TARGET:.0f} s: {list_ok}); its last game opened in "
        f"{figures['open_last_seconds']:.2f} s",
        f"best move (level 6, one second of thought) in {len(asks)} positions of those games: "
        f"median {sorted(asks)[len(asks) // 2]:.2f} s, at most {max(asks):.2f} s (target ≤ "
        f"{BEST_TARGET:.0f} s: {best_ok}); depths {min(depths)}–{max(depths)}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one listing, four positions")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = measure(args.quick)
    print(json.dumps(figures) if args.json else "\n".join(report(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
