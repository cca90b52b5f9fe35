"""The laws' corrections to a deal: :class:`Correction`, :class:`CorrectedDeal` and
:func:`correct_deal`, the one place their arithmetic is done.

Apart from the deal's own settlement, which it applies after the corrections; the replay's
rulings and the laws are its users.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .deals import DealSettlement, settle_deal, settle_rubicon_penalty
from .rules import SettlementError, SettlementRules

CORRECTION_KINDS: Final = (
    "points",
    "forfeit",
    "last-trick",
    "brisques",
    "rubicon",
    "abandon",
    "void",
    "replay",
)
"""What a law may change in a deal (the ``kind`` of a :class:`Correction`):

- ``points``: ``amount`` points to ``seat`` (negative: taken down);
- ``forfeit``: a forfeit of ``amount`` points to ``seat`` (negative: deducted from his score);
- ``last-trick``: the last trick's ``amount`` points to ``seat`` (negative: taken from him);
- ``brisques``: ``amount`` brisques to ``seat`` (negative: no longer his), from trick ``trick``;
- ``rubicon``: ``seat`` is rubiconed by the laws (Portland laws 17 and 21), reckoned here;
- ``abandon``: the game ends at the fault (trick ``trick``), with ``scores`` as they then stood;
- ``void``: the deal is void and scores nothing;
- ``replay``: play is taken back and replayed from trick ``trick``.
"""


@dataclass(frozen=True, slots=True)
class Correction:
    """One change a law makes to a deal: who (``seat``), what (``kind``), how much (``amount``)
    and why (``law``, the reference of the law that orders it).

    The laws say what changes; :func:`correct_deal` does all the arithmetic, so that every view
    (``check``, ``adjudicate``, the exports) shows the same corrected deal. Views put a
    correction into words (``validator.replay.wording``).
    """

    kind: str
    seat: str | None = None
    amount: int = 0
    law: str = ""
    trick: int | None = None
    scores: dict[str, int] | None = None
    """For ``abandon``: each seat's points when the game was abandoned."""

    def __post_init__(self) -> None:
        if self.kind not in CORRECTION_KINDS:
            raise SettlementError(
                f"correction kind {self.kind!r} is not one of {', '.join(CORRECTION_KINDS)}"
            )

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "amount": self.amount,
            "law": self.law,
            "trick": self.trick,
            "scores": None if self.scores is None else dict(self.scores),
        }


@dataclass(frozen=True, slots=True)
class CorrectedDeal:
    """A deal after the corrections of its rulings, and its settlement.

    ``points`` are without brisques; ``scores`` are the deal's scores as a record writes them
    (with ten a brisque in a game to a target that counts them). ``settlement`` is ``None`` for
    a deal left unfinished (and not decided by the laws) or one that cannot be settled (the
    reason is in ``working``).
    """

    points: dict[str, int]
    brisques: dict[str, int]
    scores: dict[str, int]
    void: bool = False
    abandoned: bool = False
    replay_from_trick: int | None = None
    rubiconed: str | None = None
    settlement: DealSettlement | None = None
    working: tuple[str, ...] = ()


