"""Writing an analysis back into its record as BZN annotations, and taking it out again.

What :func:`annotate` adds (docs/analysis.md, What the annotations mean), everything else the
record holds being kept as it is:

- before the first strict trick, a comment ``{[%value A 1300 B -1300] ...}``: the value of the
  strict phase for each seat with best play, and in words;
- on each play that loses against best play, the glyph ``?`` or ``??`` (from the game's
  thresholds, and only when the play carries no assessment glyph of its own) and a comment
  ``{[%eval 1200] [%loss 100] [%best 1300 AH TH]}``: the value of the card played, what it
  cost, the best value and the cards that reach it; with ``every_play`` each other strict
  play gets ``{[%eval V]}``; a play the strict laws forbid gets ``{[%illegal]}``;
- after the trick of the first mistake, a variation holding a best line from that play to the
  end, opened by a comment ``{[%line V] ...}``;
- the ``Annotator`` tag names ``bezique analyse`` (added to a name already there).

Every comment the analysis writes begins with one of its ``[%`` commands, so
:func:`strip_analysis` can take a previous analysis out before a new one is written.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from notation.model import Comment, Deal, Event, Play, Record, Tag, Trick, Variation

from .results import DealAnalysis, Line, PlayAnalysis, RecordAnalysis

ANNOTATOR: Final = "bezique analyse"
"""What the ``Annotator`` tag gains."""

COMMANDS: Final = ("[%value", "[%eval", "[%loss", "[%best", "[%illegal", "[%line")
"""The comment commands of an analysis; a comment that begins with one is the analysis's."""

ASSESSMENTS: Final = frozenset(
    {"!", "?", "!!", "??", "!?", "?!", "$1", "$2", "$3", "$4", "$5", "$6"}
)
"""Glyphs that judge a move; a play that has one keeps it and gets no glyph of ours."""


def annotate(record: Record, analysis: RecordAnalysis, *, every_play: bool = False) -> Record:
    """``record`` with ``analysis`` written into it (see the module docstring).

    A previous analysis in the record is taken out first (:func:`strip_analysis`), so that
    analysing an analysed record gives the same text. A record none of whose deals was
    analysed is returned as it is.
    """
    by_number = {deal.number: deal for deal in analysis.deals if deal.analysed}
    if not by_number:
        return record
    record = strip_analysis(record)
    deals = tuple(
        _annotate_deal(deal, by_number[deal.number], every_play)
        if deal.number in by_number
        else deal
        for deal in record.deals
    )
    return replace(record, tags=_annotator(record.tags), deals=deals)


