"""Drive a :class:`validator.Recorder` with a record's events, as a server would see them.

Each event of the record is told to the recorder through the method a server would call for
it: a draw with the card drawn, carte blanche with no cards (the recorder knows the hand), the
seven's exchange with nothing but the seat, every other declaration with its cards, score and
announcements carried. The hands and stock are told at the deal, as the server dealt them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from notation import Comment, Declaration, Draw, Event, Record
from validator import Recorder

Hook = Callable[[Recorder, object], None]
"""Called before each event is told (the event: a Play, Draw or Declaration)."""


def drive(record: Record, before: Hook | None = None) -> tuple[Recorder, Counter[str]]:
    """A recorder told every event of ``record``; and how many of each method were called."""
    variant, laws = record.tag("Variant"), record.tag("Laws")
    assert variant is not None and laws is not None
    rec = Recorder(variant, laws, tags=[(t.name, t.value) for t in record.tags])
    calls: Counter[str] = Counter()
    for note in record.events:
        assert isinstance(note, Comment)
        rec.comment(note.text)
    for deal in record.deals:
        assert deal.stock is not None
        rec.deal(deal.dealer, {h.seat: h.cards for h in deal.hands}, deal.stock.cards, deal.turnup)

        def tell(events: Iterable[Event]) -> None:
            for event in events:
                if before is not None and isinstance(event, Draw | Declaration):
                    before(rec, event)
                if isinstance(event, Draw):
                    rec.draw(event.seat, event.cards[0])
                    calls["draw"] += 1
                elif isinstance(event, Declaration) and event.kind == "carte-blanche":
                    rec.carte_blanche(event.seat)
                    calls["carte_blanche"] += 1
                elif isinstance(event, Declaration) and event.kind == "exchange":
                    rec.exchange(event.seat)
                    calls["exchange"] += 1
                elif isinstance(event, Declaration):
                    rec.declare(event.seat, event.kind, event.cards, event.score, event.carried)
                    calls["declare"] += 1

        tell(deal.events)
        for trick in deal.tricks:
            for play in trick.plays:
                if before is not None:
                    before(rec, play)
                rec.play(play.seat, play.card)
                calls["play"] += 1
            tell(trick.events)
    return rec, calls
