"""Reading BZN text into the record model.

A record is read in three steps:

1. line by line, the fast reader (:mod:`notation.fast_lines`) reads the commonest lines
   into statements, and brace comments that run over several lines are followed
   (:mod:`notation.comment_lines`): one left open is reported at its ``{``;
2. Lark's LALR parser (:mod:`notation.lark_parser`) reads the other lines, with the lines
   read fast left blank. A syntax error leaves its line out and reading goes on after it:
   the lines before it are read again (they were read once before the error), and the rest
   in chunks that double from 64 lines, so that reading a record costs time linear in its
   length and in its number of faults;
3. the assembler (:mod:`notation.assembler`) builds the deal / trick / event structure,
   reporting statements out of place.

:func:`parse_record_lenient` gives what could be read with every fault, each a
:class:`NotationError` with file, line, column and words for what was expected;
:func:`parse_record` raises the first fault.
"""

from __future__ import annotations

import io
import re
from bisect import bisect_left
from typing import Any

from lark import Token
from lark.exceptions import UnexpectedInput

from notation import fast_lines
from notation.assembler import Assembler
from notation.comment_lines import follow, open_at
from notation.errors import NotationError
from notation.fast_lines import (
    noted_trick,
    read_line,
    written_indented,
    written_trick,
)
from notation.lark_parser import LOCK, StatementError, parse_text
from notation.messages import explain
from notation.model import Comment, Pos, Record
from notation.statements import Notes, Paren, TagLine, brace_comment, pos
from notation.unread_lines import MARK, is_unread, unread_fault

MAX_ERRORS_PER_RECORD = 1000
"""A record with more faults than this reports them and one more saying that the rest of the
record is not read (a file that is not BZN at all is not read to its end line by line)."""

_FIRST_CHUNK_AFTER_ERROR = 64
"""Lines read at once after a syntax error; the chunk doubles while no error is found."""

_DIGITS = frozenset("0123456789")

_BLANK = re.compile(r"[\t \f\r\n]*")
"""A text Lark reads as nothing: line breaks and the characters the grammar ignores."""


