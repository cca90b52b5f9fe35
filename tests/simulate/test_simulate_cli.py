"""``bezique simulate`` on the command line, the corpus script, and the mutators' own rules."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from notation.cards import Card
from notation.parser import parse_records
from validator.cli import main
from validator.mutate import strict_legal
from validator.replay import replay

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_prints_records_that_check_clean() -> None:
    result = CliRunner().invoke(
        main, ["simulate", "--variant", "rubicon", "--games", "2", "--seed", "5"]
    )
    assert result.exit_code == 0, result.output
    records = parse_records(result.output)
    assert len(records) == 2
    for record in records:
        assert record.tag("Event") == "Simulated"
        assert record.tag("Variant") == "rubicon"
        assert record.tag("Laws") == "english"
        assert record.tag("A") and record.tag("B")
        assert not replay(record, steps=False).all_findings()


def test_simulate_is_reproducible_and_writes_a_file(tmp_path: Path) -> None:
    runner = CliRunner()
    args = ["simulate", "--variant", "two-pack", "--seed", "3", "--player", "random"]
    first = runner.invoke(main, args)
    target = tmp_path / "games.bzn"
    second = runner.invoke(main, [*args, "-o", str(target), "--laws", "english"])
    assert second.exit_code == 0
    assert target.read_text(encoding="utf-8") == first.output
    french = runner.invoke(main, [*args, "--laws", "french"])
    assert '[Laws "french"]' in french.output


def test_simulate_rejects_bad_options_without_a_traceback() -> None:
    runner = CliRunner()
    for args in (
        ["simulate", "--variant", "piquet"],
        ["simulate", "--variant", "rubicon", "--games", "0"],
        ["simulate", "--variant", "rubicon", "--player", "clever"],
        ["simulate", "--variant", "rubicon", "-o", "/nonexistent-folder/x.bzn"],
    ):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_corpus_script_writes_clean_small_files(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "make_corpus", ROOT / "samples" / "make_corpus.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.bzn"))
    assert [f.stem for f in files] == sorted(
        ["two-pack", "rubicon", "six-pack", "chinese", "three-handed"]
    )
    assert sum(f.stat().st_size for f in files) < 1_000_000
    for path in files:
        # the committed corpus is what the script makes
        assert path.read_text(encoding="utf-8") == (
            ROOT / "samples" / "corpus" / path.name
        ).read_text(encoding="utf-8")
        for record in parse_records(path.read_text(encoding="utf-8")):
            assert not replay(record, steps=False).all_findings(), path.name


def _hand(text: str) -> Counter[Card]:
    return Counter(Card.parse(c) for c in text.split())


def test_strict_legal_follows_the_rule_texts() -> None:
    # bezique-guide.txt, The last tricks: follow suit and win if you can; if you cannot
    # follow, trump; otherwise play anything. Hearts are trumps in these examples.
    trick = [Card.parse("9S")]
    assert strict_legal(_hand("7S KS 8H"), trick, "H") == {Card.parse("KS")}  # must win
    assert strict_legal(_hand("7S 8S 8H"), [Card.parse("TS")], "H") == {
        Card.parse("7S"),
        Card.parse("8S"),
    }  # cannot win: any card of the suit
    assert strict_legal(_hand("7C 8H AH"), trick, "H") == {Card.parse("8H"), Card.parse("AH")}
    assert strict_legal(_hand("7C 8D"), trick, "H") == {Card.parse("7C"), Card.parse("8D")}
    # a trump already played: over-trump if able (rubicon-bezique-laws.txt, Last Nine Tricks)
    three = [Card.parse("9S"), Card.parse("TH")]
    assert strict_legal(_hand("7H AH 8C"), three, "H") == {Card.parse("AH")}
    # leading: anything
    assert strict_legal(_hand("7H 8C"), [], "H") == {Card.parse("7H"), Card.parse("8C")}
