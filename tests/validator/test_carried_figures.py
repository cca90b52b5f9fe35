"""The figure of an announcement carried "to score" before any trump is made.

rubicon-bezique-laws.txt, Declaring: "The first marriage announced and scored, no matter by which
player, makes the trump suit"; Portland laws 44-45: a combination announced to score is scored
"at any time on winning a trick". Before trumps, what a marriage announced to score will be
worth is not known: the trump is made later, by the line's own marriage or by another scored
first. The figure was judged at once as if the marriage would be the first, 40, and "20" was
A411 (audit, 7 December 2026, /work/audit4 case 45).
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay_with_details

HEAD = '[Variant "rubicon"]\n[Laws "english"]\n\ndeal 1 dealer B\n'


def _replayed(body: str) -> tuple[list[str], dict[str, int]]:
    details = replay_with_details(parse_record(HEAD + body), source="case.bzn", steps=False)
    codes = [f.code for f in details.replay.all_findings()]
    return codes, dict(details.deals[0].corrected.points)


def test_twenty_to_score_before_trumps_scored_twenty_after_another_marriage() -> None:
    # A scores kings (80) and queens (60) carrying the heart marriage "twenty to score"; B then
    # scores the spade marriage, the first, 40, making spades trumps; A's hearts, scored on his
    # next trick, are a plain marriage: 20. A 80 + 60 + 20 = 160, B 40; no finding.
    body = (
        "hand A KH KD KC KC QH QD QC QC 7C\n"
        "1. A 7C B 7D\n"
        "  A kings KH KD KC KC 80\n"
        "  draw A 8C, B ?\n"
        "2. A 8C B 8D\n"
        "  A queens QH QD QC QC 60 carry marriage KH QH 20\n"
        "  draw A 9C, B ?\n"
        "3. A 9C B AC\n"
        "  B marriage KS QS 40\n"
        "  draw B ?, A 7H\n"
        "4. B 7S A 7H\n"
        "  draw B ?, A 8H\n"
        "5. B 9D A KD\n"
        "  A marriage KH QH 20\n"
        "  draw A 7C, B ?\n"
    )
    assert _replayed(body) == ([], {"A": 160, "B": 40})


def test_a_marriage_carried_with_the_first_marriage_is_a_plain_one() -> None:
    # The spade marriage scored makes spades trumps (40); the heart marriage carried with it
    # is then a plain one, 20, and "20 to score" is right. The replay had valued it before the
    # spades were trumps, as a first marriage: A411 "worth 40, not 20".
    body = (
        "hand A KS QS KH QH 7C 8C 9C 7D 8D\n"
        "1. A 7C B 8S\n"
        "  A marriage KS QS 40 carry marriage KH QH 20\n"
        "  draw A ?, B ?\n"
    )
    assert _replayed(body) == ([], {"A": 40, "B": 0})


def test_a_marriage_carried_with_the_one_that_makes_trumps_is_judged_under_it() -> None:
    # the spade marriage makes spades trumps, so the heart marriage carried with it is worth 20:
    # "40 to score" is a wrong figure, noted (A411) and correcting nothing: A 40
    body = (
        "hand A KS QS KH QH 7C 8C 9C 7D 8D\n"
        "1. A 7C B 8S\n"
        "  A marriage KS QS 40 carry marriage KH QH 40\n"  # line 7
        "  draw A ?, B ?\n"
    )
    assert _replayed(body) == (["A411"], {"A": 40, "B": 0})
