"""What ``bezique select`` keeps of each record: the tests it must pass and how it is written.

A :class:`Selection` holds the tests (tags, finding codes, clean or not) and the output's form
(annotations stripped). :func:`pick` applies it to one record's text and returns a
:class:`Picked`: compact, so that worker processes send it back cheaply. The finding tests
replay the record (as ``bezique check`` does, the laws of the record's own Laws tag: the laws
choose remedies, never findings); the rotation of a chouette (S506) is a property of a series
of games, not of one record, and is not judged here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from notation.errors import NotationError
from notation.model import Record
from notation.parser import parse_record_collecting
from notation.writer import write_record
from validator.batch import RecordText
from validator.tools.fingerprint import Fingerprint, fingerprint
from validator.tools.split import split_stem
from validator.tools.strip import check_strip, strip_record
from validator.tools.tag_filter import TagFilter

SELECTED = "selected"
REJECTED = "rejected"
UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class Selection:
    """The tests a record must pass (all of them) and how a record selected is written.

    ``codes``: a finding of one of these codes; ``clean``: ``True`` for records without any
    finding, ``False`` for records with one; ``strip``: annotations to take away
    (:data:`~validator.tools.strip.STRIPPABLE`); ``fingerprints``: compute each selected
    record's :class:`~validator.tools.fingerprint.Fingerprint` (for ``--duplicates``).
    """

    tags: tuple[TagFilter, ...] = ()
    codes: frozenset[str] = frozenset()
    clean: bool | None = None
    strip: frozenset[str] = frozenset()
    fingerprints: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "strip", check_strip(self.strip))
        object.__setattr__(self, "codes", frozenset(c.strip().upper() for c in self.codes))

    @property
    def replays(self) -> bool:
        """Whether a record must be replayed to be judged (a test on its findings)."""
        return bool(self.codes) or self.clean is not None

    def matches(self, record: Record, source: str | None = None) -> bool:
        """Whether ``record`` passes every test (replaying it when a test needs its findings)."""
        if not all(test.matches(record) for test in self.tags):
            return False
        if not self.replays:
            return True
        from validator.replay import replay

        codes = {f.code for f in replay(record, source=source, steps=False).all_findings()}
        if self.clean is True and codes:
            return False
        if self.clean is False and not codes:
            return False
        return not self.codes or bool(self.codes & codes)

    def written(self, record: Record) -> str | None:
        """The text of a record selected: canonical once stripped, else ``None`` (as written)."""
        if self.strip:
            return write_record(strip_record(record, self.strip))
        return None


@dataclass(frozen=True, slots=True)
class Picked:
    """One record's outcome: selected (with its text), rejected, or unreadable (with why)."""

    source: str
    line: int
    status: str
    text: str | None = None
    """The text to write; ``None`` for a record selected as it was written (the reader has
    its text: :func:`validator.tools.select.select_items` puts it back)."""
    errors: tuple[str, ...] = ()
    """Each fault of a record that could not be read, as ``check`` prints it."""
    stem: str = ""
    """A name for the record's own file (``--split``), from its players."""
    key: Fingerprint | None = field(default=None)


def pick(item: RecordText, selection: Selection) -> Picked:
    """Parse, test and write one record's text; never raises for a bad record."""
    try:
        record, errors = parse_record_collecting(item.text, item.source, first_line=item.line)
    except Exception as exc:  # a fault of the parser itself: reported, the run goes on
        return _failed(item, f"internal error while parsing: {type(exc).__name__}: {exc}")
    if record is None:
        return Picked(item.source, item.line, UNREADABLE, errors=_displays(errors))
    try:
        chosen = selection.matches(record, item.source)
    except ValueError as exc:
        return _failed(item, f"cannot replay the record: {exc}")
    except Exception as exc:
        return _failed(item, f"internal error while replaying: {type(exc).__name__}: {exc}")
    if not chosen:
        return Picked(item.source, item.line, REJECTED)
    return Picked(
        item.source,
        item.line,
        SELECTED,
        text=selection.written(record),
        stem=split_stem(record),
        key=fingerprint(record) if selection.fingerprints else None,
    )


def pick_batch(batch: tuple[Selection, tuple[RecordText, ...]]) -> list[Picked]:
    """:func:`pick` over a batch of record texts, in order (the unit of work of a worker)."""
    selection, items = batch
    return [pick(item, selection) for item in items]


def _displays(errors: Sequence[NotationError]) -> tuple[str, ...]:
    return tuple(str(error) for error in errors)


def _failed(item: RecordText, message: str) -> Picked:
    return Picked(
        item.source, item.line, UNREADABLE, errors=(f"{item.source}:{item.line}:1: {message}",)
    )
