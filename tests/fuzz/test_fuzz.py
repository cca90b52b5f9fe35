"""Fuzzing: no input makes the notation, the validator or the command line fail badly.

Random text and grammar-aware mutations of valid records (tests/fuzz/fuzz_inputs.py) must
only ever raise the project's own errors (``NotationError`` and the other ``ValueError``
subclasses of ``notation`` and ``validator``), must finish within a bound per input (enforced
with a ``SIGALRM`` timer, not measured), and ``bezique check``, ``fmt`` and ``parse`` must never
print a traceback. The atheris harness (fuzz/atheris_harness.py) runs the same target for as
long as one likes.
"""

from __future__ import annotations

import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from fuzz_inputs import inputs, is_project_error, run_one, seeds_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from validator.cli import main

SECONDS_PER_INPUT = 10
"""The bound on one input: far above the milliseconds an input takes, low enough to catch a
hang (an exponential parse, a loop that does not end)."""

INPUTS = 30_000
CLI_INPUTS = 150


class InputTimeout(Exception):
    """One input ran past :data:`SECONDS_PER_INPUT`."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Raise :class:`InputTimeout` in the block after ``seconds`` (main thread, POSIX)."""

    def expired(signum: int, frame: object) -> None:
        raise InputTimeout(f"an input ran for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def records() -> list[str]:
    return seeds_records()


def test_thirty_thousand_inputs_raise_only_project_errors(records: list[str]) -> None:
    outcomes: Counter[str] = Counter()
    for text in inputs(INPUTS, seed=20261129, records=records):
        try:
            with time_bound(SECONDS_PER_INPUT):
                outcomes[run_one(text)] += 1
        except InputTimeout:
            pytest.fail(f"input took over {SECONDS_PER_INPUT} s: {text!r}")
        except Exception as exc:
            pytest.fail(f"{type(exc).__name__}: {exc} on input {text!r}")
    assert sum(outcomes.values()) == INPUTS
    # the mutations must reach the validator, not only the parser's error path
    assert outcomes["parsed"] >= INPUTS // 10, outcomes
    assert outcomes["faults"] >= INPUTS // 10, outcomes


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_unicode_text_raises_only_project_errors(text: str) -> None:
    with time_bound(SECONDS_PER_INPUT):
        try:
            run_one(text)
        except Exception as exc:
            assert is_project_error(exc), f"{type(exc).__name__}: {exc}"


@pytest.mark.parametrize(
    "command",
    [["check", "-"], ["fmt", "-"], ["fmt", "--check", "-"], ["parse", "-"]],
    ids=["check", "fmt", "fmt-check", "parse"],
)
def test_the_command_line_never_shows_a_traceback(records: list[str], command: list[str]) -> None:
    runner = CliRunner()
    codes: Counter[int] = Counter()
    for text in inputs(CLI_INPUTS, seed=7, records=records):
        with time_bound(SECONDS_PER_INPUT):
            result = runner.invoke(main, command, input=text.encode("utf-8", "surrogatepass"))
        shown = result.output + (result.stderr if result.stderr_bytes is not None else "")
        assert "Traceback" not in shown, (text, shown)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            text,
            repr(result.exception),
        )
        assert result.exit_code in (0, 1, 2), (text, result.exit_code, shown)
        codes[result.exit_code] += 1
    assert codes[2] > 0  # some inputs are not BZN and are reported as such
