"""Rule sets: every number of a variant as YAML data, checked against a small schema.

A rule set file names its variant and gives the packs, the deal, the combinations and their
values, and one named switch for every point where the rule texts disagree. A file may
``extends:`` another rule set (by name or path) and override only what differs, which is how a
club writes its house rules. :func:`load_ruleset` reads, merges and checks a file and returns a
frozen :class:`RuleSet`; errors are :class:`RuleSetError` naming the file and the key.

The ``settlement:`` section belongs to :mod:`validator.engine.settlement`; it is kept here as a
raw mapping and handed to that module's parser when the module is present.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

import yaml

from notation.cards import Card, CardError

from .combinations import MELD_KINDS

RULESETS_DIR: Final = Path(__file__).resolve().parent.parent / "data" / "rulesets"
"""Where the bundled rule sets live (``two-pack.yaml``, ``rubicon.yaml`` ...)."""

COMBINATION_KINDS: Final = (
    "marriage",
    "royal-marriage",
    "sequence",
    "royal-sequence",
    *(kind for kind in MELD_KINDS if kind not in ("marriage", "sequence")),
)
"""Keys of the ``combinations`` section: the value of each, or null when not played."""

TRUMP_RULES: Final = ("turn-up", "first-marriage")
DRAW_ORDERS: Final = ("winner-first", "pone-first")
BRISQUE_SCORING: Final = ("end", "when-taken", "settlement")
REFORM_MODELS: Final = ("none", "new-card", "portland")


class RuleSetError(ValueError):
    """A rule set file that cannot be read or breaks the schema; names the file and key."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One variant's rules, every number and switch; see ``docs/engine.md`` for each field."""

    name: str
    title: str
    source: str
    players: int
    packs: int
    omit: tuple[Card, ...]
    hand_size: int
    deal_pattern: tuple[int, ...]
    turn_up: bool
    trump: str
    strict_tricks: int
    draw_order: str
    last_trick: int
    carte_blanche: int | None
    carte_blanche_repeats: bool
    carte_blanche_aces: bool
    brisque_value: int
    brisque_scoring: str
    no_brisques: bool
    seven_value: int | None
    seven_turned_up: int | None
    seven_exchange: bool
    seven_counts_as_declaration: bool
    seven_scores_when_played: bool
    bezique_follows_trump: bool
    combinations: Mapping[str, int | None]
    reform: str
    reform_needs_break: bool
    new_card_from_hand: bool
    settlement: Mapping[str, Any]
    settlement_rules: object | None = None
    """The parsed ``SettlementRules`` when ``validator.engine.settlement`` is present."""

    @property
    def pack_size(self) -> int:
        """Cards in the whole pack: 32 per piquet pack, less the omitted cards."""
        return 32 * self.packs - len(self.omit)

    def value(self, kind: str) -> int | None:
        """The value of a combination kind, or None when the variant does not score it."""
        return self.combinations.get(kind)

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds."""
        return self.packs - sum(1 for omitted in self.omit if omitted == card)


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def yaml_fault(err: yaml.YAMLError) -> str:
    """Where a YAML text is wrong, in one line that quotes none of it: a record's tag may name
    any file, and what the checker prints must not show that file's text (PyYAML's own
    message quotes the line at fault)."""
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    if mark is None:
        return "not valid YAML"
    return f"not valid YAML (error at line {mark.line + 1}, column {mark.column + 1})"


def _read(path: Path) -> dict[str, Any]:
    if path.exists() and not path.is_file():
        raise RuleSetError(f"{path}: not a rule set (not a file)")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise RuleSetError(f"{path}: cannot read rule set: {err.strerror}") from err
    except UnicodeDecodeError:
        raise RuleSetError(f"{path}: not a rule set (not UTF-8 text)") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as err:
        raise RuleSetError(f"{path}: {yaml_fault(err)}, so not a rule set") from None
    if not isinstance(data, dict):
        raise RuleSetError(
            f"{path}: a rule set must be a mapping of keys, found {type(data).__name__}"
        )
    if "extends" not in data and not set(map(str, data)) & _TOP_KEYS:
        # named by a record's Variant tag, any file may come here: its keys are not shown
        raise RuleSetError(f"{path}: not a rule set (none of its keys is a rule set's)")
    return data


def is_ruleset_path(text: str) -> bool:
    """Whether a rule set's name is the path of a file (``club.yaml``, ``rules/club``), not
    a bundled rule set's name."""
    return text.endswith((".yaml", ".yml")) or "/" in text or "\\" in text


