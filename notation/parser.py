"""Reading BZN text into the record model.

The grammar (``grammar/bzn.lark``) reads a record as a flat run of statements,
one a line, and parentheses; an inline LALR transformer turns each statement
into model objects while Lark parses, and :class:`_Assembler` then builds the
deal / trick / event structure, reporting statements out of place. A syntax
error blanks its line and the record is read again, so every fault of a
record is reported, each as a :class:`NotationError` with words for what was
expected.
"""

from __future__ import annotations

import io
import re
import threading
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from notation.cards import CANONICAL, Card
from notation.errors import NotationError
from notation.model import (
    Combination,
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Event,
    Hand,
    Mark,
    Play,
    Pos,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
    _parsed_declaration,
    _parsed_draw,
    _parsed_play,
    _parsed_trick,
)

MAX_ERRORS_PER_RECORD = 50
"""A record with more faults than this reports the first ones and stops."""


# --------------------------------------------------------------------------- statements


@dataclass(slots=True)
class _DealLine:
    number: int
    dealer: str
    cut: tuple[Card, ...]
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class _Turnup:
    card: Card
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class _TrickLine:
    number: int
    plays: tuple[Play, ...]
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class _ScoreLine:
    total: bool
    scores: tuple[tuple[str, int], ...]
    brisques: tuple[tuple[str, int], ...]
    comments: tuple[Comment, ...]
    pos: Pos


@dataclass(slots=True)
class _Notes:
    comments: tuple[Comment, ...]
    pos: Pos | None


@dataclass(slots=True)
class _TagLine:
    tag: Tag
    comments: tuple[Comment, ...]


_card_parse = Card.parse
_canonical = CANONICAL.get


def _hcards(text: str) -> tuple[Card | None, ...]:
    words = text.split()
    cards = tuple(map(_canonical, words))
    if None in cards:  # a "?" or a card written otherwise than QS
        return tuple(None if c == "?" else _card_parse(c) for c in words)
    return cards


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(_card_parse(c) for c in text.split())


def _unquote(text: str) -> str:
    body = text[1:-1]
    if "\\" not in body:
        return body
    return re.sub(r"\\(.)", r"\1", body)


_RUN_PLAY = re.compile(r"([ABCD])[ \t]+(\S+)")
_RUN_DRAW = re.compile(r"([ABCD])((?:[ \t]+[^\s,]+)+)")


def _annotated(play: Play, marks: list[str], glyphs: list[str], notes: list[Comment]) -> Play:
    return Play(play.seat, play.card, tuple(marks), tuple(glyphs), tuple(notes), play.pos)


def _pos(line: int, column: int) -> Pos:
    return _tuple_new(Pos, (line, column))


_tuple_new = tuple.__new__


def _line(tok: Token) -> int:
    return tok.line or 0


def _column(tok: Token) -> int:
    return tok.column or 0


def _run_plays(text: str, dot: int, line: int, column: int) -> list[Play]:
    """The plays of a ``TRICK`` token (``12. A 7D B 9C``) with their positions."""
    parts = text[dot + 1 :].split()
    if not parts:
        return []
    plays: list[Play] = []
    if " ".join(parts) == text[dot + 2 :]:  # single spaces: columns by arithmetic
        at = column + dot + 2
        for i in range(0, len(parts), 2):
            seat, card = parts[i], parts[i + 1]
            known = _canonical(card) or _card_parse(card)
            plays.append(_parsed_play(seat, known, _tuple_new(Pos, (line, at))))
            at += len(seat) + len(card) + 2
        return plays
    for m in _RUN_PLAY.finditer(text, dot + 1):
        plays.append(_parsed_play(m[1], _card_parse(m[2]), _pos(line, column + m.start(1))))
    return plays


def _run_draws(text: str, line: int, column: int) -> list[Draw]:
    """The draws of a ``DRAWS`` token (``draw A KH, B QH``) with their positions."""
    return [
        _parsed_draw(m[1], _hcards(m[2]), (), _pos(line, column + m.start(1)))
        for m in _RUN_DRAW.finditer(text, 4)
    ]


def _run_decl(text: str, line: int, column: int) -> Declaration:
    """The declaration of a ``DECL`` token (``B marriage KC QC 40``)."""
    parts = text.split()
    cards = tuple(_card_parse(c) for c in parts[2:-1]) if len(parts) > 3 else ()
    kind = parts[1] if parts[1].islower() else parts[1].lower()
    return _parsed_declaration(parts[0], kind, cards, int(parts[-1]), _pos(line, column))


def _run_carried(text: str, line: int, column: int) -> tuple[Combination, ...]:
    """The combinations after ``carry`` (``bezique QS JD 40, marriage KH QH 20``), written
    with single spaces as the fast pattern matched them."""
    carried: list[Combination] = []
    at = column
    for part in text.split(", "):
        words = part.split()
        cards = tuple(_card_parse(c) for c in words[1:-1])
        carried.append(Combination(words[0].lower(), cards, int(words[-1]), _pos(line, at)))
        at += len(part) + 2
    return tuple(carried)


