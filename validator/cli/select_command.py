"""``bezique select``: an archive's records that pass some tests, stripped, split, deduplicated.

The tests and the writing are :mod:`validator.tools.selection`, the run (streaming, ``--jobs``,
input order) :mod:`validator.tools.select`, the duplicates :mod:`validator.tools.duplicates`;
this module reads the options and writes the records, the report and the summary.
"""

from __future__ import annotations

from pathlib import Path

import click

from validator.batch import FileDone, FileProblem, default_jobs
from validator.cli.check_command import read_items
from validator.cli.common import Output, fail
from validator.sources import inputs
from validator.tools.in_order import PoolError
from validator.tools.select import DuplicateDropper, Outcome, select_items
from validator.tools.selection import SELECTED, UNREADABLE, Picked, Selection
from validator.tools.split import split_name
from validator.tools.strip import STRIPPABLE, StripError, check_strip
from validator.tools.tag_filter import TagFilter, TagFilterError, parse_tag_filter

_EXAMPLES = """
\b
Examples:
  bezique select samples/games -t variant=two-pack       the two-pack games
  bezique select samples/ -t 'players~^Hart'             every game Alice Hart played
  bezique select samples/corpus -t 'Result~^A ' --list   where A won: file:line of each
  bezique select samples/ -t 'Date>=2026.01.01' -t 'Date<=2026.03.31'
                                                         a range of dates (quoted for the shell)
  bezique select samples/disputes --code P201 --code W301
                                                         a lead out of turn or a draw forgotten
  bezique select samples/ --unclean --list               every record with a finding
  bezique select samples/games/rubicon.bzn --strip comments,glyphs
                                                         the bare game, canonical
  bezique select samples/corpus/rubicon.bzn --split out/
                                                         one file a record, in out/
  bezique select samples/ --duplicates -o archive.bzn    each game once, the most complete
                                                         (samples/sheets/ holds two sheets
                                                         of samples/games/rubicon.bzn)

\b
A TEST is NAME OP VALUE: OP is = != ~ !~ (a regular expression) or
< <= > >= (numbers, dates YYYY.MM.DD, text); NAME a tag in any case, or
players (any seat's tag), variant, laws (the replay's defaults when the tag
is absent). Every test given must hold.

\b
Exit status: 0 records selected (with --duplicates: and none dropped), 1 no
record selected (with --duplicates: duplicates were found and dropped), 2 a
path could not be read or a record could not be parsed (the other records
are written).
"""


def _tests(values: tuple[str, ...]) -> tuple[TagFilter, ...]:
    try:
        return tuple(parse_tag_filter(v) for v in values)
    except TagFilterError as exc:
        raise click.BadParameter(str(exc), param_hint="'-t' / '--tag'") from None


def _codes(values: tuple[str, ...]) -> frozenset[str]:
    from validator.catalogue import catalogue

    known = set(catalogue().codes())
    codes = frozenset(c.strip().upper() for v in values for c in v.split(",") if c.strip())
    unknown = sorted(codes - known)
    if unknown:
        raise click.BadParameter(
            f"no finding code {', '.join(unknown)} (bezique rules lists them)",
            param_hint="'--code'",
        )
    return codes


def _strip(value: str | None) -> frozenset[str]:
    if not value:
        return frozenset()
    try:
        return check_strip(value.split(","))
    except StripError as exc:
        raise click.BadParameter(str(exc), param_hint="'--strip'") from None


class _Writer:
    """Writes each record selected: to one stream, one file a record, or as ``file:line``."""

    def __init__(self, output: str, split: str | None, listing: bool) -> None:
        self.split = Path(split) if split is not None else None
        self.listing = listing
        self.count = 0
        self.out: Output | None = None
        if self.split is None:
            self.out = Output(None if output == "-" else Path(output))
            return
        try:
            if self.split.exists() and any(self.split.iterdir()):
                fail(f"{self.split}: not empty: --split writes into a new or empty folder")
            self.split.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"{self.split}: cannot write: {(exc.strerror or str(exc)).lower()}")

    def write(self, picked: Picked) -> None:
        assert picked.text is not None
        self.count += 1
        if self.split is not None and not self.listing:
            path = self.split / split_name(self.count, picked.stem)
            try:
                path.write_text(picked.text, encoding="utf-8", newline="\n")
            except OSError as exc:
                fail(f"{path}: cannot write: {(exc.strerror or str(exc)).lower()}")
            return
        assert self.out is not None
        if self.listing:
            self.out.write(f"{picked.source}:{picked.line}\n")
            return
        self.out.write(("\n" if self.count > 1 else "") + picked.text)

    def close(self) -> None:
        if self.out is not None:
            self.out.close()


