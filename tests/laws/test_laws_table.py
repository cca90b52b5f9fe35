"""Every finding code under the English and the French laws, worked by hand from the texts.

Each row: the code of laws, the code, the facts of the case, and what the remedy must do (void
the deal, the score changes, the elections offered, a phrase of the law cited). A comment names
the passage each row follows. A code missing from this table fails
``test_every_code_is_worked_under_both_laws``.
"""

from __future__ import annotations

from typing import Any

import pytest

from validator.catalogue import catalogue
from validator.laws import RemedyContext, load_laws

A_B: dict[str, Any] = {"offender": "A", "adversary": "B", "dealer": "B", "pone": "A"}
B_A: dict[str, Any] = {"offender": "B", "adversary": "A"}  # B is the dealer at fault
BEFORE: dict[str, Any] = {"dealer_played": False}
IN_TIME: dict[str, Any] = {"challenge": "in-time", "claimed": 20}
LATE: dict[str, Any] = {"challenge": "late", "claimed": 20}
TAKE_DOWN = ("take-down", "add-to-own")
ORDINARY: dict[str, Any] = {"game": "ordinary", "variant": "two-pack"}

# (laws, code, facts, void, score changes, elections, phrase of law_ref)
ROWS: list[tuple[str, str, dict[str, Any], bool, dict[str, int], tuple[str, ...], str]] = [
    # ---- English: Portland Club code (hoffmann-1909-portland-club-laws.txt) and Foster's rules
    ("english", "D101", BEFORE, False, {}, (), "laws 7 and 9"),  # law 7: cut again
    ("english", "D102", BEFORE, False, {}, (), "laws 4 and 9"),  # law 4: five in each packet
    ("english", "D103", B_A | BEFORE, False, {}, ("void-deal", "deal-stands"), "law 13"),
    ("english", "D104", BEFORE, False, {}, (), "law 13"),  # own card: the deal stands good
    ("english", "D105", BEFORE, True, {}, (), "law 12"),  # more than nine: a fresh deal
    ("english", "D106", BEFORE, False, {}, ("complete-from-stock", "void-deal"), "law 12"),
    ("english", "D107", BEFORE, True, {}, (), "law 14"),  # faced card in the pack
    ("english", "D108", {}, False, {}, (), "law 22"),  # turned face down, play goes on
    ("english", "D109", {}, True, {}, (), "laws 62 and 63"),  # the deal is void
    ("english", "D110", BEFORE, True, {}, (), "law 6"),  # rule irreg.wrong-dealer
    ("english", "P201", {}, False, {}, (), "law 24"),  # played to: the trick stands
    # law 17: A rubiconed and the game abandoned; the settlement reckons the points (no points
    # in the remedy itself).
    ("english", "P202", {"scores": {"A": 200}}, False, {}, (), "law 17"),
    ("english", "P203", {"last_trick_winner": "A"}, False, {"A": -50, "B": 50}, (), "law 19"),
    ("english", "P204", {}, True, {}, (), "law 18"),  # null and void
    ("english", "P205", {"trick": 60}, False, {}, (), "law 55"),
    ("english", "P206", {"trick": 60}, False, {}, (), "law 55"),
    ("english", "P207", {"trick": 58}, False, {}, (), "law 55"),
    # the ordinary game: "may be compelled to take back his cards ... and to replay the hand"
    # (foster-1914-ordinary-bezique.txt, Irregularities in Play): the adversary's election
    ("english", "P205", ORDINARY | {"trick": 26}, False, {}, ("replay", "deal-stands"), "Play"),
    ("english", "P207", ORDINARY | {"trick": 26}, False, {}, ("replay", "deal-stands"), "Play"),
    ("english", "P208", {"pack_redundant": True}, True, {}, (), "law 62"),
    ("english", "P209", {}, False, {}, (), "record is at fault"),
    # law 21: A rubiconed (reckoned by the settlement); neither scores the last trick.
    ("english", "P210", {"last_trick_winner": "A"}, False, {"A": -50}, (), "law 21"),
    ("english", "P211", {"last_trick_winner": "B"}, False, {}, (), "law 20"),
    # law 25: the brisques left on the table count for the adversary who gathers them.
    ("english", "P212", {"correct": 2}, False, {}, (), "law 25"),
    ("english", "W301", {}, False, {}, (), "law 19"),  # one card short
    ("english", "W302", {"seen": True}, False, {}, (), "law 28"),  # show the top card
    ("english", "W303", {}, False, {}, (), "law 29"),  # restore, show the next card
    ("english", "W304", {}, False, {}, ("first-card", "second-card"), "laws 30 and 31"),
    ("english", "W305", {}, False, {}, (), "law 32"),  # last card of an odd stock not drawn
    ("english", "W308", {}, False, {}, (), "law 28"),  # the winner shows the top card
    # law 26: "The stock may be counted, face downwards, at any time during the play."
    ("english", "W307", {}, False, {}, (), "law 26"),
    # law 29: "he must restore the card drawn in error", as the replay gives the stock's next
    ("english", "W306", {"stock_named": True}, False, {}, (), "law 29"),
    ("english", "A401", IN_TIME, False, {"A": -20}, (), "law 50"),
    ("english", "A402", IN_TIME, False, {"A": -20}, (), "laws 42 and 50"),
    ("english", "A403", LATE, False, {}, (), "law 50"),  # stands good
    ("english", "A404", IN_TIME, False, {"A": -20}, (), "laws 43 and 50"),
    ("english", "A405", IN_TIME, False, {"A": -20}, (), "laws 50 and 52"),
    ("english", "A406", IN_TIME, False, {"A": -20}, (), "decl.reform"),
    ("english", "A407", IN_TIME, False, {"A": -20}, (), "laws 37, 38 and 50"),
    ("english", "A408", IN_TIME, False, {"A": -20}, (), "laws 46 and 50"),
    ("english", "A409", IN_TIME, False, {"A": -20}, (), "laws 15, 16 and 50"),
    ("english", "A410", IN_TIME, False, {"A": -20}, (), "laws 15 and 50"),
    ("english", "A411", {"claimed": 40, "correct": 20}, False, {"A": -20}, (), "law 51"),
    ("english", "A412", LATE, False, {}, (), "law 50"),
    ("english", "A413", IN_TIME, False, {"A": -20}, (), "law 50"),
    ("english", "A414", {"claimed": 80}, False, {}, (), "Irregular Announcements"),  # stands
    # laws 47-48: the lower combination shown at once with a higher one is lost
    ("english", "A415", IN_TIME, False, {"A": -20}, (), "laws 47, 48 and 50"),
    # laws 44-46: an announcement to score that cannot be carried scored nothing; nothing comes
    # down, challenged or not
    ("english", "A416", IN_TIME, False, {}, (), "laws 44-46"),
    # law 17 ends the game at too many cards, so the 20 announced after it is taken down
    ("english", "A417", IN_TIME, False, {"A": -20}, (), "law 17"),
    ("english", "S501", {}, False, {}, (), "law 51"),  # corrected at any time
    ("english", "S502", {}, False, {}, (), "laws 51, 56 and 60"),
    ("english", "S503", {}, False, {}, (), "laws 51 and 57 to 61"),
    ("english", "S504", {}, False, {}, (), "law 51"),
    ("english", "S505", {}, False, {}, (), "laws 51, 53 and 54"),
    ("english", "S506", {}, False, {}, (), "Chouette"),
    ("english", "S507", {}, False, {}, (), "rule book's settlement"),
    ("english", "R001", {}, False, {}, (), "not an irregularity"),
    ("english", "R002", {}, False, {}, (), "not an irregularity"),
    ("english", "R003", {}, False, {}, (), "not an irregularity"),
    # ---- French: foster-1914-ordinary-bezique.txt and the French remarks of the Rubicon text
    ("french", "D101", BEFORE, False, {}, (), "Players"),  # must cut again
    ("french", "D102", BEFORE, False, {}, (), "Dealing"),  # five in each packet
    ("french", "D103", B_A | BEFORE, False, {}, ("void-deal", "deal-stands"), "Misdealing"),
    ("french", "D104", BEFORE, False, {}, (), "Misdealing"),  # the deal stands good
    ("french", "D105", BEFORE, True, {}, (), "Misdealing"),  # there must be a new deal
    ("french", "D106", BEFORE, False, {}, ("void-deal", "complete-from-stock"), "Misdealing"),
    ("french", "D107", BEFORE, True, {}, (), "Misdealing"),  # any card faced: a new deal
    ("french", "D108", {}, False, {}, (), "Misdealing"),  # turned face down
    ("french", "D109", {}, True, {}, (), "Misdealing"),  # imperfect pack: deal void
    ("french", "D110", {}, False, {}, (), "status quo"),  # after play: the deal stands
    ("french", "P201", {"challenge": "in-time"}, False, {}, (), "Irregularities in Play"),
    ("french", "P202", {}, False, {}, ("void-deal", "play-without-drawing"), "in Play"),
    ("french", "P203", {}, False, {}, ("void-deal", "draw-to-make-good"), "in Play"),
    ("french", "P204", {}, False, {}, (), "status quo"),  # each plays without drawing
    # "counting nothing from that point on, either for brisques or for the last trick"
    ("french", "P205", {"trick": 60, "last_trick_winner": "A"}, False, {"A": -50}, (), "Nine"),
    ("french", "P206", {"trick": 60, "last_trick_winner": "B"}, False, {}, (), "Nine"),
    ("french", "P207", {"trick": 58, "last_trick_winner": "A"}, False, {"A": -50}, (), "Nine"),
    ("french", "P208", {"pack_redundant": True}, True, {}, (), "Misdealing"),
    ("french", "P209", {}, False, {}, (), "record is at fault"),
    ("french", "P210", {}, False, {}, (), "status quo"),
    ("french", "P211", {}, False, {}, (), "status quo"),
    ("french", "P212", {"correct": 2}, False, {}, (), "Method of Playing"),
    ("french", "W301", {}, False, {}, ("void-deal", "two-cards-next"), "in Drawing"),
    ("french", "W302", {"seen": False}, False, {}, (), "in Drawing"),  # put it back
    ("french", "W303", {"both": True}, False, {}, (), "in Drawing"),  # no remedy
    ("french", "W304", {}, False, {}, ("first-card", "second-card"), "in Drawing"),
    ("french", "W305", {}, False, {}, (), "in Drawing"),  # last card not drawn
    # the Rubicon text's remedy is against "the loser of any trick": none against the winner
    ("french", "W308", {}, False, {}, (), "no remedy for the winner"),
    # "The English laws allow a player to count the stock, the French do not": no penalty.
    ("french", "W307", {}, False, {}, (), "Double Declarations"),
    ("french", "W306", {"stock_named": True}, False, {}, (), "status quo"),
    ("french", "A401", LATE, False, {"A": -20}, (), "Irregular Announcements"),
    ("french", "A402", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A403", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A404", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A405", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A406", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A407", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A408", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A409", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    # "the adversary may add the points to his own score": B elects it, +20.
    (
        "french",
        "A410",
        LATE | {"election": "add-to-own"},
        False,
        {"A": -20, "B": 20},
        TAKE_DOWN,
        "Scoring",
    ),
    ("french", "A411", {"claimed": 40, "correct": 20}, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A412", LATE, False, {"A": -20}, (), "Irregular Announcements"),
    ("french", "A413", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A414", {"claimed": 80}, False, {}, (), "Irregular Announcements"),
    ("french", "A415", LATE, False, {"A": -20}, TAKE_DOWN, "Scoring"),
    ("french", "A416", LATE, False, {}, (), "Double Declarations"),
    # Irregularities in Play: "not being allowed to make any announcements until he has his right
    # number of cards": the 20 is taken down
    ("french", "A417", LATE, False, {"A": -20}, (), "Irregularities in Play"),
    ("french", "S501", {}, False, {}, (), "Scoring"),
    ("french", "S502", {}, False, {}, (), "Scoring"),
    ("french", "S503", {}, False, {}, (), "Scoring and Rubicons"),
    ("french", "S504", {}, False, {}, (), "Scoring"),
    ("french", "S505", {}, False, {}, (), "Last Nine Tricks"),
    # each game is ruled from its own texts (audit of 7 December 2026: a two-pack ruling had
    # cited Rubicon's sections): the ordinary game from Foster's chapter alone
    # Scoring: "Scores erroneously marked must be taken down, and the adversary may add the
    # points to his own score" (audit 20, case 27: a last trick marked by its loser)
    (
        "french",
        "S505",
        ORDINARY,
        False,
        {},
        TAKE_DOWN,
        "foster-1914-ordinary-bezique.txt, The Last Eight",
    ),
    ("french", "S503", ORDINARY, False, {}, (), "foster-1914-ordinary-bezique.txt, Scoring"),
    ("french", "P205", ORDINARY | {"trick": 26}, False, {}, (), "ordinary-bezique.txt, Irreg"),
    ("french", "A401", ORDINARY | LATE, False, {"A": -20}, (), "ordinary-bezique.txt, Irreg"),
    (
        "french",
        "W301",
        ORDINARY,
        False,
        {},
        ("void-deal", "two-cards-next"),
        "foster-1914-ordinary-bezique.txt, Irregularities in Drawing",
    ),
    # rubicon-bezique-laws.txt, Irregularities in Drawing (not split English and French): "he
    # must show the second one to his adversary if he has seen it himself. If it was his
    # adversary's card, he must show his own card also."
    ("french", "W302", {"seen": True}, False, {}, (), "rubicon-bezique-laws.txt"),
    ("french", "S506", {}, False, {}, (), "Chouette"),
    ("french", "S507", {}, False, {}, (), "Scoring and Rubicons"),
    ("french", "R001", {}, False, {}, (), "not an irregularity"),
    ("french", "R002", {}, False, {}, (), "not an irregularity"),
    ("french", "R003", {}, False, {}, (), "not an irregularity"),
]


@pytest.mark.parametrize(
    ("laws_name", "code", "facts", "void", "changes", "elections", "law"),
    ROWS,
    ids=[f"{row[0]}-{row[1]}" for row in ROWS],
)
def test_remedy(
    laws_name: str,
    code: str,
    facts: dict[str, Any],
    void: bool,
    changes: dict[str, int],
    elections: tuple[str, ...],
    law: str,
) -> None:
    ctx = RemedyContext(**(A_B | facts))
    remedy = load_laws(laws_name).remedy(code, ctx)
    assert remedy is not None
    assert remedy.laws == laws_name
    assert remedy.void_deal is void
    assert remedy.score_changes == changes
    assert remedy.elections == elections
    assert law in remedy.law_ref


def test_every_code_is_worked_under_both_laws() -> None:
    worked = {(row[0], row[1]) for row in ROWS}
    missing = [
        f"{laws} {code}"
        for code in catalogue().codes()
        for laws in ("english", "french")
        if (laws, code) not in worked
    ]
    assert missing == []
