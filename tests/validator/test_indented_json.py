"""The export's indented JSON writer against the standard library's, character for character.

The reference is ``json.dumps(data, indent=2, ensure_ascii=False)``, a second implementation
the writer shares nothing with; the data are random (not the export's own), so that shapes
the replays never have (empty containers at every depth, keys needing escapes, control
characters, floats at their limits) are compared too.
"""

from __future__ import annotations

import json
import math
import random
from enum import IntEnum
from typing import Any

import pytest

from validator import indented_json

_TEXTS = [
    *("", "QS", 'say "no"', "back\\slash", "tab\there", "line\nbreak", "\x00\x1f"),
    *("♠♥♦♣", "é", "\u2028", "😀"),
]


def _random(rng: random.Random, depth: int) -> Any:
    pick = rng.randrange(11 if depth < 5 else 6)
    if pick == 0:
        return rng.choice(_TEXTS) + rng.choice(_TEXTS)
    if pick == 1:
        return rng.choice([0, -1, 7, 2**70, -(2**40)])
    if pick == 2:
        return rng.choice([0.0, -0.5, 1e300, 1e-300, 3.141592653589793, math.inf, -math.inf])
    if pick == 3:
        return rng.choice([True, False])
    if pick in (4, 5):
        return None
    size = rng.randrange(4)
    if pick in (6, 7):
        return [_random(rng, depth + 1) for _ in range(size)]
    if pick == 8:
        return tuple(_random(rng, depth + 1) for _ in range(size))
    return {rng.choice(_TEXTS) + str(i): _random(rng, depth + 1) for i in range(size)}


@pytest.mark.parametrize("seed", range(300))
def test_random_data_written_as_the_standard_library_writes_it(seed: int) -> None:
    data = _random(random.Random(seed), 0)
    assert indented_json.dumps(data) == json.dumps(data, indent=2, ensure_ascii=False)
    for indent in (0, 4):
        assert indented_json.dumps(data, indent) == json.dumps(
            data, indent=indent, ensure_ascii=False
        )


def test_a_nested_value_indented_one_step_more() -> None:
    data = {"a": [1, {"b": None}], "c": {}}
    # worked by hand: the top level's lines at two spaces, each level two more
    assert indented_json.dumps(data, level=1) == (
        '{\n    "a": [\n      1,\n      {\n        "b": null\n      }\n    ],\n    "c": {}\n  }'
    )


def test_not_a_number_as_the_standard_library_writes_it() -> None:
    assert indented_json.dumps([math.nan]) == "[\n  NaN\n]"


class _Rank(IntEnum):
    ACE = 1


def test_what_it_does_not_know_goes_to_the_standard_library() -> None:
    # an int subclass, a key that is not a string: json.dumps's own answers
    data = {1: _Rank.ACE, "x": [True]}
    assert indented_json.dumps(data) == json.dumps(data, indent=2, ensure_ascii=False)
    for indent in (0, 4):
        assert indented_json.dumps(data, indent) == json.dumps(
            data, indent=indent, ensure_ascii=False
        )
    assert indented_json.dumps(data, level=1) == json.dumps(
        data, indent=2, ensure_ascii=False
    ).replace("\n", "\n  ")


def test_what_the_standard_library_refuses_is_refused() -> None:
    with pytest.raises(TypeError):
        indented_json.dumps({"card": object()})
