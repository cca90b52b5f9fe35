"""A reading of a record: one account of where every physical card is, consistent with it.

A record names card values, never physical copies: which of two K♥ was played, whether a card
came from the table or from the hand, which copies a declaration took, which unseen card was
which. A :class:`Reading` is one answer to all of those questions so far: each seat's
:class:`~validator.engine.holding.Holding` and the count of each card the reading has accounted
for (``seen``: named in a hand or the stock, or revealed from an unseen slot). The replay keeps
every reading still possible (:mod:`validator.engine.readings`).

Two readings with equal :meth:`Reading.key` allow the same futures and one is dropped; a reading
that :meth:`Reading.dominates` another allows all the other does (the same cards in the same
places, with no more marks, combinations whole or announcements lost), and the other is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from notation.cards import Card

from . import concentration
from .copies import Copy, Group, Pending
from .holding import Holding, View
from .relevance import Foresight, Relevance

if TYPE_CHECKING:
    from .ways import Fault


SeenBy = Callable[[Holding, Relevance | None], tuple[list[Group], list[Pending]]]
"""How a holding's combinations and announcements that a later declaration can see are
found (:meth:`Holding.seen_by`, or a memo of it)."""


class Reading:
    """Each seat's holding and the cards accounted for, under one reading of the record."""

    __slots__ = ("_seen_key", "cost", "faults", "holdings", "last_claim", "line_new", "seen")

    def __init__(self, holdings: dict[str, Holding], seen: dict[Card, int]) -> None:
        self.holdings = holdings
        self.seen = seen
        """The cards accounted for; changed only by :meth:`reveal`."""
        self._seen_key: frozenset[tuple[Card, int]] | None = None
        """:meth:`seen_key`, once made: shared by the clones until one reveals a card, so
        readings cloned from one another hash and compare it as one object."""
        self.cost = 0
        """Faults of the event in progress under this reading (see ``Readings``)."""
        self.faults: list[tuple[Fault, int]] = []
        """Those faults, each with the part of the event it belongs to."""
        self.last_claim: Claim | None = None
        """The latest declaration's marks, so that it can be taken down."""
        self.line_new: frozenset[int] = frozenset()
        """While a declaration line is read: the tabled copies an earlier part of the line
        laid from the hand, or took fresh, which count as cards from the hand for its later
        parts (foster-1914 ordinary game, Declarations: the new card is "added from the
        player's hand when the announcement is made, even if it is not scored until later").
        Empty between lines."""

    def clone(self) -> Reading:
        """An independent copy of this reading."""
        # through __init__: a compiled (mypyc) class refuses ``object.__new__``
        other = Reading({seat: h.clone() for seat, h in self.holdings.items()}, self.seen.copy())
        other.cost = self.cost
        other.faults = self.faults.copy()
        other.last_claim = self.last_claim
        other.line_new = self.line_new
        other._seen_key = self._seen_key
        return other

    def can_exist(self, card: Card, copies: Mapping[Card, int]) -> bool:
        """Whether one more copy of ``card`` may lie unseen, given the pack and known cards."""
        return self.seen.get(card, 0) < copies[card]

    def unseen_room(self, card: Card, unknown: int, copies: Mapping[Card, int]) -> int:
        """How many of a seat's ``unknown`` unseen cards may be ``card`` (never below none: a
        card withheld for one event counts its copies as none, ``DealState._withholding``)."""
        return max(0, min(unknown, copies[card] - self.seen.get(card, 0)))

    def reveal(self, card: Card) -> None:
        """An unseen card turns out to be ``card``: one more copy accounted for."""
        self.seen[card] = self.seen.get(card, 0) + 1
        self._seen_key = None

    def key(self, foresight: Foresight | None = None) -> tuple[object, ...]:
        """What this reading allows from here on; equal keys allow the same futures (with
        ``foresight``: the same futures of the record, whose later declarations it knows)."""
        return self._summed(foresight, lambda h, relevance: h.key(relevance))

    def sketch(self, foresight: Foresight | None = None) -> tuple[object, ...]:
        """Part of :meth:`key`, cheaper to work out: equal keys have equal sketches, so only
        readings with equal sketches need their keys compared."""
        return self._summed(foresight, lambda h, relevance: h.sketch(relevance))

    def _summed(
        self,
        foresight: Foresight | None,
        each: Callable[[Holding, Relevance | None], tuple[object, ...]],
    ) -> tuple[object, ...]:
        """The cards accounted for, and ``each`` of the seats' holdings under what the seat's
        later declarations can see."""
        return (
            self.seen_key(),
            tuple(
                each(h, None if foresight is None else foresight.of(seat))
                for seat, h in self.holdings.items()
            ),
        )

    def seen_key(self) -> frozenset[tuple[Card, int]]:
        """The cards accounted for, as the part of :meth:`key` and :meth:`sketch` that joins
        the seats: equal exactly when the counts are (cards are interned values, so the set
        is built without running Python code, unlike a sorted tuple). Made once until a card
        is revealed, and shared with the clones (a frozenset keeps its hash)."""
        found = self._seen_key
        if found is None:
            found = self._seen_key = frozenset(self.seen.items())
        return found

    def dominates(
        self,
        other: Reading,
        portland: bool,
        copies: Mapping[Card, int],
        foresight: Foresight | None = None,
        seen_by: SeenBy | None = None,
    ) -> bool:
        """Whether this reading allows everything ``other`` allows (``other`` can be dropped).

        Sufficient, not necessary. Seat by seat, this reading may hold an unseen card where
        ``other`` knows one, the pack allowing: a card in the hand, or a copy on the table
        carrying no announcement (an unseen card can become any card the pack still holds, and
        the declaration model never prefers a tabled copy to the same card from the hand). For
        the same reason it may hold in its hand a card that ``other`` has on the table as such
        a copy: the card an unseen one would have become.
        Every copy this reading has on the table is one ``other`` has too (the same physical
        card, by uid) with no fewer marks; its combinations are among those of ``other`` (a
        combination whole forbids re-forming it) and it carries every announcement ``other``
        carries. No more sevens scored, no more limits on the unseen cards and no more of them
        bound plain by a carte blanche. Under the
        Portland model a broken combination allows what a whole one forbids and the reverse
        (the same copies never score a kind twice), so there the combinations must be the same;
        and there a marked copy is not as good as its card in the hand (a card from the hand
        may not re-form a combination still whole, a tabled copy may: melds.model_faults), so a
        marked copy counts neither as a hand card nor as an unmarked copy. Carrying more
        announcements is not freer when one holds an unmarked copy a later declaration could
        use (carried, it does not count as new: :func:`fresh`).
        """
        extra: dict[Card, int] = {}
        for seat, mine in self.holdings.items():
            relevance = None if foresight is None else foresight.of(seat)
            more = seat_dominance(mine, other.holdings[seat], portland, relevance, seen_by)
            if more is None:
                return False
            for card, n in more.items():
                extra[card] = extra.get(card, 0) + n
        return seen_fits(self.seen, other.seen, extra, copies)


