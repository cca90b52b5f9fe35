"""A brute-force minimax of the strict play, written apart from the solver to check it.

Plain recursion over every legal card, no pruning, no table, no equivalence of cards: the
legality, the trick winner and the brisques are counted here from the rule texts with cards as
text (``"TH"``), sharing no code with ``validator.engine.solver``, ``strict_play``, ``ending``
or ``valuation``. Only the settlement's arithmetic (``validator.engine.settlement``, tested on
its own against the texts' worked examples) turns the final scores into a value, memoised by
its arguments (which changes no value and prunes nothing).

- "the second player in each must not only follow suit, but must win the trick if he can,
  either with a superior card or with a trump" (rubicon-bezique-laws.txt, The Last Nine Tricks;
  bezique-guide.txt: "follow suit if you can, win the trick if you can, and trump if you cannot
  follow");
- "The higher card of the suit led wins it, or the higher trump if one is played; between two
  identical cards the first one played wins" (bezique-guide.txt, Play);
- aces and tens are brisques (bezique-guide.txt, What is a brisque?); the winner of the last
  trick scores the rule set's ``last_trick``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from validator.engine import RuleSet
from validator.engine.settlement import SettlementRules, settle_deal

ORDER = "ATKQJ987"  # highest first, as the texts list them


def _stronger(a: str, b: str) -> bool:
    return ORDER.index(a[0]) < ORDER.index(b[0])


def follows(hand: Sequence[str], lead: str, trump: str | None) -> list[str]:
    """The cards the second player may play to ``lead``."""
    suit = lead[1]
    same = [c for c in hand if c[1] == suit]
    if same:
        winners = [c for c in same if _stronger(c, lead)]
        return winners if winners else same
    if trump is not None and suit != trump:
        trumps = [c for c in hand if c[1] == trump]
        if trumps:
            return trumps
    return list(hand)


def second_wins(lead: str, second: str, trump: str | None) -> bool:
    if second[1] == lead[1]:
        return _stronger(second, lead)
    return trump is not None and second[1] == trump


def is_brisque(card: str) -> int:
    return 1 if card[0] in "AT" else 0


class BruteForce:
    """The first seat's value of a strict position, by exhaustive minimax."""

    def __init__(self, rules: RuleSet) -> None:
        settlement = rules.settlement_rules
        assert isinstance(settlement, SettlementRules)
        self.rules = rules
        self.settlement = settlement
        self.leaves = 0

    @functools.cache  # noqa: B019 - one instance per test run
    def _settled(self, points: tuple[int, int], brisques: tuple[int, int], last: str) -> int:
        result = settle_deal(
            {"A": points[0], "B": points[1]},
            {"A": brisques[0], "B": brisques[1]},
            self.settlement,
            last_trick=last,
        )
        if self.settlement.kind == "target":
            return result.scores["A"]  # the first seat's deal score
        if result.winner is None:
            return 0
        return result.value if result.winner == "A" else -result.value

    def leaf(self, points: tuple[int, int], brisques: tuple[int, int], last: str) -> int:
        self.leaves += 1
        final = (
            points[0] + (self.rules.last_trick if last == "A" else 0),
            points[1] + (self.rules.last_trick if last == "B" else 0),
        )
        return self._settled(final, brisques, last)

    def value(
        self,
        hands: dict[str, list[str]],
        leader: str,
        lead: str | None,
        trump: str | None,
        points: tuple[int, int],
        brisques: tuple[int, int],
    ) -> int:
        """The value of the position for seat ``A`` (seats are ``A`` and ``B``)."""
        follower = "B" if leader == "A" else "A"
        if lead is None:
            options = sorted(set(hands[leader]))
            values = []
            for card in options:
                rest = list(hands[leader])
                rest.remove(card)
                values.append(
                    self.value({**hands, leader: rest}, leader, card, trump, points, brisques)
                )
            return max(values) if leader == "A" else min(values)
        values = []
        for card in sorted(set(follows(hands[follower], lead, trump))):
            rest = list(hands[follower])
            rest.remove(card)
            winner = follower if second_wins(lead, card, trump) else leader
            won = is_brisque(lead) + is_brisque(card)
            taken = (
                brisques[0] + (won if winner == "A" else 0),
                brisques[1] + (won if winner == "B" else 0),
            )
            after = {**hands, follower: rest}
            if not after["A"] and not after["B"]:
                values.append(self.leaf(points, taken, winner))
            else:
                values.append(self.value(after, winner, None, trump, points, taken))
        return max(values) if follower == "A" else min(values)
