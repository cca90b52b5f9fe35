"""The command line on records that are not read as written: a line too long to hold, a
comment over a line separator, and the words of a few refusals.

Every expected value is worked out by hand from the inputs below.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from validator.cli import main
from validator.sources import MAX_LINE, Input, LineReader

RECORD = (
    '[Event "x"]\n[A "Hart"]\n[B "Cole"]\n[Variant "rubicon"]\n[Result "*"]\n\n'
    "deal 1 dealer B\n1. A 7D B 9D\n2. B 8S A TS\n"
)
"""Nine lines: a record that checks clean (two tricks of an unfinished deal)."""


@dataclass
class Ran:
    code: int
    out: str
    err: str


def _run(*args: str, stdin: bytes | None = None) -> Ran:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return Ran(result.exit_code, result.stdout, result.stderr)


# ------------------------------------------------------------------ a line longer than 1 MiB


def _long_line_file(tmp_path: Path, end: bytes = b"\n") -> Path:
    """Three records; line 11, in the second, is 7 + 2,000,000 + 1 = 2,000,008 bytes."""
    long = b"{note: " + b"x" * 2_000_000 + b"}"
    data = (
        RECORD.encode()
        + b'[Event "y"]\n'  # line 10
        + long
        + end  # line 11
        + RECORD.encode()  # lines 12 to 20
    )
    path = tmp_path / "long.bzn"
    path.write_bytes(data)
    return path


def test_a_line_over_1_mib_is_a_fault_at_it_and_the_other_records_are_checked(
    tmp_path: Path,
) -> None:
    path = _long_line_file(tmp_path)
    ran = _run("check", str(path))
    assert ran.code == 2  # a record could not be read whole
    first = ran.err.splitlines()[0]
    assert first == (
        f"{path}:11:1: expected a line of BZN (one statement, at most 1,048,576 bytes), "
        "found a line of 2,000,008 bytes: it is not read, so neither is the record holding "
        "it whole"
    )
    # the text shown is the line's start, not the megabytes of it
    assert ran.err.splitlines()[1] == "    {note: " + "x" * 33 + "..."
    summary = {
        key.strip(): value
        for key, value in (line.rsplit(None, 1) for line in ran.out.splitlines() if line.strip())
    }
    assert summary["records"] == "3"
    assert summary["clean"] == "2"  # the first record and the third
    assert summary["records read in part"] == "1"


def test_the_line_reader_reads_past_a_long_line_with_crlf_and_goes_on(tmp_path: Path) -> None:
    path = _long_line_file(tmp_path, end=b"\r\n")
    reader = LineReader(Input(str(path), path, None))
    lines = list(reader)
    assert len(lines) == 20 and reader.lines == 20
    assert lines[11] == '[Event "x"]\n'  # line 12, the third record, read as written
    assert reader.offset == path.stat().st_size


def test_a_line_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.bzn"
    # MAX_LINE bytes with its line break: "{" + comment text + "}" + "\n"
    path.write_bytes(b"deal 1 dealer B\n{" + b"y" * (MAX_LINE - 3) + b"}\n")
    lines = list(LineReader(Input(str(path), path, None)))
    assert len(lines[1]) == MAX_LINE


def test_fmt_to_standard_output_never_writes_the_stand_in(tmp_path: Path) -> None:
    path = _long_line_file(tmp_path)
    ran = _run("fmt", "-", stdin=path.read_bytes())
    assert ran.code == 2
    assert "\x00" not in ran.out
    # the records around it, and the rest of the broken one, come through
    assert ran.out.count('[Event "x"]') == 2 and '[Event "y"]' in ran.out


# ------------------------------------------------------------------ U+2028 in a ';' comment

LS = "\u2028"  # LINE SEPARATOR: str.splitlines breaks at it, editors show it inside a line

SEPARATED = (
    '[Event "x"]\n[A "Hart"]\n[B "Cole"]\n[Variant "rubicon"]\n[Result "*"]\n\n'
    "deal 1 dealer B\n"  # line 7
    f'^ruling "x" ; a{LS}b\n'  # line 8, read by Lark
    f"1. A 7D B 9D ; c{LS}d\n"  # line 9, read by the fast reader
    "2. B 8S A QX\n"  # line 10: QX, column 11, is a fault
)


def test_a_line_separator_in_a_comment_is_inside_its_line(tmp_path: Path) -> None:
    path = tmp_path / "ls.bzn"
    path.write_text(SEPARATED, encoding="utf-8")
    ran = _run("check", str(path))
    assert ran.err.splitlines()[0] == f"{path}:10:11: expected a card such as QS or 10H, found 'QX'"


def test_a_line_separator_with_lone_cr_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "ls-cr.bzn"
    path.write_bytes(SEPARATED.replace("\n", "\r").encode())
    reader = LineReader(Input(str(path), path, None))
    lines = list(reader)
    assert reader.lines == 10 and len(lines) == 10
    assert lines[7] == f'^ruling "x" ; a{LS}b\r'
    ran = _run("check", str(path))
    assert ran.err.splitlines()[0] == f"{path}:10:11: expected a card such as QS or 10H, found 'QX'"


def test_fmt_writes_a_line_separator_back_and_numbers_diff_lines_as_an_editor(
    tmp_path: Path,
) -> None:
    text = SEPARATED.replace("QX", "TS") + "  3.   A 7H B 8H\n"  # line 11, not canonical
    path = tmp_path / "ls.bzn"
    path.write_text(text, encoding="utf-8")
    ran = _run("fmt", "-", stdin=text.encode())
    assert ran.code == 0
    assert ran.out == SEPARATED.replace("QX", "TS") + "3. A 7H B 8H\n"
    ran = _run("fmt", "--diff", str(path))
    assert ran.code == 1
    # the one change is line 11; three lines of context before it: lines 8 to 11
    assert ran.out.split("\n")[2:] == [
        "@@ -8,4 +8,4 @@",
        f' ^ruling "x" ; a{LS}b',
        f" 1. A 7D B 9D ; c{LS}d",
        " 2. B 8S A TS",
        "-  3.   A 7H B 8H",
        "+3. A 7H B 8H",
        "",
    ]


# ------------------------------------------------------------------ replay --step out of range

DRAWN = RECORD.replace("1. A 7D B 9D\n", "1. A 7D B 9D\n  draw B ?, A ?\n").replace(
    "2. B 8S A TS\n", "2. B 8S A TS\n  draw A ?, B ?\n"
)
"""Step 0 the deal; trick 1 steps 1 to 5 (A 7D, B 9D, the trick to B, B's draw, A's draw);
trick 2 steps 6 to 10 (B 8S, A TS, the trick to A, A's draw, B's draw); step 11 the end of
the deal as recorded."""


def test_replay_step_out_of_range_says_the_steps_and_tricks_there_are(tmp_path: Path) -> None:
    path = tmp_path / "drawn.bzn"
    path.write_text(DRAWN, encoding="utf-8")
    assert _run("replay", str(path), "--step", "11").code == 0  # the last step
    for step in ("12", "t3", "t0", "-1", "x"):
        ran = _run("replay", str(path), "--step", step)
        assert (ran.code, ran.err) == (
            2,
            f"{path}: deal 1 has no step {step!r} (steps 0 to 11, tricks t1 to t2)\n",
        ), step


# ------------------------------------------------------------------ adjudicate: a game missing


def _game(number: int) -> str:
    """A game of the sitting 'Bath': eleven lines, its Game tag on the sixth."""
    return (
        '[Event "x"]\n[A "Hart"]\n[B "Cole"]\n[Variant "rubicon"]\n[Sitting "Bath"]\n'
        f'[Game "{number}"]\n[Result "*"]\n\ndeal 1 dealer B\n1. A 7D B 9D\n\n'
    )


MISSING = (
    "sitting 'Bath': game 2 is missing (game 3 follows game 1; a sitting's games are "
    "numbered 1, 2, 3...)"
)


def test_adjudicate_reports_a_game_missing_as_check_does(tmp_path: Path) -> None:
    import json

    path = tmp_path / "sitting.bzn"
    path.write_text(_game(1) + _game(3), encoding="utf-8")  # game 3's Game tag: line 17
    checked = _run("check", str(path))
    assert checked.err == "" and checked.out.splitlines()[0] == f"{path}:17:1: R001 {MISSING}"
    ruled = _run("adjudicate", str(path), "--format", "json")
    assert ruled.code == 1  # a ruling made
    first, second = json.loads(ruled.out)["rulings"]
    assert first["record_irregularities"] == []
    (found,) = second["record_irregularities"]
    assert (found["code"], found["message"]) == ("R001", MISSING)
    assert (found["location"]["line"], found["location"]["column"]) == (17, 1)


def test_adjudicate_calls_no_game_missing_beside_a_record_it_could_not_read(
    tmp_path: Path,
) -> None:
    import json

    path = tmp_path / "sitting.bzn"
    broken = _game(2).replace("1. A 7D B 9D", "1. A 7D B QX")  # it may be game 2
    path.write_text(_game(1) + broken + _game(3), encoding="utf-8")
    ruled = _run("adjudicate", str(path), "--format", "json")
    assert ruled.code == 2
    rulings = json.loads(ruled.out)["rulings"]
    assert [r["record_irregularities"] for r in rulings] == [[], []]
