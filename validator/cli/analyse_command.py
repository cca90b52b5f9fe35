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
from typing import Any, NoReturn

import click

from notation import parse_record_collecting, write_record
from notation.model import Record
from notation.reader import split_records

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
Exit status: 0 every record analysed, 1 a record has findings (it is
analysed as played) or a deal could not be analysed, 2 a file could not be
read or a record could not be parsed.
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
) -> tuple[Any, Record, int]:
    """The analysis of one record, the record annotated, and its problem count."""
    from validator.analysis import analyse, annotate
    from validator.replayer import replay

    replayed = replay(record, laws=laws, source=name)
    analysis = analyse(replayed)
    problems = analysis.findings + sum(1 for deal in analysis.deals if not deal.analysed)
    return analysis, annotate(record, analysis, every_play=every_play), problems


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
            parts.append(text.rstrip("\n") + "\n")
            analyses.append(
                {"source": name, "line": first_line, "errors": [str(e) for e in errors]}
            )
            continue
        count += 1
        try:
            analysis, annotated, found = _analysed(record, name, laws, every_play)
        except (ValueError, OSError) as exc:
            click.echo(f"error: {name}:{first_line}: cannot analyse the record: {exc}", err=True)
            unreadable += 1
            parts.append(text.rstrip("\n") + "\n")
            continue
        problems += found
        for deal in analysis.deals:
            if not deal.analysed:
                click.echo(
                    f"{name}:{first_line}: deal {deal.number} not analysed: {deal.reason}", err=True
                )
            elif deal.stopped:
                click.echo(f"{name}:{first_line}: deal {deal.number}: {deal.stopped}", err=True)
        parts.append(write_record(annotated))
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


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {output}: {exc.strerror}")
    click.echo(f"wrote {output}", err=True)
