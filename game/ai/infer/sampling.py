"""One sampler for every game: a full engine state consistent with an observation."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.infer import autobus, dudak, durak, paodekuai
from game.rules import Game, Rng

SAMPLERS: dict[str, Callable[[dict[str, Any], Rng], Game]] = {
    "autobus": autobus.sample, "dudak": dudak.sample, "durak": durak.sample,
    "paodekuai": paodekuai.sample}


def sample(obs: dict[str, Any], rng: Rng) -> Game:
    """A full state of ``obs["game"]`` that shows ``obs`` to its seat, the cards that
    seat has not seen dealt at random where the game's inference allows them."""
    return SAMPLERS[obs["game"]](obs, rng)
