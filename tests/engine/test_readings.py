"""The readings: a record is checked against every account of where its cards lay.

Two checks the engine cannot pass by agreeing with itself:

- **Random copies.** The simulator's players choose at random among *all* the physical cards a
  play or a declaration may take (which tabled K♥, a tabled copy or the hand's, which copies
  form a combination): choices the engine's search did not make. The record they write never
  says which copy was used. Every such game must check clean as written, with the hands and the
  stock left out, and with the draws unnamed too, under each reading of re-forming
  (``reform`` new-card with and without ``reform_needs_break``, and the Portland model).
- **The search against itself unpruned.** The replay keeps its readings few by dropping
  duplicates and dominated ones, by looking ahead at the record's declarations and by not
  generating ways it can prove dominated. ``DealState(exhaustive=True)`` does none of that; on
  short records, clean and with a fault planted, both must find the same faults at the same
  places.

``BEZIQUE_RANDOM_COPIES`` sets the games per variant and reading: 300 by default for each
variant's own rule set, 60 for the other readings of re-forming, 15 for those of the six-pack
game (their blind records are the costliest to check: six copies of every card, re-formed
without a break or remembered for good by the Portland model; half of them reach the bound).
The slow run (``-m slow``) and ``bench/readings.py`` play 10,000.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import random
from collections.abc import Iterator

import pytest

import validator.engine.readings as readings_module
import validator.replay.walker as walker_module
from notation import parse_record, write_record
from notation.model import Record
from validator.engine import DealState, load_ruleset
from validator.replay import Finding, replay
from validator.simulate import READINGS, simulate_game
from validator.tools.hide import hide_cards

GAMES = int(os.environ.get("BEZIQUE_RANDOM_COPIES", "300"))
SWITCHED_GAMES = int(os.environ.get("BEZIQUE_RANDOM_COPIES", "60"))
SIX_PACK_SWITCHED_GAMES = int(os.environ.get("BEZIQUE_RANDOM_COPIES", "15"))


def hidden(record: Record, draws: bool) -> Record:
    """The record without hands and stock, and with the cards drawn unnamed when ``draws``."""
    return hide_cards(record, draws=draws)


def versions(record: Record) -> Iterator[tuple[str, Record]]:
    yield "as written", record
    yield "no hands", hidden(record, draws=False)
    yield "blind", hidden(record, draws=True)


def _seed(variant: str, house: str | None, i: int) -> int:
    return 7_000_000 + 10_007 * i + sum(map(ord, variant + (house or "")))


def _check_random_copy_games(variant: str, house: str | None, games: int) -> None:
    wrong: list[str] = []
    ambiguous = 0
    for i in range(games):
        seed = _seed(variant, house, i)
        player = "greedy" if i % 2 == 0 else "random"
        laws = "english" if (i // 2) % 2 == 0 else "french"
        game = simulate_game(variant, seed, player, laws=laws, copies="random", house_rules=house)
        for how, record in versions(game.record):
            found = replay(record, steps=False).all_findings()
            ambiguous += any(f.code == "R002" for f in found)
            faults = [f for f in found if f.code != "R002"]
            if faults:
                again = (
                    f"simulate_game({variant!r}, {seed}, {player!r}, laws={laws!r}, "
                    f"copies='random', house_rules={house!r})"
                )
                wrong.append(f"{again} {how}: {[(f.code, f.message) for f in faults[:3]]}")
    assert not wrong, f"{len(wrong)} false findings: " + "; ".join(wrong[:5])
    # The bound is reported, never a fault. Measured in bench/readings.py (300 games per variant
    # and reading): never reached on the variants' own rule sets but for a few six-pack blind
    # records; reached on about one blind record in ten under the Portland model, and on half
    # the six-pack blind records re-formed without a break. Checks are three per game.
    if house is not None and variant == "six-pack":
        allowed = games * 2
    elif house == "reform portland":
        allowed = 1 + games // 4
    else:
        allowed = 1 + games // 20
    assert ambiguous <= allowed, f"{ambiguous} of {3 * games} checks too ambiguous"


@pytest.mark.parametrize(("variant", "house"), READINGS, ids=[f"{v}-{h}" for v, h in READINGS])
def test_random_copy_games_check_clean(variant: str, house: str | None) -> None:
    games = GAMES if house is None else SWITCHED_GAMES
    if house is not None and variant == "six-pack":
        games = SIX_PACK_SWITCHED_GAMES
    _check_random_copy_games(variant, house, games)


PORTLAND_SIX_PACK = [
    # (seed, laws, version, the false finding it gave, and why)
    (
        9_000_134,
        "french",
        "as written",
        "A406 marriage KH QH: a queen married to a king that "
        "married twice was taken for one married to a king that married once",
    ),
    (
        9_000_164,
        "english",
        "as written",
        "A406 jacks: a J♦ carried in an announcement never "
        "scored was taken for a free one, which counts as a card from the hand",
    ),
    (
        9_000_218,
        "french",
        "blind",
        "A401 aces: a Q♠ marked in a marriage was taken for a "
        "card of the hand, which may not re-form a bézique still whole",
    ),
]
"""The six-pack games of ``bench/readings.py`` (greedy players choosing copies at random)
that the Portland reading of re-forming (``reform portland``) once ruled wrongly."""


@pytest.mark.parametrize(
    ("seed", "laws", "how", "was"), PORTLAND_SIX_PACK, ids=[str(s) for s, *_ in PORTLAND_SIX_PACK]
)
def test_six_pack_portland_games_once_ruled_wrongly_check_clean(
    seed: int, laws: str, how: str, was: str
) -> None:
    game = simulate_game(
        "six-pack", seed, "greedy", laws=laws, copies="random", house_rules="reform portland"
    )
    record = dict(versions(game.record))[how]
    found = replay(record, steps=False).all_findings()
    assert [(f.code, f.message) for f in found if f.code != "R002"] == [], was


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "house"), READINGS, ids=[f"{v}-{h}" for v, h in READINGS])
def test_ten_thousand_random_copy_games_check_clean(variant: str, house: str | None) -> None:
    _check_random_copy_games(variant, house, 10_000)


def _positions(found: list[Finding]) -> list[tuple[str, int | None, int | None]]:
    return sorted((f.code, f.location.deal, f.location.line) for f in found)


def _exhaustive_replay(record: Record, monkeypatch: pytest.MonkeyPatch) -> list[Finding]:
    with monkeypatch.context() as patch:
        patch.setattr(walker_module, "DealState", functools.partial(DealState, exhaustive=True))
        return replay(record, steps=False).all_findings()


SHORT = [("two-pack", None), ("rubicon", None), ("rubicon", "reform_needs_break off")]


@pytest.mark.parametrize(("variant", "house"), SHORT, ids=[f"{v}-{h}" for v, h in SHORT])
def test_pruned_search_finds_what_the_exhaustive_one_finds(
    variant: str, house: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Short blind records, clean and with a play or a declaration changed at random: the
    replay finds the faults the unpruned search finds, at the same places (the message may name
    another reading's fault of the same event)."""
    rng = random.Random(2026)
    for i in range(30):
        game = simulate_game(variant, 4_000 + i, "random", copies="random", house_rules=house)
        record = _first_tricks(game.record, 24)
        for how, version in versions(record):
            for planted in (version, _tamper(version, rng)):
                fast = [f for f in replay(planted, steps=False).all_findings()]
                slow = _exhaustive_replay(planted, monkeypatch)
                assert [p[1:] for p in _positions(fast)] == [p[1:] for p in _positions(slow)], (
                    variant,
                    house,
                    i,
                    how,
                    _positions(fast),
                    _positions(slow),
                )


