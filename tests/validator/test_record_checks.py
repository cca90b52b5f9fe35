"""Typing slips that were reported clean: each is now a finding at its line (R001, S503).

Found by an audit of 7 December 2026 (/work/audit5) that typed slips into valid records and
kept those ``bezique check`` passed without a word. docs/notation.md: the tool never reports
clean a record it did not read as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from notation import parse_record
from validator.replay import replay, replay_with_details

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RUBICON = '[Variant "rubicon"]\n[Result "*"]\n\n'
TRICK = "deal 1 dealer B\n1. A 7D B 9D\n  draw B ?, A ?\n"  # B's nine wins: lines 4-6


def _found(text: str) -> list[tuple[str, int | None, str]]:
    return [
        (f.code, f.location.line, f.message)
        for f in replay(parse_record(text), steps=False).all_findings()
    ]


@pytest.mark.parametrize(
    ("mark", "said"),
    [
        ("^exposed A ZC", "'zc' is not a card"),  # a card mistyped
        ("^exposed A", "no card"),
        ("^challenge E", "'e' is not a seat"),  # a seat mistyped
        ("^too-many A 7H", "no card is taken"),
        ("^amend A", "no card"),
    ],
)
def test_a_mark_whose_arguments_do_not_read_is_reported_and_not_applied(
    mark: str, said: str
) -> None:
    (found,) = _found(RUBICON + TRICK + mark + "\n")
    assert found[:2] == ("R001", 7) and said in found[2]


def test_the_marks_as_the_notation_writes_them_read_clean() -> None:
    body = TRICK + '^ruling "the trick stands"\n^note "a comment"\n'
    assert _found(RUBICON + body) == []


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("score A 0 B 40 B 40", "the score line names B twice"),
        ("score A 0 B 40 C 7", "names seat C, which does not play"),
    ],
)
def test_a_score_line_naming_a_seat_twice_or_one_not_playing(line: str, said: str) -> None:
    # (the score line also ends the deal early: P209, and its figures are S501)
    found = _found(RUBICON + TRICK + line + "\n")
    assert [f for f in found if f[0] == "R001" and said in f[2] and f[1] == 7]


def test_deals_numbered_out_of_order() -> None:
    text = RUBICON + TRICK + "\ndeal 1 dealer A\n1. B 7C A 9C\n"  # the second deal: line 8
    assert [f[:2] for f in _found(text)] == [("R001", 8)]
    assert "deal 2 comes next" in _found(text)[0][2]


def test_a_turn_up_in_rubicon_is_not_read_and_said() -> None:
    text = RUBICON + "deal 1 dealer B\nturnup 7H\n1. A 7D B 9D\n"
    (found,) = _found(text)
    assert found[:2] == ("R001", 4) and "turns up no trump" in found[2]


@pytest.mark.parametrize(
    ("tag", "said"),
    [
        ('[Result "A 24OO"]', "the Result tag 'A 24OO'"),  # letter O for zero
        ('[Target "5OO"]', "the Target tag '5OO' is not a number"),
        ('[Game "I"]', "the Game tag 'I' is not a game number"),
    ],
)
def test_a_tag_the_settlement_reads_as_a_number_that_is_none(tag: str, said: str) -> None:
    text = '[Variant "rubicon"]\n' + tag + "\n\n" + TRICK
    found = _found(text)
    assert found[0][:2] == ("R001", 2) and said in found[0][2]


def test_a_target_in_a_game_of_one_deal_is_not_read_and_said() -> None:
    # Rubicon is one deal a game ("rubicon-bezique-laws.txt, Scoring"); a Target tag there
    # was ignored in silence (audit 13, case t14).
    text = '[Variant "rubicon"]\n[Target "2000"]\n\n' + TRICK
    (found,) = _found(text)
    assert found[:2] == ("R001", 2) and "has no meaning in rubicon: one deal decides" in found[2]


def test_an_unknown_suffix_mark_is_reported() -> None:
    (found,) = _found(RUBICON + "deal 1 dealer B\n1. A 7D^K B 9D\n")
    assert found[:2] == ("R001", 5) and "unknown suffix mark ^K" in found[2]


def test_a_result_naming_a_winner_of_a_game_not_over() -> None:
    # samples/games/no-brisques.bzn is won by B at the target of 1000 (790 v 1030); played
    # to 2000 the same four deals leave the game unfinished, and "B 240" names a winner of
    # a game not over. It had been clean.
    text = (SAMPLES / "games" / "no-brisques.bzn").read_text(encoding="utf-8")
    assert _found(text) == []
    found = _found(text.replace('[Target "1000"]', '[Target "2000"]'))
    assert [f[:2] for f in found] == [("S503", 11)]
    assert "the game is not over" in found[0][2]


def test_what_a_variation_writes_is_checked_for_its_form() -> None:
    # a variation is not replayed, but a seat that does not play, a mark the validator does
    # not know and a misspelled combination in it are slips to report (they had been clean)
    text = RUBICON + (
        "deal 1 dealer B\n"
        "1. A 7D B 9D\n"
        "  ( 1. A 7D C 9D\n"  # line 6
        "    ^frob A\n"
        "    B marrige KC QC 40 )\n"
    )
    assert [(f[0], f[1]) for f in _found(text)] == [("R001", 6), ("R001", 7), ("R001", 8)]
    messages = " / ".join(f[2] for f in _found(text))
    assert "seat C does not play" in messages and "^frob" in messages and "marrige" in messages


def test_a_well_formed_variation_is_clean() -> None:
    text = RUBICON + (
        "deal 1 dealer B\n1. A 7D B 9D\n  ( 1. A 7D B 8D\n    A marriage KC QC 40 )\n"
    )
    assert _found(text) == []


def test_a_running_total_in_rubicon_is_said_not_checked() -> None:
    # in Rubicon each deal is a game: a total line is compared with nothing (it had been clean
    # whatever its numbers)
    found = _found(RUBICON + TRICK + "total A 123 B 456\n")
    assert [f for f in found if f[:2] == ("R001", 7) and "running total" in f[2]]


@pytest.mark.parametrize(
    ("tag", "meant"),
    [
        ('[Reslt "B 240"]', "Result"),  # a letter left out
        ('[result "B 240"]', "Result"),  # names compare exactly: another case is another tag
        ('[Stakes "10"]', "Stake"),  # a letter added
        ('[Varaint "rubicon"]', "Variant"),  # two letters swapped
    ],
)
def test_a_tag_name_that_is_a_slip_for_one_the_validator_reads(tag: str, meant: str) -> None:
    # the tag is kept but not read: [Reslt "B 240"] left the Result unchecked and was clean
    text = '[Variant "rubicon"]\n' + tag + "\n\n" + TRICK
    found = [f for f in _found(text) if f[:2] == ("R001", 2)]
    assert len(found) == 1 and f"{meant!r} is the tag the validator reads" in found[0][2]


@pytest.mark.parametrize("tag", ['[Event "Club night"]', '[Stage "final"]', '[Round "3"]'])
def test_tags_kept_but_not_read_are_not_slips(tag: str) -> None:
    assert _found(RUBICON + tag + "\n\n" + TRICK) == []


def test_a_result_of_star_on_a_finished_game() -> None:
    # docs/notation.md: `*` "while unfinished"; samples/games/no-brisques.bzn is won by B at
    # its target of 1000 (B 240), so "*" is not what happened. It had been clean.
    text = (SAMPLES / "games" / "no-brisques.bzn").read_text(encoding="utf-8")
    found = _found(text.replace('[Result "B 240"]', '[Result "*"]'))
    assert [f[:2] for f in found] == [("S503", 11)]
    assert "'*' (not over), but the game is over" in found[0][2] and "'B 240'" in found[0][2]


@pytest.mark.parametrize("result", ["A 500", "B 1200"])
def test_a_result_with_no_deal_is_s503(result: str) -> None:
    # the Variant and Result tags written again after the moves make a record of tags alone
    # (audit of 7 December 2026): it finishes no game, so no seat has won one
    found = _found(f'[Variant "two-pack"]\n[Result "{result}"]\n')
    assert [f[:2] for f in found] == [("S503", 2)]


@pytest.mark.parametrize("result", ["*", "void"])
def test_tags_alone_claiming_no_winner_are_clean(result: str) -> None:
    assert _found(f'[Variant "two-pack"]\n[Result "{result}"]\n') == []


def test_a_combination_word_misspelt_is_read_as_the_word_meant() -> None:
    # `B mariage KC QC 20` had been A412 ("not a combination") and B's 20 taken down with a
    # penalty, for a slip of the pen (audit of 7 December 2026): R001, read as a marriage.
    # B's nine wins trick 1; KC QC is a common marriage (no trump made in Rubicon: the first
    # marriage makes trumps and scores as royal, 40).
    text = RUBICON + TRICK.replace(
        "  draw", "  B mariage KC QC 40 carry kigns KC KC KS KH 80\n  draw"
    )
    details = replay_with_details(parse_record(text), steps=False)
    found = [(f.code, f.location.line, f.message) for f in details.replay.all_findings()]
    assert [f[:2] for f in found] == [("R001", 6)]
    assert "'mariage' is read as 'marriage'; 'kigns' is read as 'kings'" in found[0][2]
    assert details.deals[0].corrected.scores["B"] == 40


def test_a_word_like_no_combination_is_still_a412() -> None:
    text = RUBICON + TRICK.replace("  draw", "  B wedding KC QC 40\n  draw")
    assert [f[:2] for f in _found(text)] == [("A412", 6)]


def test_deals_after_the_game_is_over_are_r001() -> None:
    # samples/games/no-brisques.bzn is won by B at its target of 1000 after deal 4 (line 230);
    # with the Target written 100 (a slip) B's deal 1 ends it and deals 2 to 4 are no part of
    # the game: they had been passed over without a word (audit of 7 December 2026)
    text = (SAMPLES / "games" / "no-brisques.bzn").read_text(encoding="utf-8")
    found = _found(text.replace('[Target "1000"]', '[Target "100"]'))
    extra = [f for f in found if f[0] == "R001"]
    assert [f[:2] for f in extra] == [("R001", 88)]
    assert "3 deal(s) from deal 2 on are recorded after the game was over" in extra[0][2]


def test_a_play_by_a_seat_not_in_the_game_stops_the_deal() -> None:
    # `1. A 7D C 9D` in Rubicon (seats A, B): a slip for B. The play is left out, and the
    # trick cannot be played as written: what followed had been judged on a replay the record
    # does not describe, with false findings ("A plays 9C twice to one trick", draws out of
    # turn, declarations without winning: audit of 7 December 2026). Nothing after it is.
    text = RUBICON + TRICK.replace("B 9D", "C 9D") + "2. B 8C A 9C\n  draw A ?, B ?\n"
    found = _found(text)
    # line 1: the record names seat C besides A and B
    assert [f[:2] for f in found] == [("R001", 1), ("R001", 5)]
    assert "nothing after it in the deal is replayed" in found[1][2]


EMPTY_RESULT = (
    "the Result tag '' is not a seat and the value of the game (\"A 2400\"), draw, void or *: "
    "it is not checked"
)


@pytest.mark.parametrize(
    ("tags", "found"),
    [
        (
            '[Variant ""]\n[Result "*"]\n',
            ("R001", 1, 1, "the Variant tag is empty: the rubicon rules applied"),
        ),
        (
            '[Variant "rubicon"]\n  [Laws ""]\n',
            ("R001", 2, 3, "the Laws tag is empty: the english laws applied"),
        ),
        ('[Variant "rubicon"]\n[Result ""]\n', ("R001", 2, 1, EMPTY_RESULT)),
        # HouseRules "" names no house rule: reported as the others are, not taken as "none"
        (
            '[Variant "rubicon"]\n[Result "*"]\n [HouseRules " "]\n',
            ("R001", 3, 2, "the HouseRules tag is empty: no house rule applied"),
        ),
    ],
)
def test_an_empty_tag_value_is_reported_at_its_tag(
    tags: str, found: tuple[str, int, int, str]
) -> None:
    """Audit 13, t06, t07, t29: [Result ""] and [Laws ""] had been clean, the default applied
    without a word, and [Variant ""] said to be no Variant tag, at line 1."""
    result = replay(parse_record(tags + "\n" + TRICK), steps=False)
    assert [
        (f.code, f.location.line, f.location.column, f.message) for f in result.all_findings()
    ] == [found]
    assert result.deals  # replayed, under the default


@pytest.mark.parametrize(
    ("tag", "said"),
    [
        ('[HouseRules "frobnicate"]', "the HouseRules tag cannot be used: "),
        ('[Variant "eight-pack"]', "variant 'eight-pack' cannot be used "),
        ('[Laws "fench"]', "laws 'fench' cannot be used "),
    ],
)
def test_a_tag_that_cannot_be_used_is_reported_at_its_line_and_column(tag: str, said: str) -> None:
    """Audit 13, t18: these had been placed at 1:1, the record's first line."""
    variant = "" if tag.startswith("[Variant") else '[Variant "rubicon"]\n'
    text = '{a note}\n[Event "x"]\n' + variant + '[Result "*"]\n   ' + tag + "\n\n" + TRICK
    (finding,) = replay(parse_record(text), steps=False).all_findings()
    line = 4 if variant == "" else 5
    assert (finding.code, finding.location.line, finding.location.column) == ("R001", line, 4)
    assert finding.message.startswith(said)


