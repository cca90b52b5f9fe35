"""The replay as a Markdown score sheet, for forums and mail.

The record's comments (before the first deal and on its tag lines) follow the
tags. Then one section per deal: the hands dealt (sorted as a player holds
them), a table of the tricks (plays with their glyphs, the winner,
declarations, the card each seat drew, the scores after the trick, and a notes
column holding the comments, the variations and the codes of the findings
raised in that trick), then each finding with its ruling and the settlement
worked out; a deal's winner and value only where a deal is a game of its own
(:func:`validator.export.notes.deal_is_game`).

Every text taken from the record goes through :func:`md_text`, which
backslash-escapes the characters Markdown (CommonMark) would read as markup or
raw HTML, so a player named ``<script>`` is shown, not run.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from validator.export.labels import (
    card_label,
    cards_label,
    seat_label,
    sorted_cards,
    suit_label,
)
from validator.export.notes import deal_is_game, record_comments, step_comments
from validator.replay.wording import effect_words

if TYPE_CHECKING:
    from validator.replay import DealReplay, DealSettlement, Finding, Replay, Step

_MARKUP = set("\\`*_[]<>|~&#")


def md_text(text: str) -> str:
    """Text safe in Markdown: markup characters escaped, lines joined by spaces."""
    flat = " ".join(text.split())
    return "".join("\\" + ch if ch in _MARKUP else ch for ch in flat)


@dataclass(slots=True)
class _TrickRow:
    """What the score sheet shows for one trick."""

    number: int
    plays: list[str] = field(default_factory=list)
    winner: str = ""
    declarations: list[str] = field(default_factory=list)
    draws: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)


def to_markdown(replay: Replay) -> str:
    """The annotated score sheet of a replay, as Markdown text ending in a newline."""
    out: list[str] = []
    title = replay.tags.get("Event") or (replay.source or "Bézique record")
    out.append(f"# {md_text(title)}")
    out.append("")
    versus = " v ".join(f"**{md_text(seat_label(s, replay.players))}**" for s in replay.seats)
    facts = [versus, md_text(replay.variant), f"{md_text(replay.laws)} laws"]
    if replay.game is not None:
        facts.append(f"result {md_text(replay.game.result)}")
    out.append(" · ".join(facts))
    out.append("")
    if replay.tags:
        out.extend(["| Tag | Value |", "| --- | --- |"])
        out.extend(f"| {md_text(k)} | {md_text(v)} |" for k, v in replay.tags.items())
        out.append("")
    for comment in record_comments(replay):
        out.extend([f"> {md_text(comment)}", ""])
    if replay.findings:
        out.extend(["## Findings on the record", ""])
        out.extend(_findings(replay.findings, "R"))
    for index in range(len(replay.deals)):
        out.extend(_deal(replay, index))
    if replay.game is not None:
        game = replay.game
        out.extend(["## Result", ""])
        totals = ", ".join(f"{md_text(s)} {n}" for s, n in game.totals.items())
        winner = f"{md_text(game.winner)} wins" if game.winner else "No winner"
        value = f" {game.value}" if game.value is not None else ""
        out.append(f"{winner}{value} (result {md_text(game.result)}); totals {totals}.")
        out.append("")
        out.extend(f"- {md_text(line)}" for line in game.working)
        if game.working:
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _deal(replay: Replay, index: int) -> list[str]:
    deal = replay.deals[index]
    out = [f"## Deal {deal.number}", ""]
    first = deal.steps[0] if deal.steps else None
    facts = [f"dealer {md_text(deal.dealer)}", f"trumps {suit_label(deal.trump)}"]
    if first is not None and first.turnup:
        facts.append(f"turn-up {card_label(first.turnup)}")
    sentence = "; ".join(facts)
    out.append(sentence[:1].upper() + sentence[1:] + ".")
    out.append("")
    if first is not None:
        out.append("Dealt:")
        out.append("")
        for seat in replay.seats:
            hand = sorted_cards(first.hands.get(seat, ()), first.trump)
            out.append(f"- {md_text(seat_label(seat, replay.players))}: {cards_label(hand)}")
        out.append("")
    before, rows, after = _group(replay, index)
    if before:
        out.extend(["Before the first trick:", ""])
    out.extend(_events(before, deal))
    if rows:
        seats = replay.seats
        header = ["Trick", "Plays", "Won by", "Declarations", "Draws"]
        header += [f"{md_text(s)}" for s in seats] + ["Notes"]
        out.append("| " + " | ".join(header) + " |")
        out.append(
            "| " + " | ".join(["---:"] + ["---"] * 4 + ["---:"] * len(seats) + ["---"]) + " |"
        )
        for row in rows:
            cells = [
                str(row.number),
                ", ".join(row.plays),
                md_text(row.winner),
                "; ".join(row.declarations),
                ", ".join(row.draws),
                *(str(row.scores.get(s, "")) for s in seats),
                "<br>".join(row.notes),
            ]
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    if after:
        out.extend(["After the last trick:", ""])
    out.extend(_events(after, deal))
    if deal.settlement is None and deal.steps:
        # no settlement lists them: say what the deal's end counts beside the points
        won = ", ".join(f"{md_text(s)} {n}" for s, n in deal.steps[-1].brisques.items())
        out.extend([f"Brisques won: {won}.", ""])
    if deal.findings:
        out.extend(["### Findings", ""])
        out.extend(_findings(deal.findings, "F"))
    if deal.settlement is not None:
        out.extend(_settlement(deal.settlement, deal_is_game(replay)))
    return out


_Noted = tuple["Step", tuple[str, ...]]
"""A step and the comments the views show at it."""


def _group(replay: Replay, index: int) -> tuple[list[_Noted], list[_TrickRow], list[_Noted]]:
    """Split a deal's steps: events before the first trick, one row per trick, the end."""
    deal = replay.deals[index]
    before: list[_Noted] = []
    after: list[_Noted] = []
    rows: dict[int, _TrickRow] = {}
    for position, step in enumerate(deal.steps):
        comments = step_comments(replay, index, position)
        if step.kind == "end" or (step.trick is None and rows):
            after.append((step, comments))
        elif step.trick is None:
            before.append((step, comments))
        else:
            row = rows.setdefault(step.trick, _TrickRow(step.trick))
            _add_to_row(row, step)
            row.notes.extend(_notes(step, comments))
            row.scores = dict(step.scores)
    return before, list(rows.values()), after


