"""Where only each copy's own marks count, a table whose marks sit on fewer copies is freer
(``validator/engine/concentration.py``).

The condition (for every set of marks, no fewer copies of a card free of all of them) is
checked against the declaration model itself, by brute force: one card's copies, each the set of
marks :func:`concentration.marks` gives it (the kinds it has scored in, and each level below its
own in a class), under every event that can touch them (a play takes any copy; a declaration of
a kind takes some copies, none scored above the kind's level, one new to the kind unless another
card of the declaration is, and marks them). The greatest simulation over the tables reachable
from unmarked copies (one table answers every event the other can take, and stays related) is
worked out by fixpoint; every pair of tables the condition relates must be in it. The condition
relates pairs that no one-to-one pairing of copies does, or the test would say nothing new.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from notation.cards import Card
from validator.engine.combinations import kind_info
from validator.engine.concentration import Marks, freer, marks
from validator.engine.copies import Copy
from validator.engine.holding import Holding
from validator.engine.reading import Reading
from validator.engine.relevance import Foresight, Relevance

Table = tuple[Marks, ...]
Event = tuple[object, ...]


def _added(copy: Marks, kind: str) -> Marks:
    """The copy once it has scored in ``kind``: the kind, and each level below the kind's."""
    info = kind_info(kind)
    return copy | {kind} | {(info.family, below) for below in range(1, info.level)}


def _usable(copy: Marks, kind: str) -> bool:
    """A copy scored above the kind's level in its class may not serve (A407)."""
    info = kind_info(kind)
    return (info.family, info.level) not in copy


def _canon(copies: list[Marks]) -> Table:
    return tuple(sorted(copies, key=lambda c: sorted(map(repr, c))))


def _events(kinds: tuple[str, ...], size: int) -> Iterator[Event]:
    yield ("play",)
    for kind in kinds:
        for taken in range(1, size + 1):
            for needs_new in (True, False):
                yield ("declare", kind, taken, needs_new)


def _after(table: Table, event: Event) -> set[Table]:
    """Every table an event can leave (none: the event cannot be taken)."""
    if event[0] == "play":
        return {_canon([*table[:i], *table[i + 1 :]]) for i in range(len(table))}
    _, kind, taken, needs_new = event
    assert isinstance(kind, str) and isinstance(taken, int)
    found: set[Table] = set()
    for chosen in itertools.combinations(range(len(table)), taken):
        copies = [table[i] for i in chosen]
        if not all(_usable(c, kind) for c in copies):
            continue
        if needs_new and all(kind in c for c in copies):
            continue  # A406: no copy new to the kind, and no other card of it new either
        rest = [table[i] for i in range(len(table)) if i not in chosen]
        found.add(_canon(rest + [_added(c, kind) for c in copies]))
    return found


def _simulation(kinds: tuple[str, ...], size: int) -> tuple[list[Table], set[tuple[Table, Table]]]:
    events = list(_events(kinds, size))
    tables: set[Table] = set()
    todo = [_canon([frozenset()] * n) for n in range(size + 1)]
    while todo:
        table = todo.pop()
        if table not in tables:
            tables.add(table)
            todo.extend(t for e in events for t in _after(table, e))
    after = {(t, e): _after(t, e) for t in tables for e in events}
    related = {(a, b) for a in tables for b in tables if len(a) == len(b)}
    changed = True
    while changed:
        changed = False
        for a, b in list(related):
            if any(
                not any((a2, b2) in related for a2 in after[(a, e)])
                for e in events
                for b2 in after[(b, e)]
            ):
                related.discard((a, b))
                changed = True
    return sorted(tables, key=lambda t: (len(t), repr(t))), related


def _paired(mine: Table, theirs: Table) -> bool:
    """Whether some one-to-one pairing gives each of theirs a copy of mine with no more marks."""
    return any(
        all(mine[p] <= theirs[i] for i, p in enumerate(order))
        for order in itertools.permutations(range(len(mine)))
    )


@pytest.mark.parametrize(
    ("kinds", "size"),
    [
        (("bezique", "double-bezique", "triple-bezique", "queens"), 2),
        (("bezique", "double-bezique", "queens"), 3),
    ],
)
def test_the_condition_is_a_simulation_of_the_model(kinds: tuple[str, ...], size: int) -> None:
    tables, related = _simulation(kinds, size)
    freer_pairs = [(a, b) for a in tables for b in tables if len(a) == len(b) and freer(a, b)]
    assert all(pair in related for pair in freer_pairs)
    beyond_pairing = [(a, b) for a, b in freer_pairs if not _paired(a, b)]
    assert beyond_pairing  # the condition says more than a pairing of copies
    # and the pairing says no more than the condition
    assert all(freer(a, b) for a in tables for b in tables if len(a) == len(b) and _paired(a, b))


QS = Card.parse("QS")


def _reading(hand: int, marks: list[list[str]], unknown: int, seen: int) -> Reading:
    table = [Copy(QS, 100 + i) for i in range(len(marks))]
    for i, kinds in enumerate(marks):
        for kind in kinds:
            table[i] = table[i].scored(kind, kind_info(kind))
    a = Holding({QS: hand} if hand else {}, unknown)
    a.table = table
    return Reading({"A": a, "B": Holding({}, 12)}, {QS: seen})


@pytest.mark.parametrize("groups_matter", [False, True])
def test_marks_on_fewer_copies_are_freer_only_where_just_the_marks_count(
    groups_matter: bool,
) -> None:
    """By hand: A holds a Q♠ and has a Q♠ on the table scored in queens and a double bézique
    (R1), or has two on the table, one scored in each (R2); later he declares queens and
    double béziques with Q♠. Where only each copy's own marks count (re-forming without the
    break), R1 allows all R2 allows: his free Q♠ does what either of R2's does for a
    declaration that needs a copy new to its kind, and the other copies are alike spent. Where
    a combination still whole bars re-forming it, which copies formed what matters, and the
    condition is not asked."""
    later = Foresight(
        [("A", "queens", [QS, QS, QS, QS]), ("A", "double-bezique", [QS, QS])],
        fresh_matters=False,
        groups_matter=groups_matter,
    )
    r1 = _reading(1, [["queens", "double-bezique"]], 0, 2)
    r2 = _reading(0, [["double-bezique"], ["queens"]], 0, 2)
    copies = {QS: 6}
    assert r1.dominates(r2, False, copies, later) is not groups_matter
    assert not r2.dominates(r1, False, copies, later)


def test_a_copy_s_marks_are_those_the_model_above_gives_it() -> None:
    """What the condition compares of a tabled copy (``concentration.marks``) is what the
    brute force above works with: the kinds it has scored in and each level below its own,
    for copies scored in every order of kinds, all seen by later declarations."""
    kinds = ("bezique", "double-bezique", "triple-bezique", "quadruple-bezique", "queens")
    later = Relevance.of([(kind, [QS] * 4) for kind in kinds])
    for count in range(1, 4):
        for order in itertools.permutations(kinds, count):
            copy = Copy(QS, 1)
            model: Marks = frozenset()
            for kind in order:
                copy = copy.scored(kind, kind_info(kind))
                model = _added(model, kind)
            assert marks(copy, later) == model, order
