"""The ``bezique`` command line: one click group, one module per command.

Every command turns the project's own errors into a clear message and an exit code; the
group itself is the last guard, so that no traceback ever reaches the user: an interrupt is
``interrupted`` (exit 130), a closed pipe ends the command quietly, and a fault of the program
itself is one line asking for a report (exit 2).
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click


class _Guarded(click.Group):
    """A group that lets no exception but click's own out of its commands."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            raise click.exceptions.Exit(130) from None
        except BrokenPipeError:
            # the reader of standard output has gone (``| head``): stop without a word
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise click.exceptions.Exit(2) from None
        except RecursionError:
            click.echo("bezique: the input is nested too deeply to process", err=True)
            raise click.exceptions.Exit(2) from None
        except MemoryError:
            click.echo("bezique: out of memory", err=True)
            raise click.exceptions.Exit(2) from None
        except Exception as exc:
            click.echo(
                f"bezique: internal error ({type(exc).__name__}: {exc}); "
                "please report it with the input that caused it",
                err=True,
            )
            raise click.exceptions.Exit(2) from None


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bezique")
def main() -> None:
    """Read, check, adjudicate and export Bézique game records (BZN).

    \b
    Examples (each runs from the project's folder):
      bezique check samples/                        check every record under a folder
      bezique check samples/rubicon.bzn --laws french   remedies under the French laws
      bezique adjudicate samples/disputes/misdeal.bzn   a director's ruling
      bezique export samples/games/rubicon.bzn --to html -o rubicon.html
      bezique replay samples/games/two-pack.bzn     step through a deal in the terminal
      bezique analyse samples/games/rubicon.bzn     every strict-play mistake, valued
      bezique sitting samples/games/sitting.bzn     settle a sitting in hundreds
      bezique fmt --check samples/                  is every file in canonical form?
      bezique parse samples/two-pack.bzn            the record model as JSON
      bezique rules P201                            a finding code, its rule and remedies
      bezique simulate --variant rubicon | bezique check -   self-play, then check it

    \b
    Every command that reads records takes - for standard input, and has --help
    with examples. Errors go to standard error, one line each (a parse error adds
    its line with a caret). Exit status: 0 clean, 1 findings, 2 a file could not
    be read or written, or a record could not be parsed (an empty file is an
    error: it holds no record).
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

from validator.cli.compare_command import compare_command  # noqa: E402

main.add_command(compare_command)

from validator.cli.select_command import select_command  # noqa: E402

main.add_command(select_command)

from validator.cli.analyse_command import analyse_command  # noqa: E402

main.add_command(analyse_command)
