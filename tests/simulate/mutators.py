"""Mutators: plant one irregularity in a clean record, for the validator's mutation tests.

Test tooling (only the tests import it): it lives with the tests, not in the installed package.

Each mutator takes a clean record (a simulated game: every hand and stock card named) and a
``random.Random``, and returns the record with one fault planted and a :class:`Planted` saying
what the validator must report and where: the finding code, the deal, the trick (or the line
kind: the score line, the Result tag), and the other codes the fault necessarily brings with
it (``consequences``, each with its reason in :data:`CONSEQUENCES`). It returns ``None`` when
the record offers no place for that fault (no carte blanche in the deal, no strict trick where
a swap stays legal...).

The mutators reason about the cards from the record itself, tracking hands with the engine's
:class:`~validator.engine.DealState` only as a ledger of who holds what; the judgement of
what is wrong is written here, independently of the engine's checks. Where a planted fault
would change who wins a trick, the mutator picks another place, so that one fault gives one
finding wherever the rules allow it.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from notation.cards import RANKS, SUITS, Card
from notation.model import (
    Combination,
    Deal,
    Declaration,
    Draw,
    Event,
    Mark,
    Play,
    Record,
    Tag,
    Trick,
)
from validator.engine import DealState, RuleSet
from validator.engine.combinations import (
    BEZIQUE_ORDER,
    COURT_RANKS,
    FOUR_RANKS,
    SPECIAL_KINDS,
    TRUMP_FOUR_RANKS,
)
from validator.simulate import ruleset


@dataclass(frozen=True)
class Planted:
    """What a mutator planted and where the validator must report it.

    ``deal`` is the 1-based deal number; ``trick`` the trick number for faults in play (None for
    the deal's header and end); ``where`` names a line for faults without a trick: ``score``
    (the deal's score line), ``result`` (the Result tag), ``deal`` (the deal's header lines),
    ``record`` (anything in the record).
    """

    code: str
    deal: int | None
    trick: int | None
    where: str
    description: str
    consequences: frozenset[str] = field(default_factory=frozenset)


Mutation = tuple[Record, Planted]
Mutator = Callable[[Record, random.Random], "Mutation | None"]


CONSEQUENCES: Final = {
    "void-redeal": (
        "D110",
        'a deal the laws void is dealt again by the same dealer ("A misdeal does not lose the '
        "deal\"), but the simulated game's next deal is by the next seat in turn",
    ),
    "score-change": (
        "S501 S503 S504 S507",
        "a planted declaration that the laws take down, or a claim the laws correct, changes "
        "the corrected deal score; the Result, the totals and the score line written at the "
        "table no longer agree with the settlement (only the settlement lines, never a fault "
        "in play)",
    ),
    "leader": (
        "P201 W303",
        "the wrong dealer makes the record's leader of the first trick lead out of turn, and "
        "under the French laws (the pone draws first) every draw of the deal out of turn; "
        "the seven turned up is credited to the wrong dealer (S501)",
    ),
    "lost-trick": (
        "P201",
        "a seat that fails to win gives the trick to another, who should then lead; the record "
        "has the seat that should have won lead the next trick",
    ),
    "new-card": (
        "A406",
        "where a declaration must add a card from the hand (two-pack, three-handed), a lower "
        "combination made wholly of cards on the table breaks that rule too; and where the "
        "lower combination was scored with these cards before the higher one, declaring it "
        "again re-uses them",
    ),
    "held-card": (
        "P205 P206",
        "the card the seat did not play stays in its hand, so the strict play later finds it "
        "holding a card it should have played",
    ),
    "short-hand": (
        "W301 W302 W303 W305 W306 P201 P205 P206 P208 P209 A401 A402 A405 A406 A408 A411 A412 "
        "A413 A416 "
        "S501 S502 S503 S504 S505 S507",
        "a seat a card short (or long) after a missed or double draw: the stock's order shifts "
        "for the rest of the deal, the card not drawn is later played or shown (or announced "
        "to score, A416) by a seat that "
        "does not hold it (and a marriage that fails makes no trumps, so a later one is valued "
        "otherwise), the strict play finds "
        "hands other than the record's, and the last "
        "trick and the deal's score follow; all in the same deal, at or after the fault",
    ),
}
"""The consequential findings a mutator may declare, with why the fault causes them."""


def _because(*reasons: str) -> frozenset[str]:
    """The finding codes that the named entries of :data:`CONSEQUENCES` allow."""
    return frozenset(code for reason in reasons for code in CONSEQUENCES[reason][0].split())


# --------------------------------------------------------------------------- record helpers


def _with_deal(record: Record, index: int, deal: Deal) -> Record:
    deals = list(record.deals)
    deals[index] = deal
    return replace(record, deals=tuple(deals))


def _with_trick(deal: Deal, index: int, trick: Trick) -> Deal:
    tricks = list(deal.tricks)
    tricks[index] = trick
    return replace(deal, tricks=tuple(tricks))


def _rules(record: Record) -> RuleSet:
    """The record's rule set under its own laws (the laws may change the draw order)."""
    return ruleset(record.tag("Variant") or "rubicon", record.tag("Laws") or "english")


def _seats(record: Record) -> tuple[str, ...]:
    return record.seats


def _add_points(record: Record, index: int, seat: str, points: int) -> Record:
    """Add ``points`` to a seat's deal score as written, and to its running totals after it."""
    if points == 0:
        return record
    deals = list(record.deals)
    for i in range(index, len(deals)):
        score = deals[i].score
        if score is None:
            continue
        scores = score.scores
        if i == index:
            scores = tuple((s, n + points if s == seat else n) for s, n in scores)
        totals = tuple((s, n + points if s == seat else n) for s, n in score.totals)
        deals[i] = replace(deals[i], score=replace(score, scores=scores, totals=totals))
    return replace(record, deals=tuple(deals))


def _winner(plays: Sequence[Play], trump: str | None) -> str:
    best = plays[0]
    for play in plays[1:]:
        if play.card.suit == best.card.suit:
            if RANKS.index(play.card.rank) < RANKS.index(best.card.rank):
                best = play
        elif play.card.suit == trump:
            best = play
    return best.seat


def strict_legal(held: Counter[Card], trick: Sequence[Card], trump: str | None) -> set[Card]:
    """The cards a seat holding ``held`` may play to ``trick`` in the strict phase.

    Written from the rule texts, apart from the engine: follow suit and win if able; without
    the suit, trump (over a trump already played, if able); otherwise anything
    (bezique-guide.txt, The last tricks; rubicon-bezique-laws.txt, The Last Nine Tricks).
    """
    pool = {c for c, n in held.items() if n > 0}
    if not trick:
        return pool
    led = trick[0].suit
    best = trick[0]
    for card in trick[1:]:
        if card.suit == best.suit:
            if RANKS.index(card.rank) < RANKS.index(best.rank):
                best = card
        elif card.suit == trump:
            best = card
    follow = {c for c in pool if c.suit == led}
    if follow:
        if best.suit == led:
            higher = {c for c in follow if RANKS.index(c.rank) < RANKS.index(best.rank)}
            return higher or follow
        return follow
    trumps = {c for c in pool if c.suit == trump} if trump is not None else set()
    if trumps:
        if best.suit == trump:
            over = {c for c in trumps if RANKS.index(c.rank) < RANKS.index(best.rank)}
            return over or trumps
        return trumps
    return pool


# --------------------------------------------------------------------------- the ledger


@dataclass
class TrickView:
    """A trick of a clean deal as the ledger saw it."""

    index: int
    number: int
    phase: str
    """``loose`` or ``strict``: the phase the trick was played in."""
    trump: str | None
    held_before: dict[str, Counter[Card]]
    """Each seat's cards (hand and table) before the trick's first play."""
    table_before: dict[str, Counter[Card]]
    """Each seat's cards on the table before the trick's first play."""
    hand_after: dict[str, Counter[Card]]
    """Each seat's cards in hand (not on the table) after the plays, before the events."""
    table_after: dict[str, Counter[Card]]
    """Each seat's cards on the table after the plays, before the events."""
    winner: str
    declared: bool
    """Whether a combination (not carte blanche, not the last trick) is declared after it."""


def ledger(record: Record, index: int) -> list[TrickView]:
    """Replay a clean deal through the engine, keeping who holds what at each trick."""
    rules = _rules(record)
    deal = record.deals[index]
    seats = _seats(record)
    hands = {h.seat: list(h.cards) for h in deal.hands}
    stock = list(deal.stock.cards) if deal.stock is not None else None
    state = DealState(rules, seats, deal.dealer, hands, stock, deal.turnup)
    views: list[TrickView] = []

    def apply(events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, Declaration):
                carried = [(c.kind, c.cards, c.score) for c in event.carried]
                state.declare(event.seat, event.kind, event.cards, event.score, carried)
            elif isinstance(event, Draw):
                for card in event.cards:
                    state.draw(event.seat, card)

    def held(seat: str) -> Counter[Card]:
        out = Counter(state.hand[seat])
        out.update(c.card for c in state.table[seat])
        return out

    apply(deal.events)
    for i, trick in enumerate(deal.tricks):
        phase = state.phase
        before = {s: held(s) for s in seats}
        table_before = {s: Counter(c.card for c in state.table[s]) for s in seats}
        for play in trick.plays:
            state.play(play.seat, play.card)
        views.append(
            TrickView(
                index=i,
                number=trick.number,
                phase=phase,
                trump=state.trump,
                held_before=before,
                table_before=table_before,
                hand_after={s: Counter(state.hand[s]) for s in seats},
                table_after={s: Counter(c.card for c in state.table[s]) for s in seats},
                winner=_winner(trick.plays, state.trump),
                declared=any(
                    d.kind not in ("carte-blanche", "last-trick") for d in trick.declarations()
                ),
            )
        )
        apply(trick.events)
    return views


def _deal_index(record: Record, rng: random.Random) -> int:
    return rng.randrange(len(record.deals))


def _pick(rng: random.Random, items: Sequence[int]) -> int | None:
    return rng.choice(list(items)) if items else None


def _insert_after_plays(trick: Trick, event: Event, after_declarations: bool = True) -> Trick:
    """Put ``event`` among a trick's events: after its declarations, before its draws."""
    events = list(trick.events)
    at = 0
    if after_declarations:
        while at < len(events) and isinstance(events[at], Declaration):
            at += 1
    events.insert(at, event)
    return replace(trick, events=tuple(events))


# --------------------------------------------------------------------------- play faults


def lead_out_of_turn(record: Record, rng: random.Random) -> Mutation | None:
    """P201: the plays of a loose trick in another order, so that a seat leads out of turn; only
    where the same seat still wins the trick (same suit, or one trump)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    views = ledger(record, index)
    choices = []
    for view in views:
        if view.phase != "loose" or view.index == 0:
            continue
        plays = deal.tricks[view.index].plays
        rotated = plays[1:] + plays[:1]
        if _winner(rotated, view.trump) == view.winner and plays[0].card != plays[1].card:
            choices.append(view.index)
    at = _pick(rng, choices)
    if at is None:
        return None
    trick = deal.tricks[at]
    rotated = trick.plays[1:] + trick.plays[:1]
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, plays=rotated)))
    seat = rotated[0].seat
    return new, Planted("P201", index + 1, trick.number, "trick", f"{seat} leads out of turn")


def _all_legal(plays: Sequence[Play], view: TrickView, holdings: dict[str, Counter[Card]]) -> bool:
    """Whether every play after the lead is legal in the strict phase (holdings: changes)."""
    for k in range(1, len(plays)):
        seat = plays[k].seat
        held = holdings.get(seat, view.held_before[seat])
        if plays[k].card not in strict_legal(held, [p.card for p in plays[:k]], view.trump):
            return False
    return True


def _strict_swap(record: Record, rng: random.Random, code: str) -> Mutation | None:
    """P205 / P206: a seat plays at a strict trick the card it played at the next one, and
    the other there; only where both tricks keep their winners and the second play is legal."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    views = ledger(record, index)
    choices: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(views):
        if a.phase != "strict" or b.phase != "strict":
            continue
        ta, tb = deal.tricks[a.index], deal.tricks[b.index]
        for pos_a, play_a in enumerate(ta.plays):
            if pos_a == 0:
                continue
            pos_b = next((k for k, p in enumerate(tb.plays) if p.seat == play_a.seat), None)
            if pos_b is None:
                continue
            y, z = play_a.card, tb.plays[pos_b].card
            if y == z:
                continue
            held = a.held_before[play_a.seat]
            before = [p.card for p in ta.plays[:pos_a]]
            legal = strict_legal(held, before, a.trump)
            if z in legal:
                continue
            led = before[0].suit
            fault = "P205" if z.suit != led and any(c.suit == led for c in held) else "P206"
            if fault != code:
                continue
            new_a = list(ta.plays)
            new_a[pos_a] = replace(play_a, card=z)
            new_b = list(tb.plays)
            new_b[pos_b] = replace(tb.plays[pos_b], card=y)
            if _winner(new_b, b.trump) != b.winner:
                continue
            if _winner(new_a, a.trump) != a.winner:
                # failing to win gives the trick to another seat, who should lead the next one:
                # allowed for P206 only, where no brisque changes hands and a trick follows
                if code != "P206" or b.index == len(views) - 1:
                    continue
                if any(p.card.rank in "AT" for p in new_a):
                    continue
            held_b = b.held_before[play_a.seat].copy()
            held_b[z] -= 1
            held_b[y] += 1
            if not _all_legal(new_b, b, {play_a.seat: held_b}):
                continue
            if (y.rank in "AT") != (z.rank in "AT") and a.winner != b.winner:
                continue
            choices.append((a.index, pos_a))
    if not choices:
        return None
    at, pos = rng.choice(choices)
    ta, tb = deal.tricks[at], deal.tricks[at + 1]
    seat = ta.plays[pos].seat
    pos_b = next(k for k, p in enumerate(tb.plays) if p.seat == seat)
    y, z = ta.plays[pos].card, tb.plays[pos_b].card
    plays_a = list(ta.plays)
    plays_a[pos] = replace(plays_a[pos], card=z)
    plays_b = list(tb.plays)
    plays_b[pos_b] = replace(plays_b[pos_b], card=y)
    deal = _with_trick(deal, at, replace(ta, plays=tuple(plays_a)))
    deal = _with_trick(deal, at + 1, replace(tb, plays=tuple(plays_b)))
    what = "fails to follow suit" if code == "P205" else "fails to win the trick"
    views_after = ledger(_with_deal(record, index, deal), index)
    moved = views_after[at].winner != views[at].winner
    return _with_deal(record, index, deal), Planted(
        code,
        index + 1,
        ta.number,
        "trick",
        f"{seat} plays {z} for {y}: {what}",
        _because("score-change", *(["lost-trick"] if moved else [])),
    )


def fail_to_follow(record: Record, rng: random.Random) -> Mutation | None:
    """P205: a seat holding the suit led plays another suit in the strict phase."""
    return _strict_swap(record, rng, "P205")


def fail_to_win(record: Record, rng: random.Random) -> Mutation | None:
    """P206: a seat able to win (or trump) plays a card that does not, in the strict phase."""
    return _strict_swap(record, rng, "P206")


def card_not_held(record: Record, rng: random.Random) -> Mutation | None:
    """P208: a loose play changed to a card the seat holds nowhere, with the same suit, the
    same brisque value and the same winner."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    views = ledger(record, index)
    choices: list[tuple[int, int, Card]] = []
    for view in views:
        if view.phase != "loose":
            continue
        trick = deal.tricks[view.index]
        for pos, play in enumerate(trick.plays):
            held = view.held_before[play.seat]
            if view.table_before[play.seat][play.card]:
                continue
            for rank in RANKS:
                other = Card(rank, play.card.suit)
                if other == play.card or held[other] or (rank in "AT") != (play.card.rank in "AT"):
                    continue
                if rank == "7" and play.card.suit == view.trump:
                    continue
                plays = list(trick.plays)
                plays[pos] = replace(play, card=other)
                if _winner(plays, view.trump) == view.winner:
                    choices.append((view.index, pos, other))
    if not choices:
        return None
    at, pos, other = rng.choice(choices)
    trick = deal.tricks[at]
    plays = list(trick.plays)
    seat = plays[pos].seat
    plays[pos] = replace(plays[pos], card=other)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, plays=tuple(plays))))
    return new, Planted(
        "P208",
        index + 1,
        trick.number,
        "trick",
        f"{seat} plays {other}, not held",
        _because("held-card", "score-change"),
    )


def play_after_the_end(record: Record, rng: random.Random) -> Mutation | None:
    """P209: one more play written on the last trick of a deal, after the hand is over."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    last = deal.tricks[-1]
    seat = last.plays[0].seat
    extra = Play(seat, Card(rng.choice(RANKS), rng.choice(SUITS)))
    new_last = replace(last, plays=(*last.plays, extra))
    new = _with_deal(record, index, _with_trick(deal, len(deal.tricks) - 1, new_last))
    return new, Planted("P209", index + 1, last.number, "trick", f"{seat} plays after the end")


# --------------------------------------------------------------------------- draw faults


def _loose_draw_tricks(deal: Deal) -> list[int]:
    return [i for i, t in enumerate(deal.tricks) if sum(1 for _ in t.draws()) >= 2]


def forgot_to_draw(record: Record, rng: random.Random) -> Mutation | None:
    """W301: the last drawer of a trick does not draw (the fault is found at the next play)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = _pick(rng, _loose_draw_tricks(deal)[:-1])
    if at is None:
        return None
    trick = deal.tricks[at]
    draws = [e for e in trick.events if isinstance(e, Draw)]
    dropped = draws[-1]
    events = tuple(e for e in trick.events if e is not dropped)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=events)))
    return new, Planted(
        "W301",
        index + 1,
        deal.tricks[at + 1].number,
        "trick",
        f"{dropped.seat} forgets to draw after trick {trick.number}",
        _because("short-hand"),
    )


def drew_two(record: Record, rng: random.Random) -> Mutation | None:
    """W302: a seat draws again after its draw (the next card of the stock too)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = _pick(rng, _loose_draw_tricks(deal)[:-1])
    if at is None:
        return None
    trick = deal.tricks[at]
    draws = [e for e in trick.events if isinstance(e, Draw)]
    last = draws[-1]
    following = next(d for d in deal.tricks[at + 1].draws())
    extra = Draw(last.seat, following.cards)
    events = list(trick.events)
    events.insert(events.index(last) + 1, extra)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=tuple(events))))
    return new, Planted(
        "W302",
        index + 1,
        trick.number,
        "trick",
        f"{last.seat} draws two cards",
        _because("short-hand"),
    )


