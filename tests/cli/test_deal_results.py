"""A deal's result is printed only where a deal has one, in ``adjudicate`` as in the views.

In Rubicon one deal is the game (rubicon-bezique-laws.txt, Scoring: "Each deal is a complete
game in itself"); in the two-pack game the deals of a game to 1000 only add to the totals
(foster-1914-ordinary-bezique.txt, Scoring: "The game is usually 1000 points").
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from validator.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _adjudicate(path: Path, *args: str) -> str:
    result = CliRunner().invoke(main, ["adjudicate", str(path), *args])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_two_pack_deal_has_no_value_of_its_own() -> None:
    for fmt in ("text", "md"):
        out = _adjudicate(SAMPLES / "games" / "two-pack.bzn", "--format", fmt)
        # deal 1 is B's by 220 to 110, but that is no result: four deals make the game
        assert "B wins 110" not in out, fmt
        assert "Result of the deal" not in out, fmt
        assert "B 790" in out, fmt


def test_a_rubicon_deal_is_the_game() -> None:
    # 650 v 470, brisques 12 v 20: 2400 (worked in tests/export/test_sample_snapshots.py)
    out = _adjudicate(SAMPLES / "games" / "rubicon.bzn")
    assert "  Result of the deal: A wins 2400." in out
