"""Where a replayed deal's strict phase begins, and the position there.

The replay (:class:`validator.replay.DealReplay`) holds the state after every event; the strict
phase begins with the first trick led once the stock can give no more cards (no draw follows
it). Its position is read from there: trump, leader, each seat's points and brisques. The hands
are the cards each seat plays in the tricks that remain, so a record that names no hand still
gives them; when the replay knows both hands at that point (a record with its hands and stock),
they are taken from it, and an unfinished strict phase can then be analysed as far as it goes.

Each play of the phase keeps its place in the record (trick and play index), so that the
annotations can be written back at the very play they judge.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from notation.cards import Card
from notation.model import Deal
from validator.engine import RuleSet
from validator.engine.ending import Ending, EndingError
from validator.replay import DealReplay, Step


@dataclass(frozen=True, slots=True)
class StrictPlay:
    """One play of the strict phase and where it stands in the record."""

    seat: str
    card: Card
    trick: int
    """The trick's number as the record writes it."""
    trick_index: int
    """Index of the trick in the deal's ``tricks``."""
    play_index: int
    """Index of the play in that trick's ``plays``."""


@dataclass(frozen=True, slots=True)
class StrictPhase:
    """The start of a deal's strict phase and its plays, or why it cannot be analysed."""

    start: Ending | None
    plays: tuple[StrictPlay, ...] = ()
    first_trick: int | None = None
    """The number of the first strict trick."""
    reason: str | None = None
    """Why the phase cannot be analysed, when ``start`` is None."""


def find_strict_phase(rules: RuleSet, deal: Deal, replayed: DealReplay) -> StrictPhase:
    """The strict phase of ``deal`` as ``replayed`` shows it (see the module docstring)."""
    if rules.players != 2:
        return StrictPhase(
            None,
            reason=f"{rules.title} is for {rules.players} players: the strict phase is solved "
            "for two-handed games only (docs/analysis.md)",
        )
    steps = replayed.steps
    if not steps:
        return StrictPhase(None, reason="the replay holds no steps")
    start = _start_step(steps, rules.players)
    if start is None:
        return StrictPhase(None, reason="the record does not reach the strict phase")
    before, first = steps[start - 1], steps[start]
    plays = _record_plays(deal, first.trick)
    replayed_plays = [(s.seat, s.card) for s in steps[start:] if s.kind == "play"]
    if [(p.seat, str(p.card)) for p in plays] != replayed_plays:
        return StrictPhase(
            None,
            reason="the strict tricks of the record could not be matched with the replay "
            f"(trick {first.trick} on)",
        )
    seats = tuple(before.hands)
    if len(seats) != 2 or first.seat is None:
        return StrictPhase(None, reason="the deal is not played by two seats")
    pair = (seats[0], seats[1])
    played: dict[str, Counter[Card]] = {seat: Counter() for seat in pair}
    for play in plays:
        played[play.seat][play.card] += 1
    known = {seat: before.hands[seat] for seat in pair}
    if all(None not in cards for cards in known.values()) and not any(before.table.values()):
        hands = {seat: Counter(Card.parse(c) for c in cards if c) for seat, cards in known.items()}
        for seat in pair:
            if played[seat] - hands[seat]:
                extra = " ".join(map(str, (played[seat] - hands[seat]).elements()))
                return StrictPhase(
                    None,
                    reason=f"{seat} plays {extra} in the strict phase, not in his hand there",
                )
    else:
        hands = played
        sizes = {sum(cards.values()) for cards in hands.values()}
        if len(sizes) != 1 or not _ended(steps):
            return StrictPhase(
                None,
                reason="the record names no hand and its strict phase is not played to the "
                "end: the hands cannot be known",
            )
    brisques = {seat: before.brisques.get(seat, 0) for seat in pair}
    points = {seat: before.scores.get(seat, 0) for seat in pair}
    if rules.brisque_scoring == "when-taken" and not rules.no_brisques:
        points = {seat: points[seat] - rules.brisque_value * brisques[seat] for seat in pair}
    try:
        ending = Ending.create(
            pair,
            {seat: list(hands[seat].elements()) for seat in pair},
            before.trump,
            first.seat,
            points={seat: max(0, points[seat]) for seat in pair},
            brisques=brisques,
        )
    except EndingError as exc:
        return StrictPhase(None, reason=f"the strict phase cannot be set up: {exc}")
    return StrictPhase(ending, tuple(plays), first.trick)


def _start_step(steps: tuple[Step, ...], players: int) -> int | None:
    """The index of the step of the first strict lead, or None."""
    last_draw = max((i for i, s in enumerate(steps) if s.kind == "draw"), default=0)
    for index in range(max(1, last_draw + 1), len(steps)):
        step = steps[index]
        if step.kind != "play":
            continue
        if len(step.trick_cards) == 1 and steps[index - 1].stock < players:
            return index
        return None
    return None


def _ended(steps: tuple[Step, ...]) -> bool:
    return bool(steps) and steps[-1].kind == "end" and all(not h for h in steps[-1].hands.values())


def _record_plays(deal: Deal, number: int | None) -> list[StrictPlay]:
    """The plays of the record from the last trick numbered ``number`` to the end."""
    first = None
    for index in range(len(deal.tricks) - 1, -1, -1):
        if deal.tricks[index].number == number:
            first = index
            break
    if first is None:
        return []
    out = []
    for t_index in range(first, len(deal.tricks)):
        trick = deal.tricks[t_index]
        for p_index, play in enumerate(trick.plays):
            out.append(StrictPlay(play.seat, play.card, trick.number, t_index, p_index))
    return out
