"""The deal state: the one object the replay validator and the simulator both drive.

:class:`DealState` holds a deal in progress and applies events as the record says they
happened, even when illegal: :meth:`~DealState.play`, :meth:`~DealState.draw`,
:meth:`~DealState.declare`, each returning the
:class:`~validator.engine.violations.Violation` list it breaks. The methods are a façade: how
an event is applied lives beside the state, in functions that take it
(:mod:`validator.engine.playing`, :mod:`validator.engine.drawing`,
:mod:`validator.engine.declarations`).

What both players see is kept once, on the state: the trick, the tricks won, the stock, the
trump, the scores, whose turn it is. Where the physical cards are is not always known from the
record (which of two K♥ was played, which copies a declaration took, what an unseen card was):
that part lives in the readings (:mod:`validator.engine.readings`), every account of the deal
that the record still allows. An event breaks a rule only when no reading explains it. The same
mechanism serves a record that names every card and one that names none.

The simulator asks :meth:`~DealState.legal_plays` and :meth:`~DealState.legal_declarations`;
given a ``chooser`` the state follows one reading, the chooser picking at each event which
physical cards were used (a player's own choice, not the engine's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from notation.cards import Card

from . import declarations, drawing, playing, questions
from .card_tables import ALL_CARDS, TEXT, sorted_cards
from .copies import Copy, Group, Pending
from .deal_checks import set_up
from .dealing import deal_cards, new_pack, play_order
from .declarations import Declared
from .holding import Holding
from .outcomes import (
    DealOutcome,
    DeclarationOption,
    DeclarationOutcome,
    EngineError,
    Snapshot,
)
from .phases import LOOSE, OVER, STRICT
from .plays_ahead import PlaysAhead
from .reading import Reading
from .readings import Readings
from .relevance import Foresight, Relevance
from .ruleset import RuleSet
from .violations import Violation
from .ways import Alternative, Fault

_T = TypeVar("_T")

NONE: frozenset[Card] = frozenset()
"""No card withheld (:meth:`DealState.play`)."""

Chooser = Callable[[Sequence[Alternative[Any]]], int]
"""Picks, among the ways an event can be read (fewest faults, best first), the one that
happened: the index of the way."""


class DealState:
    """One deal in progress under a rule set; see the module docstring and ``docs/engine.md``.

    ``hands`` maps each seat to its dealt cards, ``None`` for a card the record does not name
    (omit a seat, or pass ``hands=None``, for a hand wholly unknown). ``stock`` lists the stock
    top first (``None`` entries unknown), or is ``None`` when unknown. ``turnup`` is the card
    turned for trump in the turn-up games; ``trump`` sets the trump suit outright (a position
    set up for a scenario, or a record that states it). A stock too short to draw from starts
    the deal in the strict phase. ``chooser``: follow one reading, chosen event by event (the
    simulator's players); without it every reading the record allows is kept. ``exhaustive``:
    keep every reading but exact duplicates, with no dominance, foresight or bound (slow: the
    tests check the search against it).
    """

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[str],
        dealer: str,
        hands: Mapping[str, Sequence[Card | None]] | None = None,
        stock: Sequence[Card | None] | None = None,
        turnup: Card | None = None,
        trump: str | None = None,
        chooser: Chooser | None = None,
        exhaustive: bool = False,
    ) -> None:
        self.rules = rules
        self.seats: tuple[str, ...] = tuple(seats)
        if len(set(self.seats)) != len(self.seats) or len(self.seats) != rules.players:
            raise EngineError(
                f"rule set {rules.name!r} is for {rules.players} players, "
                f"seats given: {list(seats)}"
            )
        if dealer not in self.seats:
            raise EngineError(f"dealer {dealer!r} is not one of the seats {list(self.seats)}")
        self.n = len(self.seats)
        self.dealer = dealer
        self.order = play_order(self.seats, dealer)
        self._next_seat = {s: self.seats[(i + 1) % self.n] for i, s in enumerate(self.seats)}
        self._rounds = {s: self.seats[i:] + self.seats[:i] for i, s in enumerate(self.seats)}
        """Each seat and those after it in turn: the order of a round of draws it begins."""
        self.copies: dict[Card, int] = (
            {card: rules.copies(card) for card in ALL_CARDS}
            if rules.omit
            else dict.fromkeys(ALL_CARDS, rules.packs)
        )
        setup = set_up(rules, self.seats, self.copies, hands, stock, turnup)
        self.deal_violations: list[Violation] = setup.violations
        self.stock: list[Card | None] = setup.stock
        self.stock_known = setup.stock_known
        self.readings = Readings(
            Reading(setup.holdings, setup.seen), rules.reform == "portland", self.copies, exhaustive
        )
        self.exhaustive = exhaustive
        self.chooser = chooser
        self._new_card = rules.reform == "new-card"
        self._portland = rules.reform == "portland"
        self._brisques_taken = rules.brisque_scoring == "when-taken" and not rules.no_brisques
        """Brisques score as the tricks holding them are won (not counted at the end)."""
        self._pone_first = rules.draw_order == "pone-first" and len(self.seats) == 2
        """The pone draws first, whoever won (the French draw); with three players there is no
        pone to draw first, and the winner does (rule variant.three-handed.draw-order)."""
        self.turnup_present = rules.turn_up
        self.turnup: Card | None = turnup if rules.turn_up else None
        self.trump: str | None = turnup.suit if (rules.trump == "turn-up" and turnup) else None
        if trump is not None:
            self.trump = trump
        self.trick: list[tuple[str, Card]] = []
        self.tricks_played = 0
        self.leader = self.order[0]
        self.last_winner: str | None = None
        self.phase = LOOSE
        self.won: dict[str, list[Card]] = {seat: [] for seat in self.seats}
        self.brisques: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.melds: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.brisque_points: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.last_trick_points: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.adjustments: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.draw_queue: list[str] = []
        self.drawn: set[str] = set()
        self.draws_unrecorded = False
        """The record writes no draw in this deal (a score sheet): each draw due is made, its
        card unnamed, when the next trick begins, and no draw is a fault for being absent."""
        self.turnup_last = False
        self.scored_this_trick = 0
        self.played: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.held: dict[str, int] = {seat: h.count() for seat, h in self.reading.holdings.items()}
        """How many cards each seat holds, as both players see it: dealt, drawn, less played
        (the same under every reading)."""
        self.cb_active: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.cb_ready: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.cb_block: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.cb_broken: dict[str, Card] = {}
        """The court card that ended a seat's run of carte blanche, once drawn."""
        self.cb_false: set[str] = set()
        """The seats whose carte blanche was shown holding a court card (A410)."""
        self.turnup_marked = False
        self.ambiguous_from: int | None = None
        """The trick from which the deal was too ambiguous to check (a bound was reached)."""
        self.declared: Declared | None = None
        self.announced: dict[str, set[tuple[str, tuple[Card, ...]]]] = {
            seat: set() for seat in self.seats
        }
        """The combinations each seat has announced to score (carried) in this deal."""
        self.lines_declared = 0
        self.last_line: tuple[str, bool] | None = None
        """The seat of the latest declaration line and whether it was made in turn."""
        """Declaration lines so far: the copies a line lays are numbered from it."""
        self.parts_at_fault: set[int] = set()
        """The parts of the latest event that no reading explains."""
        if turnup is not None and turnup.rank == "7" and rules.seven_turned_up:
            self.melds[dealer] += rules.seven_turned_up
            self.turnup_marked = True
        if len(self.stock) < self.n:
            drawing.enter_strict(self)

    def fork(self) -> DealState:
        """An independent copy of the deal as it stands (the simulator tries a declaration on
        one): what changes is copied, the rule set and the values nothing changes are shared.

        Written out rather than left to ``copy.deepcopy``, which a compiled build cannot do
        (docs/scale.md, "A compiled build"): every attribute ``__init__`` sets is set here."""
        other = DealState(self.rules, self.seats, self.dealer)
        other.n = self.n
        other.order = self.order
        other._next_seat = self._next_seat
        other._rounds = self._rounds
        other.copies = self.copies
        other.deal_violations = list(self.deal_violations)
        other.stock = list(self.stock)
        other.stock_known = self.stock_known
        other.readings = self.readings.clone()
        other.exhaustive = self.exhaustive
        other.chooser = self.chooser
        other._new_card = self._new_card
        other._portland = self._portland
        other._brisques_taken = self._brisques_taken
        other._pone_first = self._pone_first
        other.turnup_present = self.turnup_present
        other.turnup = self.turnup
        other.trump = self.trump
        other.trick = list(self.trick)
        other.tricks_played = self.tricks_played
        other.leader = self.leader
        other.last_winner = self.last_winner
        other.phase = self.phase
        other.won = {seat: list(cards) for seat, cards in self.won.items()}
        other.brisques = dict(self.brisques)
        other.melds = dict(self.melds)
        other.brisque_points = dict(self.brisque_points)
        other.last_trick_points = dict(self.last_trick_points)
        other.adjustments = dict(self.adjustments)
        other.draw_queue = list(self.draw_queue)
        other.drawn = set(self.drawn)
        other.draws_unrecorded = self.draws_unrecorded
        other.turnup_last = self.turnup_last
        other.scored_this_trick = self.scored_this_trick
        other.played = dict(self.played)
        other.held = dict(self.held)
        other.cb_active = dict(self.cb_active)
        other.cb_ready = dict(self.cb_ready)
        other.cb_block = dict(self.cb_block)
        other.cb_broken = dict(self.cb_broken)
        other.cb_false = set(self.cb_false)
        other.turnup_marked = self.turnup_marked
        other.ambiguous_from = self.ambiguous_from
        other.declared = self.declared
        other.announced = {seat: set(found) for seat, found in self.announced.items()}
        other.lines_declared = self.lines_declared
        other.last_line = self.last_line
        other.parts_at_fault = set(self.parts_at_fault)
        return other

    # ------------------------------------------------------------------ the preferred reading
    @property
    def reading(self) -> Reading:
        """The preferred reading: what the views show of hands and tables."""
        return self.readings.first

    @property
    def hand(self) -> dict[str, Counter[Card]]:
        """Each seat's known hand under the preferred reading (a copy)."""
        return {seat: Counter(h.hand) for seat, h in self.reading.holdings.items()}

    @property
    def unknown(self) -> dict[str, int]:
        """Each seat's unseen cards under the preferred reading."""
        return {seat: h.unknown for seat, h in self.reading.holdings.items()}

    @property
    def table(self) -> dict[str, list[Copy]]:
        """Each seat's tabled copies under the preferred reading (a copy)."""
        return {seat: list(h.table) for seat, h in self.reading.holdings.items()}

    @property
    def groups(self) -> dict[str, list[Group]]:
        """The combinations each seat has scored that still count, under the preferred reading."""
        return {seat: list(h.groups) for seat, h in self.reading.holdings.items()}

    @property
    def pending(self) -> dict[str, list[Pending]]:
        """The announcements each seat carries, under the preferred reading."""
        return {seat: list(h.pending) for seat, h in self.reading.holdings.items()}

    @property
    def seen(self) -> Counter[Card]:
        """How many copies of each card are accounted for, under the preferred reading."""
        return Counter(self.reading.seen)

    @property
    def one_reading(self) -> bool:
        """Whether the state only ever changes by the events applied to it: always so now (no
        reading replaces the state retroactively); kept for callers that cache per event."""
        return True

    def holding_of(self, seat: str) -> Holding:
        """The seat's holding under the preferred reading (not to be changed by the caller)."""
        return self.reading.holdings[seat]

    # ------------------------------------------------------------------ small helpers
    def violation(self, code: str, rule: str, seat: str | None, message: str) -> Violation:
        """A violation by ``seat`` at the trick in progress (the parts of an event use it)."""
        number = self.tricks_played + (1 if self.trick else 0)
        return Violation(code, rule, seat, message, number or None)

    def _found(self, seat: str, faults: Iterable[tuple[Fault, int]]) -> list[Violation]:
        """The faults of the event in progress as violations of ``seat``. A fault of a part
        after the first (an announcement carried on a declaration line) is A416: that
        announcement is not carried, and the combination scored stands (rule decl.carried)."""
        number = self.tricks_played + (1 if self.trick else 0)
        return [
            Violation(f.code, f.rule, seat, f.message, number or None, f.fault_trick, f.showing)
            if not part
            else self.not_carried(seat, f.message, f.code)
            for f, part in faults
        ]

    def not_carried(self, seat: str, message: str, code: str) -> Violation:
        """A416: an announcement to score that breaks a rule (whose code, as a declaration,
        would be ``code``) is not carried; the combination scored on its line stands."""
        return self.violation(
            "A416", "decl.carried", seat, f"announced to score, not carried: {message} ({code})"
        )

    def check_seat(self, seat: str) -> None:
        """Refuse a seat the deal does not have (EngineError)."""
        if seat not in self._next_seat:
            raise EngineError(f"unknown seat {seat!r} (seats: {list(self.seats)})")

    def read_ways(
        self,
        alternatives: Callable[[Reading], Sequence[Alternative[Any]]],
        apply: Callable[[Reading, Any], None],
        part: int = 0,
        spare: Callable[[Reading, Sequence[Alternative[Any]]], Sequence[Alternative[Any]]]
        | None = None,
    ) -> None:
        """One part of an event under every reading (or the chooser's one way); ``spare``, as
        :meth:`Readings.expand` takes it."""
        chooser = self.chooser
        if chooser is None:
            self.readings.expand(alternatives, apply, part, spare)
            return

        def chosen(reading: Reading) -> Sequence[Alternative[Any]]:
            ways = alternatives(reading)
            if len(ways) < 2:
                return ways
            fewest = min(len(w.faults) for w in ways)
            best = [w for w in ways if len(w.faults) == fewest]
            return [best[chooser(best)]]

        self.readings.expand(chosen, apply, part)

    def settle(self, seat: str) -> list[Violation]:
        """End of an event: keep the readings that explain it best; its faults, if no reading
        explains it (none once the deal is too ambiguous to check)."""
        readings = self.readings
        reported = self.ambiguous_from is not None
        # the bound reached within this event (its ways, or between the parts of a line):
        # what it found is not known, for some ways were never made
        cut = readings.capped and not reported
        found = readings.select(self.played, self.held)
        if not found and not readings.capped:
            self.parts_at_fault = set()
            return []  # some reading explains the event: the commonest end
        if reported or cut:
            found = []
        self.parts_at_fault = {part for _, part in found}
        if reported:
            return []
        if readings.capped:
            self.ambiguous_from = self.tricks_played + 1
            note = self.violation(
                "R002",
                "read.bounded",
                None,
                f"too ambiguous to check from trick {self.ambiguous_from} on: "
                "the cards the record does not name allow too many readings",
            )
            return [*self._found(seat, found), note]
        return self._found(seat, found)

    def foresee(
        self,
        declarations: Iterable[tuple[str, str, Sequence[Card]]],
        plays: Mapping[str, Sequence[Card]] | None = None,
    ) -> None:
        """The declarations the record makes in this deal, in order, each ``(seat, kind,
        cards)`` (announcements carried on a line included): a reading is then judged by what
        those can still see of it (:mod:`validator.engine.relevance`), which keeps the readings
        of a long record few. Call before the first event; a replay knows its record.

        ``plays``: each seat's plays in the deal, in order, when the caller lets a reading
        holding a card its seat never plays be dropped (:mod:`validator.engine.plays_ahead`:
        a guess that the record is legal, which the caller must check by what the walk
        reports); used only when the record plays the whole deal out."""
        # not in a deal naming every card: its readings differ only in which physical copy is
        # where, and all hold the same cards
        unseen = any(h.unknown for h in self.reading.holdings.values())
        if (
            plays is not None
            and unseen
            and not self.exhaustive
            and self.chooser is None
            and PlaysAhead.played_out(plays, self.held, len(self.stock), self.rules.turn_up)
        ):
            self.readings.ahead = PlaysAhead(plays)
        if not self.exhaustive:
            rules = self.rules
            self.readings.foresight = Foresight(
                declarations,
                fresh_matters=rules.reform == "portland" or rules.new_card_from_hand,
                groups_matter=rules.reform == "portland"
                or (rules.reform == "new-card" and rules.reform_needs_break),
                announced_matter=rules.reform == "none",
            )

    def relevance_of(self, seat: str) -> Relevance | None:
        """What the seat's later declarations can see (None without foresight)."""
        foresight = self.readings.foresight
        return None if foresight is None else foresight.of(seat)

    def can_exist(self, card: Card) -> bool:
        """Whether one more copy of ``card`` may lie unseen under the preferred reading."""
        return self.reading.can_exist(card, self.copies)

    def holding(self, seat: str) -> int:
        """How many cards the seat holds, in hand and on the table."""
        return self.held[seat]

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the turn-up included."""
        return len(self.stock)

    @property
    def to_play(self) -> str | None:
        """The seat due to play next, or None while draws are due or the deal is over."""
        if self.phase == OVER or self.draw_queue:
            return None
        if not self.trick:
            return self.leader
        return self._next_seat[self.trick[-1][0]]

    @property
    def to_draw(self) -> str | None:
        """The seat due to draw next, or None."""
        return self.draw_queue[0] if self.draw_queue else None

    @property
    def declarer(self) -> str | None:
        """The seat that may declare now (the trick's winner, before drawing), or None."""
        seat = self.last_winner
        if (
            seat is None
            or self.phase != LOOSE
            or self.trick
            or seat in self.drawn
            or not self.draw_queue
        ):
            return None
        return seat

    # ------------------------------------------------------------------ play and draw
    def play(self, seat: str, card: Card, withheld: frozenset[Card] = NONE) -> list[Violation]:
        """Apply a card played by ``seat`` (:func:`validator.engine.playing.play`); with
        ``withheld``, read as if none of the seat's unseen cards were one of those cards."""
        if not withheld:
            return playing.play(self, seat, card)
        return self._withholding(withheld, lambda: playing.play(self, seat, card))

    def _withholding(self, cards: frozenset[Card], event: Callable[[], _T]) -> _T:
        """``event`` read as if no unseen card could be revealed as one of ``cards`` (their
        copies counted as none, where only a card not yet accounted for is asked about). The
        replay asks it when a record contradicts itself later
        (``validator.replay.second_look``): an event read then with an unseen card may have
        been a fault of the player's, such as a declaration of a card not held."""
        copies = self.copies
        self.copies = {**copies, **dict.fromkeys(cards, 0)}
        try:
            return event()
        finally:
            self.copies = copies

    def draw(
        self, seat: str, card: Card | None = None, withheld: frozenset[Card] = NONE
    ) -> list[Violation]:
        """Apply a draw by ``seat`` (:func:`validator.engine.drawing.draw`); ``withheld`` as
        for :meth:`play`."""
        if not withheld:
            return drawing.draw(self, seat, card)
        return self._withholding(withheld, lambda: drawing.draw(self, seat, card))

    def draws_first(self, seat: str) -> None:
        """``seat`` draws first in the draw now due: the adversary of a loser who saw two cards
        has "choice of the two cards of the following draw" (hoffmann-1909, law 30), and
        takes his first, whoever won the trick."""
        queue = self.draw_queue
        if seat in queue and queue[0] != seat:
            queue.remove(seat)
            queue.insert(0, seat)

    def take_second(self, card: Card | None) -> bool:
        """The next draw takes the stock's second card (``card``, or whichever it is when None)
        first (:func:`validator.engine.drawing.take_second`); whether it could."""
        return drawing.take_second(self, card)

    # ------------------------------------------------------------------ declarations
    def timing(self, seat: str, code_all: str | None = None) -> Violation | None:
        """Whether the seat may score a declaration now: A402/A403/A405 (or ``code_all``)."""
        if self.phase != LOOSE:
            return self.violation(
                code_all or "A405", "decl.stock-out", seat, "declared after the stock is exhausted"
            )
        if self.last_winner != seat or self.trick:
            return self.violation(
                code_all or "A402",
                "decl.after-winning",
                seat,
                "declared without having won the trick",
            )
        if seat in self.drawn or not self.draw_queue:
            return self.violation(
                code_all or "A403", "decl.before-drawing", seat, "declared after drawing"
            )
        return None

    def declare(
        self,
        seat: str,
        kind: str,
        cards: Sequence[Card] = (),
        claimed_score: int | None = None,
        carried: Sequence[tuple[str, Sequence[Card], int | None]] = (),
        fresh: bool = False,
        withheld: frozenset[Card] = NONE,
    ) -> DeclarationOutcome:
        """Apply a declaration: ``kind`` (the notation's word) with ``cards`` and the score claimed.

        ``carried`` lists announcements shown with it and carried forward ("with twenty to
        score"), each ``(kind, cards, claimed_score_or_None)``; a combination carried is scored
        by declaring it again on a later trick won, with the copies it was announced with.
        ``fresh``: a new combination of the same cards as one carried, which stays carried.

        The combination and the announcements on its line are read together: under each
        reading, every assignment of copies (tabled ones, known hand cards, unseen ones) with
        the fewest faults, and the readings whose line breaks fewest rules are kept.
        """
        if not withheld:
            return declarations.declare_line(self, seat, kind, cards, claimed_score, carried, fresh)
        return self._withholding(
            withheld,
            lambda: declarations.declare_line(
                self, seat, kind, cards, claimed_score, carried, fresh
            ),
        )

    def declared_seven(
        self,
        seat: str,
        score: int,
        shown: bool,
        exchange: tuple[Card, Card | None, bool] | None = None,
    ) -> None:
        """The seven of trumps was declared (``shown``: shown; ``exchange``: exchanged, with the
        seven, the turn-up it took and whether that had scored): it may be taken down until
        the next play."""
        declarations.declared_seven(self, seat, score, shown, exchange)

    def amend(
        self, seat: str, kind: str, cards: Sequence[Card], claimed_score: int | None = None
    ) -> DeclarationOutcome:
        """The seat amends his latest declaration with the right cards before drawing: it is
        taken down and ``cards`` declared as that same declaration of the trick (the rule of
        one combination a trick is not broken by it)."""
        return declarations.amend(self, seat, kind, cards, claimed_score)

    def take_down(self, seat: str, announced: bool = False, keep_trump: bool = False) -> bool:
        """The seat's latest declaration is taken down (challenged in time, or the laws take it
        down): its score and the marks it gave its copies go, the announcement it scored is
        carried again, and a first marriage no longer makes trumps (the first marriage scored
        does: hoffmann-1909 law 41). ``announced``: the combination stays announced, to score
        on a later trick (the second combination scored for one trick). ``keep_trump``: taken
        down by the laws rather than by a challenge, the trump it made stands. Possible until
        the next card is played; False when there is nothing to take down."""
        return declarations.take_down(self, seat, announced, keep_trump)

    def adjust(self, seat: str, points: int) -> None:
        """Add (or, negative, take down) points by a ruling of the laws; kept apart from melds."""
        self.check_seat(seat)
        self.adjustments[seat] += points

    # ------------------------------------------------------------------ questions
    def legal_plays(self, seat: str) -> frozenset[Card]:
        """The cards ``seat`` may play now, among those known (hand and table)."""
        return questions.legal_plays(self, seat)

    def legal_declarations(self, seat: str) -> list[DeclarationOption]:
        """Every declaration ``seat`` may score now without breaking a rule, one per card set."""
        return questions.legal_declarations(self, seat)

    # ------------------------------------------------------------------ results
    def scores(self) -> dict[str, int]:
        """Points so far: melds, brisques scored when taken, last trick, rulings."""
        return {
            seat: self.melds[seat]
            + self.brisque_points[seat]
            + self.last_trick_points[seat]
            + self.adjustments[seat]
            for seat in self.seats
        }

    def finish(self) -> DealOutcome:
        """The deal's result: scores (with brisques when the rule set counts them at the end)."""
        rules = self.rules
        out: list[Violation] = []
        complete = self.phase == OVER
        if not complete:
            out.append(
                self.violation(
                    "P209", "play.trick-plays", None, "the deal ends before every card is played"
                )
            )
        brisque_points = dict(self.brisque_points)
        if rules.brisque_scoring == "end" and not rules.no_brisques:
            for seat in self.seats:
                brisque_points[seat] = self.brisques[seat] * rules.brisque_value
        scores = {
            seat: self.melds[seat]
            + brisque_points[seat]
            + self.last_trick_points[seat]
            + self.adjustments[seat]
            for seat in self.seats
        }
        winner = (
            next((s for s, p in self.last_trick_points.items() if p), None) if complete else None
        )
        if complete and winner is None:
            winner = self.last_winner
        return DealOutcome(
            scores=scores,
            brisques=dict(self.brisques),
            last_trick_winner=winner,
            trump=self.trump,
            melds=dict(self.melds),
            brisque_points=brisque_points,
            last_trick_points=dict(self.last_trick_points),
            complete=complete,
            violations=out,
            points={seat: scores[seat] - brisque_points[seat] for seat in self.seats},
        )

    def snapshot(self) -> Snapshot:
        """The state as a person at the table sees it (cheap: for the replay viewer, which
        takes one at every step)."""
        holdings = self.reading.holdings
        hands: dict[str, tuple[str | None, ...]] = {}
        table: dict[str, tuple[str, ...]] = {}
        for seat in self.seats:
            holding = holdings[seat]
            names: list[str] = []
            for card, n in holding.hand.items():
                if n == 1:
                    names.append(TEXT[card])
                else:
                    names.extend([TEXT[card]] * n)
            names.sort()
            hands[seat] = tuple(names) + (None,) * holding.unknown
            table[seat] = tuple([TEXT[copy.card] for copy in holding.table])
        turnup = self.stock[0] if self.turnup_present and self.stock else None
        return Snapshot(
            hands=hands,
            table=table,
            trick_cards=tuple([(seat, TEXT[card]) for seat, card in self.trick]),
            trump=self.trump,
            turnup=TEXT[turnup] if turnup else None,
            stock=len(self.stock),
            scores=self.scores(),
            brisques=dict(self.brisques),
        )

    def pending_announcements(self, seat: str) -> list[tuple[str, tuple[Card, ...]]]:
        """The announcements ``seat`` carries forward, still to score (preferred reading)."""
        return [(p.kind, p.cards) for p in self.reading.holdings[seat].pending]

    def card_census(self) -> Counter[Card]:
        """Every known card wherever it lies (hands, tables, trick, tricks won, stock)."""
        census: Counter[Card] = Counter()
        for seat in self.seats:
            holding = self.reading.holdings[seat]
            census.update(holding.hand)
            census.update(c.card for c in holding.table)
            census.update(self.won[seat])
        census.update(card for _, card in self.trick)
        census.update(card for card in self.stock if card is not None)
        return census


__all__ = [
    "LOOSE",
    "OVER",
    "STRICT",
    "Chooser",
    "DealOutcome",
    "DealState",
    "DeclarationOption",
    "DeclarationOutcome",
    "EngineError",
    "Snapshot",
    "deal_cards",
    "new_pack",
    "sorted_cards",
]