def seat_dominance(
    mine: Holding,
    theirs: Holding,
    portland: bool,
    relevance: Relevance | None,
    seen_by: SeenBy | None = None,
) -> dict[Card, int] | None:
    """One seat's part of :meth:`Reading.dominates`: None when ``mine`` does not allow
    everything ``theirs`` allows; otherwise the cards ``theirs`` knows where ``mine`` holds
    them unseen (counted by card), which the cards accounted for must make up
    (:func:`seen_fits`). A seat's part depends on that seat's holdings alone, so the pruning
    works it out once for each pair of holdings however many readings share them."""
    extra: dict[Card, int] = {}
    spare = mine.unknown - theirs.unknown
    if (
        spare < 0
        or mine.seven_marked > theirs.seven_marked
        or not _binds_less(mine.plain, theirs.plain)
        or not set(mine.limits) <= set(theirs.limits)
    ):
        return None
    # a card this seat knows in its hand where the other holds it tabled: the hand's card
    # stands for that copy below, as an unseen card would
    surplus: dict[Card, int] | None = None
    for card, n in mine.hand.items():
        short = n - theirs.hand.get(card, 0)
        if short > 0:
            if not theirs.table:
                return None
            if surplus is None:
                surplus = {}
            surplus[card] = short
    if mine.table or theirs.table:
        if seen_by is None:
            mine_groups, mine_pending = mine.seen_by(relevance)
            theirs_groups, theirs_pending = theirs.seen_by(relevance)
        else:
            mine_groups, mine_pending = seen_by(mine, relevance)
            theirs_groups, theirs_pending = seen_by(theirs, relevance)
    else:
        mine_groups, mine_pending = mine.groups, mine.pending
        theirs_groups, theirs_pending = theirs.groups, theirs.pending
    # the combinations and announcements first: most pairs differ there (cheap set look-ups)
    if not combinations_allow(
        set(mine_groups), set(mine_pending), set(theirs_groups), set(theirs_pending), portland
    ):
        return None
    if relevance is not None and not portland and concentration.applies(relevance):
        # only each copy's own marks count: compared as a whole, card by card
        return concentration.table_dominance(
            mine, theirs, relevance, mine_pending, theirs_pending, spare
        )
    for card, n in theirs.hand.items():
        more = n - mine.hand.get(card, 0)
        if more > 0:
            extra[card] = extra.get(card, 0) + more
            spare -= more
    if mine.table or theirs.table:
        left = {c.uid: c for c in theirs.table}
        unmatched: list[Copy] = []
        for copy in mine.table:
            match = left.get(copy.uid)
            if (
                match is not None
                and match.card is copy.card
                and _covers(match, copy, relevance, portland)
            ):
                del left[copy.uid]
            else:
                unmatched.append(copy)
        if unmatched and not _match_loose(
            unmatched, mine_groups, mine_pending, left, theirs_groups, portland, relevance
        ):
            return None
        if left:
            carried = {uid for p in theirs_pending for uid in p.uids}
            grouped = {uid for g in theirs_groups for uid in g.uids} if portland else ()
            for uid, copy in left.items():
                if uid in carried or uid in grouped:
                    return None
                if portland and copy.used and (relevance is None or copy.card in relevance.cards):
                    # a marked copy is not a card from the hand there (Reading.dominates)
                    return None
                if surplus is not None and surplus.get(copy.card):
                    surplus[copy.card] -= 1
                    continue
                extra[copy.card] = extra.get(copy.card, 0) + 1
                spare -= 1
    if spare or (surplus is not None and any(surplus.values())):
        return None
    if len(mine_pending) > len(theirs_pending) and _unfreshens(
        mine, mine_pending, theirs_pending, relevance
    ):
        return None
    return extra


