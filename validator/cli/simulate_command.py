"""``bezique simulate``: complete legal games played by the self-play simulator, as BZN.

The games come from :mod:`validator.simulate`; each is reproducible from the seed given (the
same seed, variant, player and number of games always give the same text).
"""

from __future__ import annotations

from pathlib import Path

import click

from notation.writer import write_record
from validator.cli.common import Output
from validator.engine import RuleSetError
from validator.simulate import PLAYERS, VARIANTS, SimulationError, simulate_games


@click.command("simulate")
@click.option(
    "--variant",
    type=click.Choice(VARIANTS),
    required=True,
    help="The variant to play (a bundled rule set).",
)
@click.option(
    "--games",
    type=click.IntRange(min=1, max=100_000),
    default=1,
    show_default=True,
    help="How many games.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="The seed of the run.")
@click.option(
    "--player",
    type=click.Choice(PLAYERS),
    default="greedy",
    show_default=True,
    help="random: any legal move; greedy: declares all it can.",
)
@click.option(
    "--laws",
    type=click.Choice(["english", "french"]),
    default="english",
    show_default=True,
    help="The code of laws named in the Laws tag.",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    default=None,
    help="Write the records to this file instead of standard output.",
)
def simulate_command(
    variant: str, games: int, seed: int, player: str, laws: str, output: str | None
) -> None:
    """Play complete legal games by self-play and print them as BZN records.

    Each record has the hands and the stock of every deal, every trick,
    declaration and draw, the deal's score and brisques, running totals in
    games over several deals, and the Result. Each game is written as soon as
    it is played. Exit status 2 on an error (an output that cannot be written).

    \b
    Examples:
      bezique simulate --variant rubicon --games 3 --seed 7
      bezique simulate --variant two-pack --games 10 --seed 1 --player random -o two.bzn
      bezique simulate --variant chinese --seed 5 | bezique check -
    """
    out = Output(None if output is None else Path(output))
    count = 0
    try:
        for count, game in enumerate(
            simulate_games(variant, games, seed, player, laws=laws), start=1
        ):
            # one record at a time: the canonical blank line between records
            out.write(("\n" if count > 1 else "") + write_record(game.record))
    except (SimulationError, RuleSetError) as err:
        out.close()
        click.echo(f"error: {err}", err=True)
        raise click.exceptions.Exit(2) from None
    out.close()
    if output is not None:
        click.echo(f"wrote {count} {variant} game(s) to {output}", err=True)
