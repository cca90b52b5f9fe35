"""The analysis of records: positions read from the replay, values against the settlement, the
annotations written back, read back, re-analysed, and ignored by the check."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest
from brute_force import BruteForce
from engine_positions import copy_state, ending_of

from notation import parse_record, read_records, write_record
from notation.model import Draw, Record, Trick
from validator.analysis import analyse, annotate, strip_analysis
from validator.analysis.strict_phase import find_strict_phase
from validator.engine import DealState
from validator.engine.solver import EndingSolver
from validator.replay import Replay, replay
from validator.simulate import ruleset, simulate_game

ROOT = Path(__file__).resolve().parents[2]
TWO_HANDED = ("two-pack", "rubicon", "chinese", "six-pack", "no-brisques", "sitting")


def _records(name: str) -> list[Record]:
    return [
        r for r in read_records(ROOT / "samples" / "games" / f"{name}.bzn") if isinstance(r, Record)
    ]


def _settled(replayed: Replay, number: int) -> dict[str, int]:
    """Each seat's value of a deal as the replay settled it (deal scores, or signed value)."""
    deal = next(d for d in replayed.deals if d.number == number)
    settlement = deal.settlement
    assert settlement is not None
    if _kind(replayed) == "target":
        return dict(settlement.scores)
    return {
        seat: 0
        if settlement.winner is None
        else settlement.value
        if seat == settlement.winner
        else -settlement.value
        for seat in replayed.seats
    }


def _kind(replayed: Replay) -> str:
    from validator.analysis import ruleset_of
    from validator.engine.settlement import SettlementRules

    settlement = ruleset_of(replayed).settlement_rules
    assert isinstance(settlement, SettlementRules)
    return settlement.kind


@pytest.mark.parametrize("name", TWO_HANDED)
def test_the_line_played_is_worth_what_the_replay_settled(name: str) -> None:
    # Two ways to the value of the deal as it was played: the replay's settlement of the
    # record's own scores, and the solver's valuation of the strict phase's end.
    analysed = 0
    for record in _records(name):
        replayed = replay(record)
        for deal in analyse(replayed).deals:
            if not deal.analysed:
                continue
            analysed += 1
            assert deal.played == _settled(replayed, deal.number)
            # Each play moves the value by its loss, against the seat that made it: the start's
            # value less one side's losses plus the other's is the value reached.
            assert deal.values is not None and deal.played is not None
            for seat in deal.values:
                own = sum(p.loss or 0 for p in deal.plays if p.seat == seat)
                theirs = sum(p.loss or 0 for p in deal.plays if p.seat != seat)
                assert deal.played[seat] == deal.values[seat] - own + theirs
            assert all(p.loss is not None and p.loss >= 0 for p in deal.plays)
    assert analysed


def _hide_cards(record: Record) -> Record:
    """The record without its hands, stock and the cards drawn: plays and declarations only."""

    def hidden(trick: Trick) -> Trick:
        events = tuple(
            Draw(e.seat, (None,) * len(e.cards)) if isinstance(e, Draw) else e for e in trick.events
        )
        return replace(trick, events=events)

    deals = tuple(
        replace(d, hands=(), stock=None, tricks=tuple(hidden(t) for t in d.tricks))
        for d in record.deals
    )
    return replace(record, deals=deals)


def _engine_starts(variant: str, seed: int) -> tuple[Record, list[DealState]]:
    rules = ruleset(variant)
    starts: list[DealState] = []
    # the states themselves are kept, so that a finished deal's id is not reused by the next
    seen: dict[int, DealState] = {}

    def hook(state: DealState, scored: Mapping[str, int]) -> None:
        if state.phase == "strict" and not state.trick and id(state) not in seen:
            seen[id(state)] = state
            starts.append(copy_state(state, rules))

    game = simulate_game(variant, seed, "random", rules=rules, hook=hook)
    return parse_record(write_record(game.record)), starts


