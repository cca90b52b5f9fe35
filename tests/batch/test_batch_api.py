"""The batch engine's pieces: reading in constant memory, the bounded window, the summary."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest

from validator.batch import (
    GC_THRESHOLDS,
    Batch,
    CheckSummary,
    FileDone,
    FileProblem,
    RecordResult,
    RecordText,
    check_paths,
    expand_paths,
    read_items,
    run_ordered,
    warm_up,
)

from .records import file_of, line_starts


def test_read_items_splits_records_and_closes_each_file(tmp_path: Path) -> None:
    kinds = ["clean", "findings", "broken"]
    (tmp_path / "a.bzn").write_text(file_of(kinds), encoding="utf-8")
    items = list(read_items(expand_paths([str(tmp_path / "a.bzn")])))
    texts = [item for item in items if isinstance(item, RecordText)]
    assert [t.line for t in texts] == line_starts(kinds)
    assert all(t.text.startswith('[Event "R') for t in texts)
    assert items[-1] == FileDone(str(tmp_path / "a.bzn"), (tmp_path / "a.bzn").stat().st_size, 3)


def test_read_items_from_standard_input() -> None:
    stdin = io.BytesIO(file_of(["clean", "clean"]).encode())
    items = list(read_items(expand_paths(["-"]), stdin=stdin))
    assert [type(item).__name__ for item in items] == ["RecordText", "RecordText", "FileDone"]
    assert items[0].source == "<stdin>"  # type: ignore[union-attr]


class _Lazy:
    """A stream of record texts that counts how far it has been read."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.read = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        for index in range(self.count):
            self.read += 1
            yield RecordText("lazy.bzn", index + 1, f"record {index}")


class _Task:
    """A batch "running" elsewhere: odd batches report done at once, even ones only when asked."""

    def __init__(self, number: int, batch: Batch, running: set[int]) -> None:
        self.number = number
        self.batch = batch
        self.running = running
        running.add(number)

    def done(self) -> bool:
        return self.number % 2 == 1

    def result(self) -> list[RecordResult]:
        self.running.discard(self.number)
        return [RecordResult(item.source, item.line, "clean") for item in self.batch[1]]


def test_run_ordered_keeps_a_bounded_window_and_the_input_order() -> None:
    stream = _Lazy(1000)
    running: set[int] = set()
    most_in_flight = 0
    submitted: list[int] = []

    def submit(batch: Batch) -> _Task:
        nonlocal most_in_flight
        task = _Task(len(submitted), batch, running)
        submitted.append(len(batch[1]))
        most_in_flight = max(most_in_flight, len(running))
        return task

    seen: list[int] = []
    for outcome in run_ordered(stream, submit, window=4, batch_records=10):
        assert isinstance(outcome, RecordResult)
        seen.append(outcome.line)
        # the reader is never more than the window (4 batches of 10) ahead of the output
        assert stream.read - len(seen) <= 4 * 10
    assert seen == list(range(1, 1001))
    assert submitted == [10] * 100
    assert most_in_flight <= 4


def test_check_paths_counts_records_and_codes(tmp_path: Path) -> None:
    (tmp_path / "a.bzn").write_text(file_of(["clean", "findings", "broken", "findings"]))
    seen: list[str] = []
    summary = check_paths(
        [str(tmp_path / "a.bzn"), str(tmp_path / "gone.bzn")],
        on_outcome=lambda outcome: seen.append(type(outcome).__name__),
    )
    assert seen == ["RecordResult"] * 4 + ["FileDone", "FileProblem"]
    assert summary.to_dict() == {
        "files": 1,
        "records": 4,
        "clean": 1,
        "with_findings": 2,
        "unreadable": 2,
        "unreadable_records": 1,
        "partly_read": 1,
        "unreadable_files": 1,
        "codes": {"P201": 2},
        "exit_code": 2,
    }


def test_exit_code_of_a_summary() -> None:
    summary = CheckSummary()
    assert summary.exit_code == 0
    summary.add(RecordResult("x", 1, "clean"))
    assert summary.exit_code == 0
    summary.add(RecordResult("x", 9, "findings", findings=({"code": "P201"},)))
    assert summary.exit_code == 1
    summary.add(FileProblem("y", "no record found"))
    assert summary.exit_code == 2


def test_warm_up_reads_the_rules_and_laws_before_the_workers_fork(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a worker would otherwise read on its first record (0.15 s of YAML each) is read
    once in the main process: the default rule set, the laws asked for, the rule book."""
    from validator import rulebook
    from validator.replay import resolver

    monkeypatch.setattr(resolver, "_RULESETS", {})
    monkeypatch.setattr(resolver, "_LAWS", {})
    rulebook.default_rulebook.cache_clear()
    warm_up("french")
    assert [name for name, _ in resolver._RULESETS] == ["rubicon"]
    # The laws for the remedies (french), and those the warm-up record was played under (it has
    # no Laws tag: english).
    assert sorted(resolver._LAWS) == ["english", "french"]
    assert rulebook.default_rulebook.cache_info().currsize == 1


def test_check_command_makes_the_collector_run_less_often_in_its_process(tmp_path: Path) -> None:
    """`bezique check` raises the cyclic collector's thresholds for itself (about 5% of the
    work); the library functions leave a caller's thresholds alone."""
    from click.testing import CliRunner

    from validator.cli import main

    (tmp_path / "a.bzn").write_text(file_of(["clean"]), encoding="utf-8")
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        check_paths([str(tmp_path / "a.bzn")], jobs=1)
        assert gc.get_threshold() == (700, 10, 10)
        result = CliRunner().invoke(main, ["check", str(tmp_path / "a.bzn"), "--jobs", "1"])
        assert result.exit_code == 0, result.output
        assert gc.get_threshold() == GC_THRESHOLDS == (10_000, 50, 50)
    finally:
        gc.set_threshold(*before)
