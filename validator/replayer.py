"""The replay driver: walk a record once through the engine and keep everything every view needs.

:func:`replay` reads a :class:`notation.model.Record` event by event, applies each play, draw
and declaration to a :class:`validator.engine.DealState` under the record's rule set, turns
every violation the engine reports, and every irregularity the record marks (``^exposed``,
``^too-many``, ``A 9C^L`` ...), into a :class:`~validator.replay.Finding` with its rule and
its remedy under the chosen laws, checks the claimed scores, brisques, totals and result, and
settles each deal and the game on the corrected scores. Elections (``^elect``) and challenges
(``^challenge``) written after a fault decide its remedy, so remedies are reckoned when the
deal is over.

How the record's marks are read (``docs/notation.md``):

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
- Faults of the deal's header (hand sizes, cut, dealer) have no time of discovery: they count as
  found before the dealer's first play only if the dealer never played in the deal.

:func:`replay_with_details` gives, besides the :class:`Replay`, what a ruling needs (scores as
marked and corrected for every deal, finished or not, and each election's options ruled on);
:func:`sitting_findings` checks a chouette's rotation over the records of a sitting (S506).

The driver knows the record model and the rules, never the syntax.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from notation.cards import Card
from notation.model import (
    Comment,
    Deal,
    Declaration,
    Draw,
    Event,
    Mark,
    Play,
    Record,
    Trick,
    Variation,
)
from validator.catalogue import catalogue
from validator.engine import DealState, EngineError, RuleSet, RuleSetError, Violation
from validator.engine import load_ruleset as _load_ruleset
from validator.engine.settlement import (
    DealResult,
    GameResult,
    SettlementError,
    SettlementRules,
    SittingGame,
    check_chouette_rotation,
    settle_deal,
    settle_game,
)
from validator.house_rules import HouseRulesError, merge_overrides, overrides_from_tag
from validator.laws import (
    CorrectedDeal,
    Laws,
    LawsError,
    RemedyContext,
    apply_remedies,
    load_laws,
)
from validator.replay import (
    DealReplay,
    DealSettlement,
    Finding,
    GameSettlement,
    Location,
    Remedy,
    Replay,
    Step,
)
from validator.rulebook import default_rulebook

DEFAULT_VARIANT = "rubicon"
"""The variant assumed when a record has no Variant tag: the tournament game."""

DEFAULT_LAWS = "english"
"""The laws applied when neither the caller nor the record's Laws tag names any."""

VARIANT_ALIASES = {"two-pack": "two-pack", "bezique": "two-pack", "ordinary": "two-pack"}
"""Other spellings of a Variant tag's value, mapped to the bundled rule set's name."""

DEAL_MARKS = {"cut-exposed": "D101", "short-cut": "D102", "imperfect-pack": "D109"}
"""Marks that name a fault of the cut or the pack directly, with the code each stands for."""

ELECTION_ALIASES = {
    "supply": "complete-from-stock",
    "complete": "complete-from-stock",
    "fresh-deal": "void-deal",
    "new-deal": "void-deal",
    "void": "void-deal",
    "stands": "deal-stands",
}
"""Other words a record may use in ``^elect`` for an option of the laws (docs/notation.md)."""

STRICT_CODES = frozenset({"P205", "P206", "P207"})
"""The failures of the strict play that a ``^R`` (or ``^revoke``) mark stands for."""


KNOWN_MARKS = frozenset(
    {
        *DEAL_MARKS,
        "exposed",
        "faced",
        "too-many",
        "too-few",
        "seen",
        "saw",
        "challenge",
        "elect",
        "ruling",
        "lead-out-of-turn",
        "revoke",
        "note",
    }
)
"""Every mark code the validator reads; any other is reported (R001) so a typo is not lost."""


def load_ruleset(name_or_path: str | Path, overrides: Mapping[str, Any] | None = None) -> RuleSet:
    """A rule set by bundled name (also the Variant tag's aliases) or by path.

    Rule sets are frozen, so one loaded for a (name, overrides) pair serves every record that
    asks for it again: a batch of a million records reads each YAML file once.
    """
    name = VARIANT_ALIASES.get(str(name_or_path).lower(), str(name_or_path))
    key = (name, json.dumps(overrides or {}, sort_keys=True, default=str))
    cached = _RULESETS.get(key)
    if cached is None:
        cached = _load_ruleset(name, overrides)
        if len(_RULESETS) < 256:
            _RULESETS[key] = cached
    return cached


def load_laws_cached(name_or_path: str | Path) -> Laws:
    """A code of laws by name or path, read once per process (see :func:`load_ruleset`)."""
    key = str(name_or_path)
    cached = _LAWS.get(key)
    if cached is None:
        cached = load_laws(name_or_path)
        if len(_LAWS) < 64:
            _LAWS[key] = cached
    return cached


_RULESETS: dict[tuple[str, str], RuleSet] = {}
_LAWS: dict[str, Laws] = {}


# --------------------------------------------------------------------------- raw findings
@dataclass(slots=True)
class _Raw:
    """A finding before its remedy: the facts gathered when it happened, and later marks."""

    code: str
    seat: str | None
    message: str
    rule: str | None
    line: int | None
    column: int | None
    trick: int | None
    step: int
    scores: dict[str, int]
    brisques: dict[str, int]
    dealer_played: bool
    cards: tuple[str, ...] = ()
    claimed: int | None = None
    correct: int | None = None
    both: bool = False
    seen: bool = False
    election: str | None = None
    challenge: str = "none"
    plays_at: int = 0
    """How many cards had been played in the deal when the fault happened."""
    event: int = 0
    """The number of the record event (play, declaration, draw, mark) that showed the fault."""
    header: bool = False
    """Found in the deal's header (hands, stock, cut, dealer): when it was discovered is unknown,
    so it counts as found before the dealer's first play only if the dealer never played."""
    fault_trick: int | None = None
    """The trick of the fault itself when a later play reveals it (P207)."""
    elected_by: str | None = None
    marked: bool = False
    """Reported on the table's word (a mark the replay cannot check)."""


@dataclass(slots=True)
class _StepDraft:
    kind: str
    trick: int | None
    seat: str | None
    text: str
    line: int | None
    card: str | None
    state: tuple[Any, ...] | None
    comments: list[str] = field(default_factory=list)
    glyphs: tuple[str, ...] = ()
    variations: list[str] = field(default_factory=list)
    findings: list[int] = field(default_factory=list)


