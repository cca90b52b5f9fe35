"""The other games on the one engine, exact legal declarations, the seven, and the switches."""

from __future__ import annotations

from engine_driver import run_script

from notation.cards import Card
from validator.engine import DealState, DeclarationOption, load_ruleset


def hand(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_six_pack_trump_fours() -> None:
    # bezique-guide.txt, Six-pack Bezique: "four aces of trumps score 1,000"; the ordinary four
    # aces (100) first and the trump aces after keep both, the other way round not (a lower
    # combination out of a higher one of its class: rubicon-bezique-laws.txt, Declarations).
    rules = load_ruleset("six-pack")
    low = "7S 7S 8S 8S 9S 9S 7D 7D 8D 8D 9D 9D"
    state = DealState(
        rules, ("A", "B"), "B", {"A": hand("AH AH AH AH KH QH 7C 8C 9C 7C 8C 9C"), "B": hand(low)}
    )
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KH QH 40      # the first marriage makes hearts trumps
        draw A 7H
        draw
        A 8C B 8D
        A aces AH AH AH AH 100
        draw A 8H
        draw
        A 9C B 9D
        A trump-aces AH AH AH AH 1000
        """,
    )
    assert found == []
    assert state.melds["A"] == 40 + 100 + 1000
    other = DealState(
        rules, ("A", "B"), "B", {"A": hand("AH AH AH AH KH QH 7C 8C 9C 7C 8C 9C"), "B": hand(low)}
    )
    found = run_script(
        other,
        """
        A 7C B 7D
        A marriage KH QH 40
        draw A 7H
        draw
        A 8C B 8D
        A trump-aces AH AH AH AH 1000
        draw A 8H
        draw
        A 9C B 9D
        A aces AH AH AH AH 100
        """,
    )
    assert [v.code for v in found] == ["A407"]
    assert other.melds["A"] == 1040


def test_six_pack_trump_tens_kings_queens_jacks() -> None:
    # bezique-guide.txt, Six-pack Bezique: tens of trumps 900, kings 800, queens 600, jacks 400
    rules = load_ruleset("six-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {
            "A": hand("TS TS TS TS 7C 8C 9C 7C 8C 9C 7H 8H"),
            "B": hand("7D 7D 8D 8D 9D 9D 7D 8D 9D 7D 8D 9D"),
        },
        trump="S",
    )
    found = run_script(state, "A 7C B 7D\nA trump-tens TS TS TS TS 900")
    assert found == []
    assert state.melds["A"] == 900
    assert [rules.value(k) for k in ("trump-kings", "trump-queens", "trump-jacks")] == [
        800,
        600,
        400,
    ]


def test_six_pack_last_trick_is_250() -> None:
    # bezique-guide.txt, Six-pack Bezique: "carte blanche and the last trick are 250 each"
    rules = load_ruleset("six-pack")
    state = DealState(
        rules, ("A", "B"), "B", {"A": hand("AS"), "B": hand("7S")}, stock=[], trump="H"
    )
    assert [v.code for v in state.deal_violations] == ["D106", "D106", "D109"]
    assert run_script(state, "A AS B 7S\nA last-trick 250") == []
    outcome = state.finish()
    assert outcome.last_trick_points == {"A": 250, "B": 0}
    assert outcome.scores == {"A": 250, "B": 0}  # brisques are counted apart (settlement)
    assert outcome.brisques == {"A": 1, "B": 0}


def test_three_handed_triple_bezique_and_draw_order() -> None:
    # bezique-guide.txt, Three-handed Bezique: "The winner of each trick melds and draws first,
    # then the others in turn ... a triple bezique becomes possible and scores 1,500."
    rules = load_ruleset("three-handed")
    state = DealState(
        rules,
        ("A", "B", "C"),
        "C",
        {
            "A": hand("7C 8C 9C 7D 8D 9D 7S 8S"),
            "B": hand("QS QS QS JD JD JD AC 8H"),
            "C": hand("9S 9S 8D 9D 7D 8C 9C 7C"),
        },
        turnup=Card.parse("9H"),
    )
    found = run_script(state, "A 7C B AC C 8C")
    assert found == []
    assert state.last_winner == "B"
    assert state.draw_queue == ["B", "C", "A"]
    found = run_script(state, "B triple-bezique QS QS QS JD JD JD 1500")
    assert found == []
    assert state.melds["B"] == 1500
    assert [v.code for v in state.draw("C")] == ["W303"]
    assert state.draw("B") == []
    assert state.draw("A") == []
    assert state.to_play == "B"


def test_exact_legal_declarations_two_pack() -> None:
    # bezique-guide.txt, Scoring: royal marriage 40, common marriage 20, bezique 40, seven of
    # trumps 10 (shown or exchanged); only the trick's winner, one meld a trick.
    rules = load_ruleset("two-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": hand("KH QH QS JD KS KC 7H 9C"), "B": hand("7C 7D 8D 9D 7S 8S 9S 8C")},
        turnup=Card.parse("AH"),
    )
    assert state.legal_declarations("A") == []
    run_script(state, "A 9C B 7C")
    assert state.declarer == "A"
    assert state.legal_declarations("B") == []
    options = state.legal_declarations("A")
    c = Card.parse
    assert set(options) == {
        DeclarationOption("seven", (c("7H"),), 10),
        DeclarationOption("exchange", (c("7H"),), 10),
        DeclarationOption("marriage", (c("KS"), c("QS")), 20),
        DeclarationOption("marriage", (c("KH"), c("QH")), 40),
        DeclarationOption("bezique", (c("QS"), c("JD")), 40),
    }
    assert len(options) == 5
    run_script(state, "A bezique QS JD 40")
    assert state.legal_declarations("A") == []


def test_exact_legal_declarations_rubicon_before_trump() -> None:
    # rubicon-bezique-laws.txt, Declarations: "the first marriage declared must of course count
    # 40"; a plain sequence 150 once trumps are made; four kings 80.
    rules = load_ruleset("rubicon")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": hand("AS TS KS QS JS KH KD KC 7C"), "B": hand("7D 7D 8D 8D 9D 9D 8C 9C 7H")},
    )
    run_script(state, "A 7C B 7D")
    c = Card.parse
    assert set(state.legal_declarations("A")) == {
        DeclarationOption("marriage", (c("KS"), c("QS")), 40),
        DeclarationOption("sequence", (c("AS"), c("TS"), c("KS"), c("QS"), c("JS")), 250),
        DeclarationOption(
            "kings", tuple(sorted(hand("KS KH KD KC"), key=lambda x: "SHDC".index(x.suit))), 80
        ),
    }
    run_script(state, "A kings KS KH KD KC 80\ndraw\nA KD B 8D")
    # no trump yet: the spade marriage would make spades trumps and count 40
    assert DeclarationOption("marriage", (c("KS"), c("QS")), 40) in state.legal_declarations("A")


def test_seven_of_trumps() -> None:
    # foster-1914-ordinary-bezique.txt: the seven of trumps exchanged for the turn-up scores 10,
    # after winning a trick and before drawing; "He cannot score the Seven and make a
    # declaration at the same time" (switch seven_counts_as_declaration). A turned-up seven
    # scores 10 for the dealer (bezique-guide.txt, The deal).
    rules = load_ruleset("two-pack")
    turned = DealState(rules, ("A", "B"), "B", turnup=Card.parse("7S"))
    assert turned.melds == {"A": 0, "B": 10}
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": hand("7H KH QH 8C 9C 7D 8D 9D"), "B": hand("7C 7S 8S 9S 7D 8D 9D JC")},
        turnup=Card.parse("AH"),
    )
    found = run_script(state, "A 8C B 7C\nA exchange 7H 10\nA marriage KH QH 40")
    assert [v.code for v in found] == ["A404"]
    assert Card.parse("AH") in state.hand["A"] and state.stock[0] == Card.parse("7H")
    assert state.melds["A"] == 10  # the marriage, a second declaration for the trick, scores 0
    # B holds no seven of trumps
    late = run_script(state, "draw\nA 9C B 8S\nB seven 7H 10")
    assert [v.code for v in late][:1] == ["A413"]


def test_two_pack_second_single_bezique_then_double_needs_a_new_card() -> None:
    # foster-1914-ordinary-bezique.txt, Declarations: "A player is not allowed to score 40 for
    # the second bézique, and then 500 for the two combined; ... at least one new card must be
    # added from the player's hand" (switch new_card_from_hand).
    rules = load_ruleset("two-pack")
    state = DealState(
        rules,
        ("A", "B"),
        "B",
        {"A": hand("QS QS JD JD 7C 8C 9C 7D"), "B": hand("7S 8S 9S 7S 8S 9S 8D 9D")},
        turnup=Card.parse("9H"),
    )
    found = run_script(
        state,
        """
        A 7C B 8D
        A bezique QS JD 40
        draw A 7H
        draw B 8H
        A 8C B 9D
        A bezique QS JD 40
        draw A 8H
        draw B 9H
        A 9C B 7S
        A double-bezique QS QS JD JD 500
        """,
    )
    assert [v.code for v in found] == ["A406"]
    assert state.melds["A"] == 80


def test_portland_cross_marriage() -> None:
    # hoffmann-1909-portland-club-laws.txt, law 35 and the note before the laws: "King 1
    # (already married to queen 1) may again be married to queen 2" (switch reform: portland).
    low = "7S 7S 8S 8S 9S 9S 7D 7D 8D"
    hands = {"A": hand("KH QH KH QH 7C 8C 9C 7C 8C"), "B": hand(low)}
    script = """
        A 7C B 7D
        A marriage KH QH 40
        draw A 9D
        draw B 9D
        A 8C B 8D
        A marriage KH QH 40
        draw A 7H
        draw B 8H
        A QH B 7S       # a declared queen is played from the table
        A marriage KH QH 40  # the other king and queen cross-marry
        """
    portland = DealState(load_ruleset("rubicon", {"reform": "portland"}), ("A", "B"), "B", hands)
    assert run_script(portland, script) == []
    assert portland.melds["A"] == 120
    foster = DealState(load_ruleset("rubicon"), ("A", "B"), "B", hands)
    assert [v.code for v in run_script(foster, script)] == ["A406"]
    assert foster.melds["A"] == 80
    # and before a card is played, with all four on the table: "if a player has declared two
    # independent marriages in the same suit, and all four cards are on the table
    # simultaneously, he may make two more declarations of marriage with the same cards"
    # (Hoffmann, before the laws; law 35's "whenever he plays one of the declared cards" is
    # one way to a fresh pairing, not the only one). 40 + 40 + 40 + 40 = 160; a fifth with
    # a pairing already scored is A406.
    early = DealState(load_ruleset("rubicon", {"reform": "portland"}), ("A", "B"), "B", hands)
    crossed = (
        script.replace("A QH B 7S", "A 9C B 7S")
        + """
        draw A 7D
        draw B 9H
        A 7D B 9S
        A marriage KH QH 40  # the second cross pairing
        draw A 8D
        draw B 7H
        A 8D B 9S
        A marriage KH QH 40  # no pairing left
        """
    )
    found = run_script(early, crossed)
    assert [v.code for v in found] == ["A406"]
    assert early.melds["A"] == 160
