"""Work spread over processes, results in input order, with a bounded number in flight.

:func:`in_order` sends each unit of work to a pool of ``jobs`` processes and yields the
results in the order the units came, other items passing through in their place. At most
``window`` units are in flight, so the input is read only as fast as results come back:
memory holds ``window`` units whatever the input's size (``validator.batch`` does the same for
``check``).
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

Unit = TypeVar("Unit")
Result = TypeVar("Result")
Other = TypeVar("Other")


@dataclass(frozen=True, slots=True)
class Work(Generic[Unit]):
    """A unit of work: ``work(unit)`` gives its results."""

    unit: Unit


@dataclass(frozen=True, slots=True)
class Passed(Generic[Other]):
    """An item that is not work: yielded as it is, in its place among the results."""

    item: Other


class PoolError(RuntimeError):
    """A worker process stopped unexpectedly."""


def _quiet_worker() -> None:
    # Ctrl-C is the main process's to handle: a worker stops when the pool is shut down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from validator.batch import collect_less

    collect_less()


def in_order(
    work: Callable[[Unit], list[Result]],
    items: Iterable[Work[Unit] | Passed[Other]],
    *,
    jobs: int,
    window: int | None = None,
    warm_up: Callable[[], None] | None = None,
) -> Iterator[Result | Other]:
    """``work(unit)``'s results for each :class:`Work` of ``items`` and each :class:`Passed`
    item as it is, all in input order; on ``jobs`` processes (1: in this one). ``warm_up`` runs here
    before the workers fork, so that what it builds (the parser's tables) is theirs too."""
    if jobs <= 1:
        for item in items:
            if isinstance(item, Passed):
                yield item.item
            else:
                yield from work(item.unit)
        return
    if warm_up is not None:
        warm_up()
    gc.freeze()  # what is built so far is shared with the forked workers: keep it unwalked
    methods = multiprocessing.get_all_start_methods()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("fork" if "fork" in methods else None),
        initializer=_quiet_worker,
    )
    limit = window or jobs * 4
    queue: deque[tuple[bool, Any]] = deque()
    in_flight = 0
    finished = False
    try:
        for item in items:
            if isinstance(item, Passed):
                queue.append((False, item.item))
            else:
                queue.append((True, pool.submit(work, item.unit)))
                in_flight += 1
            while queue and (in_flight >= limit or not queue[0][0] or queue[0][1].done()):
                pending, head = queue.popleft()
                if pending:
                    in_flight -= 1
                    yield from _result(head)
                else:
                    yield head
        while queue:
            pending, head = queue.popleft()
            if pending:
                yield from _result(head)
            else:
                yield head
        finished = True
    except BrokenProcessPool as exc:
        raise PoolError(f"a worker process stopped unexpectedly ({exc})") from None
    finally:
        pool.shutdown(wait=finished, cancel_futures=not finished)


def _result(future: Future[list[Result]]) -> list[Result]:
    return future.result()
