"""Random strict-play positions of a variant, with scores where the settlement is most alive.

A position is dealt from the variant's whole pack (its copies of each card): each hand a few
cards, a trump suit (or none, in the games that make trumps by a marriage), a leader, and
sometimes the leader's card already on the trick. The brisques not in the hands were taken
earlier in the deal and are shared out at random, so that all of the pack's brisques are
accounted for, as at the end of a real deal. Points are drawn where the value moves: in a game
to a target anywhere; in Rubicon kinds around the rubicon line, around a near game, and far
above it, each a third of the time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from notation.cards import RANKS, SUITS
from validator.engine import RuleSet
from validator.engine.settlement import SettlementRules


@dataclass(frozen=True)
class RandomEnding:
    hands: dict[str, list[str]]
    leader: str
    lead: str | None
    trump: str | None
    points: tuple[int, int]
    brisques: tuple[int, int]


def random_ending(rules: RuleSet, rng: random.Random, max_tricks: int = 5) -> RandomEnding:
    pack = [rank + suit for suit in SUITS for rank in RANKS for _ in range(rules.packs)]
    rng.shuffle(pack)
    tricks = rng.randint(1, max_tricks)
    hands = {"A": pack[:tricks], "B": pack[tricks : 2 * tricks]}
    leader = rng.choice("AB")
    lead = None
    if rng.random() < 0.25:
        lead = hands[leader].pop(rng.randrange(tricks))
    trumps: list[str | None] = list(SUITS)
    if rules.trump == "first-marriage":
        trumps.append(None)
    trump = rng.choice(trumps)
    in_pack = 8 * rules.packs
    out = sum(1 for card in pack[: 2 * tricks] if card[0] in "AT")
    earlier = in_pack - out
    taken_a = rng.randint(0, earlier)
    settlement = rules.settlement_rules
    assert isinstance(settlement, SettlementRules)
    if settlement.kind == "target":
        points = (rng.randrange(0, 900, 10), rng.randrange(0, 900, 10))
    else:
        line = settlement.rubicon
        mode = rng.randrange(3)
        if mode == 0:  # a rubicon to save or not
            high = rng.randrange(line, line + 1500, 10)
            low = rng.randrange(line - 10 * in_pack, line + 60, 10)
        elif mode == 1:  # a near game: the brisques decide
            high = rng.randrange(line - 300, line + 800, 10)
            low = high + rng.randrange(-250, 250, 10)
        else:
            high = rng.randrange(0, 3 * line, 10)
            low = rng.randrange(0, 3 * line, 10)
        low = max(0, low)
        points = (high, low) if rng.random() < 0.5 else (low, high)
    return RandomEnding(hands, leader, lead, trump, points, (taken_a, earlier - taken_a))
