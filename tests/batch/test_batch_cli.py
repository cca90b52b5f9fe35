"""``bezique check`` from the command line: exit codes, order, formats, summary, bad input.

Each run is a separate process, as a user runs it, so ``--jobs 2`` really starts workers
and a traceback would show on standard error. The records are those of ``records.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

from .cli_run import bezique
from .records import file_of, line_starts, record
from .schema import check as schema_errors

# P201's remedy under the English laws (validator/data/laws/english.yaml, Portland law 24):
# the adversary played to the lead, so the trick stands.
P201_LINE = (
    "P201 B led 7D out of turn (A was to play) [A played to the card led out of turn: "
    "it is too late to rectify the error, the trick stands.]"
)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_clean_record_exits_0_and_prints_nothing(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok.bzn", record("clean", "ok"))
    run = bezique("check", str(path))
    assert (run.code, run.out, run.err) == (0, "", "")


def test_record_with_a_finding_exits_1_with_a_compiler_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.bzn", record("findings", "bad"))
    run = bezique("check", str(path))
    assert run.code == 1
    # the play `B 7D` is on line 7 of the record, at column 4
    assert run.out == f"{path}:7:4: {P201_LINE}\n"
    assert run.err == ""


def test_unparsable_record_exits_2_with_the_caret_line_on_stderr(tmp_path: Path) -> None:
    path = _write(tmp_path, "broken.bzn", record("broken", "x"))
    run = bezique("check", str(path))
    assert run.code == 2
    # the record is checked up to the line before its fault: the tags and the deal's header,
    # which hold no finding (the deal itself, with no play read, is not replayed)
    assert run.err == (
        f"{path}:7:6: expected a card such as QS or 10H, found '7X'\n    1. A 7X B 9C\n         ^\n"
        f"{path}:7:1: note: the record of line 1 is checked up to line 6 only: nothing from "
        "line 7 on is replayed\n"
    )
    assert run.out == ""


def test_three_broken_records_of_ten_report_three_errors_and_check_the_seven(
    tmp_path: Path,
) -> None:
    kinds = ["clean", "broken", "findings", "clean", "broken", "clean", "clean", "findings",
             "broken", "clean"]  # fmt: skip
    path = _write(tmp_path, "ten.bzn", file_of(kinds))
    starts = line_starts(kinds)
    run = bezique("check", str(path), "--jobs", "1")
    assert run.code == 2
    parse_errors = [line for line in run.err.splitlines() if "found '7X'" in line]
    # each broken record's fault is on its 7th line
    assert parse_errors == [
        f"{path}:{starts[i] + 6}:6: expected a card such as QS or 10H, found '7X'"
        for i in (1, 4, 8)
    ]
    findings = [line for line in run.out.splitlines() if ": P201 " in line]
    assert findings == [f"{path}:{starts[i] + 6}:4: {P201_LINE}" for i in (2, 7)]
    summary = run.out.split("\n\n", 1)[1]
    assert _table(summary) == {
        "files": 1,
        "records": 10,
        "clean": 5,
        "with findings": 2,
        "unreadable": 3,
        "records read in part": 3,
        "records not read": 0,
        "paths not read": 0,
        "P201": 2,
    }


def _table(text: str) -> dict[str, int]:
    rows = {}
    for line in text.strip().splitlines():
        label, count = line.rsplit(None, 1)
        rows[label.strip()] = int(count)
    return rows


def test_jobs_2_prints_in_input_order(tmp_path: Path) -> None:
    kinds = ["findings", "clean", "broken"] * 12
    path = _write(tmp_path, "many.bzn", file_of(kinds))
    starts = line_starts(kinds)
    one = bezique("check", str(path), "--jobs", "1", "--no-summary")
    # batches of one record: 36 tasks shared by two workers, finishing in any order
    two = bezique("check", str(path), "--jobs", "2", "--batch-size", "1", "--no-summary")
    assert two.code == one.code == 2
    assert (two.out, two.err) == (one.out, one.err)

    def located(text: str) -> list[str]:
        return [line.split(":")[1] for line in text.splitlines() if line.startswith(str(path))]

    # findings on standard output, parse errors on standard error, each in input order; each
    # parse error is followed by the note saying its record was checked up to the line before
    assert located(two.out) == [str(starts[i] + 6) for i, k in enumerate(kinds) if k == "findings"]
    broken = [str(starts[i] + 6) for i, k in enumerate(kinds) if k == "broken"]
    assert located(two.err) == [line for line in broken for _ in (1, 2)]
    assert two.err.count(": note: the record of line ") == len(broken)


def test_json_output_matches_the_documented_schema(tmp_path: Path) -> None:
    path = _write(tmp_path, "mixed.bzn", file_of(["clean", "findings", "broken"]))
    run = bezique("check", str(path), str(tmp_path / "missing.bzn"), "--format", "json")
    assert run.code == 2
    document = json.loads(run.out)
    assert schema_errors(document) == []
    results = document["results"]
    assert [r["type"] for r in results] == ["record", "record", "record", "file"]
    assert [r.get("status") for r in results[:3]] == ["clean", "findings", "partly-read"]
    assert [r.get("read_to_line") for r in results[:3]] == [
        None,
        None,
        line_starts(["clean"] * 3)[2] + 5,
    ]
    assert results[1]["findings"][0]["code"] == "P201"
    assert results[1]["findings"][0]["location"]["line"] == line_starts(["clean"] * 2)[1] + 6
    assert results[3] == {
        "type": "file",
        "file": str(tmp_path / "missing.bzn"),
        "message": "no such file or folder",
    }
    assert document["summary"] == {
        "files": 1,
        "records": 3,
        "clean": 1,
        "with_findings": 1,
        "unreadable": 2,
        "unreadable_records": 1,
        "partly_read": 1,
        "unreadable_files": 1,
        "codes": {"P201": 1},
        "exit_code": 2,
    }


def test_json_broken_schema_is_caught_by_the_checker() -> None:
    # the checker is not a rubber stamp: a wrong status and a missing key are both reported
    bad = {"schema": "bezique-check", "version": 1, "laws": None, "summary": {}, "results": [
        {"type": "record", "file": "x", "line": 1, "status": "fine", "variant": None,
         "laws": None, "findings": [], "errors": []}]}  # fmt: skip
    problems = schema_errors(bad)
    assert any("results[0]" in p for p in problems)
    assert any("missing 'files'" in p for p in problems)


def test_laws_option_is_passed_to_the_replay(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.bzn", record("findings", "bad"))
    run = bezique("check", str(path), "--laws", "french", "--format", "json")
    result = json.loads(run.out)["results"][0]
    assert result["laws"] == "french"
    assert result["findings"][0]["remedy"]["laws"] == "french"
    assert json.loads(run.out)["laws"] == "french"


def test_unknown_laws_is_a_usage_error(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok.bzn", record("clean", "ok"))
    run = bezique("check", str(path), "--laws", "martian")
    assert run.code == 2
    assert "--laws" in run.err and "martian" in run.err
    assert "Traceback" not in run.err


def test_summary_defaults_and_switches(tmp_path: Path) -> None:
    one = _write(tmp_path, "one.bzn", record("findings", "one"))
    two = _write(tmp_path, "two.bzn", file_of(["clean", "clean"]))
    assert "records" not in bezique("check", str(one)).out
    assert "records" in bezique("check", str(one), "--summary").out
    assert _table(bezique("check", str(two)).out) == {
        "files": 1,
        "records": 2,
        "clean": 2,
        "with findings": 0,
        "unreadable": 0,
    }
    assert bezique("check", str(two), "--no-summary").out == ""


def test_quiet_prints_nothing_and_keeps_the_exit_status(tmp_path: Path) -> None:
    path = _write(tmp_path, "bad.bzn", file_of(["findings", "clean"]))
    run = bezique("check", str(path), "--quiet")
    assert (run.code, run.out, run.err) == (1, "", "")
    run = bezique("check", str(path), "--quiet", "--format", "json")
    assert (run.code, run.out, run.err) == (1, "", "")


def test_folder_recursion_and_stdin(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    _write(tmp_path, "sub/b.bzn", record("findings", "b"))
    _write(tmp_path, "a.bzn", record("clean", "a"))
    _write(tmp_path, "notes.txt", "not a record")
    run = bezique("check", str(tmp_path), "--format", "json")
    files = [r["file"] for r in json.loads(run.out)["results"]]
    assert files == [str(tmp_path / "a.bzn"), str(tmp_path / "sub" / "b.bzn")]
    piped = bezique("check", "-", stdin=record("findings", "s").encode())
    assert piped.code == 1
    assert piped.out == f"<stdin>:7:4: {P201_LINE}\n"


def test_no_traceback_on_missing_file_empty_folder_or_garbage(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    garbage = tmp_path / "garbage.bzn"
    garbage.write_bytes(bytes(range(256)) * 8)
    nul = tmp_path / "nul.bzn"
    nul.write_bytes(b"deal 1 dealer B\n\x00\x00\x00\n")
    blank = _write(tmp_path, "blank.bzn", "\n\n")
    latin = tmp_path / "latin.bzn"
    latin.write_bytes("deal 1 dealer B\n{café}\n".encode("latin-1"))
    run = bezique(
        "check", str(tmp_path / "nope.bzn"), str(tmp_path / "empty"), str(garbage), str(nul),
        str(blank), str(latin)
    )  # fmt: skip
    assert run.code == 2
    assert "Traceback" not in run.err + run.out
    # bytes(range(256)) begins with 0x00: the first line (up to 0x0a) holds a NUL
    assert run.err.splitlines() == [
        f"{tmp_path / 'nope.bzn'}: no such file or folder",
        f"{tmp_path / 'empty'}: no .bzn file in this folder",
        f"{garbage}: line 1 holds a NUL byte: a binary file, not BZN text",
        f"{nul}: line 2 holds a NUL byte: a binary file, not BZN text",
        f"{blank}: no record found",
        # "deal 1 dealer B\n" is 16 bytes, "{caf" 4 more: the Latin-1 é is byte 20, column 5
        f"{latin}: not UTF-8 text at byte 20 (line 2, column 5): BZN files are UTF-8",
    ]
    assert "paths not read" in run.out  # the summary table


def test_help_has_examples() -> None:
    run = bezique("check", "--help")
    assert run.code == 0
    assert "Examples:" in run.out and "--jobs" in run.out and "--dask" in run.out
