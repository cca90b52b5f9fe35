"""The Markdown score sheet: escaping, the trick table, findings, settlement."""

from __future__ import annotations

import re

from syrupy.assertion import SnapshotAssertion

from validator.export import to_markdown
from validator.export.markdown import md_text

from .fixtures import rubicon_replay, two_pack_replay


def test_md_text_escapes_markup_and_joins_lines() -> None:
    assert md_text("<b>a|b</b>\n*c* & `d`") == r"\<b\>a\|b\</b\> \*c\* \& \`d\`"


def test_hostile_name_and_comment_are_escaped() -> None:
    text = to_markdown(two_pack_replay())
    # Every "<" is escaped but those of the <br> the notes column joins with.
    assert re.findall(r"(?<!\\)<", text.replace("<br>", "")) == []
    assert r"\<script\>alert(1)\</script\> (B)" in text
    assert r"\<img src=x onerror=window.\_\_pwned=2\>" in text


def test_trick_rows_hold_plays_winner_declarations_draws_scores_notes() -> None:
    text = to_markdown(two_pack_replay())
    # Trick 2: A leads the 8 of trumps, B takes it with the ace (! glyph), declares
    # marriage 20 on top of the 10 for the seven turned up: B 30, A 0.
    row = (
        "| 2 | A 8♥, B A♥ ! | B | B declares marriage KC QC 20 | B 7♣, A 9♠ | 0 | 30 "
        "| *B wins the trick and a brisque* |"
    )
    assert row in text.splitlines()
    assert (
        "| 3 | B 7♠, A 10♠ | A | A declares bezique QS JD 40 ? | A A♦, B J♣ | 40 | 30 | see F1 |"
        in text
    )


def test_findings_carry_the_ruling_and_election() -> None:
    text = to_markdown(rubicon_replay())
    assert "- **F1 · P201** error, A at fault (trick 1, line 13:4): A leads AS out of turn" in text
    assert "  - Options: call AS as an exposed card; let the lead stand" in text
    assert "  - Elected: let the lead stand" in text


def test_unknown_cards_and_settlement() -> None:
    text = to_markdown(rubicon_replay())
    assert "- Cole, Ben (B): 7♠ 7♠ 8♦ 9♣ ? ? ? ? ?" in text
    # rubicon-bezique-laws.txt, Rubicons: rubicon 1000 + brisques 300 + 100 bonus.
    assert "A wins 1400 (a rubicon)." in text


def test_markdown_snapshot_two_pack(snapshot: SnapshotAssertion) -> None:
    assert to_markdown(two_pack_replay()) == snapshot


def test_markdown_snapshot_rubicon(snapshot: SnapshotAssertion) -> None:
    assert to_markdown(rubicon_replay()) == snapshot
