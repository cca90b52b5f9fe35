"""``bezique check``: replay every record under the paths given and report its findings.

Output reads like a compiler's: one line per finding, ``file:line:col: CODE message
[remedy]``, a parse error with its caret line, in input order whatever ``--jobs``. The
work is done by :mod:`validator.batch` (or :mod:`validator.distributed` with ``--dask``);
this module only prints. The progress bar is click's own ``progressbar`` (no extra
dependency), drawn on standard error.
"""

from __future__ import annotations

import contextlib
import json
import signal
import sys
import time
from collections.abc import Callable
from typing import IO, Any

import click

from validator.batch import (
    SCHEMA,
    SCHEMA_VERSION,
    BatchError,
    CheckSummary,
    FileDone,
    FileProblem,
    Outcome,
    RecordResult,
    Target,
    check_items,
    collect_less,
    default_jobs,
    expand_paths,
    read_items,
)

_EXAMPLES = """
\b
Examples:
  bezique check game.bzn                 one file
  bezique check archive/ --jobs 4        every *.bzn under a folder, on 4 processes
  bezique check - < round.bzn            standard input
  bezique check round.bzn --laws french  under the French laws, whatever the Laws tag
  bezique check round.bzn --format json  the versioned JSON form (docs/check-json-schema.md)
  bezique check archive/ --dask tcp://scheduler:8786   on a Dask cluster

\b
Exit status: 0 every record clean, 1 a record has findings,
2 a path could not be read or a record could not be parsed.
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

    def __init__(self, fmt: str, quiet: bool, out: IO[str], laws: str | None) -> None:
        self.fmt = fmt
        self.quiet = quiet
        self.out = out
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
            self.out.write(("" if self.first else ",\n") + json.dumps(outcome.to_dict()))
            self.first = False
            return
        if isinstance(outcome, FileProblem):
            self.out.write(f"{outcome}\n")
        else:
            for line in outcome.lines():
                self.out.write(line + "\n")

    def finish(self, summary: CheckSummary) -> None:
        if self.fmt == "json" and not self.quiet:
            self.out.write(f'\n], "summary": {json.dumps(summary.to_dict())}}}\n')
        self.out.flush()


def _summary_wanted(option: bool | None, fmt: str, quiet: bool, summary: CheckSummary) -> bool:
    if option is not None:
        return option
    return fmt == "text" and not quiet and summary.records + summary.unreadable_files > 1


def _total_size(targets: list[Target | FileProblem]) -> int | None:
    total = 0
    for target in targets:
        if isinstance(target, FileProblem):
            continue
        if target.size is None:
            return None
        total += target.size
    return total


def _check_laws(laws: str | None) -> None:
    if laws is None:
        return
    from validator.laws import load_laws

    try:
        load_laws(laws)
    except ValueError as exc:
        raise click.UsageError(f"--laws: {exc}") from None


@click.command("check", epilog=_EXAMPLES)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--laws",
    default=None,
    metavar="english|french|forfeits|FILE",
    help="The code of laws for the remedies (default: each record's Laws tag, then english).",
)
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
    input. Each finding is one line, file:line:col: CODE message [remedy]; a
    record that cannot be parsed is reported with its caret line and the other
    records are still checked. Files of any size are read in constant memory.
    """
    _check_laws(laws)
    _stop_on_sigterm()
    out = sys.stdout
    show_progress = progress if progress is not None else (sys.stderr.isatty() and not quiet)
    targets = list(expand_paths(paths))
    bar = (
        _Progress(_total_size(targets), progress is True, sys.stdout.isatty())
        if show_progress
        else None
    )
    printer = _Printer(fmt, quiet, out, laws)
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
            _run_dask(paths, dask_address, laws, batch_size, handle)
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
    paths: tuple[str, ...],
    address: str,
    laws: str | None,
    batch_size: int,
    handle: Callable[[Outcome], None],
) -> None:
    from validator.distributed import check_paths_dask

    check_paths_dask(paths, address, laws, on_outcome=handle, batch_records=batch_size)
