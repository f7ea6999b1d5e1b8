"""What the generic search (:mod:`game.ai.search`, Pao De Kuai's hard level) plays and
scores in Pao De Kuai.

The rollout policies read the engine's state directly (the few facts the heuristics
read most; any other from the seat's observation), and :func:`reward` scores a finished
or cut-off play-out for each seat.
"""
from __future__ import annotations

from typing import Any

from game.ai.search import Policy, StateView
from game.games.paodekuai.greedy import pdk_greedy
from game.games.paodekuai.heuristic import PaoDeKuaiHeuristic


def greedy_policy(game: str) -> Policy:
    """The ``greedy`` baseline on the state."""
    return lambda g, legal: pdk_greedy(legal, len(g.hands[g.current]), g.table_shape is None)


def normal_policy(game: str) -> Policy:
    """The normal level's rules of thumb on the state."""
    ph = PaoDeKuaiHeuristic(game, "rollout", 0, {})
    return lambda g, legal: ph.decide(StateView(g, {
        "hand": g.hands[g.current], "seat": g.current,
        "hand_sizes": [len(h) for h in g.hands], "leading": g.table_shape is None}), legal)


def reward(g: Any) -> list[float]:
    """Once over: 0.6 for the winner and 0.4 by the deal's points (±40 spans it); cut
    off: a little less the more cards a seat holds beyond the fewest."""
    n = g.num_players
    if g.is_over:
        return [0.6 * (s == g.winner) + 0.4 * min(1.0, max(0.0, 0.5 + g.scores[s] / 80))
                for s in range(n)]
    sizes = [len(h) for h in g.hands]
    return [0.5 - 0.03 * (sizes[s] - min(sizes)) for s in range(n)]
