"""What the review (:mod:`game.review.analysis`) asks of Durak beyond its spec's numbers:
the exact verdict once the talon is empty (every card is then known, and the solver of
:mod:`game.games.durak.endgame` gives each move's true value: a win 1, a draw 0.5, a loss
0).  Its budget is the hard level's (positions settled), and the hard level asks a part
of the same questions in the same order: where the review is certain, the hard level
has solved the position too.  Beside the value under best play, the chance against the
other seat as it plays and the line of best play (:func:`exact_play`): a won position
stays won, a lost one may be won where the other seat errs.
"""
from __future__ import annotations

from typing import Any

from game.games.durak.endgame import Solve, Solver, best_line, notation
from game.games.durak.fast import ID, STOP, TAKE, Fast, normal_move
from game.games.durak.infer import Deals
from game.games.durak.search import POLICIES
from game.rules import Move, Rng


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


#: the moves of best play shown after a certain verdict's move (both seats')
LINE_PLIES = 8


def exact_play(obs: dict[str, Any], moves: list[str], plays: list[tuple[str, float]],
               samples: int, nodes: int, seed: int) -> list[tuple[float, list[str]]]:
    """With an empty talon, for each of ``moves``: the chance to win (a draw half)
    against the other seat as it plays, and the line of best play after it (up to
    :data:`LINE_PLIES` moves of both seats, each keeping the value; the normal level's
    move where it does).  The chance: ``plays`` gives each seat's rule of thumb (greedy
    or normal) and chance of a random move; the seat itself plays on as the hard level
    does (a move that keeps the best value under best play, the normal level's first;
    its rule of thumb where every move loses); ``samples`` play-outs a move on the same
    random draws.  One solver's memo serves them all, ``nodes`` positions settled a
    decision and four times that for the play-outs (past it the seat plays its rule of
    thumb).  The same arguments give the same answers."""
    fast = Deals(obs).everything()
    seat = int(obs["seat"])
    kind, eps = plays[1 - seat]
    other = POLICIES[kind] if kind in POLICIES else normal_move
    solver = Solver(fast.trump)
    left = [4 * nodes]
    out = []
    for move in moves:
        after = fast.copy()
        after.apply(code(Move.parse(move)))
        line, f = [], after.copy()
        for m in best_line(solver, after, nodes, LINE_PLIES):
            line.append(notation(f, m))
            f.apply(m)
        total = 0.0
        for k in range(samples):
            g = after.copy()
            rng = Rng(seed ^ (k + 1) * 0x9E3779B97F4A7C15)     # the k-th draws, every move
            while not g.over:
                if g.current == seat:
                    m = _hard_move(solver, g, seat, nodes, left)
                elif eps and rng.random() < eps:
                    legal = g.legal()
                    m = legal[rng.below(len(legal))]
                else:
                    m = other(g)
                g.apply(m)
            total += g.result(seat)
        out.append((total / max(1, samples), line))
    return out


def _hard_move(solver: Solver, g: Fast, seat: int, nodes: int, left: list[int]) -> int:
    """The hard level's move in a play-out: one that keeps the best value (the normal
    rule of thumb's where it does), the rule of thumb in a lost position or once the
    budget in ``left`` is spent."""
    pick = normal_move(g)
    if left[0] <= 0:
        return pick
    solve = Solve(solver, g, seat, min(nodes, left[0]), first=pick)
    solve.run()
    left[0] -= solve.settled
    if solve.gave_up or not solve.best or not solve.kept:
        return pick
    return solve.kept[0]
