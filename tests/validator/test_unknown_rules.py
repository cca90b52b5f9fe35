"""A record whose Variant or Laws tag names rules the validator does not have is not replayed.

It had been judged under Rubicon and the English laws, with penalties ("A's 40 becomes 20", "the
seven of trumps does not score in rubicon") for a record of another game (audit of 7 December
2026: `[Variant "eight-pack"]`, `[Variant "two pack"]`). Under rules it was not played by, its
verdicts would be false: one R001 says why it is not judged.
"""

from __future__ import annotations

import pytest

from notation import parse_record
from validator.replay import replay

BODY = "\ndeal 1 dealer B\nturnup 7H\n1. A 7D B 9D\n  B marriage KC QC 40\n  draw B ?, A ?\n"


@pytest.mark.parametrize(
    ("tags", "line"),
    [
        ('[Variant "eight-pack"]\n', 1),
        ('[Variant "two pack"]\n', 1),
        ('[Variant "two-pack"]\n[Laws "fench"]\n', 2),  # at the tag at fault (audit 13)
    ],
)
def test_unknown_rules_are_one_r001_and_no_replay(tags: str, line: int) -> None:
    result = replay(parse_record(tags + BODY), steps=False)
    found = result.all_findings()
    assert [(f.code, f.location.line) for f in found] == [("R001", line)]
    assert "the record is not replayed" in found[0].message
    assert result.deals == ()


def test_known_rules_are_replayed() -> None:
    # the same record as the two-pack game: the marriage of clubs is 20, not 40 (A411)
    result = replay(parse_record('[Variant "two-pack"]\n' + BODY), steps=False)
    assert [f.code for f in result.all_findings()] == ["A411"]
