"""``python -m game.bench.bench_review``: the figures of docs/review.md, measured.

- ``speed``: CPU seconds to review one deal per game (the reviewed seat plays easy
  against the game's default level, at the largest table the game allows; targets 20 s,
  60 s for four-player Autobus).
- ``calibrate``: deals where seat 0 plays ``easy`` and ``hard`` against the default
  level, each reviewed with the threshold off; prints the reliability table (the
  estimated value of the move played against what the deal then gave the seat, with
  Wilson 95% intervals) and the mistakes per deal at several thresholds.  ``--out``
  keeps the raw rows as JSON.
- ``hard``: the hard level deciding by the judge against the hard level as it was
  (its search alone), head to head or each against ``--against LEVEL``: win rates with
  95% intervals and CPU ms per decision (game/bench/bench_hard.py).
- ``why``: deals reviewed, and per why-pattern (game/games/<key>/why.py) how often it
  fires on decisions graded an inaccuracy or worse against best or good ones: its
  precision (game/bench/bench_why.py).
- ``fit``: the chance shown fitted on the hard level's outcomes (the rows of
  ``calibrate --levels hard --out``, several files joined by commas): the logistic map
  and a curve, each checked on the half of the deals it was not fitted on, and with
  ``--folds K`` by K-fold cross-validation by deal (game/bench/bench_fit.py).
- ``endgames``: Durak's hard level against ``--against`` (normal), every decision of
  its seat with the talon empty solved as the review solves it: the certain blunders
  (none expected) and the CPU per endgame decision (game/games/durak/bench/endgame.py).
- ``frames``: a stand-in frame loop (``--work`` ms of Python per 16.7 ms frame) alone,
  with a review in a thread and with one in a worker process (a deal of the first game
  of ``--games``): frame times.

Run it in a temporary data folder (it writes nothing there, but the rule holds).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from typing import Any

from game.games import ORDER, spec
from game.review.analysis import estimate, play_deal, review_deal, value_of
from game.review.model import BEST, BLUNDER, CLOSE, GOOD, GRADES, INACCURACY, MISTAKE, POINTS
from game.review.seats import journal_levels
from game.review.seeds import position_seed, seed_for
from game.review.tuning import (
    band,
    grade,
    graded,
    secant,
    settings,
    shown,
    situation_of,
    under,
    unit_of,
)
from game.rules import GAMES


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of k successes in n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (c - r) / d), min(1.0, (c + r) / d)


def _players(key: str) -> int | None:
    """The largest table ``key`` allows (the slowest review), when it allows more than one."""
    allowed = spec(key).players_allowed
    return max(allowed) if len(allowed) > 1 else None


def _deal(key: str, seed: int, level: str, players: int | None = None) -> Any:
    n = players if players in spec(key).players_allowed else _players(key)
    return play_deal(key, seed, [level, spec(key).default_level], n)


def _outcome(j: Any, seat: int) -> float:
    g = j.replay()
    return value_of(g, seat)


def speed(seeds: int = 1, games: tuple[str, ...] = ORDER, players: int | None = None,
          first: int = 500) -> list[dict[str, Any]]:
    """CPU seconds of one review per deal (one core), ``seeds`` deals per game from
    ``first``; the slowest is the figure (docs/review.md)."""
    out: list[dict[str, Any]] = []
    for key in games:
        n = players if players in spec(key).players_allowed else _players(key)
        times: list[float] = []
        for seed in range(first, first + seeds):
            j = play_deal(key, seed, ["easy", spec(key).default_level], n)
            t = time.process_time()
            r = review_deal(j, 0)
            took = time.process_time() - t
            times.append(took)
            out.append({"game": key, "players": n, "seed": seed, "seconds": took,
                        "verdicts": len(r.verdicts),
                        "decisions": len(r.decisions), "mistakes": len(r.mistakes)})
            print(f"{key:10} seed {seed}: {out[-1]['seconds']:.1f} s CPU, "
                  f"{len(r.verdicts)} moves, {len(r.decisions)} decisions, "
                  f"{len(r.mistakes)} mistakes", file=sys.stderr, flush=True)
        mine = times[-seeds:]
        print(f"{key:10} players {n}: {len(mine)} deals, median "
              f"{statistics.median(mine):.1f} s, slowest {max(mine):.1f} s CPU", flush=True)
    return out


#: the levels a calibration reviews (seat 0's level; the other seats the game's default)
LEVELS = ("easy", "normal", "hard")
#: a calibration's rows hold the play-outs' own values, whatever map levels/review.toml
#: gives the chance shown (no edge, no stretch, no curve): :func:`regrade` shows and
#: grades them by the map in use, and ``fit`` fits one from them
AS_IS: dict[str, Any] = {"edge": 0.0, "stretch": 1.0, "curve": []}


def calibrate(key: str, deals: int, seed: int, extra: dict[str, float] | None = None,
              levels: tuple[str, ...] = LEVELS, check: int = 10,
              players: int | None = None,
              journals: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Rows: one per decision of seat 0 (not forced) in ``deals`` deals per level, with
    the raw play-out values (:data:`AS_IS`: the map is fitted afterwards) and, for
    each decision graded an inaccuracy or worse, the loss again by ``check`` times the
    samples it had, on other seeds (the grades' precision).  ``extra``: settings to try.
    ``journals``: filled with each deal played ("game:level:deal" -> the journal), so a
    row's position can be looked at again (the hard level's budgets are CPU time: a deal
    played again is not the same deal)."""
    rows: list[dict[str, Any]] = []
    over = (extra or {}) | AS_IS
    s = settings(key, over, players)
    for level in levels:
        for d in range(deals):
            j = _deal(key, seed + d, level, players)
            r = review_deal(j, 0, overrides=over)
            result = _outcome(j, 0)
            if journals is not None:
                journals[f"{key}:{level}:{seed + d}"] = j.to_dict()
            named = journal_levels(j)
            n = j.start_state().num_players
            seen = _observations(j, {v.index for v in r.verdicts if not v.forced})
            for v in r.verdicts:
                if v.forced:
                    continue
                obs = seen[v.index]
                row = {"game": key, "level": level, "deal": seed + d, "index": v.index,
                       "players": n,
                       "played": v.value_played, "best": v.value_best, "loss": v.loss,
                       "se": v.se, "grade": v.grade, "certain": v.certain,
                       "result": result, "big_loss": None, "big_se": None,
                       "situation": situation_of(key, obs)}
                if check and not v.certain and v.grade not in (BEST, ""):
                    big = replace(s, samples=max(1, v.samples) * check, min_samples=0)
                    est = estimate(obs, [v.best, v.played],
                                   seed_for(position_seed(obs), 37), big, levels=named)
                    if est is not None:
                        row["big_loss"] = est.means[0] - est.means[1]
                        row["big_se"] = est.errors[1]
                rows.append(row)
            print(f"  {key} {level} deal {seed + d}: {len(r.decisions)} decisions, "
                  f"result {result}", file=sys.stderr, flush=True)
    return rows


