"""Bench of the strict-phase solver: time to solve a strict phase, and to analyse the corpus.

Three measures, each on the real path (record -> replay -> strict phase -> solver):

- ``simulated``: simulated games of each two-handed variant (``validator.simulate``, greedy
  and random players); for each deal the strict phase is found from the replay and solved
  from its start with a fresh solver (the value of the phase, what ``docs/analysis.md`` calls
  solving it), then analysed play by play (every card of every play valued). Median, 90th
  percentile and worst, per variant;
- ``corpus``: every record of ``samples/corpus/`` read, replayed and analysed, timed whole
  (the command's work without its start-up), with the same per-phase figures;
- ``hard``: random full-size endings whose scores are near each other and near the rubicon
  line, so that every brisque counts in the settlement: the solver's stress case, harder than
  any real game (few real strict phases have a value that moves with each brisque);
- the targets of issue 17: a Rubicon strict phase under 50 ms median, six-pack's under 1 s.

Per-phase times are the process's CPU time (``time.process_time``), which other work on a
shared machine disturbs less than the wall clock; the corpus is timed both ways.

Run from the repository root::

    python bench/solver.py                  # 40 simulated games a variant and the corpus
    python bench/solver.py --games 200      # more games
    python bench/solver.py --quick          # 8 games a variant, for a smoke run

Nothing here is asserted: speed is measured, never tested.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from notation import NotationError, read_records  # noqa: E402
from notation.model import Record  # noqa: E402
from validator.analysis import analyse_deal, ruleset_of, thresholds_for  # noqa: E402
from validator.analysis.strict_phase import find_strict_phase  # noqa: E402
from validator.engine.solver import EndingSolver  # noqa: E402
from validator.replay import replay  # noqa: E402
from validator.simulate import simulate_game  # noqa: E402

VARIANTS = ("two-pack", "rubicon", "chinese", "six-pack")
TARGETS = {"rubicon": 0.050, "six-pack": 1.0}
"""Issue 17: median seconds to solve a strict phase."""


@dataclass
class Times:
    """Seconds per strict phase: solved from its start, and analysed play by play."""

    solve: list[float] = field(default_factory=list)
    analyse: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)

    def line(self, name: str) -> str:
        if not self.solve:
            return f"{name:<10} no strict phase"
        return (
            f"{name:<10} {len(self.solve):>5} phases"
            f"  solve median {_ms(statistics.median(self.solve))}"
            f"  p90 {_ms(_pct(self.solve, 0.9))}  max {_ms(max(self.solve))}"
            f"  | analyse median {_ms(statistics.median(self.analyse))}"
            f"  max {_ms(max(self.analyse))}  | nodes median {int(statistics.median(self.nodes))}"
        )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(records: Iterable[Record], times: dict[str, Times]) -> None:
    """Solve and analyse the strict phase of every deal of ``records``."""
    for record in records:
        replayed = replay(record)
        rules = ruleset_of(replayed)
        if rules.players != 2:
            continue
        thresholds = thresholds_for(rules)
        bucket = times.setdefault(rules.name, Times())
        for deal, dealt in zip(replayed.deals, record.deals, strict=False):
            phase = find_strict_phase(rules, dealt, deal)
            if phase.start is None:
                continue
            gc.collect()
            solver = EndingSolver(rules)
            start = time.process_time()
            solver.value(phase.start)
            bucket.solve.append(time.process_time() - start)
            bucket.nodes.append(solver.nodes)
            start = time.process_time()
            analyse_deal(rules, phase, thresholds, deal)
            bucket.analyse.append(time.process_time() - start)


def hard(variant: str, count: int, seed: int = 7) -> Times:
    """Random endings of the full strict phase, scores within the brisque margin."""
    import random

    from notation.cards import RANKS, SUITS, Card
    from validator.engine import load_ruleset
    from validator.engine.ending import Ending
    from validator.engine.settlement import SettlementRules

    rules = load_ruleset(variant)
    settlement = rules.settlement_rules
    assert isinstance(settlement, SettlementRules)
    line = settlement.rubicon if settlement.kind == "rubicon" else 300
    rng = random.Random(seed)
    times = Times()
    size = rules.strict_tricks
    for _ in range(count):
        pack = [Card(r, s) for s in SUITS for r in RANKS for _ in range(rules.packs)]
        rng.shuffle(pack)
        hands = {"A": pack[:size], "B": pack[size : 2 * size]}
        out = sum(1 for card in pack[: 2 * size] if card.rank in "AT")
        earlier = 8 * rules.packs - out
        first = rng.randrange(line - 200, line + 400, 10)
        second = max(0, first + rng.randrange(-150, 150, 10))
        taken = rng.randint(0, earlier)
        ending = Ending.create(
            "AB",
            hands,
            rng.choice(SUITS),
            rng.choice("AB"),
            points={"A": first, "B": second},
            brisques={"A": taken, "B": earlier - taken},
        )
        solver = EndingSolver(rules)
        start = time.process_time()
        solver.value(ending)
        times.solve.append(time.process_time() - start)
        times.nodes.append(solver.nodes)
        start = time.process_time()
        position = ending
        for _seat, card in solver.line(ending):
            solver.solve(position)
            position = position.after(card)
        times.analyse.append(time.process_time() - start)
    return times


def simulated(variant: str, games: int) -> Iterable[Record]:
    for seed in range(games):
        player = "greedy" if seed % 2 == 0 else "random"
        yield simulate_game(variant, 1000 + seed, player).record


def corpus(paths: list[Path]) -> tuple[float, float, int, int, dict[str, Times]]:
    """Read, replay and analyse every record of ``paths``: wall and CPU seconds, records,
    deals analysed, and the per-phase times."""
    from validator.analysis import analyse

    records = deals = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for path in paths:
        for item in read_records(path):
            if isinstance(item, NotationError):
                continue
            records += 1
            analysis = analyse(replay(item))
            deals += sum(1 for d in analysis.deals if d.analysed)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    per_phase: dict[str, Times] = {}
    for path in paths:
        measure((r for r in read_records(path) if isinstance(r, Record)), per_phase)
    return elapsed, cpu, records, deals, per_phase


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="simulated games a variant")
    parser.add_argument("--quick", action="store_true", help="8 games a variant")
    parser.add_argument("--no-corpus", action="store_true", help="skip samples/corpus/")
    parser.add_argument("--hard", type=int, default=30, help="stress endings a variant (0: none)")
    args = parser.parse_args(argv)
    games = 8 if args.quick else args.games
    stress = min(args.hard, 8) if args.quick else args.hard
    print(f"Python {sys.version.split()[0]}, {games} simulated games a variant")
    times: dict[str, Times] = {}
    for variant in VARIANTS:
        measure(simulated(variant, games), times)
        print(times[variant].line(variant), flush=True)
    if not args.no_corpus:
        paths = sorted((ROOT / "samples" / "corpus").glob("*.bzn"))
        elapsed, cpu, records, deals, per_phase = corpus(paths)
        print(
            f"corpus     {records} records, {deals} strict phases analysed in {elapsed:.2f} s "
            f"wall, {cpu:.2f} s CPU (read, replay, analyse)"
        )
        for name, bucket in sorted(per_phase.items()):
            print(bucket.line(name))
    if stress:
        print(f"hard: {stress} random full-size endings a variant, scores near each other")
        for variant in VARIANTS:
            print(hard(variant, stress).line(variant), flush=True)
    for variant, target in TARGETS.items():
        bucket = times.get(variant)
        if bucket and bucket.solve:
            median = statistics.median(bucket.solve)
            verdict = "met" if median < target else "NOT met"
            print(
                f"target     {variant}: median {median * 1000:.1f} ms "
                f"against {target * 1000:.0f} ms: {verdict}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