def _first_tricks(record: Record, count: int) -> Record:
    deal = record.deals[0]
    cut = dataclasses.replace(deal, tricks=deal.tricks[:count], score=None)
    tags = tuple(t for t in record.tags if t.name != "Result")
    return dataclasses.replace(record, tags=tags, deals=(cut,))


def _tamper(record: Record, rng: random.Random) -> Record:
    """The record with one card of a play changed to another of the same deal's plays."""
    deal = record.deals[0]
    plays = [(i, j) for i, t in enumerate(deal.tricks) for j in range(len(t.plays))]
    i, j = rng.choice(plays)
    other_i, other_j = rng.choice(plays)
    card = deal.tricks[other_i].plays[other_j].card
    trick = deal.tricks[i]
    new_plays = tuple(
        dataclasses.replace(p, card=card) if k == j else p for k, p in enumerate(trick.plays)
    )
    tricks = tuple(
        dataclasses.replace(t, plays=new_plays) if k == i else t for k, t in enumerate(deal.tricks)
    )
    return dataclasses.replace(record, deals=(dataclasses.replace(deal, tricks=tricks),))


@pytest.mark.parametrize("bound", ["MAX_READINGS", "MAX_COMPARISONS"])
def test_reaching_the_bound_is_its_own_finding(monkeypatch: pytest.MonkeyPatch, bound: str) -> None:
    """A bound reached, on the readings kept or on the comparisons made to prune them, gives
    R002 once, at its trick, and no fault depending on the readings after it (rules:
    read.bounded)."""
    game = simulate_game("rubicon", 3, "random", copies="random")
    blind = hidden(game.record, draws=True)
    monkeypatch.setattr(readings_module, bound, 1)
    found = replay(blind, steps=False).all_findings()
    bounded = [f for f in found if f.code == "R002"]
    assert len(bounded) == 1
    assert "too ambiguous to check from trick" in bounded[0].message
    assert [f.code for f in found if f.code != "R002"] == []


