"""Write the simulated corpus: ``samples/corpus/<variant>.bzn``, a few seeded games each.

Run from the repository root (``python samples/make_corpus.py``); the same seeds always give
the same files, so the corpus only changes when the simulator or the notation does. Each file
holds greedy games (which declare all they can: carried announcements, carte blanche, the
seven, triple béziques, re-forming) and random ones, under the English and the French laws.
``bezique check samples/corpus`` must find nothing in them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from notation.writer import write_records
from validator.simulate import VARIANTS, simulate_game

GAMES = (
    # (seed, player, laws)
    (1, "greedy", "english"),
    (2, "greedy", "french"),
    (3, "greedy", "english"),
    (4, "random", "english"),
    (5, "random", "french"),
)
"""The games of each variant's file."""

HERE = Path(__file__).resolve().parent


def corpus_text(variant: str) -> str:
    """The text of one variant's corpus file."""
    records = [
        simulate_game(variant, seed, player, laws=laws).record for seed, player, laws in GAMES
    ]
    return write_records(records)


def main(argv: list[str] | None = None) -> int:
    """Write every variant's file into ``samples/corpus`` (or the folder given)."""
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0]) if args else HERE / "corpus"
    folder.mkdir(parents=True, exist_ok=True)
    for variant in VARIANTS:
        path = folder / f"{variant}.bzn"
        path.write_text(corpus_text(variant), encoding="utf-8", newline="\n")
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
