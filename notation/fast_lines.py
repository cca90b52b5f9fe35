"""The fast line reader: the commonest lines of a record read by regular expressions, without
Lark's LALR parser, into the very statements Lark's callbacks would build.

A line is read fast only when it is whole one of these shapes (anything else, or anything
odd in one of them, is left to Lark, which reads every line the same way):

* a trick line as the writer writes it, ``12. A 7D B 9C``, with marks glued to a card
  (``A 7D^L``) and, after each card, glyphs and NAGs (``!``, ``?!``, ``$14``) and ``{...}``
  comments in any order, one space apart, and a ``; comment`` at the end; a trick line
  spaced otherwise, without annotation (the grammar's own ``TRICK`` terminal);
* a declaration (the grammar's ``DECL`` terminal), then ``fresh``, glyphs and NAGs, ``carry``
  and its combinations, ``{...}`` comments and a ``; comment``, as the writer writes them;
* a draw line (the grammar's ``DRAWS`` terminal), then comments;
* a tag, a ``deal`` line without cut, a hand or the stock with its cards, a turn-up, a
  ``score`` or ``total`` line, a line holding one ``{comment}`` or one ``; comment``.

The patterns are built from the grammar's own terminals where the grammar has one, and
``tests/notation/test_notation_fast_lines.py`` pins the result, positions included, to
Lark's on the samples and on hundreds of edited deals.
"""

from __future__ import annotations

import re
from typing import Any

from notation.cards import CANONICAL, Card
from notation.lark_parser import run_decl, run_draws, run_plays, terminal
from notation.model import (
    Combination,
    Comment,
    Declaration,
    Draw,
    Hand,
    Play,
    Pos,
    Stock,
    Tag,
    _DrawFill,
    _parsed_declaration,
    _parsed_draw,
    _PlayFill,
)
from notation.statements import (
    DealLine,
    Notes,
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

FAST_LINES = True
"""Read the lines above without Lark (tests turn it off to compare both ways)."""

WRITTEN_TRICK = re.compile(r"([0-9]+)\.((?: [ABCD] [ATKQJ987][SHDC])*)").fullmatch
"""A trick line exactly as the writer writes it without annotation (``12. A 7D B 9C``)."""
WRITTEN_DRAWS = re.compile(
    r" *draw ([ABCD] (?:[ATKQJ987][SHDC]|\?)(?:, [ABCD] (?:[ATKQJ987][SHDC]|\?))*)"
).fullmatch
"""A draw line exactly as the writer writes it (``  draw A KH, B QH``, ``  draw A ?, B ?``)."""


WRITTEN_DECL = re.compile(
    r" *([ABCD]) ([a-z]{3,}(?:-[a-z]+)*)((?: [ATKQJ987][SHDC])*) ([0-9]+)"
).fullmatch
"""A declaration exactly as the writer writes one without annotation (``  B marriage KC QC
40``), its kind in lower case and three letters at least before any ``-`` (a kind of two
could be a card's text, ``as``, which the grammar does not take for a kind)."""
_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_+-]*) "([^"\\]*)"\]').fullmatch
"""A tag line as the writer writes one whose value has no escape (``[Event "Club night"]``)."""

_tuple_new = tuple.__new__  # a Pos without NamedTuple.__new__'s argument handling
_CARD: dict[str, Card] = dict(CANONICAL)
"""Each card by its canonical text (a plain dict: a little quicker to look up than the
mapping proxy)."""
_DRAWN: dict[str, tuple[Card | None, ...]] = {text: (card,) for text, card in CANONICAL.items()}
_DRAWN["?"] = (None,)
"""The cards of one draw by their text: one tuple for each card, shared by every draw of it
(a tuple is a value: sharing it changes nothing but the allocations)."""
_NUMBER: dict[str, int] = {str(n): n for n in range(1, 256)}
"""Trick numbers by their text (a look-up is a third of ``int()``'s cost)."""


def trick_number(text: str) -> int:
    """The number of a trick written ``text`` (digits)."""
    return _NUMBER.get(text) or int(text)


_BODIES: dict[str, tuple[tuple[str, Card, int], ...]] = {}
"""The plays of each trick line body matched by :data:`WRITTEN_TRICK` (``" A 7D B 9C"``, after
the dot): seat, card and the column of the seat counted from the dot. Two players have some
two thousand bodies; the cache stops growing at :data:`_BODIES_MAX`."""
_BODIES_MAX = 8192


