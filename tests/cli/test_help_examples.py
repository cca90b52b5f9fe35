"""Every example in ``bezique --help`` and in each command's ``--help`` runs as written.

The examples are read from the help text itself (the lines that start with ``bezique`` or
``cat``), run in a folder holding a copy of ``samples/`` and of the bundled laws files, and
must end with exit status 0 or 1 (an example that needs something else, a Dask cluster, is
only checked to name files that exist). A pipe ``A | B`` runs A, then B on A's output;
``< FILE`` and ``cat FILE |`` give B the file on standard input; ``| jq ...`` is left out.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = main.list_commands(click.Context(main))


def _examples(args: list[str]) -> list[str]:
    text = CliRunner().invoke(main, [*args, "--help"]).stdout
    lines = [line.strip() for line in text.splitlines()]
    found = [line for line in lines if re.match(r"(bezique|cat) ", line)]
    # the explanation after an example is set off by two spaces or more
    return [re.split(r"\s{2,}", line)[0] for line in found]


EXAMPLES = [(name, example) for name in ["", *COMMANDS] for example in _examples(
    [name] if name else []
)]  # fmt: skip


def test_every_command_has_examples() -> None:
    for name in COMMANDS:
        assert any(owner == name for owner, _ in EXAMPLES), f"bezique {name} --help has none"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    shutil.copytree(ROOT / "validator" / "data" / "laws", tmp_path / "validator/data/laws")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(words: list[str], stdin: str | None) -> tuple[int, str, str]:
    assert words[0] == "bezique", words
    result = CliRunner().invoke(main, words[1:], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), words
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(("owner", "example"), EXAMPLES, ids=[e for _, e in EXAMPLES])
def test_the_example_runs(owner: str, example: str, folder: Path) -> None:
    stages: list[list[str]] = [[]]
    for word in shlex.split(example):
        if word == "|":
            stages.append([])
        else:
            stages[-1].append(word)
    stages = [words for words in stages if words[0] != "jq"]
    for words in stages:
        for word in words:
            if word.startswith(("samples/", "validator/")):
                assert (folder / word).exists(), f"{example}: {word} does not exist"
    if "--dask" in example:
        return  # needs a cluster
    stdin: str | None = None
    for words in stages:
        if words[0] == "cat":
            stdin = "".join((folder / path).read_text() for path in words[1:])
            continue
        if "<" in words:
            at = words.index("<")
            stdin = (folder / words[at + 1]).read_text()
            words = words[:at]
        code, out, err = _run(words, stdin)
        assert code in (0, 1), f"{example}: exit {code}: {err}"
        assert "Traceback" not in out + err
        stdin = out
