"""Under the Portland model a broken combination is kept as what it can still do: each of its
copies left on the table, alone, marked as having been in a broken combination of that kind.

Why that is all a later declaration can read (``melds.model_faults``, Portland laws 34-35 in
``docs/rules.md``): a declaration that lays no card from the hand takes every card from the
table, so it is "scored with these cards" only if it equals a combination whose copies all lie
there, a whole one; and it is refused as "no declared card played since" only if every
combination of its kind that shares a copy with it is whole. A broken combination has a copy
gone (played), so it never equals one, and it shares a copy with a declaration exactly when
one of its copies still on the table is among the declaration's. Which copies formed it,
which of them are gone and what other broken combinations their copies were in are read by
nothing: readings that differ only there are one reading.

Checked two ways: by hand, on the history of ``docs/engine.md`` (two readings whose broken
four aces differ only in the ace played are one); and against the full history, kept here as
the engine kept it before (every combination with all its copies, a broken one flagged): on
random histories of declarations and plays, the model's faults are the same for every choice
of copies, with the copies laid from the hand or not, re-forming needing a break or not.
"""

from __future__ import annotations

import itertools
import random

import pytest

from notation.cards import Card
from validator.engine.combinations import kind_info
from validator.engine.copies import Copy, Group
from validator.engine.holding import Holding
from validator.engine.melds import model_faults
from validator.engine.ruleset import load_ruleset

AS, AH, AD, AC = (Card.parse(t) for t in ("AS", "AH", "AD", "AC"))
KH, QH = Card.parse("KH"), Card.parse("QH")
ACES = kind_info("aces")


def _aces(uids: list[int], cards: list[Card]) -> list[Copy]:
    return [Copy(card, uid).scored("aces", ACES) for uid, card in zip(uids, cards, strict=True)]


def _declared(holding: Holding, kind: str, copies: list[Copy]) -> None:
    """The copies, already marked, lie on the table as one combination of ``kind``."""
    holding.table.extend(c for c in copies if c not in holding.table)
    holding.groups.append(Group(kind, frozenset(c.uid for c in copies)))


def test_readings_whose_broken_aces_differ_only_in_the_ace_played_are_one() -> None:
    # A scored four aces with A♠#1 A♥#2 A♦#3 A♣#4 and played A♦#3 (X), or with A♠#1 A♥#2 A♦#5
    # A♣#4 and played A♦#5 (Y): the same copies lie on the table with the same marks, and
    # each is in a broken four aces; nothing a declaration can do tells X from Y.
    x, y = Holding({}, 3), Holding({}, 3)
    _declared(x, "aces", _aces([1, 2, 3, 4], [AS, AH, AD, AC]))
    _declared(y, "aces", _aces([1, 2, 5, 4], [AS, AH, AD, AC]))
    x.remove(next(c for c in x.table if c.uid == 3), portland=True)
    y.remove(next(c for c in y.table if c.uid == 5), portland=True)
    assert x.table == y.table
    assert sorted(x.groups, key=repr) == sorted(y.groups, key=repr)
    assert {(g.kind, g.uids, g.whole) for g in x.groups} == {
        ("aces", frozenset({1}), False),
        ("aces", frozenset({2}), False),
        ("aces", frozenset({4}), False),
    }
    assert x.key() == y.key()


def test_a_copy_played_leaves_nothing_behind_and_a_copy_in_two_broken_aces_is_marked_once() -> None:
    holding = Holding({}, 0)
    _declared(holding, "aces", _aces([1, 2, 3, 4], [AS, AH, AD, AC]))
    _declared(holding, "aces", [*holding.table[:3], *_aces([5], [AC])])  # re-formed with A♣#5
    holding.remove(holding.table[3], portland=True)  # A♣#4: the first four aces broken
    holding.remove(holding.table[3], portland=True)  # A♣#5: the second too
    assert {(g.kind, g.uids, g.whole) for g in holding.groups} == {
        ("aces", frozenset({1}), False),
        ("aces", frozenset({2}), False),
        ("aces", frozenset({3}), False),
    }
    holding.remove(holding.table[0], portland=True)  # A♠#1 leaves: its mark goes with it
    assert {g.uids for g in holding.groups} == {frozenset({2}), frozenset({3})}


class _History:
    """A seat's table under the Portland model, kept twice: by the engine (``holding``) and
    as the engine kept it before this representation (``full``: every combination with all
    its copies, a broken one flagged, nothing dropped)."""

    def __init__(self) -> None:
        self.holding = Holding({}, 0)
        self.full = Holding({}, 0)
        self.next_uid = 1

    def new_copy(self, card: Card) -> Copy:
        copy = Copy(card, self.next_uid)
        self.next_uid += 1
        return copy

    def declare(self, kind: str, copies: list[Copy]) -> None:
        info = kind_info(kind)
        marked = {c.uid: c.scored(kind, info) for c in copies}
        table = [marked.pop(c.uid, c) for c in self.holding.table] + list(marked.values())
        for holding in (self.holding, self.full):
            holding.table = list(table)
            holding.groups.append(Group(kind, frozenset(c.uid for c in copies)))

    def play(self, copy: Copy) -> None:
        self.holding.remove(copy, portland=True)
        self.full.table.remove(copy)
        self.full.groups = [
            Group(g.kind, g.uids, False) if copy.uid in g.uids else g for g in self.full.groups
        ]
        self.full.pending = []


def _choices(table: list[Copy], cards: tuple[Card, ...]) -> list[tuple[Copy, ...]]:
    """Every set of tabled copies with these cards (one copy for each card named)."""
    pools = [[c for c in table if c.card is card] for card in cards]
    found = {
        tuple(sorted(pick, key=lambda c: c.uid))
        for pick in itertools.product(*pools)
        if len({c.uid for c in pick}) == len(pick)
    }
    return sorted(found, key=lambda p: [c.uid for c in p])


@pytest.mark.parametrize("needs_break", [True, False])
def test_the_model_reads_the_same_from_the_kept_form_as_from_the_full_history(
    needs_break: bool,
) -> None:
    rules = load_ruleset("rubicon", {"reform": "portland", "reform_needs_break": needs_break})
    rng = random.Random(2027 + needs_break)
    kinds = {"aces": (AS, AH, AD, AC), "marriage": (KH, QH)}
    compared = faulted = broken_seen = 0
    for _ in range(150):
        history = _History()
        for _ in range(rng.randrange(3, 12)):
            table = history.holding.table
            if table and rng.random() < 0.4:
                history.play(rng.choice(table))
                continue
            kind = rng.choice(list(kinds))
            copies: list[Copy] = []
            for card in kinds[kind]:
                tabled = [c for c in table if c.card is card and c not in copies]
                copies.append(
                    rng.choice(tabled) if tabled and rng.random() < 0.7 else history.new_copy(card)
                )
            history.declare(kind, copies)
            broken_seen += any(not g.whole for g in history.full.groups)
            for check, cards in kinds.items():
                for pick in _choices(history.holding.table, cards):
                    for from_hand in (False, True):
                        kept = model_faults(history.holding, rules, check, pick, from_hand, None)
                        full = model_faults(history.full, rules, check, pick, from_hand, None)
                        assert kept == full, (check, pick, from_hand, history.full.groups)
                        compared += 1
                        faulted += bool(full)
    # the comparison says something: many choices, broken combinations, faults and none
    assert compared > 5_000 and broken_seen > 100
    assert 0.05 < faulted / compared < 0.95
