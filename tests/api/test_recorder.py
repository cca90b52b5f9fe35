"""The recorder: a table told a game's events as a server sees them, refusing illegal ones.

The simulator plays games through the engine; the recorder is told the same events one by one
through its own methods and must write the simulator's record, byte for byte. The refusals are
checked on a deal read by hand from the rule texts, and on illegal events the test makes up
itself from the record (never from the engine's lists): a play by the seat that did not play
next, a card the seat does not hold by the test's own count, a score claimed ten too high.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from mutators import strict_legal
from recorder_drive import drive

from notation import Card, Declaration, Draw, Play, Record, write_record
from validator import IllegalEvent, Recorder, RecorderError, replay_record, simulate_game
from validator.simulate import VARIANTS

GAMES = [
    (variant, seed, player, laws)
    for variant in VARIANTS
    for seed, player, laws in (
        (3, "greedy", "english"),
        (4, "random", "french"),
        (11, "greedy", "french"),
    )
]


@pytest.mark.parametrize(("variant", "seed", "player", "laws"), GAMES)
def test_recorder_writes_the_simulators_record(
    variant: str, seed: int, player: str, laws: str
) -> None:
    game = simulate_game(variant, seed, player, laws=laws)
    rec, _ = drive(game.record)
    assert rec.bzn() == write_record(game.record)
    assert rec.game_over
    assert rec.result == game.record.tag("Result")
    assert replay_record(rec.record(), steps=False).all_findings() == ()


def test_the_drive_exercises_carte_blanche_and_the_exchange() -> None:
    calls: Counter[str] = Counter()
    for variant, seed, player, laws in GAMES:
        calls += drive(simulate_game(variant, seed, player, laws=laws).record)[1]
    # Guards the test above: every kind of call is made at least once over the games.
    assert {"play", "draw", "declare", "carte_blanche", "exchange"} <= set(calls)


def test_record_midway_is_a_prefix_of_the_game() -> None:
    game = simulate_game("rubicon", 5)
    seen: list[str] = []

    def before(rec: Recorder, event: object) -> None:
        if isinstance(event, Play) and len(seen) < 40:
            seen.append(rec.bzn())

    drive(game.record, before)
    full = write_record(game.record)
    for text in seen[1:]:
        assert '[Result "*"]' in text
        body = text.split("\n\n", 1)[1]
        # The game so far: the deal as far as it went (no score line yet).
        assert full.split("\n\n", 1)[1].startswith(body.rstrip("\n"))


# A two-pack deal (the simulator's seed 1, read by hand): A deals, so B (the non-dealer) leads;
# the nine of clubs is turned up, so clubs are trumps (bezique-guide.txt, The Deal).
HAND_A = "9S TC AH 9D JS 7C KC AS"
HAND_B = "QS 9H JD QD QS KS JD KH"
STOCK = (
    "TH TC 7S 8D QH QD QH 7H KH TS 9C 8C KD 7D QC 9D TD 8H KS AC 7H 8D JH JS 9S 8H TD KC JH AS "
    "8S QC 7D TS JC 8S 9H KD AC TH 8C JC AD 7C 7S AD AH"
)


def two_pack_deal() -> Recorder:
    rec = Recorder("two-pack", "english", tags={"Event": "Test", "A": "Ann", "B": "Bob"})
    rec.deal("A", {"A": HAND_A, "B": HAND_B}, STOCK, "9C")
    return rec


def test_the_deal_by_hand_is_what_the_simulator_dealt() -> None:
    deal = simulate_game("two-pack", 1).record.deals[0]
    assert deal.dealer == "A" and str(deal.turnup) == "9C"
    assert " ".join(map(str, deal.hands[0].cards)) == HAND_A
    assert " ".join(map(str, deal.hands[1].cards)) == HAND_B
    assert deal.stock is not None
    # The stock as the engine keeps it ends with the turn-up; the record's stock is face down.
    assert len(deal.stock.cards) == 64 - 16 - 1 == len(STOCK.split())


def unchanged(rec: Recorder) -> tuple[object, ...]:
    return (rec.bzn(), rec.state.snapshot(), rec.to_play, rec.to_draw, rec.declarer)


def refused(rec: Recorder, call: object, code: str, rule: str) -> IllegalEvent:
    before = unchanged(rec)
    with pytest.raises(IllegalEvent) as caught:
        call()  # type: ignore[operator]
    assert (caught.value.code, caught.value.rule) == (code, rule)
    assert unchanged(rec) == before
    return caught.value


def test_a_lead_out_of_turn_is_refused_and_changes_nothing() -> None:
    rec = two_pack_deal()
    assert rec.to_play == "B"
    error = refused(rec, lambda: rec.play("A", "AS"), "P201", "play.turn")
    assert error.finding.seat == "A"
    assert "out of turn" in error.message
    assert error.finding.location.deal == 1


def test_the_first_trick_by_hand() -> None:
    rec = two_pack_deal()
    # In the first tricks any card may be played (bezique-guide.txt, Play of the Hand): B's
    # legal plays are the distinct cards of his hand.
    assert set(rec.legal_plays()) == {Card.parse(c) for c in HAND_B.split()}
    assert rec.legal_plays("A") == ()
    rec.play("B", "9H")
    # A holds no heart; the seven of clubs is a trump and takes the nine of hearts.
    rec.play("A", "7C")
    assert rec.declarer == "A"
    # B lost the trick: he may not declare his bézique (bezique-guide.txt, Declaring).
    refused(rec, lambda: rec.declare("B", "bezique", "QS JD", 40), "A402", "decl.after-winning")
    # The winner draws first (bezique-guide.txt, Drawing): B drawing now is out of turn.
    refused(rec, lambda: rec.draw("B"), "W303", "play.draw-order")
    assert rec.draw("A") == Card.parse("TH")  # the stock's top card
    assert rec.draw("B") == Card.parse("TC")
    # Each player draws one card after each trick: a second is refused.
    refused(rec, lambda: rec.draw("A"), "W302", "play.draw-one")
    assert rec.to_play == "A"
    held = HAND_A.split()
    held.remove("7C")
    assert set(rec.legal_plays()) == {Card.parse(c) for c in [*held, "TH"]}
    assert rec.bzn().split("\n\n")[1] == (
        "deal 1 dealer A\n"
        f"hand A {HAND_A}\n"
        f"hand B {HAND_B}\n"
        f"stock {STOCK}\n"
        "turnup 9C\n"
        "1. B 9H A 7C\n"
        "  draw A TH, B TC\n"
    )


def test_a_card_not_held_and_a_wrong_score_are_refused() -> None:
    rec = two_pack_deal()
    # B holds no ace of spades (his hand above).
    refused(rec, lambda: rec.play("B", "AS"), "P208", "play.held")
    rec.play("B", "QD")
    rec.play("A", "KC")  # a trump takes the queen of diamonds
    # A claims a marriage he does not hold: the cards are not his (A401).
    refused(rec, lambda: rec.declare("A", "marriage", "KS QS", 20), "A401", "decl.shown")
    # A has no marriage, no four and no bézique to show; he holds the seven of trumps, which
    # scores 10 shown or exchanged for the turn-up (bezique-guide.txt: "Holding the seven of
    # trumps, you may exchange it for the turned-up trump card ... That scores 10").
    options = {(o.kind, " ".join(map(str, o.cards)), o.score) for o in rec.legal_declarations()}
    assert options == {("seven", "7C", 10), ("exchange", "7C", 10)}
    assert rec.exchange("A") == 10
    assert rec.bzn().endswith("1. B QD A KC\n  A exchange 7C 10\n")


def test_a_declaration_scores_what_the_rules_give_and_a_false_claim_is_refused() -> None:
    rec = two_pack_deal()
    rec.play("B", "9H")
    rec.play("A", "9S")  # B's nine of hearts wins: A played a spade, not a trump
    assert rec.declarer == "B"
    options = {(o.kind, " ".join(map(str, o.cards)), o.score) for o in rec.legal_declarations()}
    # B holds QS QS JD JD KS KH QD: bezique 40, double bezique 500, a marriage of spades 20
    # (bezique-guide.txt, Scoring: marriage 20, bezique 40, double bezique 500).
    assert ("bezique", "QS JD", 40) in options
    assert ("double-bezique", "QS QS JD JD", 500) in options
    assert ("marriage", "KS QS", 20) in options
    refused(rec, lambda: rec.declare("B", "bezique", "QS JD", 50), "A411", "decl.score")
    assert rec.declare("B", "bezique", "QS JD") == 40
    assert rec.scores()["B"] == 40
    assert "  B bezique QS JD 40\n" in rec.bzn()


def test_calls_that_make_no_sense_are_recorder_errors() -> None:
    rec = Recorder("rubicon")
    with pytest.raises(RecorderError, match="no deal in progress"):
        rec.play("A", "7D")
    with pytest.raises(RecorderError, match="unknown seat 'C'"):
        two_pack_deal().play("C", "7D")
    with pytest.raises(RecorderError, match="'7X'"):
        two_pack_deal().play("B", "7X")
    with pytest.raises(RecorderError, match="Variant tag says 'rubicon'"):
        Recorder("two-pack", tags={"Variant": "rubicon"})
    with pytest.raises(RecorderError):
        Recorder("no-such-variant")
    rec = two_pack_deal()
    with pytest.raises(RecorderError, match="deal 1 is not over"):
        rec.deal("B")


def test_a_misdeal_is_refused() -> None:
    rec = Recorder("two-pack")
    with pytest.raises(IllegalEvent) as caught:
        rec.deal("A", {"A": HAND_A + " 7D", "B": HAND_B}, None, "9C")
    assert caught.value.code == "D105"  # nine cards dealt, eight due
    with pytest.raises(RecorderError, match="no deal in progress"):
        rec.play("B", "9H")


def _holdings(record: Record) -> list[dict[str, Counter[Card]]]:
    """Before each event of the first deal, each seat's cards by the test's own count: the
    hand dealt, plus the cards drawn, less the cards played; the seven of trumps exchanged for
    the turn-up (bezique-guide.txt, The Seven of Trumps)."""
    deal = record.deals[0]
    turnup = deal.turnup
    held = {h.seat: Counter(c for c in h.cards if c is not None) for h in deal.hands}
    before_play = [e for e in deal.events if isinstance(e, Draw | Declaration)]
    out = [{s: Counter(c) for s, c in held.items()} for _ in before_play]
    for trick in deal.tricks:
        for play in trick.plays:
            out.append({s: Counter(c) for s, c in held.items()})
            held[play.seat][play.card] -= 1
        for event in trick.events:
            if isinstance(event, Draw | Declaration):
                out.append({s: Counter(c) for s, c in held.items()})
            if isinstance(event, Draw) and event.cards[0] is not None:
                held[event.seat][event.cards[0]] += 1
            if isinstance(event, Declaration) and event.kind == "exchange":
                assert turnup is not None
                held[event.seat][Card("7", turnup.suit)] -= 1
                held[event.seat][turnup] += 1
                turnup = Card("7", turnup.suit)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_illegal_events_are_refused_without_trace(variant: str) -> None:
    game = simulate_game(variant, 21, "random")
    rng = random.Random(variant)
    holdings = iter(_holdings(game.record))
    seats = {h.seat for h in game.record.deals[0].hands}
    pack = sorted({Card(r, s) for r in "ATKQJ987" for s in "SHDC"}, key=str)
    tried: Counter[str] = Counter()
    first_deal = [True]

    def before(rec: Recorder, event: object) -> None:
        if rec.deal_number != 1:
            first_deal[0] = False
            return
        held = next(holdings)
        if rng.random() > 0.3:
            return
        snapshot = unchanged(rec)
        if isinstance(event, Play):
            other = rng.choice(sorted(seats - {event.seat}))
            with pytest.raises(IllegalEvent):
                rec.play(other, rng.choice(pack))
            tried["out of turn"] += 1
            missing = [c for c in pack if held[event.seat][c] == 0]
            with pytest.raises(IllegalEvent):
                rec.play(event.seat, rng.choice(missing))
            tried["not held"] += 1
        elif isinstance(event, Draw):
            other = rng.choice(sorted(seats - {event.seat}))
            with pytest.raises(IllegalEvent):
                rec.draw(other)
            tried["draw out of turn"] += 1
        elif isinstance(event, Declaration) and event.kind not in ("carte-blanche", "exchange"):
            with pytest.raises(IllegalEvent):
                rec.declare(event.seat, event.kind, event.cards, event.score + 10, event.carried)
            tried["wrong score"] += 1
        assert unchanged(rec) == snapshot

    rec, _ = drive(game.record, before)
    assert rec.bzn() == write_record(game.record)
    assert tried["out of turn"] > 5 and tried["not held"] > 5 and tried["draw out of turn"] > 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_legal_plays_in_the_last_tricks_agree_with_the_texts(variant: str) -> None:
    # The last tricks: follow and win if able, else trump (mutate.strict_legal, written from the
    # texts apart from the engine), over the test's own count of each seat's cards.
    game = simulate_game(variant, 8, "random")
    holdings = iter(_holdings(game.record))
    compared = [0]
    trick: list[Card] = []

    def before(rec: Recorder, event: object) -> None:
        if rec.deal_number != 1:
            return
        held = next(holdings)
        if not isinstance(event, Play):
            return
        if rec.state.phase == "strict":
            want = strict_legal(held[event.seat], trick, rec.state.trump)
            assert set(rec.legal_plays(event.seat)) == want
            compared[0] += 1
        trick.append(event.card)
        if len(trick) == len(rec.seats):
            trick.clear()

    drive(game.record, before)
    assert compared[0] >= 8
