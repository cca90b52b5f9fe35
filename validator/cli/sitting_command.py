"""``bezique sitting``: settle the sittings in BZN files, in hundreds at the stake per hundred.

The work is done by :mod:`validator.sitting` (grouping, replay, settlement, the chouette
rotation); this module only prints, as text or as JSON.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING

import click

from validator.cli.common import Problems
from validator.replay import Finding
from validator.sitting import SittingError, SittingReport, settle_sittings
from validator.sources import InputError, inputs

if TYPE_CHECKING:
    from notation.model import Record

_EXAMPLES = """
\b
Examples:
  bezique sitting samples/games/sitting.bzn     one sitting: games, nets, money
  bezique sitting samples/games/ --format json  every sitting under a folder, as JSON
  bezique sitting samples/games/ samples/rubicon.bzn   games may be in several files
  cat samples/games/sitting.bzn | bezique sitting -   standard input

\b
A sitting is the records with the same Sitting tag, ordered by their Game tag; the
Stake tag is the stake per hundred, and a Chouette tag names the chouette player's
seat (the rotation is then checked: S506).

\b
Exit status: 0 every sitting clean, 1 a sitting or one of its games has findings,
2 a path could not be read or a record could not be parsed (every fault is
reported on standard error, and nothing is settled: a sitting without one of
its games would be settled wrong).
"""


def _signed(value: Decimal) -> str:
    text = f"{value:+}"
    return text[:-2] if text.endswith(".0") else text


def _where(finding: Finding) -> str:
    loc = finding.location
    parts = [loc.file or "<record>"]
    if loc.line is not None:
        parts.append(str(loc.line))
        if loc.column is not None:
            parts.append(str(loc.column))
    return ":".join(parts)


def _text(report: SittingReport) -> list[str]:
    lines = [f"Sitting {report.name!r}: {len(report.games)} game(s)"]
    if report.chouette is not None:
        lines[0] += f", chouette player {report.chouette}"
    if report.stake is not None:  # a Stake tag that is not a number is reported, not shown
        lines[0] += f", stake {report.stake_text} a hundred"
    for game in report.games:
        number = "?" if game.number is None else str(game.number)
        who = " v ".join(game.players)
        if game.result == "void":
            outcome = "void (a tie): nothing won"
        elif game.winner is None or game.value is None:
            outcome = "no result"
        elif game.in_games:
            outcome = f"{game.winner} wins {game.value} game(s), not points"
        else:
            outcome = f"{game.winner} wins {game.value}: {game.hundreds} hundreds"
        where = f"{game.source or '<record>'}:{game.line or 1}"
        lines.append(f"  game {number}  {who}  {outcome}  ({where})")
    settled = report.settlement
    if settled is not None:
        width = max(len(name) for name in settled.net_hundreds)
        for name, hundreds in settled.net_hundreds.items():
            line = f"  {name:<{width}}  {_signed(hundreds)} hundreds"
            if report.stake is not None:
                line += f"  {_signed(settled.money[name])} at {report.stake_text}"
            lines.append(line)
    for finding in report.findings:
        lines.append(f"{_where(finding)}: {finding.code} {finding.message}")
    if report.clean:
        lines.append("  clean")
    return lines


@click.command("sitting", epilog=_EXAMPLES)
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for programs.",
)
def sitting_command(paths: tuple[str, ...], fmt: str) -> None:
    """Settle each sitting in PATH...: its games, each player's net in hundreds and the money.

    PATH is a BZN file, a folder (every *.bzn file under it) or - for standard
    input. Every record is replayed once; a game's findings, a chouette rotation
    that is wrong (S506) and a sitting that cannot be reckoned or lacks a game
    (R001: its games are numbered 1, 2, 3...) are reported.
    """
    problems = Problems()
    records: list[Record] = []
    for source in inputs(paths):
        if isinstance(source, InputError):
            problems.report(str(source))
            continue
        records.extend(record for _, record in problems.records_of(source))
    problems.exit()
    try:
        reports = settle_sittings(records)
    except SittingError as err:
        click.echo(str(err), err=True)
        raise click.exceptions.Exit(2) from None
    except RecursionError:
        click.echo("a record's variations are nested too deep to process", err=True)
        raise click.exceptions.Exit(2) from None
    if fmt == "json":
        data = {
            "sittings": [report.to_dict() for report in reports],
            "findings": sum(len(report.findings) for report in reports),
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        if not reports:
            click.echo("no record with a Sitting tag", err=True)
        for index, report in enumerate(reports):
            if index:
                click.echo("")
            click.echo("\n".join(_text(report)))
    if any(not report.clean for report in reports):
        raise click.exceptions.Exit(1)
