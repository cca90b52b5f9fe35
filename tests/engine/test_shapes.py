"""The shape of a table (:mod:`validator.engine.shapes`) against a brute force that tries every
renaming of the copies (``shape_brute``): two copies get one label exactly when a renaming of
the table maps one onto the other, two tables one key exactly when one can be renamed into the
other. The search merges readings and copies by these; a label shared by copies that are not
interchangeable would drop a reading the record needs (the false findings of the six-pack game
under the Portland reading, where the history of which king married which queen is kept: a
queen married to a king that married twice is not like one married to a king that married
once, though both carry the same marks)."""

from __future__ import annotations

import random

import pytest
import shape_brute
from shape_brute import random_holding

from notation.cards import Card
from validator.engine import shapes
from validator.engine.copies import Copy, Group, Pending
from validator.engine.holding import Holding

KH, QH, QS, JD = (Card.parse(t) for t in ("KH", "QH", "QS", "JD"))


def _renamed(holding: Holding, rng: random.Random) -> Holding:
    """The same table with its copies' uids shuffled, in another order."""
    uids = [c.uid for c in holding.table]
    image = dict(zip(uids, rng.sample(uids, len(uids)), strict=True))
    other = Holding({}, 0)
    other.table = [Copy(c.card, image[c.uid], c.used, c.levels) for c in holding.table]
    rng.shuffle(other.table)
    other.groups = [
        Group(g.kind, frozenset(image.get(u, u) for u in g.uids), g.whole) for g in holding.groups
    ]
    other.pending = [
        Pending(p.kind, p.cards, frozenset(image[u] for u in p.uids)) for p in holding.pending
    ]
    return other


HOLDINGS = 400


def test_labels_are_shared_exactly_by_interchangeable_copies() -> None:
    rng = random.Random(7)
    pairs = alike = 0
    for _ in range(HOLDINGS):
        holding = random_holding(rng)
        shape = holding.shape(None)
        uids = [c.uid for c in holding.table]
        for i, u in enumerate(uids):
            for v in uids[i + 1 :]:
                same = shape.label(u) == shape.label(v)
                assert same == shape_brute.alike(holding, u, v), (holding.table, holding.groups)
                pairs += 1
                alike += same
    # the sample must hold both kinds of pair, or it shows nothing
    assert pairs > 1000 and 100 < alike < pairs - 100


def test_keys_are_equal_exactly_for_tables_renamed_into_one_another() -> None:
    """And equal keys have equal sketches (``Holding.sketch``, compared first)."""
    rng = random.Random(11)
    equal = 0
    for _ in range(HOLDINGS):
        one = random_holding(rng)
        renamed = _renamed(one, rng)
        assert one.shape(None).key() == renamed.shape(None).key()
        other = random_holding(rng) if rng.random() < 0.5 else _renamed(one, rng)
        if rng.random() < 0.5 and other.groups:
            # a small change: one combination turned from whole to broken or back
            index = rng.randrange(len(other.groups))
            g = other.groups[index]
            other.groups[index] = Group(g.kind, g.uids, not g.whole)
        same = one.shape(None).key() == other.shape(None).key()
        assert same == shape_brute.same_table(one, other)
        equal += same
        # the sketch is part of the key: tables it tells apart have different keys
        assert one.sketch(None) == other.sketch(None) or not same
    assert 100 < equal < HOLDINGS - 50


def test_set_labels_tell_which_copies_go_together() -> None:
    rng = random.Random(13)
    compared = 0
    for _ in range(HOLDINGS):
        holding = random_holding(rng)
        shape = holding.shape(None)
        uids = [c.uid for c in holding.table]
        if len(uids) < 3:
            continue
        sets = [set(rng.sample(uids, 2)) for _ in range(4)]
        for a in sets:
            for b in sets:
                same = shape.set_label(a) == shape.set_label(b)
                assert same == shape_brute.sets_alike(holding, a, b)
                compared += 1
    assert compared > 1000


