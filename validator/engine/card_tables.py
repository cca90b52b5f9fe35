"""Per-card lookup tables the engine's hot paths use: rank order, brisques, the notation's order.

Every card is an interned value (:class:`notation.cards.Card`), so a dict keyed by card is a
plain identity lookup; these tables replace string arithmetic on ranks in the loops.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from notation.cards import RANKS, SUITS, Card

RANK: Final = {rank: index for index, rank in enumerate(RANKS)}
"""Each rank's place in play: 0 for the ace (the highest), 7 for the seven."""

ALL_CARDS: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The 32 distinct cards, suit by suit, highest first."""

RANK_OF: Final = {card: RANK[card.rank] for card in ALL_CARDS}
"""Each card's rank place (lower is stronger)."""

BRISQUE_CARDS: Final = frozenset(card for card in ALL_CARDS if card.rank in "AT")
"""The aces and tens: the brisques."""

TEXT: Final = {card: str(card) for card in ALL_CARDS}
"""Each card as the notation writes it (``QS``): a look-up where a view writes many."""

ORDER: Final = {card: (SUITS.index(card.suit), RANK[card.rank]) for card in ALL_CARDS}
"""Each card's place in the notation's order: by suit, then from the highest rank."""


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the notation's order (the key under which combinations are compared)."""
    return tuple(sorted(cards, key=ORDER.__getitem__))


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as the notation writes them, separated by spaces."""
    return " ".join(map(str, cards))
