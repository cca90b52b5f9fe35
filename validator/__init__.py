"""Rules engine, replay validator, laws and views for Bézique records: the public API.

Everything a program needs is one import away (``docs/api.md`` shows each in use)::

    import validator

    for item in validator.read_records("round.bzn"):
        if isinstance(item, validator.NotationError):
            print(item)                                  # file:line:col, the text, a caret
            continue
        replayed = validator.replay_record(item)         # one walk through the engine
        for finding in replayed.all_findings():
            print(finding.code, finding.message)

- **records** (the ``notation`` package's own names): :class:`Record` and its parts,
  :func:`read_records`, :func:`parse_record`, :func:`write_record`...;
- **replaying**: :func:`replay_record`, :class:`Replay`, :class:`ReplayObserver` (a hook at
  each step);
- **findings**: :class:`Finding`, :class:`Remedy`, :func:`finding_catalogue`;
- **adjudication**: :func:`adjudicate_record`, :class:`Ruling`, :func:`ruling_text`...;
- **settlement**: :func:`settle_deal`, :func:`settle_game`, :func:`settle_sittings`;
- **export**: :func:`to_html`, :func:`to_markdown`, :func:`to_json`, :func:`to_yaml`;
- **batch checking**: :func:`check_paths`, :func:`check_items`, :class:`CheckSummary`;
- **recording a game**: :class:`Recorder`, :class:`IllegalEvent`;
- **record tools**: :func:`compare_records`, :func:`merge_records`, :class:`Selection`,
  :func:`strip_record`, :func:`find_duplicates`;
- **schemas**: :func:`json_schema` (check, adjudication and replay output).

``validator.engine`` knows the rules and nothing of syntax (it imports neither lark nor
click); the replay walks a ``notation`` record through it once, and every view (check,
adjudicate, HTML, Markdown, JSON, YAML) reads that replay. The names here are loaded on first
use, so that importing the engine alone (``validator.engine``) stays free of the parser. Three
take a longer name than in their modules, whose names they would hide: ``replay_record`` is
:func:`validator.replay.replay`, ``adjudicate_record`` :func:`validator.adjudicate.adjudicate`
and ``finding_catalogue`` :func:`validator.catalogue.catalogue`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notation import (
        Card,
        CardError,
        Combination,
        Comment,
        Deal,
        DealScore,
        Declaration,
        Draw,
        Event,
        Hand,
        Mark,
        NotationError,
        Play,
        Pos,
        Record,
        Stock,
        Tag,
        Trick,
        Variation,
        iter_records,
        parse_record,
        parse_record_collecting,
        parse_record_lenient,
        parse_records,
        read_records,
        read_text_records,
        walk,
        write_record,
        write_records,
    )
    from validator.adjudicate import (
        Irregularity,
        Ruling,
        adjudicate_sitting,
        ruling_to_dict,
        rulings_document,
    )
    from validator.adjudicate import adjudicate as adjudicate_record
    from validator.adjudicate import render_markdown as ruling_markdown
    from validator.adjudicate import render_text as ruling_text
    from validator.batch import (
        CheckSummary,
        FileDone,
        FileProblem,
        RecordResult,
        RecordText,
        check_items,
        check_paths,
        check_record,
        expand_paths,
        read_items,
    )
    from validator.catalogue import catalogue as finding_catalogue
    from validator.engine import (
        DealOutcome,
        DealState,
        DeclarationOption,
        EngineError,
        RuleSet,
        RuleSetError,
        Violation,
    )
    from validator.engine.settlement import (
        DealSettlement,
        GameSettlement,
        SettlementError,
        settle_deal,
        settle_game,
    )
    from validator.export import render_step, replay_data, to_html, to_json, to_markdown, to_yaml
    from validator.laws import Laws, LawsError, load_laws
    from validator.recorder import IllegalEvent, Recorder, RecorderError
    from validator.replay import (
        Correction,
        DealReplay,
        EngineEvent,
        Finding,
        Location,
        Remedy,
        Replay,
        ReplayDetails,
        ReplayObserver,
        Step,
        load_ruleset,
        record_rules,
        replay_with_details,
        rules_for,
    )
    from validator.replay import replay as replay_record
    from validator.schemas import json_schema, schema_names
    from validator.simulate import SimulatedGame, simulate_game, simulate_games
    from validator.sitting import SittingReport, settle_sittings
    from validator.tools.compare import (
        Comparison,
        Difference,
        MergeError,
        compare_records,
        merge_records,
    )
    from validator.tools.duplicates import Duplicate, DuplicateFinder, find_duplicates
    from validator.tools.fingerprint import Fingerprint, fingerprint
    from validator.tools.selection import Selection
    from validator.tools.strip import strip_record
    from validator.tools.tag_filter import TagFilter, TagFilterError, parse_tag_filter

_LAZY: dict[str, tuple[str, str]] = {}
"""Each public name: the module that defines it and its name there."""


def _names(module: str, *names: str) -> None:
    for name in names:
        public, _, inner = name.partition("=")
        _LAZY[public] = (module, inner or public)


_names(
    "notation",
    "Card",
    "CardError",
    "Combination",
    "Comment",
    "Deal",
    "DealScore",
    "Declaration",
    "Draw",
    "Event",
    "Hand",
    "Mark",
    "NotationError",
    "Play",
    "Pos",
    "Record",
    "Stock",
    "Tag",
    "Trick",
    "Variation",
    "iter_records",
    "parse_record",
    "parse_record_collecting",
    "parse_record_lenient",
    "parse_records",
    "read_records",
    "read_text_records",
    "walk",
    "write_record",
    "write_records",
)
_names(
    "validator.replay",
    "Correction",
    "DealReplay",
    "EngineEvent",
    "Finding",
    "Location",
    "Remedy",
    "Replay",
    "ReplayDetails",
    "ReplayObserver",
    "Step",
    "load_ruleset",
    "record_rules",
    "replay_record=replay",
    "replay_with_details",
    "rules_for",
)
_names(
    "validator.engine",
    "DealOutcome",
    "DealState",
    "DeclarationOption",
    "EngineError",
    "RuleSet",
    "RuleSetError",
    "Violation",
)
_names("validator.laws", "Laws", "LawsError", "load_laws")
_names("validator.catalogue", "finding_catalogue=catalogue")
_names(
    "validator.adjudicate",
    "Irregularity",
    "Ruling",
    "adjudicate_record=adjudicate",
    "adjudicate_sitting",
    "ruling_markdown=render_markdown",
    "ruling_text=render_text",
    "ruling_to_dict",
    "rulings_document",
)
_names(
    "validator.engine.settlement",
    "DealSettlement",
    "GameSettlement",
    "SettlementError",
    "settle_deal",
    "settle_game",
)
_names("validator.sitting", "SittingReport", "settle_sittings")
_names(
    "validator.export",
    "render_step",
    "replay_data",
    "to_html",
    "to_json",
    "to_markdown",
    "to_yaml",
)
_names(
    "validator.batch",
    "CheckSummary",
    "FileDone",
    "FileProblem",
    "RecordResult",
    "RecordText",
    "check_items",
    "check_paths",
    "check_record",
    "expand_paths",
    "read_items",
)
_names("validator.recorder", "IllegalEvent", "Recorder", "RecorderError")
_names("validator.simulate", "SimulatedGame", "simulate_game", "simulate_games")
_names("validator.schemas", "json_schema", "schema_names")
_names("validator.tools.duplicates", "Duplicate", "DuplicateFinder", "find_duplicates")
_names("validator.tools.fingerprint", "Fingerprint", "fingerprint")
_names("validator.tools.selection", "Selection")
_names("validator.tools.strip", "strip_record")
_names("validator.tools.tag_filter", "TagFilter", "TagFilterError", "parse_tag_filter")
_names(
    "validator.tools.compare",
    "Comparison",
    "Difference",
    "MergeError",
    "compare_records",
    "merge_records",
)


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module 'validator' has no attribute {name!r}")
    value = getattr(import_module(where[0]), where[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "Card",
    "CardError",
    "CheckSummary",
    "Combination",
    "Comment",
    "Comparison",
    "Correction",
    "Deal",
    "DealOutcome",
    "DealReplay",
    "DealScore",
    "DealSettlement",
    "DealState",
    "Declaration",
    "DeclarationOption",
    "Difference",
    "Draw",
    "Duplicate",
    "DuplicateFinder",
    "EngineError",
    "EngineEvent",
    "Event",
    "FileDone",
    "FileProblem",
    "Finding",
    "Fingerprint",
    "GameSettlement",
    "Hand",
    "IllegalEvent",
    "Irregularity",
    "Laws",
    "LawsError",
    "Location",
    "Mark",
    "MergeError",
    "NotationError",
    "Play",
    "Pos",
    "Record",
    "RecordResult",
    "RecordText",
    "Recorder",
    "RecorderError",
    "Remedy",
    "Replay",
    "ReplayDetails",
    "ReplayObserver",
    "RuleSet",
    "RuleSetError",
    "Ruling",
    "Selection",
    "SettlementError",
    "SimulatedGame",
    "SittingReport",
    "Step",
    "Stock",
    "Tag",
    "TagFilter",
    "TagFilterError",
    "Trick",
    "Variation",
    "Violation",
    "adjudicate_record",
    "adjudicate_sitting",
    "check_items",
    "check_paths",
    "check_record",
    "compare_records",
    "expand_paths",
    "find_duplicates",
    "finding_catalogue",
    "fingerprint",
    "iter_records",
    "json_schema",
    "load_laws",
    "load_ruleset",
    "merge_records",
    "parse_record",
    "parse_record_collecting",
    "parse_record_lenient",
    "parse_records",
    "parse_tag_filter",
    "read_items",
    "read_records",
    "read_text_records",
    "record_rules",
    "render_step",
    "replay_data",
    "replay_record",
    "replay_with_details",
    "rules_for",
    "ruling_markdown",
    "ruling_text",
    "ruling_to_dict",
    "rulings_document",
    "schema_names",
    "settle_deal",
    "settle_game",
    "settle_sittings",
    "simulate_game",
    "simulate_games",
    "strip_record",
    "to_html",
    "to_json",
    "to_markdown",
    "to_yaml",
    "walk",
    "write_record",
    "write_records",
]
