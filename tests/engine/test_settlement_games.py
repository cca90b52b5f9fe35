"""Games to a target (two-pack, three-handed) and sittings, worked by hand.

Deal figures other than the guide's worked deal are invented for the test; every total and
value is added up in the comment beside it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from validator.engine.settlement import (
    BrisquesNeeded,
    DealResult,
    SettlementError,
    SettlementRules,
    SittingGame,
    check_chouette_rotation,
    settle_deal,
    settle_game,
    settle_sitting,
)

# validator/data/rulesets/two-pack.yaml's settlement section, with 16 brisques in two packs.
TWO_PACK: dict[str, Any] = {"kind": "target", "target": 1000, "brisques_in_pack": 16}


def rules(**changes: Any) -> SettlementRules:
    return SettlementRules.from_mapping({**TWO_PACK, **changes}, "two-pack.yaml")


def deal(
    points: dict[str, int],
    brisques: dict[str, int],
    last_trick: str | None = None,
    **changes: Any,
) -> DealResult:
    return settle_deal(points, brisques, rules(**changes), last_trick=last_trick)


def worked_deal() -> DealResult:
    # bezique-guide.txt, A worked deal: Alice 420 in melds and 10 for the last trick, 7
    # brisques; Ben 60 in melds (20 + 40), 9 brisques.
    return deal({"Alice": 430, "Ben": 60}, {"Alice": 7, "Ben": 9}, last_trick="Alice")


def test_the_guides_worked_deal_is_alice_500_ben_150() -> None:
    # bezique-guide.txt, A worked deal: "Alice's deal is 420 in melds, 10 for the last trick and
    # 70 in brisques - 500. Ben's is 60 and 90 - 150."
    result = worked_deal()
    assert result.scores == {"Alice": 500, "Ben": 150}
    assert result.points == {"Alice": 430, "Ben": 60}
    assert (result.winner, result.value) == ("Alice", 350)
    assert result.working[0] == "Alice: 430 in points and 7 brisques for 70: 500."


def test_no_brisques_deal_counts_points_only() -> None:
    # bezique-guide.txt, No brisques: "Melds and the last trick only": Alice 430, Ben 60.
    result = deal({"Alice": 430, "Ben": 60}, {"Alice": 7, "Ben": 9}, count_brisques=False)
    assert result.scores == {"Alice": 430, "Ben": 60}


def test_deal_brisques_must_be_known() -> None:
    with pytest.raises(BrisquesNeeded):
        settle_deal({"Alice": 430, "Ben": 60}, None, rules())


def test_worked_deal_carried_into_a_game_to_1000() -> None:
    # bezique-guide.txt, Ending: "First to 1,000 points, usually across several deals".
    # Deal 1 is the worked deal (500, 150); deal 2: Alice 250 + 7 brisques = 320, Ben 330 + 8
    # brisques = 410; deal 3: Alice 200 + 6 = 260, Ben 200 + 10 = 300.
    # Totals: 500, 820, 1080 for Alice; 150, 560, 860 for Ben. Alice crosses in deal 3 and
    # wins 1080 less 860 = 220 (foster-1914-ordinary-bezique.txt, Stakes: "the score of the
    # loser being deducted from that of the winner").
    deals = [
        worked_deal(),
        deal({"Alice": 250, "Ben": 330}, {"Alice": 7, "Ben": 8}),
        deal({"Alice": 200, "Ben": 200}, {"Alice": 6, "Ben": 10}),
    ]
    game = settle_game(deals, rules())
    assert [dict(r) for r in game.running] == [
        {"Alice": 500, "Ben": 150},
        {"Alice": 820, "Ben": 560},
        {"Alice": 1080, "Ben": 860},
    ]
    assert (game.winner, game.value, game.result, game.ended_after) == (
        "Alice",
        220,
        "Alice 220",
        3,
    )
    assert game.working[-1] == "Alice wins 1080, less the 860 scored by Ben: 220."


def test_unfinished_game() -> None:
    game = settle_game([worked_deal()], rules())
    assert (game.winner, game.value, game.result) == (None, None, "*")


def test_target_tag_overrides_the_rule_set() -> None:
    # bezique-guide.txt, Ending: "Some play to 1,500 or 2,000"; the Target tag says which.
    deals = [worked_deal()] * 3  # Alice 1500, Ben 450
    assert settle_game(deals, rules(), target=1500).result == "Alice 1050"
    assert settle_game(deals[:2], rules(), target=1500).result == "*"


def test_both_cross_the_line_in_one_deal_the_higher_total_wins() -> None:
    # bezique-guide.txt, Ending: "if both cross it in the same deal, the higher total wins".
    # Deal 1: A 900, B 850. Deal 2: A 150 (1050), B 230 (1080): both over 1000, B higher,
    # and B wins 1080 - 1050 = 30.
    deals = [
        deal({"A": 820, "B": 770}, {"A": 8, "B": 8}),  # 820 + 80 = 900, 770 + 80 = 850
        deal({"A": 90, "B": 130}, {"A": 6, "B": 10}),  # 90 + 60 = 150, 130 + 100 = 230
    ]
    game = settle_game(deals, rules())
    assert (game.winner, game.value, game.totals) == ("B", 30, {"A": 1050, "B": 1080})
    assert "A and B cross 1000 in the same deal" in game.working[-2]


def tie_deals(last_trick: str = "A", brisques_a: int = 6) -> list[DealResult]:
    # Deal 1: A 900, B 850 (as above). Deal 2: A 200, B 250: 1100 each.
    return [
        deal({"A": 820, "B": 770}, {"A": 8, "B": 8}),
        deal(
            {"A": 200 - 10 * brisques_a, "B": 170},
            {"A": brisques_a, "B": 8},
            last_trick=last_trick,
        ),
    ]


def test_tie_at_the_line_less_the_last_deals_brisques() -> None:
    # enquire-within-1894-forfeits.txt, 123 x: "in case of a tie, the player scoring the
    # highest number of points, less the aces and tens in the last deal, wins the game".
    # 1100 - 60 = 1040 for A against 1100 - 80 = 1020 for B: A wins, value 0 (equal totals).
    game = settle_game(tie_deals(last_trick="B"), rules())
    assert (game.winner, game.value, game.totals) == ("A", 0, {"A": 1100, "B": 1100})


def test_tie_at_the_line_then_the_last_trick() -> None:
    # enquire-within-1894-forfeits.txt, 123 x: "If still a tie, the taker of the last trick
    # wins." A with 8 brisques too: 1100 - 80 each; B took the last trick.
    game = settle_game(tie_deals(last_trick="B", brisques_a=8), rules())
    assert game.winner == "B"


def test_tie_at_the_line_switches() -> None:
    drawn = settle_game(tie_deals(), rules(tie_at_line="draw"))
    assert (drawn.winner, drawn.value, drawn.result, drawn.void) == (None, 0, "draw", True)
    # play-on: another deal; A 100, B 300 make 1200 against 1400, B by 200.
    more = [*tie_deals(), deal({"A": 40, "B": 200}, {"A": 6, "B": 10})]
    game = settle_game(more, rules(tie_at_line="play-on"))
    assert (game.winner, game.value, game.ended_after) == ("B", 200, 3)


def test_deals_after_the_game_are_not_counted() -> None:
    deals = [worked_deal()] * 3  # Alice crosses 1000 after deal 2 (1000, 300)
    game = settle_game(deals, rules())
    assert (game.ended_after, game.extra_deals, game.totals) == (2, 1, {"Alice": 1000, "Ben": 300})
    assert game.value == 700


def test_game_value_in_games_with_a_double_game() -> None:
    # foster-1914-ordinary-bezique.txt, Stakes: "so much a game, 1,000 points up ... It is usual
    # to count it a double game if the loser has not reached 500 points." Ben has 300.
    game = settle_game([worked_deal()] * 2, rules(game_value="games"))
    assert (game.winner, game.value) == ("Alice", 2)


def test_three_handed_game_to_2000() -> None:
    # foster-1914-ordinary-bezique.txt, Three-handed Bézique: "the game is usually 2000 points".
    # Deals (points + 10 a brisque): A 600, 720, 810 = 2130; B 450, 380, 690 = 1520; C 700,
    # 510, 640 = 1850. After deal 2 A has 1320, C 1210: nobody at 2000. A wins from B 2130 -
    # 1520 = 610 and from C 2130 - 1850 = 280: 890.
    three = SettlementRules.from_mapping(
        {"kind": "target", "target": 2000, "brisques_in_pack": 24}, "three-handed.yaml"
    )
    deals = [
        settle_deal({"A": 520, "B": 400, "C": 640}, {"A": 8, "B": 5, "C": 6}, three),
        settle_deal({"A": 620, "B": 310, "C": 440}, {"A": 10, "B": 7, "C": 7}, three),
        settle_deal({"A": 740, "B": 600, "C": 590}, {"A": 7, "B": 9, "C": 5}, three),
    ]
    game = settle_game(deals, three)
    assert game.totals == {"A": 2130, "B": 1520, "C": 1850}
    assert (game.winner, game.payments, game.value) == ("A", {"B": 610, "C": 280}, 890)


def test_deals_with_other_seats_are_an_error() -> None:
    with pytest.raises(SettlementError, match="seats"):
        settle_game([worked_deal(), deal({"A": 1, "B": 2}, {"A": 0, "B": 0})], rules())


# Sittings ---------------------------------------------------------------------------------


def test_a_sitting_of_five_games_in_hundreds_at_a_stake() -> None:
    # rubicon-bezique-laws.txt, Stakes: "so much a hundred points, ... all fractions of a
    # hundred are disregarded ... sixpence in England"; Rubicons: "keep the net results ...
    # setting down the hundreds only, and to settle at the end of the sitting".
    # Games (values from test_settlement.py): A 1100, B 600, A 2600, A 3900, and a two-pack
    # game B 270 (2 hundreds, the 70 dropped). A: 11 + 26 + 39 = 76; B: 6 + 2 = 8; net A +68,
    # B -68; at 6 pence a hundred A receives 408 pence and B pays 408.
    games = [
        SittingGame(("A", "B"), "A", 1100),
        SittingGame(("A", "B"), "B", 600),
        SittingGame(("A", "B"), "A", 2600),
        SittingGame(("A", "B"), "A", 3900),
        SittingGame(("A", "B"), "B", 270),
    ]
    sitting = settle_sitting(games, 6)
    assert sitting.games == 5
    assert sitting.net_hundreds == {"A": Decimal(68), "B": Decimal(-68)}
    assert sitting.money == {"A": Decimal(408), "B": Decimal(-408)}
    assert sitting.working[4] == "Game 5: B beats A, 270: 2 hundreds."


def test_a_sitting_at_ten_cents() -> None:
    # "Ten cents a hundred is the usual stake": 11 hundreds are $1.10.
    sitting = settle_sitting([SittingGame(("A", "B"), "A", 1100)], "0.10")
    assert sitting.money == {"A": Decimal("1.10"), "B": Decimal("-1.10")}


# Chouette: C holds the chouette against X, Y and Z, who cut in that order.
def chouette_games(*plays: tuple[str, str]) -> list[SittingGame]:
    """(adversary, winner) pairs, each worth 1100."""
    return [SittingGame(("C", adversary), winner, 1100) for adversary, winner in plays]


def test_chouette_rotation_that_is_right() -> None:
    # rubicon-bezique-laws.txt, Chouette Bézique: "If the chouette player wins, one of his
    # opponents takes the loser's place; but if he loses, the same player opposes him for the
    # next game." C beats X; Y comes in and beats C; Y again, and loses; Z comes in.
    games = chouette_games(("X", "C"), ("Y", "Y"), ("Y", "C"), ("Z", "C"), ("X", "X"))
    assert check_chouette_rotation(games, "C", ["X", "Y", "Z"]) == []
    # Without the cut order the chouette player is the one in every game.
    assert check_chouette_rotation(games) == []


def test_chouette_rotation_that_is_wrong_is_reported() -> None:
    # Game 2: C lost game 1 to X, yet Y sits in: X should play again. Game 3: C beat Y, yet
    # Y plays again.
    games = chouette_games(("X", "X"), ("Y", "C"), ("Y", "C"))
    problems = check_chouette_rotation(games, "C", ["X", "Y", "Z"])
    assert [(p.code, p.game) for p in problems] == [("S506", 2), ("S506", 3)]
    assert "C lost game 1, so X plays again" in problems[0].message
    assert "Y gives way" in problems[1].message


def test_chouette_rotation_order_and_first_game() -> None:
    # Y cut lower than X, so X plays first; after C beats X it is Y's turn, not Z's.
    problems = check_chouette_rotation(chouette_games(("Y", "C"), ("X", "C")), "C", ["X", "Y", "Z"])
    assert [p.game for p in problems] == [1, 2]
    problems = check_chouette_rotation(chouette_games(("X", "C"), ("Z", "C")), "C", ["X", "Y", "Z"])
    assert [p.game for p in problems] == [2]
    assert "game 2 is for Y" in problems[0].message


def test_chouette_player_missing_from_a_game() -> None:
    games = [SittingGame(("C", "X"), "C", 600), SittingGame(("Y", "Z"), "Y", 600)]
    problems = check_chouette_rotation(games, "C")
    assert [(p.code, p.game) for p in problems] == [("S506", 2)]
    assert check_chouette_rotation(games)[0].message.startswith("cannot tell the chouette player")


def test_chouette_player_takes_all_bets() -> None:
    # rubicon-bezique-laws.txt, Chouette Bézique: "one of several players agrees to take all
    # bets". C beats X 1100 (11), loses to Y 600 (6), beats Y 2600 (26): against each of three
    # adversaries C wins 11 - 6 + 26 = 31, so +93; X, Y and Z each -31. At 1 a hundred.
    games = [
        SittingGame(("C", "X"), "C", 1100),
        SittingGame(("C", "Y"), "Y", 600),
        SittingGame(("C", "Y"), "C", 2600),
    ]
    sitting = settle_sitting(games, 1, chouette="C", adversaries=["X", "Y", "Z"])
    assert sitting.net_hundreds == {
        "C": Decimal(93),
        "X": Decimal(-31),
        "Y": Decimal(-31),
        "Z": Decimal(-31),
    }


def test_two_against_two_share_their_bets() -> None:
    # rubicon-bezique-laws.txt, Chouette Bézique: "two may play against two, each consulting
    # with his partner and sharing his bets". A (with B) beats C (with D) for 1100: 11
    # hundreds, 5.5 to each winner; then D (with C) beats B for 600: 3 each.
    # A, B: 5.5 - 3 = 2.5; C, D: -2.5. At 2 a hundred: 5 each way.
    partners = {"A": "B", "B": "A", "C": "D", "D": "C"}
    games = [SittingGame(("A", "C"), "A", 1100), SittingGame(("B", "D"), "D", 600)]
    sitting = settle_sitting(games, 2, partners=partners)
    assert sitting.net_hundreds == {
        "A": Decimal("2.5"),
        "B": Decimal("2.5"),
        "C": Decimal("-2.5"),
        "D": Decimal("-2.5"),
    }
    assert sitting.money["C"] == Decimal(-5)


def test_sitting_game_errors() -> None:
    with pytest.raises(SettlementError, match="winner 'Q'"):
        settle_sitting([SittingGame(("A", "B"), "Q", 600)], 1)
    with pytest.raises(SettlementError, match="what each loser owes is needed"):
        settle_sitting([SittingGame(("A", "B", "C"), "A", 600)], 1)
    with pytest.raises(SettlementError, match="two players or more"):
        settle_sitting([SittingGame(("A",), "A", 600)], 1)


def test_a_three_handed_game_pays_each_loser_s_own_hundreds() -> None:
    # rule settle.target-value: each loser owes the winner the difference between their
    # totals; sitting.hundreds: each counts its whole hundreds. A 2160 against B 440 and C 400:
    # B owes 1720 (17), C 1760 (17): A +34, B -17, C -17; at 0.10 a hundred A +3.40.
    game = SittingGame(("A", "B", "C"), "A", 3480, owed=(("B", 1720), ("C", 1760)))
    settled = settle_sitting([game], "0.10")
    assert settled.net_hundreds == {"A": 34, "B": -17, "C": -17}
    assert settled.money["A"] == Decimal("3.40")
