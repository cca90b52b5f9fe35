"""``bezique analyse``: solve the strict play of every deal and write each mistake into the record.

Each record of FILE is read (through :mod:`validator.sources`, as every command reads), replayed
once (:func:`validator.replay.replay`), analysed (:func:`validator.analysis.analyse`) and
written back with its annotations (:func:`validator.analysis.annotate`), or as the analysis's
JSON form, one record at a time. A record that cannot be parsed or replayed is reported on
standard error and, in BZN output, copied through as it was written, so that nothing of the
file is lost; the exit status is then 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from notation.unread_lines import without_unread
from validator.cli.common import Output, Problems, fail, laws_option, where
from validator.sources import InputError, LineReader, one_input

if TYPE_CHECKING:
    from notation.model import Record
    from validator.analysis import RecordAnalysis
    from validator.sources import Input

_HELP = """Solve the strict phase of every deal in FILE exactly and annotate each mistake.

FILE is a BZN file, or - for standard input. The records are written back
with their annotations and an Annotator tag; everything else they hold is
kept. Reading the result back keeps the annotations, and bezique check
ignores them.

\b
Each play of the strict phase (the last 8, 9 or 12 tricks) that loses
against best play gets ? or ?? and a comment such as
{[%eval 2500] [%loss 100] [%best 2600 AD TD]}: the value of the card
played, what it cost, the best value and the best cards. The values are
the deal score (two-pack game) or the settled value of the game (Rubicon,
Chinese, six-pack) with best play by both sides; docs/analysis.md explains
them. The first mistake gets a variation with a best line.

\b
A deal that cannot be analysed (three-handed, a fragment that stops before
the strict phase) is said so on standard error; a record with nothing
analysed is written back exactly as it was read.

\b
Examples:
  bezique analyse samples/games/chinese.bzn            the annotated record
  bezique analyse samples/games/two-pack.bzn -o two-pack-analysed.bzn
  bezique analyse samples/games/chinese.bzn --format json
  bezique analyse samples/games/six-pack.bzn --every-play
  bezique analyse - < samples/games/rubicon.bzn         standard input
  bezique simulate --variant rubicon | bezique analyse -

\b
Exit status: 0 every record read and analysed as far as it goes, 1 a record
has findings (bezique check's; it is analysed as it was played), 2 a file
could not be read or written, or a record could not be parsed or replayed.
"""


def _chunks(source: Input, problems: Problems) -> Iterator[tuple[int, str]]:
    """Each record's first line number and text, as read (a problem ends the reading)."""
    from notation.reader import split_records

    count = 0
    try:
        for chunk in split_records(LineReader(source)):
            count += 1
            yield chunk
    except InputError as exc:
        problems.report(str(exc))
        return
    if count == 0:
        problems.report(f"{source.name}: no record found")


def _raw(text: str) -> str:
    """A record's text as it was read, ending with one line break."""
    return without_unread(text).rstrip("\r\n") + "\n"


class _Writer:
    """The output in the chosen format, one record at a time."""

    def __init__(self, output: Output, fmt: str) -> None:
        self.output = output
        self.fmt = fmt
        self.count = 0

    def record(self, text: str | None, data: dict[str, Any]) -> None:
        """One record: its BZN ``text`` (annotated, or as read), or its JSON ``data``."""
        if self.fmt == "json":
            body = json.dumps(data, indent=2, ensure_ascii=False)
            body = "\n".join("    " + line for line in body.split("\n"))
            self.output.write('{\n  "schema": 1,\n  "records": [\n' if not self.count else ",\n")
            self.output.write(body)
        elif text is not None:
            self.output.write(text if not self.count else "\n" + text)
        self.count += 1

    def close(self) -> None:
        if self.fmt == "json" and self.count:
            self.output.write("\n  ]\n}\n")
        self.output.close()


def _analysed(record: Record, replayed: Any, every_play: bool) -> tuple[RecordAnalysis, Record]:
    from validator.analysis import analyse, annotate

    analysis = analyse(replayed)
    return analysis, annotate(record, analysis, every_play=every_play)


def _say_unanalysed(place: str, analysis: RecordAnalysis) -> None:
    """One line for each deal not analysed (one for the record when all share a reason)."""
    reasons = [deal.reason for deal in analysis.deals if not deal.analysed]
    if reasons and len(reasons) == len(analysis.deals) and len(set(reasons)) == 1:
        click.echo(f"{place}: not analysed: {reasons[0]}", err=True)
    else:
        for deal in analysis.deals:
            if not deal.analysed:
                click.echo(f"{place}: deal {deal.number} not analysed: {deal.reason}", err=True)
    for deal in analysis.deals:
        if deal.stopped:
            click.echo(f"{place}: deal {deal.number}: {deal.stopped}", err=True)


@click.command("analyse", help=_HELP)
@click.argument("file", metavar="FILE")
@click.option(
    "-o",
    "--output",
    "output_name",
    metavar="FILE",
    help="The file to write (default: standard output).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["bzn", "json"]),
    default="bzn",
    show_default=True,
    help="bzn: the records annotated; json: the analysis itself (docs/analysis.md).",
)
@laws_option("The code of laws for the remedies (default: each record's Laws tag, then english).")
@click.option(
    "--every-play",
    is_flag=True,
    help="Put [%eval V] on every strict play, not only on the mistakes.",
)
def analyse_command(
    file: str, output_name: str | None, fmt: str, laws: str | None, every_play: bool
) -> None:
    from notation import parse_record_collecting, write_record

    problems = Problems()
    try:
        source = one_input(file)
    except InputError as exc:
        fail(str(exc))
    output = None if output_name is None else Path(output_name)
    writer = _Writer(Output(output), fmt)
    findings = 0
    for first_line, text in _chunks(source, problems):
        record, errors = parse_record_collecting(text, source.name, first_line=first_line)
        if record is None:
            for error in errors:
                problems.report(str(error))
            writer.record(_raw(text), {"line": first_line, "errors": [str(e) for e in errors]})
            continue
        replayed = problems.replay(record, source.name, laws)
        if replayed is None:
            writer.record(_raw(text), {"line": first_line, "errors": ["cannot be replayed"]})
            continue
        analysis, annotated = _analysed(record, replayed, every_play)
        findings += analysis.findings
        _say_unanalysed(where(record, source.name), analysis)
        # A record with nothing analysed is written back exactly as it was read.
        writer.record(
            write_record(annotated) if annotated is not record else _raw(text),
            {**analysis.to_dict(), "line": first_line},
        )
    writer.close()
    if output is not None and writer.count:
        click.echo(f"wrote {output}", err=True)
    problems.exit()
    if findings:
        raise click.exceptions.Exit(1)
