"""Sittings: the records of a series of games, settled in hundreds at a stake per hundred.

A sitting is the run of records with the same ``Sitting`` tag, ordered by their ``Game`` tag
(``docs/notation.md``). Each record is replayed once (without the per-step state), its game's
settlement gives the winner and the value, the seat tags give the players, and the sitting is
settled by :func:`validator.engine.settlement.settle_sitting`: each game's whole hundreds are
won and lost, and the nets are paid at the ``Stake`` (rubicon-bezique-laws.txt, Stakes and
Rubicons). When a ``Chouette`` tag names the chouette player's seat, that player takes all
bets and the order of play is checked (:func:`check_chouette_rotation`): a game played by the
wrong adversary is an S506 finding at that record's ``Chouette`` tag.

Everything a sitting's records get wrong is a :class:`~validator.replay.Finding`: S506 for the
rotation, R001 for a sitting that cannot be reckoned (a game without a number or a result,
a game missing: its games are numbered 1, 2, 3..., stakes that differ, a chouette player who
does not play). The findings of each record's own
replay are kept too, so a sitting is clean only when every game in it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from notation.errors import NotationError
from notation.model import Record
from validator.engine.settlement import (
    SettlementError,
    SittingGame,
    SittingSettlement,
    settle_sitting,
)
from validator.replay import Finding, Location, Replay, make_finding, replay, sitting_findings
from validator.replay.sittings import (
    game_number,
    missing_games,
    missing_message,
    parse_stake,
)


class SittingError(ValueError):
    """A path that cannot be read or a record that cannot be parsed (exit status 2)."""


@dataclass(frozen=True, slots=True)
class SittingGameReport:
    """One game of a sitting as the sitting counts it."""

    number: int | None
    """The ``Game`` tag, or None when the record has none that reads."""
    source: str | None
    line: int | None
    players: tuple[str, ...]
    winner: str | None
    value: int | None
    result: str
    chouette: str | None = None
    """The chouette player's name in this game (from its ``Chouette`` tag)."""
    in_games: bool = False
    """The value counts games won ("so much a game"), not points: it has no hundreds."""

    @property
    def hundreds(self) -> int | None:
        """The game's whole hundreds: "all fractions of a hundred are disregarded"."""
        return None if self.value is None or self.in_games else self.value // 100

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.number,
            "file": self.source,
            "line": self.line,
            "players": list(self.players),
            "winner": self.winner,
            "value": self.value,
            "hundreds": self.hundreds,
            "result": self.result,
        }


