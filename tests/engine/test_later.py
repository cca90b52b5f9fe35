"""The ways of a declaration are merged by what the seat's *later* declarations can see.

A declaration's own cards are judged under everything ahead, itself included; once it is
read, two ways that differ only in marks no declaration after it can see make readings that
allow the same futures. Worked by hand below (rubicon-bezique-laws.txt, Declarations and
Re-forming Combinations: four kings score again when they hold a king new to kings).
"""

from __future__ import annotations

from notation.cards import Card
from validator.engine.copies import Copy
from validator.engine.holding import Holding
from validator.engine.melds import meld_ways
from validator.engine.reading import Reading
from validator.engine.relevance import Foresight
from validator.engine.ruleset import load_ruleset

KH, QH = Card.parse("KH"), Card.parse("QH")
KINGS = tuple(Card.parse(t) for t in ("KH", "KS", "KD", "KC"))
MARRIAGE = (KH, QH)


def _foresight() -> Foresight:
    """A to declare four kings, then a marriage of hearts; nothing else ahead."""
    return Foresight([("A", "kings", KINGS), ("A", "marriage", MARRIAGE)])


def _kings_ways(table: list[Copy], after: bool) -> list[tuple[tuple[int, ...], int]]:
    """A (four cards unseen, this table) declares four kings with a marriage of hearts ahead:
    the ways read, as (tabled copies taken, cards from the unseen ones), sorted; merged by
    what the later declarations see (``after``) or by what the kings see too. Every way must
    be sound."""
    holding = Holding({}, 4)
    holding.table = table
    reading = Reading({"A": holding, "B": Holding({}, 0)}, {KH: len(table)})
    foresight = _foresight()
    later = foresight.after("A", [("kings", KINGS)]) if after else None
    found, truncated = meld_ways(
        reading,
        "A",
        "kings",
        KINGS,
        load_ruleset("rubicon"),
        dict.fromkeys((*KINGS, QH), 4),
        False,
        True,
        foresight.of("A"),
        False,
        later,
    )
    assert not truncated
    assert all(not w.faults for w in found)
    return sorted(
        (tuple(c.uid for c in w.way.from_table), sum(n for _, n in w.way.from_unseen))
        for w in found
    )


def test_after_is_what_is_seen_once_the_line_has_passed() -> None:
    foresight = _foresight()
    before = foresight.of("A")
    after = foresight.after("A", [("kings", KINGS)])
    assert before.kinds == {"kings", "marriage"}
    assert after.kinds == {"marriage"}
    assert foresight.of("A") is before  # asking changes nothing ahead
    foresight.passed("A", [("kings", KINGS)])
    assert foresight.of("A") is after


def test_after_drops_one_of_a_combination_declared_twice() -> None:
    """Four kings declared now and again later: the later one still sees kings."""
    foresight = Foresight([("A", "kings", KINGS), ("A", "kings", KINGS)])
    assert foresight.after("A", [("kings", KINGS)]).kinds == {"kings"}


def test_ways_differing_only_in_marks_no_later_declaration_sees_are_one() -> None:
    """A's table: K♥ 1 has scored in kings and in a marriage, K♥ 2 in a marriage only; four
    cards unseen in the hand. A declares four kings, then (later) a marriage of hearts.

    The kings can take K♥ 1, K♥ 2, or a K♥ from the unseen cards, each with K♠ K♦ K♣ unseen:
    all three sound (each has a king new to kings). Judged with the kings ahead, K♥ 1 and
    K♥ 2 differ (one has scored in kings): three ways. Once the kings are read, only the
    marriage is ahead, and it sees of each K♥ only that it has married: taking K♥ 1 or K♥ 2
    leaves both marked {marriage} to its eyes, so those two ways are one; the way from the
    unseen cards leaves a K♥ new on the table and one unseen card fewer: a way of its own.
    """
    table = [Copy(KH, 1, frozenset({"kings", "marriage"})), Copy(KH, 2, frozenset({"marriage"}))]
    assert _kings_ways(table, False) == [((), 4), ((1,), 3), ((2,), 3)]
    merged = _kings_ways(table, True)
    assert len(merged) == 2
    assert merged[0] == ((), 4)
    assert merged[1] in (((1,), 3), ((2,), 3))


def test_taking_a_copy_whose_scoring_no_later_declaration_sees_is_taking_any_such() -> None:
    """A's table: K♥ 1 has scored in a marriage (marriage family, level 1), K♥ 2 in a
    marriage and a sequence (level 2), K♥ 3 in nothing; four cards unseen. A declares four
    kings, then (later) a marriage of hearts.

    The marriage sees of K♥ 1 its marriage, of K♥ 2 its marriage and its level 2 (a copy
    scored in a sequence may not serve in a marriage), so the two differ to it. But scoring
    either in four kings adds nothing it sees (it declares no kings; the kings family is not
    its own), so taking K♥ 1 or K♥ 2 leaves the same tables to its eyes: one way. Taking
    K♥ 3 marks a copy that had none (it no longer counts as a card from the hand): a way of
    its own. (Taking every king from the unseen cards is not read at all: taking the plain
    K♥ 3 instead leaves an unseen card, which allows all the laid K♥ would.) Three ways, two
    once merged.
    """
    table = [
        Copy(KH, 1, frozenset({"marriage"}), (("A", 1),)),
        Copy(KH, 2, frozenset({"marriage", "sequence"}), (("A", 2),)),
        Copy(KH, 3),
    ]
    later = _foresight().after("A", [("kings", KINGS)])
    assert later.view(table[0]) != later.view(table[1])
    assert _kings_ways(table, False) == [((1,), 3), ((2,), 3), ((3,), 3)]
    merged = _kings_ways(table, True)
    assert len(merged) == 2
    assert ((3,), 3) in merged
    assert ((1,), 3) in merged or ((2,), 3) in merged
