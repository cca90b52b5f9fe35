"""The Pygments lexer: found by name and file name through its entry point, lossless, and
with no error token on any bundled record."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pygments = pytest.importorskip("pygments")  # the [pygments] extra; the test extra has it

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import Error, Token  # noqa: E402

from validator.pygments_lexer import BznLexer  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FILES = sorted(SAMPLES.rglob("*.bzn"))


def test_the_entry_point_registers_the_lexer() -> None:
    assert isinstance(get_lexer_by_name("bzn"), BznLexer)
    assert isinstance(get_lexer_for_filename("round.bzn"), BznLexer)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_every_sample_lexes_whole_and_without_error(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = list(BznLexer().get_tokens_unprocessed(text))
    assert "".join(value for _, _, value in tokens) == text
    errors = [(index, value) for index, kind, value in tokens if kind in Error]
    assert errors == []


def _kinds(text: str) -> list[tuple[object, str]]:
    return [(k, v) for _, k, v in BznLexer().get_tokens_unprocessed(text) if v.strip()]


def test_the_tokens_of_a_small_record_by_hand() -> None:
    text = (
        '[Event "Club"]\n'
        "deal 1 dealer B\n"
        "hand A KS QS ? ...\n"
        "1. A 7D^L ! B 9C {a comment}\n"
        "  A marriage KS QS 40 carry bezique QS JD 40\n"
        "  draw A ?, B QH\n"
        '  ^revoke B "late" ; why\n'
        "score A 40 B 0\n"
    )
    name, const, seat = Token.Name.Tag, Token.Name.Constant, Token.Name.Builtin
    assert _kinds(text) == [
        (Token.Punctuation, "["), (name, "Event"), (Token.String, '"Club"'),
        (Token.Punctuation, "]"),
        (Token.Keyword, "deal"), (Token.Number.Integer, "1"), (Token.Keyword, "dealer"),
        (seat, "B"),
        (Token.Keyword, "hand"), (seat, "A"), (const, "KS"), (const, "QS"), (const, "?"),
        (Token.Punctuation, "..."),
        (Token.Name.Label, "1."), (seat, "A"), (const, "7D"), (Token.Name.Decorator, "^L"),
        (Token.Operator, "!"), (seat, "B"), (const, "9C"),
        (Token.Comment.Multiline, "{a comment}"),
        (seat, "A"), (Token.Name.Function, "marriage"), (const, "KS"), (const, "QS"),
        (Token.Number.Integer, "40"), (Token.Keyword, "carry"),
        (Token.Name.Function, "bezique"), (const, "QS"), (const, "JD"),
        (Token.Number.Integer, "40"),
        (Token.Keyword, "draw"), (seat, "A"), (const, "?"), (Token.Punctuation, ","),
        (seat, "B"), (const, "QH"),
        (Token.Name.Decorator, "^revoke"), (seat, "B"), (Token.String, '"late"'),
        (Token.Comment.Single, "; why"),
        (Token.Keyword, "score"), (seat, "A"), (Token.Number.Integer, "40"), (seat, "B"),
        (Token.Number.Integer, "0"),
    ]  # fmt: skip


def test_what_is_not_bzn_is_an_error_token() -> None:
    assert (Error, "@") in _kinds("1. A 7D @ B 9C\n")


def test_pygmentize_highlights_a_file() -> None:
    path = SAMPLES / "sheets" / "alice.bzn"
    run = subprocess.run(
        [sys.executable, "-m", "pygments", "-l", "bzn", "-f", "html", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert '<span class="nt">Event</span>' in run.stdout
