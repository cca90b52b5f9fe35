"""A deal's rulings: each raw finding's facts, its remedy under the laws, and the corrected deal.

Once a deal is walked, every raw finding is put to the laws with the facts of its case
(:func:`validator.replay.facts.context_for`); the remedies' corrections go to the settlement
(:func:`validator.engine.settlement.correct_deal`), which does all the arithmetic, and the deal
becomes a :class:`~validator.replay.DealReplay` with its findings and settlement, and a
:class:`DealDetail` for the ruling of a dispute.
"""

from __future__ import annotations

from dataclasses import dataclass

from validator.engine.settlement import (
    CorrectedDeal,
    Correction,
    DealSettlement,
    SettlementRules,
    correct_deal,
)
from validator.replay.facts import context_for
from validator.replay.model import DealReplay, Finding, Location, Remedy, Step
from validator.replay.raw import RawFinding, StepDraft
from validator.replay.walker import DealWalker

MISDEALS = ("D105", "D106")
"""Hands dealt wrong: before the dealer plays, the dealer is at fault (a misdeal)."""


@dataclass(frozen=True, slots=True)
class DealDetail:
    """What the adjudicator needs beyond the :class:`~validator.replay.Replay`: the deal's
    scores as marked at the table, the corrected deal (also for a deal left unfinished, which
    has no settlement), and every option of every election, each ruled on."""

    number: int
    marked: dict[str, int]
    """The deal's scores as marked at the table (every claim at the value claimed), as a record
    writes a deal's score (with the brisques in a game to a target)."""
    brisques: dict[str, int]
    corrected: CorrectedDeal
    complete: bool
    last_trick_winner: str | None
    rulings: tuple[str, ...]
    options: tuple[tuple[Remedy, ...], ...]
    """For each finding of the deal, in order: one remedy per option its law gives."""
    option_settlements: tuple[tuple[DealSettlement | None, ...], ...] = ()
    """For each finding whose election the record does not state, in order (empty for the
    others): the deal's settlement were each option chosen (None: void or unsettled)."""


def remedies(walker: DealWalker) -> list[Remedy | None]:
    """Each raw finding's remedy; one declaration's score is taken down once only.

    A declaration can break several rules at once (scored without winning the trick *and*
    at a wrong value): the score comes down once, and a correction of its value (A411) is
    moot when the score itself comes down.
    """
    ctx = walker.ctx
    out: list[Remedy | None] = []
    taken: dict[tuple[int, str | None], int] = {}
    for raw in walker.raw:
        remedy = ctx.rule(raw.code, context_for(walker, raw))
        if remedy is not None and raw.code.startswith("A") and raw.seat is not None:
            key = (raw.event, raw.seat)
            down = -min(0, remedy.score_changes.get(raw.seat, 0))
            if down and key in taken:
                remedy = remedy.without_points_for(raw.seat, "the score is already taken down")
            elif down:
                taken[key] = down
        out.append(remedy)
    # A draw out of turn that took the card of a player who then played on without drawing:
    # the card cannot be restored to him (his missing card is W301's), so the draw stands.
    forgot = [(r.seat, r.trick) for r in walker.raw if r.code == "W301"]
    for index, raw in enumerate(walker.raw):
        remedy = out[index]
        if raw.code != "W303" or remedy is None or raw.trick is None:
            continue
        short = next(
            (
                seat
                for seat, trick in forgot
                if seat != raw.seat and trick is not None and 0 <= trick - raw.trick <= 1
            ),
            None,
        )
        if short is not None:
            out[index] = remedy.moot(
                f"{short} played to the next trick without drawing, so the card drawn stays "
                f"with {raw.seat}; W301 rules on {short}'s missing card"
            )
    # Portland law 55: the card played in error "and all cards subsequently played" are taken
    # up; a later error among them is taken up with them.
    replays = [r.replay_from_trick for r in out if r is not None and r.replay_from_trick]
    first = min(replays, default=None)
    for index, remedy in enumerate(out):
        trick = remedy.replay_from_trick if remedy is not None else None
        if remedy is not None and trick is not None and first is not None and trick > first:
            out[index] = remedy.without_replay(
                f"the cards of trick {trick} are among those taken up and replayed from "
                f"trick {first}"
            )
    for index, raw in enumerate(walker.raw):
        remedy = out[index]
        if (
            raw.code == "A411"
            and remedy is not None
            and (raw.event, raw.seat) in taken
            and remedy.score_changes.get(raw.seat or "", 0) >= 0
        ):
            out[index] = remedy.without_points_for(raw.seat, "the whole score is taken down")
    return out


def at_fault(walker: DealWalker, raw: RawFinding) -> str | None:
    """The seat a finding names as at fault: for a hand dealt wrong and found before the
    dealer played, the dealer (a misdeal); otherwise the seat the fault is reported against."""
    if raw.code in MISDEALS and not context_for(walker, raw).dealer_played:
        return walker.deal.dealer
    return raw.seat


