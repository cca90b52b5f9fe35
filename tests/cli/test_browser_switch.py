"""Without a browser the browser tests are skipped with their reason, or fail when required.

``pytest tests/export/test_browser.py`` runs in a child with ``BEZIQUE_CHROMIUM`` naming a
browser that is not there, once as on a fresh machine and once as ``.ci/run`` runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pytest(required: bool) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, BEZIQUE_CHROMIUM=str(ROOT / "no-such-browser"))
    env.pop("BEZIQUE_REQUIRE_BROWSER", None)
    # the inner run imports the source tree (its working folder is the repository), so a
    # compiled run's check that the compiled modules are loaded does not apply to it
    env.pop("BEZIQUE_COMPILED", None)
    if required:
        env["BEZIQUE_REQUIRE_BROWSER"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "tests/export/test_browser.py", "-q", "-rs", "-p",
         "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )  # fmt: skip


def test_skipped_with_the_reason_on_a_machine_without_chromium() -> None:
    done = _pytest(required=False)
    assert done.returncode == 0, done.stdout
    assert " skipped" in done.stdout and " passed" not in done.stdout
    assert "Chromium is not installed: apt-get install chromium" in done.stdout


def test_failed_when_the_browser_is_required() -> None:
    done = _pytest(required=True)
    assert done.returncode == 1, done.stdout
    assert "BEZIQUE_REQUIRE_BROWSER=1 but Chromium is not installed" in done.stdout
    assert " skipped" not in done.stdout and " passed" not in done.stdout
