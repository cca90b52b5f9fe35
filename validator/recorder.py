"""The recorder: a table that takes a game's events as a server sees them and writes its BZN.

A game server, a club's scoring program or a teaching tool keeps one :class:`Recorder` per
table. It is told each event as it happens (:meth:`~Recorder.deal`, :meth:`~Recorder.play`,
:meth:`~Recorder.draw`, :meth:`~Recorder.declare`, :meth:`~Recorder.carte_blanche`,
:meth:`~Recorder.exchange`) and answers what is legal now (:meth:`~Recorder.legal_plays`,
:meth:`~Recorder.legal_declarations`, :attr:`~Recorder.to_play`, ...). An event the rules do
not allow is refused: :class:`IllegalEvent` carries the findings (code, rule, message) the
replay would give it, and the table is left exactly as it was, as python-chess's
``Board.push_san`` refuses an illegal move. At any moment :meth:`~Recorder.record` gives the
game so far as a :class:`notation.Record` and :meth:`~Recorder.bzn` its canonical text.

The rules are the engine's (:class:`validator.engine.DealState`) under the rule set the
variant, the laws and the house rules give (:func:`validator.replay.rules_for`), the very rules
``bezique check`` replays the written record under: a record the recorder writes is clean.

Each event is applied to the deal's state, and kept when it broke no rule; an event that broke
one is undone by dealing the deal again and applying the events kept so far (the engine is
deterministic: the same events give the same state). A legal event so costs what the engine
costs; a refusal, one replay of the deal so far (a few milliseconds, late in a deal of Rubicon).
A copy of the state before each event (``copy.deepcopy``) would cost about a hundred times the
engine's own work on every event.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from notation.cards import Card, CardError
from notation.model import (
    Combination,
    Comment,
    Deal,
    DealScore,
    Declaration,
    Draw,
    Event,
    Hand,
    Play,
    Record,
    Stock,
    Tag,
    Trick,
)
from notation.writer import write_record
from validator.engine import (
    DealState,
    DeclarationOption,
    DeclarationOutcome,
    EngineError,
    RuleSet,
    Violation,
    canonical_kind,
)
from validator.engine.settlement import (
    DealSettlement,
    GameSettlement,
    SettlementError,
    SettlementRules,
    settle_deal,
    settle_game,
)
from validator.replay.findings import make_finding
from validator.replay.model import Finding, Location
from validator.replay.resolver import DEFAULT_LAWS, DEFAULT_VARIANT, rules_for

CardLike = Card | str
"""A card, or its text (``"QS"``)."""
Cards = Iterable[CardLike] | str
"""Cards, or their text (``"KS QS"``)."""
Carried = Combination | tuple[str, Cards, int | None] | tuple[str, Cards]
"""An announcement carried forward: a :class:`~notation.Combination` or ``(kind, cards[,
score])``; a score left out is the one the rules give."""


class RecorderError(ValueError):
    """A call the recorder cannot make sense of: no deal in progress, an unknown seat, bad card
    text, a deal after the game is over. Nothing was recorded."""


class IllegalEvent(RecorderError):
    """An event the rules do not allow: refused, and nothing recorded.

    ``findings`` hold what the replay would report for it (code, rule, message), the first
    also as ``finding``, ``code``, ``rule`` and ``message``.
    """

    def __init__(self, event: str, findings: Sequence[Finding]) -> None:
        self.event = event
        self.findings = tuple(findings)
        first = self.findings[0]
        said = "; ".join(f"{f.code} {f.message} [{f.rule_id}]" for f in self.findings)
        super().__init__(f"{event} refused: {said}")
        self.finding = first
        self.code = first.code
        self.rule = first.rule_id

    @property
    def message(self) -> str:
        return self.finding.message


@dataclass(slots=True)
class _TrickDraft:
    number: int
    plays: list[Play] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    def freeze(self) -> Trick:
        return Trick(self.number, tuple(self.plays), tuple(self.events))


@dataclass(slots=True)
class _DealDraft:
    number: int
    dealer: str
    hands: tuple[Hand, ...]
    stock: Stock | None
    turnup: Card | None
    cut: tuple[Card, ...]
    state: DealState
    deal: tuple[
        RuleSet,
        tuple[str, ...],
        str,
        dict[str, tuple[Card | None, ...]] | None,
        tuple[Card | None, ...] | None,
        Card | None,
    ]
    """What the state was made from, to make it again."""
    kept: list[Callable[[DealState], object]] = field(default_factory=list)
    """The events applied and kept, in order: replayed to undo one refused."""
    events: list[Event] = field(default_factory=list)
    tricks: list[_TrickDraft] = field(default_factory=list)
    last_drawn: dict[str, Card | None] = field(default_factory=dict)
    last_trick_declared: bool = False


class Recorder:
    """One table: a game of ``variant`` under ``laws``, recorded event by event.

    ``tags`` are the record's tags in the order to write them (a mapping or ``(name, value)``
    pairs: ``Event``, ``Date``, the players by seat ``A``, ``B``...); the ``Variant`` and
    ``Laws`` tags are added when not given, and ``Result`` is kept last, ``*`` until the game
    is over and then its settlement. ``house_rules`` is a ``HouseRules`` tag's text.
    """

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        laws: str = DEFAULT_LAWS,
        *,
        tags: Mapping[str, str] | Iterable[tuple[str, str]] = (),
        house_rules: str | None = None,
    ) -> None:
        try:
            self.rules: RuleSet = rules_for(variant, laws, house_rules)
        except ValueError as exc:
            raise RecorderError(str(exc)) from None
        pairs = list(tags.items() if isinstance(tags, Mapping) else tags)
        given = {name: value for name, value in pairs}
        for name, wanted in (("Variant", variant), ("Laws", laws)):
            if name in given and given[name].strip().lower() != wanted.lower():
                raise RecorderError(
                    f"the {name} tag says {given[name]!r} but the table plays {wanted!r}"
                )
        pairs = [(name, value) for name, value in pairs if name != "Result"]
        if "Variant" not in given:
            pairs.append(("Variant", variant))
        if "Laws" not in given:
            pairs.append(("Laws", laws))
        if house_rules is not None and "HouseRules" not in given:
            pairs.append(("HouseRules", house_rules))
        self._tags = pairs
        target = given.get("Target", "").strip()
        self._target = int(target) if target.isdigit() else None
        self.seats: tuple[str, ...] = tuple("ABCD"[: self.rules.players])
        self._events: list[Comment] = []
        self._done: list[Deal] = []
        self._settled_deals: list[DealSettlement] = []
        self._deal: _DealDraft | None = None

    # ----------------------------------------------------------------- the game
    @property
    def game_over(self) -> bool:
        """Whether the game is over: a Rubicon deal played out, a target reached."""
        game = self._game()
        if game is None:
            return False
        parsed = self.rules.settlement_rules
        if isinstance(parsed, SettlementRules) and parsed.kind == "target":
            return game.ended_after is not None
        return True

    @property
    def result(self) -> str:
        """The Result tag as it stands: ``*`` while the game goes on."""
        game = self._game()
        return game.result if game is not None and self.game_over else "*"

    @property
    def state(self) -> DealState:
        """The engine's state of the deal in progress (read it, never change it)."""
        return self._current().state

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress or last played (0 before the first)."""
        if self._deal is not None:
            return self._deal.number
        return len(self._done)

    # ----------------------------------------------------------------- events
    def deal(
        self,
        dealer: str,
        hands: Mapping[str, Iterable[CardLike | None] | str] | None = None,
        stock: Iterable[CardLike | None] | str | None = None,
        turnup: CardLike | None = None,
        *,
        cut: Cards = (),
    ) -> None:
        """A new deal by ``dealer``: each seat's hand as dealt, the stock top first, the turn-up.

        A card the table does not know is ``None`` (or ``?``); a seat left out of ``hands``
        is wholly unknown, and so is the stock when ``stock`` is ``None``. The deal before must
        be over. A misdeal (a hand of the wrong size, too many copies of a card) is refused.
        """
        if self._deal is not None and self._deal.state.phase != "over":
            raise RecorderError(f"deal {self._deal.number} is not over")
        if self.game_over:
            raise RecorderError(f"the game is over ({self.result})")
        self._close_deal()
        dealt = {seat: _maybe_cards(cards) for seat, cards in (hands or {}).items()}
        for seat in dealt:
            self._seat(seat)
        stock_cards = None if stock is None else _maybe_cards(stock)
        up = None if turnup is None else _card(turnup)
        try:
            state = DealState(self.rules, self.seats, dealer, dealt or None, stock_cards, up)
        except EngineError as exc:
            raise RecorderError(str(exc)) from None
        number = len(self._done) + 1
        if state.deal_violations:
            raise IllegalEvent(
                f"deal {number}", [self._finding(v, number, None) for v in state.deal_violations]
            )
        self._deal = _DealDraft(
            number=number,
            dealer=dealer,
            hands=tuple(Hand(seat, cards) for seat, cards in dealt.items()),
            stock=None if stock_cards is None else Stock(stock_cards),
            turnup=up,
            cut=_cards(cut),
            state=state,
            deal=(self.rules, self.seats, dealer, dealt or None, stock_cards, up),
        )

    def play(self, seat: str, card: CardLike) -> None:
        """``seat`` plays ``card`` to the trick; refused when it is not his turn, he does not
        hold the card, or (in the last tricks) it does not follow or win as it must."""
        draft = self._current()
        self._seat(seat)
        played = _card(card)
        leading = not draft.state.trick
        self._apply(f"{seat} {played}", lambda s: s.play(seat, played))
        if leading:
            draft.tricks.append(_TrickDraft(len(draft.tricks) + 1))
        draft.tricks[-1].plays.append(Play(seat, played))

    def draw(self, seat: str, card: CardLike | None = None) -> Card | None:
        """``seat`` draws from the stock; ``card`` is the card drawn, when the table knows it
        (leave it out to take the stock's next card, when the stock is known). Returns the card
        drawn (``None`` when unknown); refused out of turn or when no draw is due."""
        draft = self._current()
        self._seat(seat)
        wanted = None if card is None else _card(card)
        before = _held(draft.state, seat)
        self._apply(f"{seat} draws", lambda s: s.draw(seat, wanted))
        gained = _held(draft.state, seat)
        gained.subtract(before)
        got = next((c for c, n in gained.items() if n > 0), wanted)
        draft.last_drawn[seat] = got
        self._add_event(Draw(seat, (got,)))
        return got

    def declare(
        self,
        seat: str,
        kind: str,
        cards: Cards = (),
        score: int | None = None,
        carry: Iterable[Carried] = (),
        fresh: bool = False,
    ) -> int:
        """``seat`` declares a combination (``marriage``, ``bezique``, ``aces``...), the seven
        of trumps (``seven``) or the last trick (``last-trick``) with ``cards``; ``score`` is
        the score claimed (left out, the one the rules give). ``carry`` lists announcements
        shown with it and scored later; ``fresh``: a new combination of the same cards as one
        carried, which stays carried (BZN's ``fresh``). Returns the score; refused when the
        seat may not score now, does not hold the cards, or claims the wrong score."""
        draft = self._current()
        self._seat(seat)
        shown = _cards(cards)
        carried = self._carried(seat, carry)
        args = [(c.kind, c.cards, c.score) for c in carried]
        word = canonical_kind(kind)
        if word == "last-trick" and draft.last_trick_declared:
            raise RecorderError("the last trick is already declared")
        outcome = self._apply(
            f"{seat} {kind}", lambda s: s.declare(seat, kind, shown, score, args, fresh=fresh)
        )
        assert isinstance(outcome, DeclarationOutcome)
        if word == "last-trick":
            draft.last_trick_declared = True
        self._add_event(
            Declaration(seat, kind, shown, outcome.score, carried=tuple(carried), fresh=fresh)
        )
        return outcome.score

    def carte_blanche(self, seat: str, cards: Cards | None = None) -> int:
        """``seat`` shows carte blanche: ``cards`` are the cards shown (left out, the whole
        hand the first time and the card just drawn when it is shown again). Returns the
        score."""
        draft = self._current()
        self._seat(seat)
        if cards is None:
            if draft.state.cb_active.get(seat):
                last = draft.last_drawn.get(seat)
                cards = () if last is None else (last,)
            else:
                options = [
                    o for o in draft.state.legal_declarations(seat) if o.kind == "carte-blanche"
                ]
                cards = options[0].cards if options else tuple(draft.state.hand[seat].elements())
        return self.declare(seat, "carte-blanche", cards, self.rules.carte_blanche)

    def exchange(self, seat: str) -> int:
        """``seat`` exchanges the seven of trumps for the turn-up (and scores it). Returns the
        score."""
        trump = self._current().state.trump
        if trump is None:
            raise RecorderError("no trump is turned up: there is no seven to exchange")
        return self.declare(seat, "exchange", (Card("7", trump),))

    def comment(self, text: str) -> None:
        """A comment, written where the game stands (before the first deal, before the first
        trick, or after the latest trick's events)."""
        note = Comment(text)
        if self._deal is None:
            self._events.append(note)
        else:
            self._add_event(note)

    # ----------------------------------------------------------------- questions
    @property
    def to_play(self) -> str | None:
        """The seat due to play, or ``None`` (draws due, the deal over, no deal)."""
        return self._deal.state.to_play if self._deal is not None else None

    @property
    def to_draw(self) -> str | None:
        """The seat due to draw, or ``None``."""
        return self._deal.state.to_draw if self._deal is not None else None

    @property
    def declarer(self) -> str | None:
        """The seat that may declare now (the trick's winner, before drawing), or ``None``."""
        return self._deal.state.declarer if self._deal is not None else None

    @property
    def deal_over(self) -> bool:
        """Whether the deal in progress has been played out (or no deal was dealt yet)."""
        return self._deal is None or self._deal.state.phase == "over"

    def legal_plays(self, seat: str | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the seat to play) may play now, in notation order;
        empty when it is not his turn. Only cards the table knows he holds are listed."""
        state = self._current().state
        seat = seat if seat is not None else state.to_play
        if seat is None:
            return ()
        self._seat(seat)
        return tuple(sorted(state.legal_plays(seat), key=_order))

    def legal_declarations(self, seat: str | None = None) -> list[DeclarationOption]:
        """What ``seat`` (default: the seat that may declare) may declare now, with the score
        each brings: one option per set of cards (carte blanche, the seven, combinations)."""
        state = self._current().state
        seat = seat if seat is not None else state.declarer
        if seat is None:
            return []
        self._seat(seat)
        return state.legal_declarations(seat)

    def scores(self) -> dict[str, int]:
        """Each seat's points in the deal in progress, as the engine counts them so far."""
        return self._current().state.scores()

    # ----------------------------------------------------------------- the record
    def record(self) -> Record:
        """The game so far as a record: every deal, each finished one with its score line (and
        running totals in a game to a target), and the Result tag."""
        deals = list(self._done)
        if self._deal is not None:
            deals.append(self._deal_record(self._deal))
        tags = [Tag(name, value) for name, value in self._tags]
        tags.append(Tag("Result", self.result))
        return Record(tags=tuple(tags), deals=tuple(deals), events=tuple(self._events))

    def bzn(self) -> str:
        """The canonical BZN text of :meth:`record`."""
        return write_record(self.record())

    # ----------------------------------------------------------------- inside
    def _current(self) -> _DealDraft:
        if self._deal is None:
            raise RecorderError("no deal in progress: call deal() first")
        return self._deal

    def _seat(self, seat: str) -> None:
        if seat not in self.seats:
            raise RecorderError(f"unknown seat {seat!r} (seats: {', '.join(self.seats)})")

    def _apply(
        self, what: str, event: Callable[[DealState], list[Violation] | DeclarationOutcome]
    ) -> list[Violation] | DeclarationOutcome:
        """Apply ``event`` (a function of the state); undo it and raise if it broke a rule."""
        draft = self._current()
        state = draft.state
        try:
            result = event(state)
        except BaseException:
            draft.state = self._again(draft)  # whatever the engine did to it is undone
            raise
        found = result.violations if isinstance(result, DeclarationOutcome) else result
        if found:
            trick = state.tricks_played + (1 if state.trick else 0)
            findings = [self._finding(v, draft.number, trick or None) for v in found]
            draft.state = self._again(draft)
            raise IllegalEvent(what, findings)
        draft.kept.append(event)
        return result

    @staticmethod
    def _again(draft: _DealDraft) -> DealState:
        """The deal's state made again from its deal and the events kept."""
        rules, seats, dealer, hands, stock, turnup = draft.deal
        state = DealState(rules, seats, dealer, hands, stock, turnup)
        for event in draft.kept:
            event(state)
        return state

    def _finding(self, v: Violation, deal: int, trick: int | None) -> Finding:
        subject = f"{v.seat} " if v.seat else ""
        where = Location(None, None, None, deal, v.trick if v.trick is not None else trick)
        return make_finding(v.code, v.seat, subject + v.message, where, rule=v.rule)

    def _add_event(self, event: Event) -> None:
        draft = self._current()
        target = draft.tricks[-1].events if draft.tricks else draft.events
        target.append(event)

    def _carried(self, seat: str, carry: Iterable[Carried]) -> list[Combination]:
        out: list[Combination] = []
        options: list[DeclarationOption] | None = None
        for item in carry:
            if isinstance(item, Combination):
                out.append(item)
                continue
            kind, cards, *rest = item
            shown = _cards(cards)
            score = rest[0] if rest else None
            if score is None:
                if options is None:
                    options = self._current().state.legal_declarations(seat)
                key = (canonical_kind(kind), tuple(sorted(shown, key=_order)))
                found = next((o for o in options if (canonical_kind(o.kind), o.cards) == key), None)
                if found is None:
                    raise RecorderError(
                        f"{seat} cannot carry {kind} {' '.join(map(str, shown))}: give its score"
                    )
                score = found.score
            out.append(Combination(kind, shown, score))
        return out

    def _close_deal(self) -> None:
        """Move a finished deal to the played deals, with its score line."""
        draft = self._deal
        if draft is None:
            return
        settled = self._settle(draft)
        self._done.append(self._deal_record(draft))
        if settled is not None:
            self._settled_deals.append(settled)
        self._deal = None

    def _settle(self, draft: _DealDraft) -> DealSettlement | None:
        """The deal's settlement, when it is over and the rule set settles."""
        parsed = self.rules.settlement_rules
        if not isinstance(parsed, SettlementRules) or draft.state.phase != "over":
            return None
        outcome = draft.state.finish()
        try:
            return settle_deal(
                outcome.points, outcome.brisques, parsed, last_trick=outcome.last_trick_winner
            )
        except SettlementError:
            return None

    def _results(self, upto: _DealDraft | None = None) -> list[DealSettlement]:
        """The settlements of the deals played, with the deal in progress when it is over."""
        results = list(self._settled_deals)
        draft = self._deal
        if draft is not None and (upto is None or upto is draft):
            settled = self._settle(draft)
            if settled is not None:
                results.append(settled)
        return results

    def _game(self, upto: _DealDraft | None = None) -> GameSettlement | None:
        parsed = self.rules.settlement_rules
        results = self._results(upto)
        if not isinstance(parsed, SettlementRules) or not results:
            return None
        try:
            return settle_game(results, parsed, target=self._target)
        except SettlementError:
            return None

    def _deal_record(self, draft: _DealDraft) -> Deal:
        """The deal as a record holds it; a deal played out gets its last trick claimed (when
        the table did not claim it) and its score line."""
        tricks = [t.freeze() for t in draft.tricks]
        score = None
        if draft.state.phase == "over":
            outcome = draft.state.finish()
            winner = outcome.last_trick_winner
            if not draft.last_trick_declared and winner is not None and tricks:
                last = tricks[-1]
                claim = Declaration(winner, "last-trick", (), self.rules.last_trick)
                tricks[-1] = Trick(last.number, last.plays, (*last.events, claim))
            score = DealScore(
                scores=tuple((s, outcome.scores[s]) for s in self.seats),
                brisques=tuple((s, outcome.brisques[s]) for s in self.seats),
                totals=self._totals(draft),
            )
        return Deal(
            number=draft.number,
            dealer=draft.dealer,
            cut=draft.cut,
            hands=draft.hands,
            stock=draft.stock,
            turnup=draft.turnup,
            events=tuple(draft.events),
            tricks=tuple(tricks),
            score=score,
        )

    def _totals(self, draft: _DealDraft) -> tuple[tuple[str, int], ...]:
        """The running totals after ``draft`` in a game to a target (none in other games)."""
        parsed = self.rules.settlement_rules
        if not isinstance(parsed, SettlementRules) or parsed.kind != "target":
            return ()
        game = self._game(draft)
        if game is None or not game.running:
            return ()
        running = game.running[-1]
        return tuple((s, running[s]) for s in self.seats if s in running)


_ORDER_RANKS = "ATKQJ987"
_ORDER_SUITS = "SHDC"


def _order(card: Card) -> tuple[int, int]:
    """The notation's order of cards: by suit, then from the highest rank."""
    return (_ORDER_SUITS.index(card.suit), _ORDER_RANKS.index(card.rank))


def _held(state: DealState, seat: str) -> Counter[Card]:
    held = Counter(state.hand[seat])
    held.update(c.card for c in state.table[seat])
    return held


def _card(value: CardLike) -> Card:
    if isinstance(value, Card):
        return value
    try:
        return Card.parse(str(value))
    except CardError as exc:
        raise RecorderError(str(exc)) from None


def _cards(values: Cards) -> tuple[Card, ...]:
    items = values.split() if isinstance(values, str) else values
    return tuple(_card(c) for c in items)


def _maybe_cards(values: Iterable[CardLike | None] | str) -> tuple[Card | None, ...]:
    items = values.split() if isinstance(values, str) else values
    return tuple(None if c is None or c == "?" else _card(c) for c in items)
