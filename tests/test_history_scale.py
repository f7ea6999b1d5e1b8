"""Issue 35, item 3: History at any size.

The statistics, the XP and the list are read from a narrow index (schema 6) and agree
with a plain Python recomputation over the same rows, damaged rows included; the list is
paged (Newer / Older, real taps), the page scrolls with the wheel and the keys; the
History screen reads off the window's thread (a store that blocks leaves the window
drawing and saying "Loading…"); a large database is checked on a thread of its own, and
what that check finds is still acted on; ``cardclub bench history`` prints its figures."""
from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import arcade
import pytest

from game.store import files, history
from game.tools.drive import pump
from tests.test_review_view import _screen
from tests.ui_helpers import tap, until_read

ROOT = Path(__file__).resolve().parent.parent
GAMES_ = ("durak", "paodekuai", "dudak", "autobus")


@pytest.fixture(autouse=True)
def _fresh_checks() -> None:
    history.forget_checks()
    files.reset_problems()


def _fill(rng: random.Random, n: int) -> list[dict[str, Any]]:
    """``n`` deals through the real store (random games, levels, outcomes, help), then a
    few rows a hostile program wrote past the constraints; the rows as a dict each, in
    the order of their ids."""
    made: list[dict[str, Any]] = []
    for i in range(n):
        game = rng.choice(GAMES_[:3]) if rng.random() < 0.9 else "autobus"
        level = rng.choice(history.LEVEL_ORDER)
        outcome = rng.choice(history.OUTCOMES)
        surrendered = outcome == "loss" and rng.random() < 0.1
        assisted = rng.random() < 0.15
        score = round(rng.uniform(-30, 30), 2)
        deal_id = f"{i + 1:032x}"
        xp = history.record_deal(game, level, 2, rng.randrange(1, 200), outcome, score,
                                 deal_id=deal_id, surrendered=surrendered,
                                 assisted=assisted)
        made.append({"game": game, "level": level, "outcome": "loss" if surrendered
                     else outcome, "score": score, "assisted": assisted, "xp": xp,
                     "deal_id": deal_id, "ok": True})
    con = sqlite3.connect(history.db_path())
    con.execute("PRAGMA ignore_check_constraints = 1")
    for j, (xp, moves, outcome) in enumerate([(9 * 10 ** 18, 3, "win"), (5, -1, "win"),
                                              (5, 3, "won"), (-2, 3, "loss")]):
        deal_id = f"{n + j + 1:032x}"
        con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves,"
                    " outcome, score, surrendered, xp) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (deal_id, "durak", "2026-01-01T00:00:00Z", "easy", 2, moves, outcome,
                     1.0, 0, xp))
        made.append({"game": "durak", "deal_id": deal_id, "ok": False})
    con.commit()
    con.close()
    return made


def _expected_stats(made: list[dict[str, Any]], game: str) -> list[history.LevelStats]:
    rows = [r for r in made if r["ok"] and r["game"] == game]
    out = []
    for level in sorted({r["level"] for r in rows}, key=history.LEVEL_ORDER.index):
        plain = [r for r in rows if r["level"] == level and not r["assisted"]]
        streak = best = 0
        for r in plain:
            streak = streak + 1 if r["outcome"] == "win" else 0
            best = max(best, streak)
        wins = sum(r["outcome"] == "win" for r in plain)
        draws = sum(r["outcome"] == "draw" for r in plain)
        losses = sum(r["outcome"] == "loss" for r in plain)
        average = sum(r["score"] for r in plain) / len(plain) if plain else 0.0
        helped = sum(1 for r in rows if r["level"] == level and r["assisted"])
        out.append(history.LevelStats(level, len(plain), wins, draws, losses, best,
                                      average, helped))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_indexed_figures_agree_with_a_recomputation(seed: int) -> None:
    rng = random.Random(seed)
    assert history.stats("durak") == [] and history.profile().xp == 0      # empty
    made = _fill(rng, 220 if seed == 1 else 90)
    con = sqlite3.connect(history.db_path())
    plan = " ".join(str(r) for r in con.execute(
        "EXPLAIN QUERY PLAN SELECT SUM(xp) FROM deals WHERE " + history.BOUNDS))
    con.close()
    assert "deals_counted" in plan                       # the narrow index, not the rows
    assert history.profile().xp == sum(r["xp"] for r in made if r["ok"])
    assert history.count_deals() == sum(r["ok"] for r in made)
    for game in GAMES_:
        got = history.stats(game)
        want = _expected_stats(made, game)
        assert [(s.level, s.deals, s.wins, s.draws, s.losses, s.best_streak, s.assisted)
                for s in got] == [(s.level, s.deals, s.wins, s.draws, s.losses,
                                   s.best_streak, s.assisted) for s in want]
        for g, w in zip(got, want, strict=True):
            assert g.average_score == pytest.approx(w.average_score)
        ids = [r["deal_id"] for r in reversed(made) if r["ok"] and r["game"] == game]
        assert history.count_deals(game) == len(ids)
        paged = [r.deal_id for off in range(0, len(ids) + 7, 7)
                 for r in history.deals(game, limit=7, offset=off)]
        assert paged == ids                              # every deal once, latest first
        seen = history.overview(game, limit=7, offset=7, latest=30)
        assert [r.deal_id for r in seen.rows] == ids[7:14]
        assert [r.deal_id for r in seen.latest] == ids[:30]
        assert seen.total == len(ids) and seen.stats == got


