"""A stock ending in ``...`` holds what the hands as dealt leave.

docs/notation.md: ``...`` ends a stock whose rest is unknown, so the record does not say how
many cards it holds, and no D109 ("the pack is imperfect") can come of its length. A hand
written with no card (``hand B``: dealt none) had been counted as a full hand, so that the stock
was made eight cards short and the deal ruled void as D109 (audit of 7 December 2026).
Two-pack: 64 cards, the turn-up and A's eight leave 55 in the stock when B is dealt none.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay


@pytest.mark.parametrize(("hand_b", "dealt"), [("", 0), (" 7C 8C 9C 7D", 4)])
def test_a_short_hand_leaves_the_open_stock_longer(hand_b: str, dealt: int) -> None:
    text = (
        '[Variant "two-pack"]\n\ndeal 1 dealer B\n'
        "hand A KH QH QS 9C 8D 7S 8H 7H\n"
        f"hand B{hand_b}\n"  # line 5: D106
        "stock JH AH TH ...\n"
        "turnup AH\n"
    )
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [("D106", "B", 5)]
    assert f"B {dealt} cards dealt, 8 due" in found[0].message
