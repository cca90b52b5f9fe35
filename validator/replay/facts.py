"""The facts of a raw finding that the laws rule on (a :class:`~validator.laws.RemedyContext`).

The walker asks for them in the middle of a deal (whether a false declaration comes down at
once, whether a forgotten draw lets the player draw two), the marks when a ``^elect`` looks for
the finding it chooses for, and the rulings once the deal is over. They live below all three,
so that none of them imports another to reach them: the deal is read through
:class:`WalkedDeal`, the parts of :class:`~validator.replay.walker.DealWalker` they need.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from notation.model import Deal
from validator.engine import DealState, RuleSet
from validator.laws import RemedyContext
from validator.replay.context import RecordContext
from validator.replay.raw import RawFinding


class WalkedDeal(Protocol):
    """A deal being walked, as its findings' facts read it (the walker is one)."""

    ctx: RecordContext
    deal: Deal
    rules: RuleSet
    state: DealState
    pone: str
    strict_brisques: dict[str, int] | None
    """Each seat's brisques when the strict play began (``None`` before it)."""
    outcome: Any
    """The engine's outcome of the deal, once it is over."""
    overheld: dict[str, int]
    """Each seat's latest play made holding more than the hand size, by event number."""
    raw: list[RawFinding]
    """The deal's findings so far (all of them, once it is over)."""


def provisional_context(walker: WalkedDeal, raw: RawFinding) -> RemedyContext:
    """The facts of ``raw`` as they stand now, in the middle of the deal (for elections)."""
    return _context(walker, raw, dict(walker.state.brisques), None)


def context_for(walker: WalkedDeal, raw: RawFinding) -> RemedyContext:
    """The facts of ``raw`` the laws need, once the deal is over."""
    outcome = walker.outcome
    return _context(walker, raw, outcome.brisques, outcome.last_trick_winner)


def kept_card(walker: WalkedDeal, raw: RawFinding) -> bool:
    """Whether ``raw``, two cards drawn (W302), is a second card kept: its drawer played a card
    after the draw holding more than the hand size.

    "If he has not seen it, he may put it back without penalty" (rubicon-bezique-laws.txt,
    Irregularities in Drawing): the record has no way to write a card put back, so a card kept
    shows in the play, the player holding more than his hand when he plays to a later trick.
    Then he plays "with more than nine cards" (Portland law 17), and the laws rule it as too
    many cards (the case ``kept``).
    """
    if raw.code != "W302" or raw.seat is None:
        return False
    return walker.overheld.get(raw.seat, -1) > raw.event


def other_hand(walker: WalkedDeal, raw: RawFinding) -> str:
    """For a draw forgotten (W301) or a second card drawn (W302) in a two-handed deal, how the
    adversary's hand ended: ``short`` when he forgot more draws than he made good with a
    second card, ``over`` when he kept a second card (:func:`kept_card`), else ``right``. Both
    players short, or one short and one over, are cases of their own (Portland laws 20, 21;
    rubicon-bezique-laws.txt, Irregularities in Play)."""
    seats = walker.ctx.seats
    if raw.code not in ("W301", "W302") or raw.seat is None or len(seats) != 2:
        return "right"
    other = walker.ctx.next_seat(raw.seat)
    forgot = sum(1 for r in walker.raw if r.seat == other and r.code == "W301")
    second = [r for r in walker.raw if r.seat == other and r.code == "W302"]
    if any(kept_card(walker, r) for r in second):
        return "over"
    return "short" if forgot > len(second) else "right"


def _context(
    walker: WalkedDeal,
    raw: RawFinding,
    final_brisques: Mapping[str, int],
    last_trick_winner: str | None,
) -> RemedyContext:
    ctx = walker.ctx
    seats = ctx.seats
    dealer = walker.deal.dealer
    offender = raw.seat
    adversary = None
    if offender is not None and offender in seats:
        adversary = ctx.next_seat(offender)
        if len(seats) > 2 and raw.elected_by in seats and raw.elected_by != offender:
            # three players: the adversary is the one who found the fault and elects
            # (enquire-within-1894-forfeits.txt 122: "A player discovering his opponent ...")
            adversary = raw.elected_by
    elif raw.code.startswith("D"):
        # A fault of the pack or the cut with no one at fault: the dealer deals again,
        # the pone holds any option.
        offender = None
        adversary = walker.pone
    since = 0
    if offender is not None:
        since = final_brisques.get(offender, 0) - raw.brisques.get(offender, 0)
    strict: dict[str, int] = {}
    if walker.strict_brisques is not None:
        strict = {s: final_brisques.get(s, 0) - walker.strict_brisques.get(s, 0) for s in seats}
    kept = kept_card(walker, raw)
    dealer_played = raw.dealer_played
    if raw.header:
        # a fault of the hands as dealt that no mark reports: found when the deal was over (a
        # ^too-many or ^too-few mark is its discovery: the marks then clear ``header``)
        dealer_played = walker.state.played[dealer] > 0
    rules = walker.rules
    pone = walker.pone
    if len(seats) > 2 and raw.elected_by in seats and raw.elected_by != dealer:
        # three players: either of the dealer's adversaries may be the one who found the
        # fault and elects, as for the adversary above (rule laws.elections)
        pone = raw.elected_by
    return RemedyContext(
        offender=offender,
        adversary=adversary,
        dealer=dealer,
        pone=pone,
        scores=raw.scores,
        # a card kept is found when the deal is over, not at the trick it was drawn
        trick=None if kept else raw.fault_trick if raw.fault_trick is not None else raw.trick,
        dealer_played=dealer_played,
        election=raw.election,
        elected_by=raw.elected_by,
        challenge=raw.challenge,  # type: ignore[arg-type]
        claimed=raw.claimed,
        correct=raw.correct,
        seen=raw.seen,
        both=raw.both,
        pack_redundant=raw.code == "D109",
        stock_named=raw.stock_named,
        carried=raw.carried,
        kept=kept,
        other_hand=other_hand(walker, raw),
        variant=rules.name,
        game=ctx.game,
        last_trick_value=rules.last_trick,
        last_trick_winner=last_trick_winner,
        brisques_since=since,
        strict_brisques=strict,
        cards=raw.cards,
        called=raw.called,
    )
