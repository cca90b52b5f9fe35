"""Playing and drawing: exact legal plays in the loose and the strict phase, and the faults."""

from __future__ import annotations

from engine_driver import run_script

from notation.cards import Card
from validator.engine import DealState, load_ruleset


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(word) for word in text.split())


def hand(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def strict_deal(a: str, b: str, trump: str = "H") -> DealState:
    """A Rubicon position in the last nine tricks: empty stock, hearts trumps, A to lead."""
    return DealState(
        load_ruleset("rubicon"),
        ("A", "B"),
        "B",
        {"A": hand(a), "B": hand(b)},
        stock=[],
        trump=trump,
    )


def test_loose_play_allows_every_card_held_or_tabled() -> None:
    # rubicon-bezique-laws.txt, Method of Playing: "Players are not obliged to follow suit, nor to
    # trump; but may renounce or trump at pleasure until the stock is exhausted"; declared cards
    # "may be led or played at any time".
    state = DealState(
        load_ruleset("rubicon"),
        ("A", "B"),
        "B",
        {"A": hand("KH QH 7C 8C 9C 7D 8D 9D AS"), "B": hand("AH AH TS 7S 8S 9S JD QD KD")},
    )
    assert state.to_play == "A"
    assert state.legal_plays("A") == cards("KH QH 7C 8C 9C 7D 8D 9D AS")
    assert state.legal_plays("B") == frozenset()
    run_script(state, "A 7C B 7S\nA marriage KH QH 40\ndraw A 7H\ndraw B 7H")
    assert state.table["A"][0].card == Card.parse("KH")
    assert state.legal_plays("A") == cards("KH QH 8C 9C 7D 8D 9D AS 7H")
    run_script(state, "A 9C")
    # B holds no club and need not follow or trump
    assert state.legal_plays("B") == cards("AH TS 8S 9S JD QD KD 7H")


def test_strict_must_follow_and_win() -> None:
    # rubicon-bezique-laws.txt, The Last Nine Tricks: "the second player in each must not only
    # follow suit, but must win the trick if he can, either with a superior card or with a trump."
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "AS 7S KH 8H 7C 9D JD QD KD")
    assert state.phase == "strict"
    assert state.legal_plays("A") == cards("9S 7C 8C 9C 7D 8D 9D AD TD")
    run_script(state, "A 9S")
    assert state.legal_plays("B") == cards("AS")


def test_strict_follow_when_unable_to_win() -> None:
    state = strict_deal("AS 7C 8C 9C 7D 8D 9D AD TD", "7S 8S KH 8H 7C 9D JD QD KD")
    run_script(state, "A AS")
    assert state.legal_plays("B") == cards("7S 8S")


def test_strict_trump_when_unable_to_follow() -> None:
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "KH 8H 7C 9C JD QD KD 9D 8D")
    run_script(state, "A 9S")
    assert state.legal_plays("B") == cards("KH 8H")


def test_strict_anything_when_unable_to_follow_or_trump() -> None:
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "7C 8C 9C JD QD KD 9D 8D 7D")
    run_script(state, "A 9S")
    assert state.legal_plays("B") == cards("7C 8C 9C JD QD KD 9D 8D 7D")


def test_strict_faults_are_reported() -> None:
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "AS 7S KH 8H 7C 9D JD QD KD")
    found = run_script(state, "A 9S B 7S")
    assert [(v.code, v.rule, v.seat) for v in found] == [("P206", "play.strict-win", "B")]
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "AS 7S KH 8H 7C 9D JD QD KD")
    found = run_script(state, "A 9S B KH")
    assert [(v.code, v.rule, v.seat) for v in found] == [("P205", "play.strict-follow", "B")]
    state = strict_deal("9S 7C 8C 9C 7D 8D 9D AD TD", "KH 8H 7C 9C JD QD KD 9D 8D")
    found = run_script(state, "A 9S B 7C")
    assert [v.code for v in found] == ["P206"]


def test_revoke_shown_by_a_later_play_without_hands() -> None:
    # rubicon-bezique-laws.txt, The Last Nine Tricks; the record names no hand, and B's later
    # spade shows he held one when he did not follow to spades.
    state = DealState(load_ruleset("rubicon"), ("A", "B"), "B", stock=[], trump="H")
    first = run_script(state, "A 9S B 7C")
    assert first == []
    later = run_script(state, "A 8D B 9D\nB 8S A 7S")
    assert [(v.code, v.seat) for v in later] == [("P207", "B")]


