"""The replay as data: JSON and YAML of :meth:`Replay.to_dict`.

The keys keep the order :meth:`Replay.to_dict` gives them (``schema`` first,
then the record's facts, the deals and the findings), so the output of a
replay is byte for byte the same on every run. The form is versioned by its
``schema`` key and documented in ``docs/replay-schema.md``; a JSON Schema of it
ships with the others in :mod:`validator.schemas` (``json_schema("replay")``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from validator.replay import Replay


def replay_data(replay: Replay) -> dict[str, Any]:
    """The replay as plain data (dicts, lists, strings, numbers, ``None``)."""
    return replay.to_dict()


def to_json(replay: Replay, *, indent: int | None = 2) -> str:
    """The replay as JSON text ending in a newline; ``indent=None`` for one compact line."""
    separators = (",", ": ") if indent is not None else (",", ":")
    text = json.dumps(replay_data(replay), indent=indent, ensure_ascii=False, separators=separators)
    return text + "\n"


def to_yaml(replay: Replay) -> str:
    """The replay as YAML: block mappings, with lists of cards and scores on one line."""
    return yaml.safe_dump(
        replay_data(replay),
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`replay_data` (:mod:`validator.schemas`)."""
    from validator.schemas import json_schema as shipped

    return shipped("replay")
