"""AI opponents.  ``make_bot(game, level, seed)`` returns a :class:`Bot`.

This package only re-exports: the bot interface is in :mod:`game.ai.bots`, the levels
and the factory in :mod:`game.ai.registry`, the one information-set search in
:mod:`game.ai.ismcts` and what the search levels infer about hidden cards in
:mod:`game.ai.infer`.  Bots see only an observation and the legal moves.
"""
from game.ai.bots import Anytime, Bot, DecideOnce, RandomBot, option
from game.ai.registry import level_file, levels, make_bot, menu_levels

__all__ = ["Anytime", "Bot", "DecideOnce", "RandomBot", "level_file", "levels", "make_bot",
           "menu_levels", "option"]
