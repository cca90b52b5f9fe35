"""The fast line reader (``notation.fast_lines``) pinned to Lark's results.

Every record is read twice, with the fast lines on and off; the model (every position
included) and the error messages must be the same. The texts are the samples, complete
Rubicon deals plain and annotated as the bench annotates them, and hundreds of deals edited
at random with parentheses, braces, comments, glyphs, escapes, quotes and spacing.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

import notation.fast_lines as fast_lines_module
from notation import parse_record, parse_records, write_record
from notation.fast_lines import WRITTEN_DRAWS, read_line
from notation.model import Comment, Declaration, Play
from notation.parser import parse_record_lenient
from notation.statements import TrickLine

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*.bzn"))
sys.path.insert(0, str(ROOT / "bench"))

from annotations import annotate_tricks  # noqa: E402
from notation_speed import annotated  # noqa: E402
from rubicon_deal import rubicon_deal  # noqa: E402


def _both_ways(text: str, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The record (with every position) and the error messages, fast lines on and off."""
    out: list[object] = []
    for fast in (True, False):
        monkeypatch.setattr(fast_lines_module, "FAST_LINES", fast)
        record = parse_record_lenient(text)
        out.append((record.to_dict(), [str(e) for e in record.errors]))
    return out


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_fast_lines_read_the_samples_as_lark_reads_them(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = path.read_text(encoding="utf-8")
    fast = parse_records(text)
    monkeypatch.setattr(fast_lines_module, "FAST_LINES", False)
    slow = parse_records(text)
    assert [r.to_dict() for r in fast] == [r.to_dict() for r in slow]


@pytest.mark.parametrize("seed", [1, 21, 77])
def test_fast_lines_on_complete_rubicon_deals(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = rubicon_deal(seed)
    fast = parse_record(text)
    monkeypatch.setattr(fast_lines_module, "FAST_LINES", False)
    assert parse_record(text).to_dict() == fast.to_dict()
    assert write_record(fast) == text  # the generator writes canonical text


@pytest.mark.parametrize("seed", [1, 21, 77])
def test_fast_lines_on_annotated_deals(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    text = annotated(rubicon_deal(seed))
    fast, slow = _both_ways(text, monkeypatch)
    assert fast == slow
    assert fast[1] == []  # type: ignore[index]
    record = parse_record(text)
    assert write_record(record) == text  # the annotations are written as the bench writes them


@pytest.mark.parametrize("seed", [1, 21, 77])
def test_fast_lines_on_deals_annotated_in_an_annotators_order(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Glyphs after comments (``B JS ! {a note} $14``), which the writer does not write."""
    text = annotate_tricks(rubicon_deal(seed))
    assert "! {a note} $14" in text
    fast, slow = _both_ways(text, monkeypatch)
    assert fast == slow
    assert fast[1] == []  # type: ignore[index]
    lines = text.split("\n")
    tricks = [(i + 1, line) for i, line in enumerate(lines) if line[:1].isdigit()]
    assert all(isinstance(read_line(line, n), TrickLine) for n, line in tricks)


ANNOTATED_LINES = [
    # (line, what the fast reader must give: checked against Lark by the tests above too)
    ("1. A 7H B JS !", ("B", ("!",), ())),
    ("2. A 9H B AH ! {B wins}", ("B", ("!",), ("B wins",))),
    ("3. A 7D B 9D $1 ; note", ("B", ("$1",), ("note",))),
    ("4. A 7D !! $12 {hm} B 9C ?", ("B", ("?",), ())),
    ("5. B 7D^L A 9C", ("A", (), ())),
    ("6. A 7D B 9C {a \\} b}", ("B", (), ("a } b",))),
    ("7. A 7H B JS ! {a note} $14", ("B", ("!", "$14"), ("a note",))),
    ("8. A 7H B JS {a} ?? {b} ; c", ("B", ("??",), ("a", "b", "c"))),
]


@pytest.mark.parametrize(("line", "last"), ANNOTATED_LINES, ids=[c[0] for c in ANNOTATED_LINES])
def test_annotated_trick_lines_are_read_fast(line: str, last: tuple[object, ...]) -> None:
    statement = read_line(line, 7)
    assert isinstance(statement, TrickLine)
    play = statement.plays[-1]
    assert (play.seat, play.glyphs, tuple(c.text for c in play.comments)) == last


def test_per_play_annotations_stay_with_their_play() -> None:
    statement = read_line("4. A 7D^L !! $12 {hm} B 9C ?", 3)
    assert isinstance(statement, TrickLine)
    assert statement.plays == (
        Play("A", "7D", ("L",), ("!!", "$12"), (Comment("hm"),)),
        Play("B", "9C", (), ("?",)),
    )
    assert [p.pos for p in statement.plays] == [(3, 4), (3, 23)]
    assert statement.plays[0].comments[0].pos == (3, 18)


def test_annotations_in_any_order_stay_with_their_play() -> None:
    statement = read_line("4. A 7D {hm} !! B 9C $3 {x} ?", 3)
    assert isinstance(statement, TrickLine)
    assert statement.plays == (
        Play("A", "7D", (), ("!!",), (Comment("hm"),)),
        Play("B", "9C", (), ("$3", "?"), (Comment("x"),)),
    )
    # columns counted on the line: "4. " is three characters, "A 7D " five more, ...
    assert [p.pos for p in statement.plays] == [(3, 4), (3, 17)]
    assert [p.comments[0].pos for p in statement.plays] == [(3, 9), (3, 25)]


DECLARATION_LINES = [
    "  B marriage KC QC 40 !",
    "  B marriage KC QC 40 fresh",
    "  B marriage KC QC 40 fresh ?! $3 {why} ; later",
    "  B double-bezique QS QS JD JD 500 ! carry marriage KS QS 20, marriage KS QS 20 {two}",
    "A carte-blanche 50 {no king, queen or jack}",
]


@pytest.mark.parametrize("line", DECLARATION_LINES)
def test_annotated_declarations_are_read_fast(line: str) -> None:
    statement = read_line(line, 1)
    assert isinstance(statement, Declaration)
    assert str(statement) == line.strip()


def _blind(text: str) -> str:
    """``text`` with every drawn card and every card of the hands unnamed (``draw A ?, B ?``),
    as ``bezique hide`` writes a record seen from no seat."""
    text = re.sub(r"(?m)^(  draw .*)$", lambda m: re.sub(r"[ATKQJ987][SHDC]", "?", m[1]), text)
    return re.sub(r"(?m)^(hand [ABCD])( .*)$", lambda m: m[1] + " ?" * len(m[2].split()), text)


@pytest.mark.parametrize("seed", [1, 21, 77])
def test_fast_lines_on_blind_deals(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Draws of cards not named (``draw A ?, B ?``) are read fast, as Lark reads them."""
    text = _blind(rubicon_deal(seed))
    assert "draw A ?, B ?" in text or "draw B ?, A ?" in text
    fast, slow = _both_ways(text, monkeypatch)
    assert fast == slow
    assert fast[1] == []  # type: ignore[index]
    lines = text.split("\n")
    draws = [(i + 1, line) for i, line in enumerate(lines) if line.startswith("  draw")]
    assert all(WRITTEN_DRAWS(line) for _, line in draws)


WRITTEN_FORMS = [
    # declarations: the writer's form, and kinds the short pattern leaves to the others
    "  B marriage KC QC 40",
    "  A carte-blanche 50",
    "  B double-bezique QS QS JD JD 500",
    "  A as 40",  # a kind that is a card's text
    "  A ks KS QS 40",
    "  A xy 10",  # a kind of two letters
    "  A Marriage KC QC 20",  # a kind in capitals
    "  A sequence2 AH TH KH QH JH 250",
    "  A last-trick 10",
    "  A last-trick- 10",
    "  A marriage KC QC 040",
    "  A marriage KC QC 20x",
    "  A marriage KC  QC 20",
    "\tA marriage KC QC 20",
    "  A marriage 10H QC 20",
    # tags and comment lines
    '[Event "Club night"]',
    '[Event ""]',
    '[Site_2+x "a \\"quoted\\" word"]',
    '[Annotator "back\\\\slash"]',
    '  [Event "spaced"]  ',
    "{a comment}",
    "  {a comment, spaced}  ",
    "{a \\} b \\\\ c}",
    "{a}{b}",
    "{a} ; b",
    "{x}\r",
]


@pytest.mark.parametrize("form", WRITTEN_FORMS)
def test_written_forms_read_as_lark_reads_them(form: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line in a deal (a tag or comment line before it), read with the fast lines on
    and off: the same record, positions included, and the same faults."""
    deal = "deal 1 dealer A\n1. A 7D B 9C\n"
    text = form + "\n" + deal if form.lstrip().startswith(("[", "{")) else deal + form + "\n"
    fast, slow = _both_ways(text, monkeypatch)
    assert fast == slow


def test_lines_the_fast_reader_leaves_to_lark() -> None:
    """Anything off the writer's spacing, or that Lark would cut otherwise, is not read."""
    for line in (
        "1. A 7D B 9C!",  # a glyph glued to the card
        "1. A 7D B 9C !?!",  # a run of glyphs Lark cuts as '!?', '!'
        "1. A 7D B 9C {x}!",  # a glyph glued to a comment
        "1. A 7D B 9C {x}{y}",  # two comments glued
        "1. A 7D  B 9C !",  # two spaces, with an annotation
        "1. !",  # a glyph before any play (an error)
        "  B marriage KC QC 40 {x} carry marriage KS QS 20",  # a comment before carry
        "  B marriage KC QC 40 ! fresh",  # fresh after a glyph (an error)
        "1. A 7D B 9C {open",  # a comment left open
        "( 1. A 7D B 9C",
        '^ruling "stands"',
    ):
        assert read_line(line, 1) is None, line


EDITS = (
    "(", ")", " ( ", " ) ", "\n(\n", "\n)\n", "{", "}", "{x}", ";c\n", '"', "  ", "\t",
    " !", " ?!", " $1", " {note}", " ; n", " {n} $2", " ! {n} ?", "^L", " fresh", "\\}", "\\",
    "{a\\}b}", "{a\n", "\n}", " carry marriage KS QS 20", "!",
)  # fmt: skip


def test_fast_lines_agree_with_lark_on_edited_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Variations opened and closed anywhere, comments (left open too), glyphs, escapes,
    stray quotes and spacing: a line the fast path reads must be read as Lark reads it, and
    the two must place it the same way (inside or outside a variation, a comment)."""
    rng = random.Random(8)
    texts = [rubicon_deal(seed)[:1500] for seed in (3, 5, 8)]
    texts.append(
        texts[0].replace("draw", "\n  A marriage KH QH 20 carry bezique QS JD 40\n  draw", 2)
    )
    texts.append(annotated(texts[1]))
    texts.append(_blind(texts[2]))
    differing = []
    for _ in range(400):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text))
            text = text[:at] + rng.choice(EDITS) + text[at:]
        fast, slow = _both_ways(text, monkeypatch)
        if fast != slow:
            differing.append(text)
    assert differing == []
