"""``bezique export`` and ``bezique replay``: the views of a replayed record.

Both commands read records with :func:`notation.read_records`, replay each once
with :func:`validator.replay.replay` and hand the :class:`Replay` to a view
of :mod:`validator.export`. Errors become a message and exit code 2; no
traceback reaches the user.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from validator.export import FORMATS, to_html, to_json, to_markdown, to_yaml
from validator.export.terminal import find_position, render_step, step_through

if TYPE_CHECKING:
    from validator.replay import Replay

_WRITERS = {"html": to_html, "md": to_markdown, "json": to_json, "yaml": to_yaml}


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    raise click.exceptions.Exit(2)


def _replays(path: Path, laws: str | None, faults: list[str]) -> Iterator[Replay]:
    """Replay each good record of ``path`` in turn.

    A broken record's faults are printed and appended to ``faults`` and the
    next record is read, as ``bezique check`` does; the caller exits 2 at the end.
    """
    try:
        from notation import NotationError, read_records
        from validator.replay import replay
    except ImportError as exc:  # pragma: no cover - a broken installation
        _fail(f"cannot replay records: {exc}")
    try:
        for item in read_records(path):
            if isinstance(item, NotationError):
                faults.append(str(item))
                click.echo(f"error: {item}", err=True)
                continue
            result: Replay = replay(item, laws=laws, source=str(path))
            yield result
    except (ValueError, OSError) as exc:
        _fail(f"{path}: {exc}")


def _exit_on_faults(faults: list[str]) -> None:
    if faults:
        raise click.exceptions.Exit(2)


@click.command("export")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--to", "fmt", type=click.Choice(FORMATS), required=True, help="The format to write.")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    help="The file to write (a folder when FILE holds several records); default: standard output.",
)
@click.option(
    "--laws", default=None, help="english, french or a laws FILE (default: the Laws tag)."
)
def export_command(file: Path, fmt: str, output: Path | None, laws: str | None) -> None:
    """Export the replay of each record in FILE as HTML, Markdown, JSON or YAML.

    A file of one record gives one file (or standard output); a file of
    several gives a folder OUTPUT holding FILE-001.FMT, FILE-002.FMT, ...

    \b
    Examples:
      bezique export game.bzn --to html -o game.html    a page to step through
      bezique export game.bzn --to md                   a score sheet on screen
      bezique export round.bzn --to json -o round/      one JSON file per record
    """
    write = _WRITERS[fmt]
    faults: list[str] = []
    replays = _replays(file, laws, faults)
    head = list(islice(replays, 2))
    if not head:
        _exit_on_faults(faults)
        _fail(f"{file}: no record found")
    many = len(head) > 1 or (output is not None and output.is_dir())
    if not many:
        text = write(head[0])
        if output is None:
            click.echo(text, nl=False)
        else:
            _write(output, text)
            click.echo(f"wrote {output}", err=True)
        _exit_on_faults(faults)
        return
    if output is None:
        _fail(f"{file} holds several records: give a folder with -o")
    try:
        output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _fail(f"cannot make folder {output}: {exc}")
    count = 0
    for count, one in enumerate([*head, *replays], start=1):
        _write(output / f"{file.stem}-{count:03d}.{fmt}", write(one))
    click.echo(f"wrote {count} files to {output}", err=True)
    _exit_on_faults(faults)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc}")


@click.command("replay")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--record", "record_number", default=1, show_default=True, help="Which record.")
@click.option("--deal", "deal_number", default=None, type=int, help="Deal number (default: first).")
@click.option(
    "--step", "step", default=None, help="Print step N (or the first of trick tN) and exit."
)
@click.option("--public", is_flag=True, help="Hide the hands: the view of a spectator.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Cards as QS, TH rather than Q♠, 10♥.")
@click.option(
    "--laws", default=None, help="english, french or a laws FILE (default: the Laws tag)."
)
def replay_command(
    file: Path,
    record_number: int,
    deal_number: int | None,
    step: str | None,
    public: bool,
    ascii_only: bool,
    laws: str | None,
) -> None:
    """Step through a deal of FILE in the terminal.

    Keys: n or → next, p or ← back, ] and [ a trick, j jump to a step or a
    trick (t5), h hide or show the hands, q quit. Without a terminal, or with
    --step, it prints and exits.

    \b
    Examples:
      bezique replay game.bzn                   step through deal 1
      bezique replay game.bzn --deal 2 --step t5  the first step of trick 5
    """
    faults: list[str] = []
    chosen = next(islice(_replays(file, laws, faults), record_number - 1, None), None)
    if chosen is None:
        _fail(f"{file}: no record {record_number}")
    if not chosen.deals:
        _fail(f"{file}: record {record_number} has no deal")
    numbers = [deal.number for deal in chosen.deals]
    if deal_number is None:
        deal_index = 0
    elif deal_number in numbers:
        deal_index = numbers.index(deal_number)
    else:
        _fail(f"{file}: record {record_number} has no deal {deal_number} (deals {numbers})")
    deal = chosen.deals[deal_index]
    if not deal.steps:
        _fail(f"{file}: deal {deal.number} has no steps")
    show_hands = not public
    if step is not None:
        position = find_position(deal, step)
        if position is None:
            _fail(f"deal {deal.number} has no step {step!r} (steps 0 to {deal.steps[-1].index})")
        click.echo(
            render_step(chosen, deal_index, position, show_hands=show_hands, ascii_only=ascii_only),
            nl=False,
        )
        return
    if not sys.stdin.isatty() or not sys.stdout.isatty():
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

    def prompt(question: str) -> str:
        answer: str = click.prompt(question, default="", show_default=False)
        return answer

    step_through(
        chosen,
        deal_index,
        read_key=click.getchar,
        prompt=prompt,
        show=show,
        show_hands=show_hands,
        ascii_only=ascii_only,
    )
