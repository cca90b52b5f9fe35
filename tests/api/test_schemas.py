"""The JSON Schemas shipped in the package: valid draft 2020-12, and the output agrees with them.

The checks use ``jsonschema``, a complete validator of the draft, apart from the two small
checkers of ``tests/batch`` and ``tests/export`` (which know only the keywords they need).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from notation import Record, read_records
from validator import adjudicate_record, json_schema, replay_data, replay_record, rulings_document
from validator.cli import main
from validator.schemas import SchemaError, schema_names, schema_text

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(SAMPLES.rglob("*.bzn"))


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _problems(name: str, document: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in _validator(name).iter_errors(document)]


def _records(path: Path) -> list[Record]:
    return [r for r in read_records(path) if isinstance(r, Record)]


@pytest.mark.parametrize("name", ["check", "adjudication", "replay"])
def test_each_schema_is_valid_draft_2020_12(name: str) -> None:
    schema = json_schema(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert json.loads(schema_text(name)) == schema


def test_the_names_and_an_unknown_one() -> None:
    assert schema_names() == ("check", "adjudication", "replay")
    with pytest.raises(SchemaError, match="no schema 'ruling' \\(schemas: check, adjudication"):
        json_schema("ruling")


def test_check_output_agrees_with_its_schema() -> None:
    result = CliRunner().invoke(
        main, ["check", "--format", "json", "--jobs", "1", str(SAMPLES), "no-such.bzn"]
    )
    document = json.loads(result.stdout)
    assert result.exit_code == 2  # the missing file
    assert {r["type"] for r in document["results"]} == {"record", "file"}
    assert {r["status"] for r in document["results"] if r["type"] == "record"} >= {
        "clean",
        "findings",
    }
    assert _problems("check", document) == []


def test_adjudication_output_agrees_with_its_schema() -> None:
    rulings = []
    for path in sorted((SAMPLES / "disputes").glob("*.bzn")):
        for index, record in enumerate(_records(path), 1):
            rulings.append(adjudicate_record(record, source=str(path), index=index))
    document = rulings_document(rulings, ["x.bzn:1:1: a parse error"])
    assert sum(len(r.irregularities) for r in rulings) > 10
    assert _problems("adjudication", document) == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_replay_data_agrees_with_its_schema(path: Path) -> None:
    # The simulated corpus is alike record after record: its first stands for its file.
    for record in _records(path)[: 1 if "corpus" in path.parts else 3]:
        data = replay_data(replay_record(record, source=str(path)))  # what export writes
        assert _problems("replay", data) == []


def test_the_schemas_catch_what_is_wrong() -> None:
    path = SAMPLES / "disputes" / "lead-out-of-turn.bzn"
    document = rulings_document([adjudicate_record(_records(path)[0])], [])
    irregularity = document["rulings"][0]["deals"][0]["irregularities"][0]
    del irregularity["options"]
    irregularity["code"] = "P1"
    found = _problems("adjudication", document)
    assert any("'options' is a required property" in p for p in found)
    assert any("'P1' does not match" in p for p in found)


def test_the_findings_are_described_alike() -> None:
    # A ruling's irregularity is the replay's finding plus its options (docs/adjudicate.md):
    # the parts they share are the same definitions, word for word.
    replay, ruling = json_schema("replay")["$defs"], json_schema("adjudication")["$defs"]
    for name in ("location", "remedy", "correction", "seatInt", "optInt", "optString", "suit"):
        assert ruling[name] == replay[name], name
    finding = dict(replay["finding"])
    finding["required"] = [*finding["required"], "options"]
    finding["properties"] = {
        **finding["properties"],
        "options": {"type": "array", "items": {"$ref": "#/$defs/remedy"}},
    }
    assert ruling["irregularity"] == finding


def test_python_m_validator_schemas_prints_them() -> None:
    run = [sys.executable, "-m", "validator.schemas"]
    listed = subprocess.run(run, capture_output=True, text=True, check=True)
    assert listed.stdout.split() == ["check", "adjudication", "replay"]
    printed = subprocess.run([*run, "replay"], capture_output=True, text=True, check=True)
    assert json.loads(printed.stdout) == json_schema("replay")
    bad = subprocess.run([*run, "nope"], capture_output=True, text=True)
    assert bad.returncode == 2 and "no schema 'nope'" in bad.stderr