class _Context:
    """What the whole record shares: rules, laws, seats, the source, the rule book."""

    def __init__(
        self,
        record: Record,
        rules: RuleSet,
        laws: Laws,
        seats: tuple[str, ...],
        source: str | None,
        keep_steps: bool,
    ) -> None:
        self.record = record
        self.rules = rules
        self.laws = laws
        self.seats = seats
        self.source = source
        self.keep_steps = keep_steps
        self.book = default_rulebook()
        self.catalogue = catalogue()
        self.unfinished = (record.tag("Result") or "").strip() in ("*", "")

    def record_remedy(
        self, code: str, seat: str | None, claimed: int | None = None, correct: int | None = None
    ) -> Remedy | None:
        """The remedy for a finding about the record as a whole (totals, result)."""
        adversary = _next_seat(self.seats, seat) if seat in self.seats else None
        facts = RemedyContext(
            offender=seat if seat in self.seats else None,
            adversary=adversary,
            claimed=claimed,
            correct=correct,
            variant=self.rules.name,
        )
        try:
            return self.laws.remedy(code, facts)
        except LawsError as exc:
            return Remedy(self.laws.name, "", f"the laws cannot rule: {exc}")

    def finding(
        self,
        code: str,
        seat: str | None,
        message: str,
        location: Location,
        rule: str | None = None,
        remedy: Remedy | None = None,
    ) -> Finding:
        entry = self.catalogue.get(code)
        rule_id = rule if rule is not None and self.book.get(rule) is not None else None
        if rule_id is None:
            rule_id = entry.rule if entry is not None else "irreg.record"
        found = self.book.get(rule_id)
        return Finding(
            code=code,
            severity=entry.severity if entry is not None else "warning",
            seat=seat,
            location=location,
            message=message,
            rule_id=rule_id,
            rule_text=found.text if found is not None else "",
            remedy=remedy,
        )


# --------------------------------------------------------------------------- one deal
_Before = tuple[dict[str, int], dict[str, int]]
"""Scores and brisques as they stand before a play."""


