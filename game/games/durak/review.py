"""What the review (:mod:`game.review.analysis`) asks of Durak beyond its spec's numbers:
the exact verdict once the talon is empty (every card is then known, and the solver of
:mod:`game.games.durak.endgame` gives each move's true value: a win 1, a draw 0.5, a loss
0).  Its budget is the hard level's (positions settled), and the hard level asks a part
of the same questions in the same order: where the review is certain, the hard level
has solved the position too.
"""
from __future__ import annotations

from typing import Any

from game.games.durak.endgame import Solve, Solver
from game.games.durak.fast import ID, STOP, TAKE, normal_move
from game.games.durak.infer import Deals
from game.rules import Move


def code(m: Move) -> int:
    """A move of the engine as the fast simulator's number."""
    return TAKE if m.kind == "take" else STOP if m.kind == "stop" else ID[m.args[0]]


def exact(obs: dict[str, Any], legal: list[Move], nodes: int
          ) -> list[tuple[str, float]] | None:
    """With an empty talon: each of ``legal`` with its exact value, the normal level's
    choice first among the best (the judge's best on a tie); None while the talon holds
    cards or when the solver would settle more than ``nodes`` positions."""
    if obs.get("talon_size") != 0:
        return None
    fast = Deals(obs).everything()
    pick = normal_move(fast)
    solve = Solve(Solver(fast.trump), fast, int(obs["seat"]), nodes, everything=True,
                  first=pick, moves=[code(m) for m in legal])
    solve.run()
    if solve.values is None:
        return None
    values = solve.values
    out = [(str(m), values[code(m)] / 2.0) for m in legal]
    top = max(v for _, v in out)
    first = [i for i, m in enumerate(legal) if code(m) == pick and out[i][1] == top]
    if first:
        out.insert(0, out.pop(first[0]))
    return out
