"""JSON and YAML of a replay: round trip, schema, stable output, snapshots."""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from syrupy.assertion import SnapshotAssertion

from validator.export import replay_data, to_json, to_yaml
from validator.export.data import json_schema, json_text, yaml_text
from validator.replay import SCHEMA_VERSION, Replay

from .fixtures import HOSTILE_COMMENT, HOSTILE_NAME, rubicon_replay, two_pack_replay
from .schema_check import errors

REPLAYS: dict[str, Callable[[], Replay]] = {
    "two-pack": two_pack_replay,
    "rubicon": rubicon_replay,
}


def _view_additions_removed(data: dict[str, Any], replay: Replay) -> dict[str, Any]:
    """The data with what :func:`replay_data` adds to :meth:`Replay.to_dict` taken out again."""
    out = copy.deepcopy(data)
    assert out.pop("comments") == [c.text for c in replay.record.events]
    assert isinstance(out.pop("deal_is_game"), bool)
    raw = replay.to_dict()
    for deal, raw_deal in zip(out["deals"], raw["deals"], strict=True):
        for step, raw_step in zip(deal["steps"], raw_deal["steps"], strict=True):
            for group in ("hands", "table"):
                # the same cards, only in another order
                for seat, cards in step[group].items():
                    assert Counter(cards) == Counter(raw_step[group][seat])
                step[group] = raw_step[group]
    return out


@pytest.mark.parametrize("name", REPLAYS)
def test_json_is_the_replay_data_with_the_view_additions(name: str) -> None:
    replay = REPLAYS[name]()
    data = json.loads(to_json(replay))
    assert data == replay_data(replay)
    assert _view_additions_removed(data, replay) == replay.to_dict()
    assert data["schema"] == SCHEMA_VERSION == 1
    assert next(iter(data)) == "schema"
    assert list(data)[7:10] == ["comments", "deal_is_game", "deals"]


@pytest.mark.parametrize("name", REPLAYS)
def test_yaml_is_the_replay_data(name: str) -> None:
    replay = REPLAYS[name]()
    assert yaml.safe_load(to_yaml(replay)) == replay_data(replay)


def test_hands_in_the_data_are_sorted_trumps_first() -> None:
    data = replay_data(two_pack_replay())
    # Dealt 7D 8H 9H JD JS QS KS TS; hearts are trumps: hearts, clubs, diamonds, spades,
    # and A T K Q J 9 8 7 within a suit.
    assert data["deals"][0]["steps"][0]["hands"]["A"] == [
        "9H", "8H", "JD", "7D", "TS", "KS", "QS", "JS"
    ]  # fmt: skip
    # Rubicon: no trump at the deal (spades, hearts, clubs, diamonds; unnamed cards last)
    first = replay_data(rubicon_replay())["deals"][0]["steps"][0]
    assert first["trump"] is None
    assert first["hands"]["B"] == ["7S", "7S", "9C", "8D", None, None, None, None, None]


def test_the_record_comments_and_whether_a_deal_is_a_game() -> None:
    two_pack = replay_data(two_pack_replay())
    assert two_pack["comments"] == ["Before the first deal: ", HOSTILE_COMMENT]
    # two-pack.yaml settles to a target (1000) over several deals; rubicon.yaml per deal
    assert two_pack["deal_is_game"] is False
    assert replay_data(rubicon_replay())["deal_is_game"] is True


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


def test_json_snapshot_rubicon(snapshot: SnapshotAssertion) -> None:
    # The Rubicon fixture with its first two steps and its last (the data is the fixture's,
    # tested above): the form, key order and indentation.
    data = replay_data(rubicon_replay())
    steps = data["deals"][0]["steps"]
    data["deals"][0]["steps"] = [*steps[:2], steps[-1]]
    assert json_text(data) == snapshot


def test_yaml_snapshot_of_the_first_steps(snapshot: SnapshotAssertion) -> None:
    # YAML carries the same data as JSON (tested above); two steps pin its layout.
    data = replay_data(two_pack_replay())
    data["deals"][0]["steps"] = data["deals"][0]["steps"][:2]
    assert yaml_text(data) == snapshot


def test_a_comment_before_a_tricks_first_play_is_on_that_play() -> None:
    """Audit 13, c01: ``3. {ON-TRICK-3} A 9C B 8C`` had put the comment on trick 2's last
    step (``B draws 8S``)."""
    from notation import parse_record
    from validator.replay import replay

    from .test_markdown import TRICK_COMMENT

    steps = replay_data(replay(parse_record(TRICK_COMMENT)))["deals"][0]["steps"]
    commented = [(s["trick"], s["text"], s["comments"]) for s in steps if s["comments"]]
    assert commented == [(3, "A leads 9C", ["ON-TRICK-3"])]
