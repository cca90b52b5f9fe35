"""Records without hands or stock: a legal deal replayed knowing only the plays and declarations
(the draws unnamed) must raise no violation and score the same (issue 5: "a record with plays
only"). The engine resolves a card played while a copy lies on the table from the declarations
that follow."""

from __future__ import annotations

import random

import pytest
from engine_driver import play_random_deal, replay

from validator.engine import DealState, deal_cards, load_ruleset, new_pack

VARIANTS = [
    ("two-pack", ("A", "B")),
    ("rubicon", ("A", "B")),
    ("six-pack", ("A", "B")),
    ("chinese", ("A", "B")),
    ("three-handed", ("A", "B", "C")),
]


@pytest.mark.parametrize(("variant", "seats"), VARIANTS)
def test_blind_replay_of_legal_deals_is_clean(variant: str, seats: tuple[str, ...]) -> None:
    rules = load_ruleset(variant)
    for seed in range(8):
        full, log = play_random_deal(rules, seats, seed)
        pack = new_pack(rules)
        random.Random(seed).shuffle(pack)
        _, _, turnup = deal_cards(rules, seats, seats[-1], pack)
        blind = DealState(rules, seats, seats[-1], None, None, turnup)
        assert replay(blind, log.events) == [], (variant, seed)
        assert blind.finish().scores == full.finish().scores
        assert blind.finish().brisques == full.finish().brisques
