"""Every reading of a record still possible, and the search that keeps them.

An event of the record (a play, a draw, a declaration with the announcements carried on its
line) may be read in several ways under one reading: which copy was played, which copies a
declaration took. :meth:`Readings.expand` applies every way under every reading, each
successor counting the faults its way breaks; :meth:`Readings.select` then keeps the
successors with the fewest faults. A fault is reported only when no reading explains the
event: on a legal record every reading that explains it survives, so nothing that some
reading explains is ever reported, however little the record names.

The set is kept small by dropping duplicates (:meth:`Reading.key`) and dominated readings
(:meth:`Reading.dominates`). The search is bounded: at most :data:`MAX_READINGS` readings are
kept and :data:`MAX_WORK` ways examined per deal. Reaching either bound is reported once, as a
finding of its own; from then on the faults that depend on the reading are not reported (the
deal is too ambiguous to check), and never a fault that some reading might explain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

from notation.cards import Card

from .plays_ahead import PlaysAhead
from .reading import Reading
from .relevance import Foresight
from .seat_memo import SeatMemo
from .ways import Alternative, Fault

MAX_READINGS = 128
"""Readings kept at once; more are cut to this many and the deal is reported too ambiguous.
(Not ``Final``: a test lowers it, and a compiled build must read it when it runs.)"""

PRUNE_EVERY: Final = 12
"""Events after which the readings are compared again even if none grew: a play that breaks a
combination in one reading may make it dominate another."""

MAX_WORK: Final = 100_000
"""Ways (readings times alternatives) examined in one deal before it is reported too ambiguous.
A Rubicon deal naming every card examines about 300; one naming only plays and declarations a
few thousand (``bench/run.py`` reports how often the bound is reached)."""

MAX_COMPARISONS = 200_000
"""Readings compared for dominance in one deal before it is reported too ambiguous. Pruning
compares the readings pairwise, so a declaration read in thousands of ways would cost far more
than the ways themselves: one blind Portland deal spent 1.3 million comparisons (48 s) before
the reading bound was reached; the next most, of 300, 155,000. (Not ``Final``, as above.)"""


A = TypeVar("A")


class Readings:
    """The readings still possible (see the module docstring); the first is the preferred."""

    __slots__ = (
        "ahead",
        "capped",
        "compared",
        "copies",
        "exhaustive",
        "foresight",
        "grew",
        "items",
        "portland",
        "since",
        "split",
        "work",
    )

    def __init__(
        self,
        first: Reading,
        portland: bool,
        copies: Mapping[Card, int],
        exhaustive: bool = False,
    ) -> None:
        self.items: list[Reading] = [first]
        self.exhaustive = exhaustive
        """Keep every reading but exact duplicates (no dominance, no foresight, no bound): the
        search's own check in the tests."""
        self.portland = portland
        self.copies = copies
        self.foresight: Foresight | None = None
        """The declarations the record makes later, when known: what can still matter."""
        self.ahead: PlaysAhead | None = None
        """The plays the record makes later, when known and the deal is played out: readings
        that hold a card their seat never plays are dropped (:mod:`.plays_ahead`)."""
        self.work = 0
        self.compared = 0
        """Dominance comparisons made in this deal (bounded by :data:`MAX_COMPARISONS`)."""
        self.grew = False
        """Whether an event read in several ways since the last pruning."""
        self.since = 0
        """Events since the last pruning: readings that differed may have come together."""
        self.split: set[int] = set()
        """The readings (by id) that an event read in several ways since the last pruning:
        only they need comparing with the others, until the next full pruning."""
        self.capped = False
        """Whether a bound was reached in this deal (reading faults are then not reported)."""

    def clone(self) -> Readings:
        """An independent copy: every reading cloned, the search's counters as they stand."""
        other = Readings(self.items[0], self.portland, self.copies, self.exhaustive)
        other.items = [reading.clone() for reading in self.items]
        other.foresight = None if self.foresight is None else self.foresight.clone()
        other.ahead = self.ahead  # its plays are the record's; ``select`` is told the plays made
        other.work = self.work
        other.grew = self.grew
        other.since = self.since
        other.split = set(self.split)
        other.capped = self.capped
        return other

    @property
    def first(self) -> Reading:
        """The preferred reading (the views and the simulator's questions read it)."""
        return self.items[0]

    def expand(
        self,
        alternatives: Callable[[Reading], Sequence[Alternative[A]]],
        apply: Callable[[Reading, A], None],
        part: int = 0,
        spare: Callable[[Reading, Sequence[Alternative[A]]], Sequence[Alternative[A]]]
        | None = None,
    ) -> None:
        """Apply every alternative of the event under every reading, counting their faults.

        ``part`` numbers the parts of one event (the declaration and each announcement carried
        on its line) so that :meth:`select` can prefer readings where the first part is sound.
        ``spare``: of a reading's alternatives, those that leave it holding no card its seat
        never plays (:mod:`.plays_ahead`); the others are not made, unless no reading is left
        with any.
        """
        items = self.items
        if len(items) == 1:
            reading = items[0]
            ways = alternatives(reading)
            if len(ways) == 1:
                self.work += 1
                _apply(reading, ways[0], apply, part)
                return
        grown: list[Reading] = []
        doomed: list[tuple[Reading, Sequence[Alternative[A]]]] = []
        for reading in items:
            ways = alternatives(reading)
            if spare is not None and len(ways) > 1:
                live = spare(reading, ways)
                if not live:
                    doomed.append((reading, ways))
                    continue
                ways = live
            self._grow(reading, ways, apply, part, grown)
        if not grown:
            # every reading is left holding a card its seat never plays: all are read
            for reading, ways in doomed:
                self._grow(reading, ways, apply, part, grown)
        if self.capped and len(grown) > 1:
            grown = grown[:1]
        if len(grown) < len(items) and self.split:
            # a reading left out is freed, and its id may be given to a reading made later:
            # only the readings kept are split
            self.split.intersection_update(map(id, grown))
        self.items = grown

    def _grow(
        self,
        reading: Reading,
        ways: Sequence[Alternative[A]],
        apply: Callable[[Reading, A], None],
        part: int,
        grown: list[Reading],
    ) -> None:
        """:meth:`expand` of one reading: its successors, one for each way, into ``grown``."""
        self.work += len(ways)
        if not ways:
            return
        if len(ways) > 1:
            self.grew = True
        clones = [reading.clone() for _ in ways[1:]]
        if clones:
            self.split.add(id(reading))
            self.split.update(id(c) for c in clones)
        _apply(reading, ways[0], apply, part)
        grown.append(reading)
        for clone, way in zip(clones, ways[1:], strict=True):
            _apply(clone, way, apply, part)
            grown.append(clone)

    def select(
        self, played: Mapping[str, int] | None = None, held: Mapping[str, int] | None = None
    ) -> list[tuple[Fault, int]]:
        """Keep the readings whose event broke the fewest rules; return the faults of the
        preferred one (empty when some reading explains the event), and prune the set.

        ``played`` and ``held``: the plays each seat has made and the cards it holds, as both
        players count them, for :attr:`ahead`: before a pruning, the readings that hold a card
        their seat never plays again are dropped, while another is left
        (:mod:`.plays_ahead`)."""
        items = self.items
        if len(items) == 1:
            reading = items[0]
            found = reading.faults
            if found:
                reading.faults = []
                reading.cost = 0
            return found
        ranks = [_rank(r) for r in items]
        best = min(ranks)
        if best[0]:
            # no reading explains the event: the fewest faults are reported, but a reading
            # with more may be the one the rest of the record bears out, so all are kept
            order = sorted(range(len(items)), key=ranks.__getitem__)
            kept = [items[i] for i in order]
        else:
            kept = [r for r, rank in zip(items, ranks, strict=True) if rank == best]
        found = kept[0].faults
        for reading in kept:
            reading.faults = []
            reading.cost = 0
        self.since += 1
        full = self.since >= PRUNE_EVERY
        if not full and not self.grew and len(kept) == len(items):
            self.items = kept
            return found
        ahead = self.ahead
        if ahead is not None and played is not None and held is not None and len(kept) > 1:
            kept = ahead.keep(kept, played, held)
        self.items = self.prune(kept, partial=not full)
        return found

    def thin(self) -> None:
        """Between the parts of one declaration line: drop duplicates and dominated readings
        among those the line has found no fault in so far, before the next part multiplies
        them (a line that scores a combination and carries two read each part in dozens of
        ways). The readings with a fault are kept as they are, so that :meth:`select` ranks
        the line's faults as before; the parts still to come are among the declarations the
        foresight sees, so what they can tell apart is kept. Not once a part has added cards
        that the line's later parts count as new (:attr:`Reading.line_new`): the comparisons
        of readings do not see that."""
        if self.exhaustive or not self.grew or len(self.items) < 2:
            return
        if any(r.line_new for r in self.items):
            return
        sound = [r for r in self.items if not r.cost]
        if len(sound) < 2:
            return
        kept = {id(r) for r in self.prune(sound, partial=True)}
        self.items = [r for r in self.items if r.cost or id(r) in kept]

    def prune(self, items: list[Reading], partial: bool = False) -> list[Reading]:
        """Drop duplicates and dominated readings; cut the set when a bound is reached.

        ``partial``: compare only the readings split since the last pruning with the others
        (two that were not split were compared then, and events applied alike since)."""
        split = self.split
        self.grew = False
        self.split = set()
        if not partial:
            self.since = 0
        if len(items) > 1:
            memo = SeatMemo(items, self.foresight, self.portland, self.copies)
            items = _distinct(items, memo)
        if len(items) > 1 and not self.exhaustive:

            def above(a: Reading, b: Reading) -> bool:
                self.compared += 1
                if self.compared > MAX_COMPARISONS:
                    raise _Capped
                return memo.dominates(a, b)

            # the kept readings by signature: only pairs whose signatures may pair are compared
            above_of, below_of = memo.pairing(items)
            kept: dict[int, list[Reading]] = {}
            try:
                for reading in items:
                    new = not partial or id(reading) in split
                    mark = memo.signature(reading)
                    if any(
                        above(k, reading)
                        for other in above_of[mark]
                        for k in kept.get(other, ())
                        if new or id(k) in split
                    ):
                        continue
                    for other in below_of[mark]:
                        group = kept.get(other)
                        if group:
                            kept[other] = [
                                k
                                for k in group
                                if not ((new or id(k) in split) and above(reading, k))
                            ]
                    kept.setdefault(mark, []).append(reading)
            except _Capped:
                self.capped = True
                return items[:1]
            order = {id(r): i for i, r in enumerate(items)}
            items = sorted(
                (k for group in kept.values() for k in group), key=lambda r: order[id(r)]
            )
        if not self.exhaustive and (len(items) > MAX_READINGS or self.work > MAX_WORK):
            self.capped = True
        if self.capped:
            items = items[:1]
        return items


