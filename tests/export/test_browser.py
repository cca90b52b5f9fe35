"""The HTML export in a real browser: headless Chromium driven by Playwright.

Needs Debian's ``chromium`` (``/usr/bin/chromium``) and the ``playwright`` Python
package; Playwright's own browser download is not used. The page is opened
from a file, every request is logged, and the console must stay free of errors.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Dialog,
    Page,
    Request,
    sync_playwright,
)

from validator.export import to_html
from validator.replay import Replay

from .fixtures import (
    HOSTILE_COMMENT,
    HOSTILE_NAME,
    long_rubicon_replay,
    rubicon_replay,
    two_pack_replay,
)

CHROMIUM = "/usr/bin/chromium"
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
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: apt-get install chromium"
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
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
    assert opened.cards("B") == ["7S", "8D", "9C", "9C", "QC", "KC", "AH", "AH"]
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
    assert opened.cards("A") == ["9H", "JS", "KS", "KH", "9S"]
    assert opened.cards("A", "table") == ["QS", "JD"]
    assert opened.cards("B") == ["8D", "9C", "AH", "QH", "7C"]
    assert opened.cards("B", "table") == ["KC", "QC"]
    assert (opened.score("A"), opened.score("B")) == ("40", "30")
    assert opened.text("#event-text") == "A declares bezique QS JD 40?"
    finding = opened.text("#findings-now")
    assert "A411" in finding and "Portland Club law 51" in finding and "Scores: A -10" in finding
    # The public view hides the hands but not the declared cards.
    page.click("#show-hands")
    assert opened.cards("A") == ["hidden"] * 5
    assert opened.cards("A", "table") == ["QS", "JD"]
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
