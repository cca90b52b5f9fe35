"""Lark's LALR parser of ``grammar/bzn.lark`` and the callbacks that turn its tokens into
statements (:mod:`notation.statements`) while it parses.

One parser and one set of callbacks serve every thread, under :data:`LOCK` (re-entrant: the
comment check reads a line with the parser while a record is being read).
"""

from __future__ import annotations

import re
import threading
from typing import Any

from lark import Lark, Token

from notation.cards import CANONICAL, Card
from notation.model import (
    Combination,
    Comment,
    Declaration,
    Draw,
    Hand,
    Mark,
    Play,
    Pos,
    Stock,
    Tag,
    _parsed_declaration,
    _parsed_draw,
    _parsed_play,
)
from notation.statements import (
    DealLine,
    ScoreLine,
    TagLine,
    TrickLine,
    Turnup,
    brace_comment,
    cards,
    hcards,
    line_comment,
    numbers,
    pos,
    trick_line,
    unquote,
)

LOCK = threading.RLock()
"""Held while the parser runs: its callbacks hold the line offset of the text being read."""


class StatementError(ValueError):
    """A statement that the grammar accepts but the notation does not."""

    def __init__(self, message: str, token: Token) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


def _line(tok: Token) -> int:
    return tok.line or 0


def _column(tok: Token) -> int:
    return tok.column or 0


_tuple_new = tuple.__new__  # a Pos without NamedTuple.__new__'s argument handling
_RUN_PLAY = re.compile(r"([ABCD])[ \t]+(\S+)")
_RUN_DRAW = re.compile(r"([ABCD])((?:[ \t]+[^\s,]+)+)")
_canonical = CANONICAL.get
_card_parse = Card.parse


def run_plays(text: str, dot: int, line: int, column: int) -> list[Play]:
    """The plays of a ``TRICK`` token (``12. A 7D B 9C``) with their positions."""
    parts = text[dot + 1 :].split()
    if not parts:
        return []
    plays: list[Play] = []
    if " ".join(parts) == text[dot + 2 :]:  # single spaces: columns by arithmetic
        at = column + dot + 2
        for i in range(0, len(parts), 2):
            seat, card = parts[i], parts[i + 1]
            known = _canonical(card) or _card_parse(card)
            plays.append(_parsed_play(seat, known, _tuple_new(Pos, (line, at))))
            at += len(seat) + len(card) + 2
        return plays
    for m in _RUN_PLAY.finditer(text, dot + 1):
        plays.append(_parsed_play(m[1], _card_parse(m[2]), pos(line, column + m.start(1))))
    return plays


def run_draws(text: str, line: int, column: int) -> list[Draw]:
    """The draws of a ``DRAWS`` token (``draw A KH, B QH``) with their positions."""
    return [
        _parsed_draw(m[1], hcards(m[2]), (), pos(line, column + m.start(1)))
        for m in _RUN_DRAW.finditer(text, 4)
    ]


def run_decl(text: str, line: int, column: int) -> Declaration:
    """The declaration of a ``DECL`` token (``B marriage KC QC 40``)."""
    parts = text.split()
    found: tuple[Card, ...] = ()
    if len(parts) > 3:
        written = parts[2:-1]
        known = tuple(map(_canonical, written))
        found = tuple(map(_card_parse, written)) if None in known else known  # type: ignore[assignment]
    kind = parts[1] if parts[1].islower() else parts[1].lower()
    return _parsed_declaration(parts[0], kind, found, int(parts[-1]), pos(line, column))


