"""Durak's ``greedy`` baseline (hidden from the menu; tournaments measure against it).

The cheapest move that works: attack with the lowest card (non-trumps first), throw in
the lowest matching non-trump (trumps only once the talon is empty), defend with the
lowest card that beats, take when nothing beats.  The search's ``greedy`` rollouts play
it too (:mod:`game.games.durak.rollout`), and ``fast.greedy_move`` is the same rule on
the fast simulator.
"""
from __future__ import annotations

from typing import Any

from game.cards import ATLASNYE_RANKS
from game.rules import Move, Rng

RANK = {r: i for i, r in enumerate(ATLASNYE_RANKS)}


def durak_greedy(legal: list[Move], trump: str, talon: int) -> Move:
    def cost(m: Move) -> int:
        c = m.args[0]
        return RANK[c[0]] + (100 if c[1] == trump else 0)

    defends = [m for m in legal if m.kind == "defend"]
    if defends:
        return min(defends, key=cost)
    if any(m.kind == "take" for m in legal):
        return Move("take")
    attacks = [m for m in legal if m.kind == "attack"]
    if not any(m.kind == "stop" for m in legal):       # the bout's first card
        return min(attacks, key=cost)
    throw = [m for m in attacks if talon == 0 or m.args[0][1] != trump]
    return min(throw, key=cost) if throw else Move("stop")


def decide(obs: dict[str, Any], legal: list[Move], rng: Rng) -> Move:
    """The greedy level's move from a seat's observation (``SPEC.greedy``)."""
    return durak_greedy(legal, obs["trump_suit"], obs["talon_size"])