class _Reading:
    """One record's text being read: its lines as written, the working copy Lark reads
    (lines read fast left blank), the statements and the faults found so far."""

    def __init__(self, text: str, source: str | None, first_line: int) -> None:
        self.text = text
        self.source = source
        self.first_line = first_line
        self.offset = first_line - 1
        self.working = text.split("\n")
        self.written: list[str] = []
        self.errors: list[NotationError] = []
        self.syntax = 0
        """How many of the errors are syntax errors (their lines are left out)."""
        self.dropped: list[int] = []
        """The lines (in the file) left out for a syntax error, in order."""
        self.units: list[tuple[int, int]] = []
        """Runs of lines (0-based, first and last) joined by a comment spanning lines."""
        self.stopped_at: int | None = None
        if MARK in text:
            self.unread()

    def unread(self) -> None:
        """Each stand-in for a line too long to read (:mod:`notation.unread_lines`): a fault
        at its place, the line left out as a syntax error's is."""
        for index, line in enumerate(self.working):
            if is_unread(line):
                message, head = unread_fault(line)
                at = index + 1 + self.offset
                self.errors.append(
                    NotationError(
                        message,
                        source=self.source,
                        line=at,
                        column=1,
                        text=head,
                        record_line=self.first_line,
                    )
                )
                self.working[index] = ""
                self.syntax += 1
                self.dropped.append(at)

    def as_written(self) -> list[str]:
        """The lines as written, for messages (split on the first fault only)."""
        if not self.written:
            self.written.extend(ln.rstrip("\r") for ln in self.text.split("\n"))
        return self.written

    def error(self, message: str, index: int, column: int) -> NotationError:
        """A fault at a line of this text (0-based index) and column (1-based)."""
        lines = self.as_written()
        shown = lines[index] if 0 <= index < len(lines) else ""
        return NotationError(
            message,
            source=self.source,
            line=index + 1 + self.offset,
            column=column,
            text=shown,
            record_line=self.first_line,
        )

    # ----------------------------------------------------------------- step 1: line by line

    def read_lines(self) -> list[Any]:
        """The statements read fast, in line order; the lines left for Lark stay in
        ``working``. (Their lines in the file are asked of them only when Lark read some
        lines too: :func:`_line_of`.)"""
        lines = self.working
        offset = self.offset
        fast: list[Any] = []
        skip = 0  # the lines of a comment spanning lines are left to Lark whole
        if not fast_lines.FAST_LINES:
            for index, raw in enumerate(lines):
                if index >= skip and "{" in raw and (column := open_at(raw)) >= 0:
                    skip = self.comment(index, column, fast)
            return fast
        for index, raw in enumerate(lines):
            if index < skip:
                continue
            line = index + 1 + offset
            head = raw[:1]  # the canonical shapes first, told apart by their first character
            statement: Any
            if head in _DIGITS and (
                (trick := written_trick(raw, line)) is not None
                or (trick := noted_trick(raw, line)) is not None
            ):
                statement = trick
            elif head == " " and (indented := written_indented(raw, line)) is not None:
                statement = indented
            else:
                statement = read_line(raw, line)
                if statement is None:
                    if "{" in raw and (column := open_at(raw)) >= 0:
                        skip = self.comment(index, column, fast)
                    continue
            fast.append(statement)
            lines[index] = ""
        return fast

    def comment(self, first: int, column: int, fast: list[Any]) -> int:
        """Follow a comment opened on line ``first`` and not closed there; the index of the
        next line to read."""
        lines = self.working
        span = follow(lines, first, column)
        if span.closed:
            self.units.append((first, span.stop - 1))
            return span.stop
        if span.line > first:
            self.units.append((first, span.line))
        line, col = span.line, span.column
        if span.stop < len(lines):
            message = (
                f"comment opened here is not closed before line {span.stop + 1 + self.offset}, "
                "which reads as a statement (a line of a comment that is text starts with '\\')"
            )
        else:
            message = "comment opened here is never closed (a '}' inside a comment is '\\}')"
        self.errors.append(self.error(message, line, col + 1))
        # the comment is taken to end before the statement: its text is kept, in its place
        raw = lines[line]
        body = "\n".join([raw[col:], *lines[line + 1 : span.stop]])
        at = line + 1 + self.offset
        notes = Notes((brace_comment(body + "}", pos(at, col + 1)),), pos(at, col + 1))
        lines[line] = raw[:col]
        for blank in range(line + 1, span.stop):
            lines[blank] = ""
        if span.line == first and fast_lines.FAST_LINES:  # the line before the '{'
            statement = read_line(lines[line], at)
            if statement is not None:
                fast.append(statement)
                lines[line] = ""
        fast.append(notes)
        return span.stop

    # ----------------------------------------------------------------- step 2: Lark

    def unit(self, index: int) -> tuple[int, int]:
        """The run of lines joined by a comment that holds line ``index``, or that line."""
        for a, b in self.units:
            if a <= index <= b:
                return a, b
        return index, index

    def boundary(self, end: int) -> int:
        """``end`` moved past a comment spanning lines that it would cut."""
        for a, b in self.units:
            if a < end <= b:
                return b + 1
        return end

    def read_slow(self) -> list[Any]:
        """The statements of the lines left for Lark, in line order, each syntax error
        reported and its line (or run of lines) left out."""
        lines = self.working
        n = len(lines)
        items: list[Any] = []
        pending: list[tuple[int, int, int]] = [(0, n, n)]  # (start, end, chunk size)
        while pending:
            start, end, size = pending.pop()
            while start < end:
                stop = min(end, self.boundary(min(end, start + size)))
                found = self.parse(start, stop)
                if type(found) is list:
                    items.extend(found)
                    start, size = stop, size * 2
                    continue
                a, b = found
                if self.syntax < MAX_ERRORS_PER_RECORD:
                    pending.append((b + 1, end, _FIRST_CHUNK_AFTER_ERROR))
                elif self.stopped_at is None:
                    self.stop(min(b + 1, n - 1))
                    pending.clear()
                end, size = a, max(1, a - start)  # the lines before it, read again at once
        return items

    def parse(self, start: int, stop: int) -> list[Any] | tuple[int, int]:
        """The statements of lines ``start`` to ``stop - 1``, or the run of lines of the first
        syntax error among them (reported, and its lines recorded as left out)."""
        text = "\n".join(self.working[start:stop])
        if _BLANK.fullmatch(text):
            return []
        try:
            found = parse_text(text, self.offset + start)
        except UnexpectedInput as exc:
            chunk = self.as_written()[start:stop]
            message, line, column = explain(exc, chunk)
            index = start + min(max(line, 1), stop - start) - 1
        except StatementError as exc:
            message, column = exc.message, exc.token.column or 1
            index = start + (exc.token.line or 1) - 1
        else:
            return [self.statement(item, start) for item in found]
        self.errors.append(self.error(message, index, column))
        self.syntax += 1
        a, b = self.unit(index)
        a, b = max(a, start), min(b, stop - 1)
        self.dropped.extend(range(a + 1 + self.offset, b + 2 + self.offset))
        return a, b

    def statement(self, item: Any, start: int) -> Any:
        """A statement as the assembler takes it: a comment-only line as :class:`Notes`, a
        parenthesis as :class:`Paren` (with its line in the file)."""
        kind = type(item)
        if kind is list and item and type(item[0]) is Comment:
            return Notes(tuple(item), item[0].pos)
        if kind is Token:
            line = (item.line or 1) + self.offset + start
            return Paren(item.type == "LPAR", pos(line, item.column or 1))
        return item

    def stop(self, index: int) -> None:
        """Stop reading at line ``index``, the line after the last fault reported."""
        self.stopped_at = index + 1 + self.offset
        self.errors.append(
            self.error(
                f"more than {MAX_ERRORS_PER_RECORD} faults: the rest of the record is not read",
                index,
                1,
            )
        )

    # ----------------------------------------------------------------- step 3: assembly

    def read(self, *, numbered: bool = True) -> Record:
        """The record, with every fault in ``self.errors`` (in line order)."""
        with LOCK:
            fast = self.read_lines()
            slow = self.read_slow()
        if slow or self.stopped_at is not None:
            fast_at = [_line_of(item) for item in fast]
            if self.stopped_at is not None:
                keep = bisect_left(fast_at, self.stopped_at)
                fast, fast_at = fast[:keep], fast_at[:keep]
            items = _merge(slow, fast, fast_at) if fast else slow
        else:
            items = fast
        self.dropped.sort()
        assembler = Assembler(self.dropped, numbered=numbered)
        built = assembler.feed(items)
        for fault in assembler.faults:
            if fault.cascade and self.syntax:
                continue
            self.errors.append(
                self.error(fault.message, fault.pos.line - 1 - self.offset, fault.pos.column)
            )
        self.errors.sort(key=lambda e: (e.line, e.column))
        return Record(
            built.tags,
            built.deals,
            built.events,
            self.source,
            Pos(self.first_line, 1),
            tuple(self.errors),
        )


