"""``bezique analyse``: solve the strict play of every deal and write each mistake into the record.

Each record of FILE is read, replayed once (:func:`validator.replay.replay`), analysed
(:func:`validator.analysis.analyse`) and written back with its annotations
(:func:`validator.analysis.annotate`), or as the analysis's JSON form. A record that cannot be
parsed is reported and, in BZN output, copied through as it was written, so that nothing of
the file is lost. No traceback reaches the user.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from notation import parse_record_collecting, write_record
from notation.model import Record
from notation.reader import split_records

if TYPE_CHECKING:
    from validator.analysis import RecordAnalysis

_EXAMPLES = """
\b
Examples:
  bezique analyse samples/games/rubicon.bzn            the annotated record on screen
  bezique analyse samples/games/two-pack.bzn -o out.bzn
  bezique analyse samples/games/rubicon.bzn --format json
  bezique analyse - < game.bzn                         standard input
  bezique analyse game.bzn --every-play                [%eval] on every strict play

\b
Each play of the strict phase (the last 8, 9 or 12 tricks) that loses
against best play gets ? or ?? and a comment such as
{[%eval 2400] [%loss 100] [%best 2500 AH AD]}: the value of the card
played, what it cost, the best value and the best cards. The values are
the deal score (two-pack game) or the settled value of the game (Rubicon,
Chinese, six-pack) with best play by both sides; docs/analysis.md explains
them. The first mistake gets a variation with a best line.

\b
A deal that cannot be analysed (three-handed, a fragment that stops before
the strict phase) is said so on standard error and written back as it was.

\b
Exit status: 0 every record read and analysed as far as it goes, 1 a record
has findings (bezique check's; it is analysed as it was played), 2 a file
could not be read or a record could not be parsed.
"""


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    raise click.exceptions.Exit(2)


def _chunks(file: str) -> Iterator[tuple[int, str]]:
    """Each record's first line number and text, from a path or standard input."""
    if file == "-":
        yield from split_records(sys.stdin)
        return
    try:
        with open(file, encoding="utf-8-sig", newline="") as handle:
            yield from split_records(handle)
    except OSError as exc:
        _fail(f"cannot read {file}: {exc.strerror}")
    except UnicodeDecodeError as exc:
        _fail(f"{file}: not UTF-8 text: {exc.reason} at byte {exc.start}")


def _analysed(
    record: Record, name: str, laws: str | None, every_play: bool
) -> tuple[RecordAnalysis, Record, int]:
    """The analysis of one record, the record annotated, and its findings' count."""
    from validator.analysis import analyse, annotate
    from validator.replay import replay

    replayed = replay(record, laws=laws, source=name)
    analysis = analyse(replayed)
    return analysis, annotate(record, analysis, every_play=every_play), analysis.findings


@click.command("analyse", epilog=_EXAMPLES)
@click.argument("file", type=str)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The file to write; default: standard output.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["bzn", "json"]),
    default="bzn",
    show_default=True,
    help="bzn: the records annotated; json: the analysis itself (docs/analysis.md).",
)
@click.option(
    "--laws", default=None, help="english, french or a laws FILE (default: the Laws tag)."
)
@click.option(
    "--every-play",
    is_flag=True,
    help="Put [%eval V] on every strict play, not only on the mistakes.",
)
def analyse_command(
    file: str, output: Path | None, fmt: str, laws: str | None, every_play: bool
) -> None:
    """Solve the strict phase of every deal in FILE exactly and annotate each mistake.

    FILE is a BZN file, or - for standard input. The records are written back
    with their annotations and an Annotator tag; everything else they hold is
    kept. Reading the result back keeps the annotations, and bezique check
    ignores them.
    """
    name = "<stdin>" if file == "-" else file
    parts: list[str] = []
    analyses: list[dict[str, Any]] = []
    unreadable = 0
    problems = 0
    count = 0
    for first_line, text in _chunks(file):
        record, errors = parse_record_collecting(text, name, first_line=first_line)
        if record is None:
            unreadable += 1
            for error in errors:
                click.echo(f"error: {error}", err=True)
            parts.append(_raw(text))
            analyses.append(
                {"source": name, "line": first_line, "errors": [str(e) for e in errors]}
            )
            continue
        count += 1
        try:
            analysis, annotated, found = _analysed(record, name, laws, every_play)
        except Exception as exc:  # no traceback reaches the user; the record is kept
            click.echo(
                f"error: {name}:{first_line}: cannot analyse the record: "
                f"{type(exc).__name__}: {exc}",
                err=True,
            )
            unreadable += 1
            parts.append(_raw(text))
            analyses.append({"source": name, "line": first_line, "errors": [str(exc)]})
            continue
        problems += found
        _say_unanalysed(f"{name}:{first_line}", analysis)
        # A record with nothing analysed is written back exactly as it was read.
        parts.append(write_record(annotated) if annotated is not record else _raw(text))
        analyses.append({**analysis.to_dict(), "line": first_line})
        if sys.stderr.isatty() and count % 10 == 0:
            click.echo(f"analysed {count} records", err=True)
    if not parts:
        _fail(f"{name}: no record found")
    if fmt == "json":
        text = json.dumps({"schema": 1, "records": analyses}, indent=2, ensure_ascii=False) + "\n"
    else:
        text = "\n".join(parts)
    _emit(text, output)
    if unreadable:
        raise click.exceptions.Exit(2)
    if problems:
        raise click.exceptions.Exit(1)


def _raw(text: str) -> str:
    """A record's text as it was read, ending with one line break."""
    return text.rstrip("\n") + "\n"


def _say_unanalysed(where: str, analysis: RecordAnalysis) -> None:
    """One line for each deal not analysed (one for the record when all share a reason)."""
    reasons = [deal.reason for deal in analysis.deals if not deal.analysed]
    if reasons and len(reasons) == len(analysis.deals) and len(set(reasons)) == 1:
        click.echo(f"{where}: not analysed: {reasons[0]}", err=True)
    else:
        for deal in analysis.deals:
            if not deal.analysed:
                click.echo(f"{where}: deal {deal.number} not analysed: {deal.reason}", err=True)
    for deal in analysis.deals:
        if deal.stopped:
            click.echo(f"{where}: deal {deal.number}: {deal.stopped}", err=True)


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror}")
    click.echo(f"wrote {output}", err=True)
