"""``bezique export`` and ``bezique replay``: the views of a replayed record.

Both commands read records through :class:`validator.cli.common.Problems` (so ``-`` is
standard input and every problem is one line on standard error), replay each once and hand
the :class:`Replay` to a view of :mod:`validator.export`. ``export`` streams: each record is
read, replayed, written and let go before the next, so memory holds one replay whatever the
size of the file. ``replay`` replays only the record it shows.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from validator.cli.common import Output, Problems, fail, laws_option
from validator.export import FORMATS, to_html, to_json, to_markdown, to_yaml
from validator.export.data import json_item
from validator.export.terminal import find_position, read_line, render_step, step_through
from validator.sources import InputError, one_input

if TYPE_CHECKING:
    from notation.model import Record
    from validator.replay import Replay
    from validator.replay.model import DealReplay

_WRITERS: dict[str, Callable[[Replay], str]] = {
    "html": to_html,
    "md": to_markdown,
    "json": to_json,
    "yaml": to_yaml,
}

_EXPORT_HELP = """Export the replay of each record in FILE as HTML, Markdown, JSON or YAML.

FILE is a BZN file or - for standard input. Records are read, replayed and
written one at a time, so a file of any size takes the memory of one record.

\b
Where the output goes:
  one record            the page, sheet or document, on standard output or in -o FILE
  several, -o FOLDER/   one file per record: FOLDER/NAME-001.FMT, NAME-002.FMT, ...
                        (a FOLDER that exists, or a path ending in /)
  several, json         one JSON array, an element per record
  several, yaml         one YAML stream, a document per record (--- between)
  several, md           the score sheets one after the other, a rule (---) between
  several, html         a page shows one record: give -o FOLDER/ for a page each

\b
A record that cannot be parsed or replayed is reported on standard error and
skipped (in a folder its number is left out); the exit status is then 2.

\b
Examples:
  bezique export samples/games/rubicon.bzn --to html -o rubicon.html
  bezique export samples/two-pack.bzn --to md            a score sheet on screen
  bezique export samples/rubicon.bzn --to json -o out/   one JSON file per record
  bezique export samples/rubicon.bzn --to json | jq '.[1].game'
  bezique simulate --variant chinese | bezique export - --to yaml
"""


def _is_folder(output: str) -> bool:
    return output.endswith(("/", os.sep)) or Path(output).is_dir()


def _joined(fmt: str, first: bool, replayed: Replay) -> str:
    """The text of one record in a stream of several of format ``fmt``."""
    if fmt == "json":
        return ("[\n  " if first else ",\n  ") + json_item(replayed)
    text = _WRITERS[fmt](replayed)
    if fmt == "yaml":
        return "---\n" + text
    return text if first else "\n---\n\n" + text


def _replays(
    records: Iterator[tuple[int, Record]], problems: Problems, source: str, laws: str | None
) -> Iterator[tuple[int, Replay]]:
    for ordinal, record in records:
        replayed = problems.replay(record, source, laws)
        if replayed is not None:
            yield ordinal, replayed


@click.command("export", help=_EXPORT_HELP)
@click.argument("file", metavar="FILE")
@click.option("--to", "fmt", type=click.Choice(FORMATS), required=True, help="The format to write.")
@click.option(
    "-o",
    "--output",
    "output_name",
    metavar="PATH",
    help="The file to write, or a FOLDER/ for one file per record (default: standard output).",
)
@laws_option("The code of laws for the remedies (default: each record's Laws tag, then english).")
def export_command(file: str, fmt: str, output_name: str | None, laws: str | None) -> None:
    write = _WRITERS[fmt]
    output = None if output_name is None else Path(output_name)
    problems = Problems()
    try:
        source = one_input(file)
    except InputError as exc:
        fail(str(exc))
    replays = _replays(problems.records_of(source), problems, source.name, laws)
    if output is not None and output_name is not None and _is_folder(output_name):
        _export_to_folder(replays, output, f"{source.stem}-{{:03d}}.{fmt}", write)
        problems.exit()
        return
    first = next(replays, None)
    second = next(replays, None) if first is not None else None
    if first is None:
        problems.exit()
        fail(f"{source.name}: no record could be exported")
    if second is not None and fmt == "html":
        fail(
            f"{source.name} holds several records and a page shows one: "
            "give a folder (-o FOLDER/) for a page per record"
        )
    out = Output(output)
    if second is None:
        out.write(write(first[1]))
    else:
        count = 0
        for count, (_, replayed) in enumerate(_chain(first, second, replays), start=1):
            out.write(_joined(fmt, count == 1, replayed))
        if fmt == "json":
            out.write("\n]\n")
        if output is not None:
            click.echo(f"wrote {count} records to {output}", err=True)
    out.close()
    if output is not None and second is None:
        click.echo(f"wrote {output}", err=True)
    problems.exit()


def _chain(
    first: tuple[int, Replay], second: tuple[int, Replay], rest: Iterator[tuple[int, Replay]]
) -> Iterator[tuple[int, Replay]]:
    yield first
    yield second
    yield from rest


def _export_to_folder(
    replays: Iterator[tuple[int, Replay]],
    folder: Path,
    pattern: str,
    write: Callable[[Replay], str],
) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"{folder}: cannot make the folder: {(exc.strerror or str(exc)).lower()}")
    count = 0
    for ordinal, replayed in replays:
        out = Output(folder / pattern.format(ordinal))
        out.write(write(replayed))
        out.close()
        count += 1
    if count:
        click.echo(f"wrote {count} file{'s' if count > 1 else ''} to {folder}", err=True)


_REPLAY_HELP = """Step through a deal of FILE in the terminal.

