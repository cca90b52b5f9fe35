"""A deal by the wrong seat does not move the turn of the deal.

Rule book ``irreg.wrong-dealer``: found after play began, "the deal stands and the turn of the
deal goes on as if it had been dealt by the right seat" (Portland law 6 and the principle of law
24; bezique-guide.txt, The deal: "The deal alternates"). Deal 2 dealt by A, whose turn it was
not, had made deal 3, dealt by A as the turn goes on, a second D110 (audit of 7 December 2026).
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay


def _deal(number: int, dealer: str) -> str:
    pone = "B" if dealer == "A" else "A"
    return f"deal {number} dealer {dealer}\nturnup 9H\n1. {pone} 7C {dealer} 8C\n\n"


def test_the_turn_goes_on_as_if_the_right_seat_had_dealt() -> None:
    # deal 1 A (right), deal 2 A (B's turn: D110, line 7), deal 3 A (right: after B comes A)
    text = '[Variant "two-pack"]\n\n' + _deal(1, "A") + _deal(2, "A") + _deal(3, "A")
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [("D110", "A", 7)]


def test_a_second_wrong_dealer_is_judged_by_the_turn_as_it_goes_on() -> None:
    # deal 2 by A in B's turn, then deal 3 by B: after B's turn comes A's, so B is wrong too
    text = '[Variant "two-pack"]\n\n' + _deal(1, "A") + _deal(2, "A") + _deal(3, "B")
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.seat, f.location.line) for f in found] == [
        ("D110", "A", 7),
        ("D110", "B", 11),
    ]
