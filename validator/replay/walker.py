"""The deal walker: one deal of a record applied event by event to the engine.

:class:`DealWalker` applies each play, draw and declaration to a
:class:`validator.engine.DealState` under the record's rule set (the engine applies what the
record says, even when it is illegal), turns every violation the engine reports and every
irregularity the record marks into a :class:`~validator.replay.raw.RawFinding`, and keeps the
steps the viewers show. The marks are read by :mod:`validator.replay.marks`, which reads and
writes the walker's state and so sits above it: the driver hands it to the walker as a
:class:`MarkReader`. The remedies are reckoned when the deal is over, by
:mod:`validator.replay.rulings`.

The walker knows the record model and the rules, never the syntax.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Final, Protocol

from notation.cards import SUIT_NAMES, Card
from notation.model import (
    Comment,
    Deal,
    Declaration,
    Draw,
    Event,
    Mark,
    Play,
    Trick,
    Variation,
)
from validator.engine import DealState, Violation
from validator.engine.combinations import COURT_RANKS, canonical_kind
from validator.engine.drawing import draw as draw_card
from validator.engine.playing import play as play_card
from validator.engine.state import NONE
from validator.engine.ways import ELSEWHERE
from validator.laws import Effects
from validator.replay.context import RecordContext, column_of, line_of
from validator.replay.facts import provisional_context
from validator.replay.raw import RawFinding, StepDraft
from validator.replay.record_checks import read_as_meant, variation_problems
from validator.replay.turnup import infer_trump

STRICT_CODES: Final = frozenset({"P205", "P206", "P207"})
"""The failures of the strict play that a ``^R`` (or ``^revoke``) mark stands for."""

COUNT_CODES: Final = frozenset({"D105", "D106", "P202", "P203", "P204", "P210", "P211"})
"""A hand of the wrong size, dealt so or found in play: the remedy may change the draws."""

SHORT_CODES: Final = frozenset({"A401", "A406"})
"""A declaration of cards not held, or with no card new to its kind: where the hands are not
all named, the seat's earlier declaration may be the false one (:attr:`DealWalker.short`)."""

Before = tuple[dict[str, int], dict[str, int]]
"""Points (as marked) and brisques as they stand before a play."""


def declarations_of(deal: Deal) -> list[tuple[str, str, tuple[Card, ...]]]:
    """The deal's declarations in order, each announcement carried on a line with them, as
    the engine's foresight takes them (variations aside: they are not replayed)."""
    found: list[tuple[str, str, tuple[Card, ...]]] = []
    _declarations_in(deal.events, found)
    # the tricks' events in one list: one look at them all, not a call for each trick
    _declarations_in([event for trick in deal.tricks for event in trick.events], found)
    return found


def plays_of(deal: Deal) -> dict[str, list[Card]]:
    """Each seat's plays in the deal, in order (variations aside: they are not replayed)."""
    found: dict[str, list[Card]] = {}
    for trick in deal.tricks:
        for play in trick.plays:
            found.setdefault(play.seat, []).append(play.card)
    return found


def _declarations_in(
    events: Iterable[Event], found: list[tuple[str, str, tuple[Card, ...]]]
) -> None:
    for event in events:
        if isinstance(event, Declaration):
            event = read_as_meant(event)[0]
            found.append((event.seat, event.kind, event.cards))
            if event.carried:
                found.extend((event.seat, c.kind, c.cards) for c in event.carried)


class MarkReader(Protocol):
    """What the walker asks of the reader of the record's marks (:mod:`validator.replay.marks`
    is one): each is called with the walker, whose state it reads and changes."""

    def handle_mark(self, walker: DealWalker, mark: Mark) -> None:
        """Read one mark line."""

    def flush_counts(self, walker: DealWalker) -> None:
        """Resolve the ``^too-many`` / ``^too-few`` marks written so far."""

    def check_play_marks(
        self,
        walker: DealWalker,
        play: Play,
        raws: list[RawFinding],
        phase: str,
        hidden: bool,
        second: bool,
    ) -> None:
        """Check a play's suffix marks (``^L``, ``^R``) against the replay."""

    def confirms_marked_revoke(self, walker: DealWalker, v: Violation) -> bool:
        """Whether a revoke found by a later play (P207) is one the table already marked."""


def writes_draws(deal: Deal) -> bool:
    """Whether the record of ``deal`` writes any draw. A deal that writes none is a score sheet
    (docs/notation.md, Draws): its draws are taken as made in turn, cards unnamed, not as
    forgotten (W301) at every trick."""
    if any(isinstance(event, Draw) for event in deal.events):
        return True
    return any(isinstance(event, Draw) for trick in deal.tricks for event in trick.events)


