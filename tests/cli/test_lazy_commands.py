"""The command group imports a command only when it is asked for: every command is still
there under its own name, and ``bezique check`` leaves the exporters and the analysis unread
(their import was a sixth of its start-up), nor do `parse` and `fmt` load the engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click

from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_every_listed_command_is_found_under_its_name() -> None:
    ctx = click.Context(main)
    names = main.list_commands(ctx)
    assert len(names) == 12
    for name in names:
        command = main.get_command(ctx, name)
        assert command is not None and command.name == name


def test_an_unknown_command_is_still_refused() -> None:
    assert main.get_command(click.Context(main), "chek") is None


def _loaded(args: list[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules of ``prefixes`` loaded once ``bezique ARGS`` has run, in a fresh process."""
    code = (
        "import sys\n"
        "from validator.cli import main\n"
        f"main({args!r}, standalone_mode=False)\n"
        f"print(sorted(m for m in sys.modules if m.startswith({prefixes!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    return [m.strip("' ") for m in done.stdout.strip().splitlines()[-1].strip("[]").split(",") if m]


SAMPLE = str(ROOT / "samples" / "two-pack.bzn")


def test_check_does_not_import_the_exporters() -> None:
    assert (
        _loaded(["check", SAMPLE], ("validator.export", "validator.analysis", "validator.sitting"))
        == []
    )


def test_parse_and_fmt_do_not_import_the_engine() -> None:
    for args in (["parse", SAMPLE], ["fmt", "--check", SAMPLE]):
        assert _loaded(args, ("validator.engine", "validator.export", "validator.replay")) == []
