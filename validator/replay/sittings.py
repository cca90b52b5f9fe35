"""The chouette's rotation over the games of a sitting (S506), one game at a time.

rubicon-bezique-laws.txt, Chouette Bézique: "If the chouette player wins, one of his opponents
takes the loser's place; but if he loses, the same player opposes him for the next game." Each
record is one game; its ``Chouette`` tag names the chouette player's seat, the seat tags the
players. A game played by the wrong adversary is an S506 finding at its ``Chouette`` tag.

The same check serves ``check`` (which streams records, so :class:`ChouetteWatch` judges each
game as it comes, knowing only the games before it), ``adjudicate`` and ``sitting``
(:func:`sitting_findings`). Games are grouped by their ``Sitting`` tag (records without one
form one group); records without a Chouette tag or without a settled game are left out. A
sitting is "ordered by Game" (docs/notation.md), so a game with a ``Game`` number is judged
against the game numbered one less, in whatever order the records come: when that game comes
later, the finding comes with it, at the later game's Chouette tag. A game whose number or
result is not known breaks the chain: the game after it is judged against none. Games with no
``Game`` tag are judged in the order they come (:meth:`ChouetteWatch.gap` marks a record
whose game is not known).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Final

from notation.model import Record
from validator.engine.settlement import SittingGame, check_chouette_rotation
from validator.laws import Laws, LawsError, RemedyContext
from validator.replay.findings import make_finding
from validator.replay.model import Finding, Location, Remedy, Replay
from validator.replay.resolver import DEFAULT_LAWS, load_laws_cached


@dataclass(frozen=True, slots=True)
class ChouetteGame:
    """What the rotation needs of one record: small enough to send between processes."""

    sitting: str
    chouette: str
    """The chouette player's name (the Chouette tag's seat, named by its seat tag)."""
    players: tuple[str, ...]
    winner: str
    value: int
    source: str | None
    line: int | None
    column: int | None
    """Where the record's Chouette tag is."""
    laws: str
    variant: str
    number: int | None = None
    """The record's ``Game`` tag, when it is a number."""


def chouette_game(replayed: Replay) -> ChouetteGame | None:
    """The record's game as the rotation sees it, or None (no Chouette tag, no settled game)."""
    seat = replayed.tags.get("Chouette", "").strip()
    game = replayed.game
    if not seat or game is None or game.winner is None or game.value is None:
        return None
    tag = next((t for t in replayed.record.tags if t.name == "Chouette"), None)
    pos = tag.pos if tag is not None else None
    return ChouetteGame(
        sitting=replayed.tags.get("Sitting", "").strip(),
        chouette=replayed.players.get(seat, seat),
        players=tuple(replayed.players.get(s, s) for s in replayed.seats),
        winner=replayed.players.get(game.winner, game.winner),
        value=game.value,
        source=replayed.source,
        line=pos.line if pos is not None else None,
        column=pos.column if pos is not None else None,
        laws=replayed.laws,
        variant=replayed.variant,
        number=game_number(replayed.tags.get("Game")),
    )


@dataclass(frozen=True, slots=True)
class GamePlace:
    """A record's place in its sitting: its ``Sitting`` tag, its ``Game`` number and where
    that tag is (small enough to send between processes)."""

    sitting: str
    number: int
    source: str | None
    line: int | None
    column: int | None


def game_place(record: Record, source: str | None) -> GamePlace | None:
    """The record's place in its sitting, or None (no Sitting tag, no Game number from 1)."""
    sitting = (record.tag("Sitting") or "").strip()
    tag = next((t for t in record.tags if t.name == "Game"), None)
    number = None if tag is None else game_number(tag.value)
    if not sitting or tag is None or number is None or number < 1:
        return None
    pos = tag.pos
    return GamePlace(
        sitting,
        number,
        source,
        pos.line if pos is not None else None,
        pos.column if pos is not None else None,
    )


def game_number(text: str | None) -> int | None:
    """The number a ``Game`` tag gives, or None when it gives none."""
    text = (text or "").strip()
    return int(text) if text.isdigit() else None


