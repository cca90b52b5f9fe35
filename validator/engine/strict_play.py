"""The laws of the strict play of a two-handed deal, on small integer card codes.

Once the stock is exhausted the second player to a trick "must not only follow suit, but must
win the trick if he can, either with a superior card or with a trump" (rubicon-bezique-laws.txt,
The Last Nine Tricks; foster-1914-ordinary-bezique.txt, The Last Eight Tricks;
bezique-guide.txt, The last eight tricks; rule book ``play.strict-follow`` and
``play.strict-win``). The engine's :class:`~validator.engine.state.DealState` applies the same
laws to a record; the solver needs them thousands of times a second, so here they work on
integer codes: ``suit * 8 + rank``, the rank counted from the ace (0) to the seven (7), so
that within a suit a lower code is a stronger card. A suit is its index in ``SUITS``; ``-1``
stands for "no trump" (a Rubicon deal in which no marriage was ever declared).

The rule set has no switch that changes these laws today; the suite compares
:func:`legal_follows` with ``DealState.legal_plays`` on random positions, so that a change of
the engine's strict play that the solver does not follow fails the tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from notation.cards import RANKS, SUITS, Card

NO_TRUMP: Final = -1
"""The trump code of a deal without trumps."""

CARD_OF: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
"""The card of each code."""

CODE_OF: Final[dict[Card, int]] = {card: code for code, card in enumerate(CARD_OF)}
"""The code of each card."""

BRISQUE: Final[tuple[int, ...]] = tuple(1 if code & 7 < 2 else 0 for code in range(32))
"""1 for the aces and tens (the brisques), 0 for the other cards, by code."""


def trump_code(trump: str | None) -> int:
    """The code of a trump suit (``"H"``), or :data:`NO_TRUMP`."""
    return NO_TRUMP if trump is None else SUITS.index(trump)


def codes(cards: Iterable[Card]) -> tuple[int, ...]:
    """The sorted codes of some cards (a hand is a sorted tuple of codes, copies repeated)."""
    return tuple(sorted(CODE_OF[card] for card in cards))


def leader_wins(lead: int, follow: int, trump: int) -> bool:
    """Whether the card led wins against the card played to it.

    The higher card of the suit led wins, or a trump played to another suit; of two identical
    cards the first played wins (rule book ``play.trick-winner``).
    """
    if follow >> 3 == lead >> 3:
        return follow >= lead
    return follow >> 3 != trump


def legal_follows(hand: Sequence[int], lead: int, trump: int) -> list[int]:
    """The codes in ``hand`` that may be played to ``lead`` in the strict play.

    Follow suit, beating the card led when able; unable to follow, trump; unable to do either,
    anything (rule book ``play.strict-follow``, ``play.strict-win``).
    """
    suit = lead >> 3
    same = [code for code in hand if code >> 3 == suit]
    if same:
        return [code for code in same if code < lead] or same
    if trump != NO_TRUMP and suit != trump:
        trumps = [code for code in hand if code >> 3 == trump]
        if trumps:
            return trumps
    return list(hand)
