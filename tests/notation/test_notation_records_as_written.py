"""Records read as they are written: what a file holds is one record, several, or none, and a
statement out of place is one fault at it, not a cascade nor a record split in two.

Every expected value is worked out by hand from the texts below.
"""

from __future__ import annotations

import io

from notation import Comment, NotationError, Record, Tag, read_records

TAGS = '[Event "x"]\n[A "Hart"]\n[B "Cole"]\n'
DEAL = "deal 1 dealer B\n1. A 7D B 9D\n2. B 8S A TS\n"


def _read(text: str) -> list[Record | NotationError]:
    return list(read_records(io.StringIO(text), name="t.bzn", lenient=True))


def test_a_text_of_comments_only_holds_no_record() -> None:
    assert _read("{just a note}\n") == []
    assert _read("; a remark\n\n; another\n") == []
    assert _read("{a note\nover two lines}\n; and a remark\n") == []


def test_comments_before_a_record_stay_with_it() -> None:
    (record,) = _read("; a remark\n" + TAGS + "\n" + DEAL)
    assert isinstance(record, Record)
    assert record.events == (Comment("a remark", line=True),)
    assert [t.name for t in record.tags] == ["Event", "A", "B"]


def test_a_line_that_opens_with_a_comment_and_holds_a_move_is_a_record() -> None:
    # the line starts with '{' but says something after the comment: not a note
    (record,) = _read("deal 1 dealer B\n{a guess} 1. A 7D B 9D\n")
    assert isinstance(record, Record)
    assert len(record.deals) == 1


def test_a_variation_among_the_tags_is_one_fault_and_the_record_stays_whole() -> None:
    text = '[Event "x"]\n[A "Hart"]\n( 1. A 7D B 9D )\n[B "Cole"]\n\n' + DEAL
    (record,) = _read(text)
    assert isinstance(record, Record)
    assert record.tags == (Tag("Event", "x"), Tag("A", "Hart"), Tag("B", "Cole"))
    assert [(e.line, e.column) for e in record.errors] == [(3, 1)]  # the '(' of line 3
    assert record.errors[0].message.startswith("a variation among the tags")
    assert [t.number for t in record.deals[0].tricks] == [1, 2]


def test_a_variation_over_lines_among_the_tags_does_not_split_the_record() -> None:
    text = '[Event "x"]\n(\n1. A 7D B 9D\n)\n[B "Cole"]\n\n' + DEAL
    (record,) = _read(text)
    assert isinstance(record, Record)
    assert [t.name for t in record.tags] == ["Event", "B"]
    assert [(e.line, e.column) for e in record.errors] == [(2, 1)]


def test_a_variation_left_open_among_the_tags_loses_no_tag_nor_record() -> None:
    text = '[Event "x"]\n( 1. A 7D B 9D\n[B "Cole"]\n\n' + DEAL + '\n[Event "y"]\n\n' + DEAL
    one, two = _read(text)
    assert isinstance(one, Record) and isinstance(two, Record)
    assert [t.name for t in one.tags] == ["Event", "B"]  # the tag after the '(' is kept
    assert [(e.line, e.column) for e in one.errors] == [(2, 1)]
    assert two.tag("Event") == "y" and two.errors == ()
