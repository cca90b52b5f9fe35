"""The losses that earn a play a glyph (``?``, ``??``), per game, read from data.

``validator/data/analysis.yaml`` gives, for each settlement kind and optionally for a game by
its rule set's name, the loss from which a play is a mistake (``?``) and a blunder (``??``),
in the units of the game's value (docs/analysis.md). The file is read with ``yaml.safe_load``
and checked; a fault raises :class:`ThresholdsError` naming the file and the key.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import yaml

from validator.engine import RuleSet
from validator.engine.settlement import SettlementRules

THRESHOLDS_FILE: Final = Path(__file__).resolve().parent.parent / "data" / "analysis.yaml"
GLYPHS: Final = ("?", "??")


class ThresholdsError(ValueError):
    """A thresholds file that cannot be read or breaks its schema."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The loss from which a play is a mistake (``?``) and a blunder (``??``)."""

    mistake: int
    blunder: int

    def glyph(self, loss: int) -> str | None:
        """``??``, ``?`` or None for a play that loses ``loss``."""
        if loss >= self.blunder:
            return "??"
        if loss >= self.mistake:
            return "?"
        return None

    def to_dict(self) -> dict[str, int]:
        return {"?": self.mistake, "??": self.blunder}


def _entry(node: Any, where: str) -> Thresholds:
    if not isinstance(node, Mapping) or set(node) != set(GLYPHS):
        raise ThresholdsError(
            f"{where}: expected a mapping of '?' and '??' to losses, found {node!r}"
        )
    values = []
    for glyph in GLYPHS:
        value = node[glyph]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ThresholdsError(f"{where}.{glyph}: expected a whole number >= 1, found {value!r}")
        values.append(value)
    if values[1] < values[0]:
        raise ThresholdsError(f"{where}: '??' ({values[1]}) must not be below '?' ({values[0]})")
    return Thresholds(values[0], values[1])


@functools.lru_cache(maxsize=4)
def load_thresholds(
    path: Path = THRESHOLDS_FILE,
) -> tuple[Mapping[str, Thresholds], Mapping[str, Thresholds]]:
    """The thresholds by settlement kind and by game name, as the file gives them."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ThresholdsError(f"{path}: cannot read: {exc.strerror}") from exc
    except yaml.YAMLError as exc:
        raise ThresholdsError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(data, Mapping) or set(data) != {"kinds", "games"}:
        raise ThresholdsError(f"{path}: expected the keys 'kinds' and 'games'")
    tables = []
    for section in ("kinds", "games"):
        node = data[section]
        if not isinstance(node, Mapping):
            raise ThresholdsError(f"{path}: key {section!r}: expected a mapping")
        tables.append({str(k): _entry(v, f"{path}: {section}.{k}") for k, v in node.items()})
    if set(tables[0]) != {"target", "rubicon"}:
        raise ThresholdsError(f"{path}: 'kinds' must give 'target' and 'rubicon'")
    return tables[0], tables[1]


def thresholds_for(rules: RuleSet) -> Thresholds:
    """The thresholds of a game: by its rule set's name, else by its settlement kind."""
    kinds, games = load_thresholds()
    found = games.get(rules.name)
    if found is not None:
        return found
    settlement = rules.settlement_rules
    kind = settlement.kind if isinstance(settlement, SettlementRules) else "target"
    return kinds[kind]
