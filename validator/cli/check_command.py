"""``bezique check``: replay every record under the paths given and report its findings.

Output reads like a compiler's: one line per finding on standard output, ``file:line:col:
CODE message [remedy]``, in input order whatever ``--jobs``; a parse error (with its caret
line) and a file that cannot be read go to standard error, worded as every other command
words them (:mod:`validator.sources` reads the files). The work is done by
:mod:`validator.batch` (or :mod:`validator.distributed` with ``--dask``); this module only
reads and prints. The progress bar is click's own ``progressbar`` (no extra dependency),
drawn on standard error.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import IO, Any

import click

from notation.reader import split_records
from validator.batch import (
    SCHEMA,
    SCHEMA_VERSION,
    BatchError,
    CheckSummary,
    FileDone,
    FileProblem,
    Item,
    Outcome,
    RecordResult,
    RecordText,
    check_items,
    collect_less,
    default_jobs,
    finding_line,
)
from validator.cli.common import laws_option
from validator.sources import Input, InputError, LineReader, inputs

_EXAMPLES = """
\b
Examples:
  bezique check samples/two-pack.bzn            one file
  bezique check samples/ --jobs 2               every *.bzn under a folder, on 2 processes
  bezique check - < samples/rubicon.bzn         standard input
  bezique check samples/rubicon.bzn --laws french   French remedies, whatever the Laws tag
  bezique check samples/ --format json          the versioned JSON form (docs/check-json-schema.md)
  bezique check samples/ --dask tcp://scheduler:8786   on a Dask cluster

\b
Exit status: 0 every record clean, 1 a record has findings,
2 a path could not be read (missing, not UTF-8 text, binary, no record in
it), a record could not be read whole (a line over 1 MiB in it, whatever its
findings) or replayed, or the command line is wrong.
"""


class _Progress:
    """Bytes checked out of the total, on standard error; shown after the first half second."""

    def __init__(self, total: int | None, forced: bool, stdout_shared: bool) -> None:
        self.total = total
        self.forced = forced
        self.tty = sys.stderr.isatty()
        self.stdout_shared = stdout_shared
        self.start = time.monotonic()
        self.done_bytes = 0
        self.finished_bytes = 0
        self.records = 0
        self.bar: Any = None
        self.last_line = 0.0

    def advance(self, outcome: Outcome) -> None:
        if isinstance(outcome, RecordResult):
            self.records += 1
            self.done_bytes += outcome.size
        elif isinstance(outcome, FileDone):
            self.finished_bytes += outcome.size or 0
            self.done_bytes = max(self.done_bytes, self.finished_bytes)
        now = time.monotonic()
        if now - self.start < 0.5:
            return
        if self.tty and self.total:
            if self.bar is None:
                self.bar = click.progressbar(
                    length=self.total,
                    label="checking",
                    file=sys.stderr,
                    show_eta=True,
                    show_percent=True,
                    width=30,
                )
                self.bar.__enter__()
            self.bar.update(min(self.done_bytes, self.total) - self.bar.pos)
        elif now - self.last_line >= 2.0:
            self.last_line = now
            share = f" ({100 * self.done_bytes / self.total:.0f}%)" if self.total else ""
            end = "\r" if self.tty else "\n"
            sys.stderr.write(f"checked {self.records} records{share}{end}")
            sys.stderr.flush()

    def clear(self) -> None:
        """Wipe the bar's line before other text is written to the same terminal."""
        if self.bar is not None and self.stdout_shared:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()

    def redraw(self) -> None:
        if self.bar is not None and self.stdout_shared:
            self.bar.render_progress()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None
        elif self.tty and self.last_line:
            sys.stderr.write("\r\033[K")


class _Printer:
    """Writes each outcome as text or as one entry of the streamed JSON document."""

    def __init__(self, fmt: str, quiet: bool, out: IO[str], err: IO[str], laws: str | None) -> None:
        self.fmt = fmt
        self.quiet = quiet
        self.out = out
        self.err = err
        self.first = True
        if fmt == "json" and not quiet:
            out.write(
                f'{{"schema": "{SCHEMA}", "version": {SCHEMA_VERSION}, '
                f'"laws": {json.dumps(laws)}, "results": [\n'
            )

    def writes(self, outcome: Outcome) -> bool:
        """Whether :meth:`outcome` writes anything for this outcome."""
        if isinstance(outcome, FileDone) or self.quiet:
            return False
        if self.fmt == "json":
            return True
        return isinstance(outcome, FileProblem) or bool(outcome.findings or outcome.errors)

    def outcome(self, outcome: Outcome) -> None:
        if isinstance(outcome, FileDone) or self.quiet:
            return
        if self.fmt == "json":
            # the document holds every outcome; the faults are told on standard error too
            self.out.write(("" if self.first else ",\n") + json.dumps(outcome.to_dict()))
            self.first = False
            if isinstance(outcome, FileProblem):
                self.err.write(f"{outcome}\n")
            else:
                self.err.writelines(error["display"] + "\n" for error in outcome.errors)
                note = outcome.note()
                if note is not None:
                    self.err.write(note + "\n")
            return
        if isinstance(outcome, FileProblem):
            self.err.write(f"{outcome}\n")
            return
        if outcome.errors:
            # faults go to standard error; flush the findings first so the two keep their order
            self.out.flush()
            for error in outcome.errors:
                self.err.write(error["display"] + "\n")
            note = outcome.note()
            if note is not None:
                self.err.write(note + "\n")
            self.err.flush()
        for finding in outcome.findings:
            self.out.write(finding_line(outcome.source, outcome.line, finding) + "\n")

    def finish(self, summary: CheckSummary) -> None:
        if self.fmt == "json" and not self.quiet:
            self.out.write(f'\n], "summary": {json.dumps(summary.to_dict())}}}\n')
        self.out.flush()


