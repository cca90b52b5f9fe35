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

from typing import TYPE_CHECKING, Any

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
from notation.writer import write_record, write_records

if TYPE_CHECKING:
    from notation.parser import (
        parse_record,
        parse_record_collecting,
        parse_record_lenient,
        parse_records,
    )
    from notation.reader import iter_records, read_records, read_text_records

_LAZY = {
    "parse_record": "notation.parser",
    "parse_record_collecting": "notation.parser",
    "parse_record_lenient": "notation.parser",
    "parse_records": "notation.parser",
    "iter_records": "notation.reader",
    "read_records": "notation.reader",
    "read_text_records": "notation.reader",
}
"""Names loaded on first use: the parser brings in lark, which the rules engine, importing
``notation.cards`` and ``notation.model`` only, must not load."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'notation' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
    "parse_record_lenient",
    "parse_records",
    "read_records",
    "read_text_records",
    "walk",
    "write_record",
    "write_records",
]
