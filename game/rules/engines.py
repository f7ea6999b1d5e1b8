"""``GAMES``: the engine of each game by key, in menu order, read from the games' registry.

The engines live in their games' packages (``game/games/<key>/rules.py``) and import the
contract from :mod:`game.rules.base`, so :mod:`game.rules` cannot import them while it
loads.  :class:`Engines` is a read-only view of the registry, read when asked (so a
game registered later, the tests' toy game, is there too).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.rules.base import Game


class Engines(Mapping[str, type[Game]]):
    """Game key -> engine class, read from :data:`game.games.SPECS`."""

    def _load(self) -> dict[str, type[Game]]:
        from game.games import SPECS

        return {key: spec.engine for key, spec in SPECS.items()}

    def __getitem__(self, key: str) -> type[Game]:
        from game.games import SPECS

        return SPECS[key].engine

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"GAMES({self._load()!r})"