def test_the_running_xp_total_follows_every_write_and_survives_damage() -> None:
    """Start-up and the menu read the XP as one number the database keeps up to date:
    it follows rows inserted, changed and deleted by any program (past the constraints
    too), and a total a program damaged is added up again."""
    made = _fill(random.Random(9), 60)

    def recount() -> int:
        con = sqlite3.connect(history.db_path())
        try:
            return int(con.execute("SELECT COALESCE(SUM(xp), 0) FROM deals WHERE "
                                   + history.BOUNDS).fetchone()[0])
        finally:
            con.close()

    def sql(statement: str, *args: Any) -> None:
        con = sqlite3.connect(history.db_path())
        con.execute("PRAGMA ignore_check_constraints = 1")
        con.execute(statement, args)
        con.commit()
        con.close()

    assert history.profile().xp == recount() == sum(r["xp"] for r in made if r["ok"])
    first, second = made[0]["deal_id"], made[1]["deal_id"]
    for statement, args in [
            ("UPDATE deals SET xp = 7 WHERE deal_id = ?", (first,)),
            ("UPDATE deals SET xp = 5000 WHERE deal_id = ?", (second,)),   # out of bounds
            ("UPDATE deals SET xp = 3 WHERE deal_id = ?", (second,)),      # back in
            ("UPDATE deals SET replay = '{}' WHERE deal_id = ?", (first,)),
            ("DELETE FROM deals WHERE deal_id = ?", (made[2]["deal_id"],)),
            ("UPDATE deals SET moves = -4 WHERE deal_id = ?", (made[3]["deal_id"],))]:
        sql(statement, *args)
        assert history.profile().xp == recount(), statement
    for damage in ("UPDATE totals SET xp = -5", "UPDATE totals SET xp = 'x'",
                   "DELETE FROM totals", "DROP TABLE totals"):
        sql(damage)
        assert history.profile().xp == recount(), damage
    # dropped, it is made again at the next start, and deals are recorded as before
    history.forget_checks()
    assert history.profile().xp == recount()
    con = sqlite3.connect(history.db_path())
    assert con.execute("SELECT xp FROM totals").fetchall() == [(recount(),)]
    con.close()
    history.record_deal("durak", "hard", 2, 30, "win", 1.0, deal_id="f" * 32)
    assert history.has_deal("f" * 32)
    assert history.profile().xp == recount()
    sql("UPDATE deals SET xp = 1 WHERE deal_id = ?", "f" * 32)
    assert history.profile().xp == recount()


def test_an_old_history_gains_the_index_and_keeps_its_figures() -> None:
    """A schema-5 database (before the index) is migrated on first use."""
    path = history.db_path()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (5)")
    for n in range(1, 6):
        for sql in history.MIGRATIONS[n]:
            con.execute(sql)
    con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves,"
                " outcome, score, surrendered, xp, replay) VALUES"
                " (?, 'durak', '2026-01-01T00:00:00Z', 'hard', 2, 30, 'win', 1.0, 0, 40, NULL)",
                ("e" * 32,))
    con.commit()
    con.close()
    assert history.profile().xp == 40
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchall() == [(6,)]
    assert con.execute("SELECT name FROM sqlite_master WHERE name = 'deals_counted'"
                       ).fetchone() is not None
    con.close()
    (row,) = history.deals("durak")
    assert row.deal_id == "e" * 32 and not row.has_replay


