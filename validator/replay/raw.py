"""What the deal walker gathers before anything is ruled: raw findings and step drafts.

A :class:`RawFinding` holds the facts of an irregularity as they stood when it happened (the
scores, the brisques, how many cards had been played), and what later marks of the record add
to it (a challenge, an election, a card seen). Remedies are reckoned from these once the deal
is over (:mod:`validator.replay.rulings`), because an election or a challenge is written after
the fault it answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class RawFinding:
    """A finding before its remedy: the facts gathered when it happened, and later marks."""

    code: str
    seat: str | None
    message: str
    rule: str | None
    line: int | None
    column: int | None
    trick: int | None
    step: int
    scores: dict[str, int]
    brisques: dict[str, int]
    dealer_played: bool
    cards: tuple[str, ...] = ()
    called: tuple[str, ...] = ()
    """Of ``cards``, those the adversary may call on to be played (a false four's real kings)."""
    claimed: int | None = None
    correct: int | None = None
    both: bool = False
    seen: bool = False
    election: str | None = None
    challenge: str = "none"
    plays_at: int = 0
    """How many cards had been played in the deal when the fault happened."""
    event: int = 0
    """The number of the record event (play, declaration, draw, mark) that showed the fault."""
    header: bool = False
    """Found in the deal's header (hands, stock, cut, dealer): when it was discovered is unknown,
    so it counts as found before the dealer's first play only if the dealer never played."""
    fault_trick: int | None = None
    """The trick of the fault itself when a later play reveals it (P207)."""
    elected_by: str | None = None
    marked: bool = False
    """Reported on the table's word (a mark the replay cannot check)."""
    stock_named: bool = False
    """For a wrong draw (W306): the record's stock names the card that was next."""
    carried: bool = False
    """For a fault of a declaration line, that of the announcement carried "to score"."""
    amended: bool = False
    """A false declaration the offender amended before drawing (``^amend``): it stands."""


@dataclass(slots=True)
class StepDraft:
    """A step of the deal as it happened, finished into a :class:`~validator.replay.Step` once
    the deal's findings are numbered."""

    kind: str
    trick: int | None
    seat: str | None
    text: str
    line: int | None
    card: str | None
    state: tuple[Any, ...] | None
    comments: list[str] = field(default_factory=list)
    glyphs: tuple[str, ...] = ()
    variations: list[str] = field(default_factory=list)
    findings: list[int] = field(default_factory=list)
