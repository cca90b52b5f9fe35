"""Which copies formed each combination matters to the declaration model only under the
Portland model and where re-forming needs the old combination broken
(``Relevance.groups_matter``); elsewhere readings that differ only in it are merged. Checked
here against the model itself: with random tables, histories and choices of copies, the
model's faults do not change when the combinations are shuffled among the copies, unless
the rule set is one of those two (and there they do, or the check would say nothing)."""

from __future__ import annotations

import random

import pytest
from shape_brute import random_holding

from notation.cards import Card
from validator.engine.copies import Copy, Group
from validator.engine.holding import Holding
from validator.engine.melds import model_faults
from validator.engine.relevance import Relevance
from validator.engine.ruleset import load_ruleset

TABLES = 600


def _shuffled(holding: Holding, rng: random.Random) -> Holding:
    """The same copies and marks, the combinations re-drawn at random among them."""
    other = holding.clone()
    uids = [c.uid for c in holding.table] + [101, 102]
    other.groups = [
        Group(g.kind, frozenset(rng.sample(uids, len(g.uids))), rng.random() < 0.5)
        for g in holding.groups
    ]
    return other


@pytest.mark.parametrize(
    ("ruleset", "overrides", "matter"),
    [
        ("two-pack", {}, False),
        ("rubicon", {"reform_needs_break": False}, False),
        ("rubicon", {}, True),
        ("rubicon", {"reform": "portland"}, True),
    ],
)
def test_the_model_reads_combinations_only_where_they_are_said_to_matter(
    ruleset: str, overrides: dict[str, object], matter: bool
) -> None:
    rules = load_ruleset(ruleset, overrides)
    assert (
        rules.reform == "portland" or (rules.reform == "new-card" and rules.reform_needs_break)
    ) == matter
    rng = random.Random(31)
    differed = 0
    for _ in range(TABLES):
        holding = random_holding(rng)
        if not holding.table:
            continue
        other = _shuffled(holding, rng)
        chosen = rng.sample(holding.table, rng.randrange(1, min(3, len(holding.table)) + 1))
        kind = rng.choice(("marriage", "bezique"))
        from_hand = rng.random() < 0.5
        one = model_faults(holding, rules, kind, chosen, from_hand, None)
        two = model_faults(other, rules, kind, chosen, from_hand, None)
        if matter:
            differed += one != two
        else:
            assert one == two
    if matter:
        assert differed > 10


def test_readings_that_differ_only_in_who_married_whom_are_one_without_the_break() -> None:
    """K♥ 1 (also in four kings) married to Q♥ 3 (also in four queens), K♥ 2 to Q♥ 4; or
    the other way about. Not a renaming of one another; the same where combinations do not
    matter."""
    kh, qh = Card.parse("KH"), Card.parse("QH")

    def table(pairs: list[tuple[int, int]]) -> Holding:
        holding = Holding({}, 0)
        holding.table = [
            Copy(kh, 1, frozenset({"marriage", "kings"})),
            Copy(kh, 2, frozenset({"marriage"})),
            Copy(qh, 3, frozenset({"marriage", "queens"})),
            Copy(qh, 4, frozenset({"marriage"})),
        ]
        holding.groups = [Group("marriage", frozenset(p)) for p in pairs]
        return holding

    straight, crossed = table([(1, 3), (2, 4)]), table([(1, 4), (2, 3)])
    kings = tuple(Card.parse(t) for t in ("KH", "KS", "KD", "KC"))
    queens = tuple(Card.parse(t) for t in ("QH", "QS", "QD", "QC"))
    later = [("marriage", (kh, qh)), ("kings", kings), ("queens", queens)]
    kept = Relevance.of(later, groups_matter=True)
    merged = Relevance.of(later, groups_matter=False)
    assert straight.key(kept) != crossed.key(kept)
    assert straight.key(merged) == crossed.key(merged)
