"""The engine is pure: it imports neither lark nor click (team brief, Layout and layers)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "validator" / "engine"


def test_engine_imports_neither_lark_nor_click() -> None:
    # ``notation/__init__.py`` loads the parser (and so lark) with any ``notation`` module, Card
    # included; the engine must add no lark or click module beyond what its Card brings.
    code = (
        "import sys; import notation.cards; "
        "before = {m for m in sys.modules if m.split('.')[0] in ('lark', 'click')}; "
        "import validator.engine, validator.engine.state, validator.engine.ruleset; "
        "after = {m for m in sys.modules if m.split('.')[0] in ('lark', 'click')}; "
        "print(','.join(sorted(after - before)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_engine_source_names_neither() -> None:
    for path in ENGINE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for word in ("import lark", "from lark", "import click", "from click"):
            assert word not in text, f"{path.name} has {word!r}"
