"""What every command of ``bezique`` shares: reading records, reporting problems, ``--laws``.

- :class:`Problems` reads the records of a file through :mod:`validator.sources` (so every
  command takes ``-``, has the same limits and words its errors the same way), prints each
  problem on standard error as it is met and gives the exit status at the end: 2 when
  anything could not be read, parsed or written.
- :func:`laws_option` is the one ``--laws`` option: a name or a laws file, checked before
  any record is read.
- :class:`Output` writes to standard output or to a file opened on the first write, and turns
  a file that cannot be written into one line and exit status 2.

No traceback reaches the user: what a command does not catch itself, the group in
:mod:`validator.cli` turns into one line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from validator.sources import Input, InputError, one_input, read_records, writable

if TYPE_CHECKING:
    from notation.model import Record
    from validator.replay import Replay

F = TypeVar("F", bound=Callable[..., Any])

LAWS_METAVAR = "english|french|forfeits|FILE"


def fail(message: str) -> NoReturn:
    """Print ``message`` on standard error and exit with status 2."""
    click.echo(message, err=True)
    raise click.exceptions.Exit(2)


def _check_laws(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from validator.laws import load_laws

    try:
        load_laws(value)
    except (ValueError, OSError) as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from None
    return value


def laws_option(help_text: str) -> Callable[[F], F]:
    """``--laws NAME|FILE``: checked when the command line is read (a usage error, exit 2)."""
    return click.option(
        "--laws",
        default=None,
        metavar=LAWS_METAVAR,
        callback=_check_laws,
        help=help_text,
    )


def variation_depth(record: Record) -> int:
    """How deeply the record's variations nest (0: none), found without recursion."""
    from notation.model import Variation

    deepest = 0
    stack: list[tuple[Any, int]] = [(deal, 0) for deal in record.deals]
    while stack:
        body, depth = stack.pop()
        deepest = max(deepest, depth)
        events = list(body.events)
        for trick in body.tricks:
            events.extend(trick.events)
        stack.extend((event, depth + 1) for event in events if isinstance(event, Variation))
    return deepest


def where(record: Record, source: str) -> str:
    """``file:line`` of a record, for a problem that is the record's as a whole."""
    line = record.pos.line if record.pos is not None else 1
    return f"{source}:{line}"


class Problems:
    """Reads records, prints every problem on standard error, and knows the exit status."""

    def __init__(self, *, keep: bool = False) -> None:
        self.count = 0
        self.messages: list[str] = []
        """Every problem's message, when asked to ``keep`` them (for a JSON document)."""
        self._keep = keep

    def report(self, message: str) -> None:
        """One problem, printed now on standard error."""
        self.count += 1
        if self._keep:
            self.messages.append(message)
        click.echo(message, err=True)

    def records(self, path: str) -> Generator[tuple[int, Record], None, None]:
        """``(ordinal, record)`` for each good record of the file ``path`` (``-``: stdin).

        A broken record's faults are printed and it is skipped, but counted: ordinals are
        the records' places in the file. A file that cannot be read is one problem.
        """
        try:
            source = one_input(path)
        except InputError as exc:
            self.report(str(exc))
            return
        yield from self.records_of(source)

    def records_of(self, source: Input) -> Generator[tuple[int, Record], None, None]:
        """As :meth:`records`, for an input already found."""
        from notation.errors import NotationError

        ordinal = 0
        broken: object = None
        try:
            for item in read_records(source):
                if isinstance(item, NotationError):
                    if item.record_line is None or item.record_line != broken:
                        ordinal += 1
                        broken = item.record_line
                    self.report(str(item))
                    continue
                broken = None
                ordinal += 1
                yield ordinal, item
        except InputError as exc:
            self.report(str(exc))

    def replay(self, record: Record, source: str, laws: str | None) -> Replay | None:
        """The record replayed with every step, or ``None`` after reporting why it cannot be."""
        from validator.replay import replay

        try:
            result: Replay = replay(record, laws=laws, source=source)
        except RecursionError:
            self.too_deep(record, source)
            return None
        except ValueError as exc:
            self.report(f"{where(record, source)}: cannot replay the record: {exc}")
            return None
        return result

    def too_deep(self, record: Record, source: str) -> None:
        """Report a record whose variations nest deeper than can be processed."""
        self.report(
            f"{where(record, source)}: variations nested {variation_depth(record)} deep: "
            "too deep to process (flatten them, or split the record)"
        )

    def exit(self) -> None:
        """Exit with status 2 when any problem was reported."""
        if self.count:
            raise click.exceptions.Exit(2)


class Output:
    """Standard output, or a file opened (and created) on the first write.

    A file is written in UTF-8 with ``\\n`` line ends; one that cannot be written is one
    line on standard error and exit status 2.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._handle: IO[str] | None = None
        if path is not None:
            reason = writable(path)
            if reason is not None:
                fail(f"{path}: {reason}")

    @property
    def opened(self) -> bool:
        return self._handle is not None

    def write(self, text: str) -> None:
        if self._handle is None:
            if self.path is None:
                self._handle = sys.stdout
            else:
                try:
                    self._handle = self.path.open("w", encoding="utf-8", newline="\n")
                except OSError as exc:
                    fail(f"{self.path}: cannot write: {(exc.strerror or str(exc)).lower()}")
        try:
            self._handle.write(text)
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            fail(f"{self.path or '<stdout>'}: cannot write: {(exc.strerror or str(exc)).lower()}")

    def close(self) -> None:
        handle, self._handle = self._handle, None
        if handle is None:
            return
        try:
            if self.path is None:
                handle.flush()
            else:
                handle.close()
        except OSError as exc:
            if isinstance(exc, BrokenPipeError):
                raise
            fail(f"{self.path or '<stdout>'}: cannot write: {(exc.strerror or str(exc)).lower()}")
