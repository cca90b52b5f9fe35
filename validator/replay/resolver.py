"""From a record's tags to the rule set it was played under and the laws it is ruled by.

One resolver for the replay, the simulator and the tests, with one cache, so that they cannot
disagree (rule ``laws.choice``):

- the **rules of play** come from the record: its ``Variant`` tag (then Rubicon), the rules of
  play of the laws it says it was played under (its ``Laws`` tag, then English: the French laws
  make the pone draw first) and its ``HouseRules`` tag, merged last, as a club's rules stand
  over the code it plays under;
- the **remedies** come from the laws the caller chooses (``--laws``), else the record's.

Choosing other laws for the remedies never changes how the game was played: ``check --laws
french`` on an English record reports no French draw out of turn. A caller who wants a record
replayed under other rules of play says so apart (``play_laws``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from notation.model import Record
from validator.engine import RuleSet, RuleSetError
from validator.engine import load_ruleset as _load_ruleset
from validator.engine.ruleset import is_ruleset_path
from validator.house_rules import HouseRulesError, merge_overrides, overrides_from_tag
from validator.laws import BUNDLED, PARTS, Laws, LawsError, is_laws_path, load_laws

DEFAULT_VARIANT: Final = "rubicon"
"""The variant assumed when a record has no Variant tag: the tournament game."""

DEFAULT_LAWS: Final = "english"
"""The laws applied when neither the caller nor the record's Laws tag names any."""

VARIANT_ALIASES: Final = {"two-pack": "two-pack", "bezique": "two-pack", "ordinary": "two-pack"}
"""Other spellings of a Variant tag's value, mapped to the bundled rule set's name."""

_RULESETS: dict[tuple[str, str], RuleSet] = {}
_LAWS: dict[str, Laws] = {}
_CACHE_LIMIT: Final = 256


