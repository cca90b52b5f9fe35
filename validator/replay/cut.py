"""A record read only in part: what lies up to its last line read, for the replay to check.

A record read leniently (:func:`notation.parser.parse_record_lenient`) holds every statement
that could be read, each faulty line left out. Replaying all of it would judge the play as
if the faulty lines had not been written (a trick left out is a draw "forgotten", a lead out
of turn, a score that does not add up): findings the record never earned. So the replay
checks only what comes before the first fault (``replay(record, read_to=N)``, N the last
line read), and takes the record to stop there **unread**, not ended: the deal it stops in
is not over, and the game is not settled.

:func:`cut_record` gives that part of the record. A deal is kept only when its header (the
``deal`` line, hands, stock and turn-up, which come before any play or event of the deal) is
known to be whole, that is when a play, a draw, a declaration or a mark of the deal comes
before the cut: otherwise the cut may have taken a hand or the stock, and the deal is left
out. The running total of the deal the record stops in is left out too (the model does not
keep the line of a ``total`` written after a ``score``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from notation.model import Comment, Deal, Event, Pos, Record, Trick, Variation


def cut_record(record: Record, last_line: int) -> Record:
    """``record`` as read up to ``last_line``: every statement on a later line left out.

    Only the last deal begun by ``last_line`` is cut (the deals before it end before it
    begins); it is left out whole when no play or event of it comes before the cut.
    """
    deals = [deal for deal in record.deals if _within(deal.pos, last_line)]
    if deals:
        last = _cut_deal(deals[-1], last_line)
        deals[-1:] = [] if last is None else [last]
    return replace(
        record,
        tags=tuple(tag for tag in record.tags if _within(tag.pos, last_line)),
        events=tuple(event for event in record.events if _within(event.pos, last_line)),
        deals=tuple(deals),
    )


def stops_in(record: Record) -> Deal | None:
    """The deal a record cut by :func:`cut_record` stops in: its last, unless it was read to
    its ``score`` or ``total`` line (then it ended before the cut, and it is checked as a
    whole)."""
    if not record.deals:
        return None
    last = record.deals[-1]
    return last if last.score is None else None


def _within(pos: Pos | None, last_line: int) -> bool:
    return pos is None or pos.line <= last_line


def _cut_deal(deal: Deal, last_line: int) -> Deal | None:
    events = _cut_events(deal.events, last_line)
    tricks = _cut_tricks(deal.tricks, last_line)
    if not tricks and all(isinstance(event, (Comment, Variation)) for event in events):
        return None  # the header itself may be cut short
    score = deal.score
    if score is not None:
        if not _within(score.pos, last_line):
            score = None
        elif score.has_score_line and score.totals:
            score = replace(score, totals=())
    return replace(
        deal,
        hands=tuple(hand for hand in deal.hands if _within(hand.pos, last_line)),
        events=events,
        tricks=tricks,
        score=score,
    )


def _cut_events(events: Iterable[Event], last_line: int) -> tuple[Event, ...]:
    kept: list[Event] = []
    for event in events:
        if not _within(event.pos, last_line):
            break
        if isinstance(event, Variation):
            event = replace(
                event,
                events=_cut_events(event.events, last_line),
                tricks=_cut_tricks(event.tricks, last_line),
            )
        kept.append(event)
    return tuple(kept)


def _cut_tricks(tricks: Iterable[Trick], last_line: int) -> tuple[Trick, ...]:
    kept: list[Trick] = []
    for trick in tricks:
        if not _within(trick.pos, last_line):
            break
        kept.append(
            replace(
                trick,
                plays=tuple(play for play in trick.plays if _within(play.pos, last_line)),
                events=_cut_events(trick.events, last_line),
            )
        )
    return tuple(kept)
