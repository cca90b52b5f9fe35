"""Irregular records never break the analysis: every planted fault, every two-handed game.

Each mutator of ``tests/simulate/mutators.py`` (eight of them in the default run, all under
``-m slow``) plants one irregularity in a simulated game; the record is
replayed, analysed and annotated. The analysis must not raise, must say why of any deal it
leaves, must value a play only where the strict laws allow it, and the annotated record must
read back to itself and give ``check`` the same findings as the original.
"""

from __future__ import annotations

import random

import pytest
from mutators import MUTATORS, mutate

from notation import parse_record, write_record
from validator.analysis import analyse, annotate
from validator.replay import replay
from validator.simulate import simulate_game

VARIANTS = ("two-pack", "rubicon", "chinese", "six-pack")


def _check(variant: str, seeds: tuple[int, ...], sample: int | None) -> int:
    rng = random.Random(41)
    planted = 0
    codes = sorted(MUTATORS)
    for seed in seeds:
        clean = simulate_game(variant, seed, "random").record
        for code in sorted(rng.sample(codes, sample)) if sample else codes:
            mutation = mutate(clean, code, rng)
            if mutation is None:
                continue
            planted += 1
            record = parse_record(write_record(mutation[0]))
            replayed = replay(record)
            analysis = analyse(replayed)
            for deal in analysis.deals:
                assert deal.analysed or deal.reason, (code, deal)
                for play in deal.plays:
                    assert (play.value is None) == (not play.legal), (code, play)
            annotated = annotate(record, analysis)
            again = parse_record(write_record(annotated))
            assert again == annotated, code
            before = [(f.code, f.message) for f in replayed.all_findings()]
            assert [(f.code, f.message) for f in replay(again).all_findings()] == before, code
    return planted


@pytest.mark.parametrize("variant", VARIANTS)
def test_planted_faults_are_analysed_or_explained(variant: str) -> None:
    # The default run: a sample of eight faults in one game of each variant.
    assert _check(variant, (11,), 8) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_planted_fault_is_analysed_or_explained(variant: str) -> None:
    assert _check(variant, (11, 12, 13), None) >= 60
