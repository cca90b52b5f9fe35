"""The dealer's seven turned up, written as a line by the scorer.

foster-1914-ordinary-bezique.txt, Dealing: "If this card is a Seven, the dealer scores 10 points
for it at once". The replay scores it when the deal begins; a scorer who also writes it as a
line before the first trick (``A seven 7H 10``) had two A413 ("holds no 7H") and the line taken
down, for a score rightly marked (audit 12, case 44). The line is the mark of that same 10.
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import ReplayDetails, replay_with_details

RECORD = (
    '[Variant "two-pack"]\n'
    '[Laws "english"]\n'
    "\n"
    "deal 1 dealer A\n"
    "turnup 7H\n"
    "A seven 7H FIGURE\n"  # line 6
    "1. B AS A 8S\n"
    "  draw B ?, A ?\n"
)


def _details(figure: int) -> ReplayDetails:
    text = RECORD.replace("FIGURE", str(figure))
    return replay_with_details(parse_record(text), source="case.bzn", steps=False)


def test_the_line_marks_the_ten_once() -> None:
    details = _details(10)
    assert list(details.replay.all_findings()) == []
    # A 10 for the seven; B 10 for the ace he won (brisques scored when taken: two-pack)
    assert details.deals[0].marked == {"A": 10, "B": 10}


def test_a_wrong_figure_is_a411() -> None:
    # "Scores erroneously marked must be taken down" (foster-1914-ordinary-bezique.txt,
    # Scoring): A marked 20 for a seven worth 10; the excess 10 comes down.
    details = _details(20)
    found = details.replay.all_findings()
    assert [(f.code, f.location.line) for f in found] == [("A411", 6)]
    assert details.deals[0].marked == {"A": 20, "B": 10}
    assert details.deals[0].corrected.scores == {"A": 10, "B": 10}
