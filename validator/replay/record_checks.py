"""What a record says that the replay reads but no rule judges: checked for its form.

A record is never reported clean on a line it did not read as written (docs/notation.md). The
replay reads the plays, draws and declarations through the rules; these checks cover the rest
of what a record states: the tags whose values the settlement takes as numbers (``Result``,
``Target``, ``Game``, ``Stake``: ``bezique sitting`` reads them, and ``check`` reports the
same faults), a tag name that looks like a slip for one the validator reads (``[Reslt
"A 600"]``, ``[result ...]``: such a tag is kept but not read), the numbering of the deals, the
seats of a score line, and a turn-up in a game that has none; and, in a variation (an
alternative line, not replayed), the seats and the words of its plays, draws, declarations and
marks. Each fault is R001 at its line: the record must be mended.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from difflib import get_close_matches
from typing import Final

from notation.model import Deal, Declaration, Draw, Mark, Pos, Record, Tag, Variation
from validator.engine.combinations import ALIASES, MELD_KINDS, SPECIAL_KINDS, canonical_kind
from validator.engine.settlement import SettlementRules
from validator.replay.context import RecordContext, column_of, line_of
from validator.replay.model import Finding, Location
from validator.replay.sittings import game_number, parse_stake

RESULT_WORDS = ("*", "draw", "void")
"""The Result values that name no winner: unfinished, drawn, void."""

READ_TAGS = (
    "Variant",
    "Laws",
    "HouseRules",
    "Target",
    "Result",
    "Date",
    "Sitting",
    "Game",
    "Stake",
    "Chouette",
)
"""The tags whose values the validator reads (docs/notation.md, Tags)."""

OTHER_TAGS = frozenset({"Event", "Site", "Round", "Annotator", "Stage", "Time", "Note", "Scorer"})
"""Tags kept but not read that look like one of :data:`READ_TAGS` and are not a slip."""


def record_findings(ctx: RecordContext, record: Record) -> list[Finding]:
    """The R001 findings of the record's tags and deal lines (see the module docstring)."""
    out: list[Finding] = []
    for tag, problem in _tag_problems(ctx, record.tags):
        where = Location(ctx.source, line_of(tag.pos), column_of(tag.pos))
        out.append(_finding(ctx, problem, where))
    previous: int | None = None
    for deal in record.deals:
        for problem, pos in _deal_problems(ctx, deal, previous):
            where = Location(ctx.source, line_of(pos), column_of(pos), deal.number)
            out.append(_finding(ctx, problem, where))
        previous = deal.number
    return out


def _finding(ctx: RecordContext, message: str, where: Location) -> Finding:
    return ctx.finding("R001", None, message, where, remedy=ctx.record_remedy("R001", None))


def _tag_problems(ctx: RecordContext, tags: Iterable[Tag]) -> Iterable[tuple[Tag, str]]:
    for tag in tags:
        value = tag.value.strip()
        meant = _tag_meant(tag.name)
        if meant is not None:
            yield (
                tag,
                f"the tag {tag.name!r} is kept but not read: {meant!r} is the tag the "
                f"validator reads (names are compared exactly)",
            )
        elif tag.name == "Result" and not _result_reads(value, ctx.seats):
            yield (
                tag,
                f"the Result tag {tag.value!r} is not a seat and the value of the game "
                f'("A 2400"), draw, void or *: it is not checked',
            )
        elif tag.name == "Target" and not (value.isdigit() and int(value) > 0):
            yield (
                tag,
                f"the Target tag {tag.value!r} is not a number of points: the rule set's "
                "target is used",
            )
        elif tag.name == "Target" and not _played_to_a_target(ctx):
            yield (
                tag,
                f"the Target tag {tag.value!r} has no meaning in {ctx.rules.name}: one deal "
                "decides the game, so it is not read",
            )
        elif tag.name == "Game" and not (game_number(value) or 0) > 0:
            yield tag, f"the Game tag {tag.value!r} is not a game number"
        elif tag.name == "Stake" and value and parse_stake(value) is None:
            yield (
                tag,
                f"the Stake tag {tag.value!r} is not a number (with a unit if any, 10 or 6d): "
                "the sitting is settled in hundreds, without money",
            )


def _played_to_a_target(ctx: RecordContext) -> bool:
    """Whether the game is played to a target over several deals (the two-pack and
    three-handed games), where a Target tag has a meaning."""
    parsed = ctx.rules.settlement_rules
    return isinstance(parsed, SettlementRules) and parsed.kind == "target"


def _tag_meant(name: str) -> str | None:
    """The tag of :data:`READ_TAGS` that ``name`` looks like a slip for (another case, a letter
    left out, added or swapped), or None."""
    if name in READ_TAGS or name in OTHER_TAGS or len(name) < 3:
        return None
    for known in READ_TAGS:
        if name.lower() == known.lower():
            return known
    close = get_close_matches(name.lower(), [t.lower() for t in READ_TAGS], n=1, cutoff=0.8)
    return next((t for t in READ_TAGS if close and t.lower() == close[0]), None)


