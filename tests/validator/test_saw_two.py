"""A loser who saw two cards (W304): the adversary's choice of the two cards of the next draw.

hoffmann-1909-portland-club-laws.txt, law 30: "If the loser of a trick, after the winner has
drawn, see two cards when drawing from the stock, his adversary has choice of the two cards of
the following draw, and is entitled to look at both before choosing. If he choose the second
card, he need not show it." (rubicon-bezique-laws.txt and foster-1914-ordinary-bezique.txt,
Irregularities in Drawing, say the same.) A record that follows the remedy with the stock named
had been given two W306 ("not the stock's next card") and the replay had swapped the two cards
back (found 7 December 2026).

The stock is named: QH and 7C are the two cards of the draw after trick 2. A, the loser of
trick 1, saw QH.
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import replay

HEAD = (
    '[Variant "rubicon"]\n[Laws "LAWS"]\n\ndeal 1 dealer B\n'
    "hand A 7D 8H 9H TS AS 9C 7S 8C TD\n"
    "hand B KC QC JD QS KS 9D AH 8S 7H\n"
    "stock KH 9S QH 7C QS 8D 7C JD 9C KD ...\n"
    "1. A 7D B 9D\n"
    "  draw B KH, A 9S\n"  # FIRST
    "  ^saw A QH\n"  # line 10: W304
)
A_WINS = "2. B 8S A TS\n"  # A's ten wins: A draws first (English laws)
B_WINS = "2. B AH A 8H\n"  # B's ace wins: B draws first


def _codes(body: str, laws: str = "english") -> list[tuple[str, str | None, int | None]]:
    text = HEAD.replace("LAWS", laws) + body
    if laws == "french":  # the French draw: the pone (A) first, whoever won
        text = text.replace("draw B KH, A 9S", "draw A KH, B 9S")
    found = replay(parse_record(text), steps=False).all_findings()
    return [(f.code, f.seat, f.location.line) for f in found]


W304 = [("W304", "A", 10)]


def test_the_adversary_takes_the_first_card_when_the_loser_wins_the_next_trick() -> None:
    # B chooses QH, the first card: A, drawing first, takes the second, 7C
    body = "  ^elect B first-card\n" + A_WINS + "  draw A 7C, B QH\n3. A 7S B 7H\n"
    assert _codes(body) == W304


def test_the_adversary_who_chooses_may_be_written_drawing_first() -> None:
    # A wins trick 2 and would draw first, but B has "choice of the two cards of the following
    # draw" (law 30) and is written taking his choice, QH, first: A then has 7C. That is the
    # choice exercised, not a draw out of turn (W303 had fallen on B; audit 17, c44b)
    body = "  ^elect B first-card\n" + A_WINS + "  draw B QH, A 7C\n3. A 7S B 7H\n"
    assert _codes(body) == W304


def test_the_adversary_drawing_first_takes_the_second_card() -> None:
    # B wins trick 2 and draws first; he chooses 7C, the second card, unseen by A
    body = "  ^elect B second-card\n" + B_WINS + "  draw B 7C, A QH\n3. B 7H A 7S\n"
    assert _codes(body) == W304


def test_in_the_ordinary_order_after_the_choice_nothing_changes() -> None:
    # B chooses the second card and A, drawing first, takes the first, as the stock lies
    body = "  ^elect B second-card\n" + A_WINS + "  draw A QH, B 7C\n3. A 7S B 7H\n"
    assert _codes(body) == W304


def test_without_an_election_the_draws_show_the_choice() -> None:
    for draws in ("  draw A 7C, B QH\n", "  draw A QH, B 7C\n"):
        assert _codes(A_WINS + draws + "3. A 7S B 7H\n") == W304


def test_draws_against_the_election_are_still_wrong_draws() -> None:
    # B elected the second card (7C), but A, drawing first, is written taking it: B has QH
    body = "  ^elect B second-card\n" + A_WINS + "  draw A 7C, B QH\n"  # line 13
    assert _codes(body) == [*W304, ("W306", "A", 13), ("W306", "B", 13)]


def test_draws_against_the_first_card_elected_by_the_offender_drawing_first() -> None:
    # A, the loser of trick 1, wins trick 2 and draws first. B elected the first card (QH), so
    # A takes the second (7C); written the other way round, both are wrong draws, and the
    # replay gives each his card by the election: A's 7C at trick 3 is in his hand. This had
    # been clean on the draw line (audit of 7 December 2026), the replay leaving A with QH.
    body = "  ^elect B first-card\n" + A_WINS + "  draw A QH, B 7C\n3. A 7C B 7H\n"  # line 13
    assert _codes(body) == [*W304, ("W306", "A", 13), ("W306", "B", 13)]


def test_a_card_neither_of_the_two_is_still_a_wrong_draw() -> None:
    body = A_WINS + "  draw A QS, B QH\n"  # line 12: QS is the third card
    assert [c for c, _, _ in _codes(body)] == ["W304", "W306", "W306"]


def test_the_choice_lasts_for_the_following_draw_only() -> None:
    # after the draw of trick 2 in stock order, trick 3's draw out of order is a wrong draw
    body = A_WINS + "  draw A QH, B 7C\n3. A 7S B 7H\n  draw A 8D, B QS\n"  # line 14
    assert _codes(body) == [*W304, ("W306", "A", 14), ("W306", "B", 14)]


def test_under_the_french_laws_the_pone_draws_first() -> None:
    # the French draw: A, the pone, draws first whoever won; B chooses the first card (QH)
    body = "  ^elect B first-card\n" + B_WINS + "  draw A 7C, B QH\n3. B 7H A 7S\n"
    assert _codes(body, "french") == W304


def test_the_winner_who_saw_two_shows_the_top_card() -> None:
    # B won trick 1 (9D over 7D) and, drawing KH, saw 9S, A's card, too: law 28, "If the winner
    # of a trick see two cards when drawing from the stock, he must show the top card to his
    # adversary". W308, not W304: A has no choice of the next draw, which goes as the stock lies.
    text = HEAD.replace("LAWS", "english").replace("^saw A QH", "^saw B 9S")
    found = replay(parse_record(text + A_WINS + "  draw A QH, B 7C\n"), steps=False)
    [finding] = found.all_findings()
    assert (finding.code, finding.seat, finding.location.line) == ("W308", "B", 10)
    assert finding.remedy is not None and finding.remedy.law_ref == "Portland law 28"
    assert "show the top card" in finding.remedy.summary


def test_the_french_laws_give_no_remedy_against_the_winner() -> None:
    # the Rubicon text's remedy is against "the loser of any trick" who looks at two cards
    text = HEAD.replace("LAWS", "french").replace("^saw A QH", "^saw B QH")
    text = text.replace("draw B KH, A 9S", "draw A KH, B 9S")
    found = replay(parse_record(text + A_WINS + "  draw A QH, B 7C\n"), steps=False)
    [finding] = found.all_findings()
    assert (finding.code, finding.seat) == ("W308", "B")
    assert finding.remedy is not None and "no remedy for the winner" in finding.remedy.law_ref
