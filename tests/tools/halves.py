"""A record cut into the score sheets of its players: what each seat saw of the game.

A player's sheet names his own hand and the cards he drew; the other hands are left out or
written all unknown (``?``), the others' draws are ``draw B ?``, and the stock names only the
cards he drew, in their places. Plays, declarations, the turn-up, tags and scores are seen by
every player and written on every sheet. ``merge`` of the sheets must give the record back.
"""

from __future__ import annotations

from dataclasses import replace

from notation import Card, Deal, Draw, Event, Hand, Record, Stock, Trick


def sheet(record: Record, seat: str, *, other_hands: str = "unknown") -> Record:
    """``seat``'s sheet of ``record``; ``other_hands`` is ``"unknown"`` (``?`` for each card)
    or ``"omitted"`` (no hand line)."""
    return replace(record, deals=tuple(_deal(d, seat, other_hands) for d in record.deals))


def _deal(deal: Deal, seat: str, other_hands: str) -> Deal:
    hands: list[Hand] = []
    for hand in deal.hands:
        if hand.seat == seat:
            hands.append(hand)
        elif other_hands == "unknown":
            hands.append(Hand(hand.seat, (None,) * len(hand.cards)))
    stock = deal.stock
    drawn = 0
    named: set[int] = set()

    def events(items: tuple[Event, ...]) -> tuple[Event, ...]:
        nonlocal drawn
        out: list[Event] = []
        for event in items:
            if isinstance(event, Draw):
                if event.seat == seat:
                    named.add(drawn)
                    out.append(event)
                else:
                    out.append(Draw(event.seat, (None,) * len(event.cards)))
                drawn += len(event.cards)
            else:
                out.append(event)
        return tuple(out)

    before = events(deal.events)
    tricks = tuple(Trick(t.number, t.plays, events(t.events), t.comments) for t in deal.tricks)
    if stock is not None:
        cards: tuple[Card | None, ...] = tuple(
            card if index in named else None for index, card in enumerate(stock.cards)
        )
        stock = Stock(cards, stock.more, stock.comments)
    return replace(deal, hands=tuple(hands), stock=stock, events=before, tricks=tricks)
