"""``select --duplicates``: every planted duplicate found in a shuffled archive, and no other.

The archive and the answer come from ``archive.py``, which counts each record's completeness
as it builds it and groups the records by the game they were made from: the finder, which
sorts fingerprints on disk, must give the same answer as that brute grouping.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from archive import Entry, archive, expected, write
from click.testing import CliRunner

from notation import Record, read_text_records, write_record
from validator import fingerprint
from validator.batch import expand_paths, read_items
from validator.cli import main
from validator.tools.duplicates import (
    SAME_DEAL,
    SAME_DEAL_OTHER_PLAYS,
    SAME_DEAL_START,
    SAME_PLAYS,
    START,
    DuplicateFinder,
    Where,
    find_duplicates,
)
from validator.tools.select import DuplicateDropper, select_items
from validator.tools.selection import Selection


def _found(entries: list[Entry], paths: list[Path], jobs: int, max_chars: int) -> dict[int, int]:
    by_where = {entry.where: entry.ordinal for entry in entries}
    dropper = DuplicateDropper(max_chars=max_chars)
    kept = [
        o
        for o in dropper.run(
            select_items(
                read_items(expand_paths([str(p) for p in paths])),
                Selection(fingerprints=True),
                jobs=jobs,
            )
        )
        if getattr(o, "status", None) == "selected"
    ]
    assert len(kept) + len(dropper.duplicates) == len(entries)
    return {by_where[str(d.record)]: by_where[str(d.kept)] for d in dropper.duplicates}


def test_the_counts_of_the_archive_are_the_fingerprints() -> None:
    # The test's own count of completeness and the finder's agree on every kind of record.
    for entry in archive(3, 40, 24):
        key = fingerprint(entry.record)
        assert (key.play_count, key.named, key.events, key.notes) == entry.rank, entry.kind


@pytest.mark.parametrize(("jobs", "max_chars"), [(1, 8 << 20), (2, 4096)])
def test_every_planted_duplicate_is_found_and_no_other(
    tmp_path: Path, jobs: int, max_chars: int
) -> None:
    entries = archive(11, 300, 120)
    paths = write(entries, tmp_path)
    want = expected(entries)
    assert len(want) == 120
    assert {e.kind for e in entries} >= {"decoy-twin", "decoy-short", "other-plays", "start"}
    assert _found(entries, paths, jobs, max_chars) == want


def test_the_sorts_go_to_disk_and_agree() -> None:
    entries = archive(5, 200, 60)
    small = DuplicateFinder(max_chars=2048)
    large = DuplicateFinder()
    for entry in entries:
        where = Where(entry.ordinal, "x", entry.ordinal + 1)
        small.add(where, fingerprint(entry.record))
        large.add(where, fingerprint(entry.record))
    found_small, found_large = small.duplicates(), large.duplicates()
    assert small.spilled > 10 and large.spilled == 0
    assert found_small == found_large
    assert {d.record.ordinal: d.kept.ordinal for d in found_large} == expected(entries)


GAME = """[Event "Club"]
[Variant "two-pack"]

