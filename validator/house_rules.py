"""House rules from a record's ``HouseRules`` tag: a small grammar of rule-set switches.

A club plays a bundled game with a few of its numbers or switches changed. The record says
which in its ``HouseRules`` tag (``docs/notation.md``), and :func:`overrides_from_tag` turns
the tag into the ``overrides`` mapping that :func:`validator.engine.load_ruleset` merges over
the variant's rule set (the replay's resolver, :mod:`validator.replay.resolver`, merges them over
the rules of play of the record's laws), so house rules never need a rule-set file of their
own::

    [HouseRules "no-brisques"]
    [HouseRules "brisque_allowance 320; last_trick 100"]
    [HouseRules "draw_order pone-first; triple-bezique 1500; omit 8C"]

Grammar (case does not matter; ``-`` and ``_`` are the same in a switch's name)::

    tag      = [ switch { ( ";" | "," | newline ) switch } ]
    switch   = NAME [ ( " " | "=" | ":" ) VALUE ]
    VALUE    = a whole number | on / off | a word of the switch's choices | cards (``omit``)

A switch without a value is ``on`` (``no-brisques``). ``off``, ``none`` and ``null`` switch a
number off where the rule set allows null (a combination not played, carte blanche). Every
switch and the rule-set key it sets are listed in :data:`SWITCHES` and in ``docs/rules.md``
(chapter *The games*, rule ``variant.house-rules``). An unknown switch, a bad value or a switch
given twice raises :class:`HouseRulesError` naming it; whether the key suits the variant (a
rubicon allowance in a game to a target) is for :func:`load_ruleset` to say.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from notation.cards import Card, CardError
from validator.engine.ruleset import (
    BRISQUE_SCORING,
    COMBINATION_KINDS,
    DRAW_ORDERS,
    REFORM_MODELS,
)
from validator.engine.settlement import FAILED_RESCUE, GAME_VALUE, TIE_AT_LINE


class HouseRulesError(ValueError):
    """A ``HouseRules`` tag that cannot be read: an unknown switch, a bad value, a repeat."""


Parser = Callable[[str, str], Any]
"""Reads a switch's value text (the switch's name second, for the message)."""

_ON: Final = frozenset({"on", "yes", "true"})
_OFF: Final = frozenset({"off", "no", "false"})
_NULL: Final = frozenset({"off", "none", "null", "no"})


def _number(text: str, name: str) -> int:
    if not text.isdigit():
        raise HouseRulesError(f"switch {name!r}: expected a whole number, found {text!r}")
    return int(text)


def _number_or_off(text: str, name: str) -> int | None:
    if text in _NULL:
        return None
    if not text.isdigit():
        raise HouseRulesError(f"switch {name!r}: expected a whole number or off, found {text!r}")
    return int(text)


def _flag(text: str, name: str) -> bool:
    if text in _ON or text == "":
        return True
    if text in _OFF:
        return False
    raise HouseRulesError(f"switch {name!r}: expected on or off, found {text!r}")


def _choice(*choices: str) -> Parser:
    def parse(text: str, name: str) -> str:
        if text not in choices:
            raise HouseRulesError(
                f"switch {name!r}: expected one of {', '.join(choices)}, found {text!r}"
            )
        return text

    return parse


def _cards(text: str, name: str) -> list[str]:
    cards: list[str] = []
    for word in text.replace(",", " ").split():
        try:
            cards.append(str(Card.parse(word)))
        except CardError as err:
            raise HouseRulesError(
                f"switch {name!r}: expected cards such as 8C, found {word!r}"
            ) from err
    if not cards:
        raise HouseRulesError(f"switch {name!r}: expected cards such as 8C, found nothing")
    return cards


def _brisques(text: str, name: str) -> tuple[tuple[str, ...], Any]:
    """``brisques off`` plays without brisques; ``brisques 300`` is the Rubicon allowance."""
    if text in _OFF or text == "none":
        return ("no_brisques",), True
    if text in _ON:
        return ("no_brisques",), False
    if text.isdigit():
        return ("settlement", "brisque_allowance"), int(text)
    raise HouseRulesError(
        f"switch {name!r}: expected off, on or the rubicon allowance (a number), found {text!r}"
    )


@dataclass(frozen=True, slots=True)
class Switch:
    """One switch of the grammar: the rule-set key it sets and how its value is read."""

    key: tuple[str, ...]
    parse: Parser
    help: str
    bare: Any = None
    """The value of the switch written without one (``no-brisques``); None: a value is needed."""


def _table() -> dict[str, Switch]:
    n, n_off = _number, _number_or_off
    table: dict[str, Switch] = {
        "no-brisques": Switch(
            ("no_brisques",), _flag, "melds and the last trick only (bezique-guide.txt)", True
        ),
        "draw-order": Switch(
            ("draw_order",), _choice(*DRAW_ORDERS), "winner-first or pone-first (French laws)"
        ),
        "last-trick": Switch(("last_trick",), n, "value of the last trick"),
        "carte-blanche": Switch(("carte_blanche",), n_off, "value of carte blanche, or off"),
        "carte-blanche-repeats": Switch(("carte_blanche_repeats",), _flag, "on/off", True),
        "carte-blanche-aces": Switch(("carte_blanche_aces",), _flag, "on/off", True),
        "brisque-value": Switch(("brisques", "value"), n, "points a brisque"),
        "brisque-scoring": Switch(
            ("brisques", "scoring"), _choice(*BRISQUE_SCORING), "end, when-taken or settlement"
        ),
        "seven": Switch(("seven_of_trumps", "value"), n_off, "the seven of trumps shown"),
        "seven-turned-up": Switch(("seven_of_trumps", "turned_up"), n_off, "dealer's seven"),
        "seven-exchange": Switch(("seven_of_trumps", "exchange"), _flag, "on/off", True),
        "seven-counts-as-declaration": Switch(
            ("seven_of_trumps", "counts_as_declaration"), _flag, "on/off", True
        ),
        "seven-scores-when-played": Switch(
            ("seven_of_trumps", "scores_when_played"), _flag, "on/off (Enquire Within)", True
        ),
        "bezique-follows-trump": Switch(
            ("bezique_follows_trump",), _flag, "on/off (Enquire Within)", True
        ),
        "reform": Switch(("reform",), _choice(*REFORM_MODELS), "none, new-card or portland"),
        "reform-needs-break": Switch(("reform_needs_break",), _flag, "on/off", True),
        "new-card-from-hand": Switch(("new_card_from_hand",), _flag, "on/off", True),
        "omit": Switch(("omit",), _cards, "cards taken out of the pack (Foster's 95: 8C)"),
        # settlement
        "target": Switch(("settlement", "target"), n, "the game's target"),
        "rubicon": Switch(("settlement", "rubicon"), n, "the rubicon line"),
        "game": Switch(("settlement", "game"), n, "the game bonus"),
        "rubicon-game": Switch(("settlement", "rubicon_game"), n, "the bonus of a rubicon"),
        "brisque-allowance": Switch(
            ("settlement", "brisque_allowance"), n, "brisques added for a rubiconed winner"
        ),
        "small-difference-bonus": Switch(("settlement", "small_difference_bonus"), n, "points"),
        "small-loser-under": Switch(("settlement", "small_loser_under"), n, "points"),
        "small-loser-bonus": Switch(("settlement", "small_loser_bonus"), n, "points"),
        "brisques-margin": Switch(("settlement", "brisques_margin"), n, "points"),
        "failed-rescue": Switch(
            ("settlement", "failed_rescue"), _choice(*FAILED_RESCUE), "rubicon not saved"
        ),
        "penalty-cap": Switch(("settlement", "penalty_cap"), n, "Portland law 17 cap"),
        "tie-at-line": Switch(("settlement", "tie_at_line"), _choice(*TIE_AT_LINE), "ties"),
        "game-value": Switch(("settlement", "game_value"), _choice(*GAME_VALUE), "target games"),
        "double-game-under": Switch(("settlement", "double_game_under"), n_off, "or off"),
    }
    for kind in COMBINATION_KINDS:
        table[kind] = Switch(("combinations", kind), n_off, f"value of {kind}, or off")
    return table


SWITCHES: Final[Mapping[str, Switch]] = _table()
"""Every switch of the grammar by its name (``-`` form), with the rule-set key it sets."""

BRISQUES_SWITCH: Final = "brisques"
"""``brisques off`` / ``brisques on`` / ``brisques 300`` (the notation's own example)."""

_SPLIT: Final = re.compile(r"[;,\n]")
_NAME: Final = re.compile(r"\s*([A-Za-z][A-Za-z0-9_+-]*)\s*(?:[=:]\s*|\s+|$)(.*)$", re.S)


def _items(text: str) -> list[str]:
    """The switches of the tag; an ``omit`` list may itself use commas (``omit 8C, 8D``)."""
    items: list[str] = []
    for part in _SPLIT.split(text):
        part = part.strip()
        if not part:
            continue
        if items and _is_card_list(part) and items[-1].lower().startswith("omit"):
            items[-1] += " " + part
            continue
        items.append(part)
    return items


def _is_card_list(text: str) -> bool:
    try:
        for word in text.split():
            Card.parse(word)
    except CardError:
        return False
    return True


def _set(out: dict[str, Any], key: tuple[str, ...], value: Any) -> None:
    node = out
    for part in key[:-1]:
        node = node.setdefault(part, {})
    node[key[-1]] = value


def overrides_from_tag(text: str | None) -> dict[str, Any]:
    """The rule-set overrides a ``HouseRules`` tag asks for (``{}`` for an empty tag).

    >>> overrides_from_tag("no-brisques; brisque_allowance 320")
    {'no_brisques': True, 'settlement': {'brisque_allowance': 320}}
    """
    out: dict[str, Any] = {}
    if text is None:
        return out
    seen: dict[tuple[str, ...], str] = {}
    for item in _items(text):
        match = _NAME.match(item)
        if match is None:
            raise HouseRulesError(
                f"house rule {item!r}: expected a switch name such as no-brisques"
            )
        written, value_text = match.group(1), match.group(2).strip()
        name = written.lower().replace("_", "-")
        value_text = value_text if name == "omit" else value_text.lower()
        if name == BRISQUES_SWITCH:
            key, value = _brisques(value_text, written)
        elif name in SWITCHES:
            switch = SWITCHES[name]
            key = switch.key
            if value_text == "":
                if switch.bare is None:
                    raise HouseRulesError(f"switch {written!r} needs a value ({switch.help})")
                value = switch.bare
            else:
                value = switch.parse(value_text, written)
        else:
            known = sorted([*SWITCHES, BRISQUES_SWITCH])
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise HouseRulesError(
                f"unknown house-rule switch {written!r} in {text!r}{hint} "
                f"(known: {', '.join(known)})"
            )
        if key in seen:
            raise HouseRulesError(
                f"house rules {text!r}: {written!r} sets {'.'.join(key)}, already set by "
                f"{seen[key]!r}"
            )
        seen[key] = written
        _set(out, key, value)
    return out


def merge_overrides(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``extra`` merged over ``base`` key by key (sections merge), as ``load_ruleset`` merges."""
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge_overrides(out[key], value)
        else:
            out[key] = value
    return out


def apply_house_rules(overrides: Mapping[str, Any], tag: str | None) -> dict[str, Any]:
    """``overrides`` (e.g. the laws' own) with the ``HouseRules`` tag's switches merged last."""
    return merge_overrides(overrides, overrides_from_tag(tag))
