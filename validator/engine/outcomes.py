"""What the engine answers: a declaration's outcome, a deal's outcome, what may be declared,
what the table shows, and the error for a call it cannot make sense of."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.cards import Card

from .violations import Violation


class EngineError(ValueError):
    """A call the engine cannot make sense of (unknown seat, wrong seats for the rule set)."""


@dataclass(frozen=True, slots=True)
class DeclarationOption:
    """A declaration the seat may make now, with the score it would bring."""

    kind: str
    cards: tuple[Card, ...]
    score: int


@dataclass(frozen=True, slots=True)
class DeclarationOutcome:
    """What a declaration scored under the rules (0 when it scores nothing) and what it broke."""

    score: int
    violations: list[Violation]
    trump_set: str | None = None
    """The suit this declaration made trump, if it did."""


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """The end of a deal: each seat's score, brisques won, the last trick, how it is made up."""

    scores: dict[str, int]
    brisques: dict[str, int]
    """Brisques (aces and tens) won in tricks, counted as cards."""
    last_trick_winner: str | None
    trump: str | None
    melds: dict[str, int]
    """Points from declarations (incl. carte blanche and the seven of trumps)."""
    brisque_points: dict[str, int]
    """Points for brisques included in ``scores`` (zero when the rule set counts them apart)."""
    last_trick_points: dict[str, int]
    complete: bool
    violations: list[Violation] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    """``scores`` without brisques (melds, last trick, rulings): what a settlement that adds the
    brisques itself (``settle_target_deal``) takes."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a person at the table sees, for the replay viewer (cards as text, None unknown)."""

    hands: dict[str, tuple[str | None, ...]]
    table: dict[str, tuple[str, ...]]
    trick_cards: tuple[tuple[str, str], ...]
    trump: str | None
    turnup: str | None
    stock: int
    scores: dict[str, int]
    brisques: dict[str, int]
