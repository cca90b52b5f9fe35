"""``compare`` and ``compare --merge``: two score sheets of one game.

The round trip: a simulated record is cut into its players' sheets (``halves.sheet``, written
apart from the merge), and the merge of the sheets must give the record back, byte for byte.
The contradictions are planted by hand, each at a line the test finds in the text itself.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from halves import sheet

from notation import Comment, Record, Trick, read_text_records, write_record
from validator import MergeError, compare_records, merge_records, simulate_game
from validator.cli import main
from validator.simulate import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "samples" / "sheets"


def _one(text: str, name: str = "x.bzn") -> Record:
    (record,) = list(read_text_records(text, name))
    assert isinstance(record, Record)
    return record


def _line_of(text: str, wanted: str) -> int:
    """The 1-based number of the first line of ``text`` starting with ``wanted``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if line.startswith(wanted))


GAMES = [(v, seed, player) for v in VARIANTS for seed, player in ((1, "greedy"), (2, "random"))]


@pytest.mark.parametrize(("variant", "seed", "player"), GAMES)
def test_the_merge_of_the_players_sheets_gives_the_record_back(
    variant: str, seed: int, player: str
) -> None:
    record = simulate_game(variant, seed, player).record
    seats = [h.seat for h in record.deals[0].hands]
    sheets = [
        sheet(record, seat, other_hands="omitted" if i % 2 else "unknown")
        for i, seat in enumerate(seats)
    ]
    # Through the text, as the sheets would come: parsed, with their positions.
    parsed = [_one(write_record(s), f"{seat}.bzn") for seat, s in zip(seats, sheets, strict=True)]
    merged = parsed[0]
    for other in parsed[1:]:
        comparison = compare_records(merged, other)
        assert comparison.contradictions == ()
        assert comparison.gaps  # each names what the other does not
        merged = merge_records(merged, other)
    assert write_record(merged) == write_record(record)
    assert merged == record


def test_a_record_agrees_with_itself() -> None:
    record = simulate_game("rubicon", 3).record
    assert compare_records(record, record).differences == ()
    assert merge_records(record, record) == record


def test_the_sample_sheets_merge_into_the_sample_game() -> None:
    runner = CliRunner()
    alice, ben = str(SHEETS / "alice.bzn"), str(SHEETS / "ben.bzn")
    result = runner.invoke(main, ["compare", alice, ben, "--merge"])
    assert result.exit_code == 0, result.output
    merged = _one(result.stdout)
    game = _one((ROOT / "samples" / "games" / "rubicon.bzn").read_text(encoding="utf-8"))
    # The merge is the game, and the two notes that say whose sheet each is: Alice's sheet's
    # notes (hers, then the game's), then Ben's.
    notes = [e for e in merged.events if isinstance(e, Comment)]
    assert [n.text.split("'s")[0] for n in (notes[0], notes[-1])] == ["Alice Hart", "Ben Marsh"]
    assert replace(merged, events=tuple(notes[1:-1])) == game
    assert "no contradiction; 113 fact(s) only one of them names" in result.stderr


