"""What every view shows beside the steps: the record's own comments and what a deal is worth.

The replay's steps carry the comments written after an event. Some comments are not on any
step: those before the first deal and those on the tag lines (the record's), and those on a
deal's ``hand``, ``stock`` and ``turnup`` lines. Every view takes them from here, so that no
view loses a comment the others show.

Whether a deal's settlement is a result of its own depends on the game: in Rubicon and the
Chinese (six-pack) game one deal is the game, and the deal's winner and value are the game's;
in a game played to a target over several deals (the two-pack and three-handed games), a
deal only adds to the totals. :func:`deal_is_game` says which.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from notation.model import Comment

if TYPE_CHECKING:
    from notation.model import Deal
    from validator.replay import Replay


def record_comments(replay: Replay) -> tuple[str, ...]:
    """The comments before the first deal, the tag lines' included, in record order.

    ``;`` comments on consecutive lines are one note written over several lines, and come
    back as one text.
    """
    notes: list[str] = []
    previous: Comment | None = None
    for event in replay.record.events:
        if not isinstance(event, Comment):
            previous = None
            continue
        if previous is not None and _continues(previous, event):
            notes[-1] = f"{notes[-1]} {event.text}".strip()
        else:
            notes.append(event.text)
        previous = event
    return tuple(notes)


def _continues(previous: Comment, comment: Comment) -> bool:
    """Whether ``comment`` is a ``;`` comment on the line after the ``;`` comment before it."""
    if not (previous.line and comment.line) or previous.pos is None or comment.pos is None:
        return False
    return comment.pos.line == previous.pos.line + 1


def _record_deal(replay: Replay, deal_index: int) -> Deal | None:
    deals = replay.record.deals
    number = replay.deals[deal_index].number
    if deal_index < len(deals) and deals[deal_index].number == number:
        return deals[deal_index]
    return next((deal for deal in deals if deal.number == number), None)


def deal_notes(replay: Replay, deal_index: int) -> tuple[str, ...]:
    """The comments on a deal's hand, stock and turn-up lines, each saying which line it is on.

    The comments on the ``deal`` line itself are the first step's already.
    """
    deal = _record_deal(replay, deal_index)
    if deal is None:
        return ()
    notes = [f"{hand.seat}'s hand: {c.text}" for hand in deal.hands for c in hand.comments]
    if deal.stock is not None:
        notes.extend(f"stock: {c.text}" for c in deal.stock.comments)
    notes.extend(f"turn-up: {c.text}" for c in deal.turnup_comments)
    return tuple(notes)


def shown_comment(text: str) -> str:
    """A comment as a view shows it: the commands of an analysis (``{[%eval 2500] [%loss 100]
    [%best 2600 AD TD]}``, docs/analysis.md) in words, any other comment as written."""
    from validator.analysis.commands import in_words

    return in_words(text) or text


def step_comments(replay: Replay, deal_index: int, position: int) -> tuple[str, ...]:
    """The comments a view shows at a step: the step's own, and at the first step the deal's."""
    step = replay.deals[deal_index].steps[position]
    comments = tuple(shown_comment(text) for text in step.comments)
    if position == 0:
        return comments + deal_notes(replay, deal_index)
    return comments


@lru_cache(maxsize=64)
def settles_per_deal(variant: str) -> bool:
    """Whether a deal of ``variant`` (a rule set's name or file) is a game of its own."""
    from validator.engine.ruleset import load_ruleset

    try:
        rules = load_ruleset(variant)
    except (ValueError, OSError):
        return True  # a rule set that cannot be read: show what the replay computed
    kind = getattr(rules.settlement_rules, "kind", None) or rules.settlement.get("kind")
    return kind != "target"


def deal_is_game(replay: Replay) -> bool:
    """Whether each deal is a game of its own, whose winner and value are a result.

    False for a game played to a target over several deals: a deal there has scores, not a
    value of its own, and only the game's result is a result.
    """
    return settles_per_deal(replay.variant)