def _resolve(name_or_path: str | Path, base_dir: Path | None) -> Path:
    text = str(name_or_path)
    if is_ruleset_path(text):
        path = Path(text)
        if not path.is_absolute() and base_dir is not None and not path.exists():
            path = base_dir / path
        return path
    path = RULESETS_DIR / f"{text}.yaml"
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in RULESETS_DIR.glob("*.yaml")))
        raise RuleSetError(f"unknown rule set {text!r} (known: {known})")
    return path


def _load_raw(
    name_or_path: str | Path, base_dir: Path | None, seen: tuple[Path, ...]
) -> dict[str, Any]:
    path = _resolve(name_or_path, base_dir)
    if path.resolve() in seen:
        raise RuleSetError(f"{path}: extends itself through {' -> '.join(map(str, seen))}")
    data = _read(path)
    parent = data.pop("extends", None)
    if parent is None:
        data["__source__"] = str(path)
        return data
    if not isinstance(parent, str):
        raise RuleSetError(
            f"{path}: key 'extends': expected a rule set name or path, found {parent!r}"
        )
    base = _load_raw(parent, path.parent, (*seen, path.resolve()))
    merged = _merge(base, data)
    merged["__source__"] = str(path)
    return merged


class _Checker:
    """Reads typed values out of a merged mapping, naming the file and key on error."""

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def fail(self, key: str, expected: str, found: object) -> RuleSetError:
        return RuleSetError(f"{self.where}: key {key!r}: expected {expected}, found {found!r}")

    def get(self, key: str) -> Any:
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise RuleSetError(f"{self.where}: missing key {key!r}")
            node = node[part]
        return node

    def int_(self, key: str, minimum: int = 0) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self.fail(key, f"a whole number >= {minimum}", value)
        return value

    def opt_int(self, key: str) -> int | None:
        value = self.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.fail(key, "a whole number >= 0 or null", value)
        return value

    def bool_(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.fail(key, "true or false", value)
        return value

    def str_(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        value = self.get(key)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            wanted = "a text" if choices is None else "one of " + ", ".join(choices)
            raise self.fail(key, wanted, value)
        return value


_TOP_KEYS: Final = frozenset(
    {
        "name",
        "title",
        "players",
        "packs",
        "omit",
        "hand_size",
        "deal_pattern",
        "turn_up",
        "trump",
        "strict_tricks",
        "draw_order",
        "last_trick",
        "carte_blanche",
        "carte_blanche_repeats",
        "carte_blanche_aces",
        "brisques",
        "no_brisques",
        "seven_of_trumps",
        "bezique_follows_trump",
        "combinations",
        "reform",
        "reform_needs_break",
        "new_card_from_hand",
        "settlement",
        "__source__",
    }
)
_SEVEN_KEYS: Final = frozenset(
    {"value", "turned_up", "exchange", "counts_as_declaration", "scores_when_played"}
)


def check_ruleset(data: Mapping[str, Any], where: str) -> RuleSet:
    """Check a merged rule set mapping against the schema and build the :class:`RuleSet`."""
    c = _Checker(data, where)
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RuleSetError(
            f"{where}: unknown key {unknown[0]!r} "
            f"(known: {', '.join(sorted(_TOP_KEYS - {'__source__'}))})"
        )
    for section, keys in (
        ("seven_of_trumps", _SEVEN_KEYS),
        ("brisques", frozenset({"value", "scoring"})),
    ):
        node = c.get(section)
        if not isinstance(node, Mapping):
            raise c.fail(section, "a mapping", node)
        extra = sorted(set(node) - keys)
        if extra:
            raise RuleSetError(f"{where}: unknown key '{section}.{extra[0]}'")
    combos = c.get("combinations")
    if not isinstance(combos, Mapping):
        raise c.fail("combinations", "a mapping", combos)
    values: dict[str, int | None] = {}
    for kind in combos:
        if kind not in COMBINATION_KINDS:
            raise RuleSetError(
                f"{where}: unknown key 'combinations.{kind}' "
                f"(kinds: {', '.join(COMBINATION_KINDS)})"
            )
        values[kind] = c.opt_int(f"combinations.{kind}")
    omit_raw = c.get("omit")
    if not isinstance(omit_raw, list):
        raise c.fail("omit", "a list of cards such as 8C", omit_raw)
    omit: list[Card] = []
    for item in omit_raw:
        try:
            omit.append(Card.parse(str(item)))
        except CardError as err:
            raise c.fail("omit", "a list of cards such as 8C", item) from err
    pattern = c.get("deal_pattern")
    if not isinstance(pattern, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in pattern
    ):
        raise c.fail("deal_pattern", "a list of positive whole numbers", pattern)
    players = c.int_("players", 2)
    if players > 3:
        raise c.fail("players", "2 or 3", players)
    hand = c.int_("hand_size", 1)
    if sum(pattern) != hand:
        raise c.fail("deal_pattern", f"numbers adding up to hand_size {hand}", pattern)
    strict = c.int_("strict_tricks", 1)
    if strict != hand:
        raise c.fail(
            "strict_tricks", f"the hand size {hand} (the stock is out when hands are full)", strict
        )
    packs = c.int_("packs", 1)
    settlement = c.get("settlement")
    if not isinstance(settlement, Mapping):
        raise c.fail("settlement", "a mapping", settlement)
    turn_up = c.bool_("turn_up")
    trump = c.str_("trump", TRUMP_RULES)
    if trump == "turn-up" and not turn_up:
        raise c.fail("trump", "first-marriage when turn_up is false", trump)
    if 32 * packs - len(omit) < players * hand + (1 if turn_up else 0):
        raise c.fail("packs", f"enough cards for {players} hands of {hand}", packs)
    rules = RuleSet(
        name=c.str_("name"),
        title=c.str_("title"),
        source=str(data.get("__source__", where)),
        players=players,
        packs=packs,
        omit=tuple(omit),
        hand_size=hand,
        deal_pattern=tuple(pattern),
        turn_up=turn_up,
        trump=trump,
        strict_tricks=strict,
        draw_order=c.str_("draw_order", DRAW_ORDERS),
        last_trick=c.int_("last_trick"),
        carte_blanche=c.opt_int("carte_blanche"),
        carte_blanche_repeats=c.bool_("carte_blanche_repeats"),
        carte_blanche_aces=c.bool_("carte_blanche_aces"),
        brisque_value=c.int_("brisques.value"),
        brisque_scoring=c.str_("brisques.scoring", BRISQUE_SCORING),
        no_brisques=c.bool_("no_brisques"),
        seven_value=c.opt_int("seven_of_trumps.value"),
        seven_turned_up=c.opt_int("seven_of_trumps.turned_up"),
        seven_exchange=c.bool_("seven_of_trumps.exchange"),
        seven_counts_as_declaration=c.bool_("seven_of_trumps.counts_as_declaration"),
        seven_scores_when_played=c.bool_("seven_of_trumps.scores_when_played"),
        bezique_follows_trump=c.bool_("bezique_follows_trump"),
        combinations=values,
        reform=c.str_("reform", REFORM_MODELS),
        reform_needs_break=c.bool_("reform_needs_break"),
        new_card_from_hand=c.bool_("new_card_from_hand"),
        settlement=dict(settlement),
    )
    brisques_in_pack = sum(rules.copies(Card(r, s)) for r in "AT" for s in "SHDC")
    parsed = _parse_settlement(
        settlement, where, rules.no_brisques, rules.brisque_value, brisques_in_pack
    )
    rules = replace(rules, settlement_rules=parsed)
    if rules.seven_exchange and not rules.turn_up:
        raise c.fail("seven_of_trumps.exchange", "false when there is no turn-up", True)
    return rules


def _parse_settlement(
    mapping: Mapping[str, Any], where: str, no_brisques: bool, value: int, in_pack: int
) -> object | None:
    """Hand the settlement section to ``validator.engine.settlement``'s parser, if present.

    The parsed rules are adapted to the rule set's brisque facts: its ``no_brisques`` switch,
    the brisque value and the brisques in the pack.
    """
    try:
        module = importlib.import_module("validator.engine.settlement")
    except ModuleNotFoundError:
        return None
    parser = getattr(getattr(module, "SettlementRules", None), "from_mapping", None)
    if parser is None:
        return None
    try:
        result: Any = parser(mapping, where)
        adapted = getattr(result, "adapted", None)
        if adapted is not None:
            result = adapted(no_brisques=no_brisques, brisque_value=value, brisques_in_pack=in_pack)
    except ValueError as err:
        raise RuleSetError(str(err)) from err
    parsed: object = result
    return parsed


def load_ruleset(name_or_path: str | Path, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """Load a bundled rule set by name (``rubicon``) or a user's file by path.

    ``overrides`` is merged last, like a house-rule file: ``{"no_brisques": True}`` plays any
    game without brisques.
    """
    data = _load_raw(name_or_path, None, ())
    where = str(data.get("__source__", name_or_path))
    if overrides:
        data = _merge(data, overrides)
    return check_ruleset(data, where)
