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


def test_two_cards_drawn_next_time_show_the_french_option_taken() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: "the French laws give his adversary
    # the option of calling the deal void, or allowing the player in error to draw two cards
    # from the stock next time". A forgets to draw after trick 1 (A, the pone, draws first
    # under the French laws) and draws two at the next draw: B let him, so the option is
    # taken, and the two cards are the remedy, not a second card to put back (W302). The
    # ruling had given both "A draws two cards at the next draw" and W302 "he puts it back
    # without penalty" (audit 11, case 13; audit 14, case 39).
    text = (
        '[Variant "rubicon"]\n[Laws "french"]\n\ndeal 1 dealer B\n'
        "1. A 7D B 9C\n"
        "  draw B ?\n"  # line 6: A does not draw
        "2. A 8D B 9S\n"  # line 7: W301 A
        "  draw A ? ?, B ?\n"  # line 8: the two cards of the option
        "3. A 9D B 7S\n"
    )
    found = replay(parse_record(text), laws="french", steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [
        ("W303", "B", 6),
        ("W301", "A", 7),
    ]
    w301 = found[1].remedy
    assert w301 is not None and w301.elected == "two-cards-next"
    assert "he drew two cards at the next draw, as his adversary may allow" in found[1].message


def test_under_the_english_laws_two_cards_next_time_are_a_second_card() -> None:
    # The English laws "compel him to play the remainder of the hand with eight cards": no
    # option lets him draw two, so the second card is W302.
    text = (
        '[Variant "rubicon"]\n[Laws "english"]\n\ndeal 1 dealer B\n'
        "1. A 7D B 9C\n"
        "  draw B ?\n"
        "2. A 8D B 9S\n"
        "  draw A ? ?, B ?\n"  # line 8
    )
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [
        ("W303", "B", 6),
        ("W301", "A", 7),
        ("W302", "A", 8),
    ]
