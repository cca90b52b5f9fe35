"""The deal as the record gives it, and the faults of the deal itself.

:func:`set_up` turns the hands, the stock and the turn-up a record names (``None`` for a card
it does not name) into the first reading's holdings and the stock, and reports the deal's own
faults: D105 too many cards dealt, D106 too few, D109 a stock or a count of copies the pack
cannot hold (rubicon-bezique-laws.txt, Misdealing; foster-1914-ordinary-bezique.txt,
Misdealing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from notation.cards import Card

from .holding import Holding
from .ruleset import RuleSet
from .violations import Violation


@dataclass(slots=True)
class DealSetup:
    """What a deal starts from: holdings, stock (top last), cards named, and the deal's faults."""

    holdings: dict[str, Holding]
    stock: list[Card | None]
    """The stock with its top at the end; in the turn-up games the turn-up lies at index 0."""
    stock_known: bool
    seen: dict[Card, int]
    violations: list[Violation]


def set_up(
    rules: RuleSet,
    seats: Sequence[str],
    copies: Mapping[Card, int],
    hands: Mapping[str, Sequence[Card | None]] | None,
    stock: Sequence[Card | None] | None,
    turnup: Card | None,
) -> DealSetup:
    """The deal's starting point and faults (see the module docstring)."""
    faults: list[Violation] = []

    def fault(code: str, rule: str, seat: str | None, message: str) -> None:
        faults.append(Violation(code, rule, seat, message, None))

    holdings: dict[str, Holding] = {}
    named: dict[Card, int] = {}
    dealt = 0
    for seat in seats:
        given = None if hands is None else hands.get(seat)
        if given is None:
            given = [None] * rules.hand_size
        hand: dict[Card, int] = {}
        unknown = 0
        for card in given:
            if card is None:
                unknown += 1
            else:
                hand[card] = hand.get(card, 0) + 1
                named[card] = named.get(card, 0) + 1
        holdings[seat] = Holding(hand, unknown)
        dealt += len(given)
        if len(given) != rules.hand_size:
            code = "D105" if len(given) > rules.hand_size else "D106"
            fault(code, "deal.hand-size", seat, f"{len(given)} cards dealt, {rules.hand_size} due")
    if turnup is not None:
        named[turnup] = named.get(turnup, 0) + 1
    count = rules.pack_size - dealt - (1 if rules.turn_up else 0)
    if stock is None:
        face_down: list[Card | None] = [None] * max(count, 0)
        stock_known = False
    else:
        face_down = list(reversed(stock))
        stock_known = None not in stock
        for card in stock:
            if card is not None:
                named[card] = named.get(card, 0) + 1
        if len(stock) != count:
            fault("D109", "deal.packs", None, f"stock of {len(stock)} cards, {count} expected")
    for card, seen in named.items():
        if seen > copies[card]:
            fault(
                "D109", "deal.packs", None, f"{seen} copies of {card} in a pack of {copies[card]}"
            )
    return DealSetup(
        holdings=holdings,
        stock=([turnup] if rules.turn_up else []) + face_down,
        stock_known=stock_known,
        seen=named,
        violations=faults,
    )
