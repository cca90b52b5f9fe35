"""A complete, plausible Rubicon deal in BZN, made by a small seeded random player.

Used to measure the notation's speed on realistic input: 64 tricks, 110 draws
and a score of declarations (four packs, nine cards each, strict last nine
tricks). The play is random but follows the rules of the trick and of the
last nine tricks; declarations are the best combination the winner holds.
"""

from __future__ import annotations

import random

RANKS = "ATKQJ987"
SUITS = "SHDC"


def _beats(card: str, other: str, trump: str | None) -> bool:
    """True when ``card``, played second, wins against ``other`` led."""
    if card[1] == other[1]:
        return RANKS.index(card[0]) < RANKS.index(other[0])
    return card[1] == trump


def rubicon_deal(seed: int = 21) -> str:
    """The text of one complete Rubicon record."""
    rng = random.Random(seed)
    pack = [r + s for r in RANKS for s in SUITS] * 4
    rng.shuffle(pack)
    hands: dict[str, list[tuple[str, int]]] = {"A": [], "B": []}
    cards = [(card, uid) for uid, card in enumerate(pack)]
    # dealer B gives three at a time, first to A
    stock = list(cards)
    for _ in range(3):
        for seat in "AB":
            hands[seat].extend(stock[:3])
            del stock[:3]
    lines = [
        '[Event "Bench"]',
        '[Variant "rubicon"]',
        '[Laws "english"]',
        '[A "Random, Alice"]',
        '[B "Random, Ben"]',
        '[Result "*"]',
        "",
        "deal 1 dealer B",
        "hand A " + " ".join(c for c, _ in hands["A"]),
        "hand B " + " ".join(c for c, _ in hands["B"]),
        "stock " + " ".join(c for c, _ in stock),
    ]
    trump: str | None = None
    used: dict[str, set[int]] = {}
    scores = {"A": 0, "B": 0}
    brisques = {"A": 0, "B": 0}
    leader = "A"
    number = 0
    while hands["A"]:
        number += 1
        follower = "B" if leader == "A" else "A"
        lead = rng.choice(_throwaways(hands[leader]))
        strict = not stock
        options = hands[follower]
        if strict:
            follow = [c for c in options if c[0][1] == lead[0][1]]
            winning = [c for c in follow if _beats(c[0], lead[0], trump)]
            trumps = [c for c in options if c[0][1] == trump]
            options = winning or follow or trumps or options
        reply = rng.choice(options if strict else _throwaways(options))
        hands[leader].remove(lead)
        hands[follower].remove(reply)
        winner = follower if _beats(reply[0], lead[0], trump) else leader
        brisques[winner] += sum(1 for c in (lead, reply) if c[0][0] in "AT")
        lines.append(f"{number}. {leader} {lead[0]} {follower} {reply[0]}")
        if stock:
            best = _best_declaration(hands[winner], trump, used)
            if best is not None:
                kind, chosen, points, cls = best
                if kind == "marriage" and trump is None:
                    trump = chosen[0][0][1]
                    points = 40
                used.setdefault(cls, set()).update(u for _, u in chosen)
                scores[winner] += points
                shown = " ".join(c for c, _ in chosen)
                lines.append(f"  {winner} {kind} {shown} {points}")
            loser = follower if winner == leader else leader
            first, second = stock.pop(0), stock.pop(0)
            hands[winner].append(first)
            hands[loser].append(second)
            lines.append(f"  draw {winner} {first[0]}, {loser} {second[0]}")
        elif not hands["A"]:
            scores[winner] += 50
            lines.append(f"  {winner} last-trick 50")
        leader = winner
    lines.append(
        f"score A {scores['A']} B {scores['B']} brisques A {brisques['A']} B {brisques['B']}"
    )
    return "\n".join(lines) + "\n"


def _throwaways(hand: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The cards a player parts with while the stock lasts: no meld material if possible."""
    low = [c for c in hand if c[0][0] in "T987"]
    return low or hand


def _best_declaration(
    hand: list[tuple[str, int]], trump: str | None, used: dict[str, set[int]]
) -> tuple[str, list[tuple[str, int]], int, str] | None:
    found: list[tuple[str, list[tuple[str, int]], int, str]] = []
    free = {cls: [c for c in hand if c[1] not in used.get(cls, set())] for cls in ("A", "B")}
    for suit in SUITS:
        kings = [c for c in free["A"] if c[0] == "K" + suit]
        queens = [c for c in free["A"] if c[0] == "Q" + suit]
        if kings and queens:
            points = 40 if suit == trump else 20
            found.append(("marriage", [kings[0], queens[0]], points, "A"))
    spades = [c for c in free["B"] if c[0] == "QS"]
    diamonds = [c for c in free["B"] if c[0] == "JD"]
    if spades and diamonds:
        found.append(("bezique", [spades[0], diamonds[0]], 40, "B"))
    for rank, kind, points in (("A", "aces", 100), ("K", "kings", 80), ("Q", "queens", 60)):
        cls = "C" + rank
        pool = [c for c in hand if c[0][0] == rank and c[1] not in used.get(cls, set())]
        if len(pool) >= 4:
            found.append((kind, pool[:4], points, cls))
    if not found:
        return None
    return max(found, key=lambda f: f[2])


if __name__ == "__main__":
    print(rubicon_deal(), end="")