def test_no_variant_tag_is_reported_at_the_records_first_tag() -> None:
    """Audit 13, t10: at 1:1, a comment line before the tags."""
    text = '{a note}\n\n[Event "x"]\n[variant "two-pack"]\n[Result "*"]\n\n' + TRICK
    found = replay(parse_record(text), steps=False).all_findings()
    assert [(f.code, f.location.line, f.message[:41]) for f in found] == [
        ("R001", 3, "no Variant tag: the rubicon rules applied"),
        ("R001", 4, "the tag 'variant' is kept but not read: '"),
    ]
    # a record without tags: at its start
    (finding,) = replay(parse_record("\n" + TRICK), steps=False).all_findings()
    assert (finding.location.line, finding.message) == (
        1,
        "no Variant tag: the rubicon rules applied",
    )


@pytest.mark.parametrize(
    ("mark", "code", "said"),
    [
        # Portland law 7: "If in cutting for deal a player expose more than one card, he must
        # cut again" (D101), the cut before the deal line as much as after it
        ("^cut-exposed A JS QS", "D101", "the cut showed more than one card"),
        ("^bogus A", "R001", "bogus"),
    ],
)
def test_a_mark_before_the_first_deal_line_is_read_with_the_first_deal(
    mark: str, code: str, said: str
) -> None:
    # audit 17, c01: a mark before `deal 1` was read by nobody, and the record checked clean;
    # docs/notation.md: "Marks may stand before the first deal (e.g. cutting for seats)"
    found = _found(RUBICON + mark + "\n" + TRICK)
    assert [(c, line) for c, line, _ in found] == [(code, 4)]
    assert said in found[0][2]
