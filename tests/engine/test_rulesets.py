"""Rule sets as data: the bundled files, house rules by ``extends``, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.cards import Card
from validator.engine import RuleSetError, load_ruleset


def test_bundled_rule_sets_carry_the_texts_numbers() -> None:
    two = load_ruleset("two-pack")
    # bezique-guide.txt: 64 cards, eight each by 3-2-3, turn-up, last trick 10, last eight tricks
    assert (two.pack_size, two.hand_size, two.deal_pattern) == (64, 8, (3, 2, 3))
    assert (two.turn_up, two.trump, two.last_trick, two.strict_tricks) == (True, "turn-up", 10, 8)
    assert two.value("double-bezique") == 500 and two.value("triple-bezique") is None
    rub = load_ruleset("rubicon")
    # rubicon-bezique-laws.txt: four packs, nine each, carte blanche 50, last trick 50,
    # plain sequence 150, béziques 40/500/1500/4500, last nine tricks
    assert (rub.pack_size, rub.hand_size, rub.carte_blanche, rub.last_trick) == (128, 9, 50, 50)
    assert [
        rub.value(k) for k in ("bezique", "double-bezique", "triple-bezique", "quadruple-bezique")
    ] == [
        40,
        500,
        1500,
        4500,
    ]
    assert (rub.value("sequence"), rub.value("royal-sequence"), rub.strict_tricks) == (150, 250, 9)
    six = load_ruleset("six-pack")
    # bezique-guide.txt, Six-pack Bezique: 192 cards, twelve each, trump fours, 250 and 250
    assert (six.pack_size, six.hand_size, six.carte_blanche, six.last_trick) == (192, 12, 250, 250)
    assert [six.value("trump-" + k) for k in ("aces", "tens", "kings", "queens", "jacks")] == [
        1000,
        900,
        800,
        600,
        400,
    ]
    chinese = load_ruleset("chinese")
    # rubicon-bezique-laws.txt, Chinese Bézique: Rubicon with six packs
    assert (chinese.pack_size, chinese.hand_size, chinese.last_trick) == (192, 9, 50)
    three = load_ruleset("three-handed")
    # Three-handed: three packs, eight each, triple bézique 1500
    assert (three.players, three.pack_size, three.value("triple-bezique")) == (3, 96, 1500)


def test_settlement_section_is_parsed_by_settlement_module() -> None:
    rules = load_ruleset("rubicon")
    assert rules.settlement["rubicon"] == 1000
    assert type(rules.settlement_rules).__name__ == "SettlementRules"


def test_house_rules_file_extends_a_bundled_set(tmp_path: Path) -> None:
    house = tmp_path / "club.yaml"
    house.write_text(
        "extends: rubicon\nname: club\nreform: portland\nlast_trick: 100\nno_brisques: true\n"
        "omit: [8C]\n",
        encoding="utf-8",
    )
    rules = load_ruleset(house)
    assert (rules.name, rules.reform, rules.last_trick, rules.no_brisques) == (
        "club",
        "portland",
        100,
        True,
    )
    assert rules.packs == 4 and rules.pack_size == 127
    assert rules.copies(Card.parse("8C")) == 3


def test_overrides_switch_no_brisques_on_any_game() -> None:
    assert load_ruleset("two-pack", {"no_brisques": True}).no_brisques


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "extends: rubicon\nhand_size: nine\n",
            "key 'hand_size': expected a whole number >= 1, found 'nine'",
        ),
        (
            "extends: rubicon\nreform: sometimes\n",
            "key 'reform': expected one of none, new-card, portland",
        ),
        (
            "extends: rubicon\ncombinations:\n  pinochle: 40\n",
            "unknown key 'combinations.pinochle'",
        ),
        ("extends: rubicon\ncolour: red\n", "unknown key 'colour'"),
        (
            "extends: rubicon\nhand_size: 8\n",
            "key 'deal_pattern': expected numbers adding up to hand_size 8",
        ),
        ("extends: nowhere\n", "unknown rule set 'nowhere'"),
        ("- a list\n", "a rule set must be a mapping"),
        ("extends: rubicon\nsettlement:\n  rubicon: lots\n", "settlement.rubicon"),
    ],
)
def test_bad_rule_set_errors_name_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleSetError) as caught:
        load_ruleset(path)
    assert message in str(caught.value)
    if "unknown rule set" not in message:
        assert str(path) in str(caught.value)


def test_unknown_bundled_name() -> None:
    with pytest.raises(RuleSetError, match="unknown rule set 'pinochle'"):
        load_ruleset("pinochle")
