"""Errors of the notation layer: where the text is wrong and what was expected, in words."""

from __future__ import annotations

import unicodedata

_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp", "Mn", "Me"})
"""The Unicode categories of characters a message cannot show: controls, format characters
(zero-width space, byte-order mark), surrogates, private and unassigned code points,
spaces other than the plain one, line and paragraph separators, and marks that combine with
the character before them (a variation selector: ``9♣`` followed by U+FE0F)."""


def unseen(char: str) -> bool:
    """Whether ``char`` would not be seen in a message (see :data:`_UNSEEN`)."""
    return char != " " and unicodedata.category(char) in _UNSEEN


def quoted(text: str) -> str:
    """``text`` in quotes as a message shows what it found: as ``repr`` does, but with each
    character that cannot be seen written ``<U+FE0F>`` and named after the quotes, so that a
    message never says it found an empty or invisible text::

        '9<U+FE0F>' (U+FE0F VARIATION SELECTOR-16 cannot be seen)
    """
    if not any(unseen(c) for c in text):
        return repr(text)
    named: list[str] = []
    for char in dict.fromkeys(c for c in text if unseen(c)):
        name = unicodedata.name(char, "")
        named.append(f"U+{ord(char):04X} {name}".rstrip())
    shown = "".join(f"<U+{ord(c):04X}>" if unseen(c) else c for c in text)
    return f"{shown!r} ({', '.join(named)} cannot be seen)"


class NotationError(ValueError):
    """A fault in BZN text, with its place and the line it is on.

    ``str()`` reads like a compiler message::

        game.bzn:12:9: expected a card such as QS or 10H, found 'QX'
            hand A 7D QX 9H
                      ^

    ``record_line`` is the first line of the record the fault is in, so a
    caller can group the faults of one record.
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int = 0,
        column: int = 0,
        text: str = "",
        record_line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        """The whole line the fault is on, without its line break."""
        self.record_line = record_line

    @property
    def location(self) -> str:
        """``file:line:col`` (``<string>`` when the text came from no file)."""
        return f"{self.source or '<string>'}:{self.line}:{self.column}"

    @property
    def caret(self) -> str:
        """The line, then a caret under the fault (tabs kept so the caret lines up)."""
        if not self.text and self.column <= 1:
            return ""
        prefix = "".join(c if c == "\t" else " " for c in self.text[: max(self.column - 1, 0)])
        return f"    {self.text}\n    {prefix}^"

    def __str__(self) -> str:
        caret = self.caret
        head = f"{self.location}: {self.message}"
        return f"{head}\n{caret}" if caret else head

    def to_dict(self) -> dict[str, object]:
        """The fault as JSON data: message, source, line, column and the line's text."""
        return {
            "message": self.message,
            "source": self.source,
            "line": self.line,
            "column": self.column,
            "text": self.text,
        }

    def __reduce__(self) -> tuple[object, ...]:
        return (
            _rebuild,
            (self.message, self.source, self.line, self.column, self.text, self.record_line),
        )


def _rebuild(
    message: str,
    source: str | None,
    line: int,
    column: int,
    text: str,
    record_line: int | None = None,
) -> NotationError:
    return NotationError(
        message, source=source, line=line, column=column, text=text, record_line=record_line
    )
