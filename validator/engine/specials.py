"""The declarations outside the copy model: the seven of trumps, carte blanche, the last trick.

Each is judged partly on what both players see (the timing, the cards named, the turn-up) and
partly under every reading (whether the seat holds an unscored seven of trumps, whether its
hand holds a court card). A declaration that breaks a rule scores nothing and marks nothing: a
seven taken down may be shown again on a later trick and scores once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from notation.cards import Card

from .card_tables import cards_text
from .combinations import COURT_RANKS
from .outcomes import DeclarationOutcome
from .reading import Claim, Reading
from .ways import Alternative, Fault

if TYPE_CHECKING:
    from .holding import Holding
    from .state import DealState
    from .violations import Violation


def _outcome(score: int, violations: list[Violation]) -> DeclarationOutcome:
    return DeclarationOutcome(score, violations)


def seven(
    state: DealState, seat: str, word: str, cards: Sequence[Card], claimed: int | None
) -> DeclarationOutcome:
    """The seven of trumps shown (``seven``) or exchanged for the turn-up (``exchange``)."""
    rules = state.rules
    out: list[Violation] = []
    value = rules.seven_value
    if value is None:
        out.append(
            state.violation(
                "A412", "decl.seven", seat, f"the seven of trumps does not score in {rules.name}"
            )
        )
        return _outcome(0, out)
    if state.trump is None:
        out.append(
            state.violation(
                "A412",
                "decl.seven",
                seat,
                "no trump suit is made yet: no card is the seven of trumps",
            )
        )
        return _outcome(0, out)
    trump_seven = Card("7", state.trump)
    if any(card != trump_seven for card in cards):
        out.append(
            state.violation(
                "A413",
                "decl.seven",
                seat,
                f"{cards_text(cards)} is not the seven of trumps {trump_seven}",
            )
        )
    timing = state.timing(seat, "A413")
    if timing is not None:
        out.append(timing)
    elif rules.seven_counts_as_declaration and state.scored_this_trick:
        out.append(
            state.violation(
                "A404",
                "decl.one-per-trick",
                seat,
                "the seven and another declaration for one trick",
            )
        )
    exchange = word == "exchange"
    can_swap = True
    if exchange and (not rules.seven_exchange or not state.turnup_present):
        out.append(
            state.violation("A413", "decl.seven", seat, "no turn-up left to exchange the seven for")
        )
        can_swap = False
    sound = not any(v.code != "A411" for v in out)
    for reading in state.readings.items:
        reading.last_claim = None
    old = state.stock[0] if exchange and can_swap else None
    old_marked = state.turnup_marked

    def ways(reading: Reading) -> list[Alternative[str]]:
        holding = reading.holdings[seat]
        held = holding.hand.get(trump_seven, 0) + len(holding.tabled(trump_seven))
        if held > holding.seven_marked:
            return [Alternative("held")]
        if holding.unknown and reading.can_exist(trump_seven, state.copies):
            return [Alternative("unseen")]
        message = (
            f"holds no {trump_seven}" if held == 0 else f"has already scored the {trump_seven} held"
        )
        return [Alternative("none", [Fault("A413", "decl.seven", message)])]

    def apply(reading: Reading, how: str) -> None:
        holding = reading.holdings[seat]
        if how == "none":
            return
        if how == "unseen":
            holding.unseen_out(trump_seven)
            reading.reveal(trump_seven)
            holding.give(trump_seven)
        if exchange and can_swap:
            if holding.hand.get(trump_seven, 0):
                holding.take(trump_seven)
            else:
                holding.table.remove(holding.tabled(trump_seven)[0])
            if old is not None:
                holding.give(old)
                if old_marked:
                    holding.seven_marked += 1
            else:
                holding.unknown += 1
        elif not exchange:
            # scored, or standing until taken down (hoffmann-1909 law 50)
            holding.seven_marked += 1
            reading.last_claim = Claim(seat, [], None, None)

    state.read_ways(ways, apply)
    out.extend(state.settle(seat))
    held = 0 not in state.parts_at_fault
    if exchange and can_swap and held:
        state.stock[0] = trump_seven
        state.turnup = trump_seven
        state.turnup_marked = sound
    if claimed is not None and claimed != value:
        out.append(
            state.violation(
                "A411", "decl.score", seat, f"the seven of trumps scores {value}, not {claimed}"
            )
        )
    if rules.seven_counts_as_declaration and timing is None:
        state.scored_this_trick += 1
    score = value if sound and held else 0
    state.melds[seat] += score
    swapped = (trump_seven, old, old_marked) if exchange and can_swap and held else None
    state.declared_seven(seat, score, held and not exchange, swapped)
    return _outcome(score, out)


def held_at_carte_blanche(holding: Holding, cards: Iterable[Card], verb: str) -> list[Fault]:
    """A410 when the kings, queens and jacks among ``cards``, taken from the seat's unseen
    cards, must include one a carte blanche he showed bound plain (:meth:`Holding.plain`):
    it was held when he showed it, and the showing (``Fault.showing``) was false."""
    if not holding.plain:
        return []
    courts = [card for card in cards if card.rank in COURT_RANKS]
    broken = holding.court_breaks(len(courts)) if courts else None
    if broken is None:
        return []
    message = f"{verb} {courts[0]}, which he held when he showed carte blanche"
    return [Fault("A410", "decl.carte-blanche-court", message, showing=broken)]


def carte_blanche(
    state: DealState, seat: str, cards: Sequence[Card], claimed: int | None
) -> DeclarationOutcome:
    """Carte blanche: a hand dealt without king, queen or jack (hoffmann-1909 laws 15-16), and
    again for each plain card drawn after it until a court card comes."""
    rules = state.rules
    out: list[Violation] = []
    value = rules.carte_blanche
    if value is None:
        out.append(
            state.violation(
                "A412", "decl.carte-blanche", seat, f"carte blanche does not score in {rules.name}"
            )
        )
        return _outcome(0, out)
    repeat = state.cb_active[seat]
    broken = state.cb_broken.get(seat)
    ready = rules.carte_blanche_repeats and state.cb_ready[seat]
    if repeat:
        if not ready:
            out.append(
                state.violation(
                    "A409",
                    "decl.carte-blanche",
                    seat,
                    "carte blanche again without a plain card just drawn",
                )
            )
    elif broken is not None:
        out.append(
            state.violation(
                "A409",
                "decl.carte-blanche",
                seat,
                f"carte blanche again after drawing {broken}, a court card, which ends it",
            )
        )
    elif seat in state.cb_false:
        # hoffmann-1909, law 16 repeats a carte blanche only for a player who "has declared
        # carte blanche"; his first held a court card: one fault, not a second A410 for it
        out.append(
            state.violation(
                "A409",
                "decl.carte-blanche",
                seat,
                "carte blanche again, though the first one shown held a court card: none is "
                "repeated",
            )
        )
        state.cb_ready[seat] = False
        return _outcome(0, out)
    elif state.played[seat] or state.drawn or state.tricks_played:
        out.append(
            state.violation(
                "A409", "decl.carte-blanche", seat, "carte blanche claimed after a card was played"
            )
        )
    shown_courts = [c for c in cards if c.rank in COURT_RANKS]
    # the court card drawn that ended carte blanche, shown again, is the one A409 names
    if shown_courts and not (broken is not None and set(shown_courts) == {broken}):
        out.append(
            state.violation(
                "A410", "decl.carte-blanche-court", seat, f"carte blanche showing {shown_courts[0]}"
            )
        )
    if broken is None and (ready or not repeat):
        # a hand shown to hold no court card binds its unseen cards to be plain (the cards
        # held now, not those drawn later): one of them played or declared as a king, queen
        # or jack is A410 then (Holding.court_breaks)
        shown: dict[Card, int] = {}
        for card in cards:
            shown[card] = shown.get(card, 0) + 1
        # the showings that may stand, one bound each (the replay counts the same ones)
        standing = not shown_courts and not any(v.code == "A409" for v in out)

        copies = state.copies
        untimely = any(v.code == "A409" for v in out)

        def ways(reading: Reading) -> list[Alternative[None]]:
            if shown_courts:
                return [Alternative(None)]  # one fault: the court shown is A410 already
            holding = reading.holdings[seat]
            hand = holding.hand
            missing = [
                card
                for card, count in shown.items()
                if count - hand.get(card, 0) > reading.unseen_room(card, holding.unknown, copies)
            ]
            if missing and not untimely:  # a carte blanche out of time is A409 alone
                # a card shown that the player cannot hold (named in the hand, or every copy
                # elsewhere): "on showing the card drawn" (hoffmann-1909, law 16)
                return [
                    Alternative(
                        None,
                        [
                            Fault(
                                "A401",
                                "decl.shown",
                                f"carte blanche showing {cards_text(missing)}: cards not held",
                            )
                        ],
                    )
                ]
            courts = sorted((c for c in hand if c.rank in COURT_RANKS), key=str)
            if courts:
                return [
                    Alternative(
                        None,
                        [
                            Fault(
                                "A410",
                                "decl.carte-blanche-court",
                                f"carte blanche holding {courts[0]}",
                            )
                        ],
                    )
                ]
            return [Alternative(None)]

        def apply(reading: Reading, _way: None) -> None:
            holding = reading.holdings[seat]
            for card, count in shown.items():
                more = min(
                    count - holding.hand.get(card, 0),
                    reading.unseen_room(card, holding.unknown, copies),
                )
                if more > 0:
                    for _ in range(more):
                        holding.unseen_out(card, drawn=repeat)
                        reading.reveal(card)
                    holding.hand[card] = holding.hand.get(card, 0) + more
            if standing and not any(c.rank in COURT_RANKS for c in holding.hand):
                holding.plain = (*holding.plain, holding.unknown)

        state.read_ways(ways, apply)
        out.extend(state.settle(seat))
    if claimed is not None and claimed != value:
        out.append(
            state.violation(
                "A411", "decl.score", seat, f"carte blanche scores {value}, not {claimed}"
            )
        )
    state.cb_ready[seat] = False
    if any(v.code == "A410" for v in out):
        state.cb_false.add(seat)
    if any(v.code in ("A409", "A410") for v in out):
        return _outcome(0, out)
    state.cb_active[seat] = True
    if not repeat and not rules.carte_blanche_aces:
        state.cb_block[seat] = True
    state.melds[seat] += value
    return _outcome(value, out)


def last_trick(state: DealState, seat: str, claimed: int | None) -> DeclarationOutcome:
    """The score for the last trick, which the engine counts when the trick is won."""
    out: list[Violation] = []
    value = state.rules.last_trick
    if state.phase != "over" or state.last_winner != seat:
        out.append(
            state.violation(
                "S505", "play.last-trick", seat, "claims the last trick without having won it"
            )
        )
        return _outcome(0, out)
    if claimed is not None and claimed != value:
        out.append(
            state.violation(
                "S505", "play.last-trick", seat, f"the last trick scores {value}, not {claimed}"
            )
        )
    return _outcome(value, out)
