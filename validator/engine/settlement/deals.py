"""One deal settled: :class:`DealSettlement` and the arithmetic of a Rubicon deal, of the
rubicon for too many cards and of a deal of a game to a target.

Kept apart from games (which add settled deals up) and from corrections (which change a
deal before settling it): both build on this module, which knows neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules import BrisquesNeeded, SettlementError, SettlementRules


@dataclass(frozen=True, slots=True)
class DealSettlement:
    """The end of one deal: final scores, brisques, who won and what it is worth.

    The replay keeps this very object for every view (``validator.replay`` re-exports it).
    ``scores`` is the deal's score as a record claims it: without brisques in Rubicon (they are
    never scored in play), with them in a target game (the guide's "Alice's deal is ... 500").
    ``points`` is always without brisques. In Rubicon ``value`` is the game's value; in a target
    game, where a deal has no value of its own, it is the margin of the deal's best score.
    ``working`` holds the reckoning line by line in words, as the rule texts write it ("A wins
    1800, less the 1200 scored by B, ... 1100").
    """

    scores: dict[str, int]
    brisques: dict[str, int]
    winner: str | None
    value: int
    rubicon: bool = False
    void: bool = False
    working: tuple[str, ...] = ()
    points: dict[str, int] = field(default_factory=dict)
    last_trick: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The data form of the replay schema (``docs/replay-schema.md``, dealSettlement)."""
        return {
            "scores": dict(self.scores),
            "brisques": dict(self.brisques),
            "winner": self.winner,
            "value": self.value,
            "rubicon": self.rubicon,
            "void": self.void,
            "working": list(self.working),
        }


DealResult = DealSettlement
"""The former name of :class:`DealSettlement` (the simulator's)."""


def hundreds_below(points: int) -> int:
    """The score to the hundred below: "all fractions of a hundred are disregarded"."""
    return points // 100 * 100


def _check_scores(
    scores: Mapping[str, int],
    brisques: Mapping[str, int] | None,
    players: int | None,
    *,
    negative: bool = False,
) -> None:
    if players is not None and len(scores) != players:
        raise SettlementError(
            f"expected scores for {players} players, got {len(scores)}: {dict(scores)}"
        )
    if len(scores) < 2:
        raise SettlementError(f"a settlement needs two players or more, got {dict(scores)}")
    for seat, points in scores.items():
        if isinstance(points, bool) or not isinstance(points, int) or (points < 0 and not negative):
            raise SettlementError(f"score of {seat} must be a whole number >= 0, got {points!r}")
    if brisques is None:
        return
    if set(brisques) != set(scores):
        raise SettlementError(
            f"brisques given for {sorted(brisques)} but scores for {sorted(scores)}"
        )
    for seat, count in brisques.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise SettlementError(f"brisques of {seat} must be a whole number >= 0, got {count!r}")


def _pack_brisques(rules: SettlementRules, brisques: Mapping[str, int] | None) -> int | None:
    if rules.brisques_in_pack is not None:
        if brisques is not None and sum(brisques.values()) > rules.brisques_in_pack:
            raise SettlementError(
                f"brisques {dict(brisques)} add up to more than the "
                f"{rules.brisques_in_pack} in the pack"
            )
        return rules.brisques_in_pack
    return None if brisques is None else sum(brisques.values())


def settle_deal(
    scores: Mapping[str, int],
    brisques: Mapping[str, int] | None,
    rules: SettlementRules,
    *,
    last_trick: str | None = None,
) -> DealSettlement:
    """Settle one deal under ``rules`` (its kind decides how).

    ``scores`` are each seat's points without brisques (combinations, carte blanche, sevens,
    the last trick); ``brisques`` the number of aces and tens each took, or ``None`` when the
    record does not tell (then :class:`BrisquesNeeded` is raised if they are needed).
    ``last_trick`` is the seat that won the last trick (a target game's tie rule reads it).
    """
    if rules.kind == "rubicon":
        return settle_rubicon_deal(scores, brisques, rules)
    return settle_target_deal(scores, brisques, rules, last_trick=last_trick)


def settle_rubicon_deal(
    scores: Mapping[str, int], brisques: Mapping[str, int] | None, rules: SettlementRules
) -> DealSettlement:
    """A Rubicon (Chinese, six-pack) deal, which is a game: its winner and value.

    rubicon-bezique-laws.txt, Scoring and Rubicons; hoffmann-1909-portland-club-laws.txt,
    laws 56-61. Worked in the order of the texts: decide whether the brisques are counted,
    find the winner, then reckon the game or the rubicon.
    """
    _check_scores(scores, brisques, 2)
    in_pack = _pack_brisques(rules, brisques)
    a, b = scores
    points = dict(scores)
    working = [f"Scores: {a} {points[a]}, {b} {points[b]}."]
    high, low = (a, b) if points[a] >= points[b] else (b, a)
    gap = points[high] - points[low]
    line = rules.rubicon
    bv = rules.brisque_value

    count_reason: str | None = None
    if not rules.count_brisques:
        working.append("Brisques are not played in this game.")
    elif gap == 0:
        count_reason = "the scores are equal"
    elif gap < rules.brisques_margin:
        count_reason = f"the scores are within {rules.brisques_margin} of each other ({gap} apart)"
    elif points[low] < line:
        if in_pack is None:
            raise BrisquesNeeded(
                f"{low} has {points[low]}, under {line}: the brisques are needed to see "
                "whether they save the rubicon"
            )
        if points[low] + bv * in_pack >= line:
            count_reason = f"{low} has {points[low]}, under {line}, and brisques could save it"
        else:
            working.append(
                f"Brisques are not counted: all {in_pack} brisques would not bring "
                f"{low}'s {points[low]} to {line}."
            )
    else:
        working.append(
            f"Brisques are not counted: the scores are {gap} apart and {low} has reached {line}."
        )

    totals = dict(points)
    if count_reason is not None:
        if brisques is None:
            raise BrisquesNeeded(f"brisques are needed to settle: {count_reason}")
        totals = {seat: points[seat] + bv * brisques[seat] for seat in points}
        working.append(
            f"Brisques counted, as {count_reason}: "
            + "; ".join(
                f"{seat} {brisques[seat]} for {bv * brisques[seat]}, making {totals[seat]}"
                for seat in (a, b)
            )
            + "."
        )
    brisque_counts = dict(brisques) if brisques is not None else {}

    if totals[a] == totals[b]:
        working.append(
            f"A tie at {totals[a]}"
            + (" after the brisques" if count_reason is not None else "")
            + ": the game is null and void (Portland law 61)."
        )
        return DealSettlement(
            scores=points,
            brisques=brisque_counts,
            winner=None,
            value=0,
            void=True,
            working=tuple(working),
            points=points,
        )
    winner, loser = (a, b) if totals[a] > totals[b] else (b, a)

    if totals[loser] >= line:
        w = hundreds_below(totals[winner])
        lo = hundreds_below(totals[loser])
        difference = w - lo
        value = difference + rules.game
        text = (
            f"{winner} wins {w}, less the {lo} scored by {loser}, which leaves {difference}; "
            f"plus {rules.game} for the game"
        )
        if difference < 100:
            value += rules.small_difference_bonus
            text += f" and {rules.small_difference_bonus} bonus, the difference being under 100"
        working.append(f"{text}: {value}.")
        return DealSettlement(
            scores=points,
            brisques=brisque_counts,
            winner=winner,
            value=value,
            working=tuple(working),
            points=points,
        )

    # The loser is rubiconed: his score is added to the winner's, never with his brisques.
    if count_reason is not None:
        working.append(
            f"{loser} has {totals[loser]}, under {line}, and is rubiconed: "
            "the game is reckoned as if the brisques had not been counted"
            + (
                f", except that {winner} keeps his own (rubicon-bezique-laws.txt, Rubicons)."
                if rules.failed_rescue == "keep-winner-brisques"
                else " (Portland law 61)."
            )
        )
    else:
        working.append(f"{loser} has {points[loser]}, under {line}, and is rubiconed.")
    winner_points = (
        totals[winner]
        if count_reason is not None and rules.failed_rescue == "keep-winner-brisques"
        else points[winner]
    )
    w = hundreds_below(winner_points)
    lo = hundreds_below(points[loser])
    bonus = rules.rubicon_game + rules.brisque_allowance
    value = w + lo + bonus
    text = (
        f"{winner} adds {loser}'s {lo} to his own {w}, making {w + lo}; plus {bonus} for "
        f"rubicon and brisques ({rules.rubicon_game} and {rules.brisque_allowance})"
    )
    if points[loser] < rules.small_loser_under:
        value += rules.small_loser_bonus
        text += (
            f", and {rules.small_loser_bonus} bonus, {loser} having scored under "
            f"{rules.small_loser_under}"
        )
    working.append(f"{text}: {value}.")
    return DealSettlement(
        scores=points,
        brisques=brisque_counts,
        winner=winner,
        value=value,
        rubicon=True,
        working=tuple(working),
        points=points,
    )


def settle_rubicon_penalty(
    scores: Mapping[str, int], offender: str, rules: SettlementRules
) -> DealSettlement:
    """The rubicon for playing with too many cards, under the English laws.

    rubicon-bezique-laws.txt, Irregularities in Play: "the adversary of the player in error is
    to add 1300 points to his score ..., together with all the points already scored by the
    player in error; but the latter amount must not exceed 900" (Portland laws 17 and 21).
    Scores go to the hundred below as in any rubicon (law 58); one under 100 adds 100 more
    (law 59). Brisques are not counted.
    """
    if rules.kind != "rubicon":
        raise SettlementError("a game to a target has no rubicon to reckon a penalty by")
    _check_scores(scores, None, 2)
    if offender not in scores:
        raise SettlementError(f"offender {offender!r} has no score in {dict(scores)}")
    winner = next(seat for seat in scores if seat != offender)
    w = hundreds_below(scores[winner])
    taken = min(hundreds_below(scores[offender]), rules.penalty_cap)
    bonus = rules.rubicon_game + rules.brisque_allowance
    value = w + taken + bonus
    working = [
        f"Scores: {winner} {scores[winner]}, {offender} {scores[offender]}.",
        f"{offender} played with too many cards and is rubiconed (Portland law 17).",
    ]
    text = (
        f"{winner} adds {offender}'s {taken}"
        + (f" (at most {rules.penalty_cap})" if taken == rules.penalty_cap else "")
        + f" to his own {w}, making {w + taken}; plus {bonus} for rubicon and brisques"
    )
    if scores[offender] < rules.small_loser_under:
        value += rules.small_loser_bonus
        text += (
            f", and {rules.small_loser_bonus} bonus, {offender} having scored under "
            f"{rules.small_loser_under}"
        )
    working.append(f"{text}: {value}.")
    return DealSettlement(
        scores=dict(scores),
        brisques={},
        winner=winner,
        value=value,
        rubicon=True,
        working=tuple(working),
        points=dict(scores),
    )


def settle_target_deal(
    points: Mapping[str, int],
    brisques: Mapping[str, int] | None,
    rules: SettlementRules,
    *,
    last_trick: str | None = None,
) -> DealSettlement:
    """A deal of a game to a target: each seat's deal score, points plus brisques.

    bezique-guide.txt, A worked deal: "Alice's deal is 420 in melds, 10 for the last trick and 70
    in brisques, 500". With ``count_brisques`` false (the guide's "No brisques") the brisques
    are left out.
    """
    # A forfeit deducted from a player's score may leave his deal below nothing: in a game to a
    # target it comes off his running total (enquire-within-1894-forfeits.txt, 123 xii).
    _check_scores(points, brisques, None, negative=True)
    _pack_brisques(rules, brisques)
    if last_trick is not None and last_trick not in points:
        raise SettlementError(f"last trick won by {last_trick!r}, who has no score")
    bv = rules.brisque_value
    working: list[str] = []
    totals = dict(points)
    if rules.count_brisques:
        if brisques is None:
            raise BrisquesNeeded("the deal's score needs each player's brisques")
        for seat in points:
            totals[seat] = points[seat] + bv * brisques[seat]
            working.append(
                f"{seat}: {points[seat]} in points and {brisques[seat]} brisques for "
                f"{bv * brisques[seat]}: {totals[seat]}."
            )
    else:
        for seat in points:
            working.append(f"{seat}: {points[seat]} (no brisques).")
    ranked = sorted(totals.values(), reverse=True)
    best = [seat for seat, total in totals.items() if total == ranked[0]]
    winner = best[0] if len(best) == 1 else None
    return DealSettlement(
        scores=totals,
        brisques=dict(brisques) if brisques is not None else {},
        winner=winner,
        value=ranked[0] - ranked[1],
        working=tuple(working),
        points=dict(points),
        last_trick=last_trick,
    )
