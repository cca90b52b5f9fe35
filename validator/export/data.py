"""The replay as data: JSON and YAML of :meth:`Replay.to_dict`, as every view shows it.

The keys keep the order :meth:`Replay.to_dict` gives them (``schema`` first,
then the record's facts, the deals and the findings), so the output of a
replay is byte for byte the same on every run. Three things are added, so that
the data (and the HTML page built on it) show what the other views show:

- ``comments``: the record's comments before the first deal and on its tag lines;
- at each deal's first step, the comments on its hand, stock and turn-up lines;
- ``deal_is_game``: whether a deal's settlement is a result of its own
  (:func:`validator.export.notes.deal_is_game`);

and the cards of each hand and of each seat's table are listed as a player
holds them (by suit, trumps first once known, then by rank). The form is
versioned by its ``schema`` key and documented in ``docs/replay-schema.md``; a
JSON Schema of it ships with the others in :mod:`validator.schemas`
(``json_schema("replay")``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import yaml

from validator import indented_json
from validator.export.labels import sorted_cards
from validator.export.notes import deal_is_game, deal_notes, record_comments

if TYPE_CHECKING:
    from validator.replay import Replay


def replay_data(replay: Replay) -> dict[str, Any]:
    """The replay as plain data (dicts, lists, strings, numbers, ``None``)."""
    data = replay.to_dict()
    for index, deal in enumerate(data["deals"]):
        for step in deal["steps"]:
            trump = step["trump"]
            for group in ("hands", "table"):
                step[group] = {
                    seat: sorted_cards(cards, trump) for seat, cards in step[group].items()
                }
        if deal["steps"]:
            deal["steps"][0]["comments"].extend(deal_notes(replay, index))
    ordered: dict[str, Any] = {}
    for key, value in data.items():
        if key == "deals":
            ordered["comments"] = list(record_comments(replay))
            ordered["deal_is_game"] = deal_is_game(replay)
        ordered[key] = value
    return ordered


def to_json(replay: Replay, *, indent: int | None = 2) -> str:
    """The replay as JSON text ending in a newline; ``indent=None`` for one compact line."""
    return json_text(replay_data(replay), indent=indent)


def json_text(data: dict[str, Any], *, indent: int | None = 2) -> str:
    """Replay data as :func:`to_json` writes it."""
    if indent is not None:
        return indented_json.dumps(data, indent) + "\n"
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def json_item(replay: Replay) -> str:
    """The replay as :func:`to_json` writes it, as one item of an array of replays: every
    line but the first indented a step more, no newline at the end (``bezique export`` writes
    one record after another so)."""
    return indented_json.dumps(replay_data(replay), level=1)


def to_yaml(replay: Replay) -> str:
    """The replay as YAML: block mappings, with lists of cards and scores on one line."""
    return yaml_text(replay_data(replay))


def yaml_text(data: dict[str, Any]) -> str:
    """Replay data as :func:`to_yaml` writes it."""
    return yaml.safe_dump(
        data,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=None,
        width=100,
    )


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`replay_data` (:mod:`validator.schemas`)."""
    from validator.schemas import json_schema as shipped

    return shipped("replay")
