"""Checking many records at once: streaming, in order, on every core, in constant memory.

The main process reads the files line by line and splits them into record texts
(:func:`notation.reader.split_records`, the splitter ``read_records`` uses); it sends
bounded batches of record texts to worker processes, which parse and replay them and send
back compact results (the findings as data, the parse errors as text). Results come back
in input order. At most ``window`` batches are in flight at any time, so memory stays
flat however large the input::

    items = read_items(expand_paths(["archive/", "round.bzn"]))
    summary = CheckSummary()
    for outcome in check_items(items, jobs=4, laws=None):
        summary.add(outcome)
        print_outcome(outcome)

``jobs=1`` checks in this process. :func:`check_batch` is the unit of work shared with
the Dask engine of :mod:`validator.distributed`.
"""

from __future__ import annotations

import gc
import io
import multiprocessing
import os
import signal
import sys
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Final, Protocol

from notation.errors import NotationError
from notation.parser import parse_record_lenient
from notation.reader import split_records
from notation.unread_lines import SHOWN, unread_line

if TYPE_CHECKING:
    from notation.model import Record
    from validator.laws import Laws
    from validator.replay import Replay
    from validator.replay.sittings import ChouetteGame, GamePlace

SCHEMA = "bezique-check"
"""Name of the JSON form of ``bezique check`` (``docs/check-json-schema.md``)."""
SCHEMA_VERSION = 2
"""Version of that JSON form; raised on any change a reader would notice (2: the status
``partly-read`` and the key ``read_to_line``)."""

STDIN = "-"
STDIN_NAME = "<stdin>"
MAX_LINE = 1 << 20
"""A line longer than this (in characters) is not BZN: the file is reported, not read."""
BATCH_RECORDS = 16
"""Records sent to a worker at a time."""
BATCH_CHARS = 1 << 20
"""A batch is also closed when its record texts reach this many characters."""

CLEAN = "clean"
FINDINGS = "findings"
UNREADABLE = "unreadable"
PARTLY_READ = "partly-read"


class BatchError(ValueError):
    """The batch run cannot go on (a worker died, the engine could not be reached)."""


class ReplayFunction(Protocol):
    """The signature of :func:`validator.replay.replay`."""

    def __call__(
        self,
        record: Record,
        *,
        laws: Laws | str | None = None,
        source: str | None = None,
        steps: bool = True,
        read_to: int | None = None,
    ) -> Replay: ...


_replay_override: ReplayFunction | None = None
"""Set by tests to stand in for the replayer (inherited by forked workers)."""


def replay_function() -> ReplayFunction:
    """The replayer: :func:`validator.replay.replay` unless a test set a stand-in."""
    if _replay_override is not None:
        return _replay_override
    from validator.replay import replay

    found: ReplayFunction = replay
    return found


# --------------------------------------------------------------------------- items


@dataclass(frozen=True, slots=True)
class Target:
    """One file to read: its name in messages, its path (None for standard input), its size."""

    name: str
    path: Path | None
    size: int | None


@dataclass(frozen=True, slots=True)
class RecordText:
    """The text of one record and where it starts: what a worker receives."""

    source: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class FileProblem:
    """A path that cannot be read as BZN: missing, unreadable, binary, empty of records."""

    source: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "file", "file": self.source, "message": self.message}


@dataclass(frozen=True, slots=True)
class FileDone:
    """The end of one file: its size in bytes and how many records it held."""

    source: str
    size: int | None
    records: int


