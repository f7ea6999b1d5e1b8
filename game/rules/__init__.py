"""The rule engines and the contract they share (see DESIGN.md, "The engine contract").

This package only re-exports: the contract lives in :mod:`game.rules.base`, the PRNG in
:mod:`game.rules.rng`, one game per module.  ``GAMES`` maps a game key to its class,
listed here by name (no registration by import side effect).

Nothing under ``game.rules`` imports arcade or pyglet.
"""
from __future__ import annotations

from game.rules.autobus import Autobus
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
from game.rules.dudak import Dudak
from game.rules.durak import Durak
from game.rules.paodekuai import PaoDeKuai
from game.rules.rng import Rng, deal_rng, new_seed

__all__ = [
    "GAMES", "DeckError", "Event", "Game", "IllegalMove", "Move", "NotationError", "Rng",
    "StateError", "deal_rng", "new_seed", "split_known",
]

GAMES: dict[str, type[Game]] = {cls.key: cls for cls in (Autobus, Dudak, Durak, PaoDeKuai)}
