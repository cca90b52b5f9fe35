"""Records that hide the hands, the stock and the draws: a legal game replays without a finding.

A card the record does not name is unknown. When a seat plays a card of which a copy lies on
its table while its unseen hand may hold another, or declares a combination whose copies may be
tabled ones, cards from the hand or copies re-read from an earlier play, the record allows more
than one reading. The engine takes its preferred one and keeps the others open: a later event
that breaks a rule under the readings taken so far makes it look for another (engine.md,
*Records that name fewer cards*). Before that, the engine settled each ambiguity at the first
declaration that needed it and reported faults that were not there (P205, P208, W306, A406);
the seeds below are those games.
"""

from __future__ import annotations

import random

import pytest
from engine_driver import play_random_deal, replay, run_script

from notation.cards import Card
from notation.model import Record
from validator.engine import DealState, deal_cards, load_ruleset, new_pack
from validator.replay import replay as replay_record
from validator.simulate import VARIANTS, simulate_game
from validator.tools.hide import hide_cards


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def hidden(record: Record, draws: bool) -> Record:
    """The record without hands and stock, and with the cards drawn unnamed when ``draws``."""
    return hide_cards(record, draws=draws)


def findings(variant: str, seed: int, player: str, draws: bool) -> list[tuple[str, str]]:
    return hidden_findings(simulate_game(variant, seed, player).record, draws)


def hidden_findings(record: Record, draws: bool) -> list[tuple[str, str]]:
    """The findings of ``record`` hidden so, but R002 (the bound reached, no fault)."""
    replayed = replay_record(hidden(record, draws), steps=False)
    return [(f.code, f.message) for f in replayed.all_findings() if f.code != "R002"]


def bounded(record: Record, draws: bool) -> bool:
    """Whether the check of ``record`` hidden so reached the search's bound."""
    found = replay_record(hidden(record, draws), steps=False).all_findings()
    return any(f.code == "R002" for f in found)


def sweep(variant: str, seeds: range, players: tuple[str, ...]) -> list[tuple[object, ...]]:
    """Every (seed, player, draws hidden, findings) with a finding, for games of ``variant``."""
    bad: list[tuple[object, ...]] = []
    for seed in seeds:
        for player in players:
            record = simulate_game(variant, seed, player).record
            for draws in (False, True):
                found = hidden_findings(record, draws)
                if found:
                    bad.append((seed, player, draws, found))
    return bad


def test_the_bound_is_rare() -> None:
    # R002 is no false fault, but a check cut early checks nothing after: of the quick sweep's
    # six-pack games (the most ambiguous game), blind and without hands, at most one check in
    # ten may reach the bound. Until the bound reached inside an event was reported, these
    # checks were cut without a word and counted clean.
    checks = cut = 0
    for seed in range(1000, 1000 + SWEEP["six-pack"]):
        record = simulate_game("six-pack", seed, "greedy").record
        for draws in (False, True):
            checks += 1
            cut += bounded(record, draws)
    assert cut * 10 <= checks, (cut, checks)


# The games that gave false findings before (300 seeds per player and variant, 2026-11-29):
# (variant, seed, player, draws hidden, what was reported).
REPRODUCTIONS = [
    ("six-pack", 202, "greedy", False, "W306 P208: a restored AS made a seventh copy"),
    ("six-pack", 9, "greedy", False, "P208 A406 W306"),
    ("six-pack", 108, "greedy", False, "W306 P208 P206"),
    ("six-pack", 128, "greedy", False, "P208 W306 P206"),
    ("six-pack", 183, "greedy", False, "P208 W306 P206"),
    ("six-pack", 263, "greedy", False, "W306 A401 P208"),
    ("six-pack", 267, "greedy", False, "W306 P208"),
    ("chinese", 35, "greedy", True, "P208 P208"),
    ("chinese", 191, "greedy", True, "P208 P205 P205 P205 P208"),
    ("six-pack", 4, "greedy", True, "A406: the aces scored is still whole"),
    ("six-pack", 17, "greedy", True, "P208 P208"),
    ("six-pack", 47, "greedy", True, "A406 P208 P208"),
    ("six-pack", 77, "greedy", True, "A406"),
    ("six-pack", 272, "greedy", True, "A401: a carried announcement's copies read wrongly"),
]


