"""A last trick claimed by the seat that did not win it: the score line is the table's marks.

docs/notation.md, End of a deal: the score line is "every score the record shows, at the value
claimed, before any law corrects it". A's claim of a last trick B won is marked for A, and B's
last trick, which nobody wrote for him, is not; S505 then takes A's claim down and gives B the
trick (foster-1914-ordinary-bezique.txt, The Last Eight Tricks: "The winner of the last trick of
all scores ten points for it"; Scoring: "Scores erroneously marked must be taken down"). The
score line written at the marks had been S501 twice (audit of 7 December 2026), the replay
taking B's last trick as marked and A's claim as not.

The deal: the corpus's first two-pack deal, A winning the last trick (32. A TS B TD) and the
table marking A 90, B 660 with it (A 80 without it).
"""

from __future__ import annotations

from pathlib import Path

from notation import parse_record
from validator.replay import replay_with_details

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "corpus" / "two-pack.bzn"
DATA = Path(__file__).resolve().parent / "data" / "last_trick"


def _deal_one(claims: str, score: str) -> str:
    text = CORPUS.read_text(encoding="utf-8").split("\ndeal 2 ")[0]
    text = text.replace('[Result "B 530"]', '[Result "*"]')
    text = text.replace("  A last-trick 10\n", claims)
    return text.replace("score A 90 B 660", score).replace("total A 90 B 660", "total " + score[6:])


def _ruled(text: str) -> tuple[list[tuple[str, str | None]], dict[str, int]]:
    details = replay_with_details(parse_record(text), steps=False)
    found = [(f.code, f.seat) for f in details.replay.all_findings()]
    return found, dict(details.deals[0].corrected.scores)


def test_the_record_as_played_is_clean() -> None:
    assert _ruled(_deal_one("  A last-trick 10\n", "score A 90 B 660")) == ([], {"A": 90, "B": 660})


def test_claimed_by_the_loser() -> None:
    # A won it and B claims it: marked A 90 - 10 = 80 (his trick unmarked), B 660 + 10 = 670;
    # corrected A 90, B 660
    text = _deal_one("  B last-trick 10\n", "score A 80 B 670")
    assert _ruled(text) == ([("S505", "B")], {"A": 90, "B": 660})


def test_claimed_by_both() -> None:
    # A's mark stands (A 90); B's is taken down and gives A nothing more: corrected A 90, B 660
    text = _deal_one("  A last-trick 10\n  B last-trick 10\n", "score A 90 B 670")
    assert _ruled(text) == ([("S505", "B")], {"A": 90, "B": 660})


def test_claimed_by_the_loser_under_the_french_laws_the_winner_may_add_it() -> None:
    # audit 20, case 27 (French laws, two-pack): B wins the last trick and A marks it, "A
    # last-trick 10"; B elects add-to-own. foster-1914-ordinary-bezique.txt, Scoring: "Scores
    # erroneously marked must be taken down, and the adversary may add the points to his own
    # score" (rule laws.french-scores-taken-down: "or a wrong mark"); The Last Eight Tricks:
    # "The winner of the last trick of all scores ten points for it". Marked A 170 (160 in
    # brisques and the 10), B 0. Corrected: A 170 - 10 = 160; B 0 + 10 for his trick + A's 10
    # added = 20. Without the election A's 10 is only taken down: B 10. The election had been
    # R001, "no finding before it gives B that election", and B 10.
    text = (DATA / "french-claimed-by-loser.bzn").read_text(encoding="utf-8")
    assert _ruled(text) == ([("S505", "A")], {"A": 160, "B": 20})
    plain = text.replace("  ^elect B add-to-own\n", "")
    assert _ruled(plain) == ([("S505", "A")], {"A": 160, "B": 10})
