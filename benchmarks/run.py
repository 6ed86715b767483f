"""Move-generation and PDN-reading speed of damalib, side by side with two peer libraries.

    python benchmarks/run.py              # the full run (`make bench`); installs the peers once
    python benchmarks/run.py --quick      # smaller depths, fewer games, fewer repetitions
    python benchmarks/run.py --no-peers   # damalib only: no virtualenvs, no network
    python benchmarks/run.py --only pdn   # one benchmark only (movegen, pdn, analysis, problems)
    python benchmarks/run.py --json PATH  # also save every figure as JSON

The metric is CPU leaves per second: the leaves of a perft from the variant's start position
divided by the CPU seconds (time.process_time) of one perft call, best of several repetitions.
Every measurement runs in its own subprocess (benchmarks/worker.py), one after the other, on the
same CPython: damalib in this interpreter (sys.executable), each peer in its own throwaway
virtualenv under benchmarks/.peers/<name>/, made on first use from this same interpreter with
`python -m venv` + `pip install <pinned version>` (both peers import as `draughts`).

The peers are installed from the package registry and only called, never copied or vendored.
The PDN benchmark reads a file of seeded random self-play games (benchmarks/pdn_data.py makes
it once and caches it under benchmarks/.data/) with each library's reader, one subprocess per
repetition (benchmarks/pdn_worker.py); its metric is CPU games and moves per second.

A missed target is reported, not failed: the exit status is 0 unless a measurement could not be
made at all (a peer that cannot be installed, a worker that crashes), which exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKER = HERE / "worker.py"
PDN_WORKER = HERE / "pdn_worker.py"
PDN_DATA = HERE / "pdn_data.py"
ANALYSIS = HERE / "analysis.py"
PROBLEMS = HERE / "problems.py"
DATA_DIR = HERE / ".data"
PEERS_DIR = HERE / ".peers"

# name -> (pinned requirement, distribution name whose installed version is checked)
PEERS = {
    "pydraughts": ("pydraughts==0.6.7", "pydraughts"),
    "py-draughts": ("py-draughts==1.10.1", "py-draughts"),
}

METHOD_LABELS = {
    "damalib.perft": "perft() (bulk count at depth 1)",
    "damalib.api": "public API (legal_moves/push/pop)",
    "pydraughts.api": "public API (legal_moves()/push/pop)",
    "py-draughts.api": "public API (legal_moves/push/pop)",
    "py-draughts.turbo": "turbo perft_from_board (bulk)",
}


class _Library:
    """A measurement's library, named by the first part of its ``method``."""

    @property
    def library(self) -> str:
        return self.method.split(".")[0]

    @property
    def is_peer(self) -> bool:
        return self.library != "damalib"


@dataclass
class Job(_Library):
    key: str            # unique id of the row
    method: str         # worker method, "<library>.<how>"
    variant: str
    depth: int
    repeat: int
    vs: str | None = None         # key of the peer row this row is compared with
    target: float | None = None   # required ratio to that peer (None: for information)
    result: dict | None = field(default=None)
    error: str | None = None


def plan(quick: bool) -> list[Job]:
    """The measurements, in the order they run (each peer next to what it is compared with)."""
    if quick:
        it_peer, it_deep, br, intl, intl_api, reps, slow_reps = 3, 5, 4, 5, 3, 2, 1
    else:
        it_peer, it_deep, br, intl, intl_api, reps, slow_reps = 4, 6, 6, 6, 5, 5, 3
    return [
        # Italian: damalib perft against pydraughts' public-API perft (slow: shallower, fewer reps).
        Job("it.peer", "pydraughts.api", "italian", it_peer, slow_reps),
        Job("it.perft.deep", "damalib.perft", "italian", it_deep, reps, "it.peer", 1000.0),
        Job("it.perft.same", "damalib.perft", "italian", it_peer, reps, "it.peer", 1000.0),
        Job("it.api", "damalib.api", "italian", it_peer, reps, "it.peer"),
        # Brazilian: damalib perft against py-draughts' public-API perft, same depth.
        Job("br.peer", "py-draughts.api", "brazilian", br, reps),
        Job("br.perft", "damalib.perft", "brazilian", br, reps, "br.peer", 2.0),
        Job("br.api", "damalib.api", "brazilian", br, reps, "br.peer"),
        # International: damalib perft against py-draughts' internal turbo perft, same depth;
        # and, for information, the two public APIs against each other (one ply less).
        Job("in.peer", "py-draughts.turbo", "international", intl, reps),
        Job("in.perft", "damalib.perft", "international", intl, reps, "in.peer", 1.0),
        Job("in.peer.api", "py-draughts.api", "international", intl_api, reps),
        Job("in.api", "damalib.api", "international", intl_api, reps, "in.peer.api"),
    ]