def _observations(j: Any, indices: set[int]) -> dict[int, dict[str, Any]]:
    """Seat 0's observation before each move of ``indices``, in one walk of the deal
    (a row says its kind of position; the grades' check values it again)."""
    return {index: g.observation(0) for index, g in j.walk() if index in indices}


def fit_edge(rows: list[dict[str, Any]], points: bool) -> float:
    """The ``edge`` that makes the hard level's estimates meet its outcomes on the
    whole (calibration in the large): points, the mean gap; a chance, the logit shift
    whose mean shown chance is the hard seats' mean outcome (bisection, within -3..4:
    a level that never lost in the sample gives the bound)."""
    hard = [r for r in rows if r["level"] == "hard" and not r["certain"]]
    if not hard:
        return 0.0
    if points:
        return statistics.fmean(r["result"] - r["played"] for r in hard)
    want = statistics.fmean(r["result"] for r in hard)
    lo, hi = -3.0, 4.0
    for _ in range(40):
        mid = (lo + hi) / 2
        if statistics.fmean(_shift(r["played"], mid) for r in hard) < want:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 2)


def _shift(raw: float, c: float) -> float:
    q = min(max(raw, 0.002), 0.998)
    p = 1 / (1 + math.exp(-(math.log(q / (1 - q)) + c)))
    return min(max(p, 1e-6), 1 - 1e-6)


