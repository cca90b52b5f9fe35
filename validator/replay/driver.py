"""The replay of a record: every deal walked once, ruled, settled, and the record's claims checked.

:func:`replay` resolves the record's rules of play and laws (:mod:`validator.replay.resolver`),
walks each deal (:class:`~validator.replay.walker.DealWalker`, which
:mod:`validator.replay.marks` reads the marks for, and then finds the hands of the wrong size
no mark reported, :func:`~validator.replay.marks.counts_at_end`), rules on its findings
(:mod:`validator.replay.rulings`), settles the game on the corrected scores and checks the
running totals and the Result tag. :func:`replay_with_details` gives, besides the
:class:`Replay`, what a ruling needs (scores as marked and as corrected for every deal,
finished or not, and each election's options ruled on). Nothing here raises on a bad record:
every problem is a finding.

The figures a record writes have one meaning (rule ``irreg.claims``): a deal's ``score`` line
and its running ``total`` are the scores **as marked at the table**, every score the record
shows at the value claimed (S501, S504); the ``Result`` tag is the settlement of the scores
**as corrected** by the laws (S503, S507).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from notation.cards import Card
from notation.model import Deal, Record
from validator.engine import EngineError, RuleSet
from validator.engine.settlement import (
    DealSettlement,
    GameSettlement,
    SettlementError,
    SettlementRules,
    settle_game,
)
from validator.laws import Laws
from validator.replay import marks, record_checks
from validator.replay.context import RecordContext, column_of, line_of
from validator.replay.cut import cut_record, stops_in
from validator.replay.model import DealReplay, Finding, Location, Replay
from validator.replay.resolver import resolve
from validator.replay.rulings import DealDetail, rule_deal
from validator.replay.second_look import second_look
from validator.replay.walker import DealWalker

if TYPE_CHECKING:
    from validator.replay.observer import ReplayObserver


@dataclass(frozen=True, slots=True)
class ReplayDetails:
    """A :class:`Replay` and, for each deal replayed (in order), its :class:`DealDetail`; and
    the results the game would have under an election the record does not state, where one
    changes it."""

    replay: Replay
    deals: tuple[DealDetail, ...]
    result_options: tuple[ResultOption, ...] = ()


@dataclass(frozen=True, slots=True)
class ResultOption:
    """The game's result were one open election made: the deal (its number), the finding (its
    place among the deal's findings), the option and the result it gives."""

    deal: int
    finding: int
    option: str
    result: str


def replay(
    record: Record,
    *,
    ruleset: RuleSet | str | Path | None = None,
    laws: Laws | str | Path | None = None,
    play_laws: Laws | str | Path | None = None,
    source: str | None = None,
    steps: bool = True,
    observer: ReplayObserver | None = None,
    read_to: int | None = None,
) -> Replay:
    """Replay ``record`` under its rules of play and a code of laws; every view reads the result.

    The rules of play are the record's (its Variant, Laws and HouseRules tags); ``ruleset``
    replaces its Variant and ``play_laws`` its Laws tag. ``laws`` chooses the laws that rule on
    its irregularities (default: the laws it was played under) and never changes how the game
    is replayed. ``steps=False`` skips the per-step state that only the viewers need.
    ``observer`` is told of each deal and each event as the engine applies it
    (:class:`~validator.replay.observer.ReplayObserver`).

    ``read_to`` is for a record read only in part (read leniently, with faults): the last
    line read, before the first that could not be. What comes after it is not replayed, and
    the record is taken to stop there unread (:mod:`validator.replay.cut`): the deal it stops
    in is not over (no "ends before every card is played", no score to check), the game is
    not settled and its Result tag is not checked; the deals before it are checked whole.
    """
    return replay_with_details(
        record,
        ruleset=ruleset,
        laws=laws,
        play_laws=play_laws,
        source=source,
        steps=steps,
        observer=observer,
        read_to=read_to,
    ).replay


