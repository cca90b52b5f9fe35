"""Words and symbols the views share: cards, suits, seats, step kinds.

Cards arrive as canonical text (``QS``, ``TH``) or ``None`` for a card the
record does not name; the views show them as ``Q♠``, ``10♥`` and ``?``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

SUIT_SYMBOL: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER: Final = "SHCD"
"""Suits as a hand is sorted: black and red in turn; trumps, once known, first."""
RANK_ORDER: Final = "ATKQJ987"
"""Ranks as a hand is sorted, highest first: in Bézique the ten ranks next to the ace."""
SUIT_NAME: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABEL: Final = {"T": "10"}
UNKNOWN: Final = "?"


def card_label(card: str | None, *, ascii_only: bool = False) -> str:
    """``Q♠`` for ``QS``, ``10♥`` for ``TH``, ``?`` for a card not named.

    With ``ascii_only`` the card keeps its notation form (``QS``, ``TH``).
    """
    if card is None:
        return UNKNOWN
    if ascii_only:
        return card
    rank, suit = card[:-1], card[-1]
    return RANK_LABEL.get(rank, rank) + SUIT_SYMBOL.get(suit, suit)


def cards_label(cards: Sequence[str | None], *, ascii_only: bool = False) -> str:
    """Cards separated by spaces, or an em dash for none."""
    if not cards:
        return "—"
    return " ".join(card_label(card, ascii_only=ascii_only) for card in cards)


def suit_label(suit: str | None, *, ascii_only: bool = False) -> str:
    """``♥ hearts`` for ``H``; ``not yet`` when no trump is fixed."""
    if suit is None:
        return "not yet"
    if ascii_only:
        return SUIT_NAME.get(suit, suit)
    return f"{SUIT_SYMBOL.get(suit, suit)} {SUIT_NAME.get(suit, suit)}"


def seat_label(seat: str, players: dict[str, str]) -> str:
    """``Hart, Alice (A)``, or the bare seat when the record names no player."""
    name = players.get(seat)
    return f"{name} ({seat})" if name else seat


def suits_in_order(trump: str | None) -> str:
    """The suits in the order a hand shows them: trumps first, then the others in turn.

    The cycle ♠ ♥ ♣ ♦ is turned to start at the trump suit, so colours still alternate.
    """
    if trump is None or trump not in SUIT_ORDER:
        return SUIT_ORDER
    at = SUIT_ORDER.index(trump)
    return SUIT_ORDER[at:] + SUIT_ORDER[:at]


def sorted_cards(cards: Sequence[str | None], trump: str | None) -> list[str | None]:
    """A hand as a player holds it: by suit (trumps first once known), then by rank, high first.

    Cards the record does not name (``None``) come last.
    """
    try:
        return sorted(cards, key=_places(trump).__getitem__)
    except KeyError:  # text that is not a canonical card: placed by its parts
        suits = suits_in_order(trump)
        return sorted(cards, key=lambda card: _place(card, suits))


@functools.lru_cache(maxsize=8)
def _places(trump: str | None) -> dict[str | None, tuple[int, int]]:
    """Each canonical card's place in :func:`sorted_cards` under ``trump`` (a view sorts every
    hand at every step: a look-up, not a computation)."""
    suits = suits_in_order(trump)
    cards: list[str | None] = [rank + suit for suit in suits for rank in RANK_ORDER]
    return {card: _place(card, suits) for card in [*cards, None]}


def _place(card: str | None, suits: str) -> tuple[int, int]:
    if card is None:
        return (len(suits), 0)
    rank, suit = card[:-1], card[-1]
    return (
        suits.index(suit) if suit in suits else len(suits),
        RANK_ORDER.index(rank) if rank in RANK_ORDER else len(RANK_ORDER),
    )
