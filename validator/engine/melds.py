"""Which copies a declaration took, under one reading, and what the declaration model says of it.

A declaration names card values (``marriage KH QH``); under a reading each card may be a copy
already on the table (one way per copy that differs from the others by more than its uid), a
card from the known hand, or an unseen card of the hand revealed. :func:`meld_ways` lists the
assignments with the fewest faults under the model (:func:`model_faults`), best first; scoring
an announcement carried earlier takes the very copies it was announced with. :func:`lay`,
:func:`mark` and :func:`carry` apply a chosen way.

The declaration model (rubicon-bezique-laws.txt, Declarations and Re-forming Combinations;
foster-1914-ordinary-bezique.txt, Declarations; hoffmann-1909 laws 34-38):

- every game: a copy scored at a higher level of a class never serves a lower kind of it (A407);
- ``reform: none`` (the two-pack game): a copy serves in each kind once (A406);
- ``reform: new-card`` (Rubicon): a combination scores again when it holds a copy new to that
  kind; with ``reform_needs_break`` a card from the hand may not re-form a combination still
  whole on the table;
- ``reform: portland``: the same copies never score a kind twice; old copies in a new pairing
  only once one of the declared cards has been played (Portland laws 34-35), except that two
  declared marriages of a suit cross-marry with all four cards on the table (Hoffmann's note
  before the laws: "King 1 (already married to queen 1) may again be married to queen 2");
- ``new_card_from_hand``: a new announcement lays at least one card from the hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Final, NamedTuple

from notation.cards import Card

from .card_tables import ORDER, cards_text, sorted_cards
from .combinations import kind_info
from .copies import Copy, Group, Pending, copy_of, group_of, pending_of
from .holding import Holding, View
from .reading import Claim, Reading
from .reading import fresh as is_fresh
from .relevance import Relevance
from .ruleset import RuleSet
from .shapes import Shape
from .ways import Alternative, Fault

FORCED_WAYS = True
"""Whether :func:`_assignments` takes the short way when each card can be laid in one way only
(:func:`_forced`). Only a test turns it off, to check that the short way finds what the general
one does (not ``Final``: a compiled build must read it when it runs)."""

MAX_WAYS: Final = 64
"""Assignments of one declaration kept under one reading (those with the fewest faults)."""


@dataclass(frozen=True, slots=True)
class MeldWay:
    """One assignment of a declaration's cards: tabled copies, known hand cards and unseen
    cards laid, and the carried announcement it scores (its copies are ``from_table``)."""

    from_table: tuple[Copy, ...]
    from_hand: tuple[tuple[Card, int], ...] = ()
    from_unseen: tuple[tuple[Card, int], ...] = ()
    pending: Pending | None = None
    sound: bool = True
    """No fault under the declaration model."""


def matching_pending(holding: Holding, kind: str, cards: Sequence[Card]) -> list[Pending]:
    """The announcements carried by the holding that this combination would score."""
    if not holding.pending:
        return []
    key = sorted_cards(cards)
    return [p for p in holding.pending if p.kind == kind and p.cards == key]


def meld_key(reading: Reading, seat: str, distinct: Sequence[Card]) -> tuple[object, ...]:
    """All that :func:`meld_ways` reads of ``reading`` for a declaration of the ``distinct``
    cards by ``seat``: of the seat's holding its table (in order), combinations, announcements,
    unseen count and known copies of those cards, the copies of them accounted for, and the
    copies an earlier part of the line counted as new (:attr:`Reading.line_new`). Equal keys
    give equal ways, so readings that differ only at another seat or in other cards can share
    them."""
    holding = reading.holdings[seat]
    hand, seen = holding.hand, reading.seen
    return (
        tuple([hand.get(c, 0) for c in distinct]),
        tuple([seen.get(c, 0) for c in distinct]),
        holding.unknown,
        holding.plain,
        tuple(holding.table),
        tuple(holding.groups),
        tuple(holding.pending),
        reading.line_new,
    )


def meld_ways(
    reading: Reading,
    seat: str,
    kind: str,
    cards: Sequence[Card],
    rules: RuleSet,
    copies: Mapping[Card, int],
    fresh: bool,
    scoring: bool,
    relevance: Relevance | None = None,
    exhaustive: bool = False,
    later: Relevance | None = None,
    sight: Sight | None = None,
) -> tuple[list[Alternative[MeldWay]], bool]:
    """The ways to read the declaration under ``reading``, fewest faults first, and whether
    some were left out (more than :data:`MAX_WAYS` with as few faults).

    When the combination is announced as carried (``scoring`` and a carried announcement
    matches, and not ``fresh``), scoring that announcement with its copies comes first; a new
    assignment is read only when no carried one is sound. An empty list: no assignment at all
    (the cards are not held).

    ``relevance`` is what this declaration and the seat's later ones can see; ``later``, what
    the later ones alone can (``relevance`` when not given). The ways are told apart by what
    the declaration itself judges under the first, then merged where the readings they make
    differ only in what none after it can see (:func:`_unalike`, under ``later``). ``sight``,
    when given, gives both instead, asked only when a way needs them (a declaration read in
    one way needs neither).
    """
    holding = reading.holdings[seat]
    views = _Views(holding, relevance, later, sight)
    ways: list[Alternative[MeldWay]] = []
    if scoring and not fresh:
        found = matching_pending(holding, kind, cards)
        if found:  # the combination was announced to score: its copies first
            for p in _distinct_pending(views, found):
                table = tuple(c for c in holding.table if c.uid in p.uids)
                faults = model_faults(holding, rules, kind, table, False, p)
                ways.append(Alternative(MeldWay(table, pending=p, sound=not faults), faults))
            if any(not w.faults for w in ways):
                return ways, False
    # Under the Portland model the copies that formed each combination are remembered for
    # good (the same copies never score a kind twice), so a tabled copy and a card from the
    # hand are not alike there: both are read.
    prefer_table = rules.reform != "portland" and not exhaustive
    announcing = not scoring
    fresh_ways, truncated = _assignments(
        reading, views, rules, copies, kind, cards, prefer_table, announcing
    )
    if prefer_table and (not fresh_ways or fresh_ways[0].faults):
        fresh_ways, truncated = _assignments(
            reading, views, rules, copies, kind, cards, False, announcing
        )
    if ways:
        ways.extend(fresh_ways)
    else:
        ways = fresh_ways
    if len(ways) > 1:
        fewest = min(len(w.faults) for w in ways)
        ways = [w for w in ways if len(w.faults) == fewest]
        if len(ways) > 1 and not exhaustive:
            after = views.after()
            if views.now() is not None and after is not None:
                ways = _unalike(views, ways, after, kind, cards, reading.line_new)
    return ways, truncated


Sight = Callable[[], "tuple[Relevance | None, Relevance | None]"]
"""What a declaration and the seat's later ones can see, and what the later ones alone can
(:func:`meld_ways`), worked out when first asked."""


class _Views:
    """A holding's views (:meth:`Holding.view`) under the relevances one declaration asks of
    it, each looked up once: the holding does not change while the declaration's ways are
    worked out, and its shape and bound copies are asked several times under each. It keeps
    the declaration's relevances too (:func:`meld_ways`), asking ``sight`` for them, if given,
    only when first needed."""

    __slots__ = ("_later", "_now", "_sight", "found", "holding")

    def __init__(
        self,
        holding: Holding,
        relevance: Relevance | None = None,
        later: Relevance | None = None,
        sight: Sight | None = None,
    ) -> None:
        self.holding = holding
        self.found: dict[int, View] = {}
        """By the relevance's identity (the caller keeps the relevances alive)."""
        self._now = relevance
        self._later = later
        self._sight = sight

    def _see(self) -> None:
        sight = self._sight
        if sight is not None:
            self._sight = None
            self._now, self._later = sight()

    def now(self) -> Relevance | None:
        """What this declaration and the seat's later ones can see."""
        self._see()
        return self._now

    def after(self) -> Relevance | None:
        """What the seat's later declarations alone can see (:meth:`now` when not given)."""
        self._see()
        return self._now if self._later is None else self._later

    def view(self, relevance: Relevance) -> View:
        found = self.found.get(id(relevance))
        if found is None:
            found = self.found[id(relevance)] = self.holding.view(relevance)
        return found

    def shape(self, relevance: Relevance | None) -> Shape:
        """:meth:`Holding.shape`."""
        if relevance is None:
            return self.holding.shape(None)
        return self.view(relevance).shape()

    def bound(self, relevance: Relevance | None) -> AbstractSet[int]:
        """:meth:`Holding.bound`."""
        if relevance is None:
            return self.holding.bound(None)
        return self.view(relevance).bound()


