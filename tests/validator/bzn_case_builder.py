"""Builders for the validator's case records: a Rubicon deal played through its loose tricks.

Faults of the strict play (the last nine tricks) need the stock exhausted first: 55 tricks of
Rubicon. :func:`loose_prefix` writes them so that the reader can check them by eye:

- the pone A leads a club or a diamond to every loose trick and the dealer B plays a spade or a
  heart to it; no marriage is declared, so there are no trumps, and A wins every trick
  (rubicon-bezique-laws.txt, Method of Playing: "If the second player in any trick follows
  suit, the higher card wins"; a card of another suit never wins);
- each player plays his cards first in, first out: the card led or played is always the
  oldest in his hand, so the nine cards each holds when the stock is exhausted are the last
  nine he drew;
- the winner draws first ("he draws one card ... His adversary then draws the next card"),
  so A draws the even cards of the stock and B the odd ones.

The nine cards each holds for the strict play are chosen by the case (``final_a``,
``final_b``); together they must hold nine clubs and diamonds and nine spades and hearts, so
that every other card of the four packs is played in the loose tricks (55 by each player).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

RANKS = ("7", "8", "9", "J", "Q", "K", "T", "A")
PACK = Counter({rank + suit: 4 for suit in "SHDC" for rank in RANKS})
"""Four piquet packs: four copies of each of the 32 cards (rubicon-bezique-laws.txt, Cards)."""

LOOSE_TRICKS = 55
"""128 cards less two hands of nine leave 110 in the stock: 55 tricks, two cards drawn each."""


def _pool(suits: str, final: Sequence[str]) -> list[str]:
    """The cards of ``suits`` left after the final hands, in a fixed round-robin order."""
    left = Counter({c: n for c, n in PACK.items() if c[-1] in suits})
    left.subtract(Counter(c for c in final if c[-1] in suits))
    if any(n < 0 for n in left.values()):
        raise ValueError(f"the final hands hold more copies than the packs: {final}")
    order: list[str] = []
    while sum(left.values()):
        for card in sorted(left):
            if left[card] > 0:
                order.append(card)
                left[card] -= 1
    return order


def loose_prefix(
    final_a: Sequence[str],
    final_b: Sequence[str],
    *,
    hands: bool,
    tricks: int = LOOSE_TRICKS,
    first_draw: str | None = None,
) -> list[str]:
    """The lines of a deal (dealer B) up to the end of its loose play.

    With ``hands`` the record gives both hands and the whole stock (so every card is known);
    without, only the plays, the draws written ``draw A ?, B ?``. ``first_draw`` replaces the
    draw line of the first trick (an irregular draw), and ``tricks`` the number of loose
    tricks written.
    """
    cd = _pool("CD", [*final_a, *final_b])
    sh = _pool("SH", [*final_a, *final_b])
    if len(cd) != LOOSE_TRICKS or len(sh) != LOOSE_TRICKS:
        raise ValueError("the final hands must hold nine clubs/diamonds and nine spades/hearts")
    lines = ["deal 1 dealer B"]
    if hands:
        stock: list[str] = []
        for k in range(LOOSE_TRICKS - 9):
            stock += [cd[9 + k], sh[9 + k]]
        for a, b in zip(final_a, final_b, strict=True):
            stock += [a, b]
        lines += [
            "hand A " + " ".join(cd[:9]),
            "hand B " + " ".join(sh[:9]),
            "stock " + " ".join(stock),
        ]
    for n in range(1, tricks + 1):
        lines.append(f"{n}. A {cd[n - 1]} B {sh[n - 1]}")
        draw = "  draw A ?, B ?"
        if n == 1 and first_draw is not None:
            draw = "  " + first_draw
        lines.append(draw)
    return lines


STRICT_A = ("KH", "8H", "7D", "8D", "9D", "7C", "8C", "9C", "JC")
"""A's nine cards for the strict play: two hearts, seven clubs and diamonds."""
STRICT_B = ("9H", "AH", "7S", "8S", "9S", "TS", "JS", "TC", "AC")
"""B's nine cards for the strict play: two hearts (the nine and the ace), five spades, two clubs."""


# --------------------------------------------------------------------------- the two-pack game
TWO_PACK = Counter({rank + suit: 2 for suit in "SHDC" for rank in RANKS})
"""Two piquet packs (bezique-guide.txt: 64 cards)."""

TWO_PACK_TURNUP = "9C"
"""The turn-up: clubs are trumps, and B, the loser of the last loose trick, draws it last."""
TWO_PACK_A = ("7D", "8D", "9D", "JD", "QD", "KD", "8C", "7H")
"""A's eight cards for the strict play (the last eight tricks)."""
TWO_PACK_B = ("8H", "9H", "JH", "QH", "KH", "7S", "8S", TWO_PACK_TURNUP)
"""B's eight cards for the strict play; the last is the turn-up, drawn at trick 24."""


def two_pack_deal() -> list[str]:
    """A whole two-pack deal (dealer B), every card known, with its last eight tricks.

    As :func:`loose_prefix`: A leads a club or diamond to each of the 24 loose tricks and B
    plays a spade or heart, so A wins them all (A's clubs are trumps; B never plays one), and
    each plays first in, first out. A's loose cards are every club and diamond but the turn-up
    and his final seven, B's every spade and heart but his final seven. Then the strict play:

    25. A 7H, B must win (8H); 26. B 9H, A has no heart and must trump (8C);
    27. A 7D, B has no diamond and must trump (9C); 28-32. B leads his hearts and spades and A,
    with neither and no trump left, plays his diamonds; B wins the last trick.
    """
    final = [*TWO_PACK_A, *TWO_PACK_B]
    left = Counter(TWO_PACK)
    left.subtract(Counter(final))
    a_pool: list[str] = []
    b_pool: list[str] = []
    while sum(left.values()):
        for card in sorted(left):
            if left[card] > 0:
                (a_pool if card[-1] in "CD" else b_pool).append(card)
                left[card] -= 1
    assert len(a_pool) == 24 and len(b_pool) == 24
    stock: list[str] = []
    for k in range(16):
        stock += [a_pool[8 + k], b_pool[8 + k]]
    for a, b in zip(TWO_PACK_A, TWO_PACK_B[:-1], strict=False):
        stock += [a, b]
    stock.append(TWO_PACK_A[-1])
    lines = [
        "deal 1 dealer B",
        "hand A " + " ".join(a_pool[:8]),
        "hand B " + " ".join(b_pool[:8]),
        "stock " + " ".join(stock),
        f"turnup {TWO_PACK_TURNUP}",
    ]
    for n in range(1, 25):
        lines.append(f"{n}. A {a_pool[n - 1]} B {b_pool[n - 1]}")
        lines.append("  draw A ?, B ?")
    lines += [
        "25. A 7H B 8H",
        "26. B 9H A 8C",
        "27. A 7D B 9C",
        "28. B JH A 8D",
        "29. B QH A 9D",
        "30. B KH A JD",
        "31. B 7S A QD",
        "32. B 8S A KD",
    ]
    return lines
