"""Three-handed Bézique: a dealer's fault may be elected on by either of his adversaries.

foster-1914-ordinary-bezique.txt, Misdealing: "If the dealer exposes a card belonging to the
adversary or to the stock, the pone may demand a new deal". With three players the dealer has
two adversaries; the rule book (laws.elections) gives the election to the one who found the
fault: "With three players the adversary of a fault is the player who elects". The dealer C
exposed one of B's cards and B elected a fresh deal; the replay gave the election to A alone
(the next seat) and refused B's: "B's election 'void-deal' is not his to make", so the deal
stood (audit 12, case 47).
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay_with_details

RECORD = (
    '[Variant "three-handed"]\n'
    '[Laws "english"]\n'
    "\n"
    "deal 1 dealer C\n"
    "turnup 9H\n"
    "^exposed B 9C\n"  # line 6
    "^elect ELECTOR void-deal\n"
)


def _deal(elector: str) -> tuple[list[tuple[str, int | None]], bool]:
    text = RECORD.replace("ELECTOR", elector)
    details = replay_with_details(parse_record(text), source="case.bzn", steps=False)
    found = [(f.code, f.location.line) for f in details.replay.all_findings()]
    settlement = details.replay.deals[0].settlement
    return found, settlement is not None and settlement.void


def test_the_player_whose_card_was_exposed_may_demand_a_new_deal() -> None:
    assert _deal("B") == ([("D103", 6)], True)


def test_the_other_adversary_may_too() -> None:
    assert _deal("A") == ([("D103", 6)], True)


def test_the_dealer_may_not() -> None:
    found, void = _deal("C")
    assert found == [("D103", 6)] and not void