class _DealWalker:
    """Replays one deal: applies its events, gathers raw findings and steps."""

    def __init__(
        self, ctx: _Context, deal: Deal, index: int, expected_dealer: str | None = None
    ) -> None:
        self.ctx = ctx
        self.expected_dealer = expected_dealer
        self.deal = deal
        self.index = index
        self.rules = ctx.rules
        hands: dict[str, list[Card | None]] = {}
        for hand in deal.hands:
            cards = list(hand.cards)
            if hand.more:
                cards += [None] * max(0, self.rules.hand_size - len(cards))
            hands[hand.seat] = cards
        stock: list[Card | None] | None = None
        if deal.stock is not None and (deal.stock.cards or not deal.stock.more):
            stock = list(deal.stock.cards)
            if deal.stock.more:
                dealt = self.rules.hand_size * len(ctx.seats) + (1 if self.rules.turn_up else 0)
                stock += [None] * max(0, self.rules.pack_size - dealt - len(stock))
        self.state = DealState(
            self.rules, ctx.seats, deal.dealer, hands, stock, deal.turnup if deal.turnup else None
        )
        self.state.foresee(_declarations(deal))
        self.raw: list[_Raw] = []
        self.steps: list[_StepDraft] = []
        self.trick_cards: list[tuple[str, str]] = []
        self.trick_no: int | None = None
        self.plays = 0
        self.marked_delta = dict.fromkeys(ctx.seats, 0)
        self.count_marks: list[tuple[Mark, bool]] = []
        self.strict_brisques: dict[str, int] | None = None
        self.rulings: list[str] = []
        self.event_no = 0
        self.clean_declaration = -1
        """The event number of the latest declaration that broke no rule."""
        self.before_trick: dict[int, _Before] = {}
        """Scores and brisques as they stood when each trick began (for faults found later)."""
        self.pre_play: _Before | None = None
        self.last_play: tuple[int, Card, _Before | None] | None = None
        """The event number and card of the latest play, and the scores before it (taken
        in the strict play only)."""

    # ----------------------------------------------------------------- steps and findings
    def _snapshot(self) -> tuple[Any, ...] | None:
        if not self.ctx.keep_steps:
            return None
        snap = self.state.snapshot()
        return (
            snap.hands,
            snap.table,
            tuple(self.trick_cards),
            snap.trump,
            snap.turnup,
            snap.stock,
            snap.scores,
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
        draft = _StepDraft(kind, self.trick_no, seat, text, line, card, self._snapshot())
        draft.glyphs = glyphs
        draft.comments.extend(c.text for c in comments)
        self.steps.append(draft)

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
    ) -> _Raw:
        state = self.state
        raw = _Raw(
            code=code,
            seat=seat,
            message=message,
            rule=rule,
            line=pos_line,
            column=pos_col,
            trick=trick if trick is not None else self.trick_no,
            step=max(0, len(self.steps) - 1),
            scores=state.scores(),
            brisques=dict(state.brisques),
            dealer_played=state.played[self.deal.dealer] > 0,
            plays_at=self.plays,
            event=self.event_no,
            **facts,
        )
        self.raw.append(raw)
        return raw

    def violations(self, found: Iterable[Violation], where: Any, **facts: Any) -> list[_Raw]:
        out = []
        line, col = (where.line, where.column) if where is not None else (None, None)
        for v in found:
            subject = f"{v.seat} " if v.seat else ""
            if self.ctx.unfinished and v.code == "P209" and "ends before" in v.message:
                continue
            if v.code == "P207" and self._confirms_marked_revoke(v):
                continue
            raw = self.raw_finding(
                v.code, v.seat, subject + v.message, line, col, v.rule, self.trick_no, **facts
            )
            if raw.trick is None:
                raw.trick = v.trick
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
            out.append(raw)
        return out

    # ----------------------------------------------------------------- the walk
    def run(self) -> None:
        deal = self.deal
        state = self.state
        text = f"Deal {deal.number}: {deal.dealer} deals"
        if deal.turnup is not None:
            text += f", {deal.turnup} turned up"
        self.step("deal", deal.dealer, text, _line(deal.pos), comments=deal.comments)
        for raw in self.violations(state.deal_violations, deal.pos):
            raw.header = True
            hand = deal.hand(raw.seat) if raw.seat is not None else None
            where = hand.pos if hand is not None else (deal.stock.pos if deal.stock else None)
            if where is not None and raw.code in ("D105", "D106", "D109"):
                raw.line, raw.column = _line(where), _col(where)
        if self.expected_dealer is not None and deal.dealer != self.expected_dealer:
            self.raw_finding(
                "D110",
                deal.dealer,
                f"{deal.dealer} deals deal {deal.number}, but it was "
                f"{self.expected_dealer}'s turn to deal",
                _line(deal.pos),
                _col(deal.pos),
                header=True,
            )
        if deal.cut and len(deal.cut) > 1:
            self.raw_finding(
                "D101",
                _next_seat(self.ctx.seats, deal.dealer),
                f"the cut showed {len(deal.cut)} cards ({_text(deal.cut)})",
                _line(deal.pos),
                _col(deal.pos),
                cards=tuple(map(str, deal.cut)),
                header=True,
            )
        self.events(deal.events)
        for index, trick in enumerate(deal.tricks):
            self.trick(trick, last=index == len(deal.tricks) - 1)
        self.flush_counts()
        self.end()

    def trick(self, trick: Trick, last: bool = False) -> None:
        """Replay one trick line; a line with the wrong number of plays is the record's fault.

        Plays beyond one per seat are reported (P209) and left out, so that they do not open a
        trick of their own; a line with too few plays, followed by another trick, is reported
        and played as written.
        """
        if self.count_marks:
            self.flush_counts()
        self.trick_no = trick.number
        for comment in trick.comments:
            self.attach_comment(comment)
        seats = len(self.ctx.seats)
        starts_trick = not self.state.trick
        for index, play in enumerate(trick.plays):
            if starts_trick and index >= seats:
                self.raw_finding(
                    "P209",
                    play.seat,
                    f"{play.seat} {play.card} is play {index + 1} of trick {trick.number}, which "
                    f"has {seats} plays: the record is at fault and the play is left out",
                    _line(play.pos),
                    _col(play.pos),
                    rule="play.trick-plays",
                )
                continue
            self.play(play)
        if starts_trick and 0 < len(trick.plays) < seats and not last:
            self.raw_finding(
                "P209",
                None,
                f"trick {trick.number} has {len(trick.plays)} play(s), not {seats}",
                _line(trick.pos),
                _col(trick.pos),
                rule="play.trick-plays",
            )
        self.events(trick.events)

    def left_out(self, seat: str, pos: Any, what: str) -> None:
        """Report (R001) an event by a seat that does not play in this game; it is left out.

        Callers test ``seat in self.ctx.seats`` first, so the text is built only when needed.
        """
        self.raw_finding(
            "R001",
            seat,
            f"{what} by seat {seat}, which does not play in this game (seats "
            f"{', '.join(self.ctx.seats)}): left out",
            _line(pos),
            _col(pos),
        )

    def play(self, play: Play) -> None:
        if play.seat not in self.ctx.seats:
            self.left_out(play.seat, play.pos, f"{play.card} played")
            return
        state = self.state
        leading = not state.trick
        self.event_no += 1
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
        hidden = play.marks and state.unknown[play.seat] > 0  # for the marks, before the play
        found = state.play(play.seat, play.card)
        self.pre_play = None
        self.plays += 1
        self.last_play = (self.event_no, play.card, before)
        raws = self.violations(found, play.pos) if found else []
        keep_steps = self.ctx.keep_steps
        if keep_steps:
            card = str(play.card)
            if leading:
                self.trick_cards = []
            self.trick_cards.append((play.seat, card))
            verb = "leads" if leading else "plays"
            self.step(
                "play",
                play.seat,
                f"{play.seat} {verb} {card}",
                _line(play.pos),
                card,
                play.glyphs,
                play.comments,
            )
        if play.marks:
            self.check_play_marks(play, raws, phase, bool(hidden), not leading)
        if keep_steps and not state.trick and state.last_winner is not None:
            winner = state.last_winner
            self.step("trick", winner, f"{winner} wins trick {self.trick_no}", _line(play.pos))
            self.trick_cards = []

    def _before_play(self, leading: bool) -> _Before | None:
        """Scores and brisques as they stand before a play (for the remedies of its faults).

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
        state = self.state
        return state.scores(), dict(state.brisques)

    def check_play_marks(
        self, play: Play, raws: list[_Raw], phase: str, hidden: bool, second: bool
    ) -> None:
        """Check the play's suffix marks against the replay, as PBN verifiers check revokes.

        ``^L`` (led out of turn) must match a P201 of the replay; ``^R`` (a revoke) a failure to
        follow or win in the strict play. A mark the replay contradicts is reported (R001); a
        revoke marked on a hand the record does not show is taken on the table's word (P205).
        """
        codes = {r.code for r in raws}
        where = (_line(play.pos), _col(play.pos))
        for mark in play.marks:
            upper = mark.upper()
            if upper == "L" and "P201" not in codes:
                self.raw_finding(
                    "R001",
                    play.seat,
                    f"{play.seat} {play.card} is marked as played out of turn (^L), but it was "
                    f"{play.seat}'s turn",
                    *where,
                )
            elif upper == "R" and not codes & STRICT_CODES:
                self.revoke_mark(play.seat, str(play.card), phase, hidden, second, *where)

    def _confirms_marked_revoke(self, v: Violation) -> bool:
        """Whether a revoke found by a later play (P207) is one the table already marked."""
        trick = v.fault_trick
        if trick is None:
            return False
        for raw in self.raw:
            if raw.code == "P205" and raw.seat == v.seat and raw.trick == trick and raw.marked:
                if "confirmed" not in raw.message:
                    raw.message += f"; confirmed by a later play ({v.message})"
                return True
        return False

    def revoke_mark(
        self,
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
            self.raw_finding(
                "R001", seat, f"{seat} {card} is marked as a revoke (^R), but {why}", line, col
            )
        elif hidden:
            raw = self.raw_finding(
                "P205",
                seat,
                f"{seat} {card} is marked as a revoke at the table (the record does not show "
                "the hand, so the replay cannot confirm it)",
                line,
                col,
                rule="play.strict-follow",
                marked=True,
                fault_trick=self.trick_no,
            )
            before = self.before_trick.get(self.trick_no or -1)
            if before is not None:
                raw.scores, raw.brisques = dict(before[0]), dict(before[1])
        else:
            self.raw_finding(
                "R001",
                seat,
                f"{seat} {card} is marked as a revoke (^R), but the hand shows no card that "
                "had to be played",
                line,
                col,
            )

    def events(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, Draw):  # the commonest first
                if self.count_marks:
                    self.flush_counts()
                self.draw(event)
            elif isinstance(event, Declaration):
                if self.count_marks:
                    self.flush_counts()
                self.declaration(event)
            elif isinstance(event, Mark):
                self.mark(event)
            elif isinstance(event, Comment):
                self.attach_comment(event)
            elif isinstance(event, Variation):
                self.attach_variation(event)

    def declaration(self, decl: Declaration) -> None:
        if decl.seat not in self.ctx.seats:
            self.left_out(decl.seat, decl.pos, f"a {decl.kind} declared")
            return
        carried = [(c.kind, c.cards, c.score) for c in decl.carried]
        self.event_no += 1
        outcome = self.state.declare(decl.seat, decl.kind, decl.cards, decl.score, carried)
        if decl.kind != "last-trick":
            self.marked_delta[decl.seat] += decl.score - outcome.score
        if not outcome.violations:
            self.clean_declaration = self.event_no
        if outcome.violations:
            self.violations(
                outcome.violations,
                decl.pos,
                claimed=decl.score,
                correct=outcome.score,
                cards=tuple(map(str, decl.cards)),
            )
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
        self.step("declare", decl.seat, text, _line(decl.pos), None, decl.glyphs, decl.comments)

    def draw(self, draw: Draw) -> None:
        if draw.seat not in self.ctx.seats:
            self.left_out(draw.seat, draw.pos, "a draw")
            return
        self.event_no += 1
        found: list[Violation] = []
        for card in draw.cards:
            found.extend(self.state.draw(draw.seat, card))
        # Portland law 29: the loser drew first and the winner then drew the next card: both
        # drew the wrong cards, too late to rectify.
        previous = self._latest({"W303"}, None) if self.raw else None
        if (
            previous is not None
            and previous.event == self.event_no - 1
            and previous.seat != draw.seat
            and not any(v.code == "W303" for v in found)
        ):
            previous.both = True
        if found:
            self.violations(found, draw.pos)
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
            _line(draw.pos),
            named[0] if len(named) == 1 and len(draw.cards) == 1 else None,
            comments=draw.comments,
        )

    # ----------------------------------------------------------------- marks
    def mark(self, mark: Mark) -> None:
        if mark.seat is not None and mark.seat not in self.ctx.seats:
            self.left_out(mark.seat, mark.pos, f"^{mark.code}")
            return
        code = mark.code
        line, col = _line(mark.pos), _col(mark.pos)
        cards = tuple(map(str, mark.cards))
        if code != "too-many" and code != "too-few":
            self.flush_counts()
        described = f"^{code}" + (f" {mark.seat}" if mark.seat else "")
        if cards:
            described += " " + " ".join(cards)
        if mark.text:
            described += f' "{mark.text}"'
        if code in DEAL_MARKS:
            self.raw_finding(
                DEAL_MARKS[code],
                mark.seat,
                _mark_message(mark),
                line,
                col,
                cards=cards,
            )
        elif code == "exposed":
            owner = mark.seat
            dealer = self.deal.dealer
            own = owner == dealer if self.plays == 0 else True
            if self.plays == 0:
                self.raw_finding(
                    "D104" if own else "D103",
                    owner if own else dealer,
                    f"{'the dealer' if own else dealer} exposed "
                    f"{' '.join(cards) or 'a card'}"
                    + (f" of {owner}'s" if owner and not own else "")
                    + (" while dealing" if not own else " (his own card)"),
                    line,
                    col,
                    cards=cards,
                )
        elif code == "faced":
            late = self.state.played[self.deal.dealer] > 0
            self.raw_finding(
                "D108" if late else "D107",
                None,
                f"{' '.join(cards) or 'a card'} found face up in the "
                + ("stock after the dealer's first play" if late else "pack"),
                line,
                col,
                cards=cards,
            )
        elif code in ("too-many", "too-few"):
            self.count_marks.append((mark, code == "too-many"))
        elif code == "seen":
            target = self._latest({"W302"}, mark.seat)
            if target is not None:
                target.seen = True
        elif code == "saw":
            self.raw_finding(
                "W304",
                mark.seat,
                f"{mark.seat} looked at two cards drawing as the loser of the trick",
                line,
                col,
                cards=cards,
                seen=True,
            )
        elif code == "challenge":
            for target in self._challenged(mark.seat):
                target.challenge = "in-time" if self.plays == target.plays_at else "late"
        elif code == "elect":
            target = self._latest_open_election(mark.seat)
            if target is not None:
                word = (mark.value or mark.text or "").strip().lower() or None
                target.election = ELECTION_ALIASES.get(word or "", word)
                target.elected_by = mark.seat
        elif code == "lead-out-of-turn":
            if self._latest({"P201"}, mark.seat, since_trick=self.trick_no) is None:
                self.raw_finding(
                    "R001",
                    mark.seat,
                    f"a lead out of turn by {mark.seat or 'a player'} is marked, but the replay "
                    f"shows {mark.seat or 'no one'} leading in turn",
                    line,
                    col,
                )
        elif code == "revoke":
            if self._latest(STRICT_CODES, mark.seat, since_trick=self.trick_no) is None:
                self.raw_finding(
                    "R001",
                    mark.seat,
                    f"a revoke by {mark.seat or 'a player'} is marked, but the replay finds no "
                    "failure to follow or to win in this trick",
                    line,
                    col,
                )
        elif code == "ruling":
            self.rulings.append(mark.text or "")
        elif code not in KNOWN_MARKS:
            self.raw_finding(
                "R001",
                mark.seat,
                f"unknown mark ^{code}: the validator cannot judge it",
                line,
                col,
            )
        self.step("mark", mark.seat, f"Marked at the table: {described}", line, None, (), ())
        if code == "ruling" and mark.text and self.steps:
            self.steps[-1].comments.append(f"Ruling at the table: {mark.text}")
        for comment in mark.comments:
            self.attach_comment(comment)

    def flush_counts(self) -> None:
        """Resolve the ``^too-many`` / ``^too-few`` marks written together into one finding."""
        if not self.count_marks:
            return
        marks, self.count_marks = self.count_marks, []
        many = [m.seat for m, is_many in marks if is_many and m.seat]
        few = [m.seat for m, is_many in marks if not is_many and m.seat]
        first = marks[0][0]
        line, col = _line(first.pos), _col(first.pos)
        existing = {(r.code, r.seat) for r in self.raw}
        if not self.state.played[self.deal.dealer]:
            for seat in many:
                if ("D105", seat) not in existing:
                    self.raw_finding("D105", seat, f"{seat} was dealt too many cards", line, col)
            for seat in few:
                if ("D106", seat) not in existing:
                    self.raw_finding("D106", seat, f"{seat} was dealt too few cards", line, col)
            return
        if len(many) >= 2:
            self.raw_finding("P204", None, "both players hold too many cards", line, col, both=True)
        elif many and few:
            self.raw_finding(
                "P210",
                many[0],
                f"{many[0]} holds too many cards and {few[0]} too few",
                line,
                col,
            )
        elif len(few) >= 2:
            self.raw_finding("P211", None, "both players hold too few cards", line, col, both=True)
        elif many:
            self.raw_finding(
                "P202", many[0], f"{many[0]} holds too many cards after the first trick", line, col
            )
        elif few:
            self.raw_finding(
                "P203", few[0], f"{few[0]} holds too few cards after the first trick", line, col
            )

    def _latest(
        self, codes: Iterable[str], seat: str | None, since_trick: int | None = None
    ) -> _Raw | None:
        wanted = set(codes)
        for raw in reversed(self.raw):
            if since_trick is not None and (raw.trick or 0) < since_trick:
                return None
            if raw.code in wanted and (seat is None or raw.seat == seat):
                return raw
        return None

    def _challenged(self, by: str | None) -> list[_Raw]:
        """The findings a ``^challenge`` disputes: those of the latest faulty event.

        A challenge follows the declaration (or play, or draw) it disputes; a declaration that
        broke no rule, written after the last faulty event, is what was challenged, and the
        challenge fails. Findings against the challenger himself are not his to dispute.
        """
        open_ = [
            r
            for r in self.raw
            if r.code[0] in "ADPW" and r.challenge == "none" and (by is None or r.seat != by)
        ]
        if not open_:
            return []
        event = max(r.event for r in open_)
        if self.clean_declaration > event:
            return []
        return [r for r in open_ if r.event == event]

    def _latest_open_election(self, by: str | None) -> _Raw | None:
        """The latest finding whose remedy (under the chosen laws) gives an election."""
        for raw in reversed(self.raw):
            if raw.election is not None or raw.code[0] in "SR":
                continue
            found = self.ctx.laws.rule_for(raw.code, self.provisional_context(raw))
            if found is not None and found[1].options:
                return raw
        return None

    def attach_comment(self, comment: Comment) -> None:
        if self.steps:
            self.steps[-1].comments.append(comment.text)

    def attach_variation(self, variation: Variation) -> None:
        if self.steps:
            self.steps[-1].variations.append(_variation_text(variation))

    # ----------------------------------------------------------------- the end of the deal
    def end(self) -> None:
        outcome = self.state.finish()
        self.outcome = outcome
        self.violations(outcome.violations, self.deal.score.pos if self.deal.score else None)
        self.marked = {
            seat: outcome.scores[seat] + self.marked_delta.get(seat, 0) for seat in self.ctx.seats
        }
        claimed = self.deal.score
        before = len(self.raw)
        if claimed is not None:
            where_line, where_col = _line(claimed.pos), _col(claimed.pos)
            for seat, points in claimed.scores:
                if seat in self.marked and points != self.marked[seat]:
                    self.raw_finding(
                        "S501",
                        seat,
                        f"{seat}'s deal score is claimed as {points}, the replay makes it "
                        f"{self.marked[seat]}",
                        where_line,
                        where_col,
                        claimed=points,
                        correct=self.marked[seat],
                    )
            for seat, count in claimed.brisques:
                if seat in outcome.brisques and count != outcome.brisques[seat]:
                    self.raw_finding(
                        "S502",
                        seat,
                        f"{seat}'s brisques are claimed as {count}, the replay counts "
                        f"{outcome.brisques[seat]}",
                        where_line,
                        where_col,
                        claimed=count,
                        correct=outcome.brisques[seat],
                    )
        for raw in self.raw[before:]:
            raw.trick = None  # a claim of the deal's end belongs to no trick
        if self.ctx.keep_steps:
            parts = ", ".join(f"{s} {p}" for s, p in self.marked.items())
            line = _line(claimed.pos) if claimed is not None else None
            comments = claimed.comments if claimed is not None else ()
            self.step(
                "end", None, f"End of deal {self.deal.number}: {parts}", line, None, (), comments
            )

    def provisional_context(self, raw: _Raw) -> RemedyContext:
        """The facts of ``raw`` as they stand now, in the middle of the deal (for elections)."""
        return self._context(raw, self.state.scores(), dict(self.state.brisques), None)

    def context_for(self, raw: _Raw) -> RemedyContext:
        """The facts of ``raw`` the laws need, once the deal is over."""
        return self._context(
            raw, self.marked, self.outcome.brisques, self.outcome.last_trick_winner
        )

    def _context(
        self,
        raw: _Raw,
        final_scores: Mapping[str, int],
        final_brisques: Mapping[str, int],
        last_trick_winner: str | None,
    ) -> RemedyContext:
        seats = self.ctx.seats
        offender = raw.seat
        adversary = None
        if offender is not None and offender in seats:
            adversary = _next_seat(seats, offender)
        elif raw.code.startswith("D"):
            # A fault of the pack or the cut with no one at fault: the dealer deals again,
            # the pone holds any option.
            offender = None
            adversary = _next_seat(seats, self.deal.dealer)
        since = 0
        if offender is not None:
            since = final_brisques.get(offender, 0) - raw.brisques.get(offender, 0)
        strict: dict[str, int] = {}
        if self.strict_brisques is not None:
            strict = {s: final_brisques.get(s, 0) - self.strict_brisques.get(s, 0) for s in seats}
        dealer_played = raw.dealer_played
        if raw.header:
            dealer_played = self.state.played[self.deal.dealer] > 0
        return RemedyContext(
            offender=offender,
            adversary=adversary,
            scores=raw.scores,
            final_scores=final_scores,
            trick=raw.fault_trick if raw.fault_trick is not None else raw.trick,
            dealer_played=dealer_played,
            election=raw.election,
            elected_by=raw.elected_by,
            challenge=raw.challenge,  # type: ignore[arg-type]
            claimed=raw.claimed,
            correct=raw.correct,
            seen=raw.seen,
            both=raw.both,
            pack_redundant=raw.code == "D109",
            variant=self.rules.name,
            last_trick_value=self.rules.last_trick,
            last_trick_winner=last_trick_winner,
            brisques_since=since,
            strict_brisques=strict,
            brisques_in_score=self.rules.brisque_scoring != "settlement",
            brisque_value=self.rules.brisque_value,
            cards=raw.cards,
        )

    def remedies(self) -> list[Remedy | None]:
        """Each raw finding's remedy; one declaration's score is taken down once only.

        A declaration can break several rules at once (scored without winning the trick *and*
        at a wrong value): the score comes down once, and a correction of its value (A411) is
        moot when the score itself comes down.
        """
        ctx = self.ctx
        out: list[Remedy | None] = []
        taken: dict[tuple[int, str | None], int] = {}
        for raw in self.raw:
            remedy: Remedy | None
            try:
                remedy = ctx.laws.remedy(raw.code, self.context_for(raw))
            except LawsError as exc:
                remedy = Remedy(ctx.laws.name, "", f"the laws cannot rule: {exc}")
            if remedy is not None and raw.code.startswith("A") and raw.seat is not None:
                key = (raw.event, raw.seat)
                down = -min(0, remedy.score_changes.get(raw.seat, 0))
                if down and key in taken:
                    remedy = _moot(remedy, raw.seat, "the score is already taken down")
                elif down:
                    taken[key] = down
            out.append(remedy)
        for index, raw in enumerate(self.raw):
            remedy = out[index]
            if (
                raw.code == "A411"
                and remedy is not None
                and (raw.event, raw.seat) in taken
                and remedy.score_changes.get(raw.seat or "", 0) >= 0
            ):
                out[index] = _moot(remedy, raw.seat, "the whole score is taken down")
        return out

    def result(self) -> tuple[DealReplay, DealResult | None, DealDetail]:
        ctx = self.ctx
        findings: list[Finding] = []
        remedies = self.remedies()
        step_findings: dict[int, list[int]] = {}
        for raw, remedy in zip(self.raw, remedies, strict=True):
            location = Location(ctx.source, raw.line, raw.column, self.deal.number, raw.trick)
            step_findings.setdefault(raw.step, []).append(len(findings))
            findings.append(
                ctx.finding(raw.code, raw.seat, raw.message, location, raw.rule, remedy)
            )
        corrected = apply_remedies(self.marked, self.outcome.brisques, remedies)
        settlement: DealSettlement | None = None
        result: DealResult | None = None
        working = list(corrected.working) + [f"Ruling at the table: {r}" for r in self.rulings]
        if corrected.replay_from_trick is not None:
            working.append(
                f"The laws order play taken back and replayed from trick "
                f"{corrected.replay_from_trick}; the record cannot show the replayed tricks, so "
                "the deal is reckoned as it was played."
            )
        rules = _settlement_rules(self.rules)
        if corrected.void:
            settlement = DealSettlement(
                scores=corrected.scores,
                brisques=corrected.brisques,
                winner=None,
                value=0,
                void=True,
                working=tuple(working),
            )
        elif self.outcome.complete or corrected.winner is not None:
            if corrected.winner is not None and corrected.value is not None:
                settlement = DealSettlement(
                    scores=corrected.scores,
                    brisques=corrected.brisques,
                    winner=corrected.winner,
                    value=corrected.value,
                    rubicon=True,
                    working=tuple(working),
                )
                result = DealResult(
                    scores=corrected.scores,
                    brisques=corrected.brisques,
                    winner=corrected.winner,
                    value=corrected.value,
                    rubicon=True,
                    working=tuple(working),
                    points=corrected.scores,
                )
            elif rules is not None:
                try:
                    # The settlement takes points without brisques and counts them itself.
                    result = settle_deal(
                        {
                            s: max(0, p - self._brisque_points(corrected.brisques, s))
                            for s, p in corrected.scores.items()
                        },
                        corrected.brisques,
                        rules,
                        last_trick=self.outcome.last_trick_winner,
                    )
                except SettlementError as exc:
                    working.append(f"cannot settle: {exc}")
                else:
                    settlement = DealSettlement(
                        **{**result.replay_fields(), "working": (*working, *result.working)}
                    )
        steps: tuple[Step, ...] = ()
        if ctx.keep_steps:
            steps = tuple(
                _finish_step(i, draft, step_findings.get(i, ()))
                for i, draft in enumerate(self.steps)
            )
        replayed = DealReplay(
            number=self.deal.number,
            dealer=self.deal.dealer,
            trump=self.outcome.trump,
            steps=steps,
            findings=tuple(findings),
            settlement=settlement,
        )
        detail = DealDetail(
            number=self.deal.number,
            marked=dict(self.marked),
            brisques=dict(self.outcome.brisques),
            corrected=corrected,
            complete=self.outcome.complete,
            last_trick_winner=self.outcome.last_trick_winner,
            rulings=tuple(self.rulings),
            options=tuple(self._options(raw, index) for index, raw in enumerate(self.raw)),
        )
        return replayed, (None if corrected.void else result), detail

    def _brisque_points(self, brisques: Mapping[str, int], seat: str) -> int:
        """The points for brisques a deal score includes (none where they are kept apart)."""
        rules = self.rules
        if rules.no_brisques or rules.brisque_scoring == "settlement":
            return 0
        return brisques.get(seat, 0) * rules.brisque_value

    def _options(self, raw: _Raw, index: int) -> tuple[Remedy, ...]:
        """Each option the laws give for finding ``index``, ruled on (empty when none)."""
        try:
            return self.ctx.laws.options(raw.code, self.context_for(raw))
        except LawsError:
            return ()


# --------------------------------------------------------------------------- the record
def replay(
    record: Record,
    *,
    ruleset: RuleSet | str | Path | None = None,
    laws: Laws | str | Path | None = None,
    source: str | None = None,
    steps: bool = True,
) -> Replay:
    """Replay ``record`` under a rule set and a code of laws; every view reads the result.

    ``ruleset`` defaults to the record's Variant tag (then Rubicon), ``laws`` to its Laws tag
    (then the English laws). ``steps=False`` skips the per-step state that only the viewers
    need, for checking large batches. Nothing here raises on a bad record: every problem is a
    finding.
    """
    return replay_with_details(
        record, ruleset=ruleset, laws=laws, source=source, steps=steps
    ).replay


@dataclass(frozen=True, slots=True)
class DealDetail:
    """What the adjudicator needs beyond the :class:`Replay`: the deal's scores as marked at the
    table, the remedies applied to them (also for a deal left unfinished, which has no
    settlement), and every option of every election, each ruled on."""

    number: int
    marked: dict[str, int]
    """The deal's scores as marked at the table (every claim at the value claimed)."""
    brisques: dict[str, int]
    corrected: CorrectedDeal
    complete: bool
    last_trick_winner: str | None
    rulings: tuple[str, ...]
    options: tuple[tuple[Remedy, ...], ...]
    """For each finding of the deal, in order: one remedy per option its law gives."""


