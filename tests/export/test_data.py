"""JSON and YAML of a replay: round trip, schema, stable output, snapshots."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from syrupy.assertion import SnapshotAssertion

from validator.export import replay_data, to_json, to_yaml
from validator.export.data import json_schema
from validator.replay import SCHEMA_VERSION, Replay

from .fixtures import HOSTILE_NAME, rubicon_replay, two_pack_replay
from .schema_check import errors

REPLAYS: dict[str, Callable[[], Replay]] = {
    "two-pack": two_pack_replay,
    "rubicon": rubicon_replay,
}


@pytest.mark.parametrize("name", REPLAYS)
def test_json_is_the_replay_data(name: str) -> None:
    replay = REPLAYS[name]()
    data = json.loads(to_json(replay))
    assert data == replay.to_dict()
    assert data["schema"] == SCHEMA_VERSION == 1
    assert next(iter(data)) == "schema"


@pytest.mark.parametrize("name", REPLAYS)
def test_yaml_is_the_replay_data(name: str) -> None:
    replay = REPLAYS[name]()
    assert yaml.safe_load(to_yaml(replay)) == replay.to_dict()


def test_output_is_stable() -> None:
    assert to_json(two_pack_replay()) == to_json(two_pack_replay())
    assert to_yaml(rubicon_replay()) == to_yaml(rubicon_replay())


def test_compact_json_is_one_line() -> None:
    text = to_json(rubicon_replay(), indent=None)
    assert text.count("\n") == 1 and text.endswith("\n")
    assert json.loads(text) == replay_data(rubicon_replay())


def test_hostile_text_is_kept_verbatim_in_data() -> None:
    # Data is not markup: the name must come back exactly as written.
    data = json.loads(to_json(two_pack_replay()))
    assert data["players"]["B"] == HOSTILE_NAME


@pytest.mark.parametrize("name", REPLAYS)
def test_data_validates_against_the_json_schema(name: str) -> None:
    schema = json_schema()
    assert errors(replay_data(REPLAYS[name]()), schema, schema) == []


def _broken(mutate: Callable[[dict[str, Any]], None]) -> list[str]:
    schema = json_schema()
    data = copy.deepcopy(replay_data(two_pack_replay()))
    mutate(data)
    return errors(data, schema, schema)


def test_schema_rejects_a_bad_card() -> None:
    def bad(d: dict[str, Any]) -> None:
        d["deals"][0]["steps"][0]["hands"]["A"][0] = "QX"

    assert _broken(bad) == ["$.deals[0].steps[0].hands.A[0]: 'QX' matches 0 of oneOf, not 1"]


def test_schema_rejects_a_missing_and_an_extra_key() -> None:
    def bad(d: dict[str, Any]) -> None:
        del d["deals"][0]["steps"][1]["stock"]
        d["findings"][0]["location"]["page"] = 3

    assert _broken(bad) == [
        "$.deals[0].steps[1]: missing 'stock'",
        "$.findings[0].location: unexpected key 'page'",
    ]


def test_schema_rejects_a_wrong_version_and_kind() -> None:
    def bad(d: dict[str, Any]) -> None:
        d["schema"] = 2
        d["deals"][0]["steps"][0]["kind"] = "shuffle"

    assert _broken(bad) == [
        "$.schema: 2 is not 1",
        "$.deals[0].steps[0].kind: 'shuffle' not one of "
        "['deal', 'play', 'trick', 'declare', 'draw', 'mark', 'end']",
    ]


@pytest.mark.parametrize("name", REPLAYS)
def test_json_snapshot(name: str, snapshot: SnapshotAssertion) -> None:
    assert to_json(REPLAYS[name]()) == snapshot


@pytest.mark.parametrize("name", REPLAYS)
def test_yaml_snapshot(name: str, snapshot: SnapshotAssertion) -> None:
    assert to_yaml(REPLAYS[name]()) == snapshot