# --- peers' virtualenvs ------------------------------------------------------------------------

def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _installed_version(python: Path, dist: str) -> str | None:
    if not python.exists():
        return None
    probe = ("import importlib.metadata as m, sys\n"
             f"try: print(m.version({dist!r}))\n"
             "except m.PackageNotFoundError: sys.exit(1)")
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True,
                          env=_peer_env())
    return done.stdout.strip() if done.returncode == 0 else None


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def ensure_peer(name: str) -> Path:
    """The peer's virtualenv python, made and installed on first use, reused afterwards."""
    requirement, dist = PEERS[name]
    wanted = requirement.split("==")[1]
    venv = PEERS_DIR / name
    python = _venv_python(venv)
    if _installed_version(python, dist) == wanted:
        return python
    log(f"[setup] making the virtualenv {_shown(venv)} and installing {requirement} "
        "(first run only; this can take a minute) ...")
    started = time.monotonic()
    if venv.exists():
        shutil.rmtree(venv)
    for command in ([sys.executable, "-m", "venv", str(venv)],
                    [str(python), "-m", "pip", "install", "--quiet",
                     "--disable-pip-version-check", requirement]):
        done = subprocess.run(command, capture_output=True, text=True, env=_peer_env())
        if done.returncode != 0:
            raise RuntimeError(f"`{' '.join(command)}` failed:\n{done.stdout}{done.stderr}")
    if _installed_version(python, dist) != wanted:
        raise RuntimeError(f"{requirement} did not install into {venv}")
    log(f"[setup] {requirement} ready in {time.monotonic() - started:.0f} s")
    return python


def _peer_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # nothing of this project (or of the other peer) leaks in
    env.pop("PYTHONHOME", None)
    return env


def _damalib_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


# --- running ----------------------------------------------------------------------------------

def run_once(job: Job, python: str, env: dict[str, str], min_time: float, round_: int) -> None:
    """One repetition of ``job`` in a fresh subprocess; its figures are merged into the job's."""
    command = [python, str(WORKER), job.method, job.variant, str(job.depth), "1", str(min_time)]
    log(f"[run] round {round_ + 1}/{job.repeat}  {job.variant:<13} {job.library:<11} "
        f"{job.method.split('.')[1]:<5} depth {job.depth}")
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=str(ROOT))
    if done.returncode != 0:
        job.error = (done.stderr.strip() or done.stdout.strip() or
                     f"exit status {done.returncode}").splitlines()[-1]
        log(f"[error] {job.key}: {done.stderr.strip() or done.stdout.strip()}")
        return
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if job.result is None:
        job.result = {**got, "repeat": 0, "times": [], "loops": []}
    elif got["leaves"] != job.result["leaves"]:
        job.error = f"leaf count changed between runs ({job.result['leaves']}, {got['leaves']})"
        return
    r = job.result
    r["repeat"] += 1
    r["times"] += got["times"]
    r["loops"].append(got["loops"])
    r["cpu_s"] = min(r["times"])
    r["leaves_per_s"] = r["leaves"] / r["cpu_s"] if r["cpu_s"] > 0 else float("inf")


def run_all(jobs: list[Job], pythons: dict[str, str], min_time: float) -> None:
    """Round-robin within each variant: every round runs one repetition of each of the variant's
    jobs (a peer next to the damalib rows compared with it), so a slow spell of a busy machine
    hits both sides of a comparison rather than one; best of the rounds is kept."""
    variants = list(dict.fromkeys(j.variant for j in jobs))
    for variant in variants:
        group = [j for j in jobs if j.variant == variant]
        for round_ in range(max(j.repeat for j in group)):
            for job in group:
                if round_ >= job.repeat or job.error:
                    continue
                env = _peer_env() if job.is_peer else _damalib_env()
                run_once(job, pythons[job.library], env, min_time, round_)