class DealWalker:
    """Replays one deal: applies its events, gathers raw findings and steps."""

    def __init__(
        self,
        ctx: RecordContext,
        deal: Deal,
        index: int,
        expected_dealer: str | None = None,
        *,
        mark_reader: MarkReader,
        stops: bool = False,
        withheld: Mapping[int, frozenset[Card]] | None = None,
        plays_ahead: bool = False,
    ) -> None:
        self.ctx = ctx
        self.withheld: Mapping[int, frozenset[Card]] = withheld or {}
        """Events (by number) to read as if the player's unseen cards held none of these cards
        (:mod:`validator.replay.second_look`)."""
        self.suspects: list[tuple[int, str, frozenset[Card], str]] = []
        """The events, by number, read with cards that may have been unseen and that a later
        contradiction may show were not, with their seat and those cards: each declaration,
        each play of a card its seat had declared and each card drawn named (``"declaration"``,
        ``"play"``, ``"draw"``), in a deal whose hands are not all named."""
        self.contradictions = 0
        """The events at which the record contradicts itself: a card played that the seat
        cannot hold (P208), or drawn when every copy of it is elsewhere (W306)."""
        self.overcounted: tuple[int, Card] | None = None
        """The first event, by number, and its card, at which a card is played or drawn when
        every copy of it is elsewhere."""
        self.marked_over: set[str] = set()
        """Seats a ``^too-many`` mark found holding too many cards where the record cannot
        count them (cards of their hands unnamed), until they have let a draw pass: the table's
        word. Where it can count them, the count stands."""
        self.gathered: dict[str, int | None] = {}
        """The trick on which each seat last gathered brisques his adversary left (``^gather``)."""
        self.barred: dict[str, frozenset[Card]] = {}
        """Cards withheld at a seat's declaration or play, withheld again at his later ones
        until he draws an unnamed card: his unseen cards are then among those he had."""
        self.short: tuple[int, str] | None = None
        """The first event, by number, and its seat, at which a declaration shows cards its
        seat cannot hold (A401) or no card new to its kind (A406) in a deal whose hands are not
        all named."""
        self.phantoms: dict[str, dict[Card, int]] = {}
        """Cards each seat is written drawing when every copy of them was elsewhere (W306): the
        replay gave him an unseen card instead; his later play of one is the same slip of the
        record, not a second one."""
        self.declared_cards: dict[str, set[Card]] = {}
        """The cards each seat has declared in the deal."""
        self.mark_reader = mark_reader
        """Reads the record's marks (:mod:`validator.replay.marks`, which the driver passes)."""
        self.play_left_out = False
        """A play by a seat that does not play in this game was left out (:meth:`left_out`):
        nothing after it in the deal is replayed."""
        self.stops = stops
        """The record stops unread in this deal (:mod:`validator.replay.cut`): its end is
        not the end of the deal."""
        self.expected_dealer = expected_dealer
        self.deal = deal
        self.index = index
        self.rules = rules = ctx.rules
        hands: dict[str, list[Card | None]] = {}
        for hand in deal.hands:
            cards = list(hand.cards)
            if hand.more:
                cards += [None] * max(0, rules.hand_size - len(cards))
            hands[hand.seat] = cards
        stock: list[Card | None] | None = None
        if deal.stock is not None and (deal.stock.cards or not deal.stock.more):
            stock = list(deal.stock.cards)
            if deal.stock.more:
                # The stock is what the hands as dealt leave: a hand of ten leaves one fewer, a
                # hand written with no card (dealt none) eight more.
                dealt = sum(
                    len(hands[seat]) if seat in hands else rules.hand_size for seat in ctx.seats
                )
                dealt += 1 if rules.turn_up else 0
                stock += [None] * max(0, rules.pack_size - dealt - len(stock))
        trump = None
        self.missing_turnup: str | None = None
        if rules.turn_up and deal.turnup is None and any(t.plays for t in deal.tricks):
            trump, how = infer_trump(deal, rules, ctx.seats)
            self.missing_turnup = (
                f"the deal's turn-up is not recorded: trumps are taken as {SUIT_NAMES[trump]} "
                f"({how})"
                if trump is not None
                else f"the deal's turn-up is not recorded, and {how}: the deal is replayed "
                "without trumps"
            )
        self.state = DealState(
            rules,
            ctx.seats,
            deal.dealer,
            hands,
            stock,
            deal.turnup if deal.turnup else None,
            trump=trump,
        )
        # ``plays_ahead``: readings holding a card their seat never plays are dropped, a guess
        # that the record is legal which the driver keeps only if the walk reports nothing
        self.state.foresee(declarations_of(deal), plays_of(deal) if plays_ahead else None)
        self.hidden = any(self.state.unknown.values())
        """Whether some hand is not named whole when the deal begins."""
        self.state.draws_unrecorded = not writes_draws(deal)
        self.pone = ctx.next_seat(deal.dealer)
        self.observer = ctx.observer
        self.raw: list[RawFinding] = []
        self.steps: list[StepDraft] = []
        self.trick_cards: list[tuple[str, str]] = []
        self.trick_no: int | None = None
        self.trick_comments: tuple[Comment, ...] = ()
        """The comments written between a trick's number and its first play, shown at the
        step of its first play (``3. {x} A 9C``: trick 3's, not the step before it)."""
        self.plays = 0
        self.marked_delta = dict.fromkeys(ctx.seats, 0)
        self.count_marks: list[tuple[Mark, bool]] = []
        self.strict_brisques: dict[str, int] | None = None
        self.rulings: list[str] = []
        self.event_no = 0
        self.clean_declaration = -1
        """The event number of the latest declaration that broke no rule."""
        self.before_trick: dict[int, Before] = {}
        """Points and brisques as they stood when each trick began (for faults found later)."""
        self.pre_play: Before | None = None
        self.last_play: tuple[int, Card, Before | None] | None = None
        """The event number and card of the latest play, and the scores before it (taken
        in the strict play only)."""
        self.tricks: list[tuple[int | None, str, list[Card]]] = []
        """Each trick won: its number, its winner and its cards (``^gather``)."""
        self.played_to_trick: list[Card] = []
        self.last_draw: dict[str, int] = {}
        """Each seat's latest draw, by event number (an amendment must come before it)."""
        self.declared: dict[str, tuple[int, Declaration]] = {}
        """Each seat's latest declaration, by event number (``^amend``)."""
        self.double_draw: dict[str, RawFinding] = {}
        """A seat that forgot to draw, and the finding whose remedy may let him draw two."""
        self.carte_blanche: dict[str, str | None] = {}
        """A seat that scored carte blanche, and the first court card it drew since."""
        self.blanche_shown: dict[str, list[tuple[int, int, int, int | None]]] = {}
        """Each seat's carte blanches that stood, in order: the points claimed and counted for
        each, the plays made before it and its line (:meth:`_false_blanches`)."""
        self.overheld: dict[str, int] = {}
        """Each seat's latest play made holding more than the hand size, by event number (a
        second card drawn and kept, :func:`validator.replay.facts.kept_card`), kept once a
        second card has been drawn (:attr:`drew_two`)."""
        self.drew_two = False
        """Whether a seat drew a second card (W302) in this deal."""
        self.saw_two: tuple[int, RawFinding] | None = None
        """A loser who saw two cards (W304), with the tricks played then: the adversary's
        choice of the two cards of the following draw (:meth:`_choice_of_two`)."""
        self.wrong_claims: list[RawFinding] = []
        """Last-trick lines by a seat that did not win it (S505)."""
        self.winner_claimed = False
        """Whether the winner of the last trick claimed it on a line of his own."""
        self.unmarked_last: str | None = None
        """The winner of the last trick, while only another seat has claimed it: his last
        trick, which the engine scores, is not among the scores marked."""
        self.outcome: Any = None
        self.marked: dict[str, int] = {}
        self.marked_points: dict[str, int] = {}

    # ----------------------------------------------------------------- steps and findings
    def _snapshot(self) -> tuple[Any, ...] | None:
        if not self.ctx.keep_steps:
            return None
        snap = self.state.snapshot()
        # the scores as marked at the table, as the deal's score line and the settlement read
        # them: a declaration that breaks a rule counts at its claim until a law takes it down
        marked = {
            seat: points + self.marked_delta.get(seat, 0) for seat, points in snap.scores.items()
        }
        return (
            snap.hands,
            snap.table,
            tuple(self.trick_cards),
            snap.trump,
            snap.turnup,
            snap.stock,
            marked,
            snap.brisques,
        )

    def step(
        self,
        kind: str,
        seat: str | None,
        text: str,
        line: int | None,
        card: str | None = None,
        glyphs: tuple[str, ...] = (),
        comments: Iterable[Comment] = (),
    ) -> None:
        if not self.ctx.keep_steps:
            return
        draft = StepDraft(kind, self.trick_no, seat, text, line, card, self._snapshot())
        draft.glyphs = glyphs
        draft.comments.extend(c.text for c in comments)
        self.steps.append(draft)

    def points_now(self) -> dict[str, int]:
        """Each seat's points as marked so far, without brisques (what an abandoned game
        keeps)."""
        state, rules = self.state, self.rules
        scores = state.scores()
        in_score = rules.brisque_scoring == "when-taken" and not rules.no_brisques
        return {
            seat: max(
                0,
                points
                + self.marked_delta.get(seat, 0)
                - (rules.brisque_value * state.brisques.get(seat, 0) if in_score else 0),
            )
            for seat, points in scores.items()
        }

    def raw_finding(
        self,
        code: str,
        seat: str | None,
        message: str,
        pos_line: int | None,
        pos_col: int | None,
        rule: str | None = None,
        trick: int | None = None,
        **facts: Any,
    ) -> RawFinding:
        state = self.state
        raw = RawFinding(
            code=code,
            seat=seat,
            message=message,
            rule=rule,
            line=pos_line,
            column=pos_col,
            trick=trick if trick is not None else self.trick_no,
            step=max(0, len(self.steps) - 1),
            scores=self.points_now(),
            brisques=dict(state.brisques),
            dealer_played=state.played[self.deal.dealer] > 0,
            plays_at=self.plays,
            event=self.event_no,
            **facts,
        )
        self.raw.append(raw)
        return raw

    def violations(self, found: Iterable[Violation], where: Any, **facts: Any) -> list[RawFinding]:
        out = []
        line, col = (where.line, where.column) if where is not None else (None, None)
        for v in found:
            subject = f"{v.seat} " if v.seat else ""
            if (
                (self.ctx.unfinished or self.stops)
                and v.code == "P209"
                and "ends before" in v.message
            ):
                continue
            if v.code == "P207" and self.mark_reader.confirms_marked_revoke(self, v):
                continue
            raw = self.raw_finding(
                v.code,
                v.seat,
                subject + self.reworded(v),
                line,
                col,
                v.rule,
                self.trick_no,
                **facts,
            )
            if raw.trick is None:
                raw.trick = v.trick
            raw.carried = v.carried
            if v.trick != raw.trick:
                # Found at this trick, committed at an earlier one (W301: the draw forgotten).
                raw.fault_trick = v.trick
            if v.code in STRICT_CODES:
                raw.fault_trick = v.trick
                if v.code == "P207" and v.fault_trick is not None:
                    raw.fault_trick = v.fault_trick
                before = self.before_trick.get(raw.fault_trick or -1)
                if v.code != "P207" and self.pre_play is not None:
                    before = self.pre_play
                if before is not None:
                    raw.scores, raw.brisques = dict(before[0]), dict(before[1])
            if v.code == "W301" and v.seat is not None:
                self.double_draw[v.seat] = raw
            elif v.code == "W302":
                self.drew_two = True
            out.append(raw)
        return out

    def reworded(self, v: Violation) -> str:
        """The engine's message, made exact where the replay knows more than the engine said."""
        message = v.message
        if v.code == "A413" and message.startswith("holds no unscored ") and v.seat is not None:
            seven = message.removeprefix("holds no unscored ").strip()
            snap = self.state.snapshot()
            held = list(snap.hands.get(v.seat, ())) + list(snap.table.get(v.seat, ()))
            if seven not in held:
                return f"holds no {seven}"
            return f"holds no {seven} but the one already scored"
        if v.code == "A409" and v.seat is not None:
            court = self.carte_blanche.get(v.seat)
            if court is not None:
                return (
                    f"carte blanche repeated after drawing {court}: it is repeated only for plain "
                    "cards drawn before the first king, queen or jack"
                )
        return message

    # ----------------------------------------------------------------- the walk
    def run(self) -> None:
        deal = self.deal
        state = self.state
        text = f"Deal {deal.number}: {deal.dealer} deals"
        if deal.turnup is not None:
            text += f", {deal.turnup} turned up"
        self.step("deal", deal.dealer, text, line_of(deal.pos), comments=deal.comments)
        if self.missing_turnup is not None:
            self.raw_finding(
                "R003", None, self.missing_turnup, line_of(deal.pos), 1, "deal.turn-up"
            )
        for raw in self.violations(state.deal_violations, deal.pos):
            raw.header = True
            hand = deal.hand(raw.seat) if raw.seat is not None else None
            where = hand.pos if hand is not None else (deal.stock.pos if deal.stock else None)
            if where is not None and raw.code in ("D105", "D106", "D109"):
                raw.line, raw.column = line_of(where), column_of(where)
        if self.expected_dealer is not None and deal.dealer != self.expected_dealer:
            self.raw_finding(
                "D110",
                deal.dealer,
                f"{deal.dealer} deals deal {deal.number}, but it was "
                f"{self.expected_dealer}'s turn to deal",
                line_of(deal.pos),
                column_of(deal.pos),
                header=True,
            )
        if deal.cut and len(deal.cut) > 1:
            self.raw_finding(
                "D101",
                self.pone,
                f"the cut showed {len(deal.cut)} cards ({_text(deal.cut)})",
                line_of(deal.pos),
                column_of(deal.pos),
                cards=tuple(map(str, deal.cut)),
                header=True,
            )
        if self.observer is not None:
            self.observer.begin_deal(deal, state)
        if self.index == 0:
            # marks before the first deal line (the cut for deal or seats, docs/notation.md)
            # are read as the first deal's: ^cut-exposed there is law 7's cut, D101
            self.events(e for e in self.ctx.record.events if isinstance(e, Mark))
        self.events(deal.events)
        tricks = deal.tricks
        last = len(tricks) - 1
        for index, trick in enumerate(tricks):
            self.trick(trick, index == last)
            if self.play_left_out:
                # the trick cannot be played as written: what follows would be judged on a
                # replay the record does not describe, and its findings would be false
                self.stops = True
                break
        self.mark_reader.flush_counts(self)
        self.end()

    def trick(self, trick: Trick, last: bool = False) -> None:
        """Replay one trick line; a line with the wrong number of plays is the record's fault.

        Plays beyond one per seat are reported (P209) and left out, so that they do not open a
        trick of their own; a line with too few plays, followed by another trick, is reported
        and played as written.
        """
        if self.count_marks:
            self.mark_reader.flush_counts(self)
        self.trick_no = trick.number
        if trick.plays:
            self.trick_comments = trick.comments
        else:  # a trick line without plays (``17. {abandoned}``): no step of its own
            for comment in trick.comments:
                self.attach_comment(comment)
        seats = len(self.ctx.seats)
        starts_trick = not self.state.trick
        plays = trick.plays
        count = len(plays)
        if count > seats and starts_trick:
            self._overfull(trick, seats)
        else:
            for play in plays:
                self.play(play)
        if self.trick_comments:  # no play of the trick made a step (each was left out)
            for comment in self.trick_comments:
                self.attach_comment(comment)
            self.trick_comments = ()
        if self.play_left_out:
            return  # nothing after the play left out is replayed (:meth:`run`)
        if count < seats and starts_trick and count and not last:
            self.raw_finding(
                "P209",
                None,
                f"trick {trick.number} has {count} play(s), not {seats}",
                line_of(trick.pos),
                column_of(trick.pos),
                rule="play.trick-plays",
            )
        if trick.events:
            self.events(trick.events)

    def _overfull(self, trick: Trick, seats: int) -> None:
        """A trick line with more plays than seats: the first ``seats`` are played, the rest
        reported (P209) and left out."""
        for index, play in enumerate(trick.plays):
            if index >= seats:
                self.raw_finding(
                    "P209",
                    play.seat,
                    f"{play.seat} {play.card} is play {index + 1} of trick {trick.number}, which "
                    f"has {seats} plays: the record is at fault and the play is left out",
                    line_of(play.pos),
                    column_of(play.pos),
                    rule="play.trick-plays",
                )
                continue
            self.play(play)

    def left_out(self, seat: str, pos: Any, what: str, stop: bool = False) -> None:
        """Report (R001) an event by a seat that does not play in this game; it is left out.
        ``stop``: a play, without which its trick cannot be played as written: nothing after it
        in the deal is replayed (:meth:`run`).

        Callers test ``seat in self.ctx.seats`` first, so the text is built only when needed.
        """
        after = ": nothing after it in the deal is replayed" if stop else ""
        self.raw_finding(
            "R001",
            seat,
            f"{what} by seat {seat}, which does not play in this game (seats "
            f"{', '.join(self.ctx.seats)}): left out{after}",
            line_of(pos),
            column_of(pos),
        )
        self.play_left_out = self.play_left_out or stop

    def play(self, play: Play) -> None:
        seat, card = play.seat, play.card
        if seat not in self.ctx.seats:
            self.left_out(seat, play.pos, f"{card} played", stop=True)
            return
        state = self.state
        leading = not state.trick
        self.event_no += 1
        if self.drew_two and state.held[seat] > self.rules.hand_size:
            self.overheld[seat] = self.event_no
        phase = state.phase
        # Only the strict play's faults (STRICT_CODES) are judged on the scores before the
        # play; a play with draws still due may close them and begin the strict play.
        before = None
        if phase != "loose" or state.draw_queue:
            before = self._before_play(leading)
            if leading and before is not None:
                self.before_trick.setdefault(state.tricks_played + 1, before)
            if phase == "strict" and self.strict_brisques is None:
                self.strict_brisques = dict(state.brisques)
        self.pre_play = before
        marks = play.marks
        hidden = marks and state.unknown[seat] > 0  # for the marks, before the play
        observer = self.observer
        if observer is not None:
            observer.before_event(play, state)
        if self.hidden and card in self.declared_cards.get(seat, ()):
            self.suspects.append((self.event_no, seat, frozenset((card,)), "play"))
        if self.withheld:
            found = state.play(seat, card, self._withheld(seat))
        else:  # what DealState.play does with nothing withheld, without its call
            found = play_card(state, seat, card)
        if found:
            found = self._play_faults(seat, card, found)
        if observer is not None:
            observer.after_event(play, state, found)
        self.pre_play = None
        self.plays += 1
        self.last_play = (self.event_no, card, before)
        raws = self.violations(self._false_blanches(found, play.pos), play.pos) if found else []
        if leading:
            self.played_to_trick = [card]
        else:
            self.played_to_trick.append(card)
        keep_steps = self.ctx.keep_steps
        if keep_steps:
            name = str(card)
            if leading:
                self.trick_cards = []
            self.trick_cards.append((seat, name))
            verb = "leads" if leading else "plays"
            comments = play.comments
            if self.trick_comments:
                comments = self.trick_comments + comments
                self.trick_comments = ()
            self.step(
                "play",
                seat,
                f"{seat} {verb} {name}",
                line_of(play.pos),
                name,
                play.glyphs,
                comments,
            )
        if marks:
            self.mark_reader.check_play_marks(self, play, raws, phase, bool(hidden), not leading)
        if not state.trick and state.last_winner is not None:
            winner = state.last_winner
            self.tricks.append((self.trick_no, winner, self.played_to_trick))
            if keep_steps:
                self.step(
                    "trick", winner, f"{winner} wins trick {self.trick_no}", line_of(play.pos)
                )
                self.trick_cards = []

    def _withheld(self, seat: str) -> frozenset[Card]:
        """The cards to read ``seat``'s event now as if his unseen cards held none of: those
        the second look withholds at it, and those it withheld at his earlier declarations or
        plays since he last drew an unnamed card (:attr:`barred`)."""
        cards = self.withheld.get(self.event_no, NONE)
        barred = self.barred.get(seat, NONE)
        if cards:
            self.barred[seat] = barred | cards
        return cards | barred

    def _play_faults(self, seat: str, card: Card, found: list[Violation]) -> list[Violation]:
        """What a play broke, as the engine found it, less what the replay reports elsewhere:
        the play of a card written drawn when every copy was elsewhere (:attr:`phantoms`) and
        a fault the remedy of an earlier one leaves out; a contradiction of the record (P208)
        counted. Only a play with faults asks (most have none)."""
        if self.phantoms:
            found = [v for v in found if not self._phantom_played(seat, card, v)]
        if found and any(v.code == "P208" for v in found):
            self.contradictions += 1
            if self.overcounted is None and any(_elsewhere(v) for v in found):
                self.overcounted = (self.event_no, card)
        if found and (self.count_faults or self.overheld):
            found = [v for v in found if not self._left_out_as_remedy(v, seat)]
        return found

    def _phantom_played(self, seat: str, card: Card, v: Violation) -> bool:
        """Whether ``v`` is the play of a card the seat was written drawing when every copy
        of it was elsewhere (:attr:`phantoms`): reported at the draw already."""
        owed = self.phantoms.get(seat)
        if not owed or not owed.get(card) or not _elsewhere(v):
            return False
        owed[card] -= 1
        return True

    def _before_play(self, leading: bool) -> Before | None:
        """Points and brisques as they stand before a play (for the remedies of its faults).

        Between two plays of one trick they do not change (brisques move when the trick is
        won), unless the card before was a seven (scored as it is played in some games), an
        event was written between the plays, or the engine took another reading of the record
        (unseen cards): otherwise the snapshot taken before the previous play serves again.
        """
        last = self.last_play
        if (
            not leading
            and last is not None
            and last[0] == self.event_no - 1
            and last[1].rank != "7"
            and self.state.one_reading
        ):
            return last[2]
        return self.points_now(), dict(self.state.brisques)

    def events(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, Draw):  # the commonest first
                if self.count_marks:
                    self.mark_reader.flush_counts(self)
                self.draw(event)
            elif isinstance(event, Declaration):
                if self.count_marks:
                    self.mark_reader.flush_counts(self)
                self.declaration(event)
            elif isinstance(event, Mark):
                self.mark_reader.handle_mark(self, event)
            elif isinstance(event, Comment):
                self.attach_comment(event)
            elif isinstance(event, Variation):
                self.attach_variation(event)

    def declaration(self, decl: Declaration) -> None:
        if decl.seat not in self.ctx.seats:
            self.left_out(decl.seat, decl.pos, f"a {decl.kind} declared")
            return
        decl, slips = read_as_meant(decl)
        if slips:
            self.raw_finding(
                "R001",
                decl.seat,
                "no combination of the notation is named so: " + "; ".join(slips),
                line_of(decl.pos),
                column_of(decl.pos),
            )
        if self._turned_seven_marked(decl):
            return
        carried = [(c.kind, c.cards, c.score) for c in decl.carried] if decl.carried else []
        self.event_no += 1
        self.declared[decl.seat] = (self.event_no, decl)
        trump = self.state.trump
        observer = self.observer
        if observer is not None:
            observer.before_event(decl, self.state)
        if self.hidden:
            shown = frozenset(decl.cards).union(*(c.cards for c in decl.carried))
            self.suspects.append((self.event_no, decl.seat, shown, "declaration"))
            self.declared_cards.setdefault(decl.seat, set()).update(shown)
        outcome = self.state.declare(
            decl.seat,
            decl.kind,
            decl.cards,
            decl.score,
            carried,
            fresh=decl.fresh,
            withheld=self._withheld(decl.seat) if self.withheld else NONE,
        )
        if observer is not None:
            observer.after_event(decl, self.state, outcome.violations)
        blanche = canonical_kind(decl.kind) == "carte-blanche"
        found = outcome.violations
        short = found and self.hidden and self.short is None
        if short and any(v.code in SHORT_CODES for v in found):
            self.short = (self.event_no, decl.seat)
        if found and not blanche:
            found = self._false_blanches(found, decl.pos)
        # Marked at the value claimed: the last trick too (the laws correct the figure, S505).
        # Claimed by a seat that did not win it, the claim is marked, and the winner's last
        # trick, which the engine scores, is not, unless he claims it too.
        correct = outcome.score
        self.marked_delta[decl.seat] += decl.score - correct
        if not found:
            self.clean_declaration = self.event_no
            if blanche:
                self.carte_blanche.setdefault(decl.seat, None)
        if blanche and correct:
            self.blanche_shown.setdefault(decl.seat, []).append(
                (decl.score, correct, self.plays, line_of(decl.pos))
            )
        if self.count_faults:
            found = found + self._announced_too_soon(decl)
        if found:
            raws = self.violations(
                found,
                decl.pos,
                claimed=decl.score,
                correct=correct,
                cards=tuple(map(str, decl.cards)),
                called=called_cards(decl.kind, decl.cards, trump or outcome.trump_set),
            )
            if decl.kind == "last-trick" and not outcome.score:
                self.wrong_claims.extend(r for r in raws if r.code == "S505")
            taken = next((r for r in raws if self.taken_down_unchallenged(r)), None)
            if taken is not None:
                before = self.state.melds[decl.seat]
                self.state.take_down(decl.seat, announced=taken.code == "A404", keep_trump=True)
                # the table marked what the engine now takes down: the remedy takes it down
                self.marked_delta[decl.seat] += before - self.state.melds[decl.seat]
        if decl.kind == "last-trick":
            self._last_trick_marks(decl.seat, outcome.score)
        if not self.ctx.keep_steps:
            return
        text = f"{decl.seat} declares {decl.kind}"
        if decl.cards:
            text += " " + _text(decl.cards)
        text += f" for {decl.score}"
        if decl.carried:
            text += ", with " + ", ".join(f"{c.kind} {c.score}" for c in decl.carried)
            text += " to score"
        if outcome.trump_set:
            text += f" (trumps: {outcome.trump_set})"
        self.step("declare", decl.seat, text, line_of(decl.pos), None, decl.glyphs, decl.comments)

    def _turned_seven_marked(self, decl: Declaration) -> bool:
        """Whether ``decl`` is the dealer's line marking the seven turned up, before the first
        trick (``A seven 7H 10``): "If this card is a Seven, the dealer scores 10 points for it
        at once" (foster-1914-ordinary-bezique.txt, Dealing). The replay counted it when the
        deal began, so the line declares nothing; a figure other than the seven's is A411."""
        state, turnup, value = self.state, self.deal.turnup, self.rules.seven_turned_up
        if (
            state.tricks_played
            or state.trick
            or decl.carried
            or turnup is None
            or turnup.rank != "7"
            or not value
            or decl.seat != self.deal.dealer
            or canonical_kind(decl.kind) != "seven"
            or tuple(decl.cards) != (turnup,)
        ):
            return False
        line, col = line_of(decl.pos), column_of(decl.pos)
        if decl.score is not None and decl.score != value:
            self.raw_finding(
                "A411",
                decl.seat,
                f"{decl.seat} marks the seven turned up at {decl.score}: it scores {value}",
                line,
                col,
                "decl.seven",
                claimed=decl.score,
                correct=value,
            )
            self.marked_delta[decl.seat] += decl.score - value
        if self.ctx.keep_steps:
            text = f"{decl.seat} marks the seven turned up, {turnup}, for {value}"
            self.step("declare", decl.seat, text, line, None, decl.glyphs, decl.comments)
        return True

    def _false_blanches(self, found: list[Violation], where: Any) -> list[Violation]:
        """The faults of a play or declaration, less the A410 it shows of the seat's carte
        blanches (a king, queen or jack from the cards held when one was shown, in a record
        that does not name them), which is reported here as their fault: from the first it
        proves false (``Violation.showing``) to the latest, what was claimed for them, as if
        found when the first was shown. The engine counted them; it now counts them as false,
        and the table's marks stay."""
        rest = []
        for v in found:
            seat = v.seat
            shown = self.blanche_shown.get(seat) if v.code == "A410" and seat else None
            if not shown or seat is None or v.showing is None or v.showing >= len(shown):
                rest.append(v)
                continue
            false = shown[v.showing :]
            del shown[v.showing :]
            claimed = sum(s[0] for s in false)
            counted = sum(s[1] for s in false)
            lines = [str(s[3]) for s in false if s[3] is not None]
            at = ""
            if lines:
                at = f" (line {lines[0]})" if len(lines) == 1 else f" (lines {', '.join(lines)})"
            what = "it was no carte blanche" if len(false) == 1 else "none was a carte blanche"
            v = replace(v, message=f"{v.message}{at}: {what}", showing=None)
            raw = self.violations([v], where, claimed=claimed, correct=0)[0]
            raw.plays_at = false[0][2]
            self.state.melds[seat] -= counted
            self.marked_delta[seat] += counted
        return rest

    def _last_trick_marks(self, seat: str, scored: int) -> None:
        """The marks of a last-trick line by ``seat`` (``scored``: what the engine gave it,
        nothing when he did not win it): a claim by another seat leaves the winner's last
        trick unmarked until the winner claims it himself; once he has, his mark stands and
        the remedy of a wrong claim gives him nothing more (the case ``both``)."""
        state, winner = self.state, self.state.last_winner
        if scored:
            self.winner_claimed = True
            if self.unmarked_last is not None:
                self.marked_delta[self.unmarked_last] += state.last_trick_points[self.unmarked_last]
                self.unmarked_last = None
        elif winner not in (None, seat) and not self.winner_claimed and not self.unmarked_last:
            self.unmarked_last = winner
            self.marked_delta[winner] -= state.last_trick_points.get(winner, 0)
        for raw in self.wrong_claims:
            raw.both = self.winner_claimed

    def _announced_too_soon(self, decl: Declaration) -> list[Violation]:
        """A417 when ``decl`` comes from a seat made to play without drawing whose hand is
        still too large ("the player with too many cards not being allowed to make any
        announcements until he has his right number of cards", foster-1914-ordinary-bezique.txt,
        Irregularities in Play). A declaration follows a trick: the right number then is one
        below the hand, the draw being due."""
        state, seat = self.state, decl.seat
        if not state.draw_queue or decl.kind == "last-trick":
            return []
        due = self.rules.hand_size - 1
        held = self._held(seat)
        if held <= due:
            return []
        effects = self._count_remedy(seat)
        if effects is None or not (effects.without_drawing and effects.no_announcements):
            return []
        holding = f"{held} cards"
        if seat in self.marked_over:
            holding = "too many cards (^too-many)"
        message = f"announces while playing without drawing, holding {holding}, {due} due"
        return [state.violation("A417", "irreg.hand-count", seat, message)]

    def taken_down_unchallenged(self, raw: RawFinding) -> bool:
        """Whether the laws take a faulty declaration down even when no one challenges it
        ("Scores erroneously marked must be taken down": foster-1914-ordinary-bezique.txt,
        Scoring), where the Portland code lets it stand (law 50): then it is as if it had not
        been scored, and the engine's marks for it go at once."""
        if raw.code[0] != "A" or raw.code == "A411" or raw.seat is None:
            return False
        found = self.ctx.laws.rule_for(raw.code, provisional_context(self, raw))
        if found is None:
            return False
        effects = found[1].effects
        return any(item.to == "offender" and item.subtract == "claimed" for item in effects.score)

    def draw(self, draw: Draw) -> None:
        if draw.seat not in self.ctx.seats:
            self.left_out(draw.seat, draw.pos, "a draw")
            return
        self.event_no += 1
        self.last_draw[draw.seat] = self.event_no
        if self.saw_two is not None and self.state.tricks_played > self.saw_two[0]:
            self._choice_of_two(draw)
        found: list[Violation] = []
        observer = self.observer
        if observer is not None:
            observer.before_event(draw, self.state)
        state, seat, carte_blanche = self.state, draw.seat, self.carte_blanche
        withheld = self.withheld.get(self.event_no, NONE) if self.withheld else NONE
        for card in draw.cards:
            if card is None and self.barred:
                self.barred.pop(seat, None)
            if self.hidden and card is not None:
                self.suspects.append((self.event_no, seat, frozenset((card,)), "draw"))
            # what DealState.draw does with nothing withheld, without its call
            drawn = state.draw(seat, card, withheld) if withheld else draw_card(state, seat, card)
            if drawn:  # most draws break nothing
                if card is not None and any(_elsewhere(v) for v in drawn):
                    self.contradictions += 1
                    owed = self.phantoms.setdefault(seat, {})
                    owed[card] = owed.get(card, 0) + 1
                    if self.overcounted is None:
                        self.overcounted = (self.event_no, card)
                if self.count_faults:
                    drawn = [v for v in drawn if not self._drawn_as_remedy(v)]
                found.extend(drawn)
            if (
                carte_blanche
                and card is not None
                and card.rank in COURT_RANKS
                and seat in carte_blanche
            ):
                carte_blanche[seat] = carte_blanche[seat] or str(card)
        if self.double_draw and self._may_draw_two(draw.seat, found):
            found = _without_second_draw(found, draw.seat)
        if observer is not None:
            observer.after_event(draw, self.state, found)
        # Portland law 29: the loser drew first and the winner then drew the next card: both
        # drew the wrong cards, too late to rectify.
        previous = self.latest({"W303"}, None) if self.raw else None
        if (
            previous is not None
            and previous.event == self.event_no - 1
            and previous.seat != draw.seat
            and not any(v.code == "W303" for v in found)
        ):
            previous.both = True
        if found:
            for raw in self.violations(found, draw.pos):
                written, _, top = raw.message.partition(", but the stock's next card is ")
                if raw.code == "W306" and top:
                    # The replay gives the drawer the stock's next card (docs/engine.md).
                    raw.stock_named = True
                    raw.cards = (written.rsplit(" ", 1)[-1],)
                    raw.called = (top.strip(),)
        if not self.ctx.keep_steps:
            return
        named = [str(c) for c in draw.cards if c is not None]
        if len(draw.cards) == 1:
            what = named[0] if named else "a card"
        else:
            what = f"{len(draw.cards)} cards" + (f" ({' '.join(named)})" if named else "")
        self.step(
            "draw",
            draw.seat,
            f"{draw.seat} draws {what}",
            line_of(draw.pos),
            named[0] if len(named) == 1 and len(draw.cards) == 1 else None,
            comments=draw.comments,
        )

    def _choice_of_two(self, draw: Draw) -> None:
        """The first draw after a loser saw two cards (W304): where the laws give the adversary
        "choice of the two cards of the following draw" (hoffmann-1909 law 30), a first drawer
        written taking the stock's second card takes it, and the next card is left for the
        other (no W306 for the choice). Where the adversary's choice is recorded, it decides:
        the first drawer takes the card it leaves him, and a draw written otherwise is W306."""
        assert self.saw_two is not None
        raw, self.saw_two = self.saw_two[1], None
        card = draw.cards[0] if draw.cards else None
        if card is None:
            return
        facts = provisional_context(self, raw)
        effects = self.ctx.laws.effects("W304", facts)
        if effects is None or not effects.choose_next_two:
            return
        if draw.seat == facts.adversary:
            # the one who chooses, written first, takes his choice first: no draw out of turn
            self.state.draws_first(draw.seat)
        # elected, the choice fixes who takes the second card; else the draws show it
        if raw.election is None:
            self.state.take_second(card)
        elif (draw.seat == facts.adversary) == effects.second_to_adversary:
            self.state.take_second(None)

    def _count_remedy(self, seat: str) -> Effects | None:
        """What the laws have ``seat`` do about a hand of the wrong size found in this deal
        (P202-P211 and the hands dealt wrong, D105 and D106, with the election made), the
        latest such finding that names him; None when there is none. One too many and the
        other too few (P210) concerns both seats: its remedy has the one play without drawing
        and the other make good, and the callers tell them apart by the hand each holds."""
        for raw in reversed(self.raw):
            if raw.code in COUNT_CODES and (raw.seat == seat or raw.both or raw.code == "P210"):
                return self.ctx.laws.effects(raw.code, provisional_context(self, raw))
        return None

    @property
    def count_faults(self) -> bool:
        """Whether a hand of the wrong size was found in this deal (the draws then follow
        the remedy's own order, :meth:`_left_out_as_remedy` and :meth:`_drawn_as_remedy`)."""
        return bool(self.raw) and any(raw.code in COUNT_CODES for raw in self.raw)

    def _left_out_as_remedy(self, v: Violation, player: str) -> bool:
        """Whether ``v``, a draw left out (W301) found at a play by ``player``, is no fault of
        its own: the seat holds his due number or more without it, a hand too large having
        been found (and ruled) before. Under a remedy that has him play without drawing it is
        that remedy (foster-1914-ordinary-bezique.txt, Irregularities in Play: "compel him to
        play without drawing from the talon, until the number of cards in his hand is
        reduced"); under any other, or after a second card drawn and kept (W302 played on,
        ``overheld``), it puts his hand right. Either way he does not play one card short,
        which is all the laws of a draw forgotten provide for (rule book, ``play.draw-one``)."""
        if v.code != "W301" or v.seat is None:
            return False
        held = self._held(v.seat) + (1 if v.seat == player else 0)  # before the play
        if held < self.rules.hand_size:
            return False
        if v.seat in self.overheld or self._count_remedy(v.seat) is not None:
            self.marked_over.discard(v.seat)
            return True
        return False

    def _held(self, seat: str) -> int:
        """The cards ``seat`` holds: the engine's count, or one more where a ``^too-many``
        mark says he holds too many and the record does not show it (:attr:`marked_over`)."""
        return self.state.held[seat] + (seat in self.marked_over)

    def _drawn_as_remedy(self, v: Violation) -> bool:
        """Whether ``v``, just found in a draw, is the remedy of a hand of the wrong size, not
        a fault: a card drawn beyond one (W302), or when no draw was due (W303, the queue
        empty: the dealer supplying a hand dealt short, Portland law 12), by a seat making good
        too few cards, who held fewer than his due number before it ("allow him to make good
        the deficiency by drawing from the stock"), or a draw before the seat whose turn it was
        (W303, that seat still first in the queue) when that seat plays without drawing and
        holds his due number or more."""
        state, due = self.state, self.rules.hand_size
        queue = state.draw_queue
        beyond = v.code == "W302" or (v.code == "W303" and not queue)
        if beyond and v.seat is not None and state.held[v.seat] - 1 < due:
            effects = self._count_remedy(v.seat)
            return effects is not None and effects.make_good
        if v.code == "W303" and queue and self._held(queue[0]) >= due:
            effects = self._count_remedy(queue[0])
            return effects is not None and effects.without_drawing
        return False

    def _may_draw_two(self, seat: str, found: list[Violation]) -> bool:
        """Whether this draw's second card is the remedy of a draw forgotten (French laws:
        "allowing the player in error to draw two cards from the stock next time")."""
        raw = self.double_draw.get(seat)
        if raw is None or not any(v.code == "W302" and v.seat == seat for v in found):
            return False
        del self.double_draw[seat]
        ctx = provisional_context(self, raw)
        if raw.election is None:
            # No election recorded, and he draws the two cards the law lets his adversary
            # allow him: the play shows that option taken (the adversary, who could have
            # called the deal void, let it be drawn).
            rule = self.ctx.laws.rule_for("W301", ctx)
            allowed = rule[1].options if rule is not None else ()
            option = next((o for o in allowed if o.effects.draw_two_next), None)
            if option is not None:
                raw.election = option.id
                raw.elected_by = ctx.adversary
                raw.message += (
                    "; he drew two cards at the next draw, as his adversary may allow "
                    f"({option.id})"
                )
                return True
        effects = self.ctx.laws.effects("W301", ctx)
        return effects is not None and effects.draw_two_next

    # ----------------------------------------------------------------- looking back
    def latest(
        self, codes: Iterable[str], seat: str | None, since_trick: int | None = None
    ) -> RawFinding | None:
        wanted = set(codes)
        for raw in reversed(self.raw):
            if since_trick is not None and (raw.trick or 0) < since_trick:
                return None
            if raw.code in wanted and (seat is None or raw.seat == seat):
                return raw
        return None

    def attach_comment(self, comment: Comment) -> None:
        if self.steps:
            self.steps[-1].comments.append(comment.text)

    def attach_variation(self, variation: Variation) -> None:
        """A variation is an alternative line, not replayed; what it writes is checked for
        its form (seats, mark and declaration words), so that a slip in it is said."""
        for message, pos in variation_problems(variation, self.ctx.seats):
            self.raw_finding("R001", None, message, line_of(pos), column_of(pos))
        if self.steps:
            from notation.writer import write_variation

            self.steps[-1].variations.append(write_variation(variation))

    # ----------------------------------------------------------------- the end of the deal
    def end(self) -> None:
        outcome = self.state.finish()
        self.outcome = outcome
        if self.observer is not None:
            self.observer.end_deal(self.deal, self.state, outcome)
        self.violations(outcome.violations, self.deal.score.pos if self.deal.score else None)
        seats = self.ctx.seats
        self.marked = {
            seat: outcome.scores[seat] + self.marked_delta.get(seat, 0) for seat in seats
        }
        points = outcome.points or outcome.scores
        self.marked_points = {
            seat: max(0, points[seat] + self.marked_delta.get(seat, 0)) for seat in seats
        }
        claimed = self.deal.score
        before = len(self.raw)
        if claimed is not None:
            where_line, where_col = line_of(claimed.pos), column_of(claimed.pos)
            for seat, written in claimed.scores:
                if seat in self.marked and written != self.marked[seat]:
                    self.raw_finding(
                        "S501",
                        seat,
                        f"{seat}'s deal score is written as {written}; the scores marked at the "
                        f"table (every score the record shows, at the value claimed) add up to "
                        f"{self.marked[seat]}",
                        where_line,
                        where_col,
                        claimed=written,
                        correct=self.marked[seat],
                    )
            for seat, count in claimed.brisques:
                if seat in outcome.brisques and count != outcome.brisques[seat]:
                    self.raw_finding(
                        "S502",
                        seat,
                        f"{seat}'s brisques are written as {count}, the tricks he won hold "
                        f"{outcome.brisques[seat]}",
                        where_line,
                        where_col,
                        claimed=count,
                        correct=outcome.brisques[seat],
                    )
        for raw in self.raw[before:]:
            raw.trick = None  # a claim of the deal's end belongs to no trick
        dealer_played = self.state.played[self.deal.dealer] > 0
        for raw in self.raw:
            if raw.header and raw.code in ("D105", "D106") and dealer_played:
                # A hand dealt wrong that no mark reports: found when the deal was over.
                raw.scores = dict(self.marked_points)
                raw.brisques = dict(outcome.brisques)
        if self.ctx.keep_steps:
            parts = ", ".join(f"{s} {p}" for s, p in self.marked.items())
            line = line_of(claimed.pos) if claimed is not None else None
            comments = claimed.comments if claimed is not None else ()
            self.step(
                "end", None, f"End of deal {self.deal.number}: {parts}", line, None, (), comments
            )


