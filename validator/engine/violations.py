"""Violations: what the engine reports when a record's event breaks a rule.

A violation carries a finding code from the team brief (``P205``), the rule-book id of the rule
it breaks (``play.strict-follow``, defined in ``validator/data/rulebook/``), the seat at fault
and a message in plain words. The validator turns each into a finding with its location and
remedy; the engine knows neither.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: finding code, rule id, seat at fault, plain-words message, trick."""

    code: str
    rule: str
    seat: str | None
    message: str
    trick: int | None = None
    """The number of the trick (1-based) the event belongs to, when there is one."""
    fault_trick: int | None = None
    """The trick where the fault itself was committed, when a later event reveals it: for P207
    (a revoke in the strict phase established by a later play), the trick of the revoke."""
    showing: int | None = None
    """For an A410 found later: the first of the seat's carte blanches that stood which it
    proves false (from 0); those after it are false too."""
    carried: bool = False
    """For a fault of a declaration line: it is the announcement carried "to score", not the
    combination scored (nothing was marked for it)."""

    def __str__(self) -> str:
        where = f" (trick {self.trick})" if self.trick is not None else ""
        return f"{self.code} [{self.rule}] {self.seat or '-'}: {self.message}{where}"
