"""What the review (:mod:`game.review.analysis`) asks of Durak beyond its spec's numbers:
the exact verdict once the talon is empty (every card is then known, and the solver of
:mod:`game.games.durak.fast` gives each move's true value: a win 1, a draw 0.5, a loss 0).
"""
from __future__ import annotations

from typing import Any

from game.games.durak.fast import ID, STOP, TAKE, Solver, Unsolved, normal_move
from game.games.durak.infer import Deals
from game.rules import Move


def exact(obs: dict[str, Any], legal: list[Move], nodes: int
          ) -> list[tuple[str, float]] | None:
    """With an empty talon: each of ``legal`` with its exact value, the normal level's
    choice first among the best (the judge's best on a tie); None while the talon holds
    cards or when the solver gives up on its cap of ``nodes``."""
    if obs.get("talon_size") != 0:
        return None

    def code(m: Move) -> int:
        return TAKE if m.kind == "take" else STOP if m.kind == "stop" else ID[m.args[0]]

    fast = Deals(obs).everything()
    try:
        values = Solver(fast.trump).move_values(fast, int(obs["seat"]), nodes)
    except Unsolved:
        return None
    pick = normal_move(fast)
    out = [(str(m), values[code(m)] / 2.0) for m in legal]
    top = max(v for _, v in out)
    first = [i for i, m in enumerate(legal) if code(m) == pick and out[i][1] == top]
    if first:
        out.insert(0, out.pop(first[0]))
    return out