LOOKS_LIKE_A_DIGIT: Final = frozenset("OoIl")
"""Letters typed for 0 and 1."""

_STAKE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([^\d\s].*)?$")


def parse_stake(text: str) -> Decimal | None:
    """The stake per hundred in a ``Stake`` tag: a number, perhaps with a unit (``6d``). A
    unit glued to the number that begins with a letter like a digit (``1O``, ``1l``) is a
    digit mistyped, not a unit: None."""
    match = _STAKE.match(text)
    if match is None:
        return None
    unit = match.group(2) or ""
    if unit[:1] in LOOKS_LIKE_A_DIGIT and text.strip()[len(match.group(1)) :][:1] == unit[:1]:
        return None
    try:
        return Decimal(match.group(1))
    except InvalidOperation:
        return None


def missing_games(numbers: Iterable[int], first: int = 1) -> list[tuple[int, int, int]]:
    """The games missing from a sitting whose games bear ``numbers``: ``(from, to, next)`` for
    each run of numbers not there, ``next`` the game recorded after it. A sitting's games
    are numbered 1, 2, 3... (docs/notation.md, ``Game``: "the number of this game in its
    sitting"); ``first`` is the lowest number that must be there (``bezique check``, which
    reads a file alone, passes the lowest number of the file). Numbers after the last game
    recorded cannot be known to be missing."""
    seen = sorted(set(numbers))
    out: list[tuple[int, int, int]] = []
    expected = first
    for number in seen:
        if number > expected:
            out.append((expected, number - 1, number))
        expected = max(expected, number + 1)
    return out


def missing_in_file(places: Sequence[GamePlace | None]) -> list[tuple[int, Finding]]:
    """The games missing between the games of one file, each as ``(position, finding)``.

    As ``bezique check`` reads a file alone: a sitting's games below the lowest number of the
    file may be in another file, but a number missing between two of its numbers is a game
    missing, R001 at the ``Game`` tag of the record on either side of the gap that comes later
    in the file (the one that shows it missing). ``places`` are the records' places in their
    sittings, in file order (:func:`game_place`)."""
    numbers: dict[str, dict[int, int]] = {}
    for position, place in enumerate(places):
        if place is not None:
            numbers.setdefault(place.sitting, {}).setdefault(place.number, position)
    out: list[tuple[int, Finding]] = []
    for sitting, known in numbers.items():
        for low, high, after in missing_games(known, first=min(known)):
            position = max(known[low - 1], known[after])
            place = places[position]
            assert place is not None
            where = Location(place.source, place.line, place.column)
            message = missing_message(sitting, low, high, after)
            out.append((position, make_finding("R001", None, message, where)))
    return sorted(out, key=lambda found: found[0])


def missing_message(sitting: str, low: int, high: int, after: int) -> str:
    """The words of a finding for games ``low`` to ``high`` of ``sitting`` missing before
    game ``after`` (the sitting is reckoned without them)."""
    if low == high:
        gone = f"game {low} is missing"
    elif high == low + 1:
        gone = f"games {low} and {high} are missing"
    else:
        gone = f"games {low} to {high} are missing"
    if low == 1:
        where = f"its first game recorded is game {after}"
    else:
        where = f"game {after} follows game {low - 1}"
    return f"sitting {sitting!r}: {gone} ({where}; a sitting's games are numbered 1, 2, 3...)"


@dataclass(slots=True)
class _Run:
    """A sitting's games since the last one whose result is not known."""

    chouette: str
    before: int = 0
    """The games of the sitting before this run (the number of its first game, less one)."""
    games: list[SittingGame] = field(default_factory=list)


@dataclass(slots=True)
class _Numbered:
    """A sitting's games that have a Game number, by number."""

    chouette: str
    games: dict[int, ChouetteGame] = field(default_factory=dict)


