"""``python -m game.bench.bench_review endgames``: Durak's hard level in its endgames.

Deals ``seed .. seed + deals - 1`` are played with the hard level (as shipped: its CPU
budgets) in seat 0 against ``--against`` (default: the normal level).  Every decision of
the hard seat with the talon empty is then solved as the review solves it (its budget of
positions settled): a **certain blunder** is a move the review proves worse than another
(a win thrown to a draw or a loss, a draw to a loss), which the hard level should never
play, since it asks a part of the same questions with the same budget.  Printed: the
decisions, the certain ones and the certain blunders (seed and move), the hard level's
CPU milliseconds per endgame decision (median, p95, max) and how many of them went over
the table's think budget (the CPU a table gives during the shortest think delay), and
the deals' results.  ``--jobs`` splits the deals over processes.
"""
from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from game.ai import make_bot
from game.bench.bench_hard import think_budget
from game.games.durak.review import exact
from game.review.tuning import settings
from game.rules import GAMES
from game.tools.sim import wilson


def one(seed: int, against: str) -> dict[str, Any]:
    """One deal: the hard seat's endgame decisions judged, its CPU per decision."""
    budget = settings("durak").solve_nodes
    g = GAMES["durak"].new(seed=seed)
    bots = [make_bot("durak", "hard", seed=seed * 8), make_bot("durak", against,
                                                               seed=seed * 8 + 1)]
    rows: list[dict[str, Any]] = []
    moves = 0
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        obs, legal = g.observation(seat), g.legal_moves()
        t0 = time.thread_time()
        m = bots[seat].choose(obs, legal)
        took = time.thread_time() - t0
        if seat == 0 and obs["talon_size"] == 0 and len(legal) > 1:
            values = exact(obs, legal, budget)
            row: dict[str, Any] = {"seed": seed, "move": moves + 1, "played": str(m),
                                   "ms": took * 1000, "certain": values is not None}
            if values is not None:
                top = max(v for _, v in values)
                row["blunder"] = dict(values)[str(m)] < top
                row["best"] = values[0][0]
                row["exact"] = dict(values)[str(m)]
                row["chance"] = _shown(obs, str(m), against)
            rows.append(row)
        g.play(m)
        moves += 1
    result = g.result()
    assert result is not None
    for r in rows:
        r["result"] = result[0]
    return {"seed": seed, "result": result[0], "rows": rows}


def _shown(obs: dict[str, Any], move: str, against: str) -> float:
    """The chance the review shows after ``move`` where every card is known: against
    the other seat as it plays (the review's settings and play-outs)."""
    from game.games.durak.review import exact_play
    from game.review.seats import seat_play
    from game.review.seeds import position_seed

    s = settings("durak")
    plays = [(kind, max(eps, s.epsilon)) for kind, eps in
             (seat_play("durak", lv) for lv in ("hard", against))]
    if obs["seat"] == 1:
        plays.reverse()
    return exact_play(obs, [move], plays, max(1, s.min_samples or s.samples),
                      s.solve_nodes, position_seed(obs, [move]))[0][0]


def _chunk(args: tuple[list[int], str]) -> list[dict[str, Any]]:
    seeds, against = args
    out = []
    for s in seeds:
        out.append(one(s, against))
        print(f"  deal {s}: {len(out[-1]['rows'])} endgame decisions", file=sys.stderr,
              flush=True)
    return out


def run(deals: int, seed: int, jobs: int = 1, against: str = "normal") -> int:
    seeds = list(range(seed, seed + deals))
    if jobs <= 1:
        done = _chunk((seeds, against))
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        parts = [(seeds[i::jobs], against) for i in range(jobs)]
        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) as pool:
            done = [d for part in pool.map(_chunk, parts) for d in part]
    rows = [r for d in done for r in d["rows"]]
    certain = [r for r in rows if r["certain"]]
    blunders = [r for r in certain if r["blunder"]]
    ms = sorted(r["ms"] for r in rows)
    limit = think_budget("durak") * 1000
    won = sum(d["result"] == 1.0 for d in done)
    drawn = sum(d["result"] == 0.5 for d in done)
    lo, hi = wilson(won, len(done))
    print(f"durak hard (seat 0) against {against}, deals {seed}-{seed + deals - 1}: "
          f"won {won}, drawn {drawn}, lost {len(done) - won - drawn}; won "
          f"{won / max(1, len(done)):.1%} [{lo:.1%}, {hi:.1%}]")
    print(f"  endgame decisions (talon empty, more than one move): {len(rows)}; certain "
          f"(the review's solver settles them): {len(certain)}; certain blunders: "
          f"{len(blunders)}")
    for r in blunders:
        print(f"    deal {r['seed']} move {r['move']}: {r['played']}, where {r['best']} "
              "keeps more")
    print("  certain decisions by the value of the move played with best play: the chance "
          "shown (against the other seat as it plays) and what the deals gave")
    for name, value in (("won", 1.0), ("drawn", 0.5), ("lost", 0.0)):
        got = [r for r in certain if r["exact"] == value]
        if got:
            deals = len({r["seed"] for r in got})
            print(f"    {name} with best play: {len(got)} decisions of {deals} deals, shown "
                  f"{statistics.fmean(r['chance'] for r in got):.1%}, the deals gave "
                  f"{statistics.fmean(r['result'] for r in got):.1%}")
    if ms:
        print(f"  CPU ms per endgame decision: median {statistics.median(ms):.1f}, p95 "
              f"{ms[int(0.95 * (len(ms) - 1))]:.1f}, max {ms[-1]:.1f}; over the think "
              f"budget ({limit:.0f} ms): {sum(x > limit for x in ms)}")
    return 1 if blunders else 0
