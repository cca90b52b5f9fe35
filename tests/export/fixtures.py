"""Hand-made replays for the exporter tests, built without the engine.

These replays are made by hand with :class:`DealBuilder`, not by the replayer,
so that the views are tested against figures the engine did not compute: the
builder only keeps the state (hands, the cards on the table, the trick, the
stock, the scores) and takes a snapshot after each event. It checks no rule:
every winner, score and finding below is decided by hand, with the rule text
cited where a number comes from.

Two replays:

* :func:`two_pack_replay`: an ordinary (two-pack) game cut short after three
  tricks, with a hostile player name and comment, glyphs, comments, a wrong
  declaration score (A411) and a record-level finding without a remedy (S503).
* :func:`rubicon_replay`: a Rubicon deal of two tricks where B's hand is only
  partly known, with a lead out of turn (P201, with an election), the first
  marriage fixing trumps, and the settlement of a rubicon worked out.
"""

from __future__ import annotations

from notation.model import Comment, Record
from validator.replay import (
    Correction,
    DealReplay,
    DealSettlement,
    Finding,
    GameSettlement,
    Location,
    Remedy,
    Replay,
    Step,
)

HOSTILE_NAME = "<script>alert(1)</script>"
HOSTILE_COMMENT = "</script><script>window.__pwned=1</script><img src=x onerror=window.__pwned=2>"

BRISQUE_RANKS = "AT"


class DealBuilder:
    """Keeps a deal's visible state and records a :class:`Step` after each event."""

    def __init__(
        self,
        hands: dict[str, list[str | None]],
        stock: int,
        trump: str | None,
        turnup: str | None,
    ) -> None:
        self.hands = {seat: list(cards) for seat, cards in hands.items()}
        self.table: dict[str, list[str]] = {seat: [] for seat in hands}
        self.trick_cards: list[tuple[str, str]] = []
        self.trump = trump
        self.turnup = turnup
        self.stock = stock
        self.scores = dict.fromkeys(hands, 0)
        self.brisques = dict.fromkeys(hands, 0)
        self.steps: list[Step] = []
        self.trick: int | None = None

    def _snap(
        self,
        kind: str,
        seat: str | None,
        text: str,
        *,
        comments: tuple[str, ...] = (),
        glyphs: tuple[str, ...] = (),
        findings: tuple[int, ...] = (),
        line: int | None = None,
        card: str | None = None,
    ) -> None:
        self.steps.append(
            Step(
                index=len(self.steps),
                kind=kind,
                trick=self.trick,
                seat=seat,
                text=text,
                hands={seat: tuple(cards) for seat, cards in self.hands.items()},
                table={seat: tuple(cards) for seat, cards in self.table.items()},
                trick_cards=tuple(self.trick_cards),
                trump=self.trump,
                turnup=self.turnup,
                stock=self.stock,
                scores=dict(self.scores),
                brisques=dict(self.brisques),
                comments=comments,
                glyphs=glyphs,
                findings=findings,
                line=line,
                card=card,
            )
        )

    def deal(self, text: str, *, line: int, comments: tuple[str, ...] = ()) -> None:
        self._snap("deal", None, text, line=line, comments=comments)

    def mark(self, seat: str, points: int, text: str, *, line: int) -> None:
        self.scores[seat] += points
        self._snap("mark", seat, text, line=line)

    def play(
        self,
        seat: str,
        card: str,
        *,
        line: int,
        comments: tuple[str, ...] = (),
        glyphs: tuple[str, ...] = (),
        findings: tuple[int, ...] = (),
    ) -> None:
        if not self.trick_cards:
            self.trick = (self.trick or 0) + 1
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
        elif card in self.table[seat]:
            self.table[seat].remove(card)
        else:
            hand.remove(None)  # a card the record had not named until now
        self.trick_cards.append((seat, card))
        self._snap(
            "play",
            seat,
            f"{seat} plays {card}",
            line=line,
            comments=comments,
            glyphs=glyphs,
            findings=findings,
            card=card,
        )

    def win(self, seat: str, *, line: int) -> None:
        won = [card for _, card in self.trick_cards]
        self.brisques[seat] += sum(1 for card in won if card[0] in BRISQUE_RANKS)
        # The won trick stays on view at its own step and is gathered after it.
        self._snap("trick", seat, f"{seat} wins trick {self.trick}", line=line)
        self.trick_cards = []

    def declare(
        self,
        seat: str,
        name: str,
        cards: tuple[str, ...],
        points: int,
        *,
        line: int,
        trump: str | None = None,
        comments: tuple[str, ...] = (),
        glyphs: tuple[str, ...] = (),
        findings: tuple[int, ...] = (),
    ) -> None:
        for card in cards:
            if card in self.hands[seat]:
                self.hands[seat].remove(card)
                self.table[seat].append(card)
        self.scores[seat] += points
        if trump is not None:
            self.trump = trump
        text = f"{seat} declares {name} {' '.join(cards)} {points}"
        self._snap(
            "declare", seat, text, line=line, comments=comments, glyphs=glyphs, findings=findings
        )

    def draw(self, seat: str, card: str | None, *, line: int) -> None:
        self.hands[seat].append(card)
        self.stock -= 1
        text = f"{seat} draws {card}" if card else f"{seat} draws"
        self._snap("draw", seat, text, line=line, card=card)

    def end(self, text: str, *, line: int) -> None:
        self._snap("end", None, text, line=line)


