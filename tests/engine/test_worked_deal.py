"""The two-pack worked deal of bezique-guide.txt ("A worked deal"), replayed in full.

The guide gives the melds and the totals; the plays are ours, built by hand so that every
number of the guide comes out: hearts trumps (the turned-up ace of hearts), Alice's melds at
tricks 2, 5, 6, 9 and 11, Ben's marriage in clubs and four jacks, Alice taking five of the last
eight tricks and the last one, seven brisques to Alice and nine to Ben. The record names no
dealt hand and no stock card, so the engine also checks everything against pack counts only.
"""

from __future__ import annotations

from engine_driver import run_script

from notation.cards import Card
from validator.engine import DealState, load_ruleset

# Alice is A (the pone, leading first), Ben is B (the dealer). Hearts are trumps.
WORKED_DEAL = """
A 7S B 8S           # 1: B wins
draw
B 7C A 8C           # 2: A wins
A marriage KH QH 40 # royal marriage, 40, total 40
draw
A 7S B 9S           # 3: B wins
B marriage KC QC 20 # Ben's marriage in clubs
draw
B 7D A 8D           # 4: A wins, nothing to declare
draw
A 8D B 7D           # 5: A wins
A bezique QS JD 40  # bezique, 40, total 80
draw
A 9D B 8C           # 6: A wins
A sequence AH TH JH KH QH 250   # the ace, ten and jack laid beside the marriage: total 330
draw
A QS B KS           # 7: B wins (Alice plays her tabled queen of spades)
B jacks JS JS JC JC 40
draw
B AS A JD           # 8: B wins a brisque
draw
B 9C A JH           # 9: A trumps
A kings KH KS KD KC 80          # four kings, the melded king of hearts among them: total 410
draw
A KS B AS           # 10: B
draw
B TS A 9H           # 11: A trumps a brisque
A exchange 7H 10    # the seven of hearts for the turned-up ace: total 420
draw
A KD B AD           # 12: B
draw
B KC A KC           # 13: B (same card: the leader wins)
draw
B QC A 7C           # 14: B
draw
B JC A QC           # 15: A
draw
A QS B JS           # 16: A
draw
A TS B 9H           # 17: B trumps a brisque
draw
B JS A TC           # 18: B
draw
B JC A TH           # 19: A trumps
draw
A 7H B 8H           # 20: B
draw
B TD A JD           # 21: B
draw
B AC A QD           # 22: B
draw
B KD A KH           # 23: A trumps
draw
A 8H B QD           # 24: A wins the last trick of the stock
draw                # A draws the last card, B the turned-up seven of hearts
A AH B 7H           # 25: the last eight tricks, strictly
A JH B QH           # 26: B must win, and does
B AD A 9D           # 27
B AC A 9C           # 28
B TD A QH           # 29: A cannot follow and must trump
A KH B 8S           # 30: B can neither follow nor trump
A TH B 9S           # 31
A AH B TC           # 32: the last trick, to Alice
A last-trick 10
"""


def test_worked_deal_scores_as_the_guide_says() -> None:
    rules = load_ruleset("two-pack")
    state = DealState(rules, ("A", "B"), "B", turnup=Card.parse("AH"))
    assert state.trump == "H"
    violations = run_script(state, WORKED_DEAL)
    assert violations == []
    outcome = state.finish()
    assert outcome.complete
    # bezique-guide.txt, A worked deal: 40 + 40 + 250 + 80 + 10 = 420 in melds for Alice;
    # Ben "a marriage in clubs for 20 and four jacks for 40".
    assert outcome.melds == {"A": 420, "B": 60}
    # "Alice takes five of them, the last included, for 10 more."
    assert outcome.last_trick_winner == "A"
    assert outcome.last_trick_points == {"A": 10, "B": 0}
    # "Alice has seven brisques for 70, Ben nine for 90."
    assert outcome.brisques == {"A": 7, "B": 9}
    assert outcome.brisque_points == {"A": 70, "B": 90}
    # "Alice's deal is 420 in melds, 10 for the last trick and 70 in brisques - 500.
    #  Ben's is 60 and 90 - 150."
    assert outcome.scores == {"A": 500, "B": 150}
    # without the brisques, for a settlement that adds them itself: 420 + 10 and 60
    assert outcome.points == {"A": 430, "B": 60}


def test_worked_deal_running_meld_totals() -> None:
    # bezique-guide.txt, A worked deal: "total 40", "total 80", "total 330", "total 410",
    # "total 420" after tricks 2, 5, 6, 9 and 11.
    rules = load_ruleset("two-pack")
    state = DealState(rules, ("A", "B"), "B", turnup=Card.parse("AH"))
    totals = []
    for line in WORKED_DEAL.strip().splitlines():
        run_script(state, line)
        if line.split()[0] == "A" and line.split()[1] in (
            "marriage",
            "bezique",
            "sequence",
            "kings",
            "exchange",
        ):
            totals.append(state.melds["A"])
    assert totals == [40, 80, 330, 410, 420]


def test_worked_deal_with_brisques_scored_when_taken() -> None:
    # foster-1914-ordinary-bezique.txt, Brisques: "Every brisque taken in should be scored at
    # once"; the deal's totals do not change, only when the points are marked.
    rules = load_ruleset("two-pack", {"brisques": {"scoring": "when-taken"}})
    state = DealState(rules, ("A", "B"), "B", turnup=Card.parse("AH"))
    assert run_script(state, WORKED_DEAL) == []
    assert state.finish().scores == {"A": 500, "B": 150}


def test_worked_deal_without_brisques() -> None:
    # bezique-guide.txt, No brisques: "Melds and the last trick only".
    rules = load_ruleset("two-pack", {"no_brisques": True})
    state = DealState(rules, ("A", "B"), "B", turnup=Card.parse("AH"))
    assert run_script(state, WORKED_DEAL) == []
    assert state.finish().scores == {"A": 430, "B": 60}
