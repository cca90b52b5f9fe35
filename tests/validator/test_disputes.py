"""The disputes of ``samples/disputes/``: each record opens with the ruling it should get, worked
by hand from the rule texts, and ``adjudicate`` must give exactly that ruling.

The ruling's checkable part is written in the record's first comment (after its tags, as the
canonical form writes it, and before the first deal) as ``expect`` lines:

- ``expect laws NAME``: the code of laws the record is ruled under;
- ``expect finding CODE SEAT line N law "PHRASE"``: the irregularities, all of them, in order,
  with the seat at fault (``-`` for none), the line, and a phrase of the law cited;
- ``expect summary "PHRASE"`` / ``expect elected OPTION``: a phrase of a remedy, an election made;
- ``expect corrected D: A n, B n`` / ``expect brisques D: ...``: deal D's corrected scores and
  brisques; ``expect void D``: deal D is void; ``expect settlement D WINNER VALUE``;
- ``expect result WINNER VALUE`` or ``expect result none`` (the game is not settled, or short of
  its target).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation import read_records
from notation.model import Record
from validator.adjudicate import Ruling, adjudicate_sitting
from validator.cli import main

DISPUTES = Path(__file__).resolve().parents[2] / "samples" / "disputes"
FILES = sorted(DISPUTES.glob("*.bzn"))


def _expectations(path: Path) -> list[list[str]]:
    text = path.read_text(encoding="utf-8")
    head = text[: text.index("\ndeal ")]
    assert "{" in head, f"{path.name}: the ruling comment must stand before the first deal"
    comment = head[head.index("{") + 1 : head.index("}")]
    lines = [line.strip() for line in comment.splitlines()]
    return [shlex.split(line)[1:] for line in lines if line.startswith("expect ")]


def _ruling(path: Path) -> Ruling:
    records = [item for item in read_records(path) if isinstance(item, Record)]
    assert len(records) == 1, path.name
    (ruling,) = adjudicate_sitting([(1, records[0])], source=path.name)
    return ruling


def _scores(words: list[str]) -> tuple[int, dict[str, int]]:
    deal = int(words[0].rstrip(":"))
    pairs = re.findall(r"([A-D]) (-?\d+)", " ".join(words[1:]))
    return deal, {seat: int(points) for seat, points in pairs}


def test_there_are_disputes_of_each_kind() -> None:
    names = {path.stem for path in FILES}
    assert {
        "false-declaration-challenged",
        "revoke-in-the-last-tricks",
        "misdeal",
        "wrong-draw",
        "rubicon-penalty",
    } <= names
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_adjudicate_gives_the_ruling_worked_by_hand(path: Path) -> None:
    ruling = _ruling(path)
    findings = [item.finding for item in ruling.irregularities]
    expected: list[tuple[str, str | None, int]] = []
    laws_phrases: list[str] = []
    for words in _expectations(path):
        kind, rest = words[0], words[1:]
        if kind == "laws":
            assert ruling.laws == rest[0]
        elif kind == "finding":
            code, seat, _, line, _, phrase = rest
            expected.append((code, None if seat == "-" else seat, int(line)))
            laws_phrases.append(phrase)
        elif kind == "summary":
            assert any(f.remedy and rest[0] in f.remedy.summary for f in findings), rest[0]
        elif kind == "elected":
            assert any(f.remedy and f.remedy.elected == rest[0] for f in findings), rest[0]
        elif kind == "corrected":
            deal, scores = _scores(rest)
            assert ruling.deals[deal - 1].corrected == scores
        elif kind == "brisques":
            deal, counts = _scores(rest)
            assert ruling.deals[deal - 1].corrected_brisques == counts
        elif kind == "void":
            assert ruling.deals[int(rest[0]) - 1].void
        elif kind == "settlement":
            deal = ruling.deals[int(rest[0]) - 1]
            assert (deal.winner, deal.value) == (rest[1], int(rest[2]))
        elif kind == "result" and rest == ["none"]:
            assert ruling.result in (None, "*")  # not settled, or a game still short of its target
        elif kind == "result":
            assert ruling.result == " ".join(rest)
        else:
            raise AssertionError(f"{path.name}: unknown expectation {words}")
    assert [(f.code, f.seat, f.location.line) for f in findings] == expected
    for finding, phrase in zip(findings, laws_phrases, strict=True):
        assert finding.remedy is not None and phrase in finding.remedy.law_ref


def test_the_disputes_are_kept_apart_from_the_sound_samples() -> None:
    # The README promises that `bezique check samples/` on the sound records exits 0; the
    # disputes are in their own folder, and check finds their irregularities (exit 1).
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(DISPUTES), "--quiet"]).exit_code == 1
    sound = [p for p in (DISPUTES.parent).iterdir() if p.name != "disputes"]
    targets = [str(p) for p in sound if p.is_dir() or p.suffix == ".bzn"]
    assert runner.invoke(main, ["check", *targets, "--quiet"]).exit_code == 0