def correct_deal(
    points: Mapping[str, int],
    brisques: Mapping[str, int],
    corrections: Sequence[Correction],
    rules: SettlementRules,
    *,
    last_trick: str | None = None,
    complete: bool = True,
    notes: Sequence[str] = (),
) -> CorrectedDeal:
    """Apply the laws' ``corrections`` to a deal and settle it: the one place their arithmetic is
    done.

    ``points`` are each seat's points as marked at the table, without brisques; ``brisques``
    the count each took. An ``abandon`` puts the points back to those at the fault; ``points``,
    ``last-trick`` and ``brisques`` corrections add up (a score never goes below nothing); a
    ``void`` deal scores nothing; a ``rubicon`` is reckoned by :func:`settle_rubicon_penalty`,
    once however many rulings order it ("No person can be subjected to two penalties for one
    offence", foster-1914-general-laws.txt, Double Penalties). A deal is settled when it is
    ``complete`` or the laws decide it (a void deal, a rubicon); not when they order play
    taken back and replayed (a ``replay``: the record does not hold the replayed tricks, and
    the tricks it holds from there on do not stand, hoffmann-1909 law 55). ``notes`` (rulings
    made at the table, say) are written into the working after the corrections.
    """
    new_points = dict(points)
    new_brisques = {seat: brisques.get(seat, 0) for seat in points}
    working: list[str] = []
    void = abandoned = False
    replay_from: int | None = None
    rubiconed: str | None = None
    for correction in corrections:
        if correction.kind == "abandon" and correction.scores is not None and not abandoned:
            abandoned = True
            new_points = {seat: correction.scores.get(seat, 0) for seat in new_points}
            at = f" at trick {correction.trick}" if correction.trick is not None else ""
            working.append(
                f"{correction.law}: the game ends{at}, with "
                + ", ".join(f"{seat} {p}" for seat, p in new_points.items())
                + "; nothing marked after it counts."
            )
    for correction in corrections:
        seat, amount, law = correction.seat, correction.amount, correction.law
        if correction.kind == "void":
            if not void:
                working.append(f"{law}: the deal is void.")
            void = True
        elif correction.kind == "replay" and correction.trick is not None:
            replay_from = (
                correction.trick if replay_from is None else min(replay_from, correction.trick)
            )
        elif (
            correction.kind in ("points", "forfeit", "last-trick") and seat in new_points and amount
        ):
            before = new_points[seat]
            after = before + amount
            what = " for the last trick" if correction.kind == "last-trick" else ""
            sign = "+" if amount > 0 else "-"
            working.append(f"{law}: {seat} {before} {sign} {abs(amount)}{what} = {after}.")
            new_points[seat] = after
        elif correction.kind == "brisques" and seat in new_brisques and amount:
            before = new_brisques[seat]
            new_brisques[seat] = max(0, before + amount)
            working.append(
                f"{law}: {seat}'s brisques {before} {'+' if amount > 0 else '-'} {abs(amount)}"
                f" = {new_brisques[seat]}."
            )
        elif correction.kind == "rubicon" and seat in new_points:
            if rubiconed is None:
                rubiconed = seat
            elif rubiconed == seat:
                working.append(
                    f"{law}: {seat} is already rubiconed for this fault; one offence, one penalty."
                )
    working.extend(notes)
    if rules.kind == "rubicon":
        for seat, p in new_points.items():
            if p < 0:
                working.append(f"{seat}'s score cannot go below nothing: {p} counts 0.")
                new_points[seat] = 0
    in_score = rules.kind == "target" and rules.count_brisques
    bv = rules.brisque_value
    scores = {
        seat: p + (bv * new_brisques.get(seat, 0) if in_score else 0)
        for seat, p in new_points.items()
    }
    settlement: DealSettlement | None = None
    if void:
        zeros = dict.fromkeys(new_points, 0)
        working.append("A void deal scores nothing for either player.")
        return CorrectedDeal(
            points=zeros,
            brisques=dict.fromkeys(new_brisques, 0),
            scores=dict(zeros),
            void=True,
            abandoned=abandoned,
            settlement=DealSettlement(
                scores=dict(zeros),
                brisques=dict.fromkeys(new_brisques, 0),
                winner=None,
                value=0,
                void=True,
                working=tuple(working),
                points=dict(zeros),
            ),
            working=tuple(working),
        )
    try:
        if rubiconed is not None:
            settled = settle_rubicon_penalty(new_points, rubiconed, rules)
            settlement = replace(settled, working=(*working, *settled.working))
        elif complete and replay_from is None:
            settled = settle_deal(new_points, new_brisques, rules, last_trick=last_trick)
            settlement = replace(settled, working=(*working, *settled.working))
    except SettlementError as exc:
        working.append(f"The deal cannot be settled: {exc}.")
    return CorrectedDeal(
        points=new_points,
        brisques=new_brisques,
        scores=scores,
        abandoned=abandoned,
        replay_from_trick=replay_from,
        rubiconed=rubiconed,
        settlement=settlement,
        working=tuple(working) if settlement is None else settlement.working,
    )
