"""Two records of one game, compared event by event, and merged when they agree.

Two players keep a score sheet each, and each names his own hand and the cards he drew, with a
``?`` (or nothing) for what he did not see. :func:`compare_records` aligns the two records
item by item, the tags, each deal's header, hands, stock and turn-up, every trick, play, draw,
declaration and mark, the score lines, and lists each :class:`Difference`:

- a **contradiction**: both name the fact and they disagree (a different card played, two
  different cards in one place of the stock, a hand that cannot be the other's);
- a **gap**: one names what the other leaves unknown or unwritten (his own hand, the card he
  drew, a comment). That is each side's own knowledge, not a disagreement.

:func:`merge_records` writes one record of what both agree on plus each side's own knowledge
(A's hand from A's sheet, B's from B's); it refuses, with :class:`MergeError` listing each
contradiction, when they contradict. Annotations (comments, glyphs, variations) are each
side's own: the merge keeps both, the first record's first.

The alignment is by position (the n-th deal, trick and play of each), and, within the events
after a trick, by kind and seat: a declaration written by one side only is a gap; the same
draws written in another order is a contradiction.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, TypeVar

from notation.cards import Card
from notation.model import (
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Event,
    Hand,
    Mark,
    Play,
    Pos,
    Record,
    Stock,
    Tag,
    Trick,
    Variation,
)

CONTRADICTION: Final = "contradiction"
GAP: Final = "gap"
UNKNOWN_TAG_VALUES: Final = frozenset({"", "?", "*"})
"""Tag values that say nothing (the PGN convention): a tag holding one is a gap, not a fact."""

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Difference:
    """One place where the two records differ.

    ``kind`` is :data:`CONTRADICTION` or :data:`GAP`; ``where`` names the place (``deal 1,
    trick 3, play 2``); ``a`` and ``b`` are each side's text there (``None``: nothing written);
    ``pos_a`` and ``pos_b`` where each side wrote it, or the nearest item that holds it.
    """

    kind: str
    where: str
    a: str | None
    b: str | None
    pos_a: Pos | None
    pos_b: Pos | None

    @property
    def contradicts(self) -> bool:
        return self.kind == CONTRADICTION

    def line(self, name_a: str = "A", name_b: str = "B") -> str:
        """``a.bzn:12:4: b.bzn:12:4: deal 1, trick 3, play 2: a.bzn has B 9C, b.bzn B 9H``."""
        places = f"{_at(name_a, self.pos_a)}: {_at(name_b, self.pos_b)}"
        if self.kind == CONTRADICTION:
            said = f"{name_a} has {_said(self.a)}, {name_b} {_said(self.b)}"
        elif self.a is not None and self.b is None:
            said = f"only {name_a} writes {_said(self.a)}"
        elif self.b is not None and self.a is None:
            said = f"only {name_b} writes {_said(self.b)}"
        else:
            said = f"{name_a} has {_said(self.a)}, {name_b} {_said(self.b)} (merged)"
        return f"{places}: {self.where}: {said}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "where": self.where,
            "a": self.a,
            "b": self.b,
            "pos_a": None if self.pos_a is None else list(self.pos_a),
            "pos_b": None if self.pos_b is None else list(self.pos_b),
        }


def _at(name: str, pos: Pos | None) -> str:
    return f"{name}:{pos.line}:{pos.column}" if pos is not None else name


def _said(text: str | None) -> str:
    return "nothing" if text is None else text


@dataclass(frozen=True, slots=True)
class Comparison:
    """The differences between two records, and their merge when nothing contradicts."""

    differences: tuple[Difference, ...]
    merged: Record | None

    @property
    def contradictions(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.kind == CONTRADICTION)

    @property
    def gaps(self) -> tuple[Difference, ...]:
        return tuple(d for d in self.differences if d.kind == GAP)

    @property
    def agree(self) -> bool:
        """Whether nothing contradicts (each side may still know what the other does not)."""
        return not self.contradictions


class MergeError(ValueError):
    """The records contradict each other: ``contradictions`` lists each disagreement."""

    def __init__(self, contradictions: Sequence[Difference]) -> None:
        self.contradictions = tuple(contradictions)
        super().__init__(
            f"the records contradict each other in {len(self.contradictions)} place(s): "
            + "; ".join(f"{d.where}: {_said(d.a)} v {_said(d.b)}" for d in self.contradictions)
        )


def compare_records(a: Record, b: Record) -> Comparison:
    """Every difference between records ``a`` and ``b`` of one game, and their merge."""
    merger = _Merger()
    merged = merger.record(a, b)
    found = tuple(merger.found)
    return Comparison(found, None if any(d.contradicts for d in found) else merged)


def merge_records(a: Record, b: Record) -> Record:
    """One record of what ``a`` and ``b`` agree on plus what each alone names; raises
    :class:`MergeError` when they contradict each other."""
    comparison = compare_records(a, b)
    if comparison.merged is None:
        raise MergeError(comparison.contradictions)
    return comparison.merged


def _text(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join("?" if c is None else str(c) for c in value)
    return str(value)


def _union(a: Sequence[_T], b: Sequence[_T]) -> tuple[_T, ...]:
    """``a``, then what of ``b`` is not in it: each side's annotations, kept once."""
    return (*a, *(item for item in b if item not in a))