def drew_out_of_turn(record: Record, rng: random.Random) -> Mutation | None:
    """W303: two seats draw in the wrong order where they drew the same card (so the cards
    each holds do not change)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    choices = []
    for i in _loose_draw_tricks(deal):
        draws = list(deal.tricks[i].draws())
        if draws[0].cards == draws[1].cards:
            choices.append(i)
    at = _pick(rng, choices)
    if at is None:
        return None
    trick = deal.tricks[at]
    events = list(trick.events)
    first = next(k for k, e in enumerate(events) if isinstance(e, Draw))
    events[first], events[first + 1] = events[first + 1], events[first]
    seat = events[first].seat  # type: ignore[union-attr]
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=tuple(events))))
    return new, Planted("W303", index + 1, trick.number, "trick", f"{seat} draws out of turn")


def looked_at_two(record: Record, rng: random.Random) -> Mutation | None:
    """W304: the loser of a trick is marked as having seen the next card too (``^saw``). The
    loser is the seat of the last draw that is not the next trick's leader (the French order
    lets the loser draw first)."""
    return _saw_two(record, rng, winner=False)


def winner_looked_at_two(record: Record, rng: random.Random) -> Mutation | None:
    """W308: the winner of a trick (the next trick's leader) is marked with ``^saw``."""
    return _saw_two(record, rng, winner=True)


def _saw_two(record: Record, rng: random.Random, winner: bool) -> Mutation | None:
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = _pick(rng, _loose_draw_tricks(deal)[:-1])
    if at is None:
        return None
    trick = deal.tricks[at]
    draws = list(trick.draws())
    seen = next(deal.tricks[at + 1].draws()).cards
    leader = deal.tricks[at + 1].plays[0].seat
    seat = leader if winner else next(d.seat for d in reversed(draws) if d.seat != leader)
    mark = Mark("saw", seat, tuple(c for c in seen if c is not None))
    new = _with_deal(
        record, index, _with_trick(deal, at, replace(trick, events=(*trick.events, mark)))
    )
    code, who = ("W308", "winner") if winner else ("W304", "loser")
    return new, Planted(code, index + 1, trick.number, "trick", f"the {who} saw two cards")


def wrong_card_drawn(record: Record, rng: random.Random) -> Mutation | None:
    """W306: a draw names a card other than the stock's next card."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = _pick(rng, _loose_draw_tricks(deal))
    if at is None:
        return None
    trick = deal.tricks[at]
    events = list(trick.events)
    k = next(k for k, e in enumerate(events) if isinstance(e, Draw))
    draw = events[k]
    assert isinstance(draw, Draw) and draw.card is not None
    other = Card(draw.card.rank, SUITS[(SUITS.index(draw.card.suit) + 1) % 4])
    events[k] = replace(draw, cards=(other,))
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=tuple(events))))
    return new, Planted("W306", index + 1, trick.number, "trick", f"{draw.seat} names {other}")


# --------------------------------------------------------------------------- declarations


def _declared_later(deal: Deal, seat: str, after: int) -> set[Card]:
    """Every card a seat shows in a declaration after trick index ``after`` (or ever, -1)."""
    cards: set[Card] = set()
    for trick in deal.tricks[after + 1 :]:
        for decl in trick.declarations():
            if decl.seat == seat:
                cards.update(decl.cards)
                for carried in decl.carried:
                    cards.update(carried.cards)
    return cards


def _free_tricks(views: list[TrickView], phase: str = "loose") -> list[TrickView]:
    """Tricks of the phase after which nothing is declared (the last loose one excepted)."""
    return [v for v in views if v.phase == phase and not v.declared]


def _marriage_in(held: Counter[Card], trump: str | None) -> Card | None:
    """A suit (as its king) in which ``held`` has king and queen, trumps last."""
    suits = [s for s in SUITS if s != trump] + ([trump] if trump else [])
    for suit in suits:
        if held[Card("K", suit)] and held[Card("Q", suit)]:
            return Card("K", suit)
    return None


def _meld_value(rules: RuleSet, suit: str, trump: str | None) -> int:
    royal = rules.value("royal-marriage") or 0
    plain = rules.value("marriage") or 0
    return royal if suit == trump else plain


def _add_declaration(
    record: Record, index: int, view: TrickView, decl: Declaration, code: str, note: str
) -> Mutation:
    deal = record.deals[index]
    trick = deal.tricks[view.index]
    new_deal = _with_trick(deal, view.index, _insert_after_plays(trick, decl))
    new = _with_deal(record, index, new_deal)
    new = _add_points(new, index, decl.seat, decl.score)
    return new, Planted(
        code,
        index + 1,
        trick.number,
        "trick",
        note,
        _because("score-change"),
    )


def not_held(record: Record, rng: random.Random) -> Mutation | None:
    """A401: the winner of a trick declares a marriage in a suit of which it holds neither the
    king nor the queen."""
    index = _deal_index(record, rng)
    rules = _rules(record)
    views = [v for v in _free_tricks(ledger(record, index)) if v.trump is not None]
    rng.shuffle(views)
    for view in views[:-1] if len(views) > 1 else views:
        held = view.hand_after[view.winner] + view.table_after[view.winner]
        for suit in SUITS:
            king, queen = Card("K", suit), Card("Q", suit)
            if held[king] or held[queen]:
                continue
            decl = Declaration(
                view.winner, "marriage", (king, queen), _meld_value(rules, suit, view.trump)
            )
            return _add_declaration(record, index, view, decl, "A401", "a marriage not held")
    return None


def declared_without_winning(record: Record, rng: random.Random) -> Mutation | None:
    """A402: the loser of a trick declares a plain marriage it holds in hand."""
    index = _deal_index(record, rng)
    rules = _rules(record)
    views = [v for v in _free_tricks(ledger(record, index)) if v.trump is not None]
    rng.shuffle(views)
    for view in views:
        for seat, hand in view.hand_after.items():
            if seat == view.winner:
                continue
            for suit in SUITS:
                if suit == view.trump:
                    continue
                king, queen = Card("K", suit), Card("Q", suit)
                later = _declared_later(record.deals[index], seat, view.index)
                if king in later or queen in later:
                    continue
                if hand[king] and hand[queen] and not view.table_after[seat][king]:
                    decl = Declaration(
                        seat, "marriage", (king, queen), rules.value("marriage") or 0
                    )
                    return _add_declaration(
                        record, index, view, decl, "A402", f"{seat} declares, having lost"
                    )
    return None


def declared_after_drawing(record: Record, rng: random.Random) -> Mutation | None:
    """A403: a declaration moved after the draws of its trick; not one that made trumps."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    choices = []
    trump_made = deal.turnup is not None
    drawing = _loose_draw_tricks(deal)
    last_drawing = drawing[-1] if drawing else -1
    for i, trick in enumerate(deal.tricks):
        if i >= last_drawing:
            break
        decls = [
            d
            for d in trick.declarations()
            if d.kind not in ("seven", "exchange", "carte-blanche", "last-trick")
        ]
        later = _declared_later(deal, decls[0].seat, i) if decls else set()
        if (
            decls
            and any(True for _ in trick.draws())
            and trump_made
            and not later & set(decls[0].cards)
            and not decls[0].carried
        ):
            choices.append(i)
        if decls:
            trump_made = True
    at = _pick(rng, choices)
    if at is None:
        return None
    trick = deal.tricks[at]
    decl = next(
        d
        for d in trick.declarations()
        if d.kind not in ("seven", "exchange", "carte-blanche", "last-trick")
    )
    events = [e for e in trick.events if e is not decl]
    last_draw = max(k for k, e in enumerate(events) if isinstance(e, Draw))
    events.insert(last_draw + 1, decl)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=tuple(events))))
    return new, Planted(
        "A403",
        index + 1,
        trick.number,
        "trick",
        f"{decl.seat} declares after drawing",
        _because("score-change"),
    )


