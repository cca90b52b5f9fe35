"""Parse throughput of the BZN notation on complete Rubicon deals, plain and annotated.

Run: ``python bench/notation_speed.py [records]``. Prints records/s and events/s (plays,
draws, declarations, marks) for ``parse_record``, for the reader over a file of many
records, for the canonical writer, and for a plain regex tokenizer over the same text (the
floor the parser is compared with), first on canonical text, then on the same deal
annotated (a glyph, a NAG, a ``{comment}`` or a ``; comment`` on trick and declaration
lines, as an annotator writes them). Last, the time to read a record of four deals (256
tricks) with 1, 10, 50 and 200 faulty lines (a misspelled card): the time a fault costs
should not grow with the number of faults.
"""

from __future__ import annotations

import io
import re
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rubicon_deal import rubicon_deal

from notation import iter_records, parse_record, write_record
from notation.model import Record
from notation.parser import parse_record_collecting

_TOKEN = re.compile(
    r"""(?P<nl>\n)|(?P<ws>[ \t]+)|(?P<tricknum>\d+\.)|(?P<card>(?:10|[ATKQJ987])[SHDC])
    |(?P<int>\d+)|(?P<word>[A-Za-z][\w-]*)|(?P<str>"[^"\n]*")|(?P<punct>[\[\],^?!()])
    |(?P<comment>\{[^}]*\})|(?P<nag>\$\d+)|(?P<linecomment>;[^\n]*)""",
    re.VERBOSE,
)

_ANNOTATIONS = ("!", "?!", "$1", "! {a fine lead}", "{the safe card}", "$14 ; the only move")


def annotated(text: str) -> str:
    """``text`` with an annotation at the end of every trick and declaration line, in turn:
    glyphs, NAGs, brace comments and line comments (``2. A 9H B AH ! {B wins}``)."""
    out = []
    n = 0
    for line in text.split("\n"):
        stripped = line.lstrip()
        is_trick = stripped[:1].isdigit()
        is_declaration = stripped[:2] in ("A ", "B ")
        if is_trick or is_declaration:
            line += " " + _ANNOTATIONS[n % len(_ANNOTATIONS)]
            n += 1
        out.append(line)
    return "\n".join(out)


def with_faults(text: str, faults: int, deals: int = 4) -> str:
    """A record of ``deals`` deals (``text``'s deal repeated as deals 1, 2...) with
    ``faults`` trick lines spread through it given a misspelled card."""
    head, deal = text.split("deal 1 ", 1)
    deal = "deal 1 " + deal
    lines = (
        head + "\n".join(deal.replace("deal 1 ", f"deal {n} ", 1) for n in range(1, deals + 1))
    ).split("\n")
    tricks = [i for i, line in enumerate(lines) if line[:1].isdigit()]
    assert faults <= len(tricks)
    step = len(tricks) / faults if faults else 0
    for k in range(faults):
        i = tricks[int(k * step)]
        lines[i] = lines[i][: lines[i].rindex(" ") + 1] + "QX"
    return "\n".join(lines)


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
        f"{label:<32} {rate:10.1f} records/s {rate * n_events:12.0f} events/s "
        f"{best / (repeat * per) * 1000:8.3f} ms/record"
    )
    return rate


def measure(title: str, text: str, repeat: int) -> None:
    record = parse_record(text)
    n_events = events(record)
    deal = record.deals[0]
    draws = sum(len(list(t.draws())) for t in deal.tricks)
    decls = sum(len(list(t.declarations())) for t in deal.tricks)
    print(
        f"{title}: {len(deal.tricks)} tricks, {draws} draws, {decls} declarations, "
        f"{n_events} events, {len(text)} characters, {regex_tokens(text)} regex tokens"
    )
    parse = timed("parse_record", lambda: parse_record(text), repeat, 1, n_events)
    many = "\n".join([text] * 20)
    timed(
        "iter_records (20 a file)",
        lambda: list(iter_records(io.StringIO(many))),
        max(1, repeat // 20),
        20,
        n_events,
    )
    timed("write_record", lambda: write_record(record), repeat, 1, n_events)
    floor = timed("regex tokenizer", lambda: regex_tokens(text), repeat * 5, 1, n_events)
    print(f"parse_record is {floor / parse:.2f}x the time of the regex tokenizer\n")


def _best_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / repeat * 1000


def measure_faults(text: str, repeat: int) -> None:
    clean = with_faults(text, 0)
    clean_ms = _best_ms(partial(parse_record_collecting, clean), repeat)
    print(
        f"a record of four deals ({clean.count(chr(10))} lines) with faulty lines, every fault "
        f"reported (parse_record_collecting): clean {clean_ms:.3f} ms"
    )
    for faults in (1, 10, 50, 200):
        faulty = with_faults(text, faults)
        ms = _best_ms(partial(parse_record_collecting, faulty), repeat)
        _, errors = parse_record_collecting(faulty)
        print(
            f"  {faults:4d} faults ({len(errors):3d} reported) {ms:9.3f} ms/record, "
            f"{ms / clean_ms:5.1f}x the clean record, "
            f"{(ms - clean_ms) / faults:6.3f} ms a fault"
        )


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    text = rubicon_deal(21)  # the seed with the most declarations (18) of the first 200
    measure("one Rubicon deal, canonical", text, repeat)
    measure("the same deal, annotated", annotated(text), repeat)
    measure_faults(text, max(1, repeat // 20))


if __name__ == "__main__":
    main()
