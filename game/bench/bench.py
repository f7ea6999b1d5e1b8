"""``cardclub bench``: the performance figures of the README, measured.

With no argument it prints everything (``--json`` for a machine-readable report): per
table the frame time while cards move (mean, p99) and the idle CPU share; the time from
process start to the first drawn menu frame; peak memory; engine actions per second; AI
decision time per level; our Pao De Kuai engine beside RLCard's Dou Di Zhu engine when
RLCard is installed (game/bench/bench_rlcard.py).  ``engines``, ``frames``, ``idle``, ``startup``,
``ai`` and ``rlcard`` run one part.  Everything runs in a temporary data folder.
A game may bring measurements of its own (its spec's ``benches``, not part of the whole
report), such as ``lookahead`` (minutes of play): how much Hospodský autobus deals turn on
hidden cards (game/games/autobus/lookahead.py).  The tables measured follow the games'
registry (:mod:`game.tools.lineup`).
"""
from __future__ import annotations

import time
from typing import Any

from game.games import SPECS
from game.games.contract import Bench
from game.rules import GAMES, Rng
from game.store.files import temporary_home
from game.tools.lineup import default_game, players_help, tables


def engine_speed(key: str, seconds: float = 2.0, players: int | None = None) -> dict[str, float]:
    """Actions per second for uniform random play (legal_moves + play per action)."""
    cls = GAMES[key]
    opts: dict[str, Any] = {} if players is None else {"players": players}
    actions = deals = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = cls.new(seed=seed, **opts)
        rng = Rng(seed)
        while not g.is_over:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
            actions += 1
        deals += 1
        seed += 1
    took = time.perf_counter() - start
    return {"actions_per_second": actions / took, "deals_per_second": deals / took,
            "deals": deals}


def frame_times(frames: int = 900, width: int = 1280, height: int = 800,
                game: str | None = None, **options: Any) -> dict[str, float]:
    """Frame time of a game's table (the tools' default table when none is named;
    computer in every seat, normal animation speed) over frames where cards are moving:
    update + draw + GPU finish."""
    import statistics

    from game.app import CardClubWindow
    from game.scenes.tables import table_class
    from game.tools.smoke import EVERY_SEAT

    window = CardClubWindow(width, height, vsync=False)
    window._enable_event_queue = False
    window.settings.animation_scale = 1.0
    window.think_scale = 0.3
    view = table_class(game or default_game())(window, ai_seats=EVERY_SEAT, seed=1,
                                               options=options)
    window.show_view(view)
    moving: list[float] = []
    idle: list[float] = []
    for _ in range(frames):
        t0 = time.perf_counter()
        window.dispatch_events()
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.ctx.finish()
        took = (time.perf_counter() - t0) * 1000
        window.flip()
        (moving if view.animating else idle).append(took)
        if view.result_visible:
            view.next_game()
            view = window.current_view  # type: ignore[assignment]  # the next deal's table
    window.close()
    moving.sort()

    def p(q: float) -> float:
        return moving[min(len(moving) - 1, int(q * len(moving)))]

    return {"frames_moving": len(moving), "mean_ms": statistics.fmean(moving),
            "p50_ms": p(0.5), "p99_ms": p(0.99), "max_ms": moving[-1],
            "idle_mean_ms": statistics.fmean(idle) if idle else 0.0}


def idle_share(view: str = "menu", seconds: float = 3.0, **kw: Any) -> float:
    """Share of one core the real event loop uses while ``view`` sits with nothing
    moving and no input (measured from a second after the deal has settled): CPU
    seconds / wall seconds."""
    import arcade

    from game.app import CardClubWindow

    window = CardClubWindow(1280, 800)
    window.think_scale = 1000.0         # a table's computers wait: nothing moves
    window.open(view, **kw)
    marks: dict[str, float] = {}

    def begin(_dt: float) -> None:
        marks["cpu"], marks["wall"] = time.process_time(), time.perf_counter()

    def end(_dt: float) -> None:
        marks["cpu"] = time.process_time() - marks["cpu"]
        marks["wall"] = time.perf_counter() - marks["wall"]
        arcade.exit()

    def settled(_dt: float) -> None:
        if getattr(window.current_view, "busy", False) and time.perf_counter() < limit:
            return
        arcade.unschedule(settled)
        arcade.schedule_once(begin, 1.0)
        arcade.schedule_once(end, 1.0 + seconds)

    limit = time.perf_counter() + 20
    arcade.schedule(settled, 0.1)
    arcade.run()
    window.close()
    return marks["cpu"] / marks["wall"]


