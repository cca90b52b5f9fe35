"""Remedies worked by hand from the rule texts, each test citing the passage it follows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from validator.engine import load_ruleset
from validator.engine.settlement import CorrectedDeal, Correction, SettlementRules, correct_deal
from validator.laws import RemedyContext, load_laws
from validator.replay import Remedy

ENGLISH = load_laws("english")
FRENCH = load_laws("french")
FORFEITS = load_laws("forfeits")


def _rules(variant: str) -> SettlementRules:
    parsed = load_ruleset(variant).settlement_rules
    assert isinstance(parsed, SettlementRules)
    return parsed


RUBICON = _rules("rubicon")
TWO_PACK = _rules("two-pack")


def apply(
    points: Mapping[str, int],
    brisques: Mapping[str, int],
    remedies: Iterable[Remedy | None],
    rules: SettlementRules = RUBICON,
    *,
    complete: bool = False,
) -> CorrectedDeal:
    """The corrections of ``remedies`` applied by the settlement, as the replay applies them."""
    corrections = [c for r in remedies if r is not None for c in r.corrections]
    return correct_deal(points, brisques, corrections, rules, complete=complete)


def ctx(**facts: object) -> RemedyContext:
    """A case with A (the pone) at fault against B (the dealer), as most tests need."""
    base: dict[str, object] = {"offender": "A", "adversary": "B", "dealer": "B", "pone": "A"}
    base.update(facts)
    return RemedyContext(**base)  # type: ignore[arg-type]


# ---------------------------------------------------------------- too many / too few cards


def test_english_too_many_cards_adds_1300_and_offenders_points() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Play: "the adversary ... is to add 1300 points
    # to his score at the time ..., together with all the points already scored by the player in
    # error"; Portland law 17. A has 470 at the time, B 640. The laws say who and why; the
    # settlement reckons it.
    remedy = ENGLISH.remedy("P202", ctx(scores={"A": 470, "B": 640}, trick=12))
    assert remedy is not None
    assert remedy.corrections == (
        Correction("abandon", None, 0, remedy.law_ref, 12, {"A": 470, "B": 640}),
        Correction("rubicon", "A", 0, remedy.law_ref),
    )
    assert remedy.score_changes == {}
    assert remedy.abandon_game is True and remedy.rubiconed == "A"
    assert remedy.void_deal is False
    assert "Portland law 17" in remedy.law_ref
    # Laws 17 and 58: each score to the hundred below: 600 + 400 + 1300 = 2300 for B. Whatever
    # was marked after the fault (the record goes on to A 900, B 1400) no longer counts.
    result = apply({"A": 900, "B": 1400}, {"A": 0, "B": 0}, [remedy])
    assert result.abandoned is True and result.rubiconed == "A"
    assert result.points == {"A": 470, "B": 640}
    assert result.settlement is not None
    assert (result.settlement.winner, result.settlement.value) == ("B", 2300)


def test_english_too_many_cards_caps_the_offenders_points_at_900() -> None:
    # Portland law 17: "the amount to be added to his adversary's score is not to exceed nine
    # hundred, exclusive of the thirteen hundred". A has 1250: only 900 of it goes to B, who has
    # 300: 300 + 900 + 1300 = 2500.
    remedy = ENGLISH.remedy("P202", ctx(scores={"A": 1250, "B": 300}))
    result = apply({"A": 1250, "B": 300}, {"A": 0, "B": 0}, [remedy])
    assert result.settlement is not None and result.settlement.value == 2500


def test_english_too_many_cards_with_offender_under_100_adds_the_bonus() -> None:
    # Portland law 59: a rubiconed player under 100 gives the winner 100 more; law 17 says the
    # offender "is rubiconed". A has 60, B 500: 500 + 0 + 1300 + 100 = 1900.
    remedy = ENGLISH.remedy("P202", ctx(scores={"A": 60, "B": 500}))
    result = apply({"A": 60, "B": 500}, {"A": 0, "B": 0}, [remedy])
    assert result.settlement is not None and result.settlement.value == 1900


def test_one_offence_one_penalty() -> None:
    # foster-1914-general-laws.txt, Double Penalties: "No person can be subjected to two
    # penalties for one offence." The hand dealt too large (D105, found after play, as P202) and
    # the same fault marked at the table: A rubiconed once, B with 640 wins 600 + 400 + 1300.
    scores = {"A": 470, "B": 640}
    dealt = ENGLISH.remedy("D105", ctx(scores=scores, dealer_played=True))
    marked = ENGLISH.remedy("P202", ctx(scores=scores))
    result = apply(scores, {"A": 0, "B": 0}, [dealt, marked])
    assert result.settlement is not None and result.settlement.value == 2300
    assert any("one offence, one penalty" in line for line in result.working)


def test_french_too_many_cards_gives_the_adversary_an_election() -> None:
    # foster-1914-ordinary-bezique.txt, Irregularities in Play: "his adversary may either claim a
    # fresh deal or may compel him to play without drawing".
    open_case = FRENCH.remedy("P202", ctx())
    assert open_case is not None
    assert open_case.elections == ("void-deal", "play-without-drawing")
    assert open_case.elected is None
    assert open_case.void_deal is False
    assert "if B elects void-deal" in open_case.summary
    elected = FRENCH.remedy("P202", ctx(election="void-deal"))
    assert elected is not None and elected.void_deal is True and elected.elected == "void-deal"
    options = FRENCH.options("P202", ctx())
    assert [o.elected for o in options] == ["void-deal", "play-without-drawing"]
    assert [o.void_deal for o in options] == [True, False]


def test_forfeits_too_many_cards_is_100_to_the_adversary() -> None:
    # enquire-within-1894-forfeits.txt, 122: "A player discovering his opponent holding more than
    # eight cards, while he only holds eight, adds 100 to his score"; 123 xii: or deducts it.
    added = FORFEITS.remedy("P202", ctx(election="add-to-own"))
    deducted = FORFEITS.remedy("P202", ctx(election="deduct-from-offender"))
    assert added is not None and added.score_changes == {"B": 100}
    assert deducted is not None and deducted.score_changes == {"A": -100}


def test_english_too_few_cards_gives_the_adversary_the_last_trick() -> None:
    # Portland law 19: "He is liable to no penalty; his adversary wins the last trick." A, short,
    # took the last trick (50 in Rubicon): it goes to B.
    remedy = ENGLISH.remedy("P203", ctx(last_trick_winner="A", last_trick_value=50))
    assert remedy is not None
    assert remedy.score_changes == {"A": -50, "B": 50}
    assert [c.kind for c in remedy.corrections] == ["last-trick", "last-trick"]
    assert remedy.to_dict()["uncounted"] == ["A's last trick (50)"]
    unchanged = ENGLISH.remedy("P203", ctx(last_trick_winner="B"))
    assert unchanged is not None and unchanged.score_changes == {}


def test_both_too_many_english_void_french_play_without_drawing() -> None:
    # Portland law 18: "If both players play with more than nine cards, the game is null and
    # void." French: no text; the status quo is restored (rule laws.french-shared-faults).
    english = ENGLISH.remedy("P204", ctx())
    french = FRENCH.remedy("P204", ctx())
    assert english is not None and english.void_deal is True
    assert french is not None and french.void_deal is False and french.score_changes == {}
    # enquire-within-1894-forfeits.txt, 122: "no penalty, but each must play without drawing".
    forfeit = FORFEITS.remedy("P204", ctx())
    assert forfeit is not None and forfeit.void_deal is False and forfeit.score_changes == {}


def test_english_one_too_many_other_too_few_rubicons_on_the_final_scores() -> None:
    # Portland law 21: the deal stands, the player with too many is rubiconed as in law 17 and
    # neither scores the last trick. Final: A (too many) 1200, B 900 with the last trick's 50.
    # B loses the 50 (850) and adds A's 1200 capped at 900: 800 + 900 + 1300 = 3000.
    remedy = ENGLISH.remedy("P210", ctx(scores={"A": 300, "B": 200}, last_trick_winner="B"))
    assert remedy is not None
    assert remedy.score_changes == {"B": -50}
    assert remedy.rubiconed == "A" and remedy.abandon_game is False
    result = apply({"A": 1200, "B": 900}, {"A": 0, "B": 0}, [remedy])
    assert result.settlement is not None
    assert (result.settlement.winner, result.settlement.value) == ("B", 3000)


def test_both_too_few_english_the_winner_of_the_last_trick_scores_it() -> None:
    # Portland law 20: "the deal stands good, and the winner of the last trick scores it."
    remedy = ENGLISH.remedy("P211", ctx(last_trick_winner="A"))
    assert remedy is not None and remedy.score_changes == {} and remedy.void_deal is False


# ---------------------------------------------------------------- the deal


def test_too_many_dealt_before_and_after_the_dealers_first_play() -> None:
    # Portland law 12: found "before the dealer has played to the first trick ... there must be
    # a fresh deal"; found later it is play with too many cards (law 17): A with 100, B 0:
    # 0 + 100 + 1300 = 1400 for B.
    before = ENGLISH.remedy("D105", ctx(dealer_played=False))
    after = ENGLISH.remedy("D105", ctx(dealer_played=True, scores={"A": 100, "B": 0}))
    assert before is not None and before.void_deal is True
    assert after is not None and after.abandon_game is True
    assert "Portland law 17" in after.law_ref
    result = apply({"A": 100, "B": 0}, {"A": 0, "B": 0}, [after])
    assert result.settlement is not None and result.settlement.value == 1400


def test_two_pack_game_has_no_rubicon_for_too_many_cards() -> None:
    # Issue point 4. foster-1914-ordinary-bezique.txt, Misdealing: "If too many cards are given
    # to either player, there must be a new deal"; Irregularities in Play: "If a player has too
    # many cards after playing to the first trick, his adversary may either claim a fresh deal
    # or may compel him to play without drawing". The English laws send the ordinary game
    # (two-pack, three-handed, the six-pack game) to these texts, not to Portland law 17.
    for game in ("ordinary",):
        found = ENGLISH.remedy("P202", ctx(game=game, scores={"A": 100, "B": 0}))
        assert found is not None
        assert found.rubiconed is None and found.abandon_game is False
        assert found.elections == ("void-deal", "play-without-drawing")
        assert "foster-1914-ordinary-bezique.txt" in found.law_ref
        dealt = ENGLISH.remedy("D105", ctx(game=game, dealer_played=False))
        assert dealt is not None and dealt.void_deal is True
        assert "Misdealing" in dealt.law_ref and "Portland" not in dealt.law_ref


def test_dealer_exposing_the_pones_card_gives_the_pone_a_fresh_deal() -> None:
    # Portland law 13: "the non-dealer has the option of a fresh deal". B deals, exposes A's card.
    case = ctx(offender="B", adversary="A", dealer_played=False)
    remedy = ENGLISH.remedy("D103", case)
    assert remedy is not None and remedy.elections == ("void-deal", "deal-stands")
    assert "A (the non-dealer) has the option" in remedy.summary
    # enquire-within-1894-forfeits.txt, 122: "an exposed card necessitates a new deal".
    forfeit = FORFEITS.remedy("D103", case)
    assert forfeit is not None and forfeit.void_deal is True


def test_own_card_exposed_leaves_the_deal_standing() -> None:
    # Portland law 13: "If the dealer expose any of his own cards, the deal stands good."
    remedy = ENGLISH.remedy("D104", ctx(dealer_played=False))
    assert remedy is not None and remedy.void_deal is False


def test_imperfect_pack_voids_the_deal_and_scores_nothing() -> None:
    # Portland law 62: "the deal in which the discovery is made is void".
    remedy = ENGLISH.remedy("D109", ctx())
    assert remedy is not None and remedy.void_deal is True
    result = apply({"A": 740, "B": 300}, {"A": 5, "B": 9}, [remedy])
    assert result.void is True
    assert result.scores == {"A": 0, "B": 0}


# ---------------------------------------------------------------- play


def test_lead_out_of_turn_played_to_stands_called_is_taken_back() -> None:
    # Portland law 24: "A card led out of turn must be taken up, unless it has been played to."
    stands = ENGLISH.remedy("P201", ctx(challenge="none"))
    taken_back = ENGLISH.remedy("P201", ctx(challenge="in-time"))
    assert stands is not None and "the trick stands" in stands.summary
    assert taken_back is not None and "taken up" in taken_back.summary
    assert stands.score_changes == {} and taken_back.score_changes == {}
    # enquire-within-1894-forfeits.txt, 126 ii: "For playing out of turn, 10".
    forfeit = FORFEITS.remedy("P201", ctx(election="add-to-own"))
    assert forfeit is not None and forfeit.score_changes == {"B": 10}


def test_strict_play_english_replays_from_the_fault() -> None:
    # Portland law 55: "the card erroneously played, and all cards subsequently played, must be
    # taken up and replayed."
    remedy = ENGLISH.remedy("P205", ctx(trick=60))
    assert remedy is not None and remedy.replay_from_trick == 60
    result = apply({"A": 1000, "B": 1100}, {"A": 0, "B": 0}, [remedy])
    assert result.replay_from_trick == 60


def test_strict_play_french_counts_nothing_more_for_brisques_or_last_trick() -> None:
    # rubicon-bezique-laws.txt, The Last Nine Tricks: "In France he is penalised by counting
    # nothing from that point on, either for brisques or for the last trick." A took 3 brisques
    # from trick 60 on and the last trick (50): in Rubicon brisques are kept apart from the score.
    remedy = FRENCH.remedy(
        "P206", ctx(trick=60, brisques_since=3, last_trick_winner="A", last_trick_value=50)
    )
    assert remedy is not None
    assert remedy.score_changes == {"A": -50}
    assert remedy.to_dict()["uncounted"] == [
        "3 brisques of A's from trick 60 on",
        "A's last trick (50)",
    ]
    assert remedy.replay_from_trick is None
    result = apply({"A": 1260, "B": 1140}, {"A": 10, "B": 22}, [remedy])
    assert result.scores == {"A": 1210, "B": 1140}
    assert result.brisques == {"A": 7, "B": 22}


def test_strict_play_french_in_the_two_pack_game_takes_the_brisque_points_too() -> None:
    # foster-1914-ordinary-bezique.txt: brisques "should be scored at once" (10 each); the French
    # penalty strikes them: 2 brisques and the last trick (10) come off A's deal score, 30 in
    # all. A has 300 in points (the last trick's 10 among them) and 8 brisques: 380, then 350.
    remedy = FRENCH.remedy(
        "P205",
        ctx(
            trick=26, brisques_since=2, last_trick_winner="A", last_trick_value=10, game="ordinary"
        ),
    )
    assert remedy is not None and remedy.score_changes == {"A": -10}
    result = apply({"A": 300, "B": 200}, {"A": 8, "B": 8}, [remedy], TWO_PACK)
    assert result.scores == {"A": 350, "B": 280}


def test_forfeits_revoke_gives_all_eight_tricks_to_the_adversary() -> None:
    # enquire-within-1894-forfeits.txt, 123 vii: "forfeits the eight tricks to his opponent".
    # A took 4 brisques in the last eight tricks and the last trick (10): both go to B. A's deal
    # was 500 (430 in points, 7 brisques), B's 150 (60, 9 brisques): A 420 + 30, B 70 + 130.
    remedy = FORFEITS.remedy(
        "P205",
        ctx(
            strict_brisques={"A": 4, "B": 2},
            last_trick_winner="A",
            last_trick_value=10,
            game="ordinary",
        ),
    )
    assert remedy is not None
    assert remedy.score_changes == {"A": -10, "B": 10}
    result = apply({"A": 430, "B": 60}, {"A": 7, "B": 9}, [remedy], TWO_PACK)
    assert result.brisques == {"A": 3, "B": 13}
    assert result.scores == {"A": 450, "B": 200}


# ---------------------------------------------------------------- drawing


def test_forgetting_to_draw_english_plays_on_one_short() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: "the English laws compel him to play
    # the remainder of the hand with eight cards"; with law 19, B wins the last trick.
    remedy = ENGLISH.remedy("W301", ctx(last_trick_winner="A", last_trick_value=50))
    assert remedy is not None
    assert remedy.void_deal is False and remedy.elections == ()
    assert remedy.score_changes == {"A": -50, "B": 50}


def test_forgetting_to_draw_french_adversary_elects_void_or_two_cards() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: "the French laws give his adversary the
    # option of calling the deal void, or allowing the player in error to draw two cards".
    open_case = FRENCH.remedy("W301", ctx())
    assert open_case is not None
    assert open_case.elections == ("void-deal", "two-cards-next")
    assert open_case.void_deal is False
    void = FRENCH.remedy("W301", ctx(election="void-deal"))
    two = FRENCH.remedy("W301", ctx(election="two-cards-next"))
    assert void is not None and void.void_deal is True
    assert two is not None and two.void_deal is False and two.elected == "two-cards-next"


def test_an_election_the_law_does_not_give_is_reported_not_applied() -> None:
    remedy = FRENCH.remedy("W301", ctx(election="replay"))
    assert remedy is not None and remedy.elected is None and remedy.void_deal is False
    assert "'replay' is not one this law gives" in remedy.summary


def test_forfeits_playing_without_drawing_is_10() -> None:
    # enquire-within-1894-forfeits.txt, 122: "he must draw two cards next time, and his opponent
    # scores ten"; 126 iii.
    remedy = FORFEITS.remedy("W301", ctx(election="add-to-own"))
    assert remedy is not None and remedy.score_changes == {"B": 10}


def test_drawing_out_of_turn_forfeit_only_if_the_adversary_had_not_drawn() -> None:
    # enquire-within-1894-forfeits.txt, 122: "his opponent scores ten, if he has not drawn a card
    # himself."
    paid = FORFEITS.remedy("W303", ctx(election="add-to-own"))
    free = FORFEITS.remedy("W303", ctx(both=True, election="add-to-own"))
    assert paid is not None and paid.score_changes == {"B": 10}
    assert free is not None and free.score_changes == {}


def test_loser_who_saw_two_cards_gives_the_adversary_the_choice() -> None:
    # Portland law 30: "his adversary has choice of the two cards of the following draw".
    remedy = ENGLISH.remedy("W304", ctx())
    assert remedy is not None and remedy.elections == ("first-card", "second-card")


def test_french_laws_select_the_pone_drawing_first() -> None:
    # foster-1914-ordinary-bezique.txt, Method of Playing: "in France the pone always draws
    # first, no matter who wins the trick."
    assert FRENCH.rules_overrides == {"draw_order": "pone-first"}
    assert ENGLISH.rules_overrides == {}


# ---------------------------------------------------------------- declarations


def test_portland_law_50_unchallenged_declaration_stands() -> None:
    # Portland law 50: "the error be not discovered before a card of the next trick has been
    # played, the score marked stands good". Four kings marked 80 with a jack among them.
    for challenge in ("none", "late"):
        remedy = ENGLISH.remedy("A401", ctx(claimed=80, challenge=challenge))
        assert remedy is not None
        assert remedy.score_changes == {}
        assert "stands good" in remedy.summary


def test_portland_law_50_challenged_in_time_takes_the_score_down() -> None:
    # Challenged before a card of the next trick: the 80 comes off, and (rubicon-bezique-laws.txt,
    # Irregular Announcements) B may call on A to lead or play one of the kings.
    remedy = ENGLISH.remedy("A401", ctx(claimed=80, challenge="in-time", cards=("KS", "KH", "KD")))
    assert remedy is not None
    assert remedy.score_changes == {"A": -80}
    assert remedy.summary.startswith("Challenged before a card of the next trick was played: ")
    assert "lead or play one of KS KH KD" in remedy.summary


def test_french_takes_the_false_declaration_down_whenever_found() -> None:
    # rubicon-bezique-laws.txt, Irregular Announcements: "his adversary can compel him not only to
    # take down the score erroneously marked, but to lead or play one of the three Kings."
    remedy = FRENCH.remedy("A401", ctx(claimed=80, challenge="none"))
    assert remedy is not None and remedy.score_changes == {"A": -80}


def test_wrong_mark_is_corrected_at_any_time_under_law_51() -> None:
    # Portland law 51: "If an error in marking the score be proved, it may be corrected at any
    # time during the game." A plain marriage marked 40 is worth 20.
    remedy = ENGLISH.remedy("A411", ctx(claimed=40, correct=20, challenge="none"))
    assert remedy is not None and remedy.score_changes == {"A": -20}


def test_french_wrong_mark_adversary_may_add_the_points() -> None:
    # foster-1914-ordinary-bezique.txt, Scoring: "Scores erroneously marked must be taken down,
    # and the adversary may add the points to his own score."
    taken = FRENCH.remedy("A411", ctx(claimed=40, correct=20, election="take-down"))
    added = FRENCH.remedy("A411", ctx(claimed=40, correct=20, election="add-to-own"))
    assert taken is not None and taken.score_changes == {"A": -20}
    assert added is not None and added.score_changes == {"A": -20, "B": 20}


def test_declaring_after_drawing_english_depends_on_the_challenge() -> None:
    # Portland laws 42 and 50 (rule laws.challenge): a declaration out of time is an erroneous
    # declaration; challenged in time the 20 comes off, otherwise it stands.
    taken = ENGLISH.remedy("A403", ctx(claimed=20, challenge="in-time"))
    stands = ENGLISH.remedy("A403", ctx(claimed=20, challenge="late"))
    assert taken is not None and taken.score_changes == {"A": -20}
    assert stands is not None and stands.score_changes == {}


def test_forfeits_wrong_card_in_a_declaration_is_taken_down() -> None:
    # enquire-within-1894-forfeits.txt, 123 ii: "he is not allowed to score until he has taken
    # another trick".
    remedy = FORFEITS.remedy("A412", ctx(claimed=20))
    assert remedy is not None and remedy.score_changes == {"A": -20}


# ---------------------------------------------------------------- applying several remedies


def test_corrections_add_up_and_none_is_ignored() -> None:
    down = ENGLISH.remedy("A411", ctx(claimed=40, correct=20))
    short = ENGLISH.remedy("P203", ctx(offender="B", adversary="A", last_trick_winner="B"))
    result = apply({"A": 1000, "B": 900}, {"A": 1, "B": 2}, [down, None, short])
    # A: 1000 - 20 + 50 (B's last trick given to A by law 19); B: 900 - 50.
    assert result.scores == {"A": 1030, "B": 850}
    assert result.void is False and result.rubiconed is None and result.settlement is None
    assert result.working == (
        "Portland law 51: A 1000 - 20 = 980.",
        "Portland law 19: B 900 - 50 for the last trick = 850.",
        "Portland law 19: A 980 + 50 for the last trick = 1030.",
    )


def test_an_election_by_the_wrong_seat_is_not_applied() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: the option is the adversary's (B's);
    # A, the player in error, cannot elect a void deal for his own fault.
    remedy = FRENCH.remedy("W301", ctx(election="void-deal", elected_by="A"))
    assert remedy is not None and remedy.void_deal is False and remedy.elected is None
    assert "A's election 'void-deal' is not his to make" in remedy.summary
    rightful = FRENCH.remedy("W301", ctx(election="void-deal", elected_by="B"))
    assert rightful is not None and rightful.void_deal is True


def test_a_six_pack_result_cites_the_six_pack_game() -> None:
    # The guide's "Ending" is the two-pack game played to a target over several deals; the
    # six-pack game is "One deal decides it" (bezique-guide.txt, Six-pack Bezique) (audit 15,
    # case sx24; audit 9, case 56).
    laws = load_laws("english")
    for code in ("S503", "S507"):
        six = laws.remedy(code, RemedyContext(offender="A", variant="six-pack", game="ordinary"))
        two = laws.remedy(code, RemedyContext(offender="A", variant="two-pack", game="ordinary"))
        assert six is not None and six.law_ref.startswith("bezique-guide.txt, Six-pack Bezique")
        assert two is not None and two.law_ref == "bezique-guide.txt, Ending"
