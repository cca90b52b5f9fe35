"""The record's marks, read against the replay: one handler per mark code (``docs/notation.md``).

- ``^L`` / ``^lead-out-of-turn SEAT`` and ``^R`` / ``^revoke SEAT`` are checked against the
  replay, as PBN verifiers check marked revokes: a mark the replay contradicts is an R001; a
  revoke marked on a hand the record does not show is taken on the table's word (P205).
- ``^challenge SEAT`` disputes the latest faulty event (a declaration, play or draw) not the
  challenger's own; a sound declaration written after it is what was challenged, and the
  challenge fails. It is in time (Portland law 50) when no card was played since the fault.
- ``^elect SEAT option`` chooses for the latest finding whose law gives an election; a seat the
  law does not name cannot elect. ``^seen`` marks the extra card of a W302 seen; ``^saw`` is a
  W304; ``^exposed``, ``^faced``, ``^too-many``/``^too-few``, ``^cut-exposed``, ``^short-cut``,
  ``^imperfect-pack`` are the faults of the deal and of the hands; ``^ruling`` is kept as text.
- ``^gather SEAT [cards]``: the seat, on winning a trick, gathers the brisques his adversary
  won and left on the table (P212); ``^count-stock SEAT``: the seat counted the stock, which the
  French laws forbid (W307); ``^amend SEAT cards``: the seat amends a false declaration with the
  right cards from his hand before drawing (A414).
- Faults of the deal's header (hand sizes, cut, dealer) have no time of discovery: a
  ``^too-many`` or ``^too-few`` mark is their discovery; without one they count as found when
  the deal was over (before the dealer's first play only if the dealer never played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Final

from notation.cards import Card
from notation.model import Mark, Play
from validator.engine import Violation
from validator.engine.combinations import canonical_kind, shape_error
from validator.laws import Option, game_of
from validator.replay.context import column_of, line_of
from validator.replay.facts import kept_card, provisional_context
from validator.replay.raw import RawFinding
from validator.replay.walker import STRICT_CODES, DealWalker, called_cards

DEAL_MARKS: Final = {"cut-exposed": "D101", "short-cut": "D102", "imperfect-pack": "D109"}
"""Marks that name a fault of the cut or the pack directly, with the code each stands for."""

ELECTION_ALIASES: Final = {
    "supply": "complete-from-stock",
    "complete": "complete-from-stock",
    "fresh-deal": "void-deal",
    "new-deal": "void-deal",
    "void": "void-deal",
    "stands": "deal-stands",
    "two-cards": "two-cards-next",
}
"""Other words a record may use in ``^elect`` for an option of the laws (docs/notation.md)."""

Handler = Callable[[DealWalker, Mark], None]

SUFFIX_MARKS: Final = frozenset({"L", "R"})
"""The suffix marks the validator judges: ``^L`` led out of turn, ``^R`` a revoke."""

REQUIRED, OPTIONAL, NONE = "required", "optional", "none"

MARK_ARGUMENTS: Final = {
    "exposed": (OPTIONAL, REQUIRED, OPTIONAL),  # a seat, or the word ``stock`` (_exposed_problem)
    "faced": (OPTIONAL, OPTIONAL, NONE),
    "cut-exposed": (OPTIONAL, OPTIONAL, NONE),
    "short-cut": (OPTIONAL, OPTIONAL, NONE),
    "imperfect-pack": (OPTIONAL, OPTIONAL, NONE),
    "too-many": (REQUIRED, NONE, NONE),
    "too-few": (REQUIRED, NONE, NONE),
    "seen": (REQUIRED, OPTIONAL, NONE),
    "saw": (REQUIRED, OPTIONAL, NONE),
    "challenge": (REQUIRED, NONE, NONE),
    "elect": (REQUIRED, NONE, OPTIONAL),
    "lead-out-of-turn": (REQUIRED, OPTIONAL, NONE),
    "revoke": (REQUIRED, OPTIONAL, NONE),
    "ruling": (OPTIONAL, OPTIONAL, OPTIONAL),
    "note": (OPTIONAL, OPTIONAL, OPTIONAL),
    "gather": (REQUIRED, OPTIONAL, NONE),
    "count-stock": (REQUIRED, NONE, NONE),
    "amend": (REQUIRED, REQUIRED, NONE),
}
"""What each mark takes (docs/notation.md, Marks): its seat, its cards and a word, each
required, optional or none. Any mark may end with a quoted text."""


def handle_mark(walker: DealWalker, mark: Mark) -> None:
    """Read one mark line: its handler, then the step the viewers show."""
    if mark.seat is not None and mark.seat not in walker.ctx.seats:
        walker.left_out(mark.seat, mark.pos, f"^{mark.code}")
        return
    code = mark.code
    if code != "too-many" and code != "too-few":
        flush_counts(walker)
    problem = arguments_problem(mark)
    if problem is not None:
        # not read as written: the mark is reported and not applied
        walker.raw_finding("R001", mark.seat, f"^{code}: {problem}", *_where(mark))
    else:
        handler = MARKS.get(code) or (_deal_mark if code in DEAL_MARKS else _unknown)
        handler(walker, mark)
    described = f"^{code}" + (f" {mark.seat}" if mark.seat else "")
    if mark.cards:
        described += " " + " ".join(map(str, mark.cards))
    if mark.text:
        described += f' "{mark.text}"'
    walker.step("mark", mark.seat, f"Marked at the table: {described}", line_of(mark.pos))
    if code == "ruling" and mark.text and walker.steps:
        walker.steps[-1].comments.append(f"Ruling at the table: {mark.text}")
    for comment in mark.comments:
        walker.attach_comment(comment)


def arguments_problem(mark: Mark) -> str | None:
    """What is wrong with the mark's arguments for its code (:data:`MARK_ARGUMENTS`), or None.
    A word where none is taken is most often a card or a seat mistyped (``^exposed A ZC``,
    ``^challenge E``): the mark is then not what it says."""
    wanted = MARK_ARGUMENTS.get(mark.code)
    if wanted is None:
        return None
    if mark.code == "exposed":
        return _exposed_problem(mark)
    seat, cards, word = wanted
    takes = f"^{mark.code} takes {_takes(wanted)}"
    if mark.value is not None and word == NONE:
        if seat == REQUIRED and mark.seat is None:
            return f"{mark.value!r} is not a seat; {takes}"
        if cards != NONE:
            return f"{mark.value!r} is not a card; {takes}"
        return f"{mark.value!r} is not taken; {takes}"
    if seat == REQUIRED and mark.seat is None:
        return f"no seat; {takes}"
    if cards == REQUIRED and not mark.cards:
        return f"no card; {takes}"
    if cards == NONE and mark.cards:
        return f"no card is taken; {takes}"
    return None


def _exposed_problem(mark: Mark) -> str | None:
    """``^exposed`` names whose card was exposed: a seat (``^exposed A 7H``) or the stock
    (``^exposed 9C stock``), and the cards."""
    takes = "^exposed takes a seat and cards, or cards and the word stock"
    if mark.value is not None and mark.value != "stock":
        what = "a seat" if mark.seat is None and not mark.cards else "a card"
        return f"{mark.value!r} is not {what}; {takes}"
    if mark.seat is None and mark.value is None:
        return f"no seat; {takes}"
    if mark.seat is not None and mark.value is not None:
        return f"a seat and the stock both; {takes}"
    if not mark.cards:
        return f"no card; {takes}"
    return None


def _takes(wanted: tuple[str, str, str]) -> str:
    seat, cards, word = wanted
    parts = [
        {REQUIRED: "a seat", OPTIONAL: "a seat or none"}.get(seat, ""),
        {REQUIRED: "cards", OPTIONAL: "cards or none"}.get(cards, ""),
        {REQUIRED: "a word", OPTIONAL: "a word or none"}.get(word, ""),
    ]
    return " and ".join(p for p in parts if p) or "nothing but a text"


def _where(mark: Mark) -> tuple[int | None, int | None]:
    return line_of(mark.pos), column_of(mark.pos)


def _cards(mark: Mark) -> tuple[str, ...]:
    return tuple(map(str, mark.cards))


def _deal_mark(walker: DealWalker, mark: Mark) -> None:
    words = {
        "cut-exposed": "the cut showed more than one card",
        "short-cut": "the cut left a packet of under five cards",
        "imperfect-pack": "the pack is imperfect",
    }[mark.code]
    if mark.seat:
        words = f"{mark.seat}: {words}"
    if mark.cards:
        words += f" ({' '.join(_cards(mark))})"
    if mark.text:
        words += f": {mark.text}"
    walker.raw_finding(DEAL_MARKS[mark.code], mark.seat, words, *_where(mark), cards=_cards(mark))


def _exposed(walker: DealWalker, mark: Mark) -> None:
    if walker.plays:
        return  # a card exposed in play: the player's own loss (foster-1914-general-laws.txt)
    owner, dealer = mark.seat, walker.deal.dealer
    own = owner == dealer
    cards = _cards(mark)
    shown = " ".join(cards) or "a card"
    if own:
        message = f"the dealer exposed {shown} (his own card)"
    elif mark.value == "stock":
        message = f"{dealer} exposed {shown} of the stock while dealing"
    else:
        message = (
            f"{dealer} exposed {shown}" + (f" of {owner}'s" if owner else "") + " while dealing"
        )
    walker.raw_finding("D104" if own else "D103", dealer, message, *_where(mark), cards=cards)


def _faced(walker: DealWalker, mark: Mark) -> None:
    late = walker.state.played[walker.deal.dealer] > 0
    walker.raw_finding(
        "D108" if late else "D107",
        None,
        f"{' '.join(_cards(mark)) or 'a card'} found face up in the "
        + ("stock after the dealer's first play" if late else "pack"),
        *_where(mark),
        cards=_cards(mark),
    )


def _count(walker: DealWalker, mark: Mark) -> None:
    walker.count_marks.append((mark, mark.code == "too-many"))


def _seen(walker: DealWalker, mark: Mark) -> None:
    target = walker.latest({"W302"}, mark.seat)
    if target is not None:
        target.seen = True


def _saw(walker: DealWalker, mark: Mark) -> None:
    # the winner of the trick saw the card under his own (W308, Portland law 28); the loser
    # saw two, and his adversary chooses from the next draw (W304, law 30)
    winner = mark.seat is not None and mark.seat == walker.state.last_winner
    raw = walker.raw_finding(
        "W308" if winner else "W304",
        mark.seat,
        f"{mark.seat} looked at two cards drawing as the "
        f"{'winner' if winner else 'loser'} of the trick",
        *_where(mark),
        cards=_cards(mark),
        seen=True,
    )
    if not winner:
        walker.saw_two = (walker.state.tricks_played, raw)


def _challenge(walker: DealWalker, mark: Mark) -> None:
    for target in challenged(walker, mark.seat):
        target.challenge = "in-time" if walker.plays == target.plays_at else "late"
        if target.challenge == "in-time" and target.code[0] == "A" and target.seat is not None:
            # a declaration challenged in time is taken down: its copies are as they were
            walker.state.take_down(target.seat, announced=target.code == "A404")


def _elect(walker: DealWalker, mark: Mark) -> None:
    word = (mark.value or mark.text or "").strip().lower() or None
    election = ELECTION_ALIASES.get(word or "", word)
    target = latest_open_election(walker, mark.seat)
    if target is not None:
        target.election = election
        target.elected_by = mark.seat
        return
    made = _made_by_other(walker, mark.seat)
    if made is not None:
        raw, options = made
        if election in options:
            # the second voice of a choice both players make: an option either may insist
            # on decides; the others stand only when both agree
            insist = [o.id for o in options.values() if o.insist]
            if election in insist and raw.election not in insist:
                raw.election, raw.elected_by = election, mark.seat
            return
        if election == raw.election:
            return  # the other player's word to the election he made: it changes nothing
    walker.raw_finding(
        "R001",
        mark.seat,
        f"an election ({word or 'no option named'}) is marked, but no finding before it gives "
        f"{mark.seat or 'a player'} that election",
        *_where(mark),
    )


def _made_by_other(
    walker: DealWalker, seat: str | None
) -> tuple[RawFinding, dict[str, Option]] | None:
    """The latest finding whose election the other player has made, with the options by id
    when its law lets both players choose (``elector: both``; else none). None when there is
    no such finding."""
    for raw in reversed(walker.raw):
        if raw.election is None or raw.elected_by in (None, seat):
            continue
        found = walker.ctx.laws.rule_for(raw.code, provisional_context(walker, raw))
        both = found is not None and found[1].elector == "both"
        return raw, {o.id: o for o in found[1].options} if found is not None and both else {}
    return None


def _lead_out_of_turn(walker: DealWalker, mark: Mark) -> None:
    """``^lead-out-of-turn B``: the lead out of turn the replay shows (the play carries ``^L``);
    ``^lead-out-of-turn B 7D``: B led 7D out of turn before the next trick, and it was taken
    back before it was played to (Portland law 24: "A card led out of turn must be taken up,
    unless it has been played to"): a P201 found in time, the card back in his hand."""
    if mark.cards:
        _lead_taken_back(walker, mark)
        return
    if walker.latest({"P201"}, mark.seat, since_trick=walker.trick_no) is None:
        walker.raw_finding(
            "R001",
            mark.seat,
            f"a lead out of turn by {mark.seat or 'a player'} is marked, but the replay "
            f"shows {mark.seat or 'no one'} leading in turn",
            *_where(mark),
        )


def _lead_taken_back(walker: DealWalker, mark: Mark) -> None:
    state, seat = walker.state, mark.seat
    card = mark.cards[0]
    leader = state.leader if not state.trick and state.phase != "over" else None
    problem = None
    if len(mark.cards) > 1:
        problem = "one card is led"
    elif leader is None:
        problem = "no trick is to be led"
    elif seat == leader:
        problem = f"{seat} was to lead: his lead was in turn"
    if problem is not None:
        walker.raw_finding(
            "R001", seat, f"^lead-out-of-turn {seat} {card}: {problem}", *_where(mark)
        )
        return
    raw = walker.raw_finding(
        "P201",
        seat,
        f"{seat} led {card} out of turn ({leader} was to lead); it was taken back before it "
        "was played to",
        *_where(mark),
        "play.turn",
        state.tricks_played + 1,
    )
    raw.challenge = "in-time"


def _revoke(walker: DealWalker, mark: Mark) -> None:
    if walker.latest(STRICT_CODES, mark.seat, since_trick=walker.trick_no) is None:
        walker.raw_finding(
            "R001",
            mark.seat,
            f"a revoke by {mark.seat or 'a player'} is marked, but the replay finds no "
            "failure to follow or to win in this trick",
            *_where(mark),
        )


def _ruling(walker: DealWalker, mark: Mark) -> None:
    walker.rulings.append(mark.text or "")


def _note(walker: DealWalker, mark: Mark) -> None:
    return None


def _unknown(walker: DealWalker, mark: Mark) -> None:
    walker.raw_finding(
        "R001",
        mark.seat,
        f"unknown mark ^{mark.code}: the validator cannot judge it",
        *_where(mark),
    )


def _gather(walker: DealWalker, mark: Mark) -> None:
    """``^gather B [cards]``: B, on winning a trick, gathers the brisques A left on the table.

    rubicon-bezique-laws.txt, Method of Playing: "if a player neglects to gather the brisques he
    wins, his adversary may do so when next he wins a trick"; Portland law 25: "his adversary
    is entitled, as soon as he has won a trick, to take up all the played cards on the table".
    The brisques are those of the tricks the others won since the gatherer last took the table
    up (his previous trick holding a brisque, or his previous gather): a trick of his without
    one leaves the cards where they lie, and neither text ends his right while they lie there
    (rule irreg.neglected-brisques). The cards named must be among them; they count for the
    gatherer (P212, against the seat that left them).
    """
    seat = mark.seat
    where = _where(mark)
    if walker.rules.brisque_scoring != "settlement":
        walker.raw_finding(
            "R001",
            seat,
            "^gather: in this game the winner of a trick takes it in at once and scores its "
            "brisques (foster-1914-ordinary-bezique.txt, Method of Playing): there are no "
            "brisques left on the table to gather",
            *where,
        )
        return
    tricks = walker.tricks
    if seat is None or not tricks or tricks[-1][1] != seat:
        walker.raw_finding(
            "R001",
            seat,
            f"^gather {seat or ''}: the adversary gathers neglected brisques only when he next "
            "wins a trick, and the trick before this mark was not his",
            *where,
        )
        return
    left: list[str] = []
    owner: str | None = None
    for number, winner, cards in reversed(tricks[:-1]):
        brisques = [str(card) for card in cards if card.rank in "AT"]
        if winner == seat:
            if brisques or walker.gathered.get(seat) == number:
                break
            continue
        if brisques:
            left.extend(brisques)
            owner = owner or winner
    named = list(_cards(mark))
    pool = Counter(left)
    if named and Counter(named) - pool:
        missing = " ".join(sorted((Counter(named) - pool).elements()))
        walker.raw_finding(
            "R001",
            seat,
            f"^gather {seat}: {missing} was not among the brisques left on the table since "
            f"{seat} last took it up ({' '.join(left) or 'none'})",
            *where,
        )
        return
    moved = named or left
    if not moved or owner is None:
        walker.raw_finding(
            "R001",
            seat,
            f"^gather {seat}: no brisque was left on the table since {seat} last took it up",
            *where,
        )
        return
    walker.gathered[seat] = tricks[-1][0]
    walker.raw_finding(
        "P212",
        owner,
        f"{owner} left {len(moved)} brisque(s) on the table ({' '.join(moved)}); {seat} "
        f"gathered them on winning trick {tricks[-1][0]}",
        *where,
        cards=tuple(moved),
        correct=len(moved),
    )


def _count_stock(walker: DealWalker, mark: Mark) -> None:
    """``^count-stock A``: A counted the stock. The English laws allow it (Portland law 26);
    the French do not (foster-1914-ordinary-bezique.txt, Double Declarations: "The English laws
    allow a player to count the stock, the French do not"): W307 under laws that forbid it. That
    chapter is the ordinary game's; Rubicon's own text allows the count under either law
    (rubicon-bezique-laws.txt, Time: "He is allowed to count the cards remaining in the
    talon")."""
    if walker.ctx.play_laws.may_count_stock(game_of(walker.rules)):
        return
    walker.raw_finding(
        "W307",
        mark.seat,
        f"{mark.seat or 'a player'} counted the stock, which the {walker.ctx.play_laws.name} "
        "laws the game was played under do not allow",
        *_where(mark),
    )


def _amend(walker: DealWalker, mark: Mark) -> None:
    """``^amend A KD``: A amends his false declaration with the right card from his hand.

    rubicon-bezique-laws.txt, Irregular Announcements: "if he has the right card or cards in his
    hand, he is permitted to amend his error, provided he has not drawn a card from the stock in
    the meantime". The amendment replaces the cards shown that do not belong to the combination;
    when it is in time and makes the combination, the score stands (A414) and the false
    declaration's finding is withdrawn; otherwise that finding stands and says why.
    """
    seat = mark.seat
    where = _where(mark)
    latest = walker.declared.get(seat or "")
    if seat is None or latest is None:
        walker.raw_finding(
            "R001", seat, f"^amend {seat or ''}: there is no declaration of his to amend", *where
        )
        return
    event, decl = latest
    faults = [r for r in walker.raw if r.event == event and r.code in ("A401", "A412")]
    if not faults:
        walker.raw_finding(
            "R001",
            seat,
            f"^amend {seat}: his {decl.kind} was no false declaration to amend",
            *where,
        )
        return
    if walker.ctx.laws.amendment:
        problem = _amendment_problem(walker, seat, event, decl.kind, decl.cards, mark.cards)
    else:
        problem = f"the {walker.ctx.laws.name} laws give no amendment"
    shown = " ".join(map(str, decl.cards))
    amended = " ".join(_cards(mark))
    if problem is not None:
        for raw in faults:
            raw.message += f"; the amendment with {amended or 'no card'} cannot stand: {problem}"
        return
    # the engine takes the false declaration down and lays the amended one in its place
    amended_cards = _amended(walker, decl.kind, decl.cards, mark.cards)
    outcome = walker.state.amend(seat, decl.kind, amended_cards, decl.score)
    walker.marked_delta[seat] -= outcome.score
    wrong = [v for v in outcome.violations if v.code[0] == "A" and v.code != "A411"]
    if wrong:
        # the amended cards do not make the combination either (one of them played, say):
        # the false declaration's finding stands, and nothing scores for the amendment
        for raw in faults:
            raw.message += f"; the amendment with {amended} cannot stand: {wrong[0].message}"
        return
    for raw in faults:
        walker.raw.remove(raw)
    if outcome.violations:
        walker.violations(outcome.violations, mark.pos, claimed=decl.score, correct=outcome.score)
    walker.raw_finding(
        "A414",
        seat,
        f"{seat} amended his {decl.kind} {shown} with {amended} from his hand before drawing: "
        f"the {decl.score} stands",
        *where,
        claimed=decl.score,
        cards=_cards(mark),
    )


def _amended(
    walker: DealWalker, kind: str, shown: tuple[Card, ...], added: tuple[Card, ...]
) -> tuple[Card, ...]:
    """The combination as amended: the cards shown that belong to it, and those added."""
    word = canonical_kind(kind)
    fits = set(called_cards(word, shown, walker.state.trump))
    kept = [c for c in shown if str(c) in fits]
    return tuple(kept) + tuple(added)


def _amendment_problem(
    walker: DealWalker,
    seat: str,
    event: int,
    kind: str,
    shown: tuple[Card, ...],
    added: tuple[Card, ...],
) -> str | None:
    """Why the amendment cannot stand, or None when it is in time and makes the combination."""
    if not added:
        return "it names no card"
    if walker.last_draw.get(seat, -1) > event:
        return "he had drawn a card from the stock in the meantime"
    snap = walker.state.snapshot()
    hand = Counter(c for c in snap.hands.get(seat, ()) if c is not None)
    unknown = sum(1 for c in snap.hands.get(seat, ()) if c is None)
    missing = Counter(map(str, added)) - hand
    if sum(missing.values()) > unknown:
        return f"his hand does not hold {' '.join(sorted(missing.elements()))}"
    word = canonical_kind(kind)
    trump = walker.state.trump
    fits = set(called_cards(word, shown, trump))
    candidate = Counter(c for c in shown if str(c) in fits) + Counter(added)
    reason = shape_error(word, candidate, trump, walker.rules.bezique_follows_trump)
    if reason is not None:
        return f"{' '.join(sorted(map(str, candidate.elements())))} do not make it ({reason})"
    return None


def flush_counts(walker: DealWalker) -> None:
    """Resolve the ``^too-many`` / ``^too-few`` marks written together into one finding.

    A hand the record deals wrong (D105, D106) and a mark of the same seat are one fault: the
    mark is when it was found, so one finding stands, with the facts of that time ("No person
    can be subjected to two penalties for one offence", foster-1914-general-laws.txt). A mark
    before the dealer's first play finds the hand dealt wrong then (Portland law 12: "before
    the dealer has played to the first trick"), however the deal goes on after it.
    """
    if not walker.count_marks:
        return
    marks, walker.count_marks = walker.count_marks, []
    many = [m.seat for m, is_many in marks if is_many and m.seat]
    few = [m.seat for m, is_many in marks if not is_many and m.seat]
    first = marks[0][0]
    line, col = _where(first)
    header = {(r.code, r.seat): r for r in walker.raw if r.header and r.code in MISDEALT}
    if not walker.state.played[walker.deal.dealer]:
        for code, seats, what in (("D105", many, "many"), ("D106", few, "few")):
            for seat in seats:
                as_dealt = header.get((code, seat))
                if as_dealt is not None:
                    # found now, before the dealer played: no longer a fault of unknown time
                    as_dealt.header = False
                    as_dealt.dealer_played = False
                elif walker.latest({code}, seat) is None:
                    walker.raw_finding(code, seat, f"{seat} was dealt too {what} cards", line, col)
        return
    dealt = [header.pop(("D105", s)) for s in many if ("D105", s) in header]
    dealt += [header.pop(("D106", s)) for s in few if ("D106", s) in header]
    for raw in dealt:
        walker.raw.remove(raw)
    due = walker.rules.hand_size - (1 if walker.state.draw_queue else 0)
    unknown = walker.state.unknown
    walker.marked_over.update(s for s in many if walker.state.held[s] <= due and unknown[s])
    note = ""
    if dealt:
        note = " (" + "; ".join(f"dealt so, line {r.line}: {r.message}" for r in dealt) + ")"
    _wrong_hands(walker, many, few, note, line, col)


MISDEALT: Final = ("D105", "D106")
"""A hand dealt with too many cards, and with too few."""


def _wrong_hands(
    walker: DealWalker,
    many: list[str],
    few: list[str],
    note: str,
    line: int | None,
    col: int | None,
) -> RawFinding | None:
    """The one finding for the seats found with too many cards (``many``) and too few (``few``)
    after the dealer's first play (Portland laws 17 to 21)."""
    if len(many) >= 2:
        return walker.raw_finding(
            "P204", None, "both players hold too many cards" + note, line, col, both=True
        )
    if many and few:
        return walker.raw_finding(
            "P210",
            many[0],
            f"{many[0]} holds too many cards and {few[0]} too few" + note,
            line,
            col,
        )
    if len(few) >= 2:
        return walker.raw_finding(
            "P211", None, "both players hold too few cards" + note, line, col, both=True
        )
    if many:
        return walker.raw_finding(
            "P202",
            many[0],
            f"{many[0]} holds too many cards after the first trick" + note,
            line,
            col,
        )
    if few:
        return walker.raw_finding(
            "P203", few[0], f"{few[0]} holds too few cards after the first trick" + note, line, col
        )
    return None


def counts_at_end(walker: DealWalker) -> None:
    """The hands of the wrong size no mark reported, once the deal is over (after
    :meth:`DealWalker.end <validator.replay.walker.DealWalker.end>`).

    They count as found when the deal was over, on its scores then: a hand dealt wrong (D105,
    D106, when the dealer played) and a second card drawn and kept (W302,
    :func:`~validator.replay.facts.kept_card`). One seat's are one fault, and one with a mark's
    finding for that seat; two seats' are one fault of both, as a mark of both makes them
    (:func:`flush_counts`): Portland law 18 ("If both players play with more than nine cards,
    the game is null and void"), 20 or 21, not law 17 or 19 for each.
    """
    if walker.outcome is None:
        return
    dealer_played = walker.state.played[walker.deal.dealer] > 0
    marked: dict[str, RawFinding] = {}
    for raw in walker.raw:
        if raw.code in TOO_MANY_FOUND:
            for seat in walker.ctx.seats if raw.both else (raw.seat,):
                if seat is not None:
                    marked.setdefault(seat, raw)
    found: dict[str, tuple[RawFinding, bool]] = {}
    folded: list[RawFinding] = []
    for raw in walker.raw:
        seat = raw.seat
        if seat is None:
            continue
        if raw.header and raw.code in MISDEALT and dealer_played:
            many = raw.code == "D105"
        elif kept_card(walker, raw):
            raw.message += (
                f"; he kept it and played on holding more than {walker.rules.hand_size} cards"
            )
            raw.scores = dict(walker.marked_points)
            raw.brisques = dict(walker.outcome.brisques)
            many = True
            if seat in marked:
                marked[seat].message += f" ({_source(raw)})"
                folded.append(raw)
                continue
        else:
            continue
        if seat in found:
            found[seat][0].message += f" ({_source(raw)})"
            folded.append(raw)
        else:
            found[seat] = (raw, many)
    for raw in folded:
        walker.raw.remove(raw)
    if len(found) == 1:
        _with_the_other_mark(walker, found)
    if len(found) < 2:
        return
    sources = sorted((raw for raw, _ in found.values()), key=walker.raw.index)
    first = sources[0]
    note = " (" + "; ".join(_source(raw) for raw in sources) + ")"
    many_seats = [seat for seat, (_, many) in found.items() if many]
    few_seats = [seat for seat, (_, many) in found.items() if not many]
    combined = _wrong_hands(walker, many_seats, few_seats, note, first.line, first.column)
    if combined is None:
        return
    walker.raw.remove(combined)
    # found when the excess was: at its mark, or (never marked) when the deal was over
    at_mark = next((raw for raw, many in found.values() if many and raw.code == "P202"), None)
    combined.trick = None if at_mark is None else at_mark.trick
    combined.step = first.step
    if at_mark is not None:
        combined.scores, combined.brisques = at_mark.scores, at_mark.brisques
    else:
        combined.scores = dict(walker.marked_points)
        combined.brisques = dict(walker.outcome.brisques)
    walker.raw[walker.raw.index(first)] = combined
    for raw in sources[1:]:
        walker.raw.remove(raw)


def _with_the_other_mark(walker: DealWalker, found: dict[str, tuple[RawFinding, bool]]) -> None:
    """Add to ``found`` (one seat's hand of the wrong size, found when the deal was over) the
    other seat's, found by a mark (P202, P203): both hands were wrong in play together, one
    fault of both (Portland laws 18, 20 and 21), not law 17 or 19 for each."""
    (seat,) = found
    others = [
        raw
        for raw in walker.raw
        if raw.code in MARKED and not raw.both and raw.seat not in (None, seat)
    ]
    if len(others) == 1 and others[0].seat is not None:
        found[others[0].seat] = (others[0], others[0].code == "P202")


MARKED: Final = frozenset({"P202", "P203"})
"""One seat's hand of the wrong size, found by a mark at the table."""

TOO_MANY_FOUND: Final = frozenset({"P202", "P204", "P210"})
"""A seat found with too many cards in play (by a mark): a card he kept is that fault."""


def _source(raw: RawFinding) -> str:
    """A hand of the wrong size, as the finding it is one fault with names it."""
    how = "dealt so" if raw.code in MISDEALT else "marked" if raw.code in MARKED else "drew so"
    return f"{how}, line {raw.line}: {raw.message}"


def challenged(walker: DealWalker, by: str | None) -> list[RawFinding]:
    """The findings a ``^challenge`` disputes: those of the latest faulty event.

    A challenge follows the declaration (or play, or draw) it disputes; a declaration that
    broke no rule, written after the last faulty event, is what was challenged, and the
    challenge fails. Findings against the challenger himself are not his to dispute.
    """
    open_ = [
        r
        for r in walker.raw
        if r.code[0] in "ADPW" and r.challenge == "none" and (by is None or r.seat != by)
    ]
    if not open_:
        return []
    event = max(r.event for r in open_)
    if walker.clean_declaration > event:
        return []
    return [r for r in open_ if r.event == event]


def latest_open_election(walker: DealWalker, by: str | None) -> RawFinding | None:
    """The latest finding whose remedy (under the chosen laws) gives an election."""
    for raw in reversed(walker.raw):
        if raw.election is not None or raw.code[0] == "R":
            continue
        found = walker.ctx.laws.rule_for(raw.code, provisional_context(walker, raw))
        if found is not None and found[1].options:
            return raw
    return None


def check_play_marks(
    walker: DealWalker, play: Play, raws: list[RawFinding], phase: str, hidden: bool, second: bool
) -> None:
    """Check the play's suffix marks against the replay, as PBN verifiers check revokes.

    ``^L`` (led out of turn) must match a P201 of the replay; ``^R`` (a revoke) a failure to
    follow or win in the strict play. A mark the replay contradicts is reported (R001); a
    revoke marked on a hand the record does not show is taken on the table's word (P205).
    """
    codes = {r.code for r in raws}
    where = (line_of(play.pos), column_of(play.pos))
    for mark in play.marks:
        upper = mark.upper()
        if upper == "L" and "P201" not in codes:
            walker.raw_finding(
                "R001",
                play.seat,
                f"{play.seat} {play.card} is marked as played out of turn (^L), but it was "
                f"{play.seat}'s turn",
                *where,
            )
        elif upper == "R" and not codes & STRICT_CODES:
            _revoke_mark(walker, play.seat, str(play.card), phase, hidden, second, *where)
        elif upper not in SUFFIX_MARKS:
            walker.raw_finding(
                "R001",
                play.seat,
                f"unknown suffix mark ^{mark} on {play.seat} {play.card}: the validator cannot "
                "judge it (^L lead out of turn, ^R revoke)",
                *where,
            )


def confirms_marked_revoke(walker: DealWalker, v: Violation) -> bool:
    """Whether a revoke found by a later play (P207) is one the table already marked."""
    trick = v.fault_trick
    if trick is None:
        return False
    for raw in walker.raw:
        if raw.code == "P205" and raw.seat == v.seat and raw.trick == trick and raw.marked:
            if "confirmed" not in raw.message:
                raw.message += f"; confirmed by a later play ({v.message})"
            return True
    return False


def _revoke_mark(
    walker: DealWalker,
    seat: str,
    card: str,
    phase: str,
    hidden: bool,
    second: bool,
    line: int | None,
    col: int | None,
) -> None:
    """A revoke the table marked and the replay did not find: judged, or taken on trust."""
    if phase != "strict" or not second:
        why = (
            "the stock was not exhausted, so no one had to follow suit"
            if phase == "loose"
            else "it was a lead, and only the second player must follow or win"
        )
        walker.raw_finding(
            "R001", seat, f"{seat} {card} is marked as a revoke (^R), but {why}", line, col
        )
    elif hidden:
        raw = walker.raw_finding(
            "P205",
            seat,
            f"{seat} {card} is marked as a revoke at the table (the record does not show "
            "the hand, so the replay cannot confirm it)",
            line,
            col,
            rule="play.strict-follow",
            marked=True,
            fault_trick=walker.trick_no,
        )
        before = walker.before_trick.get(walker.trick_no or -1)
        if before is not None:
            raw.scores, raw.brisques = dict(before[0]), dict(before[1])
    else:
        walker.raw_finding(
            "R001",
            seat,
            f"{seat} {card} is marked as a revoke (^R), but the hand shows no card that "
            "had to be played",
            line,
            col,
        )


MARKS: Final[dict[str, Handler]] = {
    "exposed": _exposed,
    "faced": _faced,
    "too-many": _count,
    "too-few": _count,
    "seen": _seen,
    "saw": _saw,
    "challenge": _challenge,
    "elect": _elect,
    "lead-out-of-turn": _lead_out_of_turn,
    "revoke": _revoke,
    "ruling": _ruling,
    "note": _note,
    "gather": _gather,
    "count-stock": _count_stock,
    "amend": _amend,
}
"""Every mark code the validator reads, with its handler; the deal marks (``DEAL_MARKS``) share
one, and any other code is reported (R001) so that a typo is not lost."""

KNOWN_MARKS: Final = frozenset({*MARKS, *DEAL_MARKS})
"""Every mark code the validator reads."""