def _levels_of(rows: list[dict[str, Any]]) -> list[str]:
    """The reviewed levels of ``rows``, easy to hard (then any other)."""
    return sorted({r["level"] for r in rows},
                  key=lambda x: (LEVELS.index(x) if x in LEVELS else len(LEVELS), x))


def reliability(rows: list[dict[str, Any]], points: bool) -> str:
    """Bins of the estimated value of the move played against what the deal gave, per
    reviewed level."""
    lines = []
    if points:
        edges = [-math.inf, -20, -10, -5, 0, 5, 10, 20, math.inf]
        lines.append("level | estimated points | decisions | mean estimate | "
                     "mean result [95% CI]")
    else:
        edges = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]
        lines.append("level | estimated chance | decisions | mean estimate | "
                     "observed [Wilson 95%]")
    for level in _levels_of(rows):
        for lo, hi in zip(edges, edges[1:], strict=False):
            got = [r for r in rows if lo <= r["played"] < hi and r["level"] == level]
            if not got:
                continue
            n = len(got)
            est = statistics.fmean(r["played"] for r in got)
            if points:
                res = [r["result"] for r in got]
                m = statistics.fmean(res)
                se = statistics.stdev(res) / math.sqrt(n) if n > 1 else 0.0
                lines.append(f"{level} | {lo:>5} .. {hi:<5} | {n:5} | {est:+.1f} | {m:+.1f} "
                             f"[{m - 1.96 * se:+.1f}, {m + 1.96 * se:+.1f}]")
            else:
                k = sum(r["result"] for r in got)
                a, b = wilson(k, n)
                lines.append(f"{level} | {lo:.1f} .. {min(hi, 1.0):.1f} | {n:5} | {est:.2f} | "
                             f"{k / n:.2f} [{a:.2f}, {b:.2f}]")
    return "\n".join(lines)


def regrade(rows: list[dict[str, Any]], s: Any, unit: str) -> list[dict[str, Any]]:
    """The rows (of a calibration run, edge 0) as the settings ``s`` show and grade them:
    the values through ``s.edge``, the standard errors carried through, the grade by
    ``s``'s thresholds; the 10x re-count likewise."""
    out = []
    for r in rows:
        t = under(s, r.get("situation"))           # the row's kind of position
        if r["certain"]:
            out.append(r | {"grade": grade(r["loss"], 0.0, t, True)})
            continue
        k = secant(r["best"], r["played"], unit, t)
        played, best = shown(r["played"], unit, t), shown(r["best"], unit, t)
        loss, se = max(0.0, best - played), r["se"] * k
        row = r | {"played": played, "best": best, "loss": loss, "se": se,
                   "grade": BEST if r["grade"] == BEST else graded(loss, se, t)}
        if r["big_loss"] is not None:
            # the re-count's gap shown as the judge shows one: from the best's value
            # down by the gap re-counted (through a curve's bends)
            kb = secant(r["best"], r["best"] - r["big_loss"], unit, t)
            row["big_loss"] = r["big_loss"] * kb
            row["big_se"] = r["big_se"] * kb
        out.append(row)
    return out


