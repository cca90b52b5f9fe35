"""``bezique adjudicate``: the ruling as text, Markdown and JSON, exit codes, errors, --record."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from validator.cli import main

# A wrong marriage challenged at once (Portland law 50: taken down), then B's declaration after a
# trick A won, challenged only after a card of the next trick (law 50: it stands).
DISPUTE = """[Event "Club night"]
[A "Hart, Alice"]
[B "Cole, Ben"]
[Variant "rubicon"]
[Laws "english"]
[Result "*"]

deal 1 dealer B
1. A 7D B 9C
A marriage KC QH 40
^challenge B
draw A ?, B ?
2. A 8D B 9S
B marriage KS QS 40
draw A ?, B ?
3. A 9D B 7S
^challenge A
"""

CLEAN = """[Variant "rubicon"]
[A "Hart, Alice"]
[B "Cole, Ben"]

deal 1 dealer B
1. A 7D B 9C
draw A ?, B ?
"""

# B deals and exposes one of A's cards; A elects a fresh deal (Portland law 13).
ELECTION = """[Variant "rubicon"]

deal 1 dealer B
hand A 7D 8H 9H JD JS QS KS TS AS
^exposed A JD
"""


def _run(tmp_path: Path, text: str, *args: str) -> tuple[int, str, str]:
    path = tmp_path / "game.bzn"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["adjudicate", str(path), *args])
    return result.exit_code, result.stdout, result.stderr


def test_text_ruling(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, DISPUTE)
    assert code == 1
    assert "A: Hart, Alice" in out and "Event: Club night" in out
    assert "Laws: English laws" in out
    # The first irregularity: law 50, challenged in time, taken down.
    assert "1. A412 (error), line 10, column 1; deal 1; trick 1" in out
    assert "Law: Portland law 50; rubicon-bezique-laws.txt, Irregular Announcements." in out
    assert "Effect: A's 40 is taken down." in out
    # The second: challenged late, the 40 stands.
    assert "2. A402 (error), line 14, column 1; deal 1; trick 2" in out
    assert "the 40 marked stands good" in out
    # Marked A 40, B 40; corrected: A's 40 taken down, B's stands.
    assert "Scores as marked: A 40, B 40" in out
    assert "Corrected scores: A 0, B 40" in out
    assert "Result: not settled (the game is unfinished)." in out


def test_laws_option_overrides_the_tag(tmp_path: Path) -> None:
    # Foster (French), Scoring: scores erroneously marked "must be taken down": both come down.
    code, out, _ = _run(tmp_path, DISPUTE, "--laws", "french")
    assert code == 1
    assert "Laws: French laws" in out
    assert "Corrected scores: A 0, B 0" in out


def test_elections_open_are_ruled_on_each(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, ELECTION)
    assert code == 1
    assert "Elections open: void-deal, deal-stands; made: none recorded." in out
    assert "- void-deal: the deal is void." in out
    assert "- deal-stands: no change to the scores." in out


def test_election_made(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, ELECTION + "^elect A void-deal\n")
    assert code == 1
    assert "made: void-deal" in out
    assert "Result of the deal: void, nothing scores." in out


def test_markdown(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, DISPUTE, "--format", "md")
    assert code == 1
    assert out.startswith("# Ruling on ")
    assert "## Facts" in out and "## Deal 1" in out and "## Result" in out
    assert "### 1. A412: A marriage KC QH" in out
    assert "- Law: Portland law 50; rubicon-bezique-laws.txt, Irregular Announcements" in out
    assert "**Corrected scores:** A 0, B 40" in out


def test_json(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, DISPUTE, "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert (data["schema"], data["version"]) == ("bezique-adjudication", 1)
    assert data["errors"] == []
    (ruling,) = data["rulings"]
    assert ruling["laws"]["name"] == "english"
    assert ruling["players"] == {"A": "Hart, Alice", "B": "Cole, Ben"}
    assert ruling["rulings_made"] == 2
    (deal,) = ruling["deals"]
    assert deal["marked"] == {"A": 40, "B": 40}
    assert deal["corrected"] == {"A": 0, "B": 40}
    first, second = deal["irregularities"]
    assert first["code"] == "A412" and first["remedy"]["score_changes"] == {"A": -40}
    assert second["code"] == "A402" and second["remedy"]["score_changes"] == {}
    assert first["options"] == [] and first["location"]["line"] == 10


def test_json_options(tmp_path: Path) -> None:
    _, out, _ = _run(tmp_path, ELECTION, "--format", "json")
    (item,) = json.loads(out)["rulings"][0]["deals"][0]["irregularities"]
    assert [o["elected"] for o in item["options"]] == ["void-deal", "deal-stands"]
    assert [o["void_deal"] for o in item["options"]] == [True, False]


def test_json_options_are_empty_once_an_election_is_recorded(tmp_path: Path) -> None:
    # docs/adjudicate.md: options "when the law gives an election and the record states none
    # ...; otherwise empty"; every option had been listed (audit of 7 December 2026)
    _, out, _ = _run(tmp_path, ELECTION + "^elect A deal-stands\n", "--format", "json")
    (item,) = json.loads(out)["rulings"][0]["deals"][0]["irregularities"]
    assert item["remedy"]["elected"] == "deal-stands"
    assert item["options"] == []


def test_nothing_to_rule(tmp_path: Path) -> None:
    code, out, _ = _run(tmp_path, CLEAN)
    assert code == 0
    assert "No irregularity." in out
    assert "Nothing to rule" in out


def test_record_option(tmp_path: Path) -> None:
    text = CLEAN + "\n" + DISPUTE
    code, out, _ = _run(tmp_path, text, "--record", "1")
    assert code == 0 and "Nothing to rule" in out
    code, out, _ = _run(tmp_path, text, "--record", "2")
    assert code == 1 and "record 2" in out and "A412" in out
    code, _, err = _run(tmp_path, text, "--record", "3")
    assert code == 2 and "there is no record 3 (the file holds 2)" in err


def test_broken_record(tmp_path: Path) -> None:
    code, out, err = _run(tmp_path, "deal 1 dealer B\n1. A 7D B\n\n" + DISPUTE)
    assert code == 2
    assert "game.bzn:2:10: expected a card" in err and "Traceback" not in err
    # The good record is still ruled on.
    assert "A412" in out


def test_unreadable_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["adjudicate", str(tmp_path / "missing.bzn")])
    assert result.exit_code == 2
    assert "no such file" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_bad_laws(tmp_path: Path) -> None:
    code, _, err = _run(tmp_path, DISPUTE, "--laws", "klingon")
    assert code == 2
    assert "--laws" in err and "unknown laws 'klingon'" in err


def test_help_has_examples() -> None:
    result = CliRunner().invoke(main, ["adjudicate", "--help"])
    assert result.exit_code == 0
    assert (
        "bezique adjudicate samples/disputes/revoke-in-the-last-tricks.bzn --format json"
        in result.stdout
    )
    assert "Exit status" in result.stdout


def test_chouette_rotation_over_the_file(tmp_path: Path) -> None:
    # Two games the chouette player A wins against the same Ben: Ben should have given way
    # (rubicon-bezique-laws.txt, Chouette Bézique). The second game's ruling says so.
    from test_replay_cases import _chouette_game

    text = _chouette_game(1, "Cole, Ben") + "\n" + _chouette_game(2, "Cole, Ben")
    code, out, _ = _run(tmp_path, text, "--format", "json")
    assert code == 1
    first, second = json.loads(out)["rulings"]
    assert first["record_irregularities"] == []
    assert [i["code"] for i in second["record_irregularities"]] == ["S506"]
    assert second["rulings_made"] == 1


def test_brisques_already_in_the_scores_are_said_to_be() -> None:
    # In the two-pack game the deal's scores hold the brisques, ten each (A 4 brisques: 40); a
    # director reading "A 40; brisques A 4" could count them twice (audit of 7 December 2026).
    # In Rubicon they are counted only to settle, and nothing is added.
    disputes = Path(__file__).resolve().parents[2] / "samples" / "disputes"
    two_pack = CliRunner().invoke(
        main, ["adjudicate", str(disputes / "failure-to-win-two-pack.bzn")]
    )
    assert (
        "Scores as marked: A 40, B 130; brisques A 4, B 12 (counted in those scores, ten each)."
        in (two_pack.output)
    )
    rubicon = CliRunner().invoke(
        main, ["adjudicate", str(disputes / "revoke-in-the-last-tricks.bzn")]
    )
    assert "Scores as marked: A 0, B 50; brisques A 28, B 4." in rubicon.output
