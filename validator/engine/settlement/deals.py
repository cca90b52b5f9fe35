"""Settlement: what a deal, a game and a sitting are worth, reckoned as the rule texts do.

Two kinds of game are settled here, each parametrised by :class:`SettlementRules` (the
``settlement:`` section of a rule set; every number is data and every point where the texts
disagree is a named switch, documented in ``docs/rules.md``):

- ``rubicon`` (Rubicon, Chinese, six-pack): one deal is the game. Scores are taken to the hundred
  below, the difference plus the game bonus is the value; brisques are counted only when the
  scores are near or to save a rubicon; a loser under the rubicon line is rubiconed
  (rubicon-bezique-laws.txt, Scoring and Rubicons; Portland laws 56-61).
- ``target`` (the two-pack and the three-handed game): deals are played until a running total
  reaches the target; the higher total wins when two cross in one deal (bezique-guide.txt,
  Ending).

A sitting (:func:`settle_sitting`) is a series of games kept in hundreds and paid at a stake per
hundred; :func:`check_chouette_rotation` checks the chouette arrangement's order of play.

Every result carries ``working``: the reckoning line by line in words, as the texts write it.
This module is pure: no I/O, no parser, no command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Final

KINDS: Final = ("rubicon", "target")
FAILED_RESCUE: Final = ("keep-winner-brisques", "no-brisques")
TIE_AT_LINE: Final = ("melds-then-last-trick", "play-on", "draw")
GAME_VALUE: Final = ("difference", "games")

_COMMON_KEYS: Final = ("kind", "count_brisques", "brisque_value", "brisques_in_pack")
_RUBICON_KEYS: Final = (
    "rubicon",
    "game",
    "rubicon_game",
    "brisque_allowance",
    "small_difference_bonus",
    "small_loser_under",
    "small_loser_bonus",
    "brisques_margin",
    "failed_rescue",
    "penalty_cap",
)
_TARGET_KEYS: Final = ("target", "tie_at_line", "game_value", "double_game_under")


class SettlementError(ValueError):
    """Scores or brisques that cannot be settled (wrong seats, negative numbers, too many)."""


class SettlementRulesError(SettlementError):
    """A ``settlement:`` section that breaks the schema; the message names the file and key."""


class BrisquesNeeded(SettlementError):
    """The settlement needs the brisques (a near game or a rubicon to save) and none were given."""


@dataclass(frozen=True, slots=True)
class SettlementRules:
    """The numbers and switches of a variant's settlement (the ``settlement:`` section).

    Defaults are Rubicon's (rubicon-bezique-laws.txt) and the two-pack game's (bezique-guide.txt);
    ``docs/rules.md`` gives the source and the reason of each (chapter Settlement).
    """

    kind: str = "rubicon"
    count_brisques: bool = True
    """False for the guide's "No brisques" game: melds and the last trick only."""
    brisque_value: int = 10
    brisques_in_pack: int | None = None
    """32 in four packs, 48 in six; ``None``: taken from the brisques given (all are taken)."""
    # kind: rubicon
    rubicon: int = 1000
    game: int = 500
    rubicon_game: int = 1000
    brisque_allowance: int = 300
    small_difference_bonus: int = 100
    small_loser_under: int = 100
    small_loser_bonus: int = 100
    brisques_margin: int = 200
    failed_rescue: str = "keep-winner-brisques"
    penalty_cap: int = 900
    """Most of the offender's score added in a rubicon for too many cards (Portland law 17)."""
    # kind: target
    target: int = 1000
    tie_at_line: str = "melds-then-last-trick"
    game_value: str = "difference"
    double_game_under: int | None = 500

    @classmethod
    def from_mapping(cls, mapping: object, where: str) -> SettlementRules:
        """Check a ``settlement:`` section and build the rules; ``where`` names its file.

        Errors are :class:`SettlementRulesError` (a ``ValueError``) reading
        ``WHERE: settlement.KEY: expected ..., found ...``.
        """
        if not isinstance(mapping, Mapping):
            raise SettlementRulesError(
                f"{where}: settlement: expected a mapping of keys, found {mapping!r}"
            )
        for key in mapping:
            if not isinstance(key, str):
                raise SettlementRulesError(f"{where}: settlement: keys must be text, found {key!r}")
        kind = mapping.get("kind")
        if kind not in KINDS:
            raise SettlementRulesError(
                f"{where}: settlement.kind: expected one of {', '.join(KINDS)}, found {kind!r}"
            )
        own = _RUBICON_KEYS if kind == "rubicon" else _TARGET_KEYS
        allowed = (*_COMMON_KEYS, *own)
        for key in mapping:
            if key not in allowed:
                raise SettlementRulesError(
                    f"{where}: settlement.{key}: unknown key for kind {kind} "
                    f"(known: {', '.join(allowed)})"
                )
        values: dict[str, Any] = {"kind": kind}
        for key in allowed[1:]:
            if key not in mapping:
                continue
            default = getattr(cls(), key)
            value = mapping[key]
            values[key] = _check_value(key, value, default, f"{where}: settlement.{key}")
        return cls(**values)

    def adapted(
        self, *, no_brisques: bool, brisque_value: int, brisques_in_pack: int
    ) -> SettlementRules:
        """These rules with the rule set's brisque facts (its ``no_brisques``, value, pack)."""
        return replace(
            self,
            count_brisques=self.count_brisques and not no_brisques,
            brisque_value=brisque_value,
            brisques_in_pack=brisques_in_pack,
        )