def _record(*comments: str) -> Record:
    # The views read only the record's own comments (before its first deal) from it.
    return Record(events=tuple(Comment(text) for text in comments))


def two_pack_replay() -> Replay:
    """An ordinary game cut short after three tricks (see the module docstring)."""
    source = "fixtures/two-pack.bzn"
    b = DealBuilder(
        {
            "A": ["7D", "8H", "9H", "JD", "JS", "QS", "KS", "TS"],
            "B": ["7S", "8D", "9C", "9C", "QC", "KC", "AH", "AH"],
        },
        # foster-1914-ordinary-bezique.txt: 64 cards, eight dealt to each: 48 left,
        # the turn-up counted with the stock it lies under.
        stock=48,
        trump="H",
        turnup="7H",
    )
    b.deal("B deals; 7H turned up: hearts are trumps", line=9, comments=(HOSTILE_COMMENT,))
    # The dealer who turns up a seven scores 10 (foster-1914-ordinary-bezique.txt).
    b.mark("B", 10, "B scores 10 for the seven turned up", line=9)
    b.play("A", "7D", line=12, comments=("A leads low to see what B keeps",))
    b.play("B", "9C", line=12, glyphs=("?!",))
    b.win("A", line=12)  # different suits, no trump: the leader wins
    b.draw("A", "KH", line=13)
    b.draw("B", "QH", line=13)
    b.play("A", "8H", line=14)
    b.play("B", "AH", line=14, glyphs=("!",), comments=("B wins the trick and a brisque",))
    b.win("B", line=14)
    b.declare("B", "marriage", ("KC", "QC"), 20, line=15)
    b.draw("B", "7C", line=16)
    b.draw("A", "9S", line=16)
    b.play("B", "7S", line=17)
    b.play("A", "TS", line=17)
    b.win("A", line=17)  # the ten beats the seven of the suit led
    b.declare("A", "bezique", ("QS", "JD"), 40, line=18, findings=(0,), glyphs=("?",))
    b.draw("A", "AD", line=19)
    b.draw("B", "JC", line=19)
    b.end("The record ends after trick 3", line=20)
    steps = tuple(b.steps)
    assert steps[-1].scores == {"A": 40, "B": 30}
    assert steps[-1].brisques == {"A": 1, "B": 1}
    assert steps[-1].stock == 42
    wrong_score = Finding(
        code="A411",
        severity="error",
        seat="A",
        location=Location(file=source, line=18, column=4, deal=1, trick=3),
        message="A claims 50 for bezique QS JD; bezique scores 40",
        rule_id="decl.score",
        rule_text="Each combination scores what the rule set gives it.",
        remedy=Remedy(
            laws="english",
            law_ref="Portland Club law 51",
            summary="A wrong mark may be corrected at any time: 10 taken down from A",
            corrections=(Correction("points", "A", -10, "Portland Club law 51"),),
        ),
    )
    deal = DealReplay(
        number=1,
        dealer="B",
        trump="H",
        steps=steps,
        findings=(wrong_score,),
        settlement=DealSettlement(
            scores={"A": 40, "B": 30},
            brisques={"A": 1, "B": 1},
            winner=None,
            value=0,
            working=(
                "The deal is not finished: its scores stand as marked.",
                "A 40, B 30 carried to the game.",
            ),
        ),
    )
    result_finding = Finding(
        code="S503",
        severity="warning",
        seat=None,
        location=Location(file=source, line=7, column=1),
        message='Result "B 600" is claimed but the game is unfinished',
        rule_id="settle.result",
        rule_text="The result is the one the replay reaches.",
    )
    return Replay(
        record=_record("Before the first deal: ", HOSTILE_COMMENT),
        source=source,
        variant="two-pack",
        laws="english",
        seats=("A", "B"),
        players={"A": "Hart, Alice", "B": HOSTILE_NAME},
        tags={
            "Event": "Bath & <b>Open</b>",
            "Date": "2026.04.18",
            "Variant": "two-pack",
            "Laws": "english",
            "A": "Hart, Alice",
            "B": HOSTILE_NAME,
            "Target": "1000",
            "Result": "B 600",
        },
        deals=(deal,),
        findings=(result_finding,),
        game=GameSettlement(
            totals={"A": 40, "B": 30},
            winner=None,
            value=None,
            result="*",
            working=("Unfinished: A 40, B 30 of 1000.",),
        ),
    )


