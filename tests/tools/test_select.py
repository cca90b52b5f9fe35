"""``bezique select``: tests on tags and findings, stripping, splitting, streaming in order.

The expectations come from the records themselves, written here by hand, or, for the finding
codes, from each dispute's own ``expect finding CODE`` lines (worked from the texts when the
dispute was written), never from the selection's own output.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation import Record, read_records, read_text_records, write_record
from validator import TagFilterError, parse_tag_filter, replay_record, strip_record
from validator.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
DISPUTES = SAMPLES / "disputes"


def _record(text: str) -> Record:
    (record,) = list(read_text_records(text))
    assert isinstance(record, Record)
    return record


HEADERS = {
    "bare": "",  # first: a record without tags can only open a file
    "bath": '[Event "Bath Open"]\n[Date "2024.03.02"]\n[Round "2"]\n[Variant "rubicon"]\n'
    '[A "Hart, Alice"]\n[B "Cole, Ben"]\n[Result "A 1100"]\n',
    "bath-late": '[Event "Bath Open"]\n[Date "2024.03.30"]\n[Round "11"]\n[Variant "Bezique"]\n'
    '[A "Marsh, Ben"]\n[B "Hart, Alice"]\n[Result "B 600"]\n',
    "york": '[Event "York Club"]\n[Date "2024.04.??"]\n[A "Lee, Ann"]\n[B "Cole, Ben"]\n'
    '[Laws "french"]\n[Result "*"]\n',
}
BODY = "deal 1 dealer B\n1. A 7D B 9C\n"


def _matches(test: str, name: str) -> bool:
    return parse_tag_filter(test).matches(_record(HEADERS[name] + "\n" + BODY))


@pytest.mark.parametrize(
    ("test", "wanted"),
    [
        ("Event=Bath Open", {"bath", "bath-late"}),
        ("event=Bath Open", {"bath", "bath-late"}),  # a tag's name in any case
        ("Event!=Bath Open", {"york", "bare"}),  # without the tag, != holds
        ("Event~^Bath", {"bath", "bath-late"}),
        ("Event!~Bath", {"york", "bare"}),
        ("Event~(?i)club", {"york"}),
        ("Round>=3", {"bath-late"}),  # 11 >= 3 as numbers ("11" < "3" as text)
        ("Round<3", {"bath"}),
        ("Round=2.0", {"bath"}),
        ("Date>=2024.03.15", {"bath-late", "york"}),  # York's April is after March 15th
        ("Date<2024.05.01", {"bath", "bath-late", "york"}),
        ("Date<=2024.04.30", {"bath", "bath-late"}),  # York's unknown day decides: no answer
        ("Date>2023.12.31", {"bath", "bath-late", "york"}),
        ("players~Hart", {"bath", "bath-late"}),
        ("players=Cole, Ben", {"bath", "york"}),
        ("players!~Hart", {"york", "bare"}),
        ("variant=two-pack", {"bath-late"}),  # "Bezique" is the two-pack game's other name
        ("variant=rubicon", {"bath", "york", "bare"}),  # no Variant tag: Rubicon is assumed
        ("laws=english", {"bath", "bath-late", "bare"}),
        ("result~^A ", {"bath"}),
    ],
)
def test_tag_tests_by_hand(test: str, wanted: set[str]) -> None:
    assert {name for name in HEADERS if _matches(test, name)} == wanted


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Event", "expected NAME OP VALUE"),
        ("=Bath", "expected NAME OP VALUE"),
        ("Event~(", "not a regular expression"),
        ("Round>=", "a range needs a value"),
    ],
)
def test_bad_tag_tests_say_why(text: str, message: str) -> None:
    with pytest.raises(TagFilterError, match=re.escape(message)):
        parse_tag_filter(text)


GAMES = sorted((SAMPLES / "games").glob("*.bzn")) + sorted(SAMPLES.glob("*.bzn"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_stripping_takes_annotations_only(path: Path) -> None:
    for record in read_records(path):
        assert isinstance(record, Record)
        bare = strip_record(record, {"comments", "glyphs", "variations"})
        text = write_record(bare)
        assert "{" not in text and ";" not in text and "(" not in text
        assert not re.search(r" (!!|\?\?|!\?|\?!|!|\$\d+)( |$)", text, re.M)
        # The game is untouched: the same plays, and the same findings on replay.
        plays = [[p for t in d.tricks for p in t.plays] for d in record.deals]
        assert [[(p.seat, p.card) for p in deal] for deal in plays] == [
            [(p.seat, p.card) for t in d.tricks for p in t.plays] for d in bare.deals
        ]
        before = [(f.code, f.seat) for f in replay_record(record, steps=False).all_findings()]
        after = [(f.code, f.seat) for f in replay_record(bare, steps=False).all_findings()]
        assert before == after


def test_stripping_one_kind_keeps_the_others() -> None:
    records = [r for r in read_records(SAMPLES / "rubicon.bzn") if isinstance(r, Record)]
    text = write_record(records[0])
    assert "(" in text and "{" in text  # the sample has both
    kept = write_record(strip_record(records[0], {"variations"}))
    assert "(" not in kept and "{" in kept
    kept = write_record(strip_record(records[0], {"comments"}))
    assert "(" in kept and "{" not in kept


def _archive(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    path = tmp_path / "round.bzn"
    lines: dict[str, int] = {}
    text = ""
    for name, header in HEADERS.items():
        if text:
            text += "\n"
        lines[name] = text.count("\n") + 1
        text += header + ("\n" if header else "") + BODY
    path.write_text(text, encoding="utf-8")
    return path, lines


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["select", *args], input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def test_select_lists_and_writes_what_passes_every_test(tmp_path: Path) -> None:
    path, lines = _archive(tmp_path)
    code, out, err = _run(str(path), "-t", "Event=Bath Open", "-t", "Round>=3", "--list", "-j", "1")
    assert code == 0
    assert out == f"{path}:{lines['bath-late']}\n"
    assert err.strip() == "1 of 4 records selected"
    code, out, _ = _run(str(path), "-t", "players~Cole", "-j", "1")
    assert [r.tag("Event") for r in read_text_records(out)] == ["Bath Open", "York Club"]
    # Written as they were (here already canonical), one blank line between records.
    assert out == write_record(_record(HEADERS["bath"] + "\n" + BODY)) + "\n" + write_record(
        _record(HEADERS["york"] + "\n" + BODY)
    )
    code, out, err = _run(str(path), "-t", "Event=Nowhere")
    assert (code, out) == (1, "")
    assert "0 of 4 records selected" in err


def _expected_codes(path: Path) -> set[str]:
    return set(re.findall(r"^expect finding ([A-Z]\d{3})", path.read_text(encoding="utf-8"), re.M))


def test_select_by_finding_code_finds_the_disputes_that_expect_it() -> None:
    disputes = sorted(DISPUTES.glob("*.bzn"))
    for code in ("P201", "W306", "A411"):
        wanted = [f"{p}:1" for p in disputes if code in _expected_codes(p)]
        assert wanted
        status, out, _ = _run(str(DISPUTES), "--code", code, "--list", "-j", "1")
        assert (status, out.splitlines()) == (0, wanted)
    _, both, _ = _run(str(DISPUTES), "--code", "P201,W306", "--list", "-j", "1")
    assert set(both.splitlines()) == {
        f"{p}:1" for p in disputes if _expected_codes(p) & {"P201", "W306"}
    }


def test_clean_and_unclean_split_the_samples() -> None:
    sound = [str(p) for p in sorted((SAMPLES / "games").glob("*.bzn"))]
    _, clean, _ = _run(*sound, str(DISPUTES), "--clean", "--list", "-j", "1")
    _, unclean, _ = _run(*sound, str(DISPUTES), "--unclean", "--list", "-j", "1")
    # The games are sound (the README's promise); every dispute has a finding.
    assert {line.split(":")[0] for line in clean.splitlines()} == set(sound)
    assert {line.split(":")[0] for line in unclean.splitlines()} == {
        str(p) for p in DISPUTES.glob("*.bzn")
    }


def test_split_writes_one_file_a_record(tmp_path: Path) -> None:
    path, _ = _archive(tmp_path)
    out = tmp_path / "out"
    code, _, _ = _run(str(path), "--split", str(out), "--strip", "comments", "-j", "1")
    assert code == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "00001.bzn",
        "00002-hart-v-cole.bzn",
        "00003-marsh-v-hart.bzn",
        "00004-lee-v-cole.bzn",
    ]
    assert _record((out / "00004-lee-v-cole.bzn").read_text()).tag("Event") == "York Club"
    code, _, err = _run(str(path), "--split", str(out))
    assert code == 2 and "not empty" in err


def test_jobs_do_not_change_the_output() -> None:
    corpus = str(SAMPLES / "corpus")
    one = _run(corpus, "-t", "variant!=chinese", "--strip", "comments", "-j", "1")
    two = _run(
        corpus, "-t", "variant!=chinese", "--strip", "comments", "-j", "2", "--batch-size", "2"
    )
    assert one == two and one[1].count("[Event") == 20


def test_a_broken_record_is_reported_and_the_others_written(tmp_path: Path) -> None:
    path = tmp_path / "mixed.bzn"
    path.write_text(
        HEADERS["bath"]
        + "\n"
        + BODY
        + "\n"
        + HEADERS["york"]
        + "\ndeal 1 dealer B\n1. A 7X B 9C\n"
        + "\n"
        + HEADERS["bath-late"]
        + "\n"
        + BODY
    )
    code, out, err = _run(str(path), "--list", "-j", "1")
    assert code == 2
    assert out.splitlines() == [f"{path}:1", f"{path}:22"]
    assert f"{path}:20:" in err and "2 of 3 records selected, 1 unreadable" in err


def test_standard_input_and_usage_errors(tmp_path: Path) -> None:
    code, out, _ = _run("-", "-t", "Round=2", stdin=HEADERS["bath"] + "\n" + BODY)
    assert code == 0 and out.startswith('[Event "Bath Open"]')
    for args, message in [
        (["-t", "Event"], "expected NAME OP VALUE"),
        (["--code", "Q999"], "no finding code Q999"),
        (["--strip", "tags"], "cannot strip tags"),
        (["--split", str(tmp_path / "d"), "-o", str(tmp_path / "f.bzn")], "exclusive"),
    ]:
        code, _, err = _run(str(SAMPLES / "two-pack.bzn"), *args)
        assert code == 2 and message in err, (args, err)
    code, _, err = _run(str(tmp_path / "missing.bzn"))
    assert code == 2 and "no such file or folder" in err
