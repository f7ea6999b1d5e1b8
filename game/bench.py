"""``cardclub bench engines``: random-play speed of every rule engine (no UI)."""
from __future__ import annotations

import time
from typing import Any

from game.rules import GAMES, Rng


def engine_speed(key: str, seconds: float = 2.0, players: int | None = None) -> dict[str, float]:
    """Actions per second for uniform random play (legal_moves + play per action)."""
    cls = GAMES[key]
    opts = {} if players is None else {"players": players}
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
                game: str = "durak", **options: Any) -> dict[str, float]:
    """Frame time of a game's table (computer in every seat, normal animation speed)
    over frames where cards are moving: update + draw + GPU finish."""
    import statistics

    from game.app import EVERY_SEAT, CardClubWindow
    from game.scenes.tables import table_class

    window = CardClubWindow(width, height, vsync=False)
    window._enable_event_queue = False
    window.settings.animation_scale = 1.0
    window.think_scale = 0.3
    view = table_class(game)(window, ai_seats=EVERY_SEAT, seed=1, options=options)
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
            view = window.current_view  # type: ignore[assignment]
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


def main(argv: list[str]) -> int:
    """Benchmarks use a temporary data folder: the player's saves are never touched."""
    from game.store.files import temporary_home

    with temporary_home():
        return _bench(argv)


def _bench(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(
        prog="cardclub bench",
        description="Measure performance. 'engines': moves per second of random play "
                    "in every game; 'frames': frame times of one table while cards move "
                    "and while idle (opens a window). Uses a temporary data folder.")
    p.add_argument("what", choices=["engines", "frames"],
                   help="engines: engine speed; frames: a table's frame times")
    p.add_argument("--seconds", type=float, default=2.0,
                   help="seconds of play per game for 'engines' (default: %(default)s)")
    p.add_argument("--frames", type=int, default=900,
                   help="frames to draw for 'frames' (default: %(default)s)")
    p.add_argument("--game", default="durak", choices=sorted(GAMES),
                   help="the table to measure with 'frames'")
    p.add_argument("--players", type=int, default=None,
                   help="players at the table (Hospodský autobus: 2 to 4)")
    a = p.parse_args(argv)
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
