"""Sorting more rows than memory should hold: sorted runs on disk, merged as they are read.

Rows (tuples of text and numbers) are kept in memory until they reach ``max_chars``; then the
run is sorted and written to a temporary file, one JSON line a row. :meth:`ExternalSorter.rows`
merges the runs (``heapq.merge``), so memory holds one run being filled and one row of each
run being merged, whatever the number of rows. When :data:`MAX_RUNS` runs are on disk they
are merged into one, so that the files open at once stay few however many rows come. The files
are removed when the sorter closes.
"""

from __future__ import annotations

import heapq
import json
import tempfile
from collections.abc import Iterator
from typing import IO, Any, Final

Row = tuple[Any, ...]

MAX_RUNS: Final = 64
"""Runs on disk before they are merged into one."""


class ExternalSorter:
    """Collects rows, then yields them sorted (tuples compare item by item)."""

    def __init__(self, max_chars: int = 2 << 20) -> None:
        self.max_chars = max_chars
        self._rows: list[Row] = []
        self._chars = 0
        self._runs: list[IO[str]] = []
        self.count = 0
        self.spilled = 0
        """How many runs went to disk (0 when every row fitted in memory)."""

    def add(self, row: Row) -> None:
        self._rows.append(row)
        self._chars += sum(len(v) if isinstance(v, str) else 8 for v in row) + 16
        self.count += 1
        if self._chars >= self.max_chars:
            self._spill()

    def _spill(self) -> None:
        if not self._rows:
            return
        self._rows.sort()
        run = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed by close())
        for row in self._rows:
            run.write(json.dumps(row, ensure_ascii=False) + "\n")
        run.seek(0)
        self._runs.append(run)
        self.spilled += 1
        self._rows = []
        self._chars = 0
        if len(self._runs) >= MAX_RUNS:
            self._compact()

    def _compact(self) -> None:
        """Merge the runs on disk into one (streaming: one row of each in memory)."""
        merged = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 (closed by close())
        for row in heapq.merge(*(_read(run) for run in self._runs)):
            merged.write(json.dumps(row, ensure_ascii=False) + "\n")
        for run in self._runs:
            run.close()
        merged.seek(0)
        self._runs = [merged]

    def rows(self) -> Iterator[Row]:
        """Every row added, in order; the sorter is spent (and closed) once this is read."""
        if not self._runs:
            self._rows.sort()
            yield from self._rows
            self._rows = []
            return
        self._spill()
        try:
            yield from heapq.merge(*(_read(run) for run in self._runs))
        finally:
            self.close()

    def close(self) -> None:
        for run in self._runs:
            run.close()
        self._runs = []
        self._rows = []


def _read(run: IO[str]) -> Iterator[Row]:
    for line in run:
        yield tuple(json.loads(line))
