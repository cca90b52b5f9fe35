"""The Replay: one walk of a record through the engine, kept for every view.

The validator builds a :class:`Replay` once per record; ``check``,
``adjudicate`` and every exporter (HTML, Markdown, JSON, YAML, the terminal)
read it and never replay the record again. The classes here are plain data:
they hold what a person would see at each step (hands, cards on the table,
the trick, the trump, the stock, the scores), the findings with their
rulings, and the settlement. :meth:`Replay.to_dict` gives the versioned data
form documented in ``docs/replay-schema.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from notation.model import Record

SCHEMA_VERSION = 1
"""Version of the data form of a Replay (``schema`` in :meth:`Replay.to_dict`)."""


@dataclass(frozen=True, slots=True)
class Location:
    """Where a finding or a step is in the source: file, line, column, deal, trick."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    deal: int | None = None
    trick: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "deal": self.deal,
            "trick": self.trick,
        }


@dataclass(frozen=True, slots=True)
class Remedy:
    """What the chosen laws do about one irregularity.

    ``elections`` lists the options a player may choose between, ``elected`` the
    one the record says was chosen; ``score_changes`` maps a seat to points
    added (negative when taken down).
    """

    laws: str
    law_ref: str
    summary: str
    elections: tuple[str, ...] = ()
    elected: str | None = None
    score_changes: dict[str, int] = field(default_factory=dict)
    void_deal: bool = False
    abandon_game: bool = False
    replay_from_trick: int | None = None
    uncounted: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "laws": self.laws,
            "law_ref": self.law_ref,
            "summary": self.summary,
            "elections": list(self.elections),
            "elected": self.elected,
            "score_changes": dict(self.score_changes),
            "void_deal": self.void_deal,
            "abandon_game": self.abandon_game,
            "replay_from_trick": self.replay_from_trick,
            "uncounted": list(self.uncounted),
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing wrong with a record, the rule it breaks and the remedy."""

    code: str
    severity: str
    """``error`` (the laws apply a remedy), ``warning`` (a claim disagrees) or ``info``."""
    seat: str | None
    location: Location
    message: str
    rule_id: str
    rule_text: str
    remedy: Remedy | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "seat": self.seat,
            "location": self.location.to_dict(),
            "message": self.message,
            "rule_id": self.rule_id,
            "rule_text": self.rule_text,
            "remedy": None if self.remedy is None else self.remedy.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Step:
    """The state of a deal after one event, as a person at the table sees it.

    Cards are canonical text (``QS``); ``None`` in a hand is a card the record
    does not name. ``hands`` holds the cards held and not lying on the table;
    ``table`` the declared cards lying face up, which are still the seat's.
    """

    index: int
    kind: str
    """``deal``, ``play``, ``trick``, ``declare``, ``draw``, ``mark`` or ``end``."""
    trick: int | None
    seat: str | None
    text: str
    hands: dict[str, tuple[str | None, ...]]
    table: dict[str, tuple[str, ...]]
    trick_cards: tuple[tuple[str, str], ...]
    trump: str | None
    turnup: str | None
    stock: int
    scores: dict[str, int]
    brisques: dict[str, int]
    comments: tuple[str, ...] = ()
    glyphs: tuple[str, ...] = ()
    findings: tuple[int, ...] = ()
    """Indices into the deal's findings raised at this step."""
    line: int | None = None
    card: str | None = None
    """The card played or drawn at this step, when one is named."""
    variations: tuple[str, ...] = ()
    """Alternative lines given at this point of the record, as BZN text."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "trick": self.trick,
            "seat": self.seat,
            "text": self.text,
            "hands": {seat: list(cards) for seat, cards in self.hands.items()},
            "table": {seat: list(cards) for seat, cards in self.table.items()},
            "trick_cards": [list(pair) for pair in self.trick_cards],
            "trump": self.trump,
            "turnup": self.turnup,
            "stock": self.stock,
            "scores": dict(self.scores),
            "brisques": dict(self.brisques),
            "comments": list(self.comments),
            "glyphs": list(self.glyphs),
            "findings": list(self.findings),
            "line": self.line,
            "card": self.card,
            "variations": list(self.variations),
        }


@dataclass(frozen=True, slots=True)
class DealSettlement:
    """The end of one deal: final scores, brisques, who won and what it is worth.

    ``working`` holds the reckoning line by line in words, as the rule texts
    write it ("A wins 1800, less the 1200 scored by B, ... 1100").
    """

    scores: dict[str, int]
    brisques: dict[str, int]
    winner: str | None
    value: int
    rubicon: bool = False
    void: bool = False
    working: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "brisques": dict(self.brisques),
            "winner": self.winner,
            "value": self.value,
            "rubicon": self.rubicon,
            "void": self.void,
            "working": list(self.working),
        }


@dataclass(frozen=True, slots=True)
class GameSettlement:
    """The result of the record's game (or sitting): totals, winner, value."""

    totals: dict[str, int]
    winner: str | None
    value: int | None
    result: str
    """The result written as the Result tag would write it (``B 600``)."""
    working: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "winner": self.winner,
            "value": self.value,
            "result": self.result,
            "working": list(self.working),
        }


@dataclass(frozen=True, slots=True)
class DealReplay:
    """Every step of one deal, its findings and its settlement."""

    number: int
    dealer: str
    trump: str | None
    steps: tuple[Step, ...]
    findings: tuple[Finding, ...]
    settlement: DealSettlement | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "steps": [step.to_dict() for step in self.steps],
            "findings": [finding.to_dict() for finding in self.findings],
            "settlement": None if self.settlement is None else self.settlement.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed under a rule set and a code of laws."""

    record: Record
    source: str | None
    variant: str
    laws: str
    seats: tuple[str, ...]
    players: dict[str, str]
    tags: dict[str, str]
    deals: tuple[DealReplay, ...]
    findings: tuple[Finding, ...]
    """Findings about the record as a whole (tags, result, totals, sitting)."""
    game: GameSettlement | None

    def all_findings(self) -> tuple[Finding, ...]:
        """Every finding: the record's own, then each deal's in order."""
        out = list(self.findings)
        for deal in self.deals:
            out.extend(deal.findings)
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "source": self.source,
            "variant": self.variant,
            "laws": self.laws,
            "seats": list(self.seats),
            "players": dict(self.players),
            "tags": dict(self.tags),
            "deals": [deal.to_dict() for deal in self.deals],
            "findings": [finding.to_dict() for finding in self.findings],
            "game": None if self.game is None else self.game.to_dict(),
        }
