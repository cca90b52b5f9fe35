"""Reading BZN input: files, folders and standard input, with one set of limits and one wording.

Every command of ``bezique`` that reads records reads them through this module, so that each
accepts ``-`` for standard input, refuses the same inputs and says the same thing about them:

- a path that is missing, a folder where a file is wanted, a file that cannot be opened;
- bytes that are not UTF-8 (``game.bzn: not UTF-8 text at byte 1234 (line 5, column 3)``),
  a NUL byte (a binary file);
- a file that holds no record at all (empty, or blank lines only).

Each problem is an :class:`InputError`, whose ``str()`` is the one line a user sees:
``file: message``. Files are read a line at a time, so memory does not grow with the input;
a byte-order mark and CRLF or CR line ends are accepted. A line longer than :data:`MAX_LINE`
bytes is read past without being held and handed on as a stand-in
(:mod:`notation.unread_lines`), which the parser reports at its place: the records before
and after it are read.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final

from notation.unread_lines import SHOWN, unread_line

if TYPE_CHECKING:
    from notation.errors import NotationError
    from notation.model import Record

STDIN: Final = "-"
"""The path that names standard input."""
STDIN_NAME: Final = "<stdin>"
"""Standard input's name in messages."""
MAX_LINE: Final = 1 << 20
"""A line longer than this many bytes (1 MiB) is not BZN: it is not read, and is reported at
its place (the record holding it is not read whole; the others are)."""
_BOM: Final = b"\xef\xbb\xbf"
_LINE_ENDS: Final = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
"""A line and its break (CRLF, CR or LF), or the last line without one."""


class InputError(Exception):
    """An input that cannot be read as BZN text; ``str()`` is ``source: message``."""

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{source}: {message}")
        self.source = source
        self.message = message

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


