"""Test support shared across folders: the mutators (tests/simulate/mutators.py), which hold the
strict-play rule written apart from the engine, are importable from every test folder."""

from __future__ import annotations

import sys
from pathlib import Path

SIMULATE = str(Path(__file__).resolve().parent / "simulate")
if SIMULATE not in sys.path:
    sys.path.insert(0, SIMULATE)
