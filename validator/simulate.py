"""Self-play: complete, legal games of every variant written as BZN records.

:func:`simulate_game` deals a seeded pack, lets two or three players play it out through the
rules engine (:class:`~validator.engine.DealState`) and writes what happened as a
:class:`~notation.model.Record`: the tags (``Event "Simulated"``, ``Variant``, ``Laws``, the
seats, ``Result``), each deal's hands and stock in order, the turn-up where the variant has one,
every trick, declaration (with the score the engine gives it, and ``carry`` for announcements
shown and scored later), draw (with the card drawn), the last trick, the ``score`` line with the
brisques, ``total`` lines in games over several deals, and the Result reckoned by
:mod:`validator.engine.settlement`.

Two players:

- ``random`` plays a random legal card and declares a random legal combination now and then;
- ``greedy`` declares whatever it can, taking a family of combinations in rising order (a
  single bézique before the double, a marriage before its sequence) and carrying the higher
  one as an announcement, shows carte blanche, exchanges or shows the seven of trumps, and
  keeps its combination cards while throwing away small ones.

A game is played under the rules as its code of laws (the ``Laws`` tag) changes them: under
the French laws the pone draws first. Every choice comes from one ``random.Random(seed)``, so
a seed gives the same games on every machine. Some deals are "seeded": a hand is given many
béziques' cards or no court card, so that triple and quadruple béziques and carte blanche
appear often enough to be tested.

The engine is trusted for what is legal: every move is one the engine lists, every
announcement carried is first tried on a copy of the state, and the simulator raises
:class:`SimulationError` if the engine ever reports a violation for a move it chose.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from notation.cards import RANKS, Card
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
from validator.engine import (
    DealOutcome,
    DealState,
    DeclarationOption,
    RuleSet,
    deal_cards,
    new_pack,
)
from validator.engine.combinations import kind_info
from validator.engine.settlement import DealResult, GameResult, settle_deal, settle_game
from validator.engine.state import Chooser

VARIANTS: Final = ("two-pack", "rubicon", "six-pack", "chinese", "three-handed")
"""The variants the simulator plays (the bundled rule sets)."""

PLAYERS: Final = ("random", "greedy")
"""The kinds of player."""

READINGS: Final[tuple[tuple[str, str | None], ...]] = (
    ("two-pack", None),
    ("three-handed", None),
    ("rubicon", None),
    ("rubicon", "reform_needs_break off"),
    ("rubicon", "reform portland"),
    ("chinese", None),
    ("chinese", "reform_needs_break off"),
    ("six-pack", None),
    ("six-pack", "reform_needs_break off"),
    ("six-pack", "reform portland"),
)
"""Each variant under each reading of re-forming its rule set allows, as the ``house_rules`` of
:func:`simulate_game` (None: the variant's own rules); the two-pack and three-handed games do
not re-form. The benchmark of readings and the tests of the search play them all."""

MAX_DEALS: Final = 40
"""A game to a target stops after this many deals even if nobody has reached it."""

SPECIAL: Final = frozenset({"seven", "exchange", "carte-blanche", "last-trick"})

StepHook = Callable[[DealState, Mapping[str, int]], None]
"""Called after every step of a deal with the state and the points each seat has scored by
declaration so far (what the engine returned, summed): for invariant checks."""


def ruleset(variant: str, laws: str = "english", house_rules: str | None = None) -> RuleSet:
    """The bundled rule set of a variant as a code of laws plays it (the French laws make the
    pone draw first), with a ``HouseRules`` tag's switches over it: the replay's own resolver
    (:func:`validator.replay.rules_for`), so that a simulated game and its replay agree."""
    from validator.replay.resolver import rules_for

    return rules_for(variant, laws, house_rules)


class SimulationError(ValueError):
    """The simulator could not play on: the engine rejected a move it listed as legal."""


@dataclass
class Features:
    """What a simulated game exercised, counted (for the tests and the corpus report)."""

    deals: int = 0
    declarations: int = 0
    carried: int = 0
    carried_scored: int = 0
    carte_blanche: int = 0
    carte_blanche_repeats: int = 0
    sevens: int = 0
    exchanges: int = 0
    reformed: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    rubicon: bool = False

    def add(self, other: Features) -> None:
        """Add another game's counts to these."""
        for name in (
            "deals",
            "declarations",
            "carried",
            "carried_scored",
            "carte_blanche",
            "carte_blanche_repeats",
            "sevens",
            "exchanges",
            "reformed",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.kinds.update(other.kinds)
        self.rubicon = self.rubicon or other.rubicon


@dataclass(frozen=True)
class SimulatedGame:
    """One simulated game: its record, the settlement the engine made and what it exercised."""

    record: Record
    variant: str
    seed: int
    player: str
    game: GameResult
    deals: tuple[DealResult, ...]
    features: Features


# --------------------------------------------------------------------------- cards


def _beats(card: Card, best: Card, trump: str | None) -> bool:
    """True when ``card`` played after ``best`` (the card winning so far) takes the trick."""
    if card.suit == best.suit:
        return RANKS.index(card.rank) < RANKS.index(best.rank)
    return card.suit == trump


def _winning(trick: Sequence[tuple[str, Card]], trump: str | None) -> Card:
    best = trick[0][1]
    for _, card in trick[1:]:
        if _beats(card, best, trump):
            best = card
    return best


def _keep_value(card: Card, trump: str | None, rules: RuleSet) -> int:
    """How much the greedy player wants to keep a card while the stock lasts."""
    value = {"A": 10, "T": 9, "K": 6, "Q": 6, "J": 4, "9": 0, "8": 0, "7": 0}[card.rank]
    if card in (Card("Q", "S"), Card("J", "D")):
        value += 5
    if trump is not None and card.suit == trump:
        value += 4
        if card.rank == "7" and rules.seven_value:
            value += 6
    return value


def _sub(small: Sequence[Card], big: Sequence[Card]) -> bool:
    have = Counter(big)
    have.subtract(Counter(small))
    return all(n >= 0 for n in have.values())


# --------------------------------------------------------------------------- seeding hands


def _rig(
    rng: random.Random,
    hands: dict[str, list[Card]],
    stock: list[Card],
    seat: str,
    rules: RuleSet,
) -> None:
    """Seed a hand to make a rare feature likely: many bézique cards, or no court card."""
    hand = hands[seat]
    others: list[list[Card]] = [stock] + [h for s, h in hands.items() if s != seat]
    if rules.carte_blanche is not None and rng.random() < 0.4:
        # carte blanche: swap every court card of the hand for a plain card from the stock
        for i, card in enumerate(hand):
            if card.rank in "KQJ":
                for j, other in enumerate(stock):
                    if other.rank not in "KQJ":
                        hand[i], stock[j] = other, card
                        break
        return
    n = min(rules.packs, 4, rules.hand_size // 2)
    if rules.value("double-bezique") is None or n < 2:
        return
    n = rng.randint(2, n)
    for wanted in [Card("Q", "S")] * n + [Card("J", "D")] * n:
        if hand.count(wanted) >= [Card("Q", "S"), Card("J", "D")].count(wanted) * n:
            continue
        spare = [i for i, c in enumerate(hand) if c not in (Card("Q", "S"), Card("J", "D"))]
        if not spare:
            return
        i = rng.choice(spare)
        for pile in others:
            if wanted in pile:
                j = pile.index(wanted)
                hand[i], pile[j] = pile[j], hand[i]
                break


# --------------------------------------------------------------------------- players


class _Player:
    """Chooses cards and declarations; the deal loop applies them."""

    def __init__(self, rng: random.Random, rules: RuleSet) -> None:
        self.rng = rng
        self.rules = rules

    def play(self, state: DealState, seat: str, legal: list[Card]) -> Card:
        raise NotImplementedError

    def declaration(
        self, state: DealState, seat: str, options: list[DeclarationOption], scored: set[str]
    ) -> tuple[DeclarationOption | None, list[DeclarationOption]]:
        raise NotImplementedError

    def wants_carte_blanche(self) -> bool:
        return True


class RandomPlayer(_Player):
    """Any legal card; a random legal declaration most of the time, now and then carrying one."""

    def play(self, state: DealState, seat: str, legal: list[Card]) -> Card:
        return self.rng.choice(legal)

    def declaration(
        self, state: DealState, seat: str, options: list[DeclarationOption], scored: set[str]
    ) -> tuple[DeclarationOption | None, list[DeclarationOption]]:
        if not options or self.rng.random() < 0.2:
            return None, []
        choice = self.rng.choice(options)
        extra = [o for o in options if o is not choice and o.kind not in SPECIAL]
        carried = [self.rng.choice(extra)] if extra and self.rng.random() < 0.3 else []
        return choice, carried

    def wants_carte_blanche(self) -> bool:
        return self.rng.random() < 0.8


class GreedyPlayer(_Player):
    """Declares all it can, lower before higher in a family, and plays to keep its cards."""

    def play(self, state: DealState, seat: str, legal: list[Card]) -> Card:
        trump = state.trump
        keep = {c: _keep_value(c, trump, self.rules) for c in legal}
        pending = {c for _, cards in state.pending_announcements(seat) for c in cards}
        careless = self.rng.random() < 0.1  # now and then an announcement is given up
        for card in pending:
            if card in keep and not careless:
                keep[card] += 20
        order = sorted(legal, key=lambda c: (keep[c], RANKS.index(c.rank) * -1, str(c)))
        if state.phase == "strict":
            if not state.trick:
                # lead the best card held: aces first
                return min(legal, key=lambda c: (RANKS.index(c.rank), str(c)))
            best = _winning(state.trick, trump)
            winners = [c for c in legal if _beats(c, best, trump)]
            pool = winners or legal
            return max(pool, key=lambda c: (RANKS.index(c.rank), str(c)))
        if not state.trick:
            return order[0]
        best = _winning(state.trick, trump)
        winners = [c for c in order if _beats(c, best, trump) and keep[c] < 12]
        brisque_on_table = any(c.rank in "AT" for _, c in state.trick)
        if winners and (brisque_on_table or self.rng.random() < 0.6):
            return winners[0]
        return order[0]

    def declaration(
        self, state: DealState, seat: str, options: list[DeclarationOption], scored: set[str]
    ) -> tuple[DeclarationOption | None, list[DeclarationOption]]:
        if not options:
            return None, []
        melds = [o for o in options if o.kind not in SPECIAL]
        sevens = [o for o in options if o.kind in ("seven", "exchange")]
        if not melds:
            turnup = state.turnup
            exchange = [o for o in sevens if o.kind == "exchange"]
            if exchange and turnup is not None and turnup.rank != "7":
                return exchange[0], []
            plain = [o for o in sevens if o.kind == "seven"]
            return (plain or sevens)[0], []
        best = max(melds, key=lambda o: (o.score, kind_info(o.kind).level, str(o)))
        family = kind_info(best.kind).family
        lower = [
            o
            for o in melds
            if kind_info(o.kind).family == family
            and kind_info(o.kind).level < kind_info(best.kind).level
            and o.kind not in scored
            and _sub(o.cards, best.cards)
        ]
        pending = state.pending_announcements(seat)
        carried: list[DeclarationOption] = []
        choice = best
        if lower:
            choice = min(lower, key=lambda o: (kind_info(o.kind).level, str(o)))
            if (best.kind, best.cards) not in pending:
                carried.append(best)
        for other in sorted(melds, key=lambda o: -o.score):
            if len(carried) >= 2:
                break
            if other is choice or other in carried or (other.kind, other.cards) in pending:
                continue
            if kind_info(other.kind).family != kind_info(choice.kind).family:
                carried.append(other)
        return choice, carried


def make_player(kind: str, rng: random.Random, rules: RuleSet) -> _Player:
    """A player of that kind (``random`` or ``greedy``)."""
    if kind == "random":
        return RandomPlayer(rng, rules)
    if kind == "greedy":
        return GreedyPlayer(rng, rules)
    raise SimulationError(f"unknown player {kind!r} (players: {', '.join(PLAYERS)})")


# --------------------------------------------------------------------------- one deal


class _DealRun:
    """Plays one deal through the engine and collects its record."""

    def __init__(
        self,
        rules: RuleSet,
        seats: tuple[str, ...],
        dealer: str,
        number: int,
        rng: random.Random,
        player: _Player,
        features: Features,
        hook: StepHook | None,
        chooser: Chooser,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.rng = rng
        self.player = player
        self.features = features
        self.hook = hook
        pack = new_pack(rules)
        rng.shuffle(pack)
        hands, stock, turnup = deal_cards(rules, seats, dealer, pack)
        if rng.random() < 0.4:
            _rig(rng, hands, stock, rng.choice(seats), rules)
        self.hands = hands
        self.stock = stock
        self.turnup = turnup
        self.number = number
        self.dealer = dealer
        self.pick = chooser
        self.state = DealState(rules, seats, dealer, hands, stock, turnup, chooser=chooser)
        if self.state.deal_violations:
            raise SimulationError(f"the engine rejects a fair deal: {self.state.deal_violations}")
        self.scored: dict[str, int] = dict(self.state.melds)
        self.kinds_scored: dict[str, set[str]] = {seat: set() for seat in seats}
        self.deal_events: list[Event] = []
        self.tricks: list[Trick] = []

    def _held(self, seat: str) -> Counter[Card]:
        held = Counter(self.state.hand[seat])
        held.update(c.card for c in self.state.table[seat])
        return held

    def _step(self) -> None:
        if self.hook is not None:
            self.hook(self.state, self.scored)

    def _fail(self, what: str, violations: Sequence[object]) -> SimulationError:
        return SimulationError(
            f"{self.rules.name} deal {self.number}: the engine rejects {what}: "
            + "; ".join(map(str, violations))
        )

    def _carte_blanche(self, seat: str, cards: Sequence[Card], out: list[Event]) -> None:
        state = self.state
        options = [o for o in state.legal_declarations(seat) if o.kind == "carte-blanche"]
        if not options:
            return
        repeat = state.cb_active[seat]
        if not repeat and not self.player.wants_carte_blanche():
            return
        shown = tuple(cards) if repeat else options[0].cards
        outcome = state.declare(seat, "carte-blanche", shown, options[0].score)
        if outcome.violations:
            raise self._fail(f"carte blanche by {seat}", outcome.violations)
        self.scored[seat] += outcome.score
        out.append(Declaration(seat, "carte-blanche", shown, options[0].score))
        if repeat:
            self.features.carte_blanche_repeats += 1
        else:
            self.features.carte_blanche += 1
        self._step()

    def _trial(
        self, seat: str, choice: DeclarationOption, carried: list[DeclarationOption]
    ) -> list[int] | None:
        """The copies' choices (the chooser's picks, in order) with which ``choice`` and the
        announcements ``carried`` on its line are all made without breaking a rule, tried a
        few times on a copy of the state; None when none was found. The players choose copies
        at random: a choice for the combination can leave a carried one without its cards."""
        pending = self.state.pending_announcements(seat)
        scoring_carry = (choice.kind, choice.cards) in pending
        args = [(o.kind, o.cards, o.score) for o in carried]
        for _ in range(TRIALS):
            picks: list[int] = []
            trial = self.state.fork()
            trial.chooser = _recording(self.pick, picks)
            before = len(trial.pending_announcements(seat))
            outcome = trial.declare(seat, choice.kind, choice.cards, choice.score, args)
            carried_now = len(trial.pending_announcements(seat)) - before
            # an announcement the rules do not carry (a lower one shown with a higher of its
            # cards is lost) is not made
            if (
                not outcome.violations
                and outcome.score == choice.score
                and carried_now >= len(args) - (1 if scoring_carry else 0)
            ):
                return picks
        return None

    def _try(
        self, seat: str, choice: DeclarationOption, carried: list[DeclarationOption]
    ) -> tuple[list[DeclarationOption], list[int]]:
        """The announcements that can be carried with ``choice`` without breaking a rule, and
        the copies' choices that make the line."""
        keep: list[DeclarationOption] = []
        picks = self._trial(seat, choice, []) or []
        for extra in carried:
            found = self._trial(seat, choice, [*keep, extra])
            if found is not None:
                keep.append(extra)
                picks = found
        return keep, picks

    def _declare(self, seat: str, out: list[Event]) -> None:
        state = self.state
        options = [o for o in state.legal_declarations(seat) if o.kind != "carte-blanche"]
        choice, carried = self.player.declaration(state, seat, options, self.kinds_scored[seat])
        if choice is None:
            return
        if choice.kind in ("seven", "exchange"):
            carried = []
        carried, picks = self._try(seat, choice, carried)
        pending = state.pending_announcements(seat)
        was_pending = (choice.kind, choice.cards) in pending
        reform = choice.kind not in SPECIAL and any(
            c.card in choice.cards and choice.kind in c.used for c in state.table[seat]
        )
        args = [(o.kind, o.cards, o.score) for o in carried]
        state.chooser = _replaying(picks, self.pick)
        outcome = state.declare(seat, choice.kind, choice.cards, choice.score, args)
        state.chooser = self.pick
        if outcome.violations or outcome.score != choice.score:
            raise self._fail(f"{seat} {choice.kind} {choice.cards}", outcome.violations)
        self.scored[seat] += outcome.score
        out.append(
            Declaration(
                seat,
                choice.kind,
                choice.cards,
                choice.score,
                carried=tuple(Combination(o.kind, o.cards, o.score) for o in carried),
            )
        )
        f = self.features
        f.declarations += 1
        f.kinds[choice.kind] += 1
        f.carried += len(carried)
        f.carried_scored += was_pending
        f.reformed += reform
        f.sevens += choice.kind == "seven"
        f.exchanges += choice.kind == "exchange"
        self.kinds_scored[seat].add(choice.kind)
        self._step()

    def play(self) -> tuple[Deal, DealOutcome]:
        state = self.state
        for seat in state.order:
            self._carte_blanche(seat, (), self.deal_events)
        guard = 0
        number = 0
        while state.phase != "over":
            guard += 1
            if guard > 10 * self.rules.pack_size:
                raise SimulationError(f"{self.rules.name} deal {self.number} does not end")
            number += 1
            plays: list[Play] = []
            events: list[Event] = []
            while len(plays) < len(self.seats):
                player = state.to_play
                if player is None:
                    raise SimulationError(f"nobody to play at trick {number}")
                seat = player
                legal = sorted(state.legal_plays(seat), key=str)
                if not legal:
                    raise SimulationError(f"{seat} has no legal play at trick {number}")
                card = self.player.play(state, seat, legal)
                violations = state.play(seat, card)
                if violations:
                    raise self._fail(f"{seat} playing {card}", violations)
                plays.append(Play(seat, card))
                self._step()
            declarer = state.declarer
            if declarer is not None:
                self._declare(declarer, events)
            drawn: dict[str, Card] = {}
            while state.to_draw is not None:
                seat = state.to_draw
                # the cards held, hand and table: the last draw returns the table to the hand
                before = self._held(seat)
                violations = state.draw(seat)
                if violations:
                    raise self._fail(f"{seat} drawing", violations)
                got = self._held(seat)
                got.subtract(before)
                card = next(c for c, n in got.items() if n > 0)
                drawn[seat] = card
                events.append(Draw(seat, (card,)))
                self._step()
            for seat, card in drawn.items():
                if state.cb_active[seat] and card.rank not in "KQJ":
                    self._carte_blanche(seat, (card,), events)
            if state.phase == "over":
                winner = state.last_winner
                assert winner is not None
                outcome = state.declare(winner, "last-trick", (), self.rules.last_trick)
                if outcome.violations:
                    raise self._fail("the last trick", outcome.violations)
                events.append(Declaration(winner, "last-trick", (), self.rules.last_trick))
            self.tricks.append(Trick(number, tuple(plays), tuple(events)))
        result = state.finish()
        if result.violations:
            raise self._fail("the end of the deal", result.violations)
        deal = Deal(
            number=self.number,
            dealer=self.dealer,
            hands=tuple(Hand(seat, tuple(self.hands[seat])) for seat in self.seats),
            stock=Stock(tuple(self.stock)),
            turnup=self.turnup,
            events=tuple(self.deal_events),
            tricks=tuple(self.tricks),
        )
        return deal, result


# --------------------------------------------------------------------------- games


COPY_CHOICES: Final = ("first", "random")
"""How the simulated players choose among the physical cards a play or declaration may take."""


TRIALS: Final = 8
"""Tries at a declaration line's copies before its carried announcements are given up."""


def _recording(pick: Chooser, picks: list[int]) -> Chooser:
    """A chooser that picks as ``pick`` does and notes each pick."""

    def chooser(ways: Sequence[Any]) -> int:
        index = pick(ways)
        picks.append(index)
        return index

    return chooser


def _replaying(picks: list[int], pick: Chooser) -> Chooser:
    """A chooser that makes the picks noted, then picks as ``pick`` does."""
    queue = list(picks)

    def chooser(ways: Sequence[Any]) -> int:
        return queue.pop(0) if queue else pick(ways)

    return chooser


def _copy_chooser(how: str, rng: random.Random) -> Chooser:
    if how == "first":
        return lambda ways: 0
    if how == "random":
        return lambda ways: rng.randrange(len(ways))
    raise SimulationError(f"unknown copy choice {how!r} (choices: {', '.join(COPY_CHOICES)})")


def _points(outcome: DealOutcome) -> dict[str, int]:
    """Each seat's points without brisques, as the settlement takes them."""
    return {seat: outcome.scores[seat] - outcome.brisque_points[seat] for seat in outcome.scores}


def simulate_game(
    variant: str,
    seed: int,
    player: str = "greedy",
    *,
    laws: str = "english",
    rules: RuleSet | None = None,
    hook: StepHook | None = None,
    names: Mapping[str, str] | None = None,
    copies: str = "first",
    house_rules: str | None = None,
) -> SimulatedGame:
    """Play one complete game of ``variant`` from ``seed`` and return its record and result.

    Rubicon, Chinese and six-pack games are one deal; the two-pack and three-handed games run
    deal after deal until a running total reaches the rule set's target. ``hook`` is called
    after every step of every deal (see :data:`StepHook`). ``copies`` says which physical
    cards a play or declaration takes where several would do (which tabled K♥, a tabled copy
    or the hand's): ``first``, the first the engine lists; ``random``, any of them at random
    (the record does not say which, so a check must find a reading for each choice).
    ``house_rules`` is a ``HouseRules`` tag's text: the game is played under it and the
    record carries the tag.
    """
    rules = rules or ruleset(variant, laws, house_rules)
    settlement = rules.settlement_rules
    if settlement is None:
        raise SimulationError(f"rule set {rules.name!r} has no settlement section")
    rng = random.Random(seed)
    seats = tuple("ABC"[: rules.players])
    chosen = make_player(player, rng, rules)
    pick = _copy_chooser(copies, rng)
    features = Features()
    dealer = rng.choice(seats)
    deals: list[Deal] = []
    results: list[DealResult] = []
    game: GameResult | None = None
    target_game = getattr(settlement, "kind", "rubicon") == "target"
    while True:
        run = _DealRun(rules, seats, dealer, len(deals) + 1, rng, chosen, features, hook, pick)
        deal, outcome = run.play()
        result = settle_deal(
            _points(outcome),
            outcome.brisques,
            settlement,  # type: ignore[arg-type]
            last_trick=outcome.last_trick_winner,
        )
        if result.scores != outcome.scores:
            raise SimulationError(
                f"engine scores {outcome.scores} and settlement {result.scores} disagree"
            )
        results.append(result)
        game = settle_game(results, settlement)  # type: ignore[arg-type]
        totals = game.running[-1] if target_game and game.running else {}
        deals.append(
            Deal(
                number=deal.number,
                dealer=deal.dealer,
                hands=deal.hands,
                stock=deal.stock,
                turnup=deal.turnup,
                events=deal.events,
                tricks=deal.tricks,
                score=DealScore(
                    scores=tuple((s, outcome.scores[s]) for s in seats),
                    brisques=tuple((s, outcome.brisques[s]) for s in seats),
                    totals=tuple((s, totals[s]) for s in seats) if totals else (),
                ),
            )
        )
        features.deals += 1
        features.rubicon = features.rubicon or result.rubicon
        if not target_game or game.ended_after is not None or len(deals) >= MAX_DEALS:
            break
        dealer = seats[(seats.index(dealer) + 1) % len(seats)]
    default_names = {s: f"{player.capitalize()} {s}" for s in seats}
    who = {**default_names, **(names or {})}
    tags = [
        Tag("Event", "Simulated"),
        Tag("Variant", rules.name),
        Tag("Laws", laws),
        *([Tag("HouseRules", house_rules)] if house_rules else []),
        *(Tag(s, who[s]) for s in seats),
        Tag("Result", game.result),
    ]
    note = Comment(f"bezique simulate: {player} player, seed {seed}")
    record = Record(tags=tuple(tags), deals=tuple(deals), events=(note,))
    return SimulatedGame(record, rules.name, seed, player, game, tuple(results), features)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a run: drawn from the run's seed, so runs are reproducible."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(games)]


def simulate_games(
    variant: str,
    games: int,
    seed: int,
    player: str = "greedy",
    *,
    laws: str = "english",
    hook: StepHook | None = None,
) -> Iterator[SimulatedGame]:
    """``games`` games of ``variant``, each from its own seed drawn from ``seed``."""
    rules = ruleset(variant, laws)
    for game_seed in game_seeds(seed, games):
        yield simulate_game(variant, game_seed, player, laws=laws, rules=rules, hook=hook)
