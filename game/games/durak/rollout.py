"""What the generic search (:mod:`game.ai.search`) plays and scores in Durak.

The rollout policies read the engine's state directly (the few facts the heuristics
read most; any other from the seat's observation), and :func:`reward` scores a finished
or cut-off play-out for each seat.
"""
from __future__ import annotations

from typing import Any

from game.ai.search import Policy, StateView
from game.games.durak.greedy import durak_greedy
from game.games.durak.heuristic import DurakHeuristic


def greedy_policy(game: str) -> Policy:
    """The ``greedy`` baseline on the state."""
    return lambda g, legal: durak_greedy(legal, g.trump_suit, len(g.talon))


def normal_policy(game: str) -> Policy:
    """The normal level's rules of thumb on the state."""
    dh = DurakHeuristic(game, "rollout", 0, {})
    return lambda g, legal: dh.decide(StateView(g, {
        "trump_suit": g.trump_suit, "talon_size": len(g.talon), "table": g.table,
        "hand": g.hands[g.current_player]}), legal)


def reward(g: Any) -> list[float]:
    """DUR-10's score once over; cut off: half each, shifted by the difference in the
    cards held (fewer is better)."""
    if g.is_over:
        return list(g.result())
    a, b = len(g.hands[0]), len(g.hands[1])
    return [0.5 + 0.05 * (b - a), 0.5 + 0.05 * (a - b)]