def seen_fits(
    seen: Mapping[Card, int],
    other_seen: Mapping[Card, int],
    extra: Mapping[Card, int],
    copies: Mapping[Card, int],
) -> bool:
    """The cards accounted for, across the seats, in :meth:`Reading.dominates`: a reading
    that holds unseen the ``extra`` cards the other knows has accounted for exactly that many
    fewer, and the other no more than the pack holds."""
    if not extra:
        return seen == other_seen
    for card, n in other_seen.items():
        if seen.get(card, 0) + extra.get(card, 0) != n or n > copies[card]:
            return False
    return all(card in other_seen for card in seen)


class SeatOutline:
    """What :meth:`Reading.dominates` needs one seat's holding to share with the holding it
    dominates, summed up to be compared cheaply: the unseen cards, the tabled copies counted by
    card (with the cards in the hand where only each copy's own marks count, as there a card
    in the hand is compared as a copy with no mark: :mod:`validator.engine.concentration`),
    their uids, the uids of the copies bound in a combination or an announcement a later
    declaration can see, and those combinations and announcements.

    Pruning compares the readings pairwise, and nearly every comparison fails (98.7% of 20,915
    in 40 blind six-pack games), most of them only after pairing copy by copy.
    :meth:`may_dominate` is a necessary condition of a seat's part of the dominance, so a pair
    it rules out is one the dominance rules out too; the pairs it lets through are compared in
    full (:mod:`validator.engine.seat_memo`)."""

    __slots__ = (
        "_holding",
        "_marks",
        "_relevance",
        "bare",
        "busy",
        "cards",
        "groups",
        "pending",
        "uids",
        "unknown",
    )

    def __init__(
        self,
        holding: Holding,
        relevance: Relevance | None,
        seen_by: SeenBy,
        view: View | None = None,
    ) -> None:
        """``view``: the holding's :meth:`Holding.view` under ``relevance``, when the caller
        has it: what the outline reads of the table alone is then the view's, made once for
        every holding with that table (:meth:`View.outline`)."""
        if view is None:
            table_cards, uids, busy, groups, pending = table_outline(
                holding.table, *seen_by(holding, relevance)
            )
        else:
            table_cards, uids, busy, groups, pending = view.outline()
        cards = table_cards
        if concentration.applies(relevance) and holding.hand:
            # a card in the hand is a copy with no mark there: the counts are of known cards
            cards = dict(table_cards)
            for card, n in holding.hand.items():
                cards[card] = cards.get(card, 0) + n
        self.unknown = holding.unknown
        self.cards = cards
        """Not to be changed: it may be the view's."""
        self._marks: dict[Card, int] | None = None
        self._holding = holding
        self._relevance = relevance
        self.busy = busy
        self.uids = uids
        self.groups = groups
        """The combinations a later declaration can see."""
        self.pending = pending
        """The announcements a later declaration can see."""
        self.bare: tuple[frozenset[Group], frozenset[Pending]] | None = (
            None if uids else (frozenset(holding.groups), frozenset(holding.pending))
        )
        """On an empty table, every combination and announcement: :func:`seat_dominance`
        compares those when neither table holds a copy."""

    def may_dominate(self, other: SeatOutline, portland: bool) -> bool:
        """False when this seat cannot dominate the other's: it holds fewer unseen cards (a
        card the other knows may be unseen here, never the reverse), more tabled copies of a
        card (each tabled copy is paired with one of the same card there), a bound copy
        the other does not have on its table (a bound copy is paired by uid only), more marks
        on the copies of a card (each tabled copy is paired with one bearing every mark it
        bears), or combinations and announcements the dominance does not allow
        (:meth:`combines_within`)."""
        return self.counts_allow(other) and self.allows(other, portland)

    def allows(self, other: SeatOutline, portland: bool) -> bool:
        """:meth:`may_dominate` but for the counts (which the pruning asks of signatures, not
        of pairs): the bound copies, the marks and the combinations."""
        return (
            self.binds_within(other)
            and self.combines_within(other, portland)
            and self.marked_within(other)
        )

    def marked_within(self, other: SeatOutline) -> bool:
        """Part of :meth:`may_dominate`: no card's copies bear more marks here."""
        their_marks = other.marks()
        return all(their_marks.get(card, 0) >= n for card, n in self.marks().items())

    def marks(self) -> dict[Card, int]:
        """For each card, the marks its tabled copies bear (the kinds a later declaration can
        see, plus the levels), summed: a copy that covers another bears no fewer. Worked out
        when first asked (most pairs are told apart before)."""
        found = self._marks
        if found is None:
            found = self._marks = {}
            relevance = self._relevance
            for copy in self._holding.table:
                if copy.used:
                    if relevance is None:
                        weight = len(copy.used) + sum(level for _, level in copy.levels)
                    else:
                        used, levels = relevance.view(copy)
                        weight = len(used) + sum(level for _, level in levels)
                    if weight:
                        found[copy.card] = found.get(copy.card, 0) + weight
        return found

    def counts_allow(self, other: SeatOutline) -> bool:
        """The counts part of :meth:`may_dominate`: no fewer unseen cards, no more tabled
        copies of any card (no more known cards, where only the marks count)."""
        if self.unknown < other.unknown:
            return False
        their_cards = other.cards
        return all(their_cards.get(card, 0) >= n for card, n in self.cards.items())

    def binds_within(self, other: SeatOutline) -> bool:
        """Part of :meth:`may_dominate`: every bound copy here is on the other table."""
        busy = self.busy
        return not busy or busy <= other.uids

    def combines_within(self, other: SeatOutline, portland: bool) -> bool:
        """Part of :meth:`may_dominate`: the combinations here are among the other's (under
        the Portland model, the same), and every announcement the other carries is carried
        here too (the checks :func:`seat_dominance` makes first)."""
        if self.bare is not None and other.bare is not None:
            groups, pending = self.bare
            their_groups, their_pending = other.bare
        else:
            groups, pending = self.groups, self.pending
            their_groups, their_pending = other.groups, other.pending
        return combinations_allow(groups, pending, their_groups, their_pending, portland)


