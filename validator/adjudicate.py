"""The ruling on a disputed record, as a tournament director would write it.

:func:`adjudicate` replays a record once (:func:`validator.replay.replay_with_details`) and
gathers what a ruling states: the facts (players, variant, laws, each deal), each irregularity
with the rule it breaks, the law that governs it and the remedy, the elections the law opens and
the one the record shows, the scores as marked and as corrected, and the result. The ruling is
plain data; :func:`render_text`, :func:`render_markdown` and :func:`ruling_to_dict` (the
versioned JSON form of ``docs/adjudicate.md``) write it; a correction is put into words by
:mod:`validator.replay.wording`, the renderer the Markdown export shares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from notation.model import Record
from validator.engine import RuleSet
from validator.laws import Laws, LawsError, game_of
from validator.replay import (
    DealDetail,
    Finding,
    Remedy,
    Replay,
    ReplayDetails,
    load_laws_cached,
    replay_with_details,
    sitting_findings,
)
from validator.replay.sittings import game_place, missing_in_file
from validator.replay.wording import effect_words

SCHEMA = "bezique-adjudication"
"""Name of the JSON form of a ruling (``docs/adjudicate.md``)."""
SCHEMA_VERSION = 1
"""Version of the JSON form; raised on any change a reader would notice."""

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

FACT_TAGS = ("Event", "Site", "Date", "Round", "Game", "Sitting", "Chouette", "Stake")
"""The tags a ruling repeats among its facts, when the record has them."""


@dataclass(frozen=True, slots=True)
class Irregularity:
    """One finding as the ruling states it: the finding, and each option of its law ruled on."""

    finding: Finding
    options: tuple[Remedy, ...] = ()


@dataclass(frozen=True, slots=True)
class DealRuling:
    """One deal: the facts, its irregularities, the scores as marked and as corrected."""

    number: int
    dealer: str
    trump: str | None
    irregularities: tuple[Irregularity, ...]
    marked: dict[str, int]
    corrected: dict[str, int]
    brisques: dict[str, int]
    corrected_brisques: dict[str, int]
    complete: bool
    void: bool
    replay_from: int | None
    winner: str | None
    value: int | None
    working: tuple[str, ...]
    table_rulings: tuple[str, ...]
    own_value: bool = True
    """Whether the deal is a game with a value of its own (Rubicon), not one deal of a game
    played to a target (the two-pack game)."""
    brisques_in_scores: bool = False
    """Whether the scores include the brisques, ten each (the two-pack game), so that the
    brisques told beside them are not to be added again (Rubicon counts them only to settle)."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """The ruling on one record."""

    source: str | None
    index: int
    """The record's number in its file (1-based)."""
    players: dict[str, str]
    seats: tuple[str, ...]
    variant: str
    laws: str
    laws_title: str
    laws_principle: str
    facts: dict[str, str]
    record_irregularities: tuple[Irregularity, ...]
    deals: tuple[DealRuling, ...]
    result: str | None
    result_working: tuple[str, ...]
    result_options: tuple[str, ...] = ()
    """The results the game would have under an election the record does not state, in
    words, where one changes the result."""

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        """Every irregularity ruled on: the record's own, then each deal's."""
        out = list(self.record_irregularities)
        for deal in self.deals:
            out.extend(deal.irregularities)
        return tuple(out)


def adjudicate(
    record: Record,
    *,
    laws: Laws | str | Path | None = None,
    ruleset: RuleSet | str | Path | None = None,
    source: str | None = None,
    index: int = 1,
) -> Ruling:
    """Rule on ``record`` under ``laws`` (default: its Laws tag, then the English laws)."""
    details = replay_with_details(record, laws=laws, ruleset=ruleset, source=source, steps=False)
    return _ruling(details, laws, index)


