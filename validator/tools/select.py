"""The selection run: records streamed from files, tested on every core, written in order.

:func:`select_items` reads record texts (:func:`validator.batch.read_items`, as ``check``
does), sends them in batches to worker processes that parse, test and write each one
(:func:`validator.tools.selection.pick`) and yields the outcomes in input order, memory
bounded by the batches in flight. :class:`DuplicateDropper` takes those outcomes, spools them
to a temporary file while it fingerprints the records selected, finds the duplicates
(:class:`validator.tools.duplicates.DuplicateFinder`) and yields the outcomes again without
them: two passes, the second over the spool, so the archive is never held in memory::

    items = read_items(expand_paths(["round/"]))
    dropper = DuplicateDropper()
    for outcome in dropper.run(select_items(items, Selection(fingerprints=True), jobs=2)):
        ...
    print(*dropper.duplicates, sep="\\n")
"""

from __future__ import annotations

import pickle
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import replace

from validator.batch import BATCH_CHARS, BATCH_RECORDS, FileDone, FileProblem, Item, RecordText
from validator.tools.duplicates import Duplicate, DuplicateFinder, Where
from validator.tools.in_order import Passed, Work, in_order
from validator.tools.selection import SELECTED, Picked, Selection, pick, pick_batch

Outcome = Picked | FileProblem | FileDone
Unit = tuple[Selection, tuple[RecordText, ...]]


def select_items(
    items: Iterable[Item],
    selection: Selection,
    *,
    jobs: int = 1,
    batch_records: int = BATCH_RECORDS,
    batch_chars: int = BATCH_CHARS,
    window: int | None = None,
) -> Iterator[Outcome]:
    """Every record of ``items`` tested and written by ``selection``, in input order, with the
    file problems and ends in their places; on ``jobs`` processes (1: in this one)."""
    texts: deque[str] = deque()
    units = _units(items, selection, batch_records, batch_chars, texts)

    def warm_up() -> None:
        pick(RecordText("warm-up", 1, "deal 1 dealer B\n"), selection)

    for outcome in in_order(pick_batch, units, jobs=jobs, window=window, warm_up=warm_up):
        if isinstance(outcome, Picked):
            # The workers send back no text they did not change: it is put back here, from
            # the texts of the batches in flight (results come in input order).
            text = texts.popleft()
            if outcome.status == SELECTED and outcome.text is None:
                outcome = replace(outcome, text=text.rstrip("\n") + "\n")
        yield outcome


def _units(
    items: Iterable[Item],
    selection: Selection,
    batch_records: int,
    batch_chars: int,
    texts: deque[str],
) -> Iterator[Work[Unit] | Passed[FileProblem | FileDone]]:
    batch: list[RecordText] = []
    chars = 0
    for item in items:
        if isinstance(item, RecordText):
            texts.append(item.text)
            batch.append(item)
            chars += len(item.text)
            if len(batch) >= batch_records or chars >= batch_chars:
                yield Work((selection, tuple(batch)))
                batch, chars = [], 0
        else:
            if batch:
                yield Work((selection, tuple(batch)))
                batch, chars = [], 0
            yield Passed(item)
    if batch:
        yield Work((selection, tuple(batch)))


class DuplicateDropper:
    """Passes outcomes through, less the records that duplicate another (the most complete of
    each game is kept); :attr:`duplicates` lists those dropped once the run is over."""

    def __init__(self, max_chars: int = 2 << 20) -> None:
        self.max_chars = max_chars
        self.duplicates: list[Duplicate] = []
        self.selected = 0

    def run(self, outcomes: Iterable[Outcome]) -> Iterator[Outcome]:
        finder = DuplicateFinder(self.max_chars)
        with tempfile.TemporaryFile() as spool:
            try:
                ordinal = 0
                for outcome in outcomes:
                    if isinstance(outcome, Picked) and outcome.status == SELECTED:
                        assert outcome.key is not None, "the selection computes no fingerprint"
                        finder.add(Where(ordinal, outcome.source, outcome.line), outcome.key)
                        outcome = replace(outcome, key=None)
                        ordinal += 1
                    pickle.dump(outcome, spool, protocol=pickle.HIGHEST_PROTOCOL)
                self.selected = ordinal
                self.duplicates = finder.duplicates()
            finally:
                finder.close()
            dropped = {d.record.ordinal for d in self.duplicates}
            spool.seek(0)
            ordinal = 0
            while True:
                try:
                    outcome = pickle.load(spool)
                except EOFError:
                    break
                if isinstance(outcome, Picked) and outcome.status == SELECTED:
                    ordinal += 1
                    if ordinal - 1 in dropped:
                        continue
                yield outcome
