"""The declaration model, worked from the examples of the rule texts, number for number."""

from __future__ import annotations

from engine_driver import run_script

from notation.cards import Card
from validator.engine import DealState, load_ruleset


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def rubicon(a: str, b: str, variant: str = "rubicon") -> DealState:
    """A Rubicon deal: A (the pone) leads; the stock is unknown."""
    return DealState(load_ruleset(variant), ("A", "B"), "B", {"A": cards(a), "B": cards(b)})


LOW_B = "7D 7D 8D 8D 9D 9D 7S 8S 9S"


def test_eight_aces_score_500() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "After declaring 100 Aces, the player may lead or
    # play another Ace, and claim another 100 Aces ... eight Aces actually held might score 500
    # points": 100 + 4 x 100.
    state = rubicon("AS AS AH AH AD AD AC AC 7C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A aces AS AH AD AC 100
        draw
        A AS B 8D
        A aces AS AH AD AC 100
        draw
        A AH B 9D
        A aces AS AH AD AC 100
        draw
        A AD B 7S
        A aces AS AH AD AC 100
        draw
        A AC B 8S
        A aces AS AH AD AC 100
        """,
    )
    assert found == []
    assert state.melds["A"] == 500


def test_eight_aces_in_the_two_pack_game_score_once() -> None:
    # foster-1914-ordinary-bezique.txt, Declarations: "Four Kings have been declared, and one of
    # them afterward used in the course of play. The player cannot add a new King to the three
    # remaining, and announce four Kings again." The same for aces.
    rules = load_ruleset("two-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": cards("AS AH AD AC AS 7C 8C 9C"), "B": cards("7D 7D 8D 8D 9D 9D 7S 8S")},
        turnup=Card.parse("9H"),
    )
    found = run_script(
        state,
        """
        A 7C B 7D
        A aces AS AH AD AC 100
        draw
        A AS B 8D
        A aces AS AH AD AC 100
        """,
    )
    assert [v.code for v in found] == ["A406"]
    assert state.melds["A"] == 100


def test_royal_sequence_six_times_for_1500() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "in six successive tricks he would score this royal
    # sequence six times, making 1500 points out of it" (6 x 250).
    state = rubicon("AH TH KH QH JH TH KH QH 7C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A sequence AH TH KH QH JH 250
        draw A AH
        draw B 8C
        A AH B 8D
        A sequence AH TH KH QH JH 250
        draw A JH
        draw B 9C
        A TH B 9D
        A sequence AH TH KH QH JH 250
        draw
        A KH B 7S
        A sequence AH TH KH QH JH 250
        draw
        A QH B 8S
        A sequence AH TH KH QH JH 250
        draw
        A JH B 9S
        A sequence AH TH KH QH JH 250
        """,
    )
    assert found == []
    # Portland law 41: a sequence scored before any marriage makes the trump suit.
    assert state.trump == "H"
    assert state.melds["A"] == 1500


def test_quadruple_bezique_shown_whole_scores_4500_only() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "showing all eight cards at once would score 4500
    # only; the minor béziques would be lost".
    state = rubicon("QS QS QS QS JD JD JD JD 7C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A quadruple-bezique QS QS QS QS JD JD JD JD 4500
        draw A 8C
        draw
        A 8C B 8D
        A bezique QS JD 40
        """,
    )
    assert [v.code for v in found] == ["A407"]
    assert state.melds["A"] == 4500


def test_single_double_triple_quadruple_bezique_for_6540() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "the single first, scoring 40, then the double,
    # scoring 500, then the triple, scoring 1500, and finally the quadruple, scoring 4500, which
    # would yield him a grand total of 6540 points."
    state = rubicon("QS QS QS QS JD JD JD JD 7C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A bezique QS JD 40
        draw A 8C
        draw
        A 8C B 8D
        A double-bezique QS QS JD JD 500
        draw A 9C
        draw
        A 9C B 9D
        A triple-bezique QS QS QS JD JD JD 1500
        draw A 7H
        draw
        A 7H B 7S
        A quadruple-bezique QS QS QS QS JD JD JD JD 4500
        """,
    )
    assert found == []
    assert state.melds["A"] == 40 + 500 + 1500 + 4500 == 6540