def _check_value(key: str, value: object, default: object, where: str) -> object:
    """Check one key of the section against the type (and choices) of its default."""
    choices = {
        "failed_rescue": FAILED_RESCUE,
        "tie_at_line": TIE_AT_LINE,
        "game_value": GAME_VALUE,
    }.get(key)
    if choices is not None:
        if value not in choices:
            raise SettlementRulesError(
                f"{where}: expected one of {', '.join(choices)}, found {value!r}"
            )
        return value
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise SettlementRulesError(f"{where}: expected true or false, found {value!r}")
        return value
    nullable = key in ("double_game_under", "brisques_in_pack")
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        wanted = "a whole number >= 0" + (" or null" if nullable else "")
        raise SettlementRulesError(f"{where}: expected {wanted}, found {value!r}")
    return value


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

    def to_dict(self) -> dict[str, Any]:
        """The data form of the replay schema (``docs/replay-schema.md``, game)."""
        return {
            "totals": dict(self.totals),
            "winner": self.winner,
            "value": self.value,
            "result": self.result,
            "working": list(self.working),
        }


DealResult = DealSettlement
"""The former name of :class:`DealSettlement` (the simulator's)."""
GameResult = GameSettlement
"""The former name of :class:`GameSettlement` (the simulator's)."""


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


# Corrections ------------------------------------------------------------------------------

CORRECTION_KINDS: Final = (
    "points",
    "last-trick",
    "brisques",
    "rubicon",
    "abandon",
    "void",
    "replay",
)
"""What a law may change in a deal (the ``kind`` of a :class:`Correction`):

- ``points``: ``amount`` points to ``seat`` (negative: taken down);
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
    ``complete`` or the laws decide it (a void deal, a rubicon). ``notes`` (rulings made at the
    table, say) are written into the working after the corrections.
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
        elif correction.kind in ("points", "last-trick") and seat in new_points and amount:
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
        elif complete:
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


# Sittings -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SittingGame:
    """One game of a sitting: the two who played it, the winner and its value in points."""

    players: tuple[str, ...]
    winner: str
    value: int


@dataclass(frozen=True, slots=True)
class SittingSettlement:
    """The end of a sitting: each player's net in hundreds and in money at the stake."""

    games: int
    net_hundreds: dict[str, Decimal]
    money: dict[str, Decimal]
    stake_per_hundred: Decimal
    working: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RotationProblem:
    """A game of a chouette played by the wrong adversary (finding code S506)."""

    game: int
    """1-based number of the game in the sitting."""
    message: str
    code: str = "S506"


def _check_game(number: int, game: SittingGame) -> None:
    if len(game.players) != 2 or game.players[0] == game.players[1]:
        raise SettlementError(f"game {number}: expected two players, got {game.players}")
    if game.winner not in game.players:
        raise SettlementError(f"game {number}: winner {game.winner!r} is not one of {game.players}")
    if isinstance(game.value, bool) or not isinstance(game.value, int) or game.value < 0:
        raise SettlementError(f"game {number}: value must be a whole number >= 0")