def called_cards(kind: str, cards: Iterable[Card], trump: str | None) -> tuple[str, ...]:
    """Of the cards of a false declaration, those that belong to the combination named: the
    three kings of "three Kings and a Jack" declared as four kings
    (foster-1914-ordinary-bezique.txt, Irregular Announcements: "to lead or play one of the three
    Kings")."""
    word = canonical_kind(kind)
    listed = list(cards)
    ranks = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J"}
    if word in ranks:
        fits = [c for c in listed if c.rank == ranks[word]]
    elif word.startswith("trump-") and trump is not None:
        rank = {"aces": "A", "tens": "T", "kings": "K", "queens": "Q", "jacks": "J"}.get(
            word.removeprefix("trump-")
        )
        fits = [c for c in listed if c.rank == rank and c.suit == trump]
    elif word.endswith("bezique"):
        fits = [c for c in listed if str(c) in ("QS", "JD")]
    elif word == "marriage":
        fits = [c for c in listed if c.rank in "KQ"]
    elif word == "sequence":
        fits = [c for c in listed if c.rank in "ATKQJ"]
    else:
        fits = listed
    return tuple(str(c) for c in (fits or listed))


def _elsewhere(v: Violation) -> bool:
    """Whether a fault is a card played or drawn when every copy of it is elsewhere."""
    return v.code in ("P208", "W306") and ELSEWHERE in v.message


def _without_second_draw(found: list[Violation], seat: str) -> list[Violation]:
    """``found`` without the first "drew a second card" of ``seat``."""
    out: list[Violation] = []
    dropped = False
    for v in found:
        if not dropped and v.code == "W302" and v.seat == seat:
            dropped = True
            continue
        out.append(v)
    return out


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))