FILE is a BZN file or - for standard input (the keys are then read from the
terminal). Only the record shown is replayed.

\b
Keys:
  n, space, Enter, →   next step          p, ←        previous step
  ], ↓                 next trick         [, ↑        previous trick
  PgDn                 ten steps on       PgUp        ten steps back
  Home                 first step         End         last step
  j                    jump to a step N or a trick tN (Esc cancels)
  h                    hide or show the hands           q, Esc   quit

Without a terminal, or with --step, it prints and exits.

\b
Examples:
  bezique replay samples/games/two-pack.bzn                  deal 1, step by step
  bezique replay samples/games/two-pack.bzn --deal 2 --step t5   trick 5 of deal 2
  bezique replay samples/rubicon.bzn --record 2 --step 10 --public
  bezique simulate --variant rubicon | bezique replay - --step t3
"""


@click.command("replay", help=_REPLAY_HELP)
@click.argument("file", metavar="FILE")
@click.option(
    "--record",
    "record_number",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    metavar="N",
    help="Which record of FILE (1 is the first).",
)
@click.option(
    "--deal", "deal_number", type=int, default=None, metavar="N", help="Deal number (default: 1st)."
)
@click.option(
    "--step", "step", default=None, metavar="N|tN", help="Print step N (or the first of trick tN)."
)
@click.option("--public", is_flag=True, help="Hide the hands: the view of a spectator.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Cards as QS, TH rather than Q♠, 10♥.")
@laws_option("The code of laws for the remedies (default: the record's Laws tag, then english).")
def replay_command(
    file: str,
    record_number: int,
    deal_number: int | None,
    step: str | None,
    public: bool,
    ascii_only: bool,
    laws: str | None,
) -> None:
    problems = Problems()
    try:
        source = one_input(file)
    except InputError as exc:
        fail(str(exc))
    found: Record | None = None
    records = problems.records_of(source)
    seen = 0
    for ordinal, record in records:
        seen = ordinal
        if ordinal == record_number:
            found = record
            break
    records.close()
    if found is None:
        problems.exit()
        fail(f"{source.name}: there is no record {record_number} (the file holds {seen})")
    chosen = problems.replay(found, source.name, laws)
    if chosen is None:
        problems.exit()
        return
    if not chosen.deals:
        fail(f"{source.name}: record {record_number} has no deal")
    numbers = [deal.number for deal in chosen.deals]
    if deal_number is None:
        deal_index = 0
    elif deal_number in numbers:
        deal_index = numbers.index(deal_number)
    else:
        shown = ", ".join(str(n) for n in numbers)
        fail(f"{source.name}: record {record_number} has no deal {deal_number} (deals {shown})")
    deal = chosen.deals[deal_index]
    if not deal.steps:
        fail(f"{source.name}: deal {deal.number} has no steps")
    show_hands = not public
    if step is not None:
        position = find_position(deal, step)
        if position is None:
            fail(f"{source.name}: deal {deal.number} has no step {step!r} ({_valid_steps(deal)})")
        click.echo(
            render_step(chosen, deal_index, position, show_hands=show_hands, ascii_only=ascii_only),
            nl=False,
        )
        return
    if not _keys_available(source.path is None):
        for position in range(len(deal.steps)):
            click.echo(
                render_step(
                    chosen, deal_index, position, show_hands=show_hands, ascii_only=ascii_only
                )
            )
        return

    def show(screen: str) -> None:
        click.clear()
        click.echo(screen)

    def prompt(question: str) -> str | None:
        click.echo(f"{question}: ", nl=False)
        return read_line(click.getchar, lambda text: click.echo(text, nl=False))

    try:
        step_through(
            chosen,
            deal_index,
            read_key=click.getchar,
            prompt=prompt,
            show=show,
            show_hands=show_hands,
            ascii_only=ascii_only,
        )
    except (KeyboardInterrupt, EOFError):  # Ctrl-C or Ctrl-D: leave as q does
        click.echo("")


def _valid_steps(deal: DealReplay) -> str:
    """The steps and tricks ``--step`` may name in ``deal``: ``steps 0 to 40, tricks t1 to
    t16``."""
    steps = f"steps {deal.steps[0].index} to {deal.steps[-1].index}"
    tricks = sorted({s.trick for s in deal.steps if s.trick is not None})
    if not tricks:
        return f"{steps}; the deal has no trick"
    return f"{steps}, tricks t{tricks[0]} to t{tricks[-1]}"


def _keys_available(records_on_stdin: bool) -> bool:
    """Whether keys can be read from a terminal and the screen is one."""
    if not sys.stdout.isatty():
        return False
    if not records_on_stdin:
        return sys.stdin.isatty()
    try:
        with open("/dev/tty"):
            return True
    except OSError:
        return False
