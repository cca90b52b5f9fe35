"""BZN, the Bézique notation: the typed record model, its parser and its writer.

This package knows how records are written and what they hold, not the rules
of the game.
"""