def review_idle_share(game: str, seed: int, players: int | None = None,
                      seconds: float = 3.0) -> float:
    """Share of one core the event loop uses while the review page of one deal sits
    finished (reviewed beforehand, as a page opened from the history's cache shows it)
    with no input: CPU seconds / wall seconds."""
    from game.games import spec
    from game.review.analysis import play_deal, review_deal

    journal = play_deal(game, seed, ["easy", spec(game).default_level], players)
    review = review_deal(journal, 0)
    return idle_share("review", seconds, journal=journal.to_dict(), deal_id="a" * 32,
                      review=review)


def table_name(game: str, opts: dict[str, Any]) -> str:
    return game + (f" {opts['players']}p" if opts.get("players") else "")


def startup_time(runs: int = 3) -> dict[str, float]:
    """Seconds from process start to the first drawn menu frame (median of ``runs``)."""
    from game.tools.first_frame import time_to_first_frame

    return {"first_frame_s": time_to_first_frame(runs), "runs": runs}


def ai_times(deals: int = 6) -> dict[str, dict[str, float]]:
    """Decision time per game and level (mean, p95, max in ms) over a few deals of each
    level against itself, one core."""
    from game.ai import levels, make_bot

    out: dict[str, dict[str, float]] = {}
    for key in sorted(GAMES):
        for level in levels(key):
            times: list[float] = []
            for d in range(deals):
                g = GAMES[key].new(seed=1000 + d)
                bots = [make_bot(key, level, seed=d * 8 + s) for s in range(g.num_players)]
                n = 0
                while not g.is_over and n < 400:
                    seat = g.current_player
                    assert seat is not None
                    obs, legal = g.observation(seat), g.legal_moves()
                    t0 = time.perf_counter()
                    move = bots[seat].choose(obs, legal)
                    times.append((time.perf_counter() - t0) * 1000)
                    g.play(move)
                    n += 1
            times.sort()
            out[f"{key} {level}"] = {
                "decisions": len(times), "mean_ms": sum(times) / len(times),
                "p95_ms": times[int(0.95 * (len(times) - 1))], "max_ms": times[-1]}
    return out


def peak_memory_mb() -> float:
    """This process's peak resident memory in MiB."""
    import sys

    if sys.platform == "win32":   # the peak working set, from the process's counters
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                        ("PeakWorkingSetSize", ctypes.c_size_t),
                        ("WorkingSetSize", ctypes.c_size_t),
                        ("QuotaPeakPagedPoolUsage", ctypes.c_size_t),
                        ("QuotaPagedPoolUsage", ctypes.c_size_t),
                        ("QuotaPeakNonPagedPoolUsage", ctypes.c_size_t),
                        ("QuotaNonPagedPoolUsage", ctypes.c_size_t),
                        ("PagefileUsage", ctypes.c_size_t),
                        ("PeakPagefileUsage", ctypes.c_size_t)]

        counters = Counters(cb=ctypes.sizeof(Counters))
        process = ctypes.windll.kernel32.GetCurrentProcess()
        if not ctypes.windll.psapi.GetProcessMemoryInfo(process, ctypes.byref(counters),
                                                        counters.cb):
            return 0.0
        return float(counters.PeakWorkingSetSize) / 1024 / 1024
    import resource

    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024 if sys.platform != "darwin" else kb / 1024 / 1024


