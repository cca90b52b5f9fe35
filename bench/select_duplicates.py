"""``bezique select --duplicates`` on a shuffled archive with duplicates planted: time and memory.

Run from the repository's root::

    python bench/select_duplicates.py                  # 10,000 records, 1 and 2 jobs
    python bench/select_duplicates.py --records 30000 --jobs 2

The archive is the tests' (``tests/tools/archive.py``: synthetic two-pack games, one in ten
planted again as a copy, a start, a sheet of plays...). Each run is the command as a user runs
it, in a child process; the figures are its wall time and the peak resident memory of the
largest process it ran (the command or a worker), and whether every planted duplicate was
found and no other. Reported, never asserted.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "tools"))

from archive import archive, expected, write  # noqa: E402

MEASURED = """
import resource, subprocess, sys, time
start = time.perf_counter()
command = [sys.executable, "-c", "from validator.cli import main; main()", *sys.argv[1:]]
done = subprocess.run(command, capture_output=True, text=True)
sys.stderr.write(done.stderr)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(time.perf_counter() - start, peak)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        entries = archive(args.records, args.records * 9 // 10, args.records // 10)
        paths = write(entries, Path(folder), files=8)
        size = sum(p.stat().st_size for p in paths) / 1e6
        want = expected(entries)
        by_where = {e.where: e.ordinal for e in entries}
        print(f"{len(entries)} records, {size:.1f} MB, {len(want)} duplicates planted")
        for jobs in args.jobs:
            out = Path(folder) / "kept.bzn"
            run = subprocess.run(
                [sys.executable, "-c", MEASURED, "select", *map(str, paths),
                 "--duplicates", "-o", str(out), "-j", str(jobs)],
                capture_output=True, text=True, check=False,
            )  # fmt: skip
            seconds, peak = run.stdout.split()
            found = {}
            for line in run.stderr.splitlines():
                if ": duplicate of " in line:
                    dropped, kept = line.split(": duplicate of ")
                    found[by_where[dropped]] = by_where[kept.split(" (")[0]]
            verdict = "all found, no other" if found == want else "WRONG"
            print(
                f"jobs {jobs}: {float(seconds):.1f} s, {len(entries) / float(seconds):.0f} "
                f"records/s, peak {int(peak) / 1024:.1f} MiB, {verdict}"
            )
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"(this script, building the archive: peak {own:.0f} MiB)")


if __name__ == "__main__":
    main()
