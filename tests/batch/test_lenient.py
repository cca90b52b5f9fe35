"""``bezique check`` on a record with a line it cannot read: checked up to that line, no further.

The records are ``samples/games/rubicon.bzn`` (one deal, clean: ``bezique check`` exits 0 on
it) with faults planted by hand, each judged against rubicon-bezique-laws.txt:

- trick 5, ``5. A JC B QC`` written ``5. B QC A JC`` (line 31): A won trick 4 (``B 8S A
  TS``: "If the second player in any trick follows suit, the higher card wins", the ten above
  the eight), so A was to lead; B leads out of turn and A plays to the lead: "the trick stands
  good" (Irregularities in Play). P201, and the trick's winner does not change (B's queen
  still beats A's jack of clubs, so the draws stay as written);
- trick 6, ``A queens QS QS QH QH 60`` claimed as 80 (line 34): "Any four Queens | 60".
  A411, the claim corrected to 60;
- trick 30, ``B marriage KS QS 20`` claimed as 40 (line 93): "King and Queen in any plain
  suit, Marriage | 20" (hearts are trumps since trick 4). A411 -- but it lies after the
  unreadable line, so it must not be reported;
- trick 20, ``20. A 8C B TC`` written ``20. A QX B TC`` (line 67): ``QX`` is no card, the
  line cannot be read.

The whole record read strictly (without the ``QX``) gives the three A411/P201 findings and
the two S501 that the two wrong claims bring to the score line (the claims count at their
value as marked); the test checks that first, so that the absence of the later ones is
meaningful.
"""

from __future__ import annotations

import json
from pathlib import Path

from notation.parser import parse_record, parse_record_lenient
from validator.batch import (
    PARTLY_READ,
    UNREADABLE,
    RecordResult,
    RecordText,
    check_items,
    check_record,
    expand_paths,
    read_items,
)
from validator.replay import replay
from validator.replay.cut import cut_record

from .cli_run import ROOT, bezique
from .schema import check as schema_errors

SAMPLE = (ROOT / "samples" / "games" / "rubicon.bzn").read_text(encoding="utf-8")
QX_LINE = 67
P201 = (
    ":31:4: P201 B led QC out of turn (A was to play) [A played to the card led out of turn: "
    "it is too late to rectify the error, the trick stands.]"
)
A411 = (
    ":34:3: A411 A queens scores 60, not 80 [An error in marking the score may be corrected "
    "at any time during the game: A's 80 becomes 60.]"
)