def adjudicate_sitting(
    records: Iterable[tuple[int, Record]],
    *,
    laws: Laws | str | Path | None = None,
    source: str | None = None,
    missing: bool = True,
) -> list[Ruling]:
    """Rule on the records of a sitting, each replayed once, numbered as given.

    Besides each record's own irregularities, a chouette's rotation is checked over the records
    in order (S506, rubicon-bezique-laws.txt, Chouette Bézique); a game played by the wrong
    adversary is an irregularity of that game's record. With ``missing``, a game missing
    between two games of a sitting among the records is R001 at the ``Game`` tag of the game
    that shows it missing, as ``bezique check`` reports it in one file (pass ``False`` when a
    record of the file could not be read: it may be that game).
    """
    all_details = [
        (index, replay_with_details(record, laws=laws, source=source, steps=False))
        for index, record in records
    ]
    rulings = [_ruling(details, laws, index) for index, details in all_details]
    replays = [details.replay for _, details in all_details]
    if missing:
        places = [game_place(replayed.record, replayed.source) for replayed in replays]
        for position, finding in missing_in_file(places):
            ruling = rulings[position]
            extra = (*ruling.record_irregularities, Irregularity(finding))
            rulings[position] = replace(ruling, record_irregularities=extra)
    for finding in sitting_findings(replays, laws):
        for position, replayed in enumerate(replays):
            tag_line = next(
                (t.pos.line for t in replayed.record.tags if t.name == "Chouette" and t.pos),
                None,
            )
            if tag_line is not None and tag_line == finding.location.line:
                ruling = rulings[position]
                extra = (*ruling.record_irregularities, Irregularity(finding))
                rulings[position] = replace(ruling, record_irregularities=extra)
                break
    return rulings


def _ruling(details: ReplayDetails, laws: Laws | str | Path | None, index: int) -> Ruling:
    replayed = details.replay
    chosen = laws if isinstance(laws, Laws) else _laws_named(replayed.laws, laws)
    rules = _rules(replayed)
    if chosen is not None:
        chosen = chosen.for_game(game_of(rules) if rules is not None else "rubicon")
    deals = tuple(
        _deal_ruling(replayed, deal_index, detail, rules)
        for deal_index, detail in enumerate(details.deals)
    )
    game = replayed.game
    return Ruling(
        source=replayed.source,
        index=index,
        players=dict(replayed.players),
        seats=replayed.seats,
        variant=replayed.variant,
        laws=replayed.laws,
        laws_title=chosen.title if chosen is not None else replayed.laws,
        laws_principle=chosen.principle if chosen is not None else "",
        facts={name: replayed.tags[name] for name in FACT_TAGS if name in replayed.tags},
        record_irregularities=tuple(Irregularity(f) for f in replayed.findings),
        deals=deals,
        result=game.result if game is not None else None,
        result_working=game.working if game is not None else (),
        result_options=tuple(
            f"with {o.option} elected for the {_code_of(deals, o.deal, o.finding)} of deal "
            f"{o.deal}: {o.result}"
            for o in details.result_options
        ),
    )


def _code_of(deals: tuple[DealRuling, ...], number: int, index: int) -> str:
    deal = next(d for d in deals if d.number == number)
    return deal.irregularities[index].finding.code


def _laws_named(name: str, wanted: str | Path | None) -> Laws | None:
    """The code of laws the replay applied (by the name it reports), for its title."""
    for candidate in (wanted, name):
        if candidate is None:
            continue
        try:
            laws = load_laws_cached(candidate)
        except LawsError:
            continue
        if laws.name == name:
            return laws
    return None


def _rules(replayed: Replay) -> RuleSet | None:
    """The record's rule set (its Variant, Laws and HouseRules tags; its variant's alone when
    a tag cannot be used), or None when the variant is not known: read once for the ruling."""
    from validator.replay import load_ruleset
    from validator.replay.resolver import record_rules

    try:
        return record_rules(replayed.record)
    except ValueError:
        pass
    try:
        return load_ruleset(replayed.variant)
    except ValueError:
        return None


