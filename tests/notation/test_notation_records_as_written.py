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


def _tricks(count: int) -> str:
    """``count`` trick lines numbered from 1 (the cards do not matter to the notation)."""
    return "".join(f"{n}. A 7D B 9D\n" for n in range(1, count + 1))


def test_a_score_line_before_trick_1_is_one_fault_at_it_not_one_a_trick() -> None:
    text = TAGS + "\ndeal 1 dealer B\nscore A 0 B 0\n" + _tricks(30)
    (record,) = _read(text)
    assert isinstance(record, Record)
    # line 5 is "deal 1 dealer B", line 6 the score line, 7 to 36 the thirty tricks
    assert [(e.line, e.column, e.text) for e in record.errors] == [(6, 1, "score A 0 B 0")]
    assert record.errors[0].message.startswith("a 'score' line before trick 1: ")
    (deal,) = record.deals
    assert [t.number for t in deal.tricks] == list(range(1, 31))
    assert deal.score is None  # the score line out of place is left out


def test_what_follows_an_early_score_line_goes_in_the_deal_where_it_stands() -> None:
    text = TAGS + "\ndeal 1 dealer B\nscore A 0 B 0\n{a note}\nA carte-blanche 50\n" + _tricks(2)
    (record,) = _read(text)
    assert isinstance(record, Record)
    assert [e.line for e in record.errors] == [6]
    (deal,) = record.deals
    kinds = [type(event).__name__ for event in deal.events]
    assert kinds == ["Comment", "Declaration"]  # {a note} (line 7), then line 8


def test_a_deal_of_a_score_line_alone_is_a_score_sheet_and_reads_clean() -> None:
    (record,) = _read(TAGS + "\ndeal 1 dealer B\nscore A 1260 B 1140\n")
    assert isinstance(record, Record)
    assert record.errors == ()
    assert record.deals[0].score is not None


def test_a_declaration_after_the_score_of_a_deal_without_tricks_is_still_a_fault() -> None:
    (record,) = _read(TAGS + "\ndeal 1 dealer B\nscore A 0 B 0\nA carte-blanche 50\n")
    assert isinstance(record, Record)
    assert [(e.line, e.message) for e in record.errors] == [
        (7, "a declaration after the deal's score: it belongs before it")
    ]
