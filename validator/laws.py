"""Codes of laws as data: what the English, the French or a club's laws do about each finding.

A code of laws is a YAML file (``validator/data/laws/english.yaml``, ``french.yaml``,
``forfeits.yaml``, or a user's own) mapping finding codes to remedies. :func:`load_laws` reads
and checks one; :meth:`Laws.remedy` turns a finding code and the facts of the case (a
:class:`RemedyContext`) into a :class:`validator.replay.Remedy`; :func:`apply_remedies` applies
the remedies of a deal to its scores, so that ``check`` and ``adjudicate`` give the same corrected
result.

The scores a remedy changes are the deal's scores *as marked at the table*: every declaration,
carte blanche, seven and last trick the record shows, at the value claimed. A false declaration
that stands (Portland law 50) therefore needs no change, and one taken down is subtracted.

``Remedy.uncounted`` lists what no longer counts, as ``SEAT:WHAT`` tokens that
:func:`apply_remedies` reads: ``A:score`` (A is rubiconed by the remedy: his points go to the
adversary, at most 900), ``A:last-trick``, ``A:brisques:-3`` / ``B:brisques:+3`` (brisques taken
from A, or given to B, when the laws move or strike them), ``B:score-at-fault:640`` (the game was
abandoned when B had 640: nothing marked after the fault counts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

import yaml

from validator.replay import Remedy

LAWS_DIR: Final = Path(__file__).resolve().parent / "data" / "laws"
"""Where the bundled codes of laws live."""

BUNDLED: Final = ("english", "french", "forfeits")
"""The codes of laws shipped with the project."""

CODE_PATTERN_LETTERS: Final = "DPWASR"

Challenge = Literal["none", "in-time", "late"]
"""Whether the record shows the fault challenged: not at all, before a card of the next trick
was played (Portland law 50), or later."""

ROLES: Final = ("offender", "adversary")
ELECTORS: Final = ("offender", "adversary", "both")
QUANTITIES: Final = (
    "offender-score",
    "offender-final-score",
    "offender-under-100",
    "offender-final-under-100",
    "claimed",
    "excess",
    "correction",
)
UNCOUNTABLE: Final = ("brisques-since", "last-trick")
LAST_TRICK: Final = ("adversary", "nobody")
WHEN_KEYS: Final = {
    "challenge": ("none", "in-time", "late"),
    "dealer_played": (True, False),
    "seen": (True, False),
    "both": (True, False),
    "pack_redundant": (True, False),
    "variant": None,
}
"""Facts a case may be conditioned on, with their allowed values (None: any text)."""

BODY_KEYS: Final = frozenset(
    {
        "law",
        "summary",
        "elector",
        "options",
        "score",
        "void_deal",
        "abandon_game",
        "replay_from_fault",
        "uncount",
        "last_trick",
        "rubicon_offender",
        "forfeit_strict_tricks",
        "compel_play",
    }
)
OPTION_KEYS: Final = frozenset(
    {"id", "summary", "law", "score", "void_deal", "abandon_game", "replay_from_fault"}
)
TOP_KEYS: Final = frozenset(
    {"name", "title", "principle", "base", "rules_overrides", "remedies", "sources"}
)


FACT_WORDS: Final = {
    ("dealer_played", False): "found before the dealer played to the first trick",
    ("dealer_played", True): "found after the dealer played to the first trick",
    ("challenge", "in-time"): "challenged before a card of the next trick was played",
    ("challenge", "late"): "challenged later",
    ("challenge", "none"): "never challenged",
    ("seen", True): "the card was seen",
    ("seen", False): "the card was not seen",
    ("both", True): "both players erred",
    ("both", False): "one player erred",
    ("pack_redundant", True): "a card beyond the packs' copies",
    ("pack_redundant", False): "the pack not redundant",
}
"""The conditions of the laws' cases in words, for the docs and ``bezique rules``."""


