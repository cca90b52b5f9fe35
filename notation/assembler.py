"""Building a record's structure from its flat run of statements, and the faults of
structure: statements out of place, a tag given twice, a malformed ``Date``, trick numbers
out of order, variations nested too deep.

Every statement in place is kept; a statement out of place is left out and reported, except
a trick whose number alone is wrong, which is kept where it stands (its plays are what was
played: the line order is the order of play).
"""

from __future__ import annotations

import calendar
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from notation.errors import quoted
from notation.model import (
    Comment,
    Deal,
    DealScore,
    Declaration,
    Event,
    Hand,
    Mark,
    Pos,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
)
from notation.statements import (
    DealLine,
    Notes,
    Paren,
    ScoreLine,
    TagLine,
    TrickLine,
    Turnup,
)

MAX_VARIATION_DEPTH = 100
"""How deep variations may nest. A ``(`` that would open one deeper is reported and what it
holds is left out: every reader of the model (the writer, ``to_dict``, the views) can then
walk a record without running out of stack, and no annotation needs more."""

_DATE = re.compile(r"(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)")


def date_fault(value: str) -> str | None:
    """What is wrong with a ``Date`` tag's value, or None: PGN's ``YYYY.MM.DD``, ``??`` for a
    part not known (``2026.05.07``, ``2026.05.??``, ``????.??.??``), and a date that exists."""
    if not _DATE.fullmatch(value):
        return (
            "a Date is YYYY.MM.DD with ?? for a part not known (2026.05.07, 2026.??.??), "
            f"found {quoted(value)}"
        )
    year, month, day = value.split(".")
    if month != "??" and not 1 <= int(month) <= 12:
        return f"no month {month} in the Date {value!r}"
    if day != "??":
        if month == "??":
            last = 31
        elif year == "????":
            last = 29 if month == "02" else calendar.monthrange(2001, int(month))[1]
        else:
            last = calendar.monthrange(int(year), int(month))[1]
        if not 1 <= int(day) <= last:
            return f"no day {day} in the Date {value!r}"
    return None


class _BodyB:
    """A deal's body or a variation: events before the first trick, then tricks, each trick
    line beside the list of the events after it (two lists: no object a trick)."""

    __slots__ = ("after", "events", "pos", "sink", "target", "tricks")

    def __init__(self, pos: Pos | None, target: list[Event] | None = None) -> None:
        self.pos = pos
        """The ``(`` of a variation; None for a deal's body."""
        self.target = target
        self.events: list[Event] = []
        self.tricks: list[TrickLine] = []
        self.after: list[list[Event]] = []
        """The events after each trick of ``tricks``."""
        self.sink = self.events
        """Where the next event goes: after the last trick, or before the first."""

    def add(self, event: Event) -> None:
        self.sink.append(event)

    def add_trick(self, line: TrickLine) -> None:
        self.tricks.append(line)
        self.sink = []
        self.after.append(self.sink)

    def built(self) -> tuple[Trick, ...]:
        """The tricks, each line given the events after it and made the trick
        (a class of the same slots: see ``notation.statements.TrickLine``)."""
        tricks: list[Any] = self.tricks
        for line, events in zip(tricks, self.after, strict=True):
            line.events = tuple(events)
            line.__class__ = Trick
        return tuple(tricks)


@dataclass(slots=True)
class _DealB:
    line: DealLine
    body: _BodyB
    hands: list[Hand] = field(default_factory=list)
    stock: Stock | None = None
    turnup: Turnup | None = None
    score: ScoreLine | None = None
    total: ScoreLine | None = None
    end_comments: list[Comment] = field(default_factory=list)
    held: list[tuple[Event, str]] = field(default_factory=list)
    """Events after a score line written before any trick, each with its words: they go in
    the deal if a trick follows (the score line was out of place), else each is a fault."""

    def early_end(self) -> ScoreLine | None:
        """The first end line (``score`` or ``total``), when the deal has no trick yet."""
        if self.body.tricks:
            return None
        ends = [end for end in (self.score, self.total) if end is not None]
        return min(ends, key=lambda end: end.pos) if ends else None

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
            self.body.built(),
            score,
            ln.comments,
            () if self.turnup is None else self.turnup.comments,
            ln.pos,
        )


@dataclass(slots=True)
class Fault:
    message: str
    pos: Pos
    cascade: bool = False
    """True when the fault may only follow from an earlier syntax error."""


