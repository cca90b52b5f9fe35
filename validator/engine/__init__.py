"""The rules engine: deal state, legal plays and declarations, scoring, rule sets as data.

Pure Python: it imports neither lark nor click and reads nothing but its YAML rule sets.
The replay validator drives :class:`DealState` event by event from a record; the simulator asks
it for legal plays and declarations. See ``docs/engine.md``.
"""

from __future__ import annotations

from .combinations import MELD_KINDS, SPECIAL_KINDS, canonical_kind
from .ruleset import RULESETS_DIR, RuleSet, RuleSetError, check_ruleset, load_ruleset
from .state import (
    DealOutcome,
    DealState,
    DeclarationOption,
    DeclarationOutcome,
    EngineError,
    Snapshot,
    deal_cards,
    new_pack,
)
from .violations import Violation

__all__ = [
    "MELD_KINDS",
    "RULESETS_DIR",
    "SPECIAL_KINDS",
    "DealOutcome",
    "DealState",
    "DeclarationOption",
    "DeclarationOutcome",
    "EngineError",
    "RuleSet",
    "RuleSetError",
    "Snapshot",
    "Violation",
    "canonical_kind",
    "check_ruleset",
    "deal_cards",
    "load_ruleset",
    "new_pack",
]
