"""The game's result where an election the record does not state would change it.

foster-1914-ordinary-bezique.txt, Scoring: "Scores erroneously marked must be taken down, and
the adversary may add the points to his own score". samples/games/no-brisques.bzn (two-pack, to
1000) is won by B, 1030 to 790, after deal 4. Here B marks his four aces of deal 4 (line 273) at
500, not 100: the 400 is taken down, and the result as ruled stands, B 240. Had A elected to add
the 400 to his own score, A would have 790 + 400 = 1190 to B's 1030: both over the line, "the
higher total wins" (bezique-guide.txt, Ending), and A wins 1190 - 1030 = 160. The ruling had
stated B 240 flatly (audit of 7 December 2026).
"""

from __future__ import annotations

from pathlib import Path

from notation import parse_record
from validator.adjudicate import adjudicate, render_text, ruling_to_dict
from validator.replay import replay

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "games" / "no-brisques.bzn"


def _text(result: str) -> str:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    assert lines[272] == "  B aces AS AH AH AC 100"
    lines[272] = "  B aces AS AH AH AC 500"
    text = "\n".join(lines) + "\n"
    return text.replace('[Result "B 240"]', f'[Result "{result}"]')


def test_the_result_under_the_open_election_is_told() -> None:
    ruling = adjudicate(parse_record(_text("B 240")))
    assert ruling.result == "B 240"
    assert ruling.result_options == ("with add-to-own elected for the A411 of deal 4: A 160",)
    assert "an election open\n  would change it:" in render_text(ruling)
    assert ruling_to_dict(ruling)["result_options"] == list(ruling.result_options)


def test_a_result_tag_of_the_open_election_is_no_s503() -> None:
    # the table may have made the election without the record saying so
    for result, s503 in (("A 160", False), ("B 240", False), ("A 300", True)):
        found = replay(parse_record(_text(result)), steps=False).all_findings()
        assert ("S503" in [f.code for f in found]) is s503, result