def _in_child(*args: str) -> dict[str, Any]:
    """``cardclub bench ARGS --json`` in a process of its own (one window per process:
    arcade keeps one texture atlas per window) and its report."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "game", "bench", *args, "--json"],
                         capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(f"bench {' '.join(args)} failed: {out.stderr[-800:]}")
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def everything(frames: int, seconds: float, ai_deals: int) -> dict[str, Any]:
    report: dict[str, Any] = {"tables": {}, "engines": {}}
    from game.scenes.menu import table_ready

    peak = 0.0
    for game, opts in tables():
        if not table_ready(game):
            continue
        players = ["--players", str(opts["players"])] if opts else []
        r = _in_child("frames", "--game", game, "--frames", str(frames), *players)
        idle = _in_child("idle", "--game", game, *players)
        r["idle_cpu_share"] = idle["idle_cpu_share"]
        peak = max(peak, r.pop("peak_memory_mb", 0.0))
        report["tables"][table_name(game, opts)] = r
    report["menu_idle_cpu_share"] = _in_child("idle")["menu_idle_cpu_share"]
    report["peak_memory_mb"] = peak
    report["startup"] = startup_time()
    for key in sorted(GAMES):
        for n in GAMES[key].players_allowed if len(GAMES[key].players_allowed) > 1 else [None]:
            label = key + (f" {n}p" if n else "")
            report["engines"][label] = engine_speed(key, seconds, n)
    report["ai"] = ai_times(ai_deals)
    from game.bench.bench_rlcard import compare

    report["rlcard"] = compare(seconds=1.0, rounds=3)
    return report


def print_report(r: dict[str, Any]) -> None:
    if r.get("tables"):
        print("Frame time with cards moving (update + draw + GPU), idle CPU share:")
    for name, t in r.get("tables", {}).items():
        print(f"  {name:<14} mean {t['mean_ms']:6.2f} ms  p99 {t['p99_ms']:6.2f} ms  "
              f"max {t['max_ms']:6.2f} ms  ({t['frames_moving']} frames)  idle "
              f"{100 * t.get('idle_cpu_share', 0):4.1f}% of a core")
    if "idle_cpu_share" in r:
        print(f"  idle table {100 * r['idle_cpu_share']:.1f}% of a core")
    if "menu_idle_cpu_share" in r:
        print(f"  menu idle {100 * r['menu_idle_cpu_share']:.1f}% of a core")
    if "review_idle_cpu_share" in r:
        print(f"  review page idle {100 * r['review_idle_cpu_share']:.1f}% of a core")
    if "startup" in r:
        print(f"Start to first drawn menu frame: {r['startup']['first_frame_s']:.2f} s")
    if "peak_memory_mb" in r:
        print(f"Peak memory: {r['peak_memory_mb']:.0f} MB")
    for name, e in r.get("engines", {}).items():
        print(f"  {name:<14} {e['actions_per_second']:>9.0f} actions/s "
              f"{e['deals_per_second']:>8.1f} deals/s")
    for name, a in r.get("ai", {}).items():
        print(f"  AI {name:<22} mean {a['mean_ms']:7.2f} ms  p95 {a['p95_ms']:7.2f} ms  "
              f"max {a['max_ms']:7.2f} ms")
    if "rlcard" in r:
        from game.bench.bench_rlcard import print_compare

        print_compare(r["rlcard"])


def game_benches() -> dict[str, Bench]:
    """The games' own measurements (their specs' ``benches``): name -> function, taking
    the parser and the parsed arguments."""
    return {name: ref for s in SPECS.values() for name, ref in s.benches.items()}


def _bench_help(name: str, ref: Bench) -> str:
    """ "name: what it measures", from the first paragraph of the function's docstring."""
    doc = (ref.__doc__ or "").strip().split("\n\n")[0]
    return f"{name}: {' '.join(doc.split())}"