@dataclass(frozen=True, slots=True)
class ReplayDetails:
    """A :class:`Replay` and, for each deal replayed (in order), its :class:`DealDetail`."""

    replay: Replay
    deals: tuple[DealDetail, ...]


def replay_with_details(
    record: Record,
    *,
    ruleset: RuleSet | str | Path | None = None,
    laws: Laws | str | Path | None = None,
    source: str | None = None,
    steps: bool = True,
) -> ReplayDetails:
    """:func:`replay`, keeping what the ruling of a dispute needs besides (``bezique
    adjudicate``): one walk of the record gives both."""
    source = source if source is not None else record.source
    record_findings: list[Finding] = []
    problems: list[tuple[str, str]] = []
    chosen_laws = _resolve_laws(laws, record, problems)
    rules = _resolve_rules(ruleset, record, chosen_laws, problems)
    seats = _resolve_seats(record, rules, problems)
    ctx = _Context(record, rules, chosen_laws, seats, source, steps)
    for code, message in problems:
        line, col = (record.pos.line, record.pos.column) if record.pos else (None, None)
        record_findings.append(
            ctx.finding(
                code,
                None,
                message,
                Location(source, line, col),
                remedy=ctx.record_remedy(code, None),
            )
        )
    deals: list[DealReplay] = []
    details: list[DealDetail] = []
    results: list[tuple[Deal, DealResult]] = []
    settlement_rules = _settlement_rules(rules)
    alternates = settlement_rules is not None and settlement_rules.kind == "target"
    expected: str | None = None
    for index, deal in enumerate(record.deals):
        try:
            walker = _DealWalker(ctx, deal, index, expected)
        except EngineError as exc:
            record_findings.append(
                ctx.finding(
                    "R001",
                    None,
                    f"deal {deal.number} cannot be replayed: {exc}",
                    Location(source, _line(deal.pos), _col(deal.pos), deal.number),
                )
            )
            expected = None
            continue
        walker.run()
        replayed, result, detail = walker.result()
        deals.append(replayed)
        details.append(detail)
        if result is not None:
            results.append((deal, result))
        # In a game of several deals the deal passes in turn; a void deal is dealt again by the
        # same dealer (English and French laws) or by the next (forfeits, 122): either is
        # accepted then. Each Rubicon deal is a game of its own, dealt as the cut decides
        # (Portland law 6), so no order is checked there.
        expected = None
        if alternates and not detail.corrected.void and deal.dealer in seats:
            expected = _next_seat(seats, deal.dealer)
    game = _settle_game(ctx, record, deals, results, record_findings)
    players = {t.name: t.value for t in record.tags if t.name in seats}
    replayed_record = Replay(
        record=record,
        source=source,
        variant=rules.name,
        laws=chosen_laws.name,
        seats=seats,
        players=players,
        tags={t.name: t.value for t in record.tags},
        deals=tuple(deals),
        findings=tuple(record_findings),
        game=game,
    )
    return ReplayDetails(replayed_record, tuple(details))


