"""The sort on disk: the rows come back in order, however many runs were written and merged."""

from __future__ import annotations

import random

from validator.tools.external_sort import MAX_RUNS, ExternalSorter


def test_rows_come_back_sorted_through_many_runs() -> None:
    rng = random.Random(4)
    rows = [
        (f"{rng.randrange(10**6):x}", rng.randrange(100), "é" * rng.randrange(3))
        for _ in range(5000)
    ]
    sorter = ExternalSorter(max_chars=800)
    for row in rows:
        sorter.add(row)
    assert sorter.spilled > 2 * MAX_RUNS  # the runs were merged on disk, more than once
    assert list(sorter.rows()) == sorted(rows)


def test_few_rows_stay_in_memory() -> None:
    sorter = ExternalSorter()
    for row in [("b", 2), ("a", 1), ("b", 1)]:
        sorter.add(row)
    assert list(sorter.rows()) == [("a", 1), ("b", 1), ("b", 2)]
    assert sorter.spilled == 0
