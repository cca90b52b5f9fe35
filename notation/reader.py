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

    for record in read_records("games.bzn", lenient=True):  # what could be read, and why not
        for error in record.errors:
            print(error)
        check(record)

CRLF line ends, a byte-order mark and tabs are accepted.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from notation.comment_lines import Tracker
from notation.errors import NotationError
from notation.model import Comment, Record
from notation.parser import parse_record_lenient
from notation.unread_lines import is_unread

Source = str | os.PathLike[str] | IO[str] | Iterable[str]
"""A path, an open text file, or any iterable of lines."""


_OUTSIDE_PARENS = re.compile(r'"(?:[^"\\]|\\.)*"|\{(?:[^\\}]|\\.)*\}?|;.*')
"""What a line's parentheses are not counted in: strings and comments."""
_DEAL_LINE = re.compile(r"[ \t]*deal\b")


def _paren_balance(line: str) -> int:
    """How many more variations ``line`` opens than it closes."""
    bare = _OUTSIDE_PARENS.sub("", line)
    return bare.count("(") - bare.count(")")


def _only_comments(text: str) -> bool:
    """Whether a record's text holds comments and nothing else (no tag, deal, mark or
    fault): such a text is a note, not a record."""
    record = parse_record_lenient(text)
    return (
        not record.errors
        and not record.tags
        and not record.deals
        and all(type(event) is Comment for event in record.events)
    )


def split_records(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """``(first line number, text)`` of each record in a run of lines, lazily.

    A tag line after a line of moves starts a new record; a BOM opening a line (the file's, or
    one of the files joined into it) is dropped; each line keeps (or gains) its line break. A
    line inside a comment that spans lines is neither (the comment is followed by the parser's
    rule, so that a comment left open does not hide the records after it). A variation
    opened before the record's first move is not a move, nor is anything in it up to its
    ``)`` or a ``deal`` line: the tags after it are the same record's, which the parser
    reports the variation in. A file that holds only comments (and blank lines) holds no
    record: nothing is yielded, as for an empty file.
    """
    buffer: list[str] = []
    start = 1
    number = 0
    has_moves = False
    depth = 0  # variations open that were opened before the record's first move
    content = False  # a line that is more than comments, or a record yielded
    comments = Tracker()
    for number, raw in enumerate(lines, 1):
        if raw[:1] == "\ufeff":  # (a slice and a comparison: startswith parses its arguments)
            # a BOM opens the file, or a file joined to another (``cat a.bzn b.bzn``)
            raw = raw[1:]
        if is_unread(raw):
            # a line too long to read: the parser reports it; to comments it is blank
            inside = comments.open and comments.inside("\n")
            head = "\x00"
        else:
            # most lines hold no brace and start no comment: the tracker is asked only then
            inside = (comments.open or "{" in raw) and comments.inside(raw)
            head = raw.lstrip()[:1]  # the first character that is not white space
        if not inside and head == "[" and has_moves:
            yield start, "".join(buffer)
            buffer = []
            start = number
            has_moves = False
            depth = 0
        buffer.append(raw if raw[-1:] == "\n" else raw + "\n")
        if inside or not head or head in "{;":
            continue
        content = True
        if has_moves or head == "[":
            continue
        if head in "()" or depth:
            if _DEAL_LINE.match(raw):
                has_moves, depth = True, 0
            else:
                depth = max(0, depth + _paren_balance(raw))
        else:
            has_moves = True
    if buffer and any(line.strip() for line in buffer):
        text = "".join(buffer)
        if content or start > 1 or not _only_comments(text):
            yield start, text


def _lines(source: Source) -> tuple[Iterable[str], str | None, IO[str] | None]:
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        handle = path.open(encoding="utf-8-sig", newline="")
        return handle, str(source), handle
    name = getattr(source, "name", None)
    return source, name if isinstance(name, str) else None, None


def read_records(
    source: Source, *, name: str | None = None, lenient: bool = False
) -> Iterator[Record | NotationError]:
    """Yield each record of a file, or each fault of a broken record, in file order.

    ``name`` overrides the file name used in messages (``-`` for standard input). A broken
    record yields one :class:`NotationError` per fault (all with the same ``record_line``)
    and no record; reading goes on with the next one. With ``lenient``, every record is
    yielded, broken or not, holding what could be read and its faults in ``errors``
    (:func:`notation.parser.parse_record_lenient`), and no bare error is yielded.
    """
    lines, found_name, handle = _lines(source)
    label = name if name is not None else found_name
    try:
        for first_line, text in split_records(lines):
            record = parse_record_lenient(text, label, first_line=first_line)
            if lenient or not record.errors:
                yield record
            else:
                yield from record.errors
    finally:
        if handle is not None:
            handle.close()


def iter_records(
    source: Source,
    *,
    errors: list[NotationError] | None = None,
    name: str | None = None,
    lenient: bool = False,
) -> Iterator[Record]:
    """Yield the good records of a file.

    With an ``errors`` list, faults are appended to it and reading goes on; without one, the
    first fault is raised. With ``lenient``, every record is yielded with its faults in its
    ``errors`` (appended to an ``errors`` list too when one is given), and nothing is raised.
    """
    for item in read_records(source, name=name, lenient=lenient):
        if isinstance(item, NotationError):
            if errors is None:
                raise item
            errors.append(item)
        else:
            if errors is not None and item.errors:
                errors.extend(item.errors)
            yield item


def read_text_records(
    text: str, source: str | None = None, *, lenient: bool = False
) -> Iterator[Record | NotationError]:
    """:func:`read_records` over a text held in memory."""
    return read_records(io.StringIO(text), name=source, lenient=lenient)