def test_three_handed_third_hand() -> None:
    # foster-1914-ordinary-bezique.txt and bezique-guide.txt, Three-handed: in the last eight
    # tricks a third hand that can neither follow nor trump may discard anything; one who can
    # trump must over-trump if he can, or trump all the same ("trump if you cannot follow").
    rules = load_ruleset("three-handed")

    def deal(c: str) -> DealState:
        return DealState(
            rules,
            ("A", "B", "C"),
            "C",
            {
                "A": hand("9S 7C 8C 9C 7D 8D 9D AD"),
                "B": hand("8H 7C 8C 9C 7D 8D 9D TD"),
                "C": hand(c),
            },
            stock=[],
            turnup=Card.parse("7H"),
        )

    state = deal("7S KS KH 7H 7C 8C JD QD")
    assert state.phase == "strict"
    run_script(state, "A 9S B 8H")
    assert state.legal_plays("C") == cards("7S KS")  # must follow; cannot win by following
    state = deal("KH 7H 7C 8C JD QD KD 9C")
    run_script(state, "A 9S B 8H")
    assert state.legal_plays("C") == cards("KH")
    state = deal("7H 7C 8C JD QD KD 9C 8D")
    run_script(state, "A 9S B 8H")
    assert state.legal_plays("C") == cards("7H")
    state = deal("7C 8C JD QD KD 9C 8D 7D")
    run_script(state, "A 9S B 8H")
    assert state.legal_plays("C") == cards("7C 8C JD QD KD 9C 8D 7D")


def test_trick_winner_rules() -> None:
    # rubicon-bezique-laws.txt, Method of Playing: "If identical cards are played to the same
    # trick, such as two club aces, the leader wins"; trumps win plain suits.
    state = DealState(load_ruleset("two-pack"), ("A", "B"), "B", turnup=Card.parse("9H"))
    run_script(state, "A AC B AC")
    assert state.last_winner == "A"
    run_script(state, "draw\nA AS B 7H")
    assert state.last_winner == "B"
    run_script(state, "draw\nB 7S A KD")
    assert state.last_winner == "B"


def test_play_faults() -> None:
    rules = load_ruleset("rubicon")
    state = DealState(rules, ("A", "B"), "B", {"A": hand("AS AS AS AS 7C 8C 9C 7D 8D")})
    found = run_script(state, "B 7H")
    assert [v.code for v in found] == ["P201"]
    state = DealState(rules, ("A", "B"), "B", {"A": hand("AS AS AS AS 7C 8C 9C 7D 8D")})
    assert [v.code for v in run_script(state, "A KH")] == ["P208"]
    # B's hand is unknown, but all four aces of spades are in A's hand
    assert [v.code for v in run_script(state, "B AS")] == ["P208"]


def test_draw_order_and_faults() -> None:
    # rubicon-bezique-laws.txt, Declaring: the winner draws, then his adversary.
    rules = load_ruleset("rubicon")
    state = DealState(rules, ("A", "B"), "B")
    run_script(state, "A 7C B 8C")
    assert state.draw_queue == ["B", "A"]
    assert [v.code for v in state.draw("A")] == ["W303"]
    assert state.draw("B") == []
    assert [v.code for v in state.draw("B")] == ["W302"]
    run_script(state, "A 7D B 8D")
    found = state.play("B", Card.parse("9D"))
    assert [v.code for v in found] == ["W301", "W301"]


def test_french_pone_draws_first() -> None:
    # foster-1914-ordinary-bezique.txt, Method of Playing: "in France the pone always draws
    # first, no matter who wins the trick."
    rules = load_ruleset("two-pack", {"draw_order": "pone-first"})
    state = DealState(rules, ("A", "B"), "B", turnup=Card.parse("9H"))
    run_script(state, "A 7C B 8C")
    assert state.last_winner == "B"
    assert state.draw_queue == ["A", "B"]


def _short_stock_deal(a: str, b: str, overrides: dict[str, object] | None = None) -> DealState:
    """A two-pack deal, dealer B, with the hands given, a stock of 7C 8C 9C and the turn-up 9H
    (a short stock, D109, so that the last draws come at once)."""
    rules = load_ruleset("two-pack", overrides or {})
    hands = {"A": hand(a), "B": hand(b)}
    return DealState(rules, ("A", "B"), "B", hands, stock=hand("7C 8C 9C"), turnup=Card.parse("9H"))


