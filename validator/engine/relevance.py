"""What of a reading can still matter: the declarations a record makes later.

A reading remembers, copy by copy, the kinds each tabled card has scored in, the combinations
it belongs to and the announcements it carries. All of that matters only to a later
declaration by the same seat that uses the same card: a mark of ``marriage`` on a K♠ matters
only if the seat declares a marriage with a K♠ again; a level in the bézique class only if it
declares a lower bézique with that card; a whole combination of aces only if it declares aces
again; an announcement carried only if it is scored (or, under the two-pack game's copy-once
rule, if the seat announces its kind again with one of its cards: ``announced_matter``). A
replay knows the record's declarations ahead of time (:meth:`Foresight.of`), so two readings
that differ only in what no later declaration can see allow the same futures: they are
compared through :class:`Relevance`, and one of them is dropped.

Without foresight (a game played live) everything is relevant.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from notation.cards import Card

from .card_tables import sorted_cards
from .combinations import MELD_KINDS, canonical_kind, kind_info
from .copies import Copy, Pending


class Relevance:
    """What one seat's later declarations can see of its table: a value, never changed once
    made (a plain class rather than a frozen dataclass: one is made for every declaration, and
    a frozen dataclass sets each field through ``object.__setattr__``)."""

    __slots__ = (
        "_views",
        "announced_matter",
        "below",
        "cards",
        "carried",
        "fresh_matters",
        "groups_matter",
        "kinds",
        "used",
    )

    def __init__(
        self,
        used: frozenset[tuple[str, Card]],
        below: dict[tuple[str, Card], int],
        kinds: frozenset[str],
        carried: frozenset[tuple[str, tuple[Card, ...]]],
        cards: frozenset[Card],
        fresh_matters: bool = True,
        groups_matter: bool = True,
        announced_matter: bool = False,
    ) -> None:
        self.used = used
        """(kind, card) of every combination declared later, card by card."""
        self.below = below
        """(family, card) -> the lowest level declared later with that card in that family."""
        self.kinds = kinds
        """The kinds declared later."""
        self.carried = carried
        """The combinations declared later, as (kind, sorted cards): announcements they may
        score."""
        self.cards = cards
        """The cards of every combination declared later: a copy of any other card can never
        matter to a declaration again, wherever it lies and whatever it has scored."""
        self.fresh_matters = fresh_matters
        """Whether an unmarked tabled copy counting as a card from the hand can change what the
        declaration model says (the Portland model, and a rule that a new combination lays a
        card from the hand); elsewhere an unmarked copy is new to every kind either way."""
        self.groups_matter = groups_matter
        """Whether the combinations scored (which copies formed each) can change what the
        declaration model says: under the Portland model, and where re-forming needs the old
        combination broken first. Elsewhere (the two-pack game's copy-once rule, Rubicon's
        re-forming under ``reform_needs_break off``) the model reads only each copy's own
        marks, so which king was married to which queen is seen by no later declaration."""
        self.announced_matter = announced_matter
        """Whether the copies of an announcement carried can change what the declaration
        model says of another announcement of its kind (they are spoken for under the two-pack
        game's copy-once rule: ``melds.model_judge``): then an announcement matters to any later
        declaration of its kind with one of its cards, not only to one that scores it."""
        self._views: dict[
            tuple[object, ...], tuple[tuple[str, ...], tuple[tuple[str, int], ...]]
        ] = {}

    @staticmethod
    def of(
        combinations: Iterable[tuple[str, Sequence[Card]]],
        fresh_matters: bool = True,
        groups_matter: bool = True,
        announced_matter: bool = False,
    ) -> Relevance:
        """The relevance of these later combinations (kind, cards)."""
        used: set[tuple[str, Card]] = set()
        below: dict[tuple[str, Card], int] = {}
        kinds: set[str] = set()
        carried: set[tuple[str, tuple[Card, ...]]] = set()
        cards_seen: set[Card] = set()
        parts: list[_Part] = []
        for kind, cards in combinations:
            if kind not in MELD_KINDS:
                continue
            key = (kind, tuple(cards))
            part = _PARTS.get(key)
            if part is None:
                if len(_PARTS) >= MEMO_SIZE:
                    _PARTS.clear()
                part = _PARTS[key] = _part(kind, key[1])
            parts.append(part)
        # the highest levels first: a lower one declared with the same card replaces them
        parts.sort(key=_level_of, reverse=True)
        for _, kind, pairs, lowest, entry, cards in parts:
            kinds.add(kind)
            carried.add(entry)
            cards_seen.update(cards)
            used.update(pairs)
            below.update(lowest)
        return Relevance(
            frozenset(used),
            below,
            frozenset(kinds),
            frozenset(carried),
            frozenset(cards_seen),
            fresh_matters=fresh_matters,
            groups_matter=groups_matter,
            announced_matter=announced_matter,
        )

    def view(self, copy: Copy) -> tuple[tuple[str, ...], tuple[tuple[str, int], ...]]:
        """The marks of ``copy`` that a later declaration can see."""
        card = copy.card
        key = (card, copy.used, copy.levels)
        found = self._views.get(key)
        if found is None:
            used = tuple(sorted(k for k in copy.used if (k, card) in self.used))
            levels = tuple(
                (family, level)
                for family, level in copy.levels
                if level > self.below.get((family, card), 99)
            )
            found = self._views[key] = (used, levels)
        return found

    def sees(self, kind: str, cards: Iterable[Card]) -> bool:
        """Whether a later declaration can see a combination of ``kind`` of these cards (one
        that re-forms or re-uses it: the same kind with one of its cards)."""
        if kind not in self.kinds:
            return False
        used = self.used
        return any((kind, card) in used for card in cards)

    def counts(self, pending: Pending) -> bool:
        """Whether a later declaration may score this announcement, or judge another by its
        copies (``announced_matter``)."""
        if (pending.kind, pending.cards) in self.carried:
            return True
        return self.announced_matter and self.sees(pending.kind, pending.cards)


_Part = tuple[
    int,
    str,
    tuple[tuple[str, Card], ...],
    dict[tuple[str, Card], int],
    tuple[str, tuple[Card, ...]],
    tuple[Card, ...],
]
"""What one combination declared later adds to a :class:`Relevance`: its level, its kind, its
(kind, card) pairs, its (family, card) levels, its (kind, sorted cards) and its cards."""

_PARTS: Final[dict[tuple[str, tuple[Card, ...]], _Part]] = {}
""":func:`_part` of each combination met (emptied when it holds :data:`MEMO_SIZE`)."""


def _part(kind: str, cards: tuple[Card, ...]) -> _Part:
    info = kind_info(kind)
    family, level = info.family, info.level
    pairs = tuple((kind, card) for card in cards)
    lowest = {(family, card): level for card in cards}
    return level, kind, pairs, lowest, (kind, sorted_cards(cards)), cards


def _level_of(part: _Part) -> int:
    return part[0]


EVERYTHING = None
"""No foresight: every mark, combination and announcement may matter."""

Ahead = frozenset[tuple[str, tuple[Card, ...]]]
"""The combinations a seat is still to declare, as a set: a :class:`Relevance` depends on
nothing else (not their order, not how often one is declared)."""

Parts = tuple[tuple[str, Sequence[Card]], ...]
"""The parts of one declaration line read so far, (kind, cards) each."""

MEMO_SIZE: Final = 4096
"""Relevances kept by :func:`relevance_of` before the memo starts again (a bound on memory
over a long batch of records)."""

_memo: Final[dict[tuple[Ahead, bool, bool, bool], Relevance]] = {}


def relevance_of(
    ahead: Iterable[tuple[str, tuple[Card, ...]]],
    fresh_matters: bool,
    groups_matter: bool,
    announced_matter: bool = False,
) -> Relevance:
    """:meth:`Relevance.of` of canonical combinations (kind, sorted cards), made once for each
    set of them: a record's declarations end alike (the last of a seat's leaves nothing ahead,
    and the combinations near the end of a deal are few), so most are found here; and a
    relevance shared keeps the views it has worked out (:meth:`Relevance.view`)."""
    key = (frozenset(ahead), fresh_matters, groups_matter, announced_matter)
    found = _memo.get(key)
    if found is None:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        found = _memo[key] = Relevance.of(key[0], fresh_matters, groups_matter, announced_matter)
    return found


class Foresight:
    """The declarations still to come in a deal, seat by seat, and their :class:`Relevance`."""

    __slots__ = (
        "_ahead",
        "_last",
        "announced_matter",
        "fresh_matters",
        "groups_matter",
        "relevance",
    )

    def __init__(
        self,
        declarations: Iterable[tuple[str, str, Sequence[Card]]],
        fresh_matters: bool = True,
        groups_matter: bool = True,
        announced_matter: bool = False,
    ) -> None:
        self.fresh_matters = fresh_matters
        self.groups_matter = groups_matter
        self.announced_matter = announced_matter
        self._ahead: dict[str, list[tuple[str, tuple[Card, ...]]]] = {}
        for seat, kind, cards in declarations:
            self._ahead.setdefault(seat, []).append((canonical_kind(kind), sorted_cards(cards)))
        self.relevance: dict[str, Relevance] = {}
        """The relevances asked for (:meth:`of`), each worked out when first asked: most
        declarations are read in one way, which asks for none."""
        self._last: tuple[str, Parts, list[tuple[str, tuple[Card, ...]]], Relevance] | None = None
        """The latest :meth:`after`: the seat, the parts, what is left ahead and its relevance.
        A line's last part is read with everything on it passed, which is what
        :meth:`passed` then works out again for the whole line: it takes this instead."""

    def clone(self) -> Foresight:
        """An independent copy (the relevances are values, shared)."""
        other = Foresight((), self.fresh_matters, self.groups_matter, self.announced_matter)
        other._ahead = {seat: list(ahead) for seat, ahead in self._ahead.items()}
        other.relevance = dict(self.relevance)
        return other

    def _relevance(self, ahead: Iterable[tuple[str, tuple[Card, ...]]]) -> Relevance:
        return relevance_of(ahead, self.fresh_matters, self.groups_matter, self.announced_matter)

    def of(self, seat: str) -> Relevance:
        """What the seat's later declarations can see."""
        found = self.relevance.get(seat)
        if found is None:
            found = self.relevance[seat] = self._relevance(self._ahead.get(seat, ()))
        return found

    def after(self, seat: str, parts: Iterable[tuple[str, Sequence[Card]]]) -> Relevance:
        """What the seat's declarations after these ones (the first parts of the line being
        read, up to the one being read) can see: :meth:`of` once they have :meth:`passed`."""
        key = tuple(parts)
        last = self._last
        if last is not None and last[0] == seat and last[1] == key:
            return last[3]
        left = _without(self._ahead.get(seat, []), key)
        found = self._relevance(left)
        self._last = (seat, key, left, found)
        return found

    def passed(self, seat: str, parts: Iterable[tuple[str, Sequence[Card]]]) -> None:
        """The seat has made these declarations (one line: a combination and those carried):
        they are no longer ahead."""
        ahead = self._ahead.get(seat)
        last, self._last = self._last, None
        if not ahead:
            return
        key = tuple(parts)
        if last is not None and last[0] == seat and last[1] == key:
            left, found = last[2], last[3]
        else:
            left, found = _without(ahead, key), None
        if len(left) < len(ahead):
            self._ahead[seat] = left
            if found is None:
                self.relevance.pop(seat, None)  # worked out again when asked
            else:
                self.relevance[seat] = found


def _without(
    ahead: list[tuple[str, tuple[Card, ...]]], parts: Iterable[tuple[str, Sequence[Card]]]
) -> list[tuple[str, tuple[Card, ...]]]:
    """What is ahead once these declarations are made: one occurrence of each taken out (a
    combination declared twice stays ahead once)."""
    left = list(ahead)
    for kind, cards in parts:
        entry = (canonical_kind(kind), sorted_cards(cards))
        if entry in left:
            left.remove(entry)
    return left
