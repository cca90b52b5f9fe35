"""Parse throughput of the BZN notation on complete Rubicon deals.

Run: ``python bench/notation_speed.py [records]``. Prints records/s and
events/s (plays, draws, declarations, marks) for ``parse_record``, for the
reader over a file of many records, for the canonical writer, and for a plain
regex tokenizer over the same text (the floor the parser is compared with).
"""

from __future__ import annotations

import io
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rubicon_deal import rubicon_deal

from notation import iter_records, parse_record, write_record
from notation.model import Record

_TOKEN = re.compile(
    r"""(?P<nl>\n)|(?P<ws>[ \t]+)|(?P<tricknum>\d+\.)|(?P<card>(?:10|[ATKQJ987])[SHDC])
    |(?P<int>\d+)|(?P<word>[A-Za-z][\w-]*)|(?P<str>"[^"\n]*")|(?P<punct>[\[\],^?!()])
    |(?P<comment>\{[^}]*\})""",
    re.VERBOSE,
)


def regex_tokens(text: str) -> int:
    """Tokenize with one regex, keeping (kind, text) pairs: the floor to compare with."""
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(text) if m.lastgroup != "ws"]
    return len(tokens)


def events(record: Record) -> int:
    count = 0
    for deal in record.deals:
        count += len(deal.events)
        for trick in deal.tricks:
            count += len(trick.plays) + len(trick.events)
    return count


def timed(label: str, fn: Callable[[], object], repeat: int, per: int, n_events: int) -> float:
    """Records per second: the best of five runs of ``repeat`` calls (the machine is shared)."""
    fn()  # warm up (grammar cache, card cache)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, time.perf_counter() - start)
    rate = repeat * per / best
    print(
        f"{label:<28} {rate:10.1f} records/s {rate * n_events:12.0f} events/s "
        f"{best / (repeat * per) * 1000:8.3f} ms/record"
    )
    return rate


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    text = rubicon_deal(21)  # the seed with the most declarations (18) of the first 200
    record = parse_record(text)
    n_events = events(record)
    deal = record.deals[0]
    draws = sum(len(list(t.draws())) for t in deal.tricks)
    decls = sum(len(list(t.declarations())) for t in deal.tricks)
    print(
        f"one Rubicon deal: {len(deal.tricks)} tricks, {draws} draws, {decls} declarations, "
        f"{n_events} events, {len(text)} characters, {regex_tokens(text)} regex tokens"
    )
    parse = timed("parse_record", lambda: parse_record(text), repeat, 1, n_events)
    many = "\n".join(rubicon_deal(seed) for seed in range(20))
    timed(
        "iter_records (20 a file)",
        lambda: list(iter_records(io.StringIO(many))),
        max(1, repeat // 20),
        20,
        n_events,
    )
    timed("write_record", lambda: write_record(record), repeat, 1, n_events)
    floor = timed("regex tokenizer", lambda: regex_tokens(text), repeat * 5, 1, n_events)
    print(f"parse_record is {floor / parse:.1f}x slower than the regex tokenizer")


if __name__ == "__main__":
    main()
