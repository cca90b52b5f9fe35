"""One seat's cards under one reading of the record: hand, unseen cards, table, what it carries.

The hand counts the cards the reading knows the seat holds; ``unknown`` the cards it holds that
the record has not named. The table holds the copies laid face up, each with its marks; the
combinations scored with them (``groups``) and the announcements carried (``pending``) refer to
copies by uid. Outside the Portland model a combination matters only while it lies whole on the
table (re-forming it needs it broken first), so a broken one is dropped; under the Portland
model a broken one still matters (the same copies never score a kind twice, old copies score in
a new pairing once a declared card was played), and it is kept as all that a declaration can
read of it: each of its copies still on the table, alone, in a broken combination of its kind
(:meth:`Holding.broken`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from collections.abc import Set as AbstractSet
from typing import Final

from notation.cards import Card

from .card_tables import ORDER
from .combinations import COURT_RANKS
from .copies import Copy, Group, Pending, group_of
from .relevance import Relevance
from .shapes import Label, Shape, sketch, table_briefs

Seen = tuple[list[Group], list[Pending]]
"""The combinations and announcements a later declaration can see (:meth:`Holding.seen_by`)."""

Limit = tuple[str, int, int]
"""What a strict play showed the unseen hand cannot hold: (suit, rank place, trick number):
no card of ``suit`` ranked above the place (all of the suit when the place is 8)."""


VIEWS_KEPT: Final = 4096
"""Views (:class:`View`) remembered across readings and events; the memo is emptied when full."""


class View:
    """What a later declaration can see of one table, and what is worked out from it: a
    function of the tabled copies, the combinations, the announcements and the
    :class:`Relevance` alone, never of the reading that holds them.

    The readings of a record share most tables: they are cloned from one another and hold the
    very same pieces (:mod:`validator.engine.copies`), and one seat's holding is often the
    same in every reading while the other seat's accounts differ (``docs/engine.md``, "What
    is left"). Plays, declarations and the pruning each ask the same table for its
    combinations seen, its bound copies and its shape, reading after reading and event after
    event; a view answers each once (:meth:`Holding.view`)."""

    __slots__ = (
        "_bound",
        "_briefs",
        "_outline",
        "_shape",
        "_sketch",
        "groups",
        "pending",
        "pieces",
        "relevance",
        "table",
    )

    def __init__(
        self,
        table: tuple[Copy, ...],
        groups: tuple[Group, ...],
        pending: tuple[Pending, ...],
        relevance: Relevance,
    ) -> None:
        self.pieces = (table, groups, pending)
        """The pieces themselves: the memo knows them by identity, and keeping them here
        keeps any other object from taking their identities while the view is remembered."""
        self.relevance = relevance
        self.table = table
        self.groups, self.pending = _seen_by(table, groups, pending, relevance)
        """:meth:`Holding.seen_by`: the combinations and announcements it can see."""
        self._bound: frozenset[int] | None = None
        self._briefs: dict[int, Label] | None = None
        self._outline: (
            tuple[
                dict[Card, int],
                frozenset[int],
                frozenset[int],
                frozenset[Group],
                frozenset[Pending],
            ]
            | None
        ) = None
        self._shape: Shape | None = None
        self._sketch: Label | None = None

    def outline(
        self,
    ) -> tuple[
        dict[Card, int], frozenset[int], frozenset[int], frozenset[Group], frozenset[Pending]
    ]:
        """What a seat's outline reads of the table (``reading.table_outline``), worked out
        once; not to be changed."""
        found = self._outline
        if found is None:
            from .reading import table_outline  # reading imports this module

            found = self._outline = table_outline(self.table, self.groups, self.pending)
        return found

    def briefs(self) -> dict[int, Label]:
        """The tabled copies' briefs under the view's relevance, worked out once for the
        sketch and the shape (:func:`validator.engine.shapes.table_briefs`)."""
        found = self._briefs
        if found is None:
            found = self._briefs = table_briefs(self.table, self.relevance)
        return found

    def bound(self) -> frozenset[int]:
        """:meth:`Holding.bound` under the view's relevance, worked out once."""
        found = self._bound
        if found is None:
            uids = {uid for g in self.groups for uid in g.uids}
            uids.update(uid for p in self.pending for uid in p.uids)
            found = self._bound = frozenset(uids)
        return found

    def shape(self) -> Shape:
        """:meth:`Holding.shape` under the view's relevance, made once (it remembers the
        labels and forms asked of it)."""
        found = self._shape
        if found is None:
            found = self._shape = Shape(
                self.table, self.groups, self.pending, self.relevance, self.briefs()
            )
        return found

    def sketch(self) -> Label:
        """The table's part of :meth:`Holding.sketch` under the view's relevance, worked out
        once."""
        found = self._sketch
        if found is None:
            found = self._sketch = sketch(
                self.table, self.groups, self.pending, self.relevance, self.briefs()
            )
        return found


