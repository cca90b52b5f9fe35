"""The build backend: setuptools', asking for mypy only when a compiled build is wanted.

``pip install .`` builds the pure-Python package with setuptools alone (no compiler, no
mypy). ``BEZIQUE_COMPILE=1 pip install .`` builds the same package with the engine's hot
modules compiled by mypyc (``setup.py`` lists them): this backend then adds mypy, which
holds mypyc, to the build's requirements, so that the compiled build is one step in pip's
own isolated build environment. See ``docs/scale.md``, "A compiled build".
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the hooks this backend does not change)

COMPILE_ENV = "BEZIQUE_COMPILE"
MYPYC = ["mypy>=1.11", "lark[interegular]>=1.2,<2", "pyyaml>=6", "types-PyYAML", "click>=8.1"]
"""What mypyc needs in the build's own environment: mypy, and the packages (or their stubs) the
compiled modules' imports lead it to type-check, as ``mypy --strict`` sees them in CI."""


def compiling() -> bool:
    """Whether the build compiles the engine (``BEZIQUE_COMPILE=1``)."""
    return os.environ.get(COMPILE_ENV, "") == "1"


def get_requires_for_build_wheel(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """setuptools' requirements, and mypy when compiling."""
    with _pure():
        found: list[str] = _setuptools.get_requires_for_build_wheel(config_settings)
    return [*found, *MYPYC] if compiling() else found


def get_requires_for_build_editable(
    config_settings: dict[str, str | list[str]] | None = None,
) -> list[str]:
    """setuptools' requirements, and mypy when compiling."""
    with _pure():
        found: list[str] = _setuptools.get_requires_for_build_editable(config_settings)
    return [*found, *MYPYC] if compiling() else found


@contextmanager
def _pure() -> Iterator[None]:
    """setuptools runs ``setup.py`` to learn its requirements, before mypy is installed: it
    sees a pure build then (mypy is added to the list it gives)."""
    saved = os.environ.pop(COMPILE_ENV, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[COMPILE_ENV] = saved
