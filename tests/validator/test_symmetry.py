"""Renaming what the rules treat alike changes no finding but its names.

Hearts and clubs play the same part in every rule of every game the project knows (the bézique
is the queen of spades and the jack of diamonds; trumps are the turn-up's suit or the first
marriage's, whichever that is), and so do the seats, which are told apart only by who deals and
in which order they play. So a record, and its copy with ♥ and ♣ swapped and the seats renamed
(A and B swapped; in the three-handed game A to B, B to C, C to A, which keeps the order of
play), must be ruled alike: the same codes and lines, the seats renamed, the messages alike
once their cards, suits and seats are named back.

The check does not rest on what the engine takes to be legal: it catches a verdict that hangs
on a name, or on the order in which cards, copies or seats are met where that order changes
with the names. Tried on planted defects: a dominance of readings that compared the first
seat's holdings and not the second's fails it; a search that kept one reading at every pruning
does not (it errs alike under both names: the random-copy games of
``tests/engine/test_readings.py`` are what catch that). Checked on random-copy games of every
variant and reading of re-forming, named, without hands and blind, and on the same games with
a fault planted by mutators of ``tests/simulate/mutators.py``.

A check that reaches the search's bound (R002) may reach it at another trick once the names
change, since the readings are met in another order; such checks are left out (no fault is
reported after the bound, so there is nothing else to compare).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping

import pytest
from mutators import MUTATORS, mutate

from notation import parse_record, write_record
from validator.replay import replay
from validator.simulate import READINGS, simulate_game
from validator.tools.hide import hide_cards

CARD = re.compile(r"\b([AKQJT987])([HC])\b")
SUIT = re.compile(r"\b(hearts|clubs)\b|\((H|C)\)")
SEAT = re.compile(r"\(([SHDC])\)|\b([ABC])\b")
Found = list[tuple[str, str | None, int | None, str]]


def _swap_cards(text: str) -> str:
    return CARD.sub(lambda m: m.group(1) + ("C" if m.group(2) == "H" else "H"), text)


def _swap_suits(text: str) -> str:
    def suit(m: re.Match[str]) -> str:
        if m.group(1):
            return "clubs" if m.group(1) == "hearts" else "hearts"
        return "(C)" if m.group(2) == "H" else "(H)"

    return SUIT.sub(suit, _swap_cards(text))


def _rename(text: str, seats: Mapping[str, str]) -> str:
    """The seats renamed (a suit written alone in brackets, ``(C)``, is no seat)."""
    return SEAT.sub(lambda m: m.group(0) if m.group(1) else seats[m.group(2)], text)


def _findings(text: str) -> Found | None:
    """The findings of the record, or None when its check reached the bound."""
    found = replay(parse_record(text), steps=False).all_findings()
    if any(f.code == "R002" for f in found):
        return None
    return [(f.code, f.seat, f.location.line, f.message) for f in found]


def _alike(text: str, seats: Mapping[str, str]) -> bool:
    """The record and its renamed copy are ruled alike; whether they have findings."""
    plain = _findings(text)
    renamed = _findings(_rename(_swap_cards(text), seats))
    if plain is None or renamed is None:
        return False
    back = {new: old for old, new in seats.items()}
    named_back = [
        (code, None if seat is None else back[seat], line, _rename(_swap_suits(message), back))
        for code, seat, line, message in renamed
    ]
    assert named_back == plain, text[:300]
    return bool(plain)


@pytest.mark.parametrize(("variant", "house"), READINGS)
def test_renaming_suits_and_seats_changes_no_finding(variant: str, house: str | None) -> None:
    seats = {"A": "B", "B": "C", "C": "A"} if variant == "three-handed" else {"A": "B", "B": "A"}
    rng = random.Random(f"{variant} {house}")
    record = simulate_game(
        variant, 4_400_000, "random", laws="french", copies="random", house_rules=house
    ).record
    shown = [record, hide_cards(record), hide_cards(record, draws=True)]
    for code in sorted(MUTATORS):
        planted = mutate(record, code, rng) if rng.random() < 0.3 else None
        if planted is not None:
            shown += [planted[0], hide_cards(planted[0], draws=True)]
    with_findings = sum(_alike(write_record(version), seats) for version in shown)
    # the comparison says something: planted faults are found, under both names
    assert with_findings >= 3
