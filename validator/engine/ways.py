"""A way an event may have happened under one reading, and a rule it breaks.

The ways of a play (:mod:`validator.engine.plays`) or a declaration
(:mod:`validator.engine.melds`) are :class:`Alternative` values, each with the :class:`Fault`
list it breaks; the search (:mod:`validator.engine.readings`) keeps those with the fewest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

A = TypeVar("A")

ELSEWHERE: Final = "every copy of it is elsewhere"
"""The words of a card played (P208) or drawn (W306) that no copy left can be: the replay
knows the record's contradiction by them (``validator.replay.second_look``)."""


@dataclass(frozen=True, slots=True)
class Fault:
    """A rule an event breaks under one reading (the seat and the trick are the caller's)."""

    code: str
    rule: str
    message: str
    fault_trick: int | None = None
    """Where a later event reveals the fault (P207), the trick where it was committed."""
    showing: int | None = None
    """For an A410 a later play or declaration reveals, the seat's first carte blanche it
    proves false (its place among his showings that stood, from 0)."""


class Alternative(Generic[A]):
    """One way to read an event under one reading: what to do and the faults it breaks."""

    __slots__ = ("faults", "way")

    def __init__(self, way: A, faults: Sequence[Fault] = ()) -> None:
        self.way = way
        self.faults = faults
