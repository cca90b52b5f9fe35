"""Small records for the batch tests, each judged by hand against the rule texts.

- ``CLEAN``: the pone (A, the dealer being B) leads the first trick and both draw:
  rubicon-bezique-laws.txt, "the non-dealer leads" -- nothing to report.
- ``OUT_OF_TURN``: B, the dealer, leads the first trick: a lead out of turn, P201, at the
  play ``B 7D`` (line 7, column 4 of the record).
- ``BROKEN``: ``7X`` is not a card: a parse error at line 7, column 6. The record is
  checked up to line 6 (``partly-read``): its tags and its deal's header, which hold no
  finding; the deal, with no play read before the fault, is not replayed.
"""

from __future__ import annotations

HEAD = '[Event "{event}"]\n[Variant "rubicon"]\n[A "Ann"]\n[B "Bob"]\n\ndeal 1 dealer B\n'

CLEAN = HEAD + "1. A 7D B 9C\n  draw A ?, B ?\n"
OUT_OF_TURN = HEAD + "1. B 7D A 9C\n  draw B ?, A ?\n"
BROKEN = HEAD + "1. A 7X B 9C\n"


def record(kind: str, event: str) -> str:
    """One record of ``kind`` (``clean``, ``findings``, ``broken``) named ``event``."""
    text = {"clean": CLEAN, "findings": OUT_OF_TURN, "broken": BROKEN}[kind]
    return text.replace("{event}", event)


def file_of(kinds: list[str]) -> str:
    """Records of the given kinds, one blank line between them; event names R1, R2, ..."""
    return "\n".join(record(kind, f"R{i}") for i, kind in enumerate(kinds, 1))


def line_starts(kinds: list[str]) -> list[int]:
    """The first line of each record of :func:`file_of` (counted from the texts)."""
    starts = []
    line = 1
    for i, kind in enumerate(kinds, 1):
        starts.append(line)
        line += record(kind, f"R{i}").count("\n") + 1
    return starts
