"""Test support shared across folders: the mutators (tests/simulate/mutators.py), which hold the
strict-play rule written apart from the engine, are importable from every test folder.

With ``BEZIQUE_COMPILED=1`` (CI's run on the compiled build) the session first makes sure the
modules ``setup.py`` compiles are the compiled ones, not the source tree's: a suite that passed
on pure Python by mistake would prove nothing about the compiled build.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIMULATE = str(Path(__file__).resolve().parent / "simulate")
if SIMULATE not in sys.path:
    sys.path.insert(0, SIMULATE)


def _compiled_modules() -> list[str]:
    """The modules setup.py's list names (``validator/engine/state.py`` -> its module name)."""
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    return [p.replace("/", ".") for p in re.findall(r'"((?:\w+/)+\w+)\.py"', text)]


if os.environ.get("BEZIQUE_COMPILED") == "1":
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    names = _compiled_modules()
    pure = [n for n in names if not str(importlib.import_module(n).__file__).endswith(suffixes)]
    if not names or pure:
        raise SystemExit(f"BEZIQUE_COMPILED=1, but these modules are not compiled: {pure or names}")
