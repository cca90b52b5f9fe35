"""The marks of a record checked against the replay (as PBN verifiers check marked revokes),
elections and challenges read from the record, a revoke caught with and without hands, and the
sample records, which must replay clean.

Each record opens with a Variant tag on line 1; the deal line is line 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bzn_case_builder import STRICT_A, STRICT_B, loose_prefix

from notation import parse_record, read_records
from validator.replay import Finding, replay, replay_with_details

RUBICON = '[Variant "rubicon"]'
STRICT_HANDS = [RUBICON, *loose_prefix(STRICT_A, STRICT_B, hands=True)]
STRICT_PLAYS = [RUBICON, *loose_prefix(STRICT_A, STRICT_B, hands=False)]
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _findings(lines: list[str], laws: str = "english") -> list[Finding]:
    record = parse_record("\n".join(lines) + "\n")
    return list(replay(record, laws=laws, source="marks.bzn", steps=False).all_findings())


def _brief(findings: list[Finding]) -> list[tuple[str, str | None, int | None, int | None]]:
    return [(f.code, f.seat, f.location.line, f.location.column) for f in findings]


# ---------------------------------------------------------------------- ^L: lead out of turn
def test_lead_mark_matching_the_replay_is_one_finding() -> None:
    # Dealer B: the pone A leads (rubicon-bezique-laws.txt, Method of Playing); B led.
    found = _findings([RUBICON, "deal 1 dealer B", "1. B 7D^L A 9C", "^lead-out-of-turn B"])
    assert _brief(found) == [("P201", "B", 3, 4)]


def test_lead_mark_contradicted_by_the_replay() -> None:
    # A, the pone, leads in turn: the ^L mark is wrong.
    found = _findings([RUBICON, "deal 1 dealer B", "1. A 7D^L B 9C"])
    assert _brief(found) == [("R001", "A", 3, 4)]
    assert "^L" in found[0].message


def test_lead_out_of_turn_line_contradicted_by_the_replay() -> None:
    found = _findings([RUBICON, "deal 1 dealer B", "1. A 7D B 9C", "^lead-out-of-turn B"])
    assert _brief(found) == [("R001", "B", 4, 1)]


# ---------------------------------------------------------------------- ^R: revoke
def test_revoke_mark_matching_the_replay() -> None:
    # Trick 56 (line 116): A leads KH, B plays 7S holding 9H and AH.
    found = _findings([*STRICT_HANDS, "56. A KH B 7S^R", "^revoke B"])
    assert _brief(found) == [("P205", "B", 116, 10)]


def test_revoke_mark_in_the_loose_play_is_contradicted() -> None:
    # "Players are not obliged to follow suit ... until the stock is exhausted."
    found = _findings([RUBICON, "deal 1 dealer B", "1. A 7D B 9C^R"])
    assert _brief(found) == [("R001", "B", 3, 9)]
    assert "not exhausted" in found[0].message


def test_revoke_mark_on_a_legal_play_is_contradicted() -> None:
    # B must win KH and does so with AH: nothing wrong.
    found = _findings([*STRICT_HANDS, "56. A KH B AH^R"])
    assert _brief(found) == [("R001", "B", 116, 10)]


def test_revoke_line_on_a_legal_play_is_contradicted() -> None:
    found = _findings([*STRICT_HANDS, "56. A KH B AH", "^revoke B"])
    assert _brief(found) == [("R001", "B", 117, 1)]


def test_revoke_mark_on_a_hidden_hand_is_taken_on_trust() -> None:
    # Without hands the replay cannot tell; the table's mark is the finding (line 113).
    found = _findings([*STRICT_PLAYS, "56. A KH B 7S^R"])
    assert _brief(found) == [("P205", "B", 113, 10)]
    assert "marked as a revoke at the table" in found[0].message


# ---------------------------------------------------------------------- revoke without hands
def test_revoke_caught_with_hands_and_with_plays_only() -> None:
    """The same play: with hands the revoke is seen at once (P205, trick 56); with plays only a
    later play shows B held a heart (P207 at trick 57), and the remedy goes back to 56."""
    tail = ["56. A KH B 7S", "57. A 8H B AH"]
    with_hands = _findings([*STRICT_HANDS, *tail])
    plays_only = _findings([*STRICT_PLAYS, *tail])
    assert _brief(with_hands) == [("P205", "B", 116, 10)]
    assert _brief(plays_only) == [("P207", "B", 114, 10)]
    assert (with_hands[0].location.trick, plays_only[0].location.trick) == (56, 57)
    for finding in (*with_hands, *plays_only):
        assert finding.remedy is not None and finding.remedy.replay_from_trick == 56


def test_a_second_revoke_among_the_cards_taken_up_is_moot() -> None:
    # Portland law 55: "the card erroneously played, and all cards subsequently played, must be
    # taken up and replayed". B fails to follow hearts at 56 (holding 9H AH) and clubs at 57
    # (holding TC AC): the replay from 56 takes up trick 57 with it, so the second remedy is
    # moot and orders no replay of its own (audit 14, case 27: two replay points read out).
    found = _findings([*STRICT_HANDS, "56. A KH B 7S", "57. A 7C B 8S"])
    assert [(f.code, f.location.trick) for f in found] == [("P205", 56), ("P205", 57)]
    first, second = (f.remedy for f in found)
    assert first is not None and first.replay_from_trick == 56
    assert second is not None and second.replay_from_trick is None
    assert "(Moot: the cards of trick 57 are among those taken up and replayed from trick 56.)" in (
        second.summary
    )


def test_plays_only_revoke_of_a_winning_card() -> None:
    # At 56 B plays 9H to A's KH (following, but not winning); at 57 he plays AH to 8H, so he
    # held an ace of hearts at 56 and could have won it (P207, "failed ... to win").
    found = _findings([*STRICT_PLAYS, "56. A KH B 9H", "57. A 8H B AH"])
    assert _brief(found) == [("P207", "B", 114, 10)]


# ---------------------------------------------------------------------- elections, challenges
def test_election_by_a_seat_the_law_does_not_name_is_not_applied() -> None:
    # Law 13 gives the non-dealer (A) the option; B, the dealer, cannot elect it.
    record = parse_record(
        "\n".join(
            [
                RUBICON,
                "deal 1 dealer B",
                "hand A 7D 8H 9H JD JS QS KS TS AS",
                "^exposed A JD",
                "^elect B void-deal",
            ]
        )
        + "\n"
    )
    details = replay_with_details(record, laws="english")
    (finding,) = details.replay.all_findings()
    assert finding.remedy is not None
    assert finding.remedy.elected is None
    assert "not his to make" in finding.remedy.summary
    assert details.deals[0].corrected.void is False
    # Both options are ruled on for the director.
    options = details.deals[0].options[0]
    assert [(o.elected, o.void_deal) for o in options] == [
        ("void-deal", True),
        ("deal-stands", False),
    ]


def test_election_alias_supply() -> None:
    # docs/notation.md lists `supply`: the law's option is complete-from-stock (law 12).
    record = parse_record(
        "\n".join([RUBICON, "deal 1 dealer B", "hand A 7D 8H 9H JD JS QS KS TS", "^elect A supply"])
        + "\n"
    )
    (finding,) = replay(record, laws="english").all_findings()
    assert finding.remedy is not None and finding.remedy.elected == "complete-from-stock"


def test_the_offender_cannot_challenge_his_own_declaration() -> None:
    lines = [RUBICON, "deal 1 dealer B", "1. A 7D B 9C", "A marriage KC QH 20", "^challenge A"]
    details = replay_with_details(parse_record("\n".join(lines) + "\n"), laws="english")
    (finding,) = details.replay.all_findings()
    assert finding.remedy is not None and "stands good" in finding.remedy.summary
    assert details.deals[0].corrected.scores == {"A": 20, "B": 0}


def test_a_challenge_of_a_sound_declaration_fails() -> None:
    # A's wrong marriage at trick 1 is not challenged; B challenges A's sound bezique at trick 2:
    # that challenge does not reach back to trick 1 (law 50), so the 20 stands.
    lines = [
        RUBICON,
        "deal 1 dealer B",
        "1. A 7D B 9C",
        "A marriage KC QH 20",
        "draw A ?, B ?",
        "2. A 8D B 9S",
        "A bezique QS JD 40",
        "^challenge B",
    ]
    details = replay_with_details(parse_record("\n".join(lines) + "\n"), laws="english")
    assert [f.code for f in details.replay.all_findings()] == ["A412"]
    assert details.deals[0].corrected.scores == {"A": 60, "B": 0}


def test_a_declaration_out_of_turn_comes_down_as_a_whole() -> None:
    # B scores a marriage at 20 after a trick A won: A402. Made out of turn, its figure is not
    # judged apart (hoffmann-1909 laws 42 and 50: it stands as marked or comes down whole).
    # Challenged in time, the 20 comes down, and the trumps it made with it.
    lines = [RUBICON, "deal 1 dealer B", "1. A 7D B 9C", "B marriage KC QC 20", "^challenge A"]
    details = replay_with_details(parse_record("\n".join(lines) + "\n"), laws="english")
    assert sorted(f.code for f in details.replay.all_findings()) == ["A402"]
    assert details.deals[0].marked == {"A": 0, "B": 20}
    assert details.deals[0].corrected.scores == {"A": 0, "B": 0}
    assert details.replay.deals[0].trump is None


# ---------------------------------------------------------------------- the record's seats
def test_a_fragment_naming_one_seat_is_not_a_record_problem() -> None:
    assert _findings([RUBICON, "deal 1 dealer B"]) == []


def test_a_seat_beyond_the_variant_is_a_record_problem() -> None:
    found = _findings([RUBICON, "deal 1 dealer C"])
    assert found and found[0].code == "R001"


# ---------------------------------------------------------------------- samples
def _sample_records() -> list[tuple[str, int]]:
    out = []
    for path in sorted(SAMPLES.glob("*.bzn")):
        for index, _ in enumerate(read_records(path), 1):
            out.append((path.name, index))
    return out


@pytest.mark.parametrize(("name", "index"), _sample_records())
def test_sample_records_replay_clean(name: str, index: int) -> None:
    record = list(read_records(SAMPLES / name))[index - 1]
    assert not isinstance(record, Exception), record
    replayed = replay(record, source=name)
    assert [(f.code, f.location.line, f.message) for f in replayed.all_findings()] == []


# ---------------------------------------------------------------------- the laws' own rules
def test_draw_order_follows_the_laws_the_game_was_played_under() -> None:
    # B wins trick 1 (8D over 7D) and draws first: right under the English laws ("he draws one
    # card ... His adversary then draws the next"), wrong under the French, where the pone (A)
    # always draws first (foster-1914-ordinary-bezique.txt). The record says which (its Laws
    # tag); the laws chosen for the remedies do not change the game.
    lines = [RUBICON, "deal 1 dealer B", "1. A 7D B 8D", "draw B ?, A ?"]
    assert _findings(lines, "english") == []
    assert _findings(lines, "french") == []
    french = [RUBICON, '[Laws "french"]', *lines[1:]]
    assert _brief(_findings(french, "french")) == [("W303", "B", 5, 6)]
    assert _brief(_findings(french, "english")) == [("W303", "B", 5, 6)]


def test_an_event_by_a_seat_not_in_the_game_is_reported_not_raised() -> None:
    lines = [RUBICON, "deal 1 dealer B", "1. A 7D B 9C", "draw C ?", "^too-many C"]
    assert _brief(_findings(lines)) == [("R001", "C", 4, 6), ("R001", "C", 5, 1)]


def test_marked_revoke_confirmed_later_is_one_finding() -> None:
    # The table marks B's 7S a revoke; the replay, without hands, confirms it at trick 57 when B
    # plays AH: one finding, at the mark (line 113), not a second P207.
    found = _findings([*STRICT_PLAYS, "56. A KH B 7S^R", "57. A 8H B AH"])
    assert _brief(found) == [("P205", "B", 113, 10)]
    assert "confirmed by a later play" in found[0].message


# ---------------------------------------------------------------------- ^exposed ... stock
@pytest.mark.parametrize(("election", "void"), [("deal-stands", False), ("void-deal", True)])
def test_a_card_of_the_stock_exposed_by_the_dealer(election: str, void: bool) -> None:
    # foster-1914-ordinary-bezique.txt, Misdealing: "If the dealer exposes a card belonging to
    # the adversary or to the stock, the pone may demand a new deal" (D103, the pone A's
    # election). It could not be written: a seat named the card's owner's hand (audit of 7
    # December 2026).
    lines = ['[Variant "two-pack"]', "deal 1 dealer B", "turnup 9H", "^exposed 9C stock"]
    result = replay(parse_record("\n".join([*lines, f"^elect A {election}", ""])), steps=False)
    (found,) = result.all_findings()
    assert (found.code, found.seat, found.location.line) == ("D103", "B", 4)
    assert "9C of the stock" in found.message
    assert found.remedy is not None and found.remedy.elected == election
    settlement = result.deals[0].settlement  # none for a deal that stands, unplayed here
    assert (settlement is not None and settlement.void) is void
