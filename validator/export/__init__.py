"""Views of a replay: HTML, Markdown, JSON, YAML and the terminal.

Every view is built from one :class:`validator.replay.Replay` and never replays
the record itself, so that every view agrees with ``bezique check``.

>>> from validator.export import to_html, to_markdown, to_json, to_yaml  # doctest: +SKIP
"""

from __future__ import annotations

from validator.export.data import replay_data, to_json, to_yaml
from validator.export.html import to_html
from validator.export.markdown import to_markdown
from validator.export.terminal import render_step

FORMATS = ("html", "md", "json", "yaml")
"""The formats of ``bezique export --to``, which are also the files' extensions."""

__all__ = [
    "FORMATS",
    "render_step",
    "replay_data",
    "to_html",
    "to_json",
    "to_markdown",
    "to_yaml",
]
