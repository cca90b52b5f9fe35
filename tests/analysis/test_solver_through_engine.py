"""The solver's best line, played through the engine, reaches exactly the value it gave.

Issue 17, done when: "in 2,000 simulated games, playing the solver's best line out from the
start of the phase, through the engine, reaches exactly the value it gave". Games come from
``validator.simulate`` (greedy and random players); at the first play of each strict phase the
engine's state is copied, the position read from it (engine_positions.py), solved, and the
solver's best line played on the copy with ``DealState.play``: every card must be one the
engine allows (``legal_plays``, the same set the solver allows at every step) and break no
rule, and the finished deal, settled from ``DealState.finish``, must be worth what the solver
said. The default run plays 100 games (25 a variant); ``-m slow`` plays 2,000.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from engine_positions import copy_state, ending_of, settled_value

from validator.engine import DealState
from validator.engine.solver import EndingSolver
from validator.simulate import ruleset, simulate_game

VARIANTS = ("two-pack", "rubicon", "chinese", "six-pack")


def _strict_starts(variant: str, seed: int) -> list[DealState]:
    rules = ruleset(variant)
    found: list[DealState] = []
    seen: set[int] = set()

    def hook(state: DealState, scored: Mapping[str, int]) -> None:
        if state.phase == "strict" and not state.trick and id(state) not in seen:
            seen.add(id(state))
            found.append(copy_state(state, rules))

    simulate_game(variant, seed, "greedy" if seed % 2 else "random", rules=rules, hook=hook)
    return found


def _play_best_line(state: DealState) -> None:
    rules = state.rules
    start = ending_of(state)
    solver = EndingSolver(rules)
    promised = {seat: solver.value(start, seat) for seat in start.seats}
    position = start
    for seat, card in solver.line(start):
        assert state.to_play == seat
        assert state.legal_plays(seat) == position.legal(), str(position)
        assert state.play(seat, card) == []
        position = position.after(card)
        assert ending_of(state) == position if not position.over else True
    assert state.phase == "over"
    for seat in start.seats:
        assert settled_value(state, seat) == promised[seat], (str(start), promised)


def _run(games: int) -> int:
    phases = 0
    for number in range(games):
        variant = VARIANTS[number % len(VARIANTS)]
        for state in _strict_starts(variant, 7000 + number):
            _play_best_line(state)
            phases += 1
    return phases


def test_best_line_through_the_engine_reaches_the_value() -> None:
    assert _run(100) >= 100


@pytest.mark.slow
def test_best_line_through_the_engine_reaches_the_value_2000() -> None:
    assert _run(2000) >= 2000
