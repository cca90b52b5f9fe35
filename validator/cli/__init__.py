"""The ``bezique`` command line: one click group, one module per command.

Every command turns the project's own errors into a clear message and an exit
code; no traceback reaches the user.
"""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bezique")
def main() -> None:
    """Read, check, adjudicate and export Bézique game records (BZN).

    \b
    Examples:
      bezique check samples/                 check every record under a folder
      bezique check game.bzn --laws french   rule under the French laws
      bezique adjudicate dispute.bzn         a director's ruling on a dispute
      bezique export game.bzn --to html      a page to step through the replay
      bezique replay game.bzn                step through a deal in the terminal
      bezique sitting night.bzn              settle a sitting in hundreds
      bezique fmt --check game.bzn           is the file in canonical form?
      bezique parse game.bzn --to json       the record model as JSON
      bezique rules P201                     a finding code, its rule and remedies
      bezique simulate --variant rubicon     play legal games by self-play

    Every command has --help with examples. Exit status: 0 clean, 1 findings,
    2 a file could not be read or a record parsed.
    """


from validator.cli.export_command import export_command, replay_command  # noqa: E402

main.add_command(export_command)
main.add_command(replay_command)

from validator.cli.notation_commands import fmt_command, parse_command  # noqa: E402

main.add_command(fmt_command)
main.add_command(parse_command)

from validator.cli.rules_command import rules_command  # noqa: E402

main.add_command(rules_command)

from validator.cli.check_command import check_command  # noqa: E402

main.add_command(check_command)

from validator.cli.simulate_command import simulate_command  # noqa: E402

main.add_command(simulate_command)

from validator.cli.adjudicate_command import adjudicate_command  # noqa: E402

main.add_command(adjudicate_command)

from validator.cli.sitting_command import sitting_command  # noqa: E402

main.add_command(sitting_command)

from validator.cli.analyse_command import analyse_command  # noqa: E402

main.add_command(analyse_command)
