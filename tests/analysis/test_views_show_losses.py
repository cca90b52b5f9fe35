"""The HTML page and the Markdown sheet of an analysed record show each loss at its step."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from notation import parse_record, read_records, write_record
from notation.model import Record
from validator.analysis import analyse, annotate
from validator.export import to_html, to_json, to_markdown
from validator.replay import replay

ROOT = Path(__file__).resolve().parents[2]
# samples/games/chinese.bzn, trick 91: Alice's JD makes 2500 where AD or TD makes 2600 (worked
# by hand in test_analysis_of_records.py: Ben is rubiconed in every line and the deal turns on
# the last trick, 900 + 300 + 1300 if Alice takes it, 900 + 400 + 1300 if Ben does).
WORDS = "loses 100 against best play: 2500, where AD or TD makes 2600"


def _analysed_chinese() -> Record:
    (record,) = [
        r for r in read_records(ROOT / "samples/games/chinese.bzn") if isinstance(r, Record)
    ]
    return parse_record(write_record(annotate(record, analyse(replay(record)))))


def _steps_of_trick_91(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Alice's play to trick 91 (she follows Ben's lead there)."""
    steps: list[dict[str, Any]] = data["deals"][0]["steps"]
    return [s for s in steps if s.get("trick") == 91 and s["text"] == "A plays JD"]


def test_the_markdown_sheet_shows_the_loss_in_its_trick_row() -> None:
    sheet = to_markdown(replay(_analysed_chinese()))
    (row,) = [line for line in sheet.splitlines() if line.startswith("| 91 |")]
    assert "B A♦, A J♦ ?" in row and WORDS in row


def test_the_html_page_shows_the_loss_at_the_play() -> None:
    page = to_html(replay(_analysed_chinese()))
    block = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    (step,) = _steps_of_trick_91(data)
    assert step["glyphs"] == ["?"] and step["comments"] == [WORDS]


def test_the_data_keeps_the_comment_as_written() -> None:
    data = json.loads(to_json(replay(_analysed_chinese())))
    (step,) = _steps_of_trick_91(data)
    assert step["comments"] == ["[%eval 2500] [%loss 100] [%best 2600 AD TD]"]
