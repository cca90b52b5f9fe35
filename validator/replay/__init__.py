"""The replay: one walk of a record through the engine, kept for every view.

The validator builds a :class:`Replay` once per record; ``check``, ``adjudicate`` and every
exporter (HTML, Markdown, JSON, YAML, the terminal) read it and never replay the record again.

- :mod:`~validator.replay.model`: the Replay and what it holds (steps, findings, remedies,
  settlements); :mod:`~validator.replay.wording` puts a correction into words;
- :mod:`~validator.replay.resolver`: from a record's tags to its rule set and laws (one resolver
  and cache for the replay, the simulator and the tests);
- :mod:`~validator.replay.walker` walks a deal, :mod:`~validator.replay.marks` reads its marks,
  :mod:`~validator.replay.rulings` rules on its findings (:mod:`~validator.replay.facts` gives
  the three a finding's facts), :mod:`~validator.replay.findings` builds them;
  :mod:`~validator.replay.driver` replays a record (:mod:`~validator.replay.cut` the part of a
  record read up to its first fault);
  :mod:`~validator.replay.sittings` checks a chouette's rotation;
- :mod:`~validator.replay.observer`: the hook a caller passes to watch a replay step by step.

The model's names are imported here at once; the functions that replay are imported when first
used, so that the laws (which the replay needs) can themselves use the model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from validator.replay.model import (
    SCHEMA_VERSION,
    Correction,
    DealReplay,
    DealSettlement,
    Finding,
    GameSettlement,
    Location,
    Remedy,
    Replay,
    Step,
)
from validator.replay.observer import EngineEvent, ReplayObserver

if TYPE_CHECKING:
    from validator.replay.driver import ReplayDetails, replay, replay_with_details
    from validator.replay.findings import make_finding
    from validator.replay.resolver import (
        DEFAULT_LAWS,
        DEFAULT_VARIANT,
        load_laws_cached,
        load_ruleset,
        record_rules,
        resolve,
        rules_for,
    )
    from validator.replay.rulings import DealDetail
    from validator.replay.sittings import ChouetteWatch, chouette_game, sitting_findings

_LAZY = {
    "ReplayDetails": "driver",
    "replay": "driver",
    "replay_with_details": "driver",
    "make_finding": "findings",
    "DEFAULT_LAWS": "resolver",
    "DEFAULT_VARIANT": "resolver",
    "load_laws_cached": "resolver",
    "load_ruleset": "resolver",
    "record_rules": "resolver",
    "resolve": "resolver",
    "rules_for": "resolver",
    "DealDetail": "rulings",
    "ChouetteWatch": "sittings",
    "chouette_game": "sittings",
    "sitting_findings": "sittings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'validator.replay' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"validator.replay.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DEFAULT_LAWS",
    "DEFAULT_VARIANT",
    "SCHEMA_VERSION",
    "ChouetteWatch",
    "Correction",
    "DealDetail",
    "DealReplay",
    "DealSettlement",
    "EngineEvent",
    "Finding",
    "GameSettlement",
    "Location",
    "Remedy",
    "Replay",
    "ReplayDetails",
    "ReplayObserver",
    "Step",
    "chouette_game",
    "load_laws_cached",
    "load_ruleset",
    "make_finding",
    "record_rules",
    "replay",
    "replay_with_details",
    "resolve",
    "rules_for",
    "sitting_findings",
]
