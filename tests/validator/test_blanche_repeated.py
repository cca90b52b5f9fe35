"""A carte blanche repeated after a false one is one fault, said as such.

hoffmann-1909-portland-club-laws.txt, law 16: "If, after playing a card, a player who has
declared carte blanche draw a card other than king, queen or knave, he is entitled to declare
another carte blanche"; law 15: carte blanche is "a hand dealt him without king, queen or
knave"; law 50: an erroneous score not challenged in time "stands good". A shows carte blanche
holding JC (A410), not challenged: the 50 stands. After trick 1 he draws 9S and repeats it,
and B challenges at once: the repeat comes down. Marked A 100, corrected A 50. The replay had
read the repeat as a first carte blanche "claimed after a card was played" (A409) and found the
JC again (a second A410, moot) (audit 14, case 08).
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay_with_details

RECORD = (
    '[Variant "rubicon"]\n'
    '[Laws "english"]\n'
    "\n"
    "deal 1 dealer B\n"
    "hand A JC 7S 8S 7H 8H 9H 7D 8D 9D\n"
    "hand B AS 7C 8C 9C TS TH TD 9S AH\n"
    "stock 7C 9S ...\n"
    "A carte-blanche 50\n"  # line 8
    "1. A 7S B AS\n"
    "  draw B 7C, A 9S\n"
    "  A carte-blanche 9S 50\n"  # line 11
    "  ^challenge B\n"
    "2. B 7C A 8S\n"
)


def test_the_repeat_of_a_false_carte_blanche_is_one_fault() -> None:
    details = replay_with_details(parse_record(RECORD), source="case.bzn", steps=False)
    found = details.replay.all_findings()
    assert [(f.code, f.location.line) for f in found] == [("A410", 8), ("A409", 11)]
    assert "the first one shown held a court card" in found[1].message
    assert details.deals[0].marked == {"A": 100, "B": 0}
    assert details.deals[0].corrected.scores == {"A": 50, "B": 0}
