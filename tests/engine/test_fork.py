"""``DealState.fork``: the copy the simulator tries a declaration on (in place of
``copy.deepcopy``, which a compiled build cannot do)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from validator.engine import DealState
from validator.simulate import simulate_game


@pytest.mark.parametrize("variant", ["rubicon", "six-pack", "three-handed"])
def test_a_fork_is_the_deal_as_it_stands_and_apart_from_it(variant: str) -> None:
    """At every step of a game: the fork shows what the state shows; a card played on the fork
    (or a draw taken) leaves the state as it was."""
    checked = 0

    def hook(state: DealState, _: Mapping[str, int]) -> None:
        nonlocal checked
        before = state.snapshot()
        census = state.card_census()
        fork = state.fork()
        assert fork.snapshot() == before
        assert fork.card_census() == census
        assert (fork.to_play, fork.to_draw, fork.phase) == (
            state.to_play,
            state.to_draw,
            state.phase,
        )
        seat = fork.to_play
        if seat is not None:
            legal = sorted(fork.legal_plays(seat), key=str)
            if legal:
                fork.play(seat, legal[0])
        elif fork.to_draw is not None:
            fork.draw(fork.to_draw)
        assert state.snapshot() == before
        assert state.card_census() == census
        checked += 1

    simulate_game(variant, 7, "random", copies="random", hook=hook)
    assert checked > 50