def test_a_queen_married_to_a_king_married_twice_is_not_like_the_other() -> None:
    # The table of seed 9000134's trick 52 (six-pack, Portland reading), by hand: kings 1 and 2,
    # queens 11, 12, 13; king 1 married queen 11, king 2 married queens 12 and 13; queens 11,
    # 12 and 13 form queens with a fourth. Queens 11 and 12 carry the same marks and each is in
    # one marriage with a king marked once: one level deep they look alike. Playing queen 11
    # leaves king 1 with no whole marriage; playing queen 12 leaves king 2 one.
    qs = Card.parse("QS")
    holding = Holding({}, 0)
    both = frozenset({"marriage", "queens"})
    holding.table = [
        Copy(KH, 1, frozenset({"marriage"})),
        Copy(KH, 2, frozenset({"marriage"})),
        Copy(QH, 11, both),
        Copy(QH, 12, both),
        Copy(QH, 13, both),
        Copy(qs, 14, frozenset({"queens"})),
    ]
    holding.groups = [
        Group("marriage", frozenset({1, 11})),
        Group("marriage", frozenset({2, 12})),
        Group("marriage", frozenset({2, 13})),
        Group("queens", frozenset({11, 12, 13, 14})),
    ]
    shape = holding.shape(None)
    assert shape.label(11) != shape.label(12)
    assert shape.label(12) == shape.label(13)
    assert not shape_brute.alike(holding, 11, 12) and shape_brute.alike(holding, 12, 13)


@pytest.mark.parametrize("fresh_matters", [True, False])
def test_an_announcement_carried_keeps_its_unmarked_copy_from_counting_as_new(
    fresh_matters: bool,
) -> None:
    # Two unmarked J♦ on the table, one of them in an announcement carried that no later
    # declaration scores. A later jacks declaration uses J♦: under the Portland model the
    # carried copy does not count as a card from the hand and the free one does
    # (validator.engine.melds.model_faults), so the two are not alike there; where that
    # cannot change a ruling (fresh_matters off), they are.
    from validator.engine.relevance import Relevance

    jc = Card.parse("JC")
    holding = Holding({}, 0)
    holding.table = [Copy(JD, 1), Copy(JD, 2), Copy(jc, 3), Copy(jc, 4), Copy(jc, 5)]
    holding.pending = [Pending("jacks", (JD, jc, jc, jc), frozenset({1, 3, 4, 5}))]
    later = Relevance.of([("jacks", (JD, JD, JD, JD))], fresh_matters)
    labels = holding.describe(later)
    assert (labels[1] != labels[2]) is fresh_matters


def test_announcements_carried_get_one_label_exactly_when_interchangeable() -> None:
    rng = random.Random(17)
    compared = 0
    for _ in range(HOLDINGS * 3):
        holding = random_holding(rng)
        if len(holding.pending) < 2:
            continue
        shape = holding.shape(None)
        for p in holding.pending:
            for q in holding.pending:
                same = shape.edge_label(p) == shape.edge_label(q)
                expected = (p.kind, p.cards) == (q.kind, q.cards) and shape_brute.sets_alike(
                    holding, set(p.uids), set(q.uids)
                )
                assert same == expected
                compared += 1
    assert compared > 100


def _answers(holding: Holding) -> tuple[object, ...]:
    shape = holding.shape(None)
    uids = [c.uid for c in holding.table]
    pairs = [shape.set_label((u, v)) for i, u in enumerate(uids) for v in uids[i + 1 :]]
    return shape.key(), [shape.label(u) for u in uids], pairs


def _forget() -> None:
    for memo in (shapes._FORMS, shapes._STABLE, shapes._SET_FORMS):
        memo.clear()


def test_forms_remembered_across_shapes_are_the_forms_worked_out_afresh() -> None:
    """A component's form, colouring and set forms are remembered by its content
    (``shapes._FORMS`` and its kin): asked of many tables that share components, with the
    memos kept and with them emptied before each table, every answer is the same."""
    rng = random.Random(11)
    holdings = [random_holding(rng) for _ in range(300)]
    _forget()
    kept = [_answers(h) for h in holdings]
    components = sum(len(h.shape(None).components) for h in holdings)
    # the tables share components, so the memo was used, or the test shows nothing
    assert len(shapes._FORMS) < components // 2
    fresh = []
    for holding in holdings:
        _forget()
        fresh.append(_answers(holding))
    assert kept == fresh
