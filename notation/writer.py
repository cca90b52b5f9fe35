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

from collections.abc import Iterable
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
    parts = [f"{trick.number}."]
    if trick.plays:
        count = len(trick.plays)
        parts.extend(_play_text(p, i == count - 1) for i, p in enumerate(trick.plays))
        return _Line(0, " ".join(parts), _ends_open(trick.plays[-1].comments))
    return _Line(0, parts[0] + _notes(trick.comments), _ends_open(trick.comments))


def _events(events: Iterable[Event], indent: int, out: list[_Line]) -> None:
    draws: list[Draw] = []

    def flush() -> None:
        if draws:
            text = "draw " + ", ".join(str(d) for d in draws)
            comments = draws[-1].comments
            out.append(_Line(indent, text + _notes(comments), _ends_open(comments)))
            draws.clear()

    for event in events:
        if isinstance(event, Draw):
            if draws and draws[-1].comments:
                flush()
            draws.append(event)
            continue
        flush()
        if isinstance(event, Declaration | Mark):
            out.append(_Line(indent, str(event), _ends_open(event.comments)))
        elif isinstance(event, Comment):
            out.append(_Line(indent, str(event), _ends_open((event,))))
        elif isinstance(event, Variation):
            _variation(event, indent, out)
        else:
            raise TypeError(f"not an event: {event!r}")
    flush()


def _body(events: Iterable[Event], tricks: Iterable[Trick], indent: int, out: list[_Line]) -> None:
    _events(events, indent, out)
    for trick in tricks:
        line = _trick_line(trick)
        out.append(_Line(indent, line.text, line.open_end))
        _events(trick.events, indent + INDENT, out)


def _variation(variation: Variation, indent: int, out: list[_Line]) -> None:
    inner: list[_Line] = []
    _body(variation.events, variation.tricks, 0, inner)
    if not inner:
        out.append(_Line(indent, "( )", False))
        return
    for i, line in enumerate(inner):
        if i == 0:
            text, at = "( " + " " * line.indent + line.text, indent
        else:
            text, at = line.text, indent + INDENT + line.indent
        out.append(_Line(at, text, line.open_end))
    last = out[-1]
    if last.open_end:
        out.append(_Line(indent, ")", False))
    else:
        out[-1] = _Line(last.indent, last.text + " )", False)


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
        _events(record.events, 0, out)
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
