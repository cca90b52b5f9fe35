"""Property: any record built in code is written and read back unchanged.

Hypothesis builds records from the model's constructors (as a simulator would);
``parse_record(write_record(r)) == r`` and the written text is a fixed point.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import (
    Card,
    Combination,
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Hand,
    Mark,
    Play,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
    parse_record,
    write_record,
)
from notation.cards import full_pack

CARDS = st.sampled_from(full_pack())
MAYBE_CARDS = st.one_of(st.none(), CARDS)
SEATS = st.sampled_from("ABCD")
KINDS = st.sampled_from(
    ["marriage", "sequence", "bezique", "double-bezique", "aces", "trump-aces", "seven", "x9"]
)
GLYPHS = st.lists(st.sampled_from(["!", "?", "!!", "??", "!?", "?!", "$1", "$140"]), max_size=2)
WORDS = st.text(alphabet="abcdefghij KQ,.:'\"-!?()[];{}\\", min_size=1, max_size=20)
TEXT = WORDS.map(str.strip).filter(bool)
STATEMENT_LIKE = st.sampled_from(
    [
        "1. A 7D B 9C",
        "  A marriage KC QC 40 fresh",
        "draw A KH, B ?",
        '[Event "x"]',
        "^exposed A 7H",
        "( 2. A 8D B 9D )",
        ")",
        "55.)",
        "{x}",
        "; y",
        "score A 1",
        "total",
        "deal 2 dealer A",
        "3. A 7D B 9D {good",
        "A fine lead",
        "prose",
        "",
    ]
)
# a comment over several lines, some of which would read as statements (the writer escapes them)
LINES_TEXT = st.lists(st.one_of(TEXT, STATEMENT_LIKE), min_size=2, max_size=4).map(
    lambda lines: "\n".join(lines).strip()
)
BRACE = st.one_of(TEXT, LINES_TEXT).filter(bool).map(lambda t: Comment(t))
LINE = TEXT.map(lambda t: Comment(t, line=True))


def notes(last_line: bool = True) -> st.SearchStrategy[tuple[Comment, ...]]:
    """Comments trailing an item: brace comments, the last one possibly a ``;`` one."""
    braces = st.lists(BRACE, max_size=2).map(tuple)
    if not last_line:
        return braces
    return st.tuples(braces, st.lists(LINE, max_size=1).map(tuple)).map(lambda p: p[0] + p[1])


def cards(n: int) -> st.SearchStrategy[tuple[Card, ...]]:
    return st.lists(CARDS, max_size=n).map(tuple)


plays = st.builds(
    Play,
    SEATS,
    CARDS,
    st.lists(st.sampled_from(["L", "R", "XY"]), max_size=2).map(tuple),
    GLYPHS.map(tuple),
    notes(last_line=False),
)
combinations = st.builds(Combination, KINDS, cards(5), st.integers(0, 4500))
declarations = st.builds(
    Declaration,
    SEATS,
    KINDS,
    cards(5),
    st.integers(0, 4500),
    st.lists(combinations, max_size=2).map(tuple),
    GLYPHS.map(tuple),
    notes(),
    fresh=st.booleans(),
)
draws = st.builds(Draw, SEATS, st.lists(MAYBE_CARDS, min_size=1, max_size=2).map(tuple), notes())
marks = st.builds(
    Mark,
    st.sampled_from(["exposed", "challenge", "elect", "ruling", "lead-out-of-turn"]),
    st.one_of(st.none(), SEATS),
    cards(2),
    st.one_of(st.none(), st.sampled_from(["void-deal", "supply"])),
    st.one_of(st.none(), st.text(alphabet='ab "\\{}', max_size=8)),
    notes(),
)
comment_events = st.one_of(BRACE, LINE)
simple_events = st.one_of(declarations, draws, marks, comment_events)


def tricks(events: st.SearchStrategy[Any]) -> st.SearchStrategy[Trick]:
    return st.builds(
        Trick,
        st.just(0),  # numbered by `numbered`
        st.lists(plays, min_size=1, max_size=3).map(tuple),
        st.lists(events, max_size=4).map(tuple),
    )


def numbered(run: list[Trick], first: int) -> tuple[Trick, ...]:
    """The tricks numbered ``first``, ``first + 1``... as the notation requires."""
    return tuple(Trick(first + i, t.plays, t.events, t.comments) for i, t in enumerate(run))


variations = st.builds(
    Variation,
    st.lists(simple_events, max_size=2).map(tuple),
    st.builds(numbered, st.lists(tricks(simple_events), max_size=2), st.integers(1, 64)),
)
events = st.one_of(simple_events, variations)
seat_numbers = st.lists(st.tuples(SEATS, st.integers(0, 5000)), max_size=3).map(tuple)
scores = st.builds(
    DealScore,
    st.lists(st.tuples(SEATS, st.integers(0, 5000)), min_size=1, max_size=3).map(tuple),
    seat_numbers,
    seat_numbers,
    st.lists(BRACE, max_size=2).map(tuple),
)


def _deal(deal: Deal, turnup: tuple[Card | None, tuple[Comment, ...]]) -> Deal:
    """Comments on a ``turnup`` line only when there is one."""
    card, comments = turnup
    return Deal(
        deal.number, deal.dealer, deal.cut, deal.hands, deal.stock, card, deal.events,
        deal.tricks, deal.score, deal.comments, comments if card is not None else (),
    )  # fmt: skip


bare_deals = st.builds(
    Deal,
    st.integers(1, 20),
    SEATS,
    cards(2),
    st.lists(
        st.builds(
            Hand, SEATS, st.lists(MAYBE_CARDS, max_size=12).map(tuple), st.booleans(), notes()
        ),
        max_size=3,
        unique_by=lambda h: h.seat,
    ).map(tuple),
    st.one_of(
        st.none(),
        st.builds(Stock, st.lists(MAYBE_CARDS, max_size=20).map(tuple), st.booleans(), notes()),
    ),
    st.none(),
    st.lists(st.one_of(declarations, marks, variations), max_size=2).map(tuple),
    st.lists(tricks(events), max_size=4).map(lambda run: numbered(run, 1)),
    st.one_of(st.none(), scores),
    notes(last_line=False),
)
deals = st.builds(_deal, bare_deals, st.tuples(st.one_of(st.none(), CARDS), notes()))
tags = st.builds(
    Tag,
    st.sampled_from(["Event", "Site", "A", "Result", "House-Rules_2"]),
    st.text(alphabet='ab "\\é{}[];', max_size=10),
)
records = st.builds(
    Record,
    st.lists(tags, max_size=3, unique_by=lambda t: t.name).map(tuple),
    st.lists(deals, max_size=2).map(tuple),
    st.lists(st.one_of(marks, comment_events), max_size=2).map(tuple),
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records)
def test_written_records_read_back_unchanged(record: Record) -> None:
    text = write_record(record)
    again = parse_record(text)
    assert again == record
    assert write_record(again) == text