def replay_with_details(
    record: Record,
    *,
    ruleset: RuleSet | str | Path | None = None,
    laws: Laws | str | Path | None = None,
    play_laws: Laws | str | Path | None = None,
    source: str | None = None,
    steps: bool = True,
    observer: ReplayObserver | None = None,
    read_to: int | None = None,
) -> ReplayDetails:
    """:func:`replay`, keeping what the ruling of a dispute needs besides (``bezique
    adjudicate``): one walk of the record gives both."""
    source = source if source is not None else record.source
    stops: Deal | None = None
    tags_whole = True
    if read_to is not None:
        # the tags all come before the first deal: they are whole when a deal line was read
        tags_whole = any((line_of(deal.pos) or 0) <= read_to for deal in record.deals)
        record = cut_record(record, read_to)
        stops = stops_in(record)
    resolved = resolve(record, ruleset=ruleset, laws=laws, play_laws=play_laws, source=source)
    rules = resolved.rules
    problems = list(zip(resolved.problems, resolved.problem_tags, strict=True))
    seats = _resolve_seats(record, rules, problems)
    if not tags_whole:
        problems = []  # a tag after the cut might have named other rules or seats
    ctx = RecordContext(
        record, rules, resolved.laws, resolved.play_laws, seats, source, steps, observer
    )
    record_findings: list[Finding] = []
    for message, name in problems:
        # at the tag the problem is about; for a tag the record lacks, at its first tag (the
        # tags it is missing from), else at the record's start
        tag = next((t for t in record.tags if t.name == name), None)
        if tag is None and name is not None and record.tags:
            tag = record.tags[0]
        pos = record.pos if tag is None else tag.pos
        where = Location(source, line_of(pos), column_of(pos))
        record_findings.append(
            ctx.finding("R001", None, message, where, remedy=ctx.record_remedy("R001", None))
        )
    unread = resolved.unread and tags_whole
    if tags_whole and not unread:
        record_findings.extend(record_checks.record_findings(ctx, record))
    deals: list[DealReplay] = []
    details: list[DealDetail] = []
    results: list[tuple[Deal, DealSettlement, DealDetail]] = []
    parsed = rules.settlement_rules
    alternates = isinstance(parsed, SettlementRules) and parsed.kind == "target"
    expected: str | None = None
    for index, deal in enumerate(() if unread else record.deals):
        try:
            walker = _walker(ctx, deal, index, expected, deal is stops, {}, True)
        except EngineError as exc:
            record_findings.append(
                ctx.finding(
                    "R001",
                    None,
                    f"deal {deal.number} cannot be replayed: {exc}",
                    Location(source, line_of(deal.pos), column_of(deal.pos), deal.number),
                )
            )
            expected = None
            continue
        walker.run()
        if _guessed_wrong(walker):
            # a reading holding a card its seat never plays was dropped, and the walk reports
            # something: it is walked again with every reading (validator.engine.plays_ahead)
            walker = _walker(ctx, deal, index, expected, deal is stops, {}, False)
            walker.run()
        if (walker.overcounted is not None or walker.short is not None) and walker.suspects:
            walker = second_look(
                walker, partial(_walker, ctx, deal, index, expected, deal is stops)
            )
        marks.counts_at_end(walker)
        replayed, counted, detail = rule_deal(walker)
        deals.append(replayed)
        details.append(detail)
        if counted is not None and deal is not stops:
            results.append((deal, counted, detail))
        # In a game of several deals the deal passes in turn; a void deal is dealt again by the
        # same dealer (English and French laws: "A misdeal does not lose the deal") or by the
        # next (forfeits, 122: "a new deal, which passes to the other player"): the laws'
        # ``redeal``. Each Rubicon deal is a game of its own, dealt as the cut decides
        # (Portland law 6), so no order is checked there; but a misdeal is dealt again by the
        # same dealer, in the same game ("A misdeal does not lose the deal", Misdealing).
        # A deal by the wrong seat that stands: the turn goes on from it (rule
        # irreg.wrong-dealer), so the seat passed over deals next.
        expected = None
        if alternates and deal.dealer in seats:
            void = detail.corrected.void
            same = void and ctx.laws.redeal == "same"
            expected = deal.dealer if same else ctx.next_seat(deal.dealer)
        elif not alternates and deal.dealer in seats and _misdealt(replayed):
            expected = deal.dealer
    result_options: tuple[ResultOption, ...] = ()
    if read_to is None and not unread:
        game, result_options = _settle_game(ctx, record, results, record_findings)
    else:
        game = None  # the record stops unread: its game is not known to be over
        if alternates and results:
            _check_totals(ctx, results, record_findings)
    players = {t.name: t.value for t in record.tags if t.name in seats}
    replayed_record = Replay(
        record=record,
        source=source,
        variant=rules.name,
        laws=resolved.laws.name,
        seats=seats,
        players=players,
        tags={t.name: t.value for t in record.tags},
        deals=tuple(deals),
        findings=tuple(record_findings),
        game=game,
    )
    return ReplayDetails(replayed_record, tuple(details), result_options)


