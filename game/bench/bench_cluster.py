"""``cardclub bench server --backends K``: the same tables as ``bench server``, through
HAProxy to K ``cardclub serve --store`` backends sharing a PostgreSQL database, all on
this machine (game/tools/cluster.py; needs Debian's postgresql and haproxy).

Reported for each K given (``--backends 1,2,3``): moves per second and the move round
trip (p50, p99) through the proxy, the backends' CPU together; and with ``--failover N``
(on the last K), N times: a backend holding deals is killed (SIGKILL), and the time from
the kill to the first move a seat at one of its tables hears again, from the backend that
took the table over, then the backend is restarted.  On one machine the backends share
its cores, so the figures say what the cluster's machinery costs, not how it scales on
machines of their own.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from typing import Any

from game.games import ORDER
from game.tools.cluster import Cluster

from .bench_server import _pct, _run, _slot, load_average


def _flags(a: argparse.Namespace) -> list[str]:
    return ["--pace", str(a.pace), "--workers", str(a.workers), "--lease", str(a.lease),
            "--grace", "600",
            # every seat of the bench comes from this one address
            "--per-address", "100000", "--waiting-per-address", "100000"]


async def _failover(cluster: Cluster, a: argparse.Namespace, games: list[str]) -> list[float]:
    """Tables playing; N times a backend with deals under way is killed: the seconds
    until one of its tables is heard to move again."""
    hosts: list[Any] = []
    samples: list[float] = []
    counts = {"deals": 0, "moves": 0}
    slots = [asyncio.ensure_future(_slot(cluster.url, games[i % len(games)], a.level,
                                         a.computer_level, a.think, samples, counts, hosts,
                                         7000 * i))
             for i in range(a.tables)]
    times: list[float] = []
    try:
        await asyncio.sleep(3.0)                     # every table open and playing
        for i in range(a.failover):
            victim = cluster.backends[i % len(cluster.backends)]
            live = [h for h in hosts if h.code and h.code[0] == victim.shard
                    and not any(m.get("over") for m in h.messages[-1:])]
            if not live:
                await asyncio.sleep(1.0)
                continue
            heard = {id(h): len(h.messages) for h in live}
            victim.kill()
            t0 = time.monotonic()
            while not any(any(m.get("type") == "update" for m in h.messages[heard[id(h)]:])
                          for h in live):
                if time.monotonic() - t0 > 120:
                    raise TimeoutError("no table of the killed backend moved again")
                await asyncio.sleep(0.01)
            times.append(time.monotonic() - t0)
            await asyncio.to_thread(victim.start)
            await asyncio.sleep(2 * a.lease)         # it takes its tables back
    finally:
        for t in slots:
            t.cancel()
        for t in slots:
            with contextlib.suppress(BaseException):
                await t
    return times


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="cardclub bench server --backends K",
        description="Tables of headless seats through HAProxy to K table-server backends "
                    "sharing PostgreSQL, on this machine: moves/s and round trips per K, "
                    "and the failover time when a backend is killed.")
    p.add_argument("--backends", default="1,2,3",
                   help="the cluster sizes to measure, comma-separated (default: 1,2,3)")
    p.add_argument("--tables", type=int, default=60, help="tables at once (default: 60)")
    p.add_argument("--seconds", type=float, default=20.0, help="seconds measured per K")
    p.add_argument("--game", choices=["all", *ORDER], default="all")
    p.add_argument("--level", default="random", help="the headless seats' level")
    p.add_argument("--computer-level", default="normal")
    p.add_argument("--pace", type=float, default=0.0)
    p.add_argument("--think", type=float, default=0.0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--lease", type=float, default=2.0,
                   help="the backends' lease in seconds (default: 2)")
    p.add_argument("--failover", type=int, default=0, metavar="N",
                   help="kill a backend N times on the last K and time the takeover")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    try:
        ks = [int(k) for k in a.backends.split(",")]
    except ValueError:
        p.error("--backends is a list of numbers: 1,2,3")
    if any(not 1 <= k <= 16 for k in ks) or a.tables < 1 or a.seconds <= 0:
        p.error("--backends 1 to 16 each; --tables and --seconds positive")
    if a.failover and ks[-1] < 2:
        p.error("--failover needs a last K of 2 or more")
    games = list(ORDER) if a.game == "all" else [a.game]
    rows: list[dict[str, Any]] = []
    fail: list[float] = []
    for k in ks:
        with Cluster(k, _flags(a), per_address=100_000,
                     handshakes_per_10s=1_000_000) as cluster:
            pids = [b.proc.pid for b in cluster.backends if b.proc is not None]
            report = asyncio.run(_run(cluster.url, a.tables, games, a.seconds, a.level,
                                      a.computer_level, a.think, pids))
            report["backends"] = k
            rows.append(report)
            if a.failover and k == ks[-1]:
                fail = asyncio.run(_failover(cluster, a, games))
    out: dict[str, Any] = {"rows": rows, "load_average": round(load_average(), 2)}
    if fail:
        out["failover_s"] = {"n": len(fail), "median": round(statistics.median(fail), 2),
                             "p90": round(_pct(sorted(fail), 0.9), 2),
                             "max": round(max(fail), 2), "all": [round(f, 2) for f in fail]}
    if a.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{a.tables} tables ({', '.join(games)}), {a.seconds:g} s per cluster size, "
          f"through HAProxy; load average {out['load_average']}")
    print("backends | moves/s (all seats) | round trip p50 | p99 | backends' CPU")
    for r in rows:
        print(f"{r['backends']:>8} | {r['table_moves_per_s']:>19} | {r['rtt_p50_ms']:>11} ms "
              f"| {r['rtt_p99_ms']} ms | {r['server_cpu_cores'] * 100:.0f}% of a core")
    if fail:
        f = out["failover_s"]
        print(f"failover ({f['n']} kills, lease {a.lease:g} s): median {f['median']} s, "
              f"p90 {f['p90']} s, max {f['max']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