deal 1 dealer A
hand A 9S TC AH 9D JS 7C KC AS
hand B QS 9H JD QD QS KS JD KH
stock TH TC 7S 8D QH QD QH 7H KH TS 9C 8C KD 7D QC 9D TD 8H KS AC 7H 8D JH JS 9S 8H TD KC JH \
AS 8S QC 7D TS JC 8S 9H KD AC TH 8C JC AD 7C 7S AD AH
turnup 9C
1. B 9H A 7C
2. A 9D B QD
3. B 7S A 8D
4. A AH B KH
5. B QH A JS
"""


def _record(text: str, name: str) -> Record:
    (record,) = list(read_text_records(text, name))
    assert isinstance(record, Record)
    return record


def test_the_reasons_by_hand() -> None:
    full = _record(GAME, "full.bzn")
    lines = [line for line in GAME.splitlines() if not line.startswith(("hand", "stock"))]
    no_hands = "\n".join(lines) + "\n"
    cases = {
        "copy.bzn": (GAME, SAME_DEAL),
        "start.bzn": (GAME.split("4. ")[0], SAME_DEAL_START),
        "other.bzn": (GAME.replace("5. B QH A JS", "5. B QS A JS"), SAME_DEAL_OTHER_PLAYS),
        "plays.bzn": (no_hands, SAME_PLAYS),
        "begins.bzn": (no_hands.replace("5. B QH A JS\n", ""), START),
    }
    records = [full, *(_record(text, name) for name, (text, _) in cases.items())]
    found = find_duplicates(records)
    assert [(d.record.source, d.kept.source, d.reason) for d in found] == [
        (name, "full.bzn", reason) for name, (_, reason) in cases.items()
    ]
    assert str(found[0]) == "copy.bzn:1: duplicate of full.bzn:1 (same hands and stock, same plays)"
    # Four plays without the hands match nothing: too few to tell one game from another.
    short = no_hands.split("3. ")[0]
    assert find_duplicates([full, _record(short, "short.bzn")]) == []


def test_of_a_bare_copy_and_an_annotated_one_the_annotated_one_is_kept(tmp_path: Path) -> None:
    # the same game, the same plays and cards: the second copy adds a comment, a glyph and an
    # Annotator tag, which a bare copy kept in its place would lose
    annotated = GAME.replace('[Event "Club"]\n', '[Event "Club"]\n[Annotator "A. Scorer"]\n')
    annotated = annotated.replace("4. A AH B KH", "4. A AH ! {the ace: a brisque} B KH")
    path = tmp_path / "two.bzn"
    path.write_text(GAME + "\n" + annotated, encoding="utf-8")
    out = tmp_path / "kept.bzn"
    result = CliRunner().invoke(
        main, ["select", str(path), "--duplicates", "-o", str(out), "-j", "1"]
    )
    assert result.exit_code == 1  # a duplicate was dropped
    # GAME is 13 lines (the stock is one: its '\\' joins the two source lines): the bare copy
    # is line 1, then a blank line, the annotated one line 15
    assert f"{path}:1: duplicate of {path}:15 (same hands and stock, same plays)" in (
        result.stderr.splitlines()
    )
    (kept,) = [r for r in read_text_records(out.read_text(), "kept") if isinstance(r, Record)]
    assert kept.tag("Annotator") == "A. Scorer"
    assert kept.deals[0].tricks[3].plays[0].glyphs == ("!",)


def test_the_command_reports_and_keeps_the_most_complete(tmp_path: Path) -> None:
    entries = archive(2, 30, 12)
    paths = write(entries, tmp_path, files=2)
    out = tmp_path / "kept.bzn"
    result = CliRunner().invoke(
        main, ["select", *map(str, paths), "--duplicates", "-o", str(out), "-j", "1"]
    )
    assert result.exit_code == 1  # duplicates were found
    want = expected(entries)
    by_ordinal = {e.ordinal: e for e in entries}
    lines = [line for line in result.stderr.splitlines() if ": duplicate of " in line]
    # One line a duplicate, in archive order, naming the record kept.
    assert [line.split(" (")[0] for line in lines] == [
        f"{by_ordinal[d].where}: duplicate of {by_ordinal[k].where}"
        for d, k in sorted(want.items())
    ]
    kept = [r for r in read_text_records(out.read_text(), "kept") if isinstance(r, Record)]
    assert [write_record(r) for r in kept] == [
        write_record(e.record) for e in entries if e.ordinal not in want
    ]
    assert f"{len(kept)} of {len(entries)} records selected, {len(want)} duplicate(s) dropped" in (
        result.stderr
    )


MEASURED = """
import resource, subprocess, sys
command = [sys.executable, "-c", "from validator.cli import main; main()", *sys.argv[1:]]
done = subprocess.run(command)
sys.stdout.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
raise SystemExit(done.returncode)
"""
"""Runs the command in a child and prints the peak resident memory (KiB) of the largest
process it ran (the command or one of its workers)."""


@pytest.mark.slow
def test_ten_thousand_records_in_constant_memory(tmp_path: Path) -> None:
    # The archive of the issue: 10,000 records, duplicates planted, shuffled; the command run
    # as a user runs it, on two processes; then an archive twice as large. The finder keeps
    # its keys in sorted runs on disk once they pass 2 MB a sort (validator.tools.
    # external_sort): past that the peak memory must not grow with the archive.
    peaks = {}
    for size in (10_000, 20_000):
        folder = tmp_path / str(size)
        folder.mkdir()
        entries = archive(size, size * 9 // 10, size // 10)
        paths = write(entries, folder, files=8)
        args = [*map(str, paths), "--duplicates", "-o", str(folder / "kept.bzn"), "-j", "2"]
        run = subprocess.run(
            [sys.executable, "-c", MEASURED, "select", *args], capture_output=True, text=True
        )
        assert run.returncode == 1, run.stderr[-2000:]
        peaks[size] = int(run.stdout.split()[-1])
        by_where = {e.where: e.ordinal for e in entries}
        found = {}
        for line in run.stderr.splitlines():
            if ": duplicate of " in line:
                dropped, rest = line.split(": duplicate of ")
                found[by_where[dropped]] = by_where[rest.split(" (")[0]]
        assert found == expected(entries)
    # ru_maxrss is in KiB on Linux: twice the records, at most 4 MiB more (allocator noise).
    assert peaks[20_000] - peaks[10_000] < 4 * 1024, peaks