def test_a_large_history_is_checked_apart_and_its_damage_still_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Above the size checked at once, the first use does not wait for the whole check;
    what the checking thread finds puts the file aside at the next use, as before."""
    history.record_deal("durak", "hard", 2, 30, "win", 1.0, deal_id="a" * 32)
    history.forget_checks()
    monkeypatch.setattr(history, "CHECK_AT_ONCE_BYTES", 0)
    monkeypatch.setattr(history, "CHECK_APART_AFTER", 0.0)
    found = threading.Event()

    def damaged(con: sqlite3.Connection) -> None:
        assert threading.current_thread().name == "history-check"   # never the caller's
        found.set()
        raise history.Damaged("the integrity check failed: page 7 is never used")

    monkeypatch.setattr(history, "_check", damaged)
    assert history.profile().xp == 40          # read at once, the check on its way
    assert found.wait(60)
    deadline = time.monotonic() + 60
    while str(history.db_path()) not in history._found_damage:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert history.profile().xp == 0           # put aside: a new, empty history
    message = history.take_message()
    assert message is not None and "page 7" in message
    assert list(history.db_path().parent.glob("history*.sqlite3*"))   # kept aside


# ----- through the real window ---------------------------------------------------------------
def _link(view: Any, label: str) -> tuple[float, float]:
    """Where the Newer / Older link is, on screen (the page scrolled to it)."""
    for t, _w in view.texts:
        if t.text == label:
            for x0, x1, y0, y1, _target in view.page_links:
                if x0 <= t.left <= x1 and y0 <= t.y <= y1:
                    return _screen(view, (x0 + x1) / 2, (y0 + y1) / 2)
    raise AssertionError(f"no link {label!r} on the page")


@pytest.mark.ui
def test_the_list_is_paged_and_scrolls_by_wheel_and_keys(app) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.history_view import PAGE

    total = 2 * PAGE + 7
    for i in range(total):
        history.record_deal("durak", "easy", 2, 10 + i, "win" if i % 3 else "loss", 1.0,
                            deal_id=f"{i + 1:032x}")
    ids = [f"{i + 1:032x}" for i in reversed(range(total))]          # latest first
    view = app.open("history", game="durak")
    until_read(app, view)
    assert [r.deal_id for _t, _l, r in view.row_boxes] == ids[:PAGE]
    assert f"Deals 1 to {PAGE} of {total}, the latest first" in view.drawn_texts()
    assert "‹ Newer deals" not in view.drawn_texts()
    # the wheel and the keys scroll the page down to its end and back
    cx, cy = view.content.center_x, view.content.center_y
    while view.scroll < view.max_scroll:
        before = view.scroll
        app.dispatch_event("on_mouse_scroll", int(cx), int(cy), 0, -2)
        pump(app, 1)
        assert view.scroll > before
    app.dispatch_event("on_key_press", arcade.key.HOME, 0)
    pump(app, 1)
    assert view.scroll == 0
    app.dispatch_event("on_key_press", arcade.key.END, 0)
    pump(app, 1)
    assert view.scroll == view.max_scroll > 0
    # Older, Older: the next pages; the last one is short
    for page in (1, 2):
        tap(app, *_link(view, "Older deals ›"))
        until_read(app, view)
        want = ids[page * PAGE:(page + 1) * PAGE]
        assert [r.deal_id for _t, _l, r in view.row_boxes] == want
        last = min(total, (page + 1) * PAGE)
        assert (f"Deals {page * PAGE + 1} to {last} of {total}, the latest first"
                in view.drawn_texts())
    assert "Older deals ›" not in view.drawn_texts()
    # the chart keeps showing the latest deals whatever page is listed
    assert "The last 30 deals" in view.drawn_texts()
    tap(app, *_link(view, "‹ Newer deals"))
    until_read(app, view)
    assert [r.deal_id for _t, _l, r in view.row_boxes] == ids[PAGE:2 * PAGE]
    # a row of an older page opens as any other
    tap(app, *_screen(view, view.content.center_x,
                      sum(view.row_boxes[3][:2]) / 2))
    assert view.choice is not None and view.choice.buttons.by_name("close") is not None


@pytest.mark.ui
def test_a_slow_history_never_stops_the_window(app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The read blocks until the test lets it go: meanwhile the window draws frame after
    frame and the page says "Loading…"; then the deals show with no input."""
    history.record_deal("durak", "hard", 2, 30, "win", 1.0, deal_id="b" * 32)
    gate = threading.Event()
    entered = threading.Event()
    real = history.overview

    def slow(*a: Any, **kw: Any) -> history.Overview:
        entered.set()
        assert gate.wait(120)
        return real(*a, **kw)

    monkeypatch.setattr(history, "overview", slow)
    try:
        view = app.open("history", game="durak")
        assert entered.wait(60)
        for _ in range(20):                     # frames go on while the read waits
            pump(app, 1)
        assert view.loading and "Loading…" in view.drawn_texts()
        assert not view.row_boxes
        # a tab tapped meanwhile: its own read, the old one's result dropped
        tab = view.buttons.by_name("dudak")
        tap(app, tab.cx, tab.cy)
        assert view.game == "dudak" and view.loading
    finally:
        gate.set()
    until_read(app, view)                       # no mouse move: update takes it
    assert view.game == "dudak" and "Past deals (0 deals)" in view.drawn_texts()
    tab = view.buttons.by_name("durak")
    tap(app, tab.cx, tab.cy)
    until_read(app, view)
    assert [r.deal_id for _t, _l, r in view.row_boxes] == ["b" * 32]


def test_the_history_bench_prints_its_figures(tmp_path: Path) -> None:
    """``cardclub bench history`` with a tiny history: every figure printed, for the
    history and for an empty one (the values are the benchmark's business)."""
    env = {**os.environ, "CARDCLUB_HOME": str(tmp_path / "never-used"),
           "ARCADE_SOUND_BACKENDS": "silent"}
    out = subprocess.run([sys.executable, "-m", "game", "bench", "history", "--rows", "40",
                          "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=900)
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    for part in ("empty", "full"):
        for key in ("open_s", "worst_frame_ms", "startup_s", "database_mb"):
            assert isinstance(report[part][key], float) and report[part][key] >= 0
    assert report["full"]["rows"] == 40 and report["empty"]["rows"] == 0
    assert not (tmp_path / "never-used").exists()      # its own temporary folders
