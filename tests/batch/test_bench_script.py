"""The benchmark scripts stay runnable, and bench/run.py counts and judges as it says.

No timing is asserted here (speed is measured in bench/, never in a test): the end-to-end
run uses a tiny corpus and checks only that every measure and target is reported.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench" / "run.py"
sys.path.insert(0, str(ROOT / "bench"))

from annotations import annotate_tricks  # noqa: E402
from run import Target, moves, streaming_targets, verdict  # noqa: E402
from run import events as old_events  # noqa: E402

from notation import parse_record, write_record  # noqa: E402
from validator.batch import RecordText, check_record  # noqa: E402
from validator.simulate import simulate_games  # noqa: E402


def test_bench_run_loads_and_shows_its_help() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--quick" in done.stdout
    assert "--big" in done.stdout


def test_instruction_count_script_loads_and_shows_its_help() -> None:
    script = BENCH.parent / "instructions.py"
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--records" in done.stdout
    assert "--errors" in done.stdout


AT_LEAST_3 = Target("x", "x >= 3", 3.0)
AT_MOST_150 = Target("m", "m < 150", 150.0, lower=True)
PURE_2 = Target("p", "p >= 2 (pure Python)", 2.0, pure_only=True)


@pytest.mark.parametrize(
    ("value", "target", "compiled", "expected"),
    [
        (2.99, AT_LEAST_3, False, "NO"),  # below the goal: not met
        (3.0, AT_LEAST_3, False, "yes"),
        (4.1, AT_LEAST_3, True, "yes"),  # a goal for any build
        (None, AT_LEAST_3, False, "n/a"),  # not measured: never "yes"
        (151.0, AT_MOST_150, False, "NO"),  # memory above the ceiling
        (90.2, AT_MOST_150, False, "yes"),
        (1.9, PURE_2, False, "NO"),
        (2.5, PURE_2, False, "yes"),
        (2.5, PURE_2, True, "n/a"),  # the pure-Python goal says nothing of a compiled build
    ],
)
def test_a_target_is_met_only_when_the_figure_meets_it(
    value: float | None, target: Target, compiled: bool, expected: str
) -> None:
    assert verdict(value, target, compiled=compiled) == expected


def test_streaming_targets_need_a_1_gb_input_and_two_sizes() -> None:
    summary = [
        {"command": "parse", "largest_mb": 100.0, "peak_mb_any": 40.0, "growth": 0.98},
        {"command": "fmt --check", "largest_mb": 1024.0, "peak_mb_any": 34.0, "growth": 1.4},
        {"command": "export --to md", "largest_mb": 10.0, "peak_mb_any": 47.0, "growth": None},
    ]
    judged = {target.key: verdict(value, target) for target, value in streaming_targets(summary)}
    assert judged["stream_peak_parse"] == "n/a"  # 40 MB, but on 100 MB, not 1 GB
    assert judged["stream_linear_parse"] == "yes"
    assert judged["stream_peak_fmt --check"] == "yes"
    assert judged["stream_linear_fmt --check"] == "NO"  # 40% more CPU a MB at the larger size
    assert judged["stream_linear_export --to md"] == "n/a"  # one size only
    assert judged["stream_peak_export --to json"] == "n/a"  # not measured at all


COUNTED = """[Variant "rubicon"]
[Laws "english"]

deal 1 dealer B
A carte-blanche 50
1. A 7D B 9D
  B marriage KC QC 40
  draw B KH, A 9S
2. B 8S A TS
  draw A QH, B 7C
"""


def test_moves_are_plays_and_declarations_and_the_old_count_adds_the_draws() -> None:
    record = parse_record(COUNTED)
    # plays: 2 tricks of 2; declarations: the carte blanche before the first trick and the
    # marriage after it; draws: one for each seat after each trick
    assert moves(record) == 4 + 2
    assert old_events(record) == 4 + 2 + 4


def test_the_annotated_corpus_reads_and_checks_as_the_canonical_one() -> None:
    text = write_record(next(iter(simulate_games("rubicon", 1, 2026))).record)
    noted = annotate_tricks(text)
    assert noted.count("\n") == text.count("\n")
    assert "! {a note} $14" in noted and "; a line comment" in noted
    plain, annotated = (check_record(RecordText("x.bzn", 1, t)) for t in (text, noted))
    assert annotated.errors == () and annotated.status == plain.status
    assert annotated.findings == plain.findings
    assert moves(parse_record(noted)) == moves(parse_record(text))


def test_bench_run_end_to_end_on_a_tiny_corpus(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable, str(BENCH), "--quick", "--records", "3", "--seconds", "0.01",
            "--no-jobs", "--out", str(tmp_path),
        ],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    results = json.loads((tmp_path / "results.json").read_text())
    assert set(results["vs_chess"]) == {"canonical", "annotated", "blind"}
    assert results["corpus"]["moves"] < results["corpus"]["events"]
    for key in ("check_vs_chess", "check_vs_chess_annotated", "parse_vs_tokenizer_annotated"):
        assert results["figures"][key] > 0
    assert "parse + validate >= 3x python-chess, annotated (any build)" in done.stdout
    assert "speedup_2_jobs" in results["figures"]  # not measured: reported "n/a", not met
    assert results["figures"]["speedup_2_jobs"] is None


def test_the_readings_structure_tells_a_product_from_one_seat_s_accounts() -> None:
    """``bench/readings.py --structure`` sums the readings and each seat's distinct holdings:
    three accounts of A times two of B are six readings for five holdings, three accounts of A
    beside one of B three readings for four."""
    from types import SimpleNamespace

    from readings import _Structure

    from notation.cards import Card
    from validator.engine.holding import Holding
    from validator.engine.reading import Reading

    def holding(unseen: int) -> Holding:
        return Holding({Card.parse("KH"): 1}, unseen)

    def state(pairs: list[tuple[int, int]]) -> SimpleNamespace:
        items = [Reading({"A": holding(a), "B": holding(b)}, {}) for a, b in pairs]
        return SimpleNamespace(
            readings=SimpleNamespace(items=items, foresight=None), seats=("A", "B")
        )

    seen = _Structure()
    seen.after_event(None, state([(a, b) for a in (1, 2, 3) for b in (4, 5)]), [])  # type: ignore[arg-type]
    assert (seen.events, seen.readings, seen.holdings, seen.most) == (1, 6, 5, 6)
    seen.after_event(None, state([(1, 4), (2, 4), (3, 4)]), [])  # type: ignore[arg-type]
    assert (seen.events, seen.readings, seen.holdings) == (2, 9, 9)
    seen.after_event(None, state([(1, 4)]), [])  # type: ignore[arg-type]
    assert seen.events == 2  # one reading: nothing to count
