"""The games: one package per game (``game/games/<key>/``), each with a ``SPEC``.

This module is the registry.  ``SPECS`` maps a game key to its
:class:`~game.games.spec.GameSpec`, in menu order (``ORDER``); every list of games (menu
tiles, rules, History and Settings tabs, tools) follows it.  A fifth game is one more
package, imported and named in ``PACKAGES`` below.

Reading the registry imports no engine, bot or table (the spec's references are lazy),
so it is safe from any layer, and ``game.rules.GAMES`` is built from it.
"""
from __future__ import annotations

from game.games import autobus, dudak, durak, paodekuai
from game.games.spec import GameSpec, load

__all__ = ["INFO", "ORDER", "SPECS", "GameInfo", "GameSpec", "info", "load", "spec"]

#: the games' packages in menu order (a new game: its name here and on the import line)
PACKAGES = (autobus, dudak, durak, paodekuai)

SPECS: dict[str, GameSpec] = {package.SPEC.key: package.SPEC for package in PACKAGES}

#: the games in menu order
ORDER: tuple[str, ...] = tuple(SPECS)


def spec(key: str) -> GameSpec:
    """The spec of ``key``; a ValueError naming the choices for an unknown key."""
    if key not in SPECS:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(sorted(SPECS))}")
    return SPECS[key]


# the names the presentation code used before the games became packages
GameInfo = GameSpec
INFO = SPECS
info = spec
