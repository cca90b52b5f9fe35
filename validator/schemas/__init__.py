"""The JSON Schemas of the project's JSON output, shipped in the package: one source of truth.

- ``check``: the document of ``bezique check --format json`` (``docs/check-json-schema.md``);
- ``adjudication``: the rulings of ``bezique adjudicate --format json`` (``docs/adjudicate.md``);
- ``replay``: a replay as data, ``bezique export --to json`` (``docs/replay-schema.md``).

Each is JSON Schema draft 2020-12. :func:`json_schema` returns one as data, :func:`schema_text`
as the text of its file (to write where an editor or a validator can find it)::

    python -m validator.schemas check > check.schema.json
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

SCHEMAS: Final = {
    "check": "check.schema.json",
    "adjudication": "adjudication.schema.json",
    "replay": "replay.schema.json",
}
"""Each schema's name and the file it ships in, beside this module."""


class SchemaError(KeyError):
    """No schema of that name."""

    def __str__(self) -> str:
        return str(self.args[0])


def schema_names() -> tuple[str, ...]:
    """The names :func:`json_schema` knows: ``check``, ``adjudication``, ``replay``."""
    return tuple(SCHEMAS)


def schema_text(name: str) -> str:
    """The text of the schema's file, as shipped."""
    file = SCHEMAS.get(name)
    if file is None:
        raise SchemaError(f"no schema {name!r} (schemas: {', '.join(SCHEMAS)})")
    return resources.files(__name__).joinpath(file).read_text(encoding="utf-8")


def json_schema(name: str) -> dict[str, Any]:
    """The JSON Schema ``name`` (``check``, ``adjudication`` or ``replay``) as data."""
    schema: dict[str, Any] = json.loads(schema_text(name))
    return schema
