"""The JSON model of each sample, pinned after reading it (see the .ambr file)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from notation import read_records

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*.bzn"))


def pretty(value: Any, indent: str = "") -> str:
    """JSON with each node on one line when it fits in 120 characters: easy to read."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) <= 120 or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(k)}: {pretty(v, inner).lstrip()}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + pretty(v, inner).lstrip() for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_model(path: Path, snapshot: SnapshotAssertion) -> None:
    records = list(read_records(path, name=path.name))
    data = [r.to_dict() for r in records]  # type: ignore[union-attr]
    assert pretty(data) == snapshot
