"""Glyphs, NAGs and comments added to the trick lines of a record, as an annotator adds them.

``bench/run.py`` measures parse and validation on records annotated so, beside the canonical
ones; ``tests/notation/test_notation_fast_lines.py`` checks that the fast line reader reads
them as Lark does. Every form is valid BZN (docs/notation.md, "Annotation"): glyphs, NAGs and
``{comments}`` after a card belong to its play, a ``; comment`` ends the line. Most forms are
in the writer's order (glyphs, then comments); two are in an order an annotator may type and
the writer does not write (``B JS ! {a note} $14``, a comment before a glyph).
"""

from __future__ import annotations

TRICK_NOTES: tuple[tuple[str, str], ...] = (
    ("", "!"),
    ("", "$14"),
    ("", "! {a note}"),
    ("", "! {a note} $14"),
    ("?!", "{the safe card}"),
    ("", "!! $1 {B wins} ; a line comment"),
    ("{why not the ten?} $6", "?"),
)
"""(after the lead, after the reply) for one trick line in turn; empty: nothing there."""


def annotate_tricks(text: str) -> str:
    """``text`` with every trick line of two plays (``12. A 7D B 9C``) given the next
    annotations of :data:`TRICK_NOTES`, after the lead, the reply or both."""
    out = []
    n = 0
    for line in text.split("\n"):
        words = line.split(" ")
        if line[:1].isdigit() and len(words) == 5 and words[0].endswith("."):
            lead, reply = TRICK_NOTES[n % len(TRICK_NOTES)]
            n += 1
            if lead:
                words.insert(3, lead)
            if reply:
                words.append(reply)
            line = " ".join(words)
        out.append(line)
    return "\n".join(out)
