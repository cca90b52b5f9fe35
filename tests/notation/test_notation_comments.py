"""Comments: escapes, comments over several lines, and the rule that keeps a comment left open
from swallowing the lines after it (docs/notation.md, Annotation)."""

from __future__ import annotations

import io

import pytest

from notation import Comment, Deal, Play, Record, Trick, parse_record, read_records, write_record
from notation.comment_lines import Tracker, reads_as_statement

HEAD = "deal 1 dealer B\n"


@pytest.mark.parametrize(
    ("written", "text"),
    [
        ("{a \\} b}", "a } b"),
        ("{a \\{ b}", "a { b"),
        ("{a { b}", "a { b"),  # an opening brace needs no escape (as in PGN)
        ("{back \\\\ slash}", "back \\ slash"),
        ("{\\x}", "x"),  # as in quoted texts: a backslash takes the next character
        ("{a\\\nb}", "a\nb"),
    ],
)
def test_escapes_in_a_brace_comment(written: str, text: str) -> None:
    record = parse_record(HEAD + written + "\n")
    assert record.deals[0].events == (Comment(text),)


def test_a_line_comment_is_read_as_written() -> None:
    record = parse_record(HEAD + "1. A 7D B 9C ; a } b \\ c {\n")
    assert record.deals[0].tricks[0].plays[1].comments == (Comment("a } b \\ c {", line=True),)


@pytest.mark.parametrize("text", ["a } b", "{", "}", "\\", "\\}", "a\\", "x{y}z"])
def test_braces_and_backslashes_are_written_back(text: str) -> None:
    record = Record(deals=(Deal(1, "B", events=(Comment(text),)),))
    written = write_record(record)
    assert parse_record(written) == record
    assert write_record(parse_record(written)) == written


def test_a_comment_over_lines_that_would_read_as_statements() -> None:
    """The writer starts such a line with a backslash; reading drops it."""
    text = "notes:\n1. A 7D B 9C\nA fine lead\n  A marriage KC QC 40\n3. A 7D B 9D {good\nend"
    record = Record(deals=(Deal(1, "B", events=(Comment(text),)),))
    written = write_record(record)
    assert written == (
        "deal 1 dealer B\n"
        "{notes:\n"
        "\\1. A 7D B 9C\n"
        "A fine lead\n"
        "  \\A marriage KC QC 40\n"
        "3. A 7D B 9D \\{good\n"
        "end}\n"
    )
    assert parse_record(written) == record


def test_a_comment_on_a_play_over_two_lines() -> None:
    text = HEAD + "1. A 7D {a long\nnote} B 9C\n2. A 8D B 9D\n"
    trick = parse_record(text).deals[0].tricks[0]
    assert trick.plays == (Play("A", "7D", comments=(Comment("a long\nnote"),)), Play("B", "9C"))
    assert write_record(parse_record(text)) == text


@pytest.mark.parametrize(
    ("line", "statement"),
    [
        ("1. A 7D B 9C", True),
        ("  A marriage KC QC 40 !", True),
        ("draw A KH", True),
        ('[Event "x"]', True),
        ("^exposed A 7H", True),
        ("( 2. A 8D B 9D", True),
        ("{x}", True),
        ("; y", True),
        ("score A 100", True),
        ("17. {abandoned}", True),
        # what wrapped prose may look like says nothing: a bare number, word or parenthesis
        (")", False),
        ("55.)", False),
        ("1.", False),
        ("score", False),
        ("total", False),
        ("stock", False),
        ("turnup AH KH", True),  # refused by the notation, but a statement all the same
        ("A fine lead", False),
        ("1. the first point", False),
        ("dealt with later", False),
        ("\\1. A 7D B 9C", False),
        ("", False),
        ("   ", False),
    ],
)
def test_what_reads_as_a_statement(line: str, statement: bool) -> None:
    assert reads_as_statement(line) is statement


def test_the_samples_multi_line_comments_are_read_whole() -> None:
    text = (
        '[Event "x"]\n\n'
        "{The first six tricks of a game: carte blanche twice, the trump made, a double\n"
        "bezique with a marriage carried forward.}\n\n"
        "deal 1 dealer B\n"
    )
    record = parse_record(text)
    assert record.events == (
        Comment(
            "The first six tricks of a game: carte blanche twice, the trump made, a double\n"
            "bezique with a marriage carried forward."
        ),
    )


def test_the_tracker_follows_the_parser() -> None:
    tracker = Tracker()
    lines = ["deal 1 dealer B", "{a note", "over lines", "1. A 7D B 9C", "more}", "x"]
    # the comment is left open at the trick line: the trick is read, and 'more}' is not inside
    assert [tracker.inside(line) for line in lines] == [False, False, True, False, False, False]


def test_a_brace_in_a_string_opens_no_comment() -> None:
    text = '[Event "a { b"]\n\ndeal 1 dealer B\n^ruling "see {x"\n1. A 7D B 9C\n'
    record = parse_record(text)
    assert record.tag("Event") == "a { b"
    assert record.deals[0].tricks == (Trick(1, (Play("A", "7D"), Play("B", "9C"))),)
    (item,) = list(read_records(io.StringIO(text)))
    assert item == record


def test_a_comment_over_lines_of_a_crlf_file_reads_as_in_an_lf_file() -> None:
    # the model had kept "\r\n" inside the comment's text
    lf = parse_record(HEAD + "{first line\nsecond line}\n")
    crlf = parse_record((HEAD + "{first line\nsecond line}\n").replace("\n", "\r\n"))
    assert crlf.deals[0].events == lf.deals[0].events == (Comment("first line\nsecond line"),)


def test_open_at_without_strings_agrees_with_the_full_scan() -> None:
    """``open_at`` answers a line without a string, a ``;`` or a ``\\`` from its last ``}``;
    it must give what the full scan (``_CLOSED``) gives, from every start."""
    import random

    from notation.comment_lines import _CLOSED, open_at

    def scanned(line: str, start: int) -> int:
        end = _CLOSED.match(line, start).end()  # type: ignore[union-attr]
        return end if end < len(line) and line[end] == "{" else -1

    rng = random.Random(15)
    for _ in range(20_000):
        line = "".join(rng.choice('ab {}{}  "\\;x') for _ in range(rng.randint(0, 12)))
        start = rng.randint(0, len(line))
        assert open_at(line, start) == scanned(line, start), (line, start)
