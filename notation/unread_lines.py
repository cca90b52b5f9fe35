"""A line too long to read, as the line readers hand it to the parser.

A reader that meets a line longer than it will hold (``validator.sources`` stops at 1 MiB)
does not refuse the file: it reads past the line without keeping it and puts in its place
one short line, made by :func:`unread_line`, that holds the line's first characters and its
length. The parser reports that line as a fault at its place (file, line, column 1, the
text it begins with), so the record holding it is reported as not read whole, and the
records before and after it are read as usual.

The line starts with NUL characters, which BZN text never holds (the readers refuse a NUL
byte elsewhere), so it cannot be confused with a line written.
"""

from __future__ import annotations

from typing import Final

MARK: Final = "\x00\x00unread line\x00"
"""How the stand-in line starts."""
SHOWN: Final = 40
"""How many of the line's first characters a message shows."""


def unread_line(head: str, size: int, limit: int) -> str:
    """The stand-in for a line of ``size`` bytes, more than the ``limit`` a reader holds,
    that begins with ``head``."""
    head = head[:SHOWN].replace("\r", "").replace("\n", "").replace("\x00", "")
    return f"{MARK}{size}\x00{limit}\x00{head}\n"


def is_unread(line: str) -> bool:
    """Whether ``line`` is a stand-in made by :func:`unread_line`."""
    return line.startswith(MARK)


def unread_fault(line: str) -> tuple[str, str]:
    """What a fault at a stand-in says (the line's length and what a BZN line is), and the
    first characters of the line it stands for."""
    size, limit, head = line[len(MARK) :].rstrip("\r\n").split("\x00", 2)
    message = (
        f"expected a line of BZN (one statement, at most {int(limit):,} bytes), found a line "
        f"of {int(size):,} bytes: it is not read, so neither is the record holding it whole"
    )
    return message, head + "..."


def without_unread(text: str) -> str:
    """``text`` with each stand-in taken out: what of a record can be written back as it was
    read (the long line itself was never held)."""
    if MARK not in text:
        return text
    return "\n".join(line for line in text.split("\n") if not is_unread(line))
