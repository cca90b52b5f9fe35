"""Codes of laws as data: what the English, the French or a club's laws do about each finding.

A code of laws is a YAML file (``validator/data/laws/english.yaml``, ``french.yaml``,
``forfeits.yaml``, or a user's own) mapping finding codes to remedies. :func:`load_laws` reads
and checks one; :meth:`Laws.remedy` turns a finding code and the facts of the case (a
:class:`RemedyContext`) into a :class:`validator.replay.Remedy` whose ``corrections`` say, typed,
what changes (who, what, how much, why). The laws do no arithmetic: the settlement
(:func:`validator.engine.settlement.correct_deal`) applies the corrections, the penalty rubicon
included, so that ``check`` and ``adjudicate`` give the same corrected result.

The scores a remedy changes are the deal's scores *as marked at the table*: every declaration,
carte blanche, seven and last trick the record shows, at the value claimed. A false declaration
that stands (Portland law 50) therefore needs no change, and one taken down is subtracted.

Each game is ruled from its own texts: a code may send a family of games to another file
(``games: {ordinary: english-ordinary}``), so that the two-pack game under the English laws is
ruled from Foster's ordinary game and not from the Portland Club's laws of Rubicon
(:func:`game_of` says which family a rule set belongs to).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

import yaml

from validator.engine.ruleset import yaml_fault
from validator.engine.settlement import Correction
from validator.replay.model import Remedy

if TYPE_CHECKING:
    from validator.engine import RuleSet

LAWS_DIR: Final = Path(__file__).resolve().parent / "data" / "laws"
"""Where the bundled codes of laws live."""

BUNDLED: Final = ("english", "french", "forfeits")
"""The codes of laws a user may name (``--laws``, the ``Laws`` tag)."""

PARTS: Final = ("english-ordinary",)
"""Bundled files that are part of a code (its laws for a family of games), loadable by name."""

GAMES: Final = ("rubicon", "ordinary")
"""The families of games whose laws differ: Rubicon's (the Portland Club code, Foster's
English and French rules of Rubicon) and the ordinary game's (Foster's ordinary game)."""

CODE_PATTERN_LETTERS: Final = "DPWASR"

Challenge = Literal["none", "in-time", "late"]
"""Whether the record shows the fault challenged: not at all, before a card of the next trick
was played (Portland law 50), or later."""

ROLES: Final = ("offender", "adversary", "dealer", "pone")
ELECTORS: Final = (*ROLES, "both")
QUANTITIES: Final = ("claimed", "excess", "correction")
UNCOUNTABLE: Final = ("brisques-since", "last-trick")
LAST_TRICK: Final = ("adversary", "nobody", "winner")
WHEN_KEYS: Final = {
    "challenge": ("none", "in-time", "late"),
    "dealer_played": (True, False),
    "seen": (True, False),
    "both": (True, False),
    "pack_redundant": (True, False),
    "stock_named": (True, False),
    "carried": (True, False),
    "understated": (True, False),
    "kept": (True, False),
    "other_hand": ("right", "short", "over"),
    "variant": None,
    "game": GAMES,
}
"""Facts a case may be conditioned on, with their allowed values (None: any text)."""

FLAGS: Final = (
    "void_deal",
    "abandon_game",
    "replay_from_fault",
    "rubicon_offender",
    "forfeit_strict_tricks",
    "compel_play",
    "draw_two_next",
    "without_drawing",
    "make_good",
    "no_announcements",
    "choose_next_two",
    "second_to_adversary",
    "gathered_brisques",
)
"""The yes/no effects of a remedy (see :class:`Effects`)."""

BODY_KEYS: Final = frozenset(
    {"law", "summary", "elector", "options", "score", "uncount", "last_trick", *FLAGS}
)
OPTION_KEYS: Final = frozenset({"id", "summary", "law", "score", "insist", *FLAGS})
TOP_KEYS: Final = frozenset(
    {
        "name",
        "title",
        "principle",
        "base",
        "rules_overrides",
        "remedies",
        "sources",
        "games",
        "counting_stock",
        "redeal",
        "amendment",
    }
)


REDEAL: Final = ("same", "next")
"""Who deals a void deal again: the same dealer, or the next seat."""

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
    ("stock_named", True): "the record's stock names the card that was next",
    ("stock_named", False): "the record does not name the stock's next card",
    ("kept", True): "he kept it and played on with too many cards",
    ("kept", False): "he did not play on with it",
    ("other_hand", "short"): "the adversary too played a card short",
    ("other_hand", "over"): "the adversary played with a card too many",
    ("other_hand", "right"): "the adversary's hand was right",
    ("carried", True): "the figure of an announcement carried to score",
    ("carried", False): "the figure of a combination scored",
    ("understated", True): "marked below its worth",
    ("understated", False): "marked above its worth",
}
"""The conditions of the laws' cases in words, for the docs and ``bezique rules``."""