def _resolve_laws(
    laws: Laws | str | Path | None, record: Record, problems: list[tuple[str, str]]
) -> Laws:
    if isinstance(laws, Laws):
        return laws
    wanted: str | Path | None = laws
    if wanted is None:
        tag = record.tag("Laws")
        wanted = tag.strip().lower() if tag else DEFAULT_LAWS
    try:
        return load_laws_cached(wanted)
    except LawsError as exc:
        problems.append(("R001", f"laws {str(wanted)!r} cannot be used ({exc}); English applied"))
        return load_laws_cached(DEFAULT_LAWS)


def _resolve_rules(
    ruleset: RuleSet | str | Path | None,
    record: Record,
    laws: Laws,
    problems: list[tuple[str, str]],
) -> RuleSet:
    overrides = dict(laws.rules_overrides)
    if isinstance(ruleset, RuleSet):
        names = {f.name for f in fields(RuleSet)}
        return replace(ruleset, **{k: v for k, v in overrides.items() if k in names})
    wanted: str | Path | None = ruleset
    if wanted is None:
        tag = record.tag("Variant")
        if not tag:
            problems.append(("R001", f"no Variant tag: the {DEFAULT_VARIANT} rules applied"))
        wanted = tag.strip().lower() if tag else DEFAULT_VARIANT
    try:
        house = overrides_from_tag(record.tag("HouseRules"))
    except HouseRulesError as exc:
        problems.append(("R001", f"the HouseRules tag cannot be used: {exc}"))
        house = {}
    if house:
        try:
            return load_ruleset(wanted, merge_overrides(overrides, house))
        except RuleSetError as exc:
            problems.append(("R001", f"the HouseRules tag cannot be used: {exc}"))
    try:
        return load_ruleset(wanted, overrides)
    except RuleSetError as exc:
        problems.append(("R001", f"variant {str(wanted)!r} cannot be used ({exc})"))
        return load_ruleset(DEFAULT_VARIANT, overrides)


