"""Corrections in words: the one renderer ``adjudicate``, the Markdown export and the data form
share, so that no view shows a correction differently (and none shows a raw token).

A :class:`~validator.engine.settlement.Correction` says who, what, how much and why; these
functions say it as a director would read it out: "A's 40 is taken down", "B scores the last
trick (50)", "3 of A's brisques no longer count (from trick 56 on)". They take corrections,
never the model's :class:`~validator.replay.model.Remedy`: the model's data form uses them, so
they sit below it.
"""

from __future__ import annotations

from collections.abc import Iterable

from validator.engine.settlement import Correction

NO_CHANGE = "no change to the scores"
"""The effect of a remedy that corrects nothing."""


def _seat(seat: str | None) -> str:
    return seat if seat is not None else "nobody"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def correction_words(correction: Correction) -> str:
    """One correction in words, without its law (see :func:`correction_line` for that)."""
    seat, amount, kind = _seat(correction.seat), correction.amount, correction.kind
    since = f" (from trick {correction.trick} on)" if correction.trick is not None else ""
    if kind == "points":
        if amount < 0:
            return f"{seat}'s {-amount} is taken down"
        return f"{seat} adds {amount} to his score"
    if kind == "forfeit":
        if amount < 0:
            return f"{-amount} is deducted from {seat}'s score"
        return f"{seat} adds {amount} to his score"
    if kind == "last-trick":
        if amount < 0:
            return f"{seat} loses the {-amount} of the last trick"
        return f"{seat} scores the last trick ({amount})"
    if kind == "brisques":
        if amount < 0:
            return f"{_plural(-amount, 'brisque')} of {seat}'s no longer count{since}"
        return f"{seat} counts {_plural(amount, 'more brisque')}{since}"
    if kind == "rubicon":
        return f"{seat} is rubiconed by the laws"
    if kind == "abandon":
        at = f" at trick {correction.trick}" if correction.trick is not None else ""
        scores = ""
        if correction.scores:
            scores = ", with " + ", ".join(f"{s} {p}" for s, p in correction.scores.items())
        return f"the game is abandoned{at}{scores}"
    if kind == "void":
        return "the deal is void"
    if kind == "replay":
        return f"play is taken back and replayed from trick {correction.trick}"
    return kind  # pragma: no cover - Correction checks its kind


def correction_line(correction: Correction) -> str:
    """A correction in words with the law that orders it."""
    words = correction_words(correction)
    return f"{words} ({correction.law})" if correction.law else words


def effect_words(corrections: Iterable[Correction]) -> str:
    """Everything a remedy's corrections change, in words, or "no change to the scores"."""
    return "; ".join(correction_words(c) for c in corrections) or NO_CHANGE


def uncounted_words(corrections: Iterable[Correction]) -> list[str]:
    """What no longer counts after the corrections (brisques struck, a last trick lost)."""
    out: list[str] = []
    for c in corrections:
        seat = _seat(c.seat)
        if c.kind == "brisques" and c.amount < 0:
            since = f" from trick {c.trick} on" if c.trick is not None else ""
            out.append(f"{_plural(-c.amount, 'brisque')} of {seat}'s{since}")
        elif c.kind == "last-trick" and c.amount < 0:
            out.append(f"{seat}'s last trick ({-c.amount})")
    return out
