"""The terminal view and the ``export`` and ``replay`` commands.

Until ``validator.replayer`` lands, the commands are run against a stand-in
replayer returning the hand-made fixtures (installed with monkeypatch), which
tests the commands' own work: choosing the record, deal and step, writing files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from syrupy.assertion import SnapshotAssertion

import notation
from validator.cli import main
from validator.export.terminal import find_position, render_step, step_through
from validator.replay import Replay

from .fixtures import rubicon_replay, two_pack_replay


def test_render_step_after_the_bezique() -> None:
    replay = two_pack_replay()
    text = render_step(replay, 0, 16)
    lines = text.splitlines()
    assert lines[0] == "Deal 1 (dealer B) · step 16 of 19 · trick 3"
    # Bezique QS JD 40 declared by A: A 40; B 10 (seven turned up) + 20 (marriage).
    assert "> Hart, Alice (A)                score    40  brisques  1" in lines
    # Dealt 7D 8H 9H JD JS QS KS TS; played 7D 8H TS; drew KH 9S; QS JD on the table.
    assert "    hand:  9♥ J♠ K♠ K♥ 9♠" in lines
    assert "    table: Q♠ J♦" in lines
    assert "A declares bezique QS JD 40 ?" in lines
    assert "  ! A411 error: A claims 50 for bezique QS JD; bezique scores 40" in lines
    assert "Stock:  44" in lines


def test_render_step_public_and_ascii() -> None:
    text = render_step(rubicon_replay(), 0, 0, show_hands=False, ascii_only=True)
    assert "    hand:  9 cards" in text.splitlines()
    assert "Trumps: not yet" in text


def test_control_characters_cannot_reach_the_terminal() -> None:
    replay = two_pack_replay()
    assert "\x1b" not in render_step(replay, 0, 0)


def test_find_position() -> None:
    deal = rubicon_replay().deals[0]
    assert find_position(deal, "3") == 3
    assert find_position(deal, "t2") == 7  # the first play of trick 2
    assert find_position(deal, "t9") is None
    assert find_position(deal, "x") is None


def test_step_through_keys() -> None:
    keys = iter(["n", "\x1b[C", "p", "]", "j", "h", "q"])
    answers = iter(["t2"])
    screens: list[str] = []
    step_through(
        rubicon_replay(),
        0,
        read_key=lambda: next(keys),
        prompt=lambda _q: next(answers),
        show=screens.append,
    )
    firsts = [screen.splitlines()[0] for screen in screens]
    assert firsts == [
        "Deal 1 (dealer A) · step 0 of 12",
        "Deal 1 (dealer A) · step 1 of 12 · trick 1",
        "Deal 1 (dealer A) · step 2 of 12 · trick 1",
        "Deal 1 (dealer A) · step 1 of 12 · trick 1",
        "Deal 1 (dealer A) · step 7 of 12 · trick 2",  # ] : next trick
        "Deal 1 (dealer A) · step 7 of 12 · trick 2",  # j t2
        "Deal 1 (dealer A) · step 7 of 12 · trick 2",  # h hides the hands
    ]
    assert "    hand:  9 cards" in screens[-1]


def test_terminal_snapshot_last_step(snapshot: SnapshotAssertion) -> None:
    replay = rubicon_replay()
    assert render_step(replay, 0, len(replay.deals[0].steps) - 1) == snapshot


@pytest.fixture
def fake_replayer(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """``read_records`` yields the file's lines; ``replay`` maps each to a fixture."""
    calls: list[Any] = []
    made = {"two-pack": two_pack_replay, "rubicon": rubicon_replay}

    def read_records(path: Path) -> Iterator[str]:
        yield from Path(path).read_text().split()

    def replay(record: str, **kwargs: Any) -> Replay:
        calls.append((record, kwargs))
        return made[record]()

    import validator.replay

    monkeypatch.setattr(validator.replay, "replay", replay, raising=False)
    monkeypatch.setattr(notation, "read_records", read_records, raising=False)
    yield calls


def test_export_one_record_to_stdout(fake_replayer: list[Any], tmp_path: Path) -> None:
    source = tmp_path / "game.bzn"
    source.write_text("rubicon\n")
    result = CliRunner().invoke(main, ["export", str(source), "--to", "json", "--laws", "french"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["variant"] == "rubicon"
    assert fake_replayer == [("rubicon", {"laws": "french", "source": str(source)})]


def test_export_many_records_to_a_folder(fake_replayer: list[Any], tmp_path: Path) -> None:
    source = tmp_path / "round.bzn"
    source.write_text("two-pack rubicon two-pack\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["export", str(source), "--to", "md", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["round-001.md", "round-002.md", "round-003.md"]
    assert (out / "round-002.md").read_text().startswith("# Bath Rubicon Open\n")


def test_export_many_records_needs_a_folder(fake_replayer: list[Any], tmp_path: Path) -> None:
    source = tmp_path / "round.bzn"
    source.write_text("two-pack rubicon\n")
    result = CliRunner().invoke(main, ["export", str(source), "--to", "html"])
    assert result.exit_code == 2
    assert "holds several records: give a folder with -o" in result.output


def test_replay_prints_one_step(fake_replayer: list[Any], tmp_path: Path) -> None:
    source = tmp_path / "game.bzn"
    source.write_text("two-pack rubicon\n")
    result = CliRunner().invoke(
        main, ["replay", str(source), "--record", "2", "--deal", "1", "--step", "t2", "--ascii"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Deal 1 (dealer A) · step 7 of 12 · trick 2"
    assert "Trick:  A 7D" in result.output


def test_replay_unknown_step_and_deal(fake_replayer: list[Any], tmp_path: Path) -> None:
    source = tmp_path / "game.bzn"
    source.write_text("rubicon\n")
    bad_step = CliRunner().invoke(main, ["replay", str(source), "--step", "99"])
    assert bad_step.exit_code == 2
    assert "deal 1 has no step '99' (steps 0 to 12)" in bad_step.output
    bad_deal = CliRunner().invoke(main, ["replay", str(source), "--deal", "4"])
    assert bad_deal.exit_code == 2
    assert "has no deal 4 (deals [1])" in bad_deal.output
