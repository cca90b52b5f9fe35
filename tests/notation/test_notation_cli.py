"""``bezique fmt`` and ``bezique parse``: exit codes, messages, standard input."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import notation
from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
BROKEN = "deal 1 dealer B\nhand A 7D QX\n"
UNTIDY = "deal 1 dealer B\n1.  A 7d   B 9c\n   draw A kh,B ?\n"
TIDY = "deal 1 dealer B\n1. A 7D B 9C\n  draw A KH, B ?\n"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_fmt_check_passes_on_the_samples() -> None:
    code, _, err = run("fmt", "--check", str(ROOT / "samples"))
    assert (code, err) == (0, "")


def test_fmt_check_finds_a_file_to_change(tmp_path: Path) -> None:
    (tmp_path / "a.bzn").write_text(UNTIDY)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.bzn").write_text(TIDY)
    (tmp_path / "sub" / "notes.txt").write_text("not a record")
    code, _, err = run("fmt", "--check", str(tmp_path))
    assert code == 1
    assert err == f"would reformat {tmp_path / 'a.bzn'}\n"
    assert (tmp_path / "a.bzn").read_text() == UNTIDY


def test_fmt_rewrites_in_place(tmp_path: Path) -> None:
    path = tmp_path / "a.bzn"
    path.write_bytes(UNTIDY.replace("\n", "\r\n").encode())
    code, _, err = run("fmt", str(path))
    assert (code, err) == (0, f"reformatted {path}\n")
    assert path.read_bytes() == TIDY.encode()
    assert run("fmt", "--check", str(path))[0] == 0


def test_fmt_diff(tmp_path: Path) -> None:
    path = tmp_path / "a.bzn"
    path.write_text(UNTIDY)
    code, out, _ = run("fmt", "--diff", str(path))
    assert code == 1
    assert out == (
        f"--- {path}\n"
        f"+++ {path} (canonical)\n"
        "@@ -1,3 +1,3 @@\n"
        " deal 1 dealer B\n"
        "-1.  A 7d   B 9c\n"
        "-   draw A kh,B ?\n"
        "+1. A 7D B 9C\n"
        "+  draw A KH, B ?\n"
    )
    assert path.read_text() == UNTIDY


def test_fmt_standard_input() -> None:
    code, out, _ = run("fmt", "-", stdin=UNTIDY)
    assert (code, out) == (0, TIDY)


def test_fmt_reports_errors_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.bzn"
    path.write_text(BROKEN)
    code, _, err = run("fmt", str(path))
    assert code == 2
    assert err == (
        f"{path}:2:11: expected a card such as QS or 10H, found 'QX'\n"
        "    hand A 7D QX\n"
        "              ^\n"
    )
    assert "Traceback" not in err


def test_fmt_missing_file() -> None:
    code, _, err = run("fmt", "no/such/file.bzn")
    assert (code, err) == (2, "no/such/file.bzn: no such file or folder\n")


def test_fmt_leaves_a_file_with_a_syntax_error_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "two.bzn"
    text = UNTIDY + '\n[Event "x"]\n\n' + BROKEN
    path.write_text(text)
    code, _, err = run("fmt", str(path))
    assert code == 2 and "found 'QX'" in err and "reformatted" not in err
    assert path.read_text() == text
    assert [p.name for p in tmp_path.iterdir()] == ["two.bzn"]  # no temporary file left


def test_fmt_standard_input_passes_a_broken_record_through() -> None:
    text = UNTIDY + '\n[Event "x"]\n\n' + BROKEN + '\n[Event "y"]\n\n' + UNTIDY
    code, out, err = run("fmt", "-", stdin=text)
    assert code == 2 and "<stdin>:8:11: expected a card" in err  # line 8: the hand line
    # the good records canonical, the broken one as written, a blank line between records
    assert out == TIDY + '\n[Event "x"]\n\n' + BROKEN + '\n[Event "y"]\n\n' + TIDY


def test_fmt_unwritable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "a.bzn"
    path.write_text(UNTIDY)
    path.chmod(0o444)
    if os.geteuid() == 0:
        # root may write a read-only file: let os.access answer as it does for anyone else
        real = os.access
        monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK and real(p, mode))
    try:
        code, _, err = run("fmt", str(path))
    finally:
        path.chmod(0o644)
    assert (code, err) == (2, f"{path}: cannot write: permission denied\n")
    assert path.read_text() == UNTIDY


def test_fmt_folder_that_cannot_hold_the_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "a.bzn"
    path.write_text(UNTIDY)

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, _, err = run("fmt", str(path))
    assert (code, err) == (2, f"{path}: cannot write: permission denied (in its folder)\n")
    assert path.read_text() == UNTIDY


def test_fmt_diff_numbers_the_lines_of_later_records(tmp_path: Path) -> None:
    path = tmp_path / "two.bzn"
    # record 1 is tidy (lines 1-3, blank line 4); record 2 starts on line 5 with its tag
    path.write_text(TIDY + '\n[Event "x"]\n\n' + UNTIDY)
    code, out, _ = run("fmt", "--diff", str(path))
    assert code == 1
    # record 2: tag line 5, blank line 6, deal line 7, then the two untidy lines 8 and 9
    assert out == (
        f"--- {path}\n"
        f"+++ {path} (canonical)\n"
        "@@ -5,5 +5,5 @@\n"
        ' [Event "x"]\n'
        " \n"
        " deal 1 dealer B\n"
        "-1.  A 7d   B 9c\n"
        "-   draw A kh,B ?\n"
        "+1. A 7D B 9C\n"
        "+  draw A KH, B ?\n"
    )


def test_fmt_and_parse_say_an_empty_file_holds_no_record(tmp_path: Path) -> None:
    path = tmp_path / "empty.bzn"
    path.write_text("")
    for command in ("fmt", "parse"):
        code, _, err = run(command, str(path))
        assert (code, err) == (2, f"{path}: no record found\n"), command


def test_parse_to_json(tmp_path: Path) -> None:
    shutil.copy(ROOT / "samples" / "two-pack.bzn", tmp_path / "g.bzn")
    code, out, _ = run("parse", str(tmp_path / "g.bzn"), "--to", "json")
    assert code == 0
    data = json.loads(out)
    assert data[0]["tags"][0] == {
        "name": "Event",
        "value": "Two-pack evening",
        "pos": {"line": 1, "column": 1},
    }
    assert len(data[0]["deals"][0]["tricks"]) == 32


@pytest.mark.parametrize("indent", [2, 0, 3])
def test_parse_streams_the_list_json_dumps_would_write(indent: int) -> None:
    path = ROOT / "samples" / "rubicon.bzn"
    code, out, _ = run("parse", str(path), "--indent", str(indent))
    assert code == 0
    records = list(notation.read_records(path))
    assert len(records) == 2
    expected = json.dumps([r.to_dict() for r in records], indent=indent, ensure_ascii=False)
    assert out == expected + "\n"


def test_parse_keeps_the_good_records_of_a_file_with_a_broken_one() -> None:
    code, out, err = run("parse", "-", stdin=TIDY + '\n[Event "x"]\n\n' + BROKEN)
    assert code == 2 and "<stdin>:8:11:" in err  # line 8: the hand line
    assert len(json.loads(out)) == 1


def test_parse_standard_input_and_errors() -> None:
    code, out, _ = run("parse", "-", stdin=TIDY)
    assert code == 0
    assert json.loads(out)[0]["deals"][0]["tricks"][0]["plays"][1]["card"] == "9C"
    code, _, err = run("parse", "-", stdin=BROKEN)
    assert code == 2
    assert err.startswith("<stdin>:2:11: expected a card such as QS or 10H, found 'QX'\n")


def test_help_has_examples() -> None:
    for command in ("fmt", "parse"):
        code, out, _ = run(command, "--help")
        assert code == 0
        assert "Examples:" in out
        assert f"bezique {command} " in out


def test_a_comment_glued_after_a_trick_number_is_kept_by_every_writer(tmp_path: Path) -> None:
    """Audit 13, c17: ``3.{KEEP-ME} A 9C B 8C`` lost its comment in ``fmt`` (which rewrites
    the file in place), ``select --strip variations`` and ``compare --merge``."""
    head = '[Variant "two-pack"]\n\ndeal 1 dealer B\n1. A 7S B TS\n2. B 7D A 8D\n'
    path = tmp_path / "a.bzn"
    path.write_text(head + "3.{KEEP-ME} A 9C B 8C\n")
    canonical = head + "3. {KEEP-ME} A 9C B 8C\n"
    for args in (
        ("fmt", "-"),
        ("select", str(path), "--strip", "variations"),
        ("compare", str(path), str(path), "--merge"),
    ):
        code, out, _ = run(*args, stdin=path.read_text() if args[1] == "-" else None)
        assert (code, out) == (0, canonical), args
    assert run("fmt", str(path))[0] == 0
    assert path.read_text() == canonical