def two_for_one_trick(record: Record, rng: random.Random) -> Mutation | None:
    """A404: a second declaration for one trick: a combination carried with the first scored
    at once (one the seat never scores later), or, where the seven counts as a declaration,
    the seven of trumps shown after a combination by a seat that holds it unshown."""
    choices: list[tuple[int, int, Declaration, Declaration]] = []
    rules = _rules(record)
    for index, deal in enumerate(record.deals):
        views: list[TrickView] | None = None
        for i, trick in enumerate(deal.tricks):
            for decl in trick.declarations():
                later = _declared_later(deal, decl.seat, i)
                for carried in decl.carried:
                    if carried.kind in ("marriage", "sequence") and deal.turnup is None:
                        views = views or ledger(record, index)
                        if views[i].trump is None and decl.kind not in ("marriage", "sequence"):
                            continue  # scored now, it would make trumps: not this fault alone
                    if not later & set(carried.cards):
                        second = Declaration(decl.seat, carried.kind, carried.cards, carried.score)
                        choices.append((index, i, decl, second))
    if not choices and rules.seven_value is not None and rules.seven_counts_as_declaration:
        index = _deal_index(record, rng)
        deal = record.deals[index]
        for view in ledger(record, index):
            trick = deal.tricks[view.index]
            decls = [d for d in trick.declarations() if d.kind not in SPECIAL_KINDS]
            if view.phase != "loose" or not decls or view.trump is None:
                continue
            seat = decls[0].seat
            seven = Card("7", view.trump)
            if not view.hand_after[seat][seven] or any(
                d.seat == seat and d.kind in ("seven", "exchange")
                for t in deal.tricks
                for d in t.declarations()
            ):
                continue
            second = Declaration(seat, "seven", (seven,), rules.seven_value)
            choices.append((index, view.index, decls[0], second))
    if not choices:
        return None
    index, at, first, second = rng.choice(choices)
    deal = record.deals[index]
    trick = deal.tricks[at]
    events = list(trick.events)
    k = events.index(first)
    if second.kind != "seven":
        rest = tuple(c for c in first.carried if c.cards != second.cards or c.kind != second.kind)
        events[k] = replace(first, carried=rest)
    events.insert(k + 1, second)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=tuple(events))))
    new = _add_points(new, index, first.seat, second.score)
    return new, Planted(
        "A404",
        index + 1,
        trick.number,
        "trick",
        "two declarations for one trick",
        _because("score-change"),
    )


