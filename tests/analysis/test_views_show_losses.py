"""The HTML page and the Markdown sheet of an analysed record show each loss at its step."""

from __future__ import annotations

import json
import re
from pathlib import Path

from notation import parse_record, read_records, write_record
from notation.model import Record
from validator.analysis import analyse, annotate
from validator.export import to_html, to_json, to_markdown
from validator.replay import replay

ROOT = Path(__file__).resolve().parents[2]
WORDS = "loses 100 against best play: 2400, where AH or AD makes 2500"


def _analysed_rubicon() -> Record:
    (record,) = [
        r for r in read_records(ROOT / "samples/games/rubicon.bzn") if isinstance(r, Record)
    ]
    return parse_record(write_record(annotate(record, analyse(replay(record)))))


def test_the_markdown_sheet_shows_the_loss_in_its_trick_row() -> None:
    sheet = to_markdown(replay(_analysed_rubicon()))
    (row,) = [line for line in sheet.splitlines() if line.startswith("| 56 |")]
    assert "A A♣ ?" in row and WORDS in row


def test_the_html_page_shows_the_loss_at_the_play() -> None:
    page = to_html(replay(_analysed_rubicon()))
    block = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S)
    assert block is not None
    data = json.loads(block.group(1))
    (step,) = [s for s in data["deals"][0]["steps"] if s["text"] == "A leads AC"]
    assert step["glyphs"] == ["?"] and step["comments"] == [WORDS]


def test_the_data_keeps_the_comment_as_written() -> None:
    data = json.loads(to_json(replay(_analysed_rubicon())))
    (step,) = [s for s in data["deals"][0]["steps"] if s["text"] == "A leads AC"]
    assert step["comments"] == ["[%eval 2400] [%loss 100] [%best 2500 AH AD]"]