def _summary_wanted(option: bool | None, fmt: str, quiet: bool, summary: CheckSummary) -> bool:
    if option is not None:
        return option
    return fmt == "text" and not quiet and summary.records + summary.unreadable_files > 1


def _total_size(targets: list[Input | InputError]) -> int | None:
    total = 0
    for target in targets:
        if isinstance(target, InputError):
            continue
        if target.size is None:
            return None
        total += target.size
    return total


def read_items(targets: list[Input | InputError]) -> Iterator[Item]:
    """The record texts of each input in file order, then a :class:`FileDone`.

    The files are read through :class:`validator.sources.LineReader`, so ``check`` has the
    limits and the messages of every other command; a problem takes its place in the run.
    """
    for target in targets:
        if isinstance(target, InputError):
            yield FileProblem(target.source, target.message)
            continue
        records = 0
        try:
            for first_line, text in split_records(LineReader(target)):
                records += 1
                yield RecordText(target.name, first_line, text)
            if records == 0:
                raise InputError(target.name, "no record found")
        except InputError as exc:
            yield FileProblem(exc.source, exc.message)
        yield FileDone(target.name, target.size, records)


@click.command("check", epilog=_EXAMPLES)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@laws_option("The code of laws for the remedies (default: each record's Laws tag, then english).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one line per finding; json: the versioned form of docs/check-json-schema.md.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to check on (default: every core; 1: in this process).",
)
@click.option(
    "--dask",
    "dask_address",
    default=None,
    metavar="ADDRESS",
    help="Check on the Dask cluster whose scheduler is at ADDRESS (needs bezique[dask]).",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="A progress bar on standard error (default: when standard error is a terminal).",
)
@click.option(
    "--summary/--no-summary",
    default=None,
    help="A table of counts at the end (default: when more than one record was read).",
)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing; the exit status tells.")
@click.option("--batch-size", type=click.IntRange(min=1), default=16, hidden=True)
def check_command(
    paths: tuple[str, ...],
    laws: str | None,
    fmt: str,
    jobs: int | None,
    dask_address: str | None,
    progress: bool | None,
    summary: bool | None,
    quiet: bool,
    batch_size: int,
) -> None:
    """Replay the records in PATH... and report every finding, like a compiler.

    PATH is a BZN file, a folder (every *.bzn file under it) or - for standard
    input. Each finding is one line on standard output, file:line:col: CODE
    message [remedy]. A line that cannot be read is reported on standard error
    with its caret line; its record is checked up to the line before it (a
    note says so: nothing after it is replayed, and the record is taken to stop
    there unread), and the other records are checked as usual. Files of any
    size are read in constant memory.
    """
    _stop_on_sigterm()
    out = sys.stdout
    show_progress = progress if progress is not None else (sys.stderr.isatty() and not quiet)
    targets = list(inputs(paths))
    bar = (
        _Progress(_total_size(targets), progress is True, sys.stdout.isatty())
        if show_progress
        else None
    )
    printer = _Printer(fmt, quiet, out, sys.stderr, laws)
    counts = CheckSummary()

    def handle(outcome: Outcome) -> None:
        counts.add(outcome)
        if bar is not None:
            has_text = printer.writes(outcome)
            if has_text:
                bar.clear()
            printer.outcome(outcome)
            bar.advance(outcome)
            if has_text:
                bar.redraw()
        else:
            printer.outcome(outcome)

    try:
        if dask_address is not None:
            _run_dask(read_items(targets), dask_address, laws, batch_size, handle)
        else:
            collect_less()
            outcomes = check_items(
                read_items(targets),
                jobs=jobs or default_jobs(),
                laws=laws,
                batch_records=batch_size,
            )
            for outcome in outcomes:
                handle(outcome)
    except KeyboardInterrupt as exc:
        if bar is not None:
            bar.close()
        click.echo("\ninterrupted", err=True)
        raise click.exceptions.Exit(143 if isinstance(exc, _Terminated) else 130) from None
    except BatchError as exc:
        if bar is not None:
            bar.close()
        click.echo(f"error: {exc}", err=True)
        raise click.exceptions.Exit(2) from None
    if bar is not None:
        bar.close()
    printer.finish(counts)
    if _summary_wanted(summary, fmt, quiet, counts):
        table = counts.table()
        if fmt == "json":
            click.echo(table, err=True)
        else:
            out.write(("\n" if counts.records and not quiet else "") + table + "\n")
            out.flush()
    raise click.exceptions.Exit(counts.exit_code)


class _Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that worker processes are shut down too."""


def _stop_on_sigterm() -> None:
    def stop(signum: int, frame: object) -> None:
        raise _Terminated

    with contextlib.suppress(ValueError):  # not the main thread: leave the default
        signal.signal(signal.SIGTERM, stop)


def _run_dask(
    items: Iterator[Item],
    address: str,
    laws: str | None,
    batch_size: int,
    handle: Callable[[Outcome], None],
) -> None:
    from validator.distributed import check_items_dask

    check_items_dask(items, address, laws, on_outcome=handle, batch_records=batch_size)