def condition_words(case: RemedyRule) -> str:
    """The condition of a case in words (``challenged before ...``); empty for the otherwise."""
    return " and ".join(FACT_WORDS.get((k, v), f"{k} {v}") for k, v in case.when.items())


class LawsError(ValueError):
    """A code of laws that cannot be read or breaks the schema; names the file and the key."""


@dataclass(frozen=True, slots=True)
class RemedyContext:
    """The facts of one irregularity that a remedy needs; the replay driver fills what it knows.

    - ``offender``, ``adversary``: the seat at fault and the seat against it.
    - ``scores``: the scores as marked when the fault happened; ``final_scores`` those at the end
      of the deal (for remedies that let the hand be played out, Portland law 21).
    - ``trick``: the trick of the fault; ``dealer_played``: whether the dealer had played to the
      first trick when the fault was found (the cut-off of Portland law 12).
    - ``election``, ``elected_by``: the choice the record marks (``^elect B void-deal``) and who
      made it; an election by a seat the law does not let choose is not applied.
    - ``challenge``: ``none`` (no challenge recorded), ``in-time`` (before a card of the next trick
      was played, Portland law 50) or ``late``.
    - ``claimed``, ``correct``: the points claimed for a score and the points it is worth.
    - ``seen`` (the extra card drawn was seen), ``both`` (both players drew wrongly),
      ``pack_redundant`` (a card beyond the packs' copies), ``cards`` (the cards concerned, for a
      remedy that calls one of them), ``variant``.
    - ``last_trick_value``, ``last_trick_winner``: what the last trick is worth and who won it.
    - ``brisques_since``: the offender's brisques taken from the fault's trick on;
      ``strict_brisques``: each seat's brisques taken in the strict tricks;
      ``brisques_in_score``: whether the rule set scores brisques as points in the deal score
      (two-pack) rather than keeping them apart for the settlement (Rubicon); ``brisque_value``.
    """

    offender: str | None = None
    adversary: str | None = None
    scores: Mapping[str, int] = field(default_factory=dict)
    final_scores: Mapping[str, int] | None = None
    trick: int | None = None
    dealer_played: bool = True
    election: str | None = None
    elected_by: str | None = None
    challenge: Challenge = "none"
    claimed: int | None = None
    correct: int | None = None
    seen: bool = False
    both: bool = False
    pack_redundant: bool = False
    variant: str = "rubicon"
    last_trick_value: int = 50
    last_trick_winner: str | None = None
    brisques_since: int = 0
    strict_brisques: Mapping[str, int] = field(default_factory=dict)
    brisques_in_score: bool = False
    brisque_value: int = 10
    cards: tuple[str, ...] = ()

    def fact(self, key: str) -> object:
        """The value of a fact a case may test (``challenge``, ``dealer_played`` ...)."""
        return getattr(self, key)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """A score change: ``points`` plus (or minus) a quantity of the case, capped."""

    to: str
    points: int = 0
    add: str | None = None
    subtract: str | None = None
    cap: int | None = None

    def amount(self, ctx: RemedyContext) -> int:
        """The points this item gives its seat in the case ``ctx`` (negative: taken down)."""
        total = self.points
        if self.add is not None:
            total += _capped(_quantity(self.add, ctx), self.cap)
        if self.subtract is not None:
            total -= _capped(_quantity(self.subtract, ctx), self.cap)
        return total


