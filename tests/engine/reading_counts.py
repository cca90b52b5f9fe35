"""Test support: blind replays told apart by their findings and by the readings kept after each
event, for the tests that turn a sharing of work off and must find the same replays."""

from __future__ import annotations

from collections.abc import Sequence

from notation.model import Record
from validator.engine import DealState
from validator.engine.violations import Violation
from validator.replay import EngineEvent, ReplayObserver, replay
from validator.simulate import simulate_game
from validator.tools.hide import hide_cards

SHARING_CASES = [
    ("six-pack", "reform_needs_break off"),
    ("rubicon", "reform portland"),
    ("chinese", None),
]
"""Variants and readings whose blind replays keep many readings (so there is work to share)."""


class ReadingCounts(ReplayObserver):
    """How many readings the state keeps after each event."""

    def __init__(self) -> None:
        self.kept: list[int] = []

    def after_event(
        self, event: EngineEvent, state: DealState, violations: Sequence[Violation]
    ) -> None:
        self.kept.append(len(state.readings.items))


def blind_records(variant: str, house: str | None, games: int = 12) -> list[Record]:
    """Random-copy games of one variant and reading, with hands, stock and draws unnamed."""
    return [
        hide_cards(
            simulate_game(variant, 9_000 + i, "greedy", copies="random", house_rules=house).record,
            draws=True,
        )
        for i in range(games)
    ]


def outcome(records: Sequence[Record]) -> tuple[list[list[str]], list[int]]:
    """The findings of each record, and how many readings were kept after each event, in order."""
    counts = ReadingCounts()
    found = [
        [str(f) for f in replay(r, steps=False, observer=counts).all_findings()] for r in records
    ]
    return found, counts.kept
