"""A record's game settled from its settled deals: :class:`GameSettlement`, a Rubicon series
and a game to a target (its tie rules and what each loser pays).

Apart from the deal, which it reads and never reckons again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .deals import DealSettlement
from .rules import SettlementError, SettlementRules


@dataclass(frozen=True, slots=True)
class GameSettlement:
    """The result of a record's game (or series): totals, winner, value, and how it was reached.

    ``value`` is ``None`` while the game is unfinished. ``result`` is written as the Result tag
    writes it (``B 600``). ``running`` holds the totals after each deal; ``ended_after`` the
    1-based deal that ended the game (``None`` if unfinished); ``extra_deals`` counts deals
    recorded after the game was over; ``payments`` what each loser owes the winner.
    """

    totals: dict[str, int]
    winner: str | None
    value: int | None
    result: str
    working: tuple[str, ...] = ()
    running: tuple[dict[str, int], ...] = ()
    ended_after: int | None = None
    extra_deals: int = 0
    payments: dict[str, int] = field(default_factory=dict)
    void: bool = False
    in_games: bool = False
    """The value counts games won (``game_value games``: "so much a game"), not points."""

    def to_dict(self) -> dict[str, Any]:
        """The data form of the replay schema (``docs/replay-schema.md``, game)."""
        return {
            "totals": dict(self.totals),
            "winner": self.winner,
            "value": self.value,
            "result": self.result,
            "working": list(self.working),
        }


GameResult = GameSettlement
"""The former name of :class:`GameSettlement` (the simulator's)."""


def settle_game(
    deals: Sequence[DealSettlement], rules: SettlementRules, *, target: int | None = None
) -> GameSettlement:
    """Settle a record's game from its settled deals.

    Rubicon kinds: each deal is a game; one deal gives that game (``totals`` are its scores),
    several give the net of a series (``totals`` are each seat's net points). Target kinds:
    running totals to ``target`` (the Target tag) or the rule set's.
    """
    if not deals:
        raise SettlementError("a game needs at least one deal")
    if rules.kind == "target":
        return settle_target_game(deals, rules, target=target)
    return _rubicon_series(deals)


def _rubicon_series(deals: Sequence[DealSettlement]) -> GameSettlement:
    seats = list(deals[0].scores)
    net = dict.fromkeys(seats, 0)
    working: list[str] = []
    for number, deal in enumerate(deals, 1):
        if set(deal.scores) != set(seats):
            raise SettlementError(f"deal {number} has seats {sorted(deal.scores)}, not {seats}")
        if deal.winner is None:
            working.append(f"Game {number}: void.")
            continue
        for seat in seats:
            net[seat] += deal.value if seat == deal.winner else -deal.value
        working.append(
            f"Game {number}: {deal.winner} wins {deal.value}"
            + (" (rubicon)" if deal.rubicon else "")
            + "."
        )
    leader = max(seats, key=lambda seat: net[seat])
    if net[leader] == 0:
        working.append("Nothing won on balance.")
        return GameSettlement(
            totals=net if len(deals) > 1 else dict(deals[0].scores),
            winner=None,
            value=0,
            result="void",
            working=tuple(working),
            void=True,
        )
    if len(deals) > 1:
        working.append(f"On balance {leader} wins {net[leader]}.")
    return GameSettlement(
        totals=net if len(deals) > 1 else dict(deals[0].scores),
        winner=leader,
        value=net[leader],
        result=f"{leader} {net[leader]}",
        working=tuple(working),
        ended_after=len(deals),
        payments={seat: -net[seat] for seat in seats if seat != leader},
    )


def settle_target_game(
    deals: Sequence[DealSettlement], rules: SettlementRules, *, target: int | None = None
) -> GameSettlement:
    """A game over several deals to a target (two-pack 1000, three-handed 2000).

    bezique-guide.txt, Ending: "Deals are played until somebody crosses the line; if both
    cross it in the same deal, the higher total wins". Equal totals at the line follow
    ``tie_at_line``.
    """
    line = rules.target if target is None else target
    if line <= 0:
        raise SettlementError(f"the target must be above 0, got {line}")
    seats = list(deals[0].scores)
    totals = dict.fromkeys(seats, 0)
    running: list[dict[str, int]] = []
    working: list[str] = []
    winner: str | None = None
    ended: int | None = None
    drawn = False
    for number, deal in enumerate(deals, 1):
        if set(deal.scores) != set(seats):
            raise SettlementError(f"deal {number} has seats {sorted(deal.scores)}, not {seats}")
        if ended is not None:
            running.append(dict(totals))
            continue
        for seat in seats:
            totals[seat] += deal.scores[seat]
        running.append(dict(totals))
        working.append(
            f"Deal {number}: "
            + ", ".join(f"{seat} {deal.scores[seat]} (total {totals[seat]})" for seat in seats)
            + "."
        )
        top = max(totals.values())
        if top < line:
            continue
        leaders = [seat for seat in seats if totals[seat] == top]
        crossed = [seat for seat in seats if totals[seat] >= line]
        if len(leaders) == 1:
            winner = leaders[0]
            ended = number
            if len(crossed) > 1:
                working.append(
                    f"{' and '.join(crossed)} cross {line} in the same deal: the higher "
                    f"total wins, {winner} with {top}."
                )
            else:
                working.append(f"{winner} crosses {line} with {top} and wins.")
            continue
        tied = " and ".join(leaders)
        if rules.tie_at_line == "draw":
            working.append(f"{tied} tie at {top}, over {line}: the game is drawn.")
            ended = number
            drawn = True
        elif rules.tie_at_line == "play-on":
            working.append(f"{tied} tie at {top}, over {line}: another deal is played.")
        else:
            winner = _break_tie(leaders, deal, rules, working, top)
            if winner is not None:
                ended = number
    extra = len(deals) - ended if ended is not None else 0
    if extra:
        working.append(f"{extra} deal(s) recorded after the game was over are not counted.")
    final = running[ended - 1] if ended is not None else dict(totals)
    if drawn:
        return GameSettlement(
            totals=final,
            winner=None,
            value=0,
            result="draw",
            working=tuple(working),
            running=tuple(running),
            ended_after=ended,
            extra_deals=extra,
            void=True,
        )
    if winner is None:
        working.append(f"Nobody has reached {line}: the game is unfinished.")
        return GameSettlement(
            totals=final,
            winner=None,
            value=None,
            result="*",
            working=tuple(working),
            running=tuple(running),
        )
    payments = _target_payments(final, winner, rules, working)
    value = sum(payments.values())
    return GameSettlement(
        totals=final,
        winner=winner,
        value=value,
        result=f"{winner} {value}",
        working=tuple(working),
        running=tuple(running),
        ended_after=ended,
        extra_deals=extra,
        payments=payments,
        in_games=rules.game_value != "difference",
    )


def _break_tie(
    leaders: list[str], deal: DealSettlement, rules: SettlementRules, working: list[str], top: int
) -> str | None:
    """enquire-within-1894-forfeits.txt 123 x: points less the last deal's brisques, then the
    last trick."""
    bv = rules.brisque_value if rules.count_brisques else 0
    less = {seat: top - bv * deal.brisques.get(seat, 0) for seat in leaders}
    best = max(less.values())
    still = [seat for seat in leaders if less[seat] == best]
    detail = ", ".join(f"{seat} {less[seat]}" for seat in leaders)
    if len(still) == 1:
        working.append(
            f"{' and '.join(leaders)} tie at {top}: less the brisques of this deal, {detail}; "
            f"{still[0]} wins."
        )
        return still[0]
    if deal.last_trick in still:
        working.append(
            f"{' and '.join(leaders)} tie at {top}, and still at {best} less this deal's "
            f"brisques: {deal.last_trick} took the last trick and wins."
        )
        return deal.last_trick
    if deal.last_trick is None:
        raise SettlementError(
            f"{' and '.join(still)} tie at {top} even less the brisques: the winner of the "
            "last trick is needed to decide the game"
        )
    working.append(
        f"{' and '.join(leaders)} tie at {top}, and no tie rule decides it: another deal."
    )
    return None


def _target_payments(
    totals: Mapping[str, int], winner: str, rules: SettlementRules, working: list[str]
) -> dict[str, int]:
    payments: dict[str, int] = {}
    for seat, total in totals.items():
        if seat == winner:
            continue
        if rules.game_value == "difference":
            payments[seat] = totals[winner] - total
            working.append(
                f"{winner} wins {totals[winner]}, less the {total} scored by {seat}: "
                f"{payments[seat]}."
            )
        else:
            double = rules.double_game_under is not None and total < rules.double_game_under
            payments[seat] = 2 if double else 1
            working.append(
                f"{winner} wins a {'double ' if double else ''}game from {seat}"
                + (f" ({seat} under {rules.double_game_under})" if double else "")
                + f": {payments[seat]}."
            )
    return payments
