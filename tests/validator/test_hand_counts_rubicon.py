"""Hands of the wrong size in Rubicon: both players' one fault, a mark's time, a card kept.

Found by an audit worked from the texts (audit 2, cases p204-full, p210-full, p211-full,
md-too-few-supply2, md-too-many-mark-then-play and w302-kept):

1. Two hands dealt wrong and reported by no mark were ruled as two faults (two D105 under law
   17, two D106 under law 19); the Portland laws rule the two together: 18, 20 and 21.
2. A ``^too-many`` / ``^too-few`` mark written before the dealer's first play was read, once
   the deal went on, as found after it: law 17 where law 12 orders a fresh deal, and the card
   the dealer supplied "by mutual agreement" was a draw out of turn (W303).
3. A second card drawn and kept, the player playing on with ten cards, was only "put back
   without penalty"; law 17: "If a player play with more than nine cards he is rubiconed".
4. A hand dealt wrong, unmarked, and a mark of the other seat's hand were two faults (law 17
   and law 19) where both hands were wrong in play together: law 21.

Every number is worked by hand from the texts quoted beside it (docs/rules.md: settle.*).
"""

from __future__ import annotations

from collections import Counter

from notation import parse_record
from validator.adjudicate import adjudicate, render_text
from validator.replay import Finding, ReplayDetails, replay_with_details

RANKS = ("7", "8", "9", "J", "Q", "K", "T", "A")
PACK = Counter({rank + suit: 4 for suit in "SHDC" for rank in RANKS})
SEQUENCE = ("AD", "TD", "KD", "QD", "JD")


def whole_deal(dealt_a: int, dealt_b: int, laws: str = "english") -> str:
    """A whole Rubicon deal (dealer B) with A dealt ``dealt_a`` cards and B ``dealt_b``.

    The hands are on lines 5 and 6. A holds clubs and diamonds only, B spades and hearts; the
    draws are not named. A leads 8C and wins trick 1, then declares the sequence in diamonds
    (250, making diamonds trumps: deal.trump-by-marriage). To every trick A leads a club or a
    diamond and B plays a spade or a heart (once 7C, under A's first AC), so A wins every trick
    ("a card of another suit never wins" unless a trump) but the last: there A leads 7H and B
    wins it with AH, scoring the last trick (50). The stock holds 128 less the hands: its
    pairs are the loose tricks, and then the hands play out until one is empty. So A ends with
    250, B with 50, whatever the hands dealt.
    """
    clubs_diamonds = sorted(c for c in PACK.elements() if c[-1] in "CD")
    spades_hearts = sorted(c for c in PACK.elements() if c[-1] in "SH")
    a_cards = ["8C", *SEQUENCE]
    for card in [*a_cards, "7C"]:
        clubs_diamonds.remove(card)
    a_cards += clubs_diamonds
    spades_hearts.remove("7H")
    spades_hearts.remove("AH")
    loose = (128 - dealt_a - dealt_b) // 2
    tricks = loose + min(dealt_a, dealt_b)
    a_plays = [*a_cards[: tricks - 1], "7H"]
    b_plays = spades_hearts[: tricks - 1]
    b_plays.insert(a_plays.index("AC"), "7C")
    b_plays = [*b_plays[: tricks - 1], "AH"]
    lines = [
        '[Variant "rubicon"]',
        f'[Laws "{laws}"]',
        "",
        "deal 1 dealer B",
        "hand A " + " ".join(a_plays[:dealt_a]),  # line 5
        "hand B " + " ".join(b_plays[:dealt_b]),  # line 6
    ]
    for n in range(1, tricks + 1):
        lines.append(f"{n}. A {a_plays[n - 1]} B {b_plays[n - 1]}")
        if n == 1:
            lines.append("  A sequence " + " ".join(SEQUENCE) + " 250")
        if n <= loose:
            lines.append("  draw A ?, B ?")
    return "\n".join(lines) + "\n"


def _details(text: str, laws: str | None = None) -> ReplayDetails:
    return replay_with_details(parse_record(text), laws=laws, source="case.bzn", steps=False)


def _codes(details: ReplayDetails) -> list[tuple[str, str | None, int | None]]:
    return [(f.code, f.seat, f.location.line) for f in details.replay.all_findings()]


def _finding(details: ReplayDetails, code: str) -> Finding:
    found = [f for f in details.replay.all_findings() if f.code == code]
    assert len(found) == 1, [f.code for f in details.replay.all_findings()]
    return found[0]


def _result(details: ReplayDetails) -> tuple[str | None, int, bool, bool]:
    settlement = details.replay.deals[0].settlement
    assert settlement is not None
    return settlement.winner, settlement.value, settlement.rubicon, settlement.void


