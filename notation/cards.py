"""Cards: the smallest value of the notation, with a text round trip.

A card is written rank then suit: ranks ``A T K Q J 9 8 7`` (``10`` is read as
``T``), suits ``S H D C`` (``♠ ♥ ♦ ♣`` and lower case are read too). The
canonical text is two upper-case characters: ``QS``, ``TH``.

This module knows how cards are written, not what they are worth: ranks are
listed from the highest in play, which is also the order in which the rule
texts list them, and nothing else here depends on the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import FrozenInstanceError
from types import MappingProxyType
from typing import ClassVar, Final

from notation.errors import quoted

RANKS: Final = "ATKQJ987"
"""Ranks from the highest in play to the lowest (the ten ranks above the king)."""

SUITS: Final = "SHDC"
"""Suits in the order the notation lists them: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: Final = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
"""Suit symbols accepted on input, mapped to their letters."""

SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES: Final = {
    "A": "ace",
    "T": "ten",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "9": "nine",
    "8": "eight",
    "7": "seven",
}


class CardError(ValueError):
    """A text that is not a card; the message carries the text."""


class Card:
    """One card by rank and suit; equal cards from different packs are equal values.

    >>> Card.parse("10h")
    Card.parse('TH')
    >>> str(Card.parse("Q♠"))
    'QS'

    A card is immutable, and there is one object per card: ``Card("Q", "S")``,
    ``Card.parse("qs")``, a copy and an unpickled card are all the same object. Equal cards
    being identical, equality and hashing are the object's own (no Python code runs when a
    card is looked up in a dict or a Counter, which the engine does for every event).
    """

    __slots__ = ("rank", "suit")
    __match_args__ = ("rank", "suit")

    rank: str
    suit: str

    _cache: ClassVar[dict[str, Card]] = {}
    _interned: ClassVar[dict[tuple[str, str], Card]] = {}

    def __new__(cls, rank: str, suit: str) -> Card:
        card = cls._interned.get((rank, suit)) if type(rank) is str and type(suit) is str else None
        if card is not None:
            return card
        if rank not in RANKS or len(rank) != 1:
            raise CardError(f"not a rank: {quoted(rank)} (ranks are {' '.join(RANKS)})")
        if suit not in SUITS or len(suit) != 1:
            raise CardError(f"not a suit: {quoted(suit)} (suits are {' '.join(SUITS)})")
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written leniently (``10H``, ``qs``, ``K♥``) and return it."""
        cached = cls._cache.get(text)
        if cached is not None:
            return cached
        raw = text.strip()
        if len(raw) < 2:
            raise CardError(f"expected a card such as QS or 10H, found {quoted(text)}")
        rank_text, suit_text = raw[:-1].upper(), raw[-1]
        suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
        rank = "T" if rank_text == "10" else rank_text
        if len(rank) != 1 or rank not in RANKS or suit not in SUITS:
            raise CardError(f"expected a card such as QS or 10H, found {quoted(text)}")
        card = cls(rank, suit)
        if len(cls._cache) < 4096:
            cls._cache[text] = card
        return card

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def rank_index(self) -> int:
        """0 for the ace, 7 for the seven: lower is stronger in play."""
        return RANKS.index(self.rank)

    @property
    def name(self) -> str:
        """The card in words: ``queen of spades``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"


CANONICAL: Final[Mapping[str, Card]] = MappingProxyType(
    {rank + suit: Card(rank, suit) for suit in SUITS for rank in RANKS}
)
"""Each card by its canonical text (``QS``): a reader looks a card up here first, and reads
any other text (``10H``, ``qs``, ``?``) with :meth:`Card.parse`."""


def full_pack() -> tuple[Card, ...]:
    """The 32 cards of one piquet pack, suit by suit, highest first."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
