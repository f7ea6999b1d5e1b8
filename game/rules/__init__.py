"""The rule engines and the contract they share (see DESIGN.md, "The engine contract").

This package only re-exports: the contract lives in :mod:`game.rules.base`, the PRNG in
:mod:`game.rules.rng`; each game's engine is ``game/games/<key>/rules.py``.  ``GAMES``
maps a game key to its class, in menu order (:mod:`game.rules.engines` reads it from the
games' registry on first use).

Nothing under ``game.rules`` imports arcade or pyglet.
"""
from __future__ import annotations

from collections.abc import Mapping

from game.rules.base import (
    DeckError,
    Event,
    Game,
    IllegalMove,
    Move,
    NotationError,
    StateError,
    split_known,
)
from game.rules.engines import Engines
from game.rules.rng import Rng, deal_rng, new_seed

__all__ = [
    "GAMES", "DeckError", "Event", "Game", "IllegalMove", "Move", "NotationError", "Rng",
    "StateError", "deal_rng", "new_seed", "split_known",
]

GAMES: Mapping[str, type[Game]] = Engines()
