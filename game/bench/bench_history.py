"""``cardclub bench history --rows N``: the History screen and start-up with a long history.

Fills a temporary data folder's history with ``N`` finished deals (real journals of
computer-played deals of every game, each row its own deal id and date), then measures,
beside the same figures for an empty history: the seconds from opening History to its
first frame with rows on it, the worst frame while scrolling it with the wheel and the
keys, and the seconds from process start to the first drawn menu frame.  Targets (issue
35): History opens in 0.3 s or less, no frame over 50 ms, start-up within 10% of empty.
"""
from __future__ import annotations

import json
import random
import sqlite3
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from game.store import files, history

LEVELS = ("random", "easy", "normal", "hard")


def _templates() -> list[tuple[str, int, int, str, str]]:
    """(game, players, moves, journal text, its deal id) of a few computer-played deals
    per game."""
    from game.rules import GAMES
    from game.session import DealSession

    out = []
    for key in sorted(GAMES):
        for seed in range(3):
            s = DealSession(key, level="random", ai_seats=tuple(range(8)), seed=seed,
                            pace=lambda: 0.0)
            list(s.run())
            files.writer.flush()
            text = json.dumps(s.journal.to_dict(), separators=(",", ":"))
            out.append((key, s.game.num_players, len(s.journal.moves), text,
                        s.journal.deal_id))
    return out


