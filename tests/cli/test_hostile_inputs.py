"""Every command of ``bezique`` over a corpus of hostile inputs: never a traceback.

Each command that reads records is run over each input, from a file and (where the input is
bytes) on standard input as ``-``; each must end with exit status 0, 1 or 2 and show no
traceback and no "internal error" (the last guard of :mod:`validator.cli`, which would hide a
fault the command should have worded itself). A file that cannot be read is one line on
standard error, worded the same by every command, and exit status 2.

The commands run in this process with click's ``CliRunner`` (standard input and output are
replaced, files are real, so an unwritable output is a real error); the few things a runner
cannot show faithfully (a real pipe closed early, a real recursion limit in a fresh
interpreter) run in a subprocess.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (ROOT / "samples" / "rubicon.bzn").read_bytes()  # two short records


def _deep(levels: int) -> bytes:
    """A record whose trick 1 holds variations nested ``levels`` deep."""
    head = '[Variant "two-pack"]\n\ndeal 1 dealer A\n1. B 9C A 9S\n  '
    return (head + "( 2. B 8C A 9H " * levels + ")" * levels + "\n").encode()


INPUTS: dict[str, bytes] = {
    "empty": b"",
    "blank-lines": b"\n\n  \n",
    "binary": bytes(range(256)) * 4,
    "nul-in-text": b"deal 1 dealer B\n1. A 7D\x00 B 9C\n",
    "latin-1": "deal 1 dealer B\n{café}\n1. A 7D B 9C\n".encode("latin-1"),
    "bom": b"\xef\xbb\xbf" + SAMPLE,
    "crlf": SAMPLE.replace(b"\n", b"\r\n"),
    "lone-cr": SAMPLE.replace(b"\n", b"\r"),
    "huge-line": b"deal 1 dealer B\n{" + b"x" * (2 << 20) + b"}\n",
    "deep-nesting": _deep(600),
    "truncated": SAMPLE[: len(SAMPLE) * 3 // 5],
    "cut-utf8": "deal 1 dealer B\n{é".encode()[:-1],
    "unclosed-comment": b"deal 1 dealer B\n1. A 7D B 9C { never closed\n2. B 8C A 9H\n",
    "comment-only": b"{just a note, no record}\n",
    "remarks-only": b"; a remark\n\n; another, over\n{a comment\nof two lines}\n",
    "sample": SAMPLE,
}
"""Each hostile input's bytes; ``sample`` (two records, each of its own sitting) is sound."""

FILE_PROBLEMS: dict[str, str] = {
    "empty": "no record found",
    "blank-lines": "no record found",
    # comments are notes, not a record: such a file holds none, as an empty one
    "comment-only": "no record found",
    "remarks-only": "no record found",
    "binary": "line 1 holds a NUL byte: a binary file, not BZN text",
    "nul-in-text": "line 2 holds a NUL byte: a binary file, not BZN text",
    # "deal 1 dealer B\n" is 16 bytes, "{caf" 4 more: the Latin-1 é is byte 20, column 5
    "latin-1": "not UTF-8 text at byte 20 (line 2, column 5): BZN files are UTF-8",
    # the é's two bytes cut to one: byte 17, line 2, column 2
    "cut-utf8": "not UTF-8 text at byte 17 (line 2, column 2): BZN files are UTF-8",
}
"""The inputs that cannot be read at all, and the one line every command says about them."""

READERS: dict[str, list[str]] = {
    "check": ["check"],
    "check-json": ["check", "--format", "json"],
    "adjudicate": ["adjudicate"],
    "adjudicate-json": ["adjudicate", "--format", "json"],
    "export-html": ["export", "--to", "html"],
    "export-md": ["export", "--to", "md"],
    "export-json": ["export", "--to", "json"],
    "export-yaml": ["export", "--to", "yaml"],
    "replay-step": ["replay", "--step", "1"],
    "replay-all": ["replay"],
    "sitting": ["sitting"],
    "fmt-check": ["fmt", "--check"],
    "fmt-diff": ["fmt", "--diff"],
    "parse": ["parse"],
    "compare": ["compare", str(ROOT / "samples" / "rubicon.bzn")],
    "compare-merge": ["compare", "--merge", str(ROOT / "samples" / "rubicon.bzn")],
    "select": ["select", "-j", "1"],
    "select-duplicates": ["select", "--duplicates", "--strip", "comments", "-j", "1"],
    "analyse": ["analyse"],
    "analyse-json": ["analyse", "--format", "json"],
}
"""Each command that reads records, as it is run over an input (the path is added last)."""


