"""Errors of the notation layer: where the text is wrong and what was expected, in words."""

from __future__ import annotations


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
