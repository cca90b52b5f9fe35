"""Endings worked by hand from the rule texts, and the values the solver must give them."""

from __future__ import annotations

from notation.cards import Card
from validator.engine import load_ruleset
from validator.engine.ending import Ending
from validator.engine.solver import EndingSolver
from validator.engine.valuation import Valuation

C = Card.parse


def test_two_pack_the_lead_that_keeps_the_ace_of_trumps_for_last() -> None:
    # Two-pack game, hearts trumps, A to lead with AH 7S against B's TH AS; A has 100 points
    # and 5 brisques, B 200 and 8 (16 in the pack: 3 are still out). "Brisques ... are worth
    # 10 each" and "the last trick is worth 10" (bezique-guide.txt, Scoring); the second player
    # must follow, win if he can, and trump if he cannot follow (The last eight tricks).
    # - A leads AH: B must follow with TH and loses it: A takes 2 brisques. A leads 7S, B must
    #   win with AS: 1 brisque and the last trick to B. A 100 + 70 = 170, B 200 + 90 + 10 = 300.
    # - A leads 7S: B must win with AS (1 brisque) and leads TH; A must win with AH: 2 brisques
    #   and the last trick. A 100 + 70 + 10 = 180, B 200 + 90 = 290.
    rules = load_ruleset("two-pack")
    ending = Ending.create(
        "AB",
        {"A": ["AH", "7S"], "B": ["TH", "AS"]},
        "H",
        "A",
        points={"A": 100, "B": 200},
        brisques={"A": 5, "B": 8},
    )
    solution = EndingSolver(rules).solve(ending)
    assert solution.values == {C("7S"): 180, C("AH"): 170}
    assert solution.best == (C("7S"),)
    assert solution.loss(C("AH")) == 10
    assert EndingSolver(rules).value(ending, "B") == 290


def test_rubicon_the_lead_that_saves_the_rubicon() -> None:
    # Rubicon, hearts trumps. A has 1690 points and 14 brisques, B 820 and 14 (32 in four
    # packs: AS TC TS AC are still out). B leads, holding AS TC; A holds TS AC.
    # - B leads AS: A must follow with TS and loses it, B takes 2 brisques (16). B leads TC, A
    #   must win with AC: 2 brisques (16) and the last trick, 50. A 1740, B 820. B is under
    #   1000 and his brisques could save him, so they are counted: 820 + 160 = 980, not
    #   enough. "If B's brisques did not prove sufficient to save the rubicon, A would count
    #   them all ... A wins 1800, plus B's 800, plus 1300 for rubicon and brisques"
    #   (rubicon-bezique-laws.txt, Rubicons): A 1740 + 160 = 1900, plus 800, plus 1300: 4000.
    # - B leads TC: A must win with AC (A 16 brisques) and leads TS; B must win with AS: 2
    #   brisques (16) and the last trick. B 870 + 160 = 1030: saved. A 1690 + 160 = 1850. "The
    #   value of the game is determined by deducting the lesser score from the higher, and then
    #   adding 500": 1800 - 1000 + 500 = 1300 (Scoring).
    rules = load_ruleset("rubicon")
    ending = Ending.create(
        "AB",
        {"A": ["TS", "AC"], "B": ["AS", "TC"]},
        "H",
        "B",
        points={"A": 1690, "B": 820},
        brisques={"A": 14, "B": 14},
    )
    solution = EndingSolver(rules).solve(ending)
    assert solution.seat == "B"
    assert solution.values == {C("TC"): -1300, C("AS"): -4000}
    assert solution.best == (C("TC"),)
    assert solution.loss(C("AS")) == 2700


def test_rubicon_brisques_that_cannot_matter_leave_every_card_equal() -> None:
    # A 2000, B 300: "It is not necessary to count the brisques" when all 32 could not bring
    # B to 1000 (rubicon-bezique-laws.txt, Rubicons). A adds B's 300 to his 2000 and 1300 for
    # rubicon and brisques: 3600; the last trick's 50 moves neither score across a hundred.
    rules = load_ruleset("rubicon")
    ending = Ending.create(
        "AB",
        {"A": ["AS", "7H", "KD"], "B": ["TS", "9C", "QD"]},
        "H",
        "A",
        points={"A": 2000, "B": 300},
        brisques={"A": 10, "B": 20},
    )
    solver = EndingSolver(rules)
    solution = solver.solve(ending)
    assert set(solution.values.values()) == {3600}
    # every end is worth the same: each position asked about is answered without a search
    assert solver.nodes <= 2 * 3


def test_rubicon_the_near_game_of_the_text() -> None:
    # "Suppose that after the last trick had been played and scored, A's total was 1260, and
    # B's 1140 ... A has seven only, while B has twenty-five. This shows B to be the winner of
    # the game, with a total score of 1390 to A's 1330" and, the difference being under 100
    # after dropping the fractions, "he would add 100 for bonus to the 500 for game, and win
    # 600 points altogether" (rubicon-bezique-laws.txt, Scoring). One trick without brisques
    # is left; A leads and wins it: 1210 + 50 = 1260.
    rules = load_ruleset("rubicon")
    ending = Ending.create(
        "AB",
        {"A": ["KD"], "B": ["7D"]},
        "H",
        "A",
        points={"A": 1210, "B": 1140},
        brisques={"A": 7, "B": 25},
    )
    solver = EndingSolver(rules)
    assert solver.value(ending, "A") == -600
    assert solver.value(ending, "B") == 600


def test_valuation_settles_fosters_rescue_examples() -> None:
    # rubicon-bezique-laws.txt, Rubicons: A 1740, B 850. B with eighteen brisques has 1030 and
    # saves the rubicon; A with fourteen has 1880: 1800 - 1000 + 500 = 1300. With eleven B
    # stays under 1000 and A "wins 1800, plus B's 800, plus 1300 ...; 3900 altogether".
    rules = load_ruleset("rubicon")
    # A wins the last trick: 1690 + 50 = 1740. The first example's brisques make the pack's 32;
    # the second's (14 and 11) only 25, as Foster gives them.
    assert Valuation(rules, ("A", "B"), (1690, 850), 32).final(14, True) == 1300
    failed = Valuation(rules, ("A", "B"), (1690, 850), 25)
    assert failed.final(14, True) == 3900
    assert failed.view(3900, "B") == -3900


def test_valuation_of_the_guide_worked_deal() -> None:
    # bezique-guide.txt, A worked deal: "Alice's deal is 420 in melds, 10 for the last trick
    # and 70 in brisques - 500. Ben's is 60 and 90 - 150." Alice is the first seat.
    rules = load_ruleset("two-pack")
    valuation = Valuation(rules, ("Alice", "Ben"), (420, 60), 16)
    assert valuation.final(7, True) == 500
    assert valuation.view(500, "Ben") == 150
