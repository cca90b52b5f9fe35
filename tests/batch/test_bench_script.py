"""The benchmark script stays runnable: it loads with every import it needs, and says how."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "run.py"


def test_bench_run_loads_and_shows_its_help() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--quick" in done.stdout
    assert "--big" in done.stdout


def test_instruction_count_script_loads_and_shows_its_help() -> None:
    script = BENCH.parent / "instructions.py"
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--records" in done.stdout
