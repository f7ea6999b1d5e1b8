"""``python -m game.bench.bench_review why``: the why-patterns (game/games/<key>/why.py)
checked against the judge's grades, so the patterns kept are the ones the data bear out.

Deals are played with seat 0 at each of ``--levels`` (the others the game's default
level) and reviewed; at every decision of seat 0 where the move played is not the
judge's best candidate, the game's patterns are asked why the move played was worse
than that best (in English; a figure in a sentence counts as one pattern), and the
effects the verdict measured in the play-outs count beside them (``after: NAME``, a
seat's number as ``N``; game/games/<key>/why.py ``TRAITS``).  Printed per
game and pattern: how often it fired on decisions graded an inaccuracy or worse, how
often on decisions graded best (within noise) or good, and its precision: the share of
its firings on inaccuracies or worse, beside the base rate (the share of all such
decisions graded an inaccuracy or worse).  A pattern that fires more often on good moves
than on mistakes (precision under 0.5) is no explanation: it is dropped or tightened.
``--jobs`` reviews the deals in that many processes (the figures are the same);
``--out`` keeps the decisions (the observation, the two moves, the grade) and ``--rows``
asks the patterns as they are now on kept decisions, with no review made again.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from typing import Any

from game.games import spec
from game.review.analysis import play_deal, review_deal, same_move, why
from game.review.model import BLUNDER, INACCURACY, MISTAKE
from game.tools.sim import wilson

BAD = (INACCURACY, MISTAKE, BLUNDER)
FIGURE = re.compile(r"\d+")


def pattern_of(sentence: str) -> str:
    """A sentence's pattern: its figures as ``N``."""
    return FIGURE.sub("N", sentence)


def patterns(key: str, obs: dict[str, Any], played: str, best: str) -> list[str]:
    """The game's patterns that fire at ``obs`` for ``played`` against ``best``."""
    from game.i18n import set_language

    set_language("en")
    return sorted({pattern_of(s) for s in why(key, obs, played, best)})


def again(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Saved rows (``--out``) with the patterns asked again: the patterns as they are
    now, on the same decisions and grades (no review made again); where a row kept
    every trait measured, the effects too, as the game's gaps are now."""
    return [dict(r, patterns=patterns(r["game"], r["obs"], r["played"], r["best"]),
                 **({"effects": refire(r["game"], r["traits"])} if r.get("traits") else {}))
            for r in rows]


def refire(key: str, traits: dict[str, list[float]]) -> list[str]:
    """The effects a verdict keeps of the traits measured (:func:`trait_stats`), as the
    game's gaps and least correlations are now."""
    from game.review.traits import strongest, traits_of

    t = traits_of(key)
    if t is None:
        return []
    found = []
    for name, stat in traits.items():
        w = t.worse(name)
        if w is not None and fires(stat, w[1], t.least.get(name)):
            found.append((stat[2], name))
    return [pattern_of(name) for name in strongest(found)]


def trait_stats(key: str, a: Any, played: str, best: str, s: Any
                ) -> dict[str, list[float]]:
    """Every trait the game measures (:func:`game.review.traits.trait_gaps`; the
    verdict keeps some as effects): name -> [how much worse after ``played`` (its sign
    as the game's ``worse`` says), the standard error of the paired difference, the
    correlation of its gap with the loss, the review's z]: what :func:`mine` sets the
    gaps from."""
    from game.review.traits import trait_gaps, traits_of

    t = traits_of(key)
    out: dict[str, list[float]] = {}
    for g in trait_gaps(key, a, played, best):
        w = t.worse(g.name) if t is not None else None
        if w is not None:
            out[g.name] = [round(w[0] * (g.played - g.best), 6), round(g.se, 6),
                           round(g.r, 6), s.z]
    return out


def _spy(stash: dict[int, dict[str, list[float]]]) -> Any:
    """Patch the review (in this process) so each decision's :func:`trait_stats` land in
    ``stash`` by journal index; returns the undo."""
    from game.review import analysis as an

    names = vars(an)            # the names the judge calls (a bench's spy, this process only)
    judge0, effects0 = names["judge"], names["effects"]
    at: list[int] = [-1]

    def judge(obs: Any, legal: Any, played: str, index: int, *rest: Any) -> Any:
        at[0] = index
        return judge0(obs, legal, played, index, *rest)

    def effects(key: str, a: Any, played: str, best: str, s: Any) -> Any:
        stash[at[0]] = trait_stats(key, a, played, best, s)
        return effects0(key, a, played, best, s)

    names.update(judge=judge, effects=effects)

    def undo() -> None:
        names.update(judge=judge0, effects=effects0)
    return undo


def deal_rows(args: tuple[str, int, str, int | None, dict[str, Any] | None]
              ) -> list[dict[str, Any]]:
    """One deal reviewed: a row per decision of seat 0 where the move played is not the
    judge's best (its grade, the patterns that fired and every trait measured)."""
    key, seed, level, players, over = args
    j = play_deal(key, seed, [level, spec(key).default_level], players)
    stash: dict[int, dict[str, list[float]]] = {}
    undo = _spy(stash)
    try:
        r = review_deal(j, 0, overrides=over)
    finally:
        undo()
    want = {v.index: v for v in r.verdicts if not v.forced and v.candidates}
    rows: list[dict[str, Any]] = []
    if not want:
        return rows
    last = max(want)
    for index, g in j.walk():
        v = want.get(index)
        if v is not None:
            top = v.candidates[0].move
            if not same_move(key, v.played, top):
                obs = g.observation(0)
                rows.append({"game": key, "level": level, "deal": seed, "index": index,
                             "grade": v.grade, "played": v.played, "best": top,
                             "obs": json.loads(json.dumps(obs, default=list)),
                             "patterns": patterns(key, obs, v.played, top),
                             "effects": [pattern_of(e.name) for e in v.effects],
                             "measured": [e.to_dict() for e in v.effects],
                             "traits": stash.get(index, {})})
        if index >= last:
            break
    return rows


def collect(key: str, deals: int, seed: int, levels: tuple[str, ...], jobs: int = 1,
            players: int | None = None, over: dict[str, Any] | None = None
            ) -> list[dict[str, Any]]:
    work = [(key, seed + d, level, players, over) for level in levels for d in range(deals)]
    if jobs <= 1:
        out: list[dict[str, Any]] = []
        for w in work:
            out += deal_rows(w)
            print(f"  {key} {w[2]} deal {w[1]}", file=sys.stderr, flush=True)
        return out
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return [row for part in pool.imap(deal_rows, work) for row in part]


def said(r: dict[str, Any]) -> list[str]:
    """What the review says of a kept decision: its patterns, and the effects measured
    in the play-outs (``after: NAME``; a seat's number as ``N``)."""
    return [*r["patterns"], *(f"after: {e}" for e in r.get("effects", []))]


def table(key: str, rows: list[dict[str, Any]]) -> str:
    """Per pattern: firings on inaccuracies or worse, on best/good moves, the precision
    (Wilson 95%), beside the base rate."""
    bad_all = sum(1 for r in rows if r["grade"] in BAD)
    fired_bad: Counter[str] = Counter()
    fired_good: Counter[str] = Counter()
    for r in rows:
        for p in said(r):
            (fired_bad if r["grade"] in BAD else fired_good)[p] += 1
    n = len(rows)
    base = bad_all / n if n else 0.0
    lines = [f"## {key}: {n} decisions where the move played was not the judge's best, "
             f"{bad_all} of them an inaccuracy or worse (base rate {base:.2f})",
             f"{'on bad':>6} {'on good':>7} {'precision [95% CI]':>22}  pattern"]
    for p in sorted(set(fired_bad) | set(fired_good),
                    key=lambda x: -(fired_bad[x] + fired_good[x])):
        b, g = fired_bad[p], fired_good[p]
        lo, hi = wilson(b, b + g)
        lines.append(f"{b:>6} {g:>7} {b / (b + g):>7.2f} [{lo:.2f}, {hi:.2f}]  {p}")
    silent = sum(1 for r in rows if not said(r) and r["grade"] in BAD)
    lines.append(f"inaccuracies or worse with no words: {silent} of {bad_all}")
    return "\n".join(lines)


#: the gaps :func:`mine` tries, as multiples of the game's own
GAPS = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)


