"""A shuffled archive with duplicates planted, and the answer worked out apart from the finder.

The games are synthetic two-pack deals: a shuffled pack dealt eight and eight, a turn-up, the
stock, and sixteen tricks of cards taken at random from the hands, each draw naming its card.
They are not legal games (nothing here replays them): the duplicate finder reads only what a
record names, and random deals make every game distinct. Of some games a second record is
planted, of the kinds a director meets:

- ``copy``: the same record again; ``retagged``: again with other tags and a comment;
- ``start``: the first tricks only, with the hands and stock; ``start-no-hands``: without;
- ``no-hands``: every play, no hand or stock (a sheet kept of the plays alone);
- ``other-plays``: the same hands and stock, other plays (a deal replayed);

and two decoys that must not be reported: a game of its own that begins with a planted
game's first three tricks, and a planted game's first three tricks with no hands (six plays:
too few to be matched by the plays alone).

Each record's completeness is counted here from what was built (plays, cards named, events,
then annotation: tags and comments, the only annotation these records carry),
and the expected answer is: in each game's group, every record but the most complete (the
first in the archive on a tie) is a duplicate of that one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from pathlib import Path

from notation import (
    Card,
    Comment,
    Deal,
    DealScore,
    Draw,
    Hand,
    Play,
    Record,
    Stock,
    Tag,
    Trick,
    write_record,
)

PACK = [Card(r, s) for _ in range(2) for s in "SHDC" for r in "ATKQJ987"]
PLANTS = ("copy", "retagged", "start", "start-no-hands", "no-hands", "other-plays")


@dataclass
class Entry:
    """A record of the archive, the game it belongs to, and its completeness by the count
    made while building it."""

    record: Record
    game: int | None
    plays: int
    named: int
    events: int
    kind: str = "game"
    ordinal: int = -1
    where: str = field(default="")

    @property
    def notes(self) -> int:
        """Annotation: the tags and the comments before the first deal (the archive's
        records have no other)."""
        return len(self.record.tags) + len(self.record.events)

    @property
    def rank(self) -> tuple[int, int, int, int]:
        return (self.plays, self.named, self.events, self.notes)


def _deal(rng: random.Random, number: int, dealer: str, tricks: int = 16) -> tuple[Deal, int, int]:
    pack = list(PACK)
    rng.shuffle(pack)
    hands = {"A": pack[:8], "B": pack[8:16]}
    turnup, stock = pack[16], pack[17:]
    held = {s: list(h) for s, h in hands.items()}
    leader = "B" if dealer == "A" else "A"
    out: list[Trick] = []
    top = 0
    draws = 0
    for n in range(1, tricks + 1):
        other = "B" if leader == "A" else "A"
        plays = []
        for seat in (leader, other):
            card = held[seat].pop(rng.randrange(len(held[seat])))
            plays.append(Play(seat, card))
        events = []
        for seat in (leader, other):
            if top < len(stock):
                events.append(Draw(seat, (stock[top],)))
                held[seat].append(stock[top])
                top += 1
                draws += 1
        out.append(Trick(n, tuple(plays), tuple(events)))
        leader = rng.choice("AB")
    deal = Deal(
        number,
        dealer,
        hands=(Hand("A", tuple(hands["A"])), Hand("B", tuple(hands["B"]))),
        stock=Stock(tuple(stock)),
        turnup=turnup,
        tricks=tuple(out),
        score=DealScore(scores={"A": 0, "B": 0}),
    )
    named = 16 + len(stock) + 1 + draws
    return deal, named, draws


def game(rng: random.Random, number: int) -> Entry:
    """A distinct game of one to three deals."""
    deals = []
    named = events = plays = 0
    dealer = rng.choice("AB")
    for n in range(1, rng.randint(1, 3) + 1):
        deal, deal_named, draws = _deal(rng, n, dealer)
        deals.append(deal)
        named += deal_named
        plays += 32
        events += 32 + draws
        dealer = "B" if dealer == "A" else "A"
    tags = (
        Tag("Event", f"Synthetic {number}"),
        Tag("Variant", "two-pack"),
        Tag("A", f"Player {rng.randrange(10**6)}"),
        Tag("B", f"Player {rng.randrange(10**6)}"),
    )
    return Entry(Record(tags=tags, deals=tuple(deals)), number, plays, named, events)


def _cut(deal: Deal, tricks: int) -> Deal:
    return replace(deal, tricks=deal.tricks[:tricks], score=None)


def _bare(deal: Deal) -> Deal:
    tricks = tuple(
        Trick(
            t.number, t.plays, tuple(Draw(e.seat, (None,)) for e in t.events if isinstance(e, Draw))
        )
        for t in deal.tricks
    )
    return replace(deal, hands=(), stock=None, turnup=None, tricks=tricks)


def _counts(record: Record) -> tuple[int, int, int]:
    plays = named = events = 0
    for deal in record.deals:
        named += sum(c is not None for h in deal.hands for c in h.cards)
        named += sum(c is not None for c in deal.stock.cards) if deal.stock else 0
        named += deal.turnup is not None
        for trick in deal.tricks:
            plays += len(trick.plays)
            events += len(trick.plays) + len(trick.events)
            named += sum(
                c is not None for e in trick.events if isinstance(e, Draw) for c in e.cards
            )
    return plays, named, events


def plant(rng: random.Random, base: Entry, kind: str) -> Entry:
    """A second record of ``base``'s game, of the kind named (one of :data:`PLANTS`)."""
    record = base.record
    first = record.deals[0]
    if kind == "copy":
        made = record
    elif kind == "retagged":
        tags = (Tag("Event", "Submitted twice"), *record.tags[1:], Tag("Round", "3"))
        made = replace(record, tags=tags, events=(Comment("the second copy"),))
    elif kind == "start":
        made = replace(record, deals=(_cut(first, rng.randint(4, 12)),))
    elif kind == "start-no-hands":
        made = replace(record, deals=(_bare(_cut(first, rng.randint(4, 12))),))
    elif kind == "no-hands":
        made = replace(record, deals=tuple(_bare(d) for d in record.deals))
    elif kind == "other-plays":
        again = _deal(random.Random(rng.random()), 1, first.dealer)[0]
        other = replace(again, hands=first.hands, stock=first.stock, turnup=first.turnup)
        made = replace(record, deals=(other,))
    else:
        raise ValueError(kind)
    plays, named, events = _counts(made)
    return Entry(made, base.game, plays, named, events, kind)


