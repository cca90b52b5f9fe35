"""Hiding the cards a record names: its hands, its stock, the cards drawn.

A record that names every card is a server's log; a table's score sheet often names none but
the plays and the declarations. :func:`hide_cards` turns the one into the other, keeping every
play, declaration, mark and score: the record a player who saw nothing but the table would
write. The validator must find in it every fault that does not depend on the cards hidden, and
no other (``tests/engine/test_readings.py``, ``bench/readings.py``).
"""

from __future__ import annotations

from dataclasses import replace

from notation.model import Deal, Draw, Record, Trick


def hide_cards(
    record: Record, *, hands: bool = True, stock: bool = True, draws: bool = False
) -> Record:
    """``record`` with its hands (``hands``), its stock (``stock``) and the cards drawn
    (``draws``: each written ``?``) left out; the turn-up, the tricks and the rest kept."""
    return replace(record, deals=tuple(_deal(d, hands, stock, draws) for d in record.deals))


def _deal(deal: Deal, hands: bool, stock: bool, draws: bool) -> Deal:
    return replace(
        deal,
        hands=() if hands else deal.hands,
        stock=None if stock else deal.stock,
        tricks=tuple(_unnamed(t) for t in deal.tricks) if draws else deal.tricks,
    )


def _unnamed(trick: Trick) -> Trick:
    events = tuple(
        Draw(e.seat, (None,) * len(e.cards), e.comments, e.pos) if isinstance(e, Draw) else e
        for e in trick.events
    )
    return replace(trick, events=events)
