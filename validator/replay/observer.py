"""The replay observer: a hook called at each step of a replay, with the event and the state.

A caller who wants to collect something while a record is replayed (how often a marriage is
declared in trumps, how many cards the stock holds when the first bézique is shown, which
plays were judged) subclasses :class:`ReplayObserver`, overrides the methods it needs and
passes an instance to :func:`validator.replay.replay` (``observer=``). Every method does
nothing by default, as python-chess's visitors do, so an observer says only what it watches::

    class Declarations(ReplayObserver):
        def __init__(self) -> None:
            self.count = 0

        def after_event(self, event, state, violations):
            if isinstance(event, Declaration) and not violations:
                self.count += 1

The replay is the same with or without an observer: the observer is told, it decides nothing.
``state`` is the engine's live :class:`~validator.engine.DealState` of the deal being walked:
read it (``state.snapshot()``, ``state.scores()``, ``state.trump``, ``state.legal_plays(seat)``),
never change it. When a record leaves cards unnamed the engine may replace its reading of
earlier events as it goes (``docs/engine.md``); the state an observer sees at a step is the
reading the engine holds at that step.

Only the events the engine applies are reported (plays, draws, declarations: carte blanche,
the seven, the last trick included); marks, comments and variations are the record's own
annotations and reach the views through the replay's steps. An event by a seat that does not
play in the game is left out of the replay (R001), and so out of the observer's sight.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from notation.model import Deal, Declaration, Draw, Play

if TYPE_CHECKING:
    from validator.engine import DealOutcome, DealState, Violation

EngineEvent = Play | Draw | Declaration
"""The events of a record the engine applies, in the order the record gives them."""


class ReplayObserver:
    """Watches a replay: override what you need; every method does nothing by default."""

    def begin_deal(self, deal: Deal, state: DealState) -> None:
        """A deal starts: ``state`` holds its hands, stock and turn-up as the record gives them
        (``state.deal_violations`` lists what is wrong with the deal itself)."""

    def before_event(self, event: EngineEvent, state: DealState) -> None:
        """``event`` is about to be applied: ``state`` is the position it is played from (the
        moment python-chess's ``visit_move`` sees)."""

    def after_event(
        self, event: EngineEvent, state: DealState, violations: Sequence[Violation]
    ) -> None:
        """``event`` has been applied; ``violations`` are the rules it broke, as the engine
        reported them (empty for a legal event)."""

    def end_deal(self, deal: Deal, state: DealState, outcome: DealOutcome) -> None:
        """The deal is over (or the record stops): ``outcome`` is the engine's result."""
