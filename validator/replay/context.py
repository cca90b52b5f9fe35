"""What every deal of a record shares while it is replayed: rules, laws, seats, the source."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from notation.model import Record
from validator.engine import RuleSet
from validator.laws import Laws, LawsError, RemedyContext, game_of
from validator.replay.findings import make_finding
from validator.replay.model import Finding, Location, Remedy

if TYPE_CHECKING:
    from validator.replay.observer import ReplayObserver


class RecordContext:
    """The record being replayed, the rule set it was played under (``rules``), the laws it
    was played under (``play_laws``: whether the stock may be counted) and the laws ruling its
    irregularities (``laws``)."""

    def __init__(
        self,
        record: Record,
        rules: RuleSet,
        laws: Laws,
        play_laws: Laws,
        seats: tuple[str, ...],
        source: str | None,
        keep_steps: bool,
        observer: ReplayObserver | None = None,
    ) -> None:
        self.record = record
        self.rules = rules
        self.laws = laws
        self.play_laws = play_laws
        self.seats = seats
        self.source = source
        self.keep_steps = keep_steps
        self.observer = observer
        """Told of each event the engine applies (:mod:`validator.replay.observer`)."""
        self.game = game_of(rules)
        self.unfinished = (record.tag("Result") or "").strip() in ("*", "")

    def next_seat(self, seat: str) -> str:
        """The seat after ``seat`` in playing order (the pone, when ``seat`` deals)."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seat

    def rule(self, code: str, facts: RemedyContext) -> Remedy | None:
        """The remedy the laws give ``code`` in ``facts``; a law that cannot rule says so."""
        return guarded(lambda: self.laws.remedy(code, facts), self.laws)

    def record_remedy(
        self, code: str, seat: str | None, claimed: int | None = None, correct: int | None = None
    ) -> Remedy | None:
        """The remedy for a finding about the record as a whole (totals, result)."""
        offender = seat if seat in self.seats else None
        facts = RemedyContext(
            offender=offender,
            adversary=self.next_seat(offender) if offender is not None else None,
            claimed=claimed,
            correct=correct,
            variant=self.rules.name,
            game=self.game,
        )
        return self.rule(code, facts)

    def finding(
        self,
        code: str,
        seat: str | None,
        message: str,
        location: Location,
        rule: str | None = None,
        remedy: Remedy | None = None,
    ) -> Finding:
        return make_finding(code, seat, message, location, rule=rule, remedy=remedy)


def guarded(ruling: Callable[[], Remedy | None], laws: Laws) -> Remedy | None:
    """``ruling()``, or a remedy saying why the laws cannot rule (a club's file at fault)."""
    try:
        return ruling()
    except LawsError as exc:
        return Remedy(laws.name, "", f"The laws cannot rule: {exc}")


def line_of(pos: Any) -> int | None:
    return None if pos is None else int(pos.line)


def column_of(pos: Any) -> int | None:
    return None if pos is None else int(pos.column)
