"""The one way to build a :class:`~validator.replay.model.Finding`: from the catalogue and the
rule book, for the replay, the sittings and every other caller alike.

The finding's severity and rule come from the catalogue (``validator/data/findings.yaml``); a
more precise rule the engine names for the violation (``decl.reform``) is used when the rule
book has it. A code the catalogue does not know is a fault of the program, not of the record:
it raises :class:`validator.catalogue.CatalogueError` (the engine and the catalogue must agree,
and a test holds them to it).
"""

from __future__ import annotations

from validator.catalogue import CatalogueError, catalogue
from validator.replay.model import Finding, Location, Remedy
from validator.rulebook import default_rulebook


def make_finding(
    code: str,
    seat: str | None,
    message: str,
    location: Location,
    *,
    rule: str | None = None,
    remedy: Remedy | None = None,
) -> Finding:
    """A finding for ``code``: its severity, the rule it breaks (and its text), ``remedy``."""
    entry = catalogue().get(code)
    if entry is None:
        raise CatalogueError(f"finding code {code!r} is not in the catalogue")
    book = default_rulebook()
    found = book.get(rule) if rule is not None else None
    if found is None:
        found = book.get(entry.rule)
    return Finding(
        code=entry.code,
        severity=entry.severity,
        seat=seat,
        location=location,
        message=message,
        rule_id=found.id if found is not None else entry.rule,
        rule_text=found.text if found is not None else "",
        remedy=remedy,
    )
