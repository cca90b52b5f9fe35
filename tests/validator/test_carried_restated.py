"""An announcement to score said again on a later line is the same announcement, still carried.

foster-1914-ordinary-bezique.txt, Double Declarations: "he would probably declare: 'Royal
Marriage, forty, and twenty to score.' On winning another trick he would add the A 10 J of
trumps, and announce, 'Two-fifty in trumps, and twenty to score,' still carrying on the small
score", and "he would continue to repeat at every trick: 'Twenty to score'". In the two-pack
game, where each new announcement must lay a card from the hand, the repeat had been read as a
new one: A416 (named), and with the cards unnamed it spent a hidden card, so that the sequence
after it was "cards not held" (A401) and 250 points were lost (audit of 7 December 2026).

Hand-worked (two-pack, hearts trumps by the turn-up, eight cards): four kings 80; bézique 40
with the spade marriage to score; royal marriage 40 (twenty still to score); royal sequence 250
(twenty still to score); the spade marriage 20: A 80 + 40 + 40 + 250 + 20 = 430. A's hand:
after trick 1 four kings on the table and four cards in hand; at trick 4 A holds three cards in
hand and the sequence needs AH TH JH from it, so the repeat may take none.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay, replay_with_details

LINES = [
    '[Variant "two-pack"]',
    '[Laws "english"]',
    "",
    "deal 1 dealer A",
    "turnup 9H",
    "1. B 8C A 9C",
    "  A kings KS KH KC KD 80",
    "  draw A ?, B ?",
    "2. A KC B 7C",
    "  A bezique QS JD 40 carry marriage KS QS 20",
    "  draw A ?, B ?",
    "3. A KD B 7D",
    "  A marriage KH QH 40 carry marriage KS QS 20",
    "  draw A ?, B ?",
    "4. A JD B 8D",
    "  A sequence AH TH KH QH JH 250 carry marriage KS QS 20",
    "  draw A ?, B ?",
    "5. A 8S B 7S",
    "  A marriage KS QS 20",
    "  draw A ?, B ?",
]


@pytest.mark.parametrize("named", [False, True])
def test_twenty_to_score_said_at_every_trick(named: bool) -> None:
    lines = LINES[:-1]  # up to the draw after trick 5
    if named:
        lines = [
            *lines[:5],
            "hand A 9C KS KH KC KD QS JD QH",
            "hand B 8C 7C 7D 8D 7S 9S TS AS",
            "stock AH 9D TH 8C JH 7C 8S 7D AD TD ...",
            *lines[5:],
        ]
    details = replay_with_details(parse_record("\n".join(lines) + "\n"), steps=False)
    assert details.replay.all_findings() == ()
    assert details.deals[0].corrected.scores == {"A": 430, "B": 0}


def test_two_marriages_carried_on_one_line_are_two() -> None:
    # "twenty and twenty to score" (rubicon-bezique-laws.txt, Double Declarations): two
    # announcements of the same cards on one line are two, each scored on its own trick (the
    # first makes spades trumps, so both are royal, 40)
    text = "\n".join(
        [
            '[Variant "rubicon"]',
            "",
            "deal 1 dealer B",
            "hand A KS KS QS QS JD JD 7C 8C 9C",
            "1. A 7C B 7S",
            "  A double-bezique QS QS JD JD 500 carry marriage KS QS 20, marriage KS QS 20",
            "  draw A ?, B ?",
            "2. A 8C B 8S",
            "  A marriage KS QS 40",
            "  draw A ?, B ?",
            "3. A 9C B 7H",  # spades are trumps: B does not trump
            "  A marriage KS QS 40",  # a royal marriage now
            "",
        ]
    )
    assert replay(parse_record(text), steps=False).all_findings() == ()
