"""``python -m game.bench.bench_review hard``: the hard level deciding by the judge,
against the hard level as it was (its own search alone), per game.

Every deal ``seed .. seed + deals - 1`` is played once per seat rotation (each entry
meets every deal from every seat, as ``cardclub sim --seats`` does; where the seats do
not divide among the entries, the rest play the game's default level); the entries are
``hard`` (the levels file's, ``final = "judge"``) and ``hard-old`` (the same level with
``final`` off: its search decides).  ``--against LEVEL`` plays each of them against
LEVEL instead of head to head.  Printed per game and entry: wins, draws, losses, the
win rate and the score rate (a draw shares the deal) with Wilson 95% intervals, the
mean points, and the CPU milliseconds per decision (median, p95, max; decisions with
one legal move are not timed), the decisions that hit the level's ``judge_budget``
(decided with the best known so far) and the table's think budget: the CPU a table
gives a decision during the level's shortest think delay at 60 frames a second
(``SLICE`` a frame).  ``--jobs`` splits the deals over processes (the figures are the
same: bots are seeded by deal and seat).
"""
from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from game.ai import levels, make_bot
from game.games import spec
from game.rules import GAMES
from game.session.pacer import SLICE
from game.tools.sim import LevelStats, wilson

#: an entry: its label, the level it plays and the parameters that replace the level's
Entry = tuple[str, str, dict[str, Any]]
NEW: Entry = ("hard", "hard", {})
OLD: Entry = ("hard-old", "hard", {"final": ""})
#: decisions at 60 frames a second while the shortest think delay runs
FPS = 60.0


def think_budget(game: str, level: str = "hard") -> float:
    """CPU seconds a table gives a decision of ``level`` while its shortest think delay
    runs (a slice a frame at 60 frames a second)."""
    delay = levels(game)[level].get("think_delay", [0.5, 1.0])
    return float(delay[0]) * FPS * SLICE


def judge_budget(game: str, level: str = "hard") -> float:
    p = levels(game)[level]
    return float(p.get("judge_budget", p.get("budget", 0.0)))


def duel(game: str, deals: int, seed: int, entries: list[Entry],
         players: int | None = None) -> dict[str, Any]:
    """The deals played, every seat rotation: per entry label its ``LevelStats`` (with
    the CPU seconds of each decision of more than one legal move) and its capped count."""
    cls = GAMES[game]
    n = players or cls.players_allowed[0]
    table = list(entries) * (n // len(entries))
    if len(table) < n:            # seats left over: the game's default level
        fill = spec(game).default_level
        entries = [*entries, (fill, fill, {})]
        table += [entries[-1]] * (n - len(table))
    options: dict[str, Any] = {} if players is None else {"players": n}
    stats = {e[0]: LevelStats(e[0], times=[]) for e in entries}
    capped = {e[0]: 0 for e in entries}
    overruled = {e[0]: 0 for e in entries}
    clock = time.thread_time
    for d in range(deals):
        for r in range(n):
            g = cls.new(seed=seed + d, **options)
            who = [table[(s + r) % n] for s in range(n)]
            bots = [make_bot(game, e[1], seed=((seed + d) * 8 + r) * 8 + s, overrides=e[2])
                    for s, e in enumerate(who)]
            while not g.is_over:
                seat = g.current_player
                assert seat is not None
                legal = g.legal_moves()
                t0 = clock()
                move = bots[seat].choose(g.observation(seat), legal)
                if len(legal) > 1:
                    times = stats[who[seat][0]].times
                    assert times is not None
                    times.append(clock() - t0)
                g.play(move)
            result, outcomes = g.result(), g.deal_outcomes()
            assert result is not None and outcomes is not None
            for s in range(n):
                stats[who[s][0]].add(outcomes[s], result[s])
            for s, b in enumerate(bots):
                capped[who[s][0]] += int(getattr(b, "capped", 0))
                overruled[who[s][0]] += int(getattr(b, "overruled", 0))
    return {"players": n, "stats": stats, "capped": capped, "overruled": overruled}


def _chunk(args: tuple[str, int, int, list[Entry], int | None]) -> dict[str, Any]:
    return duel(*args)


def duel_jobs(game: str, deals: int, seed: int, entries: list[Entry],
              players: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """:func:`duel` with the deals split into ``jobs`` runs of consecutive seeds."""
    jobs = max(1, min(jobs, deals))
    if jobs == 1:
        return duel(game, deals, seed, entries, players)
    import multiprocessing

    sizes = [deals // jobs + (1 if i < deals % jobs else 0) for i in range(jobs)]
    starts = [seed + sum(sizes[:i]) for i in range(jobs)]
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = pool.map(_chunk, [(game, k, s, entries, players)
                                  for k, s in zip(sizes, starts, strict=True)])
    out = parts[0]
    for part in parts[1:]:
        for label, st in part["stats"].items():
            out["stats"][label].absorb(st)
            out["capped"][label] += part["capped"][label]
            out["overruled"][label] += part["overruled"][label]
    return out


def report(game: str, got: dict[str, Any], deals: int, seed: int) -> str:
    n = got["players"]
    fair = spec(game).fair_share(n)
    lines = [f"## {game}: {deals} deals x {n} seat rotations, seed {seed}; think budget "
             f"{think_budget(game) * 1000:.0f} ms CPU at the table (shortest think delay, "
             f"{SLICE * 1000:.0f} ms a frame), judge_budget {judge_budget(game) * 1000:.0f} ms",
             f"{'entry':>9} {'games':>5} {'won':>4} {'drew':>4} {'lost':>4} "
             f"{'win rate [95% CI]':>22} {'score [95% CI]':>22} {'points':>7} "
             f"{'ms med':>7} {'p95':>6} {'max':>6} {'capped':>6} {'>think':>9} {'judged':>6}"]
    for label, st in got["stats"].items():
        lo, hi = wilson(st.wins, st.games)
        score = st.wins + st.draws / n
        slo, shi = wilson(score, st.games)
        ms = sorted(x * 1000 for x in st.times or [])
        med = statistics.median(ms) if ms else 0.0
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))] if ms else 0.0
        over = sum(1 for x in ms if x > think_budget(game) * 1000)
        g = max(st.games, 1)
        lines.append(
            f"{label:>9} {st.games:>5} {st.wins:>4} {st.draws:>4} {st.losses:>4} "
            f"{st.wins / g:>7.3f} [{lo:.3f}, {hi:.3f}] {score / g:>7.3f} [{slo:.3f}, {shi:.3f}] "
            f"{st.points / g:>7.2f} {med:>7.1f} {p95:>6.0f} {(ms[-1] if ms else 0):>6.0f} "
            f"{got['capped'][label]:>6} {f'{over}/{len(ms)}':>9} "
            f"{got['overruled'][label]:>6}")
    lines.append(f"fair share of wins {fair:.3f}; ms: CPU per decision of more than one "
                 "legal move; capped: decided at judge_budget; >think: over the think budget; "
                 "judged: the judge overruled the search")
    return "\n".join(lines)


def run(games: list[str], deals: int, seed: int, jobs: int, players: int | None,
        against: str | None) -> int:
    for key in games:
        n = players if players is not None and players in spec(key).players_allowed else None
        pairs = ([[NEW, OLD]] if against is None else
                 [[NEW, (against, against, {})], [OLD, (against, against, {})]])
        for entries in pairs:
            t = time.perf_counter()
            got = duel_jobs(key, deals, seed, entries, n, jobs)
            print(report(key, got, deals, seed))
            print(f"({time.perf_counter() - t:.0f} s)", flush=True)
            print(file=sys.stderr, flush=True)
    return 0
