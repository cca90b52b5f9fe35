"""The public API: one import away, documented, typed, and light to import.

``docs/api.md`` is run as a doctest from the repository's root, and must name every public
name; ``import validator`` must load neither the parser (lark) nor the command line (click)
before a name is used.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import validator

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "api.md"


def test_the_examples_of_docs_api_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 60
    assert result.failed == 0


def test_every_public_name_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = set(re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)", text))
    assert sorted(set(validator.__all__) - named) == []


def test_every_public_name_resolves() -> None:
    for name in validator.__all__:
        assert getattr(validator, name) is not None, name
    assert set(validator.__all__) <= set(dir(validator))
    assert validator.__all__ == sorted(validator.__all__, key=lambda n: (n[0].islower(), n))
    with pytest.raises(AttributeError, match="no attribute 'replay_recrod'"):
        validator.replay_recrod  # noqa: B018


def test_importing_validator_loads_no_parser_and_no_command_line() -> None:
    code = (
        "import sys, validator; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'click')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


@pytest.mark.parametrize("package", ["notation", "validator"])
def test_both_packages_ship_py_typed(package: str) -> None:
    assert resources.files(package).joinpath("py.typed").is_file()
