"""``bezique rules [CODE|RULE-ID]``: the finding catalogue and the rule book from the command line.

Without an argument it lists every finding code and every chapter of the rule book with its
rule ids; with a finding code (``P202``) it shows the code, the text of the rule it breaks and
the remedy under each code of laws; with a rule id (``irreg.strict-play``) it shows the rule.
"""

from __future__ import annotations

import textwrap

import click

from validator.catalogue import (
    DOC_LAWS,
    GROUPS,
    CatalogueError,
    catalogue,
    describe_remedy,
)
from validator.cli.common import fail, laws_option
from validator.laws import Laws, LawsError, load_laws
from validator.rulebook import Rule, RulebookError, default_rulebook

WIDTH = 100


@click.command(name="rules")
@click.argument("key", required=False, metavar="[CODE|RULE-ID]")
@laws_option("Show the remedies of one code of laws only (a name or a YAML file).")
def rules_command(key: str | None, laws: str | None) -> None:
    """Show the finding codes, the rule book, or one code or rule in full.

    \b
    Examples:
      bezique rules                         every finding code and rule id
      bezique rules P202                    a code, its rule and its remedies
      bezique rules P202 --laws french      the remedy under the French laws only
      bezique rules irreg.strict-play       one rule of the rule book
      bezique rules --laws validator/data/laws/forfeits.yaml   a laws file, code by code

    Exit status 2 for a code or rule id that does not exist, or laws that
    cannot be read.
    """
    try:
        names: tuple[str, ...] = DOC_LAWS if laws is None else (laws,)
        codes = [load_laws(name) for name in names]
        if key is None:
            _echo_all(codes if laws is not None else [])
        else:
            _echo_key(key, codes)
    except (CatalogueError, LawsError, RulebookError) as err:
        fail(f"error: {err}")


def _echo_all(laws: list[Laws]) -> None:
    cat = catalogue()
    current = ""
    click.echo("Finding codes (bezique rules CODE for one in full):")
    for entry in cat:
        group = GROUPS[entry.code[0]]
        if group != current:
            click.echo(f"\n  {group}")
            current = group
        click.echo(f"    {entry.code}  {entry.severity:<7}  {entry.title}  [{entry.rule}]")
        for code_of_laws in laws:
            for line in describe_remedy(code_of_laws, entry.code):
                click.echo(_wrap(f"{code_of_laws.name}: {_plain(line)}", 14))
    book = default_rulebook()
    click.echo("\nThe rule book (bezique rules RULE-ID for one in full):")
    for chapter in book.chapters:
        click.echo(f"\n  {chapter.title}")
        for rule in chapter.rules:
            click.echo(f"    {rule.id:<32} {rule.title}")


def _echo_key(key: str, laws: list[Laws]) -> None:
    entry = catalogue().get(key)
    book = default_rulebook()
    if entry is not None:
        click.echo(f"{entry.code} {entry.slug}: {entry.title} ({entry.severity})")
        click.echo(_wrap(entry.meaning, 2))
        rule = book.get(entry.rule)
        click.echo("")
        if rule is None:
            click.echo(f"Rule {entry.rule} (not in the rule book)")
        else:
            _echo_rule(rule, header="Rule ")
        for code_of_laws in laws:
            click.echo(f"\n{code_of_laws.title} ({code_of_laws.name}):")
            for line in describe_remedy(code_of_laws, entry.code):
                click.echo(_wrap("- " + _plain(line), 2))
        click.echo("\nExample:")
        click.echo(textwrap.indent(entry.example, "  "))
        return
    rule = book.get(key)
    if rule is not None:
        _echo_rule(rule, header="")
        codes = [e.code for e in catalogue() if e.rule == rule.id]
        if codes:
            click.echo(f"\nFinding codes: {', '.join(codes)}")
        return
    fail(
        f"error: no finding code or rule {key!r}: a code is a letter and three digits (P202), "
        "a rule a dotted id (irreg.strict-play); run `bezique rules` for the list"
    )


def _echo_rule(rule: Rule, header: str) -> None:
    click.echo(f"{header}{rule.id}: {rule.title} (chapter {rule.chapter})")
    click.echo(_wrap(rule.text, 2))
    click.echo("  Sources:")
    for source in rule.sources:
        click.echo(f"    - {source}")
    if rule.switch is not None:
        click.echo(_wrap(f"Switch {rule.switch}, default {rule.default}: {rule.reason}", 2))
    elif rule.reason is not None:
        click.echo(_wrap(f"Note: {rule.reason}", 2))


def _plain(text: str) -> str:
    """Markdown emphasis and code marks removed, for the terminal."""
    return text.replace("*(", "(").replace(")*", ")").replace("`", "")


def _wrap(text: str, indent: int) -> str:
    pad = " " * indent
    return textwrap.fill(
        text, width=WIDTH, initial_indent=pad, subsequent_indent=pad + "  ", break_on_hyphens=False
    )
