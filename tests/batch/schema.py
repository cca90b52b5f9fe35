"""A small JSON Schema checker for the keywords ``check.schema.json`` uses, no more.

Supported: ``type`` (one or a list), ``const``, ``enum``, ``pattern``, ``minimum``,
``properties``, ``required``, ``additionalProperties`` (a schema), ``items``, ``oneOf`` and
local ``$ref``. An unknown keyword is an error, so the checker never passes a schema it
does not understand.
"""

from __future__ import annotations

import re
from typing import Any

_KNOWN = {
    "$schema", "$id", "$defs", "title", "description", "type", "const", "enum", "pattern",
    "minimum", "properties", "required", "additionalProperties", "items", "oneOf", "$ref",
}  # fmt: skip
_TYPES: dict[str, type | tuple[type, ...]] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def documented_schema() -> dict[str, Any]:
    """The schema the package ships (``validator/schemas/check.schema.json``), which
    ``docs/check-json-schema.md`` describes."""
    from validator.schemas import json_schema

    return json_schema("check")


def _is(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema``, each naming its path."""
    unknown = set(schema) - _KNOWN
    if unknown:
        return [f"{path}: the checker does not know {sorted(unknown)}"]
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return errors(value, target, root, path)
    out: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(value, name) for name in names):
            return [f"{path}: {value!r} is not of type {names}"]
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} is not one of {schema['enum']}")
    if "pattern" in schema and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if "minimum" in schema and _is(value, "integer") and value < schema["minimum"]:
        out.append(f"{path}: {value!r} is under {schema['minimum']}")
    if "oneOf" in schema:
        matches = sum(not errors(value, sub, root, path) for sub in schema["oneOf"])
        if matches != 1:
            out.append(f"{path}: matches {matches} of the oneOf schemas, not one")
    if isinstance(value, dict):
        out.extend(
            f"{path}: missing {key!r}" for key in schema.get("required", ()) if key not in value
        )
        props = schema.get("properties", {})
        for key, item in value.items():
            if key in props:
                out.extend(errors(item, props[key], root, f"{path}.{key}"))
            elif "additionalProperties" in schema:
                out.extend(errors(item, schema["additionalProperties"], root, f"{path}.{key}"))
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            out.extend(errors(item, schema["items"], root, f"{path}[{index}]"))
    return out


def check(document: Any) -> list[str]:
    """Every way ``document`` breaks the documented schema."""
    schema = documented_schema()
    return errors(document, schema, schema)