def table_outline(
    table: Sequence[Copy], groups: Sequence[Group], pending: Sequence[Pending]
) -> tuple[dict[Card, int], frozenset[int], frozenset[int], frozenset[Group], frozenset[Pending]]:
    """What a :class:`SeatOutline` reads of a table and the combinations and announcements a
    later declaration can see of it: the tabled copies counted by card, their uids, the uids
    of those bound in such a combination or announcement (under the Portland model a broken
    combination keeps copies gone, so only those on the table), and the two as sets."""
    cards: dict[Card, int] = {}
    for copy in table:
        cards[copy.card] = cards.get(copy.card, 0) + 1
    uids = frozenset(c.uid for c in table)
    busy: frozenset[int] = frozenset()
    if uids and (groups or pending):
        busy = uids.intersection(
            [uid for g in groups for uid in g.uids] + [uid for p in pending for uid in p.uids]
        )
    return cards, uids, busy, frozenset(groups), frozenset(pending)


def combinations_allow(
    groups: AbstractSet[Group],
    pending: AbstractSet[Pending],
    their_groups: AbstractSet[Group],
    their_pending: AbstractSet[Pending],
    portland: bool,
) -> bool:
    """The combinations and announcements part of a seat's dominance: the combinations here
    among the other's (under the Portland model, the same), every announcement the other
    carries carried here too."""
    if portland:
        if groups != their_groups:
            return False
    elif groups and not groups <= their_groups:
        return False
    return not their_pending or their_pending <= pending


