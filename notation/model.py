"""The BZN record model: frozen, slotted dataclasses, in the order a game is played.

A :class:`Record` holds its tags, the events before its first deal and its
deals. A :class:`Deal` holds its header (number, dealer, cut, hands, stock,
turn-up), the events before the first trick (carte blanche, marks, comments),
its tricks, and its end (:class:`DealScore`). Each :class:`Trick` holds its
plays, then every event up to the next trick: declarations, draws, marks,
comments, variations. A consumer walks a deal in order with::

    for event in deal.events: ...
    for trick in deal.tricks:
        for play in trick.plays: ...
        for event in trick.events: ...

Every node has a ``pos`` (line, column) in its source; it takes no part in
equality, so a record built in code equals the same record read from text.
Unknown cards (``?`` in hands, stock and draws) are ``None``.

Constructors take defaults everywhere and accept card text where a
:class:`~notation.cards.Card` is expected (``Play("A", "7D")``), so a simulator
can build records in a few lines and write them with
:func:`notation.writer.write_record`. ``str()`` of a small value gives its
canonical text and ``parse()`` reads it back (``Play.parse("A 7D^L !")``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple, TypeAlias, TypeVar

from notation.cards import Card
from notation.errors import NotationError

SEATS = "ABCD"
"""The seat letters, in the order the notation uses them."""


class Pos(NamedTuple):
    """A position in the source text: 1-based line and column."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


def _card(value: Card | str) -> Card:
    return value if type(value) is Card else Card.parse(str(value))


_CARD: frozenset[type] = frozenset({Card})
_CARD_OR_NONE: frozenset[type] = frozenset({Card, type(None)})


def _cards(values: Iterable[Card | str] | str) -> tuple[Card, ...]:
    """Cards as a tuple of :class:`Card`; text (``"KC QC"``) and card strings are read."""
    if type(values) is tuple and _CARD.issuperset(map(type, values)):
        return values
    if isinstance(values, str):
        values = values.split()
    return tuple(_card(c) for c in values)


def _maybe_cards(values: Iterable[Card | str | None] | str) -> tuple[Card | None, ...]:
    """As :func:`_cards`, with ``None`` (or ``?``) for a card not named."""
    if type(values) is tuple and _CARD_OR_NONE.issuperset(map(type, values)):
        return values
    if isinstance(values, str):
        values = values.split()
    return tuple(None if c is None or c == "?" else _card(c) for c in values)


def _fix(obj: object, name: str, convert: Callable[[Any], object]) -> None:
    """Store ``convert(value)`` when it differs from the value (a frozen dataclass)."""
    value = getattr(obj, name)
    converted = convert(value)
    if converted is not value:
        object.__setattr__(obj, name, converted)


def _set(obj: object, name: str, value: object) -> None:
    object.__setattr__(obj, name, value)


_seat_of = attrgetter("seat")


def _cards_text(cards: Iterable[Card | None]) -> str:
    return " ".join("?" if c is None else str(c) for c in cards)


def _pos_dict(pos: Pos | None) -> dict[str, int] | None:
    return None if pos is None else {"line": pos.line, "column": pos.column}


_T = TypeVar("_T")


