"""A match: this work tree's engine against today's (commit 49fc8e5), the same budget a move.

    python benchmarks/match.py                          # Italian then International, 100 each
    python benchmarks/match.py --variants italian --openings 10 --nodes 2000   # a short one
    python benchmarks/match.py --json PATH              # also save every game
    python benchmarks/match.py --compiled --seconds 0.1 --variants international
        # the course's engine (damacore.engine_for) against today's, at equal time: 0.1 s a move each

The openings: every position 3 plies from the variant's start (``--plies``), of which
``--openings`` are taken evenly spread in the order the moves are generated; each is played
twice, the engines swapping colours. Every move is a search of ``--nodes`` nodes
(``Engine.search(board, max_nodes=...)``, level 6's search with a node budget instead of its
clock): the same budget for both, and a game that can be replayed exactly on any machine,
whatever its load. The mean time a move took each engine is printed beside the result, so that
"the same budget" can be read as time too. Each side keeps one Engine (its transposition
table) through a game, as the computer opponent does. ``--seconds`` gives each move that
much time instead (equal time, which depends on the machine's load), and ``--compiled`` makes
the new engine the course's (damacore.engine_for: this tree's search compiled, with Dama
Italiana's endgame tables; one a game, which keeps its table).

A game ends by the rules the library knows: ``Board.outcome(claim_draw=True)`` (no piece or
no move, the draw rules of the variant, a repetition a player may claim); a game still going
after ``--cap`` plies is counted a draw and said. Each engine runs in a subprocess of its own,
today's from ``git archive 49fc8e5 damalib`` unpacked into a temporary folder; only one of the
two thinks at a time.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

# The workers import damalib from the tree they are given, so this script imports this
# tree's damalib (for the referee's board) only in main(), never at the top.
from problems import BASELINE, Worker, baseline_tree, load  # noqa: E402


def worker(compiled: bool) -> None:
    """One engine: ``{"new": variant}`` starts a game, ``{"play": [moves], "nodes": n,
    "seconds": s}`` plays the opponent's moves on its board and answers with its own (a
    search of ``n`` nodes, or of ``s`` seconds when ``n`` is 0). With ``compiled``, the
    course's engine (damacore.engine_for: the search compiled, Dama Italiana's endgame
    tables from damalib), one a game."""
    import damalib
    from damalib import Board
    from damalib.engine import Engine

    print(json.dumps({"damalib": str(Path(damalib.__file__).parent)}), flush=True)
    board = engine = None
    for line in sys.stdin:
        task = json.loads(line)
        if "new" in task:
            board = Board(variant=task["new"])
            if compiled:
                import damacore

                engine = damacore.engine_for(task["new"])
            else:
                engine = Engine(task["new"])
            print(json.dumps({"ok": True}), flush=True)
            continue
        for text in task["play"]:
            board.push(text)
        budget = {"max_nodes": task["nodes"] or None, "time_limit": task["seconds"] or None}
        started = time.perf_counter()
        found = engine.search(board, **budget)
        spent = time.perf_counter() - started
        text = board.move_text(found.move)
        board.push(found.move)
        print(json.dumps({"move": text, "seconds": spent, "nodes": found.nodes}), flush=True)


class Player(Worker):
    """A worker of this script (not of problems.py): one engine playing games."""

    script = Path(__file__).resolve()

    def ask(self, task: dict) -> dict:
        self.process.stdin.write(json.dumps(task) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} engine's worker ended early")
        return json.loads(line)


def openings(variant: str, plies: int, count: int) -> list[list[str]]:
    """Every line of ``plies`` moves from the start (positions once), ``count`` of them
    evenly spread."""
    from damalib import Board

    lines, seen = [], set()

    def walk(board, line: list[str]) -> None:
        if len(line) == plies:
            if board.fen() not in seen:
                seen.add(board.fen())
                lines.append(line)
            return
        for move in board.legal_moves:
            text = board.move_text(move)
            board.push(move)
            walk(board, line + [text])
            board.pop()

    walk(Board(variant=variant), [])
    if count >= len(lines):
        return lines
    return [lines[i * len(lines) // count] for i in range(count)]


def play(white: Player, black: Player, variant: str, opening: list[str], nodes: int,
         seconds: float, cap: int) -> dict:
    """One game; the opening's moves are played for both."""
    from damalib import Board

    board = Board(variant=variant)
    for player in (white, black):
        player.ask({"new": variant})
    for text in opening:
        board.push(text)
    pending = {white.name: list(opening), black.name: list(opening)}
    spent = {white.name: [0.0, 0], black.name: [0.0, 0]}
    while board.outcome(claim_draw=True) is None and len(board.move_stack) < cap:
        player, other = (white, black) if board.turn == "W" else (black, white)
        answer = player.ask({"play": pending[player.name], "nodes": nodes,
                             "seconds": seconds})
        pending[player.name] = []
        board.push(answer["move"])
        pending[other.name].append(answer["move"])
        spent[player.name][0] += answer["seconds"]
        spent[player.name][1] += 1
    outcome = board.outcome(claim_draw=True)
    winner = None if outcome is None else outcome.winner
    return {"white": white.name, "black": black.name, "opening": opening,
            "winner": {"W": white.name, "B": black.name}.get(winner),
            "end": outcome.termination.value if outcome else f"cap of {cap} plies",
            "plies": len(board.move_stack), "spent": spent}