def test_the_trick_named_is_the_first_not_wholly_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """R002 names the trick from which events go unchecked: the trick the bound is reached in
    when it is reached at a play (that trick's later plays go unchecked), the next one when it
    is reached after a trick's plays, at a declaration or a draw (rules: read.bounded). It
    used to say "beyond trick N" of that same N: a whole trick more than was checked when the
    bound was reached after the plays, the rest of the trick when at a play."""
    monkeypatch.setattr(readings_module, "MAX_READINGS", 1)
    kinds: set[str] = set()
    for seed in range(3, 43):
        game = simulate_game("six-pack", seed, "random", copies="random")
        text = write_record(hidden(game.record, True))
        found = [
            f for f in replay(parse_record(text), steps=False).all_findings() if f.code == "R002"
        ]
        if not found:
            continue
        where = found[0].location
        line = text.splitlines()[(where.line or 0) - 1].strip()
        at_play = line[0].isdigit()  # a trick line: "12. A 7D B 9C"
        named = int(found[0].message.split("from trick ")[1].split(" ")[0])
        assert where.trick is not None
        assert named == (where.trick if at_play else where.trick + 1), (line, found[0].message)
        kinds.add("play" if at_play else "after the plays")
    assert kinds == {"play", "after the plays"}


def test_a_bound_reached_within_an_event_is_reported_when_it_ends() -> None:
    """The bound can be reached before an event's readings are ranked: a declaration with
    more ways than are made (melds.MAX_WAYS), or between the parts of a line (Readings.thin).
    R002 was made only when the ranking itself reached it, so such a deal was cut silently and
    read as clean from there on (the helper of issue 12 found it: six-pack, seed 10000004,
    reform portland, without hands, cut at trick 13 with nothing said). The event's own
    faults are not reported: some of its ways were never made."""
    rules = load_ruleset("rubicon")
    blind = DealState(rules, ("A", "B"), "B", None, None, None)
    blind.readings.capped = True  # as a truncated declaration or Readings.thin leave it
    found = blind.settle("A")
    assert [v.code for v in found] == ["R002"]
    assert blind.settle("A") == []  # once
