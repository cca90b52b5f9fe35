"""``bezique fmt`` and ``bezique parse``: exit codes, messages, standard input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

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
    assert (code, err) == (2, "error: no such file or folder: no/such/file.bzn\n")


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
