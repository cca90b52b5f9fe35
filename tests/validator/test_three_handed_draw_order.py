"""Three-handed Bézique draws winner first under either code of laws.

bezique-guide.txt, Three-handed Bezique: "The winner of each trick melds and draws first, then
the others in turn". The French laws' draw, the pone first whoever won (foster-1914-ordinary-
bezique.txt, Method of Playing), is a rule of the two-handed game: the rule book
(variant.three-handed.draw-order) says it "has no meaning with three and is not used". The
engine had used it with three, so a legal three-handed record under the French laws was given
a W303 for nearly every draw (found by an audit worked from the texts, 7 December 2026).
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay

RECORD = (
    '[Variant "three-handed"]\n'
    '[Laws "{laws}"]\n'
    "\n"
    "deal 1 dealer C\n"
    "turnup 9H\n"
    "1. A 7C B 8C C 9C\n"  # C wins (the highest club): C draws, then A, then B
    "  draw C ?, A ?, B ?\n"
    "2. C 7D A 8D B 9D\n"  # B wins: B, C, A
    "  draw B ?, C ?, A ?\n"  # line 9
)


@pytest.mark.parametrize("laws", ["english", "french"])
def test_the_winner_draws_first(laws: str) -> None:
    found = replay(parse_record(RECORD.format(laws=laws)), steps=False).all_findings()
    assert list(found) == []


@pytest.mark.parametrize("laws", ["english", "french"])
def test_a_draw_before_the_winner_is_w303(laws: str) -> None:
    text = RECORD.format(laws=laws).replace("draw B ?, C ?, A ?", "draw C ?, B ?, A ?")
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found][:1] == [("W303", "C", 9)]
