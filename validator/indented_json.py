"""Indented JSON text, as ``json.dumps(data, indent=N, ensure_ascii=False)`` writes it, faster.

The standard library encodes compact JSON in C but falls back to a chain of Python generators
as soon as an indent is asked for; an export with every step of every deal writes a hundred
times its input in indented JSON, and that chain was a third of its time (and most of
``bezique parse``'s). :func:`dumps` writes
the same text, character for character, with one recursive function that appends to a list
and the C string encoder: about twice as fast. Anything it does not know (a key that is not a
string, a value of another type) is handed to ``json.dumps`` itself, so that it answers, or
fails, as the standard library does.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any


def dumps(data: Any, indent: int = 2, level: int = 0) -> str:
    """``data`` as ``json.dumps(data, indent=indent, ensure_ascii=False)`` writes it;
    ``level`` indents every line but the first that many steps more (a value inside a larger
    text)."""
    step = " " * indent
    out: list[str] = []
    try:
        _value(data, "\n" + step * level, step, out)
    except _Foreign:
        text = json.dumps(data, indent=indent, ensure_ascii=False)
        return text.replace("\n", "\n" + step * level) if level else text
    return "".join(out)


class _Foreign(Exception):
    """A value :func:`dumps` leaves to the standard library."""


def _value(value: Any, newline: str, step: str, out: list[str]) -> None:
    kind = type(value)
    if kind is str:
        out.append(encode_basestring(value))
    elif kind is int:
        out.append(int.__repr__(value))
    elif kind is float:
        out.append(json.dumps(value))  # the standard library's own float text (NaN, Infinity)
    elif kind is dict:
        if not value:
            out.append("{}")
            return
        inner = newline + step
        first = True
        for key, item in value.items():
            if type(key) is not str:
                raise _Foreign
            out.append(("{" if first else ",") + inner + encode_basestring(key) + ": ")
            first = False
            _value(item, inner, step, out)
        out.append(newline + "}")
    elif kind is list or kind is tuple:
        if not value:
            out.append("[]")
            return
        inner = newline + step
        first = True
        for item in value:
            out.append(("[" if first else ",") + inner)
            first = False
            _value(item, inner, step, out)
        out.append(newline + "]")
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    else:
        raise _Foreign