# ---------------------------------------------------------------- 1. both hands dealt wrong
def test_the_deal_dealt_right_is_clean() -> None:
    # The yardstick: A 250, B 50 (the last trick) are exactly 200 apart, so the brisques are not
    # counted (settle.brisques-near: "Scores exactly the margin apart are reckoned without
    # them"); B is under 1000 and rubiconed (law 58): A adds B's 0 (50 to the hundred below) to
    # his 200, and 1300, and 100 as B scored under 100 (law 59): 1600.
    details = _details(whole_deal(9, 9))
    assert _codes(details) == []
    assert _result(details) == ("A", 1600, True, False)


def test_both_dealt_ten_is_one_fault_null_and_void() -> None:
    # Portland law 18: "If both players play with more than nine cards, the game is null and
    # void." Unmarked, the two hands of ten are found when the deal is over: one P204 (at A's
    # hand, line 5), not law 17 twice.
    details = _details(whole_deal(10, 10))
    assert _codes(details) == [("P204", None, 5)]
    finding = _finding(details, "P204")
    assert finding.remedy is not None and finding.remedy.void_deal
    assert "Portland law 18" in finding.remedy.law_ref
    assert _result(details)[3] is True
    # read out (audit of 7 December 2026): both at fault, and no game result, for the deal is
    # void ("At fault: no one in particular" and "the game is unfinished" had been said)
    text = render_text(adjudicate(parse_record(whole_deal(10, 10))))
    assert "At fault: both players, A and B." in text
    assert "Result: none: deal 1 is void, and nothing scores for it." in text


def test_both_dealt_ten_under_the_french_laws_is_no_penalty() -> None:
    # The French status quo: "neither may exact a penalty for an error he shares"; the deal
    # stands as played, A 250, B 50: A 1600, as the yardstick.
    details = _details(whole_deal(10, 10, laws="french"))
    assert _codes(details) == [("P204", None, 5)]
    assert _result(details) == ("A", 1600, True, False)


def test_both_dealt_eight_the_winner_of_the_last_trick_scores_it() -> None:
    # Portland law 20: "If both players play with less than nine cards, the deal stands good,
    # and the winner of the last trick scores it." B won it: A 250, B 50, and A wins 1600 as
    # in the yardstick. Law 19 for each hand had given the last trick to A (A 300, B 0: 1700).
    details = _details(whole_deal(8, 8))
    assert _codes(details) == [("P211", None, 5)]
    assert details.deals[0].corrected.points == {"A": 250, "B": 50}
    assert _result(details) == ("A", 1600, True, False)


def test_ten_and_eight_rubicons_the_ten_and_no_one_scores_the_last_trick() -> None:
    # Portland law 21: "If one player play with more than nine cards, and the other with less
    # than nine, the deal stands good. The player with more than nine cards is rubiconed (as
    # provided in Law 17), and neither player scores the last trick." B loses his 50: A 250,
    # B 0. B adds A's 250 to the hundred below (200, under the cap of 900, law 17) and 1300;
    # A scored over 100, so no 100 more (law 59): B wins 1500. Law 17 and law 19 apart had given
    # the last trick to A, 300: B 1600.
    details = _details(whole_deal(10, 8))
    assert _codes(details) == [("P210", "A", 5)]
    finding = _finding(details, "P210")
    assert finding.remedy is not None and "Portland law 21" in finding.remedy.law_ref
    assert details.deals[0].corrected.points == {"A": 250, "B": 0}
    assert _result(details) == ("B", 1500, True, False)


def _marked(text: str, mark: str) -> str:
    """``text`` with ``mark`` written after trick 1's draw (line 10, once the dealer played)."""
    return text.replace("  draw A ?, B ?\n", f"  draw A ?, B ?\n{mark}\n", 1)


def test_a_hand_dealt_ten_and_the_other_marked_too_few_is_law_21() -> None:
    # A dealt ten (unmarked, found when the deal is over) and B marked with too few after
    # trick 1 (B's hand dealt nine: the mark is the table's word): both played with the wrong
    # number together, law 21 as for two hands dealt wrong: A 250, B 0 (neither scores the
    # last trick), B adds A's 200 and 1300: B 1500. Laws 17 and 19 apart (D105 and P203) had
    # given A the last trick: A 300, B 1600 (audit, 7 December 2026).
    details = _details(_marked(whole_deal(10, 9), "^too-few B"))
    assert _codes(details) == [("P210", "A", 5)]
    finding = _finding(details, "P210")
    assert finding.remedy is not None and "Portland law 21" in finding.remedy.law_ref
    assert details.deals[0].corrected.points == {"A": 250, "B": 0}
    assert _result(details) == ("B", 1500, True, False)


