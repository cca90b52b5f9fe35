"""Peak memory and time of the commands that write what they read: export, fmt, parse.

Run from the repository root::

    python bench/streaming.py                  # 3, 10 and 30 MB (export), 10, 30, 100 MB (others)
    python bench/streaming.py --sizes 1 3      # sizes in MB, the same for every command
    python bench/streaming.py --sizes 10 100 --slow-sizes 3 10   # export at 3 and 10 MB
    python bench/streaming.py --quick          # 1 and 3 MB

Each input is the simulated corpus of ``samples/corpus`` (every variant, greedy and random
games under both codes of laws) repeated to the size asked for. Each command runs as a child
process under ``/usr/bin/time -v``, its output thrown away (``export --to html`` writes a
folder of pages, removed after), and its wall time and maximum resident set size are
reported, with its CPU time (user and system) and the CPU seconds per MB, which stay level
when the time is linear in the input (CPU time, unlike wall time, does not grow when other
work shares the machine).
``check`` runs beside them for comparison. Figures are printed and written to
``bench/out/streaming.json``, merged with the rows already there (a row of the same command
and size is replaced; ``--fresh`` starts the file again), each row with the commit and the
time it was measured at; ``bench/run.py`` reads the file into its summary. Nothing is
asserted.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
MB = 1 << 20

COMMANDS: dict[str, list[str]] = {
    "check -j1": ["check", "{input}", "--jobs", "1", "--quiet"],
    "parse": ["parse", "{input}"],
    "fmt --check": ["fmt", "--check", "{input}"],
    "fmt (in place)": ["fmt", "{copy}"],
    "export --to md": ["export", "{input}", "--to", "md"],
    "export --to json": ["export", "{input}", "--to", "json"],
    "export --to html -o DIR/": ["export", "{input}", "--to", "html", "-o", "{folder}/"],
}
"""Each command measured; the export commands replay every record with all its steps."""

SLOW = {"export --to md", "export --to json", "export --to html -o DIR/"}
"""Commands about thirty times slower a MB than the others (they replay each step and write
every step's state): measured at a third of the sizes, or less."""


def corpus_text() -> str:
    """The bundled simulated corpus, every variant, as one text."""
    files = sorted((ROOT / "samples" / "corpus").glob("*.bzn"))
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def build(path: Path, size: int) -> int:
    """Write the corpus again and again to ``path`` until it holds ``size`` bytes; records."""
    text = corpus_text()
    data = text.encode("utf-8") + b"\n"
    per = len(re.findall(r"^\[Variant ", text, re.M))
    copies = 0
    with path.open("wb") as handle:
        while copies * len(data) < size:
            handle.write(data)
            copies += 1
    return copies * per


def measure(name: str, source: Path, work: Path) -> dict[str, Any]:
    """One command on ``source``: exit status, wall seconds, maximum RSS in MB."""
    copy = work / "copy.bzn"
    folder = work / "pages"
    if "{copy}" in " ".join(COMMANDS[name]):
        shutil.copyfile(source, copy)
    args = [word.format(input=source, copy=copy, folder=folder) for word in COMMANDS[name]]
    report = work / "time.txt"
    command = [
        "/usr/bin/time", "-v", "-o", str(report),
        sys.executable, "-c", "from validator.cli import main; main()", *args,
    ]  # fmt: skip
    done = subprocess.run(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False
    )
    text = report.read_text()
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", text)
    cpu = sum(float(t) for t in re.findall(r"(?:User|System) time \(seconds\): ([0-9.]+)", text))
    seconds = 0.0
    if wall:
        for part in wall.group(1).split(":"):
            seconds = seconds * 60 + float(part)
    shutil.rmtree(folder, ignore_errors=True)
    copy.unlink(missing_ok=True)
    return {
        "command": name,
        "exit_code": done.returncode,
        "wall_s": round(seconds, 2),
        "cpu_s": round(cpu, 2),
        "max_rss_mb": round(int(rss.group(1)) / 1024, 1) if rss else None,
        "stderr": done.stderr.decode()[-300:] if done.returncode not in (0, 1) else "",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", help="input sizes in MB, for all")
    parser.add_argument(
        "--slow-sizes", type=float, nargs="+", help="input sizes in MB for export (with --sizes)"
    )
    parser.add_argument("--quick", action="store_true", help="1 and 3 MB")
    parser.add_argument("--only", nargs="+", choices=list(COMMANDS), help="these commands only")
    parser.add_argument("--fresh", action="store_true", help="drop the rows measured before")
    args = parser.parse_args(argv)
    if not Path("/usr/bin/time").exists():
        print("needs /usr/bin/time (apt-get install time)", file=sys.stderr)
        return 2
    names = args.only or list(COMMANDS)
    if args.quick:
        plan = {name: [1.0, 3.0] for name in names}
    elif args.sizes:
        slow = args.slow_sizes or args.sizes
        plan = {name: list(slow if name in SLOW else args.sizes) for name in names}
    else:
        plan = {name: [3.0, 10.0, 30.0] if name in SLOW else [10.0, 30.0, 100.0] for name in names}
    results: list[dict[str, Any]] = []
    commit = _commit()
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "streaming.json"
    kept = [] if args.fresh or not path.exists() else json.loads(path.read_text())
    with tempfile.TemporaryDirectory(prefix="bezique-streaming-") as tmp:
        work = Path(tmp)
        for size in sorted({s for sizes in plan.values() for s in sizes}):
            source = work / f"corpus-{size:g}mb.bzn"
            records = build(source, int(size * MB))
            actual = source.stat().st_size / MB
            for name in names:
                if size not in plan[name]:
                    continue
                row = measure(name, source, work)
                row.update(
                    size_asked_mb=size,
                    size_mb=round(actual, 1),
                    records=records,
                    cpu_s_per_mb=round(row["cpu_s"] / actual, 2),
                    commit=commit,
                    measured_at=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                )
                results.append(row)
                _write(path, kept, results)
                print(
                    f"{name:<26} {actual:7.1f} MB {records:7d} records "
                    f"{row['wall_s']:8.1f} s wall {row['cpu_s']:8.1f} s cpu "
                    f"{row['cpu_s_per_mb']:6.2f} cpu s/MB "
                    f"{row['max_rss_mb']:7.1f} MB peak  exit {row['exit_code']}",
                    flush=True,
                )
            source.unlink()
    return 0


def _write(path: Path, kept: list[dict[str, Any]], results: list[dict[str, Any]]) -> None:
    """The rows measured before, but those of a command and size measured again, then the
    rows of this run (written after each, so that a run stopped keeps what it measured)."""
    new = {(row["command"], row["size_asked_mb"]) for row in results}
    old = [row for row in kept if (row["command"], row.get("size_asked_mb")) not in new]
    path.write_text(json.dumps(old + results, indent=2) + "\n")


def _commit() -> str:
    """The commit measured, with ``+`` when the tree has changes not committed."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "unknown"
    return head + ("+" if dirty else "")


if __name__ == "__main__":
    raise SystemExit(main())
