"""One king is not announced in two marriages; scoring a fresh marriage takes it from the
announcement.

bezique-guide.txt, Scoring: "A queen from a marriage may go on to make four queens or a
bézique, but she cannot marry a second king." foster-1914-ordinary-bezique.txt, Double
Declarations: "A player having a score in abeyance in this manner is not obliged to score it if
he has anything else to announce", and "the cards declared must still be on the table when the
time comes to score them". Rule book ``decl.carried``.

Two marriages of spades carried on one line while A holds one king of spades (B played the
other) were both carried (audit of 7 December 2026): the second is A416, not carried.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay_with_details

HEADER = ['[Variant "two-pack"]', '[Laws "english"]', "", "deal 1 dealer A", "turnup 9H"]

ONE_KING = [
    "1. B KS A 7S",
    "  draw B ?, A ?",
    "2. B 8C A 9C",
    "  A kings KS KH KC KD 80",
    "  draw A ?, B ?",
    "3. A KH B 7C",
    "  draw A ?, B ?",
    "4. A KC B 7D",
    "  A double-bezique QS QS JD JD 500 carry marriage KS QS 20, marriage KS QS 20",
    "  draw A ?, B ?",
    "5. A KD B 8C",
    "  A marriage KS QS 20",
    "  draw A ?, B ?",
    "6. A 8S B 8D",
    "  A marriage KS QS 20",
    "  draw A ?, B ?",
]


def _codes(lines: list[str]) -> tuple[list[tuple[str, int]], dict[str, int]]:
    details = replay_with_details(parse_record("\n".join(lines) + "\n"), steps=False)
    found = [(f.code, f.location.line or 0) for f in details.replay.all_findings()]
    return found, dict(details.deals[0].corrected.scores)


@pytest.mark.parametrize("hand_named", [False, True])
def test_two_marriages_announced_with_one_king(hand_named: bool) -> None:
    # B led one K♠ at trick 1, so A's four kings hold the only other: the first marriage
    # announced at trick 4 is carried and scored at trick 5; the second is not carried (A416:
    # nothing was scored for it, nothing is taken down), and scoring it at trick 6 is A406
    # (the K♠ has served in a marriage), taken down. A: kings 80 + double bézique 500 +
    # marriage 20 = 600.
    head = [*HEADER, "hand A 7S 9C KS KH KC KD QS 8S"] if hand_named else HEADER
    lines = [*head, *ONE_KING]
    announced = lines.index(ONE_KING[8]) + 1
    scored_again = len(lines) - 1
    found, scores = _codes(lines)
    # the second A406: a marriage must add a card from the hand (foster-1914, Scoring)
    assert found == [("A416", announced), ("A406", scored_again), ("A406", scored_again)]
    assert scores == {"A": 600, "B": 0}


def test_a_fresh_marriage_takes_the_king_of_an_announcement() -> None:
    # A, with one K♠ (his hand and draws named), announces the spade marriage with his bézique
    # (40), then scores a fresh one with his second Q♠ and the same K♠ (20): clean, for the
    # announcement need not be scored. Scoring it afterwards is A406 (the K♠ has served in a
    # marriage), taken down: A 40 + 20 = 60.
    lines = [
        *HEADER,
        "hand A KS QS QS JD 8D 8C 9C TH",
        "1. B 7D A 8D",
        "  A bezique QS JD 40 carry marriage KS QS 20",
        "  draw A 9S, B ?",
        "2. A 8C B 7C",
        "  A marriage KS QS 20 fresh",
        "  draw A 9D, B ?",
        "3. A 9C B 7S",
        "  A marriage KS QS 20",
        "  draw A 8H, B ?",
    ]
    found, scores = _codes(lines)
    assert found == [("A406", len(lines) - 1)]
    assert scores == {"A": 60, "B": 0}