def _deal_ruling(
    replayed: Replay, index: int, detail: DealDetail, rules: RuleSet | None
) -> DealRuling:
    deal = replayed.deals[index]
    settlement = deal.settlement
    corrected = detail.corrected
    working = settlement.working if settlement is not None else corrected.working
    irregularities = tuple(
        Irregularity(finding, _open_options(finding, detail.options, i))
        for i, finding in enumerate(deal.findings)
    )
    return DealRuling(
        number=deal.number,
        dealer=deal.dealer,
        trump=deal.trump,
        irregularities=irregularities,
        marked=dict(detail.marked),
        corrected=dict(corrected.scores),
        brisques=dict(detail.brisques),
        corrected_brisques=dict(corrected.brisques),
        complete=detail.complete,
        void=corrected.void,
        replay_from=corrected.replay_from_trick,
        winner=settlement.winner if settlement is not None else None,
        value=settlement.value if settlement is not None and not settlement.void else None,
        working=tuple(working),
        table_rulings=detail.rulings,
        own_value=_settlement_kind(rules) != "target",
        brisques_in_scores=(
            rules is not None and not rules.no_brisques and rules.brisque_scoring != "settlement"
        ),
    )


def _open_options(
    finding: Finding, options: tuple[tuple[Remedy, ...], ...], index: int
) -> tuple[Remedy, ...]:
    """The options of the finding's election, each ruled on, while the record states none
    (docs/adjudicate.md: otherwise empty, in the text and the JSON alike)."""
    if finding.remedy is not None and finding.remedy.elected is not None:
        return ()
    return options[index] if index < len(options) else ()


def _settlement_kind(rules: RuleSet | None) -> str:
    from validator.engine.settlement import SettlementRules

    parsed = rules.settlement_rules if rules is not None else None
    return parsed.kind if isinstance(parsed, SettlementRules) else "rubicon"


# --------------------------------------------------------------------------- writing
BOTH_AT_FAULT: Final = frozenset({"P204", "P211"})
"""Faults of both players at once (both with too many cards, both with too few)."""


def _at_fault(ruling: Ruling, finding: Finding) -> str:
    if finding.seat is None and finding.code in BOTH_AT_FAULT:
        return "both players, " + " and ".join(_who(ruling, seat) for seat in ruling.seats)
    return _who(ruling, finding.seat)


def _who(ruling: Ruling, seat: str | None) -> str:
    if seat is None:
        return "no one in particular"
    name = ruling.players.get(seat)
    return f"{seat} ({name})" if name else seat


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{seat} {points}" for seat, points in scores.items()) or "none"


def _brisques(deal: DealRuling, brisques: dict[str, int]) -> str:
    """The brisques told beside a deal's scores, saying when those scores already hold them."""
    counted = " (counted in those scores, ten each)" if deal.brisques_in_scores else ""
    return f"brisques {_scores(brisques)}{counted}"


def _where(finding: Finding) -> str:
    loc = finding.location
    parts = []
    if loc.line is not None:
        parts.append(f"line {loc.line}" + (f", column {loc.column}" if loc.column else ""))
    if loc.deal is not None:
        parts.append(f"deal {loc.deal}")
    if loc.trick is not None:
        parts.append(f"trick {loc.trick}")
    return "; ".join(parts) or "the record as a whole"


def _changes(remedy: Remedy) -> str:
    return effect_words(remedy.corrections)


def _irregularity_lines(ruling: Ruling, number: int, item: Irregularity) -> list[str]:
    f = item.finding
    out = [
        f"{number}. {f.code} ({f.severity}), {_where(f)}: {f.message}.",
        f"   At fault: {_at_fault(ruling, f)}.",
        f"   Rule {f.rule_id}: {f.rule_text}" if f.rule_text else f"   Rule {f.rule_id}.",
    ]
    remedy = f.remedy
    if remedy is None:
        out.append("   Law: none of these laws governs it; nothing is changed.")
        return out
    out.append(f"   Law: {remedy.law_ref or 'none'}.")
    out.append(f"   Remedy: {remedy.summary}")
    if remedy.elections:
        made = remedy.elected or "none recorded"
        out.append(f"   Elections open: {', '.join(remedy.elections)}; made: {made}.")
        if remedy.elected is None:
            for option in item.options:
                out.append(f"     - {option.elected}: {_changes(option)}.")
    out.append(f"   Effect: {_changes(remedy)}.")
    return out