@pytest.mark.parametrize("variant", ["two-pack", "rubicon", "chinese", "six-pack"])
def test_the_position_read_from_the_replay_is_the_engines(variant: str) -> None:
    # The strict phase's start read from the replay's steps, with the record's hands and
    # without them (the hands are then the cards each seat plays), is the engine's own state
    # there, and the solver values it the same way.
    rules = ruleset(variant)
    for seed in range(3):
        record, starts = _engine_starts(variant, 300 + seed)
        for shown in (record, _hide_cards(record)):
            replayed = replay(shown)
            assert not replayed.all_findings()
            phases = [
                find_strict_phase(rules, deal, replayed_deal)
                for deal, replayed_deal in zip(shown.deals, replayed.deals, strict=True)
            ]
            assert [p.start for p in phases] == [ending_of(s) for s in starts]
            analysis = analyse(replayed)
            for deal, state in zip(analysis.deals, starts, strict=True):
                start = ending_of(state)
                assert deal.values == {
                    seat: EndingSolver(rules).value(start, seat) for seat in start.seats
                }
                assert len(deal.plays) == 2 * rules.strict_tricks


def test_annotations_read_back_are_kept_and_check_ignores_them() -> None:
    for name in TWO_HANDED:
        for record in _records(name):
            replayed = replay(record)
            annotated = annotate(record, analyse(replayed))
            text = write_record(annotated)
            again = parse_record(text)
            assert again == annotated  # reading it back keeps every annotation
            assert write_record(strip_analysis(again)).count("[%") == write_record(record).count(
                "[%"
            )
            before = [(f.code, f.message) for f in replayed.all_findings()]
            after = [(f.code, f.message) for f in replay(again).all_findings()]
            assert after == before  # the check ignores glyphs, comments and variations
            assert replay(again).game == replayed.game
            # analysing an analysed record writes the same text
            assert write_record(annotate(again, analyse(replay(again)))) == text


def _cards(text: str) -> list[str]:
    """A hand as the brute force takes it: card codes, written as the record writes them."""
    return text.split()


def test_the_chinese_sample_annotated() -> None:
    """samples/games/chinese.bzn, tricks 88-96: Alice's JD at trick 91 costs 100.

    Worked by hand (docs/analysis.md; rubicon-bezique-laws.txt, Scoring and Rubicons: Chinese
    Bézique is Rubicon with six packs, 48 brisques). At trick 88 Alice has 930 and Ben 370: the
    record ends 980 to 370, Alice's 980 holding the last trick's 50. The deal ends 980 v 370 or
    930 v 420, 610 or 510 apart, not within 200; Ben's 370 or 420 with all 48 brisques (480) is
    850 or 900, under 1000. So the brisques are never counted and Ben is rubiconed in every line:
    Alice adds his score to hers, each to the hundred below, and 1300 for rubicon and brisques:
    900 + 300 + 1300 = 2500 if she takes the last trick, 900 + 400 + 1300 = 2600 if Ben does.

    At trick 91 (diamonds trumps) Ben leads AD; Alice holds JD AD AD AH TD TD, Ben AD TD TD TD TD
    9S. She cannot beat the ace (between identical cards the first played wins), so any diamond
    is legal. The JD is her last diamond under Ben's tens: he leads a ten, she must take it with
    an ace, and every diamond she leads then wins (he must follow with a ten). Only her AH can
    give him the lead: led last it meets his 9S; led earlier he trumps it and leads the 9S, which
    she must trump. She takes the last trick: 2500. Keeping the JD (AD or TD now) she can lose
    the last trick to a ten: 2600.
    """
    rest = {"JD": "AD AD AH TD TD", "AD": "JD AD AH TD TD", "TD": "JD AD AD AH TD"}
    brute = BruteForce(ruleset("chinese"))
    worth = {
        card: brute.value(
            {"A": _cards(hand), "B": _cards("TD TD TD TD 9S")},
            "B",  # Ben's AD wins trick 91 whatever diamond Alice plays
            None,
            "D",
            (930, 370),
            (14, 25 if card == "JD" else 26),
        )
        for card, hand in rest.items()
    }
    assert worth == {"JD": 2500, "AD": 2600, "TD": 2600}  # the brute force, written apart
    (record,) = _records("chinese")
    text = write_record(annotate(record, analyse(replay(record))))
    assert "[%value A 2600 B -2600] strict play from trick 88" in text
    assert "91. B AD A JD ? {[%eval 2500] [%loss 100] [%best 2600 AD TD]}" in text
    assert "( {[%line 2600] best play from here: A wins 2600}" in text
    assert '[Annotator "The bezique project; bezique analyse"]' in text
    assert text.count("[%loss") == 1