def _with_carried(decl: Declaration, carried: tuple[Combination, ...]) -> Declaration:
    return Declaration(decl.seat, decl.kind, decl.cards, decl.score, carried, (), (), decl.pos)


class _Builder:
    """Inline LALR callbacks: one method per grammar rule, children in, model out."""

    def __init__(self) -> None:
        self.offset = 0
        """Lines before the text being parsed (a record read from the middle of a file)."""

    def _pos(self, tok: Token) -> Pos:
        return _tuple_new(Pos, (_line(tok) + self.offset, _column(tok)))

    def _comment(self, tok: Token) -> Comment:
        pos = self._pos(tok)
        if tok.type == "COMMENT":
            return Comment(tok[1:-1].strip(), False, pos)
        return Comment(tok[1:].strip(), True, pos)

    def notes(self, children: list[Token]) -> list[Comment]:
        return [self._comment(t) for t in children]

    def start(self, children: list[Any]) -> list[Any]:
        return children

    def tag(self, children: list[Any]) -> _TagLine:
        bracket, name, value = children[0], children[1], children[2]
        comments = tuple(children[3]) if len(children) > 3 else ()
        return _TagLine(Tag(str(name), _unquote(value), self._pos(bracket)), comments)

    def deal(self, children: list[Any]) -> _DealLine:
        kw, number, dealer = children[0], children[1], children[2]
        cut: tuple[Card, ...] = ()
        comments: tuple[Comment, ...] = ()
        for child in children[3:]:
            if type(child) is list:
                comments = tuple(child)
            else:
                cut = _cards(child)
        return _DealLine(int(number), str(dealer), cut, comments, self._pos(kw))

    def hand(self, children: list[Any]) -> Hand:
        kw, seat = children[0], children[1]
        cards: tuple[Card | None, ...] = ()
        more = False
        comments: tuple[Comment, ...] = ()
        for child in children[2:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "ELLIPSIS":
                more = True
            else:
                cards = _hcards(child)
        return Hand(str(seat), cards, more, comments, self._pos(kw))

    def stock(self, children: list[Any]) -> Stock:
        kw = children[0]
        cards: tuple[Card | None, ...] = ()
        more = False
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "ELLIPSIS":
                more = True
            else:
                cards = _hcards(child)
        return Stock(cards, more, comments, self._pos(kw))

    def turnup(self, children: list[Any]) -> _Turnup:
        kw, cards = children[0], children[1]
        comments = tuple(children[2]) if len(children) > 2 else ()
        parsed = _cards(cards)
        if len(parsed) != 1:
            raise _StatementError("a turn-up is one card", cards)
        return _Turnup(parsed[0], comments, self._pos(kw))

    def trick(self, children: list[Token]) -> _TrickLine:
        head = children[0]
        line = head.line + self.offset  # type: ignore[operator]
        column: int = head.column  # type: ignore[assignment]
        text = str(head)
        dot = text.index(".")
        plays: list[Any] = _run_plays(text, dot, line, column)
        comments: list[Comment] = []
        if len(children) > 1:
            # annotations belong to the play before them: rebuild it as they come
            marks: list[str] = []
            glyphs: list[str] = []
            notes: list[Comment] = []
            for child in children[1:]:
                kind = child.type
                if kind == "PLAY":
                    if plays and (marks or glyphs or notes):
                        plays[-1] = _annotated(plays[-1], marks, glyphs, notes)
                    marks, glyphs, notes = [], [], []
                    card = _card_parse(child[1:].lstrip())
                    plays.append(_parsed_play(child[0], card, self._pos(child)))
                elif not plays:
                    comments.append(self._comment(child))  # `17. {no play}`
                elif kind == "SUFFIX":
                    marks.append(child[1:])
                elif kind == "GLYPH" or kind == "NAG":
                    glyphs.append(str(child))
                else:
                    notes.append(self._comment(child))
            if plays and (marks or glyphs or notes):
                plays[-1] = _annotated(plays[-1], marks, glyphs, notes)
        return _TrickLine(int(text[:dot]), tuple(plays), tuple(comments), _pos(line, column))

    def combo(self, children: list[Token]) -> Combination:
        kind = children[0]
        cards = _cards(children[1]) if len(children) == 3 else ()
        return Combination(kind.lower(), cards, int(children[-1]), self._pos(kind))

    def decl(self, children: list[Any]) -> Declaration:
        first = children[0]
        cards: tuple[Card, ...] = ()
        if first.type == "DECL":
            plain = _run_decl(first, _line(first) + self.offset, _column(first))
            if len(children) == 1:
                return plain
            seat, kind, cards, score = plain.seat, plain.kind, plain.cards, plain.score
            i = 1
        else:
            seat, kind = str(first), children[1].lower()
            i = 2
            if children[i].type == "CARDS":
                cards = _cards(children[i])
                i += 1
            score = int(children[i])
            i += 1
        if len(children) == i:
            return Declaration(seat, kind, cards, score, (), (), (), self._pos(first))
        glyphs: list[str] = []
        comments: list[Comment] = []
        carried: list[Combination] = []
        for child in children[i:]:
            if type(child) is list:
                comments.extend(child)
            elif type(child) is Combination:
                carried.append(child)
            elif child.type == "GLYPH" or child.type == "NAG":
                glyphs.append(str(child))
            elif child.type != "CARRY":
                comments.append(self._comment(child))
        return Declaration(
            seat,
            kind,
            cards,
            score,
            tuple(carried),
            tuple(glyphs),
            tuple(comments),
            self._pos(first),
        )

    def draw(self, children: list[Any]) -> list[Draw]:
        draws: list[Draw] = []
        comments: tuple[Comment, ...] = ()
        for child in children:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "DRAWS":
                draws.extend(_run_draws(child, _line(child) + self.offset, _column(child)))
            elif child.type == "DRAWN":
                draws.append(_parsed_draw(child[0], _hcards(child[1:]), (), self._pos(child)))
        if comments:
            last = draws[-1]
            draws[-1] = _parsed_draw(last.seat, last.cards, comments, last.pos)
        return draws

    def mark(self, children: list[Any]) -> Mark:
        code = children[0]
        seat: str | None = None
        cards: tuple[Card, ...] = ()
        value: str | None = None
        text: str | None = None
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
                continue
            kind = child.type
            if kind == "SEAT":
                seat = str(child)
            elif kind == "CARDS":
                cards = _cards(child)
            elif kind == "KIND":
                value = child.lower()
            else:
                text = _unquote(child)
        return Mark(code[1:], seat, cards, value, text, comments, self._pos(code))

    def _numbers(self, tokens: list[Token]) -> tuple[tuple[str, int], ...]:
        return tuple((t[0], int(t[1:])) for t in tokens)

    def score(self, children: list[Any]) -> _ScoreLine:
        kw = children[0]
        scores: list[Token] = []
        brisques: list[Token] = []
        target = scores
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "BRISQUES":
                target = brisques
            else:
                target.append(child)
        return _ScoreLine(
            False, self._numbers(scores), self._numbers(brisques), comments, self._pos(kw)
        )

    def total(self, children: list[Any]) -> _ScoreLine:
        kw = children[0]
        comments: tuple[Comment, ...] = ()
        if children and type(children[-1]) is list:
            comments = tuple(children.pop())
        return _ScoreLine(True, self._numbers(children[1:]), (), comments, self._pos(kw))


class _StatementError(ValueError):
    """A statement that the grammar accepts but the notation does not."""

    def __init__(self, message: str, token: Token) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


# --------------------------------------------------------------------------- assembly


class _TrickB:
    """A trick line and the events after it (a plain class: one is made per trick)."""

    __slots__ = ("events", "line")

    def __init__(self, line: _TrickLine) -> None:
        self.line = line
        self.events: list[Event] = []

    def build(self) -> Trick:
        ln = self.line
        return _parsed_trick(ln.number, ln.plays, tuple(self.events), ln.comments, ln.pos)


@dataclass(slots=True)
class _BodyB:
    pos: Pos | None
    target: list[Event] | None = None
    events: list[Event] = field(default_factory=list)
    tricks: list[_TrickB] = field(default_factory=list)

    def add(self, event: Event) -> None:
        if self.tricks:
            self.tricks[-1].events.append(event)
        else:
            self.events.append(event)

    def sink(self) -> list[Event]:
        return self.tricks[-1].events if self.tricks else self.events


@dataclass(slots=True)
class _DealB:
    line: _DealLine
    body: _BodyB
    hands: list[Hand] = field(default_factory=list)
    stock: Stock | None = None
    turnup: _Turnup | None = None
    score: _ScoreLine | None = None
    total: _ScoreLine | None = None
    end_comments: list[Comment] = field(default_factory=list)

    def build(self) -> Deal:
        ln = self.line
        score: DealScore | None = None
        if self.score is not None or self.total is not None or self.end_comments:
            s, t = self.score, self.total
            comments = (s.comments if s else ()) + (t.comments if t else ())
            score = DealScore(
                s.scores if s else (),
                s.brisques if s else (),
                t.scores if t else (),
                comments + tuple(self.end_comments),
                s is not None,
                s.pos if s is not None else (t.pos if t is not None else None),
            )
        return Deal(
            ln.number,
            ln.dealer,
            ln.cut,
            tuple(self.hands),
            self.stock,
            None if self.turnup is None else self.turnup.card,
            tuple(self.body.events),
            tuple(t.build() for t in self.body.tricks),
            score,
            ln.comments,
            () if self.turnup is None else self.turnup.comments,
            ln.pos,
        )


@dataclass(slots=True)
class _Fault:
    message: str
    pos: Pos
    cascade: bool = False
    """True when the fault may only follow from an earlier syntax error."""


class _Assembler:
    """Builds the record structure from the flat run of statements."""

    def __init__(self, offset: int = 0) -> None:
        self.offset = offset
        self.tags: list[Tag] = []
        self.events: list[Mark | Comment] = []
        self.deals: list[Deal] = []
        self.deal: _DealB | None = None
        self.stack: list[_BodyB] = []
        self.faults: list[_Fault] = []

    def fault(self, message: str, pos: Pos, cascade: bool = False) -> None:
        self.faults.append(_Fault(message, pos, cascade))

    def close_deal(self) -> None:
        while len(self.stack) > 1:
            body = self.stack[-1]
            assert body.pos is not None
            self.fault("'(' is not closed by ')'", body.pos, cascade=True)
            self.pop()
        if self.deal is not None:
            self.deals.append(self.deal.build())
        self.deal = None
        self.stack = []

    def pop(self) -> None:
        body = self.stack.pop()
        assert body.target is not None
        body.target.append(
            Variation(tuple(body.events), tuple(t.build() for t in body.tricks), body.pos)
        )

    def feed(self, items: list[Any]) -> Record:
        for item in items:
            handler = _HANDLERS.get(type(item))
            if handler is not None:
                handler(self, item)
            elif type(item) is list:
                deal = self.deal
                if deal is not None and deal.score is None and deal.total is None:
                    self.stack[-1].sink().extend(item)  # what self.event does, for a line at once
                else:
                    for draw in item:
                        self.event(draw, draw.pos, "a draw")
            else:
                self.paren(item)
        self.close_deal()
        return Record(tuple(self.tags), tuple(self.deals), tuple(self.events))

    # one method per kind of statement

    def tag_line(self, item: _TagLine) -> None:
        assert item.tag.pos is not None
        if self.deals or self.deal is not None:
            self.fault(
                "a tag after the first deal (a new record starts with its tags)", item.tag.pos
            )
            return
        self.tags.append(item.tag)
        self.events.extend(item.comments)

    def notes(self, item: _Notes) -> None:
        deal = self.deal
        if deal is None:
            self.events.extend(item.comments)
        elif deal.score is not None or deal.total is not None:
            deal.end_comments.extend(item.comments)
        else:
            for comment in item.comments:
                self.stack[-1].add(comment)

    def deal_line(self, item: _DealLine) -> None:
        if len(self.stack) > 1:
            self.fault("a deal inside a variation: close it with ')' first", item.pos)
        self.close_deal()
        body = _BodyB(None)
        self.deal = _DealB(item, body)
        self.stack = [body]

    def _header(self, what: str, pos: Pos) -> _DealB | None:
        deal = self.deal
        if deal is None:
            self.fault(f"{what} before any 'deal' line", pos, cascade=True)
            return None
        body = deal.body
        if len(self.stack) > 1 or body.tricks or deal.score is not None or deal.total is not None:
            self.fault(f"{what} after the play has begun: it belongs after the 'deal' line", pos)
            return None
        if any(not isinstance(e, Comment) for e in body.events):
            self.fault(f"{what} after the first event: it belongs after the 'deal' line", pos)
            return None
        return deal

    def hand(self, item: Hand) -> None:
        assert item.pos is not None
        deal = self._header(f"hand {item.seat}", item.pos)
        if deal is None:
            return
        if any(h.seat == item.seat for h in deal.hands):
            self.fault(f"a second hand for seat {item.seat}", item.pos)
            return
        deal.hands.append(item)

    def stock(self, item: Stock) -> None:
        assert item.pos is not None
        deal = self._header("stock", item.pos)
        if deal is None:
            return
        old = deal.stock
        if old is None:
            deal.stock = item
        elif old.more:
            self.fault("stock continued after '...' (the rest was said to be unknown)", item.pos)
        else:
            deal.stock = Stock(
                old.cards + item.cards, item.more, old.comments + item.comments, old.pos
            )

    def turnup(self, item: _Turnup) -> None:
        deal = self._header("turnup", item.pos)
        if deal is None:
            return
        if deal.turnup is not None:
            self.fault("a second turnup", item.pos)
            return
        deal.turnup = item

    def trick(self, item: _TrickLine) -> None:
        deal = self.deal
        if deal is None:
            self.fault(f"trick {item.number} before any 'deal' line", item.pos, cascade=True)
            return
        if deal.score is not None or deal.total is not None:
            self.fault(f"trick {item.number} after the deal's score", item.pos)
            return
        self.stack[-1].tricks.append(_TrickB(item))

    def event(self, event: Event, pos: Pos | None, what: str) -> None:
        assert pos is not None
        deal = self.deal
        if deal is None:
            if isinstance(event, Mark):
                self.events.append(event)
            else:
                self.fault(f"{what} before any 'deal' line", pos, cascade=True)
            return
        if deal.score is not None or deal.total is not None:
            self.fault(f"{what} after the deal's score: it belongs before it", pos)
            return
        self.stack[-1].add(event)

    def declaration(self, item: Declaration) -> None:
        self.event(item, item.pos, "a declaration")

    def mark(self, item: Mark) -> None:
        self.event(item, item.pos, "a mark")

    def score(self, item: _ScoreLine) -> None:
        deal = self.deal
        word = "total" if item.total else "score"
        if deal is None:
            self.fault(f"'{word}' before any 'deal' line", item.pos, cascade=True)
            return
        if len(self.stack) > 1:
            self.fault(f"'{word}' inside a variation", item.pos)
            return
        if item.total:
            if deal.total is not None:
                self.fault("a second 'total' line for this deal", item.pos)
                return
            deal.total = item
        else:
            if deal.score is not None or deal.total is not None:
                self.fault("a second 'score' line, or 'score' after 'total'", item.pos)
                return
            deal.score = item

    def paren(self, tok: Token) -> None:
        pos = Pos(_line(tok) + self.offset, _column(tok))
        if tok.type == "LPAR":
            deal = self.deal
            if deal is None:
                self.fault("a variation before any 'deal' line", pos, cascade=True)
                return
            if deal.score is not None or deal.total is not None:
                self.fault("a variation after the deal's score", pos)
                return
            top = self.stack[-1]
            self.stack.append(_BodyB(pos, top.sink()))
        elif len(self.stack) > 1:
            self.pop()
        else:
            self.fault("')' without a '(' to close", pos, cascade=True)


_HANDLERS: dict[type, Any] = {
    _TagLine: _Assembler.tag_line,
    _Notes: _Assembler.notes,
    _DealLine: _Assembler.deal_line,
    Hand: _Assembler.hand,
    Stock: _Assembler.stock,
    _Turnup: _Assembler.turnup,
    _TrickLine: _Assembler.trick,
    Declaration: _Assembler.declaration,
    Mark: _Assembler.mark,
    _ScoreLine: _Assembler.score,
}


# --------------------------------------------------------------------------- Lark


_LARK: Lark | None = None
_BUILDER = _Builder()
_LOCK = threading.Lock()


def _lark() -> Lark:
    global _LARK
    if _LARK is None:
        _LARK = Lark.open_from_package(
            "grammar",
            "bzn.lark",
            ("",),
            parser="lalr",
            lexer="contextual",
            strict=True,
            transformer=_BUILDER,
            maybe_placeholders=False,
            cache=True,
        )
    return _LARK


FAST_LINES = True
"""Read the commonest lines (a plain trick, draw or declaration line) without the LALR
parser: a line that is exactly one of the grammar's own ``TRICK``, ``DRAWS`` or ``DECL``
terminals goes straight to the same callback Lark would call, and Lark reads the rest of
the text with those lines left blank. The plain header lines are read so too (a tag, a
``deal`` line without cut, a hand or the stock with its cards, a score line, a line holding
one ``{comment}``), each written as the canonical writer writes it, by a regex built from
the grammar's own terminals, into the value the builder would make; a text left blank is
not given to Lark at all. The result is the same; tests check it."""

_FAST: re.Pattern[str] | None = None
_FAST_START = frozenset("0123456789dABCD")


def _fast_pattern() -> re.Pattern[str]:
    """One regex matching a whole line that is one TRICK, DRAWS or DECL token."""
    global _FAST
    if _FAST is None:
        lark = _lark()
        term = {
            name: lark.get_terminal(name).pattern.to_regexp()
            for name in ("TRICK", "DRAWS", "DECL", "KIND", "CARDS", "INT")
        }
        # a combination carried, as the writer writes it: `bezique QS JD 40`
        combo = f"(?:{term['KIND']})(?: (?:{term['CARDS']}))? (?:{term['INT']})"
        parts = [
            f"(?P<TRICK>{term['TRICK']})",
            f"(?P<DRAWS>{term['DRAWS']})",
            # the outer group closes last, so that it is the match's ``lastgroup``
            f"(?P<DECLARE>(?P<DECL>{term['DECL']})(?: carry (?P<CARRIED>{combo}(?:, {combo})*))?)",
        ]
        _FAST = re.compile(r"[ \t]*(?:" + "|".join(parts) + r")[ \t\r]*")
    return _FAST


_HEADER: re.Pattern[str] | None = None
_HEADER_START = frozenset("[dhs{")
_BLANK = re.compile(r"[\t \f\r\n]*")
"""A text Lark reads as nothing: line breaks and the characters the grammar ignores."""


def _header_pattern() -> re.Pattern[str]:
    """One regex matching a whole plain header line, as the writer writes it (one space
    between tokens), with a named group for each token the builder reads."""
    global _HEADER
    if _HEADER is None:
        lark = _lark()

        def term(name: str) -> str:
            return f"(?:{lark.get_terminal(name).pattern.to_regexp()})"

        seatints = f"(?: {term('SEATINT')})*"
        _HEADER = re.compile(
            r"[ \t]*(?:"
            rf"(?P<TAG>(?P<lsqb>\[)(?P<tagname>{term('TAGNAME')}) (?P<tagvalue>{term('STRING')})\])"
            rf"|(?P<DEAL>deal (?P<number>{term('INT')}) dealer (?P<dealer>{term('SEAT')}))"
            rf"|(?P<HAND>hand (?P<seat>{term('SEAT')}) (?P<hcards>{term('HCARDS')}))"
            rf"|(?P<STOCK>stock (?P<scards>{term('HCARDS')}))"
            rf"|(?P<SCORE>score(?P<scores>{seatints})(?: brisques(?P<brisques>{seatints}))?)"
            rf"|(?P<NOTE>{term('COMMENT')})"
            r")[ \t\r]*"
        )
        global _SEATINT
        _SEATINT = re.compile(term("SEATINT"))
    return _HEADER


_SEATINT: re.Pattern[str] | None = None


def _header_statement(m: re.Match[str], line: int) -> Any:
    """The statement of a plain header line, as the builder makes it from Lark's tokens."""
    kind = m.lastgroup or ""
    pos = _pos(line, m.start(kind) + 1)
    if kind == "TAG":
        return _TagLine(Tag(m["tagname"], _unquote(m["tagvalue"]), pos), ())
    if kind == "DEAL":
        return _DealLine(int(m["number"]), m["dealer"], (), (), pos)
    if kind == "HAND":
        return Hand(m["seat"], _hcards(m["hcards"]), False, (), pos)
    if kind == "STOCK":
        return Stock(_hcards(m["scards"]), False, (), pos)
    if kind == "SCORE":
        assert _SEATINT is not None
        scores = _SEATINT.findall(m["scores"])
        brisques = _SEATINT.findall(m["brisques"] or "")
        return _ScoreLine(False, _numbers(scores), _numbers(brisques), (), pos)
    comment = Comment(m[kind][1:-1].strip(), False, pos)
    return _Notes((comment,), pos)


def _numbers(tokens: list[str]) -> tuple[tuple[str, int], ...]:
    return tuple((t[0], int(t[1:])) for t in tokens)


def _line_of(item: Any) -> int:
    if type(item) is list:
        return item[0].pos.line  # type: ignore[no-any-return]
    if type(item) is Token:
        return item.line  # type: ignore[return-value]
    if type(item) is _TagLine:
        return item.tag.pos.line  # type: ignore[union-attr]
    return item.pos.line  # type: ignore[no-any-return]


_WRITTEN_TRICK = re.compile(r"([0-9]+)\.((?: [ABCD] [ATKQJ987][SHDC])*)").fullmatch
"""A trick line exactly as the writer writes it (``12. A 7D B 9C``): a case of ``TRICK``."""
_WRITTEN_DRAWS = re.compile(
    r" *draw ([ABCD] [ATKQJ987][SHDC](?:, [ABCD] [ATKQJ987][SHDC])*)"
).fullmatch
"""A draw line exactly as the writer writes it (``  draw A KH, B QH``): a case of ``DRAWS``."""


def _written_trick(number: str, body: str, line: int) -> _TrickLine:
    """The trick line matched by :data:`_WRITTEN_TRICK`: each play is five characters."""
    at = len(number) + 3  # the column of the first seat
    plays = []
    for i in range(0, len(body), 5):
        card = CANONICAL[body[i + 3 : i + 5]]
        plays.append(_parsed_play(body[i + 1], card, _tuple_new(Pos, (line, at + i))))
    return _TrickLine(int(number), tuple(plays), (), _tuple_new(Pos, (line, 1)))


def _written_draws(body: str, line: int, column: int) -> list[Draw]:
    """The draws matched by :data:`_WRITTEN_DRAWS` (``A KH, B QH``, from ``column``)."""
    return [
        _parsed_draw(
            body[i], (CANONICAL[body[i + 2 : i + 4]],), (), _tuple_new(Pos, (line, column + i))
        )
        for i in range(0, len(body), 6)
    ]


def _statements(lines: list[str], offset: int) -> list[Any]:
    """The statements of a record's lines, in order, as the assembler takes them."""
    with _LOCK:  # one Lark parser and one builder (holding the line offset) for all threads
        return _statements_locked(list(lines), offset)


def _statements_locked(lines: list[str], offset: int) -> list[Any]:
    """The statements of ``lines`` (a list of its own: the lines read fast are blanked)."""
    builder = _BUILDER
    builder.offset = offset
    fast: list[Any] = []
    fast_lines: list[int] = []
    if FAST_LINES:
        pattern = _fast_pattern().fullmatch
        header = _header_pattern().fullmatch
        depth = 0
        for index, raw in enumerate(lines):
            if depth == 0:
                if (m := _WRITTEN_TRICK(raw)) is not None:
                    line = index + 1 + offset
                    fast.append(_written_trick(m[1], m[2], line))
                    fast_lines.append(line)
                    lines[index] = ""
                    continue
                if (m := _WRITTEN_DRAWS(raw)) is not None:
                    line = index + 1 + offset
                    fast.append(_written_draws(m[1], line, m.start(1) + 1))
                    fast_lines.append(line)
                    lines[index] = ""
                    continue
                head = raw.lstrip(" \t")[:1]
                if head in _FAST_START and (m := pattern(raw)) is not None:
                    kind = m.lastgroup or ""
                    line = index + 1 + offset
                    column = m.start(kind) + 1
                    if kind == "TRICK":
                        token = m[kind]
                        dot = token.index(".")
                        plays = _run_plays(token, dot, line, column)
                        number = int(token[:dot])
                        fast.append(_TrickLine(number, tuple(plays), (), _pos(line, column)))
                    elif kind == "DRAWS":
                        fast.append(_run_draws(m[kind], line, column))
                    elif m["CARRIED"] is None:
                        fast.append(_run_decl(m["DECL"], line, column))
                    else:
                        carried = _run_carried(m["CARRIED"], line, m.start("CARRIED") + 1)
                        fast.append(_with_carried(_run_decl(m["DECL"], line, column), carried))
                    fast_lines.append(line)
                    lines[index] = ""
                    continue
                if head in _HEADER_START and (h := header(raw)) is not None:
                    line = index + 1 + offset
                    fast.append(_header_statement(h, line))
                    fast_lines.append(line)
                    lines[index] = ""
                    continue
            if "{" in raw or "}" in raw:
                # a brace in a string may hide a comment: no more fast lines then
                opened = raw.count("{") - raw.count("}")
                depth = 1 << 30 if '"' in raw else max(0, depth + opened)
    text = "\n".join(lines)  # what is left for Lark: the lines read fast are blank now
    items: list[Any] = []
    if not _BLANK.fullmatch(text):
        items = _lark().parse(text)  # type: ignore[assignment]  # the builder's list
    # a comment-only line arrives as a bare list of comments; a draw line as a list of draws
    result: list[Any] = []
    for item in items:
        if type(item) is list and item and type(item[0]) is Comment:
            result.append(_Notes(tuple(item), item[0].pos))
        else:
            result.append(item)
    if fast:
        result = _merge(result, fast, fast_lines)
    return result


def _merge(slow: list[Any], fast: list[Any], fast_lines: list[int]) -> list[Any]:
    """The statements Lark read (few) put among the fast lines (many), in line order.

    Both runs are in line order; a statement of ``slow`` goes before a fast line of the same
    line number (as ``heapq.merge(slow, fast)`` would put it), found by bisection.
    """
    merged: list[Any] = []
    start = 0
    for item in slow:
        at = bisect_left(fast_lines, _line_of(item), start)
        merged.extend(fast[start:at])
        merged.append(item)
        start = at
    merged.extend(fast[start:])
    return merged


# --------------------------------------------------------------------------- errors in words

_WORDS: dict[str, str | None] = {
    "CARDS": "a card such as QS or 10H",
    "HCARDS": "a card such as QS or 10H",
    "PLAY": "a play such as A 7D",
    "DRAWN": "a draw such as A KH",
    "SEATINT": "a seat and a number such as A 1260",
    "SEAT": "a seat (A, B, C or D)",
    "TRICK": "a trick such as 12. A 7D B 9C",
    "DRAWS": "a draw line such as draw A KH, B QH",
    "DECL": "a declaration such as B marriage KC QC 40",
    "INT": "a number",
    "KIND": "a combination such as marriage",
    "TAGNAME": "a tag name",
    "STRING": 'a quoted text such as "Bath"',
    "MARK": "a mark such as ^exposed",
    "LSQB": 'a tag such as [Event "..."]',
    "RSQB": "']'",
    "COMMA": "','",
    "DEAL": "'deal'",
    "DEALER": "'dealer'",
    "CUT": "'cut'",
    "HAND": "'hand'",
    "STOCK": "'stock'",
    "TURNUP": "'turnup'",
    "DRAW": "'draw'",
    "SCORE": "'score'",
    "TOTAL": "'total'",
    "BRISQUES": "'brisques'",
    "CARRY": "'carry'",
    "ELLIPSIS": "'...'",
    "_NL": "the end of the line",
    "$END": "the end of the line",
    # annotations and parentheses fit almost anywhere: naming them helps nobody
    "SUFFIX": None,
    "GLYPH": None,
    "NAG": None,
    "COMMENT": None,
    "LINECOMMENT": None,
    "LPAR": None,
    "RPAR": None,
}

_STATEMENT_WORDS = (
    "a statement (a tag, deal, hand, stock, turnup, a trick such as 12. A 7D B 9C, "
    "a declaration such as B marriage KC QC 40, draw, a mark such as ^exposed, score or total)"
)

_CARDLIKE = re.compile(r"^(?:10|[0-9A-Za-z])\S{1,2}$")
_CARD_WORD = "a card such as QS or 10H"


def _words(expected: set[str]) -> list[str]:
    if "TRICK" in expected and "DEAL" in expected:
        return [_STATEMENT_WORDS]
    words: list[str] = []
    for name in sorted(expected, key=_order):
        word = _WORDS.get(name, name)
        if word is not None and word not in words:
            words.append(word)
    return words


_ORDER = [
    "CARDS", "HCARDS", "PLAY", "DRAWN", "SEATINT", "SEAT", "TRICK", "INT", "KIND",
    "TAGNAME", "STRING", "MARK", "COMMA", "CARRY", "BRISQUES", "ELLIPSIS", "RSQB",
]  # fmt: skip


def _order(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)


def _join(words: list[str]) -> str:
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _word_at(line: str, column: int) -> str:
    rest = line[column - 1 :]
    match = re.match(r"\S+", rest)
    word = match.group(0) if match else ""
    return word[:20]


def _explain(exc: UnexpectedInput, lines: list[str]) -> tuple[str, int, int]:
    """The message, line and column for a Lark error, in the reader's words."""
    at_end = isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    if at_end or isinstance(exc, UnexpectedEOF):
        expected = set(getattr(exc, "expected", ()) or ())
        line = len(lines)
        column = len(lines[-1]) + 1 if lines else 1
        return f"expected {_join(_words(expected))}, found the end of the text", line, column
    if isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
        line, column = exc.line, exc.column
        history = exc.token_history or []
        previous = history[-1].type if history else None
    else:
        assert isinstance(exc, UnexpectedToken)
        expected = set(exc.accepts or exc.expected)
        line, column = exc.line, exc.column
        history = exc.token_history or []
        previous = history[-1].type if history and history[-1] is not None else None
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    found = _word_at(text, column)
    # a seat whose card or number is wrong: point at the card or number
    seat_led = expected & {"PLAY", "DRAWN", "SEATINT"}
    if seat_led and re.match(r"[ABCD][ \t]+\S", text[column - 1 :]):
        after = re.match(r"[ABCD][ \t]+", text[column - 1 :])
        assert after is not None
        column += after.end()
        found = _word_at(text, column)
        what = "a number" if seat_led == {"SEATINT"} else _CARD_WORD
        return f"expected {what}, found {found!r}", line, column
    if seat_led and re.fullmatch(r"[ABCD]", found):
        column += 1
        what = "a number" if seat_led == {"SEATINT"} else _CARD_WORD
        return f"expected {what} after seat {found}, found the end of the line", line, column
    card_expected = bool(expected & {"CARDS", "HCARDS"}) or previous in {
        "CARDS",
        "HCARDS",
        "DRAWN",
    }
    if card_expected and _CARDLIKE.match(found) and found != "...":
        return f"expected {_CARD_WORD}, found {found!r}", line, column
    found_text = repr(found) if found else "the end of the line"
    return f"expected {_join(_words(expected))}, found {found_text}", line, column


# --------------------------------------------------------------------------- public


def parse_record(text: str, source: str | None = None, *, first_line: int = 1) -> Record:
    """Read one record; raise the first :class:`NotationError` if the text has faults.

    ``first_line`` is the number of the text's first line in its file, so that
    positions and messages name the file's lines.
    """
    record, errors = parse_record_collecting(text, source, first_line=first_line)
    if errors:
        raise errors[0]
    assert record is not None
    return record


def parse_record_collecting(
    text: str, source: str | None = None, *, first_line: int = 1
) -> tuple[Record | None, list[NotationError]]:
    """Read one record and report every fault: ``(record or None, errors)``.

    A syntax error blanks its line and the text is read again, so each faulty
    line is reported; statements out of place are reported too, except those
    that may only follow from a syntax error. The record is None when there
    was any fault.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    offset = first_line - 1
    working = text.split("\n")
    errors: list[NotationError] = []
    items: list[Any] | None = None
    blanked: set[int] = set()

    written: list[str] = []  # the lines as written, for messages: split on the first error

    def as_written() -> list[str]:
        if not written:
            written.extend(ln.rstrip("\r") for ln in text.split("\n"))
        return written

    def error(message: str, line: int, column: int) -> NotationError:
        """An error at a line of this text (1-based, before the offset)."""
        lines = as_written()
        shown = lines[line - 1] if 0 < line <= len(lines) else ""
        return NotationError(
            message,
            source=source,
            line=line + offset,
            column=column,
            text=shown,
            record_line=first_line,
        )

    while len(errors) < MAX_ERRORS_PER_RECORD:
        try:
            items = _statements(working, offset)
            break
        except UnexpectedInput as exc:
            message, line, column = _explain(exc, as_written())
        except _StatementError as exc:
            message, line, column = exc.message, exc.token.line or 1, exc.token.column or 1
        errors.append(error(message, line, column))
        index = min(line, len(working)) - 1
        if index < 0 or index in blanked:
            break
        blanked.add(index)
        working[index] = ""
    if items is None:
        return None, errors
    assembler = _Assembler(offset)
    record = assembler.feed(items)
    for fault in assembler.faults:
        if fault.cascade and errors:
            continue
        errors.append(error(fault.message, fault.pos.line - offset, fault.pos.column))
    if errors:
        errors.sort(key=lambda e: (e.line, e.column))
        return None, errors
    return Record(record.tags, record.deals, record.events, source, Pos(first_line, 1)), errors


def parse_records(text: str, source: str | None = None) -> list[Record]:
    """Read every record of a text; raise the first :class:`NotationError`."""
    from notation.reader import iter_records

    return list(iter_records(io.StringIO(text), name=source))


def parse_statement(text: str) -> Any:
    """Read one statement (a tag, trick, declaration, draw, mark...) into its model value.

    Used by the ``parse`` class methods of the small values.
    """
    if text.lstrip().startswith("["):
        tags = parse_record(text)
        if len(tags.tags) == 1 and not tags.events:
            return tags.tags[0]
        raise ValueError(f"{text!r} is not one tag")
    record, errors = parse_record_collecting("deal 1 dealer A\n" + text, first_line=0)
    if errors:
        raise errors[0]
    assert record is not None
    deal = record.deals[0]
    if len(deal.tricks) == 1 and not deal.tricks[0].events and not deal.events:
        return deal.tricks[0]
    if len(deal.events) == 1 and not deal.tricks:
        return deal.events[0]
    raise ValueError(f"{text!r} is not one statement")
