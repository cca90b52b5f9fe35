"""``bezique compare A B``: two records of one game, event by event; ``--merge`` joins them.

The work is :mod:`validator.tools.compare`; this module reads the two files, prints each
difference at its line in both, and writes the merge. Output reads like a compiler's: one line
per difference, ``a.bzn:LINE:COL: b.bzn:LINE:COL: where: what each says``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from notation.model import Record
from notation.writer import write_records
from validator.cli.common import Output, Problems
from validator.sources import STDIN, STDIN_NAME
from validator.tools.compare import CONTRADICTION, GAP, Comparison, Difference, compare_records

_EXAMPLES = """
\b
Examples (two score sheets of one Rubicon game in samples/sheets/):
  bezique compare samples/sheets/alice.bzn samples/sheets/ben.bzn
                     they agree: each names only what its player saw (exit 0)
  bezique compare samples/sheets/alice.bzn samples/sheets/ben.bzn --gaps
                     ... and each fact one sheet names and the other does not
  bezique compare samples/sheets/alice.bzn samples/sheets/ben.bzn --merge -o game.bzn
                     the whole game: what both agree on, Alice's hand from her
                     sheet and Ben's from his (samples/games/rubicon.bzn)
  bezique compare samples/sheets/alice.bzn samples/sheets/ben-disputed.bzn
                     the Date tag differs: shown at its line in both (exit 1)

\b
Exit status: 0 the records agree (one may name what the other leaves
unknown), 1 they contradict each other (nothing merged), 2 a file could not
be read or a record could not be parsed.
"""


def _read(path: str, problems: Problems) -> tuple[str, list[Record]]:
    """The name of ``path`` in messages (``-``: standard input) and its good records; its
    problems are reported (:class:`validator.cli.common.Problems`)."""
    name = STDIN_NAME if path == STDIN else path
    return name, [record for _, record in problems.records(path)]


@click.command("compare", epilog=_EXAMPLES)
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option(
    "--merge",
    is_flag=True,
    help="Write one record of what both agree on plus what each alone names; refused (exit 1, "
    "nothing written) when they contradict each other.",
)
@click.option(
    "-o",
    "--output",
    default="-",
    metavar="FILE",
    help="Where --merge writes the record (default: standard output).",
)
@click.option(
    "--gaps/--no-gaps",
    default=False,
    help="Also list what one record names and the other leaves unknown (default: only the "
    "contradictions, and a count of the rest).",
)
@click.option("-q", "--quiet", is_flag=True, help="Print no difference; the exit status tells.")
def compare_command(
    first: str, second: str, merge: bool, output: str, gaps: bool, quiet: bool
) -> None:
    """Compare two records of one game, A and B, event by event.

    Typically each player's score sheet of the same deal, each naming his own
    hand and the cards he drew. Every difference is printed at its line in
    both files: a contradiction (both name it, and differently) or, with
    --gaps, a fact only one names. Files holding several records are compared
    record by record, in order. - reads standard input (for one of the two).
    """
    if first == "-" and second == "-":
        raise click.UsageError("only one of A and B may be - (standard input)")
    problems = Problems()
    name_a, records_a = _read(first, problems)
    name_b, records_b = _read(second, problems)
    problems.exit()
    comparisons: list[Comparison] = [
        compare_records(a, b) for a, b in zip(records_a, records_b, strict=False)
    ]
    extra: list[Difference] = []
    for index in range(min(len(records_a), len(records_b)), max(len(records_a), len(records_b))):
        only_a = index < len(records_a)
        record = records_a[index] if only_a else records_b[index]
        text = f"record {index + 1}"
        extra.append(
            Difference(
                CONTRADICTION,
                f"record {index + 1}",
                text if only_a else None,
                None if only_a else text,
                record.pos if only_a else None,
                None if only_a else record.pos,
            )
        )
    contradictions = sum(len(c.contradictions) for c in comparisons) + len(extra)
    gap_count = sum(len(c.gaps) for c in comparisons)
    listing = sys.stderr if merge else sys.stdout
    if not quiet:
        several = len(comparisons) > 1
        for number, comparison in enumerate(comparisons, 1):
            for difference in comparison.differences:
                if difference.kind == GAP and not gaps:
                    continue
                prefix = f"record {number}: " if several else ""
                listing.write(prefix + difference.line(name_a, name_b) + "\n")
        for difference in extra:
            listing.write(difference.line(name_a, name_b) + "\n")
        listing.write(_summary(name_a, name_b, contradictions, gap_count, gaps) + "\n")
        listing.flush()
    if contradictions:
        if merge and not quiet:
            click.echo("nothing merged: the records contradict each other", err=True)
        raise click.exceptions.Exit(1)
    if merge:
        merged = [c.merged for c in comparisons if c.merged is not None]
        out = Output(None if output == "-" else Path(output))
        out.write(write_records(merged))
        out.close()


def _summary(name_a: str, name_b: str, contradictions: int, gap_count: int, listed: bool) -> str:
    said = "no contradiction" if not contradictions else f"{contradictions} contradiction(s)"
    rest = f"{gap_count} fact(s) only one of them names"
    if gap_count and not listed:
        rest += " (--gaps lists them)"
    return f"{name_a} and {name_b}: {said}; {rest}"
