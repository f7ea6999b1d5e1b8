"""The ``greedy`` baselines (hidden from the menu; tournaments measure against them).

One-ply bots as the search literature describes them: the
cheapest move that works.  Each game writes its own (``game/games/<key>/greedy.py``,
named by its spec's ``greedy``); this bot only asks the game's.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.bots import DecideOnce
from game.games import spec
from game.rules import Move, Rng

#: a game's greedy decision: (observation, legal moves, the bot's Rng) -> move
Decide = Callable[[dict[str, Any], list[Move], Rng], Move]


class GreedyBot(DecideOnce):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.game, self.level = game, level
        self.rng = Rng(seed)
        decide = spec(game).greedy
        if decide is None:
            raise ValueError(f"no greedy level for {game}")
        self._decide: Decide = decide

    def decide(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        return self._decide(obs, legal, self.rng)