def rubicon_replay() -> Replay:
    """A Rubicon deal of two tricks, B's hand partly known (see the module docstring)."""
    source = "fixtures/rubicon.bzn"
    b = DealBuilder(
        {
            "A": ["7D", "8H", "9H", "JD", "JS", "QS", "KS", "TS", "AS"],
            "B": ["7S", "7S", "8D", "9C", None, None, None, None, None],
        },
        # rubicon-bezique-laws.txt: four packs (128 cards), nine to each: 110 left.
        stock=110,
        trump=None,
        turnup=None,
    )
    b.deal("A deals; no card turned up", line=10)
    b.play("A", "AS", line=13, findings=(0,))
    b.play("B", "7S", line=13)
    b.win("A", line=13)
    # The first marriage declared fixes trumps and, being royal, scores 40
    # (rubicon-bezique-laws.txt, Declarations).
    b.declare(
        "A",
        "marriage",
        ("KS", "QS"),
        40,
        line=14,
        trump="S",
        comments=("The first marriage makes spades trumps",),
    )
    b.draw("A", "KH", line=15)
    b.draw("B", None, line=15)
    b.play("A", "7D", line=16)
    b.play("B", "8D", line=16, glyphs=("!",), comments=("B's first trick",))
    b.win("B", line=16)
    b.draw("B", None, line=17)
    b.draw("A", "QD", line=17)
    b.end("The record ends after trick 2", line=18)
    steps = tuple(b.steps)
    assert steps[-1].scores == {"A": 40, "B": 0}
    assert steps[-1].brisques == {"A": 1, "B": 0}
    assert steps[-1].stock == 106
    out_of_turn = Finding(
        code="P201",
        severity="error",
        seat="A",
        location=Location(file=source, line=13, column=4, deal=1, trick=1),
        message="A leads AS out of turn: B, the pone, leads to the first trick",
        rule_id="play.lead-in-turn",
        rule_text="The pone leads to the first trick; then the winner of each trick leads.",
        remedy=Remedy(
            laws="english",
            law_ref="foster-1914-general-laws.txt, Leading out of turn",
            summary="B may call the card as exposed or let the lead stand; B let it stand",
            elections=("call AS as an exposed card", "let the lead stand"),
            elected="let the lead stand",
        ),
    )
    deal = DealReplay(
        number=1,
        dealer="A",
        trump="S",
        steps=steps,
        findings=(out_of_turn,),
        # rubicon-bezique-laws.txt, Rubicons: B under 1000 is rubiconed; A counts
        # 40 as 0 (fractions of a hundred disregarded), adds B's 0, then 1300 for
        # rubicon and brisques, and 100 because B scored under 100: 1400.
        settlement=DealSettlement(
            scores={"A": 40, "B": 0},
            brisques={"A": 1, "B": 0},
            winner="A",
            value=1400,
            rubicon=True,
            working=(
                "B has 0, under 1000: B is rubiconed.",
                "A counts 0 (fractions of a hundred disregarded) plus B's 0.",
                "A adds 1000 for the rubicon and 300 for the brisques.",
                "B scored under 100: A takes 100 more.",
                "A wins 1400.",
            ),
        ),
    )
    return Replay(
        record=_record(),
        source=source,
        variant="rubicon",
        laws="english",
        seats=("A", "B"),
        players={"A": "Hart, Alice", "B": "Cole, Ben"},
        tags={
            "Event": "Bath Rubicon Open",
            "Date": "2026.04.18",
            "Variant": "rubicon",
            "Laws": "english",
            "A": "Hart, Alice",
            "B": "Cole, Ben",
            "Result": "A 1400",
        },
        deals=(deal,),
        findings=(),
        game=GameSettlement(
            totals={"A": 1400, "B": 0},
            winner="A",
            value=1400,
            result="A 1400",
            working=("One deal: A wins 1400.",),
        ),
    )


