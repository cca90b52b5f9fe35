"""The canonical writer: a fixed point on every sample, lenient input made canonical."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from notation import (
    Card,
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Hand,
    Play,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
    parse_record,
    parse_records,
    write_record,
    write_records,
)
from notation.model import Combination, Mark
from notation.writer import write_variation

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").glob("*.bzn"))
sys.path.insert(0, str(ROOT / "bench"))


def test_there_are_four_samples() -> None:
    assert [p.name for p in SAMPLES] == [
        "rubicon.bzn",
        "six-pack.bzn",
        "three-handed.bzn",
        "two-pack.bzn",
    ]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_are_canonical_and_a_fixed_point(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    records = parse_records(text, str(path))
    assert write_records(records) == text
    again = parse_records(write_records(records))
    assert again == records


LENIENT = (
    '\ufeff[Event  "x"]\r\n'
    "\r\n"
    "deal 1 dealer B  cut 10s\r\n"
    "hand\tA 10h q\u2660 k\u2665 j\u2666 7\u2663 ? ...\r\n"
    "stock ah ? ...   ;   top first  \r\n"
    "1.\tA 7d\t\tB 9C!\r\n"
    "     draw A kh,B ?\r\n"
    "   B Marriage kc qc 40 carry marriage ks qs 20,aces as ah ad ac 100 {  later  }\r\n"
    "score  A 10  B 20 brisques A 1 B 2\r\n"
)

CANONICAL = (
    '[Event "x"]\n'
    "\n"
    "deal 1 dealer B cut TS\n"
    "hand A TH QS KH JD 7C ? ...\n"
    "stock AH ? ... ; top first\n"
    "1. A 7D B 9C !\n"
    "  draw A KH, B ?\n"
    "  B marriage KC QC 40 carry marriage KS QS 20, aces AS AH AD AC 100 {later}\n"
    "score A 10 B 20 brisques A 1 B 2\n"
)


def test_lenient_input_is_written_back_canonical() -> None:
    record = parse_record(LENIENT)
    assert write_record(record) == CANONICAL
    assert write_record(parse_record(CANONICAL)) == CANONICAL


def test_comments_glyphs_unknown_tags_and_variations_survive() -> None:
    text = (
        '[Zebra "stripes"]\n'
        "\n"
        "{before}\n"
        "\n"
        "deal 1 dealer B {deal note}\n"
        "1. A 7D !! $12 {hm} B 9C ?\n"
        "  B marriage KC QC 40 !? ; first\n"
        "  ( 1. A 7D B 8D^L\n"
        "      draw A ? ; alt\n"
        "  )\n"
        '  ^ruling "stands" {note}\n'
    )
    assert write_record(parse_record(text)) == text


def test_a_line_comment_followed_by_more_becomes_a_brace_comment() -> None:
    record = Record(
        deals=(
            Deal(
                1,
                "B",
                score=DealScore(scores={"A": 1}, comments=(Comment("a}", line=True), Comment("b"))),
            ),
        )
    )
    text = write_record(record)
    assert text == "deal 1 dealer B\nscore A 1 {a\\}} {b}\n"
    assert write_record(parse_record(text)) == text


def test_a_record_built_in_code_is_written_and_read_back() -> None:
    """A simulator builds records with plain constructors and card text."""
    deal = Deal(
        1,
        "B",
        hands=(Hand("A", "7D 8H ? ?"), Hand("B", ("KC", "QC"))),
        stock=Stock("KH QH", more=True),
        turnup="9S",
        events=(Declaration("A", "carte-blanche", score=50),),
        tricks=(
            Trick(
                1,
                (Play("A", "7D"), Play("B", "9D", glyphs=("!",))),
                (
                    Declaration(
                        "B",
                        "marriage",
                        "KC QC",
                        40,
                        carried=(Combination("marriage", "KS QS", 20),),
                    ),
                    Draw("B", ("KH",)),
                    Draw("A", (None,)),
                    Mark("exposed", "A", ("7H",)),
                    Variation(tricks=(Trick(1, (Play("A", "7D"), Play("B", "8D"))),)),
                ),
            ),
        ),
        score=DealScore(scores={"A": 50, "B": 40}, totals={"A": 50, "B": 40}),
    )
    record = Record(tags=(Tag("Event", "Simulated"), Tag("Result", "*")), deals=(deal,))
    text = write_record(record)
    assert text == (
        '[Event "Simulated"]\n'
        '[Result "*"]\n'
        "\n"
        "deal 1 dealer B\n"
        "hand A 7D 8H ? ?\n"
        "hand B KC QC\n"
        "stock KH QH ...\n"
        "turnup 9S\n"
        "A carte-blanche 50\n"
        "1. A 7D B 9D !\n"
        "  B marriage KC QC 40 carry marriage KS QS 20\n"
        "  draw B KH, A ?\n"
        "  ^exposed A 7H\n"
        "  ( 1. A 7D B 8D )\n"
        "score A 50 B 40\n"
        "total A 50 B 40\n"
    )
    assert parse_record(text) == record


def test_write_variation() -> None:
    variation = Variation(tricks=(Trick(3, (Play("A", "7D"), Play("B", "8D")), (Draw("A"),)),))
    assert write_variation(variation) == "( 3. A 7D B 8D\n    draw A ? )"


@pytest.mark.parametrize(
    ("cls", "text"),
    [
        (Tag, '[Event "Bath \\"Open\\""]'),
        (Play, "A 7D^L !? $3"),
        (Combination, "marriage KS QS 20"),
        (
            Declaration,
            "B double-bezique QS QS JD JD 500 ! carry marriage KS QS 20, marriage KS QS 20",
        ),
        (Declaration, "B marriage KS QS 20 fresh ?! carry marriage KH QH 20 {two}"),
        (Draw, "A KH QH"),
        (Mark, '^elect B void-deal "after the revoke"'),
    ],
)
def test_small_values_have_a_text_round_trip(cls: type, text: str) -> None:
    value = cls.parse(text)  # type: ignore[attr-defined]
    assert isinstance(value, cls)
    assert str(value) == text


def test_small_value_parse_rejects_another_kind() -> None:
    with pytest.raises(ValueError, match="is not a Declaration"):
        Declaration.parse("^challenge A")


def test_record_tag_and_seats() -> None:
    record = parse_record('[A "Alice"]\n[C "Cara"]\n\ndeal 1 dealer B\n')
    assert record.tag("A") == "Alice"
    assert record.tag("Event") is None
    assert record.seats == ("A", "B", "C")


def test_card_text_round_trip_is_kept() -> None:
    assert str(Card.parse("10h")) == "TH"
    assert Card.parse("Q♠") == Card("Q", "S")


def test_fresh_is_in_the_json_model() -> None:
    decl = Declaration.parse("B marriage KS QS 20 fresh")
    assert decl.fresh is True
    assert decl.to_dict()["fresh"] is True
    assert Declaration.parse("B marriage KS QS 20").to_dict()["fresh"] is False


# A comment in every place the grammar (docs/notation.md, section 2) lets one stand, each with
# its own text C01, C02...: written and read back, every one must be where it was.
EVERY_COMMENT_PLACE = (
    "{C01 before the tags}\n"
    '[Event "x"] {C02 on a tag line}\n'
    "; C03 between tags\n"
    '[Variant "two-pack"] ; C04 on a tag line\n'
    "\n"
    "{C05 before the first deal}\n"
    '^ruling "before" {C06 on a mark before the first deal}\n'
    "deal 1 dealer B cut 9D {C07 on the deal line}\n"
    "hand A KH QH ? ... {C08 on a hand line}\n"
    "{C09 between header lines}\n"
    "stock JH AH ... ; C10 on a stock line\n"
    "turnup AH {C11 on the turn-up line}\n"
    "{C12 before the first trick}\n"
    "A carte-blanche 50 {C13 on a declaration}\n"
    "1. {C14 between the number and the first play} A 7S B TS\n"
    "  B marriage KC QC 20 {C15 after the score} ! {C16 after a glyph} "
    "carry marriage KS QS 20 {C17 after carry}\n"
    "  draw B JH, A AH {C18 on a draw line}\n"
    "  ^exposed A 7H {C19 on a mark}\n"
    "  {C20 after a trick's events}\n"
    "2.{C21 glued to the number} A 9C ! {C22 on a play} $1 B 8C ; C23 at the end\n"
    "3. A 8C {C24 on the first play} B 9D {C25 on the last play}\n"
    "  ( {C26 opening a variation}\n"
    "    3. {C27 in a variation, after the number} A 8C B 7C ; C28 last in a variation\n"
    "  )\n"
    "4. {C29 on a trick line without plays}\n"
    "5. ; C30 on a trick line without plays\n"
    "score A 70 B 20 brisques A 1 B 0 {C31 on the score line}\n"
    "total A 70 B 20 {C32 on the total line}\n"
    "{C33 after the deal's end}\n"
)


def test_every_comment_place_survives_writing() -> None:
    record = parse_record(EVERY_COMMENT_PLACE)
    written = write_record(record)
    assert parse_record(written) == record
    assert write_record(parse_record(written)) == written
    for number in range(1, 34):
        assert f"C{number:02} " in written, f"C{number:02} lost"


def test_a_comment_between_a_trick_number_and_its_first_play_stays_there() -> None:
    """Audit 13, c01 and c17: ``3. {x} A 9C`` had been written ``3. A 9C``, the comment lost."""
    for line in ("3. {ON-TRICK-3} A 9C B 8C", "3.{ON-TRICK-3} A 9C B 8C"):
        text = "deal 1 dealer B\n1. A 7S B TS\n2. B 7D A 8D\n" + line + "\n"
        record = parse_record(text, excerpt=True)
        assert record.deals[0].tricks[2] == Trick(
            3, (Play("A", "9C"), Play("B", "8C")), comments=(Comment("ON-TRICK-3"),)
        )
        written = write_record(record)
        assert written.splitlines()[-1] == "3. {ON-TRICK-3} A 9C B 8C"
        assert parse_record(written) == record


def test_a_line_comment_before_plays_built_in_code_is_written_in_braces() -> None:
    trick = Trick(3, (Play("A", "9C"),), comments=(Comment("first", line=True),))
    record = Record(deals=(Deal(1, "B", tricks=(Trick(1), Trick(2), trick)),))
    written = write_record(record)
    assert written.splitlines()[-1] == "3. {first} A 9C"
    assert write_record(parse_record(written)) == written


def test_turn_up_comments_without_a_turn_up_are_written_as_comment_lines() -> None:
    """A deal built in code may hold comments for a turn-up it does not name: the writer had
    dropped them; there is no turn-up line to put them on, so they are comment lines."""
    deal = Deal(1, "B", turnup_comments=(Comment("cut again", line=True), Comment("x")))
    written = write_record(Record(deals=(deal,)))
    assert written == "deal 1 dealer B\n; cut again\n{x}\n"
    assert parse_record(written).deals[0].events == (Comment("cut again", line=True), Comment("x"))