def cpu_snapshot() -> tuple[float, float, float] | None:
    """(wall clock, CPU seconds busy on the whole machine, CPU seconds of this process and its
    finished children), to tell afterwards how much CPU other work took during the run."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        tick = os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, AttributeError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    busy = (sum(fields[:8]) - idle) / tick  # user nice system idle iowait irq softirq steal
    own = sum(os.times()[:4])  # user + system, of this process and of its children
    return time.monotonic(), busy, own


def other_load(before, after) -> float | None:
    """Average number of CPUs kept busy by other work (not this benchmark) between snapshots."""
    if not (before and after) or after[0] <= before[0]:
        return None
    return max(0.0, ((after[1] - before[1]) - (after[2] - before[2])) / (after[0] - before[0]))


def damalib_commit() -> str | None:
    """The commit measured, with "+changes" when damalib/ differs from it in the work tree."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=str(ROOT),
                              capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "damalib"], cwd=str(ROOT),
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+changes" if dirty else "")


def machine_info() -> dict:
    info = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
    }
    info["damalib_commit"] = damalib_commit()
    try:
        info["cpus_usable"] = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        pass
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu_model"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return info


# --- reporting ----------------------------------------------------------------------------------

def _ratio(job: Job, by_key: dict[str, Job]) -> float | None:
    peer = by_key.get(job.vs) if job.vs else None
    if not (job.result and peer and peer.result):
        return None
    return job.result["leaves_per_s"] / peer.result["leaves_per_s"]


def _fmt_ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.2f}x"


