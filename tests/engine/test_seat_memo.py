"""The pruning's work seat by seat (:class:`validator.engine.seat_memo.SeatMemo`) gives the
answers the readings give themselves, and the pruning built on it keeps what a plain pruning
keeps.

The readings here are products, as the search makes them: each seat's holding is one of a few
variants (one random holding and that holding after random changes), and every pairing of one
seat's variants with the other's is a reading, the variants shared as objects between the
readings that hold them. The memo is checked against :meth:`Reading.dominates`,
:meth:`Reading.key` and :meth:`Reading.sketch` asked directly, pair by pair, and
:meth:`Readings.prune` against a plain pruning written out here: the first reading of each key,
then every reading dropped that another kept dominates, comparing every pair."""

from __future__ import annotations

import random

import pytest
from test_outline import COPIES, _changed, _reading

from notation.cards import Card
from validator.engine.reading import Reading
from validator.engine.readings import Readings
from validator.engine.seat_memo import SeatMemo

SETS = 60


def _product(rng: random.Random) -> list[Reading]:
    """Readings pairing every variant of seat A with every variant of seat B."""
    base = _reading(rng)
    variants = [base, *(_changed(base, rng) for _ in range(rng.randrange(1, 5)))]
    more = rng.choice(variants).clone()  # the same pieces, one more unseen card
    more.holdings["A"].unknown += 1
    more.holdings["B"].unknown += 1
    variants.insert(rng.randrange(len(variants) + 1), more)
    seats_a = [v.holdings["A"] for v in variants[: rng.randrange(1, len(variants) + 1)]]
    seats_b = [v.holdings["B"] for v in variants]
    readings = []
    for a in seats_a:
        for b in seats_b:
            seen: dict[Card, int] = {}
            for holding in (a, b):
                for card, n in holding.hand.items():
                    seen[card] = seen.get(card, 0) + n
                for copy in holding.table:
                    seen[copy.card] = seen.get(copy.card, 0) + 1
            readings.append(Reading({"A": a, "B": b}, seen))
    rng.shuffle(readings)
    return readings


def _plain_prune(items: list[Reading], portland: bool) -> list[Reading]:
    first: set[tuple[object, ...]] = set()
    distinct = []
    for reading in items:
        key = reading.key()
        if key not in first:
            first.add(key)
            distinct.append(reading)
    kept: list[Reading] = []
    for reading in distinct:
        if any(k.dominates(reading, portland, COPIES) for k in kept):
            continue
        kept = [k for k in kept if not reading.dominates(k, portland, COPIES)]
        kept.append(reading)
    return [r for r in distinct if r in kept]


@pytest.mark.parametrize("portland", [False, True])
def test_the_memo_answers_as_the_readings_do(portland: bool) -> None:
    rng = random.Random(41 + portland)
    pairs = dominated = shared = 0
    for _ in range(SETS):
        readings = _product(rng)
        memo = SeatMemo(readings, None, portland, COPIES)
        above, below = memo.pairing(readings)
        shared += sum(len(h) for h in memo.holdings) < 2 * len(readings)
        for a in readings:
            assert memo.key(a) == a.key()
            assert memo.sketch(a) == a.sketch()
            for b in readings:
                expected = a.dominates(b, portland, COPIES)
                assert memo.dominates(a, b) == expected
                if expected:
                    # the signatures of a pair that dominates always pair
                    assert memo.signature(a) in above[memo.signature(b)]
                    assert memo.signature(b) in below[memo.signature(a)]
                pairs += 1
                dominated += expected and a is not b
    # the holdings were shared, and both outcomes of the dominance occur
    assert shared > SETS // 2
    assert dominated > pairs // 50
    assert pairs - dominated > pairs // 4


@pytest.mark.parametrize("portland", [False, True])
def test_the_pruning_keeps_what_a_plain_pruning_keeps(portland: bool) -> None:
    rng = random.Random(43 + portland)
    dropped = 0
    for _ in range(SETS):
        readings = _product(rng)
        search = Readings(readings[0], portland, COPIES)
        pruned = search.prune(list(readings))
        plain = _plain_prune(readings, portland)
        if not search.capped:
            assert [id(r) for r in pruned] == [id(r) for r in plain]
            dropped += len(readings) - len(pruned)
    assert dropped > SETS
