"""A pack and a deal: every card of a rule set's pack, dealt by its pattern."""

from __future__ import annotations

from collections.abc import Sequence

from notation.cards import Card

from .card_tables import ALL_CARDS
from .ruleset import RuleSet


def new_pack(rules: RuleSet) -> list[Card]:
    """Every card of the rule set's pack, pack after pack, less the omitted cards."""
    cards = [card for _ in range(rules.packs) for card in ALL_CARDS]
    for omitted in rules.omit:
        cards.remove(omitted)
    return cards


def deal_cards(
    rules: RuleSet, seats: Sequence[str], dealer: str, pack: Sequence[Card]
) -> tuple[dict[str, list[Card]], list[Card], Card | None]:
    """Deal an ordered pack by the rule set's pattern: hands, stock (top first), turn-up."""
    order = play_order(tuple(seats), dealer)
    hands: dict[str, list[Card]] = {seat: [] for seat in seats}
    pos = 0
    for batch in rules.deal_pattern:
        for seat in order:
            hands[seat].extend(pack[pos : pos + batch])
            pos += batch
    turnup = None
    if rules.turn_up:
        turnup = pack[pos]
        pos += 1
    return hands, list(pack[pos:]), turnup


def play_order(seats: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Seats in playing order starting with the one after the dealer (the pone or eldest)."""
    i = seats.index(dealer)
    return seats[i + 1 :] + seats[: i + 1]
