"""``bezique analyse``: output, standard input, JSON, errors and exit codes, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from notation import parse_records
from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
RUBICON = ROOT / "samples" / "games" / "rubicon.bzn"
# Its strict phase has one mistake: Alice's JD at trick 91 loses 100 (2500 where AD or TD makes
# 2600), worked by hand in test_analysis_of_records.py and docs/analysis.md.
CHINESE = ROOT / "samples" / "games" / "chinese.bzn"
BROKEN = '[Variant "rubicon"]\n\ndeal 1 dealer B\nhand A 7D QX\n'


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_help_teaches_with_a_sample() -> None:
    code, out, _ = run("analyse", "--help")
    assert code == 0
    assert "bezique analyse samples/games/chinese.bzn" in out
    assert "[%loss" in out and "--format" in out and "Exit status" in out


def test_the_annotated_record_and_its_check(tmp_path: Path) -> None:
    code, out, err = run("analyse", str(CHINESE))
    assert (code, err) == (0, "")
    assert "[%loss 100]" in out and '[Annotator "The bezique project; bezique analyse"]' in out
    target = tmp_path / "out.bzn"
    code, _, err = run("analyse", str(CHINESE), "-o", str(target))
    assert code == 0 and err == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8") == out
    code, _, err = run("check", str(target))
    assert (code, err) == (0, "")


def test_standard_input_and_every_play() -> None:
    text = RUBICON.read_text(encoding="utf-8")
    code, out, _ = run("analyse", "-", "--every-play", stdin=text)
    assert code == 0
    assert out.count("[%eval") == 18  # every play of the nine strict tricks


def test_json() -> None:
    # Chinese sample, by hand: Ben is rubiconed in every line and the brisques never count, so
    # Alice wins 900 + 300 + 1300 = 2500 taking the last trick, 900 + 400 + 1300 = 2600 losing it;
    # at trick 91 her JD, her last diamond under Ben's tens, lets him give her the last trick.
    code, out, _ = run("analyse", str(CHINESE), "--format", "json")
    assert code == 0
    data = json.loads(out)
    (record,) = data["records"]
    (deal,) = record["deals"]
    assert deal["kind"] == "settled value" and deal["values"] == {"A": 2600, "B": -2600}
    assert (deal["first_trick"], deal["leader"], deal["trump"]) == (88, "B", "D")
    assert deal["played"] == {"A": 2500, "B": -2500}
    mistake = deal["plays"][deal["first_mistake"]]
    assert (mistake["trick"], mistake["card"], mistake["loss"]) == (91, "JD", 100)
    assert mistake["values"] == {"AD": 2600, "JD": 2500, "TD": 2600}
    assert mistake["best"] == ["AD", "TD"] and mistake["glyph"] == "?"


def test_a_broken_record_is_reported_and_copied_through() -> None:
    text = RUBICON.read_text(encoding="utf-8") + "\n" + BROKEN
    code, out, err = run("analyse", "-", stdin=text)
    assert code == 2
    assert "<stdin>:" in err and "QX" in err and "Traceback" not in err
    assert out.endswith(BROKEN)
    assert len(parse_records(out.removesuffix(BROKEN))) == 1


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    code, out, err = run("analyse", str(tmp_path / "none.bzn"))
    assert code == 2 and out == ""
    assert err == f"{tmp_path / 'none.bzn'}: no such file or folder\n"


def test_out_of_scope_deals_are_said_and_kept(tmp_path: Path) -> None:
    path = ROOT / "samples" / "games" / "three-handed.bzn"
    code, out, err = run("analyse", str(path))
    assert code == 0
    assert "not analysed: Three-handed" in err and err.count("\n") == 1
    assert "[%" not in out