def test_a_hand_dealt_eight_and_the_other_marked_too_many_is_law_21() -> None:
    # B dealt eight (line 6, unmarked) and A marked with too many after trick 1, when A had
    # scored his 250: one P210, A rubiconed on his 250 then, and no one scores the last
    # trick: A 250, B 0, B wins 1500 (law 17 for A and law 19 for B had given A 300: 1600).
    details = _details(_marked(whole_deal(9, 8), "^too-many A"))
    assert _codes(details) == [("P210", "A", 6)]
    assert details.deals[0].corrected.points == {"A": 250, "B": 0}
    assert _result(details) == ("B", 1500, True, False)


def test_a_hand_dealt_ten_and_the_other_marked_too_few_under_the_french_laws() -> None:
    # The French status quo for both at fault: no penalty; the deal stands as played: A 250,
    # B 50, A 1600 as in the yardstick.
    details = _details(_marked(whole_deal(10, 9, laws="french"), "^too-few B"))
    assert _codes(details) == [("P210", "A", 5)]
    assert _result(details) == ("A", 1600, True, False)


def test_one_hand_dealt_ten_is_still_law_17() -> None:
    # Near miss: only A is dealt ten. Law 17, found when the deal is over, A 250 and B 50: the
    # game is abandoned there and B adds A's 200 and 1300: 1500.
    details = _details(whole_deal(10, 9))
    assert _codes(details) == [("D105", "A", 5)]
    finding = _finding(details, "D105")
    assert finding.remedy is not None and "Portland law 17" in finding.remedy.law_ref
    assert _result(details) == ("B", 1500, True, False)


def test_one_hand_dealt_eight_is_still_law_19() -> None:
    # Near miss: only A is dealt eight. Law 19: "his adversary wins the last trick", which B
    # won anyway: A 250, B 50, A wins 1600.
    details = _details(whole_deal(8, 9))
    assert _codes(details) == [("D106", "A", 5)]
    finding = _finding(details, "D106")
    assert finding.remedy is not None and "Portland law 19" in finding.remedy.law_ref
    assert _result(details) == ("A", 1600, True, False)


# ------------------------------------------------------------ 2. a mark before the first play
TOO_MANY_MARKED = (
    '[Variant "rubicon"]\n'
    '[Laws "LAWS"]\n'
    "\n"
    "deal 1 dealer B\n"
    "hand A 7C 8C 9C 7D 8D 9D 7S 8S 9S TC\n"  # line 5: ten cards
    "MARK"
    "1. A 7C B 8H\n"
    "MARK"
)


def test_too_many_marked_before_the_dealer_played_is_a_fresh_deal() -> None:
    # Portland law 12: "If, after the deal, and before the dealer has played to the first
    # trick, it be discovered that either player has more than nine cards there must be a fresh
    # deal" (Foster, Misdealing: "there must be a new deal"). The mark before trick 1 is that
    # discovery, though the record plays on: a misdeal, the dealer B at fault; not law 17.
    for laws in ("english", "french"):
        text = TOO_MANY_MARKED.replace("LAWS", laws).replace("MARK", "^too-many A\n", 1)
        text = text.replace("MARK", "")
        details = _details(text)
        assert _codes(details) == [("D105", "B", 5)], laws
        finding = _finding(details, "D105")
        assert finding.remedy is not None and finding.remedy.void_deal
        assert finding.remedy.rubiconed is None
        assert _result(details)[3] is True


def test_too_many_marked_after_the_dealer_played_is_law_17() -> None:
    # Near miss: marked after trick 1, the dealer has played: law 17, B adds 1300 and 100 (A
    # under 100, law 59): 1400.
    text = TOO_MANY_MARKED.replace("LAWS", "english").replace("MARK", "", 1)
    text = text.replace("MARK", "^too-many A\n")
    details = _details(text)
    assert _codes(details) == [("P202", "A", 7)]
    assert _result(details) == ("B", 1400, True, False)


TOO_FEW_MARKED = (
    '[Variant "rubicon"]\n'
    '[Laws "LAWS"]\n'
    "\n"
    "deal 1 dealer B\n"
    "hand A 7C 8C 9C 7D 8D 9D 7S 8S\n"  # line 5: eight cards
    "hand B KS QS 8H 9H TS AS JS JD 9H\n"
    "stock TC 7H 8H 9S ...\n"
    "^too-few A\n"
    "ELECTIONS"
    "draw A TC\n"  # line 9 plus the elections
    "1. A 7C B 8H\n"
    "  draw A 7H, B 8H\n"
)


