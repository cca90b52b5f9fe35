"""The HouseRules grammar (validator.house_rules) and no brisques played through it end to end."""

from __future__ import annotations

import dataclasses

import pytest

from notation import parse_record
from notation.model import Tag
from validator.engine import RuleSetError, load_ruleset
from validator.house_rules import (
    SWITCHES,
    HouseRulesError,
    apply_house_rules,
    overrides_from_tag,
)
from validator.replay import record_rules, resolve

from .records import findings, replayed, sample


def test_switches_map_to_rule_set_keys() -> None:
    assert overrides_from_tag("no-brisques; draw_order pone-first; brisque_allowance 320") == {
        "no_brisques": True,
        "draw_order": "pone-first",
        "settlement": {"brisque_allowance": 320},
    }
    assert overrides_from_tag("last_trick 100, target=1500\ncarte-blanche: off") == {
        "last_trick": 100,
        "carte_blanche": None,
        "settlement": {"target": 1500},
    }
    assert overrides_from_tag("Triple-Bezique 1500; TRUMP_ACES 1200") == {
        "combinations": {"triple-bezique": 1500, "trump-aces": 1200}
    }
    assert overrides_from_tag("seven-exchange off; brisque-scoring when-taken") == {
        "seven_of_trumps": {"exchange": False},
        "brisques": {"scoring": "when-taken"},
    }
    assert overrides_from_tag("") == {} and overrides_from_tag(None) == {}


def test_the_notations_own_examples() -> None:
    # docs/notation.md, Tags: [HouseRules "brisques 300"]: the rubicon allowance, the number the
    # README of the rule texts sets against 320.
    assert overrides_from_tag("brisques 300") == {"settlement": {"brisque_allowance": 300}}
    assert overrides_from_tag("brisques off") == {"no_brisques": True}
    assert overrides_from_tag("no-brisques") == {"no_brisques": True}


def test_fosters_pack_is_an_omit_switch() -> None:
    # foster-1914-ordinary-bezique.txt, Three-handed: two packs of 32 and one of 31, an eight out.
    rules = load_ruleset("three-handed", overrides_from_tag("omit 8C"))
    assert rules.pack_size == 95
    assert overrides_from_tag("omit 8C, 8D") == {"omit": ["8C", "8D"]}


def test_every_switch_loads_on_a_game_that_has_its_key() -> None:
    for name, switch in SWITCHES.items():
        if switch.bare is not None:
            text = name
        elif name in ("draw-order",):
            text = f"{name} pone-first"
        elif name in ("reform",):
            text = f"{name} portland"
        elif name == "brisque-scoring":
            text = f"{name} end"
        elif name == "failed-rescue":
            text = f"{name} no-brisques"
        elif name == "tie-at-line":
            text = f"{name} draw"
        elif name == "game-value":
            text = f"{name} games"
        elif name == "omit":
            text = "omit 8C"
        else:
            text = f"{name} 10"
        target_key = switch.key[0] == "settlement" and switch.key[1] in (
            "target",
            "tie_at_line",
            "game_value",
            "double_game_under",
        )
        game = "two-pack" if target_key or name.startswith("seven") else "rubicon"
        overrides = overrides_from_tag(text)
        load_ruleset(game, overrides)  # raises if the key is wrong


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("brisk 300", ["unknown house-rule switch 'brisk'", "did you mean 'brisques'"]),
        ("no-brisques; sequence-of-nines 90", ["unknown house-rule switch 'sequence-of-nines'"]),
        ("draw_order sideways", ["switch 'draw_order'", "winner-first, pone-first", "'sideways'"]),
        ("last_trick", ["switch 'last_trick' needs a value"]),
        ("last_trick fifty", ["switch 'last_trick'", "whole number", "'fifty'"]),
        ("no-brisques; brisques on", ["'brisques' sets no_brisques, already set by 'no-brisques'"]),
        ("omit 8X", ["switch 'omit'", "'8X'"]),
        ("played at Bath", ["unknown house-rule switch 'played'"]),
    ],
)
def test_faults_name_the_switch(text: str, words: list[str]) -> None:
    with pytest.raises(HouseRulesError) as caught:
        overrides_from_tag(text)
    for word in words:
        assert word in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_switch_the_game_does_not_have_is_the_rule_sets_error() -> None:
    with pytest.raises(RuleSetError, match="brisque_allowance"):
        load_ruleset("two-pack", overrides_from_tag("brisque_allowance 320"))


