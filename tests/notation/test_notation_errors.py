# ruff: noqa: E501  (the table of messages reads best with one case per line)
"""Faults in BZN text: exact messages, every fault of a record, good records kept."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from notation import NotationError, Record, iter_records, parse_record, read_records
from notation.parser import parse_record_collecting

MESSAGES = [
    # (text, line, column, message)
    ("deal 1 dealer B\nhand A 7D QX 9H\n", 2, 11, "expected a card such as QS or 10H, found 'QX'"),
    ("deal 1 dealer B\n1. A 7D B QX\n", 2, 11, "expected a card such as QS or 10H, found 'QX'"),
    ("deal 1 dealer B\n1. A 7D B 9C\ndraw A KH, B Q\n", 3, 14, "expected a card such as QS or 10H, found 'Q'"),
    (
        "deal 1 dealer B\n1. A 7D B 9C C\n",
        2,
        15,
        "expected a card such as QS or 10H after seat C, found the end of the line",
    ),
    ("deal 1 dealer B\n1. A 7D B 9C\nB marriage KC QC\n", 3, 17, "expected a number, found the end of the line"),
    (
        "deal 1 dealer B\n1. A 7D B 9C\nB marriage KC QC 40 carry\n",
        3,
        26,
        "expected a combination such as marriage, found the end of the line",
    ),
    ("deal 1 dealer B\nscore A x\n", 2, 9, "expected a number, found 'x'"),
    ("deal 1 dealer X\n", 1, 15, "expected a seat (A, B, C or D), found 'X'"),
    ("deal one dealer B\n", 1, 6, "expected a number, found 'one'"),
    ('[Event "Bath]\n', 1, 8, "expected a quoted text such as \"Bath\", found '\"Bath]'"),
    (
        "deal 1 dealer B\nfoo\n",
        2,
        1,
        "expected a statement (a tag, deal, hand, stock, turnup, a trick such as 12. A 7D B 9C, "
        "a declaration such as B marriage KC QC 40, draw, a mark such as ^exposed, score or total), "
        "found 'foo'",
    ),
    ("deal 1 dealer B\nturnup AH KH\n", 2, 8, "a turn-up is one card"),
    ("1. A 7D B 9C\n", 1, 1, "trick 1 before any 'deal' line"),
    ("deal 1 dealer B\n1. A 7D B 9C\nhand A 7D\n", 3, 1, "hand A after the play has begun: it belongs after the 'deal' line"),
    ("deal 1 dealer B\nhand A 7D\nhand A 8D\n", 3, 1, "a second hand for seat A"),
    # the score line is the one out of place, not the trick (nor every trick) after it
    ("deal 1 dealer B\nscore A 1 B 2\n1. A 7D B 9C\n", 2, 1, "a 'score' line before trick 1: a deal's score and total come after its last trick (this one is left out)"),
    ("deal 1 dealer B\n1. A 7D B 9C\nscore A 1 B 2\n2. A 8D B 9D\n", 4, 1, "trick 2 after the deal's score"),
    ("deal 1 dealer B\n1. A 7D B 9C\n( draw A ?\n", 3, 1, "'(' is not closed by ')'"),
    ("deal 1 dealer B\n1. A 7D B 9C\ndraw A ? )\n", 3, 10, "')' without a '(' to close"),
    ('deal 1 dealer B\n[Event "x"]\n', 2, 1, "a tag after the first deal (a new record starts with its tags)"),
    ("deal 1 dealer B\nstock KH ...\nstock QH\n", 3, 1, "stock continued after '...' (the rest was said to be unknown)"),
    ("deal 1 dealer B\nscore A 1\nscore A 2\n", 3, 1, "a second 'score' line, or 'score' after 'total'"),
    ("deal 1 dealer B\n1. A 7D B 9C\n( score A 1 )\n", 3, 3, "'score' inside a variation"),
    # a comment left open (issue 14: it swallowed tricks 3 and 4 and the record checked clean)
    (
        "deal 1 dealer B\n1. A 7D B 9C\n2. A 9H B AH ! {B wins\n3. A 7D B 9D\n4. A 8D B 9S {x}\n",
        3,
        16,
        "comment opened here is not closed before line 4, which reads as a statement (a line of a comment that is text starts with '\\')",
    ),
    ("deal 1 dealer B\n1. A 7D B 9C\n{notes\nmore notes\n", 3, 1, "comment opened here is never closed (a '}' inside a comment is '\\}')"),
    ("deal 1 dealer B\n1. A 7D B 9C {a \\}\n", 2, 14, "comment opened here is never closed (a '}' inside a comment is '\\}')"),
    ("deal 1 dealer B\n{a\n{b}\n", 2, 1, "comment opened here is not closed before line 3, which reads as a statement (a line of a comment that is text starts with '\\')"),
    ("deal 1 dealer B\n{a\n3. A 7D B 9D {good}\n", 2, 1, "comment opened here is not closed before line 3, which reads as a statement (a line of a comment that is text starts with '\\')"),
    # each tag once (PGN's rule): the second is the fault
    ('[Result "A 2400"]\n[Event "x"]\n[Result "B 100"]\n', 3, 1, "a second Result tag (each tag is given once; the first is on line 1)"),
    # PGN's date
    ('[Date "7 May 2026"]\n', 1, 7, "a Date is YYYY.MM.DD with ?? for a part not known (2026.05.07, 2026.??.??), found '7 May 2026'"),
    ('[Date "2026-05-07"]\n', 1, 7, "a Date is YYYY.MM.DD with ?? for a part not known (2026.05.07, 2026.??.??), found '2026-05-07'"),
    ('[Date "2026.5.7"]\n', 1, 7, "a Date is YYYY.MM.DD with ?? for a part not known (2026.05.07, 2026.??.??), found '2026.5.7'"),
    ('[Date "2026.13.??"]\n', 1, 7, "no month 13 in the Date '2026.13.??'"),
    ('[Date "2025.02.29"]\n', 1, 7, "no day 29 in the Date '2025.02.29'"),
    ('[Date "????.04.31"]\n', 1, 7, "no day 31 in the Date '????.04.31'"),
    ('[Date "2026.??.32"]\n', 1, 7, "no day 32 in the Date '2026.??.32'"),
    # trick numbers run 1, 2, 3... in a deal, and on from its first in a variation
    ("deal 1 dealer B\n1. A 7D B 9C\n2. A 8D B 9D\n5. A 9H B 7H\n4. A 8H B 7S\n", 4, 1, "trick 5 out of order: trick 3 comes next"),
    ("deal 1 dealer B\n1. A 7D B 9C\n2. A 8D B 9D\n4. A 9H B 7H\n5. A 8H B 7S\n", 4, 1, "trick 4 out of order: trick 3 comes next"),
    ("deal 1 dealer B\n1. A 7D B 9C\n1. A 8D B 9D\n", 3, 1, "trick 1 out of order: trick 2 comes next"),
    ("deal 1 dealer B\n3. A 7D B 9C\n", 2, 1, "trick 3 out of order: a deal's first trick is 1"),
    ("deal 1 dealer B\n1. A 7D B 9C\n  ( 1. A 7D B 8D\n    3. A 9H B 7H )\n", 4, 5, "trick 3 out of order: trick 2 comes next"),
    # annotations follow the card they are about; 'fresh' comes right after the score
    ("deal 1 dealer B\n1. ! A 7D B 9C\n", 2, 4, "'!' before any play: a glyph, NAG or mark follows its card"),
    ("deal 1 dealer B\n1. $3 A 7D B 9C\n", 2, 4, "'$3' before any play: a glyph, NAG or mark follows its card"),
    ("deal 1 dealer B\n1. A 7D B 9C\n  B marriage KC QC 40 ! fresh\n", 3, 25, "expected 'carry' or the end of the line, found 'fresh'"),
    # a character that cannot be seen is named, not shown as nothing (audit 13, c18: '9♣' and a
    # variation selector, as a phone writes the emoji ♣️)
    ("deal 1 dealer B\n1. A 9\u2663\ufe0f B 8C\n", 2, 8, "expected a play such as A 7D or the end of the line, found '<U+FE0F>' (U+FE0F VARIATION SELECTOR-16 cannot be seen)"),
    ("deal 1 dealer B\n1. A 9C\u00a0B 8C\n", 2, 8, "expected a play such as A 7D or the end of the line, found '<U+00A0>' (U+00A0 NO-BREAK SPACE cannot be seen)"),
    ("deal 1 dealer B\n1. A Q\u200bS B 8C\n", 2, 6, "expected a card such as QS or 10H, found 'Q<U+200B>S' (U+200B ZERO WIDTH SPACE cannot be seen)"),
    ('[Date "2026.01.0\u200b1"]\n', 1, 7, "a Date is YYYY.MM.DD with ?? for a part not known (2026.05.07, 2026.??.??), found '2026.01.0<U+200B>1' (U+200B ZERO WIDTH SPACE cannot be seen)"),
]  # fmt: skip


def test_variations_nest_at_most_a_hundred_deep() -> None:
    text = "deal 1 dealer B\n1. A 7D B 9C\n" + "( " * 101 + "2. A 8D B 9D" + " )" * 101 + "\n"
    with pytest.raises(NotationError) as caught:
        parse_record(text, "deep.bzn")
    error = caught.value
    # the 101st '(' is the 101st on line 3, at column 201
    assert (error.line, error.column, error.message) == (
        3,
        201,
        "variations nest at most 100 deep: this one and what it holds are left out",
    )
    assert parse_record(text.replace("( ", "", 1).replace(" )", "", 1)).deals  # 100 deep is fine


def test_one_fault_for_a_trick_number_after_a_line_left_out() -> None:
    """Trick 3's line is unreadable: trick 4 after trick 2 is no second fault."""
    text = "deal 1 dealer B\n1. A 7D B 9C\n2. A 8D B 9D\n3. A QX B 7H\n4. A 8H B 7S\n"
    _, errors = parse_record_collecting(text)
    assert [(e.line, e.column, e.message) for e in errors] == [
        (4, 6, "expected a card such as QS or 10H, found 'QX'")
    ]


