"""A deal of a turn-up game whose record does not say the turn-up: which suit was trumps.

In the two-pack and three-handed games the card turned after the deal makes trumps
(foster-1914-ordinary-bezique.txt, Dealing: "The seventeenth is then turned up for the trump").
A record that leaves the ``turnup`` line out cannot be replayed without the trump suit: every
trick's winner depends on it. Rather than report a cascade of faults that are not there (leads
out of turn, draws out of turn, declarations without winning), the replay reports the missing
line once (R003) and takes the trump suit from the record itself:

- a seven of trumps shown or exchanged names its suit;
- otherwise, the suits under which every trick's winner leads the next trick (the record's
  order of play is the table's), if exactly one suit does;
- otherwise, a royal marriage or a sequence (scored only in trumps in these games) names it.

When none of these settles it, the deal is replayed without trumps and the finding says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from notation.cards import SUITS, Card
from notation.model import Deal, Declaration
from validator.engine import RuleSet
from validator.engine.card_tables import RANK_OF


def infer_trump(deal: Deal, rules: RuleSet, seats: Sequence[str]) -> tuple[str | None, str]:
    """The trump suit the record shows, and how it shows it (for the finding's message)."""
    declarations = [
        e
        for e in [*deal.events, *(e for t in deal.tricks for e in t.events)]
        if isinstance(e, Declaration)
    ]
    for decl in declarations:
        if decl.kind in ("seven", "exchange") and decl.cards:
            return decl.cards[0].suit, f"the seven of trumps {decl.cards[0]} declared"
    fitting = [suit for suit in SUITS if _leads_fit(deal, suit)]
    if len(fitting) == 1:
        return fitting[0], "every trick's winner leads the next"
    royal, plain = rules.value("royal-marriage"), rules.value("marriage")
    for decl in declarations:
        if not decl.cards or (fitting and decl.cards[0].suit not in fitting):
            continue
        if decl.kind == "marriage" and decl.score == royal != plain:
            return decl.cards[0].suit, f"the royal marriage {_text(decl.cards)} declared"
        if decl.kind == "sequence" and rules.value("sequence") is None:
            return decl.cards[0].suit, f"the sequence {_text(decl.cards)} declared"
    return None, "nothing in the record shows the trump suit"


def _leads_fit(deal: Deal, trump: str) -> bool:
    """Whether, with ``trump`` for trumps, each trick's winner leads the next trick."""
    tricks = deal.tricks
    for trick, following in itertools.pairwise(tricks):
        if not trick.plays or not following.plays:
            continue
        if _winner([(p.seat, p.card) for p in trick.plays], trump) != following.plays[0].seat:
            return False
    return True


def _winner(plays: Sequence[tuple[str, Card]], trump: str) -> str:
    seat, best = plays[0]
    for other, card in plays[1:]:
        if card.suit == best.suit:
            if RANK_OF[card] < RANK_OF[best]:
                seat, best = other, card
        elif card.suit == trump:
            seat, best = other, card
    return seat


def _text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))
