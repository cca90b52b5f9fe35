"""The shape of one seat's table: what tells its copies apart, up to which physical copy is which.

Two readings of a record often differ only in which of two copies of a card did something: the
K♥ played was the one married to this Q♥ or to that one. When the two copies are
*interchangeable* (some renaming of the table's copies maps one reading onto the other and
keeps every card, mark, combination and announcement), the readings allow the same futures and
one of them is enough. The search (:mod:`validator.engine.readings`) relies on that to stay
small, and must never take two copies for interchangeable when they are not: the reading it
drops might be the only one that explains the record.

A copy is told apart by its own marks (its *brief*), and by the combinations and announcements
it belongs to, which link it to other copies: under the Portland model, where the history of
which king married which queen is kept, a queen married to a king that has married twice is
not like one married to a king that has married once, though both queens carry the same marks.
So the description is not one level deep but complete:

- the table is cut into *components*, copies linked by a combination or an announcement;
- in each, colour refinement (each copy's colour refined by the colours of its partners, per
  combination, until nothing splits) separates the copies, and where copies stay alike but
  are not twins (in the very same combinations), one of them is singled out in turn and the
  least encoding kept (individualization and refinement, as graph canonizers do): the
  component's *form*, equal for two components exactly when one can be renamed into the other;
- a copy's label is its component's form with that copy singled out: equal labels, exactly
  when some renaming maps one copy onto the other.

Components are small (a combination and those sharing its cards); one too symmetric to settle
within :data:`MAX_LEAVES` is described by its copies' uids instead, which never takes two
copies for alike wrongly, only misses a merge.

Only what a later declaration can see is described, with a :class:`Relevance`
(``Holding.seen_by``, :meth:`Relevance.view`); ``Holding.shape`` builds the shape of a holding.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeVar

from .card_tables import ORDER
from .copies import Copy, Group, Pending
from .relevance import Relevance

MAX_LEAVES: Final = 512
"""Encodings tried for one component before it is described by uids (never reached in the
games measured: the largest components are a few combinations sharing cards)."""

Label = tuple[object, ...]

FORMS_KEPT: Final = 8192
"""Answers about components remembered across shapes (each memo below holds at most this
many, and is emptied when full): the readings of one record share most of their components
from one pruning to the next (some two thirds of the forms asked for in blind six-pack and
Portland games were worked out before). Each answer is a function of the component's
content alone (:meth:`Shape._content_of`), which is its key."""

_FORMS: dict[Label, Label] = {}
"""Components' forms (:meth:`Shape.form`)."""
_STABLE: dict[Label, dict[int, int]] = {}
"""Components' stable colourings (:meth:`Shape.stable`), by uid; never changed once made."""
_SET_FORMS: dict[Label, Label] = {}
"""A set of copies' part of :meth:`Shape.set_label` in one component."""

M = TypeVar("M")


def _remember(memo: dict[Label, M], content: Label, answer: M) -> None:
    """Keep ``answer`` under ``content``, emptying the memo first when it is full."""
    if len(memo) >= FORMS_KEPT:
        memo.clear()
    memo[content] = answer


def brief(copy: Copy, relevance: Relevance | None) -> Label:
    """What tells ``copy`` from another of its card by itself: its card, whether it is
    unmarked, and its marks (those a later declaration can see, with ``relevance``)."""
    if relevance is None:
        return (ORDER[copy.card], not copy.used, tuple(sorted(copy.used)), copy.levels)
    return (ORDER[copy.card], not copy.used, *relevance.view(copy))


def table_briefs(table: Sequence[Copy], relevance: Relevance | None) -> dict[int, Label]:
    """Each tabled copy's brief, by uid (worked out once for copies with the same marks)."""
    briefs: dict[int, Label] = {}
    short: dict[tuple[object, ...], Label] = {}
    for c in table:
        mark = (c.card, c.used, c.levels)
        found = short.get(mark)
        if found is None:
            found = short[mark] = brief(c, relevance)
        briefs[c.uid] = found
    return briefs


def _group_label(group: Group, members: tuple[int, ...]) -> Label:
    """A combination as an edge of the shape: its kind, whether whole, and how many of its
    copies have been played (that count says nothing a later declaration can use, but keeping
    it only tells more apart, never less)."""
    return (0, group.kind, (int(group.whole), len(group.uids) - len(members)))


def _pending_label(pending: Pending) -> Label:
    """An announcement carried as an edge of the shape: its kind and cards."""
    return (1, pending.kind, tuple(ORDER[c] for c in pending.cards))