def _resolve_seats(
    record: Record, rules: RuleSet, problems: list[tuple[str, str]]
) -> tuple[str, ...]:
    seats = record.seats
    default = tuple("ABCD"[: rules.players])
    if len(seats) == rules.players or set(seats) <= set(default):
        # A record may name fewer seats than play (a fragment where one seat never shows).
        return seats if len(seats) == rules.players else default
    if seats:
        problems.append(
            (
                "R001",
                f"the record names seats {', '.join(seats)} but {rules.title} is for "
                f"{rules.players} players: seats {', '.join(default)} assumed",
            )
        )
    return default


def _settlement_rules(rules: RuleSet) -> SettlementRules | None:
    parsed = rules.settlement_rules
    return parsed if isinstance(parsed, SettlementRules) else None


def _settle_game(
    ctx: _Context,
    record: Record,
    deals: list[DealReplay],
    results: list[tuple[Deal, DealResult]],
    findings: list[Finding],
) -> GameSettlement | None:
    settled = [deal for deal, _ in results]
    rules = _settlement_rules(ctx.rules)
    if rules is None or not results:
        return None
    target_tag = record.tag("Target")
    target = int(target_tag) if target_tag and target_tag.strip().isdigit() else None
    try:
        game: GameResult = settle_game([r for _, r in results], rules, target=target)
    except SettlementError as exc:
        findings.append(
            ctx.finding("R001", None, f"the game cannot be settled: {exc}", Location(ctx.source))
        )
        return None
    _check_totals(ctx, settled, game, findings)
    _check_result(ctx, record, game, findings)
    return GameSettlement(**game.replay_fields())