@temporary_home()        # the player's saves are never touched
def main(argv: list[str]) -> int:
    """Benchmarks run in a temporary data folder."""
    import argparse

    if argv and argv[0] == "server" and any(a.startswith("--backends") for a in argv):
        from game.bench.bench_cluster import main as bench_cluster  # through a proxy

        return bench_cluster(argv[1:])
    if argv and argv[0] == "server":   # tables of headless clients on one server
        from game.bench.bench_server import main as bench_server

        return bench_server(argv[1:])

    p = argparse.ArgumentParser(
        prog="cardclub bench",
        description="Measure performance. 'engines': moves per second of random play "
                    "in every game; 'frames': frame times of one table while cards move "
                    "and while idle (opens a window). Uses a temporary data folder.")
    benches = game_benches()
    p.add_argument("what", nargs="?", default="all",
                   choices=["all", "engines", "frames", "idle", "startup", "ai", "rlcard",
                            *sorted(benches), "history"],
                   help="all (default): the whole report; engines: engine speed; frames: "
                        "a table's frame times; idle: CPU share of an idle menu and "
                        "table; startup: start to first frame; ai: decision times; "
                        "rlcard: Pao De Kuai random play beside RLCard's Dou Di Zhu "
                        "(needs the optional rlcard package; says so when it is missing); "
                        + "".join(_bench_help(name, ref) + "; "
                                  for name, ref in sorted(benches.items()))
                        + "history: opening and scrolling History and start-up with a "
                          "history of --rows deals, beside an empty one")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--ai-deals", type=int, default=4,
                   help="deals per AI level for 'ai' (default: %(default)s)")
    p.add_argument("--seconds", type=float, default=2.0,
                   help="seconds of play per game for 'engines', CPU seconds per run for "
                        "'rlcard' (default: %(default)s)")
    p.add_argument("--rounds", type=int, default=5,
                   help="runs per engine for 'rlcard', taken in turn; the median is "
                        "reported (default: %(default)s)")
    p.add_argument("--frames", type=int, default=900,
                   help="frames to draw for 'frames' (default: %(default)s)")
    p.add_argument("--game", default=None, choices=sorted(GAMES),
                   help=f"the table to measure with 'frames' (default: {default_game()}) "
                        f"or 'idle' (default: the menu)")
    p.add_argument("--players", type=int, default=None,
                   help=f"players at the table ({players_help()})")
    p.add_argument("--deals", type=int, default=10,
                   help="deals for 'lookahead', each played from every seat "
                        "(default: %(default)s)")
    p.add_argument("--seed", type=int, default=11000,
                   help="first deal's seed for 'lookahead' (default: %(default)s)")
    p.add_argument("--know", default="none",
                   help="what the 'lookahead' is told: none, all, or some of hands, "
                        "stock, reserves joined by ',' (default: %(default)s)")
    p.add_argument("--samples", type=int, default=8,
                   help="sampled deals per decision for 'lookahead' (default: %(default)s)")
    p.add_argument("--width", type=int, default=4,
                   help="candidate moves per decision for 'lookahead' (default: %(default)s)")
    p.add_argument("--depth", type=int, default=1,
                   help="rounds the 'lookahead' looks ahead: at each of the seat's turns "
                        "on the way it tries --width plans (default: %(default)s)")
    p.add_argument("--rows", type=int, default=50_000,
                   help="deals in the history for 'history' (default: %(default)s)")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes for 'lookahead' (default: %(default)s)")
    p.add_argument("--review", action="store_true",
                   help="'idle': the review page of deal --seed of --game (the seat plays "
                        "easy against the default level), reviewed first, then idle")
    a = p.parse_args(argv)
    if a.what in benches:
        status = benches[a.what](p, a)
        return status
    if a.what == "history":
        from game.bench.bench_history import report as history_report

        return history_report(max(0, a.rows), a.json)
    a.game_given = a.game is not None
    a.game = a.game or default_game()
    import json

    report: dict[str, Any] = {}
    if a.what == "all":
        report = everything(a.frames, a.seconds, a.ai_deals)
    elif a.what == "idle" and a.review:
        report = {"review_idle_cpu_share": review_idle_share(a.game, a.seed, a.players)}
    elif a.what == "idle" and a.game_given:
        opts = {"players": a.players} if a.players else {}
        report = {"idle_cpu_share": idle_share("table", game=a.game, seed=3, options=opts)}
    elif a.what == "idle":
        report = {"menu_idle_cpu_share": idle_share("menu"), "tables": {}}
    elif a.what == "frames" and a.json:
        opts = {"players": a.players} if a.players else {}
        report = frame_times(a.frames, game=a.game, **opts)
        report["peak_memory_mb"] = peak_memory_mb()
    elif a.what == "startup":
        report = {"startup": startup_time()}
    elif a.what == "ai":
        report = {"ai": ai_times(a.ai_deals)}
    elif a.what == "rlcard":
        from game.bench.bench_rlcard import compare

        report = {"rlcard": compare(seconds=a.seconds, rounds=a.rounds)}
    if report:
        print(json.dumps(report, indent=2) if a.json else "", end="")
        if not a.json:
            print_report(report)
        return 0
    if a.what == "frames":
        opts = {"players": a.players} if a.players else {}
        r = frame_times(a.frames, game=a.game, **opts)
        print(f"{GAMES[a.game].title} table, cards moving: {r['frames_moving']} frames, mean "
              f"{r['mean_ms']:.2f} ms, p50 {r['p50_ms']:.2f} ms, p99 {r['p99_ms']:.2f} ms, "
              f"max {r['max_ms']:.2f} ms; idle frames mean {r['idle_mean_ms']:.2f} ms")
        return 0
    for key in sorted(GAMES):
        for n in GAMES[key].players_allowed if len(GAMES[key].players_allowed) > 1 else [None]:
            r = engine_speed(key, a.seconds, n)
            label = key + (f" ({n} players)" if n else "")
            print(f"{label:<24} {r['actions_per_second']:>9.0f} actions/s "
                  f"{r['deals_per_second']:>8.1f} deals/s")
    return 0