def sketch(
    table: Sequence[Copy],
    groups: Sequence[Group],
    pending: Sequence[Pending],
    relevance: Relevance | None,
    briefs: dict[int, Label] | None = None,
) -> Label:
    """What :meth:`Shape.key` is built from, without building the shape or canonizing it: the
    copies' briefs and the labels of the combinations and announcements holding a tabled
    copy, each as a multiset. Equal keys have equal sketches, so tables with different
    sketches are told apart without their forms. ``briefs``: :func:`table_briefs` of the
    table, when the caller has them."""
    if briefs is None:
        briefs = table_briefs(table, relevance)
    labels: list[Label] = []
    for g in groups:
        members = tuple(u for u in g.uids if u in briefs)
        if members:
            labels.append(_group_label(g, members))
    for p in pending:
        if any(u in briefs for u in p.uids):
            labels.append(_pending_label(p))
    return (tuple(sorted(briefs.values())), tuple(sorted(labels)))


class _TooSymmetric(Exception):
    """A component needed more than :data:`MAX_LEAVES` encodings."""


class Shape:
    """The components of one holding's table under one relevance, and their forms."""

    __slots__ = (
        "_contents",
        "_edge_of",
        "_forms",
        "_key",
        "_labels",
        "_set_labels",
        "_stable",
        "briefs",
        "comp_of",
        "components",
        "edges",
        "incident",
    )

    def __init__(
        self,
        table: Sequence[Copy],
        groups: Sequence[Group],
        pending: Sequence[Pending],
        relevance: Relevance | None,
        briefs: dict[int, Label] | None = None,
    ) -> None:
        """The shape of ``table`` with the combinations and announcements a later declaration
        can see (``Holding.seen_by``), under ``relevance``; ``briefs``: :func:`table_briefs`
        of the table, when the caller has them (not changed here)."""
        if briefs is None:
            briefs = table_briefs(table, relevance)
        self.briefs = briefs
        edges: list[tuple[Label, tuple[int, ...]]] = []
        edge_of: dict[Pending, int] = {}
        for g in groups:
            members = tuple(u for u in g.uids if u in briefs)
            if members:
                edges.append((_group_label(g, members), members))
        for p in pending:
            members = tuple(u for u in p.uids if u in briefs)
            edge_of.setdefault(p, len(edges))
            edges.append((_pending_label(p), members))
        self.edges = edges
        self._edge_of = edge_of
        incident: dict[int, list[int]] = {}
        for index, (_, members) in enumerate(edges):
            for uid in members:
                incident.setdefault(uid, []).append(index)
        self.incident = incident
        # components: copies linked through a combination or an announcement
        comp_of: dict[int, int] = {}
        components: list[list[int]] = []
        for start in incident:
            if start in comp_of:
                continue
            number = len(components)
            nodes = [start]
            comp_of[start] = number
            for uid in nodes:
                for e in incident[uid]:
                    for other in edges[e][1]:
                        if other not in comp_of:
                            comp_of[other] = number
                            nodes.append(other)
            components.append(nodes)
        self.comp_of = comp_of
        self.components = components
        self._forms: dict[int, Label] = {}
        self._contents: dict[int, Label] = {}
        self._stable: dict[int, dict[int, int]] = {}
        self._set_labels: dict[frozenset[int], Label] = {}
        self._labels: dict[int, Label] = {}
        """The labels asked for (:meth:`label`): a shape is shared by the readings holding its
        table (``Holding.view``), and each asks for the same copies."""
        self._key: Label | None = None

    def stable(self, number: int) -> dict[int, int]:
        """The component's colours refined until nothing splits (one combination alone is
        stable from the start: its copies differ only by their own marks)."""
        found = self._stable.get(number)
        if found is None:
            nodes = self.components[number]
            content = ("stable", self._content_of(number))
            found = _STABLE.get(content)
            if found is None:
                found = self._start(nodes)
                if any(len(self.incident[u]) > 1 for u in nodes):
                    found = self._refine(nodes, found)
                _remember(_STABLE, content, found)
            self._stable[number] = found
        return found

    # ------------------------------------------------------------------ what callers ask
    def label(self, uid: int) -> Label:
        """Equal for two copies exactly when some renaming of the table maps one onto the
        other (uids aside, nothing tells them apart)."""
        found = self._labels.get(uid)
        if found is None:
            found = self._labels[uid] = self._label(uid)
        return found

    def _label(self, uid: int) -> Label:
        """:meth:`label`, worked out."""
        number = self.comp_of.get(uid)
        if number is None:
            return (("loose", self.briefs[uid]),)
        nodes = self.components[number]
        whole = self.form(number)
        if whole[0] == "uids":
            return (whole, uid)
        colours = self.stable(number)
        cell = [v for v in nodes if colours[v] == colours[uid]]
        if len(cell) == 1 or self._twins(cell):
            return (whole, ("cell", colours[uid]))
        try:
            alone = self._form_of(nodes, self._single(colours, uid), [0], frozenset({uid}))
        except _TooSymmetric:
            return (self._by_uids(nodes), uid)
        return (whole, ("alone", alone))

    def edge_label(self, pending: Pending) -> Label:
        """Equal for two carried announcements exactly when some renaming of the table maps
        one onto the other."""
        index = self._edge_of.get(pending)
        if index is None:
            return ("uids", tuple(sorted(pending.uids)))
        members = self.edges[index][1]
        if not members:
            return ("none",)
        number = self.comp_of[members[0]]
        nodes = self.components[number]
        label, _ = self.edges[index]
        self.edges[index] = ((2, *label), members)
        try:
            try:
                found = self._form_of(nodes, self._start(nodes), [0])
            except _TooSymmetric:
                found = ("uids", tuple(sorted(members)))
        finally:
            self.edges[index] = (label, members)
        return (self.form(number), found)

    def set_label(self, uids: Iterable[int]) -> Label:
        """Equal for two sets of copies exactly when some renaming of the table maps one set
        onto the other (which king goes with which queen counts, not only what each is).
        Remembered by the set: the ways of one declaration ask the same sets again."""
        wanted = frozenset(uids)
        found = self._set_labels.get(wanted)
        if found is None:
            found = self._set_labels[wanted] = self._set_label(wanted)
        return found

    def _set_label(self, uids: Iterable[int]) -> Label:
        """:meth:`set_label`, worked out."""
        loose: list[Label] = []
        by_comp: dict[int, set[int]] = {}
        for uid in uids:
            number = self.comp_of.get(uid)
            if number is None:
                loose.append(self.briefs[uid])
            else:
                by_comp.setdefault(number, set()).add(uid)
        parts: list[Label] = []
        for number, members in by_comp.items():
            nodes = self.components[number]
            content = (self._content_of(number), frozenset(members))
            found = _SET_FORMS.get(content)
            if found is None:
                colours = self.stable(number)
                marked = {v: 2 * c + (0 if v in members else 1) for v, c in colours.items()}
                try:
                    found = self._form_of(nodes, marked, [0], frozenset(members))
                except _TooSymmetric:
                    found = ("uids", self._by_uids(nodes), tuple(sorted(members)))
                _remember(_SET_FORMS, content, found)
            parts.append((self.form(number), found))
        return (tuple(sorted(loose)), tuple(sorted(parts)))

    def tied(self, uids: Iterable[int]) -> set[int]:
        """Those of ``uids`` that share a component with another of them: choosing some of
        them is not choosing each alone (two jacks in one combination and one in another)."""
        count: dict[int, int] = {}
        comp_of = self.comp_of
        wanted = [u for u in uids if u in comp_of]
        for uid in wanted:
            count[comp_of[uid]] = count.get(comp_of[uid], 0) + 1
        return {u for u in wanted if count[comp_of[u]] > 1}

    def key(self) -> Label:
        """Equal for two tables exactly when one can be renamed into the other."""
        found = self._key
        if found is None:
            loose = sorted(b for uid, b in self.briefs.items() if uid not in self.comp_of)
            forms = sorted(self.form(n) for n in range(len(self.components)))
            found = self._key = (tuple(loose), tuple(forms))
        return found

    def form(self, number: int) -> Label:
        """The component's encoding: equal for two components exactly when one can be
        renamed into the other (``("uids", ...)`` for one too symmetric to settle)."""
        found = self._forms.get(number)
        if found is None:
            content = self._content_of(number)
            found = _FORMS.get(content)
            if found is None:
                nodes = self.components[number]
                try:
                    found = self._form_of(nodes, self.stable(number), [0], stable=True)
                except _TooSymmetric:
                    found = self._by_uids(nodes)
                _remember(_FORMS, content, found)
            self._forms[number] = found
        return found

    def _content_of(self, number: int) -> Label:
        """Everything what is asked of a component is worked out from: its copies (uid and
        brief) and the combinations and announcements that link them (label and members), in
        a fixed order. Equal contents give equal answers, in whichever shape they are found."""
        found = self._contents.get(number)
        if found is None:
            briefs, edges, incident = self.briefs, self.edges, self.incident
            nodes = self.components[number]
            touched = {e for u in nodes for e in incident[u]}
            found = self._contents[number] = (
                tuple(sorted((u, briefs[u]) for u in nodes)),
                tuple(sorted((edges[e][0], tuple(sorted(edges[e][1]))) for e in touched)),
            )
        return found

    # ------------------------------------------------------------------ the canonizer
    def _start(self, nodes: list[int]) -> dict[int, int]:
        briefs = self.briefs
        ranks = {b: i for i, b in enumerate(sorted({briefs[u] for u in nodes}))}
        return {u: ranks[briefs[u]] for u in nodes}

    def _refine(self, nodes: list[int], colours: dict[int, int]) -> dict[int, int]:
        """Colour refinement to the coarsest stable colouring finer than ``colours``; the
        new colours are ranks of sorted signatures, so equal structures get equal colours.
        A copy's signature is its colour and, for each combination or announcement it is in,
        the label and the colours of all its members, itself included: given its own colour
        that tells exactly what the colours of the others would, and each edge's colours are
        then sorted once a round, not once for each member."""
        distinct = set(colours.values())
        count = len(distinct)
        if count == len(nodes):
            # every copy has a colour of its own already: no round splits anything, and the
            # first would only rank the colours (a copy's signature starts with its colour)
            order = {c: i for i, c in enumerate(sorted(distinct))}
            return {u: order[colours[u]] for u in nodes}
        edges, incident = self.edges, self.incident
        touched = [(e, *edges[e]) for e in {e for u in nodes for e in incident[u]}]
        while True:
            rows = {
                e: (label, tuple(sorted([colours[v] for v in members])))
                for e, label, members in touched
            }
            signature = {
                u: (colours[u], tuple(sorted([rows[e] for e in incident[u]]))) for u in nodes
            }
            ranks = {s: i for i, s in enumerate(sorted(set(signature.values())))}
            colours = {u: ranks[signature[u]] for u in nodes}
            if len(ranks) == count:
                return colours
            count = len(ranks)

    def _twins(self, cell: list[int]) -> bool:
        """Whether the copies of a cell are in exactly the same combinations and announcements
        (then swapping any two of them renames nothing else: they are interchangeable)."""
        incident = self.incident
        first = sorted(incident[cell[0]])
        return all(sorted(incident[u]) == first for u in cell[1:])

    @staticmethod
    def _single(colours: dict[int, int], uid: int) -> dict[int, int]:
        """``colours`` with ``uid`` singled out of its cell (placed first in it)."""
        mine = colours[uid]
        return {v: 2 * c + (1 if c == mine and v != uid else 0) for v, c in colours.items()}

    def _form_of(
        self,
        nodes: list[int],
        colours: dict[int, int],
        leaves: list[int],
        marks: frozenset[int] = frozenset(),
        stable: bool = False,
    ) -> Label:
        """The least encoding of the component (with the copies ``marks`` singled out, already
        set apart in ``colours``) over the ways of singling out copies that colour refinement
        leaves alike; each leaf counts against :data:`MAX_LEAVES`. ``stable``: ``colours`` is
        :meth:`stable`'s, which refining returns unchanged (ranks ``0..k-1`` that no round
        splits), so the round that would confirm it is skipped."""
        if not stable:
            colours = self._refine(nodes, colours)
        cells: dict[int, list[int]] = {}
        for u in nodes:
            cells.setdefault(colours[u], []).append(u)
        for colour in sorted(cells):
            cell = cells[colour]
            if len(cell) > 1 and not self._twins(cell):
                best: Label | None = None
                for uid in cell:
                    leaves[0] += 1
                    if leaves[0] > MAX_LEAVES:
                        raise _TooSymmetric
                    found = self._form_of(nodes, self._single(colours, uid), leaves, marks)
                    if best is None or found < best:
                        best = found
                assert best is not None
                return best
        return self._encode(nodes, colours, marks)

    def _encode(self, nodes: list[int], colours: dict[int, int], marks: frozenset[int]) -> Label:
        """The component written out in colour order (twins share a place, which is all one:
        they are in the same combinations), with the places of the copies singled out."""
        briefs, edges = self.briefs, self.edges
        wanted = set(nodes)
        seen: set[int] = set()
        rows = []
        for u in nodes:
            for e in self.incident[u]:
                if e not in seen:
                    seen.add(e)
                    label, members = edges[e]
                    rows.append((label, tuple(sorted(colours[v] for v in members if v in wanted))))
        return (
            "form",
            tuple(sorted((colours[u], briefs[u]) for u in nodes)),
            tuple(sorted(rows)),
            tuple(sorted(colours[u] for u in marks)),
        )

    def _by_uids(self, nodes: Iterable[int]) -> Label:
        briefs, edges = self.briefs, self.edges
        ordered = sorted(nodes)
        rows = sorted(
            {(edges[e][0], tuple(sorted(edges[e][1]))) for u in ordered for e in self.incident[u]}
        )
        return ("uids", tuple((u, briefs[u]) for u in ordered), tuple(rows))


__all__ = ["MAX_LEAVES", "Label", "Shape", "brief", "sketch", "table_briefs"]
