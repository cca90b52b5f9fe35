"""The replay observer: told each event with the state, it counts what the record also shows.

Each count an observer makes is checked against a count the test makes from the record alone:
the events in record order, each trick's winner worked from the cards (the highest card of the
suit led, or the highest trump: bezique-guide.txt, Play of the Hand), the brisques in the
tricks each seat won, the points each seat declared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from notation import Card, Deal, Declaration, Draw, Play, Record, read_records
from validator import (
    DealOutcome,
    DealState,
    EngineEvent,
    ReplayObserver,
    Violation,
    replay_record,
    simulate_game,
)

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
ORDER = "ATKQJ987"


class Counts(ReplayObserver):
    """Counts, from the state the replay shows it: tricks and brisques won, points declared."""

    def __init__(self) -> None:
        self.events: list[EngineEvent] = []
        self.tricks: Counter[str] = Counter()
        self.brisques: Counter[str] = Counter()
        self.declared: Counter[str] = Counter()
        self.deals = 0
        self.ended = 0
        self.broken: list[tuple[EngineEvent, str]] = []
        self._played = 0

    def begin_deal(self, deal: Deal, state: DealState) -> None:
        self.deals += 1
        assert state.tricks_played == 0

    def before_event(self, event: EngineEvent, state: DealState) -> None:
        self._played = state.tricks_played

    def after_event(
        self, event: EngineEvent, state: DealState, violations: Sequence[Violation]
    ) -> None:
        self.events.append(event)
        self.broken.extend((event, v.code) for v in violations)
        if isinstance(event, Play) and state.tricks_played > self._played:
            assert state.last_winner is not None
            self.tricks[state.last_winner] += 1
        if isinstance(event, Declaration) and event.kind != "last-trick" and not violations:
            self.declared[event.seat] += event.score

    def end_deal(self, deal: Deal, state: DealState, outcome: DealOutcome) -> None:
        self.ended += 1
        self.brisques.update(outcome.brisques)


def _winner(plays: Sequence[Play], trump: str) -> str:
    best = plays[0]
    for play in plays[1:]:
        same = play.card.suit == best.card.suit
        if (same and ORDER.index(play.card.rank) < ORDER.index(best.card.rank)) or (
            not same and play.card.suit == trump
        ):
            best = play
    return best.seat


def _by_hand(record: Record) -> tuple[list[object], Counter[str], Counter[str], Counter[str]]:
    """The events, tricks won, brisques won and points declared, from the record alone (a game
    with a turn-up: its suit is trumps for the whole deal)."""
    events: list[object] = []
    tricks: Counter[str] = Counter()
    brisques: Counter[str] = Counter()
    declared: Counter[str] = Counter()
    for deal in record.deals:
        assert deal.turnup is not None
        trump = deal.turnup.suit
        for event in deal.events:
            if isinstance(event, Draw | Declaration):
                events.append(event)
        for trick in deal.tricks:
            events.extend(trick.plays)
            winner = _winner(trick.plays, trump)
            tricks[winner] += 1
            brisques[winner] += sum(1 for p in trick.plays if p.card.rank in "AT")
            for event in trick.events:
                if isinstance(event, Draw | Declaration):
                    events.append(event)
                if isinstance(event, Declaration) and event.kind != "last-trick":
                    declared[event.seat] += event.score
    return events, tricks, brisques, declared


@pytest.mark.parametrize(
    ("variant", "seed", "player"),
    [("two-pack", 2, "greedy"), ("two-pack", 9, "random"), ("three-handed", 4, "greedy")],
)
def test_an_observer_counts_what_the_record_shows(variant: str, seed: int, player: str) -> None:
    record = simulate_game(variant, seed, player).record
    counts = Counts()
    replayed = replay_record(record, observer=counts, steps=False)
    assert replayed.all_findings() == ()
    events, tricks, brisques, declared = _by_hand(record)
    assert counts.events == events
    assert counts.deals == counts.ended == len(record.deals)
    assert counts.tricks == tricks
    assert counts.brisques == brisques
    assert counts.declared == declared
    assert counts.broken == []
    # The counts are not empty: a game has tricks, brisques and declarations on both sides.
    assert sum(tricks.values()) == sum(len(d.tricks) for d in record.deals)
    assert len(declared) >= 2 and all(brisques.values())


def test_the_observer_changes_nothing() -> None:
    record = simulate_game("rubicon", 6).record
    assert replay_record(record, observer=Counts()).to_dict() == replay_record(record).to_dict()


def test_the_observer_sees_the_violation_at_its_play() -> None:
    path = SAMPLES / "disputes" / "lead-out-of-turn.bzn"
    (record,) = [r for r in read_records(path) if isinstance(r, Record)]
    counts = Counts()
    replayed = replay_record(record, observer=counts)
    # The record: "B leads to the second trick" though A won the first (line 27, B 9S).
    assert [(str(e), code) for e, code in counts.broken] == [("B 9S^L", "P201")]
    (finding,) = [f for f in replayed.all_findings() if f.code == "P201"]
    play = counts.broken[0][0]
    assert play.pos is not None and finding.location.line == play.pos.line == 27
    assert isinstance(play, Play) and play.card == Card.parse("9S")
