"""Turning a replay into an analysis: every strict play valued by the exact solver.

:func:`analyse` reads a :class:`~validator.replay.Replay` (it never replays the record again),
finds each deal's strict phase (:mod:`validator.analysis.strict_phase`), and asks
:class:`~validator.engine.solver.EndingSolver` for the value of every card the seat to play
could have played at each of its plays: the value of the card played, the best value, the
loss, the best cards, and a best line from the first mistake. Losses earn ``?`` or ``??``
from the game's thresholds (:mod:`validator.analysis.thresholds`).
"""

from __future__ import annotations

from dataclasses import replace

from notation.model import Deal, Record
from validator.engine import RuleSet
from validator.engine.ending import Ending
from validator.engine.solver import EndingSolver, Solution, SolverError
from validator.replay import DealReplay, Replay

from .results import DealAnalysis, PlayAnalysis, RecordAnalysis
from .strict_phase import StrictPhase, StrictPlay, find_strict_phase
from .thresholds import Thresholds, thresholds_for


def ruleset_of(replay: Replay) -> RuleSet:
    """The rule set a record is replayed under by default: its Variant, its laws' rules of play
    and its HouseRules, through the replay's own resolver (:func:`validator.replay.resolve`),
    so that the two cannot disagree. A replay made under another rule set (``replay(record,
    ruleset=...)``) is analysed by giving that rule set to :func:`analyse`."""
    from validator.replay import resolve

    return resolve(replay.record).rules


def analyse(replay: Replay, rules: RuleSet | None = None) -> RecordAnalysis:
    """Analyse the strict phase of every deal of ``replay``.

    ``rules`` defaults to the rule set the replay was made under (:func:`ruleset_of`).
    Nothing here raises on a record that cannot be analysed: each deal says why.
    """
    record: Record = replay.record
    if rules is None:
        rules = ruleset_of(replay)
    thresholds = thresholds_for(rules)
    deals = []
    for index, replayed in enumerate(replay.deals):
        deal = _record_deal(record, index, replayed.number)
        if deal is None:
            deals.append(DealAnalysis(replayed.number, reason="the deal is not in the record"))
            continue
        deals.append(
            analyse_deal(rules, find_strict_phase(rules, deal, replayed), thresholds, replayed)
        )
    return RecordAnalysis(
        source=replay.source,
        variant=replay.variant,
        thresholds=thresholds.to_dict(),
        deals=tuple(deals),
        findings=len(replay.all_findings()),
    )


def _record_deal(record: Record, index: int, number: int) -> Deal | None:
    """The record's deal a replayed deal was made from: at the same place, else by number."""
    if index < len(record.deals) and record.deals[index].number == number:
        return record.deals[index]
    return next((deal for deal in record.deals if deal.number == number), None)


def analyse_deal(
    rules: RuleSet, phase: StrictPhase, thresholds: Thresholds, replayed: DealReplay
) -> DealAnalysis:
    """The analysis of one deal's strict phase (see :func:`analyse`)."""
    number = replayed.number
    start = phase.start
    if start is None:
        return DealAnalysis(number, reason=phase.reason)
    solver = EndingSolver(rules)
    try:
        values = {seat: solver.value(start, seat) for seat in start.seats}
        result = DealAnalysis(
            number,
            kind=solver.valuation(start).kind,
            first_trick=phase.first_trick,
            leader=start.leader,
            trump=start.trump,
            values=values,
            line=solver.line(start),
        )
        return _plays(solver, phase, start, thresholds, result)
    except SolverError as exc:
        return DealAnalysis(number, reason=str(exc))


def _plays(
    solver: EndingSolver,
    phase: StrictPhase,
    start: Ending,
    thresholds: Thresholds,
    result: DealAnalysis,
) -> DealAnalysis:
    position = start
    plays: list[PlayAnalysis] = []
    first_mistake: int | None = None
    mistake_line = result.mistake_line
    stopped: str | None = None
    all_legal = True
    for play in phase.plays:
        if position.over or position.to_play != play.seat:
            stopped = (
                f"trick {play.trick}: {play.seat} plays {play.card}, but "
                + ("the deal is over" if position.over else f"{position.to_play} is to play")
                + "; the analysis stops there"
            )
            break
        if play.card not in position.hand(play.seat):
            stopped = (
                f"trick {play.trick}: {play.seat} plays {play.card}, which is not in his hand "
                "there; the analysis stops there"
            )
            break
        if play.card not in position.legal():
            all_legal = False
            plays.append(_judged(play, None))
            position = position.after(play.card, strict=False)
            continue
        solution = solver.solve(position)
        judged = _judged(play, solution, thresholds)
        if judged.loss and first_mistake is None:
            first_mistake = len(plays)
            mistake_line = solver.line(position)
        plays.append(judged)
        position = position.after(play.card)
    played = None
    if position.over and all_legal and stopped is None:
        played = {seat: solver.value(position, seat) for seat in position.seats}
    return replace(
        result,
        plays=tuple(plays),
        first_mistake=first_mistake,
        mistake_line=mistake_line,
        played=played,
        stopped=stopped,
        nodes=solver.nodes,
    )


def _judged(
    play: StrictPlay, solution: Solution | None, thresholds: Thresholds | None = None
) -> PlayAnalysis:
    """A play judged by the solution of the position it was made in (None: a revoke)."""
    if solution is None:
        return PlayAnalysis(
            play.seat,
            play.card,
            play.trick,
            play.trick_index,
            play.play_index,
            legal=False,
            value=None,
            best_value=None,
            loss=None,
            best=(),
            values={},
            glyph=None,
        )
    loss = solution.loss(play.card)
    return PlayAnalysis(
        play.seat,
        play.card,
        play.trick,
        play.trick_index,
        play.play_index,
        legal=True,
        value=solution.values[play.card],
        best_value=solution.value,
        loss=loss,
        best=solution.best,
        values=dict(solution.values),
        glyph=thresholds.glyph(loss) if loss and thresholds is not None else None,
    )
