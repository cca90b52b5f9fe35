"""The replay as one self-contained HTML page that steps through each deal.

The page holds everything it needs: the stylesheet, the script, the card faces
(SVG symbols drawn once, reused with ``<use>``) and the replay itself as JSON
in a ``<script type="application/json">`` block. It fetches nothing, so it
works offline and from a mail attachment; a Content-Security-Policy naming the
hashes of its own style and script forbids any other script and every fetch.

Escaping: the few record texts written by Python (the title, the players, the
tags) go through :func:`html.escape`; in the JSON block ``<``, ``>`` and ``&``
are written ``\\u003c``, ``\\u003e``, ``\\u0026`` so no text can close the
block; the script puts every record text in the page with ``textContent``.
"""

from __future__ import annotations

import base64
import hashlib
import json
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Any

from validator.export.card_svg import card_symbols
from validator.export.data import replay_data
from validator.export.labels import seat_label
from validator.export.notes import record_comments, shown_comment

if TYPE_CHECKING:
    from validator.replay import Replay

_JSON_ESCAPES = {ord("<"): "\\u003c", ord(">"): "\\u003e", ord("&"): "\\u0026"}


def _asset(name: str) -> str:
    return resources.files("validator.export").joinpath(f"assets/{name}").read_text("utf-8")


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def embed_json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left as such."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_JSON_ESCAPES)


def to_html(replay: Replay) -> str:
    """The replay as a complete HTML document (UTF-8 text)."""
    css = _asset("viewer.css")
    js = _asset("viewer.js")
    csp = (
        "default-src 'none'; "
        f"style-src {_csp_hash(css)}; "
        f"script-src {_csp_hash(js)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    title = replay.tags.get("Event") or replay.source or "Bézique record"
    versus = " v ".join(seat_label(seat, replay.players) for seat in replay.seats)
    facts = [versus, replay.variant, f"{replay.laws} laws"]
    for tag in ("Site", "Date", "Round"):
        if replay.tags.get(tag):
            facts.append(replay.tags[tag])
    if replay.game is not None:
        facts.append(f"result {replay.game.result}")
    tag_rows = "".join(
        f"<tr><th scope=row>{escape(name)}</th><td>{escape(value)}</td></tr>"
        for name, value in replay.tags.items()
    )
    notes = "".join(
        f'<blockquote class="comment">{escape(text)}</blockquote>'
        for text in record_comments(replay)
    )
    data = replay_data(replay)
    for deal in data["deals"]:
        for step in deal["steps"]:
            step["comments"] = [shown_comment(text) for text in step["comments"]]
    return _PAGE.format(
        csp=escape(csp),
        title=escape(title),
        css=css,
        symbols=card_symbols(),
        facts=escape(" · ".join(facts)),
        notes=notes,
        tags=tag_rows,
        data=embed_json(data),
        js=js,
    )


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name="generator" content="bezique export">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
{symbols}
<header>
<h1 id="title">{title}</h1>
<p class="facts" id="facts">{facts}</p>
<div id="record-notes">{notes}</div>
</header>
<main>
<noscript><p>The step-by-step replay needs scripts; the tags are below.</p></noscript>
<nav class="tabs" id="deal-tabs" aria-label="Deals"></nav>
<section id="viewer" aria-label="Replay">
<div class="controls">
<button type="button" id="first" aria-label="First step">&#8676; Start</button>
<button type="button" id="prev-trick" aria-label="Previous trick">&laquo; Trick</button>
<button type="button" id="prev" aria-label="Previous step">&lsaquo; Back</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="Step">
<button type="button" id="next" aria-label="Next step">Next &rsaquo;</button>
<button type="button" id="next-trick" aria-label="Next trick">Trick &raquo;</button>
<button type="button" id="last" aria-label="Last step">End &#8677;</button>
<label class="toggle"><input type="checkbox" id="show-hands" checked> Show hands</label>
</div>
<p class="status" id="step-label" aria-live="polite"></p>
<div class="board" id="board">
<div class="row" id="top-seats"></div>
<div class="centre" id="centre">
<div class="trick" id="trick" aria-label="Trick"></div>
<div class="pile trump" id="trump"></div>
<div class="pile" id="stock"></div>
</div>
<div class="row" id="bottom-seats"></div>
</div>
<div class="event" id="event">
<div id="event-text"></div>
<div id="comments"></div>
<div id="variations"></div>
<div id="findings-now"></div>
</div>
<div class="chart" id="chart"></div>
<section id="deal-findings"></section>
<section id="settlement"></section>
</section>
<section id="record-findings"></section>
<section id="game"></section>
<section id="tags"><h2>Tags</h2><table>{tags}</table></section>
</main>
<script type="application/json" id="replay-data">{data}</script>
<script>{js}</script>
</body>
</html>
"""
