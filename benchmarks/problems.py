"""The engine on composed International problems: today's engine (commit 49fc8e5), this
work tree's and the same search compiled (damacore, when make has built it), side by side,
each problem at the same time limit.

    python benchmarks/problems.py              # every problem, 1.0 s each (about 10 minutes)
    python benchmarks/problems.py --seconds 0.5
    python benchmarks/problems.py --quick      # six problems at 0.25 s: a smoke run
    python benchmarks/problems.py --json PATH  # also save every answer as JSON

A problem is solved when the engine's move is the published first move (the first move of the
problem's solution in the file). The problems are the files of benchmarks/problems/ (see its
SOURCES.md), each position once. Each engine runs in a subprocess of its own, the same
interpreter for both: today's engine from ``git archive 49fc8e5 damalib`` unpacked into a
temporary folder (nothing of it is kept), the new one from this work tree, and the compiled
one from this tree's damacore (``damacore.load(variant).search(board, time_limit=...)``).
They are interleaved problem by problem, the order alternating, and only one of them thinks
at a time: a slow spell of a shared machine hits all. The time limit is the engine's own
clock (``Engine.search(board, time_limit=...)``), a fresh Engine (or core) for every problem.
The machine's load (/proc/loadavg) is printed before and after: with other work running,
fewer nodes fit in a second and the counts fall.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROBLEMS = HERE / "problems"
FILES = ("Cat.A1.pdn", "Cat.B1.pdn", "Cat.C1.pdn", "Cat.D1.pdn", "PWCP_2a.pdn")
#: Today's engine: the commit before the sharper search (issue 38, item 5).
BASELINE = "49fc8e5"
QUICK = 6


def load_problems(quick: bool = False) -> list[dict]:
    """Every problem with a legal published solution, once per position, in file order."""
    sys.path.insert(0, str(ROOT))
    from damalib.pdn import load_games

    problems, seen = [], set()
    for name in FILES:
        for game in load_games(PROBLEMS / name):
            if not game.is_problem or game.errors or not game.mainline:
                continue
            board = game.board(0)
            if board.fen() in seen:
                continue
            seen.add(board.fen())
            problems.append({"file": name, "id": game.tag("Round") or game.tag("Event"),
                             "fen": board.fen(), "variant": board.variant.name,
                             "solution": board.move_text(game.mainline[0].move)})
    if quick:
        step = max(1, len(problems) // QUICK)
        problems = problems[::step][:QUICK]
    return problems


def worker(compiled: bool) -> None:
    """One engine: a problem a line on stdin (JSON), its answer a line on stdout. With
    ``compiled``, the same search compiled (damacore), a fresh core for every problem."""
    import damalib
    from damalib import Board
    from damalib.engine import Engine

    print(json.dumps({"damalib": str(Path(damalib.__file__).parent)}), flush=True)
    for line in sys.stdin:
        task = json.loads(line)
        board = Board(task["fen"], task["variant"])
        started = time.perf_counter()
        if compiled:
            import damacore

            engine = damacore.load(board.variant)
        else:
            engine = Engine(board.variant)
        found = engine.search(board, time_limit=task["seconds"])
        print(json.dumps({"move": board.move_text(found.move), "score": found.score,
                          "depth": found.depth, "nodes": found.nodes,
                          "seconds": time.perf_counter() - started}), flush=True)


class Worker:
    """A worker subprocess of ``script`` with ``root`` first on its path (its damalib is
    that tree's)."""

    script = Path(__file__).resolve()

    def __init__(self, name: str, root: Path, compiled: bool = False) -> None:
        self.name = name
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [sys.executable, str(self.script), "--worker", *(["--compiled"] * compiled)],
            cwd=str(root),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        hello = json.loads(self.process.stdout.readline())
        expected = (root / "damalib").resolve()
        if Path(hello["damalib"]).resolve() != expected:
            self.close()
            raise RuntimeError(f"{name}: damalib came from {hello['damalib']}, not {expected}")

    def solve(self, problem: dict, seconds: float) -> dict:
        task = {"fen": problem["fen"], "variant": problem["variant"], "seconds": seconds}
        self.process.stdin.write(json.dumps(task) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} engine's worker ended early")
        return json.loads(line)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=60)


