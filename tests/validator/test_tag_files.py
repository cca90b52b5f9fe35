"""A Variant or Laws tag that names a file (docs/notation.md, Tags).

Audit 13: ``[Laws "/tmp/a13secret.txt"]``, a path to a file that is no laws file, was R001 at
1:1 (the tag on line 5), eight lines long, quoting the YAML error and with it the file's text
(``export --to json`` embedded it too): a record could make the checker print part of any
file it can read (t30). ``[Laws "e/lawdir/french.yaml"]``, a relative path, was read from the
working folder, so the same record had other findings from another folder (t28).

Now a relative path is read from the folder of the record's file (standard input: the working
folder), and a file that cannot be used is one R001 line at its tag, naming the file and what
is wrong with it, quoting none of its text.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
TWO_PACK = ROOT / "samples" / "games" / "two-pack.bzn"
LAWS_DIR = ROOT / "validator" / "data" / "laws"
RULESETS_DIR = ROOT / "validator" / "data" / "rulesets"
SECRET = "hunter2-SECRET"


def _with_tag(path: Path, name: str, value: str) -> Path:
    """The two-pack sample with its ``name`` tag (line 4: Variant, line 5: Laws) set to
    ``value``, written to ``path``."""
    text = TWO_PACK.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith(f"[{name} "))
    lines[index] = f'[{name} "{value}"]\n'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _check(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", *args], input=stdin)
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("name", "line", "kind"), [("Laws", 5, "a laws file"), ("Variant", 4, "a rule set")]
)
def test_a_tag_naming_a_file_that_is_not_yaml_is_one_line_at_the_tag(
    tmp_path: Path, name: str, line: int, kind: str
) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(f"db_password: [{SECRET}\n", encoding="utf-8")
    record = _with_tag(tmp_path / "game.bzn", name, str(secret))
    code, output = _check(str(record))
    assert code == 1
    # the flow sequence opened on line 1 is still open where the text ends: line 2, column 1
    assert output.splitlines() == [
        f"{record}:{line}:1: R001 {name.lower() if name == 'Laws' else 'variant'} "
        f"{str(secret)!r} cannot be used ({secret}: not valid YAML (error at line 2, column 1), "
        f"so not {kind}): the record is not replayed (under other rules its verdicts would be "
        "false) [The record must be mended before it can be judged; no law applies.]"
    ]
    exported = CliRunner().invoke(main, ["export", str(record), "--to", "json"])
    assert SECRET not in exported.output and "db_password" not in exported.output
    data = json.loads(exported.output)
    assert str(secret) in json.dumps(data)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Laws", "not a laws file: it gives no remedies; a laws file is a YAML mapping that "
         "gives a name, a title, a principle and remedies for finding codes, as the bundled "
         "english.yaml does"),
        ("Variant", "not a rule set (none of its keys is a rule set's)"),
    ],
)  # fmt: skip
def test_a_tag_naming_yaml_of_another_kind_shows_none_of_its_keys(
    tmp_path: Path, name: str, said: str
) -> None:
    other = tmp_path / "config.yaml"
    other.write_text(f"db_password: {SECRET}\n", encoding="utf-8")
    record = _with_tag(tmp_path / "game.bzn", name, str(other))
    code, output = _check(str(record))
    assert code == 1 and len(output.splitlines()) == 1
    assert f"({other}: {said})" in output
    assert SECRET not in output and "db_password" not in output


def _french_copy(folder: Path) -> None:
    (folder / "laws").mkdir(parents=True)
    shutil.copy(LAWS_DIR / "french.yaml", folder / "laws" / "french.yaml")


def test_a_relative_laws_path_is_read_from_the_records_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a copy of the bundled French laws, beside the record: the same findings as
    # [Laws "french"] (the pone draws first: the English record's draws are W303), from
    # any working folder
    games = tmp_path / "games"
    _french_copy(games)
    record = _with_tag(games / "game.bzn", "Laws", "laws/french.yaml")
    named = _with_tag(tmp_path / "named" / "game.bzn", "Laws", "french")
    monkeypatch.chdir(tmp_path / "named")
    expected = _check("game.bzn")[1].splitlines()
    assert expected and all(" W303 " in line or " R001 " not in line for line in expected)
    for cwd, path in ((tmp_path, "games/game.bzn"), (games, "game.bzn"), (ROOT, str(record))):
        monkeypatch.chdir(cwd)
        code, output = _check(path)
        assert code == 1
        assert [line.split(": ", 1)[1] for line in output.splitlines()] == [
            line.split(": ", 1)[1] for line in expected
        ]
        assert " R001 " not in output
    assert named.exists()


def test_standard_input_reads_a_relative_laws_path_from_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _french_copy(tmp_path)
    record = _with_tag(tmp_path / "game.bzn", "Laws", "laws/french.yaml")
    text = record.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, output = _check("-", stdin=text)
    assert code == 1 and " R001 " not in output and " W303 " in output
    monkeypatch.chdir(tmp_path / "laws")
    code, output = _check("-", stdin=text)
    assert output.splitlines()[0].startswith("<stdin>:5:1: R001 laws 'laws/french.yaml' cannot")
    assert "cannot read the laws file: No such file or directory" in output


def test_a_relative_variant_path_is_read_from_the_records_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a copy of the bundled two-pack rule set beside the record: clean, as the sample is
    games = tmp_path / "games"
    (games / "rules").mkdir(parents=True)
    shutil.copy(RULESETS_DIR / "two-pack.yaml", games / "rules" / "two-pack.yaml")
    record = _with_tag(games / "game.bzn", "Variant", "rules/two-pack.yaml")
    monkeypatch.chdir(tmp_path)
    assert _check(str(record.relative_to(tmp_path))) == (0, "")


def test_a_laws_path_keeps_its_case_and_a_name_does_not(tmp_path: Path) -> None:
    # ENGLISH is the English laws (audit 13, t26); a path's case is the file's
    (tmp_path / "Laws").mkdir()
    shutil.copy(LAWS_DIR / "english.yaml", tmp_path / "Laws" / "Club.yaml")
    for value in ("ENGLISH", "Laws/Club.yaml"):
        record = _with_tag(tmp_path / "game.bzn", "Laws", value)
        assert _check(str(record)) == (0, ""), value


def test_a_house_rule_that_cannot_be_used_is_at_its_tag(tmp_path: Path) -> None:
    # audit 13, t18: the R001 had been at 1:1, the tag on another line
    text = TWO_PACK.read_text(encoding="utf-8").replace(
        '[Target "1000"]\n', '[Target "1000"]\n[HouseRules "brisques 99999 frobnicate"]\n'
    )
    record = tmp_path / "game.bzn"
    record.write_text(text, encoding="utf-8")
    code, output = _check(str(record))
    assert code == 1
    (line,) = output.splitlines()
    assert line.startswith(f"{record}:7:1: R001 the HouseRules tag cannot be used: ")
