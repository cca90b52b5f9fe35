"""Every view of every bundled sample: what a user would publish, pinned or checked.

The small samples (a few tricks each) pin their Markdown score sheet, a terminal step and their
full data, written one step a line so that a person can read it. The rest (the hand-written
two-pack deal and the complete games of ``samples/games/``) run to hundreds of steps that
nobody could judge line by line: their views are checked against the record itself (a second
way to the same figures: the scores declared in the record, its score lines, its draws, its
hands, its Result tag), their data formats against each other, and a few results worked out
by hand from the rule texts.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from syrupy.assertion import SnapshotAssertion

from notation import Record, read_records
from notation.model import Declaration, Draw, walk
from validator.export import render_step, replay_data, to_html, to_json, to_markdown, to_yaml
from validator.export.labels import card_label, seat_label, sorted_cards
from validator.export.markdown import md_text
from validator.replay import Replay, replay

from .pages import skeleton

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HAND_WRITTEN = sorted(SAMPLES.glob("*.bzn"))
GAMES = sorted((SAMPLES / "games").glob("*.bzn"))
SMALL_STEPS = 60
"""A sample of at most this many steps in all is small: its every view is pinned."""


def _records(path: Path) -> list[tuple[str, Record]]:
    out = []
    for index, item in enumerate(read_records(path), 1):
        assert isinstance(item, Record), f"{path}: {item}"
        out.append((f"{path.parent.name}/{path.name}#{index}", item))
    return out


def _replay(record: Record) -> Replay:
    # The source is the file's name only, so the snapshots do not depend on the checkout.
    source = Path(record.source).name if record.source else None
    return replay(record, source=source)


def _steps(record: Record) -> int:
    return sum(len(deal.steps) for deal in _replay(record).deals)


CASES = [case for path in HAND_WRITTEN + GAMES for case in _records(path)]
SMALL = [case for case in CASES if _steps(case[1]) <= SMALL_STEPS]
LARGE = [case for case in CASES if case not in SMALL]


def test_the_samples_are_split_as_expected() -> None:
    assert [name for name, _ in SMALL] == [
        "samples/rubicon.bzn#1",
        "samples/rubicon.bzn#2",
        "samples/six-pack.bzn#1",
        "samples/three-handed.bzn#1",
    ]
    assert len(LARGE) == 12


def _one_step_a_line(data: dict[str, Any]) -> str:
    """The data as indented JSON, each step on one line: the same JSON, readable by eye."""
    steps: list[str] = []
    for deal in data["deals"]:
        for number, step in enumerate(deal["steps"]):
            steps.append(json.dumps(step, ensure_ascii=False))
            deal["steps"][number] = f"@step{len(steps) - 1}@"
    text = json.dumps(data, indent=2, ensure_ascii=False)
    for number, line in enumerate(steps):
        text = text.replace(f'"@step{number}@"', line, 1)
    return text + "\n"


@pytest.mark.parametrize(("name", "record"), SMALL, ids=[name for name, _ in SMALL])
def test_every_view_of_each_small_sample(
    name: str, record: Record, snapshot: SnapshotAssertion
) -> None:
    replayed = _replay(record)
    assert replayed.all_findings() == (), f"{name} is a sample and must be clean"
    assert to_markdown(replayed) == snapshot(name="md")
    middle = len(replayed.deals[0].steps) // 2
    assert render_step(replayed, 0, middle, ascii_only=True) == snapshot(name="terminal")
    data = replay_data(replayed)
    assert json.loads(_one_step_a_line(json.loads(to_json(replayed)))) == data
    assert _one_step_a_line(data) == snapshot(name="data")


def test_the_page_of_a_sample_with_record_notes(snapshot: SnapshotAssertion) -> None:
    ((_, record),) = _records(SAMPLES / "two-pack.bzn")
    assert skeleton(to_html(_replay(record))) == snapshot


# --------------------------------------------------------------------------- the large ones


def _embedded(page: str) -> Any:
    block = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S)
    assert block is not None
    return json.loads(block.group(1))


def _rows(sheet: str, deal: int) -> list[list[str]]:
    """The cells of each trick row of deal ``deal`` in a Markdown score sheet."""
    section = sheet.split(f"\n## Deal {deal}\n", 1)[1].split("\n## ", 1)[0]
    return [
        [cell.strip() for cell in line.strip("|").split(" | ")]
        for line in section.splitlines()
        if re.match(r"\| \d+ \|", line)
    ]


def _seven_turned_up(record: Record, number: int) -> str | None:
    """The dealer of deal ``number`` when its turn-up is a seven (10 to the dealer, undeclared:
    bezique-guide.txt, The deal: "if it is a seven, the dealer scores 10 for it at once")."""
    deal = record.deals[number - 1]
    if deal.turnup is not None and str(deal.turnup).startswith("7"):
        return deal.dealer
    return None


@pytest.mark.parametrize(("name", "record"), LARGE, ids=[name for name, _ in LARGE])
def test_the_views_of_each_large_sample_agree_with_the_record(name: str, record: Record) -> None:
    replayed = _replay(record)
    assert replayed.all_findings() == (), f"{name} is a sample and must be clean"
    data = replay_data(replayed)
    assert json.loads(to_json(replayed)) == data
    assert yaml.safe_load(to_yaml(replayed)) == data
    assert _embedded(to_html(replayed)) == data
    sheet = to_markdown(replayed)
    seats = replayed.seats
    for deal, shown in zip(record.deals, replayed.deals, strict=True):
        rows = _rows(sheet, deal.number)
        # one row per trick of the record, in order
        assert [int(row[0]) for row in rows] == [trick.number for trick in deal.tricks]
        # the scores after the last trick are the sums of the scores the record declares
        declared = Counter[str]()
        for item in walk(deal):
            if isinstance(item, Declaration):
                declared[item.seat] += item.score
        dealer = _seven_turned_up(record, deal.number)
        if dealer is not None:
            declared[dealer] += 10
        last = rows[-1]
        assert [int(cell) for cell in last[5 : 5 + len(seats)]] == [declared[s] for s in seats]
        # each trick's draws, as the record writes them
        for trick, row in zip(deal.tricks, rows, strict=True):
            draws = [d for d in trick.events if isinstance(d, Draw)]
            written = [
                f"{d.seat} {card_label(None if c is None else str(c))}"
                for d in draws
                for c in d.cards
            ]
            assert row[4] == ", ".join(written), (deal.number, trick.number)
        # the hands dealt, as a player holds them
        for hand in deal.hands:
            cards = [None if c is None else str(c) for c in hand.cards]
            label = seat_label(hand.seat, replayed.players)
            listed = " ".join(card_label(c) for c in sorted_cards(cards, shown.steps[0].trump))
            assert f"- {label}: {listed}" in sheet
        # the settlement's scores and brisques are the record's score line
        if deal.score is not None and shown.settlement is not None:
            scores = ", ".join(f"{s} {n}" for s, n in deal.score.scores)
            brisques = ", ".join(f"{s} {n}" for s, n in deal.score.brisques)
            assert f"Scores {scores}; brisques {brisques}." in sheet
    result = record.tag("Result")
    assert result is not None and f"(result {md_text(result)})" in sheet


def _game(path: str) -> Replay:
    ((_, record),) = _records(SAMPLES / path)
    return _replay(record)


def test_the_rubicon_game_is_worth_2400_worked_by_hand() -> None:
    shown = _game("games/rubicon.bzn")
    sheet = to_markdown(shown)
    # The declarations sum to A 650, B 470 (checked above); brisques A 12, B 20.
    # rubicon-bezique-laws.txt, Scoring: within 200, the brisques are counted: A 770, B 670.
    # Rubicons: B's 670 is under 1000, so B is rubiconed; the brisques did not save the
    # rubicon, so the game is reckoned as in Foster's 1740 v 850 example (3900): A keeps his
    # own, 770, 700 to the hundred; adds B's 470, 400 to the hundred; and 1300 for rubicon
    # and brisques: 700 + 400 + 1300 = 2400.
    assert "Scores A 650, B 470; brisques A 12, B 20." in sheet
    assert "A wins 2400 (a rubicon)." in sheet
    assert "A wins 2400 (result A 2400)" in sheet


def test_the_chinese_game_is_worth_2500_worked_by_hand() -> None:
    sheet = to_markdown(_game("games/chinese.bzn"))
    # A 980, B 370 (the declarations). rubicon-bezique-laws.txt, Rubicons: B under 1000 is
    # rubiconed, and all 48 brisques (six packs: 24 aces and 24 tens) would bring B to 850
    # only, so none are counted ("not necessary to count the brisques"); A adds B's 300 to
    # his 900 (fractions of a hundred disregarded) and 1300 for rubicon and brisques: 2500.
    assert "Scores A 980, B 370; brisques A 19, B 29." in sheet
    assert "A wins 2500 (a rubicon)." in sheet


def test_a_two_pack_game_has_no_deal_values_and_a_game_result() -> None:
    sheet = to_markdown(_game("games/two-pack.bzn"))
    # Four deals to 1000: each deal's scores only go to the totals.
    assert (
        sheet.count("The deal's scores go to the game's totals; only the game has a result.") == 4
    )
    assert " wins 110." not in sheet  # deal 1's difference is no result
    # Deal scores (points + 10 a brisque): A 110, 200, 150, 140 = 600; B 220, 160, 290,
    # 720 = 1390: B crosses 1000 and wins the difference of the totals (docs/rules.md,
    # settle.target-value): 1390 - 600 = 790, the Result tag.
    assert "B wins 790 (result B 790); totals A 600, B 1390." in sheet
