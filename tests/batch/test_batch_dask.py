"""The Dask engine on a small local cluster (one worker, threads in this process).

``bezique[dask]`` is a test dependency, so this runs in CI like every other test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from distributed import LocalCluster

from validator.batch import BatchError, RecordResult
from validator.cli import main
from validator.distributed import check_paths_dask

from .records import file_of, line_starts


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    with LocalCluster(
        processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None
    ) as local:
        yield local


def test_check_paths_dask_checks_every_record_in_order(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    kinds = ["clean", "findings", "broken", "clean", "findings"] * 3
    path = tmp_path / "round.bzn"
    path.write_text(file_of(kinds), encoding="utf-8")
    lines: list[int] = []

    def seen(outcome: object) -> None:
        if isinstance(outcome, RecordResult):
            lines.append(outcome.line)

    summary = check_paths_dask(
        [str(path)], cluster.scheduler_address, on_outcome=seen, batch_records=2
    )
    assert lines == line_starts(kinds)
    assert summary.to_dict() == {
        "files": 1,
        "records": 15,
        "clean": 6,
        "with_findings": 6,
        "unreadable": 3,
        "unreadable_records": 3,
        "partly_read": 3,
        "unreadable_files": 0,
        "codes": {"P201": 6},
        "exit_code": 2,
    }


def test_check_command_on_dask(cluster: LocalCluster, tmp_path: Path) -> None:
    kinds = ["findings", "clean"]
    path = tmp_path / "two.bzn"
    path.write_text(file_of(kinds), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["check", str(path), "--dask", cluster.scheduler_address, "--no-summary"]
    )
    assert result.exit_code == 1
    assert result.output.startswith(f"{path}:7:4: P201 B led 7D out of turn")
    assert result.output.count("\n") == 1


def test_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(BatchError, match="cannot reach the Dask scheduler"):
        check_paths_dask(["-"], "tcp://127.0.0.1:9", connect_timeout=2)