@dataclass(frozen=True, slots=True)
class Effects:
    """What a remedy (or one option of it) does, before the facts of a case are known."""

    score: tuple[ScoreItem, ...] = ()
    void_deal: bool = False
    abandon_game: bool = False
    replay_from_fault: bool = False
    uncount: tuple[str, ...] = ()
    last_trick: str | None = None
    rubicon_offender: bool = False
    forfeit_strict_tricks: bool = False
    compel_play: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a law gives a player: its id (as the record's ``^elect`` mark names it)."""

    id: str
    summary: str
    law: str | None
    effects: Effects


@dataclass(frozen=True, slots=True)
class RemedyRule:
    """One case of a law: when it applies, what it says and does, and the options it gives."""

    when: Mapping[str, object]
    law: str
    summary: str
    effects: Effects
    elector: str | None = None
    options: tuple[Option, ...] = ()
    same_as: str | None = None

    def matches(self, ctx: RemedyContext) -> bool:
        """True when every fact this case names has the value it asks for."""
        return all(ctx.fact(key) == value for key, value in self.when.items())


@dataclass(frozen=True, slots=True)
class Laws:
    """A code of laws: its name, principle, rule-set overrides and a remedy per finding code."""

    name: str
    title: str
    principle: str
    source: str
    rules_overrides: Mapping[str, Any]
    remedies: Mapping[str, tuple[RemedyRule, ...]]
    base: Laws | None = None

    def codes(self) -> tuple[str, ...]:
        """Every finding code these laws (or their base) give a remedy for, sorted."""
        own = set(self.remedies)
        if self.base is not None:
            own |= set(self.base.codes())
        return tuple(sorted(own))

    def defines(self, code: str) -> bool:
        """True when this file itself (not its base) gives a remedy for ``code``."""
        return code in self.remedies

    def rule_for(self, code: str, ctx: RemedyContext) -> tuple[Laws, RemedyRule] | None:
        """The code of laws and the case that govern ``code`` in ``ctx``, following ``same_as``."""
        seen: list[str] = []
        laws: Laws = self
        while True:
            cases = laws.remedies.get(code)
            if cases is None:
                if laws.base is None:
                    return None
                laws = laws.base
                continue
            case = next((c for c in cases if c.matches(ctx)), None)
            if case is None:
                return None
            if case.same_as is None:
                return laws, case
            seen.append(code)
            if case.same_as in seen:
                raise LawsError(f"{laws.source}: remedies.{code}: same_as loops through {seen}")
            code = case.same_as
            laws = self

    def remedy(self, code: str, ctx: RemedyContext) -> Remedy | None:
        """The remedy for finding ``code`` in the case ``ctx``, or None when no law names it.

        Where the law gives an election, the one the record states (``ctx.election``) is used;
        otherwise the remedy lists the options, rules on each in its summary, and applies only
        what every option shares.
        """
        found = self.rule_for(code, ctx)
        if found is None:
            return None
        _, case = found
        template = case.summary
        if case.when:
            template = f"{_capital(condition_words(case))}: {template}"
        if not case.options:
            return _build(self.name, case.law, _fill(template, ctx), case.effects, ctx)
        ids = tuple(option.id for option in case.options)
        chosen = next((o for o in case.options if o.id == ctx.election), None)
        entitled = _entitled(case.elector, ctx)
        if chosen is not None and not entitled:
            chosen = None
        if chosen is not None:
            summary = _fill(f"{template} Elected: {chosen.summary}.", ctx)
            remedy = _build(
                self.name,
                chosen.law or case.law,
                summary,
                _merge(case.effects, chosen.effects),
                ctx,
            )
            return replace(remedy, elections=ids, elected=chosen.id)
        who = _role_name(case.elector, ctx)
        rulings = "; ".join(f"if {who} elects {o.id}, {o.summary}" for o in case.options)
        note = ""
        if ctx.election is not None and not entitled:
            note = f" ({ctx.elected_by}'s election {ctx.election!r} is not his to make)"
        elif ctx.election is not None:
            note = f" (the record's election {ctx.election!r} is not one this law gives)"
        summary = _fill(f"{template} No election recorded{note}: {rulings}.", ctx)
        remedy = _build(self.name, case.law, summary, case.effects, ctx)
        return replace(remedy, elections=ids)

    def options(self, code: str, ctx: RemedyContext) -> tuple[Remedy, ...]:
        """One remedy per option the law gives for ``code`` in ``ctx`` (empty when none)."""
        found = self.rule_for(code, ctx)
        if found is None:
            return ()
        _, case = found
        out = []
        for option in case.options:
            remedy = self.remedy(code, replace(ctx, election=option.id, elected_by=None))
            if remedy is not None:
                out.append(remedy)
        return tuple(out)

    def describe(self, code: str) -> tuple[RemedyRule, ...]:
        """The cases of ``code`` as written (for the docs and ``bezique rules``), base included."""
        if code in self.remedies:
            return self.remedies[code]
        if self.base is not None:
            return self.base.describe(code)
        return ()


@dataclass(frozen=True, slots=True)
class CorrectedDeal:
    """A deal's scores and brisques after its remedies, and what the remedies decided.

    ``winner`` and ``value`` are set only when a remedy itself decides the game (a player
    rubiconed by the laws, Portland laws 17 and 21); otherwise the settlement reckons them from
    ``scores`` and ``brisques``. ``working`` says each step in words.
    """

    scores: dict[str, int]
    brisques: dict[str, int]
    void: bool = False
    abandoned: bool = False
    replay_from_trick: int | None = None
    winner: str | None = None
    value: int | None = None
    working: tuple[str, ...] = ()


def apply_remedies(
    scores: Mapping[str, int],
    brisques: Mapping[str, int],
    remedies: Iterable[Remedy | None],
) -> CorrectedDeal:
    """Apply the score changes, void deals and struck points of ``remedies`` to a deal.

    ``scores`` are the deal's scores as marked at its end and ``brisques`` the count of brisques
    each seat took; a remedy that abandons the game carries the scores at the time of the fault
    (``SEAT:score-at-fault:N``), and those replace the final ones.
    """
    new_scores = dict(scores)
    new_brisques = dict(brisques)
    working: list[str] = []
    void = abandoned = False
    replay_from: int | None = None
    rubiconed: list[tuple[str, str, int]] = []
    given = [remedy for remedy in remedies if remedy is not None]
    for remedy in given:
        for token in remedy.uncounted:
            seat, _, rest = token.partition(":score-at-fault:")
            if rest:
                new_scores[seat] = int(rest)
                working.append(f"{remedy.law_ref}: the game ends here, {seat} with {rest}")
    for remedy in given:
        if remedy.void_deal:
            void = True
            working.append(f"{remedy.law_ref}: the deal is void")
        abandoned = abandoned or remedy.abandon_game
        if remedy.replay_from_trick is not None:
            replay_from = _min_trick(replay_from, remedy.replay_from_trick)
        for seat, points in remedy.score_changes.items():
            new_scores[seat] = new_scores.get(seat, 0) + points
            working.append(f"{remedy.law_ref}: {seat} {points:+d}")
        for token in remedy.uncounted:
            parts = token.split(":")
            if len(parts) == 3 and parts[1] == "brisques":
                seat, count = parts[0], int(parts[2])
                new_brisques[seat] = max(0, new_brisques.get(seat, 0) + count)
                working.append(f"{remedy.law_ref}: {seat} brisques {count:+d}")
            elif len(parts) == 2 and parts[1] == "score":
                gainer = next((s for s, p in remedy.score_changes.items() if p > 0), None)
                if gainer is not None:
                    rubiconed.append((parts[0], gainer, remedy.score_changes[gainer]))
    if void:
        return CorrectedDeal(
            scores={seat: 0 for seat in new_scores},
            brisques={seat: 0 for seat in new_brisques},
            void=True,
            abandoned=abandoned,
            replay_from_trick=None,
            working=(*working, "a void deal scores nothing for either player"),
        )
    winner: str | None = None
    value: int | None = None
    if rubiconed:
        loser, winner, penalty = rubiconed[0]
        own = new_scores.get(winner, 0) - penalty
        value = _hundreds(own) + _hundreds(penalty)
        working.append(
            f"{loser} rubiconed by the laws: {winner}'s {own} counts {_hundreds(own)} and the "
            f"{penalty} the laws add (the rubicon and {loser}'s points) counts "
            f"{_hundreds(penalty)}, fractions of a hundred thrown off: {winner} wins {value}"
        )
    return CorrectedDeal(
        scores=new_scores,
        brisques=new_brisques,
        void=False,
        abandoned=abandoned,
        replay_from_trick=replay_from,
        winner=winner,
        value=value,
        working=tuple(working),
    )


def load_laws(name_or_path: str | Path) -> Laws:
    """Read a code of laws by name (``english``, ``french``, ``forfeits``) or from a YAML file.

    The file is read with ``yaml.safe_load`` and checked; a :class:`LawsError` names the file and
    the key at fault. A ``base:`` (a name or a path next to the file) supplies the remedies the
    file does not give.
    """
    return _load(name_or_path, ())


def _load(name_or_path: str | Path, chain: tuple[str, ...]) -> Laws:
    path = _resolve(name_or_path, None)
    source = str(path)
    if source in chain:
        raise LawsError(f"{source}: base: loops through {' -> '.join(chain)}")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LawsError(f"{source}: cannot read the laws file: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise LawsError(f"{source}: not valid YAML: {exc}") from None
    return _parse(data, source, path, (*chain, source))


def _resolve(name_or_path: str | Path, relative_to: Path | None) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, str) and text in BUNDLED:
        return LAWS_DIR / f"{text}.yaml"
    path = Path(text)
    if not path.suffix and "/" not in text:
        raise LawsError(
            f"unknown laws {text!r}: give one of {', '.join(BUNDLED)} or the path of a YAML file"
        )
    if relative_to is not None and not path.is_absolute():
        path = relative_to.parent / path
    return path


def _parse(data: object, source: str, path: Path, chain: tuple[str, ...]) -> Laws:
    if not isinstance(data, dict):
        raise LawsError(f"{source}: expected a mapping at the top level")
    unknown = sorted(set(map(str, data)) - TOP_KEYS)
    if unknown:
        raise LawsError(f"{source}: unknown key(s) {', '.join(unknown)}")
    name = _text(data, "name", source)
    title = _text(data, "title", source)
    principle = _text(data, "principle", source)
    overrides = data.get("rules_overrides") or {}
    if not isinstance(overrides, dict):
        raise LawsError(f"{source}: rules_overrides: expected a mapping")
    base: Laws | None = None
    base_ref = data.get("base")
    if base_ref is not None:
        if not isinstance(base_ref, str):
            raise LawsError(f"{source}: base: expected a name or a path")
        base = _load(
            base_ref if base_ref in BUNDLED else _resolve(base_ref, path),
            chain,
        )
    raw = data.get("remedies")
    if not isinstance(raw, dict):
        raise LawsError(f"{source}: remedies: expected a mapping of finding codes")
    remedies: dict[str, tuple[RemedyRule, ...]] = {}
    for code, entry in raw.items():
        where = f"{source}: remedies.{code}"
        if not _is_code(code):
            raise LawsError(f"{where}: not a finding code (a letter and three digits)")
        remedies[code] = _cases(entry, where)
    laws = Laws(
        name=name,
        title=title,
        principle=principle,
        source=source,
        rules_overrides=overrides,
        remedies=remedies,
        base=base,
    )
    for code, cases in remedies.items():
        for case in cases:
            if case.same_as is not None and case.same_as not in laws.codes():
                raise LawsError(
                    f"{source}: remedies.{code}: same_as {case.same_as} has no remedy here"
                )
    return laws


def _cases(entry: object, where: str) -> tuple[RemedyRule, ...]:
    if not isinstance(entry, dict):
        raise LawsError(f"{where}: expected a mapping")
    if "cases" not in entry:
        return (_case(entry, where, {}),)
    if set(entry) != {"cases"}:
        raise LawsError(f"{where}: 'cases' cannot sit beside other keys")
    items = entry["cases"]
    if not isinstance(items, list) or not items:
        raise LawsError(f"{where}.cases: expected a non-empty list")
    out = []
    for index, item in enumerate(items):
        here = f"{where}.cases[{index}]"
        if not isinstance(item, dict):
            raise LawsError(f"{here}: expected a mapping")
        when = item.get("when", {})
        if not isinstance(when, dict):
            raise LawsError(f"{here}.when: expected a mapping")
        for key, value in when.items():
            if key not in WHEN_KEYS:
                raise LawsError(f"{here}.when: unknown fact {key!r} ({', '.join(WHEN_KEYS)})")
            allowed = WHEN_KEYS[key]
            if allowed is not None and value not in allowed:
                raise LawsError(f"{here}.when.{key}: {value!r} is not one of {allowed}")
        body = {k: v for k, v in item.items() if k != "when"}
        if "same_as" in body:
            if set(body) != {"same_as"} or not _is_code(body["same_as"]):
                raise LawsError(f"{here}: same_as takes a finding code and nothing beside it")
            out.append(RemedyRule(when, "", "", Effects(), same_as=body["same_as"]))
        else:
            out.append(_case(body, here, when))
    if out[-1].when:
        raise LawsError(f"{where}.cases: the last case must have no 'when' (it is the otherwise)")
    return tuple(out)


def _case(body: dict[Any, Any], where: str, when: Mapping[str, object]) -> RemedyRule:
    unknown = sorted(set(map(str, body)) - BODY_KEYS)
    if unknown:
        raise LawsError(f"{where}: unknown key(s) {', '.join(unknown)}")
    law = _text(body, "law", where)
    summary = _text(body, "summary", where)
    elector = body.get("elector")
    if elector is not None and elector not in ELECTORS:
        raise LawsError(f"{where}.elector: {elector!r} is not one of {', '.join(ELECTORS)}")
    options: list[Option] = []
    raw_options = body.get("options", [])
    if not isinstance(raw_options, list):
        raise LawsError(f"{where}.options: expected a list")
    for index, raw in enumerate(raw_options):
        here = f"{where}.options[{index}]"
        if not isinstance(raw, dict):
            raise LawsError(f"{here}: expected a mapping")
        extra = sorted(set(map(str, raw)) - OPTION_KEYS)
        if extra:
            raise LawsError(f"{here}: unknown key(s) {', '.join(extra)}")
        law_text = raw.get("law")
        if law_text is not None and not isinstance(law_text, str):
            raise LawsError(f"{here}.law: expected text")
        options.append(
            Option(
                _text(raw, "id", here), _text(raw, "summary", here), law_text, _effects(raw, here)
            )
        )
    if options and elector is None:
        raise LawsError(f"{where}: options need an elector ({', '.join(ELECTORS)})")
    if len({o.id for o in options}) != len(options):
        raise LawsError(f"{where}.options: two options share an id")
    return RemedyRule(when, law, summary, _effects(body, where), elector, tuple(options))


def _effects(body: Mapping[Any, Any], where: str) -> Effects:
    items = body.get("score", [])
    if not isinstance(items, list):
        raise LawsError(f"{where}.score: expected a list")
    score = tuple(_score_item(item, f"{where}.score[{i}]") for i, item in enumerate(items))
    uncount = body.get("uncount", [])
    if not isinstance(uncount, list) or any(u not in UNCOUNTABLE for u in uncount):
        raise LawsError(f"{where}.uncount: expected a list of {', '.join(UNCOUNTABLE)}")
    last_trick = body.get("last_trick")
    if last_trick is not None and last_trick not in LAST_TRICK:
        raise LawsError(f"{where}.last_trick: expected one of {', '.join(LAST_TRICK)}")
    flags = {}
    for key in (
        "void_deal",
        "abandon_game",
        "replay_from_fault",
        "rubicon_offender",
        "forfeit_strict_tricks",
        "compel_play",
    ):
        value = body.get(key, False)
        if not isinstance(value, bool):
            raise LawsError(f"{where}.{key}: expected true or false")
        flags[key] = value
    return Effects(
        score=score,
        uncount=tuple(uncount),
        last_trick=last_trick,
        void_deal=flags["void_deal"],
        abandon_game=flags["abandon_game"],
        replay_from_fault=flags["replay_from_fault"],
        rubicon_offender=flags["rubicon_offender"],
        forfeit_strict_tricks=flags["forfeit_strict_tricks"],
        compel_play=flags["compel_play"],
    )


def _score_item(raw: object, where: str) -> ScoreItem:
    if not isinstance(raw, dict):
        raise LawsError(f"{where}: expected a mapping")
    extra = sorted(set(map(str, raw)) - {"to", "points", "add", "subtract", "cap"})
    if extra:
        raise LawsError(f"{where}: unknown key(s) {', '.join(extra)}")
    to = raw.get("to")
    if to not in ROLES:
        raise LawsError(f"{where}.to: expected one of {', '.join(ROLES)}")
    for key in ("add", "subtract"):
        if raw.get(key) is not None and raw[key] not in QUANTITIES:
            raise LawsError(f"{where}.{key}: expected one of {', '.join(QUANTITIES)}")
    for key in ("points", "cap"):
        if raw.get(key) is not None and (
            not isinstance(raw[key], int) or isinstance(raw[key], bool)
        ):
            raise LawsError(f"{where}.{key}: expected a whole number")
    return ScoreItem(
        to=str(to),
        points=int(raw.get("points") or 0),
        add=raw.get("add"),
        subtract=raw.get("subtract"),
        cap=raw.get("cap"),
    )


def _text(data: Mapping[Any, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise LawsError(f"{where}: {key}: expected text")
    return value.strip()


def _is_code(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 4
        and value[0] in CODE_PATTERN_LETTERS
        and value[1:].isdigit()
    )


def _quantity(name: str, ctx: RemedyContext) -> int:
    offender = ctx.offender or ""
    if name == "offender-score":
        return ctx.scores.get(offender, 0)
    if name == "offender-final-score":
        final = ctx.final_scores if ctx.final_scores is not None else ctx.scores
        return final.get(offender, 0)
    if name == "offender-under-100":
        return 100 if ctx.scores.get(offender, 0) < 100 else 0
    if name == "offender-final-under-100":
        final = ctx.final_scores if ctx.final_scores is not None else ctx.scores
        return 100 if final.get(offender, 0) < 100 else 0
    claimed = ctx.claimed or 0
    correct = ctx.correct or 0
    if name == "claimed":
        return claimed
    if name == "excess":
        return max(0, claimed - correct)
    if name == "correction":
        return correct - claimed
    raise LawsError(f"unknown quantity {name!r}")


def _capped(value: int, cap: int | None) -> int:
    return value if cap is None else min(value, cap)


def _hundreds(points: int) -> int:
    """Points with the fractions of a hundred thrown off (Portland laws 57 and 58)."""
    return points // 100 * 100


def _min_trick(current: int | None, new: int) -> int:
    return new if current is None else min(current, new)


def _merge(base: Effects, extra: Effects) -> Effects:
    return Effects(
        score=base.score + extra.score,
        void_deal=base.void_deal or extra.void_deal,
        abandon_game=base.abandon_game or extra.abandon_game,
        replay_from_fault=base.replay_from_fault or extra.replay_from_fault,
        uncount=base.uncount + extra.uncount,
        last_trick=extra.last_trick or base.last_trick,
        rubicon_offender=base.rubicon_offender or extra.rubicon_offender,
        forfeit_strict_tricks=base.forfeit_strict_tricks or extra.forfeit_strict_tricks,
        compel_play=base.compel_play or extra.compel_play,
    )


def _entitled(elector: str | None, ctx: RemedyContext) -> bool:
    """Whether the seat the record names as electing (if any) is the one the law lets choose."""
    if ctx.elected_by is None or elector in (None, "both"):
        return True
    return ctx.elected_by == _role(elector, ctx)


def _capital(text: str) -> str:
    """The text with its first letter in capitals (a summary may open on a placeholder)."""
    return text[:1].upper() + text[1:]


def _role(role: str, ctx: RemedyContext) -> str | None:
    return ctx.offender if role == "offender" else ctx.adversary


def _role_name(role: str | None, ctx: RemedyContext) -> str:
    if role == "both":
        return "both players"
    if role is None:
        return "the player"
    return _role(role, ctx) or f"the {role}"


def _fill(template: str, ctx: RemedyContext) -> str:
    values = {
        "offender": ctx.offender or "the offender",
        "adversary": ctx.adversary or "the adversary",
        "trick": str(ctx.trick) if ctx.trick is not None else "N",
        "claimed": str(ctx.claimed) if ctx.claimed is not None else "score",
        "correct": str(ctx.correct) if ctx.correct is not None else "the right value",
        "cards": " ".join(ctx.cards) if ctx.cards else "the cards shown",
    }
    try:
        return _capital(template.format_map(values))
    except (KeyError, ValueError, IndexError) as exc:
        raise LawsError(f"summary {template!r}: bad placeholder: {exc}") from None


def _build(laws: str, law_ref: str, summary: str, effects: Effects, ctx: RemedyContext) -> Remedy:
    changes: dict[str, int] = {}
    uncounted: list[str] = []

    def add(seat: str | None, points: int) -> None:
        if seat is not None and points:
            changes[seat] = changes.get(seat, 0) + points

    for item in effects.score:
        add(_role(item.to, ctx), item.amount(ctx))
    offender, adversary = ctx.offender, ctx.adversary
    lt = ctx.last_trick_value
    if effects.rubicon_offender and offender is not None:
        uncounted.append(f"{offender}:score")
    if effects.abandon_game:
        uncounted.extend(f"{seat}:score-at-fault:{points}" for seat, points in ctx.scores.items())
    if effects.last_trick == "adversary" and offender and ctx.last_trick_winner == offender:
        add(offender, -lt)
        add(adversary, lt)
        uncounted.append(f"{offender}:last-trick")
    if effects.last_trick == "nobody" and ctx.last_trick_winner is not None:
        add(ctx.last_trick_winner, -lt)
        uncounted.append(f"{ctx.last_trick_winner}:last-trick")
    if "brisques-since" in effects.uncount and offender and ctx.brisques_since:
        uncounted.append(f"{offender}:brisques:-{ctx.brisques_since}")
        if ctx.brisques_in_score:
            add(offender, -ctx.brisque_value * ctx.brisques_since)
    if "last-trick" in effects.uncount and offender and ctx.last_trick_winner == offender:
        add(offender, -lt)
        uncounted.append(f"{offender}:last-trick")
    if effects.forfeit_strict_tricks and offender and adversary:
        moved = ctx.strict_brisques.get(offender, 0)
        if moved:
            uncounted.append(f"{offender}:brisques:-{moved}")
            uncounted.append(f"{adversary}:brisques:+{moved}")
            if ctx.brisques_in_score:
                add(offender, -ctx.brisque_value * moved)
                add(adversary, ctx.brisque_value * moved)
        if ctx.last_trick_winner == offender:
            add(offender, -lt)
            add(adversary, lt)
            uncounted.append(f"{offender}:last-trick")
    return Remedy(
        laws=laws,
        law_ref=law_ref,
        summary=summary,
        score_changes=changes,
        void_deal=effects.void_deal,
        abandon_game=effects.abandon_game,
        replay_from_trick=ctx.trick if effects.replay_from_fault else None,
        uncounted=tuple(uncounted),
    )