def test_house_rules_stand_over_the_laws() -> None:
    # The French laws make the pone draw first; a house rule may say otherwise, and the replay,
    # the simulator and the tests read it through one resolver.
    merged = apply_house_rules({"draw_order": "pone-first"}, "draw_order winner-first")
    assert merged == {"draw_order": "winner-first"}
    record = sample("rubicon.bzn")
    tags = tuple(t for t in record.tags if t.name != "Laws")
    french = dataclasses.replace(
        record,
        tags=(*tags, Tag("Laws", "french"), Tag("HouseRules", "draw_order winner-first")),
    )
    assert record_rules(french).draw_order == "winner-first"
    assert resolve(french).rules.draw_order == "winner-first"
    from validator.simulate import ruleset

    assert ruleset("rubicon", "french", "draw_order winner-first").draw_order == "winner-first"
    assert ruleset("rubicon", "french").draw_order == "pone-first"
    plain = dataclasses.replace(record, tags=(*tags, Tag("Laws", "french")))
    assert record_rules(plain).draw_order == "pone-first"


def test_the_laws_chosen_for_the_remedies_do_not_change_the_game() -> None:
    # Issue 13: "--laws chooses the remedies, not the game". An English record ruled under the
    # French laws is still played winner-first (no W303), and the forfeit laws' seven (scored
    # when played, Enquire Within 123 iv) does not apply to a game played under the English.
    record = sample("rubicon.bzn")
    for laws in ("french", "forfeits"):
        resolved = resolve(record, laws=laws)
        assert resolved.rules.draw_order == "winner-first"
        assert resolved.rules.seven_scores_when_played is False
        assert resolved.laws.name == laws and resolved.play_laws.name == "english"
    # Replaying under other rules of play is a separate, named choice.
    assert resolve(record, play_laws="french").rules.draw_order == "pone-first"


# ------------------------------------------------------------------ no brisques end to end
def test_no_brisques_sample_is_clean_under_its_house_rule() -> None:
    result = replayed(sample("no-brisques.bzn"))
    assert findings(result) == []
    deal = result.deals[0].settlement
    assert deal is not None
    # The record's first deal: Ben took 12 brisques, Alice 4; with none counted the deal is
    # melds and the last trick only (bezique-guide.txt, No brisques): 70 and 180.
    assert deal.scores == {"A": 70, "B": 180}
    assert result.game is not None and result.game.result == "B 240"  # 1030 - 790


def test_the_same_record_without_the_house_rule_counts_brisques() -> None:
    record = sample("no-brisques.bzn")
    plain = dataclasses.replace(
        record, tags=tuple(t for t in record.tags if t.name != "HouseRules")
    )
    codes = findings(replayed(plain))
    # bezique-guide.txt, Scoring: brisques are ten each at the end: Ben 180 + 12 x 10 = 300.
    assert (
        "S501",
        "B's deal score is written as 180; the scores marked at the table (every score the record "
        "shows, at the value claimed) add up to 300",
    ) in codes


def test_no_brisques_in_rubicon_changes_the_settlement() -> None:
    # The Rubicon sample ends 650 to 470. With brisques, within 200, they are counted and Alice
    # keeps her own: 700 + 400 + 1300 = 2400 (rubicon-bezique-laws.txt, Rubicons). With none,
    # 600 + 400 + 1000 for the rubicon + the 300 allowance "no matter who actually won them":
    # 2300.
    record = sample("rubicon.bzn")
    tags = [t for t in record.tags if t.name != "Result"]
    tags += [Tag("HouseRules", "no-brisques"), Tag("Result", "A 2300")]
    result = replayed(dataclasses.replace(record, tags=tuple(tags)))
    assert findings(result) == []
    assert result.game is not None and result.game.value == 2300
    dropped = dataclasses.replace(
        record,
        tags=(
            *(t for t in record.tags if t.name != "Result"),
            Tag("HouseRules", "no-brisques; brisque_allowance 0"),
            Tag("Result", "A 2000"),
        ),
    )
    assert findings(replayed(dropped)) == []  # 600 + 400 + 1000 = 2000


def test_an_unreadable_house_rule_is_reported() -> None:
    record = parse_record('[Variant "rubicon"]\n[HouseRules "draw_order sideways"]\n')
    with pytest.raises(HouseRulesError, match="sideways"):
        record_rules(record)
    # The forgiving form, for records: a finding, and the rules without the house rules.
    resolved = resolve(record)
    assert any("sideways" in problem for problem in resolved.problems)
    assert resolved.rules.draw_order == "winner-first"
