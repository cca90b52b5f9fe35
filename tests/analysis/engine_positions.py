"""Strict-play positions taken from the engine's ``DealState``, and the value it settles at.

Test tooling: the second way to a position and to its value. ``ending_of`` reads what a
person at the table sees (``DealState.snapshot``: hands, trump, the trick; ``scores``); the
value of a finished deal is settled from ``DealState.finish`` as the simulator settles it.
"""

from __future__ import annotations

from notation.cards import Card
from validator.engine import DealState, RuleSet
from validator.engine.ending import Ending
from validator.engine.settlement import SettlementRules, settle_deal


def ending_of(state: DealState) -> Ending:
    """The position of a deal in its strict phase, every card known."""
    snap = state.snapshot()
    rules = state.rules
    seats = state.seats
    points = dict(snap.scores)
    if rules.brisque_scoring == "when-taken" and not rules.no_brisques:
        points = {s: points[s] - rules.brisque_value * snap.brisques[s] for s in seats}
    lead = Card.parse(snap.trick_cards[0][1]) if snap.trick_cards else None
    leader = snap.trick_cards[0][0] if snap.trick_cards else state.to_play
    assert leader is not None
    hands = {s: [Card.parse(c) for c in snap.hands[s] if c is not None] for s in seats}
    return Ending.create(
        seats, hands, snap.trump, leader, points=points, brisques=dict(snap.brisques), lead=lead
    )


def settled_value(state: DealState, seat: str) -> int:
    """The value of a finished deal for ``seat``: its deal score in a game to a target, the
    game's value signed for it in Rubicon kinds (settlement of the deal's outcome)."""
    outcome = state.finish()
    assert outcome.complete and not outcome.violations
    settlement = state.rules.settlement_rules
    assert isinstance(settlement, SettlementRules)
    result = settle_deal(
        outcome.points, outcome.brisques, settlement, last_trick=outcome.last_trick_winner
    )
    if settlement.kind == "target":
        return result.scores[seat]
    if result.winner is None:
        return 0
    return result.value if result.winner == seat else -result.value


def copy_state(state: DealState, rules: RuleSet) -> DealState:
    """An independent copy of ``state`` under ``rules`` (its own rule set: ``fork`` shares it,
    and ``copy.deepcopy`` cannot copy a compiled build's classes)."""
    assert state.rules is rules
    return state.fork()