def _table(head, rows, groups, numeric: set[int]) -> list[str]:
    """Plain-text columns (numbers right-aligned), a blank line between variants."""
    widths = [max(len(str(c[i])) for c in [head, *rows]) for i in range(len(head))]

    def line(cells) -> str:
        return "  ".join(str(c).rjust(w) if i in numeric else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    out = [line(head), line(["-" * w for w in widths])]
    for k, cells in enumerate(rows):
        if k and groups[k] != groups[k - 1]:
            out.append("")
        out.append(line(cells))
    return out


def table(jobs: list[Job], by_key: dict[str, Job]) -> tuple[list[str], list[str]]:
    """The table's lines, and the lines about targets missed."""
    head = ("variant", "library", "method", "depth", "leaves", "CPU s", "leaves/s",
            "ratio", "vs", "target", "met")
    rows, missed = [], []
    for job in jobs:
        r = job.result
        lib = job.library + (f" {r['version']}" if r and job.is_peer else "")
        ratio = _ratio(job, by_key)
        peer = by_key.get(job.vs) if job.vs else None
        vs = (f"{peer.library} {peer.method.split('.')[1]} d{peer.depth}" if peer else
              ("(reference)" if job.is_peer else ""))
        target = f">= {_fmt_ratio(job.target)}" if job.target else ("info" if job.vs else "")
        if job.target is None:
            met = ""
        elif ratio is None:
            met = "n/a"
        else:
            met = "yes" if ratio >= job.target else "NO"
            if met == "NO":
                missed.append(f"{job.variant} damalib {job.method.split('.')[1]} d{job.depth}: "
                              f"{_fmt_ratio(ratio)} against a target of {_fmt_ratio(job.target)}")
        if r:
            cells = (job.variant, lib, METHOD_LABELS[job.method], str(job.depth),
                     f"{r['leaves']:,}", f"{r['cpu_s']:.6f}", f"{r['leaves_per_s']:,.0f}",
                     _fmt_ratio(ratio) if ratio is not None else ("-" if job.vs else ""),
                     vs, target, met)
        else:
            cells = (job.variant, lib, METHOD_LABELS[job.method], str(job.depth),
                     "-", "-", "-", "-", vs, target, met if job.target is None else "n/a")
        rows.append(cells)
    out = _table(head, rows, [job.variant for job in jobs], numeric={3, 4, 5, 6, 7})
    return out, missed


def count_checks(jobs: list[Job]) -> tuple[list[str], list[str]]:
    """Every pair of results of the same variant and depth must count the same leaves."""
    agree, disagree = [], []
    groups: dict[tuple[str, int], list[Job]] = {}
    for job in jobs:
        if job.result:
            groups.setdefault((job.variant, job.depth), []).append(job)
    for (variant, depth), group in groups.items():
        counts = {f"{j.library} {j.method.split('.')[1]}": j.result["leaves"] for j in group}
        if len(counts) < 2:
            continue
        text = ", ".join(f"{name} {n:,}" for name, n in counts.items())
        if len(set(counts.values())) == 1:
            agree.append(f"{variant} depth {depth}: {text}")
        else:
            disagree.append(f"{variant} depth {depth}: {text}")
    return agree, disagree


# --- PDN reading ------------------------------------------------------------------------------

PDN_GAMES, PDN_GAMES_QUICK = 10_000, 300
PDN_VARIANTS = ("international", "italian")

# method -> (what the row reads with, does it play the moves on a board)
PDN_METHODS = {
    "damalib.load": ("load_games(path)", True),
    "py-draughts.from_pdn": ("StandardBoard.from_pdn, per game", True),
    "pydraughts.parse": ("PDNReader, per game", False),
    "pydraughts.replay": ("PDNReader + Board.push(Move(..))", True),
}


@dataclass
class PdnJob(_Library):
    key: str
    method: str
    variant: str
    limit: int          # games read, from the first; 0: the whole file
    repeat: int
    vs: str | None = None          # key of the damalib row this peer row is compared with
    unsupported: str | None = None  # why the library cannot read these games at all
    result: dict | None = field(default=None)
    error: str | None = None


def plan_pdn(quick: bool) -> list[PdnJob]:
    """The PDN-reading measurements, by variant. pydraughts replays a game in about 0.7 s
    (International) or 0.25 s (Italian), so it replays only the first games of the file."""
    if quick:
        reps, few_reps, replay_games = 2, 1, 5
    else:
        reps, few_reps, replay_games = 3, 2, 50
    return [
        PdnJob("pdn.in", "damalib.load", "international", 0, reps),
        PdnJob("pdn.in.pyd", "py-draughts.from_pdn", "international", 0, reps, "pdn.in"),
        PdnJob("pdn.in.pdr", "pydraughts.parse", "international", 0, few_reps, "pdn.in"),
        PdnJob("pdn.in.pdr.replay", "pydraughts.replay", "international", replay_games,
               few_reps, "pdn.in"),
        PdnJob("pdn.it", "damalib.load", "italian", 0, few_reps),
        PdnJob("pdn.it.pdr.replay", "pydraughts.replay", "italian", replay_games, few_reps,
               "pdn.it"),
        PdnJob("pdn.it.pyd", "py-draughts.from_pdn", "italian", 0, 0, "pdn.it",
               unsupported="no PDN reader for Italian games (no Italian board)"),
    ]


def make_pdn_data(variant: str, games: int, data_dir: Path) -> dict:
    """The benchmark's game file for ``variant`` (made by damalib, cached): its description."""
    command = [sys.executable, str(PDN_DATA), variant, str(games), "--data-dir", str(data_dir)]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=None, text=True,
                          env=_damalib_env(), cwd=str(ROOT))
    if done.returncode != 0:
        raise RuntimeError(f"making the {variant} games failed (exit status {done.returncode})")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_pdn_once(job: PdnJob, data: dict, python: str, env: dict[str, str],
                 round_: int) -> None:
    command = [python, str(PDN_WORKER), job.method, data["pdn"], data["meta"], str(job.limit)]
    log(f"[pdn] round {round_ + 1}/{job.repeat}  {job.variant:<13} {job.library:<11} "
        f"{job.method.split('.')[1]:<8} {job.limit or data['games']:,} games")
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=str(ROOT))
    if done.returncode != 0:
        job.error = (done.stderr.strip() or done.stdout.strip() or
                     f"exit status {done.returncode}").splitlines()[-1]
        log(f"[error] {job.key}: {done.stderr.strip() or done.stdout.strip()}")
        return
    got = json.loads(done.stdout.strip().splitlines()[-1])
    if job.result is None:
        job.result = {**got, "repeat": 0, "times": []}
    elif (got["games_read"], got["moves"]) != (job.result["games_read"], job.result["moves"]):
        job.error = "a repetition read other games or moves than the first"
        return
    r = job.result
    r["repeat"] += 1
    r["times"] += got["times"]
    r["cpu_s"] = min(r["times"])
    r["games_per_s"] = r["games_read"] / r["cpu_s"] if r["cpu_s"] > 0 else float("inf")
    r["moves_per_s"] = r["moves"] / r["cpu_s"] if r["cpu_s"] > 0 else float("inf")