def _walker(
    ctx: RecordContext,
    deal: Deal,
    index: int,
    expected: str | None,
    stops: bool,
    withheld: Mapping[int, frozenset[Card]],
    plays_ahead: bool = False,
) -> DealWalker:
    """A walker of the deal; one reading the events of ``withheld`` so is a second look at it
    (:mod:`validator.replay.second_look`). ``plays_ahead``: readings holding a card their seat
    never plays are dropped (:mod:`validator.engine.plays_ahead`), a guess that the deal is
    legal, which :func:`_guessed_wrong` checks; not with an observer, who would be told the
    deal twice when the guess fails."""
    return DealWalker(
        ctx,
        deal,
        index,
        expected,
        mark_reader=marks,
        stops=stops,
        withheld=withheld,
        plays_ahead=plays_ahead and ctx.observer is None,
    )


def _guessed_wrong(walker: DealWalker) -> bool:
    """Whether the walk dropped a reading holding a card its seat never plays and reports
    something (a finding, or a contradiction for the second look): the full search may read
    the deal otherwise, so it is walked again without dropping any.

    A walk that reports nothing is kept: the full search would report nothing either. Nor is
    one that reports only that the bound was reached (R002): the full search would reach it
    no later. Of the readings the full search keeps, this walk keeps those that do not hold a
    card their seat never plays; a reading that another allows everything of knows every card
    that other knows (the other may hold it unseen), so the full search drops no reading of
    this walk's for a reading this walk dropped. So this walk holds no more readings, examines
    no more ways and compares no more pairs than the full search, and is cut at the same trick
    or later (``docs/engine.md``, "Plays ahead", says the one reservation)."""
    ahead = walker.state.readings.ahead
    if ahead is None or not ahead.dropped:
        return False
    if walker.contradictions or walker.overcounted is not None:
        return True  # a second look starts from the full search's walk
    return any(raw.code != "R002" for raw in walker.raw)


def _resolve_seats(
    record: Record, rules: RuleSet, problems: list[tuple[str, str | None]]
) -> tuple[str, ...]:
    seats = record.seats
    default = tuple("ABCD"[: rules.players])
    if len(seats) == rules.players or set(seats) <= set(default):
        # A record may name fewer seats than play (a fragment where one seat never shows).
        return seats if len(seats) == rules.players else default
    if seats:
        problems.append(
            (
                f"the record names seats {', '.join(seats)} but {rules.title} is for "
                f"{rules.players} players: seats {', '.join(default)} assumed",
                None,
            )
        )
    return default


def _settle_game(
    ctx: RecordContext,
    record: Record,
    results: list[tuple[Deal, DealSettlement, DealDetail]],
    findings: list[Finding],
) -> tuple[GameSettlement | None, tuple[ResultOption, ...]]:
    parsed = ctx.rules.settlement_rules
    if not isinstance(parsed, SettlementRules):
        return None, ()
    if not results:
        _check_result_without_game(ctx, record, findings)
        return None, ()
    target_tag = record.tag("Target")
    target = int(target_tag) if target_tag and target_tag.strip().isdigit() else None
    try:
        game = settle_game([r for _, r, _ in results], parsed, target=target)
    except SettlementError as exc:
        findings.append(
            ctx.finding("R001", None, f"the game cannot be settled: {exc}", Location(ctx.source))
        )
        return None, ()
    options = _result_options(results, parsed, target, game)
    if parsed.kind == "target":
        _check_totals(ctx, results, findings)
    if game.extra_deals and game.ended_after is not None:
        # a deal after the game is over is no part of it ("Deals are played until somebody
        # crosses the line", bezique-guide.txt, Ending): most often a slip in the Target tag
        first = results[game.ended_after][0]
        findings.append(
            ctx.finding(
                "R001",
                None,
                f"{game.extra_deals} deal(s) from deal {first.number} on are recorded after the "
                f"game was over (deal {results[game.ended_after - 1][0].number} ended it, target "
                f"{target if target is not None else parsed.target}, result {game.result}): "
                "they are not counted",
                Location(ctx.source, line_of(first.pos), column_of(first.pos), first.number),
                remedy=ctx.record_remedy("R001", None),
            )
        )
    _check_result(ctx, record, game, findings, options)
    return game, options


def _result_options(
    results: list[tuple[Deal, DealSettlement, DealDetail]],
    rules: SettlementRules,
    target: int | None,
    game: GameSettlement,
) -> tuple[ResultOption, ...]:
    """The results the game would have under each election the record does not state, one
    election at a time, where one differs from the result as ruled."""
    out: list[ResultOption] = []
    settled = [settlement for _, settlement, _ in results]
    for index, (deal, settlement, detail) in enumerate(results):
        for at, per_option in enumerate(detail.option_settlements):
            if not per_option:
                continue  # no election open there
            for option, other in zip(detail.options[at], per_option, strict=True):
                if other is None or other == settlement:
                    continue
                try:
                    alt = settle_game(
                        [*settled[:index], other, *settled[index + 1 :]], rules, target=target
                    )
                except SettlementError:
                    continue
                if alt.result != game.result:
                    out.append(ResultOption(deal.number, at, option.elected or "", alt.result))
    return tuple(out)