def condition_words(case: RemedyRule) -> str:
    """The condition of a case in words (``challenged before ...``); empty for the otherwise."""
    return " and ".join(FACT_WORDS.get((k, v), f"{k} {v}") for k, v in case.when.items())


def game_of(rules: RuleSet) -> str:
    """The family of games whose laws rule ``rules``: ``rubicon`` or ``ordinary``.

    The Portland Club code and Foster's English rules of Rubicon are written for two players
    dealt nine cards with no turn-up (Rubicon, and Chinese, "Rubicon Bézique with six
    packs"); every other game (two-pack, three-handed, the guide's six-pack game of twelve
    cards) is ruled from Foster's ordinary game (rule ``laws.which-text``).
    """
    if rules.players == 2 and not rules.turn_up and rules.hand_size == 9:
        return "rubicon"
    return "ordinary"


class LawsError(ValueError):
    """A code of laws that cannot be read or breaks the schema; names the file and the key."""


@dataclass(frozen=True, slots=True)
class RemedyContext:
    """The facts of one irregularity that a remedy needs; the replay driver fills what it knows.

    - ``offender``, ``adversary``: the seat at fault and the seat against it; ``dealer`` and
      ``pone`` (the non-dealer, who holds the options of a misdeal).
    - ``scores``: each seat's points when the fault happened (an abandoned game ends there).
    - ``trick``: the trick of the fault; ``dealer_played``: whether the dealer had played to the
      first trick when the fault was found (the cut-off of Portland law 12).
    - ``election``, ``elected_by``: the choice the record marks (``^elect B void-deal``) and who
      made it; an election by a seat the law does not let choose is not applied.
    - ``challenge``: ``none`` (no challenge recorded), ``in-time`` (before a card of the next trick
      was played, Portland law 50) or ``late``.
    - ``claimed``, ``correct``: the points claimed for a score and the points it is worth.
    - ``seen`` (the extra card drawn was seen), ``both`` (both players drew wrongly),
      ``pack_redundant`` (a card beyond the packs' copies), ``stock_named`` (for a wrong draw,
      the record's stock names the card that was next), ``carried`` (a fault of the
      announcement carried "to score" on a declaration line), ``understated`` (``claimed``
      under ``correct``: a score marked below its worth), ``kept`` (for two cards drawn, the
      player kept the second and played on holding more than his hand), ``cards`` (the cards
      concerned),
      ``called`` (those of them the adversary may call on to be played: the three kings of a
      false four kings), ``variant`` and ``game`` (:func:`game_of`).
    - ``last_trick_value``, ``last_trick_winner``: what the last trick is worth and who won it.
    - ``brisques_since``: the offender's brisques taken from the fault's trick on;
      ``strict_brisques``: each seat's brisques taken in the strict tricks.
    """

    offender: str | None = None
    adversary: str | None = None
    dealer: str | None = None
    pone: str | None = None
    scores: Mapping[str, int] = field(default_factory=dict)
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
    stock_named: bool = False
    carried: bool = False
    kept: bool = False
    other_hand: str = "right"
    variant: str = "rubicon"
    game: str = "rubicon"
    last_trick_value: int = 50
    last_trick_winner: str | None = None
    brisques_since: int = 0
    strict_brisques: Mapping[str, int] = field(default_factory=dict)
    cards: tuple[str, ...] = ()
    called: tuple[str, ...] = ()

    @property
    def understated(self) -> bool:
        """Whether the score was marked below its worth (``claimed`` under ``correct``)."""
        return self.claimed is not None and self.correct is not None and self.claimed < self.correct

    def fact(self, key: str) -> object:
        """The value of a fact a case may test (``challenge``, ``dealer_played`` ...)."""
        return getattr(self, key)


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """Points to a seat (by role): a fixed number, plus (or minus) a quantity of the case."""

    to: str
    points: int = 0
    add: str | None = None
    subtract: str | None = None

    def amount(self, ctx: RemedyContext) -> int:
        """The points this item gives its seat in the case ``ctx`` (negative: taken down)."""
        total = self.points
        if self.add is not None:
            total += _quantity(self.add, ctx)
        if self.subtract is not None:
            total -= _quantity(self.subtract, ctx)
        return total


