"""What identifies the game a record holds, for finding the same game recorded twice.

Two keys, after pgn-extract's duplicate detection:

- ``cards``: the first deal's dealer, every hand and the stock (and turn-up), when the record
  names every card of them. Two records with the same key hold the same deal, whatever their
  plays (two sheets of one deal, one stopped early);
- ``plays``: every card played, deal after deal, with each deal's dealer, as text whose
  prefixes are the records of the game's start: a record whose plays begin another's is the
  start of it. It works when the hands are not written (a sheet naming one hand, or none).

``rank`` orders records of one game by completeness: the most plays, then the most cards
named, then the most events, then the most annotation (tags, comments, glyphs and NAGs,
variations), so that of a bare copy and an annotated one of the same game the annotated one
is kept; the archive's order breaks a tie (the first is kept).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final

from notation.cards import Card
from notation.model import SEATS, Comment, Deal, Declaration, Draw, Mark, Record, Variation, walk

SUITS: Final = "SHDC"
RANKS: Final = "ATKQJ987"
_PLAY: Final = {
    (seat, Card(rank, suit)): f"{s * 32 + SUITS.index(suit) * 8 + RANKS.index(rank):02x}"
    for s, seat in enumerate(SEATS)
    for suit in SUITS
    for rank in RANKS
}
"""Each seat's play of each card as two hex digits (seat, suit, rank): under 0x80."""


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """The keys of one record (see the module's docstring)."""

    cards: str | None
    """A digest of the first deal's cards when all are named, else ``None``."""
    plays: str
    """The variant, then two hex digits a deal's start or a card played: prefixes are starts."""
    play_count: int
    named: int
    """Cards named in hands, stock, turn-up and draws."""
    events: int
    notes: int = 0
    """Tags, comments, glyphs and NAGs, and variations: what an annotator adds."""

    @property
    def rank(self) -> tuple[int, int, int, int]:
        """Greater is more complete."""
        return (self.play_count, self.named, self.events, self.notes)


def variant_of(record: Record) -> str:
    """The rule set's name the record's Variant tag gives (the replay's default without one)."""
    from validator.replay.resolver import DEFAULT_VARIANT, VARIANT_ALIASES

    tag = (record.tag("Variant") or DEFAULT_VARIANT).strip().lower()
    return VARIANT_ALIASES.get(tag, tag)


def fingerprint(record: Record) -> Fingerprint:
    """The keys of ``record``."""
    variant = variant_of(record)
    parts: list[str] = [variant, "|"]
    plays = 0
    named = 0
    events = 0
    for deal in record.deals:
        parts.append(f"f{SEATS.index(deal.dealer) if deal.dealer in SEATS else 4:x}")
        named += sum(c is not None for h in deal.hands for c in h.cards)
        if deal.stock is not None:
            named += sum(c is not None for c in deal.stock.cards)
        named += deal.turnup is not None
        for trick in deal.tricks:
            for play in trick.plays:
                parts.append(_PLAY.get((play.seat, play.card), "7f"))
            plays += len(trick.plays)
            for event in trick.events:
                kind = type(event)
                if kind is Draw:
                    named += sum(c is not None for c in event.cards)  # type: ignore[union-attr]
                    events += 1
                elif kind is Declaration or kind is Mark:
                    events += 1
    return Fingerprint(
        _cards_key(variant, record), "".join(parts), plays, named, plays + events, _notes(record)
    )


def _notes(record: Record) -> int:
    """How much annotation ``record`` carries: its tags, comments, glyphs and NAGs, and
    variations (each, and what it holds), without recursion."""
    count = len(record.tags) + len(record.events)
    bodies: list[Deal | Variation] = list(record.deals)
    while bodies:
        body = bodies.pop()
        if type(body) is Deal:
            count += len(body.comments) + len(body.turnup_comments)
            count += sum(len(hand.comments) for hand in body.hands)
            count += len(body.stock.comments) if body.stock is not None else 0
            count += len(body.score.comments) if body.score is not None else 0
        for item in walk(body):
            kind = type(item)
            if kind is Comment:
                count += 1
            elif kind is Variation:
                count += 1
                bodies.append(item)  # type: ignore[arg-type]
            else:
                count += len(getattr(item, "comments", ())) + len(getattr(item, "glyphs", ()))
    return count


def _cards_key(variant: str, record: Record) -> str | None:
    if not record.deals:
        return None
    deal: Deal = record.deals[0]
    stock = deal.stock
    if len(deal.hands) < 2 or stock is None or stock.more or None in stock.cards:
        return None
    if not all(h.complete for h in deal.hands):
        return None
    hands = ";".join(
        f"{h.seat}:" + " ".join(sorted(str(c) for c in h.cards))
        for h in sorted(deal.hands, key=lambda h: h.seat)
    )
    text = "|".join(
        [variant, deal.dealer, hands, " ".join(map(str, stock.cards)), str(deal.turnup)]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]