def _annotator(tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
    out = list(tags)
    for index, tag in enumerate(out):
        if tag.name == "Annotator":
            if ANNOTATOR not in tag.value:
                value = f"{tag.value}; {ANNOTATOR}" if tag.value.strip() else ANNOTATOR
                out[index] = Tag("Annotator", value, tag.pos)
            return tuple(out)
    out.append(Tag("Annotator", ANNOTATOR))
    return tuple(out)


def _annotate_deal(deal: Deal, analysis: DealAnalysis, every_play: bool) -> Deal:
    tricks = list(deal.tricks)
    judged: dict[tuple[int, int], PlayAnalysis] = {
        (p.trick_index, p.play_index): p for p in analysis.plays
    }
    for t_index, trick in enumerate(tricks):
        plays = list(trick.plays)
        changed = False
        for p_index, play in enumerate(plays):
            found = judged.get((t_index, p_index))
            if found is None:
                continue
            new = _annotate_play(play, found, every_play)
            if new is not play:
                plays[p_index] = new
                changed = True
        if changed:
            tricks[t_index] = replace(trick, plays=tuple(plays))
    if analysis.first_mistake is not None:
        mistake = analysis.plays[analysis.first_mistake]
        trick = tricks[mistake.trick_index]
        variation = _variation(trick, mistake, analysis)
        tricks[mistake.trick_index] = replace(trick, events=(variation, *trick.events))
    opening = Comment(_value_text(analysis))
    first = analysis.plays[0].trick_index if analysis.plays else None
    if first is None:
        return replace(deal, tricks=tuple(tricks))
    if first == 0:
        return replace(deal, events=(*deal.events, opening), tricks=tuple(tricks))
    before = tricks[first - 1]
    tricks[first - 1] = replace(before, events=(*before.events, opening))
    return replace(deal, tricks=tuple(tricks))


def _annotate_play(play: Play, judged: PlayAnalysis, every_play: bool) -> Play:
    if not judged.legal:
        return replace(
            play,
            comments=(
                *play.comments,
                Comment("[%illegal] the strict laws forbid this card: not valued"),
            ),
        )
    if not judged.loss:
        if not every_play:
            return play
        return replace(play, comments=(*play.comments, Comment(f"[%eval {judged.value}]")))
    best = " ".join(str(c) for c in judged.best)
    text = f"[%eval {judged.value}] [%loss {judged.loss}] [%best {judged.best_value} {best}]"
    glyphs = play.glyphs
    if judged.glyph is not None and not ASSESSMENTS.intersection(glyphs):
        glyphs = (*glyphs, judged.glyph)
    return replace(play, glyphs=glyphs, comments=(*play.comments, Comment(text)))


def _variation(trick: Trick, mistake: PlayAnalysis, analysis: DealAnalysis) -> Variation:
    """A best line from the first mistake, written as the tricks it would make."""
    line: Line = analysis.mistake_line
    plays: list[tuple[str, object]] = []
    if mistake.play_index > 0:
        plays.extend((p.seat, p.card) for p in trick.plays[: mistake.play_index])
    plays.extend(line)
    tricks = []
    number = mistake.trick
    for at in range(0, len(plays), 2):
        pair = plays[at : at + 2]
        tricks.append(Trick(number, tuple(Play(seat, card) for seat, card in pair)))  # type: ignore[arg-type]
        number += 1
    value = mistake.best_value
    text = f"[%line {value}] best play from here: {mistake.seat} {_worth(analysis, value)}"
    return Variation(events=(Comment(text),), tricks=tuple(tricks))


def _worth(analysis: DealAnalysis, value: int | None) -> str:
    if analysis.kind == "deal score":
        return f"ends the deal with {value}"
    if not value:
        return "makes the game void"
    return f"wins {value}" if value > 0 else f"loses {-value}"


def _value_text(analysis: DealAnalysis) -> str:
    values = analysis.values or {}
    numbers = " ".join(f"{seat} {value}" for seat, value in values.items())
    if analysis.kind == "deal score":
        words = ", ".join(f"{seat} {value}" for seat, value in values.items())
        said = f"with best play the deal scores are {words}"
    else:
        winner = next((seat for seat, value in values.items() if value > 0), None)
        said = (
            f"with best play {winner} wins {values[winner]}"
            if winner is not None
            else "with best play the game is void"
        )
    return f"[%value {numbers}] strict play from trick {analysis.first_trick}: {said}"


# ----------------------------------------------------------------------- taking it out
def _ours(comment: Comment) -> bool:
    return comment.text.startswith(COMMANDS)


def _our_variation(variation: Variation) -> bool:
    first = variation.events[0] if variation.events else None
    return isinstance(first, Comment) and _ours(first)


def _strip_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    out: list[Event] = []
    for event in events:
        if isinstance(event, Comment) and _ours(event):
            continue
        if isinstance(event, Variation) and _our_variation(event):
            continue
        out.append(event)
    return tuple(out) if len(out) != len(events) else events


def _strip_play(play: Play) -> Play:
    ours = [c for c in play.comments if _ours(c)]
    if not ours:
        return play
    glyphs = play.glyphs
    if glyphs and glyphs[-1] in ("?", "??") and any("[%loss" in c.text for c in ours):
        glyphs = glyphs[:-1]  # the glyph the analysis added with its [%loss] comment
    return replace(play, glyphs=glyphs, comments=tuple(c for c in play.comments if not _ours(c)))


def strip_analysis(record: Record) -> Record:
    """``record`` without the comments, variations and glyphs a previous analysis wrote."""
    deals = []
    for deal in record.deals:
        tricks = tuple(
            replace(
                trick,
                plays=tuple(_strip_play(p) for p in trick.plays),
                events=_strip_events(trick.events),
            )
            for trick in deal.tricks
        )
        deals.append(replace(deal, events=_strip_events(deal.events), tricks=tricks))
    return replace(record, deals=tuple(deals))