def _held_meld(held: Counter[Card], trump: str | None, rules: RuleSet) -> Declaration | None:
    """A combination ``held`` can show: a marriage, a bézique or four of a rank."""
    king = _marriage_in(held, trump)
    if king is not None:
        cards: tuple[Card, ...] = (king, Card("Q", king.suit))
        return Declaration("?", "marriage", cards, _meld_value(rules, king.suit, trump))
    if held[Card("Q", "S")] and held[Card("J", "D")] and not rules.bezique_follows_trump:
        return Declaration(
            "?", "bezique", (Card("Q", "S"), Card("J", "D")), rules.value("bezique") or 0
        )
    for kind, rank in (("aces", "A"), ("kings", "K"), ("queens", "Q"), ("jacks", "J")):
        suits = [suit for suit in SUITS if held[Card(rank, suit)]]
        if len(suits) == 4 and rules.value(kind):
            return Declaration(
                "?", kind, tuple(Card(rank, suit) for suit in SUITS), rules.value(kind) or 0
            )
    return None


def declared_in_strict_play(record: Record, rng: random.Random) -> Mutation | None:
    """A405: the winner of a strict trick declares a combination it holds."""
    index = _deal_index(record, rng)
    rules = _rules(record)
    views = [v for v in ledger(record, index) if v.phase == "strict"][:-1]
    rng.shuffle(views)
    for view in views:
        meld = _held_meld(view.hand_after[view.winner], view.trump, rules)
        if meld is None:
            continue
        decl = replace(meld, seat=view.winner)
        return _add_declaration(
            record, index, view, decl, "A405", "a declaration in the strict play"
        )
    return None


