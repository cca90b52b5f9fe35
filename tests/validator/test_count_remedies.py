"""The draws a remedy for a hand of the wrong size calls for are not faults.

foster-1914-ordinary-bezique.txt, Irregularities in Play: a player with too many cards after
the first trick "his adversary may either claim a fresh deal or may compel him to play without
drawing from the talon, until the number of cards in his hand is reduced to eight"; with too
few, "may allow him to make good the deficiency by drawing from the stock"; and (the project's
laws for both at fault, enquire-within-1894-forfeits.txt 122) "there is no penalty, but each
must play without drawing". A record that follows the remedy elected had been given W301
("did not draw") for each draw left out, W303 for the other player's draw before it, and W302
("drew a second card") for each card drawn to make good (found by an audit worked from the
texts, 7 December 2026). The hands are counted by hand beside each record: eight due.
"""

from __future__ import annotations

from notation import parse_record
from validator.replay import Finding, replay

HEAD = '[Variant "two-pack"]\n[Laws "LAWS"]\n\ndeal 1 dealer B\nturnup 9H\n'


def _codes(body: str, laws: str = "english") -> list[tuple[str, str | None, int | None]]:
    text = HEAD.replace("LAWS", laws) + body
    found = replay(parse_record(text), steps=False).all_findings()
    return [(f.code, f.seat, f.location.line) for f in found]


# B is dealt nine: after trick 1 (played one, drew one) he holds nine, found there.
TOO_MANY = (
    "hand A 7C 8C 9C 8S 9S 8D 9D 7D\n"
    "hand B KS QS KH KC 9D 8D 7S 8H JC\n"
    "1. A 9S B 7S\n"  # line 8
    "  draw A ?, B ?\n"
    "^too-many B\n"  # line 10: P202
)


def test_too_many_elected_play_without_drawing() -> None:
    # trick 2 leaves B eight: he does not draw (the remedy); trick 3 leaves him seven: he draws
    body = TOO_MANY + (
        "^elect A play-without-drawing\n2. A 8S B 8D\n  draw A ?\n3. A 7C B 9D\n  draw A ?, B ?\n"
    )
    for laws in ("english", "french"):
        assert _codes(body, laws) == [("P202", "B", 10)]


def test_the_remedy_ends_when_the_hand_is_right() -> None:
    # as above, then B, holding seven after trick 3, draws nothing: W301 at the next play
    body = TOO_MANY + (
        "^elect A play-without-drawing\n2. A 8S B 8D\n  draw A ?\n3. A 7C B 9D\n  draw A ?\n"
        "4. A 8C B 8H\n"  # line 16
    )
    assert _codes(body) == [("P202", "B", 10), ("W301", "B", 16)]


def test_without_the_election_a_draw_left_out_by_a_hand_too_large_is_no_w301() -> None:
    # B holds nine after trick 1 (P202), eight after trick 2 without drawing: he plays trick 3
    # with his right eight, not "one card short", so the draw forgotten's laws (W301) do not
    # fit; P202 stands with A's election still open (rule book, play.draw-one). This had been
    # W301 as well.
    body = TOO_MANY + "2. A 8S B 8D\n  draw A ?\n3. A 7C B 9D\n"  # line 13
    assert _codes(body) == [("P202", "B", 10)]


def test_a_second_card_kept_then_a_draw_left_out_is_one_fault() -> None:
    # Rubicon, nine due. B draws two after trick 1 (ten), plays trick 2 with ten (the card
    # kept: W302 ruled as too many, Portland law 17), leaves his draw out after trick 2 and
    # plays trick 3 with nine. Law 17: B is rubiconed, A adds B's 0 (at most 900) and 1300,
    # and 100 more, B having under 100 (law 59): A 1400. The draw left out had been W301 too,
    # with a remedy ("he plays the remainder one card short") that did not fit.
    text = (
        '[Variant "rubicon"]\n[Laws "english"]\n\ndeal 1 dealer B\n'
        "1. A 7C B 7S\n  draw A ?, B ?, B ?\n"  # line 6: the second card
        "2. A 8C B 8S\n  draw A ?\n3. A 9C B 9S\n  draw A ?, B ?\n"
    )
    result = replay(parse_record(text), steps=False)
    assert [(f.code, f.seat, f.location.line) for f in result.all_findings()] == [("W302", "B", 6)]
    assert result.game is not None and result.game.result == "A 1400"


