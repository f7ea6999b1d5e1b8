"""One sampler for every game: a full engine state consistent with an observation.

Each game deals its own unseen cards (``game/games/<key>/infer.py``, its spec's
``sampler``); this module only picks the game's.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games import spec
from game.rules import Game, Rng


def sampler(key: str) -> Callable[[dict[str, Any], Rng], Game]:
    """The sampler of game ``key``."""
    return spec(key).sampler


def sample(obs: dict[str, Any], rng: Rng) -> Game:
    """A full state of ``obs["game"]`` that shows ``obs`` to its seat, the cards that
    seat has not seen dealt at random where the game's inference allows them."""
    return sampler(obs["game"])(obs, rng)
