"""``python -m game.tools.bench_review``: the figures of docs/review.md, measured.

- ``speed``: CPU seconds to review one deal per game (the reviewed seat plays easy
  against the game's default level, at the largest table the game allows; targets 20 s,
  60 s for four-player Autobus).
- ``calibrate``: deals where seat 0 plays ``easy`` and ``hard`` against the default
  level, each reviewed with the threshold off; prints the reliability table (the
  estimated value of the move played against what the deal then gave the seat, with
  Wilson 95% intervals) and the mistakes per deal at several thresholds.  ``--out``
  keeps the raw rows as JSON.
- ``frames``: a stand-in frame loop (``--work`` ms of Python per 16.7 ms frame) alone,
  with a review in a thread and with one in a worker process (a deal of the first game
  of ``--games``): frame times.

Run it in a temporary data folder (it writes nothing there, but the rule holds).
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from game.games import ORDER, info, spec
from game.review.analysis import play_deal, review_deal, settings, unit_of, value_of
from game.review.model import CHANCE, POINTS
from game.rules import GAMES

#: the thresholds of the mistakes table, by what the values are
THRESHOLDS = {CHANCE: [0.05, 0.1, 0.15, 0.2, 0.3], POINTS: [2.0, 4.0, 6.0, 8.0, 12.0]}


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


def _deal(key: str, seed: int, level: str) -> Any:
    return play_deal(key, seed, [level, info(key).default_level], _players(key))


def _outcome(j: Any, seat: int) -> float:
    g = j.replay()
    return value_of(g, seat)


def speed(seeds: int = 1, games: tuple[str, ...] = ORDER) -> list[dict[str, Any]]:
    out = []
    for key in games:
        for seed in range(seeds):
            j = _deal(key, 500 + seed, "easy")
            t = time.process_time()
            r = review_deal(j, 0)
            out.append({"game": key, "seed": 500 + seed, "seconds": time.process_time() - t,
                        "verdicts": len(r.verdicts), "decisions": len(r.decisions),
                        "mistakes": len(r.mistakes)})
            print(f"{key:10} seed {500 + seed}: {out[-1]['seconds']:.1f} s CPU, "
                  f"{len(r.verdicts)} moves, {len(r.decisions)} decisions, "
                  f"{len(r.mistakes)} mistakes", flush=True)
    return out


def calibrate(key: str, deals: int, seed: int, extra: dict[str, float] | None = None
              ) -> list[dict[str, Any]]:
    """Rows: one per decision of seat 0 (not forced), easy and hard deals alike
    (``extra``: settings to try instead of levels/review.toml's)."""
    rows: list[dict[str, Any]] = []
    for level in ("easy", "hard"):
        for d in range(deals):
            j = _deal(key, seed + d, level)
            r = review_deal(j, 0, overrides=(extra or {}) | {"threshold": 0.0})
            result = _outcome(j, 0)
            for v in r.verdicts:
                if v.forced:
                    continue
                rows.append({"game": key, "level": level, "deal": seed + d,
                             "index": v.index, "played": v.value_played,
                             "best": v.value_best, "loss": v.loss,
                             "significant": v.mistake, "certain": v.certain,
                             "result": result})
            print(f"  {key} {level} deal {seed + d}: {len(r.decisions)} decisions, "
                  f"result {result}", file=sys.stderr, flush=True)
    return rows


def reliability(rows: list[dict[str, Any]], points: bool) -> str:
    """Bins of the estimated value of the move played against what the deal gave."""
    lines = []
    if points:
        edges = [-math.inf, -20, -10, -5, 0, 5, 10, 20, math.inf]
        lines.append("estimated points | decisions | mean result [95% CI]")
    else:
        edges = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001]
        lines.append("estimated chance | decisions | mean estimate | observed [Wilson 95%]")
    for lo, hi in zip(edges, edges[1:], strict=False):
        got = [r for r in rows if lo <= r["played"] < hi]
        if not got:
            continue
        n = len(got)
        if points:
            res = [r["result"] for r in got]
            m = statistics.fmean(res)
            se = statistics.stdev(res) / math.sqrt(n) if n > 1 else 0.0
            lines.append(f"{lo:>5} .. {hi:<5} | {n:5} | {m:+.1f} "
                         f"[{m - 1.96 * se:+.1f}, {m + 1.96 * se:+.1f}]")
        else:
            k = sum(r["result"] for r in got)
            est = statistics.fmean(r["played"] for r in got)
            a, b = wilson(k, n)
            lines.append(f"{lo:.1f} .. {min(hi, 1.0):.1f} | {n:5} | {est:.2f} | "
                         f"{k / n:.2f} [{a:.2f}, {b:.2f}]")
    return "\n".join(lines)


def mistakes_table(rows: list[dict[str, Any]], thresholds: list[float]) -> str:
    lines = ["threshold | easy mistakes/deal | hard mistakes/deal"]
    for t in thresholds:
        cells = []
        for level in ("easy", "hard"):
            mine = [r for r in rows if r["level"] == level]
            deals = len({r["deal"] for r in mine}) or 1
            m = sum(1 for r in mine if r["significant"] and r["loss"] >= t - 1e-9)
            cells.append(f"{m / deals:.2f} ({m} in {deals})")
        lines.append(f"{t:9} | {cells[0]} | {cells[1]}")
    return "\n".join(lines)


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
    p = argparse.ArgumentParser(prog="python -m game.tools.bench_review",
                                description="Review speed, calibration and frame times.")
    p.add_argument("what", choices=["speed", "calibrate", "frames"])
    p.add_argument("--games", default=",".join(ORDER))
    p.add_argument("--deals", type=int, default=10, help="deals per level (calibrate)")
    p.add_argument("--seed", type=int, default=70000)
    p.add_argument("--seeds", type=int, default=1, help="deals per game (speed)")
    p.add_argument("--seconds", type=float, default=8.0, help="per loop (frames)")
    p.add_argument("--work", type=float, default=10.0, help="Python ms per frame (frames)")
    p.add_argument("--out", default=None, help="write the raw rows here (JSON)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="try another setting (calibrate), e.g. --set samples=96")
    a = p.parse_args(argv)
    games = a.games.split(",")
    for key in games:
        if key not in GAMES:
            p.error(f"unknown game {key!r}")
    if a.what == "speed":
        print(json.dumps(speed(a.seeds, tuple(games)), indent=1))
        return 0
    if a.what == "frames":
        for mode, r in frames(a.seconds, a.work, games[0]).items():
            print(f"{mode:8} {r['fps']:5.1f} fps  frame work mean {r['mean_ms']:.1f} ms "
                  f"p95 {r['p95_ms']:.1f} max {r['max_ms']:.1f} (over 16.7 ms "
                  f"{r['over_16_7']:.1%})  frame to frame p95 {r['gap_p95_ms']:.1f} ms "
                  f"max {r['gap_max_ms']:.1f} ms")
        return 0
    rows: list[dict[str, Any]] = []
    for key in games:
        extra = {k: float(v) for k, v in (x.split("=", 1) for x in a.set)}
        mine = calibrate(key, a.deals, a.seed, extra)
        rows += mine
        s = settings(key)
        print(f"\n## {key} ({len(mine)} decisions; threshold now {s.threshold})")
        unit = unit_of(key)
        print(reliability([r for r in mine if not r["certain"]], unit == POINTS))
        grid = THRESHOLDS[unit]
        print(mistakes_table(mine, grid), flush=True)
        if a.out:
            with open(a.out, "w", encoding="utf-8") as fh:
                json.dump(rows, fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