def _redeclare(record: Record, rng: random.Random, code: str) -> Mutation | None:
    """A406 / A407: after a declaration, the same seat wins a later trick and declares the same
    (A406) or a lower (A407) combination out of the very cards, which still lie on its table
    and of which it holds no other copy."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    views = ledger(record, index)
    lower = {"sequence": "marriage", "double-bezique": "bezique", "triple-bezique": "bezique"}
    choices: list[tuple[TrickView, Declaration]] = []
    for view in views:
        if view.phase != "loose":
            continue
        for decl in deal.tricks[view.index].declarations():
            if code == "A407" and decl.kind not in lower:
                continue
            if decl.kind in ("seven", "exchange", "carte-blanche", "last-trick"):
                continue
            choices.append((view, decl))
    rng.shuffle(choices)
    rules = _rules(record)
    for view, decl in choices:
        kind = decl.kind if code == "A406" else lower[decl.kind]
        # the lower one scored first with these cards (a ladder): declaring it again re-uses
        # them, A406 as well
        again = code == "A407" and any(
            d.seat == decl.seat and d.kind == kind and set(d.cards) & set(decl.cards)
            for t in deal.tricks[: view.index]
            for d in t.declarations()
        )
        cards: tuple[Card, ...] = decl.cards
        if code == "A407":
            if kind == "marriage":
                suit = decl.cards[0].suit
                cards = (Card("K", suit), Card("Q", suit))
            else:
                cards = (Card("Q", "S"), Card("J", "D"))
        for later in views[view.index + 1 :]:
            if later.phase != "loose":
                break
            between = deal.tricks[later.index - 1] if later.index > view.index + 1 else None
            if between is not None and any(
                d.seat == decl.seat and set(d.cards) & set(cards) for d in between.declarations()
            ):
                break  # the cards served again (a higher combination): not this fault alone
            if later.winner != decl.seat:
                continue
            table = later.table_after[decl.seat]
            hand = later.hand_after[decl.seat]
            need = Counter(cards)
            if any(table[c] < n for c, n in need.items()) or any(hand[c] for c in need):
                break
            if later.declared:
                continue
            if kind in ("marriage", "sequence"):
                royal = cards[0].suit == later.trump
                value = rules.value(("royal-" if royal else "") + kind) or 0
            else:
                value = rules.value(kind) or 0
            new_decl = Declaration(decl.seat, kind, cards, value)
            what = "the same cards again" if code == "A406" else "a lower combination"
            new, planted = _add_declaration(record, index, later, new_decl, code, what)
            if code == "A407" and (rules.new_card_from_hand or again):
                planted = replace(planted, consequences=planted.consequences | _because("new-card"))
            return new, planted
    return None


def reused_cards(record: Record, rng: random.Random) -> Mutation | None:
    """A406: a combination declared again with the very cards that scored it."""
    return _redeclare(record, rng, "A406")


def lower_from_higher(record: Record, rng: random.Random) -> Mutation | None:
    """A407: a marriage out of a sequence, or a bézique out of a double, already scored."""
    return _redeclare(record, rng, "A407")


def carried_after_lost(record: Record, rng: random.Random) -> Mutation | None:
    """A408: a carried announcement scored after one of its cards was played (the seat holding
    no other copy of it)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    views = ledger(record, index)
    rules = _rules(record)
    choices = []
    for view in views:
        for decl in deal.tricks[view.index].declarations():
            for carried in decl.carried:
                scored_later = any(
                    d.seat == decl.seat and d.kind == carried.kind and d.cards == carried.cards
                    for t in deal.tricks[view.index + 1 :]
                    for d in t.declarations()
                )
                if not scored_later:
                    choices.append((view, decl.seat, carried))
    rng.shuffle(choices)
    for view, seat, carried in choices:
        need = Counter(carried.cards)
        gone = False
        for later in views[view.index + 1 :]:
            if later.phase != "loose":
                break
            plays = deal.tricks[later.index].plays
            if not gone:
                gone = any(p.seat == seat and p.card in need for p in plays)
                if gone:
                    held = later.hand_after[seat] + later.table_after[seat]
                    if all(held[c] >= n for c, n in need.items()):
                        break
                continue
            held = later.hand_after[seat] + later.table_after[seat]
            if all(held[c] >= n for c, n in need.items()):
                break
            if later.winner != seat or later.declared:
                continue
            value = rules.value(carried.kind) or carried.score
            if carried.kind == "marriage":
                value = _meld_value(rules, carried.cards[0].suit, later.trump)
            decl = Declaration(seat, carried.kind, carried.cards, value)
            return _add_declaration(record, index, later, decl, "A408", "a lost announcement")
    return None


def _carte_blanche_deals(record: Record) -> list[int]:
    return [
        i
        for i, d in enumerate(record.deals)
        if any(isinstance(e, Declaration) and e.kind == "carte-blanche" for e in d.events)
    ]


def carte_blanche_late(record: Record, rng: random.Random) -> Mutation | None:
    """A409: carte blanche shown after its holder has played to the first trick (a holder that
    shows no repeat later)."""
    for index in _carte_blanche_deals(record):
        deal = record.deals[index]
        for decl in [e for e in deal.events if isinstance(e, Declaration)]:
            repeats = any(
                d.seat == decl.seat and d.kind == "carte-blanche"
                for t in deal.tricks
                for d in t.declarations()
            )
            if repeats:
                continue
            first = deal.tricks[0]
            events = tuple(e for e in deal.events if e is not decl)
            new_first = replace(first, events=(decl, *first.events))
            new_deal = replace(_with_trick(deal, 0, new_first), events=events)
            return _with_deal(record, index, new_deal), Planted(
                "A409",
                index + 1,
                first.number,
                "trick",
                "carte blanche after the first play",
                _because("score-change"),
            )
    return None


