"""The rule book: chapter files checked, docs/rules.md rendered from them and kept up to date."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from validator import rulebook
from validator.engine.settlement import SettlementRules
from validator.rulebook import RulebookError, UnknownRuleError, load_rulebook, main

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "validator" / "data" / "rulebook"
RULES_MD = REPO / "docs" / "rules.md"

GOOD_RULE = {
    "id": "settle.example",
    "title": "An example",
    "text": "The text.",
    "sources": ["rubicon-bezique-laws.txt, Scoring"],
    "switch": None,
    "default": None,
    "reason": None,
}


def chapter(**changes: object) -> dict[str, object]:
    return {"chapter": "Example", "order": 10, "intro": "About.", "rules": [GOOD_RULE], **changes}


def write(folder: Path, name: str, data: object) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_docs_rules_md_is_up_to_date() -> None:
    # The repository's own chapter files, rendered, must be docs/rules.md byte for byte.
    expected = load_rulebook(SOURCE).render()
    assert RULES_MD.read_text(encoding="utf-8") == expected, (
        "docs/rules.md is stale: run python -m validator.rulebook --write"
    )


def test_bundled_rule_book_loads_with_unique_ids() -> None:
    book = load_rulebook(SOURCE)
    ids = [rule.id for rule in book.rules]
    assert len(ids) == len(set(ids))
    orders = [chapter.order for chapter in book.chapters]
    assert orders == sorted(orders)
    rule = book.rule("settle.failed-rescue")
    assert (rule.switch, rule.default, rule.chapter) == (
        "failed_rescue",
        "keep-winner-brisques",
        "Settlement",
    )
    assert any("law 61" in source for source in rule.sources)


def test_unknown_rule_is_an_error() -> None:
    with pytest.raises(UnknownRuleError, match=r"no rule 'settle\.nothing'"):
        load_rulebook(SOURCE).rule("settle.nothing")
    assert load_rulebook(SOURCE).get("settle.nothing") is None


def test_settlement_switches_are_settlement_rules_keys_with_their_defaults() -> None:
    # Every switch documented in the Settlement chapter is a key of the settlement: section,
    # and the rule book's default is the code's default.
    defaults = SettlementRules()
    names = {f.name for f in dataclasses.fields(SettlementRules)}
    book = load_rulebook(SOURCE)
    settlement_rules = [r for r in book.rules if r.chapter == "Settlement" and r.switch]
    assert {r.switch for r in settlement_rules} >= {
        "brisques_margin",
        "brisque_allowance",
        "failed_rescue",
        "tie_at_line",
        "game_value",
    }
    for rule in settlement_rules:
        assert rule.switch in names
        assert getattr(defaults, str(rule.switch)) == rule.default


def test_render_anchors_and_switches(tmp_path: Path) -> None:
    write(
        tmp_path,
        "b.yaml",
        chapter(
            chapter="Later",
            order=20,
            rules=[
                {
                    **GOOD_RULE,
                    "id": "later.one",
                    "switch": "some_switch",
                    "default": 300,
                    "reason": "The first text wins.",
                },
            ],
        ),
    )
    write(tmp_path, "a.yaml", chapter())
    (tmp_path / "_preface.md").write_text("Hand-written preface.\n", encoding="utf-8")
    text = load_rulebook(tmp_path).render()
    assert text.index("## 1. Example") < text.index("## 2. Later")
    assert '<a id="settle.example"></a>' in text
    assert "### An example (`settle.example`)" in text
    assert "Switch: `some_switch`, default `300`. Why this default: The first text wins." in text
    assert "Hand-written preface." in text
    assert "- rubicon-bezique-laws.txt, Scoring" in text


def test_a_new_chapter_appears_in_the_book(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", chapter())
    before = load_rulebook(tmp_path).render()
    write(
        tmp_path,
        "c.yaml",
        chapter(chapter="Another", order=5, rules=[{**GOOD_RULE, "id": "other.rule"}]),
    )
    after = load_rulebook(tmp_path).render()
    assert before != after
    assert after.index("Another") < after.index("## 2. Example")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], r"a\.yaml: a chapter must be a mapping"),
        (chapter(order="ten"), r"a\.yaml: order: expected a whole number"),
        ({"chapter": "X", "order": 1}, r"a\.yaml: missing key 'rules'"),
        (chapter(extra=1), r"a\.yaml: unknown key 'extra'"),
        (chapter(rules=[]), r"a\.yaml: rules: expected a non-empty list"),
        (chapter(rules=[{**GOOD_RULE, "id": "NoDots"}]), r"rules\[0\]\.id: expected a dotted"),
        (
            chapter(rules=[{k: v for k, v in GOOD_RULE.items() if k != "text"}]),
            r"rules\[0\]: missing key 'text'",
        ),
        (chapter(rules=[{**GOOD_RULE, "sources": []}]), r"\(settle\.example\)\.sources"),
        (chapter(rules=[{**GOOD_RULE, "switch": "x"}]), r"\(settle\.example\)\.reason: missing"),
        (chapter(rules=[{**GOOD_RULE, "colour": "red"}]), r"unknown key 'colour'"),
        (chapter(rules=[GOOD_RULE, GOOD_RULE]), r"rule id 'settle\.example' appears twice"),
    ],
)
def test_format_errors_name_file_and_key(tmp_path: Path, data: object, message: str) -> None:
    write(tmp_path, "a.yaml", data)
    with pytest.raises(RulebookError, match=message):
        load_rulebook(tmp_path)


def test_duplicate_id_across_files(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", chapter())
    write(tmp_path, "b.yaml", chapter(chapter="Other"))
    with pytest.raises(RulebookError, match=r"b\.yaml: rule id 'settle\.example' is also defined"):
        load_rulebook(tmp_path)


def test_switch_without_default_and_bad_yaml(tmp_path: Path) -> None:
    rule = {k: v for k, v in GOOD_RULE.items() if k != "default"}
    write(tmp_path, "a.yaml", chapter(rules=[{**rule, "switch": "x", "reason": "Why."}]))
    with pytest.raises(RulebookError, match=r"\.default: missing"):
        load_rulebook(tmp_path)
    (tmp_path / "a.yaml").write_text("chapter: [unclosed\n", encoding="utf-8")
    with pytest.raises(RulebookError, match="not valid YAML"):
        load_rulebook(tmp_path)


def test_write_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "book"
    source.mkdir()
    write(source, "a.yaml", chapter())
    output = tmp_path / "rules.md"
    args = ["--source", str(source), "--output", str(output)]
    assert main(["--check", *args]) == 1
    assert main(["--write", *args]) == 0
    assert main(["--check", *args]) == 0
    write(source, "b.yaml", chapter(chapter="Other", rules=[{**GOOD_RULE, "id": "other.x"}]))
    assert main(["--check", *args]) == 1
    assert "out of date" in capsys.readouterr().err
    write(source, "b.yaml", {"chapter": "Broken"})
    assert main(["--check", *args]) == 2
    assert "error:" in capsys.readouterr().err


def test_default_rulebook_is_the_bundled_one() -> None:
    assert rulebook.default_rulebook().rule("sitting.chouette-rotation").chapter == "Sittings"
