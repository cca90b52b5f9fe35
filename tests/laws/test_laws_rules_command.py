"""``bezique rules``: the catalogue and the rule book from the command line."""

from __future__ import annotations

from click.testing import CliRunner

from validator.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["rules", *args])
    return result.exit_code, result.output


def test_no_argument_lists_codes_and_chapters() -> None:
    code, out = run()
    assert code == 0
    assert "    P202  error    Too many cards after the first trick  [irreg.hand-count]" in out
    assert "  Codes of laws" in out
    assert "irreg.strict-play" in out


def test_a_code_shows_rule_and_each_remedy() -> None:
    code, out = run("P202")
    assert code == 0
    assert out.startswith("P202 too-many-cards: Too many cards after the first trick (error)")
    assert "Rule irreg.hand-count:" in out
    assert "(english):" in out and "(french):" in out and "(forfeits):" in out
    assert "adds 1300" in out


def test_laws_option_shows_one_code_of_laws() -> None:
    code, out = run("W301", "--laws", "french")
    assert code == 0
    assert "(french):" in out and "(english):" not in out
    assert "void-deal" in out and "two-cards-next" in out


def test_a_rule_id_shows_the_rule_and_its_codes() -> None:
    code, out = run("irreg.strict-play")
    assert code == 0
    assert out.startswith("irreg.strict-play: In the last tricks the second player follows suit")
    assert "Finding codes: P205, P206, P207" in out


def test_unknown_id_is_a_clear_message_without_traceback() -> None:
    code, out = run("X999")
    assert code == 2  # as every command: 2 for what cannot be read or found
    assert "error: no finding code or rule 'X999'" in out
    assert "Traceback" not in out


def test_unknown_laws_is_a_clear_message() -> None:
    code, out = run("P202", "--laws", "swiss")
    assert code == 2  # the shared --laws option: a usage error
    assert "Invalid value for '--laws': unknown laws 'swiss'" in out


def test_help_has_examples() -> None:
    code, out = run("--help")
    assert code == 0
    assert "bezique rules P202" in out and "bezique rules irreg.strict-play" in out