@dataclass
class Ran:
    code: int
    out: str
    err: str


def _run(args: list[str], stdin: bytes | None = None) -> Ran:
    result = CliRunner().invoke(main, args, input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        repr(result.exception),
    )
    return Ran(result.exit_code, result.stdout, result.stderr)


def _assert_sound(ran: Ran, what: str) -> None:
    shown = ran.out + ran.err
    assert ran.code in (0, 1, 2), (what, ran.code, ran.err[-500:])
    assert "Traceback" not in shown, (what, ran.err[-2000:])
    assert "internal error" not in ran.err, (what, ran.err[-500:])


def test_every_command_is_covered() -> None:
    commands = set(main.list_commands(click.Context(main)))
    assert commands == {
        "check", "adjudicate", "export", "replay", "sitting", "fmt", "parse", "rules", "simulate",
        "compare", "select", "analyse",
    }  # fmt: skip
    assert {args[0] for args in READERS.values()} == commands - {"rules", "simulate"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, data in INPUTS.items():
        (folder / f"{name}.bzn").write_bytes(data)
    (folder / "a-folder.bzn").mkdir()
    return folder


@pytest.mark.parametrize("command", READERS, ids=list(READERS))
def test_every_input_from_a_file(corpus: Path, command: str) -> None:
    for name in [*INPUTS, "a-folder", "missing"]:
        path = corpus / f"{name}.bzn"
        ran = _run([*READERS[command], str(path)])
        _assert_sound(ran, f"{command} {name}")
        if name in FILE_PROBLEMS:
            assert ran.code == 2, (command, name)
            assert ran.err == f"{path}: {FILE_PROBLEMS[name]}\n", (command, name)
        if name == "missing":
            assert (ran.code, ran.err) == (2, f"{path}: no such file or folder\n"), command
        if name in ("sample", "bom", "crlf", "lone-cr") and command != "export-html":
            # (a page shows one record: two need -o FOLDER/, tested in tests/export)
            assert ran.code in (0, 1), (command, name, ran.err)


@pytest.mark.parametrize("command", READERS, ids=list(READERS))
def test_every_input_on_standard_input(command: str) -> None:
    for name, data in INPUTS.items():
        ran = _run([*READERS[command], "-"], stdin=data)
        _assert_sound(ran, f"{command} - < {name}")
        if name in FILE_PROBLEMS:
            assert ran.code == 2, (command, name)
            assert ran.err == f"<stdin>: {FILE_PROBLEMS[name]}\n", (command, name)


def test_a_folder_where_a_file_is_wanted(corpus: Path) -> None:
    folder = corpus / "a-folder.bzn"
    for command in ("adjudicate", "export-md", "replay-step", "parse", "compare"):
        ran = _run([*READERS[command], str(folder)])
        assert (ran.code, ran.err) == (2, f"{folder}: is a folder: give a .bzn file\n"), command
    for command in ("check", "sitting", "fmt-check", "select"):  # these read folders: empty
        ran = _run([*READERS[command], str(folder)])
        assert ran.code == 2, command
        assert ran.err.splitlines()[0] == f"{folder}: no .bzn file in this folder", command


def test_fmt_in_place_and_to_standard_output(corpus: Path, tmp_path: Path) -> None:
    for name, data in INPUTS.items():
        copy = tmp_path / f"{name}.bzn"
        copy.write_bytes(data)
        ran = _run(["fmt", str(copy)])
        _assert_sound(ran, f"fmt {name}")
        if ran.code == 2:
            assert copy.read_bytes() == data, f"fmt changed {name} and failed"
        _assert_sound(_run(["fmt", "-"], stdin=data), f"fmt - < {name}")


def test_deep_variations_are_one_parse_error_in_every_command(corpus: Path) -> None:
    path = corpus / "deep-nesting.bzn"
    # line 5 is two spaces, then "( 2. B 8C A 9H " (15 characters) 600 times: the 101st
    # parenthesis, one past the parser's bound of 100, is at column 2 + 100 * 15 + 1 = 1503
    expected = f"{path}:5:1503: variations nest at most 100 deep: this one and what it holds"
    for command in READERS:
        ran = _run([*READERS[command], str(path)])
        assert ran.code == 2, command
        assert ran.err.splitlines()[0].startswith(expected), (command, ran.err[:300])


Writer = Callable[[Path], list[str]]
WRITERS: dict[str, Writer] = {
    "export": lambda out: ["export", str(ROOT / "samples/two-pack.bzn"), "--to=md", f"-o{out}"],
    "simulate": lambda out: ["simulate", "--variant", "rubicon", "-o", str(out)],
}  # fmt: skip


@pytest.mark.parametrize("command", WRITERS)
def test_an_output_that_cannot_be_written(command: str, tmp_path: Path) -> None:
    cases = {
        Path("/dev/full"): "no space left on device",
        tmp_path / "no" / "such" / "out.txt": "no such folder",
    }
    for out, reason in cases.items():
        ran = _run(WRITERS[command](out))
        _assert_sound(ran, f"{command} -o {out}")
        assert ran.code == 2, (command, out)
        assert ran.err == f"{out}: cannot write: {reason}\n", (command, ran.err)


def test_rules_and_simulate_refuse_bad_arguments() -> None:
    for args in (
        ["rules", "Z999"],
        ["rules", "--laws", "klingon"],
        ["rules", "\x00"],
        ["simulate", "--variant", "klingon"],
        ["simulate", "--variant", "rubicon", "--games", "0"],
        ["export", str(ROOT / "samples" / "two-pack.bzn"), "--to", "md", "--laws", "klingon"],
        ["replay", str(ROOT / "samples" / "two-pack.bzn"), "--record", "0"],
        ["replay", str(ROOT / "samples" / "two-pack.bzn"), "--step", "zz"],
    ):
        ran = _run(args)
        _assert_sound(ran, " ".join(args))
        assert ran.code == 2, args


# --------------------------------------------------------------------------- real processes


def _process(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-c", "from validator.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_a_real_pipe_closed_early_ends_quietly() -> None:
    # ``bezique parse big.bzn | head -c 10``: the reader goes away after ten bytes
    process = subprocess.Popen(
        [sys.executable, "-c", "from validator.cli import main; main()", "parse",
         "samples/games/two-pack.bzn"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    assert len(process.stdout.read(10)) == 10
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) in (0, 2)
    assert err == b"", err


def test_deep_variations_in_a_fresh_interpreter() -> None:
    done = _process(["export", "-", "--to", "json"], stdin=_deep(5000))
    assert done.returncode in (0, 2)
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr


def test_standard_input_through_a_real_pipe() -> None:
    for args in (
        ["check", "-"],
        ["sitting", "-"],
        ["adjudicate", "-"],
        ["replay", "-", "--step", "0"],
    ):
        done = _process(args, stdin=SAMPLE)
        assert done.returncode in (0, 1), (args, done.stderr)
        assert b"Traceback" not in done.stderr


def test_a_line_over_1_mib_is_one_fault_at_its_line_in_every_command(corpus: Path) -> None:
    path = corpus / "huge-line.bzn"
    # line 2 is "{", 2 << 20 = 2,097,152 x's and "}": 2,097,154 bytes
    expected = (
        f"{path}:2:1: expected a line of BZN (one statement, at most 1,048,576 bytes), found a "
        "line of 2,097,154 bytes: it is not read, so neither is the record holding it whole"
    )
    for command in READERS:
        ran = _run([*READERS[command], str(path)])
        assert ran.code == 2, command
        assert expected in ran.err.splitlines(), (command, ran.err[:300])
        assert "\x00" not in ran.out + ran.err, command
