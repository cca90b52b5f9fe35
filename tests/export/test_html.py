"""The HTML page, read as text: self-contained, escaped, its data intact."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from importlib import resources

from syrupy.assertion import SnapshotAssertion

from validator.export import replay_data, to_html
from validator.export.card_svg import card_symbols
from validator.export.html import embed_json

from .fixtures import HOSTILE_COMMENT, HOSTILE_NAME, rubicon_replay, two_pack_replay
from .pages import skeleton

DATA_BLOCK = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.S)


def _script_blocks(page: str) -> list[str]:
    return re.findall(r"<script[^>]*>(.*?)</script>", page, re.S)


def test_embedded_json_cannot_close_its_script() -> None:
    text = embed_json({"c": HOSTILE_COMMENT, "n": "a & b > c"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"c": HOSTILE_COMMENT, "n": "a & b > c"}


def test_page_embeds_the_replay_data() -> None:
    replay = two_pack_replay()
    page = to_html(replay)
    blocks = DATA_BLOCK.findall(page)
    assert len(blocks) == 1
    assert json.loads(blocks[0]) == replay_data(replay)


def test_page_inlines_the_assets_verbatim() -> None:
    page = to_html(rubicon_replay())
    assets = resources.files("validator.export").joinpath("assets")
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None and style.group(1) == assets.joinpath("viewer.css").read_text()
    assert _script_blocks(page)[-1] == assets.joinpath("viewer.js").read_text()
    assert card_symbols() in page


def test_record_notes_are_in_the_header_escaped() -> None:
    page = to_html(two_pack_replay())
    notes = re.search(r'<div id="record-notes">(.*?)</div>', page, re.S)
    assert notes is not None
    assert notes.group(1) == (
        '<blockquote class="comment">Before the first deal: </blockquote>'
        f'<blockquote class="comment">{html.escape(HOSTILE_COMMENT)}</blockquote>'
    )


def test_hostile_text_never_appears_as_markup() -> None:
    page = to_html(two_pack_replay())
    # Exactly two script elements: the data block and the viewer.
    assert len(_script_blocks(page)) == 2
    assert "<script>alert" not in page and "<img" not in page and "<b>Open" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; (B)" in page
    assert '<h1 id="title">Bath &amp; &lt;b&gt;Open&lt;/b&gt;</h1>' in page
    assert HOSTILE_NAME not in page


def test_page_fetches_nothing() -> None:
    page = to_html(rubicon_replay())
    # No src= at all, and the only URL is the SVG namespace.
    assert " src=" not in page.replace("src=x", "")
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {"http://www.w3.org/2000/svg"}
    assert "<link" not in page and "@import" not in page and "url(" not in page


def test_csp_allows_only_the_pages_own_style_and_script() -> None:
    page = to_html(rubicon_replay())
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    assert csp is not None
    policy = html.unescape(csp.group(1))
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None
    script = _script_blocks(page)[-1]

    def digest(text: str) -> str:
        return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()

    assert f"script-src 'sha256-{digest(script)}'" in policy
    assert f"style-src 'sha256-{digest(style.group(1))}'" in policy
    assert policy.startswith("default-src 'none';")


def test_viewer_script_never_writes_markup() -> None:
    js = resources.files("validator.export").joinpath("assets/viewer.js").read_text("utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in js


def test_one_symbol_per_card_of_a_piquet_pack() -> None:
    page = to_html(rubicon_replay())
    faces = re.findall(r'<symbol id="c-([ATKQJ987][SHDC])"', page)
    assert len(faces) == len(set(faces)) == 32
    assert '<symbol id="c-back"' in page and '<symbol id="c-unknown"' in page
    assert len(re.findall(r'<symbol id="s-[SHDC]"', page)) == 4


def test_html_snapshot_two_pack(snapshot: SnapshotAssertion) -> None:
    # The page's own markup; its assets and data are checked above.
    assert skeleton(to_html(two_pack_replay())) == snapshot


def test_words_beside_an_eval_are_shown_on_the_page() -> None:
    """Audit 13, c15: the page had shown only 'best play: 120' at A's 9C."""
    from notation import parse_record
    from validator.replay import replay

    from .test_markdown import TRICK_COMMENT

    text = TRICK_COMMENT.replace(
        "3. {ON-TRICK-3} A 9C B 8C", "3. A 9C {[%eval 120] ANNOTATOR-WORDS} B 8C"
    )
    page = to_html(replay(parse_record(text)))
    block = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S)
    assert block is not None
    steps = json.loads(block.group(1))["deals"][0]["steps"]
    assert [(s["text"], s["comments"]) for s in steps if s["comments"]] == [
        ("A leads 9C", ["best play: 120; ANNOTATOR-WORDS"])
    ]