def _check_totals(
    ctx: _Context, deals: list[Deal], game: GameResult, findings: list[Finding]
) -> None:
    for deal, running in zip(deals, game.running, strict=False):
        if deal.score is None:
            continue
        for seat, total in deal.score.totals:
            if seat in running and running[seat] != total:
                findings.append(
                    ctx.finding(
                        "S504",
                        seat,
                        f"{seat}'s running total after deal {deal.number} is written as "
                        f"{total}, the replay makes it {running[seat]}",
                        Location(
                            ctx.source, _line(deal.score.pos), _col(deal.score.pos), deal.number
                        ),
                        remedy=ctx.record_remedy("S504", seat, total, running[seat]),
                    )
                )


def _check_result(ctx: _Context, record: Record, game: GameResult, findings: list[Finding]) -> None:
    claimed = (record.tag("Result") or "").strip()
    if claimed in ("", "*"):
        return
    tag = next(t for t in record.tags if t.name == "Result")
    where = Location(ctx.source, _line(tag.pos), _col(tag.pos))
    parts = claimed.split()
    winner = parts[0] if parts else None
    value = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    if game.winner is None and game.value is None:
        return
    if claimed.lower() == game.result.strip().lower():
        return
    if winner != game.winner and not (claimed.lower() in ("draw", "void") and game.winner is None):
        findings.append(
            ctx.finding(
                "S503",
                winner,
                f"the Result tag says {claimed!r}, the replay gives {game.result!r}",
                where,
                remedy=ctx.record_remedy("S503", winner),
            )
        )
    elif value is not None and game.value is not None and value != game.value:
        findings.append(
            ctx.finding(
                "S507",
                winner,
                f"the Result tag values the game at {value}, the settlement at {game.value}",
                where,
                remedy=ctx.record_remedy("S507", winner, value, game.value),
            )
        )


