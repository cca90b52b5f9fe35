# ruff: noqa: E501  (the table of cases reads best with one case per line)
"""Every construct of BZN, read into the model: one parametrized case each.

Each case is a short record and what the model must hold; the expected values
are written from docs/notation.md, not taken from the parser's output.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from notation import (
    Card,
    Combination,
    Comment,
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

C = Card.parse
HEAD = "deal 1 dealer B\n"


def first_trick(record: Record) -> Trick:
    return record.deals[0].tricks[0]


CASES: list[tuple[str, str, Callable[[Record], Any], Any]] = [
    (
        "tags in order, any name kept",
        '[Event "Bath"]\n[Zebra "x"]\n[A "Hart, Alice"]\n',
        lambda r: r.tags,
        (Tag("Event", "Bath"), Tag("Zebra", "x"), Tag("A", "Hart, Alice")),
    ),
    (
        "tag value with escaped quote and backslash",
        '[Event "the \\"Open\\" \\\\ 2026"]\n',
        lambda r: r.tag("Event"),
        'the "Open" \\ 2026',
    ),
    ("deal header", "deal 3 dealer A\n", lambda r: (r.deals[0].number, r.deals[0].dealer), (3, "A")),
    ("cut", "deal 1 dealer A cut 9D\n", lambda r: r.deals[0].cut, (C("9D"),)),
    ("cut showing two cards", "deal 1 dealer A cut 9D KS\n", lambda r: r.deals[0].cut, (C("9D"), C("KS"))),
    (
        "whole hand",
        HEAD + "hand A 7D 8H 9H JD JS QS KS TS AS\n",
        lambda r: r.deals[0].hands[0],
        Hand("A", tuple(C(c) for c in ("7D", "8H", "9H", "JD", "JS", "QS", "KS", "TS", "AS"))),
    ),
    (
        "partial hand with unknown cards",
        HEAD + "hand B 7S ? ?\n",
        lambda r: r.deals[0].hands[0].cards,
        (C("7S"), None, None),
    ),
    ("hand with the rest unknown", HEAD + "hand B 7S ...\n", lambda r: r.deals[0].hands[0].more, True),
    ("hand dealt no card", HEAD + "hand C\n", lambda r: r.deals[0].hands[0], Hand("C")),
    ("hand with nothing known", HEAD + "hand C ...\n", lambda r: r.deals[0].hands[0], Hand("C", more=True)),
    (
        "stock, top first, unknown and rest unknown",
        HEAD + "stock KH ? 7C ...\n",
        lambda r: r.deals[0].stock,
        Stock((C("KH"), None, C("7C")), more=True),
    ),
    (
        "stock on two lines",
        HEAD + "stock KH QH\nstock 7C\n",
        lambda r: r.deals[0].stock,
        Stock((C("KH"), C("QH"), C("7C"))),
    ),
    ("turn-up", HEAD + "turnup AH\n", lambda r: r.deals[0].turnup, C("AH")),
    (
        "trick: plays in the order played",
        HEAD + "1. A 7D B 9C\n",
        first_trick,
        Trick(1, (Play("A", C("7D")), Play("B", C("9C")))),
    ),
    (
        "three-handed trick",
        HEAD + "1. C 7H A AH B 8H\n",
        lambda r: [p.seat for p in first_trick(r).plays],
        ["C", "A", "B"],
    ),
    ("lead out of turn suffix", HEAD + "1. B 7D^L A 9C\n", lambda r: first_trick(r).plays[0].marks, ("L",)),
    ("two suffix marks", HEAD + "1. A 7D B 9C^R^X\n", lambda r: first_trick(r).plays[1].marks, ("R", "X")),
    (
        "glyphs and $n on a play",
        HEAD + "1. A 7D !? B 9C ?? $14\n",
        lambda r: [p.glyphs for p in first_trick(r).plays],
        [("!?",), ("??", "$14")],
    ),
    (
        "comment on a play",
        HEAD + "1. A 7D {why?} B 9C\n",
        lambda r: first_trick(r).plays[0].comments,
        (Comment("why?"),),
    ),
    ("trick line with no play", HEAD + "1. {abandoned}\n", lambda r: first_trick(r), Trick(1, comments=(Comment("abandoned"),))),
    (
        "declaration",
        HEAD + "1. A 7D B 9C\nB marriage KC QC 40\n",
        lambda r: first_trick(r).events,
        (Declaration("B", "marriage", (C("KC"), C("QC")), 40),),
    ),
    (
        "a fresh declaration beside a carried one",
        HEAD + "1. A 7D B 9C\nB marriage KS QS 20 fresh\n",
        lambda r: first_trick(r).events,
        (Declaration("B", "marriage", (C("KS"), C("QS")), 20, fresh=True),),
    ),
    (
        "fresh, then glyphs, carry and a comment",
        HEAD + "1. A 7D B 9C\nB marriage KS QS 20 fresh !? carry marriage KH QH 20 {two}\n",
        lambda r: first_trick(r).events[0],
        Declaration(
            "B",
            "marriage",
            (C("KS"), C("QS")),
            20,
            carried=(Combination("marriage", (C("KH"), C("QH")), 20),),
            glyphs=("!?",),
            comments=(Comment("two"),),
            fresh=True,
        ),
    ),
    (
        "carried announcements",
        HEAD + "1. A 7D B QS\nB double-bezique QS QS JD JD 500 carry marriage KS QS 20, marriage KS QS 20\n",
        lambda r: first_trick(r).events[0].carried,
        (Combination("marriage", (C("KS"), C("QS")), 20),) * 2,
    ),
    (
        "glyphs on a declaration",
        HEAD + "1. A 7D B 9C\nB aces AS AH AD AC 100 !! $3\n",
        lambda r: first_trick(r).events[0].glyphs,
        ("!!", "$3"),
    ),
    ("carte blanche before the first trick", HEAD + "A carte-blanche 50\n", lambda r: r.deals[0].events, (Declaration("A", "carte-blanche", (), 50),)),
    (
        "repeated carte blanche showing the card drawn",
        HEAD + "1. A 7D B 9C\ndraw B KH, A 9S\nA carte-blanche 9S 50\n",
        lambda r: first_trick(r).events[-1],
        Declaration("A", "carte-blanche", (C("9S"),), 50),
    ),
    ("seven of trumps shown", HEAD + "1. A 7D B 9C\nB seven 7H 10\n", lambda r: first_trick(r).events[0], Declaration("B", "seven", (C("7H"),), 10)),
    ("seven of trumps exchanged", HEAD + "1. A 7D B 9C\nB exchange 7H 10\n", lambda r: first_trick(r).events[0].kind, "exchange"),
    ("last trick", HEAD + "1. A AS B 7S\nA last-trick 50\n", lambda r: first_trick(r).events[0], Declaration("A", "last-trick", (), 50)),
    ("ten written 10, lower case, symbols", HEAD + "1. A 10h B q♠\n", lambda r: [str(p.card) for p in first_trick(r).plays], ["TH", "QS"]),
    (
        "draws in order",
        HEAD + "1. A 7D B 9C\ndraw B KH, A QH\n",
        lambda r: first_trick(r).events,
        (Draw("B", (C("KH"),)), Draw("A", (C("QH"),))),
    ),
    ("unknown draws", HEAD + "1. A 7D B 9C\ndraw A ?, B ?\n", lambda r: first_trick(r).events, (Draw("A"), Draw("B"))),
    ("two cards drawn", HEAD + "1. A 7D B 9C\ndraw A KH QH\n", lambda r: first_trick(r).events, (Draw("A", (C("KH"), C("QH"))),)),
    ("a seat missing from the draw", HEAD + "1. A 7D B 9C\ndraw B QH\n", lambda r: first_trick(r).events, (Draw("B", (C("QH"),)),)),
    ("three seats draw", HEAD + "1. A 7D B 9C C 8C\ndraw C ?, A ?, B ?\n", lambda r: [d.seat for d in first_trick(r).events], ["C", "A", "B"]),
    ("mark: exposed card", HEAD + "^exposed A 7H\n", lambda r: r.deals[0].events, (Mark("exposed", "A", (C("7H"),)),)),
    ("mark: lead out of turn", HEAD + "1. B 7D^L A 9C\n^lead-out-of-turn B\n", lambda r: first_trick(r).events, (Mark("lead-out-of-turn", "B"),)),
    ("mark: challenge", HEAD + "^challenge A\n", lambda r: r.deals[0].events[0], Mark("challenge", "A")),
    ("mark: election", HEAD + "^elect B void-deal\n", lambda r: r.deals[0].events[0], Mark("elect", "B", value="void-deal")),
    ("mark: ruling", HEAD + '^ruling "the trick stands"\n', lambda r: r.deals[0].events[0], Mark("ruling", text="the trick stands")),
    ("mark before the first deal", '^cut-for-seats A KS "A deals"\n', lambda r: r.events, (Mark("cut-for-seats", "A", (C("KS"),), text="A deals"),)),
    (
        "score and brisques",
        HEAD + "score A 1260 B 1140 brisques A 7 B 25\n",
        lambda r: r.deals[0].score,
        DealScore((("A", 1260), ("B", 1140)), (("A", 7), ("B", 25))),
    ),
    (
        "running totals",
        HEAD + "score A 190 B 200\ntotal A 1190 B 700\n",
        lambda r: r.deals[0].score.totals,
        (("A", 1190), ("B", 700)),
    ),
    ("total alone", HEAD + "total A 10 B 20\n", lambda r: r.deals[0].score, DealScore(totals=(("A", 10), ("B", 20)), has_score_line=False)),
    ("brace comment line", HEAD + "{a long\ncomment}\n", lambda r: r.deals[0].events, (Comment("a long\ncomment"),)),
    ("line comment", HEAD + "stock KH ; top card first\n", lambda r: r.deals[0].stock.comments, (Comment("top card first", line=True),)),
    ("comments before the first deal", "{hello}\n; world\n" + HEAD, lambda r: r.events, (Comment("hello"), Comment("world", line=True))),
    (
        "comment after a declaration",
        HEAD + "1. A 7D B 9C\nB marriage KC QC 40 {trumps}\n",
        lambda r: first_trick(r).events[0].comments,
        (Comment("trumps"),),
    ),
    (
        "variation of a trick",
        HEAD + "1. A 7D B 9C\n( 1. A 7D B 8D\n  B marriage KD QD 40 )\n",
        lambda r: first_trick(r).events,
        (Variation(tricks=(Trick(1, (Play("A", "7D"), Play("B", "8D")), (Declaration("B", "marriage", "KD QD", 40),)),)),),
    ),
    (
        "nested variation",
        HEAD + "1. A 7D B 9C\n( draw A ? ( draw B ? ) )\n",
        lambda r: first_trick(r).events,
        (Variation(events=(Draw("A"), Variation(events=(Draw("B"),)))),),
    ),
    ("empty variation", HEAD + "1. A 7D B 9C\n( )\n", lambda r: first_trick(r).events, (Variation(),)),
    ("variation before the first trick", HEAD + "( ^elect B supply )\n", lambda r: r.deals[0].events, (Variation(events=(Mark("elect", "B", value="supply"),)),)),
    ("result unfinished", '[Result "*"]\n', lambda r: r.tag("Result"), "*"),
    ("several deals", HEAD + "deal 2 dealer A\n", lambda r: [d.number for d in r.deals], [1, 2]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "get", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_construct(text: str, get: Callable[[Record], Any], expected: Any) -> None:
    record = parse_record(text)
    assert get(record) == expected
    # and the canonical text reads back to the same record
    assert parse_record(write_record(record)) == record


def test_every_node_has_its_position() -> None:
    text = HEAD + "hand A 7D\n1. A 7D B 9C\n  draw B KH, A QH\n  B marriage KC QC 40\n"
    deal = parse_record(text).deals[0]
    assert deal.pos == (1, 1)
    assert deal.hands[0].pos == (2, 1)
    trick = deal.tricks[0]
    assert trick.pos == (3, 1)
    assert [p.pos for p in trick.plays] == [(3, 4), (3, 9)]
    assert [e.pos for e in trick.events] == [(4, 8), (4, 14), (5, 3)]


def test_positions_do_not_take_part_in_equality() -> None:
    a = parse_record(HEAD + "1. A 7D B 9C\n")
    b = parse_record("\n\n" + HEAD + "1.   A 7D   B 9C\n")
    assert a.deals[0].tricks[0].plays[0].pos != b.deals[0].tricks[0].plays[0].pos
    assert a == b
