"""Coverage-guided fuzzing of the notation and the validator with atheris (libFuzzer).

The target takes the fuzzer's bytes as UTF-8 text (undecodable bytes replaced), parses it as
a BZN record and, when it parses, replays it through the validator. Anything raised that is
not one of the project's own errors (a ``ValueError`` subclass defined in ``notation`` or
``validator``) is a crash, and libFuzzer saves the input that caused it.

How to run it (from the repository root; atheris installs from PyPI on Linux x86-64 with
Python 3.11, ``pip install atheris``)::

    mkdir -p fuzz/corpus && cp samples/corpus/*.bzn fuzz/corpus/
    python fuzz/atheris_harness.py fuzz/corpus -max_total_time=600 -timeout=10
    python fuzz/atheris_harness.py -runs=20000 fuzz/corpus      # a fixed number of inputs
    python fuzz/atheris_harness.py crash-<hash>                 # replay one saved crash

``-timeout=10`` makes libFuzzer report an input that runs longer than ten seconds as a hang.
The seed corpus is optional; the simulated corpus (``samples/corpus``) gives the fuzzer valid
records to start from, so it reaches the validator at once.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from notation.parser import parse_record_collecting
    from validator.replay import replay


def _project_error(exc: BaseException) -> bool:
    return isinstance(exc, ValueError) and type(exc).__module__.startswith(
        ("notation", "validator")
    )


def test_one_input(data: bytes) -> None:
    """The fuzz target: parse, then replay; only the project's own errors are allowed."""
    text = data.decode("utf-8", errors="replace")
    try:
        record, _errors = parse_record_collecting(text, "<atheris>")
        if record is not None:
            replay(record, steps=False)
    except Exception as exc:
        if not _project_error(exc):
            raise


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
