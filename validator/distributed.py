"""Checking records on a Dask cluster, for archives beyond one machine.

Needs the optional extra ``bezique[dask]`` (``dask[distributed]``) here and on every worker,
with the same version of bezique. The machine that runs this reads the files and splits
them into record texts, as ``bezique check`` does; the workers parse and replay batches of
record texts and send back compact results; results are taken in input order with a
bounded number of batches in flight, so memory stays flat on this machine too::

    from validator.distributed import check_paths_dask

    summary = check_paths_dask(["archive/"], "tcp://scheduler:8786", laws="french")
    print(summary.table())
    raise SystemExit(summary.exit_code)

The command line is ``bezique check archive/ --dask tcp://scheduler:8786``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from validator.batch import (
    BATCH_RECORDS,
    Batch,
    BatchError,
    CheckSummary,
    Item,
    Outcome,
    RecordResult,
    check_batch,
    expand_paths,
    read_items,
    run_ordered,
    with_rotation,
)

if TYPE_CHECKING:
    from distributed import Client


class DaskUnavailable(BatchError):
    """Dask is not installed: the optional extra ``bezique[dask]`` is needed."""


def _client(address: str | Client, timeout: float) -> tuple[Client, bool]:
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailable(
            "the Dask engine needs the optional extra: pip install 'bezique[dask]'"
        ) from None
    if isinstance(address, Client):
        return address, False
    try:
        client: Client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
        return client, True
    except (OSError, TimeoutError, ValueError) as exc:
        raise BatchError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def check_paths_dask(
    paths: Sequence[str],
    address: str | Client,
    laws: str | None = None,
    *,
    on_outcome: Callable[[Outcome], None] | None = None,
    batch_records: int = BATCH_RECORDS,
    window: int | None = None,
    connect_timeout: float = 30.0,
    lenient: bool = True,
) -> CheckSummary:
    """Check every record under ``paths`` on the Dask cluster at ``address``; return the counts.

    ``paths`` are files, folders (their ``*.bzn`` files) or ``-`` for standard input, read on
    this machine. ``address`` is the scheduler's address (``tcp://host:8786``) or a connected
    ``distributed.Client``. ``laws`` is ``english``, ``french``, ``forfeits`` or a laws file
    the workers can read; ``None`` takes each record's Laws tag. ``on_outcome`` is called
    with each result (a :class:`~validator.batch.RecordResult`, a
    :class:`~validator.batch.FileProblem` or a :class:`~validator.batch.FileDone`) in input
    order. ``window`` bounds the batches in flight (default: twice the cluster's threads);
    ``connect_timeout`` is in seconds. ``lenient`` is :func:`~validator.batch.check_record`'s:
    a record with a fault is checked up to it (``False``: not at all).

    Raises :class:`DaskUnavailable` without Dask and :class:`~validator.batch.BatchError`
    when the scheduler cannot be reached or a worker fails.
    """
    return check_items_dask(
        read_items(expand_paths(paths)),
        address,
        laws,
        on_outcome=on_outcome,
        batch_records=batch_records,
        window=window,
        connect_timeout=connect_timeout,
        lenient=lenient,
    )


def check_items_dask(
    items: Iterable[Item],
    address: str | Client,
    laws: str | None = None,
    *,
    on_outcome: Callable[[Outcome], None] | None = None,
    batch_records: int = BATCH_RECORDS,
    window: int | None = None,
    connect_timeout: float = 30.0,
    lenient: bool = True,
) -> CheckSummary:
    """As :func:`check_paths_dask`, for record texts already read (``bezique check`` reads
    them through :mod:`validator.sources`)."""
    client, owned = _client(address, connect_timeout)
    try:
        if window is None:
            threads = sum(client.nthreads().values())  # type: ignore[no-untyped-call]
            window = max(2, 2 * threads)

        def submit(batch: Batch) -> Any:
            return client.submit(check_batch, batch, pure=False)

        summary = CheckSummary()
        try:
            ordered = run_ordered(
                items,
                submit,
                laws=laws,
                window=window,
                batch_records=batch_records,
                lenient=lenient,
            )
            for outcome in with_rotation(ordered, laws):
                summary.add(outcome)
                if on_outcome is not None:
                    on_outcome(outcome)
        except BatchError:
            raise
        except (OSError, TimeoutError) as exc:
            raise BatchError(f"the Dask cluster failed: {exc}") from None
        except Exception as exc:
            # a task that failed on a worker re-raises here (a worker without bezique, a
            # version mismatch); report it, never as a traceback
            raise BatchError(f"a Dask task failed: {type(exc).__name__}: {exc}") from None
        return summary
    finally:
        if owned:
            client.close()  # type: ignore[no-untyped-call]


__all__ = ["DaskUnavailable", "RecordResult", "check_items_dask", "check_paths_dask"]
