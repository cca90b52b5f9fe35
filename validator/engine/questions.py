"""What a seat may do now: the questions the simulator and a game server ask the state.

A play or declaration is legal when some reading of the deal allows it without a fault; in a
deal whose every card is named the readings differ only in which physical copy is where, so
the cards held (hand and table together) are the same in all of them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from notation.cards import SUITS, Card

from .card_tables import sorted_cards
from .combinations import (
    BEZIQUE_ORDER,
    COURT_RANKS,
    FOUR_RANKS,
    SEQUENCE_RANKS,
    TRUMP_FOUR_RANKS,
    bezique_cards,
    shape_error,
    value_key,
)
from .melds import meld_ways
from .strict import TrickView, legal

if TYPE_CHECKING:
    from .ruleset import RuleSet
    from .state import DealState, DeclarationOption


def legal_plays(state: DealState, seat: str) -> frozenset[Card]:
    """The cards ``seat`` may play now, among those known (hand and table)."""
    state.check_seat(seat)
    if state.phase == "over" or state.to_play != seat:
        return frozenset()
    known: set[Card] = set()
    for reading in state.readings.items:
        known |= reading.holdings[seat].known()
    if state.phase == "strict":
        view = TrickView.of(state.trick, state.trump) if state.trick else None
        return frozenset(legal(view, known))
    return frozenset(known)


def legal_declarations(state: DealState, seat: str) -> list[DeclarationOption]:
    """Every declaration ``seat`` may score now without breaking a rule, one per card set."""
    from .state import DeclarationOption

    state.check_seat(seat)
    options: list[DeclarationOption] = []
    rules = state.rules
    holding = state.reading.holdings[seat]
    if _carte_blanche_possible(state, seat):
        value = rules.carte_blanche or 0
        hand = sorted_cards(c for c, n in holding.hand.items() for _ in range(n))
        options.append(DeclarationOption("carte-blanche", hand, value))
    if state.timing(seat) is not None:
        return options
    avail: Counter[Card] = Counter(holding.hand)
    avail.update(c.card for c in holding.table)
    trump = state.trump
    seven_ok = not (rules.seven_counts_as_declaration and state.scored_this_trick)
    if rules.seven_value is not None and trump is not None and seven_ok:
        seven = Card("7", trump)
        if avail[seven] > holding.seven_marked:
            options.append(DeclarationOption("seven", (seven,), rules.seven_value))
            if rules.seven_exchange and state.turnup_present and state.stock:
                options.append(DeclarationOption("exchange", (seven,), rules.seven_value))
    if state.scored_this_trick:
        return options
    for kind, cards in _candidates(rules, trump, avail):
        if shape_error(kind, Counter(cards), trump, rules.bezique_follows_trump) is not None:
            continue
        key = value_key(kind, cards[0].suit, trump, rules.trump == "first-marriage")
        worth = rules.value(key)
        if worth is None:
            continue
        for reading in state.readings.items:
            ways, _ = meld_ways(reading, seat, kind, cards, rules, state.copies, False, True)
            if any(not w.faults for w in ways):
                options.append(DeclarationOption(kind, sorted_cards(cards), worth))
                break
    return options


def _carte_blanche_possible(state: DealState, seat: str) -> bool:
    rules = state.rules
    if rules.carte_blanche is None:
        return False
    if state.cb_active[seat]:
        return rules.carte_blanche_repeats and state.cb_ready[seat]
    holding = state.reading.holdings[seat]
    if state.played[seat] or state.drawn or state.tricks_played or holding.unknown:
        return False
    return not any(c.rank in COURT_RANKS for c in holding.hand)


def _candidates(
    rules: RuleSet, trump: str | None, avail: Counter[Card]
) -> Iterable[tuple[str, list[Card]]]:
    for suit in SUITS:
        king, queen = Card("K", suit), Card("Q", suit)
        if avail[king] and avail[queen]:
            yield "marriage", [king, queen]
            if all(avail[Card(r, suit)] for r in SEQUENCE_RANKS):
                yield "sequence", [Card(r, suit) for r in SEQUENCE_RANKS]
    queen, jack = bezique_cards(trump, rules.bezique_follows_trump)
    for kind, n in BEZIQUE_ORDER.items():
        if rules.value(kind) is not None and avail[queen] >= n and avail[jack] >= n:
            yield kind, [queen] * n + [jack] * n
    for kind, rank in FOUR_RANKS.items():
        if rules.value(kind) is None:
            continue
        pool = [c for c in avail.elements() if c.rank == rank]
        if len(pool) >= 4:
            combos = set(itertools.combinations(sorted(pool, key=str), 4))
            for combo in sorted(combos, key=lambda t: tuple(map(str, t))):
                yield kind, list(combo)
    if trump is not None:
        for kind, rank in TRUMP_FOUR_RANKS.items():
            card = Card(rank, trump)
            if rules.value(kind) is not None and avail[card] >= 4:
                yield kind, [card] * 4
