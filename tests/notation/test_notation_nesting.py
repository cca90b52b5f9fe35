"""Variations nested deep: the writer, ``to_dict()`` and the parser use no recursion, and the
parser refuses to nest deeper than ``MAX_VARIATION_DEPTH`` with an error at the ``(``."""

from __future__ import annotations

from typing import Any

import pytest

from notation import (
    Comment,
    Deal,
    Draw,
    NotationError,
    Play,
    Record,
    Trick,
    Variation,
    parse_record,
    parse_record_lenient,
    write_record,
)
from notation.assembler import MAX_VARIATION_DEPTH
from notation.writer import write_variation


def nested(depth: int) -> Variation:
    """A variation holding a trick and a variation, ``depth`` levels deep, built in code."""
    inner = Variation(tricks=(Trick(2, (Play("A", "8D"), Play("B", "9D"))),))
    for _ in range(depth - 1):
        inner = Variation(
            tricks=(Trick(2, (Play("A", "8D"), Play("B", "9D")), (inner,)),),
        )
    return inner


def record_of(variation: Variation) -> Record:
    trick = Trick(1, (Play("A", "7D"), Play("B", "9C")), (variation,))
    return Record(deals=(Deal(1, "B", tricks=(trick,)),))


def depth_of(data: dict[str, Any]) -> int:
    depth = 0
    events = data["deals"][0]["tricks"][0]["events"]
    while events:
        depth += 1
        (variation,) = events
        tricks = variation["tricks"]
        events = tricks[0]["events"] if tricks else []
    return depth


def test_three_levels_as_the_writer_writes_them() -> None:
    text = write_record(record_of(nested(3)))
    assert text == (
        "deal 1 dealer B\n"
        "1. A 7D B 9C\n"
        "  ( 2. A 8D B 9D\n"
        "      ( 2. A 8D B 9D\n"
        "          ( 2. A 8D B 9D ) ) )\n"
    )
    assert parse_record(text) == record_of(nested(3))


def test_variations_opening_together_share_a_line() -> None:
    variation = Variation(
        events=(
            Variation(events=(Variation(),)),
            Comment("after", line=True),
        ),
        tricks=(Trick(2, (Play("A", "8D"),), (Draw("A", ("KH",)),)),),
    )
    assert write_variation(variation) == ("( ( ( ) )\n  ; after\n  2. A 8D\n    draw A KH )")
    text = write_record(record_of(variation))
    assert parse_record(text) == record_of(variation)


def test_a_line_comment_closes_its_variation_on_a_line_of_its_own() -> None:
    variation = Variation(events=(Comment("why", line=True),))
    assert write_variation(variation) == "( ; why\n)"


def test_three_thousand_levels_are_written_and_turned_to_dicts() -> None:
    record = record_of(nested(3000))
    text = write_record(record)
    assert text.count("(") == 3000 and text.count(")") == 3000
    assert depth_of(record.to_dict()) == 3000


def test_five_hundred_levels_are_refused_at_the_bound() -> None:
    # (the text grows with the square of the depth: each level is indented four more spaces)
    text = write_record(record_of(nested(500)))
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    error = caught.value
    # the writer puts each level on a line of its own: line 3 holds the first '('
    assert (error.line, error.column, error.message) == (
        2 + MAX_VARIATION_DEPTH + 1,
        3 + 4 * MAX_VARIATION_DEPTH,
        f"variations nest at most {MAX_VARIATION_DEPTH} deep: this one and what it holds are "
        "left out",
    )
    lenient = parse_record_lenient(text)
    assert depth_of(lenient.to_dict()) == MAX_VARIATION_DEPTH
    assert len(lenient.errors) == 1
    assert write_record(lenient).count("(") == MAX_VARIATION_DEPTH


def test_five_thousand_parentheses_on_lines_of_their_own() -> None:
    text = "deal 1 dealer B\n1. A 7D B 9C\n" + "(\n" * 5000 + ")\n" * 5000
    record = parse_record_lenient(text)
    assert [(e.line, e.column) for e in record.errors] == [(2 + MAX_VARIATION_DEPTH + 1, 1)]
    assert write_record(record).count("(") == MAX_VARIATION_DEPTH
