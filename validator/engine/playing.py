"""A card played, applied to the deal: what both players see and which card it was.

:func:`play` judges what both players see (the deal not over, the draws made, whose turn it
is, one card a seat to a trick), then reads which physical card was played under every reading
of the deal and ends the trick once every seat has played to it
(:func:`validator.engine.drawing.end_trick`). :mod:`validator.engine.plays` gives the ways to
read a play under one reading; this module applies them to the :class:`DealState`, with the
shortcuts that settle the commonest plays at once (a card of the known hand, the one tabled
copy, an unseen card) and the laws of the strict phase (:mod:`validator.engine.strict`).
:meth:`DealState.play` is this module's :func:`play`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from notation.cards import Card

from .copies import Copy
from .drawing import close_draws, draw, end_trick
from .holding import Holding
from .phases import LOOSE, OVER, STRICT
from .plays import UNSEEN, PlayWay, play_ways, take
from .reading import Reading
from .specials import held_at_carte_blanche
from .strict import TrickView, legal_whatever_held, limits_shown, revoke_shown, strict_faults
from .violations import Violation
from .ways import Alternative, Fault

if TYPE_CHECKING:
    from .state import DealState

FROM_UNSEEN: Final = PlayWay(UNSEEN)
"""The one way of a play no reading knows the card of: from the unseen part of the hand."""


def play(state: DealState, seat: str, card: Card) -> list[Violation]:
    """Apply a card played by ``seat``; return what it breaks (P2xx, W301). In a deal whose
    record writes no draw (``draws_unrecorded``), the draws still due are made first.

    The commonest play, in turn with no draw due, of a card in the known hand under the one
    reading (:func:`_played_from_hand`), is settled here without a further call: it runs for
    nearly every play of a record that names the hands."""
    next_seat = state._next_seat
    if seat not in next_seat:
        state.check_seat(seat)
    out: list[Violation] = []
    phase = state.phase
    if phase == OVER:
        out.append(
            state.violation("P209", "play.hand-over", seat, f"{card} played after the hand is over")
        )
        return out
    state.declared = None
    readings = state.readings
    items = readings.items
    for reading in items:
        reading.last_claim = None
    if state.draw_queue:
        _draws_due(state, out)
        items = readings.items
        phase = state.phase  # the draws may have begun the strict phase
    trick = state.trick
    if trick:
        for s, _ in trick:
            if s == seat:
                out.append(
                    state.violation(
                        "P209", "play.trick-plays", seat, f"plays {card} twice to one trick"
                    )
                )
                break
        else:
            expected = next_seat[trick[-1][0]]
            if seat != expected:
                out.append(
                    state.violation(
                        "P201",
                        "play.turn",
                        seat,
                        f"played {card} out of turn ({expected} was to play)",
                    )
                )
    elif seat != state.leader:
        out.append(
            state.violation(
                "P201", "play.turn", seat, f"led {card} out of turn ({state.leader} was to play)"
            )
        )
    # :func:`_played_from_hand` of the loose phase, inline: one reading, the card in the known
    # hand and no copy of it on the table (nor, reading every way, an unseen card)
    holding = items[0].holdings[seat] if len(items) == 1 and phase == LOOSE else None
    hand = holding.hand if holding is not None else None
    held = hand.get(card, 0) if hand is not None else 0
    if held and holding is not None:
        if state.exhaustive and holding.unknown:
            held = 0
        else:
            for tabled in holding.table:  # _on_table, inline
                if tabled.card is card:
                    held = 0
                    break
    if hand is not None and held:
        if held == 1:
            del hand[card]
        else:
            hand[card] = held - 1
        readings.work += 1
    elif not (phase == STRICT and _played_from_hand(state, seat, card, trick)):
        if phase == STRICT:
            view = TrickView.of(trick, state.trump) if trick else None
            _read_strict_play(state, seat, card, view)
        elif not (
            _played_known(state, seat, card)
            or _played_from_table(state, seat, card)
            or _played_unseen(state, seat, card)
        ):
            copies, portland, relevance = state.copies, state._portland, state.relevance_of(seat)
            state.read_ways(
                lambda r: play_ways(r, seat, card, copies, portland, relevance),
                lambda r, way: take(r, seat, card, way, portland),
            )
        out.extend(state.settle(seat))
    state.played[seat] += 1
    state.held[seat] -= 1
    state.cb_ready[seat] = False
    trick.append((seat, card))
    if card.rank == "7" and card.suit == state.trump:
        rules = state.rules
        if rules.seven_scores_when_played and phase == LOOSE and rules.seven_value:
            _seven_played(state, seat, card, rules.seven_value)
        else:
            for reading in readings.items:
                holding = reading.holdings[seat]
                if holding.seven_marked:
                    holding.seven_marked -= 1  # the scored seven is the one played: it frees one
    if len(trick) >= state.n:
        end_trick(state)
    return out


def _draws_due(state: DealState, out: list[Violation]) -> None:
    """Draws still due when a card is played: made first where the record writes no draw
    (``draws_unrecorded``), else each a fault (W301); the round of draws is then closed."""
    if state.draws_unrecorded:
        for missing in list(state.draw_queue):
            draw(state, missing, None)
    if state.draw_queue:
        for missing in state.draw_queue:
            out.append(
                state.violation(
                    "W301", "play.draw-one", missing, "did not draw before the next trick"
                )
            )
        close_draws(state)


def _seven_played(state: DealState, seat: str, seven: Card, value: int) -> None:
    """A seven of trumps played where playing it scores (enquire-within-1894-forfeits.txt,
    123 iv: "Whenever the seven of trumps is played, except in the last eight tricks, the
    player scores ten for it"): each seven scores once, so one the seat already scored by
    showing it scores nothing more. The seat plays an unscored seven when it held one (under
    any reading: a seven it can score is not refused); else the scored one, which frees it."""
    scores = False
    for reading in state.readings.items:
        holding = reading.holdings[seat]
        left = holding.hand.get(seven, 0) + len(holding.tabled(seven))  # after the play
        if left >= holding.seven_marked:
            scores = True
        else:
            holding.seven_marked -= 1
    if scores:
        state.melds[seat] += value


def _played_from_hand(
    state: DealState, seat: str, card: Card, trick: list[tuple[str, Card]]
) -> bool:
    """The common case, settled at once: one reading, the card in the known hand and no
    copy of it on the table, and in the strict phase no unseen card and a legal play.
    Then the play has one way and breaks nothing; the card leaves the hand."""
    readings = state.readings
    items = readings.items
    if len(items) != 1:
        return False
    holding = items[0].holdings[seat]
    hand = holding.hand
    held = hand.get(card, 0)
    if not held or (state.exhaustive and holding.unknown):
        return False
    if state.phase == STRICT:
        if holding.unknown:
            return False
        if trick:
            view = TrickView.of(trick, state.trump)
            if not legal_whatever_held(view, card) and strict_faults(view, holding.known(), card):
                return False
    elif holding.table and _on_table(holding, card):
        return False
    if held == 1:
        del hand[card]
    else:
        hand[card] = held - 1
    readings.work += 1
    return True


def _played_known(state: DealState, seat: str, card: Card) -> bool:
    """A play of the loose phase under several readings, applied at once when it has one
    way under each: every reading has the card in the known hand and no copy of it on the
    table (:func:`~validator.engine.plays.play_ways` then finds the hand's card and nothing
    else), and the play breaks nothing; the readings are settled as usual by the caller."""
    readings = state.readings
    items = readings.items
    if len(items) < 2 or state.exhaustive:
        return False
    for reading in items:
        holding = reading.holdings[seat]
        if not holding.hand.get(card, 0) or (holding.table and _on_table(holding, card)):
            return False
    for reading in items:
        reading.holdings[seat].take(card)
    readings.work += len(items)
    if readings.capped:
        readings.items = items[:1]
    return True


def _played_from_table(state: DealState, seat: str, card: Card) -> bool:
    """A play of the loose phase under one reading, applied at once when it has one way:
    the card is not in the known hand, the seat holds no unseen card, and one copy of it
    lies on the table. That copy was played (what
    :func:`~validator.engine.plays.play_ways` finds, with nothing to compare), and the
    play breaks nothing; the readings are settled as usual by the caller."""
    readings = state.readings
    items = readings.items
    if len(items) != 1 or state.exhaustive:
        return False
    holding = items[0].holdings[seat]
    if holding.unknown or holding.hand.get(card, 0):
        return False
    found: Copy | None = None
    for tabled in holding.table:
        if tabled.card is card:
            if found is not None:
                return False
            found = tabled
    if found is None:
        return False
    holding.remove(found, state._portland)
    readings.work += 1
    return True


def _played_unseen(state: DealState, seat: str, card: Card) -> bool:
    """The common play of a record that does not name the hands, applied at once: under
    every reading the card is not in the known hand, no copy of it is on the table, and
    the seat holds an unseen card that may be it. Then the play has one way under each
    reading (:func:`~validator.engine.plays.play_ways`: an unseen card revealed) and
    breaks nothing; the readings are settled as usual by the caller."""
    readings = state.readings
    items = readings.items
    copies = state.copies
    for reading in items:
        holding = reading.holdings[seat]
        if (
            not holding.unknown
            or holding.hand.get(card, 0)
            or not reading.can_exist(card, copies)
            or (holding.table and _on_table(holding, card))
            or (holding.plain and held_at_carte_blanche(holding, (card,), "plays"))
        ):
            return False
    for reading in items:
        take(reading, seat, card, FROM_UNSEEN, state._portland)
    readings.work += len(items)
    if readings.capped and len(items) > 1:
        readings.items = items[:1]
    return True


def _read_strict_play(state: DealState, seat: str, card: Card, view: TrickView | None) -> None:
    """A play in the strict phase: judged against the cards each reading knows the player
    held, and what it shows of his unseen cards remembered (P207 later); ``view`` is the
    trick so far, None for a lead."""
    trick_no = state.tricks_played + 1
    copies, portland, relevance = state.copies, state._portland, state.relevance_of(seat)
    every = state.exhaustive

    def alternatives(reading: Reading) -> list[Alternative[PlayWay]]:
        holding = reading.holdings[seat]
        faults = strict_faults(view, holding.known(), card) if view is not None else []
        out = []
        for way in play_ways(reading, seat, card, copies, portland, relevance, every):
            found = [*faults, *way.faults]
            if way.way.source == UNSEEN and holding.limits:
                at = revoke_shown(holding.limits, card, trick_no)
                if at is not None:
                    found.append(
                        Fault(
                            "P207",
                            "play.strict-revoke",
                            f"plays {card}, so held it at trick {at} "
                            "and failed to follow or win there",
                            at,
                        )
                    )
            out.append(Alternative(way.way, found))
        return out

    def apply(reading: Reading, way: PlayWay) -> None:
        holding = reading.holdings[seat]
        if way.source == UNSEEN and holding.limits:
            at = revoke_shown(holding.limits, card, trick_no)
            if at is not None:
                # the revoke at that trick is proved: one fault, one penalty; a later card
                # that would prove it again proves nothing new
                holding.limits = [limit for limit in holding.limits if limit[2] != at]
        if view is not None and holding.unknown and not strict_faults(view, holding.known(), card):
            holding.limits.extend(limits_shown(view, card, trick_no))
        take(reading, seat, card, way, portland)

    state.read_ways(alternatives, apply)


def _on_table(holding: Holding, card: Card) -> bool:
    """Whether a copy of ``card`` lies on the holding's table (a loop, not ``any`` over a
    generator: it runs for nearly every play)."""
    for tabled in holding.table:  # noqa: SIM110
        if tabled.card is card:
            return True
    return False


__all__ = ["FROM_UNSEEN", "play"]
