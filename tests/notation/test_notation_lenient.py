"""Lenient reading: a record with faults yields what could be read, in place, and its faults.

The expected records are written out by hand from the texts: the faulty line left out, every
other statement where it stands.
"""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

from notation import (
    Comment,
    Deal,
    Draw,
    NotationError,
    Play,
    Record,
    Tag,
    Trick,
    iter_records,
    parse_record,
    parse_record_lenient,
    read_records,
)
from notation.parser import MAX_ERRORS_PER_RECORD, parse_record_collecting

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from notation_speed import annotated
from rubicon_deal import rubicon_deal

TEXT = (
    '[Event "Bath"]\n'
    '[Result "*"]\n'
    "\n"
    "deal 1 dealer B\n"
    "1. A 7D B 9C\n"
    "  draw A KH, B QH\n"
    "2. A QX B 8D\n"  # line 7: a misspelled card
    "  draw A 9S, B 7S\n"
    "3. A 9H B AH\n"
)


def test_a_misspelled_card_loses_its_line_only() -> None:
    record = parse_record_lenient(TEXT, "game.bzn")
    assert [(e.line, e.column, e.message) for e in record.errors] == [
        (7, 6, "expected a card such as QS or 10H, found 'QX'")
    ]
    assert record.tags == (Tag("Event", "Bath"), Tag("Result", "*"))
    deal = record.deals[0]
    # trick 2 is gone, its draws join trick 1's (they follow it in the text); trick 3 stands
    assert deal.tricks == (
        Trick(
            1,
            (Play("A", "7D"), Play("B", "9C")),
            (Draw("A", ("KH",)), Draw("B", ("QH",)), Draw("A", ("9S",)), Draw("B", ("7S",))),
        ),
        Trick(3, (Play("A", "9H"), Play("B", "AH"))),
    )
    assert deal.tricks[1].pos == (9, 1)
    assert record.source == "game.bzn"


def test_errors_are_not_part_of_equality_and_empty_when_clean() -> None:
    clean = parse_record_lenient(TEXT.replace("QX", "7H"))
    assert clean.errors == ()
    assert parse_record(TEXT.replace("QX", "7H")).errors == ()
    broken = parse_record_lenient(TEXT)
    assert broken == Record(broken.tags, broken.deals, broken.events)
    assert broken.errors


def test_strict_reading_raises_the_first_fault() -> None:
    with pytest.raises(NotationError) as caught:
        parse_record(TEXT, "game.bzn")
    assert caught.value.location == "game.bzn:7:6"
    record, errors = parse_record_collecting(TEXT)
    assert record is None and len(errors) == 1


def test_nothing_readable_gives_an_empty_record_with_its_errors() -> None:
    record = parse_record_lenient("\x00\x01 binary\n[Event\n", "junk.bzn")
    assert (record.tags, record.deals, record.events) == ((), (), ())
    assert [(e.line, e.column) for e in record.errors] == [(1, 1), (2, 7)]
    assert all(e.source == "junk.bzn" for e in record.errors)


def test_an_unclosed_comment_keeps_its_text_and_the_tricks_after_it() -> None:
    """Issue 14: the '{' on trick 2 ate tricks 3 and 4 and the record checked clean."""
    text = "deal 1 dealer B\n1. A 7D B 9C\n2. A 9H B AH ! {B wins\n3. A 7D B 9D\n4. A 8D B 9S {x}\n"
    record = parse_record_lenient(text)
    assert [(e.line, e.column) for e in record.errors] == [(3, 16)]
    tricks = record.deals[0].tricks
    assert [t.number for t in tricks] == [1, 2, 3, 4]
    assert tricks[1].plays[1] == Play("B", "AH", glyphs=("!",))
    assert tricks[1].events == (Comment("B wins"),)  # in its place, after its line
    assert tricks[3].plays[1].comments == (Comment("x"),)


def test_a_comment_open_to_the_end_keeps_its_lines_as_text() -> None:
    record = parse_record_lenient("deal 1 dealer B\n1. A 7D B 9C {B wins\nthe trick, and\n")
    assert [(e.line, e.column) for e in record.errors] == [(2, 14)]
    assert record.deals[0].tricks[0].events == (Comment("B wins\nthe trick, and"),)


def test_a_second_tag_a_bad_date_and_a_misnumbered_trick() -> None:
    text = (
        '[Result "A 2400"]\n'
        '[Date "7 May 2026"]\n'
        '[Result "B 100"]\n'
        "\n"
        "deal 1 dealer B\n"
        "1. A 7D B 9C\n"
        "2. A 8D B 9D\n"
        "5. A 9H B 7H\n"
        "4. A 8H B 7S\n"
    )
    record = parse_record_lenient(text)
    assert [(e.line, e.column) for e in record.errors] == [(2, 7), (3, 1), (8, 1)]
    assert record.tags == (Tag("Result", "A 2400"),)  # the first is kept, the bad Date left out
    # a trick whose number alone is wrong stays where it was played
    assert [t.number for t in record.deals[0].tricks] == [1, 2, 5, 4]


def test_too_deep_a_variation_is_left_out_and_the_rest_read() -> None:
    text = (
        "deal 1 dealer B\n"
        "1. A 7D B 9C\n" + "(\n" * 101 + "  2. A 8D B 9D\n" + ")\n" * 101 + "2. A 9H B 7H\n"
    )
    record = parse_record_lenient(text)
    assert [(e.line, e.column) for e in record.errors] == [(103, 1)]
    deal = record.deals[0]
    assert [t.number for t in deal.tricks] == [1, 2]
    depth, events = 0, deal.tricks[0].events
    while events:
        depth += 1
        (variation,) = events
        events = variation.events
    assert depth == 100
    assert variation.tricks == ()  # the 101st held the trick: left out with it


