"""The table's pieces: a copy of a card laid face up, a combination scored, an announcement carried.

All three are frozen values: a reading of the record (:mod:`validator.engine.reading`) changes
by replacing them, so a reading is cloned by copying its lists, never its pieces.

A copy is known by a ``uid`` unique within its reading; the uid tells physical cards apart
(two K♥ on one table) and never reaches a finding or a view.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        levels = dict(self.levels)
        if levels.get(info.family, 0) < info.level:
            levels[info.family] = info.level
        return Copy(self.card, self.uid, self.used | {kind}, tuple(sorted(levels.items())))

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
