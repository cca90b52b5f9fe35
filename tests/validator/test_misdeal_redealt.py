"""A Rubicon misdeal is dealt again by the same dealer.

rubicon-bezique-laws.txt, Misdealing: "A misdeal does not lose the deal ... If too many cards
are given to either player, and the error is discovered before the dealer plays to the first
trick, there must be a new deal"; Dealing: "a new deal by the same dealer". Each Rubicon deal is
otherwise a game of its own, dealt as the cut decides (Portland law 6), so the replay checks no
order between Rubicon deals; it had accepted the fresh deal of a misdeal from either seat
(found by an audit worked from the texts, 7 December 2026).
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay

MISDEAL = (
    '[Variant "rubicon"]\n'
    "\n"
    "deal 1 dealer B\n"
    "hand A 7C 8C 9C 7D 8D 9D 7S 8S 9S TC\n"  # line 4: B dealt A ten, nine due (D105)
    "^too-many A\n"
    "\n"
    "deal 2 dealer {dealer}\n"  # line 7
    "1. {pone} 7C {dealer} 8C\n"
)


def _codes(dealer: str, laws: str) -> list[tuple[str, str | None, int | None, int | None]]:
    pone = "A" if dealer == "B" else "B"
    text = MISDEAL.format(dealer=dealer, pone=pone)
    found = replay(parse_record(text), laws=laws, steps=False).all_findings()
    return [(f.code, f.seat, f.location.line, f.location.deal) for f in found]


@pytest.mark.parametrize("laws", ["english", "french"])
def test_the_misdeal_redealt_by_the_other_seat_is_d110(laws: str) -> None:
    assert _codes("A", laws) == [("D105", "B", 4, 1), ("D110", "A", 7, 2)]


@pytest.mark.parametrize("laws", ["english", "french"])
def test_the_misdeal_redealt_by_the_same_dealer_is_right(laws: str) -> None:
    assert _codes("B", laws) == [("D105", "B", 4, 1)]


def test_after_a_deal_played_out_either_seat_may_deal() -> None:
    text = '[Variant "rubicon"]\n\ndeal 1 dealer B\n1. A 7C B 8C\n\ndeal 2 dealer A\n1. B 7D A 8D\n'
    found = replay(parse_record(text), steps=False).all_findings()
    assert "D110" not in [f.code for f in found]