def test_the_other_player_draws_first_when_the_winner_may_not() -> None:
    # B wins trick 2 (K♠ over 8♠) and would draw first, but plays without drawing: A's draw
    # is not out of turn
    body = TOO_MANY + (
        "^elect A play-without-drawing\n2. A 8S B KS\n  draw A ?\n3. B 8D A 7C\n  draw B ?, A ?\n"
    )
    assert _codes(body) == [("P202", "B", 10)]


def test_both_too_many_each_plays_without_drawing() -> None:
    # both dealt nine: after trick 1 each holds eight and draws nothing; after trick 2 seven
    body = (
        "hand A 7C 8C 9C 8S 9S 8D 9D 7D JD\n"
        "hand B KS QS KH KC 9D 8D 7S 8H JC\n"
        "1. A 9S B 7S\n"
        "  ^too-many A\n"  # line 9
        "  ^too-many B\n"
        "2. A 8S B 8D\n"
        "  draw A ?, B ?\n"
    )
    for laws in ("english", "french"):
        assert _codes(body, laws) == [("P204", None, 9)]


# B is dealt seven: after trick 1 (played one) he holds six and must draw up to eight.
TOO_FEW = (
    "hand A 7C 8C 9C 8S 9S 8D 9D 7D\n"
    "hand B KS QS KH KC 9D 8D 7S\n"
    "1. A 9S B 7S\n"
    "  ^too-few B\n"  # line 9: P203
    "  ^elect A draw-to-make-good\n"
)


def test_too_few_elected_making_good_draws_two() -> None:
    body = TOO_FEW + "  draw A ?, B ? ?\n2. A 8S B 8D\n  draw A ?, B ?\n"
    for laws in ("english", "french"):
        assert _codes(body, laws) == [("P203", "B", 9)]


def test_a_card_beyond_the_deficiency_is_still_w302() -> None:
    # the third card would give B nine
    body = TOO_FEW + "  draw A ?, B ? ? ?\n"  # line 11
    assert _codes(body) == [("P203", "B", 9), ("W302", "B", 11)]


# Announcing while the hand is too large (A417): foster-1914-ordinary-bezique.txt, Irregularities
# in Play, "the player with too many cards not being allowed to make any announcements until he
# has his right number of cards". A declaration follows a trick, before the draw: the right
# number then is seven. B, dealt nine, holds nine after trick 1 (played one, drew one), eight
# after trick 2 (no draw), seven after trick 3.
ELECTED = TOO_MANY + "^elect A play-without-drawing\n"


def _findings(body: str, laws: str = "english") -> list[Finding]:
    text = HEAD.replace("LAWS", laws) + body
    return list(replay(parse_record(text), steps=False).all_findings())


def test_an_announcement_before_the_hand_is_right_is_taken_down() -> None:
    # trick 2: B's 9♦ wins A's 8♦ and B, holding eight, announces the marriage of spades
    body = ELECTED + "2. A 8D B 9D\n  B marriage KS QS 20\n  draw A ?\n"  # marriage: line 13
    for laws in ("english", "french"):
        found = _findings(body, laws)
        assert [(f.code, f.seat, f.location.line) for f in found] == [
            ("P202", "B", 10),
            ("A417", "B", 13),
        ]
        # "the 20 is taken down": B's score falls by the 20 he marked
        remedy = found[1].remedy
        assert remedy is not None and remedy.score_changes == {"B": -20}