def carte_blanche_with_court(record: Record, rng: random.Random) -> Mutation | None:
    """A410: carte blanche claimed by a seat whose dealt hand holds a court card."""
    rules = _rules(record)
    if rules.carte_blanche is None:
        return None
    index = _deal_index(record, rng)
    deal = record.deals[index]
    shown = {e.seat for e in deal.events if isinstance(e, Declaration)}
    for hand in deal.hands:
        if hand.seat in shown or not any(
            c is not None and c.rank in COURT_RANKS for c in hand.cards
        ):
            continue
        cards = tuple(c for c in hand.cards if c is not None)
        decl = Declaration(hand.seat, "carte-blanche", cards, rules.carte_blanche)
        new = _with_deal(record, index, replace(deal, events=(*deal.events, decl)))
        new = _add_points(new, index, hand.seat, decl.score)
        return new, Planted(
            "A410",
            index + 1,
            None,
            "deal",
            f"carte blanche by {hand.seat} holding a court card",
            _because("score-change"),
        )
    return None


def wrong_score_claimed(record: Record, rng: random.Random) -> Mutation | None:
    """A411: a declaration claims more than it is worth (the deal score as marked follows)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    choices = [
        (i, d)
        for i, t in enumerate(deal.tricks)
        for d in t.declarations()
        if d.kind not in ("last-trick",)
    ]
    if not choices:
        return None
    at, decl = rng.choice(choices)
    extra = rng.choice((10, 20, 100))
    trick = deal.tricks[at]
    events = tuple(replace(e, score=e.score + extra) if e is decl else e for e in trick.events)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=events)))
    new = _add_points(new, index, decl.seat, extra)
    return new, Planted(
        "A411",
        index + 1,
        trick.number,
        "trick",
        f"{decl.kind} claimed {extra} too high",
        _because("score-change"),
    )


def not_a_combination(record: Record, rng: random.Random) -> Mutation | None:
    """A412: the winner of a trick declares a king and a queen of different suits."""
    index = _deal_index(record, rng)
    views = _free_tricks(ledger(record, index))
    if not views:
        return None
    view = rng.choice(views)
    held = view.hand_after[view.winner]
    kings = [c for c in held if c.rank == "K"] or [Card("K", "S")]
    queens = [c for c in held if c.rank == "Q" and c.suit != kings[0].suit]
    queen = queens[0] if queens else Card("Q", SUITS[(SUITS.index(kings[0].suit) + 1) % 4])
    decl = Declaration(view.winner, "marriage", (kings[0], queen), 20)
    return _add_declaration(record, index, view, decl, "A412", "a king and queen of two suits")


def seven_irregular(record: Record, rng: random.Random) -> Mutation | None:
    """A413: the winner of a trick shows a seven that is not of trumps as the seven of trumps,
    holding no seven of trumps."""
    rules = _rules(record)
    if rules.seven_value is None:
        return None
    index = _deal_index(record, rng)
    views = [v for v in _free_tricks(ledger(record, index)) if v.trump is not None]
    rng.shuffle(views)
    for view in views:
        held = view.hand_after[view.winner] + view.table_after[view.winner]
        trump = view.trump
        assert trump is not None
        if held[Card("7", trump)]:
            continue
        suit = next(s for s in SUITS if s != trump)
        decl = Declaration(view.winner, "seven", (Card("7", suit),), rules.seven_value)
        return _add_declaration(record, index, view, decl, "A413", "a seven not of trumps")
    return None


# --------------------------------------------------------------------------- the deal


def cut_shows_two(record: Record, rng: random.Random) -> Mutation | None:
    """D101: the cut written with two cards shown."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    cards = (Card(rng.choice(RANKS), rng.choice(SUITS)), Card(rng.choice(RANKS), rng.choice(SUITS)))
    new = _with_deal(record, index, replace(deal, cut=cards))
    return new, Planted("D101", index + 1, None, "deal", "the cut shows two cards")


def _mark_before_play(
    record: Record,
    rng: random.Random,
    code: str,
    make: Callable[[Deal], tuple[Mark, str]],
    score: bool = False,
) -> Mutation:
    """A mark before the first trick of a deal picked by ``rng``; ``make`` gives the mark and
    its description from the deal; ``score``: its remedy may void the deal (the next deal is
    then by the wrong dealer) or move points."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    mark, what = make(deal)
    new = _with_deal(record, index, replace(deal, events=(mark, *deal.events)))
    extra = _because("score-change", "void-redeal") if score else frozenset()
    return new, Planted(code, index + 1, None, "deal", what, extra)


def _deal_mark(
    record: Record, rng: random.Random, code: str, mark: Mark, what: str, score: bool = False
) -> Mutation:
    """A given mark before the first trick (see :func:`_mark_before_play`)."""
    return _mark_before_play(record, rng, code, lambda _: (mark, what), score)


def short_cut(record: Record, rng: random.Random) -> Mutation | None:
    """D102: the cut marked as leaving a packet of under five cards."""
    return _deal_mark(record, rng, "D102", Mark("short-cut", "A", text="three cards lifted"), "")


def _exposed(deal: Deal, own: bool) -> tuple[Mark, str]:
    """The first card of the dealer's own hand (``own``) or of another seat's, exposed."""
    hand = next(h for h in deal.hands if (h.seat == deal.dealer) == own)
    card = hand.cards[0]
    assert card is not None
    what = f"the dealer shows his own {card}" if own else f"the dealer exposes {card}"
    return Mark("exposed", hand.seat, (card,)), what


def dealer_exposes(record: Record, rng: random.Random) -> Mutation | None:
    """D103 (a card of another seat exposed by the dealer) or, for the dealer's own card,
    D104: marked ``^exposed`` before any play."""
    return _mark_before_play(record, rng, "D103", lambda deal: _exposed(deal, own=False))


def own_card_exposed(record: Record, rng: random.Random) -> Mutation | None:
    """D104: the dealer's own card exposed in the deal (the deal stands)."""
    return _mark_before_play(record, rng, "D104", lambda deal: _exposed(deal, own=True))


def _faced(deal: Deal) -> tuple[Mark, str]:
    assert deal.stock is not None and deal.stock.cards[-1] is not None
    return Mark("faced", None, (deal.stock.cards[-1],)), "a card faced in the pack"


def faced_in_pack(record: Record, rng: random.Random) -> Mutation | None:
    """D107: a card found face up in the pack before play (``^faced``)."""
    return _mark_before_play(record, rng, "D107", _faced, score=True)


