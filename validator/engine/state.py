"""The deal state: the one object the replay validator and the simulator both drive.

:class:`DealState` holds a deal in progress (hands with unknown slots, the table of declared
cards tracked copy by copy, the stock, the turn-up, trump, the trick, tricks won, brisques,
scores) and applies events: :meth:`~DealState.play`, :meth:`~DealState.declare`,
:meth:`~DealState.draw`. Each event is applied as the record says it happened, even when it is
illegal, and returns the :class:`~validator.engine.violations.Violation` list it breaks. The
simulator asks :meth:`~DealState.legal_plays` and :meth:`~DealState.legal_declarations`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from notation.cards import RANKS, SUITS, Card

from .combinations import (
    BEZIQUE_ORDER,
    COURT_RANKS,
    FOUR_RANKS,
    MELD_KINDS,
    SEQUENCE_RANKS,
    TRUMP_FOUR_RANKS,
    bezique_cards,
    canonical_kind,
    kind_info,
    shape_error,
    value_key,
)
from .ruleset import RuleSet
from .violations import Violation

RANK: Final = {rank: index for index, rank in enumerate(RANKS)}
BRISQUE_RANKS: Final = frozenset("AT")
LOOSE: Final = "loose"
STRICT: Final = "strict"
OVER: Final = "over"
MAX_FORKS: Final = 8
"""Assignments of one declaration kept as alternative readings (see ``DealState.declare``)."""
MAX_RETRIES: Final = 64
"""Alternative readings tried, each a replay of the deal so far, before a violation stands."""
MAX_TRIES_PER_FORK: Final = 12
"""Alternative readings tried for one play or declaration that could be read several ways."""
MAX_RETRIES_PER_DEAL: Final = 600
"""All the replays one deal may spend on alternative readings."""


class EngineError(ValueError):
    """A call the engine cannot make sense of (unknown seat, wrong seats for the rule set)."""


class Copy:
    """One physical card lying face up on a player's table, with what it has scored."""

    __slots__ = ("card", "levels", "uid", "used")

    def __init__(self, card: Card, uid: int) -> None:
        self.card = card
        self.uid = uid
        self.used: set[str] = set()
        self.levels: dict[str, int] = {}

    def freshen(self) -> None:
        """Re-forming: a new copy of the card takes this one's place (rubicon-bezique-laws.txt)."""
        self.used = set()
        self.levels = {}


@dataclass(slots=True)
class Group:
    """A combination scored: its kind and the copies that formed it; whole while all lie there."""

    kind: str
    uids: frozenset[int]
    whole: bool = True


@dataclass(slots=True)
class Pending:
    """An announcement carried forward ("and twenty to score")."""

    kind: str
    cards: tuple[Card, ...]
    uids: frozenset[int]


@dataclass(frozen=True, slots=True)
class DeclarationOption:
    """A declaration the seat may make now, with the score it would bring."""

    kind: str
    cards: tuple[Card, ...]
    score: int


@dataclass(frozen=True, slots=True)
class DeclarationOutcome:
    """What a declaration scored under the rules (0 when it scores nothing) and what it broke."""

    score: int
    violations: list[Violation]
    trump_set: str | None = None
    """The suit this declaration made trump, if it did."""


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """The end of a deal: each seat's score, brisques won, the last trick, how it is made up."""

    scores: dict[str, int]
    brisques: dict[str, int]
    """Brisques (aces and tens) won in tricks, counted as cards."""
    last_trick_winner: str | None
    trump: str | None
    melds: dict[str, int]
    """Points from declarations (incl. carte blanche and the seven of trumps)."""
    brisque_points: dict[str, int]
    """Points for brisques included in ``scores`` (zero when the rule set counts them apart)."""
    last_trick_points: dict[str, int]
    complete: bool
    violations: list[Violation] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    """``scores`` without brisques (melds, last trick, rulings): what a settlement that adds the
    brisques itself (``settle_target_deal``) takes."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a person at the table sees, for the replay viewer (cards as text, None unknown)."""

    hands: dict[str, tuple[str | None, ...]]
    table: dict[str, tuple[str, ...]]
    trick_cards: tuple[tuple[str, str], ...]
    trump: str | None
    turnup: str | None
    stock: int
    scores: dict[str, int]
    brisques: dict[str, int]


def new_pack(rules: RuleSet) -> list[Card]:
    """Every card of the rule set's pack, pack after pack, less the omitted cards."""
    cards = [Card(rank, suit) for _ in range(rules.packs) for suit in SUITS for rank in RANKS]
    for omitted in rules.omit:
        cards.remove(omitted)
    return cards


def deal_cards(
    rules: RuleSet, seats: Sequence[str], dealer: str, pack: Sequence[Card]
) -> tuple[dict[str, list[Card]], list[Card], Card | None]:
    """Deal an ordered pack by the rule set's pattern: hands, stock (top first), turn-up."""
    order = _play_order(tuple(seats), dealer)
    hands: dict[str, list[Card]] = {seat: [] for seat in seats}
    pos = 0
    for batch in rules.deal_pattern:
        for seat in order:
            hands[seat].extend(pack[pos : pos + batch])
            pos += batch
    turnup = None
    if rules.turn_up:
        turnup = pack[pos]
        pos += 1
    return hands, list(pack[pos:]), turnup