def load_ruleset(name_or_path: str | Path, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """A rule set by bundled name (also the Variant tag's aliases) or by path, read once.

    Rule sets are frozen, so one loaded for a (name, overrides) pair serves every record that
    asks for it again: a batch of a million records reads each YAML file once.
    """
    name = VARIANT_ALIASES.get(str(name_or_path).lower(), str(name_or_path))
    # most records ask for no overrides: their key is what json.dumps would write, "{}"
    key = (name, json.dumps(overrides, sort_keys=True, default=str) if overrides else "{}")
    cached = _RULESETS.get(key)
    if cached is None:
        cached = _load_ruleset(name, overrides)
        if len(_RULESETS) < _CACHE_LIMIT:
            _RULESETS[key] = cached
    return cached


def load_laws_cached(name_or_path: str | Path) -> Laws:
    """A code of laws by name or path, read once per process (see :func:`load_ruleset`)."""
    key = str(name_or_path)
    cached = _LAWS.get(key)
    if cached is None:
        cached = load_laws(name_or_path)
        if len(_LAWS) < _CACHE_LIMIT:
            _LAWS[key] = cached
    return cached


def play_overrides(laws: Laws, house_rules: str | None) -> dict[str, Any]:
    """The rule-set overrides of a game played under ``laws`` with a ``HouseRules`` tag: the
    laws' rules of play first, the house rules over them. Raises ``HouseRulesError``."""
    return merge_overrides(dict(laws.rules_overrides), overrides_from_tag(house_rules))


def rules_for(
    variant: str | Path, laws: str | Path | Laws = DEFAULT_LAWS, house_rules: str | None = None
) -> RuleSet:
    """The rule set of ``variant`` as played under ``laws`` with ``house_rules`` (the tag's text).

    Raises ``RuleSetError``, ``LawsError`` or ``HouseRulesError`` (all ``ValueError``) naming
    what is wrong; :func:`resolve` is the forgiving form for records.
    """
    chosen = laws if isinstance(laws, Laws) else load_laws_cached(laws)
    return load_ruleset(variant, play_overrides(chosen, house_rules))


def record_folder(source: str | None) -> Path | None:
    """The folder a record's tags name files from (a ``Laws`` or ``Variant`` tag's relative
    path): its file's folder, so that a record gets the same findings from any working folder;
    None (the working folder) for standard input or a record not read from a file."""
    if source is None or source in ("-", "<stdin>"):
        return None
    return Path(source).absolute().parent  # absolute: the laws cache is keyed by the path


def tag_laws(value: str, source: str | None) -> str:
    """The code of laws a ``Laws`` tag names: a bundled code by its name in any case
    (``ENGLISH``), else a file, a relative path read from the folder of the record's
    ``source`` (:func:`record_folder`)."""
    value = value.strip()
    if value.lower() in BUNDLED or value.lower() in PARTS or not is_laws_path(value):
        return value.lower()
    return _in_folder(value, source)


def tag_variant(value: str, source: str | None) -> str:
    """The rule set a ``Variant`` tag names: a bundled one by its name in any case, else a
    file, a relative path read from the folder of the record's ``source``
    (:func:`record_folder`)."""
    value = value.strip()
    return _in_folder(value, source) if is_ruleset_path(value) else value.lower()


def _in_folder(value: str, source: str | None) -> str:
    """A file a tag names, read from the folder of the record's ``source``: looked up only for
    such a tag (the folder asks the system for the working folder, for every record else)."""
    path = Path(value)
    if path.is_absolute():
        return value
    return str((record_folder(source) or Path.cwd().absolute()) / path)


def record_rules(record: Record) -> RuleSet:
    """The rule set a record's own tags ask for (Variant, Laws, HouseRules); raises like
    :func:`rules_for` when a tag cannot be used. A file a tag names is read from the
    record's folder (:func:`record_folder`)."""
    variant = tag_variant((record.tag("Variant") or "").strip() or DEFAULT_VARIANT, record.source)
    laws = tag_laws((record.tag("Laws") or "").strip() or DEFAULT_LAWS, record.source)
    return rules_for(variant, laws, record.tag("HouseRules"))


NOT_REPLAYED: Final = "the record is not replayed (under other rules its verdicts would be false)"


@dataclass(frozen=True, slots=True)
class Resolved:
    """What a record is replayed under: its rules of play, the laws it was played under, the
    laws ruling its irregularities, and the problems met on the way (R001 findings).
    ``unread``: the Variant or Laws tag names no rule set or code the validator has, so the
    record is not replayed (judged under another game's rules, its verdicts would be false).
    ``problem_tags``: for each problem, the tag at fault (None: the record as a whole)."""

    rules: RuleSet
    play_laws: Laws
    laws: Laws
    problems: tuple[str, ...] = ()
    unread: bool = False
    problem_tags: tuple[str | None, ...] = ()


def resolve(
    record: Record,
    *,
    ruleset: RuleSet | str | Path | None = None,
    laws: Laws | str | Path | None = None,
    play_laws: Laws | str | Path | None = None,
    source: str | None = None,
) -> Resolved:
    """The rule set and the laws for ``record``; never raises for a bad tag.

    ``ruleset`` replaces the record's Variant tag (a :class:`RuleSet` is used as it is, with
    no laws or house rules over it); ``play_laws`` its Laws tag for the rules of play; ``laws``
    chooses the remedies only. A tag that cannot be used is a problem, and the default stands
    in for it; so is a Variant, Laws or HouseRules tag with an empty value (it names nothing:
    the default applies, and the record says so). A file a tag names by a relative path is
    read from the folder of ``source`` (default: the record's own), or the working folder
    (:func:`record_folder`).
    """
    origin = source if source is not None else record.source  # tags' files: its folder's
    problems: list[tuple[str, str | None]] = []
    played = _laws(play_laws, record, problems, origin)
    remedies = played if laws is None else _chosen(laws, problems, None)
    unread = bool(problems)  # a code of laws that cannot be used
    if play_laws is None and _empty(record, "Laws"):
        problems.append((f"the Laws tag is empty: the {DEFAULT_LAWS} laws applied", "Laws"))

    def done(rules: RuleSet) -> Resolved:
        messages = tuple(message for message, _ in problems)
        tags = tuple(tag for _, tag in problems)
        return Resolved(rules, played, remedies, messages, unread, tags)

    if isinstance(ruleset, RuleSet):
        return done(ruleset)
    wanted: str | Path | None = ruleset
    variant_tag: str | None = None
    if wanted is None:
        tag = record.tag("Variant")
        if tag is None:
            problems.append((f"no Variant tag: the {DEFAULT_VARIANT} rules applied", "Variant"))
        elif not tag.strip():
            problems.append(
                (f"the Variant tag is empty: the {DEFAULT_VARIANT} rules applied", "Variant")
            )
        else:
            variant_tag = "Variant"
        wanted = tag_variant(tag, origin) if tag and tag.strip() else DEFAULT_VARIANT
    base = dict(played.rules_overrides)
    if _empty(record, "HouseRules"):
        # as an empty Variant or Laws tag: it names nothing (docs/notation.md, Tags)
        problems.append(("the HouseRules tag is empty: no house rule applied", "HouseRules"))
    try:
        overrides = play_overrides(played, record.tag("HouseRules"))
    except HouseRulesError as exc:
        problems.append((f"the HouseRules tag cannot be used: {exc}", "HouseRules"))
        overrides = base
    if overrides != base:
        try:
            return done(load_ruleset(wanted, overrides))
        except RuleSetError as exc:
            problems.append((f"the HouseRules tag cannot be used: {exc}", "HouseRules"))
    try:
        rules = load_ruleset(wanted, base)
    except RuleSetError as exc:
        shown = str(wanted) if variant_tag is None else (record.tag("Variant") or "").strip()
        problems.append((f"variant {shown!r} cannot be used ({exc}): {NOT_REPLAYED}", variant_tag))
        rules = load_ruleset(DEFAULT_VARIANT, base)
        unread = True
    return done(rules)


def _empty(record: Record, name: str) -> bool:
    """Whether the record gives the tag ``name`` with an empty (or blank) value."""
    value = record.tag(name)
    return value is not None and not value.strip()


def _laws(
    wanted: Laws | str | Path | None,
    record: Record,
    problems: list[tuple[str, str | None]],
    origin: str | None,
) -> Laws:
    """The laws the game was played under: the caller's, else the record's Laws tag."""
    if wanted is not None:
        return _chosen(wanted, problems, None)
    tag = record.tag("Laws")
    if not tag or not tag.strip():
        return _chosen(DEFAULT_LAWS, problems, None)
    return _chosen(tag_laws(tag, origin), problems, "Laws", tag.strip())


def _chosen(
    wanted: Laws | str | Path,
    problems: list[tuple[str, str | None]],
    tag: str | None,
    written: str | None = None,
) -> Laws:
    """The laws ``wanted`` names; a problem (at ``tag``, which reads ``written``) when they
    cannot be used."""
    if isinstance(wanted, Laws):
        return wanted
    try:
        return load_laws_cached(wanted)
    except LawsError as exc:
        shown = written if written is not None else str(wanted)
        problems.append((f"laws {shown!r} cannot be used ({exc}): {NOT_REPLAYED}", tag))
        return load_laws_cached(DEFAULT_LAWS)
