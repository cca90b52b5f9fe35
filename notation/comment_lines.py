"""Brace comments that run over several lines: where each opens and closes, and the rule
that keeps an unclosed ``{`` from swallowing the record.

The rule (docs/notation.md, Annotation): a ``{`` comment may span lines, but none of the
lines it runs onto may read as a statement that says something (a trick with a play, a
draw, a declaration, a tag, a deal, hand, stock, turnup, score or total line with its
content, a mark, a comment line). When one does, the comment was left open by mistake: it
is reported at its ``{`` and taken to end before that line, which is read as written. A
line of a comment's text that should read as a statement starts with ``\\`` (the writer
puts it there).

In a comment, ``\\`` takes the next character as it is: ``\\}`` and ``\\{`` are braces,
``\\\\`` a backslash. Outside comments, strings (``"..."``, which may hold braces) and
``;`` comments (to the end of the line) are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token
from lark.exceptions import UnexpectedInput

from notation.lark_parser import StatementError, parse_text
from notation.model import Stock, may_read_as_statement
from notation.statements import ScoreLine, TrickLine

_CLOSED = re.compile(r'(?:[^"{;]+|"(?:[^"\\]|\\.)*"|\{(?:[^\\}]|\\.)*\})*')
"""The start of a line up to a ``{`` left open, a ``;`` comment or a string left open."""
_BODY = re.compile(r"(?:[^\\}]+|\\.)*")
"""The text of a comment up to its closing ``}`` (or a backslash ending the line)."""
_UNTIL_BRACE = re.compile(r"(?:[^\\{]+|\\.)*")
"""A comment's text up to a ``{`` in it."""


def open_at(line: str, start: int = 0) -> int:
    """The index of a ``{`` that opens a comment not closed on ``line`` (from ``start``),
    or -1."""
    if '"' not in line and ";" not in line and "\\" not in line:
        # no string, line comment or escape: the first '{' after the last '}' (from
        # ``start``) opens a comment that is not closed; every '{' before it is closed
        return line.find("{", max(start, line.rfind("}") + 1))
    end = _CLOSED.match(line, start).end()  # type: ignore[union-attr]  # always matches
    return end if end < len(line) and line[end] == "{" else -1


def close_at(line: str) -> int:
    """The index of the ``}`` that closes a comment open at the start of ``line``, or -1."""
    end = _BODY.match(line).end()  # type: ignore[union-attr]  # always matches
    return end if end < len(line) and line[end] == "}" else -1


def reads_as_statement(text: str) -> bool:
    """True when ``text``, a line on its own, is a statement that says something: anything
    but a bare trick number (``55.``), a bare ``score``, ``total`` or ``stock``, and
    parentheses, which prose wrapped onto a line may look like (``55.)``). Statements the
    notation refuses, such as a turn-up of two cards, count."""
    if not may_read_as_statement(text):
        return False
    try:
        items = parse_text(text.strip(" \t\f\r"), 0)
    except StatementError:
        return True
    except UnexpectedInput:
        return False
    return any(_says_something(item) for item in items)


def _says_something(item: object) -> bool:
    kind = type(item)
    if kind is TrickLine:
        return bool(item.plays or item.comments)  # type: ignore[attr-defined]
    if kind is ScoreLine:
        return bool(item.scores or item.brisques or item.comments)  # type: ignore[attr-defined]
    if kind is Stock:
        return bool(item.cards or item.more or item.comments)  # type: ignore[attr-defined]
    return kind is not Token  # a parenthesis


def _statement_inside(line: str, end: int) -> bool:
    """True when a line that an open comment runs onto reads as a statement: the line up to
    the comment's closing ``}`` at ``end`` (the whole line when -1), or, when the comment's
    text on it holds a ``{``, the part before it (``3. A 7D B 9D {good``) or the line up to
    and with the ``}`` (``{b}``): the comment before was left open."""
    text = line if end < 0 else line[:end]
    if reads_as_statement(text):
        return True
    brace = _UNTIL_BRACE.match(text).end()  # type: ignore[union-attr]  # always matches
    if brace == len(text):
        return False
    return reads_as_statement(text[:brace]) or (end >= 0 and reads_as_statement(line[: end + 1]))


@dataclass(slots=True)
class Span:
    """Where a comment opened on line ``first`` (0-based) and not closed there goes.

    When ``closed``, lines ``first`` to ``stop - 1`` hold it (and any comment opened after it
    on its closing line, and so on). Otherwise the comment opened at ``line``, ``column``
    (``first``'s own or one opened on the line that closed the one before) is left open:
    ``stop`` is the first line inside it that reads as a statement, or the number of lines
    when the text ends first.
    """

    first: int
    line: int
    column: int
    closed: bool
    stop: int


def follow(lines: list[str], first: int, column: int) -> Span:
    """Follow the comment opened at ``lines[first][column]``, not closed on its line."""
    line, col = first, column
    for index in range(first + 1, len(lines)):
        text = lines[index]
        end = close_at(text)
        if _statement_inside(text, end):
            return Span(first, line, col, False, index)
        if end >= 0:
            again = open_at(text, end + 1)
            if again < 0:
                return Span(first, line, col, True, index + 1)
            line, col = index, again  # another comment opens on the closing line
    return Span(first, line, col, False, len(lines))


class Tracker:
    """Line by line, whether a line starts inside a comment opened on an earlier line, by
    the same rule as the parser (the reader splits records with it)."""

    __slots__ = ("open",)

    def __init__(self) -> None:
        self.open = False

    def inside(self, line: str) -> bool:
        """True when ``line`` starts inside a comment (it is then comment text, not a
        statement); updates the state for the next line."""
        if self.open:
            end = close_at(line)
            if not _statement_inside(line, end):
                if end >= 0:
                    self.open = open_at(line, end + 1) >= 0
                return True
            self.open = False  # the comment was left open: the line is read as written
        if "{" in line:
            self.open = open_at(line) >= 0
        return False
