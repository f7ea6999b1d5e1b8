"""``python -m game.bench.bench_review fit --rows F --games G``: the chance shown, fitted
on the hard level's outcomes ("the chance if from here you play as the hard
level would").

The rows are a calibration run's (``bench_review calibrate --levels hard --out F``):
per decision, the play-outs' chance of the move played (``edge`` 0) and what the deal
then gave the seat.  Two maps from the play-outs' chance to the chance shown are fitted
by log-loss: the logistic one (``stretch``, then ``edge``, on the logit scale) and a
``curve`` through a few points (straight pieces on the logit scale, both coordinates
rising).  Each is fitted on the even deals and checked on the odd ones and the other
way round (decisions of one deal share its outcome, so the halves split by deal), then
on all of them; printed: the log-loss of each map on the half it was not fitted on, and
the reliability table of the map fitted on all deals, with the bins of 30 or more
decisions further than 10 points from their outcome marked.  The last lines are the
settings to put in ``levels/review.toml``.  ``--folds K`` (K > 2) adds a K-fold check by
deal, less at the mercy of one split than the halves: every decision predicted by the
map fitted on the other folds, the predictions' log-loss and reliability pooled.
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

from game.review.model import CHANCE
from game.review.tuning import Settings, shown
from game.tools.sim import wilson

Map = Callable[[float], float]
#: the raw chances where a curve has its points, by default
KNOTS = (0.2, 0.4, 0.6, 0.85)
#: a bin of this many decisions or more must be within ``BOUND`` of its outcome
BIG, BOUND = 30, 0.10


def _logit(p: float) -> float:
    q = min(max(p, 0.002), 0.998)
    return math.log(q / (1 - q))


def _sig(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def logistic(stretch: float, edge: float) -> Map:
    """The chance shown under ``stretch`` and ``edge`` (the review's own map)."""
    s = Settings(stretch=stretch, edge=edge)
    return lambda p: shown(p, CHANCE, s)


def curve(knots: tuple[float, ...], ys: list[float]) -> Map:
    """The chance shown under a ``curve`` through (knot, sigmoid(y)) for each knot (the
    review's own map: straight on the logit scale, carried on past the ends)."""
    s = Settings(curve=tuple((k, _sig(y)) for k, y in zip(knots, ys, strict=True)))
    return lambda p: shown(p, CHANCE, s)


def log_loss(rows: list[dict[str, Any]], f: Map) -> float:
    total = 0.0
    for r in rows:
        p = min(max(f(r["played"]), 1e-4), 1 - 1e-4)
        y = r["result"]
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


#: the logistic map's bounds (stretch, edge), as levels/review.toml would take them
STRETCH, EDGE = (0.4, 3.0), (-3.0, 4.0)


def fit_logistic(rows: list[dict[str, Any]]) -> tuple[float, float]:
    """(stretch, edge) of the least log-loss, to 0.05 (the grid the settings are
    written on): logistic regression of the outcome on the play-outs' logit by Newton's
    method, then the best grid point around it by the map's own log-loss."""
    xs = [_logit(r["played"]) for r in rows]
    ys = [float(r["result"]) for r in rows]
    a, b = 1.0, 0.0
    for _ in range(60):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = _sig(a * x + b)
            w = p * (1 - p)
            ga += (p - y) * x
            gb += p - y
            haa += w * x * x
            hab += w * x
            hbb += w
        det = (haa + 1e-9) * (hbb + 1e-9) - hab * hab
        if det <= 1e-12:
            break
        da = ((hbb + 1e-9) * ga - hab * gb) / det
        db = ((haa + 1e-9) * gb - hab * ga) / det
        a = min(max(a - da, STRETCH[0]), STRETCH[1])
        b = min(max(b - db, EDGE[0]), EDGE[1])
        if abs(da) < 1e-7 and abs(db) < 1e-7:
            break
    grid = [(round(round(a * 20) / 20 + i / 20, 2), round(round(b * 20) / 20 + j / 20, 2))
            for i in (-1, 0, 1) for j in (-1, 0, 1)]
    grid = [(u, v) for u, v in grid
            if STRETCH[0] <= u <= STRETCH[1] and EDGE[0] <= v <= EDGE[1]]
    return min(grid, key=lambda g: (log_loss(rows, logistic(*g)), g))


def fit_curve(rows: list[dict[str, Any]], knots: tuple[float, ...] = KNOTS) -> list[float]:
    """The logits shown at ``knots`` of the least log-loss (coordinate search; each
    piece keeps a tenth of the raw slope at least, so the curve always rises)."""
    xs = [_logit(k) for k in knots]
    ys = list(xs)
    cur = log_loss(rows, curve(knots, ys))
    step = 1.0
    while step > 0.01:
        better = False
        for i in range(len(ys)):
            for dv in (step, -step):
                t = list(ys)
                t[i] += dv
                if any(t[j + 1] - t[j] < 0.1 * (xs[j + 1] - xs[j]) for j in range(len(t) - 1)):
                    continue
                v = log_loss(rows, curve(knots, t))
                if v < cur - 1e-9:
                    ys, cur, better = t, v, True
        if not better:
            step /= 2
    return ys


def by_deal(rows: list[dict[str, Any]], draws: int = 400, seed: int = 1) -> tuple[float, float]:
    """A 95% interval of the rows' mean outcome that counts a deal as one draw: the
    deals resampled with replacement (a deal's decisions share its outcome, so the
    Wilson interval of the decisions is too narrow)."""
    import random

    deals: dict[int, list[float]] = {}
    for r in rows:
        deals.setdefault(r["deal"], []).append(r["result"])
    groups = list(deals.values())
    rng = random.Random(seed)
    means = []
    for _ in range(draws):
        pick = [groups[rng.randrange(len(groups))] for _ in groups]
        n = sum(len(g) for g in pick)
        means.append(sum(sum(g) for g in pick) / n)
    means.sort()
    return means[int(0.025 * draws)], means[min(draws - 1, int(0.975 * draws))]


def bins(rows: list[dict[str, Any]], f: Map) -> tuple[list[str], int]:
    """The reliability table of ``rows`` under ``f`` (with the interval counted by deal
    beside Wilson's), and how many bins of ``BIG`` or more decisions are further than
    ``BOUND`` from their outcome."""
    edges = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]
    lines, bad = [], 0
    for lo, hi in zip(edges, edges[1:], strict=False):
        got = [r for r in rows if lo <= f(r["played"]) < hi]
        if not got:
            continue
        n = len(got)
        est = statistics.fmean(f(r["played"]) for r in got)
        k = sum(r["result"] for r in got)
        a, b = wilson(k, n)
        off = n >= BIG and abs(k / n - est) > BOUND
        bad += off
        deals = len({r["deal"] for r in got})
        c, d = by_deal(got)
        lines.append(f"{lo:.1f} .. {min(hi, 1.0):.1f} | {n:5} | {deals:4} | {est:.2f} | "
                     f"{k / n:.2f} [{a:.2f}, {b:.2f}] | [{c:.2f}, {d:.2f}]"
                     f"{' | off' if off else ''}")
    return lines, bad