def written_trick(raw: str, line: int) -> TrickLine | None:
    """The trick line ``raw`` when it is as the writer writes it without annotation
    (:data:`WRITTEN_TRICK`), else None.

    A body read once is looked up (:data:`_BODIES`): with a number written as the writer
    writes it (``1`` to ``255``), that is the pattern's match without running it. The plays
    are filled in place (``notation.model._parsed_play``, inlined: this runs for every line).
    """
    dot = raw.find(".")
    if dot < 0 or (len(raw) - dot - 1) % 5:
        return None  # each play is five characters: an annotated line, or another
    number = _NUMBER.get(raw[:dot])
    body = None if number is None else _BODIES.get(raw[dot + 1 :])
    if body is None:
        m = WRITTEN_TRICK(raw)
        if m is None:
            return None
        text = m[2]
        words = text.split(" ")  # "", then seat and card in turn: each play is five characters
        body = tuple(
            (words[i], _CARD[words[i + 1]], 5 * (i // 2) + 3) for i in range(1, len(words), 2)
        )
        if len(_BODIES) < _BODIES_MAX:
            _BODIES[text] = body
        number = trick_number(m[1])
    plays = []
    for seat, card, at in body:
        play: Any = _PlayFill()
        play.seat = seat
        play.card = card
        play.marks = play.glyphs = play.comments = ()
        play.pos = _tuple_new(Pos, (line, dot + at))
        play.__class__ = Play
        plays.append(play)
    trick: Any = TrickLine()
    trick.number = number
    trick.plays = tuple(plays)
    trick.comments = ()
    trick.pos = _tuple_new(Pos, (line, 1))
    return trick  # type: ignore[no-any-return]


_INDENTED: dict[str, tuple[bool, Any]] = {}
"""Indented lines as the writer writes them, read once: a draw line (:data:`WRITTEN_DRAWS`)
as ``(True, draws)``, each draw's seat, cards and column; a declaration without annotation
(:data:`WRITTEN_DECL`) as ``(False, (seat, kind, cards, score, column))``. The same lines
come back deal after deal (two players have some two thousand draw lines); the cache stops
growing at :data:`_INDENTED_MAX`."""
_INDENTED_MAX = 8192


def written_indented(raw: str, line: int) -> list[Draw] | Declaration | None:
    """The draws of a draw line or the declaration of a line as the writer writes them
    (:data:`WRITTEN_DRAWS`, :data:`WRITTEN_DECL`), else None."""
    entry = _INDENTED.get(raw)
    if entry is None:
        found = _indented(raw)
        if found is None:
            return None
        entry = found
        if len(_INDENTED) < _INDENTED_MAX:
            _INDENTED[raw] = entry
    draws_line, parts = entry
    if draws_line:  # the draws filled in place (``notation.model._parsed_draw``, inlined)
        draws = []
        for seat, cards, column in parts:
            draw: Any = _DrawFill()
            draw.seat = seat
            draw.cards = cards
            draw.comments = ()
            draw.pos = _tuple_new(Pos, (line, column))
            draw.__class__ = Draw
            draws.append(draw)
        return draws
    seat, kind, cards, score, column = parts
    return _parsed_declaration(seat, kind, cards, score, _tuple_new(Pos, (line, column)))


def _indented(raw: str) -> tuple[bool, Any] | None:
    """The entry of :data:`_INDENTED` for a line, or None when it is neither shape."""
    m = WRITTEN_DRAWS(raw)
    if m is not None:
        column = m.start(1) + 1
        parts = []
        for part in m[1].split(", "):
            parts.append((part[0], _DRAWN[part[2:]], column))
            column += len(part) + 2
        return True, tuple(parts)
    m = WRITTEN_DECL(raw)
    if m is not None:
        found = tuple(map(_CARD.__getitem__, m[3].split())) if m[3] else ()
        return False, (m[1], m[2], found, int(m[4]), m.start(1) + 1)
    return None


# --------------------------------------------------------------------------- annotations

_GLYPH = r"[!?][!?]?|\$[0-9]+"
"""The grammar's ``GLYPH`` (``!!``, ``??``, ``!?``, ``?!``, ``!``, ``?``: every run of one or
two of ``!`` and ``?``) and ``NAG``; each is followed by a space or the end of the line,
so that a run Lark would cut otherwise (``!?!``) is left to Lark."""
_BRACE = r"\{[^\\}]*(?:\\.[^\\}]*)*\}"
"""A ``{comment}`` on one line (the grammar's ``COMMENT``): ``\\`` and the character after
it, else anything but ``}``; written as runs of the plain characters, which the regular
expression engine takes a run at a time, rather than as a choice made at each character."""
_TAIL_END = r"(?: (;.*))?[ \t\r]*"
_PLAY = rf" [ABCD] [ATKQJ987][SHDC](?:\^[A-Z]+)*(?: (?:{_GLYPH}|{_BRACE}))*"
"""A play and its annotations, glyphs, NAGs and ``{...}`` comments in any order (the writer
puts the glyphs first; an annotator may not: ``B JS ! {a note} $14``)."""
_NOTED_TRICK = re.compile(rf"[ \t]*([0-9]+)\.((?:{_PLAY})+){_TAIL_END}").fullmatch
"""A trick line as the writer writes an annotated one (``2. A 9H B AH ! {B wins}``), or with
each play's annotations in another order, one space apart."""
_ITEMS = re.compile(
    rf" (?:([ABCD]) ([ATKQJ987][SHDC])((?:\^[A-Z]+)*)|({_GLYPH})|({_BRACE}))"
).findall
"""The items of a matched trick line, each after one space: a play (seat, card, marks), a
glyph or NAG, a ``{comment}``; as tuples of texts (an empty text for a group not taken)."""
_NOTES = re.compile(_BRACE)
_NOTE_LINE = re.compile(rf"[ \t]*({_BRACE})[ \t\r]*").fullmatch
"""A line holding one ``{comment}`` (the header pattern's ``NOTE``, without its other
choices to try first)."""


def _noted_trick(m: re.Match[str], line: int) -> TrickLine:
    """The trick line matched by :data:`_NOTED_TRICK`, annotations on the play before them.

    Items are one space apart (the pattern says so): each one's column is counted from the
    lengths of those before it, not asked of a match object.
    """
    plays: list[Play] = []
    seat = ""
    card: Any = None
    column = 0
    marks: tuple[str, ...] = ()
    glyphs: tuple[str, ...] = ()
    notes: tuple[Comment, ...] = ()
    at = m.start(2)  # the space before the next item
    for seat_text, card_text, suffix, glyph, brace in _ITEMS(m.string, at, m.end(2)):
        if seat_text:
            if seat:  # the play before, filled in place (model._parsed_play, inlined)
                play: Any = _PlayFill()
                play.seat = seat
                play.card = card
                play.marks = marks
                play.glyphs = glyphs
                play.comments = notes
                play.pos = _tuple_new(Pos, (line, column))
                play.__class__ = Play
                plays.append(play)
            seat, card, column = seat_text, _CARD[card_text], at + 2
            marks = tuple(suffix[1:].split("^")) if suffix else ()
            glyphs = notes = ()
            at += 5 + len(suffix)
        elif glyph:
            glyphs += (glyph,)
            at += 1 + len(glyph)
        else:
            notes += (brace_comment(brace, _tuple_new(Pos, (line, at + 2))),)
            at += 1 + len(brace)
    if m[3] is not None:
        notes += (line_comment(m[3], pos(line, m.start(3) + 1)),)
    play = _PlayFill()
    play.seat = seat
    play.card = card
    play.marks = marks
    play.glyphs = glyphs
    play.comments = notes
    play.pos = _tuple_new(Pos, (line, column))
    play.__class__ = Play
    plays.append(play)
    return trick_line(trick_number(m[1]), tuple(plays), (), pos(line, m.start(1) + 1))


def noted_trick(raw: str, line: int) -> TrickLine | None:
    """The trick line ``raw`` when it is annotated as :data:`_NOTED_TRICK` reads it (the first
    thing ``read_line`` tries for a line starting with a digit), else None."""
    m = _NOTED_TRICK(raw)
    return None if m is None else _noted_trick(m, line)


def _comments(m: re.Match[str], group: int, tail: int, line: int) -> tuple[Any, ...]:
    """The ``{...}`` comments in group ``group`` and the ``; comment`` of group ``tail``."""
    found = []
    if m.start(group) < m.end(group):
        found = [
            brace_comment(c[0], pos(line, c.start() + 1))
            for c in _NOTES.finditer(m.string, m.start(group), m.end(group))
        ]
    if m[tail] is not None:
        found.append(line_comment(m[tail], pos(line, m.start(tail) + 1)))
    return tuple(found)


# --------------------------------------------------------------------------- the patterns

_PATTERNS: dict[str, Any] | None = None


def _patterns() -> dict[str, Any]:
    """The fast patterns, built once from the grammar's terminals."""
    global _PATTERNS
    if _PATTERNS is None:
        kind, card_run, integer = terminal("KIND"), terminal("CARDS"), terminal("INT")
        combo = f"{kind}(?: {card_run})? {integer}"
        seatints = f"(?: {terminal('SEATINT')})*"
        _PATTERNS = {
            "trick": re.compile(rf"[ \t]*({terminal('TRICK')})[ \t\r]*").fullmatch,
            "draws": re.compile(
                rf"[ \t]*({terminal('DRAWS')})((?: {_BRACE})*){_TAIL_END}"
            ).fullmatch,
            "decl": re.compile(
                rf"[ \t]*({terminal('DECL')})( fresh)?((?: (?:{_GLYPH}))*)"
                rf"(?: carry ({combo}(?:, {combo})*))?((?: {_BRACE})*){_TAIL_END}"
            ).fullmatch,
            # the runs of cards first: the regex engine saves the groups opened before a
            # repetition at each step of it
            "header": re.compile(
                r"[ \t]*(?:"
                rf"(?P<STOCK>stock (?P<scards>{terminal('HCARDS')}))"
                rf"|(?P<HAND>hand (?P<seat>{terminal('SEAT')}) (?P<hcards>{terminal('HCARDS')}))"
                rf"|(?P<TAG>(?P<lsqb>\[)(?P<tagname>{terminal('TAGNAME')}) "
                rf"(?P<tagvalue>{terminal('STRING')})\])"
                rf"|(?P<DEAL>deal (?P<number>{integer}) dealer (?P<dealer>{terminal('SEAT')}))"
                rf"|(?P<TURNUP>turnup (?P<turnup>{terminal('CARDS')}))"
                rf"|(?P<SCORE>score(?P<scores>{seatints})(?: brisques(?P<brisques>{seatints}))?)"
                rf"|(?P<TOTAL>total(?P<totals>{seatints}))"
                rf"|(?P<NOTE>{terminal('COMMENT')})"
                rf"|(?P<LINENOTE>{terminal('LINECOMMENT')})"
                r")[ \t\r]*"
            ).fullmatch,
            "seatint": re.compile(terminal("SEATINT")).findall,
        }
    return _PATTERNS


def read_line(raw: str, line: int) -> Any:
    """The statement of a line the fast reader reads, or None (the line is left to Lark).

    ``line`` is the line's number in its file; the statement is the value Lark's callbacks
    would build (``notation.lark_parser.Builder``), positions included.
    """
    head = raw.lstrip(" \t")[:1]
    if not head:
        return None
    p = _patterns()
    if head in "0123456789":
        if (m := _NOTED_TRICK(raw)) is not None:
            return _noted_trick(m, line)
        if (m := p["trick"](raw)) is not None:
            token = m[1]
            dot = token.index(".")
            column = m.start(1) + 1
            plays = run_plays(token, dot, line, column)
            return trick_line(int(token[:dot]), tuple(plays), (), pos(line, column))
        return None
    if head in "ABCD":
        if (m := WRITTEN_DECL(raw)) is not None:
            return _written_declaration(m, line)
        if (m := p["decl"](raw)) is not None:
            return _declaration(m, line)
        return None
    if head == "h" or head == "s":
        cards_line = _cards_line(raw, line)
        if cards_line is not None:
            return cards_line
    elif head == "d" and (m := p["draws"](raw)) is not None:
        draws = run_draws(m[1], line, m.start(1) + 1)
        comments = _comments(m, 2, 3, line) if m.end(2) > m.start(2) or m[3] else ()
        if comments:
            last = draws[-1]
            draws[-1] = _parsed_draw(last.seat, last.cards, comments, last.pos)
        return draws
    elif head == "[" and (m := _TAG_LINE(raw)) is not None:
        value_at = _tuple_new(Pos, (line, m.start(2)))  # the opening quote
        return TagLine(Tag(m[1], m[2], _tuple_new(Pos, (line, 1))), (), value_at)
    elif head == "{" and (m := _NOTE_LINE(raw)) is not None:
        at = pos(line, m.start(1) + 1)
        return Notes((brace_comment(m[1], at),), at)
    if (m := p["header"](raw)) is not None:
        return _header(m, line, p)
    return None


def _written_declaration(m: re.Match[str], line: int) -> Declaration:
    """The declaration matched by :data:`WRITTEN_DECL`."""
    found = tuple(map(_CARD.__getitem__, m[3].split())) if m[3] else ()
    return _parsed_declaration(
        m[1], m[2], found, int(m[4]), _tuple_new(Pos, (line, m.start(1) + 1))
    )


_SEAT_WORDS = frozenset("ABCD")
_canonical = CANONICAL.get


def _cards_line(raw: str, line: int) -> Hand | Stock | None:
    """A hand or stock line as the writer writes it (``hand A 7D ? ...``, ``stock KH QH``),
    read word by word; None for any other line."""
    words = raw.split(" ")
    first = words[0]
    if first == "stock":
        start = 1
    elif first == "hand" and len(words) > 1 and words[1] in _SEAT_WORDS:
        start = 2
    else:
        return None
    more = words[-1] == "..." and len(words) > start
    end = len(words) - 1 if more else len(words)
    written = words[start:end]
    found = tuple(map(_canonical, written))
    if None in found and any(c is None and w != "?" for c, w in zip(found, written, strict=True)):
        return None
    at = _tuple_new(Pos, (line, 1))
    if start == 1:
        return Stock(found, more, (), at)
    return Hand(words[1], found, more, (), at)


def _declaration(m: re.Match[str], line: int) -> Declaration:
    plain = run_decl(m[1], line, m.start(1) + 1)
    if m.end(5) == m.end(1) and m[6] is None:  # nothing after the score
        return plain
    return _parsed_declaration(
        plain.seat,
        plain.kind,
        plain.cards,
        plain.score,
        plain.pos,
        () if m[4] is None else _carried(m[4], line, m.start(4) + 1),
        tuple(m[3].split()) if m[3] else (),
        _comments(m, 5, 6, line),
        m[2] is not None,
    )


def _carried(text: str, line: int, column: int) -> tuple[Combination, ...]:
    """The combinations after ``carry`` (``bezique QS JD 40, marriage KH QH 20``), written
    with single spaces as the pattern matched them."""
    carried: list[Combination] = []
    at = column
    for part in text.split(", "):
        words = part.split()
        found = cards(" ".join(words[1:-1]))
        carried.append(Combination(words[0].lower(), found, int(words[-1]), pos(line, at)))
        at += len(part) + 2
    return tuple(carried)


def _header(m: re.Match[str], line: int, p: dict[str, Any]) -> Any:
    """The statement of a plain header line, as the callbacks make it from Lark's tokens."""
    kind = m.lastgroup or ""
    at = pos(line, m.start(kind) + 1)
    if kind == "TAG":
        value_at = pos(line, m.start("tagvalue") + 1)
        return TagLine(Tag(m["tagname"], unquote(m["tagvalue"]), at), (), value_at)
    if kind == "DEAL":
        return DealLine(int(m["number"]), m["dealer"], (), (), at)
    if kind == "HAND":
        return Hand(m["seat"], hcards(m["hcards"]), False, (), at)
    if kind == "STOCK":
        return Stock(hcards(m["scards"]), False, (), at)
    if kind == "TURNUP":
        found = hcards(m["turnup"])
        if len(found) != 1:
            return None  # Lark reports it
        return Turnup(found[0], (), at)  # type: ignore[arg-type]  # a known card
    if kind == "SCORE":
        scores = p["seatint"](m["scores"])
        brisques = p["seatint"](m["brisques"] or "")
        return ScoreLine(False, numbers(scores), numbers(brisques), (), at)
    if kind == "TOTAL":
        return ScoreLine(True, numbers(p["seatint"](m["totals"])), (), (), at)
    if kind == "NOTE":
        return Notes((brace_comment(m[kind], at),), at)
    return Notes((line_comment(m[kind], at),), at)