def _unfreshens(
    mine: Holding,
    mine_pending: list[Pending],
    theirs_pending: list[Pending],
    relevance: Relevance | None,
) -> bool:
    """Whether an announcement ``mine`` carries and the other reading does not holds an
    unmarked copy a later declaration could use: carried, that copy does not count as a card
    from the hand (:func:`fresh`), which can forbid a declaration the other reading allows, so
    carrying more announcements is not simply freer."""
    if relevance is not None and not relevance.fresh_matters:
        return False
    extra = set(mine_pending).difference(theirs_pending)
    uids = {uid for p in extra for uid in p.uids}
    return any(
        c.uid in uids and not c.used and (relevance is None or c.card in relevance.cards)
        for c in mine.table
    )


def _covers(theirs: Copy, mine: Copy, relevance: Relevance | None, portland: bool) -> bool:
    """Whether ``theirs`` has every mark ``mine`` has (so ``mine`` is no more constrained),
    counting only the marks a later declaration can see (with ``relevance``). Under the
    Portland model a marked copy and an unmarked one are not comparable (module doc)."""
    if theirs is mine:
        return True  # copies are values shared by the readings cloned from one another
    if mine.used and not theirs.used:
        return False  # a copy with no mark counts as a card from the hand
    if portland and theirs.used and not mine.used:
        return False
    if relevance is None:
        return mine.used <= theirs.used and all(
            level <= theirs.level(family) for family, level in mine.levels
        )
    mine_used, mine_levels = relevance.view(mine)
    theirs_used, theirs_levels = relevance.view(theirs)
    held = dict(theirs_levels)
    return set(mine_used) <= set(theirs_used) and all(
        level <= held.get(family, 0) for family, level in mine_levels
    )


def _match_loose(
    unmatched: list[Copy],
    mine_groups: list[Group],
    mine_pending: list[Pending],
    left: dict[int, Copy],
    theirs_groups: list[Group],
    portland: bool,
    relevance: Relevance | None,
) -> bool:
    """Pair each of ``unmatched`` (copies of ``mine`` with no counterpart by uid) with a copy
    left in ``theirs`` of the same card and no fewer marks, removing it from ``left``. Only
    copies in no combination and carrying nothing are paired this way (a combination or an
    announcement is known by its copies' uids); under the Portland model their partners must
    be in no combination either."""
    busy = {uid for g in mine_groups for uid in g.uids}
    busy.update(uid for p in mine_pending for uid in p.uids)
    theirs_grouped = {uid for g in theirs_groups for uid in g.uids} if portland else set()
    for copy in sorted(unmatched, key=lambda c: -len(c.used)):
        if copy.uid in busy:
            return False
        best: Copy | None = None
        for other in left.values():
            if (
                other.card is copy.card
                and other.uid not in theirs_grouped
                and _covers(other, copy, relevance, portland)
                and (best is None or len(other.used) < len(best.used))
            ):
                best = other
        if best is None:
            return False
        del left[best.uid]
    return True


def fresh(copy: Copy, holding: Holding) -> bool:
    """A tabled copy with no mark, in no combination, carrying no announcement: as good as a
    card in the hand (the declaration model counts it as one)."""
    if copy.used:
        return False
    uid = copy.uid
    return not any(uid in g.uids for g in holding.groups) and not any(
        uid in p.uids for p in holding.pending
    )


class Claim:
    """What a declaration marked, under one reading: the copies before and after, the
    combination recorded, the announcement it scored; :meth:`undo` takes it down."""

    __slots__ = ("before", "group", "pending", "seat")

    def __init__(
        self, seat: str, before: list[Copy], group: Group | None, pending: Pending | None
    ) -> None:
        self.seat = seat
        self.before = before
        self.group = group
        self.pending = pending

    def undo(self, reading: Reading) -> None:
        """Take the declaration down: its copies lose the marks it gave, its combination goes,
        and the announcement it scored is carried again."""
        holding = reading.holdings[self.seat]
        by_uid = {c.uid: c for c in self.before}
        holding.table = [by_uid.get(c.uid, c) for c in holding.table]
        if self.group is not None and self.group in holding.groups:
            holding.groups.remove(self.group)
        if self.pending is not None:
            holding.pending.append(self.pending)


def _binds_less(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Whether a carte blanche's bounds ``mine`` are no stricter than ``theirs``: the same
    showings, each binding no more unseen cards."""
    return len(mine) == len(theirs) and all(m <= t for m, t in zip(mine, theirs, strict=True))
