"""Shell completion as the README sets it up: click's own, under ``_BEZIQUE_COMPLETE``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
COMMAND = [sys.executable, "-c", "from validator.cli import main; main(prog_name='bezique')"]


def _run(**env: str) -> str:
    run = subprocess.run(
        COMMAND, env={**os.environ, **env}, capture_output=True, text=True, check=True
    )
    return run.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_readme_lines_give_a_completion_script(shell: str) -> None:
    assert f"_BEZIQUE_COMPLETE={shell}_source bezique" in README.read_text(encoding="utf-8")
    assert "_bezique_completion" in _run(_BEZIQUE_COMPLETE=f"{shell}_source")


def test_commands_and_options_complete() -> None:
    words = _run(_BEZIQUE_COMPLETE="bash_complete", COMP_WORDS="bezique sel", COMP_CWORD="1")
    assert words.split() == ["plain,select"]
    options = _run(
        _BEZIQUE_COMPLETE="bash_complete", COMP_WORDS="bezique compare --me", COMP_CWORD="2"
    )
    assert options.split() == ["plain,--merge"]
