"""A small random legal player for the engine tests: drives a whole deal through DealState.

It only ever makes the moves the engine calls legal, asserts that each is accepted without a
violation, and checks the invariants after every step (every card in exactly one place, the
brisques adding up, the scores equal to the sum of what was scored).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from notation.cards import Card
from validator.engine import DealState, RuleSet, Violation, deal_cards, new_pack
from validator.engine.combinations import kind_info

Carried = list[tuple[str, tuple[Card, ...], int | None]]
Event = tuple[str, str, Card | None, str, tuple[Card, ...], Carried]
"""(what, seat, card played, kind declared, cards declared, carried announcements)"""


@dataclass
class DealLog:
    """What the driver did: the events in order and the points each declaration scored."""

    events: list[Event] = field(default_factory=list)
    scored: dict[str, int] = field(default_factory=dict)


def check_invariants(state: DealState, pack: Counter[Card], log: DealLog) -> None:
    census = state.card_census()
    assert census == pack, "every card must be in exactly one place"
    assert all(state.unknown[seat] == 0 for seat in state.seats)
    won_brisques = {
        seat: sum(1 for card in state.won[seat] if card.rank in "AT") for seat in state.seats
    }
    assert won_brisques == state.brisques
    assert state.melds == log.scored


def play_random_deal(
    rules: RuleSet, seats: tuple[str, ...], seed: int, dealer: str | None = None
) -> tuple[DealState, DealLog]:
    rng = random.Random(seed)
    dealer = dealer or seats[-1]
    pack_list = new_pack(rules)
    rng.shuffle(pack_list)
    pack = Counter(pack_list)
    hands, stock, turnup = deal_cards(rules, seats, dealer, pack_list)
    state = DealState(rules, seats, dealer, hands, stock, turnup)
    assert not state.deal_violations
    log = DealLog(scored=dict(state.melds))
    steps = 0
    while state.phase != "over":
        steps += 1
        assert steps < 2000, "the deal must end"
        drawer = state.to_draw
        declarer = state.declarer
        if declarer is not None:
            for _ in range(3):
                options = [
                    o for o in state.legal_declarations(declarer) if o.kind != "carte-blanche"
                ]
                if not options or rng.random() < 0.1:
                    break
                choice = rng.choice(options)
                carried: Carried = []
                special = ("seven", "exchange")
                others = [
                    o
                    for o in options
                    if o.kind not in special
                    and choice.kind not in special
                    and kind_info(o.kind).family != kind_info(choice.kind).family
                ]
                if others and rng.random() < 0.3:
                    extra = rng.choice(others)
                    carried.append((extra.kind, extra.cards, extra.score))
                outcome = state.declare(declarer, choice.kind, choice.cards, choice.score, carried)
                assert not outcome.violations, (choice, carried, outcome.violations)
                assert outcome.score == choice.score
                log.scored[declarer] += outcome.score
                log.events.append(("declare", declarer, None, choice.kind, choice.cards, carried))
        if drawer is not None:
            violations = state.draw(drawer)
            assert not violations, violations
            log.events.append(("draw", drawer, None, "", (), []))
        else:
            seat = state.to_play
            assert seat is not None
            for option in state.legal_declarations(seat):
                if option.kind == "carte-blanche":
                    outcome = state.declare(seat, option.kind, option.cards, option.score)
                    assert not outcome.violations, outcome.violations
                    log.scored[seat] += outcome.score
                    log.events.append(("declare", seat, None, option.kind, option.cards, []))
            plays = sorted(state.legal_plays(seat), key=str)
            assert plays, f"{seat} has no legal play"
            card = rng.choice(plays)
            violations = state.play(seat, card)
            assert not violations, violations
            log.events.append(("play", seat, card, "", (), []))
        check_invariants(state, pack, log)
    return state, log


def run_script(state: DealState, script: str) -> list[Violation]:
    """Apply a small script to a deal, one event per line, returning every violation raised.

    ``A 7S B 8S`` plays a trick in that order; ``A marriage KH QH 40`` declares (the number is
    the score claimed; ``+ marriage KS QS 20`` on the next line carries another announcement);
    ``draw`` makes every seat due to draw take an unknown card, ``draw A QS`` one named card.
    """
    found: list[Violation] = []
    lines = [line.split("#")[0].strip() for line in script.strip().splitlines()]
    lines = [line for line in lines if line]
    i = 0
    while i < len(lines):
        words = lines[i].split()
        i += 1
        if words[0] == "draw":
            if len(words) == 1:
                while state.to_draw is not None:
                    found += state.draw(state.to_draw)
            else:
                found += state.draw(words[1], Card.parse(words[2]))
            continue
        if (
            len(words) >= 2
            and len(words[1]) == 2
            and words[1][0] in "AT KQJ987"
            and len(words) % 2 == 0
        ):
            try:
                pairs = [(words[k], Card.parse(words[k + 1])) for k in range(0, len(words), 2)]
            except ValueError:
                pairs = []
            if pairs and all(seat in state.seats for seat, _ in pairs):
                for seat, card in pairs:
                    found += state.play(seat, card)
                continue
        seat, kind, rest = words[0], words[1], words[2:]
        claimed = int(rest[-1]) if rest and rest[-1].isdigit() else None
        cards = [Card.parse(w) for w in (rest[:-1] if claimed is not None else rest)]
        carried: list[tuple[str, list[Card], int | None]] = []
        while i < len(lines) and lines[i].startswith("+"):
            extra = lines[i][1:].split()
            i += 1
            extra_claim = int(extra[-1]) if extra[-1].isdigit() else None
            extra_cards = [
                Card.parse(w) for w in (extra[1:-1] if extra_claim is not None else extra[1:])
            ]
            carried.append((extra[0], extra_cards, extra_claim))
        outcome = state.declare(seat, kind, cards, claimed, carried)
        found += outcome.violations
    return found


def replay(state: DealState, events: list[Event]) -> list[Violation]:
    """Apply a driver's log to a fresh deal (which may know less), returning the violations."""
    found: list[Violation] = []
    for what, seat, card, kind, cards, carried in events:
        if what == "play":
            assert card is not None
            found += state.play(seat, card)
        elif what == "draw":
            found += state.draw(seat, None)
        else:
            found += state.declare(seat, kind, cards, None, carried).violations
    return found
