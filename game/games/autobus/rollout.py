"""What the searches play and score in Hospodský autobus: the normal heuristic as the
rollout policy (the only one), and :func:`reward` for a finished or cut-off play-out.
"""
from __future__ import annotations

import math
from typing import Any

from game.ai.search import Policy, StateView
from game.games.autobus.heuristic import AutobusHeuristic


def normal_policy(game: str) -> Policy:
    """The normal level's rules of thumb on the state."""
    ah = AutobusHeuristic(game, "rollout", 0, {})
    return lambda g, legal: ah.decide(StateView(g, {
        "seat": g.current, "runs": g.runs, "aux": g.aux, "players": g.players,
        "quiet_turns": g.quiet,
        "reserve_tops": [r[-1] if r else None for r in g.reserves]}), legal)


def reward(g: Any) -> list[float]:
    """A win 1, a loss 0; a draw or a cut-off deal: by the lead over the nearest
    reserve (a logistic curve, at most 0.9)."""
    n = g.num_players
    sizes = [len(r) for r in g.reserves]
    if g.is_over and g.winner is not None:
        return [1.0 if s == g.winner else 0.0 for s in range(n)]
    out = []
    for s in range(n):
        lead = min(sizes[t] for t in range(n) if t != s) - sizes[s]
        out.append(1.0 / (1.0 + math.exp(-0.5 * lead)) * 0.9)
    return out
