"""A score sheet: a record that writes the tricks and declarations of a deal but no draw.

Such a record shows no draw forgotten: foster-1914-ordinary-bezique.txt, Irregularities in
Drawing, reaches a player who "has forgotten to take a card from the talon, and has played to
the next trick", which a record writing no draw at all cannot show. It had been W301 for every
player at every trick (113 findings on one legal deal; audit of 7 December 2026). A deal that
writes no draw is now read with its draws made in turn, cards unnamed (docs/notation.md,
Draws); a deal that writes some draws is still judged on each one it leaves out.
"""

from __future__ import annotations

from pathlib import Path

from notation import Record, parse_record, read_records
from validator.replay import replay

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "corpus"
TWO_PACK = '[Variant "two-pack"]\n[Laws "english"]\n\ndeal 1 dealer A\nturnup 9H\n'


def _codes(text: str) -> list[tuple[str, str | None, int | None]]:
    found = replay(parse_record(text), steps=False).all_findings()
    return [(f.code, f.seat, f.location.line) for f in found]


def test_tricks_without_draw_lines_are_clean() -> None:
    # the pone B leads; A's 9C wins trick 1, B's 8S trick 2
    assert _codes(TWO_PACK + "1. B 8C A 9C\n2. A 7S B 8S\n3. B 7D A 8D\n") == []


def test_a_deal_that_writes_some_draws_is_judged_on_each_left_out() -> None:
    # the draw after trick 1 is written, the one after trick 2 is not: both forgot it, B (the
    # winner, to draw first) then A, found when trick 3 is played (line 9)
    body = "1. B 8C A 9C\n  draw A ?, B ?\n2. A 7S B 8S\n3. B 7D A 8D\n"
    assert _codes(TWO_PACK + body) == [("W301", "B", 9), ("W301", "A", 9)]


def test_a_whole_deal_as_a_score_sheet_settles_as_the_full_record() -> None:
    # the corpus's first two-pack game, every card named, and the same without its draw lines
    # (the hands and the stock stay named, so each draw takes the stock's next card, as the
    # record wrote it): the same scores, and no finding in either
    text = (CORPUS / "two-pack.bzn").read_text(encoding="utf-8")
    first = next(r for r in read_records(text.splitlines(keepends=True)) if isinstance(r, Record))
    full = replay(first, steps=False)
    lines = [
        line
        for line in text.split("\n\n[Event")[0].splitlines()
        if not line.strip().startswith("draw ")
    ]
    sheet = replay(parse_record("\n".join(lines) + "\n"), steps=False)
    assert full.all_findings() == () and sheet.all_findings() == ()
    assert full.game is not None and sheet.game is not None
    assert sheet.game.result == full.game.result
    assert [d.settlement.scores if d.settlement else None for d in sheet.deals] == [
        d.settlement.scores if d.settlement else None for d in full.deals
    ]
