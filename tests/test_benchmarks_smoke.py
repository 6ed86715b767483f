"""The benchmark script runs (damalib alone; the peers need their own environments)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_quick_run_without_peers_prints_damalib_figures():
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--no-peers"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    for variant in ("italian", "brazilian", "international"):
        assert variant in result.stdout
    assert "leaves/s" in result.stdout
    # The analysis page's figures: the 1,000-game list and the best move, with their targets.
    assert re.search(r"list of a 1,002-game file .* \(target ≤ 1 s: (met|MISSED)\)", result.stdout)
    assert re.search(r"best move \(level 6.*\(target ≤ 2 s: (met|MISSED)\)", result.stdout)

    # The PDN-reading table follows, with a figure for damalib in both of its variants.
    out = result.stdout
    assert "damalib PDN reading speed (quick)" in out
    assert out.index("leaves/s") < out.index("games/s")
    for variant in ("international", "italian"):
        row = re.search(rf"^{variant} +damalib +load_games\(path\) +(\d[\d,]*) +([\d,]+) +"
                        rf"([\d.]+) +([\d,.]+) +([\d,]+) .*all [\d,]+ read in full", out, re.M)
        assert row, out
        games, moves, _, games_per_s, moves_per_s = (float(g.replace(",", ""))
                                                      for g in row.groups())
        assert games == 300 and moves > games
        assert games_per_s > 0 and moves_per_s > games_per_s