def _line_of(item: Any) -> int:
    if type(item) is list:
        return item[0].pos.line  # type: ignore[no-any-return]
    if type(item) is TagLine:
        return item.tag.pos.line  # type: ignore[union-attr]
    return item.pos.line  # type: ignore[no-any-return]


def _merge(slow: list[Any], fast: list[Any], fast_at: list[int]) -> list[Any]:
    """The statements Lark read (few) put among the fast lines (many), in line order.

    Both runs are in line order; a statement of ``slow`` goes before a fast line of the same
    line number (as ``heapq.merge(slow, fast)`` would put it), found by bisection.
    """
    merged: list[Any] = []
    start = 0
    for item in slow:
        at = bisect_left(fast_at, _line_of(item), start)
        merged.extend(fast[start:at])
        merged.append(item)
        start = at
    merged.extend(fast[start:])
    return merged


def _reading(text: str, source: str | None, first_line: int) -> _Reading:
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Reading(text, source, first_line)


# --------------------------------------------------------------------------- public


def parse_record_lenient(
    text: str, source: str | None = None, *, first_line: int = 1, excerpt: bool = False
) -> Record:
    """Read one record, keeping what could be read: the :class:`Record` holds every
    statement that was read, in place, and its ``errors`` every fault, in line order.

    A line with a syntax error is left out (and the lines of a comment spanning lines that
    holds it); a statement out of place is left out; a comment left open is taken to end
    before the first line that reads as a statement. A text in which nothing could be read
    gives an empty record with its errors. ``first_line`` is the number of the text's first
    line in its file, so that positions and messages name the file's lines. With
    ``excerpt``, the text is part of a record (a documentation example such as
    ``60. A KH B 7S``): trick numbers may start anywhere and skip.
    """
    return _reading(text, source, first_line).read(numbered=not excerpt)


def parse_record(
    text: str, source: str | None = None, *, first_line: int = 1, excerpt: bool = False
) -> Record:
    """Read one record; raise the first :class:`NotationError` if the text has faults
    (``first_line`` and ``excerpt`` as for :func:`parse_record_lenient`)."""
    record = parse_record_lenient(text, source, first_line=first_line, excerpt=excerpt)
    if record.errors:
        raise record.errors[0]
    return record


def parse_record_collecting(
    text: str, source: str | None = None, *, first_line: int = 1
) -> tuple[Record | None, list[NotationError]]:
    """Read one record and report every fault: ``(record or None, errors)``; the record is
    None when there was any fault (:func:`parse_record_lenient` keeps it)."""
    record = parse_record_lenient(text, source, first_line=first_line)
    if record.errors:
        return None, list(record.errors)
    return record, []


def parse_records(text: str, source: str | None = None, *, lenient: bool = False) -> list[Record]:
    """Read every record of a text; raise the first :class:`NotationError` (with
    ``lenient``, each record carries its faults instead)."""
    from notation.reader import iter_records

    return list(iter_records(io.StringIO(text), name=source, lenient=lenient))


def parse_statement(text: str) -> Any:
    """Read one statement (a tag, trick, declaration, draw, mark...) into its model value.

    Used by the ``parse`` class methods of the small values.
    """
    if text.lstrip().startswith("["):
        tags = parse_record(text)
        if len(tags.tags) == 1 and not tags.events:
            return tags.tags[0]
        raise ValueError(f"{text!r} is not one tag")
    record = _reading("deal 1 dealer A\n" + text, None, 0).read(numbered=False)
    if record.errors:
        raise record.errors[0]
    deal = record.deals[0]
    if len(deal.tricks) == 1 and not deal.tricks[0].events and not deal.events:
        return deal.tricks[0]
    if len(deal.events) == 1 and not deal.tricks:
        return deal.events[0]
    raise ValueError(f"{text!r} is not one statement")
