"""Settlement: what a deal, a game and a sitting are worth, reckoned as the rule texts do.

Two kinds of game are settled here, each parametrised by :class:`SettlementRules` (the
``settlement:`` section of a rule set; every number is data and every point where the texts
disagree is a named switch, documented in ``docs/rules.md``):

- ``rubicon`` (Rubicon, Chinese, six-pack): one deal is the game. Scores are taken to the hundred
  below, the difference plus the game bonus is the value; brisques are counted only when the
  scores are near or to save a rubicon; a loser under the rubicon line is rubiconed
  (rubicon-bezique-laws.txt, Scoring and Rubicons; Portland laws 56-61).
- ``target`` (the two-pack and the three-handed game): deals are played until a running total
  reaches the target; the higher total wins when two cross in one deal (bezique-guide.txt,
  Ending).

A sitting (:func:`settle_sitting`) is a series of games kept in hundreds and paid at a stake per
hundred; :func:`check_chouette_rotation` checks the chouette arrangement's order of play.

Every result carries ``working``: the reckoning line by line in words, as the texts write it.
The package is pure: no I/O, no parser, no command line. Its parts, each importing only those
above it:

- :mod:`~validator.engine.settlement.rules`: the ``settlement:`` section (:class:`SettlementRules`)
  and the errors;
- :mod:`~validator.engine.settlement.deals`: one deal settled (:func:`settle_deal`);
- :mod:`~validator.engine.settlement.corrections`: the laws' corrections to a deal
  (:func:`correct_deal`);
- :mod:`~validator.engine.settlement.games`: a record's game from its deals (:func:`settle_game`);
- :mod:`~validator.engine.settlement.sittings`: a sitting and a chouette's rotation.

Every name is imported here, so ``from validator.engine.settlement import X`` reads any of them.
"""

from __future__ import annotations

from .corrections import CORRECTION_KINDS, CorrectedDeal, Correction, correct_deal
from .deals import (
    DealResult,
    DealSettlement,
    hundreds_below,
    settle_deal,
    settle_rubicon_deal,
    settle_rubicon_penalty,
    settle_target_deal,
)
from .games import GameResult, GameSettlement, settle_game, settle_target_game
from .rules import (
    FAILED_RESCUE,
    GAME_VALUE,
    KINDS,
    TIE_AT_LINE,
    BrisquesNeeded,
    SettlementError,
    SettlementRules,
    SettlementRulesError,
)
from .sittings import (
    RotationProblem,
    SittingGame,
    SittingSettlement,
    check_chouette_rotation,
    settle_sitting,
)

__all__ = [
    "CORRECTION_KINDS",
    "FAILED_RESCUE",
    "GAME_VALUE",
    "KINDS",
    "TIE_AT_LINE",
    "BrisquesNeeded",
    "CorrectedDeal",
    "Correction",
    "DealResult",
    "DealSettlement",
    "GameResult",
    "GameSettlement",
    "RotationProblem",
    "SettlementError",
    "SettlementRules",
    "SettlementRulesError",
    "SittingGame",
    "SittingSettlement",
    "check_chouette_rotation",
    "correct_deal",
    "hundreds_below",
    "settle_deal",
    "settle_game",
    "settle_rubicon_deal",
    "settle_rubicon_penalty",
    "settle_sitting",
    "settle_target_deal",
    "settle_target_game",
]
