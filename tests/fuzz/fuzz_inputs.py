"""Inputs for the fuzz tests and the atheris harness: random text and grammar-aware mutations.

:func:`inputs` yields ``count`` texts from a seed: a third random text over the notation's
alphabet (and some bytes from anywhere in Unicode), two thirds mutations of valid records
made by the simulator: lines dropped, doubled, swapped or cut, tokens replaced by other
tokens of the notation, numbers and cards bent, brackets and braces left open. The texts are
kept short (a few deals' worth of lines) so that thousands run in seconds.

:func:`run_one` feeds one text to the parser and, when it parses, to the replayer, and
returns what happened; :func:`is_project_error` says whether an exception is one the project
means to raise (a ``ValueError`` subclass defined in ``notation`` or ``validator``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from notation.parser import parse_record_collecting
from notation.writer import write_record
from validator.replay import replay
from validator.simulate import VARIANTS, simulate_game

ALPHABET = 'ATKQJ987SHDC?!$^{}[]();.,-_"\\ \t\n0123456789abcdefghijklmnopqrstuvwxyz♠♥♦♣♤♡♢♧\r\ufeff'
WORDS = (
    "deal dealer cut hand stock turnup draw score brisques total carry ... A B C D E QS JD 10H "
    "7C XX ? ! ?? !? $12 ^L ^R ^exposed ^too-many ^elect ^challenge {c} ( ) marriage bezique "
    "double-bezique carte-blanche seven exchange last-trick aces 1. 99. 0. -5 "
    "999999999999999999999 ] ["
)
TOKENS = (
    *WORDS.split(" "),
    "; x",
    '[Result "A 100"]',
    '[Variant "rubicon"]',
    '[Variant "piquet"]',
    '[Laws "french"]',
    '[Target "300"]',
    '"',
    "\\",
)


def seeds_records(count: int = 10) -> list[str]:
    """Valid records to mutate: simulated games of every variant, cut to a few tricks each
    now and then so that most inputs stay small."""
    texts = []
    for i in range(count):
        variant = VARIANTS[i % len(VARIANTS)]
        game = simulate_game(variant, 1000 + i, "random" if i % 2 else "greedy")
        texts.append(write_record(game.record))
    return texts


def _cut(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    start = rng.randrange(len(lines))
    return "\n".join(lines[start : start + rng.randint(1, 40)])


def _head(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    return "\n".join(lines[: rng.randint(8, 60)])


CARD_RE = re.compile(r"\b[ATKQJ987][SHDC]\b")
SEAT_RE = re.compile(r"\b[ABC]\b")
NUMBER_RE = re.compile(r"\b[0-9]+\b(?!\.)")  # not a trick number: out of order, a parse error


def bend(text: str, rng: random.Random) -> str:
    """One edit that keeps the syntax: a card, a seat or a number changed for another."""
    kind = rng.randrange(3)
    pattern = (CARD_RE, SEAT_RE, NUMBER_RE)[kind]
    found = list(pattern.finditer(text))
    if not found:
        return text
    match = rng.choice(found)
    if kind == 0:
        new = rng.choice("ATKQJ987") + rng.choice("SHDC")
    elif kind == 1:
        new = rng.choice("ABC")
    else:
        new = str(rng.choice((0, 1, 7, 10, 40, 500, 10**9, int(match.group()) + 10)))
    return text[: match.start()] + new + text[match.end() :]


def mutate_text(text: str, rng: random.Random) -> str:
    """One to four grammar-aware edits of a text (line and token level)."""
    if rng.random() < 0.6:
        for _ in range(rng.randint(1, 3)):
            text = bend(text, rng)
        return text
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        if not lines:
            lines = [""]
        op = rng.randrange(9)
        i = rng.randrange(len(lines))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(TOKENS)
            lines[i] = " ".join(words)
        elif op == 4:
            words = lines[i].split(" ")
            words.insert(rng.randrange(len(words) + 1), rng.choice(TOKENS))
            lines[i] = " ".join(words)
        elif op == 5:
            line = lines[i]
            k = rng.randrange(len(line) + 1)
            lines[i] = line[:k] + rng.choice(ALPHABET) + line[k + 1 :]
        elif op == 6:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif op == 7:
            words = lines[i].split(" ")
            nums = [k for k, w in enumerate(words) if w.isdigit()]
            if nums:
                k = rng.choice(nums)
                words[k] = str(rng.choice((0, 1, -1, 10**6, int(words[k]) + 1)))
            lines[i] = " ".join(words)
        else:
            lines.insert(i, " ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 6))))
    return "\n".join(lines)


def random_text(rng: random.Random) -> str:
    """Random text: mostly the notation's alphabet, sometimes any code point."""
    n = rng.randint(0, 200)
    if rng.random() < 0.2:
        return "".join(chr(rng.randrange(1, 0x2FFFF)) for _ in range(n))
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def inputs(count: int, seed: int, records: list[str]) -> Iterator[str]:
    """``count`` fuzz inputs from ``seed``: random text and mutations of ``records``."""
    rng = random.Random(seed)
    for _ in range(count):
        roll = rng.random()
        if roll < 0.3:
            yield random_text(rng)
            continue
        base = rng.choice(records)
        base = _cut(base, rng) if roll < 0.85 else _head(base, rng)
        yield mutate_text(base, rng)


def is_project_error(exc: BaseException) -> bool:
    """A ``ValueError`` raised on purpose by the project (notation or validator layers)."""
    return isinstance(exc, ValueError) and type(exc).__module__.startswith(
        ("notation", "validator")
    )


def run_one(text: str) -> str:
    """Parse ``text`` and replay it when it parses; ``parsed``, ``faults`` or ``error``.

    Exceptions other than the project's own propagate (the tests fail on them).
    """
    try:
        record, errors = parse_record_collecting(text, "<fuzz>")
    except Exception as exc:
        if is_project_error(exc):
            return "error"
        raise
    if record is None:
        assert errors, "a record that does not parse must come with its errors"
        return "faults"
    try:
        replay(record, steps=False)
    except Exception as exc:
        if is_project_error(exc):
            return "error"
        raise
    return "parsed"
