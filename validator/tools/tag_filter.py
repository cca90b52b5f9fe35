"""Selecting records by their tags: ``NAME OP VALUE``, as ``bezique select --tag`` writes it.

``OP`` is ``=`` (exact), ``!=``, ``~`` (a regular expression found in the value, Python's
``re.search``), ``!~``, or a range: ``<``, ``<=``, ``>``, ``>=``. A range compares numbers
as numbers (``Round>=3``), dates ``YYYY.MM.DD`` part by part (``Date>=2024.03.01``; a part
written ``??`` that decides the comparison does not match), and anything else as text.

``NAME`` is a tag's name, in any case (``event`` is ``Event``), or one of:

- ``players``: any seat's tag (``A``, ``B``, ``C``, ``D``): ``players~Hart`` holds when
  either player is a Hart;
- ``variant`` and ``laws``: the ``Variant`` and ``Laws`` tags, or, when a record has none, the
  variant and laws the replay assumes (``rubicon``, ``english``), the variant's other
  spellings read as the rule set's name (``bezique`` is ``two-pack``).

A record without the tag matches no positive test; ``!=`` and ``!~`` hold for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from notation.model import SEATS, Record

OPERATORS: Final = ("!=", "!~", "<=", ">=", "=", "~", "<", ">")
"""The operators, longest first (the order they are looked for)."""

_EXPRESSION: Final = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_+-]*)\s*(!=|!~|<=|>=|=|~|<|>)\s?(.*)$")
_NUMBER: Final = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_DATE: Final = re.compile(r"^(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$")


class TagFilterError(ValueError):
    """A ``--tag`` expression that cannot be read: the message says what was expected."""


@dataclass(frozen=True, slots=True)
class TagFilter:
    """One test on a record's tags: ``name op value``."""

    name: str
    op: str
    value: str
    pattern: re.Pattern[str] | None = None

    def __str__(self) -> str:
        return f"{self.name}{self.op}{self.value}"

    def matches(self, record: Record) -> bool:
        """Whether ``record`` passes the test."""
        values = _values(record, self.name)
        if self.op in ("!=", "!~"):
            positive = TagFilter(self.name, self.op[1], self.value, self.pattern)
            return not any(positive._holds(v) for v in values)
        return any(self._holds(v) for v in values)

    def _holds(self, value: str) -> bool:
        op, wanted = self.op, self.value
        value = value.strip()
        if op == "~":
            assert self.pattern is not None
            return self.pattern.search(value) is not None
        if op == "=":
            if _NUMBER.match(value) and _NUMBER.match(wanted):
                return float(value) == float(wanted)
            return value == wanted
        order = _compare(value, wanted)
        if order is None:
            return False
        return {"<": order < 0, "<=": order <= 0, ">": order > 0, ">=": order >= 0}[op]


def parse_tag_filter(text: str) -> TagFilter:
    """Read ``NAME OP VALUE`` (``Event=Bath Open``, ``Date>=2024.03.01``, ``players~Hart``)."""
    found = _EXPRESSION.match(text)
    if found is None:
        raise TagFilterError(
            f"{text!r}: expected NAME OP VALUE, OP one of {' '.join(OPERATORS)} "
            "(Event=Bath Open, Date>=2024.03.01, players~Hart)"
        )
    name, op, value = found.group(1), found.group(2), found.group(3).strip()
    pattern = None
    if op in ("~", "!~"):
        try:
            pattern = re.compile(value)
        except re.error as exc:
            raise TagFilterError(f"{text!r}: not a regular expression: {exc}") from None
    elif op in ("<", "<=", ">", ">=") and value == "":
        raise TagFilterError(f"{text!r}: a range needs a value to compare with")
    return TagFilter(name, op, value, pattern)


def _values(record: Record, name: str) -> list[str]:
    """The values a test on ``name`` looks at (none when the record lacks the tag)."""
    lowered = name.lower()
    if lowered == "players":
        return [t.value for t in record.tags if t.name in SEATS]
    found = [t.value for t in record.tags if t.name.lower() == lowered]
    if found:
        if lowered == "variant":
            from validator.replay.resolver import VARIANT_ALIASES

            return [VARIANT_ALIASES.get(v.strip().lower(), v.strip().lower()) for v in found]
        return found[:1]
    if lowered in ("variant", "laws"):
        from validator.replay.resolver import DEFAULT_LAWS, DEFAULT_VARIANT

        return [DEFAULT_VARIANT if lowered == "variant" else DEFAULT_LAWS]
    return []


def _compare(value: str, wanted: str) -> int | None:
    """-1, 0 or 1 as ``value`` is below, at or above ``wanted``; None when it cannot tell."""
    if _NUMBER.match(value) and _NUMBER.match(wanted):
        a, b = float(value), float(wanted)
        return (a > b) - (a < b)
    date_a, date_b = _DATE.match(value), _DATE.match(wanted)
    if date_a and date_b:
        for part_a, part_b in zip(date_a.groups(), date_b.groups(), strict=True):
            if "?" in part_a or "?" in part_b:
                return None
            if part_a != part_b:
                return -1 if part_a < part_b else 1
        return 0
    if date_a or date_b:
        return None
    return (value > wanted) - (value < wanted)
