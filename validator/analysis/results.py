"""What an analysis found: for every strict play, its value against the best, and the best line.

Plain data, like the :class:`~validator.replay.Replay` it is made from; ``to_dict`` gives the
JSON form of ``bezique analyse --format json`` (documented in ``docs/analysis.md``). Every value
is from the point of view of the seat it belongs to, in the units ``kind`` names: a ``deal
score`` (the two-pack game) or the ``settled value`` of the game (Rubicon, Chinese, six-pack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notation.cards import Card

ANALYSIS_SCHEMA = 1
"""Version of the JSON form (``schema``)."""

Line = tuple[tuple[str, Card], ...]
"""A line of play: each seat and card in turn."""


def _line(line: Line) -> list[list[str]]:
    return [[seat, str(card)] for seat, card in line]


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """One play of the strict phase judged against best play.

    ``value`` is what the card played is worth to ``seat`` with best play afterwards,
    ``best_value`` what the best card is worth, ``loss`` the difference; ``best`` the cards
    that reach ``best_value``; ``values`` every legal card's value. A play the strict laws
    forbid (a revoke) has ``legal`` false and no values.
    """

    seat: str
    card: Card
    trick: int
    trick_index: int
    play_index: int
    legal: bool
    value: int | None
    best_value: int | None
    loss: int | None
    best: tuple[Card, ...]
    values: dict[Card, int]
    glyph: str | None

    @property
    def mistake(self) -> bool:
        """Whether the play loses anything against best play."""
        return bool(self.loss)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": str(self.card),
            "trick": self.trick,
            "legal": self.legal,
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
            "best": [str(c) for c in self.best],
            "values": {str(c): v for c, v in sorted(self.values.items(), key=lambda i: str(i[0]))},
            "glyph": self.glyph,
        }


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """One deal's strict phase: its value at the start, each play, the best lines.

    ``reason`` says why a deal was not analysed (then ``plays`` is empty). ``values`` are the
    value of the phase's start for each seat with best play; ``played`` the value the record's
    own line reached, when it was played out legally to the end. ``line`` is a best line from
    the start; ``first_mistake`` the index in ``plays`` of the first play that lost anything,
    and ``mistake_line`` a best line from just before it.
    """

    number: int
    reason: str | None = None
    kind: str | None = None
    first_trick: int | None = None
    leader: str | None = None
    trump: str | None = None
    values: dict[str, int] | None = None
    played: dict[str, int] | None = None
    plays: tuple[PlayAnalysis, ...] = ()
    line: Line = ()
    first_mistake: int | None = None
    mistake_line: Line = ()
    stopped: str | None = None
    """Why the analysis stopped before the end of the phase (a play out of turn, a card not
    held), when it did."""
    nodes: int = 0
    """Positions the solver searched (for the bench)."""

    @property
    def analysed(self) -> bool:
        return self.reason is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "analysed": self.analysed,
            "reason": self.reason,
            "kind": self.kind,
            "first_trick": self.first_trick,
            "leader": self.leader,
            "trump": self.trump,
            "values": self.values,
            "played": self.played,
            "plays": [p.to_dict() for p in self.plays],
            "line": _line(self.line),
            "first_mistake": self.first_mistake,
            "mistake_line": _line(self.mistake_line),
            "stopped": self.stopped,
        }


@dataclass(frozen=True, slots=True)
class RecordAnalysis:
    """Every deal of one record, analysed under its game's rules and thresholds."""

    source: str | None
    variant: str
    thresholds: dict[str, int]
    deals: tuple[DealAnalysis, ...]
    findings: int
    """How many findings the replay of the record gave (an irregular record is analysed as
    it was played)."""

    @property
    def mistakes(self) -> int:
        return sum(1 for deal in self.deals for play in deal.plays if play.mistake)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": ANALYSIS_SCHEMA,
            "source": self.source,
            "variant": self.variant,
            "thresholds": dict(self.thresholds),
            "findings": self.findings,
            "deals": [deal.to_dict() for deal in self.deals],
        }
