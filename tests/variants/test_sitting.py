"""Sittings from records (validator.sitting) and ``bezique sitting``, worked by hand.

samples/games/sitting.bzn: five Rubicon games at 10 a hundred, Alice the chouette player in
seat A; Ben, Cara and Dan her adversaries. Values (each record's Result, checked by the replay):
game 1 Alice beats Ben 2400, game 2 Cara beats Alice 2100, game 3 Alice beats Cara 1900,
game 4 Alice beats Dan 600, game 5 Alice beats Ben 2400.

Game 2 by hand: Cara's declarations 40 + 40 + 60 + 60 + 100 + 50 for the last trick = 350 (her
second queen of spades cannot re-form the bezique of trick 5 at trick 26 while it lies whole:
rubicon-bezique-laws.txt, Re-forming Combinations); Alice's 80 + 40 + 40 + 40 + 100 = 300. Within
200, the brisques are counted: 300 + 110 = 410 v 350 + 210 = 560; Alice is rubiconed and Cara
keeps her own: 500 + 300 + 1000 + 300 = 2100 (rubicon-bezique-laws.txt, Scoring and Rubicons).
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation import write_records
from notation.model import Record, Tag
from validator.cli import main
from validator.engine.settlement import SittingSettlement
from validator.sitting import parse_stake, read_records, settle_records, settle_sittings

from .records import DATA, SAMPLES, records_of

SITTING = SAMPLES / "sitting.bzn"
BAD = DATA / "sitting-bad-rotation.bzn"
NAME = "Bath, 18 April 2026"


def test_chouette_sitting_of_five_games_in_hundreds() -> None:
    (report,) = settle_sittings(records_of(SITTING))
    assert report.clean and report.name == NAME
    assert [(g.number, g.winner, g.value, g.hundreds) for g in report.games] == [
        (1, "Hart, Alice", 2400, 24),
        (2, "Lowe, Cara", 2100, 21),
        (3, "Hart, Alice", 1900, 19),
        (4, "Hart, Alice", 600, 6),
        (5, "Hart, Alice", 2400, 24),
    ]
    # rubicon-bezique-laws.txt, Chouette Bézique: the chouette player "takes all bets", so each
    # game's hundreds go against each of the three adversaries:
    # Alice 3 x (24 - 21 + 19 + 6 + 24) = 3 x 52 = +156; each adversary -52 (Stakes: "all
    # fractions of a hundred are disregarded"; Rubicons: "setting down the hundreds only").
    assert report.chouette == "Hart, Alice"
    assert report.settlement is not None
    assert report.settlement.net_hundreds == {
        "Hart, Alice": 156,
        "Marsh, Ben": -52,
        "Lowe, Cara": -52,
        "Dale, Dan": -52,
    }
    # At the Stake of 10 a hundred: +1560 and -520 each.
    assert report.stake == Decimal(10)
    assert report.settlement.money == {
        "Hart, Alice": 1560,
        "Marsh, Ben": -520,
        "Lowe, Cara": -520,
        "Dale, Dan": -520,
    }


def _without_chouette(records: list[Record]) -> list[Record]:
    return [
        dataclasses.replace(r, tags=tuple(t for t in r.tags if t.name != "Chouette"))
        for r in records
    ]


def test_plain_sitting_loser_pays_winner() -> None:
    # Without the chouette each loser pays the winner the game's hundreds:
    # Alice +24 - 21 + 19 + 6 + 24 = +52; Ben -24 - 24 = -48; Cara +21 - 19 = +2; Dan -6.
    (report,) = settle_sittings(_without_chouette(records_of(SITTING)))
    assert report.clean and report.chouette is None
    assert report.settlement is not None
    assert report.settlement.net_hundreds == {
        "Hart, Alice": 52,
        "Marsh, Ben": -48,
        "Lowe, Cara": 2,
        "Dale, Dan": -6,
    }
    assert report.settlement.money["Marsh, Ben"] == -480


def test_games_are_ordered_by_the_game_tag_across_files(tmp_path: Path) -> None:
    records = records_of(SITTING)
    (tmp_path / "b.bzn").write_text(write_records(records[:2]), encoding="utf-8")
    (tmp_path / "a.bzn").write_text(write_records(records[2:][::-1]), encoding="utf-8")
    (report,) = settle_sittings(read_records([tmp_path]))
    assert [g.number for g in report.games] == [1, 2, 3, 4, 5]
    assert report.clean
    assert report.settlement is not None
    assert report.settlement.net_hundreds["Hart, Alice"] == 156


def test_wrong_chouette_rotation_is_reported() -> None:
    # Game 2: Cara beat Alice, so "the same player opposes him for the next game"
    # (rubicon-bezique-laws.txt, Chouette Bézique); the record has Dan play game 3.
    (report,) = settle_sittings(records_of(BAD))
    codes = [(f.code, f.location.file, f.location.line) for f in report.findings]
    chouette_line = _tag_line(BAD, 3, "Chouette")
    assert codes == [("S506", str(BAD), chouette_line)]
    (finding,) = report.findings
    assert "Lowe, Cara plays again" in finding.message and "Dale, Dan" in finding.message
    assert finding.rule_id == "sitting.chouette-rotation"


def _tag_line(path: Path, game: int, name: str) -> int:
    """The line of tag ``name`` in the record of game ``game`` (counted in the file by hand)."""
    seen = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("[Game "):
            written = line.split('"')[1]
            seen = int(written) if written.isdigit() else 0
        if seen == game and line.startswith(f"[{name} "):
            return number
    raise AssertionError(f"no {name} tag in game {game}")


def _reversed_file(source: Path, tmp_path: Path) -> Path:
    path = tmp_path / f"reversed-{source.name}"
    path.write_text(write_records(records_of(source)[::-1]), encoding="utf-8")
    return path


def test_check_judges_the_rotation_in_game_order_whatever_the_file_order(tmp_path: Path) -> None:
    # A sitting is "ordered by Game" (docs/notation.md): the five games of the clean sitting
    # written last game first follow the rotation as they did (audit, 7 December 2026: check
    # and adjudicate had judged them in file order and found S506 where there is none).
    path = _reversed_file(SITTING, tmp_path)
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 0, result.output
    assert "S506" not in result.output


def test_check_finds_the_wrong_rotation_when_the_games_come_reversed(tmp_path: Path) -> None:
    # The bad sitting (Dan plays game 3 where Cara must) written last game first: game 3 comes
    # before game 2, so the finding comes when game 2 is read, at game 3's Chouette tag.
    path = _reversed_file(BAD, tmp_path)
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if " S506 " in line]
    where = f"{path}:{_tag_line(path, 3, 'Chouette')}:1: "
    message = (
        "S506 game 3 of the sitting: Hart, Alice lost game 2, so Lowe, Cara plays again; game 3"
        " is his, not Dale, Dan's"
    )
    assert len(lines) == 1 and lines[0].startswith(where + message)


def test_check_reports_a_game_recorded_twice(tmp_path: Path) -> None:
    # game 1 written twice (as bezique sitting says: R001 "recorded twice"); check had been
    # clean on it
    records = records_of(SITTING)
    path = tmp_path / "twice.bzn"
    path.write_text(write_records([records[0], records[0], records[1]]), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if " R001 " in line]
    assert len(lines) == 1 and "game 1 of the sitting is recorded twice" in lines[0]
    assert "S506" not in result.output


def test_adjudicate_judges_the_rotation_in_game_order(tmp_path: Path) -> None:
    path = _reversed_file(SITTING, tmp_path)
    result = CliRunner().invoke(main, ["adjudicate", str(path)])
    assert "S506" not in result.output


def test_a_loser_who_stays_in_is_reported() -> None:
    records = records_of(SITTING)
    # Game 1: Alice beat Ben, so Ben gives way; give game 2 to Ben instead of Cara.
    tags = tuple(Tag("B", "Marsh, Ben") if t.name == "B" else t for t in records[1].tags)
    records[1] = dataclasses.replace(records[1], tags=tags)
    (report,) = settle_sittings(records)
    s506 = [f for f in report.findings if f.code == "S506"]
    assert len(s506) >= 1 and "Marsh, Ben gives way" in s506[0].message


def test_sitting_faults_are_r001() -> None:
    records = records_of(SITTING)
    records[3] = dataclasses.replace(
        records[3],
        tags=tuple(
            Tag("Stake", "20") if t.name == "Stake" else Tag("Game", "3") if t.name == "Game" else t
            for t in records[3].tags
        ),
    )
    report = settle_records(NAME, records)
    messages = [f.message for f in report.findings if f.code == "R001"]
    assert any("game 3 is recorded twice" in m for m in messages)
    assert any("the stake '20' differs from '10'" in m for m in messages)


def test_stake_text() -> None:
    assert parse_stake("10") == Decimal(10)
    assert parse_stake("0.10 dollars") == Decimal("0.10")
    assert parse_stake("6d") == Decimal(6)
    assert parse_stake("sixpence") is None
    # a letter typed for a digit, glued to the number, is no unit (audit 7 December 2026: "1O"
    # had been read as a stake of 1 in a unit "O", and the sitting settled at 1)
    assert parse_stake("1O") is None
    assert parse_stake("1l") is None
    assert parse_stake("10 O") == Decimal(10)  # a unit written apart is a unit


# ------------------------------------------------------------------ the command
def test_command_clean_sitting_exit_0() -> None:
    result = CliRunner().invoke(main, ["sitting", str(SITTING)])
    assert result.exit_code == 0, result.output
    assert "Hart, Alice  +156 hundreds  +1560 at 10" in result.output
    assert "Dale, Dan    -52 hundreds  -520 at 10" in result.output
    assert "game 4  Hart, Alice v Dale, Dan  Hart, Alice wins 600: 6 hundreds" in result.output


def test_command_bad_rotation_exit_1_and_json() -> None:
    result = CliRunner().invoke(main, ["sitting", str(BAD), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["findings"] == 1
    (sitting,) = data["sittings"]
    # The same five games in another order of adversaries: in a chouette each bets on every
    # game, so the nets are the sitting's own, 3 x 52 = +156 and -52 (-520) each.
    assert sitting["net_hundreds"]["Hart, Alice"] == 156
    assert sitting["money"]["Lowe, Cara"] == "-520"
    assert [f["code"] for f in sitting["findings"]] == ["S506"]
    assert sitting["findings"][0]["location"]["line"] == _tag_line(BAD, 3, "Chouette")


def test_command_unreadable_exit_2_without_traceback(tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["sitting", str(tmp_path / "nothing.bzn")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output
    broken = tmp_path / "broken.bzn"
    broken.write_text('[Sitting "x"]\ndeal 1 dealer B\nhand A QX\n', encoding="utf-8")
    result = runner.invoke(main, ["sitting", str(broken)])
    assert result.exit_code == 2 and "QX" in result.output
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit
    )


def test_command_help_has_examples() -> None:
    result = CliRunner().invoke(main, ["sitting", "--help"])
    assert result.exit_code == 0
    assert "bezique sitting samples/games/sitting.bzn" in result.output
    assert "Exit status" in result.output


@pytest.mark.parametrize("path", [SITTING, BAD])
def test_every_game_of_the_sittings_replays_clean(path: Path) -> None:
    # The fault of the bad file is its rotation only: each game on its own is clean.
    (report,) = settle_sittings(records_of(path))
    assert [f.code for f in report.findings if f.code != "S506"] == []


def test_a_house_rule_that_cannot_be_used_is_r001_once() -> None:
    records = records_of(SITTING)
    tags = (*records[0].tags, Tag("HouseRules", "brisk 300"))
    records[0] = dataclasses.replace(records[0], tags=tags)
    (report,) = settle_sittings(records)
    house = [f for f in report.findings if "HouseRules" in f.message]
    assert len(house) == 1 and house[0].code == "R001" and "'brisk'" in house[0].message


# ------------------------------------------------------------------ a game missing
# docs/notation.md, Game: "the number of this game in its sitting", so a sitting's games are
# numbered 1, 2, 3...; a sitting settled without one of them is settled wrong (bezique sitting
# --help). Audit 13, s06: games 1 and 3 of samples/games/sitting.bzn had been settled clean.


def _games_file(tmp_path: Path, games: list[int], name: str = "some.bzn") -> Path:
    records = records_of(SITTING)
    path = tmp_path / name
    path.write_text(write_records([records[n - 1] for n in games]), encoding="utf-8")
    return path


def test_sitting_reports_a_game_missing_at_the_next_games_game_tag(tmp_path: Path) -> None:
    path = _games_file(tmp_path, [1, 3])
    (report,) = settle_sittings(read_records([path]))
    (finding,) = report.findings
    assert finding.code == "R001"
    assert finding.message.startswith(f"sitting {NAME!r}: game 2 is missing (")
    assert (finding.location.line, finding.location.column) == (_tag_line(path, 3, "Game"), 1)
    result = CliRunner().invoke(main, ["sitting", str(path)])
    assert result.exit_code == 1
    assert f"{path}:{_tag_line(path, 3, 'Game')}:1: R001 sitting {NAME!r}: game 2 is missing" in (
        result.output
    )
    assert "  clean" not in result.output


def test_sitting_counts_from_game_1_and_names_every_game_missing(tmp_path: Path) -> None:
    path = _games_file(tmp_path, [2, 5])
    (report,) = settle_sittings(read_records([path]))
    messages = [(f.message, f.location.line) for f in report.findings if f.code == "R001"]
    assert [m.split(" (")[0] for m, _ in messages] == [
        f"sitting {NAME!r}: game 1 is missing",
        f"sitting {NAME!r}: games 3 and 4 are missing",
    ]
    assert [line for _, line in messages] == [
        _tag_line(path, 2, "Game"),
        _tag_line(path, 5, "Game"),
    ]


def test_check_reports_a_game_missing_between_two_of_a_file(tmp_path: Path) -> None:
    path = _games_file(tmp_path, [1, 3])
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 1
    (line,) = result.output.splitlines()
    assert line.startswith(
        f"{path}:{_tag_line(path, 3, 'Game')}:1: R001 sitting {NAME!r}: game 2 is missing"
    )


def test_check_finds_the_game_missing_whatever_the_order(tmp_path: Path) -> None:
    # game 3 first: game 2 is not known to be missing until game 1 comes, so the finding
    # is game 1's; the records stay in file order; the other sitting is not held up
    records = records_of(SITTING)
    other = dataclasses.replace(
        records[3],
        tags=tuple(Tag("Sitting", "Other") if t.name == "Sitting" else t for t in records[3].tags),
    )
    path = tmp_path / "order.bzn"
    path.write_text(write_records([records[2], other, records[0]]), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 1
    (line,) = result.output.splitlines()
    assert line.startswith(f"{path}:{_tag_line(path, 1, 'Game')}:1: R001 ")
    assert "game 2 is missing" in line
    data = CliRunner().invoke(main, ["check", "-j", "1", "--format", "json", str(path)]).output
    results = json.loads(data)["results"]
    assert [r["line"] for r in results] == sorted(r["line"] for r in results)
    assert [r["status"] for r in results] == ["clean", "clean", "findings"]


def test_check_leaves_games_before_the_files_first_to_other_files(tmp_path: Path) -> None:
    # check reads each file alone: games 1 and 2 may be another file's; sitting, given the
    # files, counts from game 1
    path = _games_file(tmp_path, [3, 4, 5])
    result = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert result.exit_code == 0, result.output
    first = _games_file(tmp_path, [1, 2], "first.bzn")
    both = CliRunner().invoke(main, ["sitting", str(first), str(path)])
    assert both.exit_code == 0, both.output


# ------------------------------------------------------------------ check and sitting agree
# docs/notation.md: Game is "the number of this game in its sitting", Stake "the stake per
# hundred points" (a number, perhaps with a unit: 10, 6d). Audit 13 (s08, t24): check reported
# [Game "two"] but not [Stake "ten"]; sitting reported both (each twice) and still printed
# "stake ten a hundred" in its header.


def _game_one_with(tmp_path: Path, **tags: str) -> Path:
    record = records_of(SITTING)[0]
    record = dataclasses.replace(
        record, tags=tuple(Tag(t.name, tags.get(t.name, t.value)) for t in record.tags)
    )
    path = tmp_path / "one.bzn"
    path.write_text(write_records([record]), encoding="utf-8")
    return path


def test_check_and_sitting_report_the_same_bad_game_and_stake(tmp_path: Path) -> None:
    path = _game_one_with(tmp_path, Game="two", Stake="ten")
    game_at = f"{path}:{_tag_line(path, 0, 'Game')}:1: R001 the Game tag 'two' is not a game number"
    stake_at = f"{path}:{_tag_line(path, 0, 'Stake')}:1: R001 the Stake tag 'ten' is not a number"
    check = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert check.exit_code == 1
    checked = check.output.splitlines()
    assert len(checked) == 2
    assert checked[0].startswith(game_at) and checked[1].startswith(stake_at)
    sitting = CliRunner().invoke(main, ["sitting", str(path)])
    assert sitting.exit_code == 1
    lines = sitting.output.splitlines()
    # the header names no stake (the money is not reckoned); each fault is said once
    assert lines[0] == f"Sitting {NAME!r}: 1 game(s), chouette player Hart, Alice"
    assert "ten" not in "\n".join(lines[:4]) and " at " not in sitting.output
    found = [line for line in lines if " R001 " in line]
    assert len(found) == 2
    assert found[0].startswith(game_at) and found[1].startswith(stake_at)


@pytest.mark.parametrize(("stake", "clean"), [("10", True), ("6d", True), ("1O", False)])
def test_check_reads_the_stake_as_sitting_does(tmp_path: Path, stake: str, clean: bool) -> None:
    path = _game_one_with(tmp_path, Stake=stake)
    check = CliRunner().invoke(main, ["check", "-j", "1", "--no-summary", str(path)])
    assert (check.exit_code == 0) is clean, check.output
    sitting = CliRunner().invoke(main, ["sitting", str(path)])
    assert (sitting.exit_code == 0) is clean, sitting.output
    assert (f"stake {stake} a hundred" in sitting.output) is clean


TIED = DATA / "sitting-tied-game.bzn"


def test_a_tied_game_counts_nothing_and_is_no_fault() -> None:
    # Three Chinese games: Alice beats Ben 2300; a tie, A 450 and 23 brisques v B 430 and 25,
    # 680 each: "In the case of a tie after adding the brisques, the game is null and void"
    # (Portland law 61); Ben beats Alice 3900. Alice 23 - 39 = -16 hundreds, Ben +16. The tie
    # had been an R001 ("no winner and value to settle") and game 3 named "Game 2" in the
    # working (audit 15, case sit02).
    (report,) = settle_sittings(records_of(TIED))
    assert report.clean
    assert report.settlement is not None
    assert report.settlement.net_hundreds == {"Hart, Alice": -16, "Marsh, Ben": 16}
    assert [line.split(":")[0] for line in report.settlement.working[:2]] == ["Game 1", "Game 3"]


def _partners(records: list[Record], sides: list[tuple[str, str]]) -> list[Record]:
    out = []
    for record, (a, b) in zip(_without_chouette(records), sides, strict=False):
        tags = [
            Tag("A", a) if t.name == "A" else Tag("B", b) if t.name == "B" else t
            for t in record.tags
        ]
        out.append(dataclasses.replace(record, tags=tuple(tags)))
    return out


def test_two_against_two_share_each_game_between_the_partners() -> None:
    # rules.md sitting.partners: "a game's hundreds are split equally between the two partners
    # who won them and between the two who lost them". Game 1 (A wins 2400): Alice & Cara beat
    # Ben & Dan, 12 each way; game 2 (B wins 2100), partners changed: Cara & Ben beat Alice &
    # Dan, 10.5 each way. Alice 12 - 10.5 = 1.5, Cara 12 + 10.5 = 22.5, Ben -12 + 10.5 = -1.5,
    # Dan -12 - 10.5 = -22.5. Each seat's two names had been settled as one player, clean
    # (audit 15, cases sit05, sit05b).
    records = _partners(
        records_of(SITTING)[:2],
        [
            ("Hart, Alice & Lowe, Cara", "Marsh, Ben & Dale, Dan"),
            ("Hart, Alice & Dale, Dan", "Lowe, Cara & Marsh, Ben"),
        ],
    )
    (report,) = settle_sittings(records)
    assert report.settlement is not None
    assert report.settlement.net_hundreds == {
        "Hart, Alice": Decimal("1.5"),
        "Lowe, Cara": Decimal("22.5"),
        "Marsh, Ben": Decimal("-1.5"),
        "Dale, Dan": Decimal("-22.5"),
    }


def test_partners_on_one_seat_only_are_reported() -> None:
    records = _partners(records_of(SITTING)[:2], [("Hart, Alice & Lowe, Cara", "Marsh, Ben")] * 2)
    (report,) = settle_sittings(records)
    assert any("one seat names two partners" in f.message for f in report.findings)


def _settled_clean(name: str) -> SittingSettlement:
    """The settlement of the one sitting of ``name`` (under the tests' data), which must be
    clean."""
    (report,) = settle_sittings(records_of(DATA / name))
    assert report.clean, report.findings
    assert report.settlement is not None
    return report.settlement


def test_a_three_handed_game_is_settled_with_each_loser() -> None:
    # audit 21, W1: deal 1 of samples/games/three-handed.bzn played to 1500, A 120, B 120,
    # C 1660. "Three persons play, each for himself" (foster-1914-ordinary-bezique.txt,
    # Three-handed Bézique); each loser owes the winner the difference between their totals
    # (rule settle.target-value): 1660 - 120 = 1540 each, 15 hundreds each ("setting down the
    # hundreds only"). Cara +30, Alice -15, Ben -15; at 10 a hundred +300, -150, -150. It had
    # been refused: "a game of 3 players cannot be settled between two in hundreds".
    settled = _settled_clean("sitting-three-handed.bzn")
    assert settled.net_hundreds == {"Lowe, Cara": 30, "Hart, Alice": -15, "Marsh, Ben": -15}
    assert settled.money["Lowe, Cara"] == 300


def test_a_chouette_adversary_whose_only_game_was_void_still_bets() -> None:
    # audit 21, W2: Chinese Bézique, Alice the chouette player at 10 a hundred. Game 1: Alice
    # beats Ben, 2300 (23 hundreds); game 2: Alice and Cara tie at 680 after the brisques,
    # null and void (Portland law 61). The chouette player takes all bets
    # (rubicon-bezique-laws.txt, Chouette Bézique: "one of several players agrees to take all
    # bets"), so each adversary pays game 1: Alice +46, Ben -23, Cara -23. Cara had been left
    # out (Alice +23, Ben -23), where a game Cara lost would have had her pay game 1 too.
    settled = _settled_clean("sitting-chouette-void.bzn")
    assert settled.net_hundreds == {"Hart, Alice": 46, "Marsh, Ben": -23, "Lowe, Cara": -23}


def test_a_game_valued_in_games_is_not_read_as_points() -> None:
    # audit 21, W3: a two-pack game played "for so much a game" (HouseRules game-value games;
    # foster-1914-ordinary-bezique.txt, Stakes: "It is usual to count it a double game if the
    # loser has not reached 500 points"): Ben wins 2 games. A sitting in hundreds of points
    # does not settle games (rule sitting.hundreds): R001 says so, where the 2 had been read as
    # 2 points, 0 hundreds, and the sitting called clean with nothing paid.
    (report,) = settle_sittings(records_of(DATA / "sitting-game-value-games.bzn"))
    assert [(f.code, "counts games, not points" in f.message) for f in report.findings] == [
        ("R001", True)
    ]
    assert report.settlement is None
    assert report.games[0].hundreds is None and report.games[0].value == 2
