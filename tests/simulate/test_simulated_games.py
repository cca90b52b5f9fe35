"""Self-play games: clean under the validator, stable through the notation, true to the rules.

Over the pool (conftest.py: 2,000 games across the five variants, both players, both codes
of laws) every game must replay with no finding at all, and its text must be a fixed point of
``write(parse(...))``. Hypothesis draws more games and checks the engine's invariants after
every step (every card in one place, brisques adding up, scores equal to what was scored).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sim_pool import LAWS, Pool

from notation.cards import Card, full_pack
from notation.parser import parse_record
from notation.writer import write_record
from validator.engine import DealState
from validator.replay import replay
from validator.simulate import PLAYERS, VARIANTS, Features, ruleset, simulate_game


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_simulated_game_validates_with_no_finding(pool: Pool, variant: str) -> None:
    games = pool.of(variant)
    assert len(games) >= 300
    dirty = []
    for entry in games:
        text = write_record(entry.game.record)
        result = replay(parse_record(text), steps=False)
        found = [
            (f.code, f.location.deal, f.location.trick, f.message) for f in result.all_findings()
        ]
        if found:
            dirty.append((entry.how, found[:3]))
        # the Result tag is the settlement's, and the replay settles the same game
        assert result.game is not None, entry.how
    assert not dirty, f"{len(dirty)} of {len(games)} clean games have findings: {dirty[:3]}"


@pytest.mark.parametrize("variant", VARIANTS)
def test_write_parse_write_is_a_fixed_point(pool: Pool, variant: str) -> None:
    for entry in pool.of(variant):
        text = write_record(entry.game.record)
        parsed = parse_record(text)
        assert parsed == entry.game.record, entry.how
        assert write_record(parsed) == text, entry.how


def test_the_pool_holds_two_thousand_games(pool: Pool) -> None:
    for variant in VARIANTS:
        pool.of(variant)
    assert pool.count() >= 2000


def _features(pool: Pool, variant: str) -> Features:
    total = Features()
    for entry in pool.of(variant):
        total.add(entry.game.features)
    return total


def test_the_games_exercise_what_the_issue_asks_for(pool: Pool) -> None:
    """Re-forming, carried announcements, carte blanche, the seven, triple and quadruple
    béziques, rubicons and games over several deals all appear in the pool."""
    f = {variant: _features(pool, variant) for variant in VARIANTS}
    for variant in ("rubicon", "six-pack", "chinese"):
        assert f[variant].carte_blanche > 0, variant
        assert f[variant].rubicon, variant
        assert f[variant].kinds["triple-bezique"] > 0, variant
    assert sum(f[v].carte_blanche_repeats for v in VARIANTS) > 0
    assert f["rubicon"].kinds["quadruple-bezique"] + f["six-pack"].kinds["quadruple-bezique"] > 0
    assert f["three-handed"].kinds["triple-bezique"] > 0
    for variant in ("two-pack", "three-handed"):
        assert f[variant].sevens > 0 and f[variant].exchanges > 0, variant
        assert f[variant].deals > len(pool.of(variant)), variant  # several deals a game
    for variant in VARIANTS:
        assert f[variant].carried_scored > 0, variant  # announced, carried and scored later
    assert f["rubicon"].reformed > 0 and f["chinese"].reformed > 0
    assert f["six-pack"].kinds["trump-aces"] + f["six-pack"].kinds["trump-tens"] > 0


def test_multi_deal_games_write_running_totals(pool: Pool) -> None:
    for entry in pool.of("two-pack")[:50]:
        record = entry.game.record
        totals = Counter[str]()
        for deal in record.deals:
            assert deal.score is not None
            for seat, points in deal.score.scores:
                totals[seat] += points
            assert dict(deal.score.totals) == dict(totals), entry.how
        # bezique-guide.txt, Ending: the game is over when a total reaches 1000
        assert max(totals.values()) >= 1000, entry.how
        winner, value = (record.tag("Result") or "").split()
        assert totals[winner] == max(totals.values())
        loser = next(s for s in totals if s != winner)
        # bezique-guide.txt: the game is worth the difference of the totals
        assert int(value) == totals[winner] - totals[loser], entry.how


def test_a_seed_gives_the_same_game() -> None:
    one = write_record(simulate_game("rubicon", 42, "greedy").record)
    two = write_record(simulate_game("rubicon", 42, "greedy").record)
    other = write_record(simulate_game("rubicon", 43, "greedy").record)
    assert one == two
    assert one != other


# --------------------------------------------------------------------------- invariants


def _pack(variant: str, laws: str) -> Counter[Card]:
    rules = ruleset(variant, laws)
    pack = Counter({card: rules.packs for card in full_pack()})
    pack.subtract(Counter(rules.omit))
    return +pack


class InvariantChecker:
    """Checks the engine's own accessors after every step of a deal."""

    def __init__(self, variant: str, laws: str) -> None:
        self.rules = ruleset(variant, laws)
        self.pack = _pack(variant, laws)
        self.brisques_in_pack = sum(n for card, n in self.pack.items() if card.rank in "AT")
        self.steps = 0

    def __call__(self, state: DealState, scored: Mapping[str, int]) -> None:
        self.steps += 1
        # every card is in exactly one place: hands, tables, the trick, tricks won, the stock
        assert state.card_census() == self.pack
        assert all(state.unknown[seat] == 0 for seat in state.seats)
        # brisques: those won are the aces and tens among the cards won; with those still out
        # they make eight a pack (rubicon-bezique-laws.txt, Brisques: 32 in four packs)
        for seat in state.seats:
            won = sum(1 for card in state.won[seat] if card.rank in "AT")
            assert state.brisques[seat] == won
        out = sum(n for card, n in state.card_census().items() if card.rank in "AT")
        won_all = sum(state.brisques.values())
        assert out - won_all == sum(1 for card in _elsewhere(state) if card.rank in "AT")
        assert out == self.brisques_in_pack
        # the score is the sum of what was scored
        assert state.melds == dict(scored)
        scores = state.scores()
        for seat in state.seats:
            expected = scored[seat] + state.last_trick_points[seat]
            if self.rules.brisque_scoring == "when-taken" and not self.rules.no_brisques:
                expected += state.brisques[seat] * self.rules.brisque_value
            assert scores[seat] == expected


def _elsewhere(state: DealState) -> list[Card]:
    """Every card not in a trick won."""
    cards: list[Card] = []
    for seat in state.seats:
        cards.extend(state.hand[seat].elements())
        cards.extend(c.card for c in state.table[seat])
    cards.extend(card for _, card in state.trick)
    cards.extend(card for card in state.stock if card is not None)
    return cards


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # a whole game per example: no shrinking
)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32 - 1),
    player=st.sampled_from(PLAYERS),
    laws=st.sampled_from(LAWS),
)
def test_invariants_hold_after_every_step(variant: str, seed: int, player: str, laws: str) -> None:
    checker = InvariantChecker(variant, laws)
    game = simulate_game(variant, seed, player, laws=laws, hook=checker)
    assert checker.steps > 0
    text = write_record(game.record)
    parsed = parse_record(text)
    assert write_record(parsed) == text
    found = replay(parsed, steps=False).all_findings()
    assert not found, [(f.code, f.location.deal, f.location.trick, f.message) for f in found]
