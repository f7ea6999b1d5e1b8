"""The games: one package per game (``game/games/<key>/``), each with its spec in
``<key>/spec.py`` (``SPEC``).

This module is the registry.  ``SPECS`` maps a game key to its
:class:`~game.games.spec.GameSpec`, in menu order (``ORDER``); every list of games (menu
tiles, rules, History and Settings tabs, tools) follows it.  A fifth game is one more
package, imported and named in ``PACKAGES`` below.

A spec holds its game's engine, bots and hooks, which import the shared AI that reads
this registry; so the specs are imported by name when the registry is first read, not
while it loads.  Only the tables (arcade) stay unimported until a table opens.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from game.games import autobus, dudak, durak, paodekuai
from game.games.spec import GameSpec

__all__ = ["ORDER", "SPECS", "GameSpec", "Registry", "spec"]

#: the games' packages in menu order (a new game: its name here and on the import line)
PACKAGES: tuple[ModuleType, ...] = (autobus, dudak, durak, paodekuai)


def _key(package: ModuleType) -> str:
    return package.__name__.rpartition(".")[2]


class Registry(Mapping[str, GameSpec]):
    """Game key -> spec, in menu order: each package's ``spec.SPEC``, imported on first
    read.  :meth:`add` and :meth:`remove` register a game from elsewhere (the tests' toy
    game) after the built-in ones."""

    def __init__(self, packages: tuple[ModuleType, ...]) -> None:
        self._packages = packages
        self._table: dict[str, GameSpec] | None = None
        self._extra: dict[str, GameSpec] = {}

    def _load(self) -> dict[str, GameSpec]:
        if self._table is None:
            table: dict[str, GameSpec] = {}
            for package in self._packages:
                found = importlib.import_module(f"{package.__name__}.spec").SPEC
                if not isinstance(found, GameSpec) or found.key != _key(package):
                    raise TypeError(f"{package.__name__}.spec.SPEC is not its GameSpec")
                table[found.key] = found
            self._table = table
        return self._table | self._extra if self._extra else self._table

    def add(self, game: GameSpec) -> None:
        if game.key in self._load():
            raise ValueError(f"game {game.key!r} is registered already")
        self._extra[game.key] = game

    def remove(self, key: str) -> None:
        del self._extra[key]

    def __getitem__(self, key: str) -> GameSpec:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"SPECS({list(self._load())!r})"


SPECS = Registry(PACKAGES)

#: the built-in games in menu order
ORDER: tuple[str, ...] = tuple(_key(package) for package in PACKAGES)


def spec(key: str) -> GameSpec:
    """The spec of ``key``; a ValueError naming the choices for an unknown key."""
    if key not in SPECS:
        raise ValueError(f"unknown game {key!r}; choose one of {', '.join(sorted(SPECS))}")
    return SPECS[key]
