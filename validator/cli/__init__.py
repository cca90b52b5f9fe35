"""The ``bezique`` command line: one click group, one module per command.

Every command turns the project's own errors into a clear message and an exit code; the
group itself is the last guard, so that no traceback ever reaches the user: an interrupt is
``interrupted`` (exit 130), a closed pipe ends the command quietly, and a fault of the program
itself is one line asking for a report (exit 2).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click


class _Guarded(click.Group):
    """A group that lets no exception but click's own out of its commands, and imports each
    command only when it is asked for (:data:`_LAZY`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *_LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in _LAZY:
            module, name = _LAZY[cmd_name]
            self.add_command(getattr(importlib.import_module(module), name), cmd_name)
        return super().get_command(ctx, cmd_name)

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


_LAZY: dict[str, tuple[str, str]] = {
    "analyse": ("validator.cli.analyse_command", "analyse_command"),
    "adjudicate": ("validator.cli.adjudicate_command", "adjudicate_command"),
    "check": ("validator.cli.check_command", "check_command"),
    "compare": ("validator.cli.compare_command", "compare_command"),
    "export": ("validator.cli.export_command", "export_command"),
    "fmt": ("validator.cli.notation_commands", "fmt_command"),
    "parse": ("validator.cli.notation_commands", "parse_command"),
    "replay": ("validator.cli.export_command", "replay_command"),
    "rules": ("validator.cli.rules_command", "rules_command"),
    "select": ("validator.cli.select_command", "select_command"),
    "simulate": ("validator.cli.simulate_command", "simulate_command"),
    "sitting": ("validator.cli.sitting_command", "sitting_command"),
}
"""Each command's module and name: a command is imported when it runs (or ``--help`` lists
it), so that ``bezique check`` does not load the exporters, the analysis and the rest."""
