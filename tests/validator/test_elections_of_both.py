"""A choice the law gives both players, and an election that chooses nothing.

hoffmann-1909-portland-club-laws.txt, law 12: "If it be similarly discovered that either player
has less than nine cards, the deal may be completed from the top of the stock by mutual
agreement, otherwise there must be a fresh deal." The pone electing to complete and the dealer
a fresh deal is no agreement: a fresh deal, in whichever order the two elections are written
(the first written had decided: audit of 7 December 2026). An election that no finding before
it gives was dropped without a word, and the record checked clean.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay

HEAD = (
    '[Variant "rubicon"]\n[Laws "english"]\n\ndeal 1 dealer B\n'
    "hand A 7D 8D 9D 7C 8C 9C 7H 8H 9H\n"
    "hand B KC QC 9S 8S 7S TD JS AS\n"  # line 6: eight, one short (D106)
    "^too-few B\n"
)


def _deal(marks: str) -> tuple[list[tuple[str, int | None]], bool]:
    found = replay(parse_record(HEAD + marks), steps=False).all_findings()
    void = any(f.remedy is not None and f.remedy.void_deal for f in found)
    return [(f.code, f.location.line) for f in found], void


@pytest.mark.parametrize(
    "marks",
    [
        "^elect A complete-from-stock\n^elect B void-deal\n",
        "^elect B void-deal\n^elect A complete-from-stock\n",
        "^elect A void-deal\n",
    ],
)
def test_either_player_may_insist_on_a_fresh_deal(marks: str) -> None:
    found, void = _deal(marks)
    assert found == [("D106", 6)]
    assert void


@pytest.mark.parametrize(
    "marks",
    ["^elect A complete-from-stock\n^elect B complete-from-stock\n", "^elect A complete\n"],
)
def test_the_deal_is_completed_by_agreement(marks: str) -> None:
    # both agree, or the record writes the agreed election once
    found, void = _deal(marks)
    assert found == [("D106", 6)]
    assert not void


def test_an_election_no_finding_gives_is_r001() -> None:
    text = '[Variant "rubicon"]\n\ndeal 1 dealer B\n1. A 7C B 7S\n^elect A void-deal\n'
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.location.line) for f in found] == [("R001", 5)]
