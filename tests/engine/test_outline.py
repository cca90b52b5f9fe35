"""The outlines of a reading's seats (:class:`validator.engine.reading.SeatOutline`) are a
necessary condition of the dominance: pruning asks them first and compares in full only the
pairs they let through,
so a pair it ruled out that the dominance would have kept would drop a reading the record may
need. Checked on pairs of readings where one is the other after a few changes that keep or
break the dominance (cards revealed, laid on the table, marked, combined; announcements
dropped; copies renamed; known cards laid from the hand), under both models of re-forming."""

from __future__ import annotations

import random

import pytest
from shape_brute import random_holding

from notation.cards import Card
from validator.engine.combinations import kind_info
from validator.engine.copies import Copy, Group, Pending
from validator.engine.holding import Holding
from validator.engine.reading import Reading, SeatOutline
from validator.engine.relevance import Foresight, Relevance

CARDS = [Card.parse(t) for t in ("KH", "QH", "QS", "JD")]
COPIES = dict.fromkeys(CARDS, 6)
PAIRS = 3000


def _reading(rng: random.Random) -> Reading:
    holdings = {}
    for seat in ("A", "B"):
        holding = random_holding(rng)
        for card in CARDS:
            if rng.random() < 0.3:
                holding.hand[card] = 1
        holding.unknown = rng.randrange(0, 4)
        holdings[seat] = holding
    seen: dict[Card, int] = {}
    for holding in holdings.values():
        for card in holding.hand:
            seen[card] = seen.get(card, 0) + 1
        for c in holding.table:
            seen[c.card] = seen.get(c.card, 0) + 1
    return Reading(holdings, seen)


def _changed(reading: Reading, rng: random.Random) -> Reading:
    """``reading`` after a few random changes: most leave it dominated by the original."""
    other = reading.clone()
    for _ in range(rng.randrange(0, 4)):
        seat = rng.choice(("A", "B"))
        holding = other.holdings[seat]
        card = rng.choice(CARDS)
        step = rng.randrange(8)
        if step == 0 and holding.unknown and other.seen.get(card, 0) < 6:
            holding.unknown -= 1
            holding.give(card)
            other.reveal(card)
        elif step == 1 and holding.unknown and other.seen.get(card, 0) < 6:
            holding.unknown -= 1
            holding.table.append(Copy(card, 500 + len(holding.table)))
            other.reveal(card)
        elif step == 2 and holding.table:
            copy = rng.choice(holding.table)
            holding.replace(copy, copy.scored("marriage", kind_info("marriage")))
        elif step == 3 and len(holding.table) > 1:
            uids = frozenset(c.uid for c in rng.sample(holding.table, 2))
            holding.groups.append(Group("marriage", uids))
        elif step == 4 and holding.pending:
            holding.pending.pop(rng.randrange(len(holding.pending)))
        elif step == 5 and holding.table:
            copy = rng.choice(holding.table)
            holding.replace(copy, Copy(copy.card, copy.uid + 1000, copy.used, copy.levels))
        elif step == 6 and holding.hand.get(card):
            # a known card laid from the hand, scoring or not: the hand's card stands for it
            holding.take(card)
            laid = Copy(card, 700 + len(holding.table))
            if rng.random() < 0.5:
                laid = laid.scored("marriage", kind_info("marriage"))
            holding.table.append(laid)
        elif step == 7:
            # the marks of two copies of one card gathered on one of them
            alike = [c for c in holding.table if c.card is card]
            if len(alike) > 1:
                first, second = rng.sample(alike, 2)
                gathered = Copy(card, first.uid, first.used | second.used, first.levels)
                holding.replace(first, gathered)
                holding.replace(second, Copy(card, second.uid))
    return other


def _seen_by(holding: Holding, relevance: Relevance | None) -> tuple[list[Group], list[Pending]]:
    return holding.seen_by(relevance)


def _of(foresight: Foresight | None, seat: str) -> Relevance | None:
    return None if foresight is None else foresight.of(seat)


MARKS_ONLY = Foresight(
    [
        (seat, kind, cards)
        for seat in ("A", "B")
        for kind, cards in (("marriage", CARDS[:2]), ("bezique", CARDS[2:]))
    ],
    fresh_matters=False,
    groups_matter=False,
)
"""Later declarations of every card, by both seats, that see only each copy's own marks
(re-forming without the break: :mod:`validator.engine.concentration`)."""


@pytest.mark.parametrize(("portland", "marks_only"), [(False, False), (True, False), (False, True)])
def test_the_outline_never_rules_out_a_pair_the_dominance_keeps(
    portland: bool, marks_only: bool
) -> None:
    rng = random.Random(23 + portland + 2 * marks_only)
    foresight = MARKS_ONLY if marks_only else None
    dominated = ruled_out = 0
    for _ in range(PAIRS):
        one = _reading(rng)
        other = _changed(one, rng)
        for a, b in ((one, other), (other, one)):
            dominates = a.dominates(b, portland, COPIES, foresight)
            allowed = all(
                SeatOutline(a.holdings[seat], _of(foresight, seat), _seen_by).may_dominate(
                    SeatOutline(b.holdings[seat], _of(foresight, seat), _seen_by), portland
                )
                for seat in a.holdings
            )
            assert allowed or not dominates
            dominated += dominates
            ruled_out += not allowed
    # both outcomes well represented, or the check says nothing
    assert dominated > PAIRS // 4
    assert ruled_out > PAIRS // 4
