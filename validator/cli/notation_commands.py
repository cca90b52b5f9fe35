"""``bezique fmt`` and ``bezique parse``: the notation on the command line.

``fmt`` rewrites BZN files in canonical form (or, with ``--check`` / ``--diff``, says which
would change and how); ``parse`` prints the record model as JSON. Both stream: a record is
read, written and let go before the next is read, so memory does not grow with the file.
Both read ``-`` as standard input. A syntax error prints ``file:line:col: message`` and the
line with a caret on standard error, and the exit status is 2; no traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import click

from notation.parser import parse_record_collecting
from notation.reader import split_records
from notation.unread_lines import without_unread
from notation.writer import write_record
from validator import indented_json
from validator.cli.common import Output, Problems, fail
from validator.sources import Input, InputError, LineReader, inputs, one_input


@dataclass(slots=True)
class _Piece:
    """One record of a file: its text as written and its canonical text (``None``: broken)."""

    line: int
    text: str
    canonical: str | None


def _pieces(reader: LineReader, problems: Problems) -> Iterator[_Piece]:
    """Each record of the input with its canonical text; faults are reported as they come."""
    name = reader.source.name
    for first_line, text in split_records(reader):
        record, errors = parse_record_collecting(text, name, first_line=first_line)
        if record is None:
            for error in errors:
                problems.report(str(error))
            yield _Piece(first_line, text, None)
            continue
        try:
            canonical = write_record(record)
        except RecursionError:
            problems.too_deep(record, name)
            yield _Piece(first_line, text, None)
            continue
        yield _Piece(first_line, text, canonical)


def _with_ends(pieces: Iterator[_Piece]) -> Iterator[tuple[_Piece, str]]:
    """Each piece with the text canonical form gives it: a blank line after all but the last."""
    previous: _Piece | None = None
    for piece in pieces:
        if previous is not None:
            yield previous, _out_text(previous) + "\n"
        previous = piece
    if previous is not None:
        yield previous, _out_text(previous)


def _out_text(piece: _Piece) -> str:
    if piece.canonical is not None:
        return piece.canonical
    # a broken record is kept as written (but a line too long to read, which was not held)
    return without_unread(piece.text).rstrip() + "\n"


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its line feed (as an editor counts them)."""
    lines = text.split("\n")
    out = [line + "\n" for line in lines[:-1]]
    return [*out, lines[-1]] if lines[-1] else out


def _range(start: int, length: int) -> str:
    """A unified diff's range: 1-based start, and the length unless it is 1."""
    if length == 1:
        return str(start + 1)
    return f"{start + (1 if length else 0)},{length}"