def report(key: str, rows: list[dict[str, Any]], knots: tuple[float, ...] = KNOTS) -> str:
    """The fits of ``key``'s hard-level rows, checked on the half of the deals each was
    not fitted on, and the settings of the fit on all of them."""
    hard = _hard(key, rows)
    if not hard:
        return f"## {key}: no rows of the hard level"
    even = [r for r in hard if r["deal"] % 2 == 0]
    odd = [r for r in hard if r["deal"] % 2 == 1]
    out = [f"## {key}: {len(hard)} decisions of the hard level in "
           f"{len({r['deal'] for r in hard})} deals (mean outcome "
           f"{statistics.fmean(r['result'] for r in hard):.2f})",
           "map | log-loss on the odd deals (fitted on the even) | on the even (fitted on "
           "the odd) | bins off, both halves"]
    for name in ("none", "logistic", "curve"):
        losses, off = [], 0
        for train, test in ((even, odd), (odd, even)):
            if not train or not test:
                continue
            f = _fitted(name, train, knots)
            losses.append(f"{log_loss(test, f):.4f}")
            off += bins(test, f)[1]
        out.append(f"{name} | {' | '.join(losses)} | {off}")
    s, e = fit_logistic(hard)
    ys = fit_curve(hard, knots)
    for name, f in (("logistic", logistic(s, e)), ("curve", curve(knots, ys))):
        lines, off = bins(hard, f)
        out.append(f"\n{name}, fitted on all deals (log-loss {log_loss(hard, f):.4f}, "
                   f"bins off {off}):")
        out.append("estimated chance | decisions | deals | mean estimate | observed "
                   "[Wilson 95%] | [95%, by deal]")
        out += lines
    pts = ", ".join(f"[{k}, {_sig(y):.3f}]" for k, y in zip(knots, ys, strict=True))
    out.append(f"\nlevels/review.toml [{key}]: stretch = {s}, edge = {e}   or   "
               f"curve = [{pts}]")
    return "\n".join(out)


