"""The phases of a deal: the loose play while the stock lasts, the strict play after it, over.

The names live apart from :mod:`validator.engine.state` so that the state and the modules that
move a deal from one phase to the next (:mod:`validator.engine.playing`,
:mod:`validator.engine.drawing`) can all name them without importing one another.
"""

from __future__ import annotations

from typing import Final

LOOSE: Final = "loose"
"""While the stock lasts: any card may be played; the trick's winner may declare, then draw."""

STRICT: Final = "strict"
"""Once the stock is too short to draw from: the strict play of the last tricks."""

OVER: Final = "over"
"""Every card played: the deal is over."""

__all__ = ["LOOSE", "OVER", "STRICT"]