def test_heart_marriage_re_formed_seven_times() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "He might declare marriage in hearts, and afterward
    # play three more heart Queens, scoring each marriage, and then three heart Kings, scoring
    # three more marriages. These would all be new combinations." Seven marriages; the first
    # makes hearts trumps (Portland law 41), so each is a royal marriage of 40.
    state = rubicon("KH QH QH QH QH 7C 8C 9C 7S", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 40
        draw A KH
        draw
        A QH B 8D
        A marriage KH QH 40
        draw A KH
        draw
        A QH B 9D
        A marriage KH QH 40
        draw A KH
        draw
        A QH B 7S
        A marriage KH QH 40
        draw
        A KH B 8S
        A marriage KH QH 40
        draw
        A KH B 9S
        A marriage KH QH 40
        draw
        A KH B 7D
        A marriage KH QH 40
        """,
    )
    assert found == []
    assert state.melds["A"] == 7 * 40


def test_two_pack_queen_cannot_marry_a_second_king() -> None:
    # bezique-guide.txt, Scoring: "A queen from a marriage may go on to make four queens or a
    # bezique, but she cannot marry a second king"; foster-1914-ordinary-bezique.txt: "A
    # marriage in spades has been declared, and the King got rid of in play. A new King of
    # spades will not make another marriage with the old Queen." (turn-up 9H)
    rules = load_ruleset("two-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": cards("KS QS 7C 8C 9C 7D 8D 9D"), "B": cards("7S 8S 9S 7D 8D 9D 7C 8C")},
        turnup=Card.parse("9H"),
    )
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KS QS 20
        draw A 7H
        draw B 7H
        A KS B 7S          # the tabled king is played away
        draw A KS          # a new king of spades
        draw
        A 8C B 8D
        A marriage KS QS 20
        """,
    )
    assert [v.code for v in found] == ["A406"]
    assert state.melds["A"] == 20


def test_marriage_then_sequence_keeps_both_not_the_other_way() -> None:
    # bezique-guide.txt, Scoring: "declare the marriage first for 40 and add the ace, ten and
    # jack of trumps later for the 250; declared the other way round, the marriage inside the
    # sequence scores nothing more." Foster (Declarations) and Portland law 37 agree.
    rules = load_ruleset("two-pack")
    hands = {"A": cards("KH QH AH TH JH 7C 8C 9C"), "B": cards("7D 7D 8D 8D 9D 9D 7S 8S")}
    first = DealState(rules, ("A", "B"), "B", hands, turnup=Card.parse("9H"))
    found = run_script(
        first,
        """
        A 7C B 7D
        A marriage KH QH 40
        draw
        A 8C B 8D
        A sequence AH TH KH QH JH 250
        """,
    )
    assert found == []
    assert first.melds["A"] == 40 + 250
    second = DealState(rules, ("A", "B"), "B", hands, turnup=Card.parse("9H"))
    found = run_script(
        second,
        """
        A 7C B 7D
        A sequence AH TH KH QH JH 250
        draw
        A 8C B 8D
        A marriage KH QH 40
        """,
    )
    assert [v.code for v in found] == ["A407"]
    assert second.melds["A"] == 250


def test_sixty_queens_with_twenty_and_twenty_to_score() -> None:
    # rubicon-bezique-laws.txt, Double Declarations: two spade kings on the table, double
    # bézique shown: 500 "with twenty and twenty to score"; later "Sixty Queens, with twenty and
    # twenty to score"; "If he scores one of the announcements held over, he still carries on
    # the other." Hearts trumps (royal marriage first), so the spade marriages are 20 each.
    state = rubicon("KH QH KS KS KC KD QS JD 7C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 40
        draw A 8C
        draw
        A 8C B 8D
        A kings KS KS KC KD 80
        draw A QS
        draw
        A KC B 9D          # the tabled king of clubs: four kings broken, nothing lost
        draw A JD
        draw
        A KD B 9D
        A double-bezique QS QS JD JD 500
        + marriage KS QS 20
        + marriage KS QS 20
        draw A QC
        draw
        A JD B 7S
        A queens QH QS QS QC 60
        draw
        A JD B 8S
        A marriage KS QS 20
        """,
    )
    assert found == []
    assert state.pending_announcements("A") == [("marriage", (Card.parse("KS"), Card.parse("QS")))]
    assert state.melds["A"] == 40 + 80 + 500 + 60 + 20


def test_carried_announcement_lost_when_its_card_is_played() -> None:
    # rubicon-bezique-laws.txt, Double Declarations: "If one of them has been led or played, or
    # the stock is exhausted before the player wins another trick, the score held over is lost."
    state = rubicon("KH QH KS KC KD QS JD 7C 8C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 40
        draw A 9H
        draw
        A 8C B 8D
        A bezique QS JD 40
        + marriage KS QS 20
        draw A 9C
        draw
        A KS B 7S          # the spade king of the carried marriage is played
        A marriage KS QS 20
        """,
    )
    assert [v.code for v in found] == ["A408"]
    assert state.melds["A"] == 80