def _parse_one(text: str, kind: type[_T]) -> _T:
    from notation.parser import parse_statement  # the parser imports this module

    item = parse_statement(text)
    if not isinstance(item, kind):
        raise ValueError(f"{text!r} is not a {kind.__name__}")
    return item


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment: ``{text}`` (``line=False``) or ``; text`` to the end of the line."""

    text: str
    line: bool = False
    """True for a ``;`` comment, which runs to the end of its line."""
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        if self.line and "\n" not in self.text:
            return f"; {self.text}" if self.text else ";"
        return self.braced()

    def braced(self) -> str:
        """The comment in braces, whatever its kind: ``\\``, ``\\{`` and ``\\}`` for a
        backslash and braces in the text, and a ``\\`` before a later line of the text that
        would read as a statement (docs/notation.md, Annotation)."""
        return "{" + _escaped(self.text) + "}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "comment", "text": self.text, "line": self.line, "pos": _pos_dict(self.pos)}


_STATEMENT_START = frozenset("0123456789[^(){;ABCD")
_KEYWORDS = ("deal", "hand", "stock", "turnup", "draw", "score", "total")


def may_read_as_statement(line: str) -> bool:
    """False when ``line`` cannot read as a statement (it starts with none of the characters
    or words a statement, a parenthesis or a comment starts with): a cheap test before
    :func:`notation.comment_lines.reads_as_statement`."""
    text = line.lstrip(" \t\f\r")
    return bool(text) and (text[0] in _STATEMENT_START or text.startswith(_KEYWORDS))


def _escaped(text: str) -> str:
    """The text of a brace comment as written between its braces."""
    if "\\" in text or "{" in text or "}" in text:
        text = text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    if "\n" not in text:
        return text
    lines = text.split("\n")
    for i in range(1, len(lines)):
        line = lines[i]
        if may_read_as_statement(line):
            from notation.comment_lines import reads_as_statement  # brings in lark

            if reads_as_statement(line):
                body = line.lstrip(" \t\f\r")
                lines[i] = line[: len(line) - len(body)] + "\\" + body
    return "\n".join(lines)


def _notes(comments: tuple[Comment, ...], last: bool = True) -> str:
    """Comments written after an item; a ``;`` comment only where nothing follows it."""
    if not comments:
        return ""
    parts = [c.braced() for c in comments[:-1]]
    final = comments[-1]
    parts.append(str(final) if last else final.braced())
    return " " + " ".join(parts)


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair, ``[Name "value"]``; any name is kept, in the order written."""

    name: str
    value: str
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        escaped = self.value.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{self.name} "{escaped}"]'

    @classmethod
    def parse(cls, text: str) -> Tag:
        return _parse_one(text, cls)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "pos": _pos_dict(self.pos)}


