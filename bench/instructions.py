"""Parse + validate against python-chess counted in machine instructions, not seconds.

Run from the repository root (needs valgrind, and ``pip install '.[bench]'``)::

    python bench/instructions.py [--records 20]

On a machine shared with other work, wall-clock timings move by 10-20% from run to run and
the ratio the first target compares moves with them. Instructions do not: callgrind counts
every instruction a process executes, the same on every run. This script runs itself under
``valgrind --tool=callgrind`` three times with the same set-up (the seeded corpus of
``bench/run.py``, a PGN corpus of as many plies, one warm-up of each): once doing nothing
more, once checking every record (``check_record``, what ``bezique check`` does per record),
once reading the PGN corpus with ``chess.pgn.read_game``. The differences, divided by the
moves (plays + declarations, what compares with a ply) and the plies, give instructions per
move and per ply, and their ratio; the old count (events: plays + draws + declarations) is
printed beside it. Both run with
the garbage collector's thresholds ``bezique check`` uses, as in ``bench/run.py``.

Instructions are not time (a cache miss costs more than an addition), so this complements
the timings of ``bench/run.py``; it does not replace them.

``--errors`` counts error recovery the same way: the instructions of a check of a record with
1, 10, 50 and 200 misspelled cards, and the cost of each error past the first.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))

from notation_speed import with_faults  # noqa: E402
from run import FAULTS, bzn_corpus, events, moves, pgn_corpus  # noqa: E402

from notation import Record, read_records  # noqa: E402
from validator.batch import RecordText, check_record, collect_less  # noqa: E402

SEED = 2026


def errors_child(faults: int, rounds: int) -> None:
    """The measured process of ``--errors``: ``rounds`` checks of a record of four deals with
    ``faults`` misspelled cards (one warm-up check first)."""
    text = bzn_corpus(1, SEED)[0]
    item = RecordText("faults.bzn", 1, with_faults(text, faults))
    collect_less()
    check_record(item)
    for _ in range(rounds):
        check_record(item)


def child(what: str, rounds: int, records: int) -> None:
    """The measured process: the shared set-up, then ``rounds`` runs of ``what``."""
    if what.startswith("errors:"):
        errors_child(int(what.split(":")[1]), rounds)
        return
    texts = bzn_corpus(records, SEED)
    chunks = [RecordText("corpus.bzn", 1, text) for text in texts]
    parsed = [r for r in read_records(io.StringIO("\n".join(texts))) if isinstance(r, Record)]
    n_moves = sum(moves(record) for record in parsed)
    n_events = sum(events(record) for record in parsed)
    pgn, _, plies = pgn_corpus(n_moves, SEED)

    import chess.pgn

    def read_pgn() -> None:
        handle = io.StringIO(pgn)
        while chess.pgn.read_game(handle) is not None:
            pass

    collect_less()
    check_record(chunks[0])
    read_pgn()
    for _ in range(rounds):
        if what == "bzn":
            for chunk in chunks:
                check_record(chunk)
        elif what == "chess":
            read_pgn()
    print(f"moves {n_moves} events {n_events} plies {plies}")


def counted(what: str, rounds: int, records: int) -> tuple[int, str]:
    """Instructions callgrind counted for one child process, and what the child printed."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            what,
            str(rounds),
            "--records",
            str(records),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"Collected : (\d+)", done.stderr)
    if match is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(match.group(1)), done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20, help="Rubicon deals in the corpus")
    parser.add_argument(
        "--errors",
        action="store_true",
        help="count error recovery instead: check_record on records with 1, 10, 50, 200 errors",
    )
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "ROUNDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.records)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: this measure needs callgrind")
        return 2
    if args.errors:
        return error_recovery()
    print(f"counting instructions under callgrind ({args.records} deals; about three minutes)...")
    base, printed = counted("none", 0, args.records)
    bzn, _ = counted("bzn", 1, args.records)
    chess_count, _ = counted("chess", 1, args.records)
    numbers = [int(n) for n in re.findall(r"\d+", printed)]
    n_moves, n_events, plies = numbers[0], numbers[1], numbers[2]
    per_move = (bzn - base) / n_moves
    per_event = (bzn - base) / n_events
    per_ply = (chess_count - base) / plies
    print(f"parse + validate: {per_move:,.0f} instructions a move ({n_moves} plays + declarations)")
    print(f"  (old count: {per_event:,.0f} an event, {n_events} events with the draws)")
    print(f"python-chess read_game: {per_ply:,.0f} instructions a ply ({plies} plies)")
    print(f"ratio (moves per instruction over plies per instruction): {per_ply / per_move:.2f}")
    print(f"  (old count, events per instruction: {per_ply / per_event:.2f})")
    return 0


def error_recovery() -> int:
    """Error recovery counted in instructions: the cost of each error past the first,
    ``(n(k) - n(1)) / (k - 1)`` for a check of a record with ``k`` misspelled cards, which
    stays level when recovery is linear in the number of errors (the target: at 200 errors
    within 1.25 times that at 10, as in ``bench/run.py``, which times it)."""
    print("counting error recovery under callgrind (about two minutes)...")
    per_check: dict[int, float] = {}
    for faults in FAULTS:
        once, _ = counted(f"errors:{faults}", 0, 1)
        twice, _ = counted(f"errors:{faults}", 2, 1)
        per_check[faults] = (twice - once) / 2
        print(f"  {faults:4d} errors: {per_check[faults]:,.0f} instructions a check")
    cost = {k: (per_check[k] - per_check[1]) / (k - 1) for k in FAULTS if k > 1}
    for k, n in cost.items():
        print(f"  {k:4d} errors: {n:,.0f} instructions an error past the first")
    growth = cost[200] / cost[10]
    verdict = "met" if growth <= 1.25 else "NOT met"
    print(f"error recovery linear (cost at 200 / at 10 <= 1.25): {growth:.2f}, {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