@click.command("select", epilog=_EXAMPLES)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "-t",
    "--tag",
    "tags",
    multiple=True,
    metavar="TEST",
    help="A test on the tags, NAME OP VALUE (repeat: all must hold).",
)
@click.option(
    "--code",
    "codes",
    multiple=True,
    metavar="CODE",
    help="Records with a finding of this code (repeat, or CODE,CODE: any of them).",
)
@click.option(
    "--clean/--unclean",
    "clean",
    default=None,
    help="Records that replay without a finding / with at least one.",
)
@click.option(
    "--strip",
    metavar="WHAT",
    default=None,
    help=f"Take away {', '.join(STRIPPABLE)} (comma-separated); the records are written canonical.",
)
@click.option(
    "--duplicates",
    is_flag=True,
    help="Keep each game once, the most complete record of it (most plays, then cards named, "
    "then events, then annotation: tags, comments, glyphs, variations, so an annotated copy "
    "is kept over a bare one); report the others (same hands and stock, or same plays, or the "
    "start of another) on standard error.",
)
@click.option(
    "-o",
    "--output",
    default="-",
    metavar="FILE",
    help="Where the records go (default: standard output).",
)
@click.option(
    "--split",
    metavar="DIR",
    default=None,
    help="One file a record in DIR (new or empty), named NNNNN-PLAYERS.bzn.",
)
@click.option(
    "--list", "listing", is_flag=True, help="Write FILE:LINE of each record, not its text."
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to work on (default: every core; 1: in this process).",
)
@click.option(
    "-q",
    "--quiet",
    is_flag=True,
    help="No report of duplicates, nor the summary (written when more than one record was "
    "read), on standard error.",
)
@click.option("--batch-size", type=click.IntRange(min=1), default=16, hidden=True)
def select_command(
    paths: tuple[str, ...],
    tags: tuple[str, ...],
    codes: tuple[str, ...],
    clean: bool | None,
    strip: str | None,
    duplicates: bool,
    output: str,
    split: str | None,
    listing: bool,
    jobs: int | None,
    quiet: bool,
    batch_size: int,
) -> None:
    """Write the records of PATH... that pass every test, in input order.

    PATH is a BZN file, a folder (every *.bzn file under it) or - for standard
    input. A record that cannot be parsed is reported on standard error,
    file:line:col, and the others are still read. Files of any size are read in
    constant memory; --duplicates keeps a small key of each record on disk.
    """
    if split is not None and output != "-":
        raise click.UsageError("--split and --output are exclusive: one file a record, or one file")
    selection = Selection(
        tags=_tests(tags),
        codes=_codes(codes),
        clean=clean,
        strip=_strip(strip),
        fingerprints=duplicates,
    )
    writer = _Writer(output, split if not listing else None, listing)
    counts = {"read": 0, "selected": 0, "unreadable": 0, "files": 0}
    dropper = DuplicateDropper() if duplicates else None
    try:
        outcomes = select_items(
            read_items(list(inputs(paths))),
            selection,
            jobs=jobs or default_jobs(),
            batch_records=batch_size,
        )
        if dropper is not None:
            outcomes = dropper.run(outcomes)
        for outcome in outcomes:
            _handle(outcome, writer, counts)
    except PoolError as exc:
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    finally:
        writer.close()
    dropped = dropper.duplicates if dropper is not None else []
    counts["read"] += len(dropped)
    if not quiet:
        for duplicate in dropped:
            click.echo(str(duplicate), err=True)
        if counts["read"] > 1 or dropped:
            click.echo(_summary(counts, len(dropped) if dropper is not None else None), err=True)
    if counts["unreadable"]:
        raise click.exceptions.Exit(2)
    if dropped or writer.count == 0:
        raise click.exceptions.Exit(1)


def _handle(outcome: Outcome, writer: _Writer, counts: dict[str, int]) -> None:
    if isinstance(outcome, FileDone):
        counts["files"] += 1
    elif isinstance(outcome, FileProblem):
        counts["unreadable"] += 1
        click.echo(str(outcome), err=True)
    else:
        counts["read"] += 1
        if outcome.status == UNREADABLE:
            counts["unreadable"] += 1
            for error in outcome.errors:
                click.echo(error, err=True)
        elif outcome.status == SELECTED:
            counts["selected"] += 1
            writer.write(outcome)


def _summary(counts: dict[str, int], dropped: int | None) -> str:
    text = f"{counts['selected']} of {counts['read']} records selected"
    if dropped is not None:
        text += f", {dropped} duplicate(s) dropped"
    if counts["unreadable"]:
        text += f", {counts['unreadable']} unreadable"
    return text
