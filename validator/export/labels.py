"""Words and symbols the views share: cards, suits, seats, step kinds.

Cards arrive as canonical text (``QS``, ``TH``) or ``None`` for a card the
record does not name; the views show them as ``Q♠``, ``10♥`` and ``?``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

SUIT_SYMBOL: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
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


def added_cards(before: Sequence[str | None], after: Sequence[str | None]) -> list[str | None]:
    """The cards in ``after`` and not in ``before``, counted as multisets.

    Used to name the card a draw brought in: hands may be kept sorted, so the
    new card is not always the last one.
    """
    gained = Counter(after)
    gained.subtract(Counter(before))
    return [card for card, count in gained.items() for _ in range(max(count, 0))]
