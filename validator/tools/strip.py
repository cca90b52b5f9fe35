"""Stripping a record of its annotations: comments, glyphs, variations (pgn-extract's -C -N -V).

What is stripped is only annotation: the game (tags, deals, hands, stock, tricks, draws,
declarations, marks, scores) is left as it was, so the stripped record replays exactly as the
original does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Final

from notation.model import Comment, Deal, Declaration, Draw, Event, Mark, Play, Record, Trick
from notation.model import Variation as VariationNode

STRIPPABLE: Final = ("comments", "glyphs", "variations")
"""What :func:`strip_record` can take away."""


class StripError(ValueError):
    """Something :func:`strip_record` does not know how to strip."""


def check_strip(what: Iterable[str]) -> frozenset[str]:
    """The names given, checked against :data:`STRIPPABLE`."""
    names = frozenset(w.strip().lower() for w in what if w.strip())
    unknown = sorted(names - set(STRIPPABLE))
    if unknown:
        raise StripError(f"cannot strip {', '.join(unknown)}: choose among {', '.join(STRIPPABLE)}")
    return names


def strip_record(record: Record, what: Collection[str]) -> Record:
    """``record`` without the annotations named in ``what`` (see :data:`STRIPPABLE`)."""
    names = check_strip(what)
    if not names:
        return record
    return _Stripper(names).record(record)


class _Stripper:
    def __init__(self, names: frozenset[str]) -> None:
        self.comments = "comments" in names
        self.glyphs = "glyphs" in names
        self.variations = "variations" in names

    def notes(self, comments: tuple[Comment, ...]) -> tuple[Comment, ...]:
        return () if self.comments else comments

    def record(self, record: Record) -> Record:
        events = tuple(e for e in record.events if not (self.comments and isinstance(e, Comment)))
        return replace(record, events=events, deals=tuple(self.deal(d) for d in record.deals))

    def deal(self, deal: Deal) -> Deal:
        return replace(
            deal,
            comments=self.notes(deal.comments),
            turnup_comments=self.notes(deal.turnup_comments),
            hands=tuple(replace(h, comments=self.notes(h.comments)) for h in deal.hands),
            stock=None
            if deal.stock is None
            else replace(deal.stock, comments=self.notes(deal.stock.comments)),
            events=self.events(deal.events),
            tricks=tuple(self.trick(t) for t in deal.tricks),
            score=None
            if deal.score is None
            else replace(deal.score, comments=self.notes(deal.score.comments)),
        )

    def trick(self, trick: Trick) -> Trick:
        return Trick(
            trick.number,
            tuple(self.play(p) for p in trick.plays),
            self.events(trick.events),
            self.notes(trick.comments),
            trick.pos,
        )

    def play(self, play: Play) -> Play:
        return replace(
            play,
            glyphs=() if self.glyphs else play.glyphs,
            comments=self.notes(play.comments),
        )

    def events(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        out: list[Event] = []
        for event in events:
            if isinstance(event, Comment):
                if not self.comments:
                    out.append(event)
            elif isinstance(event, VariationNode):
                if not self.variations:
                    out.append(
                        VariationNode(
                            self.events(event.events),
                            tuple(self.trick(t) for t in event.tricks),
                            event.pos,
                        )
                    )
            elif isinstance(event, Declaration):
                out.append(
                    replace(
                        event,
                        glyphs=() if self.glyphs else event.glyphs,
                        comments=self.notes(event.comments),
                    )
                )
            elif isinstance(event, Draw | Mark):
                out.append(replace(event, comments=self.notes(event.comments)))
            else:
                out.append(event)
        return tuple(out)