def summary(variant: str, games: list[dict], new: str, old: str, budget: str) -> list[str]:
    wins = sum(g["winner"] == new for g in games)
    losses = sum(g["winner"] == old for g in games)
    draws = len(games) - wins - losses
    score = (wins + draws / 2) / len(games)
    lines = [f"{variant}: {len(games)} games, {budget} a move each: {new} engine "
             f"+{wins} ={draws} -{losses} against today's ({100 * score:.1f}% of the points)"]
    for colour in ("white", "black"):
        mine = [g for g in games if g[colour] == new]
        w = sum(g["winner"] == new for g in mine)
        lo = sum(g["winner"] == old for g in mine)
        lines.append(f"  {new} engine with {colour}: +{w} ={len(mine) - w - lo} -{lo}")
    for name in (new, old):
        seconds = sum(g["spent"][name][0] for g in games)
        moves = sum(g["spent"][name][1] for g in games)
        lines.append(f"  {name}: {moves:,} moves, {1000 * seconds / max(1, moves):.0f} ms "
                     f"a move on average")
    ends: dict[str, int] = {}
    for g in games:
        ends[g["end"]] = ends.get(g["end"], 0) + 1
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    lines.append(f"  mean length {sum(g['plies'] for g in games) / len(games):.0f} plies")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="italian,international")
    parser.add_argument("--plies", type=int, default=3, help="opening length (3)")
    parser.add_argument("--openings", type=int, default=50,
                        help="openings a variant, each played twice (50)")
    parser.add_argument("--nodes", type=int, default=5000, help="nodes a move (5,000)")
    parser.add_argument("--seconds", type=float, default=0.0,
                        help="seconds a move instead of nodes: equal time (0: nodes)")
    parser.add_argument("--compiled", action="store_true",
                        help="the new engine is this tree's search compiled (damacore)")
    parser.add_argument("--cap", type=int, default=400, help="plies before a draw (400)")
    parser.add_argument("--json", metavar="PATH", help="also write every game to PATH")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.compiled)
        return 0
    nodes = 0 if args.seconds else args.nodes
    budget = f"{args.seconds:g} s" if args.seconds else f"{args.nodes:,} nodes"
    sys.path.insert(0, str(ROOT))
    report, everything = [], {}
    before, started = load(), time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dama-engine-") as folder:
        old = Player(f"today ({BASELINE})", baseline_tree(Path(folder)))
        new = Player("compiled" if args.compiled else "new", ROOT, compiled=args.compiled)
        try:
            for variant in args.variants.split(","):
                games = []
                lines = openings(variant, args.plies, args.openings)
                for i, line in enumerate(lines):
                    for white, black in ((new, old), (old, new)):
                        game = play(white, black, variant, line, nodes, args.seconds,
                                    args.cap)
                        games.append(game)
                        print(f"[{variant} {len(games)}/{2 * len(lines)}] {' '.join(line)}: "
                              f"{white.name} - {black.name}: {game['winner'] or 'draw'} "
                              f"({game['end']}, {game['plies']} plies)",
                              file=sys.stderr, flush=True)
                report += summary(variant, games, new.name, old.name, budget)
                everything[variant] = games
        finally:
            old.close()
            new.close()
    for line in report:
        print(line)
    print(f"openings: {args.openings} a variant, {args.plies} plies from the start, each "
          f"played twice with colours swapped; machine load (1, 5, 15 min) before {before}, "
          f"after {load()}; {time.monotonic() - started:.0f} s of wall time")
    if args.json:
        Path(args.json).write_text(json.dumps(everything, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
