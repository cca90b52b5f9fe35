"""The ``[%name args]`` commands an analysis writes in comments: read back, and put in words.

``{[%eval 2500] [%loss 100] [%best 2600 AD TD]}`` is the machine-readable form of a judged
play (docs/analysis.md, What the annotations mean). :func:`read_commands` gives its commands
and :func:`in_words` the sentence a view shows at the play's step: ``loses 100 against best
play: 2500, where AD or TD makes 2600``, other commands and the words after them kept. A
comment none of whose commands it knows is left to the view.
"""

from __future__ import annotations

import re
from typing import Final

_COMMAND: Final = re.compile(r"\[%(\w+)((?:\s+[^\]\s]+)*)\s*\]")


def read_commands(text: str) -> dict[str, tuple[str, ...]]:
    """The commands at the start of a comment's text, by name (empty when it has none)."""
    return {name: args for name, args, _ in _read(text)[0]}


def remark(text: str) -> str:
    """The words after a comment's commands (``best play from here: A wins 2500``)."""
    return _read(text)[1]


_NUMBER: Final = re.compile(r"[+-]?[0-9]+")


def _number(args: tuple[str, ...]) -> str | None:
    """The one number a command holds (``[%eval 2500]``), or None (``[%eval abc]``)."""
    return args[0] if len(args) == 1 and _NUMBER.fullmatch(args[0]) else None


def _read(text: str) -> tuple[list[tuple[str, tuple[str, ...], str]], str]:
    """The commands at the start of a comment, each as (name, arguments, text written), in
    order, and the words after them."""
    found: list[tuple[str, tuple[str, ...], str]] = []
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        match = _COMMAND.match(text, at)
        if match is None:
            return found, text[at:]
        found.append((match.group(1), tuple(match.group(2).split()), match.group(0)))
        at = match.end()


def in_words(text: str) -> str | None:
    """A comment with the analysis's commands as a view shows it, or None for a comment none of
    whose commands it puts in words (the view shows that one as written).

    The commands it knows are put in words (``[%eval 2500]``: ``best play: 2500``); any other,
    or one whose arguments are not what the analysis writes (``[%eval abc]``), is kept as
    written; the words after the commands, which are for people (docs/analysis.md), follow,
    each part after a ``;``: ``{[%eval 120] [%clk 0:01:02] a fine lead}`` is shown
    ``best play: 120; [%clk 0:01:02]; a fine lead``. For ``[%illegal]``, ``[%value]`` and
    ``[%line]`` the words are the sentence (the analysis writes them).
    """
    found, words = _read(text)
    first: dict[str, int] = {}
    for index, (name, _, _) in enumerate(found):
        first.setdefault(name, index)
    args = {name: found[index][1] for name, index in first.items()}
    said: list[str] = []
    used: set[str] = set()
    if "illegal" in args:
        said.append(words or "a card the strict laws forbid: not valued")
        words = ""
        used.add("illegal")
    else:
        value = _number(args["eval"]) if "eval" in args else None
        loss = _number(args["loss"]) if "loss" in args else None
        best = args.get("best", ())
        if loss is not None and len(best) > 1 and _NUMBER.fullmatch(best[0]):
            best_value, *cards = best
            said.append(
                f"loses {loss} against best play: {value or '?'}, where {' or '.join(cards)} "
                f"makes {best_value}"
            )
            used.update(("loss", "best"))
        elif value is not None:
            said.append(f"best play: {value}")
        if value is not None:
            used.add("eval")
    used.update(name for name in ("value", "line") if name in args)
    if not used:
        return None
    kept = " ".join(
        written
        for index, (name, _, written) in enumerate(found)
        if first[name] != index or name not in used
    )
    return "; ".join(part for part in (*said, kept, words) if part) or None
