"""A carte blanche in a record that does not name the hand binds the cards then held.

rubicon-bezique-laws.txt, Declarations: "Carte blanche, a hand without king, queen or knave,
counts 50 ... announced only before the first trick is played to"; rule decl.carte-blanche-court:
"A carte blanche shown with a king, queen or jack in the hand is A410." A record that names the
hand gets A410 at the carte blanche's line. A score sheet or a blind record (no `hand` line)
had put no limit on the unseen hand: the same carte blanche followed by a king played before
any card was drawn checked clean (audit 10, cases 38, 38b, 46, 50; found 7 December 2026).

The king, queen or jack played or declared from the cards held when carte blanche was shown
proves it false: A410, ruled as the carte blanche's fault (its 50). A court card that may be
one drawn since is no fault.

Remedies: under the English laws (Portland law 50) a false declaration not challenged before a
card of the next trick was played stands ("the score marked stands good"); under the French
laws "Scores erroneously marked must be taken down" (foster-1914-ordinary-bezique.txt, Scoring),
the carte blanche's 50, not the combination that showed the court card.
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import ReplayDetails, replay_with_details

HEAD = '[Variant "rubicon"]\n[Laws "LAWS"]\n\ndeal 1 dealer A\nA carte-blanche 50\n'  # line 5


def _details(body: str, laws: str = "english") -> ReplayDetails:
    text = HEAD.replace("LAWS", laws) + body
    return replay_with_details(parse_record(text), source="case.bzn", steps=False)


def _codes(body: str, laws: str = "english") -> list[tuple[str, str | None, int | None]]:
    found = _details(body, laws).replay.all_findings()
    return [(f.code, f.seat, f.location.line) for f in found]


KING_FIRST = "1. B 8C A KC\n"  # line 6: A plays a king before he has drawn a card


def test_a_king_played_before_any_draw_was_held_when_the_hand_was_shown() -> None:
    assert _codes(KING_FIRST) == [("A410", "A", 6)]
    found = _details(KING_FIRST).replay.all_findings()[0]
    assert "KC" in found.message and "carte blanche (line 5)" in found.message


def test_under_the_english_laws_the_fifty_stands_unchallenged() -> None:
    # Portland law 50: not challenged before a card of the next trick was played, it stands
    assert _details(KING_FIRST).deals[0].corrected.scores == {"A": 50, "B": 0}


def test_under_the_french_laws_the_fifty_is_taken_down() -> None:
    # "Scores erroneously marked must be taken down": A 50 - 50 = 0
    assert _details(KING_FIRST, "french").deals[0].corrected.scores == {"A": 0, "B": 0}


MARRIAGE_FIRST = (
    "1. B 8C A 9C\n"  # A wins trick 1
    "  A marriage KH QH 40\n"  # line 7: the first marriage, trumps, from cards dealt
    "  draw A ?, B ?\n"
)


def test_a_marriage_declared_before_any_draw_shows_the_carte_blanche_false() -> None:
    assert _codes(MARRIAGE_FIRST) == [("A410", "A", 7)]


def test_the_marriage_stands_and_the_carte_blanche_is_taken_down() -> None:
    # French laws: the carte blanche's 50 goes, the marriage's 40 stays and makes hearts
    # trumps: A 50 + 40 - 50 = 40
    details = _details(MARRIAGE_FIRST, "french")
    assert details.deals[0].corrected.scores == {"A": 40, "B": 0}
    assert details.replay.deals[0].trump == "H"


def test_a_king_after_a_draw_may_be_the_card_drawn() -> None:
    # one card drawn since the carte blanche: the KC may be it, so nothing is proved
    body = "1. B 8C A 9C\n  draw A ?, B ?\n2. A KC B 7C\n"
    assert _codes(body) == []


def test_two_court_cards_after_one_draw_prove_it_false() -> None:
    # one card drawn since: a marriage lays two court cards from the unseen hand, and at
    # most one of them is the card drawn
    body = (
        "1. B 8C A 9C\n"
        "  draw A ?, B ?\n"
        "2. A TD B 8D\n"  # A wins trick 2 (the ten above the eight)
        "  A marriage KS QS 40\n"  # line 9
    )
    assert _codes(body) == [("A410", "A", 9)]


def test_a_plain_card_named_as_drawn_leaves_no_room_for_the_king() -> None:
    # the draw names a seven: the king played next was held when the hand was shown
    body = "1. B 8C A 9C\n  draw A 7S, B ?\n2. A KC B 7C\n"  # line 8
    assert _codes(body) == [("A410", "A", 8)]


# Law 16: "a player who has declared carte blanche draw a card other than king, queen or
# knave, he is entitled to declare another carte blanche on showing the card drawn".
REPEATED = (
    "1. B 8C A 9C\n"
    "  draw A ?, B ?\n"
    "A carte-blanche SHOWN50\n"  # line 8: the repeat, showing the card drawn (or not naming it)
    "2. A KS B 7S\n"  # line 9
)


def test_a_repeat_showing_the_card_drawn_leaves_the_king_dealt() -> None:
    # The card drawn is the 7S shown, so the KS was dealt: both showings were false, as with
    # the hand named (A410 and the repeat's A409, 100 down). French laws: A 100 - 100 = 0.
    # (The replay had taken down the repeat's 50 alone: audit 10, case 50.)
    body = REPEATED.replace("SHOWN", "7S ")
    assert _codes(body) == [("A410", "A", 9)]
    found = _details(body).replay.all_findings()[0]
    assert "(lines 5, 8): none was a carte blanche" in found.message
    assert _details(body, "french").deals[0].corrected.scores == {"A": 0, "B": 0}
    assert _details(body).deals[0].corrected.scores == {"A": 100, "B": 0}  # law 50


def test_a_repeat_not_naming_the_card_drawn_is_the_one_proved_false() -> None:
    # The card drawn is not named: the KS may be it, which the repeat claimed plain. The
    # first showing may have been true; the repeat was not. French laws: A 100 - 50 = 50.
    body = REPEATED.replace("SHOWN", "")
    assert _codes(body) == [("A410", "A", 9)]
    found = _details(body).replay.all_findings()[0]
    assert "(line 8): it was no carte blanche" in found.message
    assert _details(body, "french").deals[0].corrected.scores == {"A": 50, "B": 0}
