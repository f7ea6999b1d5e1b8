"""What the review (:mod:`game.review.analysis`) asks of Durak beyond its spec's numbers:
the exact verdict once the talon is empty (every card is then known, and the solver of
:mod:`game.games.durak.fast` gives each move's true value: a win 1, a draw 0.5, a loss 0).
"""
from __future__ import annotations

from typing import Any

from game.games.durak.fast import ID, STOP, TAKE, Solver, Unsolved, normal_move
from game.games.durak.infer import Deals
from game.rules import Move


def exact(obs: dict[str, Any], legal: list[Move], played: str, nodes: int
          ) -> tuple[str, float, float] | None:
    """With an empty talon: (a best move, the played move's value, the best value) from
    the exact solver; None while the talon holds cards or when the solver gives up on
    its cap of ``nodes``."""
    if obs.get("talon_size") != 0:
        return None

    def code(m: Move) -> int:
        return TAKE if m.kind == "take" else STOP if m.kind == "stop" else ID[m.args[0]]

    fast = Deals(obs).everything()
    try:
        values = Solver(fast.trump).move_values(fast, int(obs["seat"]), nodes)
    except Unsolved:
        return None
    by_code = {code(m): m for m in legal}
    top = max(values.values())
    played_code = code(Move.parse(played))
    if values.get(played_code) == top:
        best = played
    else:
        keep = [c for c in by_code if values.get(c) == top]
        pick = normal_move(fast)
        best = str(by_code[pick if pick in keep else keep[0]])
    return best, values[played_code] / 2.0, top / 2.0
