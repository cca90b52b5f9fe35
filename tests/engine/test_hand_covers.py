"""A card known in the hand stands for a tabled copy of it in the dominance of readings.

Worked by hand, on readings of the shape the named Rubicon corpus of ``bench/run.py`` gives
(seed 2026): A has scored four kings, then a marriage, with K♣#131 and holds a second K♣. He
declares a marriage of clubs again with a Q♣ from the hand (#401); the K♣ may be #131 (the
rules allowing it) or the one in his hand, laid as a new copy #400. The readings after it:

- R1, the tabled K♣: hand K♣; table K♣#131 (kings, marriage), Q♣#401 (marriage);
- R2, the hand's K♣: hand none; table K♣#131 (kings, marriage), K♣#400 (marriage), Q♣#401
  (marriage).

R1 allows everything R2 allows: its K♣ in the hand can do whatever K♣#400 can (a later
declaration with it counts it as new, never as a card that has scored in a marriage, and it
can be played as that copy can), so R2 can be dropped; R2 does not allow everything R1 allows
(K♣#400 has scored in a marriage, the hand's card has not). Under the Portland model (Portland
laws 34-35, ``docs/rules.md``) a card from the hand may not re-form a combination still whole
where a tabled copy may, so a marked copy is not as good as its card in the hand, and R1 does
not dominate R2 there; an unmarked copy is (it counts as a card from the hand). A copy that
carries an announcement is known by its uid and is never stood for.
"""

from __future__ import annotations

import pytest

from notation.cards import Card
from validator.engine.combinations import kind_info
from validator.engine.copies import Copy, Pending
from validator.engine.holding import Holding
from validator.engine.reading import Reading

KC = Card.parse("KC")
QC = Card.parse("QC")
COPIES = {KC: 4, QC: 4}
MARRIAGE = kind_info("marriage")
KC131 = Copy(KC, 131).scored("kings", kind_info("kings")).scored("marriage", MARRIAGE)
QC401 = Copy(QC, 401).scored("marriage", MARRIAGE)


def _reading(hand: dict[Card, int], table: list[Copy]) -> Reading:
    a = Holding(dict(hand), 0)
    a.table = list(table)
    b = Holding({}, 9)
    seen = {KC: 2, QC: 1}
    return Reading({"A": a, "B": b}, seen)


def _pair(laid: Copy) -> tuple[Reading, Reading]:
    return _reading({KC: 1}, [KC131, QC401]), _reading({}, [KC131, laid, QC401])


@pytest.mark.parametrize("portland", [False, True])
def test_a_hand_card_stands_for_a_marked_copy_outside_portland(portland: bool) -> None:
    r1, r2 = _pair(Copy(KC, 400).scored("marriage", MARRIAGE))
    assert r1.dominates(r2, portland, COPIES) is (not portland)
    assert not r2.dominates(r1, portland, COPIES)


@pytest.mark.parametrize("portland", [False, True])
def test_a_hand_card_stands_for_an_unmarked_copy_under_both_models(portland: bool) -> None:
    r1, r2 = _pair(Copy(KC, 400))
    assert r1.dominates(r2, portland, COPIES)
    assert not r2.dominates(r1, portland, COPIES)


def test_a_copy_carrying_an_announcement_is_not_stood_for() -> None:
    r1, r2 = _pair(Copy(KC, 400))
    r2.holdings["A"].pending.append(Pending("marriage", (KC, QC), frozenset({400, 401})))
    assert not r1.dominates(r2, False, COPIES)


def test_two_hand_cards_need_two_copies() -> None:
    # R1 holds both K♣ in the hand; R2 laid one and holds the other: R1 dominates. Against a
    # reading that holds neither in the hand nor on the table (played), R1 does not.
    r1 = _reading({KC: 2}, [QC401])
    r2 = _reading({KC: 1}, [Copy(KC, 400).scored("marriage", MARRIAGE), QC401])
    assert r1.dominates(r2, False, COPIES)
    r3 = _reading({KC: 1}, [QC401])
    r3.seen = {KC: 1, QC: 1}
    assert not r1.dominates(r3, False, COPIES)