def grades_table(rows: list[dict[str, Any]], s: Any) -> str:
    """Per grade: how many a deal at each reviewed level, and the share the 10x larger
    estimate on other seeds confirms (a loss beyond its noise; a loss at the grade's
    threshold or more)."""
    levels = _levels_of(rows)
    deals = {lv: len({r["deal"] for r in rows if r["level"] == lv}) or 1 for lv in levels}
    lines = [f"grade | {' | '.join(f'{lv} per deal' for lv in levels)} | "
             "worse (10x) | as bad (10x) | holds (10x)"]
    for g in GRADES:
        got = [r for r in rows if r["grade"] == g]
        per = [sum(1 for r in got if r["level"] == lv) / deals[lv] for lv in levels]
        line = f"{g} | {' | '.join(f'{x:.2f}' for x in per)}"
        # each row by its kind of position's settings
        checked = [(r, under(s, r.get("situation"))) for r in got if r["big_loss"] is not None]
        if checked:
            floor = {INACCURACY: "inaccuracy", MISTAKE: "threshold", BLUNDER: "blunder"}
            worse = sum(1 for r, t in checked if r["big_loss"] > t.z * r["big_se"])
            bad = (sum(1 for r, t in checked if r["big_loss"] >= getattr(t, floor[g]) - 1e-9)
                   if g in floor else None)
            held = sum(1 for r, t in checked if holds(g, r["big_loss"], t))
            line += (f" | {worse / len(checked):.0%} of {len(checked)} | "
                     f"{'' if bad is None else f'{bad / len(checked):.0%}'} | "
                     f"{held / len(checked):.0%}")
        lines.append(line)
    return "\n".join(lines)


def holds(g: str, big_loss: float, t: Any) -> bool:
    """Whether a grade holds up on the re-count: the loss counted again on ten times the
    samples lies in the grade's band (:func:`~game.review.tuning.band`); ``close``
    holds where it is below the inaccuracy threshold (the move was no clear error)."""
    got = band(big_loss, t)
    if g == CLOSE:
        return got in (BEST, GOOD)
    return got == g