def test_french_last_draw_the_winner_takes_the_last_card_face_down() -> None:
    # foster-1914-ordinary-bezique.txt: "The last card of the stock is taken by the player
    # winning the trick, and the turn-up trump goes to his adversary", under the French order
    # too (the pone had drawn first here, taking the last face-down card; audit of 7 December
    # 2026). A, the pone, loses trick 2 (his 7D to B's 8D) and takes the turn-up.
    state = _short_stock_deal(
        "AS TS KS QS JS 9S 8S 7D", "AD TD KD QD JD 9D 8D 7S", {"draw_order": "pone-first"}
    )
    run_script(state, "A AS B 7S")
    assert state.draw_queue == ["A", "B"]  # the pone first, A having won
    assert state.draw("A") == [] and state.draw("B") == []
    run_script(state, "A 7D B 8D")  # B wins: the last face-down card (9C) is his
    assert state.draw_queue == ["B", "A"]
    assert state.draw("B", Card.parse("9C")) == []
    assert state.draw("A", Card.parse("9H")) == []
    assert Card.parse("9H") in state.hand["A"] and state.phase == "strict"


def test_known_stock_and_the_last_cards() -> None:
    # bezique-guide.txt, The last eight tricks: "The loser of the last drawing trick takes the
    # turned-up card ... and the winner takes the last face-down card."
    state = _short_stock_deal("AS TS KS QS JS 9S 8S 7S", "AD TD KD QD JD 9D 8D 7D")
    assert state.deal_violations[0].code == "D109"  # a short stock, for this test only
    run_script(state, "A AS B 7D")
    assert [v.code for v in state.draw("A", Card.parse("8C"))] == ["W306"]
    assert state.draw("B") == []
    assert Card.parse("7C") in state.hand["A"] and Card.parse("8C") in state.hand["B"]
    run_script(state, "A TS B 8D")
    assert state.draw("A") == []
    assert state.draw("B", Card.parse("9H")) == []
    assert state.phase == "strict"
    assert Card.parse("9H") in state.hand["B"]


def test_odd_stock_leaves_its_last_card() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: "If ... an odd number of cards remain
    # in the stock, the last card must not be drawn." (Portland law 32)
    rules = load_ruleset("rubicon")
    state = DealState(rules, ("A", "B"), "B", stock=[None, None, None])
    run_script(state, "A 7C B 8C\ndraw")
    assert state.phase == "strict"
    assert state.stock_count == 1
    assert [v.code for v in state.draw("A")] == ["W305"]


def test_snapshot_shows_what_the_table_sees() -> None:
    rules = load_ruleset("two-pack")
    state = DealState(
        rules, ("A", "B"), "B", {"A": hand("KH QH 7C 8C 9C 7D 8D 9D")}, turnup=Card.parse("9H")
    )
    run_script(state, "A 7C B 8S\nA marriage KH QH 40\ndraw A AS")
    snap = state.snapshot()
    assert snap.table == {"A": ("KH", "QH"), "B": ()}
    assert snap.hands["A"] == ("7D", "8C", "8D", "9C", "9D", "AS")
    assert snap.hands["B"] == (None,) * 7
    assert snap.trump == "H" and snap.turnup == "9H"
    assert snap.stock == 64 - 16 - 1
    assert snap.scores == {"A": 40, "B": 0}


def test_a_card_legal_whatever_held_is_legal_from_every_holding() -> None:
    """The strict phase's shortcut (a card of the suit led that wins the trick, or follows a
    trick won by a trump) agrees with the rule itself: for every trick of two cards or one,
    every trump and every card, whenever the shortcut says legal, the card is among the legal
    plays of every holding drawn (seeded) that contains it; and it says legal for a card of
    the suit led that beats the best card."""
    import random

    from validator.engine.card_tables import ALL_CARDS, RANK_OF
    from validator.engine.strict import TrickView, legal, legal_whatever_held

    rng = random.Random(15)
    for trump in (None, "S", "H", "D", "C"):
        for led_card in ALL_CARDS:
            for best in ALL_CARDS:
                if best.suit not in (led_card.suit, trump) or (
                    best.suit == led_card.suit and RANK_OF[best] > RANK_OF[led_card]
                ):
                    continue  # not a card that can be winning a trick led with led_card
                view = TrickView(led_card.suit, best, trump)
                for card in ALL_CARDS:
                    if card.suit == view.led and best.suit == view.led:
                        assert legal_whatever_held(view, card) == (RANK_OF[card] < RANK_OF[best])
                    if not legal_whatever_held(view, card):
                        continue
                    for _ in range(6):
                        pool = {card, *rng.sample(ALL_CARDS, rng.randrange(0, 12))}
                        assert card in legal(view, pool), (view, card, pool)
