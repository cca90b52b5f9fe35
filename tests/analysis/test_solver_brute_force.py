"""The solver's values equal an exhaustive minimax written apart (brute_force.py).

Issue 17, done when: "The solver's values equal a brute-force minimax written separately in the
tests, on 1,000 random endings of up to 5 tricks per variant". The default run checks 200 per
variant (and 60 per house-rule variation); ``-m slow`` checks 1,000 per variant. Each ending is
compared twice: the value of the position, and the value of every card the seat to play may
play (the brute force plays the card and searches on).
"""

from __future__ import annotations

import random

import pytest
from brute_force import BruteForce
from random_endings import RandomEnding, random_ending

from validator.engine import RuleSet, load_ruleset
from validator.engine.ending import Ending
from validator.engine.solver import EndingSolver

VARIANTS = ("two-pack", "rubicon", "chinese", "six-pack")
HOUSE = {
    "rubicon, no brisques": ("rubicon", {"no_brisques": True}),
    "rubicon, Portland failed rescue, 320": (
        "rubicon",
        {"settlement": {"failed_rescue": "no-brisques", "brisque_allowance": 320}},
    ),
    "two-pack, no brisques": ("two-pack", {"no_brisques": True}),
    "two-pack, last trick 50": ("two-pack", {"last_trick": 50}),
}


def _ending(case: RandomEnding) -> Ending:
    return Ending.create(
        ("A", "B"),
        case.hands,
        case.trump,
        case.leader,
        points={"A": case.points[0], "B": case.points[1]},
        brisques={"A": case.brisques[0], "B": case.brisques[1]},
        lead=case.lead,
    )


def _check(rules: RuleSet, count: int, seed: int) -> None:
    rng = random.Random(seed)
    brute = BruteForce(rules)
    for number in range(count):
        case = random_ending(rules, rng)
        ending = _ending(case)
        solver = EndingSolver(rules)
        expected = brute.value(
            case.hands, case.leader, case.lead, case.trump, case.points, case.brisques
        )
        assert solver.value(ending, "A") == expected, (
            number,
            str(ending),
            case.points,
            case.brisques,
        )
        solution = solver.solve(ending)
        seat = solution.seat
        for card, value in solution.values.items():
            after = ending.after(card)
            hands = {s: [str(c) for c in after.hand(s)] for s in ("A", "B")}
            first = (
                brute.value(
                    hands,
                    after.leader,
                    str(after.lead) if after.lead else None,
                    after.trump,
                    after.points,
                    after.brisques,
                )
                if not after.over
                else brute.leaf(after.points, after.brisques, after.last_winner or "A")
            )
            assert value == solver.valuation(ending).view(first, seat), (number, str(ending), card)


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_equals_brute_force(variant: str) -> None:
    _check(load_ruleset(variant), 200, seed=17)


@pytest.mark.parametrize("name", sorted(HOUSE))
def test_solver_equals_brute_force_under_house_rules(name: str) -> None:
    variant, overrides = HOUSE[name]
    _check(load_ruleset(variant, overrides), 60, seed=29)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_equals_brute_force_1000(variant: str) -> None:
    _check(load_ruleset(variant), 1000, seed=1017)
