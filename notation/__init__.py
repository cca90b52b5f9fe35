"""BZN, the Bézique notation: the typed record model, its parser and its writer.

This package knows how records are written and what they hold, not the rules
of the game.

>>> record = parse_record("deal 1 dealer B\\n1. A 7D B 9C\\n  draw A KH, B QH\\n")
>>> record.deals[0].tricks[0].plays[1].card
Card.parse('9C')
>>> print(write_record(record), end="")
deal 1 dealer B
1. A 7D B 9C
  draw A KH, B QH
"""

from notation.cards import Card, CardError
from notation.errors import NotationError
from notation.model import (
    Combination,
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Event,
    Hand,
    Mark,
    Play,
    Pos,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
    walk,
)
from notation.parser import parse_record, parse_record_collecting, parse_records
from notation.reader import iter_records, read_records, read_text_records
from notation.writer import write_record, write_records

__all__ = [
    "Card",
    "CardError",
    "Combination",
    "Comment",
    "Deal",
    "DealScore",
    "Declaration",
    "Draw",
    "Event",
    "Hand",
    "Mark",
    "NotationError",
    "Play",
    "Pos",
    "Record",
    "Stock",
    "Tag",
    "Trick",
    "Variation",
    "iter_records",
    "parse_record",
    "parse_record_collecting",
    "parse_records",
    "read_records",
    "read_text_records",
    "walk",
    "write_record",
    "write_records",
]
