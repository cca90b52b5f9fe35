"""The thresholds that turn a loss into ? or ??: the data file, its lookup and its errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from validator.analysis.thresholds import (
    Thresholds,
    ThresholdsError,
    load_thresholds,
    thresholds_for,
)
from validator.engine import load_ruleset


def test_each_game_has_its_thresholds() -> None:
    assert thresholds_for(load_ruleset("two-pack")) == Thresholds(10, 30)
    for game in ("rubicon", "chinese", "six-pack"):
        assert thresholds_for(load_ruleset(game)) == Thresholds(100, 500)


def test_a_club_rule_set_falls_back_on_its_settlement_kind(tmp_path: Path) -> None:
    club = tmp_path / "club.yaml"
    club.write_text("extends: rubicon\nname: club\ntitle: Club Rubicon\n", encoding="utf-8")
    assert thresholds_for(load_ruleset(str(club))) == Thresholds(100, 500)


def test_glyphs() -> None:
    rubicon = Thresholds(100, 500)
    assert [rubicon.glyph(n) for n in (50, 100, 499, 500, 2700)] == [None, "?", "?", "??", "??"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("kinds: {}\n", "expected the keys 'kinds' and 'games'"),
        ("kinds: {target: {'?': 10, '??': 30}}\ngames: {}\n", "must give 'target' and 'rubicon'"),
        (
            "kinds: {target: {'?': 10, '??': 5}, rubicon: {'?': 1, '??': 2}}\ngames: {}\n",
            "must not be below",
        ),
        (
            "kinds: {target: {'?': 0, '??': 5}, rubicon: {'?': 1, '??': 2}}\ngames: {}\n",
            "expected a whole number >= 1",
        ),
        ("kinds: [\n", "not valid YAML"),
    ],
)
def test_a_bad_file_names_the_fault(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "analysis.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ThresholdsError, match=message):
        load_thresholds(path)