def frames(seconds: float, work_ms: float, key: str = ORDER[0]) -> dict[str, dict[str, float]]:
    """Frame times of a stand-in frame loop: alone, beside a thread, beside a process
    (each reviewing a deal of ``key``)."""
    from game.review.worker import start_review

    j = _deal(key, 7, "easy").to_dict()

    def loop(job: Any) -> dict[str, float]:
        times: list[float] = []
        gaps: list[float] = []          # frame start to frame start (what the eye sees)
        end = time.perf_counter() + seconds
        last = None
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            if last is not None:
                gaps.append((t0 - last) * 1000)
            last = t0
            spin = time.thread_time() + work_ms / 1000.0
            acc = 0
            while time.thread_time() < spin:      # work_ms of this thread's own CPU
                acc += sum(range(50))
            if job is not None:
                job.poll()
            took = (time.perf_counter() - t0) * 1000
            times.append(took)
            time.sleep(max(0.0, 1 / 60 - took / 1000))
        if job is not None:
            job.cancel()
        times.sort()
        gaps.sort()
        return {"frames": len(times), "fps": len(times) / seconds,
                "gap_p95_ms": gaps[int(0.95 * (len(gaps) - 1))], "gap_max_ms": gaps[-1],
                "mean_ms": statistics.fmean(times),
                "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1],
                "over_16_7": sum(t > 1000 / 60 for t in times) / len(times)}

    # start the process first and wait for its first verdict: its start-up (a fresh
    # interpreter importing the game) is measured apart, not as frame time
    t = time.perf_counter()
    job = start_review(j, 0, mode="process")
    while job.progress[0] < 1 and not job.done:
        job.poll()
        time.sleep(0.005)
    print(f"worker process: first verdict after {time.perf_counter() - t:.2f} s")
    job.cancel()
    out = {"alone": loop(None)}
    out["thread"] = loop(start_review(j, 0, mode="thread"))
    job = start_review(j, 0, mode="process")
    out["process"] = loop(job)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bench.bench_review",
                                description="Review speed, calibration and frame times.")
    p.add_argument("what", choices=["speed", "calibrate", "frames", "table", "hard", "why",
                                    "fit", "endgames"])
    p.add_argument("--games", default=",".join(ORDER))
    p.add_argument("--deals", type=int, default=None,
                   help="deals per level (calibrate, hard: 10; why: 2)")
    p.add_argument("--levels", default=None,
                   help="the reviewed seat's levels (calibrate: easy,normal,hard; why: "
                        "easy,normal)")
    p.add_argument("--check", type=int, default=10,
                   help="the grades' check: this many times the samples (calibrate; 0: none)")
    p.add_argument("--seed", type=int, default=70000)
    p.add_argument("--seeds", type=int, default=1, help="deals per game (speed)")
    p.add_argument("--players", type=int, default=None,
                   help="players at the table (speed, calibrate, why; default: the most "
                        "the game allows)")
    p.add_argument("--seconds", type=float, default=8.0, help="per loop (frames)")
    p.add_argument("--work", type=float, default=10.0, help="Python ms per frame (frames)")
    p.add_argument("--jobs", type=int, default=1, help="processes (hard)")
    p.add_argument("--against", default=None,
                   help="hard: each of the new and the old hard level against this level "
                        "(default: head to head)")
    p.add_argument("--out", default=None, help="write the raw rows here (JSON)")
    p.add_argument("--journals", default=None,
                   help="calibrate: also write every deal played here (JSON: "
                        "'game:level:deal' -> its journal), to look at a row's position")
    p.add_argument("--knots", default=None,
                   help="fit: the raw chances where the curve has its points, e.g. "
                        "0.1,0.3,0.5,0.7,0.9 (default: 0.2,0.4,0.6,0.85)")
    p.add_argument("--folds", type=int, default=0,
                   help="fit: also a K-fold check by deal (K > 2), every decision predicted "
                        "by the maps fitted on the other folds")
    p.add_argument("--situation", default=None,
                   help="fit: only the rows of this kind of position (a game's "
                        "[<key>.situations.<name>], e.g. duel; 'none': the game's own "
                        "kind); rows from before calibrate wrote it are left out")
    p.add_argument("--rows", default=None,
                   help="table: the rows of a calibrate --out, shown and graded anew by "
                        "the settings now (levels/review.toml, --set); why: the rows of a "
                        "why --out, the patterns asked again; fit: calibrate --out files, "
                        "joined by commas")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="try another setting (calibrate), e.g. --set samples=96")
    a = p.parse_args(argv)
    games = a.games.split(",")
    for key in games:
        if key not in GAMES:
            p.error(f"unknown game {key!r}")
    with tempfile.TemporaryDirectory(prefix="cardclub-bench-") as home:
        os.environ["CARDCLUB_HOME"] = home       # the player's data is never touched
        return _main(a, games)