def baseline_tree(folder: Path) -> Path:
    """Today's damalib, unpacked from the repository's history into ``folder``."""
    archive = subprocess.run(["git", "archive", BASELINE, "damalib"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(folder, filter="data")
        else:
            tar.extractall(folder)
    return folder


def compiled_core_here() -> bool:
    """Whether this tree's compiled core (damacore, built by make) runs here."""
    sys.path.insert(0, str(ROOT))
    import damacore

    return damacore.load("international") is not None


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def run(problems: list[dict], seconds: float, engines: list[Worker]) -> list[dict]:
    results = []
    for i, problem in enumerate(problems):
        answers = {}
        order = engines if i % 2 == 0 else engines[::-1]
        for engine in order:
            answers[engine.name] = engine.solve(problem, seconds)
        results.append({**problem, "answers": answers})
        marks = "  ".join(
            f"{name} {a['move']:>7}{' ok' if a['move'] == problem['solution'] else '   '}"
            for name, a in answers.items())
        print(f"[{i + 1:>3}/{len(problems)}] {problem['file']:<12} {problem['id'] or '':<5} "
              f"{problem['solution']:>7}  {marks}", file=sys.stderr, flush=True)
    return results


def table(results: list[dict], names: list[str]) -> list[str]:
    """Problems solved / total, per file and in all, for each engine."""
    files = list(dict.fromkeys(r["file"] for r in results))
    head = ["problems", *names]
    rows = []
    groups = [(f, [r for r in results if r["file"] == f]) for f in files]
    cat = [r for r in results if r["file"].startswith("Cat.")]
    if cat and len(cat) < len(results):
        groups.append(("Cat.A1-D1", cat))
    groups.append(("all", results))
    for label, rs in groups:
        row = [label]
        for name in names:
            solved = sum(r["answers"][name]["move"] == r["solution"] for r in rs)
            row.append(f"{solved}/{len(rs)} ({100 * solved / len(rs):.0f}%)")
        rows.append(row)
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    lines = ["  ".join(str(x).ljust(w) for x, w in zip(head, widths))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(x).ljust(w) for x, w in zip(row, widths)) for row in rows]
    return lines


def misses(results: list[dict], names: list[str]) -> list[str]:
    lines = []
    for r in results:
        wrong = {n: r["answers"][n] for n in names if r["answers"][n]["move"] != r["solution"]}
        if wrong:
            said = "; ".join(f"{n} {a['move']} (score {a['score']}, depth {a['depth']})"
                             for n, a in wrong.items())
            lines.append(f"{r['file']} {r['id']}: published {r['solution']}; {said}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time a problem (1.0)")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK} problems at 0.25 s")
    parser.add_argument("--json", metavar="PATH", help="also write every answer to PATH")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--compiled", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.compiled)
        return 0
    seconds = 0.25 if args.quick else args.seconds
    problems = load_problems(args.quick)
    before, started = load(), time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dama-engine-") as folder:
        engines = []
        try:
            engines.append(Worker(f"today ({BASELINE})", baseline_tree(Path(folder))))
            engines.append(Worker("new", ROOT))
            if compiled_core_here():
                engines.append(Worker("compiled", ROOT, compiled=True))
            results = run(problems, seconds, engines)
        finally:
            for engine in engines:
                engine.close()
    names = [e.name for e in engines]
    print(f"composed International problems, {seconds:g} s each (the engine's own clock), "
          f"solved = the published first move; {len(problems)} positions"
          f"{' (quick)' if args.quick else ''}")
    for line in table(results, names):
        print(line)
    for name in names:
        answers = [r["answers"][name] for r in results]
        nodes = sum(a["nodes"] for a in answers) / sum(a["seconds"] for a in answers)
        depth = sum(a["depth"] for a in answers) / len(answers)
        print(f"{name}: {nodes:,.0f} nodes/s, mean depth {depth:.1f}")
    print("missed:" if any(misses(results, names)) else "missed: none")
    for line in misses(results, names):
        print(f"  {line}")
    print(f"machine load (1, 5, 15 min) before {before}, after {load()}; "
          f"{time.monotonic() - started:.0f} s of wall time")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