def test_one_combination_per_trick_and_timing() -> None:
    # rubicon-bezique-laws.txt, Declarations: one combination scored at a time, by the winner of
    # the trick, before he draws.
    state = rubicon("KH QH KS QS AS TS JS 7C 8C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 40
        A marriage KS QS 20
        """,
    )
    assert [v.code for v in found] == ["A404"]
    # Challenged in time, the second combination is taken down and stays announced, to score
    # on a later trick (hoffmann-1909 laws 43 and 50): its cards are not used up.
    assert state.take_down("A", announced=True)
    assert state.pending_announcements("A") == [("marriage", tuple(cards("KS QS")))]
    found = run_script(state, "B marriage KD QD 20")
    assert [v.code for v in found][:1] == ["A402"]
    run_script(state, "draw")
    assert state.melds["A"] == 40
    assert [v.code for v in run_script(state, "A marriage KS QS 20")] == ["A403"]


def test_a_second_combination_that_stands_uses_its_cards() -> None:
    # hoffmann-1909 law 50: a declaration wrongly scored and not challenged in time stands;
    # the marriage then counts as scored, and the same two cards marry again only with a new
    # card (rubicon-bezique-laws.txt, Re-forming Combinations): A406.
    state = rubicon("KH QH KS QS AS TS JS 7C 8C", LOW_B)
    found = run_script(state, "A 7C B 7D\nA marriage KH QH 40\nA marriage KS QS 20\ndraw")
    assert [v.code for v in found] == ["A404"]
    found = run_script(state, "A 8C B 8D\nA marriage KS QS 20")
    assert [v.code for v in found] == ["A406"]


def test_wrong_claimed_score_and_not_a_combination() -> None:
    # Portland law 40: marriage in plain suits 20; the first marriage is trumps, 40.
    state = rubicon("KH QH KS QS AS TS JS 7C 8C", LOW_B)
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 20
        """,
    )
    assert [v.code for v in found] == ["A411"]
    assert state.melds["A"] == 40
    draw_and_win = run_script(state, "draw\nA 8C B 8D\nA marriage KS QH 20")
    assert [v.code for v in draw_and_win] == ["A412"]


def test_carte_blanche_and_its_repeat() -> None:
    # rubicon-bezique-laws.txt, Declaring: carte blanche 50, "another fifty points" for each
    # card drawn that is not a King, Queen or Jack; Portland law 16.
    state = rubicon("AS TS 9S 8S 7S AD TD 9D 8D", "KH QH KS QS AC TC JC 7C 8C")
    found = run_script(
        state,
        """
        A carte-blanche AS TS 9S 8S 7S AD TD 9D 8D 50
        A 7S B 7C
        draw A 7H
        A carte-blanche 7H 50
        draw B 9C
        """,
    )
    assert found == []
    assert state.melds["A"] == 100
    # showing KD, the court card drawn that ended it, is one fault, A409 (it had been A410 too:
    # two findings for one fault, audit of the Portland laws, 7 December 2026)
    found = run_script(state, "A 8S B 8C\ndraw A KD\ndraw B 9H\nA carte-blanche KD 50")
    assert [v.code for v in found] == ["A409"]
    assert state.melds["A"] == 100