def fires(stat: list[float], gap: float, least: float | None = None) -> bool:
    """Whether a trait measured as ``stat`` (:func:`trait_stats`) is said at ``gap`` and
    the least correlation ``least`` (None: the review's default), by the review's own
    rule (:func:`game.review.traits.says`)."""
    from game.review.traits import MIN_CORRELATION, says

    d, se, r, z = stat
    return says(d, se, r, z, gap, MIN_CORRELATION if least is None else least)


def mine(key: str, rows: list[dict[str, Any]]) -> str:
    """Per trait the game measures, at gaps around its own: firings on inaccuracies or
    worse and on best/good moves, the precision, and the inaccuracies or worse it alone
    would word (the rows of a ``why --out``, run with the traits measured)."""
    from game.review.traits import traits_of

    t = traits_of(key)
    names = sorted({n for r in rows for n in r.get("traits", {})})
    lines = [f"## {key}: traits at gaps (rows {len(rows)}, inaccuracies or worse "
             f"{sum(1 for r in rows if r['grade'] in BAD)})",
             f"{'gap':>6} {'on bad':>6} {'on good':>7} {'precision [95% CI]':>22}  trait"]
    for name in names:
        w = t.worse(name) if t is not None else None
        if w is None:
            continue
        least = t.least.get(name) if t is not None else None
        for k in GAPS:
            gap = w[1] * k
            b = sum(1 for r in rows if r["grade"] in BAD and name in r.get("traits", {})
                    and fires(r["traits"][name], gap, least))
            g = sum(1 for r in rows if r["grade"] not in BAD and name in r.get("traits", {})
                    and fires(r["traits"][name], gap, least))
            if b + g == 0:
                continue
            lo, hi = wilson(b, b + g)
            lines.append(f"{gap:>6.2f} {b:>6} {g:>7} {b / (b + g):>7.2f} [{lo:.2f}, "
                         f"{hi:.2f}]  {name}")
    return "\n".join(lines)


def run(games: list[str], deals: int, seed: int, levels: tuple[str, ...], jobs: int,
        players: int | None, over: dict[str, Any] | None) -> list[dict[str, Any]]:
    every: list[dict[str, Any]] = []
    for key in games:
        if spec(key).review_why is None:
            continue
        n = players if players is not None and players in spec(key).players_allowed else None
        rows = collect(key, deals, seed, levels, jobs, n, over)
        every += rows
        print(table(key, rows), flush=True)
    return every