def _distinct(items: list[Reading], memo: SeatMemo) -> list[Reading]:
    """The first reading of each key, in order. Keys are compared only among readings with
    equal sketches (the canonizer's work is most of a key's cost, and most readings differ
    already in their sketch), and only at the seats where they differ (:meth:`SeatMemo.keys`)."""
    alike: dict[tuple[object, ...], list[Reading]] = {}
    for reading in items:
        alike.setdefault(memo.sketch_class(reading), []).append(reading)
    if len(alike) == len(items):
        return items
    dropped: set[int] = set()
    for group in alike.values():
        if len(group) > 1:
            first: set[tuple[object, ...]] = set()
            for reading, key in zip(group, memo.keys(group), strict=True):
                if key in first:
                    dropped.add(id(reading))
                else:
                    first.add(key)
    return [r for r in items if id(r) not in dropped]


class _Capped(Exception):
    """The comparisons' bound was reached in the middle of a pruning."""


def _apply(
    reading: Reading, way: Alternative[A], apply: Callable[[Reading, A], None], part: int
) -> None:
    if way.faults:
        reading.cost += len(way.faults)
        reading.faults.extend((fault, part) for fault in way.faults)
    apply(reading, way.way)


def _rank(reading: Reading) -> tuple[int, int]:
    """Fewest faults in all, then fewest in the first part (the combination scored)."""
    faults = reading.faults
    if not faults:
        return reading.cost, 0
    return reading.cost, sum(1 for _, part in faults if part == 0)
