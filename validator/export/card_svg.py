"""Card faces as SVG: one ``<symbol>`` per card, drawn once and reused with ``<use>``.

The page holds 32 faces (a piquet pack: every card appears once however many
packs the variant uses), a back for a card hidden in the public view and a back
marked ``?`` for a card the record does not name. Suits are drawn as paths, not
font glyphs, so they look the same without any font installed. The colours
are a four-colour pack (spades black, hearts red, diamonds blue, clubs green)
so that a glance tells the suits apart even on a small screen.
"""

from __future__ import annotations

from typing import Final

from notation.cards import RANKS, SUITS

SUIT_COLOUR: Final = {"S": "#111111", "H": "#c62828", "D": "#1565c0", "C": "#2e7d32"}

_SUIT_SHAPE: Final = {
    "H": '<path d="M50 92C20 66 0 47 0 28C0 12 12 1 27 1C38 1 46 8 50 17'
    'C54 8 62 1 73 1C88 1 100 12 100 28C100 47 80 66 50 92Z"/>',
    "D": '<path d="M50 0L90 50L50 100L10 50Z"/>',
    "S": '<path d="M50 0C60 22 100 40 100 62C100 78 88 88 74 88C64 88 57 83 53 77'
    "C54 88 58 95 66 100H34C42 95 46 88 47 77C43 83 36 88 26 88C12 88 0 78 0 62"
    'C0 40 40 22 50 0Z"/>',
    "C": '<circle cx="50" cy="26" r="23"/><circle cx="24" cy="60" r="23"/>'
    '<circle cx="76" cy="60" r="23"/><path d="M44 50L38 100H62L56 50Z"/>',
}

_W, _H = 60, 84
_FONT = "DejaVu Sans,Arial,Helvetica,sans-serif"


def _face(rank: str, suit: str) -> str:
    colour = SUIT_COLOUR[suit]
    label = "10" if rank == "T" else rank
    size = 15 if label == "10" else 18
    court = rank in "KQJ"
    parts = [
        f'<symbol id="c-{rank}{suit}" viewBox="0 0 {_W} {_H}">',
        f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="5" fill="#fff" '
        'stroke="#777" stroke-width="1.5"/>',
    ]
    if court:
        parts.append(
            f'<rect x="13" y="15" width="34" height="54" rx="3" fill="{colour}" '
            f'fill-opacity="0.1" stroke="{colour}" stroke-width="1.2"/>'
        )
    parts.append(
        f'<g fill="{colour}" font-family="{_FONT}" font-weight="bold">'
        f'<text x="4" y="19" font-size="{size}">{label}</text>'
        f'<use href="#s-{suit}" x="4" y="22" width="11" height="11"/>'
        f'<g transform="rotate(180 {_W / 2} {_H / 2})">'
        f'<text x="4" y="19" font-size="{size}">{label}</text>'
        f'<use href="#s-{suit}" x="4" y="22" width="11" height="11"/></g>'
    )
    if court:
        parts.append(f'<text x="30" y="40" font-size="18" text-anchor="middle">{label}</text>')
        parts.append(f'<use href="#s-{suit}" x="20" y="43" width="20" height="20"/>')
    else:
        parts.append(f'<use href="#s-{suit}" x="16" y="28" width="28" height="28"/>')
    parts.append("</g></symbol>")
    return "".join(parts)


def _back(symbol_id: str, mark: str) -> str:
    text = (
        f'<text x="30" y="52" font-size="28" font-weight="bold" text-anchor="middle" '
        f'fill="#fff" font-family="{_FONT}">{mark}</text>'
        if mark
        else ""
    )
    return (
        f'<symbol id="{symbol_id}" viewBox="0 0 {_W} {_H}">'
        f'<rect x="1" y="1" width="{_W - 2}" height="{_H - 2}" rx="5" fill="#37474f" '
        'stroke="#777" stroke-width="1.5"/>'
        f'<rect x="6" y="6" width="{_W - 12}" height="{_H - 12}" rx="3" fill="none" '
        'stroke="#b0bec5" stroke-width="1.5" stroke-dasharray="3 2"/>'
        f"{text}</symbol>"
    )


def card_symbols() -> str:
    """A hidden ``<svg>`` holding every symbol: suits ``s-S``, faces ``c-QS``, backs.

    ``c-back`` is a card hidden in the public view, ``c-unknown`` one the record
    does not name.
    """
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" class="defs" aria-hidden="true">']
    parts.extend(
        f'<symbol id="s-{suit}" viewBox="0 0 100 100">{_SUIT_SHAPE[suit]}</symbol>'
        for suit in SUITS
    )
    parts.extend(_face(rank, suit) for suit in SUITS for rank in RANKS)
    parts.append(_back("c-back", ""))
    parts.append(_back("c-unknown", "?"))
    parts.append("</svg>")
    return "".join(parts)
