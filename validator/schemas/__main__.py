"""``python -m validator.schemas [NAME]``: print a shipped JSON Schema, or list their names."""

from __future__ import annotations

import sys

from validator.schemas import SchemaError, schema_names, schema_text


def main(argv: list[str]) -> int:
    if not argv:
        print("\n".join(schema_names()))
        return 0
    try:
        sys.stdout.write(schema_text(argv[0]))
    except SchemaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