# --------------------------------------------------------------------------- sittings
def sitting_findings(
    replays: Iterable[Replay], laws: Laws | str | Path | None = None
) -> list[Finding]:
    """Check a chouette's rotation over the records of a sitting (S506), in the order played.

    Each record is one game; its ``Chouette`` tag names the chouette player's seat, the seat
    tags the players. rubicon-bezique-laws.txt, Chouette Bézique: "If the chouette player wins,
    one of his opponents takes the loser's place; but if he loses, the same player opposes him
    for the next game." Records without a Chouette tag or without a settled game are left out.
    A finding stands at the Chouette tag of the game played by the wrong adversary.
    """
    games: list[tuple[Replay, SittingGame]] = []
    chouette: str | None = None
    for replayed in replays:
        seat = replayed.tags.get("Chouette", "").strip()
        game = replayed.game
        if not seat or game is None or game.winner is None or game.value is None:
            continue
        names = tuple(replayed.players.get(s, s) for s in replayed.seats)
        chouette = chouette or replayed.players.get(seat, seat)
        winner = replayed.players.get(game.winner, game.winner)
        games.append((replayed, SittingGame(names, winner, game.value)))
    if not games:
        return []
    problems = check_chouette_rotation([g for _, g in games], chouette)
    out: list[Finding] = []
    for problem in problems:
        replayed = games[problem.game - 1][0]
        chosen = _resolve_laws(laws if laws is not None else replayed.laws, replayed.record, [])
        try:
            rules = load_ruleset(replayed.variant)
        except RuleSetError:
            rules = load_ruleset(DEFAULT_VARIANT)
        ctx = _Context(replayed.record, rules, chosen, replayed.seats, replayed.source, False)
        tag = next((t for t in replayed.record.tags if t.name == "Chouette"), None)
        where = Location(
            replayed.source, _line(tag.pos) if tag else None, _col(tag.pos) if tag else None
        )
        out.append(
            ctx.finding(
                "S506",
                None,
                f"game {problem.game} of the sitting: {problem.message}",
                where,
                remedy=ctx.record_remedy("S506", None),
            )
        )
    return out


# --------------------------------------------------------------------------- small helpers
def _finish_step(index: int, draft: _StepDraft, findings: Iterable[int]) -> Step:
    assert draft.state is not None
    hands, table, trick_cards, trump, turnup, stock, scores, brisques = draft.state
    return Step(
        index=index,
        kind=draft.kind,
        trick=draft.trick,
        seat=draft.seat,
        text=draft.text,
        hands=hands,
        table=table,
        trick_cards=trick_cards,
        trump=trump,
        turnup=turnup,
        stock=stock,
        scores=scores,
        brisques=brisques,
        comments=tuple(draft.comments),
        glyphs=draft.glyphs,
        findings=tuple(findings),
        line=draft.line,
        card=draft.card,
        variations=tuple(draft.variations),
    )


def _declarations(deal: Deal) -> list[tuple[str, str, tuple[Card, ...]]]:
    """The deal's declarations in order, with the announcements carried on each line, as the
    engine's foresight takes them (variations aside: they are not replayed)."""
    found: list[tuple[str, str, tuple[Card, ...]]] = []
    events = [*deal.events, *(e for trick in deal.tricks for e in trick.events)]
    for event in events:
        if isinstance(event, Declaration):
            found.append((event.seat, event.kind, event.cards))
            found.extend((event.seat, c.kind, c.cards) for c in event.carried)
    return found


def _next_seat(seats: tuple[str, ...], seat: str) -> str:
    """The seat after ``seat`` in playing order (the pone, when ``seat`` deals)."""
    return seats[(seats.index(seat) + 1) % len(seats)] if seat in seats else seat


def _moot(remedy: Remedy, seat: str | None, why: str) -> Remedy:
    """``remedy`` without its score change for ``seat``: another remedy already covers it."""
    changes = {s: p for s, p in remedy.score_changes.items() if s != seat}
    return replace(remedy, score_changes=changes, summary=f"{remedy.summary} (Moot: {why}.)")


def _line(pos: Any) -> int | None:
    return None if pos is None else int(pos.line)


def _col(pos: Any) -> int | None:
    return None if pos is None else int(pos.column)


def _text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def _mark_message(mark: Mark) -> str:
    words = {
        "cut-exposed": "the cut showed more than one card",
        "short-cut": "the cut left a packet of under five cards",
        "imperfect-pack": "the pack is imperfect",
    }[mark.code]
    if mark.seat:
        words = f"{mark.seat}: {words}"
    if mark.cards:
        words += f" ({_text(mark.cards)})"
    if mark.text:
        words += f": {mark.text}"
    return words


def _variation_text(variation: Variation) -> str:
    from notation.writer import write_variation

    return write_variation(variation)
