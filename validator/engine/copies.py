"""The table's pieces: a copy of a card laid face up, a combination scored, an announcement carried.

All three are frozen values: a reading of the record (:mod:`validator.engine.reading`) changes
by replacing them, so a reading is cloned by copying its lists, never its pieces.

A copy is known by a ``uid`` unique within its reading; the uid tells physical cards apart
(two K♥ on one table) and never reaches a finding or a view.

The engine makes its pieces with :func:`copy_of`, :func:`group_of` and :func:`pending_of`,
which hand out one object for each value (as far as their tables, :data:`PIECES_KEPT`, reach):
readings that reach the same table by different ways then hold the very same pieces, and the
pruning, which tells holdings apart by their pieces' identities
(:mod:`validator.engine.seat_memo`), works each such holding out once. Sharing a value's object
changes nothing else: the pieces are frozen, compared by value everywhere, and a table that has
been emptied only means equal values made later are new objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeVar

from notation.cards import Card

from .combinations import KindInfo


@dataclass(frozen=True, slots=True)
class Copy:
    """One physical card lying face up on a player's table, with what it has scored.

    ``used`` holds the kinds it has scored in; ``levels`` its level in each family it scored
    in (A marriage 1, sequence 2; B bézique 1 .. quadruple 4; C per rank: four 1, four of
    trumps 2), as sorted ``(family, level)`` pairs.
    """

    card: Card
    uid: int
    used: frozenset[str] = frozenset()
    levels: tuple[tuple[str, int], ...] = ()

    def level(self, family: str) -> int:
        """The highest level at which this copy has scored in ``family`` (0: never)."""
        for name, level in self.levels:
            if name == family:
                return level
        return 0

    def scored(self, kind: str, info: KindInfo) -> Copy:
        """This copy after scoring in ``kind`` (of family and level ``info``)."""
        used, levels = self.used, self.levels
        if not levels:
            raised: tuple[tuple[str, int], ...] = ((info.family, info.level),)
        else:
            found = dict(levels)
            if found.get(info.family, 0) < info.level:
                found[info.family] = info.level
            raised = tuple(sorted(found.items()))
        return copy_of(self.card, self.uid, used if kind in used else used | {kind}, raised)

    @property
    def marked(self) -> bool:
        """Whether the copy has scored in anything."""
        return bool(self.used)


@dataclass(frozen=True, slots=True)
class Group:
    """A combination scored: its kind and the copies that formed it; whole while all lie there."""

    kind: str
    uids: frozenset[int]
    whole: bool = True


@dataclass(frozen=True, slots=True)
class Pending:
    """An announcement carried forward ("and twenty to score"): its kind, cards and copies."""

    kind: str
    cards: tuple[Card, ...]
    uids: frozenset[int]


PIECES_KEPT: Final = 1 << 16
"""Pieces each table below holds; a full table is emptied (module docstring)."""

SHARE_PIECES = True
"""Whether equal pieces share one object. Nothing but speed depends on it: a test turns it off
and finds the same replays (not ``Final``, so that a compiled build reads it when it runs)."""

K = TypeVar("K")
P = TypeVar("P")

_COPIES: dict[tuple[Card, int, frozenset[str], tuple[tuple[str, int], ...]], Copy] = {}
_GROUPS: dict[tuple[str, frozenset[int], bool], Group] = {}
_PENDING: dict[tuple[str, tuple[Card, ...], frozenset[int]], Pending] = {}


def copy_of(
    card: Card,
    uid: int,
    used: frozenset[str] = frozenset(),
    levels: tuple[tuple[str, int], ...] = (),
) -> Copy:
    """The copy of these fields: the one already made, if any (module docstring)."""
    if not SHARE_PIECES:
        return Copy(card, uid, used, levels)
    key = (card, uid, used, levels)
    found = _COPIES.get(key)
    return _kept(_COPIES, key, Copy(card, uid, used, levels)) if found is None else found


def group_of(kind: str, uids: frozenset[int], whole: bool = True) -> Group:
    """The combination of these fields: the one already made, if any (module docstring)."""
    if not SHARE_PIECES:
        return Group(kind, uids, whole)
    key = (kind, uids, whole)
    found = _GROUPS.get(key)
    return _kept(_GROUPS, key, Group(kind, uids, whole)) if found is None else found


def pending_of(kind: str, cards: tuple[Card, ...], uids: frozenset[int]) -> Pending:
    """The announcement of these fields: the one already made, if any (module docstring)."""
    if not SHARE_PIECES:
        return Pending(kind, cards, uids)
    key = (kind, cards, uids)
    found = _PENDING.get(key)
    return _kept(_PENDING, key, Pending(kind, cards, uids)) if found is None else found


def _kept(table: dict[K, P], key: K, piece: P) -> P:
    """``piece``, newly made, put in ``table`` under ``key`` (the table emptied when full)."""
    if len(table) >= PIECES_KEPT:
        table.clear()
    table[key] = piece
    return piece
