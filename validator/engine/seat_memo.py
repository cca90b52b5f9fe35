"""What the pruning of readings works out seat by seat: once for each holding, not each reading.

The readings the search keeps are often a product: each seat's table is ambiguous on its own,
and the set holds every pairing of one seat's accounts with the other's (``docs/engine.md``,
"What is left"). Most of what the pruning asks depends on one seat's holding alone: its part
of a reading's sketch and key, its outline, its part of the dominance. A :class:`SeatMemo`
tells the holdings of a set of readings apart by content and works each of those out once for
each holding, or each pair of holdings, however many readings share them; only the count of
cards accounted for, which joins the seats, is compared reading by reading.

A holding is known by its counts and the identities of its pieces: copies, combinations and
announcements are frozen values, one object for each value (:mod:`validator.engine.copies`),
so two holdings with the same pieces in the same order hold the same thing, however the
readings reached them. Equal holdings built from different objects (once a table of pieces has
been emptied) are merely worked out twice. The answers are the ones :meth:`Reading.sketch`,
:meth:`Reading.key` and :meth:`Reading.dominates` give; only the work is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

from notation.cards import Card

from .copies import Group, Pending
from .holding import Holding, View
from .reading import Reading, SeatOutline, seat_dominance, seen_fits
from .relevance import Foresight, Relevance

_FAILS: dict[Card, int] = {}
"""Stands in the dominance memo for "does not dominate" (a sentinel: never a real answer)."""


class SeatMemo:
    """The holdings of a set of readings, told apart seat by seat, and what the pruning asks
    of each (see the module docstring). Valid while the readings are not changed."""

    __slots__ = (
        "_classes",
        "_counted",
        "_dominance",
        "_ids",
        "_keys",
        "_numbers",
        "_outlines",
        "_seat_outlines",
        "_seen_keys",
        "_signature",
        "_signatures",
        "_sketches",
        "_views",
        "copies",
        "holdings",
        "portland",
        "relevances",
        "rows",
    )

    def __init__(
        self,
        items: Sequence[Reading],
        foresight: Foresight | None,
        portland: bool,
        copies: Mapping[Card, int],
    ) -> None:
        seats = list(items[0].holdings)
        self.portland = portland
        self.copies = copies
        self.relevances: list[Relevance | None] = [
            None if foresight is None else foresight.of(seat) for seat in seats
        ]
        self.holdings: list[list[Holding]] = [[] for _ in seats]
        """Seat by seat, one holding for each content found (its representative)."""
        self.rows: dict[int, tuple[int, ...]] = {}
        """Each reading (by id): the place of each seat's holding in :attr:`holdings`."""
        index: list[dict[tuple[object, ...], int]] = [{} for _ in seats]
        self._ids: dict[int, tuple[tuple[int, ...], ...]] = {}
        """Each representative holding (by id): the identities of its pieces, in order, from
        its content (what :meth:`Holding.view` looks a view up by)."""
        for reading in items:
            row: list[int] = []
            for place, holding in enumerate(reading.holdings.values()):
                content = _content(holding)
                found = index[place].get(content)
                if found is None:
                    found = index[place][content] = len(self.holdings[place])
                    self.holdings[place].append(holding)
                    self._ids[id(holding)] = cast(tuple[tuple[int, ...], ...], content[4:])
                row.append(found)
            self.rows[id(reading)] = tuple(row)
        self._views: dict[int, View] = {}
        self._seen_keys: dict[int, frozenset[tuple[Card, int]]] = {}
        self._seat_outlines: list[dict[int, SeatOutline]] = [{} for _ in seats]
        self._outlines: dict[int, list[SeatOutline]] = {}
        self._signature: dict[int, int] = {}
        self._signatures: dict[tuple[object, ...], int] = {}
        self._counted: list[list[SeatOutline]] = []
        """For each signature, the outlines of its first reading (its counts)."""
        self._dominance: list[dict[tuple[int, int], dict[Card, int]]] = [{} for _ in seats]
        self._sketches: list[dict[int, tuple[object, ...]]] = [{} for _ in seats]
        self._keys: list[dict[int, tuple[object, ...]]] = [{} for _ in seats]
        self._classes: dict[tuple[object, ...], int] = {}
        """A number for each distinct part of a sketch, key or signature's counts met, by seat
        and what it is a part of: readings are grouped and compared by these numbers, equal
        exactly when the parts are, so a nested part is hashed once for each holding rather
        than once for each reading."""
        self._numbers: dict[str, list[dict[int, int]]] = {
            what: [{} for _ in seats] for what in ("sketch", "key", "counts")
        }
        """Each holding's number (:attr:`_classes`) for its part of :meth:`sketch` ("sketch"),
        of :meth:`key` ("key") and of a signature's counts ("counts"), by what, the seat's
        place and the holding's place."""

    def view(self, holding: Holding, relevance: Relevance) -> View:
        """:meth:`Holding.view` of a representative holding, looked up once."""
        found = self._views.get(id(holding))
        if found is None:
            found = self._views[id(holding)] = holding.view(relevance, self._ids.get(id(holding)))
        return found

    def seen_by(
        self, holding: Holding, relevance: Relevance | None
    ) -> tuple[list[Group], list[Pending]]:
        """:meth:`Holding.seen_by` of a representative holding (its view's)."""
        if relevance is None:
            return holding.seen_by(None)
        view = self.view(holding, relevance)
        return view.groups, view.pending

    def sketch(self, reading: Reading) -> tuple[object, ...]:
        """:meth:`Reading.sketch` under the foresight, each seat's part worked out once."""
        return self._summed(
            reading,
            self._sketches,
            lambda h, r: h.sketch(r, view=None if r is None else self.view(h, r)),
        )

    def sketch_class(self, reading: Reading) -> tuple[object, ...]:
        """What tells readings apart as :meth:`sketch` does (equal exactly when the sketches
        are), each seat's part as a number: for grouping readings by sketch."""
        parts: list[int] = []
        numbers = self._numbers["sketch"]
        for place, found in enumerate(self.rows[id(reading)]):
            part = numbers[place].get(found)
            if part is None:
                holding, relevance = self.holdings[place][found], self.relevances[place]
                made = holding.sketch(
                    relevance, view=None if relevance is None else self.view(holding, relevance)
                )
                part = numbers[place][found] = _number(self._classes, (place, "sketch", made))
            parts.append(part)
        return (self._seen_key(reading), tuple(parts))

    def key(self, reading: Reading) -> tuple[object, ...]:
        """:meth:`Reading.key` under the foresight, each seat's part worked out once."""
        return self._summed(
            reading, self._keys, lambda h, r: h.key(r, view=None if r is None else self.view(h, r))
        )

    def keys(self, readings: Sequence[Reading]) -> list[tuple[object, ...]]:
        """What tells ``readings`` apart as :meth:`key` does, for comparing them with one
        another only: a seat whose holding is the same in all of them has the same part of
        every key, so its part is left out (not canonized). Where one seat's holding is the
        same in every reading and the other seat's accounts differ (``docs/engine.md``, "What
        is left"), that is one canonization of a table in each group of readings the
        sketches could not tell apart."""
        rows = [self.rows[id(r)] for r in readings]
        varied = [len({row[place] for row in rows}) > 1 for place in range(len(rows[0]))]
        out: list[tuple[object, ...]] = []
        numbers = self._numbers["key"]
        for reading, row in zip(readings, rows, strict=True):
            parts: list[int | None] = []
            for place, found in enumerate(row):
                if not varied[place]:
                    parts.append(None)
                    continue
                part = numbers[place].get(found)
                if part is None:
                    # the part as a number: hashed once for each holding, not each reading
                    made = self._keys[place].get(found)
                    if made is None:
                        made = self._keys[place][found] = self._key_part(place, found)
                    part = numbers[place][found] = _number(self._classes, (place, "key", made))
                parts.append(part)
            out.append((self._seen_key(reading), tuple(parts)))
        return out

    def _key_part(self, place: int, found: int) -> tuple[object, ...]:
        """A seat's part of :meth:`key`: the key of its holding (by its place in
        :attr:`holdings`) under the seat's relevance."""
        holding, relevance = self.holdings[place][found], self.relevances[place]
        return holding.key(
            relevance, view=None if relevance is None else self.view(holding, relevance)
        )

    def _seen_key(self, reading: Reading) -> frozenset[tuple[Card, int]]:
        """:meth:`Reading.seen_key`, made once for each reading."""
        found = self._seen_keys.get(id(reading))
        if found is None:
            found = self._seen_keys[id(reading)] = reading.seen_key()
        return found

    def _summed(
        self,
        reading: Reading,
        memo: list[dict[int, tuple[object, ...]]],
        each: Callable[[Holding, Relevance | None], tuple[object, ...]],
    ) -> tuple[object, ...]:
        parts: list[tuple[object, ...]] = []
        for place, found in enumerate(self.rows[id(reading)]):
            part = memo[place].get(found)
            if part is None:
                part = memo[place][found] = each(
                    self.holdings[place][found], self.relevances[place]
                )
            parts.append(part)
        return (self._seen_key(reading), tuple(parts))

    def dominates(self, mine: Reading, theirs: Reading) -> bool:
        """:meth:`Reading.dominates` under the foresight, seat by seat for each pair of
        holdings, once: the seat's outlines first, for the parts :meth:`pairing` has not asked
        (bound copies, combinations, marks: a few look-ups that rule out most pairs), then
        that seat's part of the dominance. The outlines of every seat whose pair is new are
        compared before any part is worked out, as a failing outline settles the reading pair
        at once. The cards accounted for, which join the seats, are compared here. The
        outline is only a shortcut, a condition the seat's part needs: the answer is
        :meth:`Reading.dominates`'s for any pair."""
        portland = self.portland
        memos = self._dominance
        new: list[tuple[int, tuple[int, int]]] = []
        parts: list[dict[Card, int]] = []
        for place, pair in enumerate(zip(self.rows[id(mine)], self.rows[id(theirs)], strict=True)):
            more = memos[place].get(pair)
            if more is None:
                if pair[0] != pair[1] and not self._outline(place, pair[0]).allows(
                    self._outline(place, pair[1]), portland
                ):
                    memos[place][pair] = _FAILS
                    return False
                new.append((place, pair))
            elif more is _FAILS:
                return False
            elif more:
                parts.append(more)
        for place, pair in new:
            holdings = self.holdings[place]
            found = seat_dominance(
                holdings[pair[0]],
                holdings[pair[1]],
                portland,
                self.relevances[place],
                self.seen_by,
            )
            if found is None:
                memos[place][pair] = _FAILS
                return False
            memos[place][pair] = found
            if found:
                parts.append(found)
        if not parts:
            return seen_fits(mine.seen, theirs.seen, {}, self.copies)
        extra = parts[0] if len(parts) == 1 else {}
        if len(parts) > 1:
            for more in parts:
                for card, n in more.items():
                    extra[card] = extra.get(card, 0) + n
        return seen_fits(mine.seen, theirs.seen, extra, self.copies)

    def signature(self, reading: Reading) -> int:
        """A number for what the reading's outlines say of its seats' counts and combinations
        (seat by seat, the unseen cards and the tabled copies counted by card, and the
        combinations and announcements the dominance compares: :func:`_counts`): only readings
        of signatures that :meth:`pairing` pairs are worth comparing."""
        found = self._signature.get(id(reading))
        if found is None:
            # each seat's counts as a number, worked out once for each holding
            parts: list[int] = []
            numbers = self._numbers["counts"]
            row = self.rows[id(reading)]
            for place, holding in enumerate(row):
                number = numbers[place].get(holding)
                if number is None:
                    counts = _counts(self._outline(place, holding), self.portland)
                    number = numbers[place][holding] = _number(
                        self._classes, (place, "counts", counts)
                    )
                parts.append(number)
            counted = tuple(parts)
            found = self._signatures.get(counted)
            if found is None:
                found = self._signatures[counted] = len(self._counted)
                self._counted.append(self._outlined(reading))
            self._signature[id(reading)] = found
        return found

    def pairing(self, items: Sequence[Reading]) -> tuple[list[list[int]], list[list[int]]]:
        """For each signature of ``items``: the signatures whose readings may dominate its
        readings, and those whose readings its readings may dominate (itself in both). A
        reading may dominate another only if, seat by seat, it holds no fewer unseen cards
        and no more tabled copies of any card (:meth:`SeatOutline.counts_allow`), and its
        combinations and announcements allow it (:meth:`SeatOutline.combines_within`; under
        the Portland model the same combinations).

        A signature is, seat by seat, one of few counts and one of few sets of combinations
        and announcements (many signatures share each): each seat's counts are compared once
        for each pair of them, its combinations likewise, and a pair of signatures is then a
        few set look-ups, made only for the signatures whose first seat's counts allow it."""
        for reading in items:
            self.signature(reading)
        portland = self.portland
        counted = self._counted
        seats = range(len(counted[0])) if counted else range(0)
        # seat by seat: each signature's counts and combinations (by number), and for each
        # number those it allows below it
        counts_of: list[list[int]] = [[] for _ in counted]
        combos_of: list[list[int]] = [[] for _ in counted]
        fewer: list[list[frozenset[int]]] = []
        within: list[list[frozenset[int]]] = []
        for place in seats:
            counts: dict[tuple[object, ...], int] = {}
            tallied: dict[int, int] = {}  # by outline: many signatures share one
            combined: dict[int, int] = {}
            combos: dict[tuple[object, ...], int] = {}
            count_reps: list[SeatOutline] = []
            combo_reps: list[SeatOutline] = []
            for mark, signature in enumerate(counted):
                outline = signature[place]
                c = tallied.get(id(outline))
                if c is None:
                    c = tallied[id(outline)] = counts.setdefault(_tally(outline), len(counts))
                if c == len(count_reps):
                    count_reps.append(outline)
                # under the Portland model one number: the combinations pair by `same` below
                m = combined.get(id(outline))
                if m is None:
                    m = combined[id(outline)] = combos.setdefault(
                        () if portland else _combos(outline), len(combos)
                    )
                if m == len(combo_reps):
                    combo_reps.append(outline)
                counts_of[mark].append(c)
                combos_of[mark].append(m)
            # no fewer unseen cards and no more tabled copies in all, before card by card
            sizes = [(o.unknown, sum(o.cards.values())) for o in count_reps]
            fewer.append(
                [
                    frozenset(
                        j
                        for j, theirs in enumerate(count_reps)
                        if mine_size[0] >= sizes[j][0]
                        and mine_size[1] <= sizes[j][1]
                        and mine.counts_allow(theirs)
                    )
                    for mine, mine_size in zip(count_reps, sizes, strict=True)
                ]
            )
            within.append(
                [
                    frozenset(
                        j
                        for j, theirs in enumerate(combo_reps)
                        if portland or mine.combines_within(theirs, False)
                    )
                    for mine in combo_reps
                ]
            )
        # the signatures by their first seat's counts (and, under the Portland model, by
        # the combinations, which must be the same)
        sames = [tuple(o.groups for o in outlines) if portland else () for outlines in counted]
        by_first: dict[tuple[object, int], list[int]] = {}
        for mark, same in enumerate(sames):
            by_first.setdefault((same, counts_of[mark][0]), []).append(mark)
        above: list[list[int]] = [[mark] for mark in range(len(counted))]
        below: list[list[int]] = [[mark] for mark in range(len(counted))]
        rest = seats[1:]
        for a, same in enumerate(sames):
            counts_here, combos_here = counts_of[a], combos_of[a]
            first_within = within[0][combos_here[0]]
            for first in fewer[0][counts_here[0]]:
                for b in by_first.get((same, first), ()):
                    if (
                        b != a
                        and combos_of[b][0] in first_within
                        and all(
                            counts_of[b][p] in fewer[p][counts_here[p]]
                            and combos_of[b][p] in within[p][combos_here[p]]
                            for p in rest
                        )
                    ):
                        above[b].append(a)
                        below[a].append(b)
        return above, below

    def _outlined(self, reading: Reading) -> list[SeatOutline]:
        """The outline of each seat's holding in ``reading``, made once for each holding."""
        found = self._outlines.get(id(reading))
        if found is None:
            found = [
                self._outline(place, holding)
                for place, holding in enumerate(self.rows[id(reading)])
            ]
            self._outlines[id(reading)] = found
        return found

    def _outline(self, place: int, holding: int) -> SeatOutline:
        """The outline of a seat's holding (by its place in :attr:`holdings`), made once."""
        made = self._seat_outlines[place].get(holding)
        if made is None:
            found, relevance = self.holdings[place][holding], self.relevances[place]
            made = self._seat_outlines[place][holding] = SeatOutline(
                found,
                relevance,
                self.seen_by,
                None if relevance is None else self.view(found, relevance),
            )
        return made