def _too_few(laws: str, *electors: str) -> str:
    elections = "".join(f"^elect {seat} complete-from-stock\n" for seat in electors)
    return TOO_FEW_MARKED.replace("LAWS", laws).replace("ELECTIONS", elections)


def test_too_few_completed_from_the_stock_by_mutual_agreement() -> None:
    # Portland law 12: "If it be similarly discovered that either player has less than nine
    # cards, the deal may be completed from the top of the stock by mutual agreement". Both
    # agree before trick 1; A takes TC, the top card: no penalty, the draw is the remedy (no
    # W303), and no last trick to B (law 19 is for a hand found after the dealer played).
    details = _details(_too_few("english", "A", "B"))
    assert _codes(details) == [("D106", "B", 5)]
    remedy = _finding(details, "D106").remedy
    assert remedy is not None and "Portland law 12" in remedy.law_ref
    assert remedy.elected == "complete-from-stock" and remedy.corrections == ()


def test_too_few_completed_from_the_stock_at_the_pones_option() -> None:
    # Foster, Misdealing: "If either player has too few cards, the pone may demand a new deal,
    # or may allow the dealer to supply the deficiency from the top of the stock". A, the pone,
    # allows it (B's word beside his is no election of the law's, and changes nothing).
    details = _details(_too_few("french", "A", "B"))
    assert _codes(details) == [("D106", "B", 5)]
    remedy = _finding(details, "D106").remedy
    assert remedy is not None and remedy.elected == "complete-from-stock"
    assert remedy.corrections == ()


def test_a_card_supplied_without_the_agreement_is_still_a_draw_out_of_turn() -> None:
    # Near misses: with no election (English), or the dealer's alone where the pone chooses
    # (French), nothing allowed A to draw: W303 on line 9 (English) and 10 (French). The mark
    # still finds the hand before the dealer played: the dealer B is at fault (a misdeal).
    assert _codes(_details(_too_few("english"))) == [("D106", "B", 5), ("W303", "A", 9)]
    assert _codes(_details(_too_few("french", "B"))) == [("D106", "B", 5), ("W303", "A", 10)]


# ------------------------------------------------------------------- 3. a second card kept
KEPT = (
    '[Variant "rubicon"]\n'
    '[Laws "LAWS"]\n'
    "\n"
    "deal 1 dealer B\n"
    "hand A AD TD KD QD JD 7C 8C 9C 7S\n"
    "1. A 7C B 9H\n"
    "  draw A ? ?, B ?\n"  # line 7: A draws two
    "2. A 8C B 7H\n"  # A plays to trick 2 holding ten cards: he kept the second
    "  A sequence AD TD KD QD JD 250\n"
    "  draw A ?, B ?\n"
)


def test_a_second_card_kept_is_playing_with_ten_cards() -> None:
    # rubicon-bezique-laws.txt, Irregularities in Drawing: "If he has not seen it, he may put it
    # back without penalty"; he did not, and played to trick 2 with ten. Law 17: "If a player
    # play with more than nine cards he is rubiconed; but the amount to be added to his
    # adversary's score is not to exceed nine hundred". Found when the record ends, with A's
    # 250: B adds 200 and 1300, and no 100 (A over 100): 1500 (not 1400 on A's 0 at the draw).
    details = _details(KEPT.replace("LAWS", "english"))
    assert _codes(details) == [("W302", "A", 7)]
    finding = _finding(details, "W302")
    assert finding.remedy is not None and "Portland law 17" in finding.remedy.law_ref
    assert finding.remedy.abandon_game and finding.remedy.rubiconed == "A"
    assert _result(details) == ("B", 1500, True, False)


def test_a_second_card_kept_under_the_french_laws() -> None:
    # Foster, Irregularities in Play: "If a player has too many cards after playing to the first
    # trick, his adversary may either claim a fresh deal or may compel him to play without
    # drawing": B's election, not recorded.
    details = _details(KEPT.replace("LAWS", "french"))
    remedy = _finding(details, "W302").remedy
    assert remedy is not None and remedy.elections == ("void-deal", "play-without-drawing")


def test_a_second_card_not_played_on_is_put_back_without_penalty() -> None:
    # Near miss: the record stops at the draw; nothing shows the card kept.
    text = KEPT.replace("LAWS", "english").split("2. A 8C")[0]
    details = _details(text)
    assert _codes(details) == [("W302", "A", 7)]
    remedy = _finding(details, "W302").remedy
    assert remedy is not None and "without penalty" in remedy.summary
    assert remedy.corrections == ()


