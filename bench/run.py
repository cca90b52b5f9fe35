"""The bezique benchmark: one command, one seeded corpus, every measure side by side.

Run from the repository root::

    python bench/run.py            # the full run (a corpus of 400 complete Rubicon deals)
    python bench/run.py --quick    # a small corpus, a few seconds per measure
    python bench/run.py --big      # adds peak memory of `bezique check` on a file of >= 1 GB

It builds a seeded corpus of complete Rubicon deals with the self-play simulator
(``validator.simulate``), the same deals with glyphs, NAGs and comments on every trick line
(``bench/annotations.py``), and the same deals blind (hands, stock and draws unnamed:
``validator.tools.hide.hide_cards``). It counts what compares with a chess ply, **plays plus
declarations** (a move each), and, beside it, the old count of ``events`` (plays + draws +
declarations; the draws, 44% of the events, cost little). It measures in one run, in
records/s and moves/s: parsing (``notation.read_records``) and a plain regular-expression
tokenizer over the same text, canonical and annotated (timed turn about); parsing plus full
validation (``validator.batch.check_record``, what ``bezique check`` does per record) of the
canonical, annotated and blind corpora, and python-chess reading and validating a PGN corpus
of seeded random legal games with as many plies as the corpus has moves (the reference), the
four timed turn about; validation alone (``replay``), formatting (``write_record``), export
(JSON and HTML from a replay); the cost of each syntax error in a record of four deals with
1, 10, 50 and 200 of them; the wall time of ``bezique check`` with 1 and 2 jobs; with
``--big``, the peak memory of ``bezique check`` on a file of at least 1 GB made by repeating
the corpus. The streaming figures of ``export``, ``fmt`` and ``parse`` (peak memory, CPU
seconds a MB at two sizes or more) are read from ``bench/out/streaming.json``, which
``bench/streaming.py`` writes (an hour or more at 1 GB: it is run on its own).

A cProfile of parse plus validation goes to ``bench/out/profile.txt``. Figures are printed as
a table and written to ``bench/out/results.json``. Targets are reported, never asserted; a
target prints "yes" only when the figure meets it, "NO" when it does not, "n/a" when it was
not measured or does not apply to the build that ran. The in-process measures run with the
garbage collector's thresholds ``bezique check`` uses (``collect_less``), the python-chess
reference alike.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import importlib.machinery
import io
import json
import os
import platform
import pstats
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from annotations import annotate_tricks  # noqa: E402
from notation_speed import with_faults  # noqa: E402

from notation import Declaration, Draw, Record, read_records, write_record  # noqa: E402
from validator.batch import RecordText, check_record, collect_less  # noqa: E402
from validator.export import to_html, to_json  # noqa: E402
from validator.replay import replay  # noqa: E402
from validator.simulate import simulate_games  # noqa: E402
from validator.tools.hide import hide_cards  # noqa: E402

OUT = ROOT / "bench" / "out"

TOKEN = re.compile(
    r"""(?P<nl>\n)|(?P<ws>[ \t]+)|(?P<tricknum>\d+\.)|(?P<card>(?:10|[ATKQJ987])[SHDC])
    |(?P<int>\d+)|(?P<word>[A-Za-z][\w-]*)|(?P<str>"[^"\n]*")|(?P<punct>[\[\],^?!()])
    |(?P<comment>\{[^}]*\})|(?P<nag>\$\d+)|(?P<linecomment>;[^\n]*)""",
    re.VERBOSE,
)
"""A plain tokenizer for BZN: cards, numbers, words, strings, punctuation, glyphs, NAGs and
comments (every character of the corpora is in a token)."""

FAULTS = (1, 10, 50, 200)
"""Syntax errors in the record of the error-recovery measure."""


@dataclass(frozen=True)
class Target:
    """A goal a figure is held to: ``value >= goal`` (or ``<=`` when ``lower`` is set)."""

    key: str
    label: str
    goal: float
    lower: bool = False
    pure_only: bool = False
    """The goal holds for the default pure-Python install only ("n/a" on a compiled build)."""


TARGETS = (
    Target("check_vs_chess", "parse + validate >= 3x python-chess, canonical (any build)", 3.0),
    Target(
        "check_vs_chess_annotated",
        "parse + validate >= 3x python-chess, annotated (any build)",
        3.0,
    ),
    Target(
        "check_vs_chess_pure",
        "parse + validate >= 2x python-chess, canonical (pure Python)",
        2.0,
        pure_only=True,
    ),
    Target(
        "check_vs_chess_annotated_pure",
        "parse + validate >= 2x python-chess, annotated (pure Python)",
        2.0,
        pure_only=True,
    ),
    Target("parse_vs_tokenizer_annotated", "parse within 3x the tokenizer, annotated", 3.0, True),
    Target("parse_vs_tokenizer", "parse within 3x the tokenizer, canonical", 3.0, True),
    Target(
        "error_cost_growth",
        "error recovery linear: cost an error at 200 / at 10 <= 1.25",
        1.25,
        True,
    ),
    Target("peak_mb_1gb", "check: peak < 150 MB on 1 GB (--big)", 150.0, True),
    Target("speedup_2_jobs", "check --jobs 2 >= 1.7x --jobs 1 (the project's own)", 1.7),
)
"""The targets of issue 15 ("Speed on the honest count"), and the project's own for jobs.
The streaming targets (``export``, ``fmt``, ``parse``) are added per command from
``bench/out/streaming.json``: see :func:`streaming_targets`."""

STREAM_COMMANDS = (
    "parse",
    "fmt --check",
    "fmt (in place)",
    "export --to md",
    "export --to json",
    "export --to html -o DIR/",
)
"""The commands of ``bench/streaming.py`` held to the streaming targets."""
STREAM_PEAK_MB = 150.0
STREAM_GROWTH = 1.2
"""Linear time: CPU seconds a MB at the largest size over those at the smallest."""


def verdict(value: float | None, target: Target, *, compiled: bool = False) -> str:
    """``yes`` when ``value`` meets ``target``, ``NO`` when it does not, ``n/a`` when there is
    no value or the target does not apply to the build that ran."""
    if value is None or (target.pure_only and compiled):
        return "n/a"
    met = value <= target.goal if target.lower else value >= target.goal
    return "yes" if met else "NO"


# --------------------------------------------------------------------------- corpora


def bzn_corpus(records: int, seed: int) -> list[str]:
    """``records`` complete Rubicon deals played by the simulator from ``seed``, as BZN."""
    return [write_record(game.record) for game in simulate_games("rubicon", records, seed)]


def _declarations(items: Iterable[object]) -> int:
    return sum(isinstance(e, Declaration) for e in items)


def moves(record: Record) -> int:
    """Plays and declarations of a record: what compares with a chess ply (a move each)."""
    count = 0
    for deal in record.deals:
        count += _declarations(deal.events)
        for trick in deal.tricks:
            count += len(trick.plays) + _declarations(trick.events)
    return count


def events(record: Record) -> int:
    """Plays, draws (one per seat drawing) and declarations of a record: the old count."""
    count = 0
    for deal in record.deals:
        count += sum(isinstance(e, Declaration | Draw) for e in deal.events)
        for trick in deal.tricks:
            count += len(trick.plays)
            count += sum(isinstance(e, Declaration | Draw) for e in trick.events)
    return count


def pgn_corpus(plies: int, seed: int) -> tuple[str, int, int]:
    """Seeded random legal chess games, written by python-chess, until ``plies`` are reached."""
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games: list[str] = []
    total = 0
    while total < plies:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 300:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = "Bench"
        games.append(str(game))
        total += board.ply()
    return "\n\n".join(games) + "\n", len(games), total


def compiled_modules() -> list[str]:
    """The project's modules loaded from compiled extensions (a mypyc build), by name."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("notation", "validator", "grammar"):
            continue
        path = getattr(module, "__file__", None) or ""
        if path.endswith(suffixes):
            found.append(name)
    return sorted(found)


