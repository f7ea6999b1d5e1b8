"""What the generic search (:mod:`game.ai.search`, with ``kind = "search"``) plays and
scores in Dudák.

The rollout policies read the engine's state directly (the few facts the heuristics
read most; any other from the seat's observation), and :func:`reward` scores a finished
or cut-off play-out for each seat.  (The hard level is its own search on the fast
simulator: :mod:`game.games.dudak.search`.)
"""
from __future__ import annotations

from typing import Any

from game.ai.search import Policy, StateView
from game.games.dudak.greedy import dudak_greedy
from game.games.dudak.heuristic import DudakHeuristic


def greedy_policy(game: str) -> Policy:
    """The ``greedy`` baseline on the state."""
    return lambda g, legal: dudak_greedy(legal, g.hands[g.current], g.trumps[g.current])


def normal_policy(game: str) -> Policy:
    """The normal level's rules of thumb on the state."""
    uh = DudakHeuristic(game, "rollout", 0, {})
    return lambda g, legal: uh.decide(StateView(g, {
        "seat": g.current, "trumps": g.trumps, "hand": g.hands[g.current],
        "collected": g.collected, "pile": g.pile}), legal)


def reward(g: Any) -> list[float]:
    """Once over: 1 unless the Dudák; cut off: the more cards next to the seat holding
    the most, the worse."""
    n = g.num_players
    if g.is_over:
        return list(g.result())
    counts = [g.card_count(s) for s in range(n)]
    most = max(counts) or 1
    return [1.0 - (c / most) ** 2 for c in counts]
