"""Mutation tests: plant one fault in a clean simulated game; the validator must find it there.

For every finding code a record can show, :data:`mutators.MUTATORS` holds a mutator.
Each test plants its code in clean games of one variant (games played under the English and
the French laws alike, each replayed under its own laws) and requires the finding with that
code at the planted deal and trick (or deal, for the deal's header and score line), and no
other finding but the consequences the mutator declares: those listed, with their reasons, in
:data:`mutators.CONSEQUENCES`, in the same deal at or after the fault (or on the
settlement lines). The detection rate must be 100% for every code and variant.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pytest
from mutators import MUTATORS, NOT_PLANTED, Planted
from sim_pool import Pool, PoolGame

from notation.model import Record
from notation.parser import parse_record
from notation.writer import write_record
from validator.replay import Finding, replay
from validator.simulate import VARIANTS, ruleset
from validator.tools.hide import hide_cards

PER_CASE = int(os.environ.get("BEZIQUE_MUTATIONS", "6"))
"""Mutated games per code and variant in the default run (the slow run takes more)."""

SETTLEMENT_LINES = frozenset({"S503", "S504", "S507"})
NEXT_DEAL = frozenset({"D110"})
"""Consequences found in the deal after the planted one (the dealer of a deal dealt again)."""


def applies(code: str, variant: str) -> bool:
    """Whether the variant has the thing the fault needs (carte blanche, the seven, deals)."""
    rules = ruleset(variant)
    if code in ("A409", "A410"):
        return rules.carte_blanche is not None
    if code == "A413":
        return rules.seven_value is not None
    if code in ("S504", "D110"):
        return getattr(rules.settlement_rules, "kind", None) == "target"
    return True


CASES = [(code, variant) for code in MUTATORS for variant in VARIANTS if applies(code, variant)]


@dataclass
class Outcome:
    planted: Planted
    how: str
    hit: bool
    unrelated: list[Finding]


def _at_place(finding: Finding, planted: Planted) -> bool:
    where = finding.location
    if planted.where == "trick":
        return where.deal == planted.deal and where.trick == planted.trick
    if planted.where in ("deal", "score"):
        return where.deal == planted.deal
    return True


def _consequential(finding: Finding, planted: Planted) -> bool:
    if finding.code not in planted.consequences:
        return False
    if finding.code in SETTLEMENT_LINES:
        return True
    where = finding.location
    if finding.code in NEXT_DEAL:
        return planted.deal is not None and where.deal == planted.deal + 1
    if where.deal != planted.deal:
        return False
    return where.trick is None or planted.trick is None or where.trick >= planted.trick


def check_mutation(entry: PoolGame, code: str, seed: int) -> Outcome | None:
    mutation = MUTATORS[code](entry.game.record, random.Random(seed))
    if mutation is None:
        return None
    record, planted = mutation
    text = write_record(record)
    result = replay(parse_record(text), steps=False)
    findings = result.all_findings()
    hit = any(f.code == code and _at_place(f, planted) for f in findings)
    unrelated = [
        f
        for f in findings
        if not (f.code == code and _at_place(f, planted)) and not _consequential(f, planted)
    ]
    return Outcome(planted, entry.how, hit, unrelated)


def run_case(pool: Pool, code: str, variant: str, wanted: int) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for i, entry in enumerate(pool.of(variant)):
        if len(outcomes) >= wanted:
            break
        outcome = check_mutation(entry, code, i)
        if outcome is not None:
            outcomes.append(outcome)
    return outcomes


def _describe(outcome: Outcome) -> str:
    found = ", ".join(
        f"{f.code}@{f.location.deal}/{f.location.trick}: {f.message}" for f in outcome.unrelated
    )
    return f"{outcome.how}: planted {outcome.planted}; unrelated: {found}"


@pytest.mark.parametrize(("code", "variant"), CASES)
def test_planted_fault_is_found_at_its_place(pool: Pool, code: str, variant: str) -> None:
    outcomes = run_case(pool, code, variant, PER_CASE)
    assert outcomes, f"no game of the pool offers a place for {code} in {variant}"
    laws = {o.how.split("laws=")[1] for o in outcomes}
    missed = [o for o in outcomes if not o.hit]
    noisy = [o for o in outcomes if o.unrelated]
    assert not missed, f"{code} {variant}: {len(missed)}/{len(outcomes)} missed: " + _describe(
        missed[0]
    )
    assert not noisy, f"{code} {variant}: unrelated findings: " + _describe(noisy[0])
    if len(outcomes) >= 4:
        assert len(laws) == 2, f"{code} {variant}: planted under one code of laws only: {laws}"


def test_every_code_a_record_can_show_has_a_mutator() -> None:
    from validator.catalogue import catalogue

    codes = set(catalogue().codes())
    assert codes <= set(MUTATORS) | set(NOT_PLANTED), sorted(codes - set(MUTATORS))


@pytest.mark.slow
def test_detection_rate_over_many_games(pool: Pool) -> None:
    """The slow run: forty mutated games per code and variant; prints the rates."""
    rates = []
    for code, variant in CASES:
        outcomes = run_case(pool, code, variant, 40)
        hits = sum(o.hit and not o.unrelated for o in outcomes)
        rates.append((code, variant, hits, len(outcomes)))
    for code, variant, hits, total in rates:
        print(f"{code} {variant}: {hits}/{total}")
    assert all(hits == total and total > 0 for _, _, hits, total in rates), rates


BLIND_CODES = frozenset(
    {
        *("D101", "D102", "D103", "D104", "D107", "D108", "D109", "D110"),
        *("P201", "P202", "P203", "P204", "P209", "P210", "P211"),
        *("W301", "W302", "W303", "W304", "W308"),
        *("A402", "A403", "A404", "A405", "A409", "A411", "A412", "A415"),
        *("S501", "S502", "S503", "S504", "S505", "S507", "R001"),
    }
)
"""The faults a record shows without its hands, stock or cards drawn: the order of play and
drawing, the timing and the shape of declarations, the claims, the table's marks. The others
(a card not held, a revoke in the strict play, a copy re-used, a wrong card drawn) depend on
cards the blind record does not name: another reading of it may explain them."""


def _blind(record: Record) -> Record:
    return hide_cards(record, draws=True)


BLIND_CASES = [(code, variant) for code, variant in CASES if code in BLIND_CODES]


@pytest.mark.parametrize(("code", "variant"), BLIND_CASES)
def test_planted_fault_is_found_at_its_place_in_the_blind_record(
    pool: Pool, code: str, variant: str
) -> None:
    """The same mutations, the record then stripped of its hands, stock and cards drawn: a
    fault the blind record still shows is found at its place."""
    missed = []
    tried = 0
    for i, entry in enumerate(pool.of(variant)):
        if tried >= PER_CASE:
            break
        mutation = MUTATORS[code](entry.game.record, random.Random(i))
        if mutation is None:
            continue
        record, planted = mutation
        blind = _blind(parse_record(write_record(record)))
        if code in ("D101", "D102") and not blind.deals:
            continue
        tried += 1
        findings = replay(blind, steps=False).all_findings()
        if not any(f.code == code and _at_place(f, planted) for f in findings):
            missed.append(f"{entry.how}: {planted}; found {[f.code for f in findings][:6]}")
    assert tried, f"no game of the pool offers a place for {code} in {variant}"
    assert not missed, f"{code} {variant}: {len(missed)}/{tried} missed: {missed[0]}"
