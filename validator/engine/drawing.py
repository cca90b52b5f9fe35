"""The trick's end and the draws after it: who won, what the draws are, which phase follows.

:func:`end_trick` gives the trick to its winner (with the brisques in it) and opens the round
of draws while the stock lasts; once it is too short to draw from the deal enters the strict
phase (:func:`enter_strict`), and the last trick ends the deal. :func:`draw` applies one draw
as the record says it happened: in turn or not, from a stock known or not, of a card named or
hidden. Kept apart from :class:`~validator.engine.state.DealState`, which holds what these
change; :meth:`DealState.draw` is this module's :func:`draw`.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from notation.cards import Card

from .card_tables import BRISQUE_CARDS, RANK_OF
from .phases import LOOSE, OVER, STRICT
from .reading import Reading
from .violations import Violation
from .ways import ELSEWHERE, Alternative, Fault

if TYPE_CHECKING:
    from .state import DealState

_CARD_PLAYED = itemgetter(1)
"""The card of a play to the trick, ``(seat, card)``."""


# ------------------------------------------------------------------ end of a trick
def end_trick(state: DealState) -> None:
    """Every seat has played to the trick: its winner takes it (and its brisques) and leads
    next; the draws open while the stock lasts, and the last trick ends the deal."""
    trick = state.trick
    winner, top = trick[0]
    trump = state.trump
    won = state.won
    count = 1 if top in BRISQUE_CARDS else 0
    for seat, card in trick[1:]:
        if card in BRISQUE_CARDS:
            count += 1
        if card.suit == top.suit:
            if RANK_OF[card] < RANK_OF[top]:
                winner, top = seat, card
        elif card.suit == trump:
            winner, top = seat, card
    won[winner].extend(map(_CARD_PLAYED, trick))
    state.brisques[winner] += count
    rules = state.rules
    if state._brisques_taken:
        state.brisque_points[winner] += count * rules.brisque_value
    state.trick = []
    state.tricks_played += 1
    state.leader = winner
    state.last_winner = winner
    cb_block = state.cb_block
    state.scored_this_trick = 1 if cb_block[winner] else 0
    if True in cb_block.values():
        for seat in cb_block:
            cb_block[seat] = False
    if state.phase != LOOSE:
        if 0 in state.held.values():
            state.last_trick_points[winner] += rules.last_trick
            state.phase = OVER
        return
    # the draws open (inline: this runs for nearly every trick)
    state.drawn = set()
    n = state.n
    if len(state.stock) < n:
        enter_strict(state)
        return
    first = state.order[0] if state._pone_first else winner
    if first != winner and state.turnup_present and len(state.stock) < 2 * n:
        # the last draw: the winner takes the last card face down and the turn-up goes to his
        # adversary, under the French order too (foster-1914-ordinary-bezique.txt, Double
        # Declarations: "The last card of the stock is taken by the player winning the trick")
        first = winner
    state.draw_queue = list(state._rounds[first])
    # An irregular stock in a turn-up game: the last drawer takes the turn-up and the face
    # down card(s) left over are not drawn (foster-1914-ordinary-bezique.txt, Drawing).
    state.turnup_last = rules.turn_up and state.turnup_present and n < len(state.stock) < 2 * n


def close_draws(state: DealState) -> None:
    """The round of draws is over (or the next play cut it short): the strict phase begins
    when the stock is too short to draw from again."""
    state.draw_queue = []
    if len(state.stock) < state.n or (state.turnup_last and not state.turnup_present):
        enter_strict(state)
    state.turnup_last = False


def enter_strict(state: DealState) -> None:
    """The stock is too short to draw from: the strict phase begins, each table going back
    to its hand (:meth:`~validator.engine.holding.Holding.to_hand`) under every reading."""
    state.phase = STRICT
    state.draw_queue = []
    for reading in state.readings.items:
        for holding in reading.holdings.values():
            holding.to_hand()
    if len(state.readings.items) > 1:
        state.readings.items = state.readings.prune(state.readings.items)


# ------------------------------------------------------------------ draw
def draw(state: DealState, seat: str, card: Card | None = None) -> list[Violation]:
    """Apply a draw from the stock by ``seat`` of ``card`` (None when the record hides it)."""
    if seat not in state._next_seat:
        state.check_seat(seat)
    out: list[Violation] = []
    queue = state.draw_queue
    if queue and queue[0] == seat:
        del queue[0]  # in turn: the commonest draw
    else:
        due = bool(queue)
        _draw_out_of_turn(state, seat, out)
        if not due and not state.stock:
            return out
    state.drawn.add(seat)
    stock = state.stock
    if not stock:
        out.append(state.violation("W306", "play.draw-next", seat, "drew from an empty stock"))
        return out
    take_turnup = state.turnup_last and not queue and state.turnup_present
    marked = False
    state.held[seat] += 1
    if take_turnup or (state.turnup_present and state.rules.turn_up and len(stock) == 1):
        top = stock.pop(0)
        state.turnup_present = False
        marked = state.turnup_marked
    else:
        top = stock.pop()
    got: Card | None
    if top is not None:
        if card is not None and card != top:
            out.append(
                state.violation(
                    "W306",
                    "play.draw-next",
                    seat,
                    f"drew {card}, but the stock's next card is {top}",
                )
            )
        for reading in state.readings.items:
            holding = reading.holdings[seat]
            hand = holding.hand
            hand[top] = hand.get(top, 0) + 1
            if marked:
                holding.seven_marked += 1
        got = top
    elif card is not None:
        _draw_unseen(state, seat, card, marked, out)
        got = card
    else:
        for reading in state.readings.items:
            holding = reading.holdings[seat]
            holding.unknown += 1
            if marked:
                holding.seven_marked += 1
        got = None
    if state.cb_active[seat]:
        if got is None or got.rank not in "KQJ":
            state.cb_ready[seat] = True
        else:
            state.cb_active[seat] = False
            state.cb_ready[seat] = False
            state.cb_broken[seat] = got
    if not queue:  # close_draws, inline: the round of draws is over
        state.draw_queue = []
        if len(stock) < state.n or (state.turnup_last and not state.turnup_present):
            enter_strict(state)
        state.turnup_last = False
    return out


def take_second(state: DealState, card: Card | None) -> bool:
    """Put the stock's second card, ``card``, before its next one, when the stock names both
    and the next is another card: the adversary of a loser who saw two cards "has choice of the
    two cards of the following draw" (hoffmann-1909 law 30), so the first drawer may take
    either. ``card`` None: whatever the second card is (the choice was recorded, and the draw
    written is judged against it). The turn-up, the stock's bottom card, is never among them.
    Whether it was done."""
    stock = state.stock
    floor = 3 if state.turnup_present else 2
    if len(stock) < floor or stock[-1] is None or stock[-2] is None or stock[-1] == stock[-2]:
        return False
    if card is not None and (stock[-1] == card or stock[-2] != card):
        return False
    stock[-1], stock[-2] = stock[-2], stock[-1]
    return True


def _draw_out_of_turn(state: DealState, seat: str, out: list[Violation]) -> None:
    """A draw when none was due, or by a seat not first in the queue: what it breaks (W30x);
    the seat leaves the queue if it was in it."""
    if not state.draw_queue:
        if state.stock and state.phase == STRICT:
            out.append(
                state.violation(
                    "W305", "play.odd-stock", seat, "drew the last card of an odd stock"
                )
            )
        elif seat in state.drawn:
            out.append(state.violation("W302", "play.draw-one", seat, "drew a second card"))
        else:
            out.append(
                state.violation("W303", "play.draw-order", seat, "drew when no draw was due")
            )
    elif seat != state.draw_queue[0]:
        if seat in state.draw_queue:
            out.append(
                state.violation(
                    "W303",
                    "play.draw-order",
                    seat,
                    f"drew out of turn ({state.draw_queue[0]} was to draw)",
                )
            )
        else:
            out.append(state.violation("W302", "play.draw-one", seat, "drew a second card"))
    if seat in state.draw_queue:
        state.draw_queue.remove(seat)


def _draw_unseen(
    state: DealState, seat: str, card: Card, marked: bool, out: list[Violation]
) -> None:
    """A card named as drawn from a place in the stock the record does not name: under
    each reading, one more copy of it revealed (W306 where every copy is elsewhere)."""
    copies = state.copies

    def ways(reading: Reading) -> list[Alternative[None]]:
        if reading.can_exist(card, copies):
            return [Alternative(None)]
        return [
            Alternative(
                None,
                [
                    Fault(
                        "W306",
                        "play.draw-next",
                        f"drew {card}, but {ELSEWHERE}",
                    )
                ],
            )
        ]

    def apply(reading: Reading, _: None) -> None:
        holding = reading.holdings[seat]
        if reading.can_exist(card, copies):
            reading.reveal(card)
            holding.give(card)
        else:
            # the record names a card the drawer cannot have drawn: he drew another, as unseen
            # as a card drawn unnamed (a stock that names its cards gives him the stock's)
            holding.unknown += 1
        if marked:
            holding.seven_marked += 1

    state.read_ways(ways, apply)
    out.extend(state.settle(seat))


__all__ = ["close_draws", "draw", "end_trick", "enter_strict"]
