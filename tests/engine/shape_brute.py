"""A brute force beside :mod:`validator.engine.shapes`: which renamings of a table's copies keep
it the same, tried one by one.

A renaming maps each tabled copy to a copy of the same card with the same marks, and must map
the combinations and announcements (each as its kind, state and the set of its tabled copies,
with the count of those played) onto themselves as a multiset. Small tables only: every
permutation within each set of look-alike copies is tried.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from notation.cards import Card
from validator.engine.card_tables import ORDER
from validator.engine.copies import Copy, Group, Pending
from validator.engine.holding import Holding

Renaming = dict[int, int]

KH, QH, QS, JD = (Card.parse(t) for t in ("KH", "QH", "QS", "JD"))
PAIRS = [("marriage", (KH, QH)), ("bezique", (QS, JD))]


def random_holding(rng: random.Random) -> Holding:
    """A small table of hearts marriages and béziques with a made-up history: copies with or
    without marks, combinations whole or broken (some of their copies played), announcements
    carried."""
    holding = Holding({}, 0)
    uid = 0
    for card in (KH, QH, QS, JD):
        for _ in range(rng.randrange(0, 4)):
            uid += 1
            holding.table.append(Copy(card, uid))
    by_card: dict[Card, list[int]] = {}
    for c in holding.table:
        by_card.setdefault(c.card, []).append(c.uid)
    played = 100
    for _ in range(rng.randrange(0, 6)):
        kind, (a, b) = rng.choice(PAIRS)
        first = rng.choice(by_card.get(a, [0]))
        second = rng.choice(by_card.get(b, [0]))
        if first == 0 and second == 0:
            continue
        uids = set()
        for pick in (first, second):
            if pick == 0 or rng.random() < 0.2:
                played += 1
                uids.add(played)
            else:
                uids.add(pick)
        whole = all(u < 100 for u in uids) and rng.random() < 0.6
        if rng.random() < 0.25 and all(u < 100 for u in uids):
            holding.pending.append(Pending(kind, (a, b), frozenset(uids)))
        else:
            holding.groups.append(Group(kind, frozenset(uids), whole))
    marked = {u for g in holding.groups for u in g.uids}
    kinds: dict[int, set[str]] = {}
    for g in holding.groups:
        for u in g.uids:
            kinds.setdefault(u, set()).add(g.kind)
    holding.table = [
        Copy(c.card, c.uid, frozenset(kinds.get(c.uid, ()))) if c.uid in marked else c
        for c in holding.table
    ]
    return holding


def _look(holding: Holding) -> dict[int, tuple[object, ...]]:
    return {c.uid: (ORDER[c.card], tuple(sorted(c.used)), c.levels) for c in holding.table}


def _edges(holding: Holding, rename: Renaming) -> list[tuple[object, ...]]:
    tabled = {c.uid for c in holding.table}
    rows: list[tuple[object, ...]] = []
    for g in holding.groups:
        members = tuple(sorted(rename[u] for u in g.uids if u in tabled))
        if members:
            rows.append((0, g.kind, g.whole, len(g.uids) - len(members), members))
    for p in holding.pending:
        members = tuple(sorted(rename[u] for u in p.uids if u in tabled))
        rows.append((1, p.kind, tuple(ORDER[c] for c in p.cards), 0, members))
    return sorted(rows, key=repr)


def renamings(one: Holding, other: Holding) -> Iterator[Renaming]:
    """Every renaming of ``one``'s tabled copies into ``other``'s that maps one table onto the
    other."""
    mine, theirs = _look(one), _look(other)
    if sorted(mine.values(), key=repr) != sorted(theirs.values(), key=repr):
        return
    classes: dict[tuple[object, ...], tuple[list[int], list[int]]] = {}
    for uid, look in mine.items():
        classes.setdefault(look, ([], []))[0].append(uid)
    for uid, look in theirs.items():
        classes[look][1].append(uid)
    target = _edges(other, {u: u for u in theirs})
    parts = list(classes.values())
    for choice in itertools.product(*(itertools.permutations(b) for _, b in parts)):
        rename = {
            u: v
            for (a, _), image in zip(parts, choice, strict=True)
            for u, v in zip(a, image, strict=True)
        }
        if _edges(one, rename) == target:
            yield rename


def alike(holding: Holding, u: int, v: int) -> bool:
    """Whether some renaming of the table onto itself maps copy ``u`` to copy ``v``."""
    return any(r[u] == v for r in renamings(holding, holding))


def same_table(one: Holding, other: Holding) -> bool:
    """Whether some renaming maps ``one``'s table onto ``other``'s."""
    return next(renamings(one, other), None) is not None


def sets_alike(holding: Holding, first: set[int], second: set[int]) -> bool:
    """Whether some renaming of the table onto itself maps the set ``first`` onto ``second``."""
    return any({r[u] for u in first} == second for r in renamings(holding, holding))