# --------------------------------------------------------------------------- timing


def timed(fn: Callable[[], object], minimum: float) -> float:
    """Seconds per call of ``fn``: the best of repeated runs lasting ``minimum`` seconds in all."""
    fn()  # warm up: grammar tables, caches
    best = float("inf")
    spent = 0.0
    runs = 0
    while spent < minimum or runs < 2:
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        best = min(best, elapsed)
        spent += elapsed
        runs += 1
    return best


def timed_round(fns: Sequence[Callable[[], object]], minimum: float) -> list[float]:
    """Seconds per call of each function, timed turn about (the best of each).

    Each round runs every function once, one after the other, so all see the same state of a
    shared machine: their ratios are what the benchmark compares, and drift between separate
    timings (minutes apart) would move them by more than the code does. Rounds go on until
    each function has run ``minimum`` seconds in all, and at least three times.
    """
    for fn in fns:
        fn()
    best = [float("inf")] * len(fns)
    spent = [0.0] * len(fns)
    rounds = 0
    while min(spent) < minimum or rounds < 3:
        for index, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            elapsed = time.perf_counter() - start
            best[index] = min(best[index], elapsed)
            spent[index] += elapsed
        rounds += 1
    return best


def rate(label: str, seconds: float, records: int, n_moves: int, n_events: int) -> dict[str, Any]:
    """A measure's row: records, moves (plays + declarations; plies for chess) and the old
    count of events (plays + draws + declarations; plies for chess) a second."""
    return {
        "measure": label,
        "seconds": round(seconds, 4),
        "records_per_s": round(records / seconds, 1),
        "moves_per_s": round(n_moves / seconds),
        "events_per_s": round(n_events / seconds),
    }


