"""``bezique adjudicate``: the ruling on a disputed record, as a director would write it.

Each record is replayed once (:func:`validator.adjudicate.adjudicate`) and its ruling written as
text, Markdown or JSON (``docs/adjudicate.md``). Exit status as ``bezique check``: 0 nothing to
rule, 1 rulings made, 2 the file or a record could not be read. No traceback reaches the user.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from validator.cli.common import Problems, fail, laws_option
from validator.sources import InputError, one_input

if TYPE_CHECKING:
    from notation.model import Record

_EXAMPLES = """
\b
Examples (samples/disputes/ holds records with irregularities, each opening
with the ruling it should get, worked from the rule texts):
  bezique adjudicate samples/disputes/misdeal.bzn                  the ruling, as text
  bezique adjudicate samples/disputes/wrong-draw.bzn --laws french   French laws
  bezique adjudicate samples/disputes/lead-out-of-turn.bzn --laws validator/data/laws/forfeits.yaml
  bezique adjudicate samples/rubicon.bzn --record 2                the second record only
  bezique adjudicate samples/disputes/rubicon-penalty.bzn --format md     Markdown
  bezique adjudicate samples/disputes/revoke-in-the-last-tricks.bzn --format json
  bezique simulate --variant rubicon | bezique adjudicate -         standard input

\b
Exit status: 0 nothing to rule, 1 rulings made, 2 the file or a record cannot be read.
"""


@click.command("adjudicate", epilog=_EXAMPLES)
@click.argument("file", metavar="FILE")
@laws_option("The code of laws to rule under (default: the record's Laws tag, then english).")
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
def adjudicate_command(file: str, laws: str | None, fmt: str, record_number: int | None) -> None:
    """Rule on the records of FILE (- for standard input): the facts, each irregularity with
    its law and remedy, the elections, the corrected scores and the result.

    The records of FILE are ruled on together, as a sitting may need; a record that cannot
    be parsed is reported on standard error and the others are still ruled on.
    """
    from validator.adjudicate import (
        Ruling,
        adjudicate_sitting,
        render_markdown,
        render_text,
        rulings_document,
    )

    problems = Problems(keep=True)
    try:
        source = one_input(file)
    except InputError as exc:
        fail(str(exc))
    records: list[tuple[int, Record]] = []
    index = 0
    for index, record in problems.records_of(source):
        if record_number is None or index == record_number:
            records.append((index, record))
        if index == record_number:
            break  # the records after it are not asked about
    if record_number is not None and not records and not problems.count:
        fail(f"{source.name}: there is no record {record_number} (the file holds {index})")
    try:
        # a record that could not be read may be the game a sitting misses: none is called so
        whole = not problems.count
        rulings: list[Ruling] = adjudicate_sitting(
            records, laws=laws, source=source.name, missing=whole
        )
    except RecursionError:
        fail(f"{source.name}: variations nested too deep to process")
    except ValueError as exc:
        fail(f"{source.name}: {exc}")
    if fmt == "json":
        document = rulings_document(rulings, problems.messages)
        click.echo(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        render = render_markdown if fmt == "md" else render_text
        click.echo("\n".join(render(ruling) for ruling in rulings), nl=False)
    problems.exit()
    if any(ruling.irregularities for ruling in rulings):
        raise click.exceptions.Exit(1)
