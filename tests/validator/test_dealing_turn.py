"""A deal by the wrong seat that stands: the turn of the deal goes on from it.

Rule book ``irreg.wrong-dealer`` (no text deals with a deal out of turn): found after play
began, the deal stands and the seat passed over deals next, as players alternate from the deal
they saw; one deal out of turn is one finding (bezique-guide.txt, The deal: "The deal
alternates"). An audit (7 December 2026) found the rule book saying "as if it had been dealt by
the right seat", which the replay did not do: the rule book now says what is checked.
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay


def _deal(number: int, dealer: str) -> str:
    pone = "B" if dealer == "A" else "A"
    return f"deal {number} dealer {dealer}\nturnup 9H\n1. {pone} 7C {dealer} 8C\n\n"


def _found(*dealers: str) -> list[tuple[str, str | None, int | None]]:
    text = '[Variant "two-pack"]\n\n' + "".join(_deal(n, d) for n, d in enumerate(dealers, 1))
    found = replay(parse_record(text), steps=False).all_findings()
    return [(f.code, f.seat, f.location.line) for f in found]


def test_the_seat_passed_over_deals_next() -> None:
    # deal 2 by A in B's turn (line 7): B, passed over, deals deal 3
    assert _found("A", "A", "B") == [("D110", "A", 7)]


def test_the_seat_that_dealt_out_of_turn_dealing_again_is_a_second_fault() -> None:
    assert _found("A", "A", "A") == [("D110", "A", 7), ("D110", "A", 11)]
