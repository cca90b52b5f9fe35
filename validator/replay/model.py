"""The Replay model: one walk of a record through the engine, kept for every view.

The validator builds a :class:`Replay` once per record; ``check``,
``adjudicate`` and every exporter (HTML, Markdown, JSON, YAML, the terminal)
read it and never replay the record again. The classes here are plain data:
they hold what a person would see at each step (hands, cards on the table,
the trick, the trump, the stock, the scores), the findings with their
rulings, and the settlement. :meth:`Replay.to_dict` gives the versioned data
form documented in ``docs/replay-schema.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from notation.model import Record
from validator.engine.settlement import Correction, DealSettlement, GameSettlement
from validator.replay.wording import uncounted_words

SCHEMA_VERSION = 1
"""Version of the data form of a Replay (``schema`` in :meth:`Replay.to_dict`)."""

__all__ = [
    "SCHEMA_VERSION",
    "Correction",
    "DealReplay",
    "DealSettlement",
    "Finding",
    "GameSettlement",
    "Location",
    "Remedy",
    "Replay",
    "Step",
]


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

    ``elections`` lists the options a player may choose between, ``elected`` the one the record
    says was chosen; ``corrections`` what the law changes in the deal, typed (who, what, how
    much, why): the settlement applies them (``validator.engine.settlement.correct_deal``) and
    ``validator.replay.wording`` puts them into words. ``score_changes``, ``void_deal``,
    ``abandon_game`` and ``replay_from_trick`` read the corrections.
    """

    laws: str
    law_ref: str
    summary: str
    elections: tuple[str, ...] = ()
    elected: str | None = None
    corrections: tuple[Correction, ...] = ()

    @property
    def score_changes(self) -> dict[str, int]:
        """Points added to each seat (negative when taken down), the last trick's included."""
        out: dict[str, int] = {}
        for c in self.corrections:
            if c.kind in ("points", "forfeit", "last-trick") and c.seat is not None and c.amount:
                out[c.seat] = out.get(c.seat, 0) + c.amount
        return {seat: points for seat, points in out.items() if points}

    @property
    def void_deal(self) -> bool:
        return any(c.kind == "void" for c in self.corrections)

    @property
    def abandon_game(self) -> bool:
        return any(c.kind == "abandon" for c in self.corrections)

    @property
    def replay_from_trick(self) -> int | None:
        tricks = [c.trick for c in self.corrections if c.kind == "replay" and c.trick is not None]
        return min(tricks) if tricks else None

    @property
    def rubiconed(self) -> str | None:
        """The seat the laws rubicon (Portland law 17), if any."""
        return next((c.seat for c in self.corrections if c.kind == "rubicon"), None)

    def moot(self, why: str) -> Remedy:
        """This remedy, its summary saying why it cannot, or need not, be carried out."""
        return replace(self, summary=f"{self.summary} (Moot: {why}.)")

    def without_replay(self, why: str) -> Remedy:
        """This remedy without its replay: an earlier one takes up the same cards."""
        kept = tuple(c for c in self.corrections if c.kind != "replay")
        return replace(self, corrections=kept).moot(why)

    def without_points_for(self, seat: str | None, why: str) -> Remedy:
        """This remedy without its points for ``seat``: another remedy already covers them."""
        kept = tuple(c for c in self.corrections if not (c.kind == "points" and c.seat == seat))
        return replace(self, corrections=kept).moot(why)

    def to_dict(self) -> dict[str, Any]:
        return {
            "laws": self.laws,
            "law_ref": self.law_ref,
            "summary": self.summary,
            "elections": list(self.elections),
            "elected": self.elected,
            "score_changes": self.score_changes,
            "void_deal": self.void_deal,
            "abandon_game": self.abandon_game,
            "replay_from_trick": self.replay_from_trick,
            "uncounted": uncounted_words(self.corrections),
            "corrections": [c.to_dict() for c in self.corrections],
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