def _counts(outline: SeatOutline, portland: bool) -> tuple[object, ...]:
    """A seat's part of a signature: its counts and, under the Portland model, the
    combinations a later declaration can see (which must be the same), elsewhere
    :func:`_combos`."""
    return (*_tally(outline), outline.groups if portland else _combos(outline))


def _tally(outline: SeatOutline) -> tuple[int, frozenset[tuple[Card, int]]]:
    """A seat's counts: its unseen cards, and its tabled copies counted by card."""
    return (outline.unknown, frozenset(outline.cards.items()))


def _combos(outline: SeatOutline) -> tuple[object, ...]:
    """All that :meth:`SeatOutline.combines_within` compares of a seat (outside the Portland
    model: under it the signatures' combinations, which must be the same, set them apart
    enough, and comparing their announcements too cost more than it saved)."""
    return (outline.groups, outline.pending, outline.bare)


def _number(numbers: dict[tuple[object, ...], int], part: tuple[object, ...]) -> int:
    """The number of ``part`` in ``numbers``, given it when first met."""
    found = numbers.get(part)
    if found is None:
        found = numbers[part] = len(numbers)
    return found


def _content(holding: Holding) -> tuple[object, ...]:
    """What tells one holding from another in everything the pruning reads (module doc)."""
    hand, limits = holding.hand, holding.limits
    return (
        holding.unknown,
        holding.seven_marked,
        tuple(limits) if limits else (),
        holding.plain,
        frozenset(hand.items()) if hand else _NO_CARDS,
        tuple(map(id, holding.table)),
        tuple(map(id, holding.groups)),
        tuple(map(id, holding.pending)),
    )


_NO_CARDS: frozenset[tuple[Card, int]] = frozenset()
"""An empty hand's part of :func:`_content` (most hands of a blind record are all unseen)."""
