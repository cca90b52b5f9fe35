"""The combinations: which cards form each kind, its class, and its level within the class.

Kinds are the notation's words. Classes follow the rule texts (rubicon-bezique-laws.txt,
Declarations): A marriages and sequences, B béziques, C fours. Within a class a kind has a
level; a copy scored at a higher level may not serve a lower kind afterwards (no marriage out of
a sequence, no single out of a double), while lower first and higher later keeps both. The fours
of trumps (six-pack) are the higher kind of their rank's four.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Final

from notation.cards import Card

ALIASES: Final = {
    "royal-marriage": "marriage",
    "royal-sequence": "sequence",
    "treble-bezique": "triple-bezique",
    "single-bezique": "bezique",
}
"""Other words accepted for a kind: royal marriage and sequence are those in trumps."""

MELD_KINDS: Final = (
    "marriage",
    "sequence",
    "bezique",
    "double-bezique",
    "triple-bezique",
    "quadruple-bezique",
    "aces",
    "kings",
    "queens",
    "jacks",
    "trump-aces",
    "trump-tens",
    "trump-kings",
    "trump-queens",
    "trump-jacks",
)
"""Kinds laid on the table and tracked by the declaration model."""

SPECIAL_KINDS: Final = ("carte-blanche", "seven", "exchange", "last-trick")
"""Kinds scored outside the declaration model."""

BEZIQUE_ORDER: Final = {
    "bezique": 1,
    "double-bezique": 2,
    "triple-bezique": 3,
    "quadruple-bezique": 4,
}
FOUR_RANKS: Final = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J"}
TRUMP_FOUR_RANKS: Final = {
    "trump-aces": "A",
    "trump-tens": "T",
    "trump-kings": "K",
    "trump-queens": "Q",
    "trump-jacks": "J",
}
SEQUENCE_RANKS: Final = "ATKQJ"
COURT_RANKS: Final = frozenset("KQJ")


_CANONICAL: dict[str, str] = {}
""":func:`canonical_kind` of each word asked (a record writes a handful, line after line);
the memo stops growing at :data:`_CANONICAL_MAX` words."""
_CANONICAL_MAX = 1024


def canonical_kind(kind: str) -> str:
    """The notation's kind word with aliases resolved (``royal-marriage`` -> ``marriage``)."""
    found = _CANONICAL.get(kind)
    if found is None:
        word = kind.strip().lower()
        found = ALIASES.get(word, word)
        if len(_CANONICAL) < _CANONICAL_MAX:
            _CANONICAL[kind] = found
    return found


@dataclass(frozen=True, slots=True)
class KindInfo:
    """Where a kind sits: its family (class, per rank for fours) and its level there."""

    family: str
    level: int


@functools.cache
def kind_info(kind: str) -> KindInfo:
    """Family and level of a meld kind (``marriage`` is A/1, ``sequence`` A/2 ...)."""
    if kind == "marriage":
        return KindInfo("A", 1)
    if kind == "sequence":
        return KindInfo("A", 2)
    if kind in BEZIQUE_ORDER:
        return KindInfo("B", BEZIQUE_ORDER[kind])
    if kind in FOUR_RANKS:
        return KindInfo("C" + FOUR_RANKS[kind], 1)
    return KindInfo("C" + TRUMP_FOUR_RANKS[kind], 2)


def bezique_cards(trump: str | None, follows_trump: bool) -> tuple[Card, Card]:
    """The queen and jack of a bézique: QS JD, or QC JH when the switch follows trump."""
    if follows_trump and trump in ("S", "D"):
        return Card("Q", "C"), Card("J", "H")
    return Card("Q", "S"), Card("J", "D")


def shape_error(
    kind: str, cards: Counter[Card], trump: str | None, follows_trump: bool
) -> str | None:
    """Why ``cards`` do not form ``kind``, or None when they do."""
    total = sum(cards.values())
    if kind == "marriage":
        suits = {card.suit for card in cards}
        if total != 2 or len(suits) != 1 or sorted(c.rank for c in cards.elements()) != ["K", "Q"]:
            return "a marriage is the king and queen of one suit"
        return None
    if kind == "sequence":
        suits = {card.suit for card in cards}
        ranks = "".join(sorted(c.rank for c in cards.elements()))
        if total != 5 or len(suits) != 1 or ranks != "".join(sorted(SEQUENCE_RANKS)):
            return "a sequence is the ace, ten, king, queen and jack of one suit"
        return None
    if kind in BEZIQUE_ORDER:
        n = BEZIQUE_ORDER[kind]
        queen, jack = bezique_cards(trump, follows_trump)
        if total != 2 * n or cards[queen] != n or cards[jack] != n:
            return f"a {kind} is {n} x {queen} and {n} x {jack}"
        return None
    if kind in FOUR_RANKS:
        rank = FOUR_RANKS[kind]
        if total != 4 or any(card.rank != rank for card in cards):
            return f"{kind} are four cards of rank {rank} of any suits"
        return None
    if kind in TRUMP_FOUR_RANKS:
        rank = TRUMP_FOUR_RANKS[kind]
        if trump is None:
            return f"{kind} need a trump suit, and none is made yet"
        if total != 4 or any(card.rank != rank or card.suit != trump for card in cards):
            return f"{kind} are four cards of rank {rank} in trumps ({trump})"
        return None
    return f"{kind!r} is not a combination"


@functools.lru_cache(maxsize=4096)
def shape_error_of(
    kind: str, cards: tuple[Card, ...], trump: str | None, follows_trump: bool
) -> str | None:
    """:func:`shape_error` of the cards as a declaration names them, worked out once for each
    (a record declares the same few combinations over and over)."""
    return shape_error(kind, Counter(cards), trump, follows_trump)


def value_key(kind: str, suit: str | None, trump: str | None, trump_from_meld: bool) -> str:
    """The ``combinations`` key valuing a marriage or sequence in ``suit`` (royal in trumps).

    When trump is made by the first marriage and none is made yet, this one makes it (the first
    marriage "must of course count 40").
    """
    if kind in ("marriage", "sequence"):
        royal = suit == trump or (trump is None and trump_from_meld)
        return ("royal-" + kind) if royal else kind
    return kind