def test_an_announcement_once_the_hand_is_right_stands_and_may_repeat_the_cards() -> None:
    # as above; then B leads the 8♦ at trick 3 and wins it (A plays a club, trumps are hearts),
    # holding seven: the same marriage, declared again, is clean, since the one taken down
    # marked nothing
    body = (
        ELECTED + "2. A 8D B 9D\n  B marriage KS QS 20\n  draw A ?\n"
        "3. B 8D A 7C\n  B marriage KS QS 20\n  draw B ?, A ?\n"
    )
    assert _codes(body) == [("P202", "B", 10), ("A417", "B", 13)]


def test_an_announcement_before_the_hand_is_right_is_taken_down_without_the_hands() -> None:
    # audit 20, case 30: the same deal without the hand lines. The record cannot count B's
    # cards, but its ^too-many mark says he holds too many: the table's word, which P202 and
    # the election already rest on. B has let no draw pass when he announces at trick 2, so his
    # hand is not yet right: A417, "the 20 is taken down" (B 20 - 20 = 0). It had been silent.
    # Once he has let the draw of trick 2 pass, his hand is right and trick 3's marriage
    # stands. (The French laws have the pone, A, draw first: "draw_order pone-first".)
    for laws, draws in (("english", "B ?, A ?"), ("french", "A ?, B ?")):
        body = ELECTED.replace(TOO_MANY.split("1.")[0], "") + (
            "2. A 8D B 9D\n  B marriage KS QS 20\n  draw A ?\n"  # marriage: line 11
            f"3. B 8D A 7C\n  B marriage KS QS 20\n  draw {draws}\n"
        )
        found = _findings(body, laws)
        assert [(f.code, f.seat, f.location.line) for f in found] == [
            ("P202", "B", 8),
            ("A417", "B", 11),
        ]
        remedy = found[1].remedy
        assert remedy is not None and remedy.score_changes == {"B": -20}


def test_without_the_election_an_announcement_is_no_fault_of_its_own() -> None:
    # no election recorded: the law's remedy is not known to have been applied
    body = TOO_MANY + "2. A 8D B 9D\n  B marriage KS QS 20\n  draw B ?, A ?\n"
    assert _codes(body) == [("P202", "B", 10)]


def test_one_too_many_and_the_other_too_few_each_follows_his_remedy() -> None:
    # P210 under Foster's laws: "{A} plays without drawing until his hand is right and {B} draws
    # from the stock to make good his own". A dealt nine, B seven: after trick 1 (each played
    # one and drew one) A holds nine and B seven. Trick 2: A plays (eight, one too many before
    # the draw: no draw), B plays (six) and draws two, making eight. Trick 3 leaves each seven:
    # both draw. Before the fix the remedy drew W302 and W301 (and, with the French draw, two
    # W303 more): the remedy's draws were faults.
    head = (
        "hand A 7C 8C 9C 8S 9S 8D 9D 7D AC\n"
        "hand B KS QS KH KC 9D 8D 7S\n"
        "1. A 9S B 7S\n"
        "  draw A ?, B ?\n"
        "^too-many A\n"  # line 10: P210, with the next line
        "^too-few B\n"
        "2. A 8S B KS\n"  # B wins
        "  draw B ?, B ?\n"
        "3. B 8D A 7C\n"
    )
    assert _codes(head + "  draw B ?, A ?\n") == [("P210", "A", 10)]
    # the French draw: the pone (A) draws first, whoever won
    assert _codes(head + "  draw A ?, B ?\n", "french") == [("P210", "A", 10)]


def test_one_too_many_and_the_other_too_few_a_third_card_is_still_a_fault() -> None:
    # as above, but B draws three at trick 2: the third takes him past eight (W302)
    body = (
        "hand A 7C 8C 9C 8S 9S 8D 9D 7D AC\n"
        "hand B KS QS KH KC 9D 8D 7S\n"
        "1. A 9S B 7S\n"
        "  draw A ?, B ?\n"
        "^too-many A\n"
        "^too-few B\n"
        "2. A 8S B KS\n"
        "  draw B ?, B ?, B ?\n"  # line 13
    )
    assert [c for c, _, _ in _codes(body)] == ["P210", "W302"]