def test_read_records_lenient_yields_records_with_their_errors() -> None:
    text = (
        '[Event "one"]\n\ndeal 1 dealer B\n1. A QX B 9C\n2. A 8D B 9D\n\n'
        '[Event "two"]\n\ndeal 1 dealer A\n1. B 7D A 9C\n'
    )
    items = list(read_records(io.StringIO(text), name="two.bzn", lenient=True))
    assert all(isinstance(i, Record) for i in items)
    one, two = items
    assert isinstance(one, Record) and isinstance(two, Record)
    assert [e.location for e in one.errors] == ["two.bzn:4:6"]
    assert [t.number for t in one.deals[0].tricks] == [2]
    assert two.errors == ()
    # strict reading still yields the bare error in place of the first record
    strict = list(read_records(io.StringIO(text)))
    assert isinstance(strict[0], NotationError) and isinstance(strict[1], Record)


def test_iter_records_lenient_yields_every_record_and_collects_the_errors() -> None:
    text = '[Event "one"]\n\ndeal 1 dealer B\n1. A QX B 9C\n\n[Event "two"]\n\ndeal 1 dealer A\n'
    errors: list[NotationError] = []
    records = list(iter_records(io.StringIO(text), lenient=True, errors=errors))
    assert [r.tag("Event") for r in records] == ["one", "two"]
    assert [e.line for e in errors] == [4]
    assert [r.tag("Event") for r in iter_records(io.StringIO(text), lenient=True)] == [
        "one",
        "two",
    ]


def test_a_comment_left_open_does_not_hide_the_next_record() -> None:
    text = (
        '[Event "one"]\n\ndeal 1 dealer B\n1. A 7D B 9C {oops\n\n[Event "two"]\n\ndeal 1 dealer A\n'
    )
    records = list(read_records(io.StringIO(text), lenient=True))
    assert [r.tag("Event") for r in records] == ["one", "two"]  # type: ignore[union-attr]
    first = records[0]
    assert isinstance(first, Record)
    assert [(e.line, e.column) for e in first.errors] == [(4, 14)]


def test_a_comment_over_tag_lines_does_not_split_the_record() -> None:
    text = '[Event "one"]\n{a note\n\nstill the note}\n[Site "x"]\n\ndeal 1 dealer B\n'
    (record,) = list(read_records(io.StringIO(text)))
    assert isinstance(record, Record)
    assert record.tags == (Tag("Event", "one"), Tag("Site", "x"))
    assert record.events == (Comment("a note\n\nstill the note"),)


def test_a_variation_in_a_record_that_starts_further_down_its_file() -> None:
    """The parentheses Lark read were placed by their line in the record, not in the file."""
    text = "deal 1 dealer B\n1. A 7D B 9C\n  (\n  1. A 7D B 8D\n  )\n2. A 8D B 9D\n"
    at_top = parse_record(text)
    further = parse_record(text, first_line=41)
    assert further == at_top
    assert further.deals[0].tricks[0].events[0].pos == (43, 3)


def test_a_thousand_faults_and_no_more() -> None:
    lines = ["deal 1 dealer B"] + ["1. A QX B 9C"] * (MAX_ERRORS_PER_RECORD + 50)
    record = parse_record_lenient("\n".join(lines) + "\n")
    assert len(record.errors) == MAX_ERRORS_PER_RECORD + 1
    last = record.errors[-1]
    assert (last.line, last.message) == (
        MAX_ERRORS_PER_RECORD + 2,  # the line after the last fault reported
        f"more than {MAX_ERRORS_PER_RECORD} faults: the rest of the record is not read",
    )
    assert record.deals == (Deal(1, "B"),)


def test_an_excerpt_may_start_anywhere() -> None:
    text = "deal 1 dealer B\n60. A KH B 7S\n62. B 9H A 8C\n"
    with pytest.raises(NotationError, match="a deal's first trick is 1"):
        parse_record(text)
    assert [t.number for t in parse_record(text, excerpt=True).deals[0].tricks] == [60, 62]


def _without_trick(record: Record, index: int) -> Record:
    """The record with trick ``index`` of its deal taken out, as a reader who skips that line
    would have it: the events after it join the trick before (or the deal's events)."""
    deal = record.deals[0]
    tricks = list(deal.tricks)
    gone = tricks.pop(index)
    events = deal.events
    if index == 0:
        events = events + gone.events
    else:
        before = tricks[index - 1]
        tricks[index - 1] = Trick(before.number, before.plays, before.events + gone.events)
    changed = Deal(
        deal.number, deal.dealer, deal.cut, deal.hands, deal.stock, deal.turnup, events,
        tuple(tricks), deal.score, deal.comments, deal.turnup_comments,
    )  # fmt: skip
    return Record(record.tags, (changed,), record.events)


@pytest.mark.parametrize("seed", [3, 21, 40])
def test_one_bad_trick_line_anywhere_loses_that_trick_only(seed: int) -> None:
    rng = random.Random(seed)
    for text in (rubicon_deal(seed), annotated(rubicon_deal(seed))):
        clean = parse_record(text)
        lines = text.split("\n")
        tricks = [i for i, line in enumerate(lines) if line[:1].isdigit()]
        for index in rng.sample(range(len(tricks)), 8):
            broken = list(lines)
            at = tricks[index]
            broken[at] = broken[at].replace(" B ", " B Q", 1)  # `B QTD`: not a card
            record = parse_record_lenient("\n".join(broken))
            assert [e.line for e in record.errors] == [at + 1]
            assert record == _without_trick(clean, index)