def _add_to_row(row: _TrickRow, step: Step) -> None:
    glyphs = "".join(step.glyphs)
    suffix = f" {md_text(glyphs)}" if glyphs else ""
    seat = md_text(step.seat or "")
    if step.kind == "play" and step.trick_cards:
        played_by, card = step.trick_cards[-1]
        row.plays.append(f"{md_text(played_by)} {card_label(card)}{suffix}")
    elif step.kind == "trick":
        row.winner = step.seat or ""
    elif step.kind == "draw" and step.seat is not None:
        row.draws.append(f"{seat} {card_label(step.card)}{suffix}")
    else:
        row.declarations.append(md_text(step.text) + suffix)


def _notes(step: Step, comments: tuple[str, ...]) -> list[str]:
    notes = [f"*{md_text(comment)}*" for comment in comments]
    notes.extend(f"variation {md_text(text)}" for text in step.variations)
    notes.extend(f"see F{index + 1}" for index in step.findings)
    return notes


def _events(steps: Iterable[_Noted], deal: DealReplay) -> list[str]:
    out: list[str] = []
    for step, comments in steps:
        glyphs = "".join(step.glyphs)
        line = f"- {md_text(step.text)}"
        if glyphs:
            line += f" {md_text(glyphs)}"
        out.append(line)
        out.extend(f"  - *{md_text(comment)}*" for comment in comments)
        out.extend(f"  - variation {md_text(text)}" for text in step.variations)
        out.extend(
            f"  - see F{i + 1} ({md_text(deal.findings[i].code)})"
            for i in step.findings
            if i < len(deal.findings)
        )
    if out:
        out.append("")
    return out


def _findings(findings: Sequence[Finding], prefix: str) -> list[str]:
    out: list[str] = []
    for number, finding in enumerate(findings, start=1):
        where = _where(finding)
        seat = f", {md_text(finding.seat)} at fault" if finding.seat else ""
        out.append(
            f"- **{prefix}{number} · {md_text(finding.code)}** {md_text(finding.severity)}"
            f"{seat}{where}: {md_text(finding.message)}"
        )
        out.append(f"  - Rule `{finding.rule_id.replace('`', '')}`: {md_text(finding.rule_text)}")
        remedy = finding.remedy
        if remedy is None:
            out.append("  - No remedy under the laws.")
        else:
            out.append(
                f"  - Ruling ({md_text(remedy.laws)} laws, {md_text(remedy.law_ref)}): "
                f"{md_text(remedy.summary)}"
            )
            if remedy.elections:
                options = "; ".join(md_text(option) for option in remedy.elections)
                out.append(f"  - Options: {options}")
            if remedy.elected:
                out.append(f"  - Elected: {md_text(remedy.elected)}")
            if remedy.corrections:
                out.append(f"  - Effect: {md_text(effect_words(remedy.corrections))}.")
    out.append("")
    return out


def _where(finding: Finding) -> str:
    loc = finding.location
    parts = []
    if loc.trick is not None:
        parts.append(f"trick {loc.trick}")
    if loc.line is not None:
        parts.append(f"line {loc.line}" + (f":{loc.column}" if loc.column is not None else ""))
    return f" ({', '.join(parts)})" if parts else ""


def _settlement(settlement: DealSettlement, is_game: bool) -> list[str]:
    out = ["### Settlement", ""]
    scores = ", ".join(f"{md_text(s)} {n}" for s, n in settlement.scores.items())
    brisques = ", ".join(f"{md_text(s)} {n}" for s, n in settlement.brisques.items())
    out.append(f"Scores {scores}; brisques {brisques}.")
    out.append("")
    if settlement.void:
        out.append("The deal is void.")
    elif not is_game:
        out.append("The deal's scores go to the game's totals; only the game has a result.")
    elif settlement.winner:
        rubicon = " (a rubicon)" if settlement.rubicon else ""
        out.append(f"{md_text(settlement.winner)} wins {settlement.value}{rubicon}.")
    else:
        out.append("No winner of the deal.")
    out.append("")
    out.extend(f"- {md_text(line)}" for line in settlement.working)
    if settlement.working:
        out.append("")
    return out