KIND_WORDS: Final = (*MELD_KINDS, *SPECIAL_KINDS, *ALIASES)
"""Every word the notation has for a kind of combination."""
_KIND_WORDS: Final = frozenset(KIND_WORDS)
"""The same, to look a word up (each is read as itself by :func:`kind_meant`)."""


def kind_meant(word: str) -> str | None:
    """The kind word that ``word``, no word of the notation, is a slip for (a letter left out,
    added or swapped: ``mariage``), or None when it is a word of the notation or like none."""
    if canonical_kind(word) in KIND_WORDS:
        return None
    close = get_close_matches(word.lower(), KIND_WORDS, n=1, cutoff=0.8)
    return canonical_kind(close[0]) if close else None


def read_as_meant(decl: Declaration) -> tuple[Declaration, list[str]]:
    """The declaration with each kind word that is a slip for one of the notation's read as
    that one (``mariage`` as ``marriage``: :func:`kind_meant`), and the slips, in words."""
    if decl.kind in _KIND_WORDS and not decl.carried:
        return decl, []  # the commonest line, written as the writer writes it: no slip
    slips: list[str] = []

    def meant(word: str) -> str:
        found = kind_meant(word)
        if found is None:
            return word
        slips.append(f"{word!r} is read as {found!r}")
        return found

    kind = meant(decl.kind)
    kinds = [meant(c.kind) for c in decl.carried]
    if slips:
        carried = tuple(
            c if k == c.kind else replace(c, kind=k)
            for c, k in zip(decl.carried, kinds, strict=True)
        )
        decl = replace(decl, kind=kind, carried=carried)
    return decl, slips


def _result_reads(value: str, seats: tuple[str, ...]) -> bool:
    if value in RESULT_WORDS:
        return True
    parts = value.split()
    return len(parts) == 2 and parts[0] in seats and parts[1].isdigit()


def _deal_problems(
    ctx: RecordContext, deal: Deal, previous: int | None
) -> Iterable[tuple[str, Pos | None]]:
    """Each problem of a deal's lines, with where it is."""
    if deal.number < 1:
        yield f"deal {deal.number}: deals are numbered from 1", deal.pos
    elif previous is not None and deal.number != previous + 1:
        yield (
            f"deal {deal.number} follows deal {previous}: deal {previous + 1} comes next",
            deal.pos,
        )
    if deal.turnup is not None and not ctx.rules.turn_up:
        yield (
            f"deal {deal.number}: a turn-up ({deal.turnup}) in {ctx.rules.title}, which turns "
            "up no trump: it is not read",
            deal.pos,
        )
    score = deal.score
    if score is None:
        return
    settlement = ctx.rules.settlement_rules
    if score.totals and getattr(settlement, "kind", None) != "target":
        yield (
            f"deal {deal.number}: a running total in {ctx.rules.title}, where each deal is a "
            "game of its own: it is not checked",
            score.pos,
        )
    for line, numbers in (
        ("score", score.scores),
        ("brisques", score.brisques),
        ("total", score.totals),
    ):
        named = [seat for seat, _ in numbers]
        for seat in sorted({s for s in named if named.count(s) > 1}):
            yield f"deal {deal.number}: the {line} line names {seat} twice", score.pos
        for seat in sorted(set(named) - set(ctx.seats)):
            yield (
                f"deal {deal.number}: the {line} line names seat {seat}, which does not play",
                score.pos,
            )


def variation_problems(
    variation: Variation, seats: tuple[str, ...]
) -> list[tuple[str, Pos | None]]:
    """What a variation writes that cannot be what it says, nested variations included: a seat
    that does not play, a declaration word that names no combination, a mark the validator
    does not know or whose arguments do not read (docs/notation.md, Marks)."""
    from validator.replay.marks import DEAL_MARKS, MARKS, SUFFIX_MARKS, arguments_problem

    out: list[tuple[str, Pos | None]] = []
    stack = [variation]
    while stack:
        current = stack.pop()
        events = list(current.events)
        for trick in current.tricks:
            for play in trick.plays:
                if play.seat not in seats:
                    out.append((f"in a variation: seat {play.seat} does not play", play.pos))
                for letter in play.marks:
                    if letter.upper() not in SUFFIX_MARKS:
                        out.append((f"in a variation: unknown suffix mark ^{letter}", play.pos))
            events.extend(trick.events)
        for event in events:
            if isinstance(event, Variation):
                stack.append(event)
            elif isinstance(event, Draw | Declaration) and event.seat not in seats:
                out.append((f"in a variation: seat {event.seat} does not play", event.pos))
            elif isinstance(event, Declaration):
                word = canonical_kind(event.kind)
                if word not in MELD_KINDS and word not in SPECIAL_KINDS:
                    out.append((f"in a variation: {event.kind!r} is not a combination", event.pos))
            elif isinstance(event, Mark):
                if event.code not in MARKS and event.code not in DEAL_MARKS:
                    out.append((f"in a variation: unknown mark ^{event.code}", event.pos))
                else:
                    problem = arguments_problem(event)
                    if problem is not None:
                        out.append((f"in a variation: ^{event.code}: {problem}", event.pos))
    out.sort(key=lambda item: (line_of(item[1]) or 0, column_of(item[1]) or 0))
    return out
