"""Records break every rule; the engine must report, never crash: random events, any order."""

from __future__ import annotations

import random

import pytest

from notation.cards import RANKS, SUITS, Card
from validator.engine import MELD_KINDS, SPECIAL_KINDS, DealState, EngineError, load_ruleset

ALL = [Card(rank, suit) for suit in SUITS for rank in RANKS]
KINDS = [*MELD_KINDS, *SPECIAL_KINDS, "royal-marriage", "pinochle"]


@pytest.mark.parametrize("variant", ["two-pack", "rubicon", "six-pack", "three-handed"])
def test_random_events_never_raise(variant: str) -> None:
    rules = load_ruleset(variant)
    seats = ("A", "B", "C")[: rules.players]
    for seed in range(60):
        rng = random.Random(seed)
        hands = {
            s: [rng.choice([*ALL, None]) for _ in range(rng.randint(0, rules.hand_size + 2))]
            for s in seats
            if rng.random() < 0.8
        }
        stock = None if rng.random() < 0.5 else [rng.choice([*ALL, None]) for _ in range(12)]
        turnup = rng.choice(ALL) if rules.turn_up else None
        state = DealState(rules, seats, seats[-1], hands, stock, turnup)
        for _ in range(120):
            roll, seat = rng.random(), rng.choice(seats)
            if roll < 0.5:
                legal = sorted(state.legal_plays(state.to_play or seat), key=str)
                card = rng.choice(legal) if legal and rng.random() < 0.8 else rng.choice(ALL)
                state.play(state.to_play or seat, card)
            elif roll < 0.8:
                state.draw(state.to_draw or seat, rng.choice([*ALL, None, None]))
            else:
                cards = [rng.choice(ALL) for _ in range(rng.randint(0, 8))]
                state.declare(seat, rng.choice(KINDS), cards, rng.choice([None, 20, 40]))
            assert min(state.unknown.values()) >= 0
            state.snapshot()
        outcome = state.finish()
        assert set(outcome.scores) == set(seats)


def test_unknown_seat_is_an_engine_error() -> None:
    state = DealState(load_ruleset("rubicon"), ("A", "B"), "B")
    with pytest.raises(EngineError, match="unknown seat 'C'"):
        state.play("C", Card.parse("7S"))
    with pytest.raises(EngineError, match="for 2 players"):
        DealState(load_ruleset("rubicon"), ("A", "B", "C"), "B")
