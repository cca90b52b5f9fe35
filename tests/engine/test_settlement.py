"""Settlement of Rubicon, Chinese and six-pack deals, worked by hand from the rule texts.

Every expected number is reckoned in the comment beside it, with the text it comes from
(files of /work/shared/rules/).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from validator.engine import settlement
from validator.engine.settlement import (
    BrisquesNeeded,
    SettlementError,
    SettlementRules,
    SettlementRulesError,
    settle_deal,
    settle_game,
    settle_rubicon_penalty,
)
from validator.replay import DealSettlement, GameSettlement

# The settlement section of validator/data/rulesets/rubicon.yaml, with the pack's 32 brisques
# (four packs of eight aces and tens) that the rule set adds through SettlementRules.adapted.
RUBICON: dict[str, Any] = {
    "kind": "rubicon",
    "rubicon": 1000,
    "game": 500,
    "rubicon_game": 1000,
    "brisque_allowance": 300,
    "small_difference_bonus": 100,
    "small_loser_bonus": 100,
    "brisques_margin": 200,
    "failed_rescue": "keep-winner-brisques",
    "brisques_in_pack": 32,
}


def rules(**changes: Any) -> SettlementRules:
    return SettlementRules.from_mapping({**RUBICON, **changes}, "test.yaml")


# rubicon-bezique-laws.txt, Scoring --------------------------------------------------------


def test_1830_v_1260_is_worth_1100() -> None:
    # rubicon-bezique-laws.txt, Scoring: "A's score is 1830; while B's is 1260. A wins 1800,
    # less the 1200 scored by B, which leaves 600; to this must be added the 500 points for
    # game, making the total value of A's game 1100 points." 570 apart (over 200) and B over
    # 1000, so the brisques are not counted and need not be known.
    result = settle_deal({"A": 1830, "B": 1260}, None, rules())
    assert (result.winner, result.value, result.rubicon, result.void) == ("A", 1100, False, False)
    assert result.working[-1] == (
        "A wins 1800, less the 1200 scored by B, which leaves 600; plus 500 for the game: 1100."
    )


def test_1260_v_1140_brisques_7_and_25_is_b_by_600() -> None:
    # rubicon-bezique-laws.txt, Scoring: 1260 and 1140 are 120 apart, "close enough to justify
    # B in demanding a count of the brisques"; A 1260 + 70 = 1330, B 1140 + 250 = 1390, so B
    # wins; "B's final score is equal to A's, after dropping the fractions" (1300 - 1300 = 0,
    # under 100), "so he would add 100 for bonus to the 500 for game, and win 600".
    result = settle_deal({"A": 1260, "B": 1140}, {"A": 7, "B": 25}, rules())
    assert (result.winner, result.value, result.rubicon) == ("B", 600, False)
    assert "A 7 for 70, making 1330; B 25 for 250, making 1390" in result.working[1]


def test_920_v_440_is_2600_without_counting_brisques() -> None:
    # rubicon-bezique-laws.txt, Rubicons: "A's score is 920, and B's 440. It is not necessary to
    # count the brisques ... A adds B's 400 to his own 900, making his score 1300, and to this
    # total he adds 1300 for rubicon and brisques, making the value of his game 2600".
    # 440 + all 32 brisques (320) = 760 < 1000, so none could save B: no brisques are needed.
    result = settle_deal({"A": 920, "B": 440}, None, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 2600, True)
    assert "all 32 brisques would not bring B's 440 to 1000" in result.working[1]


def test_1740_v_850_with_18_brisques_is_1300() -> None:
    # rubicon-bezique-laws.txt, Rubicons: B's eighteen brisques make 850 + 180 = 1030, saving
    # the rubicon; A's fourteen make 1740 + 140 = 1880; "the value of his game 1800, minus B's
    # 1000, plus 500 for the game, or 1300 altogether".
    result = settle_deal({"A": 1740, "B": 850}, {"A": 14, "B": 18}, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 1300, False)


def test_1740_v_850_with_11_brisques_is_3900_as_foster_reckons_it() -> None:
    # rubicon-bezique-laws.txt, Rubicons: B's 11 brisques leave him 850 + 110 = 960 (the text
    # misprints 990), under 1000: "A wins 1800, plus B's 800, plus 1300 for rubicon and
    # brisques; 3900". The 1800 is A's 1740 + his 14 brisques = 1880 to the hundred below
    # (1740 alone would be 1700); B's 800 is his 850 without brisques to the hundred below.
    result = settle_deal({"A": 1740, "B": 850}, {"A": 14, "B": 11}, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 3900, True)
    assert result.working[-1] == (
        "A adds B's 800 to his own 1800, making 2600; plus 1300 for rubicon and brisques "
        "(1000 and 300): 3900."
    )


def test_1740_v_850_with_11_brisques_is_3800_under_portland_law_61() -> None:
    # hoffmann-1909-portland-club-laws.txt, law 61: "if the loser be rubiconed, the brisques,
    # though taken into account ..., are not added to the scores, and the game is computed as
    # provided in Law 58": 1700 + 800 + 1300 = 3800.
    result = settle_deal(
        {"A": 1740, "B": 850}, {"A": 14, "B": 11}, rules(failed_rescue="no-brisques")
    )
    assert (result.winner, result.value, result.rubicon) == ("A", 3800, True)


def test_1200_v_700_is_3200() -> None:
    # rubicon-bezique-laws.txt, Objects of the Game: "A has scored 1200, and B has only 700 ...
    # his 700 points are added to A's 1200, together with 1300 more ...; giving A a grand total
    # of 3200". 700 + 320 could reach 1000, so the brisques are counted: B's 20 make 900, not
    # saved; A keeps his own 9 (1290, still 1200 to the hundred below): 1200 + 700 + 1300.
    result = settle_deal({"A": 1200, "B": 700}, {"A": 9, "B": 20}, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 3200, True)


def test_1200_v_700_had_b_reached_1000_is_700() -> None:
    # Issue 13, point 13. rubicon-bezique-laws.txt, Objects of the Game: "Had B reached 1000, he
    # would have saved his rubicon, and A would have scored the difference only, or 200 points,
    # plus 500 for the game; 700 altogether." 1200 v 1000 are exactly 200 apart, and Foster
    # reckons them without the brisques: "within one or two hundred points" counts them only
    # when the scores are less than 200 apart (switch brisques_margin). No brisques given, none
    # needed: 1200 - 1000 = 200, plus 500.
    result = settle_deal({"A": 1200, "B": 1000}, None, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 700, False)
    assert not any("Brisques counted" in line for line in result.working)
    # 199 apart are within the margin, so the brisques decide (Scoring: "within one or two
    # hundred points of each other ... the brisques are counted"): 1199 + 50 v 1000 + 210 is
    # 1249 v 1210, A wins 1200 - 1200 = 0, under 100: 500 + 100.
    near = settle_deal({"A": 1199, "B": 1000}, {"A": 5, "B": 21}, rules())
    assert (near.winner, near.value) == ("A", 600)


def test_hoffmann_worked_settlements() -> None:
    # hoffmann-1909-portland-club-laws.txt, How the score is dealt with:
    # "A, 1510; B, 1240; A wins 1500 - 1200 + 500 = 800" (270 apart: no brisques counted).
    assert settle_deal({"A": 1510, "B": 1240}, None, rules()).value == 800
    # "if A has won 1320, and B 620, the value of A's game will be 1300 + 600 + 1000 + 300 =
    # 3200" (620 + 320 = 940: no brisques could save B).
    result = settle_deal({"A": 1320, "B": 620}, None, rules())
    assert (result.value, result.rubicon) == (3200, True)
    # "If A's score were 1550, and B's 1520, A would win 100 + 500 = 600": Hoffmann counts
    # brisques only "where the scores are otherwise equal", the margin 0 of the switch.
    assert settle_deal({"A": 1550, "B": 1520}, None, rules(brisques_margin=0)).value == 600


def test_rubicon_of_a_loser_under_100() -> None:
    # rubicon-bezique-laws.txt, Rubicons: "If the player who is rubiconed has scored less than
    # 100 points, the winner takes 100 for bonus, in addition to the 1300"; Portland law 59.
    # 1500 v 80: 80 + 320 < 1000, no brisques; 1500 + 0 + 1300 + 100 = 2900.
    result = settle_deal({"A": 1500, "B": 80}, None, rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 2900, True)
    assert "100 bonus, B having scored under 100" in result.working[-1]


def test_brisque_allowance_switch_320() -> None:
    # The modern 320 (all 32 brisques at 10) in place of the laws' 300: 920 v 440 is
    # 900 + 400 + 1000 + 320 = 2620.
    assert settle_deal({"A": 920, "B": 440}, None, rules(brisque_allowance=320)).value == 2620


def test_tie_after_brisques_is_void() -> None:
    # hoffmann-1909-portland-club-laws.txt, law 61: "In the case of a tie after adding the
    # brisques, the game is null and void." 1200 + 160 = 1360 each.
    result = settle_deal({"A": 1200, "B": 1200}, {"A": 16, "B": 16}, rules())
    assert (result.winner, result.value, result.void) == (None, 0, True)


def test_equal_scores_decided_by_brisques() -> None:
    # rubicon-bezique-laws.txt, Brisques: counted "to decide a tie". 1500 each; A 10 brisques
    # (1600), B 22 (1720): B wins, 1700 - 1600 = 100, not under 100: 100 + 500 = 600.
    result = settle_deal({"A": 1500, "B": 1500}, {"A": 10, "B": 22}, rules())
    assert (result.winner, result.value) == ("B", 600)


def test_brisques_needed_when_near_and_unknown() -> None:
    with pytest.raises(BrisquesNeeded, match="within 200"):
        settle_deal({"A": 1260, "B": 1140}, None, rules())
    # 850 + 320 could reach 1000: the count is needed.
    with pytest.raises(BrisquesNeeded):
        settle_deal({"A": 1740, "B": 850}, None, rules())


def test_no_brisques_game() -> None:
    # bezique-guide.txt, No brisques: the brisques count for nothing, so B's 18 cannot save
    # the rubicon: 1740 v 850 is 1700 + 800 + 1300 = 3800; equal scores are void (law 61).
    plain = rules(count_brisques=False)
    result = settle_deal({"A": 1740, "B": 850}, {"A": 14, "B": 18}, plain)
    assert (result.value, result.rubicon) == (3800, True)
    assert settle_deal({"A": 1500, "B": 1500}, None, plain).void


def test_too_many_brisques_and_bad_scores_are_errors() -> None:
    with pytest.raises(SettlementError, match="more than the 32"):
        settle_deal({"A": 1500, "B": 1300}, {"A": 20, "B": 20}, rules())
    with pytest.raises(SettlementError, match="2 players"):
        settle_deal({"A": 1500, "B": 1300, "C": 200}, None, rules())
    with pytest.raises(SettlementError, match="whole number"):
        settle_deal({"A": -5, "B": 1300}, None, rules())


# Chinese and six-pack ---------------------------------------------------------------------


def test_chinese_counts_48_brisques_to_save_a_rubicon() -> None:
    # rubicon-bezique-laws.txt, Chinese Bézique: Rubicon with six packs, so 48 brisques. B's 530
    # + 480 = 1010 could reach 1000, so they are counted: B's 28 make 810, not saved; A keeps
    # his 20 (1500 + 200 = 1700): 1700 + 500 + 1300 = 3500.
    chinese = rules(brisques_in_pack=48)
    result = settle_deal({"A": 1500, "B": 530}, {"A": 20, "B": 28}, chinese)
    assert (result.value, result.rubicon) == (3500, True)
    # With four packs 530 + 320 = 850 could not, and 1500 + 500 + 1300 = 3300.
    assert settle_deal({"A": 1500, "B": 530}, None, rules()).value == 3300


def test_six_pack_settlement() -> None:
    # bezique-guide.txt, Six-pack Bezique: "the loser who fails to reach 3,000 is rubiconed";
    # the game bonus and allowances are Rubicon's (docs/rules.md, settle.six-pack).
    six = rules(rubicon=3000, brisques_in_pack=48)
    # 4230 v 2870: 2870 + 480 could reach 3000, so brisques are counted: B 15 make 3020, saved;
    # A 33 make 4560. 4500 - 3000 = 1500, plus 500: 2000.
    saved = settle_deal({"A": 4230, "B": 2870}, {"A": 33, "B": 15}, six)
    assert (saved.winner, saved.value, saved.rubicon) == ("A", 2000, False)
    # 5120 v 2450: 2450 + 480 = 2930 cannot reach 3000: 5100 + 2400 + 1300 = 8800.
    beaten = settle_deal({"A": 5120, "B": 2450}, None, six)
    assert (beaten.winner, beaten.value, beaten.rubicon) == ("A", 8800, True)
    # 3400 v 2950 would be an ordinary game under Rubicon's line, a rubicon under six-pack's:
    # 2950 + 480 could reach 3000; B's 4 make 2990, not saved; A keeps his 44 (3840):
    # 3800 + 2900 + 1300 = 8000.
    assert settle_deal({"A": 3400, "B": 2950}, {"A": 44, "B": 4}, six).value == 8000


def test_rubicon_game_settlement_and_series() -> None:
    # One deal is the game (rubicon-bezique-laws.txt, Objects of the Game).
    deal = settle_deal({"A": 1830, "B": 1260}, None, rules())
    game = settle_game([deal], rules())
    assert (game.winner, game.value, game.result) == ("A", 1100, "A 1100")
    # Two games, A 1100 then B 2600 (B 920 v A 440): B by 1500 on balance.
    second = settle_deal({"A": 440, "B": 920}, None, rules())
    series = settle_game([deal, second], rules())
    assert (series.winner, series.value, series.totals) == ("B", 1500, {"A": -1500, "B": 1500})


def test_the_settlement_returns_the_replays_own_types() -> None:
    # One settlement type for the engine and the replay: the replay keeps what settle_* return.
    deal = settle_deal({"A": 1830, "B": 1260}, None, rules())
    assert isinstance(deal, DealSettlement)
    assert (deal.winner, deal.value) == ("A", 1100)
    game = settle_game([deal], rules())
    assert isinstance(game, GameSettlement)
    assert (game.totals, game.result) == ({"A": 1830, "B": 1260}, "A 1100")
    assert set(deal.to_dict()) == {
        "scores",
        "brisques",
        "winner",
        "value",
        "rubicon",
        "void",
        "working",
    }


def test_rubicon_for_too_many_cards() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Play; Portland law 17: the adversary adds
    # 1300 and the offender's points, at most 900. B (offender) 1230, A 1450: 1400 + 900
    # (1200 capped) + 1300 = 3600.
    result = settle_rubicon_penalty({"A": 1450, "B": 1230}, "B", rules())
    assert (result.winner, result.value, result.rubicon) == ("A", 3600, True)
    assert "B's 900 (at most 900)" in result.working[-1]
    # Offender A with 60 (under 100, law 59) against B's 350: 300 + 0 + 1300 + 100 = 1700.
    assert settle_rubicon_penalty({"A": 60, "B": 350}, "A", rules()).value == 1700


# The settlement: section -------------------------------------------------------------------


def test_from_mapping_reads_the_rubicon_section() -> None:
    parsed = rules()
    assert (parsed.kind, parsed.rubicon, parsed.brisque_allowance) == ("rubicon", 1000, 300)
    assert parsed.failed_rescue == "keep-winner-brisques"
    # Omitted keys take the defaults (Rubicon's numbers).
    assert SettlementRules.from_mapping({"kind": "rubicon"}, "x.yaml") == SettlementRules()


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ([1, 2], r"rubicon.yaml: settlement: expected a mapping"),
        ({"kind": "rubber"}, r"rubicon.yaml: settlement.kind: expected one of rubicon, target"),
        ({"kind": "rubicon", "rubicon_line": 1000}, r"settlement.rubicon_line: unknown key"),
        ({"kind": "rubicon", "target": 1000}, r"settlement.target: unknown key for kind rubicon"),
        ({"kind": "rubicon", "game": "500"}, r"settlement.game: expected a whole number >= 0"),
        ({"kind": "rubicon", "game": True}, r"settlement.game: expected a whole number"),
        ({"kind": "rubicon", "rubicon": -1}, r"settlement.rubicon: expected a whole number"),
        ({"kind": "rubicon", "failed_rescue": "foster"}, r"settlement.failed_rescue: expected"),
        ({"kind": "target", "tie_at_line": "coin"}, r"settlement.tie_at_line: expected one of"),
        ({"kind": "target", "count_brisques": "no"}, r"settlement.count_brisques: expected true"),
        ({"kind": "target", "target": None}, r"settlement.target: expected a whole number >= 0,"),
    ],
)
def test_from_mapping_errors_name_file_and_key(mapping: object, message: str) -> None:
    with pytest.raises(SettlementRulesError, match=message):
        SettlementRules.from_mapping(mapping, "rubicon.yaml")
    assert issubclass(SettlementRulesError, ValueError)


def test_adapted_takes_the_rule_set_brisque_facts() -> None:
    adapted = rules(brisques_in_pack=None).adapted(
        no_brisques=True, brisque_value=10, brisques_in_pack=48
    )
    assert (adapted.count_brisques, adapted.brisques_in_pack) == (False, 48)


def test_settlement_module_is_pure() -> None:
    # Team brief: the engine imports neither lark nor click and does no I/O. Every module of
    # the package is read; one may import only its siblings (``from .rules import ...``).
    package = Path(settlement.__file__).parent
    modules = sorted(package.glob("*.py"))
    siblings = {path.stem for path in modules}
    assert {"__init__", "rules", "deals", "corrections", "games", "sittings"} <= siblings
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {
            name.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for name in node.names
        } | {
            (node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level == 0
        }
        relative = {
            (node.level, node.module)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level > 0
        }
        assert imported <= {"__future__", "collections", "dataclasses", "decimal", "typing"}, path
        assert all(level == 1 and module in siblings for level, module in relative), path
