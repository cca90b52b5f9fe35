"""A second look at a deal whose record contradicts itself where its cards are not all named.

A record that does not name the hands reads each card a player shows (a declaration, a play of
a card he had declared) as coming, if need be, from his unseen cards: the readings keep what
explains the event without a fault (docs/engine.md, Readings). A later event can show that it
could not have: the card is played or drawn by another seat when every copy of it is then
elsewhere (P208, W306). That contradiction is the record's only if no earlier event, read
otherwise, explains it: B's ``bezique QS JD`` with neither J♦ in his hand, both later played by
A, is a false declaration (A401), as the record naming B's hand shows, not a record to mend.

So where the first walk of a deal meets a card played or drawn when every copy of it is
elsewhere, the deal is walked again with an earlier event that showed that card (the latest
first) read as if the player's unseen cards held none of it: at that event alone, then at the
seat's later events that showed it too (the card declared, then played or scored as carried),
then every card it showed. Of the walks that contradict themselves less often and find fewer
faults in all, the one with the fewest (contradictions, then faults), then the latest first
fault, is kept, and the search goes on from it. A player's irregularity is preferred to a
record contradicting itself, but only where it explains the contradicted card itself and
leaves less to rule on: the texts rule on the first, and nothing rules on the second
(``laws.record-faults``). A contradiction of a seat's count of cards alone (a card played by a
seat with no unseen card left) is not enough: the card to blame is not known. Records naming
every card, and deals that contradict nothing, are walked once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final

from notation.cards import Card
from validator.replay.walker import DealWalker

TRIES: Final = 8
"""The suspects tried for one contradiction, latest first (each up to three walks of the deal)."""

ROUNDS: Final = 3
"""The contradictions explained in one deal, one after another."""

WALKS: Final = 24
"""The walks of one deal the second look may take in all (a bound on its cost)."""


def second_look(
    walker: DealWalker, walk: Callable[[Mapping[int, frozenset[Card]]], DealWalker]
) -> DealWalker:
    """The walk of the deal to keep: ``walker``'s, or one of ``walk``'s (a fresh walker of the
    deal reading the events given as withheld, not yet run) that explains more of it."""
    best = walker
    withheld: dict[int, frozenset[Card]] = {}
    walks = 0
    for _ in range(ROUNDS):
        if best.overcounted is None:
            break
        event, card = best.overcounted
        found: tuple[tuple[int, int, int], DealWalker, dict[int, frozenset[Card]]] | None = None
        for trial in _trials(best.suspects, event, card, withheld):
            if walks == WALKS:
                break
            walks += 1
            other = walk(trial)
            other.observer = None
            other.run()
            if other.contradictions < best.contradictions and len(other.raw) < len(best.raw):
                rank = (other.contradictions, len(other.raw), -_first_fault(other))
                if found is None or rank < found[0]:
                    found = (rank, other, trial)
        if found is None:
            break
        _, best, withheld = found
    return best


def _first_fault(walker: DealWalker) -> int:
    """The number of the first event with a finding (a later one is the likelier reading:
    every reading of the hidden record is one of the named record, which knows more)."""
    return min((raw.event for raw in walker.raw if raw.event), default=0)


def _trials(
    suspects: Sequence[tuple[int, str, frozenset[Card]]],
    at: int,
    card: Card,
    withheld: Mapping[int, frozenset[Card]],
) -> Iterator[dict[int, frozenset[Card]]]:
    """The readings to try for ``card``, contradicted at event ``at``, latest suspect that
    showed it first: ``card`` withheld at that event alone, then at the seat's later suspect
    events before ``at`` that showed it too, then every card the event showed withheld."""
    before = [s for s in suspects if s[0] < at and s[0] not in withheld and card in s[2]]
    only = frozenset((card,))
    for index in range(len(before) - 1, max(-1, len(before) - 1 - TRIES), -1):
        event, seat, cards = before[index]
        alone = {**withheld, event: only}
        yield alone
        later = {e: only for e, s, _ in before[index + 1 :] if s == seat}
        if later:
            yield {**alone, **later}
        if len(cards) > 1:
            yield {**withheld, event: cards}