class ChouetteWatch:
    """Judges each game of a chouette as it comes, in the order played.

    The chouette player of a sitting is the one its first game's Chouette tag names. Call
    :meth:`add` for each record in order; it returns the findings against that record. Call
    :meth:`gap` for a record whose game cannot be known.
    """

    def __init__(self, laws: Laws | str | Path | None = None) -> None:
        self.laws = laws
        self._numbered: dict[str, _Numbered] = {}
        self._runs: dict[str, _Run] = {}
        self._unseen: dict[str, int] = {}
        """Games not known of a sitting none of whose games has been added yet."""

    def gap(self, sitting: str | None) -> None:
        """A game of ``sitting`` (``None``: of a sitting not known) whose result is not known:
        who plays the next game cannot be judged from it, so that game is judged against none
        (a record not read whole, a game unfinished). Judging it against the game before
        the unknown one would blame it for a rotation it may have followed."""
        if sitting is not None and sitting not in self._runs:
            self._unseen[sitting] = self._unseen.get(sitting, 0) + 1
            return
        for run in self._runs.values() if sitting is None else [self._runs[sitting]]:
            run.before += len(run.games) + (sitting is not None)
            run.games = []

    def add(self, game: ChouetteGame | None) -> list[Finding]:
        """The findings this game makes known: its own against the game before it, and,
        when the game after it came first, that game's against it."""
        if game is None:
            return []
        if game.number is not None:
            return self._add_numbered(game, game.number)
        run = self._runs.get(game.sitting)
        if run is None:
            run = self._runs[game.sitting] = _Run(game.chouette, self._unseen.pop(game.sitting, 0))
        run.games.append(SittingGame(game.players, game.winner, game.value))
        if len(run.games) == 1:
            return []
        return self._judged(game, run.games, run.chouette, run.before + 1)

    def _add_numbered(self, game: ChouetteGame, number: int) -> list[Finding]:
        known = self._numbered.get(game.sitting)
        if known is None:
            known = self._numbered[game.sitting] = _Numbered(game.chouette)
        if number in known.games:
            first = known.games[number]
            return [
                make_finding(
                    "R001",
                    None,
                    f"game {number} of the sitting is recorded twice (first at line "
                    f"{first.line}): its rotation is judged on the first",
                    Location(game.source, game.line, game.column),
                )
            ]
        known.games[number] = game
        return self._pair(known, number) + self._pair(known, number + 1)

    def _pair(self, known: _Numbered, number: int) -> list[Finding]:
        """Game ``number`` judged against game ``number - 1``, when both are known."""
        before, game = known.games.get(number - 1), known.games.get(number)
        if before is None or game is None:
            return []
        pair = [SittingGame(g.players, g.winner, g.value) for g in (before, game)]
        return self._judged(game, pair, known.chouette, number - 1)

    def _judged(
        self, game: ChouetteGame, games: list[SittingGame], chouette: str, first: int
    ) -> list[Finding]:
        """The S506 findings of ``game``, the last of ``games`` (numbered from ``first``)."""
        number = first + len(games) - 1
        return [
            make_finding(
                "S506",
                None,
                f"game {number} of the sitting: {problem.message}",
                Location(game.source, game.line, game.column),
                remedy=self._remedy(game),
            )
            for problem in check_chouette_rotation(games, chouette, first=first)
            if problem.game == number
        ]

    def _remedy(self, game: ChouetteGame) -> Remedy | None:
        wanted = self.laws if self.laws is not None else game.laws
        try:
            laws = wanted if isinstance(wanted, Laws) else load_laws_cached(wanted)
        except LawsError:
            laws = load_laws_cached(DEFAULT_LAWS)
        from validator.laws import game_of
        from validator.replay.resolver import load_ruleset

        try:
            family = game_of(load_ruleset(game.variant))
        except ValueError:
            family = "rubicon"
        return laws.remedy("S506", RemedyContext(variant=game.variant, game=family))


def sitting_findings(
    replays: Iterable[Replay], laws: Laws | str | Path | None = None
) -> list[Finding]:
    """The rotation findings (S506) over the records of a sitting, in the order played."""
    watch = ChouetteWatch(laws)
    out: list[Finding] = []
    for replayed in replays:
        out.extend(watch.add(chouette_game(replayed)))
    return out