def faced_in_stock_late(record: Record, rng: random.Random) -> Mutation | None:
    """D108: a card faced in the stock, found after the dealer's first play."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = _pick(rng, _loose_draw_tricks(deal)[1:-1])
    if at is None:
        return None
    trick = deal.tricks[at]
    assert deal.stock is not None and deal.stock.cards[-1] is not None
    mark = Mark("faced", None, (deal.stock.cards[-1],))
    new = _with_deal(
        record, index, _with_trick(deal, at, replace(trick, events=(*trick.events, mark)))
    )
    return new, Planted("D108", index + 1, trick.number, "trick", "a card faced in the stock")


def imperfect_pack(record: Record, rng: random.Random) -> Mutation | None:
    """D109: the pack marked imperfect (``^imperfect-pack``); the deal is void."""
    return _deal_mark(
        record,
        rng,
        "D109",
        Mark("imperfect-pack", None, (Card("Q", "S"),)),
        "an imperfect pack",
        score=True,
    )


def too_many_dealt(record: Record, rng: random.Random) -> Mutation | None:
    """D105: a seat marked as dealt too many cards, before any play (``^too-many``)."""
    seat = rng.choice(record.seats)
    return _deal_mark(
        record, rng, "D105", Mark("too-many", seat), f"{seat} dealt too many", score=True
    )


def too_few_dealt(record: Record, rng: random.Random) -> Mutation | None:
    """D106: a seat marked as dealt too few cards, before any play (``^too-few``)."""
    seat = rng.choice(record.seats)
    return _deal_mark(
        record, rng, "D106", Mark("too-few", seat), f"{seat} dealt too few", score=True
    )


def wrong_dealer(record: Record, rng: random.Random) -> Mutation | None:
    """D110: a later deal dealt by the seat that dealt the one before."""
    if len(record.deals) < 2:
        return None
    index = len(record.deals) - 1  # the last deal: no later deal takes its turn from it
    deal = record.deals[index]
    previous = record.deals[index - 1].dealer
    new = _with_deal(record, index, replace(deal, dealer=previous))
    return new, Planted(
        "D110",
        index + 1,
        None,
        "deal",
        f"{previous} deals twice running",
        _because("leader", "score-change"),
    )


def _count_mark(record: Record, rng: random.Random, code: str, marks: list[Mark]) -> Mutation:
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = rng.randrange(1, len(deal.tricks))
    trick = deal.tricks[at]
    events = (*trick.events, *marks)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=events)))
    return new, Planted(
        code,
        index + 1,
        trick.number,
        "trick",
        f"marked {code}",
        _because("score-change"),
    )


def too_many_after_play(record: Record, rng: random.Random) -> Mutation | None:
    """P202: a seat found holding too many cards after the first trick (``^too-many``)."""
    return _count_mark(record, rng, "P202", [Mark("too-many", "A")])


def too_few_after_play(record: Record, rng: random.Random) -> Mutation | None:
    """P203: a seat found holding too few cards (``^too-few``)."""
    return _count_mark(record, rng, "P203", [Mark("too-few", "B")])


def both_too_many(record: Record, rng: random.Random) -> Mutation | None:
    """P204: both players found holding too many cards."""
    return _count_mark(record, rng, "P204", [Mark("too-many", "A"), Mark("too-many", "B")])


def many_and_few(record: Record, rng: random.Random) -> Mutation | None:
    """P210: one player too many cards and the other too few."""
    return _count_mark(record, rng, "P210", [Mark("too-many", "A"), Mark("too-few", "B")])


def both_too_few(record: Record, rng: random.Random) -> Mutation | None:
    """P211: both players too few cards."""
    return _count_mark(record, rng, "P211", [Mark("too-few", "A"), Mark("too-few", "B")])


# --------------------------------------------------------------------------- the record


def _score_line(record: Record, rng: random.Random, code: str) -> Mutation | None:
    index = _deal_index(record, rng)
    deal = record.deals[index]
    score = deal.score
    if score is None:
        return None
    seat = score.scores[rng.randrange(len(score.scores))][0]
    if code == "S501":
        delta = rng.choice((10, 20, 50, 100))
        new_score = replace(
            score, scores=tuple((s, n + delta if s == seat else n) for s, n in score.scores)
        )
    elif code == "S502":
        new_score = replace(
            score, brisques=tuple((s, n + 1 if s == seat else n) for s, n in score.brisques)
        )
    else:
        if not score.totals:
            return None
        new_score = replace(
            score, totals=tuple((s, n + 10 if s == seat else n) for s, n in score.totals)
        )
    new = _with_deal(record, index, replace(deal, score=new_score))
    return new, Planted(code, index + 1, None, "score", f"{code} on {seat}")


def wrong_deal_score(record: Record, rng: random.Random) -> Mutation | None:
    """S501: a seat's score on a deal's score line changed."""
    return _score_line(record, rng, "S501")


def wrong_brisques(record: Record, rng: random.Random) -> Mutation | None:
    """S502: a seat's brisques on a deal's score line one too many."""
    return _score_line(record, rng, "S502")


def wrong_total(record: Record, rng: random.Random) -> Mutation | None:
    """S504: a running total changed (games over several deals)."""
    return _score_line(record, rng, "S504")


def _with_tag(record: Record, name: str, value: str) -> Record:
    return replace(
        record, tags=tuple(Tag(t.name, value) if t.name == name else t for t in record.tags)
    )


def wrong_result_winner(record: Record, rng: random.Random) -> Mutation | None:
    """S503: the Result tag names another seat as the winner."""
    result = (record.tag("Result") or "").split()
    if len(result) != 2:
        return None
    others = [s for s in record.seats if s != result[0]]
    value = f"{rng.choice(others)} {result[1]}"
    return _with_tag(record, "Result", value), Planted(
        "S503", None, None, "result", f"Result {value}"
    )


def wrong_result_value(record: Record, rng: random.Random) -> Mutation | None:
    """S507: the Result tag values the game wrongly."""
    result = (record.tag("Result") or "").split()
    if len(result) != 2 or not result[1].isdigit():
        return None
    value = f"{result[0]} {int(result[1]) + rng.choice((10, 100, 500))}"
    return _with_tag(record, "Result", value), Planted(
        "S507", None, None, "result", f"Result {value}"
    )


def last_trick_wrongly(record: Record, rng: random.Random) -> Mutation | None:
    """S505: the last trick claimed by a seat that did not win it."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    last = deal.tricks[-1]
    decl = next((d for d in last.declarations() if d.kind == "last-trick"), None)
    if decl is None:
        return None
    other = next(p.seat for p in last.plays if p.seat != decl.seat)
    events = tuple(replace(e, seat=other) if e is decl else e for e in last.events)
    new = _with_deal(
        record, index, _with_trick(deal, len(deal.tricks) - 1, replace(last, events=events))
    )
    # the table marked the claim for ``other`` and not for the winner: the score line and the
    # running totals from this deal on say so (docs/notation.md, End of a deal)
    moved = {other: decl.score, decl.seat: -decl.score}
    deals = list(new.deals)
    for at in range(index, len(deals)):
        score = deals[at].score
        if score is None:
            continue
        deals[at] = replace(
            deals[at],
            score=replace(
                score,
                scores=_moved(score.scores, moved) if at == index else score.scores,
                totals=_moved(score.totals, moved),
            ),
        )
    new = replace(new, deals=tuple(deals))
    return new, Planted("S505", index + 1, last.number, "trick", f"{other} claims the last trick")


def _moved(
    numbers: tuple[tuple[str, int], ...], moved: dict[str, int]
) -> tuple[tuple[str, int], ...]:
    """Seat-and-number pairs with ``moved`` added to each seat's number."""
    return tuple((seat, n + moved.get(seat, 0)) for seat, n in numbers)