@dataclass(frozen=True, slots=True)
class SittingReport:
    """A sitting: its games in order, the settlement at the stake and every finding."""

    name: str
    games: tuple[SittingGameReport, ...]
    stake: Decimal | None
    stake_text: str | None
    """The ``Stake`` tag as written (``10``, ``6d``): the unit is the sitting's own."""
    chouette: str | None
    settlement: SittingSettlement | None
    findings: tuple[Finding, ...] = field(default=())

    @property
    def clean(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict[str, Any]:
        settled = self.settlement
        return {
            "sitting": self.name,
            "stake": None if self.stake is None else str(self.stake),
            "stake_text": self.stake_text,
            "chouette": self.chouette,
            "games": [game.to_dict() for game in self.games],
            "net_hundreds": (
                None
                if settled is None
                else {name: _number(value) for name, value in settled.net_hundreds.items()}
            ),
            "money": (
                None
                if settled is None or self.stake is None
                else {name: str(value) for name, value in settled.money.items()}
            ),
            "working": [] if settled is None else list(settled.working),
            "findings": [finding.to_dict() for finding in self.findings],
        }


def _number(value: Decimal) -> int | str:
    return int(value) if value == value.to_integral_value() else str(value)


def read_records(paths: Sequence[str | Path]) -> list[Record]:
    """Every record of the files (a folder: its ``*.bzn`` files, sorted), in order.

    Raises :class:`SittingError` naming the file for a path that cannot be read and the first
    fault of a record that cannot be parsed.
    """
    from notation.reader import read_records as read_file

    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.bzn") if p.is_file())
            if not found:
                raise SittingError(f"{raw}: no .bzn file in this folder")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise SittingError(f"{raw}: no such file or folder")
    records: list[Record] = []
    for path in files:
        try:
            for item in read_file(path):
                if isinstance(item, NotationError):
                    raise SittingError(str(item))
                records.append(item)
        except OSError as err:
            raise SittingError(f"{path}: cannot read: {err.strerror or err}") from err
        except UnicodeDecodeError as err:
            raise SittingError(f"{path}: not UTF-8 text ({err.reason})") from err
    return records


def replay_record(record: Record) -> Replay:
    """Replay a record once, without steps, under its variant, laws and ``HouseRules`` tag."""
    return replay(record, source=record.source, steps=False)


def _where(source: str | None, line: int | None) -> Location:
    return Location(file=source, line=line)


def _tag_line(record: Record, name: str) -> int | None:
    for tag in record.tags:
        if tag.name == name:
            return tag.pos.line if tag.pos else None
    return record.pos.line if record.pos else None


PARTNERS: Final = " & "
"""Between the names of two partners playing one seat, two against two (``[A "Hart, Alice &
Lowe, Cara"]``; docs/notation.md, Sittings)."""


def _sides(players: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The partners of each seat when both seats name two (two against two), else None."""
    split = [tuple(name.strip() for name in player.split(PARTNERS)) for player in players]
    if len(split) == 2 and all(len(side) == 2 and all(side) for side in split):
        return split[0], split[1]
    return None


def _game_number(record: Record) -> int | None:
    return game_number(record.tag("Game"))


def group_sittings(records: Iterable[Record]) -> dict[str, list[Record]]:
    """The records with a ``Sitting`` tag, by sitting (in the order first met), each sitting's
    records ordered by ``Game`` (records without a number last, in file order)."""
    groups: dict[str, list[Record]] = {}
    for record in records:
        name = (record.tag("Sitting") or "").strip()
        if name:
            groups.setdefault(name, []).append(record)
    for name, members in groups.items():
        groups[name] = sorted(
            members,
            key=lambda r: (_game_number(r) is None, _game_number(r) or 0),
        )
    return groups


def settle_records(name: str, records: Sequence[Record]) -> SittingReport:
    """Replay a sitting's records (already in order) and settle it; see the module's text."""
    findings: list[Finding] = []

    def problem(record: Record, tag: str, message: str) -> None:
        findings.append(
            make_finding(
                "R001",
                None,
                f"sitting {name!r}: {message}",
                _where(record.source, _tag_line(record, tag)),
            )
        )

    reports: list[SittingGameReport] = []
    replays: list[Replay] = []
    settled_games: list[tuple[Record, SittingGame]] = []
    numbers: dict[int, Record] = {}
    stakes: dict[str, Record] = {}
    chouettes: dict[str, Record] = {}
    for record in records:
        replayed = replay_record(record)
        replays.append(replayed)
        findings.extend(replayed.all_findings())
        number = _game_number(record)
        if number is None:
            if record.tag("Game") is None:
                problem(record, "Sitting", "the game has no Game tag")
            # else the record's own R001 (record_checks) says the Game tag is not a number
        elif number in numbers:
            problem(record, "Game", f"game {number} is recorded twice")
        else:
            numbers[number] = record
        written = (record.tag("Stake") or "").strip()
        if written:
            stakes.setdefault(written, record)
        names = {seat: replayed.players.get(seat, "").strip() for seat in replayed.seats}
        for seat, player in names.items():
            if not player:
                problem(record, "Sitting", f"seat {seat} has no player's name tag")
        players = tuple(names[seat] or seat for seat in replayed.seats)
        chouette_seat = (record.tag("Chouette") or "").strip()
        chouette: str | None = None
        if chouette_seat:
            if chouette_seat not in names:
                problem(
                    record,
                    "Chouette",
                    f"the Chouette tag names seat {chouette_seat!r}, which does not play",
                )
            else:
                chouette = names[chouette_seat] or chouette_seat
                chouettes.setdefault(chouette, record)
        game = replayed.game
        winner = None if game is None or game.winner is None else game.winner
        winner_name = None if winner is None else (names.get(winner) or winner)
        value = None if game is None else game.value
        reports.append(
            SittingGameReport(
                number=number,
                source=record.source,
                line=record.pos.line if record.pos else None,
                players=players,
                winner=winner_name,
                value=value,
                result="unfinished" if game is None else game.result,
                chouette=chouette,
                in_games=game is not None and game.in_games,
            )
        )
        if game is not None and game.void:
            pass  # null and void (a tie: Portland law 61): nothing is won, nothing settled
        elif winner_name is None or value is None:
            problem(record, "Result", "the game has no winner and value to settle")
        elif game is not None and game.in_games:
            problem(
                record,
                "Sitting",
                f"the game is played for so much a game (HouseRules game-value games): its value, "
                f"{value}, counts games, not points, and a sitting is kept in hundreds of points "
                "(rule sitting.hundreds); settle it per game",
            )
        else:
            sides = _sides(players)
            if sides is None and any(PARTNERS in player for player in players):
                problem(
                    record,
                    "Sitting",
                    "one seat names two partners and the other one player: " + " v ".join(players),
                )
            owed: tuple[tuple[str, int], ...] = ()
            if len(players) > 2 and game is not None:
                owed = tuple((names.get(s) or s, v) for s, v in game.payments.items())
            settled_games.append(
                (
                    record,
                    SittingGame(
                        players,
                        winner_name,
                        value,
                        owed,
                        sides,
                        number if number and number > 0 else None,
                    ),
                )
            )
    for low, high, after in missing_games(number for number in numbers if number > 0):
        # a sitting settled without one of its games is settled wrong (docs/rules.md,
        # variant.sitting: the records with the same Sitting tag, ordered by Game)
        tag = next(t for t in numbers[after].tags if t.name == "Game")
        where = Location(
            numbers[after].source,
            tag.pos.line if tag.pos else None,
            tag.pos.column if tag.pos else None,
        )
        findings.append(make_finding("R001", None, missing_message(name, low, high, after), where))
    stake: Decimal | None = None
    stake_text: str | None = None
    if len(stakes) > 1:
        for text, record in list(stakes.items())[1:]:
            problem(record, "Stake", f"the stake {text!r} differs from {next(iter(stakes))!r}")
    elif stakes:
        stake_text = next(iter(stakes))
        stake = parse_stake(stake_text)  # not a number: the record's own R001 says so
    chouette_name: str | None = None
    if len(chouettes) > 1:
        for player, record in list(chouettes.items())[1:]:
            problem(
                record,
                "Chouette",
                f"the chouette player is {next(iter(chouettes))}, not {player}",
            )
    elif chouettes:
        chouette_name = next(iter(chouettes))
        for report, record in zip(reports, records, strict=True):
            if report.chouette is None:
                problem(record, "Sitting", "a game of a chouette sitting without a Chouette tag")
    settlement: SittingSettlement | None = None
    games = [game for _, game in settled_games]
    if chouette_name is not None:
        # a game recorded twice is reported above (R001) with the sitting's other faults
        findings.extend(f for f in sitting_findings(replays) if f.code == "S506")
    # in a chouette every adversary bets on every game, also one who played only a void game
    adversaries = [
        player
        for player in dict.fromkeys(p for report in reports for p in report.players)
        if player != chouette_name
    ]
    if games:
        try:
            settlement = settle_sitting(
                games,
                stake or 0,
                chouette=chouette_name,
                adversaries=adversaries if chouette_name is not None else (),
            )
        except SettlementError as err:
            problem(records[0], "Sitting", f"the sitting cannot be settled: {err}")
    return SittingReport(
        name=name,
        games=tuple(reports),
        stake=stake,
        stake_text=stake_text,
        chouette=chouette_name,
        settlement=settlement,
        findings=tuple(findings),
    )


def settle_sittings(records: Iterable[Record]) -> list[SittingReport]:
    """Every sitting among ``records``, each replayed and settled."""
    return [settle_records(name, group) for name, group in group_sittings(records).items()]
