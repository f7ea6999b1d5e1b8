"""The AI levels of every game and the factory that makes their bots.

Levels and their parameters live in ``levels/<game>.toml`` under ``[levels.<name>]``;
``kind`` selects the implementation; ``hidden = true`` keeps a level (the ``greedy``
baselines) out of the menu.  ``make_bot(game, level, seed)`` returns a
:class:`~game.ai.bots.Bot`.  (Not ``levels.py``: the module would share its name with
the :func:`levels` function that ``game.ai`` re-exports.)
"""
from __future__ import annotations

import logging
import tomllib
from collections.abc import Callable
from functools import cache
from typing import Any

from game import resources
from game.ai.bots import Bot, RandomBot
from game.games import SPECS
from game.lazy import resolve

log = logging.getLogger(__name__)

#: the built-in level of a game whose spec names none (``fallback_levels``)
RANDOM_LEVELS: dict[str, dict[str, Any]] = {"random": {"kind": "random", "label": "Random"}}


@cache
def level_file(game: str) -> dict[str, Any]:
    """``levels/<game>.toml``, read once: its ``[levels.*]`` (the spec's
    ``fallback_levels``, or a random level, if the file is missing or damaged, with a
    warning)."""
    file = resources.path("levels", f"{game}.toml")
    try:
        with file.open("rb") as fh:
            data = tomllib.load(fh)
        if not isinstance(data.get("levels"), dict) or not data["levels"]:
            raise ValueError("no [levels] tables")
        return data
    except (OSError, ValueError) as exc:
        log.warning("levels file %s unusable (%s); using built-in levels", file, exc)
        known = SPECS.get(game)
        return {"levels": (known.fallback_levels if known is not None else None)
                or RANDOM_LEVELS}


def levels(game: str) -> dict[str, dict[str, Any]]:
    """The AI levels of a game."""
    result: dict[str, dict[str, Any]] = level_file(game)["levels"]
    return result


def menu_levels(game: str) -> dict[str, dict[str, Any]]:
    """The levels the menu offers: every level not marked ``hidden``."""
    return {k: v for k, v in levels(game).items() if not v.get("hidden", False)}


def _factories(game: str) -> dict[str, Callable[..., Bot]]:
    """The bot kinds a level of ``game`` may name: the shared ones and the game's own."""
    from game.ai.greedy import GreedyBot
    from game.ai.search import SearchBot
    from game.games import spec

    shared: dict[str, Callable[..., Bot]] = {"random": RandomBot, "search": SearchBot,
                                             "greedy": GreedyBot}
    return shared | dict(spec(game).bots)


#: who may make a level's final choice (``final = "judge"``): the review's judge, which
#: itself plays out with this module's bots, so it is named, not imported (no cycle)
FINALS: dict[str, str] = {"judge": "game.review.hard:JudgeBot"}


def make_bot(game: str, level: str = "normal", seed: int = 0,
             overrides: dict[str, Any] | None = None) -> Bot:
    """A bot for ``game`` at ``level`` (a name from the game's levels file); ``overrides``
    replaces parameters of the level (tests fix a search's ``iterations`` with it)."""
    table = levels(game)
    if level not in table:
        raise ValueError(f"unknown level {level!r} for {game}; levels: {', '.join(table)}")
    params = dict(table[level]) | dict(overrides or {})
    kind = params.get("kind", "random")
    factories = _factories(game)
    if kind not in factories:
        raise ValueError(f"level {level!r} of {game} names unknown kind {kind!r}")
    try:
        final = params.get("final")
        if final in FINALS:                     # another decides the final choice
            factories[kind](game, level, seed, params)    # (the level's own checks)
            judge = resolve(FINALS[final])
            assert callable(judge), FINALS[final]
            bot: Bot = judge(game, level, seed, params)
            return bot
        return factories[kind](game, level, seed, params)
    except ValueError as exc:
        raise ValueError(f"level {level!r} of {game}: {exc}") from exc
