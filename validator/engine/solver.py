"""An exact solver of the strict play of a two-handed deal: alpha-beta over the cards left.

Once the stock is out, both hands are known (every card still out is in one of them) and the
play is a two-player game of perfect information under the strict laws
(:mod:`validator.engine.strict_play`). :class:`EndingSolver` gives the value of a position
(:class:`~validator.engine.ending.Ending`) with best play by both sides, the value of each card
the seat to play may play, the best cards, and a best line, in the units of
:mod:`validator.engine.valuation` (a deal score in a game to a target, the settled value of the
game in Rubicon, Chinese and six-pack).

The search (``docs/analysis.md``, The method):

- a minimax over whole tricks with alpha-beta pruning (fail-soft, negamax in the leader's
  view); the transposition table is keyed by the two hands, the leader and, where the value is
  not simply additive in the brisques, the brisques the first seat has taken so far;
- cards that cannot play differently are searched once: two cards of one suit in one hand with
  the same worth (both brisques or neither) and no card of the adversary's between them, ends
  included, win and lose against exactly the same cards, so only one of them is tried;
- bounds from the valuation: the brisques still out and the last trick limit what the end can
  be worth, and a position whose every end is worth the same is not searched at all (most
  Rubicon endings, where the brisques count only in a near game or to save a rubicon).

Pure Python; no I/O, no parser, no command line.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from notation.cards import Card

from .ending import Ending, EndingError
from .ruleset import RuleSet
from .strict_play import BRISQUE, CARD_OF, CODE_OF, leader_wins, legal_follows, trump_code
from .valuation import Valuation, ValuationError

INF: Final = 10**12
"""Larger than any value a deal can have."""

Hand = tuple[int, ...]
"""A hand as the sorted codes of its cards (copies repeated)."""


class SolverError(ValueError):
    """A position the solver cannot value (see :class:`ValuationError`, :class:`EndingError`)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The solved position: what the seat to play can reach, card by card.

    Every value is from ``seat``'s point of view, with best play by both sides afterwards.
    """

    seat: str
    value: int
    """The value of the position: the value of the best card."""
    values: dict[Card, int]
    """The value of every card ``seat`` may play."""
    best: tuple[Card, ...]
    """The cards that reach ``value``, in the order of the cards (suit by suit, highest first)."""
    kind: str
    """What the values are: ``deal score`` or ``settled value`` (see the valuation)."""

    def loss(self, card: Card) -> int:
        """What playing ``card`` costs against the best card (0 for a best card)."""
        return self.value - self.values[card]


class _Search:
    """The search for one deal: its valuation, transposition table and bounds."""

    def __init__(self, valuation: Valuation, trump: int) -> None:
        self.valuation = valuation
        self.trump = trump
        self.table: dict[tuple[object, ...], list[int]] = {}
        self.nodes = 0
        total = valuation.total
        finals = [(valuation.final(b, True), valuation.final(b, False)) for b in range(total + 1)]
        self.win_last = tuple(f[0] for f in finals)
        self.lose_last = tuple(f[1] for f in finals)
        self.slope = _slope(self.win_last, self.lose_last)
        self.keyed_by_brisques = self.slope is None
        self._ranges: dict[tuple[int, int], tuple[int, int]] = {}

    # ----------------------------------------------------------------- bounds and leaves
    def range(self, brisques: int, rest: int) -> tuple[int, int]:
        """The least and most the first seat's value can be with ``rest`` brisques to play."""
        key = (brisques, rest)
        found = self._ranges.get(key)
        if found is None:
            end = brisques + rest + 1
            ends = (*self.win_last[brisques:end], *self.lose_last[brisques:end])
            found = (min(ends), max(ends))
            self._ranges[key] = found
        return found

    def shift(self, brisques: int) -> int:
        """What the first seat's value owes to the brisques taken so far, when it is additive."""
        return 0 if self.slope is None else self.slope * brisques

    # ----------------------------------------------------------------- the search
    def search(
        self,
        lead_hand: Hand,
        follow_hand: Hand,
        first_leads: bool,
        brisques: int,
        rest: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value of a position at the start of a trick, in the leader's view (fail-soft).

        ``brisques`` are those the first seat has taken, ``rest`` the brisques in both hands.
        """
        self.nodes += 1
        low, high = self.range(brisques, rest)
        if not first_leads:
            low, high = -high, -low
        if low == high or high <= alpha:
            return high
        if low >= beta:
            return low
        sign = 1 if first_leads else -1
        shift = sign * self.shift(brisques)
        key: tuple[object, ...] = (
            (lead_hand, follow_hand, first_leads, brisques)
            if self.keyed_by_brisques
            else (lead_hand, follow_hand, first_leads)
        )
        entry = self.table.get(key)
        first_move = -1
        if entry is not None:
            t_low, t_high, first_move = entry[0] + shift, entry[1] + shift, entry[2]
            if t_low >= beta:
                return t_low
            if t_high <= alpha:
                return t_high
            if t_low == t_high:
                return t_low
            alpha = max(alpha, t_low)
            beta = min(beta, t_high)
        alpha0, beta0 = alpha, beta
        trump = self.trump
        last = len(lead_hand) == 1
        best = -INF
        best_move = -1
        for lead in self.leads(lead_hand, follow_hand, first_move):
            at = lead_hand.index(lead)
            rest_lead = lead_hand[:at] + lead_hand[at + 1 :]
            floor = max(alpha, best)
            worst = INF
            for answer in self.answers(follow_hand, lead, rest_lead):
                at_f = follow_hand.index(answer)
                rest_follow = follow_hand[:at_f] + follow_hand[at_f + 1 :]
                gain = BRISQUE[lead] + BRISQUE[answer]
                kept = leader_wins(lead, answer, trump)
                first_wins = first_leads == kept
                taken = brisques + gain if first_wins else brisques
                ceiling = min(beta, worst)
                if last:
                    value = self.win_last[taken] if first_wins else self.lose_last[taken]
                    if not first_leads:
                        value = -value
                elif kept:
                    value = self.search(
                        rest_lead, rest_follow, first_leads, taken, rest - gain, floor, ceiling
                    )
                else:
                    value = -self.search(
                        rest_follow,
                        rest_lead,
                        not first_leads,
                        taken,
                        rest - gain,
                        -ceiling,
                        -floor,
                    )
                if value < worst:
                    worst = value
                    if worst <= floor:
                        break
            if worst > best:
                best = worst
                best_move = lead
                if best >= beta:
                    break
        if best <= alpha0:
            bounds = [-INF, best]
        elif best >= beta0:
            bounds = [best, INF]
        else:
            bounds = [best, best]
        if entry is not None:
            bounds = [max(bounds[0], entry[0] + shift), min(bounds[1], entry[1] + shift)]
        self.table[key] = [bounds[0] - shift, bounds[1] - shift, best_move]
        return best

    def leads(self, hand: Hand, other: Hand, first: int) -> list[int]:
        """The leads worth trying, the table's best first, then sure winners, then the rest."""
        trump = self.trump
        other_mask = _mask(other)
        options = _representatives(hand, other_mask)
        if len(options) == 1:
            return options
        suits = _suit_masks(other)

        def order(code: int) -> tuple[int, int]:
            suit = code >> 3
            beaten = suits[suit] & ((1 << (code & 7)) - 1)
            if not beaten and (suits[suit] or trump < 0 or suit == trump or not suits[trump]):
                return (0, -BRISQUE[code])  # nothing beats it: take the trick
            return (1 + BRISQUE[code], -code)  # it may lose: the cheapest first

        options.sort(key=order)
        if first in options:
            options.remove(first)
            options.insert(0, first)
        return options

    def answers(self, hand: Hand, lead: int, other: Hand) -> list[int]:
        """The legal replies worth trying: a brisque taken or kept first."""
        legal = legal_follows(hand, lead, self.trump)
        options = _representatives(legal, _mask(other) | (1 << lead))
        if len(options) > 1:
            trump = self.trump

            def order(code: int) -> tuple[int, int]:
                wins = not leader_wins(lead, code, trump)
                good = BRISQUE[code] == (1 if wins else 0)
                return (0 if good else 1, -code)

            options.sort(key=order)
        return options


def _mask(hand: Hand) -> int:
    mask = 0
    for code in hand:
        mask |= 1 << code
    return mask


def _suit_masks(hand: Hand) -> list[int]:
    """For each suit, the ranks held as bits (bit 0 the ace)."""
    masks = [0, 0, 0, 0]
    for code in hand:
        masks[code >> 3] |= 1 << (code & 7)
    return masks


def _classes(cards: list[int] | Hand, other_mask: int) -> list[list[int]]:
    """The distinct codes of ``cards`` grouped into classes that play alike.

    Two cards of one suit with the same worth (both brisques or neither) and no card of the
    adversary's (``other_mask``) between them, ends included, win and lose against the same
    cards and are legal in the same tricks: playing one or the other gives the same value.
    """
    out: list[list[int]] = []
    previous = -1
    for code in sorted(set(cards)):
        if (
            out
            and code >> 3 == previous >> 3
            and BRISQUE[code] == BRISQUE[previous]
            and not (other_mask >> previous) & ((1 << (code - previous + 1)) - 1)
        ):
            out[-1].append(code)
        else:
            out.append([code])
        previous = code
    return out


def _representatives(cards: list[int] | Hand, other_mask: int) -> list[int]:
    return [group[0] for group in _classes(cards, other_mask)]


def _slope(win_last: tuple[int, ...], lose_last: tuple[int, ...]) -> int | None:
    """The value of one more brisque when the value is additive in them, else None."""
    steps = {b - a for ends in (win_last, lose_last) for a, b in itertools.pairwise(ends)}
    if len(steps) > 1:
        return None
    return steps.pop() if steps else 0


class EndingSolver:
    """Exact values of strict-play positions under one rule set.

    One solver may be asked about many positions; positions of one deal (same trump, points
    and brisques in the deal) share a transposition table, so analysing every play of a strict
    phase costs little more than solving its start.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self._searches: dict[tuple[object, ...], _Search] = {}

    @property
    def nodes(self) -> int:
        """Positions searched so far (for the bench)."""
        return sum(search.nodes for search in self._searches.values())

    def _search_for(self, ending: Ending) -> _Search:
        total = sum(ending.brisques) + ending.remaining_brisques()
        key = (ending.seats, ending.trump, ending.points, total)
        found = self._searches.get(key)
        if found is None:
            try:
                valuation = Valuation(self.rules, ending.seats, ending.points, total)
                found = _Search(valuation, trump_code(ending.trump))
            except ValuationError as exc:
                raise SolverError(str(exc)) from exc
            self._searches[key] = found
        return found

    def valuation(self, ending: Ending) -> Valuation:
        """The valuation the solver uses for ``ending``'s deal."""
        return self._search_for(ending).valuation

    def value(self, ending: Ending, seat: str | None = None) -> int:
        """The value of ``ending`` with best play, from ``seat``'s view (default: the first
        seat's)."""
        search = self._search_for(ending)
        first = self._first_value(search, ending)
        return search.valuation.view(first, seat or ending.seats[0])

    def _first_value(self, search: _Search, ending: Ending) -> int:
        """The value of a position in the first seat's view."""
        if ending.over:
            return search.valuation.final(ending.brisques[0], ending.last_winner == ending.seats[0])
        if ending.lead is not None:
            values = self._reply_values(search, ending)
            return (
                min(values.values()) if ending.leader == ending.seats[0] else max(values.values())
            )
        hands, first_leads, taken, rest = _state(ending)
        value = search.search(hands[0], hands[1], first_leads, taken, rest, -INF, INF)
        return value if first_leads else -value

    def _reply_values(self, search: _Search, ending: Ending) -> dict[int, int]:
        """For a trick under way: the first seat's value after each reply class."""
        assert ending.lead is not None
        lead = CODE_OF[ending.lead]
        leader_hand = _codes(ending.hand(ending.leader))
        follower_hand = _codes(ending.hand(ending.follower))
        first_leads = ending.leader == ending.seats[0]
        taken = ending.brisques[0]
        rest = ending.remaining_brisques()
        legal = legal_follows(follower_hand, lead, search.trump)
        out: dict[int, int] = {}
        for group in _classes(legal, _mask(leader_hand) | (1 << lead)):
            answer = group[0]
            at = follower_hand.index(answer)
            rest_follow = follower_hand[:at] + follower_hand[at + 1 :]
            gain = BRISQUE[lead] + BRISQUE[answer]
            kept = leader_wins(lead, answer, search.trump)
            first_wins = first_leads == kept
            got = taken + gain if first_wins else taken
            if not leader_hand:
                value = search.win_last[got] if first_wins else search.lose_last[got]
            elif first_wins:
                value = search.search(
                    *((leader_hand, rest_follow) if kept else (rest_follow, leader_hand)),
                    True,
                    got,
                    rest - gain,
                    -INF,
                    INF,
                )
            else:
                value = -search.search(
                    *((leader_hand, rest_follow) if kept else (rest_follow, leader_hand)),
                    False,
                    got,
                    rest - gain,
                    -INF,
                    INF,
                )
            for code in group:
                out[code] = value
        return out

    def solve(self, ending: Ending) -> Solution:
        """Every card the seat to play may play, valued with best play afterwards."""
        seat = ending.to_play
        if seat is None:
            raise SolverError("the deal is over: there is no card to play")
        search = self._search_for(ending)
        firsts: dict[int, int] = {}
        if ending.lead is not None:
            firsts = self._reply_values(search, ending)
        else:
            for group in _classes(
                _codes(ending.hand(seat)), _mask(_codes(ending.hand(ending.follower)))
            ):
                after = ending.after(CARD_OF[group[0]])
                value = self._first_value(search, after)
                for code in group:
                    firsts[code] = value
        view = search.valuation.view
        values = {CARD_OF[code]: view(first, seat) for code, first in firsts.items()}
        best_value = max(values.values())
        best = tuple(
            card for card in sorted(values, key=CODE_OF.__getitem__) if values[card] == best_value
        )
        return Solution(seat, best_value, values, best, search.valuation.kind)

    def line(self, ending: Ending) -> tuple[tuple[str, Card], ...]:
        """A best line from ``ending`` to the end of the deal: each side plays its first best
        card in turn."""
        out: list[tuple[str, Card]] = []
        while not ending.over:
            solution = self.solve(ending)
            card = solution.best[0]
            out.append((solution.seat, card))
            ending = ending.after(card)
        return tuple(out)


def _codes(cards: tuple[Card, ...]) -> Hand:
    return tuple(sorted(CODE_OF[card] for card in cards))


def _state(ending: Ending) -> tuple[tuple[Hand, Hand], bool, int, int]:
    """A position at the start of a trick as the search takes it: leader's and follower's
    hands, whether the first seat leads, the first seat's brisques, the brisques to play."""
    if ending.lead is not None:
        raise EndingError("a trick is under way")
    lead_hand = _codes(ending.hand(ending.leader))
    follow_hand = _codes(ending.hand(ending.follower))
    return (
        (lead_hand, follow_hand),
        ending.leader == ending.seats[0],
        ending.brisques[0],
        ending.remaining_brisques(),
    )