def _unalike(
    views: _Views,
    ways: list[Alternative[MeldWay]],
    relevance: Relevance,
    kind: str,
    cards: Sequence[Card],
    line_new: frozenset[int],
) -> list[Alternative[MeldWay]]:
    """One way of each kind that a later declaration could tell apart: for a card no later
    declaration uses, it matters only how many copies came from the unseen part of the hand,
    and which tabled copies in a combination a later declaration can see were taken (any
    other tabled copy and a known hand card of it are alike from here on). Nor does it matter
    which tabled copies were taken whose scoring here changes nothing a later declaration can
    see: copies that have scored already, whose marks it sees are the same once they have
    scored in ``kind``, where it sees no combination of ``kind`` of these cards (so not the
    one formed here); the tables left are the same to its eyes."""
    matter = relevance.cards
    bound = views.bound(relevance)
    shape = views.shape(relevance)
    formed_seen = relevance.sees(kind, cards)
    info = kind_info(kind)
    changes: dict[int, bool] = {}

    def told(copy: Copy) -> bool:
        if not (copy.card in matter or copy.uid in bound):
            return False
        if formed_seen or not copy.used:
            return True
        found = changes.get(copy.uid)
        if found is None:
            after = relevance.view(copy.scored(kind, info))
            found = changes[copy.uid] = after != relevance.view(copy)
        return found

    seen: dict[tuple[object, ...], Alternative[MeldWay]] = {}
    for alt in ways:
        way = alt.way
        key: list[object] = [id(way.pending) if way.pending is not None else 0]
        key.extend(sorted((ORDER[card], n) for card, n in way.from_unseen))
        key.append(shape.set_label(c.uid for c in way.from_table if told(c)))
        if line_new:
            # a copy new to the line counts as a card from the hand for its later parts
            key.append(shape.set_label(c.uid for c in way.from_table if c.uid in line_new))
        key.extend(sorted((ORDER[card], n) for card, n in way.from_hand if card in matter))
        seen.setdefault(tuple(key), alt)
    return list(seen.values())


