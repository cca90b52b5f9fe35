"""Lark's syntax errors in the reader's words: what was expected, what was found."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from notation.errors import quoted, unseen

_WORDS: dict[str, str | None] = {
    "CARDS": "a card such as QS or 10H",
    "HCARDS": "a card such as QS or 10H",
    "PLAY": "a play such as A 7D",
    "DRAWN": "a draw such as A KH",
    "SEATINT": "a seat and a number such as A 1260",
    "SEAT": "a seat (A, B, C or D)",
    "TRICK": "a trick such as 12. A 7D B 9C",
    "DRAWS": "a draw line such as draw A KH, B QH",
    "DECL": "a declaration such as B marriage KC QC 40",
    "INT": "a number",
    "KIND": "a combination such as marriage",
    "TAGNAME": "a tag name",
    "STRING": 'a quoted text such as "Bath"',
    "MARK": "a mark such as ^exposed",
    "LSQB": 'a tag such as [Event "..."]',
    "RSQB": "']'",
    "COMMA": "','",
    "DEAL": "'deal'",
    "DEALER": "'dealer'",
    "CUT": "'cut'",
    "HAND": "'hand'",
    "STOCK": "'stock'",
    "TURNUP": "'turnup'",
    "DRAW": "'draw'",
    "SCORE": "'score'",
    "TOTAL": "'total'",
    "BRISQUES": "'brisques'",
    "CARRY": "'carry'",
    "FRESH": "'fresh'",
    "ELLIPSIS": "'...'",
    "_NL": "the end of the line",
    "$END": "the end of the line",
    # annotations and parentheses fit almost anywhere: naming them helps nobody
    "SUFFIX": None,
    "GLYPH": None,
    "NAG": None,
    "COMMENT": None,
    "LINECOMMENT": None,
    "LPAR": None,
    "RPAR": None,
}

_STATEMENT_WORDS = (
    "a statement (a tag, deal, hand, stock, turnup, a trick such as 12. A 7D B 9C, "
    "a declaration such as B marriage KC QC 40, draw, a mark such as ^exposed, score or total)"
)

_CARDLIKE = re.compile(r"^(?:10|[0-9A-Za-z])\S{1,2}$")
_CARD_WORD = "a card such as QS or 10H"


def _words(expected: set[str]) -> list[str]:
    if "TRICK" in expected and "DEAL" in expected:
        return [_STATEMENT_WORDS]
    words: list[str] = []
    for name in sorted(expected, key=_order):
        word = _WORDS.get(name, name)
        if word is not None and word not in words:
            words.append(word)
    return words


_ORDER = [
    "CARDS", "HCARDS", "PLAY", "DRAWN", "SEATINT", "SEAT", "TRICK", "INT", "KIND",
    "TAGNAME", "STRING", "MARK", "COMMA", "CARRY", "BRISQUES", "ELLIPSIS", "RSQB",
]  # fmt: skip


def _order(name: str) -> tuple[int, str]:
    return (_ORDER.index(name) if name in _ORDER else len(_ORDER), name)


def _join(words: list[str]) -> str:
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _word_at(line: str, column: int) -> str:
    """The word at ``column``; a character that cannot be seen there (a space other than the
    plain one, a line separator: no word) is the word."""
    rest = line[column - 1 :]
    match = re.match(r"\S+", rest)
    word = match.group(0) if match else ""
    if not word and rest and unseen(rest[0]):
        return rest[0]
    return word[:20]


def explain(exc: UnexpectedInput, lines: list[str]) -> tuple[str, int, int]:
    """The message, line and column (1-based in ``lines``, the text Lark read) for a Lark
    error, in the reader's words."""
    at_end = isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    if at_end or isinstance(exc, UnexpectedEOF):
        expected = set(getattr(exc, "expected", ()) or ())
        line = len(lines)
        column = len(lines[-1]) + 1 if lines else 1
        return f"expected {_join(_words(expected))}, found the end of the text", line, column
    if isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed or ())
        line, column = exc.line, exc.column
        history = exc.token_history or []
        previous = history[-1].type if history else None
    else:
        assert isinstance(exc, UnexpectedToken)
        expected = set(exc.accepts or exc.expected)
        line, column = exc.line, exc.column
        history = exc.token_history or []
        previous = history[-1].type if history and history[-1] is not None else None
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    found = _word_at(text, column)
    # a seat whose card or number is wrong: point at the card or number
    seat_led = expected & {"PLAY", "DRAWN", "SEATINT"}
    if seat_led and re.match(r"[ABCD][ \t]+\S", text[column - 1 :]):
        after = re.match(r"[ABCD][ \t]+", text[column - 1 :])
        assert after is not None
        column += after.end()
        found = _word_at(text, column)
        what = "a number" if seat_led == {"SEATINT"} else _CARD_WORD
        return f"expected {what}, found {quoted(found)}", line, column
    if seat_led and re.fullmatch(r"[ABCD]", found):
        column += 1
        what = "a number" if seat_led == {"SEATINT"} else _CARD_WORD
        return f"expected {what} after seat {found}, found the end of the line", line, column
    card_expected = bool(expected & {"CARDS", "HCARDS"}) or previous in {
        "CARDS",
        "HCARDS",
        "DRAWN",
    }
    if card_expected and _CARDLIKE.match(found) and found != "...":
        return f"expected {_CARD_WORD}, found {quoted(found)}", line, column
    found_text = quoted(found) if found else "the end of the line"
    return f"expected {_join(_words(expected))}, found {found_text}", line, column
