"""Streaming records out of a file of any size, one at a time, in constant memory.

A file is split into records by lines: a tag line (``[Name "value"]``) that
follows a line of moves (anything but tags, blank lines and comment lines)
starts a new record. Each record is parsed on its own, so a broken record
reports its faults and the reader goes on with the next one::

    for item in read_records("games.bzn"):
        if isinstance(item, NotationError):
            print(item)
        else:
            check(item)

CRLF line ends, a byte-order mark and tabs are accepted.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from notation.errors import NotationError
from notation.model import Record
from notation.parser import parse_record_collecting

Source = str | os.PathLike[str] | IO[str] | Iterable[str]
"""A path, an open text file, or any iterable of lines."""


def split_records(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """``(first line number, text)`` of each record in a run of lines, lazily.

    A tag line after a line of moves starts a new record; a BOM on the first
    line is dropped; each line keeps (or gains) its line break.
    """
    buffer: list[str] = []
    start = 1
    number = 0
    has_moves = False
    depth = 0  # open braces: a tag-like line inside a comment does not split
    for number, raw in enumerate(lines, 1):
        if number == 1 and raw.startswith("\ufeff"):
            raw = raw[1:]
        stripped = raw.strip()
        if depth == 0 and stripped.startswith("[") and has_moves:
            yield start, "".join(buffer)
            buffer = []
            start = number
            has_moves = False
        buffer.append(raw if raw.endswith("\n") else raw + "\n")
        if depth == 0 and stripped and stripped[0] not in "[{;":
            has_moves = True
        if "{" in raw or "}" in raw:
            depth = max(0, depth + raw.count("{") - raw.count("}"))
    if buffer and any(line.strip() for line in buffer):
        yield start, "".join(buffer)


def _lines(source: Source) -> tuple[Iterable[str], str | None, IO[str] | None]:
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        handle = path.open(encoding="utf-8-sig", newline="")
        return handle, str(source), handle
    name = getattr(source, "name", None)
    return source, name if isinstance(name, str) else None, None


def read_records(source: Source, *, name: str | None = None) -> Iterator[Record | NotationError]:
    """Yield each record of a file, or each fault of a broken record, in file order.

    ``name`` overrides the file name used in messages (``-`` for standard input).
    A broken record yields one :class:`NotationError` per fault (all with the
    same ``record_line``) and no record; reading goes on with the next one.
    """
    lines, found_name, handle = _lines(source)
    label = name if name is not None else found_name
    try:
        for first_line, text in split_records(lines):
            record, errors = parse_record_collecting(text, label, first_line=first_line)
            if record is not None:
                yield record
            else:
                yield from errors
    finally:
        if handle is not None:
            handle.close()


def iter_records(
    source: Source,
    *,
    errors: list[NotationError] | None = None,
    name: str | None = None,
) -> Iterator[Record]:
    """Yield the good records of a file.

    With an ``errors`` list, faults are appended to it and reading goes on;
    without one, the first fault is raised.
    """
    for item in read_records(source, name=name):
        if isinstance(item, NotationError):
            if errors is None:
                raise item
            errors.append(item)
        else:
            yield item


def read_text_records(text: str, source: str | None = None) -> Iterator[Record | NotationError]:
    """:func:`read_records` over a text held in memory."""
    return read_records(io.StringIO(text), name=source)
