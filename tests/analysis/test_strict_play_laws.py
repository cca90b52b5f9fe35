"""The solver's strict-play laws are the engine's: same legal cards, same winners, same brisques.

Random positions of every two-handed variant (random_endings.py) are set up in the engine
(``DealState`` with an empty stock starts in the strict phase) and played out with random legal
cards; at every step the cards ``Ending.legal`` allows must be exactly ``DealState.legal_plays``,
and after every trick both must agree on the leader and the brisques. A change of the engine's
strict play that the solver does not follow fails here.
"""

from __future__ import annotations

import random

import pytest
from random_endings import random_ending

from notation.cards import Card
from validator.engine import DealState, load_ruleset
from validator.engine.ending import Ending, EndingError

VARIANTS = ("two-pack", "rubicon", "chinese", "six-pack")


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_cards_and_tricks_agree_with_the_engine(variant: str) -> None:
    rules = load_ruleset(variant)
    rng = random.Random(3)
    for _ in range(150):
        case = random_ending(rules, rng, max_tricks=rules.strict_tricks)
        hands = {s: [Card.parse(c) for c in case.hands[s]] for s in "AB"}
        if case.lead is not None:
            hands[case.leader].append(Card.parse(case.lead))
        dealer = "B" if case.leader == "A" else "A"  # the pone leads
        state = DealState(rules, ("A", "B"), dealer, hands, [], None, trump=case.trump)
        assert state.phase == "strict"
        ending = Ending.create("AB", hands, case.trump, case.leader)
        while not ending.over:
            seat = ending.to_play
            assert seat is not None and state.to_play == seat
            assert state.legal_plays(seat) == ending.legal(), str(ending)
            card = rng.choice(sorted(ending.legal(), key=str))
            assert state.play(seat, card) == []
            ending = ending.after(card)
            if ending.lead is None:
                assert state.brisques == dict(zip("AB", ending.brisques, strict=True))
                assert state.last_winner == ending.leader


def test_a_card_the_laws_forbid_is_refused_unless_asked() -> None:
    # The second player "must not only follow suit, but must win the trick if he can"
    # (rubicon-bezique-laws.txt, The Last Nine Tricks): holding the ace, B may not play the 7.
    with pytest.raises(EndingError):
        Ending.create("AB", {"A": ["TS"], "B": ["AS", "7S"]}, "H", "A")  # hands of 1 and 2
    ending = Ending.create("AB", {"A": ["TS", "8C"], "B": ["AS", "7S"]}, "H", "A")
    led = ending.after("TS")
    assert led.legal() == {Card.parse("AS")}
    with pytest.raises(EndingError, match="strict laws allow AS"):
        led.after("7S")
    revoked = led.after("7S", strict=False)
    assert revoked.leader == "A" and revoked.brisques == (1, 0)
    with pytest.raises(EndingError, match="not in his hand"):
        led.after("KD", strict=False)
