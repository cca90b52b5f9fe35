"""The bezique benchmark: one command, one seeded corpus, every measure side by side.

Run from the repository root::

    python bench/run.py            # the full run (a corpus of 400 complete Rubicon deals)
    python bench/run.py --quick    # a small corpus, a few seconds per measure
    python bench/run.py --big      # adds peak memory of `bezique check` on a file of >= 1 GB

It builds a seeded corpus of complete Rubicon deals with the self-play simulator
(``validator.simulate``), then measures in one run, in records/s and events/s (events are
plays + draws + declarations): parsing (``notation.read_records``), parsing plus full
validation (``validator.batch.check_record``, what ``bezique check`` does per record),
validation alone (``replay`` on parsed records), formatting (``write_record``), export
(JSON and HTML from a replay); python-chess reading and validating a PGN corpus of
seeded random legal games with as many plies as the corpus has events (the reference);
a plain regular-expression tokenizer over the same BZN text; the wall time of ``bezique
check`` with 1 and 2 jobs; with ``--big``, the peak memory of ``bezique check`` on a file
of at least 1 GB made by repeating the corpus. A cProfile of parse plus validation goes to
``bench/out/profile.txt``. Figures are printed as a table and written to
``bench/out/results.json``. Targets are reported, never asserted. The in-process measures
run with the garbage collector's thresholds ``bezique check`` uses (``collect_less``), the
python-chess reference alike; parse + validate and python-chess are timed turn about.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from notation import Declaration, Draw, NotationError, Record, read_records, write_record  # noqa: E402
from validator.batch import RecordText, check_record, collect_less  # noqa: E402
from validator.export import to_html, to_json  # noqa: E402
from validator.replay import replay  # noqa: E402
from validator.simulate import simulate_games  # noqa: E402

OUT = ROOT / "bench" / "out"

TOKEN = re.compile(
    r"""(?P<nl>\n)|(?P<ws>[ \t]+)|(?P<tricknum>\d+\.)|(?P<card>(?:10|[ATKQJ987])[SHDC])
    |(?P<int>\d+)|(?P<word>[A-Za-z][\w-]*)|(?P<str>"[^"\n]*")|(?P<punct>[\[\],^?!()])
    |(?P<comment>\{[^}]*\})""",
    re.VERBOSE,
)
"""A plain tokenizer for BZN: cards, numbers, words, strings, punctuation, comments."""

TARGETS = {
    "validate_vs_chess": 2.0,
    "parse_vs_tokenizer": 8.0,
    "peak_mb_1gb": 150.0,
    "speedup_2_jobs": 1.7,
}


# --------------------------------------------------------------------------- corpora


def bzn_corpus(records: int, seed: int) -> list[str]:
    """``records`` complete Rubicon deals played by the simulator from ``seed``, as BZN."""
    return [write_record(game.record) for game in simulate_games("rubicon", records, seed)]


def events(record: Record) -> int:
    """Plays, draws (one per seat drawing) and declarations of a record."""
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


def timed_pair(
    first: Callable[[], object], second: Callable[[], object], minimum: float
) -> tuple[float, float]:
    """Seconds per call of each of two functions timed turn about (the best of each).

    Each round runs one then the other, so both see the same state of a shared machine: the
    ratio of the two is what the benchmark compares, and drift between two separate timings
    (minutes apart) would move it by more than the code does.
    """
    first()
    second()
    best = [float("inf"), float("inf")]
    spent = 0.0
    rounds = 0
    while spent < 2 * minimum or rounds < 3:
        for index, fn in enumerate((first, second)):
            start = time.perf_counter()
            fn()
            elapsed = time.perf_counter() - start
            best[index] = min(best[index], elapsed)
            spent += elapsed
        rounds += 1
    return best[0], best[1]


def rate(label: str, seconds: float, records: int, units: int, unit: str) -> dict[str, Any]:
    return {
        "measure": label,
        "seconds": round(seconds, 4),
        "records_per_s": round(records / seconds, 1),
        f"{unit}_per_s": round(units / seconds),
        "unit": unit,
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
    parser.add_argument("--records", type=int, default=None, help="records in the corpus")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.jobs_only:
        return jobs_only(args.quick)
    records_wanted = args.records or (60 if args.quick else 400)
    minimum = 0.5 if args.quick else 3.0
    OUT.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {"machine": machine(), "seed": args.seed, "quick": args.quick}
    results["load_average_at_start"] = os.getloadavg()

    print(f"building a corpus of {records_wanted} Rubicon deals (seed {args.seed})...")
    texts = bzn_corpus(records_wanted, args.seed)
    corpus = "\n".join(texts)
    corpus_path = OUT / "corpus.bzn"
    corpus_path.write_text(corpus, encoding="utf-8")
    parsed = [item for item in read_records(io.StringIO(corpus)) if isinstance(item, Record)]
    faults = sum(1 for item in read_records(io.StringIO(corpus)) if isinstance(item, NotationError))
    n = len(parsed)
    n_events = sum(events(record) for record in parsed)
    chunks = [
        RecordText("corpus.bzn", record.pos.line if record.pos else 1, text)
        for record, text in zip(parsed, texts, strict=True)
    ]
    tokens = sum(1 for _ in TOKEN.finditer(corpus))
    statuses: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    for chunk in chunks:
        checked = check_record(chunk)
        statuses[checked.status] += 1
        codes.update(finding["code"] for finding in checked.findings)
    results["corpus"] = {
        "records": n,
        "parse_errors": faults,
        "events": n_events,
        "events_per_record": round(n_events / n, 1),
        "bytes": len(corpus.encode()),
        "tokens": tokens,
        "check_status": dict(statuses),
        "finding_codes": dict(codes),
    }
    print(f"  {n} records, {n_events} events, {len(corpus) / 1e6:.2f} MB, {tokens} tokens")
    print(f"  checked: {dict(statuses)}, findings by code: {dict(codes)}")
    if statuses["unreadable"]:
        print("  WARNING: records the checker could not replay: the timings are not meaningful")

    pgn, games, plies = pgn_corpus(n_events, args.seed)
    results["pgn_corpus"] = {"games": games, "plies": plies, "bytes": len(pgn.encode())}
    print(f"  PGN reference: {games} random legal games, {plies} plies, {len(pgn) / 1e6:.2f} MB")

    # every measure runs as `bezique check` runs its workers: with the cyclic collector's
    # thresholds raised (validator.batch.collect_less); python-chess's alike
    collect_less()
    replays_with_steps = [replay(record, source="corpus.bzn") for record in parsed]
    export_subset = replays_with_steps[: max(5, n // 8)]
    measures: list[dict[str, Any]] = []

    def tokenize() -> None:
        for match in TOKEN.finditer(corpus):
            match.lastgroup  # noqa: B018 - the tokenizer keeps each token's kind

    def parse() -> None:
        for _ in read_records(io.StringIO(corpus)):
            pass

    def parse_validate() -> None:
        for chunk in chunks:
            check_record(chunk)

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
    sub_events = sum(events(r.record) for r in export_subset)
    plan: list[tuple[str, Callable[[], None], int, int, str]] = [
        ("regex tokenizer (BZN)", tokenize, n, n_events, "events"),
        ("parse (read_records)", parse, n, n_events, "events"),
        ("parse + validate (check)", parse_validate, n, n_events, "events"),
        ("validate only (replay)", validate_only, n, n_events, "events"),
        ("format (write_record)", fmt, n, n_events, "events"),
        ("export JSON (to_json)", export_json, sub, sub_events, "events"),
        ("export HTML (to_html)", export_html, sub, sub_events, "events"),
        ("python-chess read_game (PGN)", read_pgn, games, plies, "plies"),
    ]
    # parse + validate and python-chess, the pair the first target compares, are timed turn
    # about; the others one after another
    paired = timed_pair(parse_validate, read_pgn, minimum)
    pair_seconds = {
        "parse + validate (check)": paired[0],
        "python-chess read_game (PGN)": paired[1],
    }
    for label, fn, count, units, unit in plan:
        seconds = pair_seconds.get(label) or timed(fn, minimum)
        measures.append(rate(label, seconds, count, units, unit))
        row = measures[-1]
        print(f"  {label:<30} {row['records_per_s']:>9} rec/s {row[unit + '_per_s']:>9} {unit}/s")
    results["measures"] = measures
    by = {m["measure"]: m for m in measures}
    validate_eps = by["parse + validate (check)"]["events_per_s"]
    chess_pps = by["python-chess read_game (PGN)"]["plies_per_s"]
    ratios = {
        "validate_vs_chess": round(validate_eps / chess_pps, 2),
        "parse_vs_tokenizer": round(
            by["parse (read_records)"]["seconds"] / by["regex tokenizer (BZN)"]["seconds"], 2
        ),
    }

    profiler = cProfile.Profile()
    profiler.enable()
    parse_validate()
    profiler.disable()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(30)
    stats.sort_stats("cumulative").print_stats(40)
    (OUT / "profile.txt").write_text(stream.getvalue(), encoding="utf-8")

    results["jobs"], ratios["speedup_2_jobs"] = measure_jobs(corpus, args.quick)

    if args.big:
        with tempfile.TemporaryDirectory(prefix="bezique-big-") as folder:
            big = Path(folder) / "big.bzn"
            size = args.big_mb * 2**20
            big_records = repeat_to(corpus, big, size)
            print(
                f"bezique check on {big.stat().st_size / 2**30:.2f} GB ({big_records} records)..."
            )
            runs = [run_check(big, 2, sample=True, limit=args.big_limit)]
            results["big"] = {
                "bytes": big.stat().st_size,
                "records": big_records,
                "runs": runs,
            }
            ratios["peak_mb_1gb"] = max(
                run["peak_rss_mb_all_processes"] or run["max_rss_mb_one_process"] or 0
                for run in runs
            )
    results["ratios"] = ratios
    results["targets"] = TARGETS
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    _print_table(results)
    return 0


def measure_jobs(corpus: str, quick: bool) -> tuple[dict[str, Any], float]:
    """Wall time of `bezique check` with 1 and 2 jobs on the corpus repeated, and a control."""
    jobs_file = OUT / "jobs.bzn"
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
    corpus = corpus_path.read_text(encoding="utf-8")
    results["jobs"], results["ratios"]["speedup_2_jobs"] = measure_jobs(corpus, quick)
    results_path.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    _print_table(results)
    return 0


def _print_table(results: dict[str, Any]) -> None:
    info = results["machine"]
    print()
    print(f"machine: {info['cpu']}, {info['cores']} cores, Python {info['python']}")
    print(f"{'measure':<30} {'records/s':>11} {'events/s':>11}")
    for row in results["measures"]:
        unit = row["unit"]
        print(f"{row['measure']:<30} {row['records_per_s']:>11} {row[unit + '_per_s']:>11}")
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
    print()
    print(f"{'ratio':<36} {'value':>8} {'target':>8}  met")
    for key, value in results["ratios"].items():
        target = results["targets"][key]
        met = value <= target if key in ("parse_vs_tokenizer", "peak_mb_1gb") else value >= target
        print(f"{key:<36} {value:>8} {target:>8}  {'yes' if met else 'NO'}")
    print(f"\nwritten: {OUT / 'results.json'}, {OUT / 'profile.txt'}")


if __name__ == "__main__":
    raise SystemExit(main())
