"""The compiled build: with ``BEZIQUE_COMPILE=1``, the hot modules compiled by mypyc.

Everything else about the package is in ``pyproject.toml``; without the variable this file
adds nothing and the package is pure Python (the default). The modules listed are those the
replay spends its time in (``docs/scale.md``, "A compiled build"); their behaviour is the same
compiled or not, and CI runs the suite on both builds.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "notation/assembler.py",
    "notation/fast_lines.py",
    "notation/parser.py",
    "validator/engine/card_tables.py",
    "validator/engine/combinations.py",
    "validator/engine/concentration.py",
    "validator/engine/copies.py",
    "validator/engine/declarations.py",
    "validator/engine/drawing.py",
    "validator/engine/holding.py",
    "validator/engine/melds.py",
    "validator/engine/phases.py",
    "validator/engine/playing.py",
    "validator/engine/plays.py",
    "validator/engine/reading.py",
    "validator/engine/readings.py",
    "validator/engine/relevance.py",
    "validator/engine/seat_memo.py",
    "validator/engine/shapes.py",
    "validator/engine/state.py",
    "validator/engine/strict.py",
    "validator/engine/ways.py",
    "validator/replay/walker.py",
]
"""The modules compiled, by path (mypyc's form)."""

if os.environ.get("BEZIQUE_COMPILE", "") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3", group_name="bezique_engine"))
else:
    setup()