def test_carte_blanche_with_a_court_card_or_late() -> None:
    state = rubicon("AS TS 9S 8S 7S AD TD 9D JD", LOW_B)
    found = run_script(state, "A carte-blanche 50")
    assert [v.code for v in found] == ["A410"]
    shown = rubicon("AS TS 9S 8S 7S AD TD 9D JD", LOW_B)
    # the JD shown and held is one fault, not one for the card shown and one for the hand
    found = run_script(shown, "A carte-blanche AS TS 9S 8S 7S AD TD 9D JD 50")
    assert [v.code for v in found] == ["A410"]
    late = rubicon("AS TS 9S 8S 7S AD TD 9D 8D", LOW_B)
    found = run_script(late, "A 7S B 8S\nA carte-blanche 50")
    assert [v.code for v in found] == ["A409"]


def test_declaration_after_the_stock_is_exhausted() -> None:
    # rubicon-bezique-laws.txt, Declarations: "When the stock is exhausted ... no announcements".
    rules = load_ruleset("rubicon")
    state = DealState(rules, ("A", "B"), "B", stock=[])
    assert state.phase == "strict"
    found = run_script(state, "A 7C B 7D\nA marriage KH QH 40")
    assert state.phase == "strict"
    assert [v.code for v in found] == ["A405"]


def test_a_fresh_declaration_leaves_the_carried_one_to_score() -> None:
    # rubicon-bezique-laws.txt, Double Declarations: an announcement carried ("with twenty to
    # score") is scored on a later trick won; docs/notation.md, `fresh`: a new combination of
    # the same cards, declared while one is carried, leaves the carried one still to score.
    # A holds two spade kings and queens: the double bézique carries the marriage of one pair;
    # the marriage declared fresh is the other pair (a new king from the hand), and the carried
    # one is scored after it: 500, 40 (the first marriage scored makes spades trumps), 40.
    def deal() -> DealState:
        return rubicon("QS QS JD JD KS KS 7C 8C 9C", LOW_B)

    state = deal()
    found = run_script(
        state,
        """
        A 7C B 7D
        A double-bezique QS QS JD JD 500
        + marriage KS QS 40
        draw
        A 8C B 8D
        """,
    )
    assert found == []
    outcome = state.declare("A", "marriage", cards("KS QS"), 40, fresh=True)
    assert outcome.violations == [] and outcome.score == 40
    assert state.pending_announcements("A") == [("marriage", tuple(cards("KS QS")))]
    assert run_script(state, "draw\nA 9C B 9D\nA marriage KS QS 40") == []
    assert state.melds["A"] == 580
    # Without `fresh` the second declaration is the carried one scored: nothing is left.
    state = deal()
    run_script(state, "A 7C B 7D\nA double-bezique QS QS JD JD 500\n+ marriage KS QS 40")
    run_script(state, "draw\nA 8C B 8D\nA marriage KS QS 40")
    assert state.pending_announcements("A") == []


def test_an_exchange_taken_down_puts_the_cards_back() -> None:
    # foster-1914-ordinary-bezique.txt, Seven of trumps: "He cannot score the Seven and make a
    # declaration at the same time." B exchanges the seven on the trick he scored a marriage
    # for: A404, challenged and taken down; the seven is back in his hand and the 9H turned up
    # again, so on his next trick won the exchange is made and scores 10.
    rules = load_ruleset("two-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": cards("7D 7C 8C 9C 7S 8H JC QC"), "B": cards("7H KS QS 8S 9S TS AS 8D")},
        None,
        Card.parse("9H"),
    )
    assert run_script(state, "A 7D B 8D\nB marriage KS QS 20") == []
    found = state.declare("B", "exchange", cards("7H"), 10).violations
    assert [v.code for v in found] == ["A404"]
    assert state.turnup == Card.parse("7H")
    assert state.take_down("B")
    assert state.turnup == Card.parse("9H")
    assert state.hand["B"][Card.parse("7H")] == 1
    assert run_script(state, "draw\nB 9S A 7C") == []
    outcome = state.declare("B", "exchange", cards("7H"), 10)
    assert outcome.violations == [] and outcome.score == 10
    assert state.turnup == Card.parse("7H") and state.hand["B"][Card.parse("9H")] == 1
    assert state.melds["B"] == 30