class _Merger:
    """Walks two records side by side, building the merge and collecting the differences."""

    def __init__(self) -> None:
        self.found: list[Difference] = []

    # ------------------------------------------------------------------ noting
    def note(
        self,
        kind: str,
        where: str,
        a: object,
        b: object,
        pos_a: Pos | None,
        pos_b: Pos | None,
    ) -> None:
        self.found.append(
            Difference(
                kind,
                where,
                None if a is None else _text(a),
                None if b is None else _text(b),
                pos_a,
                pos_b,
            )
        )

    def same(
        self, where: str, a: _T | None, b: _T | None, pos_a: Pos | None, pos_b: Pos | None
    ) -> _T | None:
        """A value both may name: equal, or named by one (a gap), or a contradiction."""
        if a == b:
            return a
        if a is None or b is None:
            self.note(GAP, where, a, b, pos_a, pos_b)
            return a if a is not None else b
        self.note(CONTRADICTION, where, a, b, pos_a, pos_b)
        return a

    # ------------------------------------------------------------------ the record
    def record(self, a: Record, b: Record) -> Record:
        tags = self.tags(a, b)
        events = self.events("before the first deal", a.events, b.events, a.pos, b.pos)
        deals: list[Deal] = []
        for index in range(max(len(a.deals), len(b.deals))):
            da = a.deals[index] if index < len(a.deals) else None
            db = b.deals[index] if index < len(b.deals) else None
            if da is None or db is None:
                only = da if da is not None else db
                assert only is not None
                self.note(
                    GAP,
                    f"deal {only.number}",
                    f"deal {only.number}" if da is not None else None,
                    f"deal {only.number}" if db is not None else None,
                    da.pos if da is not None else _last_pos(a),
                    db.pos if db is not None else _last_pos(b),
                )
                deals.append(only)
                continue
            deals.append(self.deal(da, db))
        kept = tuple(e for e in events if isinstance(e, Mark | Comment))
        return Record(tags=tags, deals=tuple(deals), events=kept, source=a.source, pos=a.pos)

    def tags(self, a: Record, b: Record) -> tuple[Tag, ...]:
        first_b: dict[str, Tag] = {}
        for tag in b.tags:
            first_b.setdefault(tag.name, tag)
        out: list[Tag] = []
        seen: set[str] = set()
        for tag in a.tags:
            other = first_b.get(tag.name) if tag.name not in seen else None
            seen.add(tag.name)
            if other is None:
                out.append(tag)
                if tag.name not in first_b and tag.value.strip() not in UNKNOWN_TAG_VALUES:
                    self.note(GAP, f"tag {tag.name}", str(tag), None, tag.pos, b.pos)
                continue
            known_a = tag.value.strip() not in UNKNOWN_TAG_VALUES
            known_b = other.value.strip() not in UNKNOWN_TAG_VALUES
            if tag.value == other.value or not known_b:
                out.append(tag)
                if known_a and not known_b:
                    self.note(GAP, f"tag {tag.name}", str(tag), str(other), tag.pos, other.pos)
            elif not known_a:
                out.append(other)
                self.note(GAP, f"tag {tag.name}", str(tag), str(other), tag.pos, other.pos)
            else:
                out.append(tag)
                self.note(
                    CONTRADICTION, f"tag {tag.name}", str(tag), str(other), tag.pos, other.pos
                )
        for tag in b.tags:
            if tag.name not in seen:
                seen.add(tag.name)
                out.append(tag)
                if tag.value.strip() not in UNKNOWN_TAG_VALUES:
                    self.note(GAP, f"tag {tag.name}", None, str(tag), a.pos, tag.pos)
        return tuple(out)

    # ------------------------------------------------------------------ a deal
    def deal(self, a: Deal, b: Deal) -> Deal:
        where = f"deal {a.number}"
        if a.number != b.number:
            self.note(CONTRADICTION, "the deal's number", a.number, b.number, a.pos, b.pos)
        if a.dealer != b.dealer:
            self.note(CONTRADICTION, f"{where}, the dealer", a.dealer, b.dealer, a.pos, b.pos)
        cut = self.same(f"{where}, the cut", a.cut or None, b.cut or None, a.pos, b.pos) or ()
        hands = self.hands(where, a, b)
        stock = self.stock(where, a, b)
        turnup = self.same(f"{where}, the turn-up", a.turnup, b.turnup, a.pos, b.pos)
        events = self.events(where, a.events, b.events, a.pos, b.pos)
        tricks: list[Trick] = []
        for index in range(max(len(a.tricks), len(b.tricks))):
            ta = a.tricks[index] if index < len(a.tricks) else None
            tb = b.tricks[index] if index < len(b.tricks) else None
            if ta is None or tb is None:
                only = ta if ta is not None else tb
                assert only is not None
                self.note(
                    GAP,
                    f"{where}, trick {only.number}",
                    _trick_text(only) if ta is not None else None,
                    _trick_text(only) if tb is not None else None,
                    ta.pos if ta is not None else _deal_end(a),
                    tb.pos if tb is not None else _deal_end(b),
                )
                tricks.append(only)
                continue
            tricks.append(self.trick(where, ta, tb))
        score = self.score(where, a, b)
        return Deal(
            number=a.number,
            dealer=a.dealer,
            cut=cut,
            hands=hands,
            stock=stock,
            turnup=turnup,
            events=events,
            tricks=tuple(tricks),
            score=score,
            comments=_union(a.comments, b.comments),
            turnup_comments=_union(a.turnup_comments, b.turnup_comments),
            pos=a.pos,
        )

    def hands(self, where: str, a: Deal, b: Deal) -> tuple[Hand, ...]:
        seats = list(dict.fromkeys([h.seat for h in a.hands] + [h.seat for h in b.hands]))
        out: list[Hand] = []
        for seat in seats:
            ha, hb = a.hand(seat), b.hand(seat)
            merged = self.hand(f"{where}, hand {seat}", ha, hb, a.pos, b.pos)
            out.append(merged)
        return tuple(out)

    def hand(
        self, where: str, a: Hand | None, b: Hand | None, deal_a: Pos | None, deal_b: Pos | None
    ) -> Hand:
        pos_a = a.pos if a is not None else deal_a
        pos_b = b.pos if b is not None else deal_b
        if a is None or b is None:
            only = a if a is not None else b
            assert only is not None
            if any(c is not None for c in only.cards):
                self.note(GAP, where, _hand_text(a), _hand_text(b), pos_a, pos_b)
            return only
        comments = _union(a.comments, b.comments)
        if a.cards == b.cards and a.more == b.more:
            return replace(a, comments=comments)
        named_a = Counter(c for c in a.cards if c is not None)
        named_b = Counter(c for c in b.cards if c is not None)
        size = _size(a, b)
        union = named_a | named_b
        if size is None or union.total() > size:
            self.note(CONTRADICTION, where, _hand_text(a), _hand_text(b), pos_a, pos_b)
            return a
        cards: tuple[Card | None, ...]
        if union == named_a and len(a.cards) == size:
            cards = a.cards  # a names all that b does: a's hand as written
        elif union == named_b and len(b.cards) == size:
            cards = b.cards
        else:
            order = [c for c in a.cards if c is not None]
            extra = union - named_a
            for card in b.cards:
                if card is not None and extra[card] > 0:
                    order.append(card)
                    extra[card] -= 1
            cards = (*order, *([None] * (size - len(order))))
        if named_a != named_b:
            self.note(GAP, where, _hand_text(a), _hand_text(b), pos_a, pos_b)
        return Hand(a.seat, cards, a.more and b.more, comments, a.pos)

    def stock(self, where: str, a: Deal, b: Deal) -> Stock | None:
        where = f"{where}, the stock"
        sa, sb = a.stock, b.stock
        if sa is None or sb is None:
            only = sa if sa is not None else sb
            if only is not None and any(c is not None for c in only.cards):
                self.note(
                    GAP,
                    where,
                    None if sa is None else "stock",
                    None if sb is None else "stock",
                    sa.pos if sa is not None else a.pos,
                    sb.pos if sb is not None else b.pos,
                )
            return only
        comments = _union(sa.comments, sb.comments)
        if sa.cards == sb.cards and sa.more == sb.more:
            return replace(sa, comments=comments)
        length = max(len(sa.cards), len(sb.cards))
        if (len(sa.cards) != length and not sa.more) or (len(sb.cards) != length and not sb.more):
            self.note(
                CONTRADICTION,
                f"{where}, its size",
                f"{len(sa.cards)} cards" + (" ..." if sa.more else ""),
                f"{len(sb.cards)} cards" + (" ..." if sb.more else ""),
                sa.pos,
                sb.pos,
            )
            return sa
        cards: list[Card | None] = []
        gaps = 0
        for index in range(length):
            ca = sa.cards[index] if index < len(sa.cards) else None
            cb = sb.cards[index] if index < len(sb.cards) else None
            if ca is not None and cb is not None and ca != cb:
                self.note(CONTRADICTION, f"{where}, card {index + 1}", ca, cb, sa.pos, sb.pos)
            if (ca is None) != (cb is None) or index >= min(len(sa.cards), len(sb.cards)):
                gaps += 1
            cards.append(ca if ca is not None else cb)
        if gaps:
            self.note(
                GAP,
                where,
                f"{sum(c is not None for c in sa.cards)} cards named",
                f"{sum(c is not None for c in sb.cards)} cards named",
                sa.pos,
                sb.pos,
            )
        return Stock(tuple(cards), sa.more and sb.more, comments, sa.pos)

    def score(self, where: str, a: Deal, b: Deal) -> DealScore | None:
        sa, sb = a.score, b.score
        if sa is None or sb is None:
            only = sa if sa is not None else sb
            if only is not None:
                self.note(
                    GAP,
                    f"{where}, the score",
                    None if sa is None else "score",
                    None if sb is None else "score",
                    sa.pos if sa is not None else _deal_end(a),
                    sb.pos if sb is not None else _deal_end(b),
                )
            return only
        if sa == sb:
            return sa
        parts = {}
        for name in ("scores", "brisques", "totals"):
            va, vb = dict(getattr(sa, name)), dict(getattr(sb, name))
            merged: dict[str, int] = {}
            for seat in dict.fromkeys([*va, *vb]):
                at = f"{where}, {name} {seat}"
                value = self.same(at, va.get(seat), vb.get(seat), sa.pos, sb.pos)
                if value is not None:
                    merged[seat] = value
            parts[name] = tuple(merged.items())
        return DealScore(
            scores=parts["scores"],
            brisques=parts["brisques"],
            totals=parts["totals"],
            comments=_union(sa.comments, sb.comments),
            has_score_line=sa.has_score_line or sb.has_score_line,
            pos=sa.pos,
        )

    # ------------------------------------------------------------------ a trick
    def trick(self, where: str, a: Trick, b: Trick) -> Trick:
        here = f"{where}, trick {a.number}"
        if a.number != b.number:
            self.note(CONTRADICTION, f"{where}, a trick's number", a.number, b.number, a.pos, b.pos)
        plays: list[Play] = []
        for index in range(max(len(a.plays), len(b.plays))):
            pa = a.plays[index] if index < len(a.plays) else None
            pb = b.plays[index] if index < len(b.plays) else None
            at = f"{here}, play {index + 1}"
            if pa is None or pb is None:
                only = pa if pa is not None else pb
                assert only is not None
                self.note(
                    GAP,
                    at,
                    None if pa is None else _play_text(pa),
                    None if pb is None else _play_text(pb),
                    pa.pos if pa is not None else a.pos,
                    pb.pos if pb is not None else b.pos,
                )
                plays.append(only)
                continue
            plays.append(self.play(at, pa, pb))
        events = self.events(here, a.events, b.events, a.pos, b.pos)
        return Trick(a.number, tuple(plays), events, _union(a.comments, b.comments), a.pos)

    def play(self, where: str, a: Play, b: Play) -> Play:
        if (a.seat, a.card) != (b.seat, b.card):
            self.note(CONTRADICTION, where, _play_text(a), _play_text(b), a.pos, b.pos)
            return a
        marks = a.marks
        if a.marks != b.marks:
            if a.marks and b.marks:
                self.note(CONTRADICTION, f"{where}, its marks", str(a), str(b), a.pos, b.pos)
            else:
                marks = a.marks or b.marks
                self.note(GAP, f"{where}, its marks", str(a), str(b), a.pos, b.pos)
        return Play(
            a.seat,
            a.card,
            marks,
            _union(a.glyphs, b.glyphs),
            _union(a.comments, b.comments),
            a.pos,
        )

    # ------------------------------------------------------------------ the events
    def events(
        self,
        where: str,
        a: Sequence[Event],
        b: Sequence[Event],
        pos_a: Pos | None,
        pos_b: Pos | None,
    ) -> tuple[Event, ...]:
        """The events after a trick (or before the first), aligned by kind and seat."""
        facts_a, notes_a = _split(a)
        facts_b, notes_b = _split(b)
        keys_a = [_key(e) for e in facts_a]
        keys_b = [_key(e) for e in facts_b]
        out: list[Event] = [*notes_a[0], *(n for n in notes_b[0] if n not in notes_a[0])]

        def after(side: int, index: int) -> list[Event]:
            return (notes_a if side == 0 else notes_b)[index + 1]

        def emit(event: Event, na: list[Event], nb: list[Event]) -> None:
            out.append(event)
            out.extend(na)
            out.extend(n for n in nb if n not in na)

        matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                    merged = self.event(where, facts_a[i], facts_b[j])
                    emit(merged, after(0, i), after(1, j))
                continue
            for i in range(i1, i2):
                self.lone(where, facts_a[i], keys_b, 0, pos_b)
                emit(facts_a[i], after(0, i), [])
            for j in range(j1, j2):
                self.lone(where, facts_b[j], keys_a, 1, pos_a)
                emit(facts_b[j], [], after(1, j))
        return tuple(out)

    def lone(
        self,
        where: str,
        event: Event,
        other_keys: list[tuple[str, ...]],
        side: int,
        other: Pos | None,
    ) -> None:
        """An event one side writes and the other does not: the other's own silence (a gap),
        or, when the other writes such an event elsewhere, the same events in another order."""
        kind = CONTRADICTION if _key(event) in other_keys else GAP
        text = _event_text(event)
        if side == 0:
            self.note(kind, f"{where}, {_name(event)}", text, None, event.pos, other)
        else:
            self.note(kind, f"{where}, {_name(event)}", None, text, other, event.pos)

    def event(self, where: str, a: Event, b: Event) -> Event:
        at = f"{where}, {_name(a)}"
        if isinstance(a, Draw) and isinstance(b, Draw):
            return self.draw(at, a, b)
        if isinstance(a, Declaration) and isinstance(b, Declaration):
            same = (a.kind, a.cards, a.score, a.carried, a.fresh) == (
                b.kind,
                b.cards,
                b.score,
                b.carried,
                b.fresh,
            )
            if not same:
                self.note(CONTRADICTION, at, _event_text(a), _event_text(b), a.pos, b.pos)
                return a
            return replace(
                a, glyphs=_union(a.glyphs, b.glyphs), comments=_union(a.comments, b.comments)
            )
        if isinstance(a, Mark) and isinstance(b, Mark):
            if replace(a, comments=()) != replace(b, comments=()):
                self.note(CONTRADICTION, at, _event_text(a), _event_text(b), a.pos, b.pos)
                return a
            return replace(a, comments=_union(a.comments, b.comments))
        raise AssertionError(f"events aligned by kind differ in kind: {a!r}, {b!r}")

    def draw(self, where: str, a: Draw, b: Draw) -> Draw:
        comments = _union(a.comments, b.comments)
        if a.cards == b.cards:
            return replace(a, comments=comments)
        if len(a.cards) != len(b.cards):
            self.note(CONTRADICTION, where, _event_text(a), _event_text(b), a.pos, b.pos)
            return a
        cards: list[Card | None] = []
        for ca, cb in zip(a.cards, b.cards, strict=True):
            if ca is not None and cb is not None and ca != cb:
                self.note(CONTRADICTION, where, _event_text(a), _event_text(b), a.pos, b.pos)
                return a
            cards.append(ca if ca is not None else cb)
        self.note(GAP, where, _event_text(a), _event_text(b), a.pos, b.pos)
        return Draw(a.seat, tuple(cards), comments, a.pos)


