"""The strict play once the stock is exhausted: follow suit, win if able, trump if void.

rubicon-bezique-laws.txt, The Last Nine Tricks: "the second player in each must not only follow
suit, but must win the trick if he can, either with a superior card or with a trump";
bezique-guide.txt, The last eight tricks. A :class:`TrickView` is the trick so far as both
players see it; :func:`legal` gives the cards a holding may play to it; :func:`strict_faults`
judges a play against the cards a reading knows the player held, and :func:`limits_shown`
what a legal play shows of the cards it does not know (a later play of one of them is the
revoke P207).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from notation.cards import RANKS, Card

from .card_tables import RANK_OF
from .holding import Limit
from .ways import Fault


@dataclass(frozen=True, slots=True)
class TrickView:
    """The trick so far: the suit led, the card winning it, the trump suit (None: not made)."""

    led: str
    best: Card
    trump: str | None

    @staticmethod
    def of(trick: Sequence[tuple[str, Card]], trump: str | None) -> TrickView:
        """The view of a trick with at least one card played."""
        best = trick[0][1]
        for _, card in trick[1:]:
            if card.suit == best.suit:
                if RANK_OF[card] < RANK_OF[best]:
                    best = card
            elif card.suit == trump:
                best = card
        return TrickView(trick[0][1].suit, best, trump)


def legal(view: TrickView | None, cards: Iterable[Card]) -> set[Card]:
    """The cards among ``cards`` that may be played to the trick (all of them to a lead)."""
    pool = set(cards)
    if view is None:
        return pool
    led, best, trump = view.led, view.best, view.trump
    follow = {c for c in pool if c.suit == led}
    if follow:
        if best.suit == led:
            higher = {c for c in follow if RANK_OF[c] < RANK_OF[best]}
            return higher or follow
        return follow
    if trump is not None and led != trump:
        trumps = {c for c in pool if c.suit == trump}
        if trumps:
            if best.suit == trump:
                over = {c for c in trumps if RANK_OF[c] < RANK_OF[best]}
                return over or trumps
            return trumps
    return pool


def legal_whatever_held(view: TrickView, card: Card) -> bool:
    """Whether ``card`` is a legal play to the trick whatever else its player holds: a card of
    the suit led that wins the trick, or that follows a trick won by a trump (:func:`legal`
    allows it from every holding: it is among the cards that follow, and among the higher
    ones when there are any). The commonest play of the strict phase, judged without the
    hand."""
    led = view.led
    if card.suit != led:
        return False
    best = view.best
    return best.suit != led or RANK_OF[card] < RANK_OF[best]


def strict_faults(view: TrickView, known: set[Card], card: Card) -> list[Fault]:
    """P205 or P206 when ``card`` is not a legal play among the cards known held with it."""
    if legal_whatever_held(view, card):
        return []
    pool = set(known)
    pool.add(card)
    if card in legal(view, pool):
        return []
    if card.suit != view.led and any(c.suit == view.led for c in pool):
        return [
            Fault("P205", "play.strict-follow", f"played {card} holding the suit led ({view.led})")
        ]
    return [Fault("P206", "play.strict-win", f"played {card} when able to win or trump")]


def limits_shown(view: TrickView, card: Card, trick_no: int) -> list[Limit]:
    """What a legal play of ``card`` shows the player's unseen cards cannot hold."""
    led, best, trump = view.led, view.best, view.trump
    out: list[Limit] = []
    if card.suit != led:
        out.append((led, len(RANKS), trick_no))
        if trump is not None and led != trump:
            if card.suit != trump:
                out.append((trump, len(RANKS), trick_no))
            elif best.suit == trump and RANK_OF[card] > RANK_OF[best]:
                out.append((trump, RANK_OF[best], trick_no))
    elif best.suit == led and RANK_OF[card] > RANK_OF[best]:
        out.append((led, RANK_OF[best], trick_no))
    return out


def revoke_shown(limits: Iterable[Limit], card: Card, before: int) -> int | None:
    """The trick (before trick ``before``) at which a card now revealed from the unseen hand
    was held against a limit it shows was broken, or None."""
    rank = RANK_OF[card]
    for suit, below, trick_no in limits:
        if card.suit == suit and rank < below and trick_no < before:
            return trick_no
    return None