def _misdealt(deal: DealReplay) -> bool:
    """Whether the laws void ``deal`` for a fault of the dealing (a D finding): a misdeal,
    dealt again by the same dealer (rubicon-bezique-laws.txt and foster-1914-ordinary-bezique.txt,
    Misdealing: "A misdeal does not lose the deal")."""
    return any(
        f.code.startswith("D") and f.remedy is not None and f.remedy.void_deal
        for f in deal.findings
    )


def _check_totals(
    ctx: RecordContext,
    results: list[tuple[Deal, DealSettlement, DealDetail]],
    findings: list[Finding],
) -> None:
    """Each written running total against the deal scores as marked at the table, added up."""
    running: dict[str, int] = {}
    for deal, _, detail in results:
        for seat, points in detail.marked.items():
            running[seat] = running.get(seat, 0) + points
        if deal.score is None:
            continue
        for seat, total in deal.score.totals:
            if seat in running and running[seat] != total:
                findings.append(
                    ctx.finding(
                        "S504",
                        seat,
                        f"{seat}'s running total after deal {deal.number} is written as {total}; "
                        f"his deal scores as marked at the table add up to {running[seat]}",
                        Location(
                            ctx.source,
                            line_of(deal.score.pos),
                            column_of(deal.score.pos),
                            deal.number,
                        ),
                        remedy=ctx.record_remedy("S504", seat, total, running[seat]),
                    )
                )


def _check_result_without_game(ctx: RecordContext, record: Record, findings: list[Finding]) -> None:
    """S503 for a Result that names a winner where no deal of the record is settled: none is
    written (tags alone), or each is unfinished, void or to be played again."""
    claimed = (record.tag("Result") or "").strip()
    if claimed in ("", "*") or claimed.lower() == "void":
        return
    tag = next(t for t in record.tags if t.name == "Result")
    winner = claimed.split()[0]
    what = "holds no deal" if not record.deals else "settles no deal (each is unfinished or void)"
    findings.append(
        ctx.finding(
            "S503",
            winner,
            f"the Result tag says {claimed!r}, but the record {what}: no seat has won the game",
            Location(ctx.source, line_of(tag.pos), column_of(tag.pos)),
            remedy=ctx.record_remedy("S503", winner),
        )
    )


def _check_result(
    ctx: RecordContext,
    record: Record,
    game: GameSettlement,
    findings: list[Finding],
    options: tuple[ResultOption, ...] = (),
) -> None:
    claimed = (record.tag("Result") or "").strip()
    if not claimed:
        return
    if any(claimed.lower() == o.result.strip().lower() for o in options):
        return  # the result of an election the record does not state: it may have been made
    tag = next(t for t in record.tags if t.name == "Result")
    where = Location(ctx.source, line_of(tag.pos), column_of(tag.pos))
    if claimed == "*":
        # `*` says the game is not over (docs/notation.md): wrong once a seat has won it
        if game.result.strip() != "*":
            findings.append(
                ctx.finding(
                    "S503",
                    None,
                    f"the Result tag says '*' (not over), but the game is over: the settlement "
                    f"of the scores as corrected by the laws gives {game.result!r}",
                    where,
                    remedy=ctx.record_remedy("S503", None),
                )
            )
        return
    parts = claimed.split()
    winner = parts[0] if parts else None
    value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    if claimed.lower() == game.result.strip().lower():
        return
    if game.result.strip() == "*":
        # the game is not over (the record ends before a seat reaches the target)
        findings.append(
            ctx.finding(
                "S503",
                winner,
                f"the Result tag says {claimed!r}, but the game is not over: "
                f"{game.working[-1] if game.working else 'no seat has won it'}",
                where,
                remedy=ctx.record_remedy("S503", winner),
            )
        )
        return
    if winner != game.winner and not (claimed.lower() in ("draw", "void") and game.winner is None):
        findings.append(
            ctx.finding(
                "S503",
                winner,
                f"the Result tag says {claimed!r}; the settlement of the scores as corrected by "
                f"the laws gives {game.result!r}",
                where,
                remedy=ctx.record_remedy("S503", winner),
            )
        )
    elif value is not None and game.value is not None and value != game.value:
        findings.append(
            ctx.finding(
                "S507",
                winner,
                f"the Result tag values the game at {value}; the settlement of the scores as "
                f"corrected by the laws gives {game.value}",
                where,
                remedy=ctx.record_remedy("S507", winner, value, game.value),
            )
        )