def folds_report(key: str, rows: list[dict[str, Any]], folds: int,
                 knots: tuple[float, ...] = KNOTS) -> str:
    """Each map checked by ``folds``-fold cross-validation by deal (the deals, in
    order, dealt round the folds): fitted on the other folds, it predicts each fold's
    decisions; printed per map the log-loss of all those predictions and the
    reliability table of them, pooled (bins of 30+ decisions off by more than 10
    points marked)."""
    hard = _hard(key, rows)
    deals = sorted({r["deal"] for r in hard})
    if len(deals) < folds or folds < 2:
        return f"## {key}: {len(deals)} deals, too few for {folds} folds"
    fold_of = {d: i % folds for i, d in enumerate(deals)}
    out = [f"## {key}: {folds}-fold check by deal ({len(deals)} deals, "
           f"{len(hard)} decisions)",
           "map | log-loss of the held-out predictions | bins off"]
    tables = []
    for name in ("none", "logistic", "curve"):
        held = _held_out(hard, folds, name, knots, fold_of)
        lines, off = bins(held, lambda p: p)
        out.append(f"{name} | {log_loss(held, lambda p: p):.4f} | {off}")
        tables += [f"\n{name}, held out:", "predicted chance | decisions | deals | mean "
                   "predicted | observed [Wilson 95%] | [95%, by deal]", *lines]
    return "\n".join(out + tables)


def _held_out(rows: list[dict[str, Any]], folds: int, name: str,
              knots: tuple[float, ...], fold_of: dict[int, int]) -> list[dict[str, Any]]:
    """``rows`` each predicted by the map ``name`` fitted on the other folds' rows."""
    held: list[dict[str, Any]] = []
    for k in range(folds):
        train = [r for r in rows if fold_of[r["deal"]] != k]
        f = _fitted(name, train, knots) if train else (lambda p: p)
        held += [r | {"played": f(r["played"])} for r in rows if fold_of[r["deal"]] == k]
    return held


def kinds_report(key: str, rows: list[dict[str, Any]], folds: int,
                 knots: tuple[float, ...] = KNOTS) -> str:
    """One map for every position against a map per kind of position (the rows'
    ``situation``: levels/review.toml's ``[<key>.situations.<name>]``), each checked
    by ``folds``-fold cross-validation by deal on the same deals: the log-loss and the
    bins off of the held-out predictions, on all the rows and on each kind's.  Rows
    without a ``situation`` (written before calibrate kept it) are left out."""
    hard = [r for r in _hard(key, rows) if "situation" in r]
    deals = sorted({r["deal"] for r in hard})
    kinds = sorted({r["situation"] for r in hard}, key=lambda k: (k is not None, k or ""))
    if len(deals) < folds or folds < 2 or len(kinds) < 2:
        return f"## {key}: {len(deals)} deals of {len(kinds)} kind(s), nothing to split"
    fold_of = {d: i % folds for i, d in enumerate(deals)}
    out = [f"## {key}: one map or one per kind of position, {folds}-fold check by deal "
           f"({len(deals)} deals, {len(hard)} decisions)",
           "map | held out, all: log-loss | bins off | " + " | ".join(
               f"{k or 'the rest'} ({sum(1 for r in hard if r['situation'] == k)}): "
               "log-loss | bins off" for k in kinds)]
    for name in ("logistic", "curve"):
        one = _held_out(hard, folds, name, knots, fold_of)
        split: list[dict[str, Any]] = []
        for k in kinds:
            split += _held_out([r for r in hard if r["situation"] == k], folds, name,
                               knots, fold_of)
        for label, held in ((f"{name}, one", one), (f"{name}, per kind", split)):
            cells = [f"{log_loss(held, lambda p: p):.4f} | {bins(held, lambda p: p)[1]}"]
            for k in kinds:
                mine = [r for r in held if r["situation"] == k]
                cells.append(f"{log_loss(mine, lambda p: p):.4f} | "
                             f"{bins(mine, lambda p: p)[1]}")
            out.append(f"{label} | {' | '.join(cells)}")
    return "\n".join(out)


def _hard(key: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``key``'s rows of the hard level, values not exact (what the maps are fitted on)."""
    return [r for r in rows if r["game"] == key and r["level"] == "hard" and not r["certain"]]


def _fitted(name: str, rows: list[dict[str, Any]], knots: tuple[float, ...]) -> Map:
    if name == "logistic":
        return logistic(*fit_logistic(rows))
    if name == "curve":
        return curve(knots, fit_curve(rows, knots))
    return lambda p: p
