"""Where only each copy's own marks count, a table whose marks sit on fewer copies is freer.

Outside the Portland model, where re-forming needs no break (``reform_needs_break off``) and a
new combination need not lay a card from the hand, the declaration model reads of a tabled copy
only its own marks (``Relevance.groups_matter`` and ``fresh_matters`` are both false): a
declaration of a kind may take no copy scored above that kind's level in its class (A407), and
needs one copy new to the kind, or a card from the hand (A406); the copies it takes are marked
with the kind and its level. A card in the hand, or an unseen card that may become it, is a
copy with no mark. Which copy bears which marks is then all that tells two tables apart, and
a table is at least as free as another when, for every set of marks, it has no fewer copies
of each card free of all of them: ``{Q♠, Q♠ (queens, double bézique)}`` allows everything
``{Q♠ (double bézique), Q♠ (queens)}`` allows, though no pairing of the copies one to one
shows it, as :func:`validator.engine.reading.seat_dominance` asks of the other models.

That the condition is enough is checked against the model itself: in
``tests/engine/test_concentration.py`` the greatest simulation of one card's copies under plays
and declarations (every event one table can take, the other can answer, and stay related),
worked out by brute force, holds every pair of tables the condition relates, with the levels
of a class and a kind of another class. A copy carrying an announcement is known by its uid
(it may be scored with exactly those copies) and is paired by uid, as everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from notation.cards import Card

from .copies import Copy, Pending
from .holding import Holding
from .relevance import Relevance

MAX_MARKS = 10
"""Marks on one card's copies beyond which the condition is not asked (it is worked out over
every set of them): such a pair is simply not related."""

Marks = frozenset[object]


def applies(relevance: Relevance | None) -> bool:
    """Whether the model reads no more of a tabled copy than its own marks (module doc; never
    under the Portland model, where both which copies formed a combination and a copy's
    freshness matter)."""
    return relevance is not None and not relevance.fresh_matters and not relevance.groups_matter


def marks(copy: Copy, relevance: Relevance) -> Marks:
    """What a later declaration can see of ``copy``: the kinds it has scored in, and for its
    level in a class, each level below it (a declaration of a kind at one of those levels may
    not take it)."""
    used, levels = relevance.view(copy)
    found: set[object] = set(used)
    for family, level in levels:
        found.update((family, below) for below in range(1, level))
    return frozenset(found)


def freer(mine: Sequence[Marks], theirs: Sequence[Marks]) -> bool:
    """For every set of marks, no fewer of ``mine`` free of all of them than of ``theirs``
    (two lists of one card's copies, as many each)."""
    if sorted(map(_ordered, mine)) == sorted(map(_ordered, theirs)):
        return True
    atoms: dict[object, int] = {}
    for copy in (*mine, *theirs):
        for mark in copy:
            atoms.setdefault(mark, 1 << len(atoms))
    if len(atoms) > MAX_MARKS:
        return False
    mine_bits = [sum(atoms[m] for m in copy) for copy in mine]
    theirs_bits = [sum(atoms[m] for m in copy) for copy in theirs]
    for chosen in range(1, 1 << len(atoms)):
        free_here = sum(1 for bits in mine_bits if not bits & chosen)
        free_there = sum(1 for bits in theirs_bits if not bits & chosen)
        if free_here < free_there:
            return False
    return True


def _ordered(copy: Marks) -> list[str]:
    """A copy's marks in a fixed order (to compare two lists as multisets)."""
    return sorted(map(repr, copy))


def table_dominance(
    mine: Holding,
    theirs: Holding,
    relevance: Relevance,
    mine_pending: Iterable[Pending],
    theirs_pending: Iterable[Pending],
    spare: int,
) -> dict[Card, int] | None:
    """The hand and table part of a seat's dominance where :func:`applies`: None when
    ``mine`` is not at least as free; otherwise the cards ``theirs`` knows where ``mine``
    holds them unseen, counted by card (``spare``: how many more unseen cards ``mine`` holds).
    The announcements carried are those a later declaration can see; the caller has checked
    that ``mine`` carries every one ``theirs`` does."""
    bound_mine = {uid for p in mine_pending for uid in p.uids}
    bound_theirs = {uid for p in theirs_pending for uid in p.uids}
    theirs_by_uid = {c.uid: c for c in theirs.table}
    here: dict[Card, list[Marks]] = {}
    there: dict[Card, list[Marks]] = {}
    for copy in mine.table:
        if copy.uid in bound_mine:
            match = theirs_by_uid.get(copy.uid)
            if match is None or match.card is not copy.card:
                return None
            if not marks(copy, relevance) <= marks(match, relevance):
                return None
        else:
            here.setdefault(copy.card, []).append(marks(copy, relevance))
    for copy in theirs.table:
        if copy.uid in bound_mine:
            continue  # paired above with the copy of that uid
        if copy.uid in bound_theirs:
            return None  # carried there and not here: the caller's check rules it out
        there.setdefault(copy.card, []).append(marks(copy, relevance))
    unmarked: Marks = frozenset()
    for card, n in mine.hand.items():
        here.setdefault(card, []).extend([unmarked] * n)
    for card, n in theirs.hand.items():
        there.setdefault(card, []).extend([unmarked] * n)
    extra: dict[Card, int] = {}
    for card in here.keys() | there.keys():
        copies_here = here.get(card, [])
        copies_there = there.get(card, [])
        unseen = len(copies_there) - len(copies_here)
        if unseen < 0:
            return None
        if unseen:
            extra[card] = unseen
            spare -= unseen
            copies_here = [*copies_here, *([unmarked] * unseen)]
        if not freer(copies_here, copies_there):
            return None
    return None if spare else extra
