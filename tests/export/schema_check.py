"""A small JSON Schema checker: the keywords ``replay.schema.json`` uses, no more.

Supported: ``type`` (one or a list), ``const``, ``enum``, ``pattern``,
``minimum``, ``properties``, ``required``, ``additionalProperties`` (false or a
schema), ``items``, ``prefixItems``, ``minItems``, ``maxItems``, ``oneOf`` and
local ``$ref`` (``#/$defs/name``). An unknown keyword is an error, so the
checker cannot silently pass a schema it does not understand.
"""

from __future__ import annotations

import re
from typing import Any

_KNOWN = {
    "$schema", "$id", "$defs", "title", "description", "type", "const", "enum", "pattern",
    "minimum", "properties", "required", "additionalProperties", "items", "prefixItems",
    "minItems", "maxItems", "oneOf", "$ref",
}  # fmt: skip

_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, _TYPES[name])


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    """Every way ``value`` breaks ``schema``, each naming its path in the data."""
    unknown = set(schema) - _KNOWN
    if unknown:
        raise ValueError(f"schema keyword not supported at {path}: {sorted(unknown)}")
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return errors(value, root["$defs"][name], root, path)
    out: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is_type(value, n) for n in names):
            return [f"{path}: {value!r} is not of type {names}"]
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: {value!r} is not {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} not one of {schema['enum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        out.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if "minimum" in schema and isinstance(value, int) and value < schema["minimum"]:
        out.append(f"{path}: {value} is under {schema['minimum']}")
    if "oneOf" in schema:
        matches = [s for s in schema["oneOf"] if not errors(value, s, root, path)]
        if len(matches) != 1:
            out.append(f"{path}: {value!r} matches {len(matches)} of oneOf, not 1")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out.extend(
            f"{path}: missing {key!r}" for key in schema.get("required", []) if key not in value
        )
        for key, item in value.items():
            if key in props:
                out.extend(errors(item, props[key], root, f"{path}.{key}"))
            elif schema.get("additionalProperties") is False:
                out.append(f"{path}: unexpected key {key!r}")
            elif isinstance(schema.get("additionalProperties"), dict):
                out.extend(errors(item, schema["additionalProperties"], root, f"{path}.{key}"))
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append(f"{path}: more than {schema['maxItems']} items")
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(value):
            sub = prefix[i] if i < len(prefix) else schema.get("items")
            if sub is not None:
                out.extend(errors(item, sub, root, f"{path}[{i}]"))
    return out
