"""``cardclub bench server --tables N``: many shared tables on one table server.

A server process (``cardclub serve``, computers at ``--computer-level``) on loopback, in
a temporary data folder; in this process, N tables, each with headless seats (the host
and, where the game seats more than two, one friend) and computers in the other seats,
playing deal after deal for ``--seconds``.  Reported: the move round trip (a seat's move
sent until the server's word that it was played: p50, p99, max), moves per second, the
server's CPU (share of one core) and memory (resident), in all and per table.

``--pace 0 --think 0`` (the default) is a stress test: the computers answer at once and
the headless seats too, so every table moves as fast as the server can take it.
``--pace 1 --think 1`` is closer to people: computers wait their level's think delay,
each seat takes a second.  Only 127.0.0.1 is used.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.games import ORDER, spec


def load_average() -> float:
    """The 1-minute load average (0.0 on Windows, which keeps none)."""
    if sys.platform == "win32":
        return 0.0
    return os.getloadavg()[0]


def _proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` (Linux /proc)."""
    if sys.platform == "win32":
        raise OSError("no /proc on Windows")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _proc_rss(pid: int) -> float:
    """Resident memory of ``pid`` in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu(pids: list[int]) -> float:
    """CPU seconds of the processes ``pids`` together (a process gone counts nothing)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            total += _proc_cpu(pid)
    return total


def _rss(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError):
            total += _proc_rss(pid)
    return total