def _play_order(seats: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """Seats in playing order starting with the one after the dealer (the pone or eldest)."""
    i = seats.index(dealer)
    return seats[i + 1 :] + seats[: i + 1]


Choice = tuple[list[tuple[str, str, str]], list["Copy"], dict[Card, int]]
"""An assignment for a declaration: its faults, the tabled copies it takes, the hand cards."""


def _splits(total: int, sizes: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to take ``total`` items from bins of the given sizes, as counts per bin."""
    if not sizes:
        if total == 0:
            yield ()
        return
    head, rest = sizes[0], sizes[1:]
    room = sum(rest)
    for n in range(min(head, total), max(0, total - room) - 1, -1):
        for tail in _splits(total - n, rest):
            yield (n, *tail)


class DealState:
    """One deal in progress under a rule set; see the module docstring and ``docs/engine.md``.

    ``hands`` maps each seat to its dealt cards, ``None`` for a card the record does not name
    (omit a seat, or pass ``hands=None``, for a hand wholly unknown). ``stock`` lists the stock
    top first (``None`` entries unknown), or is ``None`` when unknown. ``turnup`` is the card
    turned for trump in the turn-up games; ``trump`` sets the trump suit outright (a position
    set up for a scenario, or a record that states it). A stock too short to draw from starts
    the deal in the strict phase.

    A record naming every card (all hands and the stock) has one reading, applied event by
    event. When cards are unseen, a play or a declaration may be read in several ways (which
    tabled copy was played, or whether the card came from the unseen hand; which copies a
    declaration took). The engine applies its preferred reading, logs the events and notes
    each choice it made; when an event then breaks a rule, it replays the deal from the start
    with one earlier choice changed (the latest first, bounded by :data:`MAX_RETRIES`) and
    keeps a reading that explains the record with fewer violations. A legal deal is thus
    replayed without a finding however little the record names.
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
        self.order = _play_order(self.seats, dealer)
        self._next_seat = {s: self.seats[(i + 1) % self.n] for i, s in enumerate(self.seats)}
        self._rounds = {s: self.seats[i:] + self.seats[:i] for i, s in enumerate(self.seats)}
        """Each seat and those after it in turn: the order of a round of draws it begins."""
        self.copies = (
            {card: rules.copies(card) for card in _ALL_CARDS}
            if rules.omit
            else dict.fromkeys(_ALL_CARDS, rules.packs)
        )
        self.deal_violations: list[Violation] = []
        self.hand: dict[str, Counter[Card]] = {}
        self.unknown: dict[str, int] = {}
        named: list[Card] = []  # every card the record names, counted into ``seen`` at once
        for seat in self.seats:
            given = None if hands is None else hands.get(seat)
            if given is None:
                given = [None] * rules.hand_size
            cards = [card for card in given if card is not None]
            self.hand[seat] = Counter(cards)
            self.unknown[seat] = len(given) - len(cards)
            named += cards
            if len(given) > rules.hand_size:
                self._deal_fault(
                    "D105",
                    "deal.hand-size",
                    seat,
                    f"{len(given)} cards dealt, {rules.hand_size} due",
                )
            elif len(given) < rules.hand_size:
                self._deal_fault(
                    "D106",
                    "deal.hand-size",
                    seat,
                    f"{len(given)} cards dealt, {rules.hand_size} due",
                )
        self.turnup_present = rules.turn_up
        if turnup is not None:
            named.append(turnup)
        dealt = sum(sum(h.values()) + self.unknown[s] for s, h in self.hand.items())
        count = rules.pack_size - dealt - (1 if rules.turn_up else 0)
        # The stock is a list with its top at the end; in the turn-up games the turn-up lies at
        # the bottom (index 0) and is drawn last, by the loser of the last drawing trick.
        if stock is None:
            face_down: list[Card | None] = [None] * max(count, 0)
            self.stock_known = False
        else:
            face_down = list(reversed(stock))
            stock_cards = [card for card in stock if card is not None]
            self.stock_known = len(stock_cards) == len(stock)
            named += stock_cards
            if len(stock) != count:
                self._deal_fault(
                    "D109", "deal.packs", None, f"stock of {len(stock)} cards, {count} expected"
                )
        self.seen: Counter[Card] = Counter(named)
        self.stock: list[Card | None] = ([turnup] if rules.turn_up else []) + face_down
        for card, seen in self.seen.items():
            if seen > self.copies[card]:
                self._deal_fault(
                    "D109",
                    "deal.packs",
                    None,
                    f"{seen} copies of {card} in a pack of {self.copies[card]}",
                )
        self.turnup: Card | None = turnup if rules.turn_up else None
        self.trump: str | None = turnup.suit if (rules.trump == "turn-up" and turnup) else None
        if trump is not None:
            self.trump = trump
        self.table: dict[str, list[Copy]] = {seat: [] for seat in self.seats}
        self.groups: dict[str, list[Group]] = {seat: [] for seat in self.seats}
        self.pending: dict[str, list[Pending]] = {seat: [] for seat in self.seats}
        self.lost: dict[str, list[tuple[str, tuple[Card, ...]]]] = {seat: [] for seat in self.seats}
        self._uid = 0
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
        self.turnup_last = False
        self.scored_this_trick = 0
        self.played: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.cb_active: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.cb_ready: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.cb_block: dict[str, bool] = dict.fromkeys(self.seats, False)
        self.seven_marked: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.turnup_marked = False
        self.limits: dict[str, list[tuple[str, int, int]]] = {seat: [] for seat in self.seats}
        self.ambiguous: dict[str, list[tuple[Copy, list[Pending]]]] = {s: [] for s in self.seats}
        # Readings kept open (records with unseen cards): the events so far, the assignment
        # picked at each declaration that had several, and how many each had.
        self._init = (
            rules,
            self.seats,
            dealer,
            None if hands is None else {s: list(h) for s, h in hands.items()},
            None if stock is None else list(stock),
            turnup,
            trump,
        )
        self._log: list[tuple[str, tuple[object, ...]]] | None = None if self._all_known() else []
        self._picks: dict[int, int] = {}
        self._forks_at: list[tuple[int, int]] = []
        self._forks = 1
        self._radix = 1
        self._cost = 0
        self._retries = 0
        self._replaying = False
        if turnup is not None and turnup.rank == "7" and rules.seven_turned_up:
            self.melds[dealer] += rules.seven_turned_up
            self.turnup_marked = True
        if len(self.stock) < self.n:
            self._enter_strict()

    @property
    def one_reading(self) -> bool:
        """Whether every card is named, so that each event has one reading: the state never
        changes but by the events applied to it (no other reading replaces it)."""
        return self._log is None

    # ------------------------------------------------------------------ small helpers
    def _deal_fault(self, code: str, rule: str, seat: str | None, message: str) -> None:
        self.deal_violations.append(Violation(code, rule, seat, message, None))

    def _v(self, code: str, rule: str, seat: str | None, message: str) -> Violation:
        number = self.tricks_played + (1 if self.trick else 0)
        return Violation(code, rule, seat, message, number or None)

    def _check_seat(self, seat: str) -> None:
        if seat not in self._next_seat:
            raise EngineError(f"unknown seat {seat!r} (seats: {list(self.seats)})")

    def can_exist(self, card: Card) -> bool:
        """Whether one more copy of ``card`` may lie unseen, given the pack and known cards."""
        return self.seen[card] < self.copies[card]

    def holding(self, seat: str) -> int:
        """How many cards the seat holds, in hand and on the table."""
        return sum(self.hand[seat].values()) + self.unknown[seat] + len(self.table[seat])

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

    # ------------------------------------------------------------------ play
    def play(self, seat: str, card: Card) -> list[Violation]:
        """Apply a card played by ``seat``; return what it breaks (P2xx, W301)."""
        if seat not in self._next_seat:
            self._check_seat(seat)
        if self._log is None:
            return self._play(seat, card)
        found = self._event("play", (seat, card))
        assert isinstance(found, list)
        return found

    def _play(self, seat: str, card: Card, pick: int = 0) -> list[Violation]:
        out: list[Violation] = []
        if self.phase == OVER:
            out.append(
                self._v("P209", "play.hand-over", seat, f"{card} played after the hand is over")
            )
            return out
        if self.draw_queue:
            for missing in self.draw_queue:
                out.append(
                    self._v("W301", "play.draw-one", missing, "did not draw before the next trick")
                )
            self._close_draws()
        trick = self.trick
        for s, _ in trick:
            if s == seat:
                out.append(
                    self._v("P209", "play.trick-plays", seat, f"plays {card} twice to one trick")
                )
                break
        else:
            expected = self._next_seat[trick[-1][0]] if trick else self.leader
            if seat != expected:
                what = "led" if not self.trick else "played"
                out.append(
                    self._v(
                        "P201",
                        "play.turn",
                        seat,
                        f"{what} {card} out of turn ({expected} was to play)",
                    )
                )
        if self.phase == STRICT and self.trick:
            self._check_strict(seat, card, out)
        self._take(seat, card, out, pick)
        if self.phase == STRICT and self.limits[seat]:
            self._check_limits(seat, card, out)
        self.played[seat] += 1
        self.cb_ready[seat] = False
        self.trick.append((seat, card))
        rules = self.rules
        if (
            rules.seven_scores_when_played
            and self.phase == LOOSE
            and card.rank == "7"
            and card.suit == self.trump
            and rules.seven_value
        ):
            self.melds[seat] += rules.seven_value
        if len(self.trick) >= self.n:
            self._end_trick()
        return out

    def _take(self, seat: str, card: Card, out: list[Violation], pick: int = 0) -> None:
        hand = self.hand[seat]
        table = self.table[seat]
        held = hand.get(card, 0)
        if held:
            new_card = self.rules.reform == "new-card"
            if not new_card and self._keep_in_hand(seat, card, pick):
                self._seven_played(seat, card)
                return
            if held == 1:
                hand.pop(card)  # not ``del``: Counter's own __delitem__ runs Python code
            else:
                hand[card] = held - 1
            if new_card and table:
                self._freshen(seat, card, pick)
            if self.seven_marked[seat]:
                self._seven_played(seat, card)
            return
        tabled = [c for c in table if c.card == card]
        if tabled:
            # A card lying on the table is taken from there: it keeps the pack count right. If an
            # unseen hand card may have been another copy, remember it: a later declaration
            # needing the tabled copy shows the card came from the hand (see _restore).
            maybe_hand = self.unknown[seat] > 0 and self.can_exist(card)
            if maybe_hand and self._log is not None:
                self._take_either(seat, card, tabled, pick)
                return
            self._play_tabled(seat, tabled, maybe_hand, pick)
            return
        if self.unknown[seat] > 0:
            if not self.can_exist(card):
                out.append(
                    self._v(
                        "P208",
                        "play.held",
                        seat,
                        f"plays {card}, but every copy of it is elsewhere",
                    )
                )
            self.unknown[seat] -= 1
            self.seen[card] += 1
            self._freshen(seat, card, pick)
            return
        out.append(
            self._v(
                "P208", "play.held", seat, f"plays {card}, which is not in the hand or on the table"
            )
        )
        self.seen[card] += 1

    def _keep_in_hand(self, seat: str, card: Card, pick: int) -> bool:
        """Without re-forming by a new card (``reform: none`` or ``portland``), a card held in
        the hand and lying on the table is read as played from the table when a tabled copy
        carries no announcement: the fresh copy kept in the hand may still serve in every kind,
        where the tabled one has served already, so this reading allows all the other does.
        When every tabled copy carries an announcement the hand's copy is played, keeping the
        announcement. A record with unseen cards keeps both readings open (``pick``)."""
        tabled = [c for c in self.table[seat] if c.card == card]
        if not tabled:
            return False
        carried = {uid for p in self.pending[seat] for uid in p.uids}
        free = [c for c in tabled if c.uid not in carried]
        from_table = bool(free)
        if self._log is not None:
            self._forks = 2
            if pick == 1:
                from_table = not from_table
        if not from_table:
            return False
        chosen = max(free or tabled, key=lambda c: len(c.used))
        self._play_tabled(seat, tabled, False, 0, chosen)
        return True

    def _seven_played(self, seat: str, card: Card) -> None:
        if self.seven_marked[seat] and card.rank == "7" and card.suit == self.trump:
            self.seven_marked[seat] -= 1

    def _freshen(self, seat: str, card: Card, pick: int = 0) -> None:
        """Playing a new card while a copy lies on the table plays the tabled copy instead."""
        if self.rules.reform != "new-card" or not self.table[seat]:
            return
        best: Copy | None = None
        for copy in self.table[seat]:
            if copy.card == card and (best is None or len(copy.used) > len(best.used)):
                best = copy
        if best is None or not best.used:
            return
        if self._log is not None:
            used = [c for c in self.table[seat] if c.card == card and c.used]
            best = self._alternative(seat, best, used, pick)
        best.freshen()
        self._break(seat, best.uid)

    def _alternative(self, seat: str, preferred: Copy, copies: list[Copy], pick: int) -> Copy:
        """The copy a play takes when the record cannot tell which: ``pick`` among the copies
        that differ by more than their uid, the engine's preference first; their number is left
        in ``_forks`` (a record naming every card never gets here)."""
        options = self._distinct(seat, preferred, copies)
        if len(options) > 1:
            self._forks = len(options)
        return options[pick] if pick < len(options) else preferred

    def _distinct(self, seat: str, preferred: Copy, copies: list[Copy]) -> list[Copy]:
        """``preferred``, then one of each other kind of copy among ``copies`` (uids aside)."""
        describe = self._describer(seat)
        classes: dict[tuple[object, ...], Copy] = {describe(preferred): preferred}
        for copy in copies:
            classes.setdefault(describe(copy), copy)
        return list(classes.values())

    def _take_either(self, seat: str, card: Card, tabled: list[Copy], pick: int) -> None:
        """A card of which a copy lies on the table, played by a seat whose unseen hand may
        hold another: each reading is an option (``pick``, the number left in ``_forks``).

        First the tabled copies (the engine's preference first, remembered as possibly from the
        hand, see :meth:`_restore_copies`), then the card from the unseen hand, which under
        ``reform: new-card`` freshens one tabled copy that has scored.
        """
        pending_uids = {uid for p in self.pending[seat] for uid in p.uids}
        preferred = min(tabled, key=lambda c: (c.uid in pending_uids, -len(c.used)))
        from_table = self._distinct(seat, preferred, tabled)
        from_hand: list[Copy | None] = [None]
        if self.rules.reform == "new-card":
            used = [c for c in tabled if c.used]
            if used:
                most = max(used, key=lambda c: len(c.used))
                from_hand = list(self._distinct(seat, most, used))
        count = len(from_table) + len(from_hand)
        self._forks = count
        if pick >= count:
            pick = 0
        if pick < len(from_table):
            self._play_tabled(seat, tabled, True, 0, from_table[pick])
            return
        self.unknown[seat] -= 1
        self.seen[card] += 1
        fresh = from_hand[pick - len(from_table)]
        if fresh is not None:
            fresh.freshen()
            self._break(seat, fresh.uid)

    def _break(self, seat: str, uid: int) -> None:
        for group in self.groups[seat]:
            if group.whole and uid in group.uids:
                group.whole = False

    def _play_tabled(
        self,
        seat: str,
        tabled: list[Copy],
        maybe_hand: bool = False,
        pick: int = 0,
        chosen: Copy | None = None,
    ) -> None:
        pend = self.pending[seat]
        pending_uids = {uid for p in pend for uid in p.uids}
        if chosen is None:
            chosen = min(tabled, key=lambda c: (c.uid in pending_uids, -len(c.used)))
            if self._log is not None:
                chosen = self._alternative(seat, chosen, tabled, pick)
        self.table[seat].remove(chosen)
        self._break(seat, chosen.uid)
        dropped: list[Pending] = []
        if chosen.uid in pending_uids:
            keep = []
            for p in pend:
                if chosen.uid in p.uids:
                    self.lost[seat].append((p.kind, _sorted(p.cards)))
                    dropped.append(p)
                else:
                    keep.append(p)
            self.pending[seat] = keep
        if maybe_hand:
            self.ambiguous[seat].append((chosen, dropped))

    # ------------------------------------------------------------------ strict play
    def _best(self) -> Card:
        trump = self.trump
        best = self.trick[0][1]
        for _, card in self.trick[1:]:
            if card.suit == best.suit:
                if RANK[card.rank] < RANK[best.rank]:
                    best = card
            elif card.suit == trump:
                best = card
        return best

    def _strict_legal(self, cards: Iterable[Card]) -> set[Card]:
        pool = set(cards)
        if not self.trick:
            return pool
        led = self.trick[0][1].suit
        best = self._best()
        follow = {c for c in pool if c.suit == led}
        if follow:
            if best.suit == led:
                higher = {c for c in follow if RANK[c.rank] < RANK[best.rank]}
                return higher or follow
            return follow
        trump = self.trump
        if trump is not None and led != trump:
            trumps = {c for c in pool if c.suit == trump}
            if trumps:
                if best.suit == trump:
                    over = {c for c in trumps if RANK[c.rank] < RANK[best.rank]}
                    return over or trumps
                return trumps
        return pool

    def _known_cards(self, seat: str) -> set[Card]:
        cards = {c for c, n in self.hand[seat].items() if n}
        cards.update(c.card for c in self.table[seat])
        return cards

    def _check_strict(self, seat: str, card: Card, out: list[Violation]) -> None:
        known = self._known_cards(seat)
        known.add(card)
        legal = self._strict_legal(known)
        led = self.trick[0][1].suit
        if card not in legal:
            if card.suit != led and any(c.suit == led for c in known):
                out.append(
                    self._v(
                        "P205",
                        "play.strict-follow",
                        seat,
                        f"played {card} holding the suit led ({led})",
                    )
                )
            else:
                out.append(
                    self._v(
                        "P206", "play.strict-win", seat, f"played {card} when able to win or trump"
                    )
                )
            return
        if not self.unknown[seat]:
            return
        # Remember what the play shows the unseen hand cannot have held (for P207).
        best = self._best()
        trump = self.trump
        trick_no = self.tricks_played + 1
        limits = self.limits[seat]
        if card.suit != led:
            limits.append((led, len(RANKS), trick_no))
            if trump is not None and led != trump:
                if card.suit != trump:
                    limits.append((trump, len(RANKS), trick_no))
                elif best.suit == trump and RANK[card.rank] > RANK[best.rank]:
                    limits.append((trump, RANK[best.rank], trick_no))
        elif best.suit == led and RANK[card.rank] > RANK[best.rank]:
            limits.append((led, RANK[best.rank], trick_no))

    def _check_limits(self, seat: str, card: Card, out: list[Violation]) -> None:
        rank = RANK[card.rank]
        for suit, below, trick_no in self.limits[seat]:
            if card.suit == suit and rank < below and trick_no <= self.tricks_played:
                found = self._v(
                    "P207",
                    "play.strict-revoke",
                    seat,
                    f"plays {card}, so held it at trick {trick_no} "
                    "and failed to follow or win there",
                )
                out.append(dataclasses.replace(found, fault_trick=trick_no))
                return

    # ------------------------------------------------------------------ end of a trick
    def _end_trick(self) -> None:
        trick = self.trick
        winner, top = trick[0]
        trump = self.trump
        for seat, card in trick[1:]:
            if card.suit == top.suit:
                if _RANK_OF[card] < _RANK_OF[top]:
                    winner, top = seat, card
            elif card.suit == trump:
                winner, top = seat, card
        cards = [card for _, card in trick]
        self.won[winner].extend(cards)
        count = len([card for card in cards if card in _BRISQUE_CARDS])
        self.brisques[winner] += count
        rules = self.rules
        if rules.brisque_scoring == "when-taken" and not rules.no_brisques:
            self.brisque_points[winner] += count * rules.brisque_value
        self.trick = []
        self.tricks_played += 1
        self.leader = winner
        self.last_winner = winner
        self.scored_this_trick = 1 if self.cb_block[winner] else 0
        for seat in self.seats:
            self.cb_block[seat] = False
        if self.phase == LOOSE:
            self._open_draws(winner)
        elif any(self.holding(seat) == 0 for seat in self.seats):
            self.last_trick_points[winner] += rules.last_trick
            self.phase = OVER

    def _open_draws(self, winner: str) -> None:
        self.drawn = set()
        n = self.n
        if len(self.stock) < n:
            self._enter_strict()
            return
        first = self.order[0] if self.rules.draw_order == "pone-first" else winner
        self.draw_queue = list(self._rounds[first])
        # An irregular stock in a turn-up game: the last drawer takes the turn-up and the face
        # down card(s) left over are not drawn (foster-1914-ordinary-bezique.txt, Drawing).
        self.turnup_last = (
            self.rules.turn_up and self.turnup_present and n < len(self.stock) < 2 * n
        )

    def _close_draws(self) -> None:
        self.draw_queue = []
        if len(self.stock) < self.n or (self.turnup_last and not self.turnup_present):
            self._enter_strict()
        self.turnup_last = False

    def _enter_strict(self) -> None:
        self.phase = STRICT
        self.draw_queue = []
        for seat in self.seats:
            for copy in self.table[seat]:
                self.hand[seat][copy.card] += 1
            self.table[seat] = []
            for p in self.pending[seat]:
                self.lost[seat].append((p.kind, _sorted(p.cards)))
            self.pending[seat] = []
            self.groups[seat] = []
            self.ambiguous[seat] = []

    # ------------------------------------------------------------------ draw
    def draw(self, seat: str, card: Card | None = None) -> list[Violation]:
        """Apply a draw from the stock by ``seat`` of ``card`` (None when the record hides it)."""
        if seat not in self._next_seat:
            self._check_seat(seat)
        if self._log is None:
            return self._draw(seat, card)
        found = self._event("draw", (seat, card))
        assert isinstance(found, list)
        return found

    def _draw(self, seat: str, card: Card | None) -> list[Violation]:
        out: list[Violation] = []
        if not self.draw_queue:
            if self.stock and self.phase == STRICT:
                out.append(
                    self._v("W305", "play.odd-stock", seat, "drew the last card of an odd stock")
                )
            elif seat in self.drawn:
                out.append(self._v("W302", "play.draw-one", seat, "drew a second card"))
            else:
                out.append(self._v("W303", "play.draw-order", seat, "drew when no draw was due"))
            if not self.stock:
                return out
        elif seat != self.draw_queue[0]:
            if seat in self.draw_queue:
                out.append(
                    self._v(
                        "W303",
                        "play.draw-order",
                        seat,
                        f"drew out of turn ({self.draw_queue[0]} was to draw)",
                    )
                )
            else:
                out.append(self._v("W302", "play.draw-one", seat, "drew a second card"))
        if seat in self.draw_queue:
            self.draw_queue.remove(seat)
        self.drawn.add(seat)
        if not self.stock:
            out.append(self._v("W306", "play.draw-next", seat, "drew from an empty stock"))
            return out
        take_turnup = self.turnup_last and not self.draw_queue and self.turnup_present
        if take_turnup or (self.rules.turn_up and self.turnup_present and len(self.stock) == 1):
            top = self.stock.pop(0)
            self.turnup_present = False
            if self.turnup_marked:
                self.seven_marked[seat] += 1
        else:
            top = self.stock.pop()
        if top is not None:
            if card is not None and card != top:
                out.append(
                    self._v(
                        "W306",
                        "play.draw-next",
                        seat,
                        f"drew {card}, but the stock's next card is {top}",
                    )
                )
            hand = self.hand[seat]
            hand[top] = hand.get(top, 0) + 1  # a Counter's missing key would run Python code
            got: Card | None = top
        elif card is not None:
            if not self.can_exist(card):
                out.append(
                    self._v(
                        "W306",
                        "play.draw-next",
                        seat,
                        f"drew {card}, but every copy of it is elsewhere",
                    )
                )
            self.seen[card] += 1
            self.hand[seat][card] += 1
            got = card
        else:
            self.unknown[seat] += 1
            got = None
        if self.cb_active[seat]:
            if got is None or got.rank not in COURT_RANKS:
                self.cb_ready[seat] = True
            else:
                self.cb_active[seat] = False
                self.cb_ready[seat] = False
        if not self.draw_queue:
            self._close_draws()
        return out

    # ------------------------------------------------------------------ declarations
    def _new_uid(self) -> int:
        self._uid += 1
        return self._uid

    def _timing(self, seat: str, code_all: str | None = None) -> Violation | None:
        """Whether the seat may score a declaration now: A402/A403/A405 (or ``code_all``)."""
        if self.phase != LOOSE:
            return self._v(
                code_all or "A405", "decl.stock-out", seat, "declared after the stock is exhausted"
            )
        if self.last_winner != seat or self.trick:
            return self._v(
                code_all or "A402",
                "decl.after-winning",
                seat,
                "declared without having won the trick",
            )
        if seat in self.drawn or not self.draw_queue:
            return self._v(
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
    ) -> DeclarationOutcome:
        """Apply a declaration: ``kind`` (the notation's word) with ``cards`` and the score claimed.

        ``carried`` lists announcements shown with it and carried forward ("with twenty to
        score"), each ``(kind, cards, claimed_score_or_None)``. A combination previously carried
        is scored by declaring it again on a later trick won.

        When the seat holds unseen cards, the copies a declaration takes may be read in more
        than one way (a tabled copy or a card from the hand, a tabled copy or an earlier play
        re-read as one from the hand). The engine takes its preferred reading and keeps the
        others open: a later event that breaks a rule under the readings taken so far makes it
        try the others (see :meth:`_retry`), so nothing is reported that some reading explains.
        """
        self._check_seat(seat)
        if self._log is None:
            return self._declare(seat, kind, cards, claimed_score, carried, 0)
        outcome = self._event("declare", (seat, kind, tuple(cards), claimed_score, tuple(carried)))
        assert isinstance(outcome, DeclarationOutcome)
        return outcome

    def _declare(
        self,
        seat: str,
        kind: str,
        cards: Sequence[Card],
        claimed_score: int | None,
        carried: Sequence[tuple[str, Sequence[Card], int | None]],
        pick: int,
    ) -> DeclarationOutcome:
        word = canonical_kind(kind)
        if word == "last-trick":
            return self._declare_last_trick(seat, claimed_score)
        if word == "carte-blanche":
            return self._declare_carte_blanche(seat, cards, claimed_score)
        if word in ("seven", "exchange"):
            return self._declare_seven(seat, word, cards, claimed_score)
        out: list[Violation] = []
        if word not in MELD_KINDS:
            out.append(self._v("A412", "decl.combinations", seat, f"{kind!r} is not a combination"))
            return DeclarationOutcome(0, out)
        timing = self._timing(seat)
        if timing is not None:
            out.append(timing)
            if self.phase != LOOSE:
                return DeclarationOutcome(0, out)
        elif self.scored_this_trick:
            out.append(
                self._v(
                    "A404", "decl.one-per-trick", seat, "a second combination scored for one trick"
                )
            )
        in_time = not out
        self._radix = 1
        score, trump_set = self._meld(seat, word, cards, claimed_score, out, True, in_time, pick)
        for extra_kind, extra_cards, extra_claim in carried:
            extra_word = canonical_kind(extra_kind)
            if extra_word not in MELD_KINDS:
                out.append(
                    self._v(
                        "A412", "decl.combinations", seat, f"{extra_kind!r} is not a combination"
                    )
                )
                continue
            self._meld(seat, extra_word, extra_cards, extra_claim, out, False, in_time, pick)
        self.scored_this_trick += 1
        return DeclarationOutcome(score, out, trump_set)

    def _meld(
        self,
        seat: str,
        kind: str,
        cards: Sequence[Card],
        claimed: int | None,
        out: list[Violation],
        score_it: bool,
        in_time: bool,
        pick: int | None = None,
    ) -> tuple[int, str | None]:
        """Lay a combination's cards and score it (or carry it) if every rule allows.

        Cards held are laid on the table as the record says; a declaration breaking a rule
        other than the claimed value (A411) scores nothing and marks no copy as used, but a
        first marriage still makes trumps, as it did at the table. With unseen cards, ``pick``
        chooses among the assignments without more faults than the best (:meth:`_options`),
        one digit of it per combination of the declaration; the number of readings of the
        whole declaration is left in ``_forks``.
        """
        wanted = Counter(cards)
        problem = shape_error(kind, wanted, self.trump, self.rules.bezique_follows_trump)
        suit = next(iter(wanted)).suit if wanted else None
        key = value_key(kind, suit, self.trump, self.rules.trump == "first-marriage")
        value = self.rules.value(key)
        if problem is not None or value is None:
            reason = problem or f"{key} does not score in {self.rules.name}"
            out.append(
                self._v("A412", "decl.combinations", seat, f"{kind} {_text(cards)}: {reason}")
            )
            return 0, None
        pending_match = self._pending_match(seat, kind, wanted) if score_it else None
        if pick is not None and self._log is not None and self._may_fork(seat):
            # one digit of ``pick`` per combination of the declaration, the first varying first
            every = self._options(seat, kind, wanted, pending_match, True)
            count = max(1, len(every))
            digit = (pick // self._radix) % count
            self._radix *= count
            self._forks = self._radix
            choice = every[digit] if every else None
        else:
            choice = self._choose(seat, kind, wanted, pending_match)
        if choice is None:
            lost = (kind, _sorted(cards)) in self.lost[seat]
            code, rule = ("A408", "decl.carried") if lost else ("A401", "decl.shown")
            what = (
                "a carried announcement whose cards were played or whose time ran out"
                if lost
                else "cards not held"
            )
            out.append(self._v(code, rule, seat, f"{kind} {_text(cards)}: {what}"))
            return 0, None
        faults, from_table, from_hand = choice
        out.extend(
            self._v(code, rule, seat, f"{kind} {_text(cards)}: {msg}") for code, rule, msg in faults
        )
        restored = len(self.pending[seat])
        from_table = self._restore_copies(seat, from_table)
        if score_it and pending_match is None and len(self.pending[seat]) > restored:
            # the copies put back carry this announcement again: it is the one scored now
            pending_match = self._pending_match(seat, kind, wanted)
        laid = self._lay(seat, from_hand)
        copies = from_table + laid
        trump_set = None
        if pending_match is not None:
            self.pending[seat].remove(pending_match)
        if not score_it:
            if in_time and not faults:
                self.pending[seat].append(
                    Pending(kind, _sorted(cards), frozenset(c.uid for c in copies))
                )
            if claimed is not None and claimed != value:
                out.append(
                    self._v(
                        "A411",
                        "decl.score",
                        seat,
                        f"{kind} to score is worth {value}, not {claimed}",
                    )
                )
            return 0, None
        if claimed is not None and claimed != value:
            out.append(self._v("A411", "decl.score", seat, f"{key} scores {value}, not {claimed}"))
        if (
            kind in ("marriage", "sequence")
            and self.trump is None
            and self.rules.trump == "first-marriage"
        ):
            self.trump = suit
            trump_set = suit
        if faults or not in_time:
            return 0, trump_set
        info = kind_info(kind)
        for copy in copies:
            copy.used.add(kind)
            if copy.levels.get(info.family, 0) < info.level:
                copy.levels[info.family] = info.level
        self.groups[seat].append(Group(kind, frozenset(c.uid for c in copies)))
        self.melds[seat] += value
        return value, trump_set

    def _pending_match(self, seat: str, kind: str, wanted: Counter[Card]) -> Pending | None:
        if not self.pending[seat]:
            return None
        key = _sorted(wanted.elements())
        for p in self.pending[seat]:
            if p.kind == kind and p.cards == key:
                return p
        return None

    def _lay(self, seat: str, from_hand: Mapping[Card, int]) -> list[Copy]:
        laid: list[Copy] = []
        hand = self.hand[seat]
        for card, count in from_hand.items():
            for _ in range(count):
                if hand[card]:
                    hand[card] -= 1
                    if not hand[card]:
                        hand.pop(card)
                else:
                    self.unknown[seat] -= 1
                    self.seen[card] += 1
                copy = Copy(card, self._new_uid())
                self.table[seat].append(copy)
                laid.append(copy)
        return laid

    def _choose(
        self, seat: str, kind: str, wanted: Counter[Card], pending: Pending | None
    ) -> Choice | None:
        """The copies to use for a declaration: the assignment breaking fewest rules.

        Besides the tabled copies and the hand, a tabled copy taken for an earlier play while an
        unseen hand card could have been played instead is a candidate too (``ambiguous``): it
        costs an unseen hand card, like a card laid from the hand. The copies returned that are
        not on the table are such candidates; :meth:`_meld` restores them.
        """
        best = self._options(seat, kind, wanted, pending, False)
        return best[0] if best else None

    def _options(
        self, seat: str, kind: str, wanted: Counter[Card], pending: Pending | None, every: bool
    ) -> list[Choice]:
        """The best assignment (``every`` false), or every assignment with as few faults.

        With ``every``, copies that only a uid tells apart (same card, same kinds scored, in
        combinations of the same kinds and state) are taken as one, so that each assignment
        returned leaves a different table; at most :data:`MAX_FORKS`, best first.
        """
        table = self.table[seat]
        hand = self.hand[seat]
        spare = self.unknown[seat]
        virtual: dict[int, Copy] = {}
        if spare and self.ambiguous[seat]:
            fresh = self.rules.reform == "new-card"
            for copy, _ in reversed(self.ambiguous[seat]):
                if copy.card in wanted and self.can_exist(copy.card):
                    taken = sum(1 for v in virtual.values() if v.card == copy.card)
                    if taken < wanted[copy.card]:
                        virtual[copy.uid] = Copy(copy.card, copy.uid) if fresh else copy
        describe = self._describer(seat) if every else None
        per_card: list[list[tuple[tuple[Copy, ...], int]]] = []
        for card, need in wanted.items():
            tabled = [c for c in table if c.card == card]
            if virtual:
                tabled += [v for v in virtual.values() if v.card == card]
            in_hand = hand.get(card, 0)
            if spare:
                in_hand += min(spare, self.copies[card] - self.seen[card])
            options: list[tuple[tuple[Copy, ...], int]] = []
            if describe is not None:
                classes: dict[tuple[object, ...], list[Copy]] = {}
                for c in tabled:
                    key = (c.uid in virtual, *describe(c))
                    classes.setdefault(key, []).append(c)
                groups = list(classes.values())
                for k in range(min(need, len(tabled)), -1, -1):
                    if need - k > in_hand:
                        continue
                    for counts in _splits(k, [len(g) for g in groups]):
                        combo = tuple(c for g, n in zip(groups, counts, strict=True) for c in g[:n])
                        options.append((combo, need - k))
            else:
                for k in range(min(need, len(tabled)), -1, -1):
                    if need - k > in_hand:
                        continue
                    for combo in itertools.combinations(tabled, k):
                        options.append((combo, need - k))
            if not options:
                return []
            per_card.append(options)
        ranked: list[tuple[tuple[int, int, int], Choice]] = []
        best: tuple[tuple[int, int, int], Choice] | None = None
        cards = list(wanted)
        held = hand.get
        for assignment in itertools.product(*per_card):
            from_table = [c for combo, _ in assignment for c in combo]
            from_hand = {card: n for card, (_, n) in zip(cards, assignment, strict=True) if n}
            restores = [c for c in from_table if c.uid in virtual] if virtual else []
            unseen = sum(max(0, n - held(c, 0)) for c, n in from_hand.items())
            if unseen + len(restores) > spare:
                continue
            if restores and any(
                sum(1 for r in restores if r.card == card)
                + max(0, from_hand.get(card, 0) - held(card, 0))
                > self.copies[card] - self.seen[card]
                for card in wanted
            ):
                continue
            laid = sum(from_hand.values()) + len(restores)
            guessed = unseen + len(restores)
            if best is not None and not best[0][0] and (laid, guessed) >= best[0][1:]:
                continue  # faults cannot be fewer than none: this one cannot rank first
            faults = self._model_faults(seat, kind, from_table, from_hand, pending)
            # fewest faults, then fewest cards not already tabled, then fewest guesses about
            # unseen cards (a known hand card before an unseen one or a re-read play)
            rank = (len(faults), laid, guessed)
            if every:
                ranked.append((rank, (faults, from_table, from_hand)))
            elif best is None or rank < best[0]:
                best = (rank, (faults, from_table, from_hand))
                if not faults and not rank[1]:
                    break
        if not every:
            return [] if best is None else [best[1]]
        if not ranked:
            return []
        ranked.sort(key=lambda entry: entry[0])
        fewest = ranked[0][0][0]
        return [choice for rank, choice in ranked if rank[0] == fewest][:MAX_FORKS]

    def _describer(self, seat: str) -> Callable[[Copy], tuple[object, ...]]:
        """What tells a tabled copy apart from another of its card, uids aside: what it has
        scored, and the combinations still whole and announcements carried it belongs to (by
        the cards in them)."""
        short = {c.uid: (str(c.card), tuple(sorted(c.used))) for c in self.table[seat]}
        member: dict[int, list[tuple[object, ...]]] = {}
        for group in self._live_groups(seat):
            makeup = tuple(sorted(short.get(uid, ("-", ())) for uid in group.uids))
            for uid in group.uids:
                member.setdefault(uid, []).append((group.kind, group.whole, makeup))
        for p in self.pending[seat]:
            for uid in p.uids:
                member.setdefault(uid, []).append(("carried", p.kind, tuple(map(str, p.cards))))

        def describe(copy: Copy) -> tuple[object, ...]:
            return (
                str(copy.card),
                tuple(sorted(copy.used)),
                tuple(sorted(copy.levels.items())),
                tuple(sorted(member.get(copy.uid, ()), key=repr)),
            )

        return describe

    def _restore_copies(self, seat: str, copies: list[Copy]) -> list[Copy]:
        """Put back on the table the candidates :meth:`_choose` picked that are not there.

        The earlier play is read as a play from the unseen hand: that card is now known, and
        the tabled copy, with the carried announcements it lost, lies on the table again.
        """
        on_table = {c.uid for c in self.table[seat]}
        out: list[Copy] = []
        for copy in copies:
            if copy.uid in on_table:
                out.append(copy)
                continue
            entry = next(e for e in self.ambiguous[seat] if e[0].uid == copy.uid)
            self.ambiguous[seat].remove(entry)
            original, dropped = entry
            self.unknown[seat] -= 1
            self.seen[original.card] += 1
            if self.rules.reform == "new-card":
                original.freshen()
            # back in its place: the table is in the order the copies were laid (uid order)
            table = self.table[seat]
            at = next((i for i, c in enumerate(table) if c.uid > original.uid), len(table))
            table.insert(at, original)
            for p in dropped:
                lost = (p.kind, _sorted(p.cards))
                if lost in self.lost[seat]:
                    self.lost[seat].remove(lost)
                self.pending[seat].append(p)
            out.append(original)
        return out

    def _model_faults(
        self,
        seat: str,
        kind: str,
        from_table: list[Copy],
        from_hand: Mapping[Card, int],
        pending: Pending | None,
    ) -> list[tuple[str, str, str]]:
        rules = self.rules
        faults: list[tuple[str, str, str]] = []
        info = kind_info(kind)
        higher = [c for c in from_table if c.levels.get(info.family, 0) > info.level]
        if higher:
            faults.append(
                (
                    "A407",
                    "decl.lower-from-higher",
                    f"{higher[0].card} already scored in a higher combination of the class",
                )
            )
        reused = [c for c in from_table if kind in c.used]
        uids = frozenset(c.uid for c in from_table)
        if rules.reform == "none":
            if reused:
                faults.append(
                    ("A406", "decl.copy-once", f"{reused[0].card} has already served in a {kind}")
                )
        elif from_hand:
            if rules.reform_needs_break and reused and self._whole_group(seat, kind, uids):
                faults.append(("A406", "decl.reform", f"the {kind} scored is still whole"))
        elif rules.reform == "new-card":
            if from_table and len(reused) == len(from_table):
                faults.append(("A406", "decl.reform", f"no card new to a {kind}"))
        else:
            # Portland laws 34-35: the same cards never twice; old cards in a new pairing only
            # once one of the declared cards has been played.
            same = [g for g in self.groups[seat] if g.kind == kind and g.uids & uids]
            if any(g.uids == uids for g in same):
                faults.append(("A406", "decl.reform", f"this {kind} was scored with these cards"))
            elif reused and len(reused) == len(from_table) and all(g.whole for g in same):
                faults.append(("A406", "decl.reform", f"no declared card played since the {kind}"))
        if rules.new_card_from_hand and not from_hand and pending is None:
            faults.append(
                ("A406", "decl.new-card", f"a {kind} must add at least one card from the hand")
            )
        return faults

    def _whole_group(self, seat: str, kind: str, uids: frozenset[int]) -> bool:
        """Whether a scored ``kind`` sharing these copies still lies whole on the table."""
        return any(g.kind == kind and g.whole and g.uids & uids for g in self.groups[seat])

    # ------------------------------------------------------------------ special declarations
    def _declare_seven(
        self, seat: str, word: str, cards: Sequence[Card], claimed: int | None
    ) -> DeclarationOutcome:
        rules = self.rules
        out: list[Violation] = []
        value = rules.seven_value
        if value is None or self.trump is None:
            out.append(
                self._v("A412", "decl.seven", seat, f"no seven of trumps scores in {rules.name}")
            )
            return DeclarationOutcome(0, out)
        seven = Card("7", self.trump)
        if any(card != seven for card in cards):
            out.append(
                self._v(
                    "A413", "decl.seven", seat, f"{_text(cards)} is not the seven of trumps {seven}"
                )
            )
        timing = self._timing(seat, "A413")
        if timing is not None:
            out.append(timing)
        elif rules.seven_counts_as_declaration and self.scored_this_trick:
            out.append(
                self._v(
                    "A404",
                    "decl.one-per-trick",
                    seat,
                    "the seven and another declaration for one trick",
                )
            )
        held = self.hand[seat][seven] + sum(1 for c in self.table[seat] if c.card == seven)
        if held <= self.seven_marked[seat]:
            if not (self.unknown[seat] and self.can_exist(seven)):
                out.append(self._v("A413", "decl.seven", seat, f"holds no unscored {seven}"))
                return DeclarationOutcome(0, out)
            self.unknown[seat] -= 1
            self.seen[seven] += 1
            self.hand[seat][seven] += 1
        if word == "exchange":
            if not rules.seven_exchange or not self.turnup_present:
                out.append(
                    self._v("A413", "decl.seven", seat, "no turn-up left to exchange the seven for")
                )
            else:
                if self.hand[seat][seven]:
                    self.hand[seat][seven] -= 1
                    if not self.hand[seat][seven]:
                        del self.hand[seat][seven]
                else:
                    self.table[seat].remove(next(c for c in self.table[seat] if c.card == seven))
                old = self.stock[0]
                self.stock[0] = seven
                self.turnup = seven
                if old is not None:
                    self.hand[seat][old] += 1
                    if self.turnup_marked:
                        self.seven_marked[seat] += 1
                else:
                    self.unknown[seat] += 1
                self.turnup_marked = True
        else:
            self.seven_marked[seat] += 1
        if claimed is not None and claimed != value:
            out.append(
                self._v(
                    "A411", "decl.score", seat, f"the seven of trumps scores {value}, not {claimed}"
                )
            )
        if rules.seven_counts_as_declaration:
            self.scored_this_trick += 1
        if any(v.code != "A411" for v in out):
            return DeclarationOutcome(0, out)
        self.melds[seat] += value
        return DeclarationOutcome(value, out)

    def _declare_carte_blanche(
        self, seat: str, cards: Sequence[Card], claimed: int | None
    ) -> DeclarationOutcome:
        rules = self.rules
        out: list[Violation] = []
        value = rules.carte_blanche
        if value is None:
            out.append(
                self._v(
                    "A412",
                    "decl.carte-blanche",
                    seat,
                    f"carte blanche does not score in {rules.name}",
                )
            )
            return DeclarationOutcome(0, out)
        repeat = self.cb_active[seat]
        if repeat:
            if not (rules.carte_blanche_repeats and self.cb_ready[seat]):
                out.append(
                    self._v(
                        "A409",
                        "decl.carte-blanche",
                        seat,
                        "carte blanche again without a plain card just drawn",
                    )
                )
        elif self.played[seat] or self.drawn or self.tricks_played:
            out.append(
                self._v(
                    "A409",
                    "decl.carte-blanche",
                    seat,
                    "carte blanche claimed after a card was played",
                )
            )
        hand = self.hand[seat]
        courts = [c for c in cards if c.rank in COURT_RANKS]
        if not repeat:
            courts += [c for c in hand if c.rank in COURT_RANKS and hand[c]]
            shown = Counter(cards)
            for card, count in shown.items():
                extra = count - hand[card]
                if extra > 0:
                    usable = min(extra, self.unknown[seat])
                    if not usable:
                        continue
                    self.unknown[seat] -= usable
                    self.seen[card] += usable
                    hand[card] += usable
        if courts:
            out.append(
                self._v(
                    "A410", "decl.carte-blanche-court", seat, f"carte blanche holding {courts[0]}"
                )
            )
        if claimed is not None and claimed != value:
            out.append(
                self._v("A411", "decl.score", seat, f"carte blanche scores {value}, not {claimed}")
            )
        self.cb_ready[seat] = False
        if any(v.code in ("A409", "A410") for v in out):
            return DeclarationOutcome(0, out)
        self.cb_active[seat] = True
        if not repeat and not rules.carte_blanche_aces:
            self.cb_block[seat] = True
        self.melds[seat] += value
        return DeclarationOutcome(value, out)

    def _declare_last_trick(self, seat: str, claimed: int | None) -> DeclarationOutcome:
        out: list[Violation] = []
        value = self.rules.last_trick
        if self.phase != OVER or self.last_winner != seat:
            out.append(
                self._v(
                    "S505", "play.last-trick", seat, "claims the last trick without having won it"
                )
            )
            return DeclarationOutcome(0, out)
        if claimed is not None and claimed != value:
            out.append(
                self._v(
                    "S505", "play.last-trick", seat, f"the last trick scores {value}, not {claimed}"
                )
            )
        return DeclarationOutcome(value, out)

    def adjust(self, seat: str, points: int) -> None:
        """Add (or, negative, take down) points by a ruling of the laws; kept apart from melds."""
        self._check_seat(seat)
        self._event("adjust", (seat, points))

    # ------------------------------------------------------------------ readings
    def _all_known(self) -> bool:
        """Whether every card is named, so that each event has one reading only."""
        return self.stock_known and not any(self.unknown.values())

    def _may_fork(self, seat: str) -> bool:
        """Whether a declaration by ``seat`` may be read in more than one way: unseen cards."""
        return self.phase == LOOSE and (self.unknown[seat] > 0 or bool(self.ambiguous[seat]))

    def _event(self, name: str, args: tuple[object, ...]) -> list[Violation] | DeclarationOutcome:
        """Apply one event; if it breaks a rule, look for a reading of the record that does not.

        Records naming every card have one reading, applied as it comes. Otherwise the events
        are logged; a violation makes the engine replay the deal with the assignment of one
        earlier declaration changed (:meth:`_retry`), and a reading explaining the record with
        fewer violations replaces the state. A legal deal thus raises nothing.
        """
        log = self._log
        if log is None:
            return self._apply(name, args, 0)
        index = len(log)
        log.append((name, args))
        result = self._apply(name, args, index)
        found = _found(result)
        if found and self._forks_at and not self._replaying:
            better = self._retry(index, self._cost + len(found))
            if better is not None:
                world, result = better
                self.__dict__ = world.__dict__
                return result
        self._cost += len(found)
        return result

    def _apply(
        self, name: str, args: tuple[object, ...], index: int
    ) -> list[Violation] | DeclarationOutcome:
        if name == "play":
            seat, card = args
            found = self._play(seat, card, self._picks.get(index, 0))  # type: ignore[arg-type]
            if self._forks > 1:
                self._forks_at.append((index, self._forks))
            self._forks = 1
            return found
        if name == "draw":
            seat, card = args
            return self._draw(seat, card)  # type: ignore[arg-type]
        if name == "adjust":
            seat, points = args
            self.adjustments[seat] += points  # type: ignore[index, operator]
            return []
        seat, kind, cards, claimed, carried = args
        outcome = self._declare(
            seat,  # type: ignore[arg-type]
            kind,  # type: ignore[arg-type]
            cards,  # type: ignore[arg-type]
            claimed,  # type: ignore[arg-type]
            carried,  # type: ignore[arg-type]
            self._picks.get(index, 0),
        )
        if self._forks > 1:
            self._forks_at.append((index, self._forks))
        self._forks = 1
        return outcome

    def _retry(
        self, index: int, cost: int
    ) -> tuple[DealState, list[Violation] | DeclarationOutcome] | None:
        """A replay of the deal to event ``index`` with fewer than ``cost`` violations, if any.

        Each try changes the reading of one play or declaration that had several (the latest
        first), earlier picks kept and later ones left to the engine's preference; the tries
        are bounded (:data:`MAX_TRIES_PER_FORK`, :data:`MAX_RETRIES`,
        :data:`MAX_RETRIES_PER_DEAL`).
        """
        log = self._log
        assert log is not None
        tries = 0
        for fork, count in reversed(self._forks_at):
            current = self._picks.get(fork, 0)
            for pick in range(min(count, MAX_TRIES_PER_FORK + 1)):
                if pick == current:
                    continue
                if tries >= MAX_RETRIES or self._retries >= MAX_RETRIES_PER_DEAL:
                    return None
                tries += 1
                self._retries += 1
                picks = {k: v for k, v in self._picks.items() if k < fork}
                picks[fork] = pick
                found = self._replay(picks, index, cost)
                if found is not None:
                    found[0]._retries = self._retries
                    return found
        return None

    def _replay(
        self, picks: dict[int, int], index: int, cost: int
    ) -> tuple[DealState, list[Violation] | DeclarationOutcome] | None:
        """The deal replayed from its start to event ``index`` with these picks, if it breaks
        fewer than ``cost`` rules (given up as soon as it cannot)."""
        log = self._log
        assert log is not None
        rules, seats, dealer, hands, stock, turnup, trump = self._init
        world = DealState(rules, seats, dealer, hands, stock, turnup, trump)
        world._log = log
        world._picks = picks
        world._replaying = True
        result: list[Violation] | DeclarationOutcome = []
        for i in range(index + 1):
            name, args = log[i]
            result = world._apply(name, args, i)
            world._cost += len(_found(result))
            if world._cost >= cost:
                return None
        world._replaying = False
        return world, result

    def _live_groups(self, seat: str) -> list[Group]:
        """The scored combinations a later declaration can still be judged by.

        Outside the Portland model only a combination still whole matters (re-forming one
        needs it broken first); a broken one never becomes whole again.
        """
        if self.rules.reform == "portland":
            return self.groups[seat]
        return [g for g in self.groups[seat] if g.whole]

    # ------------------------------------------------------------------ questions
    def legal_plays(self, seat: str) -> frozenset[Card]:
        """The cards ``seat`` may play now, among those known (hand and table)."""
        self._check_seat(seat)
        if self.phase == OVER or self.to_play != seat:
            return frozenset()
        known = self._known_cards(seat)
        if self.phase == STRICT:
            return frozenset(self._strict_legal(known))
        return frozenset(known)

    def legal_declarations(self, seat: str) -> list[DeclarationOption]:
        """Every declaration ``seat`` may score now without breaking a rule, one per card set."""
        self._check_seat(seat)
        options: list[DeclarationOption] = []
        rules = self.rules
        if self._cb_possible(seat):
            value = rules.carte_blanche or 0
            options.append(
                DeclarationOption("carte-blanche", _sorted(self.hand[seat].elements()), value)
            )
        if self._timing(seat) is not None:
            return options
        avail: Counter[Card] = Counter(self.hand[seat])
        avail.update(c.card for c in self.table[seat])
        trump = self.trump
        seven_ok = not (rules.seven_counts_as_declaration and self.scored_this_trick)
        if rules.seven_value is not None and trump is not None and seven_ok:
            seven = Card("7", trump)
            if avail[seven] > self.seven_marked[seat]:
                options.append(DeclarationOption("seven", (seven,), rules.seven_value))
                if rules.seven_exchange and self.turnup_present and self.stock:
                    options.append(DeclarationOption("exchange", (seven,), rules.seven_value))
        if self.scored_this_trick:
            return options
        for kind, cards in self._candidates(avail):
            wanted = Counter(cards)
            if shape_error(kind, wanted, trump, rules.bezique_follows_trump) is not None:
                continue
            key = value_key(kind, cards[0].suit, trump, rules.trump == "first-marriage")
            worth = rules.value(key)
            if worth is None:
                continue
            choice = self._choose(seat, kind, wanted, self._pending_match(seat, kind, wanted))
            if choice is not None and not choice[0]:
                options.append(DeclarationOption(kind, _sorted(cards), worth))
        return options

    def _cb_possible(self, seat: str) -> bool:
        rules = self.rules
        if rules.carte_blanche is None:
            return False
        if self.cb_active[seat]:
            return rules.carte_blanche_repeats and self.cb_ready[seat]
        if self.played[seat] or self.drawn or self.tricks_played or self.unknown[seat]:
            return False
        return not any(c.rank in COURT_RANKS for c in self.hand[seat])

    def _candidates(self, avail: Counter[Card]) -> Iterable[tuple[str, list[Card]]]:
        rules = self.rules
        for suit in SUITS:
            king, queen = Card("K", suit), Card("Q", suit)
            if avail[king] and avail[queen]:
                yield "marriage", [king, queen]
                if all(avail[Card(r, suit)] for r in SEQUENCE_RANKS):
                    yield "sequence", [Card(r, suit) for r in SEQUENCE_RANKS]
        queen, jack = bezique_cards(self.trump, rules.bezique_follows_trump)
        for kind, n in BEZIQUE_ORDER.items():
            if rules.value(kind) is not None and avail[queen] >= n and avail[jack] >= n:
                yield kind, [queen] * n + [jack] * n
        for kind, rank in FOUR_RANKS.items():
            if rules.value(kind) is None:
                continue
            pool = [c for c in avail.elements() if c.rank == rank]
            if len(pool) >= 4:
                combos = set(itertools.combinations(sorted(pool, key=str), 4))
                for combo in sorted(combos, key=lambda t: tuple(map(str, t))):
                    yield kind, list(combo)
        if self.trump is not None:
            for kind, rank in TRUMP_FOUR_RANKS.items():
                card = Card(rank, self.trump)
                if rules.value(kind) is not None and avail[card] >= 4:
                    yield kind, [card] * 4

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
                self._v(
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
        """The state as a person at the table sees it (cheap: for the replay viewer)."""
        hands = {
            seat: tuple(sorted(map(str, self.hand[seat].elements()))) + (None,) * self.unknown[seat]
            for seat in self.seats
        }
        return Snapshot(
            hands=hands,
            table={seat: tuple(str(c.card) for c in self.table[seat]) for seat in self.seats},
            trick_cards=tuple((seat, str(card)) for seat, card in self.trick),
            trump=self.trump,
            turnup=str(self.stock[0])
            if self.turnup_present and self.stock and self.stock[0]
            else None,
            stock=len(self.stock),
            scores=self.scores(),
            brisques=dict(self.brisques),
        )

    def pending_announcements(self, seat: str) -> list[tuple[str, tuple[Card, ...]]]:
        """The announcements ``seat`` carries forward, still to score."""
        return [(p.kind, p.cards) for p in self.pending[seat]]

    def card_census(self) -> Counter[Card]:
        """Every known card wherever it lies (hands, tables, trick, tricks won, stock)."""
        census: Counter[Card] = Counter()
        for seat in self.seats:
            census.update(self.hand[seat])
            census.update(c.card for c in self.table[seat])
            census.update(self.won[seat])
        census.update(card for _, card in self.trick)
        census.update(card for card in self.stock if card is not None)
        return census


_ALL_CARDS: Final = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def _found(result: list[Violation] | DeclarationOutcome) -> list[Violation]:
    return result.violations if isinstance(result, DeclarationOutcome) else result


_ORDER: Final = {card: (SUITS.index(card.suit), RANK[card.rank]) for card in _ALL_CARDS}
_RANK_OF: Final = {card: RANK[card.rank] for card in _ALL_CARDS}
_BRISQUE_CARDS: Final = frozenset(card for card in _ALL_CARDS if card.rank in BRISQUE_RANKS)
"""Each card's place in the notation's order: by suit, then from the highest rank."""


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))
