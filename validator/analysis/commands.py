"""The ``[%name args]`` commands an analysis writes in comments: read back, and put in words.

``{[%eval 2500] [%loss 100] [%best 2600 AD TD]}`` is the machine-readable form of a judged
play (docs/analysis.md, What the annotations mean). :func:`read_commands` gives its commands
and :func:`in_words` the sentence a view shows at the play's step: ``loses 100 against best
play: 2500, where AD or TD makes 2600``. A comment without commands is left to the view.
"""

from __future__ import annotations

import re
from typing import Final

_COMMAND: Final = re.compile(r"\[%(\w+)((?:\s+[^\]\s]+)*)\s*\]")


def read_commands(text: str) -> dict[str, tuple[str, ...]]:
    """The commands at the start of a comment's text, by name (empty when it has none)."""
    out: dict[str, tuple[str, ...]] = {}
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        found = _COMMAND.match(text, at)
        if found is None:
            return out
        out[found.group(1)] = tuple(found.group(2).split())
        at = found.end()


def remark(text: str) -> str:
    """The words after a comment's commands (``best play from here: A wins 2500``)."""
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        found = _COMMAND.match(text, at)
        if found is None:
            return text[at:]
        at = found.end()


def in_words(text: str) -> str | None:
    """A judged play's comment in words, or None for a comment the analysis did not write."""
    commands = read_commands(text)
    if "illegal" in commands:
        return "a card the strict laws forbid: not valued"
    if "loss" in commands and "best" in commands and commands["best"]:
        loss = commands["loss"][0] if commands["loss"] else "?"
        best_value, *cards = commands["best"]
        value = commands.get("eval", ("?",))[0]
        return (
            f"loses {loss} against best play: {value}, where {' or '.join(cards)} "
            f"makes {best_value}"
        )
    if "eval" in commands:
        return f"best play: {commands['eval'][0]}"
    if "value" in commands or "line" in commands:
        return remark(text) or None
    return None
