"""The solver's bench stays runnable: it loads with every import it needs, and says how."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "solver.py"


def test_bench_solver_loads_and_shows_its_help() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--games" in done.stdout and "--hard" in done.stdout