@dataclass(frozen=True, slots=True)
class RecordResult:
    """What checking one record gave, compact enough to send between processes.

    ``findings`` hold each finding's data form (:meth:`Finding.to_dict` without the rule
    text, which ``bezique rules`` shows); ``errors`` each parse error with its caret line.
    """

    source: str
    line: int
    status: str
    """``clean``, ``findings``, ``partly-read`` (not read whole: checked up to
    ``read_to_line``) or ``unreadable`` (nothing read, or not replayed)."""
    findings: tuple[dict[str, Any], ...] = ()
    errors: tuple[dict[str, Any], ...] = ()
    variant: str | None = None
    laws: str | None = None
    size: int = 0
    """Characters of the record's text (for the progress bar)."""
    chouette: ChouetteGame | None = None
    """The record's game as a chouette's rotation sees it (:func:`with_rotation`), if any."""
    read_to_line: int | None = None
    """For a record read in part, the last line checked: the line before its first fault."""
    rotation_gap: bool = False
    """The record may be a chouette's game whose result is not known (not read whole, or
    unfinished): the next game's rotation is not judged against the games before it."""
    sitting: str | None = None
    """With ``rotation_gap``, the record's Sitting tag ("" for none; ``None`` when its tags
    were not read whole: the gap is in every sitting of the file)."""
    place: GamePlace | None = None
    """The record's Sitting tag and Game number, when its tags were read whole and give both
    (:func:`with_rotation` finds the games missing from a sitting)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "record",
            "file": self.source,
            "line": self.line,
            "status": self.status,
            "variant": self.variant,
            "laws": self.laws,
            "findings": list(self.findings),
            "errors": list(self.errors),
            "read_to_line": self.read_to_line,
        }

    def note(self) -> str | None:
        """For a record read in part, the line saying how far it was checked."""
        if self.read_to_line is None:
            return None
        return (
            f"{self.source}:{self.read_to_line + 1}:1: note: the record of line {self.line} is "
            f"checked up to line {self.read_to_line} only: nothing from line "
            f"{self.read_to_line + 1} on is replayed"
        )

    def lines(self) -> list[str]:
        """The compiler-style lines for this record: ``file:line:col: CODE message [remedy]``
        (the parse errors and how far a record read in part was checked, then the findings)."""
        out = [error["display"] for error in self.errors]
        note = self.note()
        if note is not None:
            out.append(note)
        out.extend(finding_line(self.source, self.line, finding) for finding in self.findings)
        return out


Item = RecordText | FileProblem | FileDone
Outcome = RecordResult | FileProblem | FileDone


def finding_line(source: str, record_line: int, finding: dict[str, Any]) -> str:
    """One finding as a compiler writes a diagnostic; the record's line when it has none."""
    where = finding.get("location") or {}
    line = where.get("line") or record_line
    column = where.get("column") or 1
    text = f"{source}:{line}:{column}: {finding['code']} {finding['message']}"
    remedy = finding.get("remedy")
    if remedy and remedy.get("summary"):
        text += f" [{remedy['summary']}]"
    return text


def expand_paths(paths: Iterable[str]) -> Iterator[Target | FileProblem]:
    """The files to read, in the order given; a folder gives its ``*.bzn`` files, sorted."""
    for raw in paths:
        if raw == STDIN:
            yield Target(STDIN_NAME, None, None)
            continue
        path = Path(raw)
        try:
            if path.is_dir():
                found = sorted(p for p in path.rglob("*.bzn") if p.is_file())
                if not found:
                    yield FileProblem(raw, "no .bzn file in this folder")
                for file in found:
                    yield Target(str(file), file, _size(file))
            elif path.exists():
                yield Target(raw, path, _size(path))
            else:
                yield FileProblem(raw, "no such file or folder")
        except OSError as exc:
            yield FileProblem(raw, f"cannot read: {exc.strerror or exc}")


