"""A position of the strict play: both hands, trump, the trick under way, scores and brisques.

Once the stock is exhausted a two-handed Bézique deal is a game of perfect information: every
card still out is in one of the two hands, and all of them are played in the last tricks, so a
record gives both hands at that point even when it names no hand (they are the cards each seat
plays in the tricks that remain). An :class:`Ending` is such a position, with what the value
of the deal depends on besides the cards: each seat's points so far without brisques (what the
settlement takes) and the brisques each has taken.

An ending is a value: :meth:`Ending.after` gives the position after one more card, resolving
the trick (its brisques to the winner, the lead to him) under the strict-play laws of
:mod:`validator.engine.strict_play`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from notation.cards import SUITS, Card

from .strict_play import BRISQUE, CARD_OF, CODE_OF, leader_wins, legal_follows, trump_code


class EndingError(ValueError):
    """A position that cannot be (hands of the wrong sizes, a card not held, a bad seat)."""


@dataclass(frozen=True, slots=True)
class Ending:
    """A strict-play position of a two-handed deal.

    ``hands`` holds each seat's cards (copies repeated, sorted); ``leader`` leads the trick
    under way, and ``lead`` is his card once he has played it. ``points`` are each seat's
    points so far without brisques (combinations, carte blanche, sevens: as the settlement
    takes them), ``brisques`` the aces and tens each has taken in tricks so far in the deal.
    ``last_winner`` is set once every card is played: the winner of the last trick.
    """

    seats: tuple[str, str]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trump: str | None
    leader: str
    points: tuple[int, int]
    brisques: tuple[int, int]
    lead: Card | None = None
    last_winner: str | None = None

    @classmethod
    def create(
        cls,
        seats: Iterable[str],
        hands: Mapping[str, Iterable[Card | str]],
        trump: str | None,
        leader: str,
        points: Mapping[str, int] | None = None,
        brisques: Mapping[str, int] | None = None,
        lead: Card | str | None = None,
    ) -> Ending:
        """An ending from mappings by seat; cards may be given as text (``"TH"``).

        ``lead`` is the card the leader has already played to the trick under way (not in his
        hand any more). Raises :class:`EndingError` for a position that cannot be.
        """
        pair = tuple(seats)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise EndingError(f"an ending is for two seats, got {list(pair)}")
        a, b = pair
        for name, mapping in (("hands", hands), ("points", points), ("brisques", brisques)):
            if mapping is not None and set(mapping) != {a, b}:
                raise EndingError(f"{name} given for {sorted(mapping)}, the seats are {a} and {b}")
        if trump is not None and trump not in SUITS:
            raise EndingError(f"not a trump suit: {trump!r} (suits are {' '.join(SUITS)})")
        if leader not in pair:
            raise EndingError(f"leader {leader!r} is not one of the seats {a} and {b}")
        cards = tuple(_sorted(_card(c) for c in hands[seat]) for seat in pair)
        first = _card(lead) if lead is not None else None
        ending = cls(
            seats=(a, b),
            hands=(cards[0], cards[1]),
            trump=trump,
            leader=leader,
            points=(points[a], points[b]) if points else (0, 0),
            brisques=(brisques[a], brisques[b]) if brisques else (0, 0),
            lead=first,
        )
        ending.check()
        return ending

    def check(self) -> None:
        """Raise :class:`EndingError` unless the hands have the sizes the trick allows."""
        mine, yours = self.hand(self.leader), self.hand(self.follower)
        due = len(yours) - (1 if self.lead is not None else 0)
        if len(mine) != due:
            what = "after his lead" if self.lead is not None else "at the start of a trick"
            raise EndingError(
                f"{self.leader} leads with {len(mine)} cards {what}, {self.follower} holds "
                f"{len(yours)}: the hands must be equal"
            )
        if self.lead is not None and not yours:
            raise EndingError(f"{self.follower} has no card to play to {self.lead}")
        for count in (*self.points, *self.brisques):
            if count < 0:
                raise EndingError(f"points and brisques must be >= 0, got {count}")

    # ------------------------------------------------------------------ questions
    def index(self, seat: str) -> int:
        """0 for the first seat, 1 for the second."""
        if seat == self.seats[0]:
            return 0
        if seat == self.seats[1]:
            return 1
        raise EndingError(f"{seat!r} is not one of the seats {self.seats[0]} and {self.seats[1]}")

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards ``seat`` holds."""
        return self.hands[self.index(seat)]

    def other(self, seat: str) -> str:
        """The other seat."""
        return self.seats[1 - self.index(seat)]

    @property
    def follower(self) -> str:
        """The seat that plays second to the trick under way."""
        return self.other(self.leader)

    @property
    def over(self) -> bool:
        """Whether every card has been played."""
        return not self.hands[0] and not self.hands[1] and self.lead is None

    @property
    def to_play(self) -> str | None:
        """The seat to play next, or None when the deal is over."""
        if self.over:
            return None
        return self.leader if self.lead is None else self.follower

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished, the one under way included."""
        return len(self.hand(self.follower))

    def legal(self) -> frozenset[Card]:
        """The cards the seat to play may play under the strict-play laws."""
        seat = self.to_play
        if seat is None:
            return frozenset()
        hand = self.hand(seat)
        if self.lead is None:
            return frozenset(hand)
        follows = legal_follows(
            [CODE_OF[c] for c in hand], CODE_OF[self.lead], trump_code(self.trump)
        )
        return frozenset(CARD_OF[code] for code in follows)

    def after(self, card: Card | str, *, strict: bool = True) -> Ending:
        """The position once the seat to play plays ``card``.

        With ``strict`` (the default) a card the strict laws forbid raises
        :class:`EndingError`; ``strict=False`` accepts any card held (to follow a record
        past a revoke). A card not held always raises.
        """
        played = _card(card)
        seat = self.to_play
        if seat is None:
            raise EndingError(f"{played} played after the last trick")
        hand = list(self.hand(seat))
        if played not in hand:
            raise EndingError(f"{seat} plays {played}, which is not in his hand")
        if strict and played not in self.legal():
            legal = " ".join(str(c) for c in _sorted(self.legal()))
            raise EndingError(
                f"{seat} may not play {played} to {self.lead}: the strict laws allow {legal}"
            )
        hand.remove(played)
        hands = list(self.hands)
        hands[self.index(seat)] = tuple(hand)
        pair = (hands[0], hands[1])
        if self.lead is None:
            return Ending(
                self.seats, pair, self.trump, self.leader, self.points, self.brisques, played
            )
        lead = CODE_OF[self.lead]
        winner = (
            self.leader
            if leader_wins(lead, CODE_OF[played], trump_code(self.trump))
            else self.follower
        )
        brisques = list(self.brisques)
        brisques[self.index(winner)] += BRISQUE[lead] + BRISQUE[CODE_OF[played]]
        done = not pair[0] and not pair[1]
        return Ending(
            self.seats,
            pair,
            self.trump,
            winner,
            self.points,
            (brisques[0], brisques[1]),
            None,
            winner if done else None,
        )

    def remaining_brisques(self) -> int:
        """The aces and tens still to be played (the card led included)."""
        cards = [*self.hands[0], *self.hands[1], *([self.lead] if self.lead else [])]
        return sum(BRISQUE[CODE_OF[c]] for c in cards)

    def census(self) -> Counter[Card]:
        """Every card still to be played or on the trick, counted."""
        out: Counter[Card] = Counter(self.hands[0])
        out.update(self.hands[1])
        if self.lead is not None:
            out[self.lead] += 1
        return out

    def __str__(self) -> str:
        parts = [f"{seat}: {' '.join(map(str, self.hand(seat))) or '-'}" for seat in self.seats]
        text = "; ".join(parts) + f"; trump {self.trump or 'none'}; {self.leader} leads"
        if self.lead is not None:
            text += f" {self.lead}"
        return text


def _card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CODE_OF.__getitem__))