@dataclass(frozen=True, slots=True)
class Play:
    """One card played to a trick by one seat, with its marks and annotation.

    ``marks`` are the suffix codes written after the card (``A 7D^L``: ``("L",)``);
    ``glyphs`` hold ``!``, ``?``, ``!!``, ``??``, ``!?``, ``?!`` and ``$n``.
    """

    seat: str
    card: Card
    marks: tuple[str, ...] = ()
    glyphs: tuple[str, ...] = ()
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            _set(self, "card", _card(self.card))

    def __str__(self) -> str:
        text = f"{self.seat} {self.card}" + "".join("^" + m for m in self.marks)
        if self.glyphs:
            text += " " + " ".join(self.glyphs)
        return text + _notes(self.comments)

    @classmethod
    def parse(cls, text: str) -> Play:
        trick = _parse_one("1. " + text, Trick)
        if len(trick.plays) != 1:
            raise ValueError(f"{text!r} is not one play")
        return trick.plays[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": str(self.card),
            "marks": list(self.marks),
            "glyphs": list(self.glyphs),
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Combination:
    """A combination named with its cards and the score claimed: ``marriage KS QS 20``.

    The kind is a free word (``marriage``, ``double-bezique``, ``aces``...);
    the grammar does not judge it, the validator does.
    """

    kind: str
    cards: tuple[Card, ...] = ()
    score: int = 0
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _fix(self, "cards", _cards)

    def __str__(self) -> str:
        cards = _cards_text(self.cards)
        return f"{self.kind} {cards} {self.score}" if cards else f"{self.kind} {self.score}"

    @classmethod
    def parse(cls, text: str) -> Combination:
        decl = _parse_one("A " + text, Declaration)
        return decl.combination

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "score": self.score,
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Declaration:
    """A seat scores a combination, possibly carrying announcements forward.

    ``B double-bezique QS QS JD JD 500 carry marriage KS QS 20, marriage KS QS 20``
    scores the double bézique and announces two marriages to score later.
    Carte blanche, the seven of trumps (``seven``, ``exchange``) and the last
    trick (``last-trick``) are declarations too.
    """

    seat: str
    kind: str
    cards: tuple[Card, ...] = ()
    score: int = 0
    carried: tuple[Combination, ...] = ()
    glyphs: tuple[str, ...] = ()
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)
    fresh: bool = False
    """True for ``... 20 fresh``: a new declaration of a combination identical to one carried,
    the carried one staying pending (without the word, a declaration matching a carried
    announcement scores the carried one)."""

    def __post_init__(self) -> None:
        _fix(self, "cards", _cards)
        if type(self.carried) is not tuple:
            _set(self, "carried", tuple(self.carried))
        if not self.kind.islower():
            _set(self, "kind", self.kind.lower())

    @property
    def combination(self) -> Combination:
        """The combination scored, without seat and annotation."""
        return Combination(self.kind, self.cards, self.score, self.pos)

    def __str__(self) -> str:
        text = f"{self.seat} {Combination(self.kind, self.cards, self.score)}"
        if self.fresh:
            text += " fresh"
        if self.glyphs:
            text += " " + " ".join(self.glyphs)
        if self.carried:
            text += " carry " + ", ".join(str(c) for c in self.carried)
        return text + _notes(self.comments)

    @classmethod
    def parse(cls, text: str) -> Declaration:
        return _parse_one(text, cls)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "declaration",
            "seat": self.seat,
            "kind": self.kind,
            "cards": [str(c) for c in self.cards],
            "score": self.score,
            "fresh": self.fresh,
            "carried": [c.to_dict() for c in self.carried],
            "glyphs": list(self.glyphs),
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Draw:
    """One seat takes cards from the stock: usually one, ``None`` when not named.

    A draw line ``draw A KH, B QH`` is two :class:`Draw` events in that order;
    ``draw A KH QH`` is one seat drawing two cards (an irregularity), and a
    seat that does not draw is simply absent.
    """

    seat: str
    cards: tuple[Card | None, ...] = (None,)
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        cards = self.cards  # the commonest event: the check of _maybe_cards inlined
        if type(cards) is not tuple or not _CARD_OR_NONE.issuperset(map(type, cards)):
            _set(self, "cards", _maybe_cards(cards))

    @property
    def card(self) -> Card | None:
        """The card drawn when exactly one was drawn, else None."""
        return self.cards[0] if len(self.cards) == 1 else None

    def __str__(self) -> str:
        return f"{self.seat} {_cards_text(self.cards)}"

    @classmethod
    def parse(cls, text: str) -> Draw:
        return _parse_one("draw " + text, cls)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "draw",
            "seat": self.seat,
            "cards": [None if c is None else str(c) for c in self.cards],
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Mark:
    """A line recording an irregularity, an election, a challenge or a ruling.

    Written ``^code [seat] [cards] [word] ["text"]``: ``^exposed A 7H``,
    ``^lead-out-of-turn B``, ``^challenge A``, ``^elect B void-deal``,
    ``^ruling "the trick stands"``. The codes are listed in docs/notation.md;
    the grammar accepts any word, the validator judges it.
    """

    code: str
    seat: str | None = None
    cards: tuple[Card, ...] = ()
    value: str | None = None
    text: str | None = None
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _fix(self, "cards", _cards)

    def __str__(self) -> str:
        parts = ["^" + self.code]
        if self.seat is not None:
            parts.append(self.seat)
        if self.cards:
            parts.append(_cards_text(self.cards))
        if self.value is not None:
            parts.append(self.value)
        if self.text is not None:
            parts.append('"' + self.text.replace("\\", "\\\\").replace('"', '\\"') + '"')
        return " ".join(parts) + _notes(self.comments)

    @classmethod
    def parse(cls, text: str) -> Mark:
        return _parse_one(text, cls)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "mark",
            "code": self.code,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "value": self.value,
            "text": self.text,
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


