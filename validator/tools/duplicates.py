"""Records of the same game across an archive, found in bounded memory; the most complete kept.

Each record's :class:`~validator.tools.fingerprint.Fingerprint` is added as it is read; at the
end two sorts on disk (:class:`~validator.tools.external_sort.ExternalSorter`) bring together

- the records whose first deal has the same hands and stock (the same deal, whatever was
  played, a record stopped early included);
- the records whose plays are the same, or begin another's (the start of a longer record),
  when they hold at least :data:`MIN_PLAYS` plays: a few cards can begin many games.

Of each group the most complete record is kept (most plays, then most cards named, then most
events, then most annotation: tags, comments, glyphs and NAGs, variations; the first in the
archive on a tie) and every other is a :class:`Duplicate` naming the
record kept and why. Memory holds one sorted run and the duplicates found, not the archive.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from notation.model import Record
from validator.tools.external_sort import ExternalSorter
from validator.tools.fingerprint import Fingerprint, fingerprint

MIN_PLAYS: Final = 8
"""The fewest plays a record holds to be matched by its plays alone (four tricks of two)."""

SAME_DEAL: Final = "same hands and stock, same plays"
SAME_DEAL_START: Final = "same hands and stock, its plays the start of the other's"
SAME_DEAL_OTHER_PLAYS: Final = "same hands and stock, other plays"
SAME_PLAYS: Final = "same plays"
START: Final = "its plays the start of the other's"


@dataclass(frozen=True, slots=True)
class Where:
    """A record in the archive: its place in input order, its file and first line."""

    ordinal: int
    source: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line}"


@dataclass(frozen=True, slots=True)
class Duplicate:
    """A record of a game the archive holds more completely elsewhere: ``kept`` is that one."""

    record: Where
    kept: Where
    reason: str

    def __str__(self) -> str:
        return f"{self.record}: duplicate of {self.kept} ({self.reason})"


def _order(rank: tuple[int, int, int, int], ordinal: int) -> tuple[int, int, int, int, int]:
    """Ascending: the most complete first, then the first in the archive."""
    return (-rank[0], -rank[1], -rank[2], -rank[3], ordinal)


class DuplicateFinder:
    """Add each record's fingerprint in archive order; :meth:`duplicates` finds the groups."""

    def __init__(self, max_chars: int = 2 << 20) -> None:
        self._cards = ExternalSorter(max_chars)
        self._plays = ExternalSorter(max_chars)
        self.added = 0

    def add(self, where: Where, key: Fingerprint) -> None:
        order = _order(key.rank, where.ordinal)
        place = (where.ordinal, where.source, where.line)
        if key.cards is not None:
            self._cards.add((key.cards, *order, *place, key.plays))
        if key.play_count >= MIN_PLAYS:
            self._plays.add((key.plays, *order, *place))
        self.added += 1

    @property
    def spilled(self) -> int:
        """How many sorted runs went to disk (0 when every key fitted in memory)."""
        return self._cards.spilled + self._plays.spilled

    def duplicates(self) -> list[Duplicate]:
        """Every record but the kept one of each group, in archive order."""
        found: dict[int, tuple[Where, Where, str]] = {}
        self._same_cards(found)
        self._same_plays(found)
        out: list[Duplicate] = []
        for ordinal in sorted(found):
            record, partner, reason = found[ordinal]
            seen = {ordinal}
            while partner.ordinal in found and partner.ordinal not in seen:
                seen.add(partner.ordinal)
                partner = found[partner.ordinal][1]
            out.append(Duplicate(record, partner, reason))
        return out

    def _same_cards(self, found: dict[int, tuple[Where, Where, str]]) -> None:
        best: tuple[str, Where, str] | None = None
        for key, _a, _b, _c, _d, _e, ordinal, source, line, plays in self._cards.rows():
            here = Where(ordinal, source, line)
            if best is None or best[0] != key:
                best = (key, here, plays)
                continue
            kept_plays = best[2]
            if plays == kept_plays:
                reason = SAME_DEAL
            elif kept_plays.startswith(plays):
                reason = SAME_DEAL_START
            else:
                reason = SAME_DEAL_OTHER_PLAYS
            found.setdefault(ordinal, (here, best[1], reason))

    def _same_plays(self, found: dict[int, tuple[Where, Where, str]]) -> None:
        # Sorted by their plays, a record's starts come before it, each just after the one it
        # starts: a stack holds the chain of records each of which begins the next.
        stack: list[tuple[str, Where]] = []
        for plays, _a, _b, _c, _d, _e, ordinal, source, line in self._plays.rows():
            here = Where(ordinal, source, line)
            while stack and not plays.startswith(stack[-1][0]):
                stack.pop()
            if stack and plays == stack[-1][0]:
                found.setdefault(ordinal, (here, stack[-1][1], SAME_PLAYS))
                continue
            for _, start in stack:
                found.setdefault(start.ordinal, (start, here, START))
            stack.append((plays, here))

    def close(self) -> None:
        self._cards.close()
        self._plays.close()


def find_duplicates(records: Iterable[Record]) -> list[Duplicate]:
    """The duplicates among ``records`` (each named by its source and line, when it has them,
    and by its place in the iterable)."""
    finder = DuplicateFinder()
    try:
        for ordinal, record in enumerate(records):
            line = record.pos.line if record.pos is not None else ordinal + 1
            finder.add(Where(ordinal, record.source or "<records>", line), fingerprint(record))
        return finder.duplicates()
    finally:
        finder.close()
