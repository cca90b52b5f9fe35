"""Which physical card a play took, under one reading: the ways to read "A plays K♥".

A card may come from the known hand, from an unseen slot of the hand, or from the table (one
way per copy that differs from the others by more than its uid). Every way is an
:class:`~validator.engine.readings.Alternative`; the search keeps those that explain the record.

Under ``reform: new-card`` a card played from the hand while a copy lies on the table "amounts
to the same thing" as that copy played and the new card laid in its place
(rubicon-bezique-laws.txt, Re-forming Combinations). That reading is the tabled copy played
with the hand's card kept: the kept card, a card of the hand, allows all the new tabled copy
would, so the reading of the copy played from the table covers it.

Playing a known hand card is preferred to revealing an unseen one as that card: an unseen card
can become anything a known one can (the pack allowing), so the reading that keeps it unseen
allows all the other does.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Final

from notation.cards import Card

from .copies import Copy
from .holding import Holding
from .reading import Reading
from .relevance import Relevance
from .specials import held_at_carte_blanche
from .ways import ELSEWHERE, Alternative, Fault

HAND: Final = "hand"
UNSEEN: Final = "unseen"
TABLE: Final = "table"
NOWHERE: Final = "nowhere"


@dataclass(frozen=True, slots=True)
class PlayWay:
    """Where the card played came from; ``copy`` is the tabled copy played (``table``)."""

    source: str
    copy: Copy | None = None


def distinct(holding: Holding, copies: list[Copy], relevance: Relevance | None) -> list[Copy]:
    """One copy of each kind among ``copies``: those only a uid tells apart (or what no later
    declaration can see, with ``relevance``) count as one."""
    if len(copies) < 2:
        return copies
    described = holding.describe(relevance, copies)
    classes: dict[Hashable, Copy] = {}
    for copy in copies:
        classes.setdefault(described[copy.uid], copy)
    return list(classes.values())


def play_ways(
    reading: Reading,
    seat: str,
    card: Card,
    copies: Mapping[Card, int],
    portland: bool,
    relevance: Relevance | None = None,
    exhaustive: bool = False,
) -> list[Alternative[PlayWay]]:
    """Every way ``seat`` may have played ``card`` under ``reading`` that no other way
    dominates, best first.

    A tabled copy that carries no announcement is played before a card of the hand: the
    hand's card, kept, allows all the tabled copy would (a card from the hand is never worse
    in the declaration model), so the reading that keeps it dominates. Under the Portland
    model, where the combinations a copy has been in are kept, both are read.

    A king, queen or jack played from the unseen cards when each of them is one a carte blanche
    the seat showed bound plain is A410 (:func:`~validator.engine.specials.held_at_carte_blanche`).

    ``exhaustive``: every way, dominated or not (the check of the search in the tests).
    """
    holding = reading.holdings[seat]
    tabled = holding.tabled(card) if holding.table else []
    # the faults of the card taken from the unseen ones (none but for a carte blanche shown)
    blanche = held_at_carte_blanche(holding, (card,), "plays") if holding.plain else []
    if exhaustive:
        ways: list[Alternative[PlayWay]] = []
        if holding.hand.get(card, 0):
            ways.append(Alternative(PlayWay(HAND)))
        if holding.unknown and reading.can_exist(card, copies):
            ways.append(Alternative(PlayWay(UNSEEN), blanche))
        ways.extend(Alternative(PlayWay(TABLE, c)) for c in distinct(holding, tabled, None))
        if ways:
            return ways
    if holding.hand.get(card, 0):
        first = HAND
    elif holding.unknown and reading.can_exist(card, copies):
        first = UNSEEN
    elif tabled:
        first = ""
    elif holding.unknown:
        return [
            Alternative(
                PlayWay(UNSEEN),
                [Fault("P208", "play.held", f"plays {card}, but {ELSEWHERE}")],
            )
        ]
    else:
        return [
            Alternative(
                PlayWay(NOWHERE),
                [
                    Fault(
                        "P208",
                        "play.held",
                        f"plays {card}, which is not in the hand or on the table",
                    )
                ],
            )
        ]
    first_way = Alternative(PlayWay(first), blanche if first == UNSEEN else ())
    if not tabled:
        return [first_way]
    if relevance is not None and card not in relevance.cards:
        bound = holding.bound(relevance)
        if not any(c.uid in bound for c in tabled):
            # no later declaration uses the card or a combination it is in: which copy was
            # played cannot matter
            return [Alternative(PlayWay(TABLE, tabled[0]))]
    kinds = _most_bound(holding, distinct(holding, tabled, relevance), relevance, portland)
    ways = [Alternative(PlayWay(TABLE, c)) for c in kinds]
    if first and (portland or all(_carried(holding, c) for c in kinds)):
        ways.insert(0, first_way)
    return ways


def _most_bound(
    holding: Holding, kinds: list[Copy], relevance: Relevance | None, portland: bool
) -> list[Copy]:
    """Drop a tabled copy whose play another's dominates: playing the copy with more marks, in
    more combinations and carrying no more announcements keeps the freer one on the table
    (under the Portland model, where a broken combination is not simply freer, all stay)."""
    if len(kinds) < 2 or portland:
        return kinds
    groups, pending = holding.seen_by(relevance)

    def bound(copy: Copy) -> tuple[set[str], set[tuple[str, int]], set[int], set[int]]:
        if relevance is None:
            used, levels = set(copy.used), set(copy.levels)
        else:
            seen_used, seen_levels = relevance.view(copy)
            used, levels = set(seen_used), set(seen_levels)
        uid = copy.uid
        return (
            used,
            levels,
            {i for i, g in enumerate(groups) if uid in g.uids},
            {i for i, p in enumerate(pending) if uid in p.uids},
        )

    info = [bound(c) for c in kinds]

    def covers(a: int, b: int) -> bool:
        used_a, levels_a, groups_a, carried_a = info[a]
        used_b, levels_b, groups_b, carried_b = info[b]
        return (
            used_b <= used_a
            and all(any(f == g and lb <= la for g, la in levels_a) for f, lb in levels_b)
            and groups_b <= groups_a
            and carried_a <= carried_b
        )

    kept: list[int] = []
    for i in range(len(kinds)):
        if any(covers(k, i) for k in kept):
            continue
        kept = [k for k in kept if not covers(i, k)]
        kept.append(i)
    return [kinds[i] for i in sorted(kept)]


def _carried(holding: Holding, copy: Copy) -> bool:
    uid = copy.uid
    return any(uid in p.uids for p in holding.pending)


def take(reading: Reading, seat: str, card: Card, way: PlayWay, portland: bool) -> None:
    """Apply one way of reading the play to ``reading``."""
    holding = reading.holdings[seat]
    source = way.source
    if source == HAND:
        holding.take(card)
    elif source == UNSEEN:
        holding.unseen_out(card)
        reading.reveal(card)
    elif source == NOWHERE:
        reading.reveal(card)
    elif source == TABLE and way.copy is not None:
        holding.remove(way.copy, portland)


__all__ = [
    "HAND",
    "NOWHERE",
    "TABLE",
    "UNSEEN",
    "Fault",
    "PlayWay",
    "distinct",
    "play_ways",
    "take",
]