class Assembler:
    """Builds the record structure from the flat run of statements.

    ``dropped`` holds the lines (in the file) left out for a syntax error, in order: a trick
    number that is out of order only because such a line came before it is a cascade.
    ``numbered`` is False to read an excerpt (a lone trick, ``Trick.parse("12. A 7D B 9C")``,
    or a documentation example): trick numbers are not checked.
    """

    def __init__(self, dropped: list[int] | None = None, *, numbered: bool = True) -> None:
        self.dropped = dropped or []
        self.numbered = numbered
        self.tags: list[Tag] = []
        self.tag_lines: dict[str, int] = {}
        self.events: list[Mark | Comment] = []
        self.deals: list[Deal] = []
        self.deal: _DealB | None = None
        self.stack: list[_BodyB] = []
        self.skipping = 0
        """Parentheses open inside a variation nested too deep (its statements are left out)."""
        self.faults: list[Fault] = []

    def fault(self, message: str, pos: Pos, cascade: bool = False) -> None:
        self.faults.append(Fault(message, pos, cascade))

    def close_deal(self) -> None:
        while len(self.stack) > 1:
            body = self.stack[-1]
            assert body.pos is not None
            self.fault("'(' is not closed by ')'", body.pos, cascade=True)
            self.pop()
        if self.deal is not None:
            for event, what in self.deal.held:
                assert event.pos is not None
                self.fault(f"{what} after the deal's score: it belongs before it", event.pos)
            self.deals.append(self.deal.build())
        self.deal = None
        self.stack = []
        self.skipping = 0

    def pop(self) -> None:
        body = self.stack.pop()
        assert body.target is not None
        body.target.append(Variation(tuple(body.events), body.built(), body.pos))

    def feed(self, items: list[Any]) -> Record:
        for item in items:
            if self.skipping:
                if type(item) is Paren:
                    self.skipping += 1 if item.opens else -1
                    continue
                # a deal line ends any variation; a tag one opened among the tags
                if type(item) is not DealLine and (type(item) is not TagLine or self.deal):
                    continue
                self.skipping = 0
            kind = type(item)
            # the commonest statements first, in place (what their handlers do when all is well)
            if kind is TrickLine or kind is list or kind is Declaration:
                deal = self.deal
                if deal is not None and deal.score is None and deal.total is None:
                    body = self.stack[-1]
                    if kind is list:  # a draw line: what self.event does, for a line at once
                        body.sink.extend(item)
                        continue
                    if kind is Declaration:
                        body.sink.append(item)
                        continue
                    tricks = body.tricks
                    if tricks and item.number == tricks[-1].number + 1:  # the next trick
                        tricks.append(item)
                        body.sink = []
                        body.after.append(body.sink)
                        continue
                if kind is list:
                    for draw in item:
                        self.event(draw, draw.pos, "a draw")
                    continue
            handler = _HANDLERS.get(kind)
            if handler is None:
                raise TypeError(f"not a statement: {item!r}")
            handler(self, item)
        self.close_deal()
        return Record(tuple(self.tags), tuple(self.deals), tuple(self.events))

    # one method per kind of statement

    def tag_line(self, item: TagLine) -> None:
        tag = item.tag
        assert tag.pos is not None
        if self.deals or self.deal is not None:
            self.fault("a tag after the first deal (a new record starts with its tags)", tag.pos)
            return
        first = self.tag_lines.get(tag.name)
        if first is not None:
            self.fault(
                f"a second {tag.name} tag (each tag is given once; the first is on line {first})",
                tag.pos,
            )
            return
        if tag.name == "Date" and (fault := date_fault(tag.value)) is not None:
            self.fault(fault, item.value_pos)
            return
        self.tag_lines[tag.name] = tag.pos.line
        self.tags.append(tag)
        self.events.extend(item.comments)

    def notes(self, item: Notes) -> None:
        deal = self.deal
        if deal is None:
            self.events.extend(item.comments)
        elif deal.score is not None or deal.total is not None:
            deal.end_comments.extend(item.comments)
        else:
            for comment in item.comments:
                self.stack[-1].add(comment)

    def deal_line(self, item: DealLine) -> None:
        if len(self.stack) > 1 and not self.skipping:
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

    def turnup(self, item: Turnup) -> None:
        deal = self._header("turnup", item.pos)
        if deal is None:
            return
        if deal.turnup is not None:
            self.fault("a second turnup", item.pos)
            return
        deal.turnup = item

    def trick(self, item: TrickLine) -> None:
        deal = self.deal
        if deal is None:
            self.fault(f"trick {item.number} before any 'deal' line", item.pos, cascade=True)
            return
        if deal.score is not None or deal.total is not None:
            early = deal.early_end()
            if early is None:
                self.fault(f"trick {item.number} after the deal's score", item.pos)
                return
            self._misplaced_end(deal, early)
        body = self.stack[-1]
        tricks = body.tricks
        number = item.number
        if tricks:
            last = tricks[-1].number
            # the second test keeps 1, 2, 5, 4 to one fault: 5 should have been 3
            if number != last + 1 and self.numbered and number != tricks[0].number + len(tricks):
                self.fault(
                    f"trick {number} out of order: trick {last + 1} comes next",
                    item.pos,
                    self._dropped_between(tricks[-1].pos.line, item.pos.line),
                )
        elif number != 1 and body.pos is None and self.numbered:
            assert self.deal is not None
            self.fault(
                f"trick {number} out of order: a deal's first trick is 1",
                item.pos,
                self._dropped_between(self.deal.line.pos.line, item.pos.line),
            )
        tricks.append(item)  # body.add_trick(item), inlined
        body.sink = []
        body.after.append(body.sink)

    def _misplaced_end(self, deal: _DealB, early: ScoreLine) -> None:
        """A trick after an end line written before the deal's first trick: that line is the
        one out of place (one fault at it, not one at every trick after it). It is left out,
        and what was held after it goes into the deal where it stands."""
        word = "total" if early.total else "score"
        self.fault(
            f"a '{word}' line before trick 1: a deal's score and total come after its last "
            "trick (this one is left out)",
            early.pos,
        )
        held = [*deal.end_comments, *(event for event, _ in deal.held)]
        held.sort(key=lambda event: event.pos or Pos(0, 0))
        deal.body.events.extend(held)
        deal.score = deal.total = None
        deal.end_comments = []
        deal.held = []

    def _dropped_between(self, after: int, before: int) -> bool:
        """True when a line between these two was left out for a syntax error."""
        at = bisect_right(self.dropped, after)
        return at < len(self.dropped) and self.dropped[at] < before

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
            if len(self.stack) == 1 and deal.early_end() is not None:
                deal.held.append((event, what))  # a trick after it will show which is wrong
                return
            self.fault(f"{what} after the deal's score: it belongs before it", pos)
            return
        self.stack[-1].add(event)

    def declaration(self, item: Declaration) -> None:
        self.event(item, item.pos, "a declaration")

    def mark(self, item: Mark) -> None:
        self.event(item, item.pos, "a mark")

    def score(self, item: ScoreLine) -> None:
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

    def paren(self, item: Paren) -> None:
        at = item.pos
        if item.opens:
            deal = self.deal
            if deal is None:
                # among the tags (or before the first deal): what it holds is left out, up
                # to its ')', the next tag or the first deal, so the record stays whole
                where = "among the tags" if self.tags else "before any 'deal' line"
                self.fault(
                    f"a variation {where}: a variation stands in a deal, after the trick or "
                    "event it is an alternative to",
                    at,
                    # unless a deal line before it was left out for a syntax error
                    cascade=bool(self.dropped) and self.dropped[0] < at.line,
                )
                self.skipping = 1
                return
            if deal.score is not None or deal.total is not None:
                self.fault("a variation after the deal's score", at)
                return
            if len(self.stack) > MAX_VARIATION_DEPTH:
                self.fault(
                    f"variations nest at most {MAX_VARIATION_DEPTH} deep: this one and what "
                    "it holds are left out",
                    at,
                )
                self.skipping = 1
                return
            top = self.stack[-1]
            self.stack.append(_BodyB(at, top.sink))
        elif len(self.stack) > 1:
            self.pop()
        else:
            self.fault("')' without a '(' to close", at, cascade=True)


_HANDLERS: dict[type, Any] = {
    TagLine: Assembler.tag_line,
    Notes: Assembler.notes,
    DealLine: Assembler.deal_line,
    Hand: Assembler.hand,
    Stock: Assembler.stock,
    Turnup: Assembler.turnup,
    TrickLine: Assembler.trick,
    Declaration: Assembler.declaration,
    Mark: Assembler.mark,
    ScoreLine: Assembler.score,
    Paren: Assembler.paren,
}
