"""Writing records as canonical BZN text.

The canonical form (docs/notation.md): tags one a line, a blank line, then
each deal: the ``deal`` line, hands in the order given, the stock, the
turn-up, the events before the first trick, and each trick on its line with
the events after it indented two spaces; consecutive draws share one ``draw``
line; a variation opens with ``( `` and closes with `` )`` on its last line;
cards upper case with ``T`` for the ten; one blank line between deals and
between records. ``write_record(parse_record(text))`` is a fixed point.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from notation.model import (
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Event,
    Mark,
    Play,
    Record,
    SeatNumbers,
    Trick,
    Variation,
    _notes,
)

INDENT = 2
"""Spaces before the events that follow a trick, per level."""


class _Line(NamedTuple):
    indent: int
    text: str
    open_end: bool
    """True when the line ends with a ``;`` comment (nothing may follow on it)."""


def _ends_open(comments: tuple[Comment, ...]) -> bool:
    return bool(comments) and comments[-1].line and "\n" not in comments[-1].text


def _numbers(values: SeatNumbers) -> str:
    return " ".join(f"{seat} {n}" for seat, n in values)


def _play_text(play: Play, last: bool) -> str:
    text = f"{play.seat} {play.card}" + "".join("^" + m for m in play.marks)
    if play.glyphs:
        text += " " + " ".join(play.glyphs)
    return text + _notes(play.comments, last)


def _trick_line(trick: Trick) -> _Line:
    if trick.plays:
        # comments written between the number and the first play stay there (``3. {x} A 9C``),
        # in braces since a play follows them
        parts = [f"{trick.number}." + _notes(trick.comments, last=False)]
        count = len(trick.plays)
        parts.extend(_play_text(p, i == count - 1) for i, p in enumerate(trick.plays))
        return _Line(0, " ".join(parts), _ends_open(trick.plays[-1].comments))
    return _Line(0, f"{trick.number}." + _notes(trick.comments), _ends_open(trick.comments))


def _items(events: Iterable[Event], tricks: Iterable[Trick]) -> Iterator[tuple[object, int]]:
    """A body's items in order, each with its indent in the body: the events before the
    first trick, then each trick and the events after it."""
    for event in events:
        yield event, 0
    for trick in tricks:
        yield trick, 0
        for event in trick.events:
            yield event, INDENT


class _BodyWriter:
    """Writes the lines of a deal's body, variations included, with a stack of the bodies
    being written rather than by recursion: a variation nested thousands deep costs no
    Python frames.

    A variation's first line starts with ``( `` at the variation's place (two variations
    opening together share the line: ``( ( ``), its other lines are indented two more
    spaces, and its last line ends with `` )`` (or a line ``)`` after a ``;`` comment).
    """

    __slots__ = ("opens", "opens_at", "out")

    def __init__(self, out: list[_Line]) -> None:
        self.out = out
        self.opens = 0
        """``( `` owed to the next line written: variations opened and not yet shown."""
        self.opens_at = 0

    def line(self, indent: int, text: str, open_end: bool) -> None:
        if self.opens:
            text = "( " * self.opens + text
            indent = self.opens_at
            self.opens = 0
        self.out.append(_Line(indent, text, open_end))

    def draws(self, draws: list[Draw], indent: int) -> None:
        if draws:
            comments = draws[-1].comments
            text = "draw " + ", ".join(str(d) for d in draws) + _notes(comments)
            self.line(indent, text, _ends_open(comments))
            draws.clear()

    def write(self, events: Iterable[Event], tricks: Iterable[Trick], base: int) -> None:
        out = self.out
        # each frame: the body's items, its base indent, its draws waiting to share a line,
        # and for a variation its indent and the number of lines written before it opened
        frames: list[tuple[Iterator[tuple[object, int]], int, list[Draw], int, int]] = [
            (_items(events, tricks), base, [], -1, 0)
        ]
        draw_shift = 0
        while frames:
            items, at, draws, indent, before = frames[-1]
            for item, shift in items:
                if type(item) is Draw:
                    if draws and draws[-1].comments:
                        self.draws(draws, at + draw_shift)
                    draws.append(item)
                    draw_shift = shift
                    continue
                if draws:
                    self.draws(draws, at + draw_shift)
                if type(item) is Trick:
                    line = _trick_line(item)
                    if self.opens:
                        self.line(at, line.text, line.open_end)
                    else:
                        out.append(_Line(at, line.text, line.open_end))
                elif isinstance(item, Declaration | Mark):
                    self.line(at + shift, str(item), _ends_open(item.comments))
                elif isinstance(item, Comment):
                    self.line(at + shift, str(item), _ends_open((item,)))
                elif isinstance(item, Variation):
                    place = at + shift
                    if not self.opens:
                        self.opens_at = place
                    self.opens += 1
                    inner = _items(item.events, item.tricks)
                    frames.append((inner, place + INDENT, [], place, len(out)))
                    break
                else:
                    raise TypeError(f"not an event: {item!r}")
            else:  # the body is written
                if draws:
                    self.draws(draws, at + draw_shift)
                frames.pop()
                if indent < 0:
                    continue
                if len(out) == before and self.opens:  # an empty variation: `( )`
                    self.opens -= 1
                    self.line(indent, "( )", False)
                    continue
                last = out[-1]
                if last.open_end:
                    out.append(_Line(indent, ")", False))
                else:
                    out[-1] = _Line(last.indent, last.text + " )", False)


def _body(events: Iterable[Event], tricks: Iterable[Trick], indent: int, out: list[_Line]) -> None:
    _BodyWriter(out).write(events, tricks, indent)


def _variation(variation: Variation, indent: int, out: list[_Line]) -> None:
    _BodyWriter(out).write((variation,), (), indent)


def _score(score: DealScore, out: list[_Line]) -> None:
    lines: list[str] = []
    if score.has_score_line or score.scores or score.brisques:
        text = "score"
        if score.scores:
            text += " " + _numbers(score.scores)
        if score.brisques:
            text += " brisques " + _numbers(score.brisques)
        lines.append(text)
    if score.totals:
        lines.append("total " + _numbers(score.totals))
    if not lines:
        lines.append("score")
    lines[-1] += _notes(score.comments)
    out.extend(_Line(0, text, False) for text in lines)


def _deal(deal: Deal, out: list[_Line]) -> None:
    head = f"deal {deal.number} dealer {deal.dealer}"
    if deal.cut:
        head += " cut " + " ".join(str(c) for c in deal.cut)
    out.append(_Line(0, head + _notes(deal.comments), False))
    out.extend(_Line(0, str(hand), False) for hand in deal.hands)
    if deal.stock is not None:
        out.append(_Line(0, str(deal.stock), False))
    if deal.turnup is not None:
        out.append(_Line(0, f"turnup {deal.turnup}" + _notes(deal.turnup_comments), False))
    else:  # comments on a turn-up the deal does not name (built in code): not dropped
        out.extend(_Line(0, str(c), _ends_open((c,))) for c in deal.turnup_comments)
    _body(deal.events, deal.tricks, 0, out)
    if deal.score is not None:
        _score(deal.score, out)


def write_record(record: Record) -> str:
    """The canonical BZN text of one record, ending with a line break."""
    out: list[_Line] = []
    out.extend(_Line(0, str(tag), False) for tag in record.tags)
    if record.events:
        if out:
            out.append(_Line(0, "", False))
        _body(record.events, (), 0, out)
    for deal in record.deals:
        if out:
            out.append(_Line(0, "", False))
        _deal(deal, out)
    if not out:
        return ""
    return "\n".join(" " * line.indent + line.text if line.text else "" for line in out) + "\n"


def write_records(records: Iterable[Record]) -> str:
    """The canonical text of several records, one blank line between them."""
    return "\n".join(write_record(r) for r in records)


def write_variation(variation: Variation) -> str:
    """The canonical text of one variation, ``( ... )``, without a final line break."""
    out: list[_Line] = []
    _variation(variation, 0, out)
    return "\n".join(" " * line.indent + line.text for line in out)