def _pct(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def _updates(hosts: list[Any]) -> int:
    return sum(1 for h in hosts for m in h.messages if m.get("type") == "update")


async def _slot(url: str, game: str, level: str, computer: str, think: float,
                samples: list[float], counts: dict[str, int], hosts: list[Any],
                seed: int) -> None:
    """One table after another at this slot until cancelled."""
    from game.net.client import SeatPlay, play_seat

    players = spec(game).players_allowed[-1]
    seats = [{"kind": "friend"}]
    if players > 2:
        seats.append({"kind": "friend"})
    seats += [{"kind": "computer", "level": computer}] * (players - len(seats))
    deal = 0
    while True:
        loop = asyncio.get_running_loop()
        code: asyncio.Future[str] = loop.create_future()
        host = SeatPlay(url, host={"game": game, "players": players, "seats": seats,
                                   "standin": computer},
                        level=level, seed=seed + deal, on_code=code.set_result,
                        think=think, round_trips=samples)
        hosts.append(host)
        tasks = [asyncio.ensure_future(play_seat(host))]
        try:
            c = await code
            if players > 2:
                friend = SeatPlay(url, code=c, level=level, seed=seed + deal + 1, think=think,
                                  round_trips=samples)
                tasks.append(asyncio.ensure_future(play_seat(friend)))
            await asyncio.gather(*tasks)
            counts["deals"] += 1
        finally:
            for t in tasks:
                t.cancel()
        deal += 2


async def _run(url: str, tables: int, games: list[str], seconds: float, level: str,
               computer: str, think: float, pids: list[int],
               hosts: list[Any] | None = None) -> dict[str, Any]:
    """Play ``tables`` tables through ``url`` for ``seconds``: the figures, the server
    processes ``pids`` counted together (``hosts``: every table's host seat, kept)."""
    samples: list[float] = []
    counts = {"deals": 0, "moves": 0}
    hosts = [] if hosts is None else hosts
    rss0 = _rss(pids)
    tasks = []
    for i in range(tables):
        tasks.append(asyncio.ensure_future(_slot(url, games[i % len(games)], level, computer,
                                                 think, samples, counts, hosts,
                                                 1000 * i)))
        if i % 20 == 19:
            await asyncio.sleep(0.05)      # no thundering herd of handshakes
    await asyncio.sleep(min(2.0, seconds / 4))    # every table open and playing
    samples.clear()
    counts.update(deals=0)
    moves0 = _updates(hosts)
    cpu0, t0 = _cpu(pids), time.monotonic()
    own0 = time.process_time()
    load0 = load_average()
    rss_peak = 0.0
    while time.monotonic() - t0 < seconds:
        await asyncio.sleep(0.5)
        rss_peak = max(rss_peak, _rss(pids))
    wall = time.monotonic() - t0
    cpu = _cpu(pids) - cpu0
    own = time.process_time() - own0
    load = (load0 + load_average()) / 2
    got = sorted(samples)
    counts["moves"] = _updates(hosts) - moves0
    for t in tasks:
        t.cancel()
    for t in tasks:
        with contextlib.suppress(BaseException):
            await t
    return {
        "tables": tables, "games": games, "seconds": round(wall, 1),
        "client_level": level, "computer_level": computer, "think_s": think,
        "round_trips": len(got),
        "rtt_p50_ms": round(_pct(got, 0.50) * 1000, 2),
        "rtt_p99_ms": round(_pct(got, 0.99) * 1000, 2),
        "rtt_max_ms": round(got[-1] * 1000, 2) if got else 0.0,
        "rtt_mean_ms": round(statistics.fmean(got) * 1000, 2) if got else 0.0,
        "seat_moves_per_s": round(len(got) / wall, 1),
        "table_moves_per_s": round(counts["moves"] / wall, 1),
        "deals_finished": counts["deals"],
        "server_cpu_cores": round(cpu / wall, 3),
        "server_cpu_per_table_pct": round(100 * cpu / wall / tables, 3),
        "server_rss_mib": round(rss_peak, 1),
        "clients_cpu_cores": round(own / wall, 3),
        "load_average": round(load, 2),
        "server_rss_before_mib": round(rss0, 1),
        "server_rss_per_table_kib": round((rss_peak - rss0) * 1024 / tables, 1),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="cardclub bench server",
        description="N concurrent tables of headless seats on one table server process "
                    "on loopback: move round trip p50/p99, server CPU and memory per "
                    "table.  Uses a temporary data folder.")
    p.add_argument("--tables", type=int, default=50, help="tables at once (default: 50)")
    p.add_argument("--seconds", type=float, default=20.0,
                   help="seconds measured (default: %(default)s)")
    p.add_argument("--game", choices=["all", *ORDER], default="all",
                   help="the game of every table, or all in turn (default: all)")
    p.add_argument("--level", default="random",
                   help="the level that plays the headless seats (default: random: the "
                        "bench's own CPU stays small)")
    p.add_argument("--computer-level", default="normal",
                   help="the level of the server's computers (default: normal)")
    p.add_argument("--pace", type=float, default=0.0,
                   help="the server's think-delay scale (default: 0, no delay)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each headless seat waits before its move (default: 0)")
    p.add_argument("--workers", type=int, default=2,
                   help="the server's computer threads (default: 2)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="where the server writes the tables (default: a temporary folder; "
                        "a folder on tmpfs shows what the disk's flushes cost)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    a = p.parse_args(argv)
    if a.tables < 1 or a.seconds <= 0:
        p.error("--tables and --seconds must be positive")
    if sys.platform != "win32":   # (Windows has no such limit)
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = min(hard, max(soft, 8 * a.tables + 256))
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    games = list(ORDER) if a.game == "all" else [a.game]
    with tempfile.TemporaryDirectory(prefix="cardclub-bench-server-", dir=a.data) as tmp:
        env = dict(os.environ, CARDCLUB_HOME=tmp)
        server = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
             "--data", str(Path(tmp) / "tables"), "--pace", str(a.pace), "--quiet",
             "--workers", str(a.workers),
             # every seat of the bench comes from this one address: its per-address
             # limits are the many players' (the bench measures load, not the limits)
             "--per-address", "100000", "--waiting-per-address", "100000"],
            env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            if not line:
                print("cardclub bench server: the server did not start", file=sys.stderr)
                return 1
            url = f"ws://127.0.0.1:{json.loads(line)['port']}"
            old = os.environ.get("CARDCLUB_HOME")
            os.environ["CARDCLUB_HOME"] = tmp
            try:
                report = asyncio.run(_run(url, a.tables, games, a.seconds, a.level,
                                          a.computer_level, a.think, [server.pid]))
            finally:
                if old is None:
                    os.environ.pop("CARDCLUB_HOME", None)
                else:
                    os.environ["CARDCLUB_HOME"] = old
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=10)
            if server.poll() is None:
                server.kill()
    report["pace"] = a.pace
    if a.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{a.tables} tables ({', '.join(games)}), {report['seconds']} s: "
              f"{report['round_trips']} headless seats' moves timed "
              f"({report['seat_moves_per_s']}/s), {report['table_moves_per_s']} moves/s "
              f"in all (computers' too), {report['deals_finished']} deals finished")
        print(f"move round trip: p50 {report['rtt_p50_ms']} ms, p99 {report['rtt_p99_ms']} "
              f"ms, max {report['rtt_max_ms']} ms")
        print(f"server: {report['server_cpu_cores'] * 100:.0f}% of a core "
              f"({report['server_cpu_per_table_pct']}% per table), "
              f"{report['server_rss_mib']} MiB resident "
              f"({report['server_rss_per_table_kib']} KiB per table)")
        print(f"the headless seats (this process): {report['clients_cpu_cores'] * 100:.0f}% of "
              f"a core; the machine's load average: {report['load_average']}")
    return 0