def decoys(rng: random.Random, base: Entry, number: int) -> list[Entry]:
    """Two records that are not duplicates of ``base`` (see the module's docstring)."""
    first = base.record.deals[0]
    own = game(rng, number)
    start = own.record.deals[0]
    mixed = replace(start, tricks=first.tricks[:3] + start.tricks[3:])
    twin = replace(own.record, deals=(mixed, *own.record.deals[1:]))
    short = replace(base.record, deals=(_bare(_cut(first, 3)),))
    out = []
    for record, kind in ((twin, "decoy-twin"), (short, "decoy-short")):
        plays, named, events = _counts(record)
        out.append(Entry(record, None, plays, named, events, kind))
    return out


def write(entries: list[Entry], folder: Path, files: int = 4) -> list[Path]:
    """The archive written as ``files`` files of BZN, each entry's ``where`` set to the
    ``file:line`` of its first line."""
    paths = [folder / f"part-{n}.bzn" for n in range(files)]
    per = -(-len(entries) // files)
    for n, path in enumerate(paths):
        line = 1
        with path.open("w", encoding="utf-8") as handle:
            for index, entry in enumerate(entries[n * per : (n + 1) * per]):
                text = write_record(entry.record)
                if index:
                    handle.write("\n")
                    line += 1
                entry.where = f"{path}:{line}"
                handle.write(text)
                line += text.count("\n")
    return paths


def archive(seed: int, games: int, planted: int) -> list[Entry]:
    """``games`` distinct games, ``planted`` second records of some of them, and decoys, all
    shuffled."""
    rng = random.Random(seed)
    entries = [game(rng, n) for n in range(games)]
    bases = rng.sample(entries, planted)
    extra: list[Entry] = []
    for index, base in enumerate(bases):
        extra.append(plant(rng, base, PLANTS[index % len(PLANTS)]))
        if index % 10 == 0:
            extra.extend(decoys(rng, base, games + index))
    entries += extra
    rng.shuffle(entries)
    for ordinal, entry in enumerate(entries):
        entry.ordinal = ordinal
    return entries


def expected(entries: list[Entry]) -> dict[int, int]:
    """Each duplicate's ordinal and the ordinal of the record kept for it."""
    groups: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.game is not None:
            groups.setdefault(entry.game, []).append(entry)
    out: dict[int, int] = {}
    for members in groups.values():
        kept = max(members, key=lambda e: (e.rank, -e.ordinal))
        for member in members:
            if member is not kept:
                out[member.ordinal] = kept.ordinal
    return out