def _main(a: argparse.Namespace, games: list[str]) -> int:
    deals = a.deals if a.deals is not None else 2 if a.what == "why" else 10
    if a.what == "hard":
        from game.bench.bench_hard import run

        return run(games, deals, a.seed, a.jobs, a.players, a.against)
    if a.what == "endgames":
        from game.games.durak.bench.endgame import run as endgames

        return endgames(deals, a.seed, a.jobs, a.against or "normal")
    if a.what == "why":
        from game.bench.bench_why import run as why_run

        over = {k: float(v) for k, v in (x.split("=", 1) for x in a.set)}
        if a.rows:
            from game.bench.bench_why import again, table
            from game.bench.bench_why import mine as traits_table

            with open(a.rows, encoding="utf-8") as fh:
                saved = again(json.load(fh))
            for key in games:
                mine = [r for r in saved if r["game"] == key]
                if mine:
                    print(table(key, mine), flush=True)
                    if any(r.get("traits") for r in mine):
                        print(traits_table(key, mine), flush=True)
            return 0
        found = why_run(games, deals, a.seed, tuple((a.levels or "easy,normal").split(",")),
                        a.jobs, a.players, over or None)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as fh:
                json.dump(found, fh)
        return 0
    if a.what == "speed":
        out = speed(a.seeds, tuple(games), a.players, a.seed if a.seed != 70000 else 500)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as fh:
                json.dump(out, fh)
        return 0
    if a.what == "frames":
        for mode, r in frames(a.seconds, a.work, games[0]).items():
            print(f"{mode:8} {r['fps']:5.1f} fps  frame work mean {r['mean_ms']:.1f} ms "
                  f"p95 {r['p95_ms']:.1f} max {r['max_ms']:.1f} (over 16.7 ms "
                  f"{r['over_16_7']:.1%})  frame to frame p95 {r['gap_p95_ms']:.1f} ms "
                  f"max {r['gap_max_ms']:.1f} ms")
        return 0
    if a.what == "fit":
        from game.bench.bench_fit import KNOTS, folds_report, kinds_report, report

        if not a.rows:
            raise SystemExit("fit needs --rows FILE (from calibrate --levels hard --out)")
        saved = []
        for name in a.rows.split(","):
            with open(name, encoding="utf-8") as fh:
                saved += json.load(fh)
        if a.situation is not None:
            want = None if a.situation == "none" else a.situation
            saved = [r for r in saved if "situation" in r and r["situation"] == want]
        knots = tuple(float(x) for x in a.knots.split(",")) if a.knots else KNOTS
        for key in games:
            if unit_of(key) == POINTS:
                continue
            print(report(key, saved, knots), flush=True)
            if a.folds > 2:
                print(folds_report(key, saved, a.folds, knots), flush=True)
                if a.situation is None and any("situation" in r for r in saved):
                    print(kinds_report(key, saved, a.folds, knots), flush=True)
        return 0
    if a.what == "table":
        if not a.rows:
            raise SystemExit("table needs --rows FILE (from calibrate --out)")
        with open(a.rows, encoding="utf-8") as fh:
            saved = json.load(fh)
        extra = {k: float(v) for k, v in (x.split("=", 1) for x in a.set)}
        for key in games:
            mine = [r for r in saved if r["game"] == key]
            if not mine:
                continue
            sizes = {r.get("players") for r in mine}
            s = settings(key, extra, sizes.pop() if len(sizes) == 1 else None)
            unit = unit_of(key)
            points = unit == POINTS
            decks = len({(r["level"], r["deal"]) for r in mine})
            print(f"\n## {key} ({len(mine)} decisions in {decks} deals; edge fitted "
                  f"{fit_edge(mine, points):+.2f}, in use {s.edge:+.2f})")
            shown_rows = regrade(mine, s, unit)
            print(reliability([r for r in shown_rows if not r["certain"]], points))
            print(grades_table(shown_rows, s), flush=True)
        return 0
    rows: list[dict[str, Any]] = []
    levels = tuple((a.levels or ",".join(LEVELS)).split(","))
    played: dict[str, Any] = {}
    for key in games:
        extra = {k: float(v) for k, v in (x.split("=", 1) for x in a.set)}
        mine = calibrate(key, deals, a.seed, extra, levels, a.check, a.players, played)
        rows += mine
        s = settings(key, extra, a.players)
        points = unit_of(key) == POINTS
        edge = fit_edge(mine, points)
        print(f"\n## {key} ({len(mine)} decisions; edge fitted {edge:+.2f}, "
              f"in use {s.edge:+.2f})")
        print("reliability, the values as the play-outs give them (edge 0):")
        print(reliability([r for r in mine if not r["certain"]], points))
        print("reliability, the values shown (levels/review.toml: stretch "
              f"{s.stretch:g}, edge {s.edge:+.2f}{', a curve' if s.curve else ''}):")
        shown_rows = regrade(mine, s, unit_of(key))
        print(reliability([r for r in shown_rows if not r["certain"]], points))
        print(grades_table(shown_rows, s), flush=True)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as fh:
                json.dump(rows, fh)
        if a.journals:
            with open(a.journals, "w", encoding="utf-8") as fh:
                json.dump(played, fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