def long_rubicon_replay() -> Replay:
    """A full-length Rubicon deal (64 tricks) for size and load checks, not for rules.

    Four packs shuffled by a fixed seed, nine cards each, 110 in the stock:
    55 tricks with draws, then 9 without (rubicon-bezique-laws.txt: 128 cards).
    The winner of a trick is the leader unless the follower plays a higher
    card of the suit led, and every fourth trick's winner lays two cards down
    for 40; trumps and scores are plausible, not checked.
    """
    import random

    pack = [f"{rank}{suit}" for rank in "ATKQJ987" for suit in "SHDC"] * 4
    random.Random(64).shuffle(pack)
    hands: dict[str, list[str | None]] = {"A": list(pack[:9]), "B": list(pack[9:18])}
    stock = pack[18:]
    b = DealBuilder(hands, stock=len(stock), trump=None, turnup=None)
    b.deal("A deals", line=1)
    leader, other = "B", "A"
    for number in range(1, 65):
        lead = next(c for c in b.hands[leader] + b.table[leader] if c)
        b.play(leader, lead, line=number + 1)
        follow = next(c for c in b.hands[other] + b.table[other] if c)
        b.play(other, follow, line=number + 1, glyphs=("!",) if number % 9 == 0 else ())
        higher = follow[1] == lead[1] and "ATKQJ987".index(follow[0]) < "ATKQJ987".index(lead[0])
        winner = other if higher else leader
        b.win(winner, line=number + 1)
        if number % 4 == 0 and len(b.hands[winner]) >= 2:
            pair = (str(b.hands[winner][0]), str(b.hands[winner][1]))
            b.declare(
                winner,
                "sequence",
                pair,
                40,
                line=number + 1,
                trump="S",
                comments=(f"Comment on trick {number}",),
            )
        if stock:
            loser = other if winner == leader else leader
            b.draw(winner, stock.pop(0), line=number + 1)
            b.draw(loser, stock.pop(0), line=number + 1)
        leader, other = winner, (other if winner == leader else leader)
    b.end("End of the deal", line=70)
    steps = tuple(b.steps)
    scores = dict(steps[-1].scores)
    deal = DealReplay(
        number=1,
        dealer="A",
        trump="S",
        steps=steps,
        findings=(),
        settlement=DealSettlement(
            scores=scores, brisques=dict(steps[-1].brisques), winner=None, value=0
        ),
    )
    return Replay(
        record=_record(),
        source="fixtures/long.bzn",
        variant="rubicon",
        laws="english",
        seats=("A", "B"),
        players={"A": "Hart, Alice", "B": "Cole, Ben"},
        tags={"Event": "A long deal"},
        deals=(deal,),
        findings=(),
        game=None,
    )
