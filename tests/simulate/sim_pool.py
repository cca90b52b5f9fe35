"""The pool of simulated games shared by the tests of this folder (each game simulated once).

``BEZIQUE_SIM_GAMES`` sets the games per variant (default below); the pool mixes both players
and both codes of laws, every game from its own seed, so a failure names a reproducible game:
``bezique simulate --variant V --seed S --player P --laws L`` prints it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from validator.simulate import SimulatedGame, simulate_game

GAMES_PER_VARIANT = {
    "two-pack": 400,
    "rubicon": 440,
    "six-pack": 400,
    "chinese": 400,
    "three-handed": 360,
}
"""At least 2,000 games in all (issue 7); the three-handed games are the longest."""

LAWS = ("english", "french")


@dataclass(frozen=True)
class PoolGame:
    """A simulated game and how to make it again."""

    game: SimulatedGame
    laws: str

    @property
    def how(self) -> str:
        g = self.game
        return f"simulate_game({g.variant!r}, {g.seed}, {g.player!r}, laws={self.laws!r})"


def pool_size(variant: str) -> int:
    override = os.environ.get("BEZIQUE_SIM_GAMES")
    return int(override) if override else GAMES_PER_VARIANT[variant]


def make_pool(variant: str, count: int, offset: int = 0) -> list[PoolGame]:
    out = []
    for i in range(offset, offset + count):
        laws = LAWS[(i // 2) % 2]
        player = "greedy" if i % 2 == 0 else "random"
        out.append(PoolGame(simulate_game(variant, 7919 * i + 17, player, laws=laws), laws))
    return out


class Pool:
    """Simulated games by variant, each variant made on first use and kept for the session."""

    def __init__(self) -> None:
        self._games: dict[str, list[PoolGame]] = {}

    def of(self, variant: str) -> list[PoolGame]:
        if variant not in self._games:
            self._games[variant] = make_pool(variant, pool_size(variant))
        return self._games[variant]

    def count(self) -> int:
        return sum(len(games) for games in self._games.values())


POOL = Pool()
"""The one pool of the session."""