@pytest.mark.parametrize(("variant", "seed", "player", "draws", "before"), REPRODUCTIONS)
def test_reproductions_replay_clean(
    variant: str, seed: int, player: str, draws: bool, before: str
) -> None:
    assert findings(variant, seed, player, draws) == [], before


def test_the_first_reproduction_is_still_a_legal_game_with_hands() -> None:
    # The record as simulated (hands, stock and draws named) is clean: the findings above were
    # the engine's, not the game's.
    game = simulate_game("six-pack", 202, "greedy")
    assert replay_record(game.record, steps=False).all_findings() == ()


SWEEP = {"two-pack": 50, "rubicon": 100, "chinese": 50, "six-pack": 40, "three-handed": 16}
"""Games per variant and player in the quick sweep (the three-handed game runs to a target
over many deals); the slow sweep plays 300 of each."""


@pytest.mark.parametrize("variant", VARIANTS)
def test_sweep_of_simulated_games_with_everything_hidden(variant: str) -> None:
    # greedy players make the most declarations, and the most ambiguity; the seeds go on from
    # the reproductions' range so that the quick sweep adds games
    assert sweep(variant, range(1000, 1000 + SWEEP[variant]), ("greedy",)) == []
    assert sweep(variant, range(1000, 1000 + SWEEP[variant] // 4), ("random",)) == []


SEATS = {"three-handed": ("A", "B", "C")}


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_sweep_of_engine_deals_knowing_only_plays_and_declarations(variant: str) -> None:
    """A few hundred random legal deals per game, replayed knowing nothing but the plays and
    the declarations (the turn-up aside, which lies face up)."""
    rules = load_ruleset(variant)
    seats = SEATS.get(variant, ("A", "B"))
    for seed in range(200 if rules.players == 2 else 80):
        full, log = play_random_deal(rules, seats, seed)
        pack = new_pack(rules)
        random.Random(seed).shuffle(pack)  # as play_random_deal does first
        _, _, turnup = deal_cards(rules, seats, seats[-1], pack)
        blind = DealState(rules, seats, seats[-1], None, None, turnup)
        assert replay(blind, log.events) == [], (variant, seed)
        assert blind.finish().scores == full.finish().scores, (variant, seed)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_long_sweep_of_simulated_games(variant: str) -> None:
    assert sweep(variant, range(300), ("greedy", "random")) == []


# ---------------------------------------------------------------- an ambiguous play, settled later
def rubicon_blind(b: str) -> DealState:
    """A Rubicon deal: A's hand and the stock unknown, B's hand known."""
    return DealState(load_ruleset("rubicon"), ("A", "B"), "B", {"B": cards(b)})


OPENING = """
A 7C B 8D
A bezique QS JD 40
+ marriage KS QS
draw
A QS B 9D
"""
"""A shows bézique, carrying a spade marriage, then plays a QS while a QS lies on the table and
his unseen hand may hold another: from the table or from the hand, the record does not say."""


def test_ambiguous_play_settled_as_from_the_hand() -> None:
    # rubicon-bezique-laws.txt, Double Declarations: the carried score is lost "if one of them
    # has been led or played". A scores the carried marriage at the next trick: the QS played
    # came from his hand, and the tabled QS still carries the marriage (trumps are made by it,
    # so it is royal: 40).
    state = rubicon_blind("8D 9D 7H 8H 9H TH JH KH 7D")
    assert run_script(state, OPENING) == []
    outcome = state.declare("A", "marriage", cards("KS QS"), 40)
    assert outcome.violations == [] and outcome.score == 40
    assert state.seen[Card.parse("QS")] == 2
    assert state.pending_announcements("A") == []


def test_ambiguous_play_settled_as_from_the_table() -> None:
    # B's hand holds the three other queens of spades (four packs, four QS): A cannot have held
    # a second one, so his QS came from the table and the carried marriage is lost; scoring it
    # is A408. Nothing else is reported.
    state = rubicon_blind("8D 9D QS QS QS TH JH KH 7D")
    assert run_script(state, OPENING) == []
    outcome = state.declare("A", "marriage", cards("KS QS"), 40)
    assert [(v.code, v.seat) for v in outcome.violations] == [("A408", "A")]


def test_ambiguous_play_settled_from_the_table_by_later_draws() -> None:
    # The same play, nothing known; B then draws the three other queens of spades: A's QS came
    # from the table. The draws are sound (no W306), and the carried marriage is lost (A408).
    state = DealState(load_ruleset("rubicon"), ("A", "B"), "B")
    script = OPENING + "draw A 8H\ndraw B QS\nA 8H B 7H\ndraw A 8C\ndraw B QS\nA 8C B 7C"
    assert run_script(state, script) == []
    outcome = state.declare("A", "marriage", cards("KS QS"), 40)
    assert [v.code for v in outcome.violations] == []
    assert run_script(state, "draw A 9C\ndraw B QS") != []


# ---------------------------------------------------------------- complete hands
def two_pack_deal() -> DealState:
    """A two-pack deal with every card named; the stock's top is arranged for the scenario."""
    rules = load_ruleset("two-pack")
    a = cards("KS QS QS 7C 8C 9C TC AC")
    b = cards("7D 8D 9D 7D 8D 9D JD JD")
    pack = new_pack(rules)
    turnup = Card.parse("7H")
    top = cards("8H 9H KS 8H 9H")
    for card in [*a, *b, turnup, *top]:
        pack.remove(card)
    state = DealState(rules, ("A", "B"), "B", {"A": a, "B": b}, top + pack, turnup)
    assert state.deal_violations == []
    return state


def test_two_pack_card_in_hand_and_on_table_is_played_from_the_table() -> None:
    # foster-1914-ordinary-bezique.txt: a queen that has married may not marry again (A406 under
    # reform: none). A married KS QS and holds another QS; he plays "QS", draws a second KS and
    # marries it. Had the QS played been the one in his hand, the tabled QS could not marry
    # again; it was the tabled one (nothing tells them apart), so his fresh QS marries the new
    # KS: 20 for a marriage in spades, hearts being trumps.
    state = two_pack_deal()
    found = run_script(
        state,
        """
        A 7C B 7D
        A marriage KS QS 20
        draw
        A QS B 8D
        draw
        A 8C B 9D
        A marriage KS QS 20
        draw
        """,
    )
    assert found == []
    assert state.melds["A"] == 40


def test_rubicon_card_in_hand_and_on_table_is_played_from_the_hand() -> None:
    # rubicon-bezique-laws.txt, Re-forming: "it amounts to the same thing if the new card in the
    # hand is led or played": the tabled ace becomes a new one and the aces score again, 100.
    rules = load_ruleset("rubicon")
    a = cards("AS AS AH AD AC 7C 8C 9C TC")
    b = cards("7D 8D 9D 7D 8D 9D JD JD 7H")
    stock = new_pack(rules)
    for card in a + b:
        stock.remove(card)
    state = DealState(rules, ("A", "B"), "B", {"A": a, "B": b}, stock)
    assert state.deal_violations == []
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
    assert found == []
    assert state.melds["A"] == 200


# ---------------------------------------------------------------- P207 carries its trick
def test_revoke_found_later_names_the_trick_of_the_revoke() -> None:
    # rubicon-bezique-laws.txt, The Last Nine Tricks: B did not follow to spades at trick 1 and
    # leads a spade at trick 3 (he won trick 2 with 9D over 8D): the revoke was at trick 1.
    state = DealState(load_ruleset("rubicon"), ("A", "B"), "B", stock=[], trump="H")
    assert run_script(state, "A 9S B 7C\nA 8D B 9D") == []
    later = run_script(state, "B 8S A 7S")
    assert [(v.code, v.seat, v.fault_trick) for v in later] == [("P207", "B", 1)]
    assert "at trick 1" in later[0].message
