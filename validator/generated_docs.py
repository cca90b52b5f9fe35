"""Documents generated from the project's data: write them, or check they are current.

``docs/rules.md`` (from the rule book) and ``docs/findings.md`` (from the catalogue and the
laws) are generated; a test and CI fail when either is stale. Both generators share this
write-or-check step.
"""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(output: Path, text: str, *, write: bool, command: str) -> int:
    """Write ``text`` to ``output`` (``write``) or compare it; the exit status to return.

    0 written or current, 1 out of date (the message names ``command`` to run), 2 unwritable.
    """
    if write:
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
            output.write_text(text, encoding="utf-8")
        except OSError as err:
            print(f"error: {output}: cannot write: {err.strerror}", file=sys.stderr)
            return 2
        print(f"wrote {output}")
        return 0
    try:
        current: str | None = output.read_text(encoding="utf-8")
    except OSError:
        current = None
    if current != text:
        print(f"{output} is out of date: run {command} --write", file=sys.stderr)
        return 1
    print(f"{output} is up to date")
    return 0