def run_pdn_all(jobs: list[PdnJob], data: dict[str, dict], pythons: dict[str, str]) -> None:
    """Round-robin within each variant, as for move generation."""
    for variant in dict.fromkeys(j.variant for j in jobs):
        group = [j for j in jobs if j.variant == variant and j.repeat and not j.unsupported]
        for round_ in range(max((j.repeat for j in group), default=0)):
            for job in group:
                if round_ >= job.repeat or job.error:
                    continue
                env = _peer_env() if job.is_peer else _damalib_env()
                run_pdn_once(job, data[variant], pythons[job.library], env, round_)


def pdn_table(jobs: list[PdnJob], by_key: dict[str, PdnJob]) -> tuple[list[str], list[str]]:
    """The PDN table's lines, and the lines about what a reader could not read."""
    head = ("variant", "library", "reads with", "games", "moves", "CPU s", "games/s",
            "moves/s", "damalib x", "replays", "legality", "notes")
    rows, remarks = [], []
    for job in jobs:
        r = job.result
        version = (f" {r['version']}" if r else
                   f" {PEERS[job.library][0].split('==')[1]}" if job.is_peer else "")
        lib = job.library + (version if job.is_peer else "")
        how, replays = PDN_METHODS[job.method]
        if job.unsupported:
            rows.append((job.variant, lib, "-", "-", "-", "-", "-", "-", "-", "-", "-",
                         job.unsupported))
            continue
        if not r:
            rows.append((job.variant, lib, how, "-", "-", "-", "-", "-", "-", "-", "-",
                         f"not measured: {job.error or 'no result'}"))
            continue
        base = by_key.get(job.vs) if job.vs else None
        ratio = (base.result["moves_per_s"] / r["moves_per_s"]
                 if base and base.result and r["moves_per_s"] > 0 else None)
        notes = []
        if job.limit and job.limit < r["games_in_file"]:
            notes.append(f"first {r['games_asked']:,} games of the file only")
        complete = r["games_read"] - r["plies_differ"]
        if r["games_failed"] or r["plies_differ"]:
            notes.append(f"{complete:,} of {r['games_asked']:,} games read in full")
            name = f"{lib} ({job.variant}, {job.method.split('.')[1]})"
            if r["plies_differ"]:
                examples = "; ".join(f"game {e['game']}: {e['read']} of {e['expected']} plies"
                                     for e in r["plies_differ_examples"])
                remarks.append(f"{name}: {r['plies_differ']:,} games read with another number "
                               f"of moves than written ({examples})")
            if r["games_failed"]:
                remarks.append(f"{name}: {r['games_failed']:,} games rejected; first: "
                               f"{r['first_errors'][0] if r['first_errors'] else '?'}")
        else:
            notes.append(f"all {r['games_read']:,} read in full")
        if r.get("games_with_warnings"):
            notes.append(f"{r['games_with_warnings']:,} with a guessed capture route")
        rows.append((job.variant, lib, how, f"{r['games_read']:,}", f"{r['moves']:,}",
                     f"{r['cpu_s']:.2f}", f"{r['games_per_s']:,.1f}", f"{r['moves_per_s']:,.0f}",
                     _fmt_ratio(ratio) if ratio is not None else "",
                     "yes" if replays else "no",
                     "checked" if r["rejects_illegal_move"] else "not checked",
                     "; ".join(notes)))
    out = _table(head, rows, [job.variant for job in jobs], numeric={3, 4, 5, 6, 7, 8})
    return out, remarks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="smaller depths, fewer games and fewer repetitions "
                             "(seconds, not minutes)")
    parser.add_argument("--no-peers", action="store_true",
                        help="measure damalib only: no peer virtualenvs, no network")
    parser.add_argument("--only", choices=("movegen", "pdn", "analysis", "problems"),
                        help="run one of the benchmarks only")
    parser.add_argument("--pdn-games", type=int, metavar="N",
                        help=f"games in each PDN file (default {PDN_GAMES:,}; "
                             f"{PDN_GAMES_QUICK} with --quick)")
    parser.add_argument("--data-dir", metavar="DIR", default=str(DATA_DIR),
                        help="where the PDN files are made and cached "
                             "(default benchmarks/.data)")
    parser.add_argument("--json", metavar="PATH", help="also write every figure to PATH as JSON")
    args = parser.parse_args(argv)

    min_time = 0.05 if args.quick else 0.2
    movegen = args.only in (None, "movegen")
    pdn = args.only in (None, "pdn")
    analysis = args.only in (None, "analysis")
    problems = args.only in (None, "problems")
    jobs = [j for j in plan(args.quick) if not (args.no_peers and j.is_peer)] if movegen else []
    by_key = {j.key: j for j in jobs}
    pdn_jobs = ([j for j in plan_pdn(args.quick) if not (args.no_peers and j.is_peer)]
                if pdn else [])
    pdn_by_key = {j.key: j for j in pdn_jobs}
    pdn_games = args.pdn_games or (PDN_GAMES_QUICK if args.quick else PDN_GAMES)
    machine = machine_info()

    pythons: dict[str, str] = {"damalib": sys.executable}
    setup_errors: dict[str, str] = {}
    for job in [*jobs, *(j for j in pdn_jobs if not j.unsupported)]:
        if job.is_peer and job.library not in pythons and job.library not in setup_errors:
            try:
                pythons[job.library] = str(ensure_peer(job.library))
            except (RuntimeError, OSError) as exc:
                setup_errors[job.library] = str(exc)
                log(f"[error] could not set up {job.library}: {exc}")

    data: dict[str, dict] = {}
    data_errors: list[str] = []
    data_started = time.monotonic()
    for variant in dict.fromkeys(j.variant for j in pdn_jobs):
        try:
            data[variant] = make_pdn_data(variant, pdn_games, Path(args.data_dir))
        except (RuntimeError, OSError, ValueError) as exc:
            data_errors.append(f"{variant}: {exc}")
            log(f"[error] could not make the {variant} games: {exc}")
    data_wall = time.monotonic() - data_started

    started = time.monotonic()
    snapshot = cpu_snapshot()
    for job in [*jobs, *pdn_jobs]:
        if job.library in setup_errors:
            job.error = f"{job.library} could not be installed"
    for job in pdn_jobs:
        if job.variant not in data and not job.unsupported:
            job.error = "its game file could not be made"
    run_all(jobs, pythons, min_time)
    run_pdn_all(pdn_jobs, data, pythons)
    wall = time.monotonic() - started
    others = other_load(snapshot, cpu_snapshot())
    machine["other_work_cpus"] = others

    lines, missed = table(jobs, by_key)
    agree, disagree = count_checks(jobs)
    print()
    if movegen:
        print(f"damalib move-generation speed{' (quick)' if args.quick else ''}"
              f"{' (damalib only: --no-peers)' if args.no_peers else ''}: CPU leaves per "
              f"second, best of the repetitions, from each variant's start position")
    print(f"Python {machine['python']} ({machine['implementation']}), {machine['cpus']} CPUs"
          f"{', ' + machine['cpu_model'] if 'cpu_model' in machine else ''}, "
          f"{machine['platform']}")
    print()
    if movegen:
        for text in lines:
            print(text)
        print()
        print("ratio = damalib leaves/s / the 'vs' row's leaves/s; 'info' rows have no target.")
    if pdn:
        pdn_lines, remarks = pdn_table(pdn_jobs, pdn_by_key)
        if movegen:
            print()
        print(f"damalib PDN reading speed{' (quick)' if args.quick else ''}"
              f"{' (damalib only: --no-peers)' if args.no_peers else ''}: CPU games and moves "
              f"per second reading a whole file, best of the repetitions")
        for variant, d in data.items():
            print(f"{variant}: {d['games']:,} random self-play games (RandomPlayer, seed "
                  f"{d['seed']}, cap {d['ply_cap']} plies: {d['capped']:,} capped), "
                  f"{d['moves']:,} moves, {d['bytes'] / 1e6:.1f} MB, written by damalib's "
                  f"write_games; {d['captures']:,} captures, written from x to except "
                  f"{d['captures_ambiguous'] + d['captures_round_trip']:,} written with every "
                  f"landing square ({d['captures_ambiguous']:,} sharing start and end with "
                  f"another legal move, {d['captures_round_trip']:,} ending where they "
                  f"started)")
        print()
        for text in pdn_lines:
            print(text)
        print()
        print("damalib x = damalib's moves/s / the row's moves/s (same variant); replays = plays "
              "every move on a board; legality = a game with an illegal first move is refused")
        for text in remarks:
            print(f"NOTE: {text}")
        for text in data_errors:
            print(f"ERROR: the PDN games could not be made: {text}")
    if analysis:
        print()
        print(f"the analysis page's speed{' (quick)' if args.quick else ''} "
              "(benchmarks/analysis.py, damalib alone: no peer has an analysis board for "
              "Dama Italiana), wall seconds")
        command = [sys.executable, str(ANALYSIS)] + (["--quick"] if args.quick else [])
        done = subprocess.run(command, capture_output=True, text=True, env=_damalib_env())
        print(done.stdout.rstrip() if done.returncode == 0 else
              f"ERROR: the analysis benchmark failed: {done.stderr.strip()[-500:]}")
    if problems:
        print()
        print(f"the engine on composed problems{' (quick)' if args.quick else ''} "
              "(benchmarks/problems.py: today's engine, commit 49fc8e5, beside this tree's)")
        command = [sys.executable, str(PROBLEMS)] + (["--quick"] if args.quick else [])
        done = subprocess.run(command, capture_output=True, text=True, env=_damalib_env())
        print(done.stdout.rstrip() if done.returncode == 0 else
              f"ERROR: the problems benchmark failed: {done.stderr.strip()[-500:]}")
    measured = [j for j in [*jobs, *pdn_jobs] if j.result]
    interpreters = sorted({f"{j.result['implementation']} {j.result['python']}"
                           for j in measured})
    modules = {j.library: j.result["module"] for j in measured}
    if len(interpreters) > 1:
        print(f"WARNING: not all measured on the same interpreter: {', '.join(interpreters)}")
    elif interpreters:
        print(f"every measurement ran on {interpreters[0]}, one subprocess per repetition; "
              f"damalib from {modules.get('damalib', '?')}"
              + (f" (commit {machine['damalib_commit']})" if machine.get("damalib_commit") else ""))
    print(f"measured in {wall:.0f} s of wall time"
          + ((f" (and {data_wall:.0f} s to make the PDN files)"
              if any(d.get("made") for d in data.values()) else
              f" (the PDN files were reused from {_shown(Path(args.data_dir))})") if data else "")
          + (f"; other work on the machine kept {others:.2f} of its {machine['cpus']} CPUs busy "
             "meanwhile (on average)" if others is not None else ""))
    if others is not None and others >= 0.25:
        print("WARNING: the machine was busy with other work during the run: CPU times grow when "
              "cores and caches are shared, so these figures are noisier (and likely lower) than "
              "on an idle machine; the rounds alternate damalib with its peer to share the harm")
    for text in agree:
        print(f"leaf counts agree: {text}")
    for text in disagree:
        print(f"WARNING: LEAF COUNTS DISAGREE: {text}")
    errors = [j for j in jobs if j.error]
    for job in errors:
        print(f"ERROR: {job.key} ({job.method}, {job.variant}, depth {job.depth}) was not "
              f"measured: {job.error}")
    pdn_errors = [j for j in pdn_jobs if j.error]
    for job in pdn_errors:
        print(f"ERROR: {job.key} ({job.method}, {job.variant}) was not measured: {job.error}")
    if setup_errors:
        print("(without network access to the package registry, run with --no-peers)")
    if movegen:  # the targets are move generation's
        if args.no_peers:
            print("targets: not judged (--no-peers)")
        elif missed:
            for text in missed:
                print(f"TARGET MISSED: {text}")
            print("(a missed target is reported, not failed: this is a measurement, not a test)")
        elif not errors:
            print("targets: all met")
        else:
            print("targets: not judged where a measurement is missing; the others are all met")

    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        payload = {
            "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "quick": args.quick, "no_peers": args.no_peers, "only": args.only,
            "min_time": min_time, "machine": machine, "wall_s": wall,
            "results": [{"key": j.key, "vs": j.vs, "target": j.target,
                         "ratio": _ratio(j, by_key), "error": j.error, **(j.result or {
                             "method": j.method, "variant": j.variant, "depth": j.depth})}
                        for j in jobs],
            "counts_agree": agree, "counts_disagree": disagree, "targets_missed": missed,
            "pdn_data": data, "pdn_data_wall_s": data_wall,
            "pdn_results": [{"key": j.key, "vs": j.vs, "error": j.error,
                             "unsupported": j.unsupported, **(j.result or {
                                 "method": j.method, "variant": j.variant, "limit": j.limit})}
                            for j in pdn_jobs],
        }
        path.write_text(json.dumps(payload, indent=2) + "\n")
        print(f"results written to {path}")
    return 1 if errors or pdn_errors or data_errors else 0


if __name__ == "__main__":
    sys.exit(main())