def test_a_contradiction_is_shown_at_its_line_in_both_files(tmp_path: Path) -> None:
    record = simulate_game("two-pack", 5).record
    text_a = write_record(sheet(record, "A"))
    text_b = write_record(sheet(record, "B", other_hands="omitted"))
    trick = record.deals[0].tricks[6]
    written = f"{trick.number}. {trick.plays[0].seat} {trick.plays[0].card}"
    wrong_card = "7D" if str(trick.plays[0].card) != "7D" else "8D"
    text_b = text_b.replace(written + " ", f"{written[:-2]}{wrong_card} ", 1)
    (tmp_path / "a.bzn").write_text(text_a)
    (tmp_path / "b.bzn").write_text(text_b)
    line_a, line_b = _line_of(text_a, f"{trick.number}. "), _line_of(text_b, f"{trick.number}. ")
    assert line_a != line_b  # B's sheet has no line for A's hand
    comparison = compare_records(_one(text_a, "a.bzn"), _one(text_b, "b.bzn"))
    (found,) = comparison.contradictions
    assert found.where == f"deal 1, trick {trick.number}, play 1"
    assert found.pos_a is not None and found.pos_b is not None
    assert (found.pos_a.line, found.pos_b.line) == (line_a, line_b)
    with pytest.raises(MergeError) as caught:
        merge_records(_one(text_a), _one(text_b))
    assert caught.value.contradictions == (found,)
    result = CliRunner().invoke(
        main, ["compare", str(tmp_path / "a.bzn"), str(tmp_path / "b.bzn"), "--merge"]
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    first = result.stderr.splitlines()[0]
    column = len(f"{trick.number}. ") + 1  # the play's own column, after the trick's number
    assert first.startswith(
        f"{tmp_path / 'a.bzn'}:{line_a}:{column}: {tmp_path / 'b.bzn'}:{line_b}:{column}: "
    )
    assert first.endswith(f"has {written[-4:]}, {tmp_path / 'b.bzn'} {written[-4:-2]}{wrong_card}")
    assert "nothing merged" in result.stderr


SHEET_A = """[Event "Club night"]
[Date "2024.03.01"]
[Result "*"]

deal 1 dealer B
hand A KS QS 7D 8D 9D JH QH KH 7C
stock KD ? ? AC
1. A 7D B 9D
  draw A KD, B ?
2. A 8D B TD {Ben takes the ten}
"""

SHEET_B = """[Event "Club night"]
[Date "2024.03.01"]
[Site "Bath"]
[Result "A 1100"]

deal 1 dealer B
hand B 9D TD 7S 8S 9S TS JS AS 7H
stock ? 7H ? ?
1. A 7D B 9D
  draw A ?, B 7H
2. A 8D B TD
3. A KS B AS
"""


def test_each_sheet_brings_its_own_knowledge() -> None:
    merged = merge_records(_one(SHEET_A), _one(SHEET_B))
    assert write_record(merged) == (
        '[Event "Club night"]\n'
        '[Date "2024.03.01"]\n'
        '[Result "A 1100"]\n'
        '[Site "Bath"]\n'
        "\n"
        "deal 1 dealer B\n"
        "hand A KS QS 7D 8D 9D JH QH KH 7C\n"
        "hand B 9D TD 7S 8S 9S TS JS AS 7H\n"
        "stock KD 7H ? AC\n"
        "1. A 7D B 9D\n"
        "  draw A KD, B 7H\n"
        "2. A 8D B TD {Ben takes the ten}\n"
        "3. A KS B AS\n"
    )
    differences = compare_records(_one(SHEET_A), _one(SHEET_B)).differences
    where = {d.where: (d.kind, d.a, d.b) for d in differences}
    assert where["tag Result"] == ("gap", '[Result "*"]', '[Result "A 1100"]')
    assert where["tag Site"] == ("gap", None, '[Site "Bath"]')
    assert where["deal 1, trick 3"] == ("gap", None, "3. A KS B AS")
    assert where["deal 1, trick 1, B's draw"] == ("gap", "draw B ?", "draw B 7H")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (('[Date "2024.03.01"]', '[Date "2024.03.02"]'), "tag Date"),
        (("deal 1 dealer B", "deal 1 dealer A"), "deal 1, the dealer"),
        (("stock ? 7H ? ?", "stock QC 7H ? ?"), "deal 1, the stock, card 1"),
        (("draw A ?, B 7H", "draw A KC, B 7H"), "deal 1, trick 1, A's draw"),
        (("draw A ?, B 7H", "draw B 7H, A ?"), "deal 1, trick 1, B's draw"),
        (("hand B 9D TD", "hand A 9D TD 7S 8S 9S TS JS AS 7H\nhand B 9D TD"), "deal 1, hand A"),
        (("2. A 8D B TD", "2. A 8D B TD\n  B marriage KH QH 20"), None),
        (("2. A 8D B TD", "2. A 8D^L B TD"), None),
    ],
)
def test_what_contradicts_and_what_does_not(change: tuple[str, str], where: str | None) -> None:
    changed = SHEET_B.replace(*change)
    assert changed != SHEET_B
    comparison = compare_records(_one(SHEET_A), _one(changed))
    found = [d.where for d in comparison.contradictions]
    if where is None:
        # A declaration or a mark one sheet alone writes is its own knowledge.
        assert found == []
    else:
        assert where in found
        with pytest.raises(MergeError):
            merge_records(_one(SHEET_A), _one(changed))


def test_a_sheet_that_stops_early_is_completed_by_the_other() -> None:
    record = simulate_game("rubicon", 9).record
    deal = record.deals[0]
    short = replace(deal, tricks=deal.tricks[:10], score=None)
    fragment = replace(record, deals=(short,))
    merged = merge_records(fragment, record)
    assert merged == record
    gaps = compare_records(fragment, record).gaps
    assert len([g for g in gaps if ", trick " in g.where]) == len(deal.tricks) - 10


def test_annotations_of_both_sides_are_kept_once() -> None:
    record = simulate_game("two-pack", 4).record
    deal = record.deals[0]

    def noted(text: str, extra: str) -> Record:
        trick = deal.tricks[2]
        events = (*trick.events, Comment(text), Comment(extra))
        tricks = list(deal.tricks)
        tricks[2] = Trick(trick.number, trick.plays, events, trick.comments)
        return replace(record, deals=(replace(deal, tricks=tuple(tricks)), *record.deals[1:]))

    merged = merge_records(noted("shared", "A's note"), noted("shared", "B's note"))
    texts = [e.text for e in merged.deals[0].tricks[2].events if isinstance(e, Comment)]
    assert texts == ["shared", "A's note", "B's note"]


def test_command_errors_are_clear(tmp_path: Path) -> None:
    runner = CliRunner()
    good = str(SHEETS / "alice.bzn")
    missing = runner.invoke(main, ["compare", good, str(tmp_path / "none.bzn")])
    assert missing.exit_code == 2 and "none.bzn: no such file" in missing.stderr
    broken = tmp_path / "broken.bzn"
    broken.write_text("deal 1 dealer B\n1. A 7X B 9C\n")
    bad = runner.invoke(main, ["compare", good, str(broken)])
    assert bad.exit_code == 2 and f"{broken}:2:" in bad.stderr
    assert "Traceback" not in bad.output
    both = runner.invoke(main, ["compare", "-", "-"])
    assert both.exit_code == 2 and "only one of A and B may be -" in both.stderr
    piped = runner.invoke(main, ["compare", good, "-", "-q"], input=Path(good).read_text())
    assert piped.exit_code == 0 and piped.output == ""
    out = tmp_path / "merged.bzn"
    ben = str(SHEETS / "ben.bzn")
    wrote = runner.invoke(main, ["compare", good, ben, "--merge", "-o", str(out)])
    assert wrote.exit_code == 0 and out.read_text().startswith('[Event "Bath')
