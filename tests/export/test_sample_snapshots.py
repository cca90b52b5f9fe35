"""Every view of every sample record: the exports a user would publish.

Each bundled sample (the hand-written records in ``samples/`` and the complete games in
``samples/games/``) is replayed once and rendered in every format; the snapshots were read
and judged right before they were pinned. The hand-written samples pin every format whole.
The complete games pin their Markdown score sheet, a terminal step, and their JSON without
the per-step states (deals, findings, settlements, result); their full JSON, YAML and HTML
are checked to carry the same data as each other, since a complete game's step-by-step
states run to megabytes that nobody could read to judge.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from syrupy.assertion import SnapshotAssertion

from notation import Record, read_records
from validator.export import render_step, to_html, to_json, to_markdown, to_yaml
from validator.replay import Replay, replay

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HAND_WRITTEN = sorted(SAMPLES.glob("*.bzn"))
GAMES = sorted((SAMPLES / "games").glob("*.bzn"))


def _records(path: Path) -> list[tuple[str, Record]]:
    out = []
    for index, item in enumerate(read_records(path), 1):
        assert isinstance(item, Record), f"{path}: {item}"
        out.append((f"{path.parent.name}/{path.name}#{index}", item))
    return out


CASES = [case for path in HAND_WRITTEN + GAMES for case in _records(path)]
HAND_CASES = [case for path in HAND_WRITTEN for case in _records(path)]
GAME_CASES = [case for path in GAMES for case in _records(path)]


def _replay(record: Record) -> Replay:
    # The source is the file's name only, so the snapshots do not depend on the checkout.
    source = Path(record.source).name if record.source else None
    return replay(record, source=source)


@pytest.mark.parametrize(("name", "record"), CASES, ids=[name for name, _ in CASES])
def test_sheet_and_terminal_of_every_sample(
    name: str, record: Record, snapshot: SnapshotAssertion
) -> None:
    replayed = _replay(record)
    assert replayed.all_findings() == (), f"{name} is a sample and must be clean"
    assert to_markdown(replayed) == snapshot(name="md")
    middle = len(replayed.deals[0].steps) // 2
    assert render_step(replayed, 0, middle, ascii_only=True) == snapshot(name="terminal")


@pytest.mark.parametrize(("name", "record"), HAND_CASES, ids=[name for name, _ in HAND_CASES])
def test_every_format_of_each_hand_written_sample(
    name: str, record: Record, snapshot: SnapshotAssertion
) -> None:
    replayed = _replay(record)
    assert to_json(replayed) == snapshot(name="json")
    assert to_yaml(replayed) == snapshot(name="yaml")
    assert to_html(replayed) == snapshot(name="html")


@pytest.mark.parametrize(("name", "record"), GAME_CASES, ids=[name for name, _ in GAME_CASES])
def test_data_of_each_complete_game(name: str, record: Record, snapshot: SnapshotAssertion) -> None:
    replayed = _replay(record)
    data = json.loads(to_json(replayed))
    assert yaml.safe_load(to_yaml(replayed)) == data
    page = to_html(replayed)
    block = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S)
    assert block is not None
    assert json.loads(block.group(1)) == data
    for deal in data["deals"]:
        assert len(deal["steps"]) > 0
        deal["steps"] = f"{len(deal['steps'])} steps"
    assert data == snapshot(name="json-without-steps")
