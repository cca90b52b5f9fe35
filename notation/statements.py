"""The flat statements a record's lines are read into, before the assembler builds the
deal / trick / event structure from them; and the small readers of token text both line
readers (Lark's callbacks and the fast lines) share, so that both build the same values.

Statements that are model values already (a hand, the stock, a declaration, a mark, a run
of draws) are passed as those; the others are the small classes below.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notation.cards import CANONICAL, Card
from notation.model import Comment, Event, Play, Pos, Tag, Trick, _CommentFill


@dataclass(slots=True)
class DealLine:
    number: int
    dealer: str
    cut: tuple[Card, ...]
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class Turnup:
    card: Card
    comments: tuple[Comment, ...]
    pos: Pos


class TrickLine:
    """A trick line read: number, plays, comments, position (:func:`trick_line`). It has the
    slots of a :class:`Trick`: the assembler gives it the events after it and makes it the
    trick (``notation.assembler._BodyB.built``: a class of the same slots, which Python
    allows; the line is in one body only and is made a trick once), so that a trick is one
    object from its line to the record."""

    __slots__ = Trick.__slots__
    number: int
    plays: tuple[Play, ...]
    events: tuple[Event, ...]
    comments: tuple[Comment, ...]
    pos: Pos


def trick_line(
    number: int, plays: tuple[Play, ...], comments: tuple[Comment, ...], position: Pos
) -> TrickLine:
    """The statement of a trick line (its events still to come)."""
    line = TrickLine()
    line.number = number
    line.plays = plays
    line.comments = comments
    line.pos = position
    return line


@dataclass(slots=True)
class ScoreLine:
    total: bool
    scores: tuple[tuple[str, int], ...]
    brisques: tuple[tuple[str, int], ...]
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class Notes:
    """A line holding comments only."""

    comments: tuple[Comment, ...]
    pos: Pos | None


@dataclass(slots=True)
class TagLine:
    tag: Tag
    comments: tuple[Comment, ...]
    value_pos: Pos
    """Where the quoted value starts: a fault in the value is reported there."""


@dataclass(slots=True)
class Paren:
    """``(`` opening or ``)`` closing a variation."""

    opens: bool
    pos: Pos


_tuple_new = tuple.__new__
_card_parse = Card.parse
_canonical = CANONICAL.get


def pos(line: int, column: int) -> Pos:
    """A :class:`Pos` built without ``NamedTuple.__new__``'s argument handling."""
    return _tuple_new(Pos, (line, column))


def hcards(text: str) -> tuple[Card | None, ...]:
    """The cards of a hand, stock or draw (``KH ? QH``): ``None`` for ``?``."""
    words = text.split()
    cards = tuple(map(_canonical, words))
    if None in cards:  # a "?" or a card written otherwise than QS
        return tuple(None if c == "?" else _card_parse(c) for c in words)
    return cards


def cards(text: str) -> tuple[Card, ...]:
    return tuple(_card_parse(c) for c in text.split())


_ESCAPE = re.compile(r"\\([\s\S])")


def unquote(text: str) -> str:
    """The value of a quoted string: quotes off, ``\\x`` read as ``x``."""
    body = text[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPE.sub(r"\1", body)


def brace_comment(token: str, position: Pos) -> Comment:
    """The comment of a ``{...}`` token: trimmed, ``\\x`` read as ``x`` (``\\}``, ``\\\\``), and
    its line ends ``\\n`` however the file ended its lines (a comment over lines of a CRLF file
    says the same as in an LF one)."""
    body = token[1:-1].strip()
    if "\r" in body:
        body = body.replace("\r\n", "\n").replace("\r", "\n")
    if "\\" in body:
        body = _ESCAPE.sub(r"\1", body)
    comment: Any = _CommentFill()  # notation.model._parsed_comment, inlined
    comment.text = body
    comment.line = False
    comment.pos = position
    comment.__class__ = Comment
    return comment  # type: ignore[no-any-return]


def line_comment(token: str, position: Pos) -> Comment:
    """The comment of a ``; ...`` token: trimmed, read as written (no escapes)."""
    comment: Any = _CommentFill()  # notation.model._parsed_comment, inlined
    comment.text = token[1:].strip()
    comment.line = True
    comment.pos = position
    comment.__class__ = Comment
    return comment  # type: ignore[no-any-return]


def numbers(tokens: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Seat-and-number tokens (``A 1260``) as pairs."""
    return tuple((t[0], int(t[1:])) for t in tokens)
