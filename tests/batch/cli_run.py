"""Run ``bezique`` as a user does: a separate process, its output and exit status."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    code: int
    out: str
    err: str


def bezique(*args: str, stdin: bytes | None = None) -> Run:
    """``bezique ARGS`` in a fresh interpreter (so ``--jobs`` really starts processes)."""
    done = subprocess.run(
        [sys.executable, "-c", "from validator.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    return Run(done.returncode, done.stdout.decode(), done.stderr.decode())
