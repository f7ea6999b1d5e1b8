"""How long opening a replay takes (the target: a 300-move Autobus deal in ≤ 0.5 s).

``python -m game.bench.bench_replay [--deals N] [--window]`` plays deals of the game whose
deals run longest (the largest ``move_bound``: Hospodský autobus), at its most players,
computer against computer, keeps the longest, and times (1) the ``Replay`` model
(one pass over the journal, with its kept states), (2) a step back and a jump to the
middle, and, with ``--window``, (3) opening the replay's table in a headless window up
to its first drawn frame.  It runs in a temporary data folder.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from game.games import ORDER, SPECS
from game.session import DealSession
from game.session.replay import Replay
from game.tools.lineup import most_players


def longest_game() -> str:
    """The game whose deals may run longest (its engine's ``move_bound``)."""
    return max(ORDER, key=lambda key: SPECS[key].engine.move_bound)


def longest_deal(deals: int, seed: int) -> DealSession:
    best: DealSession | None = None
    key = longest_game()
    options = most_players(key)
    seats = tuple(range(max(SPECS[key].players_allowed)))
    for i in range(deals):
        s = DealSession(key, level="normal", seed=seed + i, options=options,
                        ai_seats=seats, save=False)
        list(s.run())
        if best is None or s.moves_played > best.moves_played:
            best = s
    assert best is not None
    return best


def timed(fn: Callable[[], object], repeat: int = 5) -> float:
    """The median wall time of ``fn()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.bench.bench_replay",
                                description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=30, help="deals to pick the longest from")
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--window", action="store_true",
                   help="also open the replay's table in a window (needs a display)")
    a = p.parse_args(argv)
    from game.store.files import temporary_home

    with temporary_home():
        s = longest_deal(a.deals, a.seed)
        journal = s.journal.to_dict()
        n = s.moves_played
        print(f"{s.players}-player {s.game.title}, deal {s.number}: {n} moves")
        print(f"  Replay(journal):            {timed(lambda: Replay(journal)):7.1f} ms")
        r = Replay(journal)
        r.jump(n)
        print(f"  a step back from the end:   {timed(lambda: (r.back(), r.step())):7.1f} ms")

        def there_and_back() -> None:
            r.jump(n // 2)
            r.jump(n)

        print(f"  a jump to the middle:       "
              f"{timed(there_and_back):7.1f} ms (there and back)")
        if a.window:
            from game.app import CardClubWindow

            w = CardClubWindow(1280, 800, vsync=False, antialiasing=False)
            w._enable_event_queue = False

            def open_it() -> None:
                w.open("replay", journal=journal)
                w.dispatch_event("on_update", 1 / 60)
                w.dispatch_event("on_draw")
                w.ctx.finish()

            t = time.perf_counter()
            open_it()                          # the card faces load once per process
            print(f"  the replay's table, first opening (faces loaded): "
                  f"{(time.perf_counter() - t) * 1000:7.1f} ms")
            print(f"  the replay's table, opened and drawn: {timed(open_it):7.1f} ms")
            w.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
