"""The short way of a declaration's assignments (``melds._forced``) finds what the general one does.

When each card a declaration names can be laid in one way only (the commonest case where every
card is named), :func:`validator.engine.melds._assignments` builds the one assignment without the
table's shape. Two checks, each against the general path (the switch ``melds.FORCED_WAYS`` off):
random readings, declaration by declaration under every model of re-forming, with the hand's
unseen cards and without; and whole replays of random-copy games, named, without hands and blind,
which must give the same findings and keep as many readings after each event. The short way lists
an assignment's tabled copies in table order, the general path class by class: the same copies,
compared as a set.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from reading_counts import outcome
from test_meld_key import MODELS, _rules
from test_outline import CARDS, COPIES, _changed, _reading

from notation.cards import Card
from notation.model import Record
from validator.engine import melds
from validator.engine.melds import meld_ways
from validator.engine.reading import Reading
from validator.simulate import simulate_game
from validator.tools.hide import hide_cards

KH, QH, QS, JD = CARDS
DECLARATIONS = [
    ("marriage", (KH, QH)),
    ("bezique", (QS, JD)),
    ("double-bezique", (QS, JD, QS, JD)),
    ("queens", (QH, QS, QH, QS)),
]


def _ways(
    reading: Reading,
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    model: dict[str, object],
    scoring: bool,
) -> tuple[list[tuple[object, ...]], bool]:
    found, truncated = meld_ways(
        reading, seat, kind, cards, _rules(tuple(model.items())), COPIES, False, scoring
    )
    return [
        (
            frozenset(w.way.from_table),
            w.way.from_hand,
            w.way.from_unseen,
            w.way.pending,
            w.way.sound,
            tuple(w.faults),
        )
        for w in found
    ], truncated


@pytest.mark.parametrize(
    "model", MODELS, ids=lambda m: " ".join(f"{k}={v}" for k, v in m.items()) or "default"
)
def test_short_way_finds_what_the_general_path_does(
    model: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(15)
    forced = compared = 0
    for _ in range(800):
        reading = _changed(_reading(rng), rng)
        seat = rng.choice(("A", "B"))
        if rng.random() < 0.6:
            reading.holdings[seat].unknown = 0  # every card named, the common case
        kind, cards = rng.choice(DECLARATIONS)
        for scoring in (True, False):
            forced += _short_way_applies(reading, seat, kind, cards, model, scoring)
            monkeypatch.setattr(melds, "FORCED_WAYS", True)
            short = _ways(reading, seat, kind, cards, model, scoring)
            monkeypatch.setattr(melds, "FORCED_WAYS", False)
            assert _ways(reading, seat, kind, cards, model, scoring) == short
            compared += 1
    assert compared == 1600
    assert forced > 50  # the short way was taken often enough to be tested


def _short_way_applies(
    reading: Reading,
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    model: dict[str, object],
    scoring: bool,
) -> bool:
    """Whether the short way answers this declaration (asked of it directly, as a compiled
    build calls it directly too: a function put in its place would not be seen)."""
    holding = reading.holdings[seat]
    wanted = Counter(cards)
    if not any(c.card in wanted for c in holding.table):
        return False
    rules = _rules(tuple(model.items()))
    found = melds._forced(reading, holding, rules, COPIES, kind, wanted, not scoring)
    return found is not None and bool(found[0])


def _records(variant: str, house: str | None, games: int = 6) -> list[Record]:
    """Random-copy games of one variant and reading, named, without hands and blind."""
    out: list[Record] = []
    for i in range(games):
        record = simulate_game(
            variant, 15_000 + i, "greedy", copies="random", house_rules=house
        ).record
        out.extend((record, hide_cards(record), hide_cards(record, draws=True)))
    return out


@pytest.mark.parametrize(
    ("variant", "house"),
    [("rubicon", None), ("rubicon", "reform portland"), ("six-pack", "reform_needs_break off")],
)
def test_replays_are_the_same_without_the_short_way(
    variant: str, house: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    records: Sequence[Record] = _records(variant, house)
    short = outcome(records)
    monkeypatch.setattr(melds, "FORCED_WAYS", False)
    assert outcome(records) == short