@dataclass(frozen=True, slots=True)
class Input:
    """One file to read: its name in messages, its path (``None`` for standard input), its size."""

    name: str
    path: Path | None
    size: int | None

    @property
    def stem(self) -> str:
        """The file's name without its folder and extension (``stdin`` for standard input)."""
        return "stdin" if self.path is None else self.path.stem


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _os_message(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file or folder"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "cannot read: permission denied"
    return f"cannot read: {(exc.strerror or str(exc)).lower()}"


def inputs(paths: Iterable[str], *, folders: bool = True) -> Iterator[Input | InputError]:
    """The files named by ``paths``, in the order given; a problem takes its place in the run.

    ``-`` is standard input. With ``folders``, a folder gives every ``*.bzn`` file under it,
    sorted; without, a folder is an error (for the commands that read one file).
    """
    for raw in paths:
        if raw == STDIN:
            yield Input(STDIN_NAME, None, None)
            continue
        path = Path(raw)
        try:
            if path.is_dir():
                if not folders:
                    yield InputError(raw, "is a folder: give a .bzn file")
                    continue
                found = sorted(p for p in path.rglob("*.bzn") if p.is_file())
                if not found:
                    yield InputError(raw, "no .bzn file in this folder")
                for file in found:
                    yield Input(str(file), file, _size(file))
            elif path.exists():
                yield Input(raw, path, _size(path))
            else:
                yield InputError(raw, "no such file or folder")
        except OSError as exc:
            yield InputError(raw, _os_message(exc))


def one_input(path: str) -> Input:
    """The one file a command reads (``-``: standard input); raises :class:`InputError`."""
    found = next(iter(inputs([path], folders=False)))
    if isinstance(found, InputError):
        raise found
    return found


class LineReader:
    """The lines of one input as text, checked as they are read; raises :class:`InputError`.

    Lines keep their line break (CRLF is kept as written; a lone CR ends a line too). After
    reading, ``lines`` is the number of lines read, ``bom`` whether the input began with a
    byte-order mark (dropped from the text) and ``final_newline`` whether it ended with a
    line break. Memory holds one line at a time.
    """

    def __init__(self, source: Input, stdin: IO[bytes] | None = None) -> None:
        self.source = source
        self.lines = 0
        self.offset = 0
        """Bytes read so far."""
        self.bom = False
        self.final_newline = True
        self._stdin = stdin
        self._handle: IO[bytes] | None = None

    def _open(self) -> IO[bytes]:
        if self.source.path is None:
            if self._stdin is not None:
                return self._stdin
            return sys.stdin.buffer
        try:
            return self.source.path.open("rb")
        except OSError as exc:
            raise InputError(self.source.name, _os_message(exc)) from None

    def __iter__(self) -> Iterator[str]:
        handle = self._handle = self._open()
        name = self.source.name
        readline = handle.readline
        first = True
        try:
            while True:
                raw = readline(MAX_LINE + 1)
                if not raw:
                    return
                if first:
                    first = False
                    if raw.startswith(_BOM):
                        self.bom = True
                        self.offset += len(_BOM)
                        raw = raw[len(_BOM) :]
                        if not raw:
                            continue
                self.lines += 1
                if len(raw) > MAX_LINE:
                    yield self._unread(raw, readline)
                    continue
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise self._not_utf8(raw, exc) from None
                if "\x00" in line:
                    raise InputError(
                        name, f"line {self.lines} holds a NUL byte: a binary file, not BZN text"
                    )
                self.offset += len(raw)
                self.final_newline = line.endswith("\n")
                if "\r" in line and "\r" in line.rstrip("\r\n"):
                    # lone CRs end lines too, as universal newlines read them (but not the
                    # other breaks str.splitlines knows, U+2028 and the like: an editor
                    # shows them inside a line, and so they are, in a comment or a string)
                    pieces = _LINE_ENDS.findall(line)
                    self.lines += len(pieces) - 1
                    yield from pieces
                else:
                    yield line
        except OSError as exc:
            raise InputError(name, _os_message(exc)) from None
        finally:
            self.close()

    def _unread(self, raw: bytes, readline: Callable[[int], bytes]) -> str:
        """The stand-in for a line longer than :data:`MAX_LINE` bytes that begins with
        ``raw``: the rest of the line is read past, a piece at a time, and not kept."""
        size = len(raw)
        piece = raw
        while not piece.endswith(b"\n"):
            piece = readline(MAX_LINE + 1)
            if not piece:
                break
            size += len(piece)
        self.offset += size
        self.final_newline = piece.endswith(b"\n")
        ends = 2 if piece.endswith(b"\r\n") else 1 if self.final_newline else 0
        head = raw[: SHOWN * 4].decode("utf-8", "replace")
        return unread_line(head, size - ends, MAX_LINE)

    def _not_utf8(self, raw: bytes, exc: UnicodeDecodeError) -> InputError:
        column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
        at = self.offset + exc.start
        return InputError(
            self.source.name,
            f"not UTF-8 text at byte {at} (line {self.lines}, column {column}): "
            "BZN files are UTF-8",
        )

    def close(self) -> None:
        """Close the file (standard input is left open for the caller)."""
        handle, self._handle = self._handle, None
        if handle is not None and self.source.path is not None:
            handle.close()


def read_records(
    source: Input, stdin: IO[bytes] | None = None, *, lenient: bool = False
) -> Iterator[Record | NotationError]:
    """Each record of ``source``, or each fault of a broken record, in file order.

    As :func:`notation.reader.read_records`, through :class:`LineReader`: raises
    :class:`InputError` for an input that cannot be read (after the records read before the
    fault) and for one that holds no record. With ``lenient``, every record is yielded,
    broken or not, holding what could be read and its faults in ``errors``.
    """
    from notation.reader import read_records as read_lines

    count = 0
    reader = LineReader(source, stdin)
    for item in read_lines(reader, name=source.name, lenient=lenient):
        count += 1
        yield item
    if count == 0:
        raise InputError(source.name, "no record found")


def writable(path: Path) -> str | None:
    """Why ``path`` cannot be written (a one-line reason), or ``None`` when it can be."""
    if path.is_dir():
        return "is a folder"
    if path.exists():
        return None if os.access(path, os.W_OK) else "cannot write: permission denied"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return "cannot write: no such folder"
    if not os.access(parent, os.W_OK):
        return "cannot write: permission denied"
    return None
