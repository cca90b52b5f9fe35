"""Loading codes of laws: the bundled ones, a club's own file, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from validator.laws import LawsError, RemedyContext, load_laws

CLUB = """\
name: bath-club
title: Bath club laws
principle: Forfeits as in the English laws, but a lead out of turn costs 20.
base: english
remedies:
  P201:
    law: "Bath club law 3"
    summary: "{offender} led out of turn: 20 to {adversary}."
    score:
      - {to: adversary, points: 20}
"""


def test_bundled_laws_load_by_name() -> None:
    assert load_laws("english").name == "english"
    assert load_laws("french").name == "french"
    forfeits = load_laws("forfeits")
    assert forfeits.base is not None and forfeits.base.name == "english"


def test_a_clubs_own_laws_are_a_file(tmp_path: Path) -> None:
    path = tmp_path / "bath.yaml"
    path.write_text(CLUB, encoding="utf-8")
    laws = load_laws(str(path))
    case = RemedyContext(offender="A", adversary="B")
    own = laws.remedy("P201", case)
    assert own is not None and own.score_changes == {"B": 20} and own.laws == "bath-club"
    assert own.summary == "A led out of turn: 20 to B."
    inherited = laws.remedy("P204", case)  # Portland law 18, from the base
    assert inherited is not None and inherited.void_deal is True
    assert load_laws(path).name == "bath-club"


def test_unknown_laws_name_is_a_clear_error() -> None:
    with pytest.raises(LawsError, match="unknown laws 'swiss': give one of english, french"):
        load_laws("swiss")


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    with pytest.raises(LawsError, match=r"nope\.yaml: cannot read the laws file"):
        load_laws(str(missing))


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        (("base: english\n", "base: english\ncolour: red\n"), "unknown key(s) colour"),
        (("  P201:", "  P2011:"), "remedies.P2011: not a finding code"),
        (("points: 20", "points: twenty"), "remedies.P201.score[0].points: expected a whole"),
        (("to: adversary", "to: bystander"), "remedies.P201.score[0].to: expected one of"),
        (('    law: "Bath club law 3"\n', ""), "remedies.P201: law: expected text"),
        (("name: bath-club\n", ""), "name: expected text"),
        (("base: english", "base: other.yaml"), "other.yaml: cannot read the laws file"),
    ],
)
def test_schema_errors_name_file_and_key(
    tmp_path: Path, replace: tuple[str, str], message: str
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(CLUB.replace(*replace), encoding="utf-8")
    with pytest.raises(LawsError) as err:
        load_laws(str(path))
    assert str(tmp_path) in str(err.value)
    assert message in str(err.value)


def test_cases_are_checked(tmp_path: Path) -> None:
    body = CLUB.split("remedies:")[0] + (
        "remedies:\n  P201:\n    cases:\n"
        "      - when: {moon: full}\n        law: x\n        summary: y\n"
    )
    path = tmp_path / "club.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(LawsError, match=r"remedies\.P201\.cases\[0\]\.when: unknown fact 'moon'"):
        load_laws(str(path))
    path.write_text(body.replace("moon: full", "challenge: in-time"), encoding="utf-8")
    with pytest.raises(LawsError, match="the last case must have no 'when'"):
        load_laws(str(path))


def test_options_need_an_elector(tmp_path: Path) -> None:
    body = CLUB.replace(
        "    score:\n      - {to: adversary, points: 20}\n",
        "    options:\n      - {id: a, summary: b}\n",
    )
    path = tmp_path / "club.yaml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(LawsError, match="options need an elector"):
        load_laws(str(path))


def test_a_base_loop_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text(CLUB.replace("base: english", "base: loop.yaml"), encoding="utf-8")
    with pytest.raises(LawsError, match="base: loops"):
        load_laws(str(path))


def test_invalid_yaml_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(LawsError, match=r"bad\.yaml: not valid YAML"):
        load_laws(str(path))


WHAT_LAWS_ARE = (
    "a laws file is a YAML mapping that gives a name, a title, a principle and remedies for "
    "finding codes, as the bundled english.yaml does"
)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("name: club\nitems: [1, 2]\n", "not a laws file: it gives no remedies"),
        ("- english\n- french\n", "not a laws file: it holds a list"),
        ("", "not a laws file: it holds nothing"),
        ("just words\n", "not a laws file: it holds a text"),
        # the first lines of a rule set: told apart, and where it belongs said
        (
            "name: club\nplayers: 2\npacks: 4\nhand_size: 9\n",
            "a rule set, not a laws file (name a rule set in a Variant tag)",
        ),
    ],
)
def test_yaml_that_is_not_a_laws_file_is_told_what_one_is(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LawsError) as caught:
        load_laws(path)
    assert str(caught.value) == f"{path}: {said}; {WHAT_LAWS_ARE}"
    assert "items" not in str(caught.value) and "hand_size" not in str(caught.value)
