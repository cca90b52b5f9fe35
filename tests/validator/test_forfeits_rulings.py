"""The forfeits code (enquire-within-1894-forfeits.txt) on the two-pack game: cases worked by
hand from the text, found wrong by an audit of 7 December 2026 (/work/audit3, cases 03 and 08).
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import ReplayDetails, replay_with_details
from validator.replay.wording import effect_words

HEAD = '[Variant "two-pack"]\n[Laws "forfeits"]\n\n'


def _details(body: str) -> ReplayDetails:
    return replay_with_details(parse_record(HEAD + body), source="case.bzn", steps=False)


def _codes(details: ReplayDetails) -> list[tuple[str, str | None, int | None]]:
    return [(f.code, f.seat, f.location.line) for f in details.replay.all_findings()]


# Hearts are trumps. B wins trick 1 and shows the seven of trumps, then plays it to trick 3.
SEVEN = (
    "deal 1 dealer A\n"
    "hand B 7H 8S 9S 7C 8C 9C 7D 8D\n"
    "turnup 9H\n"
    "1. B 8S A 7S\n"
    "  B seven 7H 10\n"
    "  draw B ?, A ?\n"
    "2. B 9S A 8H\n"  # A's trump wins
    "  draw A ?, B ?\n"
    "3. A 9D B 7H\n"
)


def test_a_seven_shown_and_then_played_scores_once() -> None:
    # 123 iv: "Whenever the seven of trumps is played, except in the last eight tricks, the
    # player scores ten for it"; bezique-guide.txt: "Either seven of trumps scores its 10 once,
    # exchanged or simply shown". B's one seven: 10 in all, where the replay had 20.
    details = _details(SEVEN)
    assert _codes(details) == []
    assert details.deals[0].corrected.points == {"A": 0, "B": 10}


def test_a_seven_played_unshown_scores_when_played() -> None:
    # the same deal without the show: the play scores the 10 (123 iv)
    details = _details(SEVEN.replace("  B seven 7H 10\n", ""))
    assert _codes(details) == []
    assert details.deals[0].corrected.points == {"A": 0, "B": 10}


def test_too_many_cards_played_without_drawing_is_no_second_forfeit() -> None:
    # B is dealt nine; found after trick 1 holding nine (played one, drew one): A, holding
    # eight, "adds 100 to his score" (122; 126 iv), and B "plays without drawing until his
    # hand is right" (the code's remedy): after trick 2 he holds eight and does not draw; after
    # trick 3 seven, and he draws. The draw he left out had been W301, a forfeit of 10 more.
    body = (
        "deal 1 dealer B\n"
        "hand A 7C 8C 9C 8S 9S 8D 9D 7D\n"
        "hand B KS QS KH KC 9D 8D 7S 8H JC\n"
        "turnup 9H\n"
        "1. A 9S B 7S\n"
        "  draw A ?, B ?\n"
        "  ^too-many B\n"  # line 10
        "  ^elect A add-to-own\n"
        "2. A 8S B 8D\n"
        "  draw A ?\n"
        "3. A 7C B 9D\n"
        "  draw A ?, B ?\n"
    )
    details = _details(body)
    assert _codes(details) == [("P202", "B", 10)]
    assert details.deals[0].corrected.points == {"A": 100, "B": 0}


# B, dealing deal 1, exposes A's jack of diamonds: a new deal (D103, before play).
MISDEAL = (
    "deal 1 dealer B\n"
    "hand A 7D 8H 9H JD JS QS KS TS\n"
    "turnup 9H\n"
    "^exposed A JD\n"  # line 7
)


def _second_deal(dealer: str, laws: str = "forfeits") -> list[tuple[str, str | None, int | None]]:
    pone = "B" if dealer == "A" else "A"
    body = MISDEAL + (
        ("^elect A void-deal\n" if laws != "forfeits" else "")
        + f"\ndeal 2 dealer {dealer}\nturnup 9S\n1. {pone} 7C {dealer} 8C\n"
        + f"  draw {dealer} ?, {pone} ?\n"
    )
    text = (HEAD + body).replace('[Laws "forfeits"]', f'[Laws "{laws}"]')
    found = replay_with_details(parse_record(text), source="case.bzn", steps=False)
    return _codes(found)


def test_under_the_forfeits_the_new_deal_passes_to_the_other_player() -> None:
    # 122: "An incorrect deal or an exposed card necessitates a new deal, which passes to the
    # other player": A deals deal 2; B dealing again is the wrong dealer (D110, deal 2 line 9)
    assert _second_deal("A") == [("D103", "B", 7)]
    assert _second_deal("B") == [("D103", "B", 7), ("D110", "B", 9)]


def test_under_the_english_laws_a_misdeal_does_not_lose_the_deal() -> None:
    # foster-1914-ordinary-bezique.txt, Misdealing: "A misdeal does not lose the deal": B deals
    # again; A dealing deal 2 is the wrong dealer. Either had been accepted.
    assert _second_deal("B", "english") == [("D103", "B", 7)]
    assert _second_deal("A", "english") == [("D103", "B", 7), ("D110", "A", 10)]


AMENDED = (
    "deal 1 dealer B\n"
    "hand A KS KH KD KC JC 7S 8S 9S\n"
    "turnup 9H\n"
    "1. A 7S B 7C\n"
    "  A kings KS KH KD JC 80\n"  # line 8
    "  ^amend A KC\n"
    "  draw A ?, B ?\n"
)


def test_the_forfeits_give_no_amendment_of_a_wrong_card() -> None:
    # 123 ii: "If, in making a declaration, a player put down a wrong card ... he is not allowed
    # to score until he has taken another trick": A's 80 comes down though he lays KC before
    # drawing (the English laws' amendment, A414, had let it stand): A 0.
    details = _details(AMENDED)
    assert _codes(details) == [("A412", "A", 8)]
    assert details.deals[0].corrected.points == {"A": 0, "B": 0}


def test_the_english_laws_let_the_right_card_amend_it() -> None:
    # rubicon-bezique-laws.txt, Irregular Announcements: "he is permitted to amend his error,
    # provided he has not drawn a card from the stock in the meantime": the 80 stands
    text = (HEAD + AMENDED).replace('[Laws "forfeits"]', '[Laws "english"]')
    details = replay_with_details(parse_record(text), source="case.bzn", steps=False)
    assert _codes(details) == [("A414", "A", 9)]
    assert details.deals[0].corrected.points == {"A": 80, "B": 0}


def test_three_handed_the_forfeit_goes_to_the_player_who_found_the_fault() -> None:
    # 122: "A player discovering his opponent holding more than eight cards, while he only holds
    # eight, adds 100 to his score"; 128 i: "The above rules hold good in the case of
    # three-handed games". B, dealt nine, is found by A (A's election): A 100. The forfeit had
    # gone to C, the seat after B, and A's election was refused as not his to make.
    body = (
        "deal 1 dealer C\n"
        "hand B KS QS KH KC 9D 8D 7S 8H JC\n"
        "turnup 9H\n"
        "1. A 9S B 7S C 8S\n"
        "  draw A ?, B ?, C ?\n"
        "  ^too-many B\n"  # line 9
        "  ^elect A add-to-own\n"
    )
    text = (HEAD + body).replace('[Variant "two-pack"]', '[Variant "three-handed"]')
    details = replay_with_details(parse_record(text), source="case.bzn", steps=False)
    assert _codes(details) == [("P202", "B", 9)]
    assert details.deals[0].corrected.points == {"A": 100, "B": 0, "C": 0}


# A lead out of turn taken back before it is played to (docs/notation.md, Marks:
# ``^lead-out-of-turn B 9S``). Dealer A: B, the non-dealer, won trick 1 and leads; A led 9S.
TAKEN_BACK = (
    "deal 1 dealer A\n"
    "hand A 7S 8S 9S 7C 8C 9C 7D 8D\n"
    "turnup 9H\n"
    "1. B 8H A 7S\n"
    "  draw B ?, A ?\n"
    "^lead-out-of-turn A 9S\n"  # line 9
    "^elect B deduct-from-offender\n"
    "2. B 7D A 8D\n"
)


def test_a_lead_out_of_turn_taken_back_still_pays_the_forfeit() -> None:
    # 126 ii: "For playing out of turn, 10"; 123 xii: "In counting forfeits a player may either
    # add the points to his own score or deduct them from the score of his opponent". The card
    # taken back is no reason to remit the forfeit (the English laws take it up without
    # penalty, Portland law 24). B deducts: 10 is deducted from A's score, which A never
    # marked (the wording had been "A's 10 is taken down": audit 11, cases 17 and 19).
    details = _details(TAKEN_BACK)
    assert _codes(details) == [("P201", "A", 9)]
    remedy = details.replay.all_findings()[0].remedy
    assert remedy is not None and remedy.elected == "deduct-from-offender"
    assert [(c.kind, c.seat, c.amount) for c in remedy.corrections] == [("forfeit", "A", -10)]
    assert effect_words(remedy.corrections) == "10 is deducted from A's score"
    assert details.deals[0].corrected.scores == {"A": -10, "B": 0}


def test_a_lead_in_turn_cannot_be_taken_back() -> None:
    details = _details(TAKEN_BACK.replace("^lead-out-of-turn A 9S", "^lead-out-of-turn B 9S"))
    assert [code for code, _, _ in _codes(details)][:1] == ["R001"]
    assert "B was to lead: his lead was in turn" in details.replay.all_findings()[0].message
