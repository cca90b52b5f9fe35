"""A declaration line: the combination scored and the announcements carried with it.

:func:`declare_line` judges what both players see (whose turn it is, whether the cards form the
combination, the score claimed, a lower combination shown at once with a higher one) and reads
each combination of the line under every reading (:mod:`validator.engine.melds`): the readings
whose line breaks fewest rules are kept. A combination scored marks its copies even when the
declaration breaks a rule: an erroneous score stands unless it is taken down (hoffmann-1909 law
50; :func:`take_down`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from notation.cards import Card

from . import specials
from .card_tables import cards_text, sorted_cards
from .combinations import MELD_KINDS, canonical_kind, kind_info, shape_error_of, value_key
from .copies import pending_of
from .melds import (
    Marked,
    MeldWay,
    carry,
    lay,
    mark,
    matching_pending,
    meld_key,
    meld_ways,
    not_held,
)
from .outcomes import DeclarationOutcome
from .reading import Reading
from .reading import fresh as is_fresh
from .relevance import Relevance
from .violations import Violation
from .ways import Alternative, Fault

if TYPE_CHECKING:
    from .state import DealState


SHARE_WAYS = True
"""Whether readings with equal meld keys share a declaration's ways (``_read_meld``). Only a
test turns it off, to check that the sharing changes nothing (not ``Final``: a compiled build
must read it when it runs)."""


@dataclass(slots=True)
class Declared:
    """The latest declaration, while it may still be taken down (until the next play)."""

    seat: str
    score: int
    trump_set: str | None
    kind: str = ""
    cards: tuple[Card, ...] = ()
    seven: bool = False
    """A seven of trumps shown: taking it down frees the seven to be shown again."""
    exchange: tuple[Card, Card | None, bool] | None = None
    """A seven of trumps exchanged: the seven, the turn-up it took (None: unseen) and whether
    that turn-up had scored; taking the exchange down puts them back."""


def declare_line(
    state: DealState,
    seat: str,
    kind: str,
    cards: Sequence[Card] = (),
    claimed_score: int | None = None,
    carried: Sequence[tuple[str, Sequence[Card], int | None]] = (),
    fresh: bool = False,
) -> DeclarationOutcome:
    """Apply a declaration line to ``state``: what :meth:`DealState.declare` does (its
    docstring says what each argument means)."""
    state.check_seat(seat)
    word = canonical_kind(kind)
    if word == "last-trick":
        return specials.last_trick(state, seat, claimed_score)
    if word == "carte-blanche":
        return specials.carte_blanche(state, seat, cards, claimed_score)
    if word in ("seven", "exchange"):
        return specials.seven(state, seat, word, cards, claimed_score)
    out: list[Violation] = []
    if word not in MELD_KINDS:
        out.append(
            state.violation("A412", "decl.combinations", seat, f"{kind!r} is not a combination")
        )
        return DeclarationOutcome(0, out)
    timing = state.timing(seat)
    if timing is not None:
        out.append(timing)
        if state.phase != "loose":
            return DeclarationOutcome(0, out)
    elif state.scored_this_trick:
        out.append(
            state.violation(
                "A404", "decl.one-per-trick", seat, "a second combination scored for one trick"
            )
        )
    may_carry = timing is None
    parts = [(word, tuple(cards), claimed_score)]
    if carried:
        parts.extend((canonical_kind(k), tuple(c), cl) for k, c, cl in carried)
    values: list[int | None] = []
    makes_trump = timing is None
    line_trump = _trump_made_by(state, parts[0], makes_trump)
    for index, (part_kind, part_cards, claim) in enumerate(parts):
        value = _value(state, seat, part_kind, part_cards, out, makes_trump, index > 0)
        values.append(value)
        if index > 0 and state.trump is None and value is not None:
            # An announcement to score before trumps is worth what it is when scored: known
            # now only when this line's own combination makes the trump; else not judged.
            value = _worth_under(state, part_kind, part_cards, line_trump)
        # Out of turn, the declaration is judged as a whole: its score stands as marked or
        # is taken down (hoffmann-1909 laws 42 and 50), so the figure is not judged apart.
        if makes_trump and value is not None and claim is not None and claim != value:
            if index == 0:
                key = _key(state, part_kind, part_cards, makes_trump)
                message = f"{key} scores {value}, not {claim}"
            else:
                message = f"{part_kind} to score is worth {value}, not {claim}"
            wrong = state.violation("A411", "decl.score", seat, message)
            out.append(wrong if index == 0 else replace(wrong, carried=True))
    lost = _shown_at_once(parts, values)
    # A carried announcement lost to a higher one shown with it is simply not carried; the
    # combination scored, lost so, is a fault (its score is the one marked).
    for index in sorted(lost)[:1] if 0 in lost else ():
        part_kind, part_cards, _ = parts[index]
        higher = lost[index]
        out.append(
            state.violation(
                "A415",
                "decl.shown-at-once",
                seat,
                f"{part_kind} {cards_text(part_cards)}: shown at once with the {higher}, "
                f"which alone scores",
            )
        )
    for reading in state.readings.items:
        reading.last_claim = None
    state.lines_declared += 1
    for index, (part_kind, part_cards, _) in enumerate(parts):
        if values[index] is None or index in lost:
            # not a combination; or one lost to a higher one shown with it, whose cards it
            # shares: they are laid with the higher one (one fault, A415, for the lower)
            continue
        if index:
            state.readings.thin()
        _read_meld(
            state,
            seat,
            part_kind,
            part_cards,
            index,
            fresh and index == 0,
            may_carry,
            index in lost,
            [(k, c) for k, c, _ in parts[: index + 1]] if index else [(part_kind, part_cards)],
            index + 1 < len(parts),
        )
    if len(parts) > 1 and state.rules.new_card_from_hand:
        for reading in state.readings.items:
            reading.line_new = frozenset()
    foresight = state.readings.foresight
    if foresight is not None:
        foresight.passed(seat, [(k, c) for k, c, _ in parts] if carried else [(word, parts[0][1])])
    ahead = state.readings.ahead
    if ahead is not None:
        ahead.declared(seat, (card for _, part_cards, _ in parts for card in part_cards))
    found = state.settle(seat)
    out.extend(found)
    if timing is None:
        state.scored_this_trick += 1
    state.last_line = (seat, timing is None)
    value = values[0]
    if value is None:
        state.declared = None
        return DeclarationOutcome(0, out)
    trump_set = None
    # "The first marriage scored makes the trump suit" (hoffmann-1909 law 41), in turn or not:
    # a score not challenged in time stands good (law 50) and the deal is played on under it
    if (
        word in ("marriage", "sequence")
        and state.trump is None
        and state.rules.trump == "first-marriage"
    ):
        state.trump = trump_set = parts[0][1][0].suit
    # an announcement that cannot be carried (A416) takes nothing from the combination scored
    sound = (not out or all(v.code in ("A411", "A416") for v in out)) and (
        0 not in state.parts_at_fault
    )
    score = value if sound else 0
    state.melds[seat] += score
    state.declared = Declared(seat, score, trump_set, word, parts[0][1])
    return DeclarationOutcome(score, out, trump_set)


def _value(
    state: DealState,
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    out: list[Violation],
    makes_trump: bool,
    carried: bool = False,
) -> int | None:
    """The value of one combination of a declaration line, or None (A412) when the cards do
    not form it or the kind does not score in this game. ``makes_trump``: a first marriage
    declared in turn makes trumps, and so scores as one in trumps; one declared out of turn
    (by the loser of the trick, or after drawing) does not. ``carried``: an announcement to
    score, whose fault is A416 (not carried; the combination scored on the line stands)."""
    if kind not in MELD_KINDS:
        out.append(_not_a_combination(state, seat, f"{kind!r} is not a combination", carried))
        return None
    problem = shape_error_of(kind, cards, state.trump, state.rules.bezique_follows_trump)
    key = _key(state, kind, cards, makes_trump)
    value = state.rules.value(key)
    if problem is not None or value is None:
        reason = problem or f"{key} does not score in {state.rules.name}"
        out.append(
            _not_a_combination(state, seat, f"{kind} {cards_text(cards)}: {reason}", carried)
        )
        return None
    return value


def _not_a_combination(state: DealState, seat: str, message: str, carried: bool) -> Violation:
    """A412, or A416 for an announcement to score (its message saying it would be A412)."""
    if carried:
        return state.not_carried(seat, message, "A412")
    return state.violation("A412", "decl.combinations", seat, message)


def _trump_made_by(
    state: DealState, part: tuple[str, tuple[Card, ...], int | None], makes_trump: bool
) -> str | None:
    """The suit a declaration line's combination makes trumps (the first marriage, or a
    sequence, scored in turn before any trump: rubicon-bezique-laws.txt, Declaring), or None."""
    kind, cards, _ = part
    first = makes_trump and state.rules.trump == "first-marriage" and state.trump is None
    if not first or kind not in ("marriage", "sequence") or not cards:
        return None
    suits = {card.suit for card in cards}
    return cards[0].suit if len(suits) == 1 else None


def _worth_under(
    state: DealState, kind: str, cards: Sequence[Card], trump: str | None
) -> int | None:
    """What a combination announced to score before trumps is worth once ``trump`` is made
    by its own line, or None when the trump is not known yet (it depends on the marriage
    scored first)."""
    if trump is None:
        return None
    return state.rules.value(value_key(kind, cards[0].suit if cards else None, trump, False))


def _key(state: DealState, kind: str, cards: Sequence[Card], makes_trump: bool = True) -> str:
    suit = cards[0].suit if cards else None
    first = makes_trump and state.rules.trump == "first-marriage"
    return value_key(kind, suit, state.trump, first)


def _read_meld(
    state: DealState,
    seat: str,
    kind: str,
    cards: tuple[Card, ...],
    index: int,
    fresh: bool,
    may_carry: bool,
    lost: bool,
    read: Sequence[tuple[str, Sequence[Card]]],
    more: bool,
) -> None:
    """One combination of a declaration line under every reading: lay its cards, and mark
    them or carry it (``read``: the line's parts up to this one, which no declaration after
    it is; ``more``: parts follow it on the line). The combination scored marks its copies
    even when the declaration breaks a rule: an erroneous score stands unless it is taken
    down (hoffmann-1909 law 50; :meth:`take_down`), and a combination that stands cannot be
    scored again unflagged. An announcement is carried when it is sound and made in turn.
    Where each announcement must add a card from the hand (``new_card_from_hand``), what a
    part added counts as added for the parts after it (:attr:`Reading.line_new`)."""
    rules, copies, readings = state.rules, state.copies, state.readings
    scoring = index == 0
    foresight = readings.foresight
    seen: list[tuple[Relevance | None, Relevance | None]] = []

    def sight() -> tuple[Relevance | None, Relevance | None]:
        # what this part and the seat's later declarations can see, and what those alone can:
        # worked out once, when some reading's ways first need it (most need neither)
        if not seen:
            later = None if foresight is None else foresight.after(seat, read)
            seen.append((state.relevance_of(seat), later))
        return seen[0]

    first_uid = (state.lines_declared * 8 + index) * 16
    carrying = state.announced[seat]
    announced = scoring and bool(carrying) and (kind, sorted_cards(cards)) in carrying
    every = state.exhaustive
    track_new = more and rules.new_card_from_hand
    if not scoring and may_carry and not lost:
        carrying.add((kind, sorted_cards(cards)))

    # Readings with equal meld keys share their ways (frozen values, applied to each reading
    # by ``apply``): those that differ only at another seat, or in other cards.
    distinct = tuple(dict.fromkeys(cards))
    memo: dict[tuple[object, ...], list[Alternative[MeldWay | None]]] = {}
    marked: Marked = {}  # and the copies they mark: the same marked copies (melds.mark)

    # An announcement to score already carried from an earlier line and said again ("he would
    # continue to repeat at every trick: 'Twenty to score'", foster-1914-ordinary-bezique.txt,
    # Double Declarations) is that announcement still carried, not a new one: the parts of
    # this line that say it again, up to the number carried, lay nothing and find nothing.
    said = 0
    if not scoring and len(read) > 2:
        written = sorted_cards(cards)
        said = sum(1 for k, c in read[1:-1] if k == kind and sorted_cards(c) == written)

    def alternatives(reading: Reading) -> list[Alternative[MeldWay | None]]:
        if not scoring and len(matching_pending(reading.holdings[seat], kind, cards)) > said:
            return [Alternative(None, [])]
        if len(readings.items) == 1 or not SHARE_WAYS:
            return ways_of(reading)
        key = meld_key(reading, seat, distinct)
        known = memo.get(key)
        if known is None:
            known = memo[key] = ways_of(reading)
        return known

    def ways_of(reading: Reading) -> list[Alternative[MeldWay | None]]:
        ways, truncated = meld_ways(
            reading, seat, kind, cards, rules, copies, fresh, scoring, None, every, None, sight
        )
        if truncated:
            readings.capped = True
        if not ways:
            return [Alternative(None, [not_held(kind, cards, announced)])]
        out: list[Alternative[MeldWay | None]] = []
        label = ""
        holding = reading.holdings[seat]
        for w in ways:
            faults: list[Fault] = []
            if w.faults:
                if not label:
                    label = f"{kind} {cards_text(cards)}: "
                faults = [Fault(f.code, f.rule, label + f.message) for f in w.faults]
            if holding.plain:
                unseen = (card for card, n in w.way.from_unseen for _ in range(n))
                faults.extend(specials.held_at_carte_blanche(holding, unseen, "declares"))
            out.append(Alternative(w.way, faults))
        return out

    def apply(reading: Reading, way: MeldWay | None) -> None:
        if way is None:
            return
        if track_new:
            holding = reading.holdings[seat]
            new = reading.line_new
            taken = [c.uid for c in way.from_table if c.uid in new or is_fresh(c, holding)]
        laid = lay(reading, seat, way, first_uid)
        if track_new:
            # the copies laid from the hand follow those taken from the table in ``laid``
            reading.line_new = new.union(taken, (c.uid for c in laid[len(way.from_table) :]))
        if scoring:
            mark(reading, seat, kind, laid, way.pending, marked)
        elif may_carry and way.sound and not lost:
            carry(reading, seat, kind, cards, laid)

    ahead = readings.ahead
    spare = None
    if ahead is not None:
        made = state.played[seat]

        def spare(
            reading: Reading, ways: Sequence[Alternative[MeldWay | None]]
        ) -> list[Alternative[MeldWay | None]]:
            # the ways that leave the reading holding no card the seat never plays
            return ahead.spare(reading, seat, made, ways)

    state.read_ways(alternatives, apply, index, spare)


def declared_seven(
    state: DealState,
    seat: str,
    score: int,
    shown: bool,
    exchange: tuple[Card, Card | None, bool] | None = None,
) -> None:
    """The seven of trumps was declared (``shown``: shown, not exchanged): it may be taken
    down until the next play."""
    state.declared = Declared(seat, score, None, "seven", (), seven=shown, exchange=exchange)


def amend(
    state: DealState, seat: str, kind: str, cards: Sequence[Card], claimed: int | None
) -> DeclarationOutcome:
    """The seat amends his latest declaration before drawing: it is taken down and ``cards``
    declared in its place, as the same declaration of the trick (rubicon-bezique-laws.txt,
    Irregular Announcements: "he is permitted to amend his error, provided he has not drawn a
    card from the stock in the meantime")."""
    take_down(state, seat)
    line = state.last_line
    if line is not None and line == (seat, True) and state.scored_this_trick:
        state.scored_this_trick -= 1
    return declare_line(state, seat, kind, cards, claimed, (), False)


def take_down(
    state: DealState, seat: str, announced: bool = False, keep_trump: bool = False
) -> bool:
    """The seat's latest declaration is taken down (challenged in time, or the laws take it
    down): its score and the marks it gave its copies go, the announcement it scored is
    carried again, and a first marriage no longer makes trumps (the first marriage scored
    does: hoffmann-1909 law 41). ``announced``: the combination stays announced, to score
    on a later trick (the second combination scored for one trick). ``keep_trump``: taken
    down by the laws, not by a challenge, the trump it made stands, as the deal is played
    on under it; a challenge in time may still take that down. Possible until the next card
    is played; False when there is nothing to take down."""
    declared = state.declared
    if declared is None or declared.seat != seat:
        return False
    for reading in state.readings.items:
        claim = reading.last_claim
        if claim is not None and claim.seat == seat:
            claim.undo(reading)
            reading.last_claim = None
            if declared.seven:
                holding = reading.holdings[seat]
                if holding.seven_marked:
                    holding.seven_marked -= 1
            elif announced and declared.cards:
                holding = reading.holdings[seat]
                uids = frozenset(c.uid for c in claim.before)
                holding.pending.append(
                    pending_of(declared.kind, sorted_cards(declared.cards), uids)
                )
    if declared.exchange is not None:
        _exchange_back(state, seat, declared.exchange)
    state.melds[seat] -= declared.score
    state.declared = None
    if declared.trump_set is not None and state.trump == declared.trump_set:
        if keep_trump:
            state.declared = Declared(seat, 0, declared.trump_set)
        else:
            state.trump = None
    return True


def _exchange_back(state: DealState, seat: str, exchange: tuple[Card, Card | None, bool]) -> None:
    """An exchange of the seven taken down: the seven back in the hand, the turn-up back."""
    seven, old, old_marked = exchange
    for reading in state.readings.items:
        holding = reading.holdings[seat]
        if old is not None and holding.hand.get(old, 0):
            holding.take(old)
            if old_marked and holding.seven_marked:
                holding.seven_marked -= 1
        elif holding.unknown:
            holding.unseen_out(None)
        holding.give(seven)
    state.stock[0] = old
    state.turnup = old
    state.turnup_marked = old_marked


def _shown_at_once(
    parts: Sequence[tuple[str, tuple[Card, ...], int | None]], values: Sequence[int | None]
) -> dict[int, str]:
    """The combinations of one declaration line lost because a higher one of their class was
    shown at once with them, each with that higher kind: "showing all eight cards at once
    would score 4500 only; the minor béziques would be lost" (rubicon-bezique-laws.txt,
    Re-forming Combinations); "Double bezique laid all at once scores 500 in place of the 40,
    not as well as it" (bezique-guide.txt, Scoring)."""
    lost: dict[int, str] = {}
    if len(parts) < 2:
        return lost  # a line of one combination: nothing shown with it
    for i, (kind_i, cards_i, _) in enumerate(parts):
        if values[i] is None:
            continue
        info_i = kind_info(kind_i)
        need = Counter(cards_i)
        for j, (kind_j, cards_j, _) in enumerate(parts):
            if j == i or values[j] is None:
                continue
            info_j = kind_info(kind_j)
            if info_j.family == info_i.family and info_j.level > info_i.level:
                have = Counter(cards_j)
                if all(have[c] >= n for c, n in need.items()):
                    lost[i] = kind_j
                    break
    return lost