@dataclass(frozen=True, slots=True)
class Effects:
    """What a remedy (or one option of it) does, before the facts of a case are known.

    ``score`` gives points; ``void_deal``, ``abandon_game`` (the game ends at the fault, Portland
    law 17), ``replay_from_fault`` (law 55) and ``rubicon_offender`` (the offender is rubiconed,
    reckoned by the settlement) decide the deal; ``uncount`` strikes the offender's brisques
    from the fault on, or his last trick; ``last_trick`` gives it to the adversary or nobody, or
    to its winner when another seat claimed it;
    ``forfeit_strict_tricks`` moves the offender's strict tricks to the adversary (Enquire
    Within); ``compel_play`` lets the adversary call a card; ``draw_two_next`` has the offender
    draw two cards at his next draw (so that draw is the remedy, not a fault);
    ``without_drawing`` has the offender (each player, when both are at fault) skip his draws
    until his hand is right, and ``make_good`` draw extra cards until it is (so those draws,
    and draws left out, are the remedy, not faults); ``no_announcements`` forbids the offender
    any announcement while his hand is too large under ``without_drawing`` (A417);
    ``choose_next_two`` gives the adversary the choice of the two cards of the following draw
    (so they may be drawn in either order), and ``second_to_adversary``, elected, has him take
    the second (elected otherwise, the first);
    ``gathered_brisques`` gives the adversary
    the brisques the offender left on the table (as many as the case's ``correct``).
    """

    score: tuple[ScoreItem, ...] = ()
    void_deal: bool = False
    abandon_game: bool = False
    replay_from_fault: bool = False
    uncount: tuple[str, ...] = ()
    last_trick: str | None = None
    rubicon_offender: bool = False
    forfeit_strict_tricks: bool = False
    compel_play: bool = False
    draw_two_next: bool = False
    without_drawing: bool = False
    make_good: bool = False
    no_announcements: bool = False
    choose_next_two: bool = False
    second_to_adversary: bool = False
    gathered_brisques: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    """One choice a law gives a player: its id (as the record's ``^elect`` mark names it)."""

    id: str
    summary: str
    law: str | None
    effects: Effects
    insist: bool = False
    """Under ``elector: both``, either player may insist on it: one seat's election of it
    decides, whatever the other elects (a fresh deal, "otherwise there must be a fresh deal",
    Portland law 12); the other options need both."""


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
    """A code of laws: its name, principle, rule-set overrides and a remedy per finding code.

    ``rules_overrides`` are the rules of play that come with the laws (the French draw), used
    when a record says it was played under them (its ``Laws`` tag), never by choosing the
    laws for the remedies. ``counting_stock`` says, for each family of games, whether the
    stock may be counted (the French laws forbid it in the ordinary game; Rubicon's own text
    allows it): :meth:`may_count_stock`. ``redeal`` says who deals a void deal again: ``same`` ("A
    misdeal does not lose the deal") or ``next`` (Enquire Within 122: "a new deal, which passes
    to the other player"). ``amendment`` says whether a false declaration may be amended with
    the right card before drawing (A414); the forfeits code gives no amendment (123 ii: "he is
    not allowed to score until he has taken another trick"). ``games`` sends a family of
    games (:func:`game_of`) to the code that rules it.
    """

    name: str
    title: str
    principle: str
    source: str
    rules_overrides: Mapping[str, Any]
    remedies: Mapping[str, tuple[RemedyRule, ...]]
    base: Laws | None = None
    games: Mapping[str, Laws] = field(default_factory=dict)
    counting_stock: Mapping[str, bool] = field(default_factory=dict)
    redeal: str = "same"
    amendment: bool = True

    def may_count_stock(self, game: str) -> bool:
        """Whether a player may count the stock in a game of the family ``game``."""
        return self.counting_stock.get(game, True)

    def for_game(self, game: str) -> Laws:
        """The code that rules a game of the family ``game`` under these laws."""
        laws: Laws = self
        seen: list[str] = []
        while game in laws.games:
            seen.append(laws.name)
            laws = laws.games[game]
            if laws.name in seen:  # pragma: no cover - the loader refuses loops
                break
        return laws

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
        """The code of laws and the case that govern ``code`` in ``ctx``, following ``same_as``
        and, for each code met, the laws of the case's family of games."""
        seen: list[str] = []
        start = self.for_game(ctx.game)
        laws = start
        while True:
            cases = laws.remedies.get(code)
            if cases is None:
                if laws.base is None:
                    return None
                laws = laws.base.for_game(ctx.game)
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
            laws = start

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
        verb = "elect" if case.elector == "both" else "elects"
        rulings = "; ".join(f"if {who} {verb} {o.id}, {o.summary}" for o in case.options)
        note = ""
        if ctx.election is not None and not entitled:
            note = f" ({ctx.elected_by}'s election {ctx.election!r} is not his to make)"
        elif ctx.election is not None:
            note = f" (the record's election {ctx.election!r} is not one this law gives)"
        summary = _fill(f"{template} No election recorded{note}: {rulings}.", ctx)
        remedy = _build(self.name, case.law, summary, case.effects, ctx)
        return replace(remedy, elections=ids)

    def effects(self, code: str, ctx: RemedyContext) -> Effects | None:
        """What the remedy of ``code`` does in ``ctx`` (the elected option's effects merged in)."""
        found = self.rule_for(code, ctx)
        if found is None:
            return None
        _, case = found
        chosen = next((o for o in case.options if o.id == ctx.election), None)
        if chosen is not None and _entitled(case.elector, ctx):
            return _merge(case.effects, chosen.effects)
        return case.effects

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


