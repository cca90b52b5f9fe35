"""The Markdown score sheet: escaping, the trick table, findings, settlement."""

from __future__ import annotations

import re
from pathlib import Path

from syrupy.assertion import SnapshotAssertion

from notation import Record, read_records
from validator.export import to_markdown
from validator.export.markdown import md_text
from validator.replay import Replay, replay

from .fixtures import rubicon_replay, two_pack_replay

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


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
    # No trump is known when the hands are dealt: spades, hearts, clubs, diamonds.
    assert "- Cole, Ben (B): 7♠ 7♠ 9♣ 8♦ ? ? ? ? ?" in text
    # rubicon-bezique-laws.txt, Rubicons: rubicon 1000 + brisques 300 + 100 bonus.
    assert "A wins 1400 (a rubicon)." in text


def test_hands_are_sorted_trumps_first() -> None:
    text = to_markdown(two_pack_replay())
    # Hearts are trumps: hearts, then clubs, diamonds, spades; A 10 K Q J 9 8 7 in a suit.
    assert "- Hart, Alice (A): 9♥ 8♥ J♦ 7♦ 10♠ K♠ Q♠ J♠" in text


def test_the_record_comments_are_shown_escaped() -> None:
    text = to_markdown(two_pack_replay())
    assert "> Before the first deal:\n" in text
    assert "> \\</script\\>\\<script\\>window" in text


def test_a_deal_of_a_game_to_a_target_has_no_result_of_its_own() -> None:
    two_pack = to_markdown(two_pack_replay())
    assert "The deal's scores go to the game's totals; only the game has a result." in two_pack
    assert "No winner of the deal" not in two_pack
    # In Rubicon one deal is the game: its value is printed (see test above).
    assert "A wins 1400 (a rubicon)." in to_markdown(rubicon_replay())


def _sample(name: str) -> Replay:
    record = next(iter(read_records(SAMPLES / name)))
    assert isinstance(record, Record)
    return replay(record, source=name)


def test_draws_show_the_card_drawn_not_the_tabled_cards_taken_back() -> None:
    sheet = to_markdown(_sample("two-pack.bzn")).splitlines()
    # samples/two-pack.bzn trick 24: "24. A AC B JS" then "draw A 7D, B KC"; B's K♣ Q♣ Q♦
    # Q♥ lay on the table (queens 60) and are taken back into the hand as the stock ends:
    # the draw is the K♣ alone. Scores: A marriage 20 + bezique 40 = 60; B marriage 20 +
    # jacks 40 + bezique 40 + queens 60 = 160.
    assert "| 24 | A A♣, B J♠ | A |  | A 7♦, B K♣ | 60 | 160 |  |" in sheet
    # the comment on the turn-up line is kept
    assert "  - *turn-up: clubs are trumps*" in sheet


def test_markdown_snapshot_two_pack(snapshot: SnapshotAssertion) -> None:
    assert to_markdown(two_pack_replay()) == snapshot


def test_markdown_snapshot_rubicon(snapshot: SnapshotAssertion) -> None:
    assert to_markdown(rubicon_replay()) == snapshot


# audit 13, c01: a comment between a trick's number and its first play is that trick's
TRICK_COMMENT = """[Variant "two-pack"]

deal 1 dealer B
hand A KH QH QS 9C 8D 7S 8H 7H
hand B KC QC JC JS 9D 8C TS 7D
stock JH AH TH 8S JD 9S ...
turnup AH
1. A 7S B TS
  B marriage KC QC 20
  draw B JH, A AH
2. B 7D A 8D
  A marriage KH QH 40
  draw A TH, B 8S
3. {ON-TRICK-3} A 9C B 8C
  draw A JD, B 9S
"""


def test_a_comment_before_a_tricks_first_play_is_in_that_tricks_notes() -> None:
    from notation import parse_record

    sheet = to_markdown(replay(parse_record(TRICK_COMMENT))).splitlines()
    # Hearts are trumps (the ace turned up): B's ten of spades takes trick 1, A's 8D trick 2
    # and the 9C trick 3; A has the royal marriage (40), B the marriage of clubs (20).
    assert (
        "| 2 | B 7♦, A 8♦ | A | A declares marriage KH QH for 40 | A 10♥, B 8♠ | 40 | 20 |  |"
        in (sheet)
    )
    assert "| 3 | A 9♣, B 8♣ | A |  | A J♦, B 9♠ | 40 | 20 | *ON-TRICK-3* |" in sheet


def test_words_and_commands_beside_an_eval_are_in_the_notes() -> None:
    """Audit 13, c15 and c16: the sheet had shown only 'best play: 120'."""
    from notation import parse_record

    for comment, shown in (
        ("{[%eval 120] ANNOTATOR-WORDS}", "*best play: 120; ANNOTATOR-WORDS*"),
        ("{[%eval 120] [%clk 0:01:02]}", "*best play: 120; \\[%clk 0:01:02\\]*"),
        ("{[%eval abc]}", "*\\[%eval abc\\]*"),
    ):
        text = TRICK_COMMENT.replace("3. {ON-TRICK-3} A 9C B 8C", f"3. A 9C {comment} B 8C")
        sheet = to_markdown(replay(parse_record(text))).splitlines()
        assert f"| 3 | A 9♣, B 8♣ | A |  | A J♦, B 9♠ | 40 | 20 | {shown} |" in sheet
