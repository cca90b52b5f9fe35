"""The plays a record makes later in a deal, seat by seat: a reading that holds a card its seat
never plays cannot explain the rest of the record.

In a deal played out (no turn-up, so no seven exchanged: a card leaves a hand only by being
played), every card a seat holds is played before the deal ends: the cards it was dealt and
every card it draws. So under a reading that knows a seat holds more copies of a card, in the
hand or on the table, than the record has the seat play from here on, some later play of the
record finds the seat without the card it plays: the reading is *doomed*. In a record naming
every card no reading is (the readings differ only in which physical copy is where); in a
blind record the readings that laid an unseen card as one the seat never plays again are
many, and each is carried, and multiplied by every later declaration, until the end of the
deal, where the plays finally refute it.

:class:`PlaysAhead` tells them: a declaration's ways that would make one are not made
(:meth:`Readings.expand`, ``spare``), and :meth:`Readings.select` drops those made otherwise
(a card played from the unseen ones where a copy is known) before the pruning; in both while
another reading is left. This is not a dominance (``docs/engine.md``, "Why the search is
complete"): a doomed reading may still explain an event that no other reading explains, and
would then delay a fault to the play that refutes it. So dropping one is a guess that the
record is legal, kept only when it proves right: the replay walks a deal again without it when
the walk that dropped one reports anything but the bound (:mod:`validator.replay.driver`).
When it reports nothing, the full search would have reported nothing either, bound aside: of
the readings the full search keeps, the walk keeps those not doomed, since a reading that
allows all another allows knows no card the other does not (it may hold unseen what the other
knows), so it is doomed only if the other is; an event the walk explains, the full search
explains. For the same reason the walk holds no more readings than the full search, and
reaches the bound no sooner (but for the pruning's timing: ``docs/engine.md``, "Plays
ahead").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from notation.cards import Card

from .melds import MeldWay
from .reading import Reading
from .ways import Alternative


class PlaysAhead:
    """The plays of each seat in a deal played out, in order (module docstring)."""

    __slots__ = ("_checked", "_left", "_touched", "dropped", "plays")

    def __init__(self, plays: Mapping[str, Sequence[Card]]) -> None:
        self.plays = {seat: tuple(cards) for seat, cards in plays.items()}
        """Each seat's plays in the deal, in the order made."""
        self._left: dict[str, dict[Card, int]] = {}
        """Each seat's plays not made at the last check, counted by card."""
        self._checked: dict[str, int] = {}
        """The plays each seat had made at the last check (:meth:`keep`)."""
        self._touched: dict[str, set[Card]] = {}
        """The cards each seat has declared since the last check."""
        self.dropped = False
        """Whether a doomed reading was dropped in this deal: the walk is then a guess that the
        record is legal, kept only if it reports nothing (module docstring)."""
        for seat, cards in self.plays.items():
            left = self._left[seat] = {}
            for card in cards:
                left[card] = left.get(card, 0) + 1

    @staticmethod
    def played_out(
        plays: Mapping[str, Sequence[Card]], held: Mapping[str, int], stock: int, turn_up: bool
    ) -> bool:
        """Whether the record plays every card of the deal: each seat plays the cards it holds
        (``held``) and its share of the ``stock``, and no seven is exchanged for a turn-up."""
        seats = len(held)
        if turn_up or not seats or stock % seats:
            return False
        share = stock // seats
        return all(len(plays.get(seat, ())) == n + share for seat, n in held.items())

    def _sync(self, seat: str, made: int, touched: dict[str, set[Card]]) -> None:
        """Count the seat's plays up to its ``made``-th as made; the cards played since the
        last count join ``touched``."""
        checked = self._checked.get(seat, 0)
        if made > checked:
            cards = self.plays.get(seat, ())[checked:made]
            left = self._left[seat]
            for card in cards:
                left[card] -= 1
            touched.setdefault(seat, set()).update(cards)
            self._checked[seat] = made

    def spare(
        self, reading: Reading, seat: str, made: int, ways: Sequence[Alternative[MeldWay | None]]
    ) -> list[Alternative[MeldWay | None]]:
        """Of the ways of a declaration by ``seat`` (who has made ``made`` plays) under
        ``reading``, those that do not lay from its unseen cards more copies of a card than
        the seat plays from here on, with those it knows already."""
        self._sync(seat, made, self._touched)
        left = self._left.get(seat, {})
        holding = reading.holdings[seat]
        known: dict[Card, int] = {}
        live: list[Alternative[MeldWay | None]] = []
        for alt in ways:
            way = alt.way
            if way is not None and way.from_unseen:
                fits = True
                for card, n in way.from_unseen:
                    have = known.get(card)
                    if have is None:
                        have = known[card] = holding.hand.get(card, 0) + sum(
                            1 for c in holding.table if c.card is card
                        )
                    if have + n > left.get(card, 0):
                        fits = False
                        break
                if not fits:
                    self.dropped = True
                    continue
            live.append(alt)
        return live

    def declared(self, seat: str, cards: Iterable[Card]) -> None:
        """The seat declared these cards: a reading may have laid them from its unseen cards,
        and so know more of them than the seat plays."""
        self._touched.setdefault(seat, set()).update(cards)

    def keep(
        self, items: list[Reading], played: Mapping[str, int], held: Mapping[str, int]
    ) -> list[Reading]:
        """``items`` without the doomed readings, unless every one of them is doomed.

        Only the cards that may have made a reading doomed since the last check are asked:
        those each seat has played since (its plays left are fewer) and declared since (a
        reading may know more of them). ``played``: the plays each seat has made, as both
        players count them, and ``held`` the cards each holds: a seat whose cards under the
        readings are one fewer is having its play read, which counts as made. Every reading is
        asked the same cards, so of two readings one of which allows all that the other does,
        the other is dropped whenever the first is."""
        touched = self._touched
        self._touched = {}
        first = items[0].holdings
        for seat in self.plays:
            made = played.get(seat, 0)
            holding = first.get(seat)
            if holding is not None and holding.count() < held.get(seat, 0):
                made += 1
            self._sync(seat, made, touched)
        asked = [
            (seat, card, self._left.get(seat, {}).get(card, 0))
            for seat, cards in touched.items()
            for card in cards
        ]
        if not asked:
            return items
        kept = [r for r in items if not _doomed(r, asked)]
        if not kept or len(kept) == len(items):
            return items
        self.dropped = True
        return kept


def _doomed(reading: Reading, asked: Sequence[tuple[str, Card, int]]) -> bool:
    """Whether the reading knows a seat holds more copies of one of the cards ``asked``
    (seat, card, the seat's plays of it left) than the seat plays from here on."""
    holdings = reading.holdings
    for seat, card, left in asked:
        holding = holdings.get(seat)
        if holding is None:
            continue
        known = holding.hand.get(card, 0)
        if known > left:
            return True
        for copy in holding.table:
            if copy.card is card:
                known += 1
                if known > left:
                    return True
    return False
