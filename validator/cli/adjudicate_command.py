"""``bezique adjudicate``: the ruling on a disputed record, as a director would write it.

Each record is replayed once (:func:`validator.adjudicate.adjudicate`) and its ruling written as
text, Markdown or JSON (``docs/adjudicate.md``). Exit status as ``bezique check``: 0 nothing to
rule, 1 rulings made, 2 the file or a record could not be read. No traceback reaches the user.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

if TYPE_CHECKING:
    from notation.model import Record

_EXAMPLES = """
\b
Examples:
  bezique adjudicate dispute.bzn                   the ruling, as text
  bezique adjudicate dispute.bzn --laws french     under the French laws, whatever the Laws tag
  bezique adjudicate dispute.bzn --laws club.yaml  under a club's own laws file
  bezique adjudicate round.bzn --record 3          the third record of the file only
  bezique adjudicate dispute.bzn --format md       Markdown, for a report
  bezique adjudicate dispute.bzn --format json     the versioned JSON form (docs/adjudicate.md)

\b
Exit status: 0 nothing to rule, 1 rulings made, 2 the file or a record cannot be read.
"""


def _fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    raise click.exceptions.Exit(2)


@click.command("adjudicate", epilog=_EXAMPLES)
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--laws",
    default=None,
    metavar="english|french|forfeits|PATH",
    help="The code of laws to rule under (default: the record's Laws tag, then english).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "md", "json"]),
    default="text",
    show_default=True,
    help="How to write the ruling.",
)
@click.option(
    "--record",
    "record_number",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Rule on the N-th record of FILE only (default: every record).",
)
def adjudicate_command(file: Path, laws: str | None, fmt: str, record_number: int | None) -> None:
    """Rule on the records of FILE: the facts, each irregularity with its law and remedy, the
    elections, the corrected scores and the result."""
    from notation import NotationError, read_records
    from validator.adjudicate import (
        Ruling,
        adjudicate_sitting,
        render_markdown,
        render_text,
        rulings_document,
    )
    from validator.laws import LawsError, load_laws

    if laws is not None:
        try:
            load_laws(laws)
        except LawsError as exc:
            raise click.UsageError(f"--laws: {exc}") from None
    if not file.exists():
        _fail(f"{file}: no such file")
    records: list[tuple[int, Record]] = []
    errors: list[str] = []
    index = 0
    broken: object = None
    """The first line of the broken record last counted: one record may have several faults."""
    try:
        for item in read_records(file):
            if isinstance(item, NotationError):
                line = getattr(item, "record_line", None)
                if line is None or line != broken:
                    index += 1
                    broken = line
                if record_number is None or index == record_number:
                    errors.append(str(item))
                continue
            index += 1
            if record_number is None or index == record_number:
                records.append((index, item))
        rulings: list[Ruling] = adjudicate_sitting(records, laws=laws, source=str(file))
    except (OSError, ValueError) as exc:
        _fail(f"{file}: {exc}")
    if record_number is not None and not rulings and not errors:
        _fail(f"{file}: there is no record {record_number} (the file holds {index})")
    if fmt == "json":
        click.echo(json.dumps(rulings_document(rulings, errors), indent=2, ensure_ascii=False))
    else:
        render = render_markdown if fmt == "md" else render_text
        click.echo("\n".join(render(ruling) for ruling in rulings), nl=False)
    for error in errors:
        click.echo(f"error: {error}", err=True)
    if errors:
        raise click.exceptions.Exit(2)
    if any(ruling.irregularities for ruling in rulings):
        raise click.exceptions.Exit(1)
