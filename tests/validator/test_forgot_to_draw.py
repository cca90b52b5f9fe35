"""A player who forgot to draw, whose card his adversary took: one remedy, not two at odds.

A won trick 1; B drew the top card, A's (W303, out of turn), and A played to trick 2 without
drawing (W301). W303's remedy, "he restores the card drawn in error", cannot be carried out
beside W301's: A has played on without the card (rubicon-bezique-laws.txt, Irregularities in
Drawing: the English laws "compel him to play the remainder of the hand with eight cards"; the
French give the adversary the choice of a void deal or two cards next time). The card stays with
B, and W301 rules on A's missing card. Three audits (7 December 2026) found the two remedies
read out side by side.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay


@pytest.mark.parametrize("laws", ["english", "french"])
def test_the_card_taken_stays_and_w301_rules(laws: str) -> None:
    # French draw order: the pone (A) draws first whoever won, so B's draw is out of turn too
    text = (
        f'[Variant "rubicon"]\n[Laws "{laws}"]\n\ndeal 1 dealer B\n'
        "1. A 7D B 9C\n"
        "  draw B ?\n"  # line 6: W303 B
        "2. A 8D B 9S\n"  # line 7: W301 A
    )
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [
        ("W303", "B", 6),
        ("W301", "A", 7),
    ]
    w303 = found[0].remedy
    assert w303 is not None and "(Moot: A played to the next trick without drawing" in w303.summary
    assert "W301 rules on A's missing card" in w303.summary
