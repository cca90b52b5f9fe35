"""A Pygments lexer for BZN, so that ``pygmentize``, Sphinx and MkDocs highlight ``.bzn`` files.

Registered under the ``pygments.lexers`` entry point (``pip install 'bezique[pygments]'``)::

    pygmentize -l bzn samples/games/rubicon.bzn
    pygmentize -f html -O full -o game.html samples/games/rubicon.bzn

and in Markdown fenced blocks marked ``bzn``. The tokens follow ``grammar/bzn.lark``: tags
(name and value), the statement words (``deal``, ``hand``, ``draw``, ``score``...), seats,
cards (``?`` for a card not named), trick numbers, combination words, numbers, marks
(``^revoke``) and play suffixes (``^L``), glyphs and ``$n``, comments in braces and after
``;``, and the parentheses of variations. It colours, it does not judge: the parser does.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

_SUITS = "SHDCshdc\u2660\u2665\u2666\u2663\u2664\u2661\u2662\u2667"
CARD = rf"(?:10|[ATKQJ987atkqj])[{_SUITS}](?![\w-])"
"""A card, as the grammar reads it: rank then suit, any case, suit symbols too."""
KIND = r"(?![ATKQJatkqj][SHDCshdc](?![\w-]))[a-zA-Z][a-zA-Z0-9]*(?:-[a-zA-Z0-9]+)*"
"""A combination word (``marriage``, ``double-bezique``), never a card."""
KEYWORDS = (
    "deal",
    "dealer",
    "cut",
    "hand",
    "stock",
    "turnup",
    "draw",
    "score",
    "brisques",
    "total",
    "carry",
    "fresh",
)

_Rules = list[tuple[str, object] | tuple[str, object, str]]
_COMMENTS: _Rules = [
    (r"\{[^}]*\}", Comment.Multiline),
    (r";[^\n]*", Comment.Single),
]


class BznLexer(RegexLexer):
    """BZN, the Bézique notation (``docs/notation.md``)."""

    name = "BZN"
    aliases: ClassVar[list[str]] = ["bzn", "bezique"]
    filenames: ClassVar[list[str]] = ["*.bzn"]
    mimetypes: ClassVar[list[str]] = ["text/x-bzn"]
    url = "https://bezique.invalid/docs/notation.md"

    tokens: ClassVar[dict[str, list[tuple[str, object] | tuple[str, object, str]]]] = {
        "root": [
            (r"\n", Whitespace),
            (r"[ \t\f\r]+", Whitespace),
            *_COMMENTS,
            (
                r'(\[)([ \t]*)([A-Za-z][A-Za-z0-9_+-]*)([ \t]+)("(?:[^"\\\n]|\\.)*")([ \t]*)(\])',
                bygroups(  # type: ignore[no-untyped-call]
                    Punctuation, Whitespace, Name.Tag, Whitespace, String, Whitespace, Punctuation
                ),
            ),
            (r"(hand|stock|draw)(?![\w-])", Keyword, "cards"),
            (rf"({'|'.join(KEYWORDS)})(?![\w-])", Keyword),
            (r"[0-9]+\.", Name.Label),
            (r"\.\.\.", Punctuation),
            (CARD, Name.Constant),
            (r"[ABCD](?![\w-])", Name.Builtin),
            (r"\^[a-z][a-z0-9]*(?:-[a-z0-9]+)*", Name.Decorator),
            (r"\^[A-Z]+", Name.Decorator),
            (r"!!|\?\?|!\?|\?!|!|\?", Operator),
            (r"\$[0-9]+", Operator),
            (r'"(?:[^"\\\n]|\\.)*"', String),
            (r"-?[0-9]+(?![\w.-])", Number.Integer),
            (KIND, Name.Function),
            (r"[(),]", Punctuation),
            (r".", Error),
        ],
        "cards": [
            (r"\n", Whitespace, "#pop"),
            (r"[ \t\f\r]+", Whitespace),
            *_COMMENTS,
            (CARD, Name.Constant),
            (r"\?", Name.Constant),
            (r"\.\.\.", Punctuation),
            (r"[ABCD](?![\w-])", Name.Builtin),
            (r",", Punctuation),
            (r"\)", Punctuation, "#pop"),
            (r".", Error),
        ],
    }