def load_laws(name_or_path: str | Path) -> Laws:
    """Read a code of laws by name (``english``, ``french``, ``forfeits``) or from a YAML file.

    The file is read with ``yaml.safe_load`` and checked; a :class:`LawsError` names the file and
    the key at fault. A ``base:`` (a name or a path next to the file) supplies the remedies the
    file does not give; ``games:`` names the code that rules a family of games.
    """
    return _load(name_or_path, ())


def _load(name_or_path: str | Path, chain: tuple[str, ...]) -> Laws:
    path = _resolve(name_or_path, None)
    source = str(path)
    if source in chain:
        raise LawsError(f"{source}: base: loops through {' -> '.join(chain)}")
    if path.exists() and not path.is_file():
        raise LawsError(f"{source}: not a laws file (not a file)")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LawsError(f"{source}: cannot read the laws file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise LawsError(f"{source}: not a laws file (not UTF-8 text)") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        # a record's Laws tag may name any file: the message quotes none of its text
        raise LawsError(f"{source}: {yaml_fault(exc)}, so not a laws file") from None
    return _parse(data, source, path, (*chain, source))


def is_laws_path(text: str) -> bool:
    """Whether a code of laws' name is the path of a file (``club.yaml``, ``laws/club``), not
    the name of a bundled code (an unknown name is neither)."""
    return text not in BUNDLED and text not in PARTS and (bool(Path(text).suffix) or "/" in text)


def _resolve(name_or_path: str | Path, relative_to: Path | None) -> Path:
    text = str(name_or_path)
    if isinstance(name_or_path, str) and (text in BUNDLED or text in PARTS):
        return LAWS_DIR / f"{text}.yaml"
    path = Path(text)
    if not path.suffix and "/" not in text:
        raise LawsError(
            f"unknown laws {text!r}: give one of {', '.join(BUNDLED)} or the path of a YAML file"
        )
    if relative_to is not None and not path.is_absolute():
        path = relative_to.parent / path
    return path


def _reference(ref: object, where: str, path: Path, chain: tuple[str, ...]) -> Laws:
    if not isinstance(ref, str):
        raise LawsError(f"{where}: expected a name or a path")
    return _load(ref if ref in BUNDLED or ref in PARTS else _resolve(ref, path), chain)


LAWS_FILE: Final = (
    "a laws file is a YAML mapping that gives a name, a title, a principle and remedies for "
    "finding codes, as the bundled english.yaml does"
)
"""What a file named as laws should be, said when it is not one."""
_RULE_SET_KEYS: Final = frozenset({"players", "packs", "hand_size", "combinations", "brisques"})
"""Keys of a rule set (validator/engine/ruleset.py) that no laws file has."""


def _kind_of(data: object) -> str:
    """What YAML data holds, in words (for a file that is not a mapping)."""
    if data is None:
        return "nothing"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "a text"
    return "a number" if isinstance(data, int | float) else "a single value"


def _parse(data: object, source: str, path: Path, chain: tuple[str, ...]) -> Laws:
    # named by a record's Laws tag or --laws, any YAML may come here: a file that is not a
    # laws file is told what one is, and neither its text nor its keys are shown
    if not isinstance(data, dict):
        raise LawsError(f"{source}: not a laws file: it holds {_kind_of(data)}; {LAWS_FILE}")
    keys = set(map(str, data))
    if "remedies" not in keys:
        if keys & _RULE_SET_KEYS:
            raise LawsError(
                f"{source}: a rule set, not a laws file (name a rule set in a Variant tag); "
                f"{LAWS_FILE}"
            )
        raise LawsError(f"{source}: not a laws file: it gives no remedies; {LAWS_FILE}")
    unknown = sorted(keys - TOP_KEYS)
    if unknown:
        raise LawsError(f"{source}: unknown key(s) {', '.join(unknown)}")
    name = _text(data, "name", source)
    title = _text(data, "title", source)
    principle = _text(data, "principle", source)
    overrides = data.get("rules_overrides") or {}
    if not isinstance(overrides, dict):
        raise LawsError(f"{source}: rules_overrides: expected a mapping")
    counting = _counting_stock(data.get("counting_stock", True), source)
    amendment = data.get("amendment", True)
    if not isinstance(amendment, bool):
        raise LawsError(f"{source}: amendment: expected true or false")
    redeal = data.get("redeal", "same")
    if redeal not in REDEAL:
        raise LawsError(f"{source}: redeal: expected one of {', '.join(REDEAL)}")
    base: Laws | None = None
    if data.get("base") is not None:
        base = _reference(data["base"], f"{source}: base", path, chain)
    games: dict[str, Laws] = {}
    raw_games = data.get("games") or {}
    if not isinstance(raw_games, dict):
        raise LawsError(f"{source}: games: expected a mapping of a family of games to laws")
    for game, ref in raw_games.items():
        if game not in GAMES:
            raise LawsError(f"{source}: games.{game}: not one of {', '.join(GAMES)}")
        games[game] = _reference(ref, f"{source}: games.{game}", path, chain)
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
        games=games,
        counting_stock=counting,
        redeal=redeal,
        amendment=amendment,
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
    _check_placeholders(summary, f"{where}.summary")
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
        option_summary = _text(raw, "summary", here)
        _check_placeholders(option_summary, f"{here}.summary")
        insist = raw.get("insist", False)
        if not isinstance(insist, bool):
            raise LawsError(f"{here}.insist: expected true or false")
        options.append(
            Option(_text(raw, "id", here), option_summary, law_text, _effects(raw, here), insist)
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
    for key in FLAGS:
        value = body.get(key, False)
        if not isinstance(value, bool):
            raise LawsError(f"{where}.{key}: expected true or false")
        flags[key] = value
    return Effects(score=score, uncount=tuple(uncount), last_trick=last_trick, **flags)


def _score_item(raw: object, where: str) -> ScoreItem:
    if not isinstance(raw, dict):
        raise LawsError(f"{where}: expected a mapping")
    extra = sorted(set(map(str, raw)) - {"to", "points", "add", "subtract"})
    if extra:
        raise LawsError(f"{where}: unknown key(s) {', '.join(extra)}")
    to = raw.get("to")
    if to not in ROLES:
        raise LawsError(f"{where}.to: expected one of {', '.join(ROLES)}")
    for key in ("add", "subtract"):
        if raw.get(key) is not None and raw[key] not in QUANTITIES:
            raise LawsError(f"{where}.{key}: expected one of {', '.join(QUANTITIES)}")
    points = raw.get("points")
    if points is not None and (not isinstance(points, int) or isinstance(points, bool)):
        raise LawsError(f"{where}.points: expected a whole number")
    return ScoreItem(
        to=str(to), points=int(points or 0), add=raw.get("add"), subtract=raw.get("subtract")
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


def _counting_stock(raw: object, source: str) -> dict[str, bool]:
    """``counting_stock``: true or false for every family of games, or a mapping of families
    (``{rubicon: true, ordinary: false}``), a family not named allowing the count."""
    if isinstance(raw, bool):
        return dict.fromkeys(GAMES, raw)
    if not isinstance(raw, dict) or not all(
        game in GAMES and isinstance(allowed, bool) for game, allowed in raw.items()
    ):
        raise LawsError(
            f"{source}: counting_stock: expected true, false or a mapping of "
            f"{', '.join(GAMES)} to true or false"
        )
    return dict(raw)


def _quantity(name: str, ctx: RemedyContext) -> int:
    claimed = ctx.claimed or 0
    correct = ctx.correct or 0
    if name == "claimed":
        return claimed
    if name == "excess":
        return max(0, claimed - correct)
    if name == "correction":
        return correct - claimed
    raise LawsError(f"unknown quantity {name!r}")


def _merge(base: Effects, extra: Effects) -> Effects:
    """A case's effects with an option's added: scores and uncounted items joined, a flag set
    when either sets it, the option's last trick over the case's."""
    flags = {key: bool(getattr(base, key) or getattr(extra, key)) for key in FLAGS}
    return Effects(
        score=base.score + extra.score,
        uncount=base.uncount + extra.uncount,
        last_trick=extra.last_trick or base.last_trick,
        **flags,
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
    return {
        "offender": ctx.offender,
        "adversary": ctx.adversary,
        "dealer": ctx.dealer,
        "pone": ctx.pone,
    }.get(role)


def _role_name(role: str | None, ctx: RemedyContext) -> str:
    if role == "both":
        return "both players"
    if role is None:
        return "the player"
    return _role(role, ctx) or f"the {role}"


PLACEHOLDERS: Final = (
    "offender",
    "adversary",
    "dealer",
    "pone",
    "trick",
    "claimed",
    "correct",
    "cards",
    "called",
)
"""The words a summary may fill in (``{offender}`` ...)."""


def _placeholder_values(ctx: RemedyContext | None) -> dict[str, str]:
    if ctx is None:
        return {
            "offender": "the offender",
            "adversary": "the adversary",
            "dealer": "the dealer",
            "pone": "the pone",
            "trick": "N",
            "claimed": "score",
            "correct": "the right value",
            "cards": "the cards shown",
            "called": "the cards of the combination shown",
        }
    cards = " ".join(ctx.cards) if ctx.cards else "the cards shown"
    return {
        "offender": ctx.offender or "the offender",
        "adversary": ctx.adversary or "the adversary",
        "dealer": ctx.dealer or "the dealer",
        "pone": ctx.pone or "the pone",
        "trick": str(ctx.trick) if ctx.trick is not None else "N",
        "claimed": str(ctx.claimed) if ctx.claimed is not None else "score",
        "correct": str(ctx.correct) if ctx.correct is not None else "the right value",
        "cards": cards,
        "called": " ".join(ctx.called) if ctx.called else cards,
    }


def _check_placeholders(template: str, where: str) -> None:
    try:
        template.format_map(_placeholder_values(None))
    except (KeyError, ValueError, IndexError) as exc:
        raise LawsError(
            f"{where}: bad placeholder {exc} (use {', '.join('{' + p + '}' for p in PLACEHOLDERS)})"
        ) from None


def blank_fill(template: str, *, capital: bool = True) -> str:
    """A summary with its placeholders in words (``the offender``), for the docs."""
    text = template.format_map(_placeholder_values(None))
    return _capital(text) if capital else text


def _fill(template: str, ctx: RemedyContext) -> str:
    try:
        return _capital(template.format_map(_placeholder_values(ctx)))
    except (KeyError, ValueError, IndexError) as exc:
        raise LawsError(f"summary {template!r}: bad placeholder: {exc}") from None


def _build(laws: str, law_ref: str, summary: str, effects: Effects, ctx: RemedyContext) -> Remedy:
    """The remedy's corrections (who, what, how much, why) for the facts of the case."""
    out: list[Correction] = []
    offender, adversary = ctx.offender, ctx.adversary
    lt = ctx.last_trick_value

    def points(seat: str | None, amount: int, kind: str = "points") -> None:
        if seat is not None and amount:
            out.append(Correction(kind, seat, amount, law_ref))

    for item in effects.score:
        # a fixed number of points is a forfeit (the forfeits code's table), not a score
        # taken down or corrected
        fixed = item.add is None and item.subtract is None
        points(_role(item.to, ctx), item.amount(ctx), "forfeit" if fixed else "points")
    if effects.void_deal:
        out.append(Correction("void", None, 0, law_ref))
    if effects.abandon_game:
        out.append(Correction("abandon", None, 0, law_ref, ctx.trick, dict(ctx.scores)))
    if effects.rubicon_offender and offender is not None:
        out.append(Correction("rubicon", offender, 0, law_ref))
    if effects.replay_from_fault and ctx.trick is not None:
        out.append(Correction("replay", None, 0, law_ref, ctx.trick))
    winner = ctx.last_trick_winner
    if effects.last_trick == "adversary" and offender and winner == offender:
        points(offender, -lt, "last-trick")
        points(adversary, lt, "last-trick")
    if effects.last_trick == "nobody" and winner is not None:
        points(winner, -lt, "last-trick")
    # ``both``: the winner claimed it too, and his mark stands
    if effects.last_trick == "winner" and winner not in (None, offender) and not ctx.both:
        points(winner, lt, "last-trick")
    if "brisques-since" in effects.uncount and offender and ctx.brisques_since:
        out.append(Correction("brisques", offender, -ctx.brisques_since, law_ref, ctx.trick))
    if "last-trick" in effects.uncount and offender and winner == offender:
        points(offender, -lt, "last-trick")
    if effects.forfeit_strict_tricks and offender and adversary:
        moved = ctx.strict_brisques.get(offender, 0)
        if moved:
            out.append(Correction("brisques", offender, -moved, law_ref))
            out.append(Correction("brisques", adversary, moved, law_ref))
        if winner == offender:
            points(offender, -lt, "last-trick")
            points(adversary, lt, "last-trick")
    if effects.gathered_brisques and offender and adversary and ctx.correct:
        out.append(Correction("brisques", offender, -ctx.correct, law_ref))
        out.append(Correction("brisques", adversary, ctx.correct, law_ref))
    return Remedy(laws=laws, law_ref=law_ref, summary=summary, corrections=tuple(out))