_VIEWS: dict[tuple[object, ...], View] = {}
"""The views remembered, by relevance and the identities of the table's pieces, in order."""


def _seen_by(
    table: tuple[Copy, ...],
    groups: tuple[Group, ...],
    pending: tuple[Pending, ...],
    relevance: Relevance,
) -> tuple[list[Group], list[Pending]]:
    """:meth:`Holding.seen_by` under a relevance, of the pieces themselves (fresh lists)."""
    seen_groups: list[Group] = []
    if groups and relevance.groups_matter:
        kinds = relevance.kinds
        if any(g.kind in kinds for g in groups):
            cards = {c.uid: c.card for c in table}
            seen_groups = [
                g
                for g in groups
                if relevance.sees(g.kind, (cards[u] for u in g.uids if u in cards))
            ]
    seen_pending: list[Pending] = []
    if pending:
        seen_pending = [
            p for p in pending if relevance.counts(p) or _keeps_unused(table, p, relevance)
        ]
    return seen_groups, seen_pending


def _keeps_unused(table: Iterable[Copy], pending: Pending, relevance: Relevance) -> bool:
    """:meth:`Holding.keeps_unused` of the tabled copies ``table``."""
    if not relevance.fresh_matters:
        return False
    cards = relevance.cards
    return any(c.uid in pending.uids and not c.used and c.card in cards for c in table)


