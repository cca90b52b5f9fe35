"""The HTML export in a real browser: headless Chromium driven by Playwright.

Needs Debian's ``chromium`` (``apt-get install chromium``) and the ``playwright`` Python
package (in the test extra); Playwright's own browser download is not used. Without them
these tests are skipped, saying why, unless ``BEZIQUE_REQUIRE_BROWSER=1`` is set (as
``.ci/run`` does): then they fail. The page is opened from a file, every request is
logged, and the console must stay free of errors.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from notation import Record, read_records
from validator.export import to_html
from validator.replay import Replay, replay

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, Request

from .fixtures import (
    HOSTILE_COMMENT,
    HOSTILE_NAME,
    long_rubicon_replay,
    rubicon_replay,
    two_pack_replay,
)

REQUIRED = os.environ.get("BEZIQUE_REQUIRE_BROWSER") == "1"
"""Set by CI: a missing browser is then a failure, not a skip."""
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _chromium() -> str | None:
    """The browser: ``BEZIQUE_CHROMIUM`` if set, else ``chromium`` on the PATH."""
    named = os.environ.get("BEZIQUE_CHROMIUM")
    if named is not None:
        return named if Path(named).is_file() else None
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )


def _missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed: pip install '.[test]'"
    if _chromium() is None:
        return "Chromium is not installed: apt-get install chromium (or set BEZIQUE_CHROMIUM)"
    return None


ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = _missing()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"BEZIQUE_REQUIRE_BROWSER=1 but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=_chromium(), args=ARGS)
        yield launched
        launched.close()


class Opened:
    """A page opened on an exported replay, with what it logged and requested."""

    def __init__(self, browser: Browser, replay: Replay, folder: Path, fragment: str = "") -> None:
        self.file = folder / "replay.html"
        self.file.write_text(to_html(replay), encoding="utf-8")
        self.page: Page = browser.new_page(viewport={"width": 1000, "height": 900})
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("request", self._request)
        self.page.on("dialog", self._dialog)
        self.page.route("**/*", lambda route: route.continue_())
        self.page.add_init_script("window.__pwned = undefined;")
        self.page.goto(self.file.as_uri() + fragment)
        self.page.wait_for_selector("body[data-ready=true]")

    def _console(self, message: ConsoleMessage) -> None:
        self.console.append(f"{message.type}: {message.text}")

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    def cards(self, seat: str, role: str = "hand") -> list[str]:
        selector = f'.seat[data-seat="{seat}"] [data-role="{role}"] svg.card'
        found: list[str] = self.page.eval_on_selector_all(
            selector, "nodes => nodes.map(n => n.getAttribute('data-card'))"
        )
        return found

    def text(self, selector: str) -> str:
        return self.page.text_content(selector) or ""

    def score(self, seat: str) -> str:
        return self.text(f'.seat[data-seat="{seat}"] [data-role="score"]')

    def eval(self, script: str) -> Any:
        return self.page.evaluate(script)

    def assert_clean(self) -> None:
        assert self.errors == []
        assert [m for m in self.console if m.startswith(("error", "warning"))] == []
        assert self.requests == [self.file.as_uri()]
        assert self.dialogs == []
        assert self.eval("window.__pwned") is None


def test_stepping_with_the_keys_shows_the_state(browser: Browser, tmp_path: Path) -> None:
    opened = Opened(browser, two_pack_replay(), tmp_path)
    page = opened.page
    assert opened.text("#step-label") == "Step 0 of 19"
    # Step 0: B's dealt hand, the 7 of hearts turned up under a stock of 48.
    # Sorted as a player holds them: hearts (trumps) first, then clubs, diamonds, spades.
    assert opened.cards("B") == ["AH", "AH", "KC", "QC", "9C", "9C", "8D", "7S"]
    assert opened.text("#stock .score") == "48"
    assert opened.eval("document.querySelector('#stock svg.card').dataset.card") == "7H"
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    # Step 8: B takes A's 8 of trumps with the ace (glyph !), with the annotator's comment.
    assert opened.text("#step-label") == "Step 8 of 19 · trick 2"
    assert opened.text("#event-text") == "B plays AH!"
    assert opened.text("#comments") == "B wins the trick and a brisque"
    assert opened.eval("location.hash") == "#d1s8"
    for _ in range(8):
        page.keyboard.press("ArrowRight")
    # Step 16, worked out by hand from the fixture: A dealt 7D 8H 9H JD JS QS KS TS,
    # played 7D 8H TS, drew KH 9S and laid QS JD down for bezique (40).
    # B dealt 7S 8D 9C 9C QC KC AH AH, played 9C AH 7S, drew QH 7C, laid KC QC down
    # for a marriage (20) after 10 for the seven turned up: 30.
    assert opened.text("#step-label") == "Step 16 of 19 · trick 3"
    # Hearts first, then clubs, diamonds, spades; A 10 K Q J 9 8 7 within a suit.
    assert opened.cards("A") == ["KH", "9H", "KS", "JS", "9S"]
    assert opened.cards("A", "table") == ["JD", "QS"]
    assert opened.cards("B") == ["AH", "QH", "9C", "7C", "8D"]
    assert opened.cards("B", "table") == ["KC", "QC"]
    assert (opened.score("A"), opened.score("B")) == ("40", "30")
    assert opened.text("#event-text") == "A declares bezique QS JD 40?"
    finding = opened.text("#findings-now")
    assert "A411" in finding and "Portland Club law 51" in finding and "Scores: A -10" in finding
    # The public view hides the hands but not the declared cards.
    page.click("#show-hands")
    assert opened.cards("A") == ["hidden"] * 5
    assert opened.cards("A", "table") == ["JD", "QS"]
    page.click("#show-hands")
    page.keyboard.press("ArrowLeft")
    assert opened.eval("location.hash") == "#d1s15"
    page.keyboard.press("End")
    assert opened.text("#step-label") == "Step 19 of 19 · trick 3"
    page.screenshot(path=str(tmp_path / "two-pack-step19.png"), full_page=True)
    opened.assert_clean()


def test_a_link_opens_at_a_trick_and_the_slider_moves(browser: Browser, tmp_path: Path) -> None:
    opened = Opened(browser, rubicon_replay(), tmp_path, "#d1t2")
    # Trick 2 starts at step 7: A leads the 7 of diamonds.
    assert opened.text("#step-label") == "Step 7 of 12 · trick 2"
    assert opened.eval("location.hash") == "#d1s7"
    # B's hand is partly unknown: the record names four of nine cards.
    assert opened.cards("B").count("?") == 6
    opened.page.fill("#slider", "3")
    assert opened.text("#step-label") == "Step 3 of 12 · trick 1"
    assert opened.text("#trump") == "Trumpsnot yet"
    opened.page.keyboard.press("ArrowRight")
    assert opened.text("#trump") == "Trumps spades"
    assert opened.text("#comments") == "The first marriage makes spades trumps"
    opened.page.set_viewport_size({"width": 390, "height": 844})
    opened.page.screenshot(path=str(tmp_path / "rubicon-phone.png"), full_page=True)
    opened.assert_clean()


def test_hostile_name_and_comment_are_shown_as_text(browser: Browser, tmp_path: Path) -> None:
    opened = Opened(browser, two_pack_replay(), tmp_path)
    assert opened.text("#title") == "Bath & <b>Open</b>"
    assert opened.text('.seat[data-seat="B"] .name').startswith(HOSTILE_NAME)
    assert opened.text("#comments") == HOSTILE_COMMENT
    assert opened.text("#record-notes") == "Before the first deal: " + HOSTILE_COMMENT
    # Nothing from the record became an element.
    assert opened.eval("document.querySelectorAll('img, b, script:not([id]) ~ script').length") == 0
    assert opened.eval("document.scripts.length") == 2
    opened.assert_clean()


def test_a_full_rubicon_deal_plays_to_its_end(browser: Browser, tmp_path: Path) -> None:
    opened = Opened(browser, long_rubicon_replay(), tmp_path)
    last = opened.eval("JSON.parse(document.getElementById('replay-data').textContent)")
    steps = last["deals"][0]["steps"]
    opened.page.keyboard.press("End")
    assert opened.text("#step-label") == f"Step {len(steps) - 1} of {len(steps) - 1} · trick 64"
    # Every card has been played: both hands empty, 32 brisques in all (4 packs x 8).
    assert opened.cards("A") == [] and opened.cards("B") == []
    brisques = steps[-1]["brisques"]
    assert brisques["A"] + brisques["B"] == 32
    opened.page.keyboard.press("ArrowUp")
    assert opened.text("#step-label").endswith("· trick 64")
    opened.page.keyboard.press("ArrowUp")
    assert opened.text("#step-label").endswith("· trick 63")
    opened.assert_clean()


def test_the_controls_keep_their_place_as_the_step_label_grows(
    browser: Browser, tmp_path: Path
) -> None:
    opened = Opened(browser, long_rubicon_replay(), tmp_path)

    def toggle_box() -> Any:
        return opened.eval(
            "(() => { const r = document.querySelector('.toggle').getBoundingClientRect();"
            " return [Math.round(r.top), Math.round(r.left)]; })()"
        )

    start = toggle_box()
    assert opened.text("#step-label") == "Step 0 of " + opened.text("#step-label").split()[-1]
    opened.page.keyboard.press("End")
    assert opened.text("#step-label").endswith("· trick 64")
    assert toggle_box() == start
    # the toggle sits on the row of the step buttons
    buttons = opened.eval("Math.round(document.querySelector('#last').getBoundingClientRect().top)")
    assert abs(start[0] - buttons) < 12
    opened.assert_clean()


def _sample(name: str) -> Replay:
    record = next(iter(read_records(SAMPLES / name)))
    assert isinstance(record, Record)
    return replay(record, source=name)


def test_the_panel_and_the_end_of_a_two_pack_deal_agree(browser: Browser, tmp_path: Path) -> None:
    opened = Opened(browser, _sample("games/two-pack.bzn"), tmp_path)
    opened.page.keyboard.press("End")
    assert opened.text("#event-text") == "End of deal 1: A 110, B 220"
    # samples/games/two-pack.bzn, deal 1: "score A 110 B 220 brisques A 6 B 10"; A declared
    # 50 in play (the seven exchanged 10, the royal marriage KS QS 40), 6 brisques for 60.
    panel = '.seat[data-seat="A"] '
    assert opened.text(panel + '[data-role="score"]') == "110"
    assert opened.text(panel + '[data-role="score-label"]') == "deal score"
    assert opened.text(panel + '[data-role="brisques"]') == "50 in play + 6 brisques"
    assert opened.text('.seat[data-seat="B"] [data-role="score"]') == "220"
    settlement = opened.text("#settlement")
    assert "Scores A 110 (brisques 6), B 220 (brisques 10)." in settlement
    assert "only the game has a result" in settlement and "wins" not in settlement
    opened.page.keyboard.press("ArrowLeft")  # the last trick: points in play, brisques apart
    assert opened.text(panel + '[data-role="score-label"]') == "points"
    assert opened.text(panel + '[data-role="score"]') == "50"
    assert opened.text(panel + '[data-role="brisques"]') == "6 brisques"
    opened.assert_clean()