def test_the_rubicon_sample_has_no_mistake_in_its_strict_phase() -> None:
    """samples/games/rubicon.bzn, tricks 56-64: every card played is a best card, worth 2400.

    Worked by hand (rubicon-bezique-laws.txt, Scoring and Rubicons). At trick 56 Alice has 560
    and 8 brisques, Ben 470 and 11: the record ends 610 to 470 with 12 and 20 brisques, Alice's
    610 holding the last trick's 50 and her 4 brisques of tricks 62-64. The deal ends 610 v 470
    or 560 v 520, within 200 either way: the brisques are counted, Ben is under 1000 even with
    all 32 and is rubiconed, and Alice keeps her own brisques (Foster's 3900). As played: 610 +
    120 = 730 v 470 + 200 = 670, and 700 + 400 + 1300 = 2400. She makes 2500 only with 800
    and the last trick (610 + 10 x 19: 11 of the 13 brisques out), or with 700 and the win while
    Ben takes the last trick, whose 520 adds 500 (560 + 10 x 15 = 710 v 520 + 10 x 17 = 690: 7
    of the 13). Against Ben's best play she reaches neither (the brute force): 2400.
    """
    start = {"A": _cards("QS JS AH AH TH TH AD JD AC"), "B": _cards("AS AS QS AH AH TH TH AD 9D")}
    assert BruteForce(ruleset("rubicon")).value(start, "A", None, "H", (560, 470), (8, 11)) == 2400
    (record,) = _records("rubicon")
    (deal,) = analyse(replay(record)).deals
    assert deal.values == deal.played == {"A": 2400, "B": -2400}
    assert len(deal.plays) == 18 and all(p.loss == 0 for p in deal.plays)
    assert "[%loss" not in write_record(annotate(record, analyse(replay(record))))


def _record(text: str) -> Record:
    return parse_record(text)


STRICT_ONLY = """[Variant "rubicon"]

deal 1 dealer B
hand A TS AC
hand B AS TC
stock
"""


def test_a_revoke_is_marked_and_the_analysis_goes_on() -> None:
    # Two cards each and an empty stock: the deal starts in the strict phase. B holds the ace
    # of spades and must win A's ten with it (rubicon-bezique-laws.txt, The Last Nine Tricks);
    # playing TC is a revoke: marked [%illegal], not valued, and the next trick is analysed.
    record = _record(STRICT_ONLY + "1. A TS B TC\n2. A AC B AS\n")
    replayed = replay(record)
    assert any(f.code in ("P205", "P206") for f in replayed.all_findings())
    (deal,) = analyse(replayed).deals
    assert deal.analysed, deal.reason
    assert [p.legal for p in deal.plays] == [True, False, True, True]
    assert deal.played is None
    text = write_record(annotate(record, analyse(replayed)))
    assert "B TC {[%illegal]" in text


def test_a_deal_that_stops_in_the_strict_phase() -> None:
    with_hands = _record(STRICT_ONLY + "1. A TS B AS\n")
    (deal,) = analyse(replay(with_hands)).deals
    assert deal.analysed and len(deal.plays) == 2 and deal.played is None
    without = _record('[Variant "rubicon"]\n\ndeal 1 dealer B\n1. A TS B AS\n')
    (deal,) = analyse(replay(without)).deals
    assert not deal.analysed


def test_three_handed_is_out_of_scope() -> None:
    (record,) = _records("three-handed")[:1]
    deals = analyse(replay(record)).deals
    assert deals and all("two-handed games only" in (d.reason or "") for d in deals)
