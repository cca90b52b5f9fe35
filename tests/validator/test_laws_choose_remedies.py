"""``--laws`` chooses the remedies, never the game: every clean sample stays clean under every
bundled code of laws, through the library and through ``bezique check``.

The rules of play come from the record (its Laws and HouseRules tags): choosing the French laws
for the remedies of an English record must not make its winner-first draws a French draw out of
turn (W303), and choosing the forfeits must not make its sevens score when played (Enquire
Within, 123 iv). The disputes (``samples/disputes/``) have irregularities on purpose and are
left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from notation import read_records
from notation.model import Record
from validator.cli import main
from validator.laws import BUNDLED
from validator.replay import replay, sitting_findings

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
CLEAN = sorted(p for p in SAMPLES.rglob("*.bzn") if "disputes" not in p.parts)


def _records(path: Path) -> list[Record]:
    out = []
    for item in read_records(path):
        assert isinstance(item, Record), item
        out.append(item)
    return out


def test_there_are_samples_to_check() -> None:
    assert len(CLEAN) >= 10
    assert set(BUNDLED) == {"english", "french", "forfeits"}


@pytest.mark.parametrize("laws", BUNDLED)
@pytest.mark.parametrize("path", CLEAN, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_every_clean_sample_is_clean_under_every_laws(path: Path, laws: str) -> None:
    replays = [
        replay(record, laws=laws, source=str(path), steps=False) for record in _records(path)
    ]
    found = [(f.code, f.location.line, f.message) for r in replays for f in r.all_findings()]
    found += [(f.code, f.location.line, f.message) for f in sitting_findings(replays, laws)]
    assert found == []
    assert {r.laws for r in replays} == {laws}


@pytest.mark.parametrize("laws", BUNDLED)
def test_check_laws_leaves_the_samples_clean(laws: str) -> None:
    result = CliRunner().invoke(main, ["check", *map(str, CLEAN), "--laws", laws, "--quiet"])
    assert result.exit_code == 0, result.output