Event: TypeAlias = "Declaration | Draw | Mark | Comment | Variation"
"""What may follow a trick (or come before the first one)."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: its number, its plays in the order played, then the events after it."""

    number: int
    plays: tuple[Play, ...] = ()
    events: tuple[Event, ...] = ()
    comments: tuple[Comment, ...] = ()
    """Comments written between the trick's number and its first play (``3. {a guess} A 9C
    B 8C``), or on a trick line with no play (``17. {abandoned}``)."""
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.plays) is not tuple:
            _set(self, "plays", tuple(self.plays))
        if type(self.events) is not tuple:
            _set(self, "events", tuple(self.events))

    def declarations(self) -> Iterator[Declaration]:
        return (e for e in self.events if isinstance(e, Declaration))

    def draws(self) -> Iterator[Draw]:
        return (e for e in self.events if isinstance(e, Draw))

    def marks(self) -> Iterator[Mark]:
        return (e for e in self.events if isinstance(e, Mark))

    def to_dict(self) -> dict[str, Any]:
        return _tree_dict(self)

    def _shallow_dict(self) -> dict[str, Any]:
        """The dict with its ``events`` still to fill (see :func:`_tree_dict`)."""
        return {
            "number": self.number,
            "plays": [p.to_dict() for p in self.plays],
            "events": [],
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


# Constructors for the parser's hot path, skipping the dataclass ``__init__`` and
# ``__post_init__``: only for values the parser has already normalised (a ``Card`` for a play,
# a tuple of ``Card``/``None`` for a draw); the public constructors above keep normalising
# whatever they are given. A frozen dataclass can only be filled through its slots'
# descriptors, one call each; instead each is filled as a plain object of a class with the
# same slots (one store each, the cheapest there is), whose ``__class__`` is then set to the
# model's class: Python allows it between classes of the same layout, and the object is from
# then on a model value like any other (half the instructions of the descriptor calls).


class _PlayFill:
    __slots__ = Play.__slots__
    seat: str
    card: Card
    marks: tuple[str, ...]
    glyphs: tuple[str, ...]
    comments: tuple[Comment, ...]
    pos: Pos | None


class _DrawFill:
    __slots__ = Draw.__slots__
    seat: str
    cards: tuple[Card | None, ...]
    comments: tuple[Comment, ...]
    pos: Pos | None


class _DeclarationFill:
    __slots__ = Declaration.__slots__
    seat: str
    kind: str
    cards: tuple[Card, ...]
    score: int
    carried: tuple[Combination, ...]
    glyphs: tuple[str, ...]
    comments: tuple[Comment, ...]
    pos: Pos | None
    fresh: bool


class _CommentFill:
    __slots__ = Comment.__slots__
    text: str
    line: bool
    pos: Pos | None


def _parsed_play(
    seat: str,
    card: Card,
    pos: Pos | None,
    marks: tuple[str, ...] = (),
    glyphs: tuple[str, ...] = (),
    comments: tuple[Comment, ...] = (),
) -> Play:
    """``Play(seat, card, marks, glyphs, comments, pos)`` for a card the parser has read (a
    ``Card``) and tuples of marks, glyphs and ``Comment``."""
    if type(card) is not Card:
        card = _card(card)
    obj: Any = _PlayFill()
    obj.seat = seat
    obj.card = card
    obj.marks = marks
    obj.glyphs = glyphs
    obj.comments = comments
    obj.pos = pos
    obj.__class__ = Play
    return obj  # type: ignore[no-any-return]


def _parsed_draw(
    seat: str,
    cards: tuple[Card | None, ...],
    comments: tuple[Comment, ...],
    pos: Pos | None,
) -> Draw:
    """``Draw(seat, cards, comments, pos)`` for cards the parser has read (a tuple of ``Card``
    or ``None``, as ``notation.statements.hcards`` returns)."""
    obj: Any = _DrawFill()
    obj.seat = seat
    obj.cards = cards
    obj.comments = comments
    obj.pos = pos
    obj.__class__ = Draw
    return obj  # type: ignore[no-any-return]


def _parsed_declaration(
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    score: int,
    pos: Pos | None,
    carried: tuple[Combination, ...] = (),
    glyphs: tuple[str, ...] = (),
    comments: tuple[Comment, ...] = (),
    fresh: bool = False,
) -> Declaration:
    """``Declaration(seat, kind, cards, score, carried, glyphs, comments, pos, fresh)`` for a
    kind the parser has put in lower case and tuples of ``Card``, ``Combination``, glyphs and
    ``Comment``."""
    obj: Any = _DeclarationFill()
    obj.seat = seat
    obj.kind = kind
    obj.cards = cards
    obj.score = score
    obj.carried = carried
    obj.glyphs = glyphs
    obj.comments = comments
    obj.pos = pos
    obj.fresh = fresh
    obj.__class__ = Declaration
    return obj  # type: ignore[no-any-return]


def _parsed_comment(text: str, line: bool, pos: Pos | None) -> Comment:
    """``Comment(text, line, pos)`` for the text the parser has read."""
    obj: Any = _CommentFill()
    obj.text = text
    obj.line = line
    obj.pos = pos
    obj.__class__ = Comment
    return obj  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Variation:
    """An alternative line in parentheses: events, then tricks, like a deal's body."""

    events: tuple[Event, ...] = ()
    tricks: tuple[Trick, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.events) is not tuple:
            _set(self, "events", tuple(self.events))
        if type(self.tricks) is not tuple:
            _set(self, "tricks", tuple(self.tricks))

    def to_dict(self) -> dict[str, Any]:
        return _tree_dict(self)

    def _shallow_dict(self) -> dict[str, Any]:
        """The dict with its ``events`` and ``tricks`` still to fill (see :func:`_tree_dict`)."""
        return {"type": "variation", "events": [], "tricks": [], "pos": _pos_dict(self.pos)}


def _tree_dict(root: Trick | Variation) -> dict[str, Any]:
    """``to_dict()`` of a trick or variation, nested variations included, by a loop over a
    stack rather than by recursion: variations nested thousands deep cost no Python frames.
    """
    out: list[dict[str, Any]] = []
    stack: list[tuple[Any, list[dict[str, Any]]]] = [(root, out)]
    while stack:
        node, into = stack.pop()
        kind = type(node)
        if kind is Trick:
            d = node._shallow_dict()
            stack.extend((e, d["events"]) for e in reversed(node.events))
        elif kind is Variation:
            d = node._shallow_dict()
            stack.extend((t, d["tricks"]) for t in reversed(node.tricks))
            stack.extend((e, d["events"]) for e in reversed(node.events))
        else:
            d = node.to_dict()
        into.append(d)
    return out[0]


@dataclass(frozen=True, slots=True)
class Hand:
    """A seat's dealt hand: ``None`` for a card not named; ``more`` when ``...`` ends it."""

    seat: str
    cards: tuple[Card | None, ...] = ()
    more: bool = False
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _fix(self, "cards", _maybe_cards)

    @property
    def complete(self) -> bool:
        """True when every card is named and nothing more is implied."""
        return not self.more and None not in self.cards

    def __str__(self) -> str:
        text = f"hand {self.seat}"
        if self.cards:
            text += " " + _cards_text(self.cards)
        return text + (" ..." if self.more else "") + _notes(self.comments)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "cards": [None if c is None else str(c) for c in self.cards],
            "more": self.more,
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Stock:
    """The stock after the deal, top card first; ``more`` when ``...`` ends it."""

    cards: tuple[Card | None, ...] = ()
    more: bool = False
    comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _fix(self, "cards", _maybe_cards)

    def __str__(self) -> str:
        text = "stock"
        if self.cards:
            text += " " + _cards_text(self.cards)
        return text + (" ..." if self.more else "") + _notes(self.comments)

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [None if c is None else str(c) for c in self.cards],
            "more": self.more,
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


SeatNumbers: TypeAlias = tuple[tuple[str, int], ...]
"""Numbers by seat in the order written: ``(("A", 1260), ("B", 1140))``."""


def _seat_numbers(values: SeatNumbers | dict[str, int]) -> SeatNumbers:
    if isinstance(values, dict):
        return tuple(values.items())
    return values if type(values) is tuple else tuple(values)


def _seat_numbers_text(values: SeatNumbers) -> str:
    return " ".join(f"{seat} {n}" for seat, n in values)


@dataclass(frozen=True, slots=True)
class DealScore:
    """The end of a deal as claimed: scores, brisques, running totals.

    ``score A 1260 B 1140 brisques A 7 B 25`` and ``total A 3100 B 1140``. Any
    part may be empty; a dict is accepted for each (``scores={"A": 1260}``).
    """

    scores: SeatNumbers = ()
    brisques: SeatNumbers = ()
    totals: SeatNumbers = ()
    comments: tuple[Comment, ...] = ()
    has_score_line: bool = True
    """False when only a ``total`` line was written."""
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("scores", "brisques", "totals"):
            value = getattr(self, name)
            if type(value) is not tuple:
                _set(self, name, _seat_numbers(value))

    def score(self, seat: str) -> int | None:
        return dict(self.scores).get(seat)

    def brisque(self, seat: str) -> int | None:
        return dict(self.brisques).get(seat)

    def total(self, seat: str) -> int | None:
        return dict(self.totals).get(seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": dict(self.scores),
            "brisques": dict(self.brisques),
            "totals": dict(self.totals),
            "has_score_line": self.has_score_line,
            "comments": [c.to_dict() for c in self.comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: header, events before the first trick, tricks, and its end."""

    number: int
    dealer: str
    cut: tuple[Card, ...] = ()
    """The card or cards shown in the cut (more than one is an irregularity)."""
    hands: tuple[Hand, ...] = ()
    stock: Stock | None = None
    turnup: Card | None = None
    events: tuple[Event, ...] = ()
    tricks: tuple[Trick, ...] = ()
    score: DealScore | None = None
    comments: tuple[Comment, ...] = ()
    """Comments on the ``deal`` line itself."""
    turnup_comments: tuple[Comment, ...] = ()
    pos: Pos | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        _fix(self, "cut", lambda v: _cards((v,) if isinstance(v, Card) else v))
        if self.turnup is not None and type(self.turnup) is not Card:
            _set(self, "turnup", _card(self.turnup))
        for name in ("hands", "events", "tricks"):
            value = getattr(self, name)
            if type(value) is not tuple:
                _set(self, name, tuple(value))

    def hand(self, seat: str) -> Hand | None:
        """The dealt hand of a seat, or None when the record does not give it."""
        for hand in self.hands:
            if hand.seat == seat:
                return hand
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "cut": [str(c) for c in self.cut],
            "hands": [h.to_dict() for h in self.hands],
            "stock": None if self.stock is None else self.stock.to_dict(),
            "turnup": None if self.turnup is None else str(self.turnup),
            "events": [e.to_dict() for e in self.events],
            "tricks": [t.to_dict() for t in self.tricks],
            "score": None if self.score is None else self.score.to_dict(),
            "comments": [c.to_dict() for c in self.comments],
            "turnup_comments": [c.to_dict() for c in self.turnup_comments],
            "pos": _pos_dict(self.pos),
        }


@dataclass(frozen=True, slots=True)
class Record:
    """One game record: tags, events before the first deal, deals."""

    tags: tuple[Tag, ...] = ()
    deals: tuple[Deal, ...] = ()
    events: tuple[Mark | Comment, ...] = ()
    """Comments and marks before the first deal."""
    source: str | None = field(default=None, compare=False, repr=False)
    """The file the record was read from, when known."""
    pos: Pos | None = field(default=None, compare=False, repr=False)
    errors: tuple[NotationError, ...] = field(default=(), compare=False, repr=False)
    """The faults of a record read leniently (:func:`notation.parser.parse_record_lenient`),
    in line order: the record holds what could be read, each faulty line left out. Empty
    for a clean record and for a record read strictly."""

    def __post_init__(self) -> None:
        for name in ("tags", "deals", "events"):
            value = getattr(self, name)
            if type(value) is not tuple:
                _set(self, name, tuple(value))

    def tag(self, name: str) -> str | None:
        """The value of the first tag of that name (names compare exactly), or None."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return None

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats named by tags (``[A "..."]``) or seen in the deals, in seat order."""
        seen = {t.name for t in self.tags if t.name in SEATS}
        for deal in self.deals:
            seen.add(deal.dealer)
            seen.update(map(_seat_of, deal.hands))
            for trick in deal.tricks:
                seen.update(map(_seat_of, trick.plays))
        return tuple(s for s in SEATS if s in seen)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tags": [t.to_dict() for t in self.tags],
            "events": [e.to_dict() for e in self.events],
            "deals": [d.to_dict() for d in self.deals],
            "source": self.source,
            "pos": _pos_dict(self.pos),
        }


def walk(body: Deal | Variation) -> Iterator[Event | Play | Trick]:
    """Every item of a deal or variation body in order: events, then each trick,
    its plays and its events (variations are yielded, not entered)."""
    yield from body.events
    for trick in body.tricks:
        yield trick
        yield from trick.plays
        yield from trick.events