def render_text(ruling: Ruling) -> str:
    """The ruling as plain text, in the order a director writes one."""
    title = f"Ruling on {ruling.source or 'the record'}"
    if ruling.index > 1:
        title += f", record {ruling.index}"
    out = [title, "=" * len(title), "", "Facts"]
    for seat in ruling.seats:
        out.append(f"  {seat}: {ruling.players.get(seat, '(not named)')}")
    for name, value in ruling.facts.items():
        out.append(f"  {name}: {value}")
    out.append(f"  Variant: {ruling.variant}")
    out.append(f"  Laws: {ruling.laws_title} ({ruling.laws})")
    if ruling.laws_principle:
        out.append(f"  Principle: {ruling.laws_principle}")
    out.append("")
    number = 0
    if ruling.record_irregularities:
        out.append("The record")
        for item in ruling.record_irregularities:
            number += 1
            out.extend(_irregularity_lines(ruling, number, item))
        out.append("")
    for deal in ruling.deals:
        out.append(f"Deal {deal.number} (dealer {_who(ruling, deal.dealer)})")
        out.append(f"  Trumps: {_trumps(deal)}.")
        out.append(f"  Scores as marked: {_scores(deal.marked)}; {_brisques(deal, deal.brisques)}.")
        if not deal.irregularities:
            out.append("  No irregularity.")
        for item in deal.irregularities:
            number += 1
            out.extend("  " + line for line in _irregularity_lines(ruling, number, item))
        for text in deal.table_rulings:
            out.append(f"  Ruled at the table: {text}")
        out.append(
            f"  Corrected scores: {_scores(deal.corrected)}; "
            f"{_brisques(deal, deal.corrected_brisques)}."
        )
        if deal.own_value or deal.void:
            out.append(f"  Result of the deal: {_deal_result(deal)}.")
        else:
            out.append("  The deal counts to the game (below):")
        out.extend(f"    {line}" for line in deal.working)
        out.append("")
    if ruling.result is not None and ruling.result_options:
        out.append(f"Result: {ruling.result} as ruled (no election recorded); an election open")
        out.append("  would change it:")
        out.extend(f"    {line}." for line in ruling.result_options)
    else:
        out.append(f"Result: {ruling.result or _unsettled(ruling)}.")
    out.extend(f"  {line}" for line in ruling.result_working)
    if not ruling.irregularities:
        out.append("Nothing to rule: the record shows no irregularity.")
    return "\n".join(out) + "\n"


def _unsettled(ruling: Ruling) -> str:
    """Why no result: the last deal is void (a misdeal dealt again, or a game the laws make
    null and void), or the game is unfinished."""
    last = ruling.deals[-1] if ruling.deals else None
    if last is not None and last.void:
        return f"none: deal {last.number} is void, and nothing scores for it"
    return "not settled (the game is unfinished)"


def _trumps(deal: DealRuling) -> str:
    if deal.trump is None:
        return "none made"
    return SUIT_NAMES.get(deal.trump, deal.trump)


def _deal_result(deal: DealRuling) -> str:
    if deal.void:
        return "void, nothing scores"
    if deal.winner is not None:
        return f"{deal.winner} wins {deal.value}"
    if deal.value is not None:
        return "no winner"
    if not deal.complete:
        return "not settled: the deal is unfinished"
    return "not settled"


def _md(text: str) -> str:
    out = text
    for char in "\\`*_[]<>|#":
        out = out.replace(char, "\\" + char)
    return out