def fill(rows: int, seed: int = 1) -> None:
    """Insert ``rows`` finished deals into this data folder's history, fast (one
    transaction, the same columns and checks a finished deal gets)."""
    history.profile()                        # the database made and migrated
    if rows <= 0:
        return
    rng = random.Random(seed)
    templates = _templates()
    start = datetime(2020, 1, 1, tzinfo=UTC)
    con = sqlite3.connect(history.db_path(), isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        batch: list[tuple[Any, ...]] = []
        for i in range(rows):
            game, players, moves, text, old = templates[rng.randrange(len(templates))]
            deal_id = uuid.UUID(int=rng.getrandbits(128)).hex
            replay = text.replace(old, deal_id)      # each row its own deal, as stored
            level = rng.choice(LEVELS)
            outcome = rng.choices(history.OUTCOMES, (5, 1, 4))[0]
            assisted = rng.random() < 0.1
            surrendered = outcome == "loss" and rng.random() < 0.05
            xp = history.xp_for(outcome, level, surrendered, None, assisted)
            score = round(rng.uniform(-20, 20), 1)
            when = (start + timedelta(minutes=30 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")
            batch.append((deal_id, game, when, level, players, moves, outcome, score,
                          int(surrendered), xp, int(assisted), None, replay))
            if len(batch) >= 2000:
                con.executemany(_INSERT, batch)
                batch.clear()
        con.executemany(_INSERT, batch)
        con.execute("COMMIT")
    finally:
        con.close()
    history.forget_checks()


_INSERT = ("INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
           " score, surrendered, xp, assisted, result, replay)"
           " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)")


# ----- measuring ------------------------------------------------------------------------------
def _frame(window: Any) -> float:
    """One whole frame by hand (events, update, draw, GPU finish): its seconds."""
    t = time.perf_counter()
    window.dispatch_events()
    window.dispatch_event("on_update", 1 / 60)
    window.dispatch_event("on_draw")
    window.ctx.finish()
    window.flip()
    return time.perf_counter() - t


def _shown(view: Any) -> bool:
    """History is up with what it read, its page laid out to the end (it comes a few
    rows a frame): rows listed, or none (an empty history)."""
    loading = getattr(view, "loading", False)
    return (not loading and getattr(view, "rest", None) is None
            and (bool(view.row_boxes) or view.total == 0))


def history_figures(games: tuple[str, ...] | None = None,
                    scrolls: int = 120) -> dict[str, float]:
    """Open History in a real window (Xvfb) for each of ``games`` (by default two tabs:
    the tools' default game, then the first other in menu order): seconds from the tap
    to the first frame showing its deals; the worst frame while the page is scrolled by
    wheel and keys (each event followed by one frame); and the worst frame while tabs are
    switched and pages of deals turned (the frame a page's rows are laid out in: its
    cost is that of a page of text, whatever the history's size)."""
    import arcade

    from game.app import CardClubWindow

    window = CardClubWindow(1280, 800, vsync=False)
    window._enable_event_queue = False
    window.settings.animation_scale = 0.0
    window.show_menu()
    for _ in range(3):
        _frame(window)
    opened: list[float] = []
    worst = switch = 0.0
    if games is None:
        from game.games import ORDER
        from game.tools.lineup import default_game

        first = default_game()
        games = (first, next(k for k in ORDER if k != first))
    for game in games:
        t = time.perf_counter()
        view = window.open("history", game=game)
        while not _shown(view) and time.perf_counter() - t < 120:   # until deals show
            switch = max(switch, _frame(window))
        opened.append(time.perf_counter() - t)
        steps: list[tuple[str, Any]] = []
        for i in range(scrolls):
            steps.append(("scroll", -3 if i < scrolls // 2 else 3))
            if i % 10 == 5:
                steps.append(("key", arcade.key.PAGEDOWN if i < scrolls // 2
                              else arcade.key.PAGEUP))
        steps += [("key", arcade.key.END), ("key", arcade.key.HOME)]
        cx, cy = window.width / 2, window.height / 2
        for kind, arg in steps:
            t = time.perf_counter()
            if kind == "scroll":
                window.dispatch_event("on_mouse_scroll", int(cx), int(cy), 0, arg)
            else:
                window.dispatch_event("on_key_press", arg, 0)
                window.dispatch_event("on_key_release", arg, 0)
            window.dispatch_event("on_update", 1 / 60)
            window.dispatch_event("on_draw")
            window.ctx.finish()
            window.flip()
            worst = max(worst, time.perf_counter() - t)
        # tabs switched and pages turned: each until its deals are on screen
        turns: list[Any] = [lambda v=view: v.turn_page(v.offset + len(v.rows)),
                            lambda v=view: v.turn_page(0)]
        turns += [lambda k=k: window.dispatch_event("on_key_press", k, 0)
                  for k in (arcade.key.RIGHT, arcade.key.LEFT)]
        for turn in turns:
            t = time.perf_counter()
            turn()
            frame = _frame(window)
            switch = max(switch, time.perf_counter() - t, frame)
            deadline = time.perf_counter() + 120
            while not _shown(window.current_view) and time.perf_counter() < deadline:
                switch = max(switch, _frame(window))
        window.show_menu()
        _frame(window)
    window.close()
    return {"open_s": max(opened), "worst_frame_ms": worst * 1000,
            "worst_turn_frame_ms": switch * 1000}


def startup_s(runs: int = 3) -> float:
    """Seconds from process start to the first drawn menu frame (median), in this data
    folder."""
    from game.tools.first_frame import time_to_first_frame

    return time_to_first_frame(runs)


def _child(rows: int) -> dict[str, Any]:
    """The figures for a history of ``rows`` deals, in a process (and a data folder) of
    its own: one window per process."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "game.bench.bench_history", str(rows)],
                         capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"bench history --rows {rows} failed: {out.stderr[-800:]}")
    got: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return got


def measure(rows: int) -> dict[str, Any]:
    """Fill a new temporary data folder with ``rows`` deals and take every figure."""
    with files.temporary_home("cardclub-bench-history-") as home:
        t = time.perf_counter()
        fill(rows)
        filled = time.perf_counter() - t
        size = history.db_path().stat().st_size if history.db_path().exists() else 0
        figures: dict[str, Any] = {"rows": rows, "fill_s": filled,
                                   "database_mb": size / 1e6, "home": str(home)}
        figures.update(history_figures())
        figures["startup_s"] = startup_s()
        figures.pop("home")
        return figures


def report(rows: int, as_json: bool = False) -> int:
    """``cardclub bench history --rows N``: the figures beside an empty history's."""
    empty, full = _child(0), _child(rows)
    if as_json:
        print(json.dumps({"empty": empty, "full": full}, indent=2))
        return 0
    print(f"History of {rows:,} deals ({full['database_mb']:.0f} MB) beside an empty one:")
    ratio = full["startup_s"] / empty["startup_s"] if empty["startup_s"] else float("nan")
    lines = [
        ("open History (to its deals on screen)", f"{full['open_s']:.3f} s",
         f"empty {empty['open_s']:.3f} s; target <= 0.3 s"),
        ("worst frame while scrolling", f"{full['worst_frame_ms']:.1f} ms",
         f"empty {empty['worst_frame_ms']:.1f} ms; target <= 50 ms"),
        ("worst frame as a tab or page opens", f"{full['worst_turn_frame_ms']:.1f} ms",
         f"empty {empty['worst_turn_frame_ms']:.1f} ms; one page of text laid out"),
        ("start-up (to the first menu frame)", f"{full['startup_s']:.3f} s",
         f"empty {empty['startup_s']:.3f} s, {ratio - 1:+.0%}; target within 10%"),
    ]
    for name, value, beside in lines:
        print(f"  {name:<38} {value:>10}   ({beside})")
    return 0


if __name__ == "__main__":        # one measurement in a process of its own (see _child)
    import sys

    print(json.dumps(measure(int(sys.argv[1]))))
