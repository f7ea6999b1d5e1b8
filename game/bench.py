"""``cardclub bench engines``: random-play speed of every rule engine (no UI)."""
from __future__ import annotations

import time

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


def main(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="cardclub bench engines")
    p.add_argument("what", choices=["engines"])
    p.add_argument("--seconds", type=float, default=2.0)
    a = p.parse_args(argv)
    for key in sorted(GAMES):
        for n in GAMES[key].players_allowed if len(GAMES[key].players_allowed) > 1 else [None]:
            r = engine_speed(key, a.seconds, n)
            label = key + (f" ({n} players)" if n else "")
            print(f"{label:<24} {r['actions_per_second']:>9.0f} actions/s "
                  f"{r['deals_per_second']:>8.1f} deals/s")
    return 0
