"""A declaration's ways are shared between readings with equal meld keys
(:func:`validator.engine.melds.meld_key`): the key must hold everything the ways depend on.

Two checks that do not go through the sharing itself. First, random readings, each beside a
twin that differs in everything the key leaves out (the other seat's holding, the seat's hand
and the cards accounted for of cards the declaration does not name, its lost announcements,
limits and sevens): :func:`meld_ways` asked of each directly must give the same ways, under
every model of re-forming. Second, whole blind replays with the sharing turned off by its
switch (``declarations.SHARE_WAYS``, which a compiled build reads when it runs) must give the
same findings and keep as many readings after each event (a key that leaves out the table
fails it).
"""

from __future__ import annotations

import functools
import random

import pytest
from reading_counts import SHARING_CASES, blind_records, outcome
from shape_brute import random_holding
from test_outline import CARDS, COPIES, _changed, _reading

from notation.cards import Card
from validator.engine import declarations
from validator.engine.melds import meld_key, meld_ways
from validator.engine.reading import Reading
from validator.engine.ruleset import RuleSet, load_ruleset

KH, QH, QS, JD = CARDS
DECLARATIONS = [("marriage", (KH, QH)), ("bezique", (QS, JD)), ("queens", (QH, QS, QH, QS))]
MODELS = [
    {},
    {"reform": "portland"},
    {"reform_needs_break": False},
    {"reform": "none"},
]


def _twin(reading: Reading, seat: str, named: set[Card], rng: random.Random) -> Reading:
    """``reading`` changed only where the meld key does not look."""
    twin = reading.clone()
    other = "B" if seat == "A" else "A"
    twin.holdings[other] = random_holding(rng)
    holding = twin.holdings[seat]
    for card in CARDS:
        if card not in named:
            holding.hand[card] = rng.randrange(3)
            if not holding.hand[card]:
                del holding.hand[card]
            twin.seen[card] = rng.randrange(7)
    holding.hand = dict(reversed(list(holding.hand.items())))
    holding.lost.append(("marriage", (KH, QH)))
    holding.limits.append(("queens", 1, 2))
    holding.seven_marked += 1
    return twin


@functools.cache
def _rules(model: tuple[tuple[str, object], ...]) -> RuleSet:
    return load_ruleset("rubicon", dict(model))


def _ways(
    reading: Reading,
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    model: dict[str, object],
    scoring: bool,
) -> tuple[list[tuple[object, ...]], bool]:
    found, truncated = meld_ways(
        reading,
        seat,
        kind,
        cards,
        _rules(tuple(model.items())),
        COPIES,
        False,
        scoring,
    )
    return [(w.way, tuple(w.faults)) for w in found], truncated


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: " ".join(f"{k}={v}" for k, v in m.items()) or "default"
)
def test_ways_do_not_depend_on_what_the_key_leaves_out(model: dict[str, object]) -> None:
    rng = random.Random(41)
    compared = read = 0
    for _ in range(600):
        reading = _changed(_reading(rng), rng)
        seat = rng.choice(("A", "B"))
        kind, cards = rng.choice(DECLARATIONS)
        named = set(cards)
        twin = _twin(reading, seat, named, rng)
        assert meld_key(twin, seat, tuple(dict.fromkeys(cards))) == meld_key(
            reading, seat, tuple(dict.fromkeys(cards))
        )
        for scoring in (True, False):
            ways = _ways(reading, seat, kind, cards, model, scoring)
            assert _ways(twin, seat, kind, cards, model, scoring) == ways
            compared += 1
            read += len(ways[0]) > 1
    assert compared == 1200
    assert read > 50  # the readings are varied enough to be read in several ways


@pytest.mark.parametrize(("variant", "house"), SHARING_CASES)
def test_blind_replays_are_the_same_without_sharing(
    variant: str, house: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = blind_records(variant, house)
    shared = outcome(records)
    assert max(shared[1]) > 4  # the readings grow: there is something to share
    monkeypatch.setattr(declarations, "SHARE_WAYS", False)
    assert outcome(records) == shared
