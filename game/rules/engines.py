"""``GAMES``: the engine of each game by key, in menu order, read from the games' registry.

The engines live in their games' packages (``game/games/<key>/rules.py``) and import the
contract from :mod:`game.rules.base`, so :mod:`game.rules` cannot import them while it
loads.  :class:`Engines` is a read-only mapping that asks the registry on first use.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from game.rules.base import Game


class Engines(Mapping[str, type[Game]]):
    """Game key -> engine class, loaded from :data:`game.games.SPECS` when first read."""

    def __init__(self) -> None:
        self._table: dict[str, type[Game]] | None = None

    def _load(self) -> dict[str, type[Game]]:
        if self._table is None:
            from game.games import SPECS

            self._table = {key: spec.engine for key, spec in SPECS.items()}
        return self._table

    def __getitem__(self, key: str) -> type[Game]:
        return self._load()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __repr__(self) -> str:
        return f"GAMES({self._load()!r})"
