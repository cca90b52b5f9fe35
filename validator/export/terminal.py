"""The replay in a terminal: one step of a deal drawn as text, and a stepping loop.

:func:`render_step` draws one step (the seats with their scores, brisques,
hands sorted as a player holds them and the cards on the table; the trick,
trumps, the stock; the event with its glyphs, comments, variations and
findings; the record's own comments at the first step); :func:`step_through`
reads keys and redraws; :func:`read_line` reads the answer to the jump prompt
key by key, so that Esc cancels it. ``bezique replay FILE --step N`` prints one
step and exits, which is what the tests use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from validator.export.labels import card_label, cards_label, seat_label, sorted_cards, suit_label
from validator.export.notes import record_comments, step_comments

if TYPE_CHECKING:
    from validator.replay import DealReplay, Finding, Replay

KEYS_HELP = (
    "n/→ next · p/← back · ]/[ trick · PgDn/PgUp 10 steps · Home/End · j jump · h hands · q quit"
)
PAGE = 10
"""Steps moved by PgDn and PgUp."""

_NEXT = {"n", " ", "\r", "\n", "\x1b[C", "\x1bOC", "\xe0M", "l"}
_BACK = {"p", "\x1b[D", "\x1bOD", "\xe0K", "b"}
_NEXT_TRICK = {"]", "\x1b[B", "\x1bOB", "\xe0P"}
_BACK_TRICK = {"[", "\x1b[A", "\x1bOA", "\xe0H"}
_HOME = {"\x1b[H", "\x1b[1~", "\x1b[7~", "\x1bOH", "\xe0G", "g"}
_END = {"\x1b[F", "\x1b[4~", "\x1b[8~", "\x1bOF", "\xe0O", "G"}
_PAGE_DOWN = {"\x1b[6~", "\xe0Q"}
_PAGE_UP = {"\x1b[5~", "\xe0I"}
_QUIT = {"q", "Q", "\x1b", "\x03", "\x04"}
ESC = "\x1b"


def render_step(
    replay: Replay,
    deal_index: int,
    position: int,
    *,
    show_hands: bool = True,
    ascii_only: bool = False,
) -> str:
    """The state at ``position`` (a place in the deal's steps) as lines of text."""
    deal = replay.deals[deal_index]
    step = deal.steps[position]
    last = deal.steps[-1].index
    out: list[str] = []
    trick = f" · trick {step.trick}" if step.trick is not None else ""
    out.append(f"Deal {deal.number} (dealer {deal.dealer}) · step {step.index} of {last}{trick}")
    out.append("")
    if deal_index == 0 and position == 0:
        notes = record_comments(replay)
        out.extend(f"{{{_flat(comment)}}}" for comment in notes)
        if notes:
            out.append("")
    width = max((len(seat_label(s, replay.players)) for s in replay.seats), default=1)
    settled = deal.settlement if step.kind == "end" else None
    for seat in replay.seats:
        marker = ">" if step.seat == seat else " "
        name = seat_label(seat, replay.players).ljust(width)
        score = step.scores.get(seat, 0)
        brisques = step.brisques.get(seat, 0)
        line = f"{marker} {name}  score {score:>5}  brisques {brisques:>2}"
        if settled is not None and settled.scores.get(seat, score) != score:
            line += f"  deal score {settled.scores[seat]} (with the brisques)"
        out.append(line)
        hand = sorted_cards(step.hands.get(seat, ()), step.trump)
        shown = cards_label(hand, ascii_only=ascii_only) if show_hands else f"{len(hand)} cards"
        out.append(f"    hand:  {shown}")
        table = sorted_cards(step.table.get(seat, ()), step.trump)
        out.append(f"    table: {cards_label(table, ascii_only=ascii_only)}")
    out.append("")
    plays = ", ".join(
        f"{seat} {card_label(card, ascii_only=ascii_only)}" for seat, card in step.trick_cards
    )
    out.append(f"Trick:  {plays or '—'}")
    turnup = f" (turn-up {card_label(step.turnup, ascii_only=ascii_only)})" if step.turnup else ""
    out.append(f"Trumps: {suit_label(step.trump, ascii_only=ascii_only)}{turnup}")
    out.append(f"Stock:  {step.stock}")
    out.append("")
    glyphs = " ".join(step.glyphs)
    out.append(_flat(step.text) + (f" {glyphs}" if glyphs else ""))
    out.extend(f"  {{{_flat(comment)}}}" for comment in step_comments(replay, deal_index, position))
    out.extend(f"  variation {_flat(text)}" for text in step.variations)
    for index in step.findings:
        if index < len(deal.findings):
            out.extend(_finding_lines(deal.findings[index]))
    if position == len(deal.steps) - 1 and deal.settlement is not None:
        out.append("")
        out.append("Settlement:")
        out.extend(f"  {_flat(line)}" for line in deal.settlement.working)
    return "\n".join(out) + "\n"


def _flat(text: str) -> str:
    """One line of text with control characters removed, so a record cannot move the cursor."""
    return "".join(ch if ch.isprintable() else " " for ch in " ".join(text.split()))


def _finding_lines(finding: Finding) -> list[str]:
    lines = [f"  ! {finding.code} {finding.severity}: {_flat(finding.message)}"]
    lines.append(f"    rule {finding.rule_id}: {_flat(finding.rule_text)}")
    if finding.remedy is not None:
        remedy = finding.remedy
        lines.append(
            f"    ruling ({remedy.laws}, {_flat(remedy.law_ref)}): {_flat(remedy.summary)}"
        )
        if remedy.elected:
            lines.append(f"    elected: {_flat(remedy.elected)}")
    return lines


def find_position(deal: DealReplay, target: str) -> int | None:
    """The place of step ``N`` or of the first step of trick ``tN`` in a deal, if any."""
    text = target.strip().lower()
    try:
        if text.startswith("t"):
            number = int(text[1:])
            return next((i for i, s in enumerate(deal.steps) if s.trick == number), None)
        number = int(text)
    except ValueError:
        return None
    return next((i for i, s in enumerate(deal.steps) if s.index == number), None)


def _trick_move(deal: DealReplay, position: int, direction: int) -> int:
    steps = deal.steps
    current = steps[position].trick
    i = position
    if direction > 0:
        while i < len(steps) - 1 and (steps[i].trick == current or steps[i].trick is None):
            i += 1
        return i
    while i > 0 and steps[i - 1].trick == current:
        i -= 1
    if i < position or i == 0:
        return i
    previous = steps[i - 1].trick
    i -= 1
    while i > 0 and steps[i - 1].trick == previous:
        i -= 1
    return i


def read_line(read_key: Callable[[], str], echo: Callable[[str], None]) -> str | None:
    """A line typed key by key: Enter ends it, Backspace rubs out, Esc cancels (``None``).

    Keys other than printable characters (arrows, function keys) are ignored, so an escape
    sequence never shows up in the answer as ``^[``.
    """
    typed: list[str] = []
    while True:
        key = read_key()
        if key in ("\r", "\n"):
            echo("\n")
            return "".join(typed)
        if key == ESC or key in ("\x03", "\x04"):
            echo("\n")
            return None
        if key in ("\x7f", "\x08"):
            if typed:
                typed.pop()
                echo("\b \b")
            continue
        if key.startswith(ESC) or key.startswith("\xe0") or not key.isprintable():
            continue
        typed.append(key)
        echo(key)


def step_through(
    replay: Replay,
    deal_index: int,
    *,
    read_key: Callable[[], str],
    prompt: Callable[[str], str | None],
    show: Callable[[str], None],
    show_hands: bool = True,
    ascii_only: bool = False,
) -> None:
    """Step through a deal: read keys with ``read_key``, draw with ``show`` until ``q``.

    ``prompt`` asks for a step to jump to and returns the answer, or ``None`` when the
    user cancelled it (Esc).
    """
    deal = replay.deals[deal_index]
    last = len(deal.steps) - 1
    position = 0
    message = ""
    while True:
        screen = render_step(
            replay, deal_index, position, show_hands=show_hands, ascii_only=ascii_only
        )
        show(screen + "\n" + (message + "\n" if message else "") + KEYS_HELP)
        message = ""
        key = read_key()
        if key in _QUIT:
            return
        if key in _NEXT:
            position = min(position + 1, last)
        elif key in _BACK:
            position = max(position - 1, 0)
        elif key in _NEXT_TRICK:
            position = _trick_move(deal, position, 1)
        elif key in _BACK_TRICK:
            position = _trick_move(deal, position, -1)
        elif key in _PAGE_DOWN:
            position = min(position + PAGE, last)
        elif key in _PAGE_UP:
            position = max(position - PAGE, 0)
        elif key in _HOME:
            position = 0
        elif key in _END:
            position = last
        elif key == "h":
            show_hands = not show_hands
        elif key == "j":
            target = prompt("Jump to step N or trick tN")
            if target is None or not target.strip():
                continue
            found = find_position(deal, target)
            if found is None:
                message = f"No step or trick {_flat(target)!r} in deal {deal.number}."
            else:
                position = found
