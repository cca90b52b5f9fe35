"""The settlement rules: the ``settlement:`` section of a rule set, checked and parsed into
:class:`SettlementRules`, and the errors every part of the settlement raises.

The lowest part of the package: deals, corrections, games and sittings all read these
rules or raise these errors, and this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
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