class Holding:
    """One seat's cards under one reading (see the module docstring)."""

    __slots__ = (
        "groups",
        "hand",
        "limits",
        "lost",
        "pending",
        "plain",
        "seven_marked",
        "table",
        "unknown",
    )

    def __init__(self, hand: dict[Card, int], unknown: int) -> None:
        self.hand = hand
        self.unknown = unknown
        self.table: list[Copy] = []
        self.groups: list[Group] = []
        self.pending: list[Pending] = []
        self.lost: list[tuple[str, tuple[Card, ...]]] = []
        self.seven_marked = 0
        """Sevens of trumps this seat has scored and still holds."""
        self.limits: list[Limit] = []
        self.plain: tuple[int, ...] = ()
        """For each carte blanche the seat showed, in order, how many of the unseen cards it
        binds to be plain (no king, queen or jack): the cards held when it was shown and not
        seen since. Each holds the ones before (a card held at one showing and still unseen
        was held at the next), so the counts never fall from one showing to the next."""

    def clone(self) -> Holding:
        """An independent copy (the pieces are frozen values, so lists are copied, not them)."""
        # through __init__: a compiled (mypyc) class refuses ``object.__new__``
        other = Holding(self.hand.copy(), self.unknown)
        other.table = self.table.copy()
        other.groups = self.groups.copy()
        other.pending = self.pending.copy()
        other.lost = self.lost.copy()
        other.seven_marked = self.seven_marked
        other.limits = self.limits.copy()
        other.plain = self.plain
        return other

    # ------------------------------------------------------------------ the hand
    def take(self, card: Card) -> None:
        """Take one known ``card`` out of the hand (the caller knows it is there)."""
        left = self.hand[card] - 1
        if left:
            self.hand[card] = left
        else:
            del self.hand[card]

    def unseen_out(self, card: Card | None, drawn: bool = False) -> None:
        """One unseen card leaves the hand as ``card`` (None: a card still not named). A plain
        card is read as one the first carte blanche still binding one bound (the unbound
        cards, which may be anything, are kept); a king, queen or jack, or a card not named,
        as an unbound one, unless none is left, which breaks the latest carte blanches
        (:meth:`court_breaks`). ``drawn``: the card drawn since the latest showing, shown to
        repeat it ("on showing the card drawn", hoffmann-1909 law 16), which none binds."""
        bound = self.plain
        self.unknown -= 1
        if not bound:
            return
        if drawn and self.unknown >= bound[-1]:
            return  # the card drawn since the latest showing, which no showing binds
        if card is not None and card.rank not in COURT_RANKS:
            # the innermost: one bound by every showing since the first that still binds one
            first = next((i for i, n in enumerate(bound) if n), None)
        elif self.unknown >= bound[-1]:
            return  # a card bound by no showing
        else:
            first = self._outermost(1)
        if first is not None:
            self.plain = bound[:first] + tuple(n - 1 for n in bound[first:])

    def court_breaks(self, courts: int = 1) -> int | None:
        """The first carte blanche (its place among the seat's showings) that ``courts`` kings,
        queens or jacks taken from the unseen cards prove false, taking first the cards no
        showing binds, then those only the latest ones bind; None when none is."""
        bound = self.plain
        if not bound or courts <= self.unknown - bound[-1]:
            return None
        return self._outermost(courts - (self.unknown - bound[-1]))

    def _outermost(self, count: int) -> int:
        """The first showing reached when ``count`` bound cards are taken, latest showings'
        own cards first."""
        bound = self.plain
        index = len(bound) - 1
        while index > 0:
            count -= bound[index] - bound[index - 1]
            if count <= 0:
                return index
            index -= 1
        return 0

    def give(self, card: Card) -> None:
        """Put one known ``card`` in the hand."""
        self.hand[card] = self.hand.get(card, 0) + 1

    def known(self) -> set[Card]:
        """The distinct cards known to be held, hand and table."""
        cards = set(self.hand)
        cards.update(c.card for c in self.table)
        return cards

    def count(self) -> int:
        """How many cards the seat holds, hand (known and unseen) and table."""
        return sum(self.hand.values()) + self.unknown + len(self.table)

    # ------------------------------------------------------------------ the table
    def tabled(self, card: Card) -> list[Copy]:
        """The copies of ``card`` on the table."""
        return [c for c in self.table if c.card is card]

    def remove(self, copy: Copy, portland: bool) -> None:
        """``copy`` leaves the table (played): its combinations are broken, its announcements
        lost (rubicon-bezique-laws.txt, Double Declarations)."""
        self.table.remove(copy)
        self.broken(copy.uid, portland)
        self.drop_pending(copy.uid)

    def replace(self, old: Copy, new: Copy) -> None:
        """Put ``new`` where ``old`` lay on the table."""
        table = self.table
        table[table.index(old)] = new

    def broken(self, uid: int, portland: bool) -> None:
        """Copy ``uid`` has left the table: the combinations holding it are no longer whole.

        Outside the Portland model they are dropped. Under it, a broken combination is kept
        as one broken combination of its kind for each of its copies still on the table: a
        declaration taking every card from the table is "scored with these cards" only if it
        equals a combination whose copies all lie there (a whole one), and is refused for "no
        declared card played since" only if every combination of its kind sharing a copy with
        it is whole (``melds.model_faults``). So which copies formed a broken combination,
        which of them are gone and what other broken combinations of the kind they were in are
        read by nothing; kept, they would only keep apart readings that differ there
        (``tests/engine/test_broken_combinations.py`` holds the model's faults to the full
        history). The caller has taken the copy off the table already."""
        if not self.groups:
            return
        if portland:
            if not any(uid in g.uids for g in self.groups):
                return
            on_table = {c.uid for c in self.table}
            kept: list[Group] = []
            spent: set[tuple[str, int]] = set()
            for g in self.groups:
                if g.whole and uid not in g.uids:
                    kept.append(g)
                else:
                    spent.update((g.kind, u) for u in g.uids if u in on_table)
            kept.extend(group_of(kind, frozenset((u,)), False) for kind, u in sorted(spent))
            self.groups = kept
        else:
            self.groups = [g for g in self.groups if uid not in g.uids]

    def drop_pending(self, uid: int) -> None:
        """Announcements carried with copy ``uid`` are lost."""
        if not self.pending:
            return
        keep = []
        for p in self.pending:
            if uid in p.uids:
                self.lost.append((p.kind, p.cards))
            else:
                keep.append(p)
        self.pending = keep

    def to_hand(self) -> None:
        """The stock is exhausted: the table goes back to the hand, announcements are lost."""
        for copy in self.table:
            self.give(copy.card)
        self.table = []
        for p in self.pending:
            self.lost.append((p.kind, p.cards))
        self.pending = []
        self.groups = []

    def whole_group(self, kind: str, uids: Iterable[int]) -> bool:
        """Whether a scored ``kind`` sharing any of these copies still lies whole."""
        wanted = set(uids)
        return any(
            g.kind == kind and g.whole and not wanted.isdisjoint(g.uids) for g in self.groups
        )

    # ------------------------------------------------------------------ comparing readings
    def describe(
        self, relevance: Relevance | None = None, only: Iterable[Copy] | None = None
    ) -> dict[int, Hashable]:
        """Tabled copies (all, or ``only`` these) by what tells one apart from another of its
        card, uids aside: equal descriptions, copies some renaming of the table maps one onto
        the other (:mod:`validator.engine.shapes`); with ``relevance``, counting only what a
        later declaration can see (:mod:`validator.engine.relevance`)."""
        shape = self.shape(relevance)
        return {c.uid: shape.label(c.uid) for c in (self.table if only is None else only)}

    def shape(self, relevance: Relevance | None = None) -> Shape:
        """The shape of this table under ``relevance`` (:mod:`validator.engine.shapes`); under
        a relevance the :meth:`view`'s, shared."""
        if relevance is not None:
            return self.view(relevance).shape()
        return Shape(self.table, self.groups, self.pending, None)

    def seen_by(self, relevance: Relevance | None) -> tuple[list[Group], list[Pending]]:
        """The combinations and announcements a later declaration can see (all of them
        without ``relevance``): the combinations it could re-form or re-use (none where the
        declaration model never reads them, ``Relevance.groups_matter``), the announcements it
        may score or judge another by (``Relevance.counts``) or whose copies it could take
        (:meth:`keeps_unused`). Under a relevance the lists are the :meth:`view`'s, shared:
        the caller must not change them."""
        if relevance is None:
            return self.groups, self.pending
        view = self.view(relevance)
        return view.groups, view.pending

    def view(self, relevance: Relevance, ids: tuple[tuple[int, ...], ...] | None = None) -> View:
        """The :class:`View` of this table under ``relevance``: the one already made for the
        same pieces in the same order, if any (a holding changes; its pieces do not).
        ``ids``: the identities of the table's copies, combinations and announcements, in
        order, when the caller has them already."""
        if ids is None:
            key: tuple[object, ...] = (
                relevance,
                tuple(map(id, self.table)),
                tuple(map(id, self.groups)),
                tuple(map(id, self.pending)),
            )
        else:
            key = (relevance, *ids)
        found = _VIEWS.get(key)
        if found is None:
            if len(_VIEWS) >= VIEWS_KEPT:
                _VIEWS.clear()
            found = _VIEWS[key] = View(
                tuple(self.table), tuple(self.groups), tuple(self.pending), relevance
            )
        return found

    def groups_read(self, relevance: Relevance | None) -> list[Group]:
        """The combinations the declaration model reads: all of them, or none where it never
        reads which copies formed a combination (``Relevance.groups_matter``)."""
        return self.groups if relevance is None or relevance.groups_matter else []

    def keeps_unused(self, pending: Pending, relevance: Relevance) -> bool:
        """Whether ``pending`` holds an unmarked copy of a card a later declaration uses: while
        it is carried that copy is not as good as a card of the hand (it is not fresh,
        :func:`validator.engine.reading.fresh`), so the announcement matters to that
        declaration even if it is never scored."""
        return _keeps_unused(self.table, pending, relevance)

    def bound(self, relevance: Relevance | None) -> AbstractSet[int]:
        """The uids of the tabled copies in a combination or announcement a later declaration
        can see: playing one of them, or scoring it again, can matter even when its own card
        is in no later declaration (it breaks, or keeps whole, a combination of other cards)."""
        if relevance is not None:
            return self.view(relevance).bound()
        uids = {uid for g in self.groups for uid in g.uids}
        uids.update(uid for p in self.pending for uid in p.uids)
        return uids

    def sketch(
        self, relevance: Relevance | None = None, seen: Seen | None = None, view: View | None = None
    ) -> Label:
        """Part of :meth:`key`, cheaper: equal keys have equal sketches
        (:func:`validator.engine.shapes.sketch`). ``seen``: :meth:`seen_by` of ``relevance``,
        when the caller has it already; ``view``: :meth:`view` of ``relevance``, likewise
        (under a relevance the view has what ``seen`` would say)."""
        if relevance is not None:
            if view is None:
                view = self.view(relevance)
            return (*self._off_table(), view.sketch())
        groups, pending = self.seen_by(relevance) if seen is None else seen
        return (*self._off_table(), sketch(self.table, groups, pending, relevance))

    def key(
        self, relevance: Relevance | None = None, seen: Seen | None = None, view: View | None = None
    ) -> Label:
        """What this holding allows from here on, uids aside: equal keys, equal futures (the
        table compared up to renaming its copies, :mod:`validator.engine.shapes`); ``seen``
        and ``view`` as for :meth:`sketch`. Under a relevance the view's shape gives it, so a
        table keyed before is not canonized again."""
        if relevance is not None:
            if view is None:
                view = self.view(relevance)
            return (*self._off_table(), view.shape().key())
        groups, pending = self.seen_by(relevance) if seen is None else seen
        return (*self._off_table(), Shape(self.table, groups, pending, relevance).key())

    def _off_table(self) -> tuple[object, ...]:
        """What :meth:`key` and :meth:`sketch` share: the hand, the unseen cards, the sevens
        scored and the limits strict plays showed."""
        return (
            tuple(sorted((ORDER[c], n) for c, n in self.hand.items())),
            self.unknown,
            self.seven_marked,
            tuple(self.limits),
            self.plain,
        )