def render_markdown(ruling: Ruling) -> str:
    """The ruling as Markdown: the same content as :func:`render_text`, with headings."""
    out = [f"# Ruling on {_md(ruling.source or 'the record')}", "", "## Facts", ""]
    out.append("| | |")
    out.append("|---|---|")
    for seat in ruling.seats:
        out.append(f"| {seat} | {_md(ruling.players.get(seat, '(not named)'))} |")
    for name, value in ruling.facts.items():
        out.append(f"| {name} | {_md(value)} |")
    out.append(f"| Variant | {_md(ruling.variant)} |")
    out.append(f"| Laws | {_md(ruling.laws_title)} (`{ruling.laws}`) |")
    out.append("")
    if ruling.laws_principle:
        out += [f"> {_md(ruling.laws_principle)}", ""]
    groups: list[tuple[str, tuple[Irregularity, ...], DealRuling | None]] = []
    if ruling.record_irregularities:
        groups.append(("The record", ruling.record_irregularities, None))
    for one in ruling.deals:
        groups.append((f"Deal {one.number}", one.irregularities, one))
    number = 0
    for heading, items, deal in groups:
        out += [f"## {heading}", ""]
        if deal is not None:
            out.append(
                f"Dealer {_md(_who(ruling, deal.dealer))}; trumps {_trumps(deal)}. "
                f"Scores as marked: {_scores(deal.marked)}; {_brisques(deal, deal.brisques)}."
            )
            out.append("")
        if not items:
            out += ["No irregularity.", ""]
        for item in items:
            number += 1
            f = item.finding
            out.append(f"### {number}. {f.code}: {_md(f.message)}")
            out.append("")
            out.append(f"- Where: {_where(f)}")
            out.append(f"- At fault: {_md(_at_fault(ruling, f))}")
            out.append(f"- Rule `{f.rule_id}`: {_md(f.rule_text)}")
            if f.remedy is not None:
                out.append(f"- Law: {_md(f.remedy.law_ref or 'none')}")
                out.append(f"- Remedy: {_md(f.remedy.summary)}")
                if f.remedy.elections:
                    made = f.remedy.elected or "none recorded"
                    out.append(f"- Elections open: {', '.join(f.remedy.elections)}; made: {made}")
                    if f.remedy.elected is None:
                        for option in item.options:
                            out.append(f"  - `{option.elected}`: {_md(_changes(option))}")
                out.append(f"- Effect: {_md(_changes(f.remedy))}")
            out.append("")
        if deal is not None:
            for text in deal.table_rulings:
                out += [f"Ruled at the table: {_md(text)}", ""]
            result = (
                f" **Result of the deal:** {_deal_result(deal)}."
                if deal.own_value or deal.void
                else ""
            )
            out.append(
                f"**Corrected scores:** {_scores(deal.corrected)}; "
                f"{_brisques(deal, deal.corrected_brisques)}.{result}"
            )
            out.append("")
            out.extend(f"- {_md(line)}" for line in deal.working)
            if deal.working:
                out.append("")
    out += ["## Result", "", f"**{_md(ruling.result or 'not settled (unfinished)')}**", ""]
    out.extend(f"- {_md(line)}" for line in ruling.result_working)
    if not ruling.irregularities:
        out += ["", "Nothing to rule: the record shows no irregularity."]
    return "\n".join(out).rstrip("\n") + "\n"


def _irregularity_dict(item: Irregularity) -> dict[str, Any]:
    data = item.finding.to_dict()
    data["options"] = [option.to_dict() for option in item.options]
    return data


def ruling_to_dict(ruling: Ruling) -> dict[str, Any]:
    """The ruling as data (``docs/adjudicate.md``; without the schema header)."""
    return {
        "source": ruling.source,
        "record": ruling.index,
        "players": dict(ruling.players),
        "seats": list(ruling.seats),
        "variant": ruling.variant,
        "laws": {
            "name": ruling.laws,
            "title": ruling.laws_title,
            "principle": ruling.laws_principle,
        },
        "facts": dict(ruling.facts),
        "record_irregularities": [_irregularity_dict(i) for i in ruling.record_irregularities],
        "deals": [
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "trump": deal.trump,
                "irregularities": [_irregularity_dict(i) for i in deal.irregularities],
                "marked": dict(deal.marked),
                "brisques": dict(deal.brisques),
                "corrected": dict(deal.corrected),
                "corrected_brisques": dict(deal.corrected_brisques),
                "complete": deal.complete,
                "void": deal.void,
                "replay_from_trick": deal.replay_from,
                "winner": deal.winner,
                "value": deal.value,
                "working": list(deal.working),
                "table_rulings": list(deal.table_rulings),
            }
            for deal in ruling.deals
        ],
        "result": ruling.result,
        "result_working": list(ruling.result_working),
        "result_options": list(ruling.result_options),
        "rulings_made": len(ruling.irregularities),
    }


def rulings_document(rulings: list[Ruling], errors: list[str]) -> dict[str, Any]:
    """The whole JSON document of ``bezique adjudicate --format json``."""
    return {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "rulings": [ruling_to_dict(r) for r in rulings],
        "errors": list(errors),
    }
