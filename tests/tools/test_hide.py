"""Hiding a record's cards: hands, stock and the cards drawn go; everything else stays."""

from __future__ import annotations

from notation import Draw, read_records
from validator.replay import replay
from validator.tools.hide import hide_cards

SAMPLE = "samples/games/rubicon.bzn"


def test_the_cards_go_and_the_play_stays() -> None:
    record = next(iter(read_records(SAMPLE)))
    blind = hide_cards(record, draws=True)
    deal, shown = blind.deals[0], record.deals[0]
    assert deal.hands == () and deal.stock is None
    draws = [e for t in deal.tricks for e in t.events if isinstance(e, Draw)]
    assert draws and all(card is None for d in draws for card in d.cards)
    assert [t.plays for t in deal.tricks] == [t.plays for t in shown.tricks]
    assert blind.tags == record.tags and deal.score == shown.score
    # the cards drawn stay named unless asked
    named = hide_cards(record)
    assert [e for t in named.deals[0].tricks for e in t.events] == [
        e for t in shown.tricks for e in t.events
    ]


def test_a_sound_game_stays_sound_without_its_cards() -> None:
    # the sample is a legal game: with no card named but the plays and declarations, some
    # reading of it explains every event (docs/engine.md, Readings)
    record = next(iter(read_records(SAMPLE)))
    assert list(replay(hide_cards(record, draws=True), steps=False).all_findings()) == []
