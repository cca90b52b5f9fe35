"""A sitting settled: games kept in hundreds and paid at a stake per hundred, plain, in a
chouette or by partners, and the check of a chouette's order of play.

Apart from deals and games: a sitting takes each game's winner and value as given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from .rules import SettlementError


@dataclass(frozen=True, slots=True)
class SittingGame:
    """One game of a sitting: those who played it, the winner and its value in points."""

    players: tuple[str, ...]
    winner: str
    value: int
    owed: tuple[tuple[str, int], ...] = ()
    """Where more than two played (the three-handed game, each for himself): what each loser
    owes the winner, "the difference between their totals" (rule settle.target-value); each
    counts its own whole hundreds. Empty: the one loser owes ``value``."""
    sides: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    """Two against two: the partners playing as each of ``players`` (a side each), who share
    its bets (rubicon-bezique-laws.txt, Chouette Bézique); None when each is one player."""
    number: int | None = None
    """The game's number in the sitting (its Game tag), when the games settled are not all of
    them (a void game counts nothing): the working names each game by it."""


@dataclass(frozen=True, slots=True)
class SittingSettlement:
    """The end of a sitting: each player's net in hundreds and in money at the stake."""

    games: int
    net_hundreds: dict[str, Decimal]
    money: dict[str, Decimal]
    stake_per_hundred: Decimal
    working: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RotationProblem:
    """A game of a chouette played by the wrong adversary (finding code S506)."""

    game: int
    """1-based number of the game in the sitting."""
    message: str
    code: str = "S506"


def _check_game(number: int, game: SittingGame) -> None:
    if len(set(game.players)) != len(game.players) or len(game.players) < 2:
        raise SettlementError(f"game {number}: expected two players or more, got {game.players}")
    if len(game.players) > 2:
        losers = {player for player, _ in game.owed}
        if losers != set(game.players) - {game.winner} or len(game.owed) != len(losers):
            raise SettlementError(
                f"game {number}: {len(game.players)} players: what each loser owes is needed"
            )
        if game.sides is not None:
            raise SettlementError(f"game {number}: partners play two against two")
    if game.winner not in game.players:
        raise SettlementError(f"game {number}: winner {game.winner!r} is not one of {game.players}")
    if isinstance(game.value, bool) or not isinstance(game.value, int) or game.value < 0:
        raise SettlementError(f"game {number}: value must be a whole number >= 0")