class Builder:
    """Inline LALR callbacks: one method per grammar rule, children in, statement out."""

    def __init__(self) -> None:
        self.offset = 0
        """Lines before the text being parsed (a record read from the middle of a file)."""

    def _pos(self, tok: Token) -> Pos:
        return pos(_line(tok) + self.offset, _column(tok))

    def _comment(self, tok: Token) -> Comment:
        if tok.type == "COMMENT":
            return brace_comment(tok, self._pos(tok))
        return line_comment(tok, self._pos(tok))

    def notes(self, children: list[Token]) -> list[Comment]:
        return [self._comment(t) for t in children]

    def start(self, children: list[Any]) -> list[Any]:
        return children

    def tag(self, children: list[Any]) -> TagLine:
        bracket, name, value = children[0], children[1], children[2]
        comments = tuple(children[3]) if len(children) > 3 else ()
        tag = Tag(str(name), unquote(value), self._pos(bracket))
        return TagLine(tag, comments, self._pos(value))

    def deal(self, children: list[Any]) -> DealLine:
        kw, number, dealer = children[0], children[1], children[2]
        cut: tuple[Card, ...] = ()
        comments: tuple[Comment, ...] = ()
        for child in children[3:]:
            if type(child) is list:
                comments = tuple(child)
            else:
                cut = cards(child)
        return DealLine(int(number), str(dealer), cut, comments, self._pos(kw))

    def hand(self, children: list[Any]) -> Hand:
        kw, seat = children[0], children[1]
        found: tuple[Card | None, ...] = ()
        more = False
        comments: tuple[Comment, ...] = ()
        for child in children[2:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "ELLIPSIS":
                more = True
            else:
                found = hcards(child)
        return Hand(str(seat), found, more, comments, self._pos(kw))

    def stock(self, children: list[Any]) -> Stock:
        kw = children[0]
        found: tuple[Card | None, ...] = ()
        more = False
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "ELLIPSIS":
                more = True
            else:
                found = hcards(child)
        return Stock(found, more, comments, self._pos(kw))

    def turnup(self, children: list[Any]) -> Turnup:
        kw, token = children[0], children[1]
        comments = tuple(children[2]) if len(children) > 2 else ()
        parsed = cards(token)
        if len(parsed) != 1:
            raise StatementError("a turn-up is one card", token)
        return Turnup(parsed[0], comments, self._pos(kw))

    def trick(self, children: list[Token]) -> TrickLine:
        head = children[0]
        line = _line(head) + self.offset
        column = _column(head)
        text = str(head)
        dot = text.index(".")
        plays: list[Play] = run_plays(text, dot, line, column)
        comments: list[Comment] = []
        if len(children) > 1:
            # annotations belong to the play before them: rebuild it as they come
            marks: list[str] = []
            glyphs: list[str] = []
            notes: list[Comment] = []
            for child in children[1:]:
                kind = child.type
                if kind == "PLAY":
                    if plays and (marks or glyphs or notes):
                        plays[-1] = _annotated(plays[-1], marks, glyphs, notes)
                    marks, glyphs, notes = [], [], []
                    card = _card_parse(child[1:].lstrip())
                    plays.append(_parsed_play(child[0], card, self._pos(child)))
                elif kind == "COMMENT" or kind == "LINECOMMENT":
                    (notes if plays else comments).append(self._comment(child))
                elif not plays:
                    raise StatementError(
                        f"'{child!s}' before any play: a glyph, NAG or mark follows its card", child
                    )
                elif kind == "SUFFIX":
                    marks.append(child[1:])
                else:  # GLYPH, NAG
                    glyphs.append(str(child))
            if plays and (marks or glyphs or notes):
                plays[-1] = _annotated(plays[-1], marks, glyphs, notes)
        return trick_line(int(text[:dot]), tuple(plays), tuple(comments), pos(line, column))

    def combo(self, children: list[Token]) -> Combination:
        kind = children[0]
        found = cards(children[1]) if len(children) == 3 else ()
        return Combination(kind.lower(), found, int(children[-1]), self._pos(kind))

    def decl(self, children: list[Any]) -> Declaration:
        first = children[0]
        found: tuple[Card, ...] = ()
        if first.type == "DECL":
            plain = run_decl(first, _line(first) + self.offset, _column(first))
            if len(children) == 1:
                return plain
            seat, kind, found, score = plain.seat, plain.kind, plain.cards, plain.score
            i = 1
        else:
            seat, kind = str(first), children[1].lower()
            i = 2
            if children[i].type == "CARDS":
                found = cards(children[i])
                i += 1
            score = int(children[i])
            i += 1
        fresh = False
        glyphs: list[str] = []
        comments: list[Comment] = []
        carried: list[Combination] = []
        for child in children[i:]:
            if type(child) is list:
                comments.extend(child)
            elif type(child) is Combination:
                carried.append(child)
            elif child.type == "FRESH":
                fresh = True
            elif child.type == "GLYPH" or child.type == "NAG":
                glyphs.append(str(child))
            elif child.type != "CARRY":
                comments.append(self._comment(child))
        return Declaration(
            seat,
            kind,
            found,
            score,
            tuple(carried),
            tuple(glyphs),
            tuple(comments),
            self._pos(first),
            fresh,
        )

    def draw(self, children: list[Any]) -> list[Draw]:
        draws: list[Draw] = []
        comments: tuple[Comment, ...] = ()
        for child in children:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "DRAWS":
                draws.extend(run_draws(child, _line(child) + self.offset, _column(child)))
            elif child.type == "DRAWN":
                draws.append(_parsed_draw(child[0], hcards(child[1:]), (), self._pos(child)))
        if comments:
            last = draws[-1]
            draws[-1] = _parsed_draw(last.seat, last.cards, comments, last.pos)
        return draws

    def mark(self, children: list[Any]) -> Mark:
        code = children[0]
        seat: str | None = None
        found: tuple[Card, ...] = ()
        value: str | None = None
        text: str | None = None
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
                continue
            kind = child.type
            if kind == "SEAT":
                seat = str(child)
            elif kind == "CARDS":
                found = cards(child)
            elif kind == "KIND":
                value = child.lower()
            else:
                text = unquote(child)
        return Mark(code[1:], seat, found, value, text, comments, self._pos(code))

    def score(self, children: list[Any]) -> ScoreLine:
        kw = children[0]
        scores: list[Token] = []
        brisques: list[Token] = []
        target = scores
        comments: tuple[Comment, ...] = ()
        for child in children[1:]:
            if type(child) is list:
                comments = tuple(child)
            elif child.type == "BRISQUES":
                target = brisques
            else:
                target.append(child)
        return ScoreLine(False, numbers(scores), numbers(brisques), comments, self._pos(kw))

    def total(self, children: list[Any]) -> ScoreLine:
        kw = children[0]
        comments: tuple[Comment, ...] = ()
        if children and type(children[-1]) is list:
            comments = tuple(children.pop())
        return ScoreLine(True, numbers(children[1:]), (), comments, self._pos(kw))


def _annotated(play: Play, marks: list[str], glyphs: list[str], notes: list[Comment]) -> Play:
    return _parsed_play(play.seat, play.card, play.pos, tuple(marks), tuple(glyphs), tuple(notes))


BUILDER = Builder()
_LARK: Lark | None = None


def lark() -> Lark:
    """The parser, built on first use (its tables are cached in the temporary folder)."""
    global _LARK
    if _LARK is None:
        _LARK = Lark.open_from_package(
            "grammar",
            "bzn.lark",
            ("",),
            parser="lalr",
            lexer="contextual",
            strict=True,
            transformer=BUILDER,
            maybe_placeholders=False,
            cache=True,
        )
    return _LARK


def terminal(name: str) -> str:
    """The regular expression of one of the grammar's terminals, in a group."""
    return f"(?:{lark().get_terminal(name).pattern.to_regexp()})"


def parse_text(text: str, offset: int) -> list[Any]:
    """The statements of ``text`` (lines ``offset + 1`` on of a record), as the callbacks
    build them; raises Lark's ``UnexpectedInput`` or :class:`StatementError`."""
    with LOCK:
        BUILDER.offset = offset
        return lark().parse(text)  # type: ignore[return-value]  # the callbacks' list
