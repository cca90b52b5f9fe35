"""What the end of a strict phase is worth to each seat, as the variant counts it.

Once the stock is out nothing is scored but the brisques in the tricks and the last trick
(rubicon-bezique-laws.txt, The Last Nine Tricks: "all announcements are at an end"; Portland
law 52). So the outcome of the strict play is two numbers: how many brisques the first seat
ends the deal with (the other seat has the rest) and who wins the last trick. A
:class:`Valuation` turns those into the value that matters in the variant, with the arithmetic
of :mod:`validator.engine.settlement` (never re-done here):

- a game to a target (the two-pack game; settlement kind ``target``): each seat's **deal
  score**, its points, its brisques as the rule set counts them and the last trick
  (bezique-guide.txt, A worked deal). The two scores add up to the same total whatever
  happens, so one seat's gain is the other's loss;
- a deal that is a game (Rubicon, Chinese, six-pack; kind ``rubicon``): the **settled value
  of the game**, what the winner wins, positive for the seat that wins it and negative for the
  seat that loses it (0 for a void game). The brisques count only where the settlement counts
  them (a near game, a rubicon to save: rubicon-bezique-laws.txt, Scoring and Rubicons) and
  the last trick's 50 may move a score across a hundred.

Values are kept from the first seat's point of view and turned to another seat's by
:meth:`Valuation.view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .ruleset import RuleSet
from .settlement import SettlementError, SettlementRules, settle_deal

KIND_POINTS: Final = "deal score"
KIND_SETTLED: Final = "settled value"


class ValuationError(ValueError):
    """A deal whose outcome cannot be valued (no settlement, three players, bad numbers)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The settled outcome of one end of the strict play, from the first seat's view."""

    value: int
    """The first seat's value (its deal score, or the game's value signed for it)."""
    other: int
    """The second seat's value."""
    working: tuple[str, ...]
    """The settlement's reckoning, in words."""


class Valuation:
    """The value of each possible end of a strict phase for one deal.

    ``points`` are the seats' points without brisques at the start of the phase, ``total`` the
    brisques of the whole deal (those taken so far and those still to play): the first seat
    ending with ``b`` brisques leaves ``total - b`` to the other.
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: tuple[str, str],
        points: tuple[int, int],
        total: int,
    ) -> None:
        if rules.players != 2:
            raise ValuationError(
                f"{rules.title} is for {rules.players} players: the strict phase is solved "
                "for two-handed games only"
            )
        settlement = rules.settlement_rules
        if not isinstance(settlement, SettlementRules):
            raise ValuationError(f"rule set {rules.name!r} has no settlement section")
        self.rules = rules
        self.seats = seats
        self.points = points
        self.total = total
        self.settlement = settlement
        self.kind = KIND_POINTS if settlement.kind == "target" else KIND_SETTLED
        self._table: dict[tuple[int, bool], Outcome] = {}
        self._constant: int | None = None

    def outcome(self, brisques_first: int, first_wins_last: bool) -> Outcome:
        """The settled outcome when the first seat ends with ``brisques_first`` brisques and
        wins (or loses) the last trick."""
        key = (brisques_first, first_wins_last)
        found = self._table.get(key)
        if found is None:
            found = self._settle(brisques_first, first_wins_last)
            self._table[key] = found
        return found

    def final(self, brisques_first: int, first_wins_last: bool) -> int:
        """The first seat's value of that end (see :meth:`outcome`)."""
        return self.outcome(brisques_first, first_wins_last).value

    def view(self, value_first: int, seat: str) -> int:
        """A value from the first seat's view, as ``seat`` sees it."""
        if seat == self.seats[0]:
            return value_first
        if self.kind == KIND_SETTLED:
            return -value_first
        if self._constant is None:
            self.outcome(0, True)  # any end gives the constant total of the two scores
        assert self._constant is not None
        return self._constant - value_first

    def _settle(self, brisques_first: int, first_wins_last: bool) -> Outcome:
        a, b = self.seats
        if not 0 <= brisques_first <= self.total:
            raise ValuationError(
                f"{a} cannot end with {brisques_first} brisques of the deal's {self.total}"
            )
        last = a if first_wins_last else b
        points = {a: self.points[0], b: self.points[1]}
        points[last] += self.rules.last_trick
        brisques = {a: brisques_first, b: self.total - brisques_first}
        try:
            result = settle_deal(points, brisques, self.settlement, last_trick=last)
        except SettlementError as exc:
            raise ValuationError(f"the deal cannot be settled: {exc}") from exc
        if self.kind == KIND_POINTS:
            first, second = result.scores[a], result.scores[b]
            constant = first + second
            if self._constant is None:
                self._constant = constant
            elif constant != self._constant:
                raise ValuationError(
                    "the deal scores do not add up to the same total whatever the strict play "
                    f"({constant} against {self._constant}): the solver needs a constant sum"
                )
        else:
            signed = 0 if result.winner is None else result.value
            first = signed if result.winner in (a, None) else -signed
            second = -first
            if self._constant is None:
                self._constant = 0
        return Outcome(first, second, result.working)
