"""The table's pieces are one object for each value (:mod:`validator.engine.copies`), so that
the pruning, which tells holdings apart by their pieces' identities, works out each holding
once however the readings reached it.

Three checks: the factories hand out one object per value; in blind replays, every seat's
holdings told apart by their pieces' identities are exactly those told apart by value (no
place in the engine makes a piece but through the factories); and with the sharing turned off
by its switch (``copies.SHARE_PIECES``, which a compiled build reads when it runs) the replays
are the same, finding for finding and reading count for reading count.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from reading_counts import SHARING_CASES, blind_records, outcome

from notation.cards import Card
from notation.model import Record
from validator.engine import DealState, copies
from validator.engine.combinations import kind_info
from validator.engine.copies import Copy, copy_of, group_of, pending_of
from validator.engine.holding import Holding
from validator.engine.seat_memo import _content as by_identity
from validator.engine.violations import Violation
from validator.replay import EngineEvent, ReplayObserver, replay

KH = Card.parse("KH")
QH = Card.parse("QH")


def test_equal_values_are_one_object() -> None:
    king = copy_of(KH, 7)
    assert copy_of(KH, 7) is king
    assert copy_of(KH, 8) is not king and copy_of(QH, 7) is not king
    # a copy made apart, equal in value, scores into the shared object
    marriage = kind_info("marriage")
    assert Copy(KH, 7).scored("marriage", marriage) is king.scored("marriage", marriage)
    assert king.scored("marriage", marriage) == Copy(KH, 7, frozenset({"marriage"}), (("A", 1),))
    group = group_of("marriage", frozenset({7, 9}))
    assert group_of("marriage", frozenset({9, 7})) is group
    assert group_of("marriage", frozenset({7, 9}), False) is not group
    announced = pending_of("marriage", (KH, QH), frozenset({7, 9}))
    assert pending_of("marriage", (KH, QH), frozenset({7, 9})) is announced


def test_without_sharing_equal_values_are_new_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(copies, "SHARE_PIECES", False)
    assert copy_of(KH, 7) is not copy_of(KH, 7)
    assert copy_of(KH, 7) == copy_of(KH, 7)
    assert group_of("marriage", frozenset({7})) is not group_of("marriage", frozenset({7}))
    assert pending_of("marriage", (KH, QH), frozenset()) == pending_of(
        "marriage", (KH, QH), frozenset()
    )


def _by_value(holding: Holding) -> tuple[object, ...]:
    """What the memo tells holdings apart by (``by_identity``), with the pieces by value."""
    return (
        holding.unknown,
        holding.seven_marked,
        tuple(holding.limits),
        frozenset(holding.hand.items()),
        tuple(holding.table),
        tuple(holding.groups),
        tuple(holding.pending),
    )


class _Holdings(ReplayObserver):
    """After each event: seat by seat, the readings' holdings told apart both ways."""

    def __init__(self) -> None:
        self.counts: list[tuple[int, int]] = []

    def after_event(
        self, event: EngineEvent, state: DealState, violations: Sequence[Violation]
    ) -> None:
        items = state.readings.items
        for seat in items[0].holdings:
            holdings = [r.holdings[seat] for r in items]
            self.counts.append(
                (len({by_identity(h) for h in holdings}), len({_by_value(h) for h in holdings}))
            )


def _watched(records: Sequence[Record]) -> list[tuple[int, int]]:
    watch = _Holdings()
    for record in records:
        replay(record, steps=False, observer=watch).all_findings()
    return watch.counts


@pytest.mark.parametrize(("variant", "house"), SHARING_CASES)
def test_equal_holdings_hold_the_same_pieces(
    variant: str, house: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = blind_records(variant, house)
    shared = _watched(records)
    assert shared and all(ids == values for ids, values in shared)
    # without the sharing, readings reach equal holdings in different objects: the check
    # above has something to find
    monkeypatch.setattr(copies, "SHARE_PIECES", False)
    apart = _watched(records)
    assert [values for _, values in apart] == [values for _, values in shared]
    assert sum(ids for ids, _ in apart) > sum(values for _, values in apart)


@pytest.mark.parametrize(("variant", "house"), SHARING_CASES)
def test_blind_replays_are_the_same_without_shared_pieces(
    variant: str, house: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = blind_records(variant, house)
    shared = outcome(records)
    assert max(shared[1]) > 4
    monkeypatch.setattr(copies, "SHARE_PIECES", False)
    assert outcome(records) == shared