def settle_sitting(
    games: Sequence[SittingGame],
    stake_per_hundred: Decimal | int | str,
    *,
    chouette: str | None = None,
    adversaries: Sequence[str] = (),
    partners: Mapping[str, str] | None = None,
) -> SittingSettlement:
    """Settle a sitting: net results kept in hundreds, paid at the end at a stake per hundred.

    rubicon-bezique-laws.txt, Stakes ("all fractions of a hundred are disregarded") and the
    end of Rubicons ("setting down the hundreds only, and to settle at the end of the
    sitting"). Each game counts its value's whole hundreds.

    - Plain: the loser of each game pays the winner.
    - ``chouette``: that player takes all bets (Chouette Bézique): each game is won or lost
      against every adversary (``adversaries``, or everyone else who played).
    - ``partners`` (four players, two against two): each player shares his bets with his
      partner, so each side's result is split equally between its two members.
    """
    stake = Decimal(stake_per_hundred)
    net: dict[str, Decimal] = {}
    working: list[str] = []
    bettors = list(adversaries)
    if chouette is not None and not bettors:
        for game in games:
            for player in game.players:
                if player != chouette and player not in bettors:
                    bettors.append(player)
    for name in ([chouette] if chouette else []) + bettors:
        net.setdefault(name, Decimal(0))
    for number, game in enumerate(games, 1):
        _check_game(number, game)
        loser = game.players[1] if game.winner == game.players[0] else game.players[0]
        hundreds = Decimal(game.value // 100)
        text = f"Game {number}: {game.winner} beats {loser}, {game.value}: {hundreds} hundreds"
        if chouette is not None:
            if chouette not in game.players:
                raise SettlementError(f"game {number}: the chouette player {chouette} did not play")
            sign = 1 if game.winner == chouette else -1
            for bettor in bettors:
                net[bettor] = net.get(bettor, Decimal(0)) - sign * hundreds
            net[chouette] += sign * hundreds * len(bettors)
            text += f", against each of {len(bettors)} adversaries"
        elif partners is not None:
            sides = []
            for player in (game.winner, loser):
                mate = partners.get(player)
                if mate is None:
                    raise SettlementError(f"game {number}: {player} has no partner")
                sides.append((player, mate))
            share = hundreds / 2
            for player in sides[0]:
                net[player] = net.get(player, Decimal(0)) + share
            for player in sides[1]:
                net[player] = net.get(player, Decimal(0)) - share
            text += f", shared: {share} to each of {sides[0][0]} and {sides[0][1]}"
        else:
            net[game.winner] = net.get(game.winner, Decimal(0)) + hundreds
            net[loser] = net.get(loser, Decimal(0)) - hundreds
        working.append(text + ".")
    if sum(net.values(), Decimal(0)) != 0:
        raise SettlementError(f"the sitting does not balance: {net}")
    money = {player: hundreds * stake for player, hundreds in net.items()}
    for player in net:
        working.append(f"{player}: {net[player]:+} hundreds at {stake}: {money[player]:+}.")
    return SittingSettlement(
        games=len(games),
        net_hundreds=net,
        money=money,
        stake_per_hundred=stake,
        working=tuple(working),
    )


def check_chouette_rotation(
    games: Sequence[SittingGame],
    chouette: str | None = None,
    order: Sequence[str] = (),
    first: int = 1,
) -> list[RotationProblem]:
    """Check a chouette's order of play; one :class:`RotationProblem` (S506) per wrong game.

    ``first`` is the number in the sitting of the first game given (a run of games that
    follows a game whose result is not known starts there: its first game is judged against
    none, as the first of a sitting is).

    rubicon-bezique-laws.txt, Chouette Bézique: the chouette player plays every game; "If the
    chouette player wins, one of his opponents takes the loser's place; but if he loses, the
    same player opposes him for the next game." With ``order`` (the adversaries as they cut)
    the first game is the first adversary's and a loser gives way to the next in that order.
    """
    problems: list[RotationProblem] = []
    if not games:
        return problems
    if chouette is None:
        common = set(games[0].players).intersection(*(set(g.players) for g in games[1:]))
        if len(common) != 1:
            if len(games) > 1:
                problems.append(
                    RotationProblem(
                        1,
                        "cannot tell the chouette player: "
                        + (
                            "no player sat in every game"
                            if not common
                            else f"{' and '.join(sorted(common))} sat in every game"
                        ),
                    )
                )
            return problems
        chouette = common.pop()
    previous: SittingGame | None = None
    previous_adversary: str | None = None
    for number, game in enumerate(games, first):
        if chouette not in game.players or len(game.players) != 2:
            problems.append(
                RotationProblem(
                    number, f"the chouette player {chouette} does not play game {number}"
                )
            )
            previous, previous_adversary = game, None
            continue
        adversary = game.players[1] if game.players[0] == chouette else game.players[0]
        if order and adversary not in order:
            problems.append(
                RotationProblem(number, f"{adversary} is not one of the adversaries {list(order)}")
            )
        elif previous is None:
            if order and adversary != order[0]:
                problems.append(
                    RotationProblem(
                        number,
                        f"the first game is for {order[0]}, who cut highest, not {adversary}",
                    )
                )
        elif previous_adversary is not None:
            if previous.winner == chouette:
                expected = _next_adversary(previous_adversary, order)
                if adversary == previous_adversary:
                    problems.append(
                        RotationProblem(
                            number,
                            f"{chouette} won game {number - 1}, so {previous_adversary} gives "
                            f"way; {adversary} may not play game {number}",
                        )
                    )
                elif expected is not None and adversary != expected:
                    problems.append(
                        RotationProblem(
                            number,
                            f"{chouette} won game {number - 1}: game {number} is for "
                            f"{expected}, the next adversary, not {adversary}",
                        )
                    )
            elif adversary != previous_adversary:
                problems.append(
                    RotationProblem(
                        number,
                        f"{chouette} lost game {number - 1}, so {previous_adversary} plays "
                        f"again; game {number} is his, not {adversary}'s",
                    )
                )
        previous, previous_adversary = game, adversary
    return problems


def _next_adversary(adversary: str, order: Sequence[str]) -> str | None:
    if not order or adversary not in order:
        return None
    return order[(list(order).index(adversary) + 1) % len(order)]