@pytest.mark.parametrize(("text", "line", "column", "message"), MESSAGES)
def test_message(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_record(text, "game.bzn")
    error = caught.value
    assert (error.line, error.column, error.message) == (line, column, message)


def test_str_has_place_line_and_caret() -> None:
    text = '[Event "x"]\n\ndeal 1 dealer B\n1. A 7D B 9C\n  draw A KH, B QH\n  hand A 7D QX 9H\n'
    _, errors = parse_record_collecting(text, "game.bzn")
    assert str(errors[0]) == (
        "game.bzn:6:13: expected a card such as QS or 10H, found 'QX'\n"
        "      hand A 7D QX 9H\n"
        "                ^"
    )


def test_caret_under_a_tab() -> None:
    _, errors = parse_record_collecting("deal 1 dealer B\n\thand A 7D QX\n")
    assert str(errors[0]) == (
        "<string>:2:12: expected a card such as QS or 10H, found 'QX'\n"
        "    \thand A 7D QX\n"
        "    \t          ^"
    )


def test_every_fault_of_a_record_is_reported() -> None:
    text = (
        "deal 1 dealer B\n"
        "hand A 7D QX 9H\n"  # 2: bad card
        "1. A 7D B 9C\n"
        "  draw A KH, B Q\n"  # 4: bad card
        "2. A 9H B 8H\n"
        "  B marriage KC QC\n"  # 6: no score
        "score A x\n"  # 7: no number
    )
    record, errors = parse_record_collecting(text, "game.bzn")
    assert record is None
    assert [(e.line, e.column) for e in errors] == [(2, 11), (4, 16), (6, 19), (7, 9)]


def test_the_first_line_of_a_record_sets_the_line_numbers() -> None:
    _, errors = parse_record_collecting("deal 1 dealer B\nhand A QX\n", "f.bzn", first_line=41)
    assert errors[0].location == "f.bzn:42:8"
    assert errors[0].record_line == 41
    record = parse_record("deal 1 dealer B\n1. A 7D B 9C\n", first_line=41)
    assert record.deals[0].tricks[0].plays[1].pos == (42, 9)


def _ten_records() -> str:
    records = []
    for i in range(1, 11):
        moves = "1. A 7D B 9C\n  draw B KH, A QH\n2. B 8S A TS\n"
        if i in (2, 5, 9):
            moves = "1. A 7D B 9C\n  draw B KH, A QX\n2. B 8S A TS\n"
        records.append(f'[Event "game {i}"]\n[Result "*"]\n\ndeal 1 dealer B\n{moves}')
    return "\n".join(records)


def test_ten_records_three_broken() -> None:
    text = _ten_records()
    items = list(read_records(io.StringIO(text), name="ten.bzn"))
    records = [i for i in items if isinstance(i, Record)]
    errors = [i for i in items if isinstance(i, NotationError)]
    assert [r.tag("Event") for r in records] == [f"game {i}" for i in (1, 3, 4, 6, 7, 8, 10)]
    # each record is 8 lines (7 and a blank line between): the bad draw is its 6th line
    assert [e.location for e in errors] == ["ten.bzn:14:16", "ten.bzn:38:16", "ten.bzn:70:16"]
    assert [e.record_line for e in errors] == [9, 33, 65]
    assert all(e.message == "expected a card such as QS or 10H, found 'QX'" for e in errors)
    # the good records know where they start
    assert [r.pos.line for r in records if r.pos] == [1, 17, 25, 41, 49, 57, 73]


def test_iter_records_collects_or_raises() -> None:
    errors: list[NotationError] = []
    good = list(iter_records(io.StringIO(_ten_records()), errors=errors))
    assert (len(good), len(errors)) == (7, 3)
    with pytest.raises(NotationError):
        list(iter_records(io.StringIO(_ten_records())))


def test_reader_streams_lazily() -> None:
    """The reader yields the first record before it reads the rest of the file."""
    consumed = 0

    def lines() -> object:
        nonlocal consumed
        for n in range(10**6):
            consumed += 1
            yield f'[Event "{n}"]\n'
            consumed += 1
            yield "deal 1 dealer B\n"

    first = next(read_records(lines()))  # type: ignore[arg-type]
    assert isinstance(first, Record) and first.tag("Event") == "0"
    assert consumed <= 4


def test_reader_accepts_bom_crlf_and_tabs_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "g.bzn"
    text = '[Event "one"]\r\n\r\ndeal 1 dealer B\r\n1.\tA 7D\tB 9C\r\n[Event "two"]\r\ndeal 1 dealer A\r\n'
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    records = list(iter_records(path))
    assert [r.tag("Event") for r in records] == ["one", "two"]
    assert records[0].source == str(path)
    assert [str(p.card) for p in records[0].deals[0].tricks[0].plays] == ["7D", "9C"]
    assert records[1].pos is not None and records[1].pos.line == 5


def test_files_joined_with_their_boms_lose_no_line(tmp_path: Path) -> None:
    # `cat a.bzn b.bzn` of two files saved with a BOM: the second BOM opens a line inside the
    # file. That line (the second record's Laws tag) had been a syntax error in the first
    # record and the second checked without it, clean (audit of 7 December 2026).
    path = tmp_path / "joined.bzn"
    one = '[Event "one"]\n\ndeal 1 dealer B\n1. A 7D B 9C\n'
    two = '[Event "two"]\n[Laws "french"]\n\ndeal 1 dealer A\n'
    path.write_bytes(b"\xef\xbb\xbf" + one.encode() + b"\xef\xbb\xbf" + two.encode())
    records = list(iter_records(path))
    assert [r.tag("Event") for r in records] == ["one", "two"]
    assert [r.tag("Laws") for r in records] == [None, "french"]


@pytest.mark.parametrize("run", ["!!!", "!?!", "???"])
def test_a_run_of_three_glyph_marks_is_an_error_not_two_glyphs(run: str) -> None:
    # it had been read as two glyphs ("!!" and "!") without a word (docs/notation.md)
    text = f"deal 1 dealer B\n1. A 7D {run} B 9C\n"
    _, errors = parse_record_collecting(text)
    assert [(e.line, e.column) for e in errors] == [(2, 9)]
    assert f"found '{run}'" in errors[0].message


def test_two_glyphs_apart_are_two_glyphs() -> None:
    record = parse_record("deal 1 dealer B\n1. A 7D !! ! B 9C\n")
    assert record.deals[0].tricks[0].plays[0].glyphs == ("!!", "!")


def test_a_card_with_a_character_that_cannot_be_seen() -> None:
    from notation import Card

    with pytest.raises(ValueError) as caught:
        Card.parse("9\u2663\ufe0f")
    assert str(caught.value) == (
        "expected a card such as QS or 10H, found '9\u2663<U+FE0F>' "
        "(U+FE0F VARIATION SELECTOR-16 cannot be seen)"
    )