def _sides(
    number: int, game: SittingGame, loser: str, partners: Mapping[str, str] | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The winning side and the losing one: the game's own (:attr:`SittingGame.sides`), else
    each player with his partner of the sitting (``partners``)."""
    if game.sides is not None:
        return game.sides if game.winner == game.players[0] else (game.sides[1], game.sides[0])
    sides = []
    for player in (game.winner, loser):
        mate = partners.get(player) if partners is not None else None
        if mate is None:
            raise SettlementError(f"game {number}: {player} has no partner")
        sides.append((player, mate))
    return sides[0], sides[1]


def settle_sitting(
    games: Sequence[SittingGame],
    stake_per_hundred: Decimal | int | str,
    *,
    chouette: str | None = None,
    adversaries: Sequence[str] = (),
    partners: Mapping[str, str] | None = None,
) -> SittingSettlement:
    """Settle a sitting: net results kept in hundreds, paid at the end at a stake per hundred.

    rubicon-bezique-laws.txt, Stakes ("all fractions of a hundred are disregarded") and the
    end of Rubicons ("setting down the hundreds only, and to settle at the end of the
    sitting"). Each game counts its value's whole hundreds.

    - Plain: the loser of each game pays the winner.
    - ``chouette``: that player takes all bets (Chouette Bézique): each game is won or lost
      against every adversary (``adversaries``, or everyone else who played).
    - ``partners`` (four players, two against two): each player shares his bets with his
      partner, so each side's result is split equally between its two members.
    """
    stake = Decimal(stake_per_hundred)
    net: dict[str, Decimal] = {}
    working: list[str] = []
    bettors = list(adversaries)
    if chouette is not None and not bettors:
        for game in games:
            for player in game.players:
                if player != chouette and player not in bettors:
                    bettors.append(player)
    for name in ([chouette] if chouette else []) + bettors:
        net.setdefault(name, Decimal(0))
    for index, game in enumerate(games, 1):
        number = game.number if game.number is not None else index
        _check_game(number, game)
        if game.owed:
            if chouette is not None:
                raise SettlementError(f"game {number}: a chouette is played two at a time")
            parts = []
            for loser, owed in game.owed:
                hundreds = Decimal(owed // 100)
                net[game.winner] = net.get(game.winner, Decimal(0)) + hundreds
                net[loser] = net.get(loser, Decimal(0)) - hundreds
                parts.append(f"{loser} owes {owed}: {hundreds} hundreds")
            working.append(f"Game {number}: {game.winner} wins; " + "; ".join(parts) + ".")
            continue
        loser = game.players[1] if game.winner == game.players[0] else game.players[0]
        hundreds = Decimal(game.value // 100)
        text = f"Game {number}: {game.winner} beats {loser}, {game.value}: {hundreds} hundreds"
        if chouette is not None:
            if chouette not in game.players:
                raise SettlementError(f"game {number}: the chouette player {chouette} did not play")
            sign = 1 if game.winner == chouette else -1
            for bettor in bettors:
                net[bettor] = net.get(bettor, Decimal(0)) - sign * hundreds
            net[chouette] += sign * hundreds * len(bettors)
            text += f", against each of {len(bettors)} adversaries"
        elif partners is not None or game.sides is not None:
            won, lost = _sides(number, game, loser, partners)
            for side, sign in ((won, 1), (lost, -1)):
                share = hundreds / len(side)
                for player in side:
                    net[player] = net.get(player, Decimal(0)) + sign * share
            text += f", shared: {hundreds / len(won)} to each of {' and '.join(won)}"
        else:
            net[game.winner] = net.get(game.winner, Decimal(0)) + hundreds
            net[loser] = net.get(loser, Decimal(0)) - hundreds
        working.append(text + ".")
    if sum(net.values(), Decimal(0)) != 0:
        raise SettlementError(f"the sitting does not balance: {net}")
    money = {player: hundreds * stake for player, hundreds in net.items()}
    for player in net:
        working.append(f"{player}: {net[player]:+} hundreds at {stake}: {money[player]:+}.")
    return SittingSettlement(
        games=len(games),
        net_hundreds=net,
        money=money,
        stake_per_hundred=stake,
        working=tuple(working),
    )


def check_chouette_rotation(
    games: Sequence[SittingGame],
    chouette: str | None = None,
    order: Sequence[str] = (),
    first: int = 1,
) -> list[RotationProblem]:
    """Check a chouette's order of play; one :class:`RotationProblem` (S506) per wrong game.

    ``first`` is the number in the sitting of the first game given (a run of games that
    follows a game whose result is not known starts there: its first game is judged against
    none, as the first of a sitting is).

    rubicon-bezique-laws.txt, Chouette Bézique: the chouette player plays every game; "If the
    chouette player wins, one of his opponents takes the loser's place; but if he loses, the
    same player opposes him for the next game." With ``order`` (the adversaries as they cut)
    the first game is the first adversary's and a loser gives way to the next in that order.
    """
    problems: list[RotationProblem] = []
    if not games:
        return problems
    if chouette is None:
        common = set(games[0].players).intersection(*(set(g.players) for g in games[1:]))
        if len(common) != 1:
            if len(games) > 1:
                problems.append(
                    RotationProblem(
                        1,
                        "cannot tell the chouette player: "
                        + (
                            "no player sat in every game"
                            if not common
                            else f"{' and '.join(sorted(common))} sat in every game"
                        ),
                    )
                )
            return problems
        chouette = common.pop()
    previous: SittingGame | None = None
    previous_adversary: str | None = None
    for number, game in enumerate(games, first):
        if chouette not in game.players or len(game.players) != 2:
            problems.append(
                RotationProblem(
                    number, f"the chouette player {chouette} does not play game {number}"
                )
            )
            previous, previous_adversary = game, None
            continue
        adversary = game.players[1] if game.players[0] == chouette else game.players[0]
        if order and adversary not in order:
            problems.append(
                RotationProblem(number, f"{adversary} is not one of the adversaries {list(order)}")
            )
        elif previous is None:
            if order and adversary != order[0]:
                problems.append(
                    RotationProblem(
                        number,
                        f"the first game is for {order[0]}, who cut highest, not {adversary}",
                    )
                )
        elif previous_adversary is not None:
            if previous.winner == chouette:
                expected = _next_adversary(previous_adversary, order)
                if adversary == previous_adversary:
                    problems.append(
                        RotationProblem(
                            number,
                            f"{chouette} won game {number - 1}, so {previous_adversary} gives "
                            f"way; {adversary} may not play game {number}",
                        )
                    )
                elif expected is not None and adversary != expected:
                    problems.append(
                        RotationProblem(
                            number,
                            f"{chouette} won game {number - 1}: game {number} is for "
                            f"{expected}, the next adversary, not {adversary}",
                        )
                    )
            elif adversary != previous_adversary:
                problems.append(
                    RotationProblem(
                        number,
                        f"{chouette} lost game {number - 1}, so {previous_adversary} plays "
                        f"again; game {number} is his, not {adversary}'s",
                    )
                )
        previous, previous_adversary = game, adversary
    return problems


def _next_adversary(adversary: str, order: Sequence[str]) -> str | None:
    if not order or adversary not in order:
        return None
    return order[(list(order).index(adversary) + 1) % len(order)]
