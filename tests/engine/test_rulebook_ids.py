"""Every rule id the engine reports is defined in the engine's rule-book chapters."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ("deal", "play", "declarations", "variants")
RULE_KEYS = {"id", "title", "text", "sources", "switch", "default", "reason"}


def chapter_rules() -> dict[str, dict[str, object]]:
    rules: dict[str, dict[str, object]] = {}
    for name in CHAPTERS:
        data = yaml.safe_load(
            (ROOT / "validator/data/rulebook" / f"{name}.yaml").read_text("utf-8")
        )
        assert set(data) == {"chapter", "order", "intro", "rules"}
        for rule in data["rules"]:
            assert set(rule) == RULE_KEYS, rule["id"]
            assert rule["sources"], rule["id"]
            if rule["switch"] is not None:
                assert rule["reason"], rule["id"]
            assert rule["id"] not in rules
            rules[rule["id"]] = rule
    return rules


def test_engine_rule_ids_are_in_the_rule_book() -> None:
    defined = chapter_rules()
    used: set[str] = set()
    for path in (ROOT / "validator/engine").rglob("*.py"):
        used.update(re.findall(r'"((?:deal|play|decl)\.[a-z-]+)"', path.read_text("utf-8")))
    assert used, "the engine reports rule ids"
    assert sorted(used - set(defined)) == []


def test_switches_named_in_the_rule_book_exist_in_the_rule_sets() -> None:
    text = (ROOT / "validator/data/rulesets/rubicon.yaml").read_text("utf-8")
    rubicon = yaml.safe_load(text)
    for rule in chapter_rules().values():
        switch = rule["switch"]
        if switch is None:
            continue
        node: object = rubicon
        for part in str(switch).split("."):
            assert isinstance(node, dict) and (part in node or part.startswith("trump-")), switch
            node = node.get(part)
