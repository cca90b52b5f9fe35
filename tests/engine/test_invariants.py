"""Random legal play to the end of the deal, for every variant, with the invariants checked
after every step (in ``engine_driver.check_invariants``): every card in exactly one place,
the brisques won adding up, and the scores equal to the sum of what was scored."""

from __future__ import annotations

import pytest
from engine_driver import play_random_deal

from validator.engine import load_ruleset

VARIANTS = [
    ("two-pack", ("A", "B")),
    ("rubicon", ("A", "B")),
    ("six-pack", ("A", "B")),
    ("chinese", ("A", "B")),
    ("three-handed", ("A", "B", "C")),
]


@pytest.mark.parametrize(("variant", "seats"), VARIANTS)
@pytest.mark.parametrize("seed", range(6))
def test_random_legal_deal_keeps_the_invariants(
    variant: str, seats: tuple[str, ...], seed: int
) -> None:
    rules = load_ruleset(variant)
    state, log = play_random_deal(rules, seats, seed)
    outcome = state.finish()
    assert outcome.complete and outcome.violations == []
    # every brisque of the pack is won by someone: eight per pack (aces and tens)
    assert sum(outcome.brisques.values()) == 8 * rules.packs
    # each seat played its share of the pack
    assert sum(len(cards) for cards in state.won.values()) == rules.pack_size
    assert sum(outcome.last_trick_points.values()) == rules.last_trick
    assert outcome.melds == log.scored
    brisque_points = outcome.brisque_points
    for seat in seats:
        assert outcome.scores[seat] == (
            log.scored[seat] + brisque_points[seat] + outcome.last_trick_points[seat]
        )
    if rules.brisque_scoring == "settlement":
        assert set(brisque_points.values()) == {0}
    else:
        assert brisque_points == {s: 10 * n for s, n in outcome.brisques.items()}


@pytest.mark.parametrize("seed", range(3))
def test_random_deal_three_handed_95_card_pack_and_french_draw(seed: int) -> None:
    # foster-1914-ordinary-bezique.txt, Three-handed: "The deleted card from the third pack should
    # be an Eight"; the last cards of an irregular stock are not drawn.
    rules = load_ruleset("three-handed", {"omit": ["8C"], "draw_order": "pone-first"})
    state, _ = play_random_deal(rules, ("A", "B", "C"), seed)
    outcome = state.finish()
    assert outcome.complete
    assert sum(len(cards) for cards in state.won.values()) + state.stock_count == 95


@pytest.mark.parametrize("seed", range(3))
def test_random_deal_with_house_switches(seed: int) -> None:
    rules = load_ruleset(
        "rubicon",
        {"reform": "portland", "no_brisques": True, "bezique_follows_trump": True},
    )
    state, _ = play_random_deal(rules, ("A", "B"), seed)
    assert state.finish().complete
