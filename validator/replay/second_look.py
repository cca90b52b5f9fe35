"""A second look at a deal whose record contradicts itself where its cards are not all named.

A record that does not name the hands reads each card a player shows (a declaration, a play of
a card he had declared) as coming, if need be, from his unseen cards: the readings keep what
explains the event without a fault (docs/engine.md, Readings). A later event can show that it
could not have: the card is played or drawn by another seat when every copy of it is then
elsewhere (P208, W306). That contradiction is the record's only if no earlier event, read
otherwise, explains it: B's ``bezique QS JD`` with neither J♦ in his hand, both later played by
A, is a false declaration (A401), as the record naming B's hand shows, not a record to mend.

So where the first walk of a deal meets a card played or drawn when every copy of it is
elsewhere, the deal is walked again with an earlier event that showed that card (a
declaration, a play of a card its seat had declared, a card drawn named; the latest first) read
as if the seat's unseen cards held none of it: at that event alone, then (a declaration or a
play) at the seat's later declarations and plays that showed it too, then with every card the
event showed. Of the walks that contradict themselves less often and find fewer findings in
all, the one with the fewest findings is kept, then the one with more of them the record's own
slips, then the one whose first finding comes latest; the search goes on from it. So a
player's irregularity is found where it alone explains the deal, and where a slip of the
record (a card written drawn that could not be) explains it as well, nothing is ruled against
the player: the texts rule on the first, nothing rules on the second (``laws.record-faults``),
and a ruling must rest on what the record proves. A contradiction of a seat's count of cards
alone (a card played by a seat with no unseen card left) sends nothing back: it does not say
which card to blame. Records naming every card, and deals that contradict nothing, are walked
once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Final

from notation.cards import Card
from validator.replay.raw import RawFinding
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
    alike: list[DealWalker] = []
    for _ in range(ROUNDS):
        if best.overcounted is None and best.short is None:
            break
        found: tuple[tuple[int, int, int], DealWalker, dict[int, frozenset[Card]]] | None = None
        ties: list[DealWalker] = []
        for trial, fewer in _all_trials(best, withheld):
            if walks == WALKS:
                break
            walks += 1
            other = walk(trial)
            other.observer = None
            other.run()
            if len(other.raw) >= len(best.raw) or other.contradictions > best.contradictions:
                continue
            if fewer and other.contradictions == best.contradictions:
                continue
            if not fewer and not _explained(other, trial):
                continue
            rank = (len(other.raw), -other.contradictions, -_first_fault(other))
            if found is None or rank[:2] < found[0][:2]:
                ties = []
            elif rank[:2] == found[0][:2]:
                ties.append(other if rank > found[0] else found[1])
            if found is None or rank < found[0]:
                found = (rank, other, trial)
        if found is None:
            break
        _, best, withheld = found
        alike = ties
    for other in alike:
        _tell_apart(best, other)
    return best


def _tell_apart(kept: DealWalker, other: DealWalker) -> None:
    """Where ``other`` explains the deal as well as ``kept`` but finds one fault elsewhere (the
    same false declaration read at another of the seat's declarations), say so on ``kept``'s:
    the record does not name the cards that would tell the two apart."""
    ours = [raw for raw in kept.raw if not _among(raw, other.raw)]
    theirs = [raw for raw in other.raw if not _among(raw, kept.raw)]
    if len(ours) != 1 or len(theirs) != 1 or ours[0].seat != theirs[0].seat:
        return
    alternative = theirs[0]
    what = alternative.message.split(":")[0]
    places = []
    if alternative.trick is not None:
        places.append(f"trick {alternative.trick}")
    if alternative.line is not None:
        places.append(f"line {alternative.line}")
    where = " ".join((places[0], *(f"({p})" for p in places[1:]))) if places else "another event"
    note = f" (the record does not name the cards that tell this from {alternative.code} at"
    note += f" {where}, {what})"
    if note not in ours[0].message:
        ours[0].message += note


def _among(raw: RawFinding, raws: Sequence[RawFinding]) -> bool:
    """Whether ``raws`` holds a finding of ``raw``'s code at its line."""
    return any(r.code == raw.code and r.line == raw.line for r in raws)


def _all_trials(
    walker: DealWalker, withheld: Mapping[int, frozenset[Card]]
) -> Iterator[tuple[dict[int, frozenset[Card]], bool]]:
    """The readings to try for ``walker``'s contradictions, the earlier one's first, each with
    whether a walk reading it must contradict itself less often to be kept (a card shown when
    every copy of it is elsewhere) or need not (a declaration of cards not held)."""
    looks: list[tuple[int, Iterator[dict[int, frozenset[Card]]], bool]] = []
    if walker.overcounted is not None:
        event, card = walker.overcounted
        looks.append((event, _trials(walker.suspects, event, card, withheld), True))
    if walker.short is not None:
        event, seat = walker.short
        looks.append((event, _short_trials(walker.suspects, event, seat, withheld), False))
    for _, trials, fewer in sorted(looks, key=lambda look: look[0]):
        for trial in trials:
            yield trial, fewer


def _explained(walker: DealWalker, withheld: Mapping[int, frozenset[Card]]) -> bool:
    """Whether ``walker``'s walk explains the deal by the declarations read as false alone:
    it contradicts itself nowhere, and finds no fault of play, drawing or declaring at any
    other event. Fewer findings are not enough here: a seat's declaration of cards not held
    says only that some earlier one of his spent his unseen cards, and a walk blaming one
    that leaves faults elsewhere may blame an honest declaration (the record naming the
    hands would find no fault there)."""
    return walker.contradictions == 0 and all(
        raw.event in withheld for raw in walker.raw if raw.code[0] in "APW"
    )


def _first_fault(walker: DealWalker) -> int:
    """The number of the first event with a finding (a later one is the likelier reading:
    every reading of the hidden record is one of the named record, which knows more)."""
    return min((raw.event for raw in walker.raw if raw.event), default=0)


def _trials(
    suspects: Sequence[tuple[int, str, frozenset[Card], str]],
    at: int,
    card: Card,
    withheld: Mapping[int, frozenset[Card]],
) -> Iterator[dict[int, frozenset[Card]]]:
    """The readings to try for ``card``, contradicted at event ``at``, latest suspect that
    showed it first: ``card`` withheld at that event alone; for a declaration or a play, then
    at the seat's later declarations and plays before ``at`` that showed it too (the same card
    shown again; a card drawn is a new one), then every card the event showed."""
    before = [s for s in suspects if s[0] < at and s[0] not in withheld and card in s[2]]
    only = frozenset((card,))
    for index in range(len(before) - 1, max(-1, len(before) - 1 - TRIES), -1):
        event, seat, cards, kind = before[index]
        alone = {**withheld, event: only}
        yield alone
        if kind == "draw":
            continue
        later = {e: only for e, s, _, k in before[index + 1 :] if s == seat and k != "draw"}
        if later:
            yield {**alone, **later}
        if len(cards) > 1:
            yield {**withheld, event: cards}


def _short_trials(
    suspects: Sequence[tuple[int, str, frozenset[Card], str]],
    at: int,
    seat: str,
    withheld: Mapping[int, frozenset[Card]],
) -> Iterator[dict[int, frozenset[Card]]]:
    """The readings to try where ``seat``'s declaration at event ``at`` shows cards he cannot
    hold: each of his earlier declarations, latest first, read as false (none of the cards it
    showed among his unseen cards), for it may be the one that spent his unseen cards."""
    before = [
        s[0]
        for s in suspects
        if s[0] < at and s[1] == seat and s[3] == "declaration" and s[0] not in withheld
    ]
    for event in before[: -TRIES - 1 : -1]:
        yield {**withheld, event: next(s[2] for s in suspects if s[0] == event)}
