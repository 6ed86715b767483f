"""The benchmark script runs (damalib alone; the peers need their own environments)."""

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