def _edit(text: str, line: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert lines[line - 1] == old, lines[line - 1]
    lines[line - 1] = new
    return "\n".join(lines)


def planted(bad_card: bool = True) -> str:
    text = _edit(SAMPLE, 31, "5. A JC B QC", "5. B QC A JC")
    text = _edit(text, 34, "  A queens QS QS QH QH 60", "  A queens QS QS QH QH 80")
    text = _edit(text, 93, "  B marriage KS QS 20", "  B marriage KS QS 40")
    if bad_card:
        text = _edit(text, QX_LINE, "20. A 8C B TC", "20. A QX B TC")
    return text


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _note(path: Path, line: int) -> str:
    return (
        f"{path}:{line + 1}:1: note: the record of line 1 is checked up to line {line} only: "
        f"nothing from line {line + 1} on is replayed\n"
    )


QX_ERROR = "expected a card such as QS or 10H, found 'QX'\n    20. A QX B TC\n          ^\n"


def test_the_planted_faults_are_found_in_the_whole_record(tmp_path: Path) -> None:
    path = _write(tmp_path, "whole.bzn", planted(bad_card=False))
    run = bezique("check", str(path))
    assert run.code == 1
    codes = [(line.split(":")[1], line.split()[1]) for line in run.out.splitlines()]
    assert codes == [("31", "P201"), ("34", "A411"), ("93", "A411"), ("159", "S501"),
                     ("159", "S501")]  # fmt: skip


def test_a_bad_card_at_trick_20_keeps_the_findings_before_it_and_none_after(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path, "qx.bzn", planted())
    run = bezique("check", str(path))
    assert run.code == 2
    # the faults of tricks 5 and 6; not the claim of trick 30, nor anything the cut would
    # make (the deal "ending" before every card is played, a score line not reached)
    assert run.out == f"{path}{P201}\n{path}{A411}\n"
    assert run.err == f"{path}:{QX_LINE}:7: {QX_ERROR}" + _note(path, QX_LINE - 1)


def test_the_same_on_two_workers(tmp_path: Path) -> None:
    # three copies, one a batch: the run is too big for the main process alone
    path = _write(tmp_path, "three.bzn", "\n".join([planted()] * 3))
    one = bezique("check", str(path), "--jobs", "1", "--no-summary")
    two = bezique("check", str(path), "--jobs", "2", "--batch-size", "1", "--no-summary")
    assert two.code == one.code == 2
    assert (two.out, two.err) == (one.out, one.err)
    assert two.out.count(": P201 ") == two.out.count(": A411 ") == 3
    assert len(two.out.splitlines()) == 6
    assert two.err.count(": note: the record of line ") == 3


def test_the_json_form_says_partly_read_and_how_far(tmp_path: Path) -> None:
    path = _write(tmp_path, "qx.bzn", planted())
    run = bezique("check", str(path), "--format", "json", "--jobs", "2")
    assert run.code == 2
    document = json.loads(run.out)
    assert schema_errors(document) == []
    assert document["version"] == 2
    (result,) = document["results"]
    assert result["status"] == "partly-read"
    assert result["read_to_line"] == QX_LINE - 1
    assert [(f["code"], f["location"]["line"]) for f in result["findings"]] == [
        ("P201", 31),
        ("A411", 34),
    ]
    assert [(e["line"], e["column"]) for e in result["errors"]] == [(QX_LINE, 7)]
    assert document["summary"]["partly_read"] == 1
    assert document["summary"]["unreadable_records"] == 1
    assert document["summary"]["codes"] == {"A411": 1, "P201": 1}
    assert document["summary"]["exit_code"] == 2


def test_a_clean_record_with_a_bad_line_at_its_end(tmp_path: Path) -> None:
    # the sample's last line is its score line, 159; the bad line is line 160
    assert SAMPLE.rstrip("\n").count("\n") + 1 == 159
    path = _write(tmp_path, "end.bzn", SAMPLE.rstrip("\n") + "\n20. A QX B TC\n")
    run = bezique("check", str(path))
    assert run.code == 2
    assert run.out == ""
    assert run.err == f"{path}:160:7: {QX_ERROR}" + _note(path, 159)
    json_run = bezique("check", str(path), "--format", "json")
    document = json.loads(json_run.out)
    assert schema_errors(document) == []
    (result,) = document["results"]
    assert (result["status"], result["read_to_line"], result["findings"]) == (
        "partly-read",
        159,
        [],
    )


def test_the_strict_form_stays_for_callers() -> None:
    item = RecordText("qx.bzn", 1, planted())
    strict = check_record(item, lenient=False)
    assert (strict.status, strict.findings, strict.read_to_line) == (UNREADABLE, (), None)
    assert [e["line"] for e in strict.errors] == [QX_LINE]
    lenient = check_record(item)
    assert (lenient.status, lenient.read_to_line) == (PARTLY_READ, QX_LINE - 1)
    assert [f["code"] for f in lenient.findings] == ["P201", "A411"]


def test_the_replay_takes_a_cut_record_to_stop_unread() -> None:
    record = parse_record(SAMPLE, "rubicon.bzn")
    # cut after trick 19 (line 66): the deal is not over; as a record that simply ended
    # there, the replay would find it ended before every card was played, and its Result tag
    # naming a winner of a game no deal settles (S503)
    ended = replay(cut_record(record, QX_LINE - 1), steps=False)
    assert [f.code for f in ended.all_findings()] == ["S503", "P209"]
    cut = replay(record, steps=False, read_to=QX_LINE - 1)
    assert cut.all_findings() == ()
    assert cut.game is None  # not settled: the Result tag is not checked
    assert len(cut.record.deals[0].tricks) == 19


def test_a_deal_cut_in_its_header_is_not_replayed() -> None:
    # hand B (line 15) cannot be read: the deal's header may be cut short, no play is read
    text = _edit(
        SAMPLE, 15, "hand B TD AS AS AS 8S TC 8S TS 9C", "hand B TD AS AS AS 8S TC 8S TS 9X"
    )
    record = parse_record_lenient(text, "hand.bzn")
    assert [e.line for e in record.errors] == [15]
    cut = replay(record, steps=False, read_to=14)
    assert (cut.deals, cut.all_findings()) == ((), ())


# A chouette (rubicon-bezique-laws.txt, Chouette Bézique): "If the chouette player wins, one
# of his opponents takes the loser's place; but if he loses, the same player opposes him for
# the next game." In tests/variants/data/sitting-bad-rotation.bzn Alice (the chouette) loses
# game 2 to Cara, and Dan plays game 3: S506 at game 3's Chouette tag (line 320).
BAD_ROTATION = (ROOT / "tests" / "variants" / "data" / "sitting-bad-rotation.bzn").read_text(
    encoding="utf-8"
)


def _s506(run_out: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in run_out.splitlines() if " S506 " in line]


def test_a_game_not_read_whole_breaks_the_chouette_rotation(tmp_path: Path) -> None:
    whole = bezique("check", str(_write(tmp_path, "whole.bzn", BAD_ROTATION)), "--no-summary")
    assert [line.split(" [")[0] for line in _s506(whole.out)] == [
        "S506 game 3 of the sitting: Hart, Alice lost game 2, so Lowe, Cara plays again; "
        "game 3 is his, not Dale, Dan's"
    ]
    # game 1 cut at its trick 5: game 3 is still judged against game 2, and numbered as such
    first = _edit(BAD_ROTATION, 32, "5. A JC B QC", "5. A JC B QX")
    run = bezique("check", str(_write(tmp_path, "first.bzn", first)), "--no-summary")
    assert run.code == 2
    assert _s506(run.out) == _s506(whole.out)
    # game 2 cut: who won it is not known, so who may play game 3 is not either
    second = _edit(BAD_ROTATION, 188, "5. A 7H B 8H", "5. A 7H B 8X")
    run = bezique("check", str(_write(tmp_path, "second.bzn", second)), "--no-summary")
    assert run.code == 2
    assert _s506(run.out) == []


def test_the_game_after_one_not_read_whole_is_not_blamed(tmp_path: Path) -> None:
    # samples/games/sitting.bzn keeps the rotation: Alice beats Ben (game 1), loses to Cara
    # (game 2), beats Cara (game 3), then meets Dan (game 4). With game 3 cut at its trick 5,
    # game 4 judged against game 2 (Alice lost: Cara again) would be a false S506.
    text = (ROOT / "samples" / "games" / "sitting.bzn").read_text(encoding="utf-8")
    path = _write(tmp_path, "sitting.bzn", _edit(text, 342, "5. B 9D A QD", "5. B 9D A QX"))
    run = bezique("check", str(path), "--no-summary")
    assert (run.code, run.out) == (2, "")
    strict = list(check_items(read_items(expand_paths([str(path)])), lenient=False))
    assert [o.status for o in strict if isinstance(o, RecordResult)] == [
        "clean",
        "clean",
        "unreadable",
        "clean",
        "clean",
    ]