def _size(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


class _ReadProblem(Exception):
    pass


def _bounded_lines(handle: IO[str], counter: list[int]) -> Iterator[str]:
    """The lines of ``handle``, refusing binary data; a line longer than :data:`MAX_LINE`
    characters is handed on as a stand-in (:mod:`notation.unread_lines`). Counts lines read."""
    readline = handle.readline
    while True:
        line = readline(MAX_LINE)
        if not line:
            return
        counter[0] += 1
        if len(line) >= MAX_LINE and not line.endswith(("\n", "\r")):
            # read past the rest without holding it; the parser reports the stand-in
            size, piece = len(line.encode()), line
            while piece and not piece.endswith(("\n", "\r")):
                piece = readline(MAX_LINE)
                size += len(piece.encode())
            ends = 2 if piece.endswith("\r\n") else 1 if piece.endswith(("\n", "\r")) else 0
            yield unread_line(line[:SHOWN], size - ends, MAX_LINE)
            continue
        if "\x00" in line:
            raise _ReadProblem(f"line {counter[0]} holds a NUL byte: a binary file, not BZN text")
        yield line


def read_items(
    targets: Iterable[Target | FileProblem], stdin: IO[bytes] | None = None
) -> Iterator[Item]:
    """Record texts of each target in file order, then a :class:`FileDone`; problems in place.

    Memory is one record at a time: the file is read line by line.
    """
    for target in targets:
        if isinstance(target, FileProblem):
            yield target
            continue
        counter = [0]
        records = 0
        try:
            if target.path is None:
                raw = stdin if stdin is not None else sys.stdin.buffer
                handle: IO[str] = io.TextIOWrapper(
                    raw, encoding="utf-8-sig", newline="", errors="strict"
                )
            else:
                handle = target.path.open(encoding="utf-8-sig", newline="")
        except OSError as exc:
            yield FileProblem(target.name, f"cannot read: {exc.strerror or exc}")
            yield FileDone(target.name, target.size, 0)
            continue
        try:
            for first_line, text in split_records(_bounded_lines(handle, counter)):
                records += 1
                yield RecordText(target.name, first_line, text)
        except _ReadProblem as exc:
            yield FileProblem(target.name, str(exc))
        except UnicodeDecodeError as exc:
            yield FileProblem(
                target.name, f"line {counter[0] + 1}: not UTF-8 text ({exc.reason}): not BZN"
            )
        except OSError as exc:
            yield FileProblem(target.name, f"cannot read: {exc.strerror or exc}")
        else:
            if records == 0:
                yield FileProblem(target.name, "no record found")
        finally:
            if target.path is not None:
                handle.close()
            elif isinstance(handle, io.TextIOWrapper):
                handle.detach()  # leave standard input open for the caller
        yield FileDone(target.name, target.size, records)


# --------------------------------------------------------------------------- the work


def check_record(
    item: RecordText, laws: str | None = None, *, lenient: bool = True
) -> RecordResult:
    """Parse and replay one record text; never raises for a bad record.

    A record with faults is read leniently: what comes before its first fault is replayed
    and checked (``replay(..., read_to=...)``: nothing after it is, and the record is taken
    to stop there unread), and the result is ``partly-read``, with the findings of that part
    and every parse error. With ``lenient=False`` (the strict form) a record with a fault is
    ``unreadable`` and not replayed at all. Either way such a record makes the run's exit
    status 2.
    """
    size = len(item.text)
    try:
        record = parse_record_lenient(item.text, item.source, first_line=item.line)
    except Exception as exc:  # a fault of the parser itself: report, do not stop the run
        return _failed(item, f"internal error while parsing: {type(exc).__name__}: {exc}")
    errors = tuple(_error_dict(error) for error in record.errors)
    read_to: int | None = None
    if errors:
        first = record.errors[0].line
        if not lenient or first is None or first <= item.line:
            return RecordResult(
                item.source, item.line, UNREADABLE, errors=errors, size=size, rotation_gap=True
            )
        read_to = first - 1
    try:
        result = replay_function()(
            record, laws=laws, source=item.source, steps=False, read_to=read_to
        )
    except ValueError as exc:
        return _failed(item, f"cannot replay the record: {exc}", errors)
    except Exception as exc:
        message = f"internal error while replaying: {type(exc).__name__}: {exc}"
        return _failed(item, message, errors)
    findings = tuple(_finding_dict(finding.to_dict()) for finding in result.all_findings())
    from validator.replay.sittings import chouette_game, game_place

    status = PARTLY_READ if read_to is not None else FINDINGS if findings else CLEAN
    chouette = chouette_game(result)
    tags_whole = read_to is None or any(
        deal.pos is not None and deal.pos.line <= read_to for deal in record.deals
    )
    gap = chouette is None and (not tags_whole or bool(result.tags.get("Chouette", "").strip()))
    return RecordResult(
        item.source,
        item.line,
        status,
        findings=findings,
        errors=errors,
        variant=result.variant,
        laws=result.laws,
        size=size,
        chouette=chouette,
        read_to_line=read_to,
        rotation_gap=gap,
        sitting=result.tags.get("Sitting", "").strip() if tags_whole else None,
        place=game_place(record, item.source) if tags_whole else None,
    )


def _finding_dict(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("rule_text", None)
    return data


def _error_dict(error: NotationError) -> dict[str, Any]:
    return {
        "line": error.line,
        "column": error.column,
        "message": error.message,
        "display": str(error),
    }


def _failed(
    item: RecordText, message: str, errors: tuple[dict[str, Any], ...] = ()
) -> RecordResult:
    display = f"{item.source}:{item.line}:1: {message}"
    error = {"line": item.line, "column": 1, "message": message, "display": display}
    return RecordResult(
        item.source,
        item.line,
        UNREADABLE,
        errors=(*errors, error),
        size=len(item.text),
        rotation_gap=True,
    )


Batch = tuple[str | None, tuple[RecordText, ...], bool]
"""``(laws, record texts, lenient)``: one unit of work for a worker."""


def check_batch(batch: Batch) -> list[RecordResult]:
    """Check each record of a batch, in order (run in a worker process or a Dask worker)."""
    laws, items, lenient = batch
    return [check_record(item, laws, lenient=lenient) for item in items]


def warm_up(laws: str | None = None) -> None:
    """Build the parser's tables and load the replayer now, before worker processes fork.

    A one-line record is checked too, so that the default rule set, the laws, the rule book
    and the finding catalogue are read here, once, rather than in every worker on its first
    record (about 0.15 s each).
    """
    check_record(RecordText("warm-up", 1, "deal 1 dealer B\n"), laws)


GC_THRESHOLDS: Final = (10_000, 50, 50)
"""The cyclic collector's thresholds for a process that does nothing but check records."""


def collect_less() -> None:
    """Make the cyclic garbage collector run less often, in a process that only checks.

    Checking makes many small objects (a record's model, the replay's state) that reference
    counting frees, and few cycles; at the default thresholds (700, 10, 10) the collector's
    passes over them cost about 5% of the work (measured in instructions with callgrind).
    `bezique check` calls this for its own process and its workers; a library caller keeps
    its own settings.
    """
    gc.set_threshold(*GC_THRESHOLDS)


def _worker_init(laws: str | None) -> None:
    # Ctrl-C is the main process's to handle: a worker stops when the pool is shut down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    collect_less()
    warm_up(laws)


def with_rotation(outcomes: Iterable[Outcome], laws: str | None = None) -> Iterator[Outcome]:
    """``outcomes`` with each chouette game's rotation checked (S506), and the games missing
    from each sitting found (R001), file by file, in order.

    A chouette's rotation is a property of the series of games (rubicon-bezique-laws.txt,
    Chouette Bézique), so a record is judged against the game numbered one less in its file
    (its ``Game`` tag; without one, the game before it in the file), as ``adjudicate`` and
    ``sitting`` judge it (:class:`validator.replay.ChouetteWatch`). Where that game comes
    later in the file, the finding comes with it. A record whose game is not known (not read
    whole, or unfinished) is a gap in the series: the game after it is not judged.

    A sitting's games are numbered 1, 2, 3... (docs/notation.md, ``Game``); a file that holds
    games of a sitting on both sides of a number no record of it bears lacks that game
    (:class:`_Numbering`).
    """
    from validator.replay.sittings import ChouetteWatch

    watch = ChouetteWatch(laws)
    numbering = _Numbering()
    for outcome in outcomes:
        if isinstance(outcome, FileDone):
            watch = ChouetteWatch(laws)
            yield from numbering.done()
            numbering = _Numbering()
        elif isinstance(outcome, RecordResult) and outcome.rotation_gap:
            watch.gap(outcome.sitting)
        elif isinstance(outcome, RecordResult) and outcome.chouette is not None:
            found = watch.add(outcome.chouette)
            if found:
                extra = tuple(_finding_dict(f.to_dict()) for f in found)
                outcome = replace(outcome, status=FINDINGS, findings=(*outcome.findings, *extra))
        yield from numbering.add(outcome)
    yield from numbering.done()


class _Numbering:
    """The Game numbers of each sitting of one file, and the games missing between them.

    ``bezique check`` reads each file alone, so a game below the lowest number of a file may
    be in another file; a number missing between two numbers of one file is a game missing
    (``bezique sitting``, given every file, counts from game 1). A record is reported as it
    comes, unless some sitting of the file has a number missing so far: the records are then
    held back, in order, until the missing games come or the file ends, where the finding is
    given to the record on either side of the missing games that came the later (the one that
    showed them missing), at its Game tag. No game is called missing in a file with a record
    whose tags could not be read (it may be that game).
    """

    def __init__(self) -> None:
        self.numbers: dict[str, dict[int, int]] = {}
        """Each sitting's Game numbers, each with the place of its record in the file."""
        self.open: set[str] = set()
        """The sittings with a number missing between their lowest and highest so far."""
        self.held: list[Outcome] = []
        self.first_held = 0
        """The place in the file of ``held[0]``."""
        self.count = 0
        self.unread = False

    def add(self, outcome: Outcome) -> list[Outcome]:
        """The outcomes to give out now (``outcome`` and those held before it, or none)."""
        if isinstance(outcome, RecordResult):
            place = outcome.place
            if outcome.sitting is None:
                self.unread = True
            elif place is not None:
                known = self.numbers.setdefault(place.sitting, {})
                known.setdefault(place.number, self.count)
                if max(known) - min(known) + 1 > len(known):
                    self.open.add(place.sitting)
                else:
                    self.open.discard(place.sitting)
        self.count += 1
        if not self.held and not self.open:
            self.first_held = self.count
            return [outcome]
        self.held.append(outcome)
        if self.open:
            return []
        out, self.held = self.held, []
        self.first_held = self.count
        return out

    def done(self) -> list[Outcome]:
        """The outcomes held, with the findings of the games missing; then a fresh start."""
        from validator.replay.findings import make_finding
        from validator.replay.model import Location
        from validator.replay.sittings import missing_games, missing_message

        held = self.held
        for sitting in [] if self.unread else sorted(self.open):
            known = self.numbers[sitting]
            for low, high, after in missing_games(known, first=min(known)):
                at = max(known[low - 1], known[after]) - self.first_held
                outcome = held[at] if 0 <= at < len(held) else None
                if not isinstance(outcome, RecordResult) or outcome.place is None:
                    continue
                place = outcome.place
                finding = make_finding(
                    "R001",
                    None,
                    missing_message(sitting, low, high, after),
                    Location(place.source, place.line, place.column),
                )
                extra = (*outcome.findings, _finding_dict(finding.to_dict()))
                status = outcome.status if outcome.status != CLEAN else FINDINGS
                held[at] = replace(outcome, status=status, findings=extra)
        self.held, self.open = [], set()
        return held


# --------------------------------------------------------------------------- in order


class Submit(Protocol):
    """Start :func:`check_batch` on a batch somewhere; return something with ``result()``."""

    def __call__(self, batch: Batch) -> _Pending: ...


class _Pending(Protocol):
    def result(self) -> list[RecordResult]: ...

    def done(self) -> bool: ...


@dataclass(slots=True)
class _Ready:
    outcomes: list[Outcome]

    def result(self) -> list[Outcome]:
        return self.outcomes

    def done(self) -> bool:
        return True


def run_ordered(
    items: Iterable[Item],
    submit: Submit,
    *,
    laws: str | None = None,
    window: int = 8,
    batch_records: int = BATCH_RECORDS,
    batch_chars: int = BATCH_CHARS,
    lenient: bool = True,
) -> Iterator[Outcome]:
    """Send record texts in batches through ``submit``; yield every outcome in input order.

    At most ``window`` batches are in flight: the input is read only as fast as results come
    back, so memory holds ``window`` batches whatever the size of the input. ``lenient`` is
    :func:`check_record`'s.
    """
    queue: deque[_Pending | _Ready] = deque()
    in_flight = 0
    batch: list[RecordText] = []
    chars = 0

    def flush() -> None:
        nonlocal batch, chars, in_flight
        if batch:
            queue.append(submit((laws, tuple(batch), lenient)))
            in_flight += 1
            batch, chars = [], 0

    def pop() -> Iterator[Outcome]:
        nonlocal in_flight
        head = queue.popleft()
        if isinstance(head, _Ready):
            yield from head.outcomes
        else:
            in_flight -= 1
            yield from head.result()

    for item in items:
        if isinstance(item, RecordText):
            batch.append(item)
            chars += len(item.text)
            if len(batch) >= batch_records or chars >= batch_chars:
                flush()
        else:
            flush()
            queue.append(_Ready([item]))
        while queue and (in_flight >= window or queue[0].done()):
            yield from pop()
    flush()
    while queue:
        yield from pop()


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_items(
    items: Iterable[Item],
    *,
    jobs: int = 1,
    laws: str | None = None,
    batch_records: int = BATCH_RECORDS,
    window: int | None = None,
    lenient: bool = True,
) -> Iterator[Outcome]:
    """Check record texts on ``jobs`` processes (1: in this one); outcomes in input order.

    A run that ends within its first batch is checked in this process: starting workers
    would cost more than it saves. A chouette's rotation is checked over each file's games in
    order (:func:`with_rotation`). ``lenient`` is :func:`check_record`'s: a record with a
    fault is checked up to it (``False``: it is not checked at all).
    """
    yield from with_rotation(_check_items(items, jobs, laws, batch_records, window, lenient), laws)


def _check_items(
    items: Iterable[Item],
    jobs: int,
    laws: str | None,
    batch_records: int,
    window: int | None,
    lenient: bool,
) -> Iterator[Outcome]:
    iterator = iter(items)

    def here(item: Item) -> Outcome:
        return check_record(item, laws, lenient=lenient) if isinstance(item, RecordText) else item

    if jobs <= 1:
        for item in iterator:
            yield here(item)
        return
    head: list[Item] = []
    records = 0
    for item in iterator:
        head.append(item)
        if isinstance(item, RecordText):
            records += 1
            if records > batch_records:
                break
    else:
        for item in head:
            yield here(item)
        return
    yield from _check_in_pool(
        _chain(head, iterator), jobs, laws, batch_records, window or jobs * 4, lenient
    )


def _chain(head: list[Item], rest: Iterator[Item]) -> Iterator[Item]:
    yield from head
    head.clear()
    yield from rest


def _pool_context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    # fork shares the parser tables built by warm_up(); elsewhere workers build their own
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def _check_in_pool(
    items: Iterator[Item],
    jobs: int,
    laws: str | None,
    batch_records: int,
    window: int,
    lenient: bool,
) -> Iterator[Outcome]:
    warm_up(laws)
    # objects built so far (parser tables, caches) are shared with the forked workers: keep
    # the collector from walking them in every worker, which would copy their pages
    gc.freeze()
    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=_pool_context(),
        initializer=_worker_init,
        initargs=(laws,),
    )

    def submit(batch: Batch) -> Future[list[RecordResult]]:
        return pool.submit(check_batch, batch)

    finished = False
    try:
        yield from run_ordered(
            items,
            submit,
            laws=laws,
            window=window,
            batch_records=batch_records,
            lenient=lenient,
        )
        finished = True
    except BrokenProcessPool as exc:
        raise BatchError(f"a worker process stopped unexpectedly ({exc})") from None
    finally:
        pool.shutdown(wait=finished, cancel_futures=not finished)


# --------------------------------------------------------------------------- summary


@dataclass(slots=True)
class CheckSummary:
    """Counts over a run: files, records clean / with findings / unreadable, findings per code.

    A record read in part counts among the unreadable records (``partly_read`` of them), and
    the findings of the part checked among the ``codes``.
    """

    files: int = 0
    records: int = 0
    clean: int = 0
    with_findings: int = 0
    unreadable_records: int = 0
    partly_read: int = 0
    unreadable_files: int = 0
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        """Count one outcome of :func:`check_items`."""
        if isinstance(outcome, FileDone):
            self.files += 1
        elif isinstance(outcome, FileProblem):
            self.unreadable_files += 1
        else:
            self.records += 1
            if outcome.status == CLEAN:
                self.clean += 1
            elif outcome.status == FINDINGS:
                self.with_findings += 1
                self.codes.update(finding["code"] for finding in outcome.findings)
            else:
                self.unreadable_records += 1
                if outcome.status == PARTLY_READ:
                    self.partly_read += 1
                    self.codes.update(finding["code"] for finding in outcome.findings)

    @property
    def unreadable(self) -> int:
        """Records not read whole (or not replayed), and paths that could not be read."""
        return self.unreadable_records + self.unreadable_files

    @property
    def exit_code(self) -> int:
        """2 when anything was unreadable (a record read in part too, whatever its findings),
        else 1 when a record has findings, else 0."""
        if self.unreadable:
            return 2
        return 1 if self.with_findings else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "records": self.records,
            "clean": self.clean,
            "with_findings": self.with_findings,
            "unreadable": self.unreadable,
            "unreadable_records": self.unreadable_records,
            "partly_read": self.partly_read,
            "unreadable_files": self.unreadable_files,
            "codes": dict(sorted(self.codes.items())),
            "exit_code": self.exit_code,
        }

    def table(self) -> str:
        """The summary as a small two-column table."""
        rows = [
            ("files", self.files),
            ("records", self.records),
            ("clean", self.clean),
            ("with findings", self.with_findings),
            ("unreadable", self.unreadable),
        ]
        if self.unreadable:
            rows.append(("  records read in part", self.partly_read))
            rows.append(("  records not read", self.unreadable_records - self.partly_read))
            rows.append(("  paths not read", self.unreadable_files))
        rows.extend((f"  {code}", count) for code, count in sorted(self.codes.items()))
        width = max(len(label) for label, _ in rows)
        digits = max(len(str(count)) for _, count in rows)
        return "\n".join(f"{label:<{width}}  {count:>{digits}}" for label, count in rows)


def check_paths(
    paths: Sequence[str],
    *,
    jobs: int = 1,
    laws: str | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
    lenient: bool = True,
) -> CheckSummary:
    """Check every record under ``paths`` and return the counts; ``on_outcome`` sees each result.

    ``lenient`` is :func:`check_record`'s."""
    summary = CheckSummary()
    items = read_items(expand_paths(paths))
    for outcome in check_items(items, jobs=jobs, laws=laws, lenient=lenient):
        summary.add(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    return summary