def unknown_mark(record: Record, rng: random.Random) -> Mutation | None:
    """R001: a mark the validator does not know (``^frobnicate``)."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    at = rng.randrange(len(deal.tricks))
    trick = deal.tricks[at]
    new = _with_deal(
        record,
        index,
        _with_trick(deal, at, replace(trick, events=(*trick.events, Mark("frobnicate", "A")))),
    )
    return new, Planted("R001", index + 1, trick.number, "trick", "an unknown mark")


def _lower_of(decl: Declaration, rules: RuleSet) -> Declaration | None:
    """The lower combination of the class made of some of ``decl``'s cards, scored as it is
    worth: the single bézique in a double or more, the plain four of a four of trumps (not the
    marriage in a sequence: a first sequence makes trumps, and the marriage would not)."""
    cards: tuple[Card, ...]
    if BEZIQUE_ORDER.get(decl.kind, 0) >= 2:
        queen, jack = sorted(set(decl.cards), key=lambda c: (c.rank != "Q", str(c)))
        kind, cards, value = "bezique", (queen, jack), rules.value("bezique")
    elif decl.kind in TRUMP_FOUR_RANKS:
        rank = TRUMP_FOUR_RANKS[decl.kind]
        kind = next(k for k, r in FOUR_RANKS.items() if r == rank) if rank != "T" else ""
        cards, value = decl.cards, rules.value(kind) if kind else None
    else:
        return None
    if not kind or value is None:
        return None
    higher = Combination(decl.kind, decl.cards, decl.score)
    return replace(decl, kind=kind, cards=cards, score=value, carried=(higher,))


def shown_at_once(record: Record, rng: random.Random) -> Mutation | None:
    """A415: a higher combination scored (a double bézique or more, a four of trumps) is
    written instead as the lower one of its class made of its cards, scored, with the higher
    carried on the same line: shown at once, the lower is lost. The higher is then carried,
    never scored, so the deal's score as marked changes by the difference."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    rules = _rules(record)
    # A combination whose cards were not yet all on the table: the lower one's cards come
    # from the hand (in the two-pack game, where every announcement must add a card from the
    # hand, all of them), so the lower one and the higher written in its place break nothing
    # else.
    views = ledger(record, index)
    strict = rules.new_card_from_hand
    choices: list[tuple[int, Declaration, Declaration]] = []
    for i, t in enumerate(deal.tricks):
        for d in t.declarations():
            lower = None if d.carried else _lower_of(d, rules)
            if lower is None:
                continue
            table = views[i].table_after[d.seat]
            need = Counter(d.cards)
            if strict and any(table[c] for c in need):
                continue
            if any(table[c] >= n for c, n in need.items()):
                continue
            choices.append((i, d, lower))
    if not choices:
        return None
    at, decl, lower = rng.choice(choices)
    trick = deal.tricks[at]
    events = tuple(lower if e is decl else e for e in trick.events)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=events)))
    new = _add_points(new, index, decl.seat, lower.score - decl.score)
    return new, Planted(
        "A415",
        index + 1,
        trick.number,
        "trick",
        f"the {decl.kind} written as a {lower.kind} scored with the {decl.kind} carried",
        _because("score-change"),
    )


def announced_not_held(record: Record, rng: random.Random) -> Mutation | None:
    """A416: a combination scored in the loose play carries, on its line, a marriage of a suit
    of which the seat holds neither the king nor the queen. The announcement is not carried and
    nothing is taken down: the deal's score as marked does not change."""
    index = _deal_index(record, rng)
    deal = record.deals[index]
    rules = _rules(record)
    views = ledger(record, index)
    choices: list[tuple[int, Declaration, Card]] = []
    for i, t in enumerate(deal.tricks):
        view = views[i]
        if view.phase != "loose" or view.trump is None:
            continue
        held = view.hand_after[view.winner] + view.table_after[view.winner]
        for d in t.declarations():
            if d.seat != view.winner or d.carried or d.kind not in MELD_WORDS:
                continue
            for suit in SUITS:
                king, queen = Card("K", suit), Card("Q", suit)
                if not (held[king] or held[queen] or king in d.cards or queen in d.cards):
                    choices.append((i, d, king))
            break
    if not choices:
        return None
    at, decl, king = rng.choice(choices)
    suit = king.suit
    marriage = Combination(
        "marriage", (king, Card("Q", suit)), _meld_value(rules, suit, views[at].trump)
    )
    trick = deal.tricks[at]
    events = tuple(replace(e, carried=(marriage,)) if e is decl else e for e in trick.events)
    new = _with_deal(record, index, _with_trick(deal, at, replace(trick, events=events)))
    return new, Planted(
        "A416",
        index + 1,
        trick.number,
        "trick",
        f"a marriage of {suit} not held, announced to score with the {decl.kind}",
        frozenset(),
    )


MELD_WORDS: Final = frozenset(
    {"marriage", "sequence", "bezique", "double-bezique", "aces", "kings", "queens", "jacks"}
)
"""Combinations a line may carry an announcement with (not the seven, carte blanche or the
last trick)."""


MUTATORS: Final[dict[str, Mutator]] = {
    "D101": cut_shows_two,
    "D102": short_cut,
    "D103": dealer_exposes,
    "D104": own_card_exposed,
    "D105": too_many_dealt,
    "D106": too_few_dealt,
    "D107": faced_in_pack,
    "D108": faced_in_stock_late,
    "D109": imperfect_pack,
    "D110": wrong_dealer,
    "P201": lead_out_of_turn,
    "P202": too_many_after_play,
    "P203": too_few_after_play,
    "P204": both_too_many,
    "P205": fail_to_follow,
    "P206": fail_to_win,
    "P208": card_not_held,
    "P209": play_after_the_end,
    "P210": many_and_few,
    "P211": both_too_few,
    "W301": forgot_to_draw,
    "W302": drew_two,
    "W303": drew_out_of_turn,
    "W304": looked_at_two,
    "W308": winner_looked_at_two,
    "W306": wrong_card_drawn,
    "A401": not_held,
    "A402": declared_without_winning,
    "A403": declared_after_drawing,
    "A404": two_for_one_trick,
    "A405": declared_in_strict_play,
    "A406": reused_cards,
    "A407": lower_from_higher,
    "A408": carried_after_lost,
    "A409": carte_blanche_late,
    "A410": carte_blanche_with_court,
    "A411": wrong_score_claimed,
    "A412": not_a_combination,
    "A413": seven_irregular,
    "A415": shown_at_once,
    "A416": announced_not_held,
    "S501": wrong_deal_score,
    "S502": wrong_brisques,
    "S503": wrong_result_winner,
    "S504": wrong_total,
    "S505": last_trick_wrongly,
    "S507": wrong_result_value,
    "R001": unknown_mark,
}
"""One mutator per finding code a record can show."""

NOT_PLANTED: Final = {
    "P207": "a revoke established by a later play needs a hand the record does not name; "
    "simulated records name every card",
    "W305": "the last card of an odd stock needs an irregular stock, itself a D109",
    "S506": "sitting and chouette rotation: a property of a series of games, not of one record",
    "P212": "brisques left on the table exist only as the table's ^gather mark; worked by hand in "
    "tests/validator and samples/disputes",
    "W307": "counting the stock is a fault only under the French laws and only as the table's "
    "^count-stock mark; worked by hand in tests/validator",
    "A414": "an amendment (^amend) cures a false declaration: the record it makes has no fault "
    "to detect; worked by hand in tests/validator and samples/disputes",
    "A417": "needs a hand dealt too large, the election to play without drawing and a "
    "declaration before the hand is right, under laws that forbid it (the two-pack game's); "
    "worked by hand in tests/validator/test_count_remedies.py",
    "R002": "not a fault of play: a record naming too few cards to be followed within the "
    "search's bounds; reached in tests/engine/test_readings.py by lowering the bounds",
    "R003": "a turn-up game's deal without its turnup line: not a fault of play; worked by "
    "hand in tests/validator/test_replay_cases.py",
}
"""Codes without a mutator, and why."""


def mutate(record: Record, code: str, rng: random.Random) -> Mutation | None:
    """Plant ``code`` in ``record`` (see :data:`MUTATORS`), or None where it has no place."""
    return MUTATORS[code](record, rng)