def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model or platform.processor(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


# --------------------------------------------------------------------------- runs of check


def _tree_rss(pid: int) -> int:
    import psutil  # type: ignore[import-untyped,unused-ignore]

    try:
        proc = psutil.Process(pid)
        total = proc.memory_info().rss
        for child in proc.children(recursive=True):
            with contextlib.suppress(psutil.Error):
                total += child.memory_info().rss
        return int(total)
    except psutil.Error:
        return 0


def run_check(
    path: Path, jobs: int, *, sample: bool = False, limit: float | None = None
) -> dict[str, Any]:
    """Run ``bezique check PATH --jobs N -q`` as a child; wall time and peak memory.

    With ``limit`` (seconds) a run still going is stopped (SIGTERM: the command shuts its
    workers down) and reported as not completed, with the records checked by then (read
    from its ``--progress`` lines).
    """
    command = [
        sys.executable,
        "-c",
        "from validator.cli import main; main()",
        "check",
        str(path),
        "--jobs",
        str(jobs),
        "--quiet",
        "--progress",
    ]
    time_bin = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
    report = Path(tempfile.mkstemp(suffix=".time")[1])
    if time_bin:
        command = [time_bin, "-v", "-o", str(report), *command]
    peak_tree = 0
    start = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    stop = threading.Event()
    progress: list[str] = []

    def sampler() -> None:
        nonlocal peak_tree
        while not stop.is_set():
            peak_tree = max(peak_tree, _tree_rss(child.pid))
            stop.wait(0.25)

    def reader() -> None:
        assert child.stderr is not None
        for line in child.stderr:
            progress.append(line.strip())

    threads = [threading.Thread(target=reader, daemon=True)]
    if sample:
        threads.append(threading.Thread(target=sampler, daemon=True))
    for thread in threads:
        thread.start()
    completed = True
    try:
        code = child.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        completed = False
        _terminate_check(child.pid)
        code = child.wait()
    wall = time.perf_counter() - start
    stop.set()
    for thread in threads:
        thread.join()
    max_rss_kb = None
    cpu = None
    if time_bin:
        text = report.read_text()
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        max_rss_kb = int(match.group(1)) if match else None
        times = re.findall(r"(?:User|System) time \(seconds\): ([0-9.]+)", text)
        cpu = round(sum(float(t) for t in times), 2) if times else None
    report.unlink(missing_ok=True)
    checked = [line for line in progress if line.startswith("checked ")]
    return {
        "jobs": jobs,
        "exit_code": code,
        "completed": completed,
        "last_progress": checked[-1] if checked else None,
        "wall_s": round(wall, 2),
        "cpu_s_all_processes": cpu,
        "max_rss_mb_one_process": None if max_rss_kb is None else round(max_rss_kb / 1024, 1),
        "peak_rss_mb_all_processes": round(peak_tree / 2**20, 1) if sample else None,
    }


def _terminate_check(pid: int) -> None:
    """SIGTERM to the ``bezique check`` process itself (under ``time`` when it is used)."""
    import psutil  # type: ignore[import-untyped,unused-ignore]

    with contextlib.suppress(psutil.Error):
        proc = psutil.Process(pid)
        targets = [c for c in proc.children() if "validator.cli" in " ".join(c.cmdline())]
        for target in targets or [proc]:
            target.terminate()


def _burn(count: int) -> int:
    total = 0
    for i in range(count):
        total += i * i
    return total


def parallel_control(count: int = 10_000_000) -> float:
    """The speed-up two processes get on a pure CPU loop right now: what the machine allows.

    On a machine other work is using, 2 jobs cannot be 2 times as fast; this control, taken
    next to the ``--jobs`` runs, says how much parallelism there was to be had.
    """
    import multiprocessing

    start = time.perf_counter()
    _burn(count)
    _burn(count)
    serial = time.perf_counter() - start
    context = multiprocessing.get_context("fork")
    start = time.perf_counter()
    with context.Pool(2) as pool:
        pool.map(_burn, [count, count])
    parallel = time.perf_counter() - start
    return round(serial / parallel, 2)


def repeat_to(text: str, path: Path, size: int) -> int:
    """Write ``text`` again and again to ``path`` until it holds ``size`` bytes; the records."""
    data = text.encode()
    per = text.count('[Event "')
    written = 0
    copies = 0
    with path.open("wb") as handle:
        while written < size:
            handle.write(data)
            handle.write(b"\n")
            written += len(data) + 1
            copies += 1
    return copies * per


# --------------------------------------------------------------------------- error recovery


def error_recovery(text: str, minimum: float) -> dict[str, Any]:
    """``check_record`` on a record of four deals (``text``'s deal repeated) with 1, 10, 50
    and 200 misspelled cards: milliseconds a record, and the cost of each error past the
    first, ``(t(k) - t(1)) / (k - 1)``, which stays level when recovery is linear in the
    number of errors. (The record with one error is the base, not the clean one: a record
    with errors is not replayed, a clean one is.)"""
    rows = []
    for faults in FAULTS:
        item = RecordText("faults.bzn", 1, with_faults(text, faults))
        checked = check_record(item)
        seconds = timed(partial(check_record, item), minimum)
        rows.append(
            {"faults": faults, "reported": len(checked.errors), "ms": round(seconds * 1000, 3)}
        )
    base = rows[0]["ms"]
    for row in rows[1:]:
        row["ms_an_error"] = round((row["ms"] - base) / (row["faults"] - 1), 4)
    costs = {row["faults"]: row["ms_an_error"] for row in rows[1:]}
    return {
        "lines": text.count("\n") * 4,
        "rows": rows,
        "growth_200_vs_10": round(costs[200] / costs[10], 2) if costs[10] > 0 else None,
    }


# --------------------------------------------------------------------------- streaming


def streaming_summary(path: Path = OUT / "streaming.json") -> list[dict[str, Any]]:
    """Per command of ``bench/streaming.py``: the sizes measured, the peak memory at the
    largest, CPU seconds a MB at the smallest and the largest, and their ratio."""
    if not path.exists():
        return []
    rows = json.loads(path.read_text(encoding="utf-8"))
    summary = []
    for command in dict.fromkeys(row["command"] for row in rows):
        mine = sorted(
            (row for row in rows if row["command"] == command and row["exit_code"] in (0, 1)),
            key=lambda row: row["size_mb"],
        )
        if not mine:
            continue
        small, large = mine[0], mine[-1]
        spans = large["size_mb"] >= 3 * small["size_mb"]
        summary.append(
            {
                "command": command,
                "sizes_mb": [row["size_mb"] for row in mine],
                "largest_mb": large["size_mb"],
                "peak_mb_largest": large["max_rss_mb"],
                "peak_mb_any": max(row["max_rss_mb"] for row in mine),
                "cpu_s_per_mb_smallest": small["cpu_s_per_mb"],
                "cpu_s_per_mb_largest": large["cpu_s_per_mb"],
                "growth": (
                    round(large["cpu_s_per_mb"] / small["cpu_s_per_mb"], 2) if spans else None
                ),
                "commits": sorted({row.get("commit", "?") for row in mine}),
            }
        )
    return summary


def streaming_targets(summary: list[dict[str, Any]]) -> list[tuple[Target, float | None]]:
    """The streaming targets, per command: peak under 150 MB on a 1 GB input (``n/a`` unless
    an input of 1 GB was measured) and linear time (``n/a`` unless two sizes at least three
    times apart were)."""
    found = {row["command"]: row for row in summary}
    out: list[tuple[Target, float | None]] = []
    for command in STREAM_COMMANDS:
        row = found.get(command)
        at_1gb = row is not None and row["largest_mb"] >= 1000
        peak = Target(f"stream_peak_{command}", f"{command}: peak < 150 MB on 1 GB", 150, True)
        out.append((peak, row["peak_mb_any"] if row is not None and at_1gb else None))
        grows = Target(
            f"stream_linear_{command}",
            f"{command}: linear (CPU s/MB largest / smallest <= {STREAM_GROWTH})",
            STREAM_GROWTH,
            True,
        )
        out.append((grows, row["growth"] if row is not None else None))
    return out


# --------------------------------------------------------------------------- main


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a small corpus, short timings")
    parser.add_argument("--big", action="store_true", help="peak memory on a file of >= 1 GB")
    parser.add_argument("--big-mb", type=int, default=1024, help="size of the big file (MB)")
    parser.add_argument(
        "--big-limit", type=float, default=None, help="stop the big run after this many seconds"
    )
    parser.add_argument("--jobs-only", action="store_true", help="only measure 1 and 2 jobs again")
    parser.add_argument("--no-jobs", action="store_true", help="leave out the runs of check")
    parser.add_argument(
        "--table", action="store_true", help="print results.json again, with streaming.json"
    )
    parser.add_argument("--records", type=int, default=None, help="records in the corpus")
    parser.add_argument("--seconds", type=float, default=None, help="least time a measure")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", default=str(OUT), help="folder for the results (bench/out)")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.jobs_only:
        return jobs_only(args.quick)
    if args.table:
        return table_only()
    records_wanted = args.records or (60 if args.quick else 400)
    minimum = args.seconds or (0.5 if args.quick else 3.0)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {"machine": machine(), "seed": args.seed, "quick": args.quick}
    results["load_average_at_start"] = os.getloadavg()

    print(f"building a corpus of {records_wanted} Rubicon deals (seed {args.seed})...")
    texts = bzn_corpus(records_wanted, args.seed)
    corpus = "\n".join(texts)
    (out / "corpus.bzn").write_text(corpus, encoding="utf-8")
    parsed = [item for item in read_records(io.StringIO(corpus)) if isinstance(item, Record)]
    n = len(parsed)
    n_moves = sum(moves(record) for record in parsed)
    n_events = sum(events(record) for record in parsed)
    noted_texts = [annotate_tricks(text) for text in texts]
    noted = "\n".join(noted_texts)
    blind_texts = [write_record(hide_cards(record, draws=True)) for record in parsed]

    def chunks_of(texts: list[str]) -> list[RecordText]:
        return [RecordText("corpus.bzn", 1, text) for text in texts]

    corpora = {
        "canonical": chunks_of(texts),
        "annotated": chunks_of(noted_texts),
        "blind": chunks_of(blind_texts),
    }
    results["corpus"] = {
        "records": n,
        "moves": n_moves,
        "events": n_events,
        "moves_per_record": round(n_moves / n, 1),
        "events_per_record": round(n_events / n, 1),
        "bytes": len(corpus.encode()),
        "bytes_annotated": len(noted.encode()),
        "tokens": sum(1 for _ in TOKEN.finditer(corpus)),
        "tokens_annotated": sum(1 for _ in TOKEN.finditer(noted)),
    }
    print(
        f"  {n} records, {n_moves} plays + declarations, {n_events} events (with the draws), "
        f"{len(corpus) / 1e6:.2f} MB ({len(noted) / 1e6:.2f} MB annotated)"
    )
    for name, chunks in corpora.items():
        statuses: Counter[str] = Counter()
        codes: Counter[str] = Counter()
        parse_errors = 0
        for chunk in chunks:
            checked = check_record(chunk)
            statuses[checked.status] += 1
            parse_errors += len(checked.errors)
            codes.update(finding["code"] for finding in checked.findings)
        results["corpus"][name] = {
            "check_status": dict(statuses),
            "finding_codes": dict(codes),
            "parse_errors": parse_errors,
        }
        print(f"  {name}: {dict(statuses)}, findings by code: {dict(codes)}")
        if statuses["unreadable"] or parse_errors:
            print(f"  WARNING: {name} records not read or replayed: its timings mean little")
    noted_parsed = [r for r in read_records(io.StringIO(noted)) if isinstance(r, Record)]
    if sum(moves(r) for r in noted_parsed) != n_moves:
        print("  WARNING: the annotated corpus does not read as the same moves")

    pgn, games, plies = pgn_corpus(n_moves, args.seed)
    results["pgn_corpus"] = {"games": games, "plies": plies, "bytes": len(pgn.encode())}
    print(f"  PGN reference: {games} random legal games, {plies} plies, {len(pgn) / 1e6:.2f} MB")
    compiled = compiled_modules()
    results["build"] = {"compiled_modules": compiled}
    print(
        "  build: "
        + (
            f"compiled ({len(compiled)} modules: {', '.join(compiled)})"
            if compiled
            else "pure Python"
        )
    )

    # every measure runs as `bezique check` runs its workers: with the cyclic collector's
    # thresholds raised (validator.batch.collect_less); python-chess's alike
    collect_less()
    replays_with_steps = [replay(record, source="corpus.bzn") for record in parsed]
    export_subset = replays_with_steps[: max(5, n // 8)]

    def tokenizer(text: str) -> Callable[[], None]:
        def tokenize() -> None:
            for match in TOKEN.finditer(text):
                match.lastgroup  # noqa: B018 - the tokenizer keeps each token's kind

        return tokenize

    def reader(text: str) -> Callable[[], None]:
        def parse() -> None:
            for _ in read_records(io.StringIO(text)):
                pass

        return parse

    def checker(chunks: list[RecordText]) -> Callable[[], None]:
        def parse_validate() -> None:
            for chunk in chunks:
                check_record(chunk)

        return parse_validate

    def validate_only() -> None:
        for record in parsed:
            replay(record, steps=False)

    def fmt() -> None:
        for record in parsed:
            write_record(record)

    def export_json() -> None:
        for one in export_subset:
            to_json(one)

    def export_html() -> None:
        for one in export_subset:
            to_html(one)

    def read_pgn() -> None:
        import chess.pgn

        handle = io.StringIO(pgn)
        while chess.pgn.read_game(handle) is not None:
            pass

    sub = len(export_subset)
    sub_moves = sum(moves(r.record) for r in export_subset)
    sub_events = sum(events(r.record) for r in export_subset)
    measures: list[dict[str, Any]] = []

    def add(
        label: str, seconds: float, count: int = n, m: int = n_moves, e: int = n_events
    ) -> None:
        measures.append(rate(label, seconds, count, m, e))
        row = measures[-1]
        print(
            f"  {label:<34} {row['records_per_s']:>9} rec/s {row['moves_per_s']:>9} moves/s "
            f"{row['events_per_s']:>9} events/s",
            flush=True,
        )

    print("timing (the rows of a group turn about)...")
    for name, text in (("canonical", corpus), ("annotated", noted)):
        floor, parse = timed_round([tokenizer(text), reader(text)], minimum)
        add(f"regex tokenizer, {name}", floor)
        add(f"parse (read_records), {name}", parse)
    paired = timed_round([read_pgn, *(checker(chunks) for chunks in corpora.values())], minimum)
    add("python-chess read_game (PGN)", paired[0], games, plies, plies)
    for name, seconds in zip(corpora, paired[1:], strict=True):
        add(f"parse + validate (check), {name}", seconds)
    add("validate only (replay)", timed(validate_only, minimum))
    add("format (write_record)", timed(fmt, minimum))
    add("export JSON (to_json)", timed(export_json, minimum), sub, sub_moves, sub_events)
    add("export HTML (to_html)", timed(export_html, minimum), sub, sub_moves, sub_events)
    results["measures"] = measures
    by = {m["measure"]: m for m in measures}
    chess_pps = by["python-chess read_game (PGN)"]["moves_per_s"]

    def secs(label: str) -> float:
        return float(by[label]["seconds"])

    vs_chess = {
        name: {
            "moves": round(by[f"parse + validate (check), {name}"]["moves_per_s"] / chess_pps, 2),
            "events_old_count": round(
                by[f"parse + validate (check), {name}"]["events_per_s"] / chess_pps, 2
            ),
        }
        for name in corpora
    }
    results["vs_chess"] = vs_chess
    results["blind_vs_named"] = round(
        secs("parse + validate (check), canonical") / secs("parse + validate (check), blind"), 2
    )

    print("error recovery (check_record on a record of four deals with syntax errors)...")
    results["error_recovery"] = error_recovery(texts[0], minimum / 6)
    for row in results["error_recovery"]["rows"]:
        each = f", {row['ms_an_error']} ms an error past the first" if "ms_an_error" in row else ""
        print(
            f"  {row['faults']:4d} errors ({row['reported']:3d} reported) {row['ms']:9.3f} ms{each}"
        )

    figures: dict[str, float | None] = {
        "check_vs_chess": vs_chess["canonical"]["moves"],
        "check_vs_chess_annotated": vs_chess["annotated"]["moves"],
        "check_vs_chess_pure": vs_chess["canonical"]["moves"],
        "check_vs_chess_annotated_pure": vs_chess["annotated"]["moves"],
        "parse_vs_tokenizer_annotated": round(
            secs("parse (read_records), annotated") / secs("regex tokenizer, annotated"), 2
        ),
        "parse_vs_tokenizer": round(
            secs("parse (read_records), canonical") / secs("regex tokenizer, canonical"), 2
        ),
        "error_cost_growth": results["error_recovery"]["growth_200_vs_10"],
        "peak_mb_1gb": None,
        "speedup_2_jobs": None,
    }

    profiler = cProfile.Profile()
    profiler.enable()
    checker(corpora["canonical"])()
    profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(40)
    (out / "profile.txt").write_text(stream.getvalue(), encoding="utf-8")

    if not args.no_jobs:
        results["jobs"], figures["speedup_2_jobs"] = measure_jobs(corpus, args.quick, out)

    if args.big:
        with tempfile.TemporaryDirectory(prefix="bezique-big-") as folder:
            big = Path(folder) / "big.bzn"
            size = args.big_mb * 2**20
            big_records = repeat_to(corpus, big, size)
            print(
                f"bezique check on {big.stat().st_size / 2**30:.2f} GB ({big_records} records)..."
            )
            runs = [run_check(big, 2, sample=True, limit=args.big_limit)]
            results["big"] = {"bytes": big.stat().st_size, "records": big_records, "runs": runs}
            if big.stat().st_size >= 2**30 and all(run["completed"] for run in runs):
                figures["peak_mb_1gb"] = max(
                    run["peak_rss_mb_all_processes"] or run["max_rss_mb_one_process"] or 0
                    for run in runs
                )
    results["streaming"] = streaming_summary()
    results["figures"] = figures
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    _print_table(results)
    print(f"\nwritten: {out / 'results.json'}, {out / 'profile.txt'}")
    return 0


def measure_jobs(corpus: str, quick: bool, out: Path = OUT) -> tuple[dict[str, Any], float]:
    """Wall time of `bezique check` with 1 and 2 jobs on the corpus repeated, and a control."""
    jobs_file = out / "jobs.bzn"
    jobs_records = repeat_to(corpus, jobs_file, (2 if quick else 8) * len(corpus.encode()))
    print(f"bezique check on {jobs_records} records with 1 and 2 jobs...")
    control_before = parallel_control()
    one = run_check(jobs_file, 1)
    two = run_check(jobs_file, 2)
    control_after = parallel_control()
    jobs_file.unlink()
    speedup = round(one["wall_s"] / two["wall_s"], 2)
    print(
        f"  --jobs 1: {one['wall_s']} s, --jobs 2: {two['wall_s']} s; a pure CPU loop on 2 "
        f"processes got {control_before}x before and {control_after}x after"
    )
    report = {
        "records": jobs_records,
        "runs": [one, two],
        "cpu_loop_speedup_2_processes": [control_before, control_after],
        "load_average": os.getloadavg(),
    }
    return report, speedup


def jobs_only(quick: bool) -> int:
    """Measure the 1-to-2 jobs speed-up again (on a quieter machine) into results.json."""
    corpus_path = OUT / "corpus.bzn"
    results_path = OUT / "results.json"
    if not corpus_path.exists() or not results_path.exists():
        print("run `python bench/run.py` first: --jobs-only re-measures its corpus")
        return 2
    results = json.loads(results_path.read_text(encoding="utf-8"))
    if "figures" not in results:
        print("results.json is from an older bench/run.py: run it again first")
        return 2
    corpus = corpus_path.read_text(encoding="utf-8")
    results["jobs"], results["figures"]["speedup_2_jobs"] = measure_jobs(corpus, quick)
    results_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    _print_table(results)
    print(f"\nwritten: {results_path}")
    return 0


def table_only() -> int:
    """Print the table of the last run again, with the streaming figures as they are now."""
    results_path = OUT / "results.json"
    if not results_path.exists() or "figures" not in json.loads(results_path.read_text()):
        print("run `python bench/run.py` first")
        return 2
    results = json.loads(results_path.read_text(encoding="utf-8"))
    results["streaming"] = streaming_summary()
    _print_table(results)
    return 0


def target_rows(results: dict[str, Any]) -> list[tuple[str, float | None, float, str]]:
    """(what, figure, goal, verdict) for every target, in the order printed."""
    compiled = bool(results["build"]["compiled_modules"])
    figures = results["figures"]
    rows = [
        (t.label, figures.get(t.key), t.goal, verdict(figures.get(t.key), t, compiled=compiled))
        for t in TARGETS
    ]
    for target, value in streaming_targets(results.get("streaming", [])):
        rows.append((target.label, value, target.goal, verdict(value, target)))
    return rows


def _print_table(results: dict[str, Any]) -> None:
    info = results["machine"]
    corpus = results["corpus"]
    compiled = results["build"]["compiled_modules"]
    print()
    print(f"machine: {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(
        "build: "
        + (
            f"compiled ({len(compiled)} modules)"
            if compiled
            else "pure Python (no module compiled)"
        )
    )
    print(
        f"corpus: {corpus['records']} Rubicon deals, {corpus['moves']} moves (plays + "
        f"declarations), {corpus['events']} events (+ draws); PGN: "
        f"{results['pgn_corpus']['games']} games, {results['pgn_corpus']['plies']} plies"
    )
    print(f"{'measure':<36} {'records/s':>10} {'moves/s':>10} {'events/s':>10}")
    for row in results["measures"]:
        print(
            f"{row['measure']:<36} {row['records_per_s']:>10} {row['moves_per_s']:>10} "
            f"{row['events_per_s']:>10}"
        )
    print("(python-chess: games/s and plies/s in both columns)")
    print()
    print(f"{'parse + validate / python-chess':<36} {'moves':>10} {'old count':>10}")
    for name, ratio in results["vs_chess"].items():
        print(f"{name:<36} {ratio['moves']:>9}x {ratio['events_old_count']:>9}x")
    print(f"blind / named check (records/s): {results['blind_vs_named']}x")
    recovery = results["error_recovery"]
    costs = ", ".join(
        f"{row['faults']}: {row['ms_an_error']}" for row in recovery["rows"] if "ms_an_error" in row
    )
    print(f"error recovery, ms an error past the first, by errors in the record: {costs}")
    if "jobs" in results:
        for run in results["jobs"]["runs"]:
            print(
                f"bezique check --jobs {run['jobs']}: {run['wall_s']} s for "
                f"{results['jobs']['records']} records (exit {run['exit_code']})"
            )
        control = results["jobs"]["cpu_loop_speedup_2_processes"]
        print(f"control: a pure CPU loop on 2 processes was {control[0]}x / {control[1]}x as fast")
    if "big" in results:
        for run in results["big"]["runs"]:
            print(
                f"bezique check on {results['big']['bytes'] / 2**30:.2f} GB, --jobs {run['jobs']}: "
                f"{run['wall_s']} s, peak {run['peak_rss_mb_all_processes']} MB (all processes), "
                f"{run['max_rss_mb_one_process']} MB (largest process)"
                + ("" if run["completed"] else f"; stopped at: {run['last_progress']}")
            )
    if results.get("streaming"):
        print("streaming (bench/out/streaming.json, from bench/streaming.py):")
        for row in results["streaming"]:
            print(
                f"  {row['command']:<26} {row['sizes_mb']} MB: peak {row['peak_mb_any']} MB, "
                f"CPU s/MB {row['cpu_s_per_mb_smallest']} -> {row['cpu_s_per_mb_largest']} "
                f"(commit {', '.join(row['commits'])})"
            )
    else:
        print("streaming: not measured (run bench/streaming.py, then this again)")
    print()
    print(f"{'target':<66} {'value':>8} {'goal':>6}  met")
    for label, value, goal, met in target_rows(results):
        shown = "-" if value is None else f"{value:g}"
        print(f"{label:<66} {shown:>8} {goal:>6g}  {met}")


if __name__ == "__main__":
    raise SystemExit(main())
