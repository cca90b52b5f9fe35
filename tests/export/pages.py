"""The HTML page without its assets: what a person can read to judge a page.

A page inlines the viewer's stylesheet and script, the card faces (SVG symbols) and the replay
data; each is checked on its own (the assets are the files of ``validator/export/assets``
verbatim, the data equals :func:`validator.export.replay_data`). :func:`skeleton` puts a short
placeholder in their place and in the Content-Security-Policy's hashes, leaving the page's own
markup: the title, the facts, the record's notes, the controls and the tags.
"""

from __future__ import annotations

import re

_PARTS = (
    (re.compile(r"<style>.*?</style>", re.S), "<style>[viewer.css]</style>"),
    (
        re.compile(r'<script type="application/json" id="replay-data">.*?</script>', re.S),
        '<script type="application/json" id="replay-data">[replay data]</script>',
    ),
    (re.compile(r"<script>.*?</script>", re.S), "<script>[viewer.js]</script>"),
    (
        re.compile(r'<svg [^>]*class="defs".*?</svg>(?=\n<header>)', re.S),
        '<svg class="defs">[card faces]</svg>',
    ),
    (re.compile(r"sha256-[A-Za-z0-9+/=]+"), "sha256-..."),
)


def skeleton(page: str) -> str:
    """``page`` with its stylesheet, script, card faces, data and hashes left out."""
    for pattern, placeholder in _PARTS:
        page, count = pattern.subn(placeholder, page)
        assert count >= 1, f"the page has no {placeholder}"
    return page