def rule_deal(walker: DealWalker) -> tuple[DealReplay, DealSettlement | None, DealDetail]:
    """The deal's findings with their remedies, its corrected scores and its settlement.

    The second value is the settlement the game counts (``None`` for a void or unsettled deal).
    """
    ctx = walker.ctx
    outcome = walker.outcome
    findings: list[Finding] = []
    given = remedies(walker)
    if any(r is not None and (r.abandon_game or r.void_deal) for r in given):
        # A game the laws abandon, or a deal they void, is not played out: its end is no fault.
        kept = [
            (raw, remedy)
            for raw, remedy in zip(walker.raw, given, strict=True)
            if not (raw.code == "P209" and raw.message.endswith("ends before every card is played"))
        ]
        walker.raw = [raw for raw, _ in kept]
        given = [remedy for _, remedy in kept]
    step_findings: dict[int, list[int]] = {}
    for raw, remedy in zip(walker.raw, given, strict=True):
        location = Location(ctx.source, raw.line, raw.column, walker.deal.number, raw.trick)
        step_findings.setdefault(raw.step, []).append(len(findings))
        findings.append(
            ctx.finding(raw.code, at_fault(walker, raw), raw.message, location, raw.rule, remedy)
        )
    notes = [f"Ruling at the table: {r}" for r in walker.rulings]
    corrections = [c for remedy in given if remedy is not None for c in remedy.corrections]
    if any(c.kind == "replay" for c in corrections):
        first = min(c.trick or 0 for c in corrections if c.kind == "replay")
        notes.append(
            f"The laws order play taken back and replayed from trick {first}; the record cannot "
            "show the replayed tricks, and those it shows from there on do not stand, so the "
            "deal is not settled from it: its result is the replay's."
        )
    parsed = walker.rules.settlement_rules
    rules = parsed if isinstance(parsed, SettlementRules) else SettlementRules()

    def settled(corrections: list[Correction], notes: list[str]) -> CorrectedDeal:
        return correct_deal(
            walker.marked_points,
            outcome.brisques,
            corrections,
            rules,
            last_trick=outcome.last_trick_winner,
            complete=outcome.complete and isinstance(parsed, SettlementRules),
            notes=notes,
        )

    corrected = settled(corrections, notes)
    options = tuple(guarded_options(walker, raw) for raw in walker.raw)
    by_option: list[tuple[DealSettlement | None, ...]] = []
    for index, remedy in enumerate(given):
        if remedy is None or remedy.elected is not None or not options[index]:
            by_option.append(())
            continue
        others = [
            c for j, r in enumerate(given) if r is not None and j != index for c in r.corrections
        ]
        by_option.append(
            tuple(
                None if deal.void else deal.settlement
                for deal in (settled([*others, *o.corrections], []) for o in options[index])
            )
        )
    steps: tuple[Step, ...] = ()
    if ctx.keep_steps:
        steps = tuple(
            _finish_step(i, draft, step_findings.get(i, ())) for i, draft in enumerate(walker.steps)
        )
    replayed = DealReplay(
        number=walker.deal.number,
        dealer=walker.deal.dealer,
        trump=outcome.trump,
        steps=steps,
        findings=tuple(findings),
        settlement=corrected.settlement,
    )
    detail = DealDetail(
        number=walker.deal.number,
        marked=dict(walker.marked),
        brisques=dict(outcome.brisques),
        corrected=corrected,
        complete=outcome.complete,
        last_trick_winner=outcome.last_trick_winner,
        rulings=tuple(walker.rulings),
        options=options,
        option_settlements=tuple(by_option),
    )
    counted = None if corrected.void else corrected.settlement
    return replayed, counted, detail


def guarded_options(walker: DealWalker, raw: RawFinding) -> tuple[Remedy, ...]:
    """Each option the laws give for ``raw``, ruled on (empty when none, or the laws fail)."""
    from validator.laws import LawsError

    try:
        return walker.ctx.laws.options(raw.code, context_for(walker, raw))
    except LawsError:
        return ()


def _finish_step(index: int, draft: StepDraft, findings: tuple[int, ...] | list[int]) -> Step:
    assert draft.state is not None
    hands, table, trick_cards, trump, turnup, stock, scores, brisques = draft.state
    return Step(
        index=index,
        kind=draft.kind,
        trick=draft.trick,
        seat=draft.seat,
        text=draft.text,
        hands=hands,
        table=table,
        trick_cards=trick_cards,
        trump=trump,
        turnup=turnup,
        stock=stock,
        scores=scores,
        brisques=brisques,
        comments=tuple(draft.comments),
        glyphs=draft.glyphs,
        findings=tuple(findings),
        line=draft.line,
        card=draft.card,
        variations=tuple(draft.variations),
    )