def _hunks(old: list[str], new: list[str], old_start: int, new_start: int) -> Iterator[str]:
    """Unified-diff hunks of one record, numbered from where the record is in each file."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for group in matcher.get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        yield f"@@ -{_range(old_start + i1, i2 - i1)} +{_range(new_start + j1, j2 - j1)} @@\n"
        for tag, a1, a2, b1, b2 in group:
            if tag == "equal":
                yield from (" " + line for line in old[a1:a2])
                continue
            if tag in ("replace", "delete"):
                yield from ("-" + line for line in old[a1:a2])
            if tag in ("replace", "insert"):
                yield from ("+" + line for line in new[b1:b2])


class _Formatter:
    """Formats one input, record by record: in place, to standard output, or as a check."""

    def __init__(self, problems: Problems, check: bool, show_diff: bool) -> None:
        self.problems = problems
        self.check = check
        self.show_diff = show_diff
        self.changed = 0

    def run(self, source: Input) -> None:
        before = self.problems.count
        reader = LineReader(source)
        out: Output | None = None
        temp: Path | None = None
        if source.path is None and not (self.check or self.show_diff):
            out = Output(None)
        elif source.path is not None and not (self.check or self.show_diff):
            temp, out = self._temporary(source.path)
        same = True
        canonical_line = 0
        diff_head = False
        records = 0
        try:
            for piece, written in _with_ends(_pieces(reader, self.problems)):
                records += 1
                if out is not None:
                    out.write(written)
                if piece.text == written:
                    canonical_line += written.count("\n")
                    continue
                same = False
                if self.show_diff and piece.canonical is not None:
                    # lines end at line feeds only: a U+2028 in a comment is inside its line
                    old = _lines(piece.text.replace("\r\n", "\n"))
                    new = _lines(written)
                    for line in _hunks(old, new, piece.line - 1, canonical_line):
                        if not diff_head:
                            click.echo(f"--- {source.name}\n+++ {source.name} (canonical)")
                            diff_head = True
                        click.echo(line, nl=False)
                canonical_line += written.count("\n")
            if records == 0:
                raise InputError(source.name, "no record found")
        except InputError as exc:
            self.problems.report(str(exc))
        finally:
            if out is not None:
                out.close()
        same = same and not reader.bom and reader.final_newline
        if temp is not None:
            self._replace(source, temp, keep=not same and self.problems.count == before)
            if not same and self.problems.count == before:
                click.echo(f"reformatted {source.name}", err=True)
            return
        if same or self.problems.count != before or (source.path is None and out is not None):
            return
        self.changed += 1
        if self.check and not self.show_diff:
            click.echo(f"would reformat {source.name}", err=True)

    def _temporary(self, path: Path) -> tuple[Path, Output]:
        if not os.access(path, os.W_OK):
            fail(f"{path}: cannot write: permission denied")
        try:
            handle, name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        except OSError as exc:
            fail(f"{path}: cannot write: {(exc.strerror or str(exc)).lower()} (in its folder)")
        os.close(handle)
        return Path(name), Output(Path(name))

    def _replace(self, source: Input, temp: Path, *, keep: bool) -> None:
        """Put the canonical text in place of the file (``keep``), or throw it away."""
        assert source.path is not None
        if not keep:
            with contextlib.suppress(OSError):
                temp.unlink()
            return
        try:
            mode = source.path.stat().st_mode & 0o7777
            os.chmod(temp, mode)
            os.replace(temp, source.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                temp.unlink()
            self.problems.report(
                f"{source.name}: cannot write: {(exc.strerror or str(exc)).lower()}"
            )


@click.command("fmt")
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if a file is not canonical.")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff, change nothing.")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
def fmt_command(paths: tuple[str, ...], check: bool, show_diff: bool) -> None:
    """Rewrite BZN files in canonical form.

    PATH is a file, a folder (every *.bzn below it) or - for standard input,
    whose canonical text goes to standard output. A file is rewritten only when
    every record in it parses (it is written whole to a new file beside it, then
    moved into place); on standard input a record that does not parse is passed
    through as written, and reported. Memory holds one record at a time.

    \b
    Exit status: 0 when done (or, with --check/--diff, when nothing would
    change), 1 when --check or --diff finds a file to change, 2 when a file
    cannot be read or written, holds no record, or has a syntax error.

    \b
    Examples:
      bezique fmt --check samples/            is everything canonical? (for CI)
      bezique fmt --diff samples/rubicon.bzn  show what would change
      bezique fmt samples/two-pack.bzn        rewrite in place (canonical already)
      bezique fmt - < samples/rubicon.bzn     canonical text on standard output
    """
    problems = Problems()
    formatter = _Formatter(problems, check, show_diff)
    for source in inputs(paths):
        if isinstance(source, InputError):
            problems.report(str(source))
            continue
        formatter.run(source)
    problems.exit()
    if (check or show_diff) and formatter.changed:
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
@click.option(
    "--indent", type=click.IntRange(min=0), default=2, show_default=True, help="JSON indentation."
)
def parse_command(path: str, fmt: str, indent: int) -> None:
    """Print the record model of a BZN file as JSON.

    The output is a list with one object per record (tags, events, deals with
    their hands, stock, tricks, plays and events, and positions), written record
    by record as the file is read, so a file of any size takes little memory.
    PATH may be - for standard input. A record that does not parse is left out
    of the list and its faults are printed on standard error as file:line:col
    with the line and a caret; the exit status is then 2 (also for a file that
    cannot be read or holds no record).

    \b
    Examples:
      bezique parse samples/two-pack.bzn
      bezique parse samples/rubicon.bzn | jq '.[0].deals[0].tricks | length'
      bezique simulate --variant rubicon | bezique parse - --indent 0
    """
    problems = Problems()
    try:
        source = one_input(path)
    except InputError as exc:
        fail(str(exc))
    out = Output(None)
    pad = " " * indent
    written = 0
    out.write("[")
    for _, record in problems.records_of(source):
        try:
            text = indented_json.dumps(record.to_dict(), indent, level=1)
        except RecursionError:
            problems.too_deep(record, source.name)
            continue
        out.write(("\n" if written == 0 else ",\n") + pad + text)
        written += 1
    out.write("\n]\n" if written else "]\n")
    out.close()
    problems.exit()
