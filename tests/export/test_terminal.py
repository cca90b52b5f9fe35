"""The terminal view and the ``export`` and ``replay`` commands.

The view is tested on the hand-made fixtures (figures the engine did not compute); the
commands on the bundled samples, for their own work: choosing the record, deal and step,
streaming several records, writing files, the keys of the stepper.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result
from syrupy.assertion import SnapshotAssertion

from notation import Record, read_records
from validator.cli import main
from validator.export import to_json, to_markdown
from validator.export.terminal import PAGE, find_position, read_line, render_step, step_through
from validator.replay import replay

from .fixtures import rubicon_replay, two_pack_replay


def test_render_step_after_the_bezique() -> None:
    replay = two_pack_replay()
    text = render_step(replay, 0, 16)
    lines = text.splitlines()
    assert lines[0] == "Deal 1 (dealer B) · step 16 of 19 · trick 3"
    # Bezique QS JD 40 declared by A: A 40; B 10 (seven turned up) + 20 (marriage).
    assert "> Hart, Alice (A)                score    40  brisques  1" in lines
    # Dealt 7D 8H 9H JD JS QS KS TS; played 7D 8H TS; drew KH 9S; QS JD on the table.
    # Hearts are trumps: hearts first, then clubs, diamonds, spades; ranks A 10 K Q J 9 8 7.
    assert "    hand:  K♥ 9♥ K♠ J♠ 9♠" in lines
    assert "    table: J♦ Q♠" in lines
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
    answers: Iterator[str | None] = iter(["t2"])
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


def test_home_end_and_the_page_keys() -> None:
    # the Rubicon fixture has steps 0 to 12; a page is PAGE (10) steps
    keys = iter(["\x1b[F", "\x1b[H", "\x1b[6~", "\x1b[6~", "\x1b[5~", "\x1b[4~", "\x1b[1~", "q"])
    screens: list[str] = []
    step_through(
        rubicon_replay(),
        0,
        read_key=lambda: next(keys),
        prompt=lambda _q: None,
        show=screens.append,
    )
    steps = [int(screen.split("step ")[1].split(" ")[0]) for screen in screens]
    assert PAGE == 10
    assert steps == [0, 12, 0, 10, 12, 2, 12, 0]


def test_esc_cancels_the_jump_prompt() -> None:
    keys = iter(["n", "j", "q"])
    screens: list[str] = []
    step_through(
        rubicon_replay(),
        0,
        read_key=lambda: next(keys),
        prompt=lambda _q: None,
        show=screens.append,
    )
    # the jump was cancelled: still at step 1, and no complaint about an answer
    assert [screen.splitlines()[0] for screen in screens][-1].startswith(
        "Deal 1 (dealer A) · step 1 of 12"
    )
    assert "No step or trick" not in screens[-1]


def test_read_line_edits_cancels_and_ignores_escape_sequences() -> None:
    def typed(*keys: str) -> tuple[str | None, str]:
        source = iter(keys)
        echoed: list[str] = []
        return read_line(lambda: next(source), echoed.append), "".join(echoed)

    assert typed("t", "1", "\x7f", "2", "\r") == ("t2", "t1\b \b2\n")
    assert typed("t", "3", "\x1b") == (None, "t3\n")  # Esc: no answer, no ^[ shown
    assert typed("\x1b[A", "5", "\x1b[D", "\n") == ("5", "5\n")  # arrows are not text


# --------------------------------------------------------------------------- the commands

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RUBICON_PAIR = SAMPLES / "rubicon.bzn"
"""Two records: a Rubicon game's first six tricks, and a chouette game's first three."""


def _run(*args: str, stdin: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def _replays(path: Path) -> list[str]:
    out = []
    for item in read_records(path):
        assert isinstance(item, Record)
        out.append(to_json(replay(item, source=str(path))))
    return out


def test_export_one_record_to_stdout() -> None:
    path = SAMPLES / "games" / "rubicon.bzn"
    result = _run("export", str(path), "--to", "json", "--laws", "french")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["variant"], data["laws"], data["source"]) == ("rubicon", "french", str(path))


def test_export_several_records_as_one_json_array() -> None:
    result = _run("export", str(RUBICON_PAIR), "--to", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [json.loads(text) for text in _replays(RUBICON_PAIR)]


def test_export_several_records_as_a_yaml_stream_and_markdown_sheets() -> None:
    documents = list(yaml.safe_load_all(_run("export", str(RUBICON_PAIR), "--to", "yaml").stdout))
    assert [d["tags"]["Event"] for d in documents] == ["Bath Rubicon Open", "Club chouette"]
    sheets = _run("export", str(RUBICON_PAIR), "--to", "md").stdout
    assert sheets.count("\n---\n") == 1
    assert sheets.startswith("# Bath Rubicon Open\n") and "\n# Club chouette\n" in sheets


def test_export_several_records_to_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = _run("export", str(RUBICON_PAIR), "--to", "md", "-o", f"{out}/")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["rubicon-001.md", "rubicon-002.md"]
    assert (out / "rubicon-002.md").read_text().startswith("# Club chouette\n")
    assert result.stderr == f"wrote 2 files to {out}\n"


def test_export_several_records_to_html_needs_a_folder() -> None:
    result = _run("export", str(RUBICON_PAIR), "--to", "html")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"{RUBICON_PAIR} holds several records and a page shows one: "
        "give a folder (-o FOLDER/) for a page per record\n"
    )


def test_export_from_standard_input_names_it_stdin() -> None:
    text = (SAMPLES / "two-pack.bzn").read_text()
    result = _run("export", "-", "--to", "md", stdin=text)
    assert result.exit_code == 0, result.output
    record = next(iter(read_records(SAMPLES / "two-pack.bzn")))
    assert isinstance(record, Record)
    assert result.stdout == to_markdown(replay(record, source="<stdin>"))


def test_export_skips_a_broken_record_and_numbers_the_rest(tmp_path: Path) -> None:
    source = tmp_path / "round.bzn"
    good = (SAMPLES / "two-pack.bzn").read_text()
    source.write_text(good + '\n[Event "broken"]\n\ndeal 1 dealer A\nhand A QX\n\n' + good)
    out = tmp_path / "pages"
    out.mkdir()
    result = _run("export", str(source), "--to", "html", "-o", str(out))
    assert result.exit_code == 2
    assert "found 'QX'" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["round-001.html", "round-003.html"]


def test_export_to_a_file_that_cannot_be_written(tmp_path: Path) -> None:
    path = SAMPLES / "two-pack.bzn"
    folder = _run("export", str(path), "--to", "md", "-o", str(tmp_path / "no" / "x.md"))
    assert (folder.exit_code, folder.stderr) == (
        2,
        f"{tmp_path / 'no' / 'x.md'}: cannot write: no such folder\n",
    )
    full = _run("export", str(path), "--to", "md", "-o", "/dev/full")
    assert full.exit_code == 2
    assert full.stderr == "/dev/full: cannot write: no space left on device\n"


def test_replay_prints_one_step() -> None:
    result = _run("replay", str(RUBICON_PAIR), "--record", "2", "--step", "t2", "--ascii")
    assert result.exit_code == 0, result.output
    # the chouette game: trick 1 is steps 1-5 (two plays, the trick, two draws)
    assert result.stdout.splitlines()[0] == "Deal 1 (dealer A) · step 6 of 16 · trick 2"
    assert "Trick:  A 7S" in result.stdout


def test_replay_reads_standard_input() -> None:
    result = _run("replay", "-", "--step", "0", stdin=RUBICON_PAIR.read_text())
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Deal 1 (dealer B) · step 0 of ")


def test_replay_unknown_record_step_and_deal() -> None:
    bad_step = _run("replay", str(RUBICON_PAIR), "--step", "99")
    assert bad_step.exit_code == 2
    assert "deal 1 has no step '99' (steps 0 to " in bad_step.stderr
    bad_deal = _run("replay", str(RUBICON_PAIR), "--deal", "4")
    assert bad_deal.exit_code == 2
    assert bad_deal.stderr == f"{RUBICON_PAIR}: record 1 has no deal 4 (deals 1)\n"
    bad_record = _run("replay", str(RUBICON_PAIR), "--record", "3")
    assert bad_record.exit_code == 2
    assert bad_record.stderr == f"{RUBICON_PAIR}: there is no record 3 (the file holds 2)\n"
    zero = _run("replay", str(RUBICON_PAIR), "--record", "0")
    assert zero.exit_code == 2 and "Invalid value for '--record'" in zero.stderr


@pytest.mark.parametrize("command", ["export", "replay"])
def test_laws_are_checked_before_reading(command: str) -> None:
    extra = ["--to", "md"] if command == "export" else []
    result = _run(command, str(RUBICON_PAIR), *extra, "--laws", "klingon")
    assert result.exit_code == 2
    assert "Invalid value for '--laws'" in result.stderr and "klingon" in result.stderr
