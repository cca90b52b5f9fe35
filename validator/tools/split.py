"""File names for ``bezique select --split``: one file a record, numbered, named after its players.

``00012-hart-v-marsh.bzn``: the record's number among those written (five digits, more when
needed), then the first word of each seat's tag in seat order, folded to lower-case ASCII
letters and digits. A record without players' tags is ``00012.bzn``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from notation.model import SEATS, Record

MAX_STEM: Final = 40
"""The longest players' part of a name, in characters."""


def split_stem(record: Record) -> str:
    """The players' part of the record's file name (``hart-v-marsh``), or ``""``."""
    words = []
    for seat in SEATS:
        name = record.tag(seat)
        if name:
            word = _fold(name.replace(",", " ").split()[0]) if name.split() else ""
            if word:
                words.append(word)
    return "-v-".join(words)[:MAX_STEM].strip("-")


def split_name(number: int, stem: str) -> str:
    """The file name of the ``number``-th record written (1-based)."""
    return f"{number:05d}-{stem}.bzn" if stem else f"{number:05d}.bzn"


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