# ---------------------------------------------------------------------- helpers


def _split(events: Sequence[Event]) -> tuple[list[Event], list[list[Event]]]:
    """The facts (draws, declarations, marks) and, for each, the annotations after it; the
    annotations before the first fact come first (``notes[0]``)."""
    facts: list[Event] = []
    notes: list[list[Event]] = [[]]
    for event in events:
        if isinstance(event, Comment | Variation):
            notes[-1].append(event)
        else:
            facts.append(event)
            notes.append([])
    return facts, notes


def _key(event: Event) -> tuple[str, ...]:
    if isinstance(event, Draw):
        return ("draw", event.seat)
    if isinstance(event, Declaration):
        return ("declaration", event.seat)
    if isinstance(event, Mark):
        return ("mark", event.code)
    return ("note",)


def _name(event: Event) -> str:
    if isinstance(event, Draw):
        return f"{event.seat}'s draw"
    if isinstance(event, Declaration):
        return f"{event.seat}'s declaration"
    if isinstance(event, Mark):
        return f"mark ^{event.code}"
    return "a note"


def _event_text(event: Event) -> str:
    if isinstance(event, Draw):
        return f"draw {event.seat} {_text(event.cards)}"
    if isinstance(event, Declaration):
        return str(replace(event, glyphs=(), comments=()))
    if isinstance(event, Mark):
        return str(replace(event, comments=()))
    return str(event)


def _play_text(play: Play) -> str:
    return f"{play.seat} {play.card}" + "".join("^" + m for m in play.marks)


def _trick_text(trick: Trick) -> str:
    return f"{trick.number}. " + " ".join(_play_text(p) for p in trick.plays)


def _hand_text(hand: Hand | None) -> str | None:
    if hand is None:
        return None
    return str(replace(hand, comments=()))


def _size(a: Hand, b: Hand) -> int | None:
    """The hand's size both can agree on, or ``None`` when they cannot (two sizes)."""
    if not a.more and not b.more:
        return len(a.cards) if len(a.cards) == len(b.cards) else None
    if a.more and b.more:
        return max(len(a.cards), len(b.cards))
    fixed, open_ = (a, b) if not a.more else (b, a)
    return len(fixed.cards) if len(open_.cards) <= len(fixed.cards) else None


def _last_pos(record: Record) -> Pos | None:
    return record.deals[-1].pos if record.deals else record.pos


def _deal_end(deal: Deal) -> Pos | None:
    if deal.score is not None and deal.score.pos is not None:
        return deal.score.pos
    return deal.tricks[-1].pos if deal.tricks else deal.pos
