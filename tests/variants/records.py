"""Helpers of the variant tests: read the samples, replay a record as the lead will wire it."""

from __future__ import annotations

from pathlib import Path

from notation import parse_record
from notation.model import Declaration, Record, walk
from notation.reader import read_records
from validator.replay import Replay, replay

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "games"
DATA = Path(__file__).resolve().parent / "data"


def records_of(path: Path) -> list[Record]:
    out: list[Record] = []
    for item in read_records(path):
        assert isinstance(item, Record), str(item)
        out.append(item)
    return out


def sample(name: str) -> Record:
    (record,) = records_of(SAMPLES / name)
    return record


def replayed(record: Record) -> Replay:
    """The record replayed as production replays it: under its tags (Variant, Laws and
    HouseRules, resolved by the replay's one resolver)."""
    return replay(record, source=record.source)


def replay_text(text: str) -> Replay:
    return replayed(parse_record(text))


def findings(result: Replay) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in result.all_findings()]


def declarations(record: Record, deal: int = 0) -> list[Declaration]:
    """The deal's declarations as the record writes them, in order."""
    return [e for e in walk(record.deals[deal]) if isinstance(e, Declaration)]