def test_both_keeping_a_second_card_is_one_fault_null_and_void() -> None:
    # Both draw two and play on with ten: law 18, "the game is null and void", once.
    text = KEPT.replace("LAWS", "english").replace("draw A ? ?, B ?\n", "draw A ? ?, B ? ?\n")
    details = _details(text)
    assert _codes(details) == [("P204", None, 7)]
    assert _result(details)[3] is True


def test_a_kept_card_the_table_marked_is_one_fault() -> None:
    # A's ten cards are marked after trick 2 (line 11): the mark is their discovery, the card
    # drawn and kept the same fault ("No person can be subjected to two penalties for one
    # offence", foster-1914-general-laws.txt): one P202, on the scores then, 1500 again.
    details = _details(KEPT.replace("LAWS", "english") + "^too-many A\n")
    assert _codes(details) == [("P202", "A", 11)]
    assert _result(details) == ("B", 1500, True, False)


# ------------------------------------- 5. hands made wrong by the draws: laws 20 and 21 again
def _redrawn(text: str, draws: dict[int, str], extra_after: int | None = None) -> str:
    """``text`` (a :func:`whole_deal`) with the draw after trick ``n`` written as ``draws[n]``,
    and a draw of both after trick ``extra_after`` (a loose trick more: the cards not drawn
    are left in the stock)."""
    out: list[str] = []
    trick = 0
    for line in text.splitlines():
        head = line.split(".", 1)[0]
        if head.isdigit():
            if extra_after is not None and trick == extra_after:
                out.append("  draw A ?, B ?")
            trick = int(head)
        if line == "  draw A ?, B ?" and trick in draws:
            line = draws[trick]
        out.append(line)
    return "\n".join(out) + "\n"


def test_both_forgetting_a_draw_the_winner_of_the_last_trick_scores_it() -> None:
    # A forgets to draw after trick 1 (B alone draws: his draw is out of turn, moot as A played
    # on without drawing) and B after trick 2: both play the rest one card short, and the stock
    # keeps two cards for a 56th loose trick. Portland law 20: "If both players play with less
    # than nine cards, the deal stands good, and the winner of the last trick scores it"
    # (rubicon-bezique-laws.txt, Irregularities in Play: "If both have less than the right
    # number, the deal stands good, and the actual winner of the last trick scores it"). B won
    # it: A 250, B 50, A wins 1600 as in the yardstick. Law 19 for each draw apart had given the
    # last trick to A for B's draw (A 300, B 0: 1700) (audit 14, case 23).
    text = _redrawn(whole_deal(9, 9), {1: "  draw B ?", 2: "  draw A ?"}, extra_after=56)
    details = _details(text)
    assert sorted(code for code, _, _ in _codes(details)) == ["W301", "W301", "W303"]
    for finding in details.replay.all_findings():
        if finding.code == "W301":
            assert finding.remedy is not None and "Portland law 20" in finding.remedy.law_ref
    assert details.deals[0].corrected.points == {"A": 250, "B": 50}
    assert _result(details) == ("A", 1600, True, False)


def test_a_second_card_kept_and_a_draw_forgotten_is_law_21() -> None:
    # A draws two after trick 1 and plays on with ten; B forgets to draw after trick 2 and
    # plays on with eight. Portland law 21: "the deal stands good. The player with more than
    # nine cards is rubiconed (as provided in Law 17), and neither player scores the last
    # trick." B loses the 50 of the last trick: A 250, B 0. B adds A's 250 to the hundred below
    # (200, under law 17's cap of 900) and 1300; A scored over 100, so no 100 more: B wins
    # 1500. Law 19 (the last trick to A, 300) and law 17 apart gave B 1600 (audit 14, case 24).
    base = whole_deal(10, 8)  # 55 loose tricks and 63 in all, as with 9 and 9 drawn so
    lines = base.splitlines()
    plays = [line.split() for line in lines if line.split(".", 1)[0].isdigit()]
    lines[4] = "hand A " + " ".join(p[2] for p in plays[:9])
    lines[5] = "hand B " + " ".join(p[4] for p in plays[:9])
    text = _redrawn("\n".join(lines) + "\n", {1: "  draw A ? ?, B ?", 2: "  draw A ?"})
    details = _details(text)
    assert sorted(code for code, _, _ in _codes(details)) == ["W301", "W302"]
    w302 = _finding(details, "W302")
    assert w302.remedy is not None and "Portland law 21" in w302.remedy.law_ref
    assert w302.remedy.rubiconed == "A"
    assert details.deals[0].corrected.points == {"A": 250, "B": 0}
    assert _result(details) == ("B", 1500, True, False)
