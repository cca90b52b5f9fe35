"""``bezique fmt`` and ``bezique parse``: the notation on the command line.

``fmt`` rewrites BZN files in canonical form (or, with ``--check``, says
which would change); ``parse`` prints the record model as JSON. Both read
``-`` as standard input. A syntax error prints ``file:line:col: message`` and
the line with a caret, and exits 2; no traceback reaches the user.
"""

from __future__ import annotations

import difflib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import click

from notation.errors import NotationError
from notation.model import Record
from notation.reader import read_records
from notation.writer import write_records


def _files(paths: tuple[str, ...]) -> Iterator[str]:
    """Each path given; a folder gives its ``*.bzn`` files, recursively, sorted."""
    for path in paths:
        if path == "-":
            yield path
            continue
        p = Path(path)
        if p.is_dir():
            yield from (str(f) for f in sorted(p.rglob("*.bzn")) if f.is_file())
        elif p.exists():
            yield path
        else:
            raise click.UsageError(f"no such file or folder: {path}")


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return handle.read()


def _parse_all(path: str, text: str) -> tuple[list[Record], list[NotationError]]:
    records: list[Record] = []
    errors: list[NotationError] = []
    name = "<stdin>" if path == "-" else path
    for item in read_records(io.StringIO(text), name=name):
        if isinstance(item, NotationError):
            errors.append(item)
        else:
            records.append(item)
    return records, errors


def _report(errors: list[NotationError]) -> None:
    for error in errors:
        click.echo(str(error), err=True)


@click.command("fmt")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not canonical.")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff, change nothing.")
@click.argument("paths", nargs=-1, required=True)
def fmt_command(paths: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite BZN files in canonical form.

    PATHS are files or folders (every *.bzn below them); - reads standard
    input and writes the result to standard output. Exit status: 0 when done
    (or, with --check/--diff, when nothing would change), 1 when --check or
    --diff finds a file to change, 2 on a syntax error.

    \b
    Examples:
      bezique fmt samples/                 rewrite every record in place
      bezique fmt --check samples/         is everything canonical? (for CI)
      bezique fmt --diff game.bzn          show what would change
      cat game.bzn | bezique fmt -         canonical text on standard output
    """
    changed = 0
    failed = False
    try:
        files = list(_files(paths))
    except click.UsageError as exc:
        click.echo(f"error: {exc.message}", err=True)
        raise click.exceptions.Exit(2) from None
    for path in files:
        try:
            text = _read_text(path)
        except (OSError, UnicodeDecodeError) as exc:
            click.echo(f"{path}: cannot read: {exc}", err=True)
            failed = True
            continue
        records, errors = _parse_all(path, text)
        if errors:
            _report(errors)
            failed = True
            continue
        canonical = write_records(records)
        same = canonical == text
        if path == "-" and not (check or show_diff):
            click.echo(canonical, nl=False)
            continue
        if same:
            continue
        changed += 1
        if show_diff:
            name = "<stdin>" if path == "-" else path
            click.echo(
                "".join(
                    difflib.unified_diff(
                        text.replace("\r\n", "\n").splitlines(keepends=True),
                        canonical.splitlines(keepends=True),
                        fromfile=name,
                        tofile=name + " (canonical)",
                    )
                ),
                nl=False,
            )
        elif check:
            click.echo(f"would reformat {path}", err=True)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(canonical)
            click.echo(f"reformatted {path}", err=True)
    if failed:
        raise click.exceptions.Exit(2)
    if (check or show_diff) and changed:
        raise click.exceptions.Exit(1)


@click.command("parse")
@click.argument("path")
@click.option(
    "--to",
    "fmt",
    type=click.Choice(["json"]),
    default="json",
    show_default=True,
    help="Output form.",
)
@click.option("--indent", type=int, default=2, show_default=True, help="JSON indentation.")
def parse_command(path: str, fmt: str, indent: int) -> None:
    """Print the record model of a BZN file as JSON.

    The output is a list with one object per record (tags, events, deals with
    their hands, stock, tricks, plays and events, and positions). PATH may be
    - for standard input. Exit status 2 on a syntax error: every fault is
    printed as file:line:col with the line and a caret.

    \b
    Examples:
      bezique parse samples/rubicon.bzn --to json
      bezique parse game.bzn | jq '.[0].deals[0].tricks | length'
      cat game.bzn | bezique parse - --to json
    """
    try:
        text = _read_text(path)
    except (OSError, UnicodeDecodeError) as exc:
        click.echo(f"{path}: cannot read: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    records, errors = _parse_all(path, text)
    if errors:
        _report(errors)
        raise click.exceptions.Exit(2)
    click.echo(json.dumps([r.to_dict() for r in records], indent=indent, ensure_ascii=False))