def _distinct_pending(views: _Views, found: list[Pending]) -> list[Pending]:
    if len(found) < 2:
        return found
    shape = views.shape(views.now())
    classes: dict[tuple[object, ...], Pending] = {}
    for p in found:
        classes.setdefault(shape.edge_label(p), p)
    return list(classes.values())


def _splits(total: int, sizes: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to take ``total`` items from bins of the given sizes, as counts per bin."""
    # the commonest cases, one way or none: nothing taken, or all from the one bin
    if total == 0:
        yield (0,) * len(sizes)
        return
    if len(sizes) == 1:
        if total <= sizes[0]:
            yield (total,)
        return
    if not sizes:
        if total == 0:
            yield ()
        return
    head, rest = sizes[0], sizes[1:]
    room = sum(rest)
    for n in range(min(head, total), max(0, total - room) - 1, -1):
        for tail in _splits(total - n, rest):
            yield (n, *tail)


def _assignments(
    reading: Reading,
    views: _Views,
    rules: RuleSet,
    copies: Mapping[Card, int],
    kind: str,
    cards: Sequence[Card],
    prefer_table: bool,
    announcing: bool = False,
) -> tuple[list[Alternative[MeldWay]], bool]:
    """The assignments with the fewest faults, and whether some were left out (more than
    :data:`MAX_WAYS` of them). ``announcing``: the combination is announced to score, so under
    the copy-once rule the copies of the kind's other announcements count as used
    (:func:`model_judge`).

    With ``prefer_table``, an assignment is left out when the same one with a card of the hand
    swapped for a plain tabled copy of it (one that, once it has scored in this kind, no later
    declaration can tell from a new copy that has: it has scored in nothing else they use, and
    is in no combination and carries nothing they can see; :mod:`validator.engine.relevance`)
    breaks no more rules: that one leaves the hand's card, which allows all the copy would, so
    its reading dominates. The later declarations' eyes are ``views.after()`` (what they see; this
    declaration's own judgement is in the faults of the two assignments, compared).
    """
    holding = views.holding
    wanted: dict[Card, int] = {}
    for card in cards:
        wanted[card] = wanted.get(card, 0) + 1
    spare = holding.unknown
    table = holding.table
    info = kind_info(kind)
    for on_table in table:  # a loop, not ``any`` over a generator: most find none
        if on_table.card in wanted:
            break
    else:
        return _from_hand(reading, holding, copies, wanted)
    if FORCED_WAYS:
        forced = _forced(reading, holding, rules, copies, kind, wanted, announcing)
        if forced is not None:
            return forced
    candidates = [c for c in table if c.card in wanted]
    described: dict[int, object] = {}
    linked: set[int] = set()
    # the tabled copies of each card are sorted into classes of interchangeable ones (by the
    # table's shape); where no card has two, each is a class of its own whatever its shape
    if len({c.card for c in candidates}) < len(candidates):
        relevance = views.now()
        shape = views.shape(relevance)
        described = {c.uid: shape.label(c.uid) for c in candidates}
        # a copy sharing a combination or an announcement with another copy wanted here is
        # told apart by itself: which of them go together is what the model judges
        linked = shape.tied(c.uid for c in candidates) | _linked(holding, wanted, relevance)
    order = list(wanted)
    classes_of: list[list[list[Copy]]] = []
    per_card: list[list[_Part]] = []
    line_new = reading.line_new
    fresh_uids = {
        c.uid for c in table if c.card in wanted and (c.uid in line_new or is_fresh(c, holding))
    }
    # the copies that could draw a fault from the model (scored higher in the class, or in
    # this kind already): an assignment taking none of them is judged at once (below)
    flagged: set[int] | None = None  # found when first asked
    # without a new card the model may fault an assignment taking no flagged copy only
    # under the Portland model and where a new announcement lays a card from the hand
    judged_plain = rules.reform != "portland" and not rules.new_card_from_hand
    judge: Judge | None = None  # made at the first assignment the model must judge
    for card in order:
        need = wanted[card]
        tabled = [c for c in table if c.card is card]
        known = holding.hand.get(card, 0)
        unseen_room = reading.unseen_room(card, spare, copies)
        classes: dict[tuple[object, ...], list[Copy]] = {}
        for c in tabled:
            label = (described.get(c.uid), c.uid in line_new)
            key = (*label, c.uid) if c.uid in linked else label
            classes.setdefault(key, []).append(c)
        groups = list(classes.values())
        classes_of.append(groups)
        options: list[_Part] = []
        for k in range(min(need, len(tabled)), -1, -1):
            rest = need - k
            from_known = min(rest, known)
            from_unseen = rest - from_known
            if from_unseen > unseen_room:
                continue
            hand_part = ((card, from_known),) if from_known else ()
            blind_part = ((card, from_unseen),) if from_unseen else ()
            for counts in _splits(k, [len(g) for g in groups]):
                taken = tuple([c for g, n in zip(groups, counts, strict=True) for c in g[:n]])
                options.append(
                    _Part(
                        (counts, from_known, from_unseen),
                        taken,
                        hand_part,
                        blind_part,
                        from_known + from_unseen,
                        from_unseen,
                        any(c.uid in fresh_uids for c in taken),
                    )
                )
        if not options:
            return [], False
        per_card.append(options)
    Choice = tuple[tuple[tuple[int, ...], int, int], ...]
    # judged first, made after: only the assignments with the fewest faults become ways
    found: list[tuple[tuple[int, int, int], tuple[_Part, ...], list[Fault]]] = []
    for parts in itertools.product(*per_card):
        unseen = sum([p.unseen for p in parts])
        if unseen > spare:
            continue
        laid = sum([p.laid for p in parts])
        new = laid > 0 or any([p.fresh for p in parts])
        plain = new or judged_plain
        if plain:
            if flagged is None:
                announced = _spoken_for(holding, rules, kind, announcing)
                flagged = {
                    c.uid
                    for c in table
                    if c.card in wanted
                    and (kind in c.used or c.uid in announced or c.level(info.family) > info.level)
                }
            plain = not flagged or not any([c.uid in flagged for p in parts for c in p.taken])
        if plain:
            faults: list[Fault] = []  # what model_faults finds of one taking no flagged copy
        else:
            if judge is None:
                judge = model_judge(holding, rules, kind, announcing)
            tabled_copies = tuple([c for p in parts for c in p.taken])
            faults = judge(tabled_copies, new, None)
        found.append(((len(faults), laid, unseen), parts, faults))
    if not found:
        return [], False
    found.sort(key=lambda entry: entry[0])
    fewest = found[0][0][0]
    best: list[tuple[Choice, tuple[_Part, ...], list[Fault]]] = []
    for rank, parts, faults in found:
        if rank[0] != fewest:
            break  # sorted: the rest have more faults
        best.append((tuple([p.option for p in parts]), parts, faults))
    # only an assignment laying a card from the hand can be dominated by another kept beside
    # it: which tabled copies are plain is asked only then
    if (
        prefer_table
        and len(best) > 1
        and any(known or blind for choice, _, _ in best for _, known, blind in choice)
    ):
        later = views.after()
        bound = views.bound(later)
        plain_of = [
            [_plain(g[0], bound, later, kind, info.family, info.level) for g in groups]
            for groups in classes_of
        ]
        if any(any(p) for p in plain_of):
            signatures = {choice for choice, _, _ in best}
            best = [
                entry
                for entry in best
                if not _swappable(entry[0], classes_of, plain_of, signatures)
            ]
    # the ways themselves are made only for the assignments kept
    ways = [
        Alternative(
            MeldWay(
                tuple([c for p in parts for c in p.taken]),
                tuple([h for p in parts for h in p.hand]),
                tuple([b for p in parts for b in p.blind]),
                None,
                not faults,
            ),
            faults,
        )
        for _, parts, faults in best[:MAX_WAYS]
    ]
    return ways, len(best) > MAX_WAYS


def _forced(
    reading: Reading,
    holding: Holding,
    rules: RuleSet,
    copies: Mapping[Card, int],
    kind: str,
    wanted: Mapping[Card, int],
    announcing: bool,
) -> tuple[list[Alternative[MeldWay]], bool] | None:
    """What :func:`_assignments` finds when each card wanted can be laid in one way only,
    worked out without the table's shape; None when some card can be laid in more than one.

    A card's options there take ``k`` of its tabled copies, from as many as it needs down, and
    the rest from the hand (known cards first, then unseen ones, the pack allowing); each ``k``
    split among the classes of its copies. It has one option exactly when the most copies it
    can take (all it needs, or all there are) leave a remainder the hand can lay and one more
    would not be, and that number takes none of its copies or all of them (one split, whatever
    the classes). Then the one assignment has no rival, which is all the shape, the copies'
    plainness and the swapping serve to tell apart. Its tabled copies come in table order (the
    general path lists them class by class: the same copies, which is all that is read of
    them)."""
    spare = holding.unknown
    table = holding.table
    hand = holding.hand
    taken: list[Copy] = []
    from_hand: list[tuple[Card, int]] = []
    blind: list[tuple[Card, int]] = []
    laid = unseen = 0
    for card, need in wanted.items():
        tabled = [c for c in table if c.card is card]
        count = len(tabled)
        known = hand.get(card, 0)
        room = reading.unseen_room(card, spare, copies)
        k = need if need < count else count
        rest = need - k
        from_known = rest if rest < known else known
        if rest - from_known > room:
            return [], False  # not even the most copies it can take leave a remainder laid
        if k < count:
            return None  # some of its copies: which ones is the shape's question
        if k and rest + 1 - min(rest + 1, known) <= room:
            return None  # one copy fewer, and one card more from the hand, is an option too
        taken.extend(tabled)
        if from_known:
            from_hand.append((card, from_known))
        if rest - from_known:
            blind.append((card, rest - from_known))
        laid += rest
        unseen += rest - from_known
    if unseen > spare:
        return [], False
    new = laid > 0
    if not new and taken:
        line_new = reading.line_new
        new = any([c.uid in line_new or is_fresh(c, holding) for c in taken])
    faults: list[Fault] = []
    if taken:
        info = kind_info(kind)
        family, level = info.family, info.level
        plain = new or (rules.reform != "portland" and not rules.new_card_from_hand)
        if plain:
            announced = _spoken_for(holding, rules, kind, announcing)
            plain = not any(
                [kind in c.used or c.uid in announced or c.level(family) > level for c in taken]
            )
        if not plain:
            faults = model_judge(holding, rules, kind, announcing)(tuple(taken), new, None)
    way = MeldWay(tuple(taken), tuple(from_hand), tuple(blind), None, not faults)
    return [Alternative(way, faults)], False


class _Part(NamedTuple):
    """One card's share of an assignment (:func:`_assignments`), worked out once for all the
    assignments that take it: how many copies of each class, known and unseen cards it takes,
    the copies themselves, its entries of the hand and unseen cards laid, how many cards it
    lays, and whether a copy it takes is fresh (counts as a card from the hand)."""

    option: tuple[tuple[int, ...], int, int]
    taken: tuple[Copy, ...]
    hand: tuple[tuple[Card, int], ...]
    blind: tuple[tuple[Card, int], ...]
    laid: int
    unseen: int
    fresh: bool


def _linked(holding: Holding, wanted: Mapping[Card, int], relevance: Relevance | None) -> set[int]:
    """The tabled copies of the cards wanted that share a combination or an announcement with
    a tabled copy of another card wanted (two marriages of one suit on the table: which king
    goes with which queen matters, so those copies are not interchangeable); combinations
    count only where the declaration model reads them (``Relevance.groups_matter``)."""
    cards = {c.uid: c.card for c in holding.table if c.card in wanted}
    out: set[int] = set()
    groups = holding.groups_read(relevance)
    for uids in [g.uids for g in groups] + [p.uids for p in holding.pending]:
        present = [u for u in uids if u in cards]
        if len({cards[u] for u in present}) > 1:
            out.update(present)
    return out


def _swappable(
    choice: tuple[tuple[tuple[int, ...], int, int], ...],
    classes_of: list[list[list[Copy]]],
    plain_of: list[list[bool]],
    signatures: set[tuple[tuple[tuple[int, ...], int, int], ...]],
) -> bool:
    """Whether the assignment with one card of the hand swapped for an unused plain tabled
    copy of it is among ``signatures`` (as few faults): then this one is dominated."""
    for index, (counts, from_known, from_unseen) in enumerate(choice):
        if not from_known and not from_unseen:
            continue
        groups, plain = classes_of[index], plain_of[index]
        for i, n in enumerate(counts):
            if not plain[i] or n >= len(groups[i]):
                continue
            more = (*counts[:i], n + 1, *counts[i + 1 :])
            swapped = (
                (more, from_known, from_unseen - 1)
                if from_unseen
                else (more, from_known - 1, from_unseen)
            )
            if (*choice[:index], swapped, *choice[index + 1 :]) in signatures:
                return True
    return False


def _from_hand(
    reading: Reading,
    holding: Holding,
    copies: Mapping[Card, int],
    wanted: Mapping[Card, int],
) -> tuple[list[Alternative[MeldWay]], bool]:
    """The one assignment when no card wanted lies on the table: all from the hand, known
    cards first, then unseen ones (the pack allowing)."""
    hand: list[tuple[Card, int]] = []
    blind: list[tuple[Card, int]] = []
    unseen = 0
    for card, need in wanted.items():
        known = min(need, holding.hand.get(card, 0))
        if known:
            hand.append((card, known))
        rest = need - known
        if rest:
            if rest > copies[card] - reading.seen.get(card, 0):
                return [], False
            blind.append((card, rest))
            unseen += rest
    if unseen > holding.unknown:
        return [], False
    # the model finds nothing to fault in an assignment that takes no tabled copy and lays
    # cards from the hand: nothing re-used, nothing from a higher combination, a card added
    # (model_faults of no copy and from_hand, under every model)
    way = MeldWay((), tuple(hand), tuple(blind), None, True)
    return [Alternative(way, [])], False


def _plain(
    copy: Copy,
    bound: AbstractSet[int],
    relevance: Relevance | None,
    kind: str,
    family: str,
    level: int,
) -> bool:
    """Whether ``copy`` has scored in nothing a later declaration can see but ``kind`` (of that
    family and level or below it), and is not in ``bound``, the copies of the combinations and
    announcements they can see (``Holding.bound``, worked out once a declaration)."""
    used, levels = (tuple(copy.used), copy.levels) if relevance is None else relevance.view(copy)
    return (
        all(k == kind for k in used)
        and all(f == family and lv <= level for f, lv in levels)
        and copy.uid not in bound
    )


def model_faults(
    holding: Holding,
    rules: RuleSet,
    kind: str,
    from_table: Sequence[Copy],
    from_hand: bool,
    pending: Pending | None,
) -> list[Fault]:
    """What the declaration model says of an assignment: A406 and A407 faults (module doc).

    ``from_hand``: the assignment adds a card from the hand, or a fresh copy from the table
    (one with no mark, in no combination, carrying nothing: a card laid earlier in place of
    one played, or shown in a declaration that did not stand), which counts as one."""
    return model_judge(holding, rules, kind)(from_table, from_hand, pending)


Judge = Callable[[Sequence[Copy], bool, "Pending | None"], list[Fault]]
""":func:`model_faults` of one holding, rules and kind, for any assignment of it."""


def model_judge(holding: Holding, rules: RuleSet, kind: str, announcing: bool = False) -> Judge:
    """:func:`model_faults` for the assignments of one declaration under one reading: what
    it reads of the holding and the kind (the combinations of the kind) is found once, for
    the many assignments judged (the holding must not change meanwhile).

    ``announcing``: the combination is announced to score, not scored. Under the copy-once rule
    (``reform: none``, the two-pack game) a copy in another announcement of the kind still
    carried is then spoken for: one king is not announced in two marriages ("she cannot marry a
    second king", bezique-guide.txt, Scoring; rule book ``decl.carried``). Re-forming games let
    one king marry queen after queen, so there the announcements do not bind. A combination
    scored is judged on the marks alone: scoring a fresh one in place of an announcement is
    allowed ("not obliged to score it if he has anything else to announce",
    foster-1914-ordinary-bezique.txt, Double Declarations); the announcement whose copy it takes
    can then no longer be scored (A406 when it is)."""
    info = kind_info(kind)
    family, level = info.family, info.level
    reform = rules.reform
    needs_break = rules.reform_needs_break
    needs_new = rules.new_card_from_hand
    # the Portland model's judgement of the copies taken reads the combinations of the kind
    of_kind = [g for g in holding.groups if g.kind == kind] if reform == "portland" else []
    announced = _spoken_for(holding, rules, kind, announcing)

    def judge(from_table: Sequence[Copy], from_hand: bool, pending: Pending | None) -> list[Fault]:
        faults: list[Fault] = []
        higher: Copy | None = None
        reused: list[Copy] = []
        for c in from_table:
            if higher is None and c.level(family) > level:
                higher = c
            if kind in c.used or c.uid in announced:
                reused.append(c)
        if higher is not None:
            faults.append(
                Fault(
                    "A407",
                    "decl.lower-from-higher",
                    f"{higher.card} already scored in a higher combination of the class",
                )
            )
        if reform == "none":
            if reused:
                first = reused[0]
                served = "has already served" if kind in first.used else "is announced to score"
                faults.append(Fault("A406", "decl.copy-once", f"{first.card} {served} in a {kind}"))
        elif reform == "new-card":
            if needs_break and reused and holding.whole_group(kind, (c.uid for c in reused)):
                faults.append(Fault("A406", "decl.reform", f"the {kind} scored is still whole"))
            elif not from_hand and from_table and len(reused) == len(from_table):
                faults.append(Fault("A406", "decl.reform", f"no card new to a {kind}"))
        elif from_hand:
            if needs_break and reused and holding.whole_group(kind, (c.uid for c in reused)):
                faults.append(Fault("A406", "decl.reform", f"the {kind} scored is still whole"))
        else:
            # Portland laws 34-35: the same cards never twice; old cards in a new pairing only
            # once one of the declared cards has been played, but for two marriages of a suit,
            # which cross-marry with all four cards on the table (Hoffmann, before the laws).
            uids = frozenset(c.uid for c in from_table)
            same = [g for g in of_kind if g.uids & uids]
            if any(g.uids == uids for g in same):
                faults.append(
                    Fault("A406", "decl.reform", f"this {kind} was scored with these cards")
                )
            elif (
                kind != "marriage"
                and reused
                and len(reused) == len(from_table)
                and all(g.whole for g in same)
            ):
                faults.append(
                    Fault("A406", "decl.reform", f"no declared card played since the {kind}")
                )
        if needs_new and not from_hand and pending is None:
            faults.append(
                Fault("A406", "decl.new-card", f"a {kind} must add at least one card from the hand")
            )
        return faults

    return judge


def _spoken_for(holding: Holding, rules: RuleSet, kind: str, announcing: bool) -> frozenset[int]:
    """The copies an announcement of ``kind`` may not take (:func:`model_judge`): under the
    copy-once rule, those of the kind's announcements still carried; none when the combination
    is scored (no announcement is judged against the one it scores) or re-formed."""
    if not announcing or rules.reform != "none" or not holding.pending:
        return frozenset()
    return frozenset(uid for p in holding.pending if p.kind == kind for uid in p.uids)


def lay(reading: Reading, seat: str, way: MeldWay, first_uid: int) -> list[Copy]:
    """Lay the way's hand and unseen cards on the table; the combination's copies.

    The copies laid are numbered from ``first_uid`` in the notation's card order, the same
    under every reading (the caller numbers events, not readings): the same physical card laid
    at the same event has the same uid whichever reading lays it, so that readings can be
    compared copy by copy."""
    holding = reading.holdings[seat]
    laid = list(way.from_table)
    new: list[Card] = []
    for card, count in way.from_hand:
        for _ in range(count):
            holding.take(card)
            new.append(card)
    for card, count in way.from_unseen:
        for _ in range(count):
            holding.unseen_out(card)
            reading.reveal(card)
            new.append(card)
    for offset, card in enumerate(sorted(new, key=ORDER.__getitem__)):
        copy = copy_of(card, first_uid + offset)
        holding.table.append(copy)
        laid.append(copy)
    if way.pending is not None and way.pending in holding.pending:
        holding.pending.remove(way.pending)
    return laid


Marked = dict[tuple[int, ...], tuple[list[Copy], dict[int, Copy], Group]]
""":func:`mark`'s memo for one declaration: by the identities of the copies marked, those
copies (kept, so that no other object takes their identities), the copies they become by
uid, and the combination."""


def mark(
    reading: Reading,
    seat: str,
    kind: str,
    copies: list[Copy],
    scored: Pending | None,
    made: Marked | None = None,
) -> None:
    """The combination scored (or stands as scored): its copies are marked with the kind, and
    the combination is recorded; kept as the reading's last claim, to be taken down.

    ``made``: a memo kept by the caller for the readings of one declaration of ``kind``: the
    readings that share its ways lay the very same copies (pieces are shared,
    :mod:`validator.engine.copies`), which become the same marked copies and combination."""
    holding = reading.holdings[seat]
    ids = tuple(map(id, copies)) if made is not None else ()
    found = made.get(ids) if made is not None else None
    if found is None:
        info = kind_info(kind)
        by_uid = {c.uid: c.scored(kind, info) for c in copies}
        group = group_of(kind, frozenset(by_uid))
        if made is not None:
            made[ids] = (copies, by_uid, group)
    else:
        _, by_uid, group = found
    holding.table = [by_uid.get(c.uid, c) for c in holding.table]
    holding.groups.append(group)
    reading.last_claim = Claim(seat, list(copies), group, scored)


def carry(
    reading: Reading, seat: str, kind: str, cards: Sequence[Card], copies: list[Copy]
) -> None:
    """An announcement carried forward with these copies."""
    reading.holdings[seat].pending.append(
        pending_of(kind, sorted_cards(cards), frozenset(c.uid for c in copies))
    )


def not_held(kind: str, cards: Sequence[Card], announced: bool) -> Fault:
    """A401 (cards not held), or A408 when the seat had announced the combination to score
    (its cards were played since, or its time ran out)."""
    if announced:
        return Fault(
            "A408",
            "decl.carried",
            f"{kind} {cards_text(cards)}: a carried announcement whose cards were played "
            "or whose time ran out",
        )
    return Fault("A401", "decl.shown", f"{kind} {cards_text(cards)}: cards not held")
