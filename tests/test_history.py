"""History, XP and statistics in SQLite (issue 14): the seed's history scores per game,
surrender without XP, statistics that agree with the rows, idempotent recording,
migrations, and a damaged database kept aside."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from game.ai import make_bot
from game.rules import GAMES, Game
from game.store import files, history, saves
from tests.store_helpers import mutate


@pytest.fixture(autouse=True)
def _fresh_checks() -> None:
    history.forget_checks()
    files.reset_problems()


def play_out(key: str, seed: int, level: str = "normal") -> tuple[saves.Journal, Game]:
    opts = {"players": 2} if key == "autobus" else {}
    g = GAMES[key].new(seed=seed, **opts)
    j = saves.new_deal(g, level)
    bots = [make_bot(key, "easy", seed=seed + s) for s in range(g.num_players)]
    while not g.is_over:
        s = g.current_player
        assert s is not None
        m = bots[s].choose(g.observation(s), g.legal_moves())
        g.play(m)
        j.moves.append(str(m))      # (saving after each move is tested elsewhere)
    saves.save(j)
    return j, g


# ----- scores as the seed defines them ------------------------------------------------------
def test_BUS3_history_score_is_minus_reserve_left_winner_zero() -> None:
    for seed in range(2):
        j, g = play_out("autobus", seed)
        saves.finish(j, g)
        row = history.deals("autobus", limit=1)[0]
        reserves = g.observation(0)["reserve_sizes"]
        assert row.score == -reserves[0]
        assert row.outcome == ("win" if reserves[0] == 0 else
                               "draw" if 0 not in reserves else "loss")
        if row.outcome == "win":
            assert row.score == 0 and str(row.score) == "0.0"   # never "-0"


def test_DUD10_history_score_is_one_for_going_out_zero_for_the_dudak() -> None:
    seen = set()
    for seed in range(8):
        j, g = play_out("dudak", seed)
        saves.finish(j, g)
        row = history.deals("dudak", limit=1)[0]
        dudak = g.result().index(0.0)   # type: ignore[union-attr]
        assert row.score == (0.0 if dudak == 0 else 1.0)
        assert row.outcome == ("loss" if dudak == 0 else "win")   # three winners: no draw
        seen.add(row.outcome)
    assert seen == {"win", "loss"}


def test_DUR10_history_shows_win_loss_draw() -> None:
    for seed in range(6):
        j, g = play_out("durak", seed)
        saves.finish(j, g)
        row = history.deals("durak", limit=1)[0]
        r = g.result()[0]   # type: ignore[index]
        assert row.score == r
        assert row.outcome == {1.0: "win", 0.0: "loss", 0.5: "draw"}[r]


def test_PDK12_history_keeps_the_signed_points() -> None:
    total = 0.0
    for seed in range(5):
        j, g = play_out("paodekuai", seed)
        saves.finish(j, g)
        row = history.deals("paodekuai", limit=1)[0]
        assert row.score == g.result()[0]   # type: ignore[index]
        assert row.players == 3 and row.moves == len(j.moves)
        total += row.score
    assert any(r.score != 0 for r in history.deals("paodekuai"))


# ----- XP -----------------------------------------------------------------------------------
def test_xp_scales_with_the_opponents_difficulty() -> None:
    win = [history.xp_for("win", lv) for lv in ("random", "easy", "normal", "hard")]
    assert win == sorted(win) and len(set(win)) == 4
    assert history.xp_for("win", "normal") > history.xp_for("draw", "normal") > \
        history.xp_for("loss", "normal") > 0
    assert history.xp_for("win", "x", opponent_levels=["easy", "hard"]) == round(20 * 1.5)


def test_surrender_is_a_loss_without_xp_and_record_returns_the_xp_gained() -> None:
    g = GAMES["durak"].new(seed=4)
    j = saves.new_deal(g, "hard")
    m = g.legal_moves()[0]
    g.play(m)
    saves.add_move(j, m)
    before = history.profile().xp
    assert saves.surrender(j, g) == 0
    row = history.deals("durak")[0]
    assert row.surrendered and row.outcome == "loss" and row.xp == 0
    assert history.profile().xp == before
    assert not saves.exists("durak")
    # a won deal gives XP, returned for the result panel
    xp = history.record_deal("durak", "hard", 2, 40, "win", 1.0, deal_id="a" * 32)
    assert xp == history.xp_for("win", "hard") == 40
    assert history.profile().xp == before + 40
    # a surrender with outcome "win" is still a loss without XP
    assert history.record_deal("durak", "hard", 2, 3, "win", 1.0, deal_id="b" * 32,
                               surrendered=True) == 0
    assert history.deals("durak")[0].outcome == "loss"


def test_a_win_is_recorded_only_when_the_whole_deal_ends() -> None:
    """DUD-10: nothing is recorded mid-deal; the row appears when the deal ends."""
    g = GAMES["dudak"].new(seed=2)
    j = saves.new_deal(g, "easy")
    bots = [make_bot("dudak", "easy", seed=s) for s in range(4)]
    while not g.is_over:
        assert history.count_deals("dudak") == 0
        s = g.current_player
        m = bots[s].choose(g.observation(s), g.legal_moves())   # type: ignore[index]
        g.play(m)
        saves.add_move(j, m)
    assert history.count_deals("dudak") == 0
    saves.finish(j, g)
    assert history.count_deals("dudak") == 1


def test_recording_twice_counts_once_and_returns_the_same_xp() -> None:
    j, g = play_out("durak", 11, level="hard")
    first = saves.finish(j, g)
    kw = saves.deal_record(j, g)
    assert history.record_deal(**kw) == first
    assert saves.finish(j, g) == first
    assert history.count_deals() == 1
    assert history.profile().xp == first


def test_a_save_of_an_ended_deal_is_recorded_once_on_load() -> None:
    """A kill after the last move was saved but before the history row: the next start
    records it; a kill after the row but before the save was removed: not twice."""
    j, g = play_out("paodekuai", 5)
    assert saves.exists("paodekuai")
    assert saves.settle_all()        # tells the player the deal is in the history
    assert history.count_deals("paodekuai") == 1 and not saves.exists("paodekuai")
    saves.save(j)                    # as if killed before the save was removed
    assert saves.load("paodekuai")[0] is None
    assert history.count_deals("paodekuai") == 1 and not saves.exists("paodekuai")


def test_a_surrender_interrupted_before_its_row_is_still_a_surrender() -> None:
    g = GAMES["durak"].new(seed=8)
    j = saves.new_deal(g, "normal")
    j.meta["surrendered"] = True
    saves.save(j)                    # killed right after this write
    journal, msg = saves.load("durak")
    assert journal is None and msg
    row = history.deals("durak")[0]
    assert row.surrendered and row.xp == 0


def test_profile_level_and_progress() -> None:
    assert history.profile_for(0).level == 1
    assert history.profile_for(99).level == 1
    assert history.profile_for(100).level == 2
    p = history.profile_for(200)
    assert (p.level, p.level_xp, p.next_level_xp) == (2, 100, 300)
    assert p.progress == pytest.approx(0.5)
    assert history.profile_for(600).level == 4


# ----- statistics agree with the rows ----------------------------------------------------------
def _python_stats(rows: list[history.DealRow]) -> dict[str, tuple]:
    out: dict[str, tuple] = {}
    for level in {r.level for r in rows}:
        mine = [r for r in reversed(rows) if r.level == level]   # oldest first
        best = run = 0
        for r in mine:
            run = run + 1 if r.outcome == "win" else 0
            best = max(best, run)
        wins = sum(r.outcome == "win" for r in mine)
        out[level] = (len(mine), wins, sum(r.outcome == "draw" for r in mine),
                      sum(r.outcome == "loss" for r in mine), best,
                      round(sum(r.score for r in mine) / len(mine), 9))
    return out


def test_statistics_agree_with_the_history_rows() -> None:
    rng = random.Random(5)
    levels = ["random", "easy", "normal", "hard"]
    for i in range(250):
        game = rng.choice(["durak", "paodekuai"])
        outcome = rng.choice(["win", "win", "loss", "draw"])
        history.record_deal(game, rng.choice(levels), 2, rng.randrange(10, 90), outcome,
                            rng.randrange(-30, 30), deal_id=f"{i:032x}",
                            surrendered=rng.random() < 0.05)
    for game in ("durak", "paodekuai"):
        rows = history.deals(game, limit=10_000)
        stats = history.stats(game)
        assert [s.level for s in stats] == [lv for lv in levels if lv in {r.level for r in rows}]
        expected = _python_stats(rows)
        for s in stats:
            assert (s.deals, s.wins, s.draws, s.losses, s.best_streak,
                    round(s.average_score, 9)) == expected[s.level]
            assert s.win_rate == pytest.approx(s.wins / s.deals)
        assert sum(s.deals for s in stats) == len(rows) == history.count_deals(game)
    assert history.profile().xp == sum(r.xp for g in ("durak", "paodekuai")
                                       for r in history.deals(g, limit=10_000))


def test_best_streak_counts_consecutive_wins_only() -> None:
    for i, o in enumerate("wwlwwwdww"):
        history.record_deal("durak", "easy", 2, 10, {"w": "win", "l": "loss", "d": "draw"}[o],
                            1.0, deal_id=f"{i:032x}")
    (s,) = history.stats("durak")
    assert (s.deals, s.wins, s.best_streak) == (9, 7, 3)


def test_deals_are_listed_latest_first_with_paging() -> None:
    for i in range(30):
        history.record_deal("durak", "easy", 2, i, "win", 1.0, deal_id=f"{i:032x}")
    page = history.deals("durak", limit=10, offset=5)
    assert [r.moves for r in page] == list(range(24, 14, -1))


# ----- the database file ------------------------------------------------------------------
def test_database_is_wal_with_a_schema_version(_cardclub_home: Path) -> None:
    history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id="c" * 32)
    con = sqlite3.connect(history.db_path())
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT version FROM schema_version").fetchall() == \
        [(history.SCHEMA_VERSION,)]
    con.close()
    assert history.integrity_ok()


def test_an_old_database_is_migrated_and_keeps_its_rows() -> None:
    path = history.db_path()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (1)")
    for sql in history.MIGRATIONS[1]:
        con.execute(sql)
    con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
                " score, surrendered, xp) VALUES ('d', 'durak', '2026-01-01T00:00:00Z',"
                " 'easy', 2, 30, 'win', 1, 0, 20)")
    con.commit()
    con.close()
    assert history.profile().xp == 20
    con = sqlite3.connect(path)
    assert con.execute("SELECT version FROM schema_version").fetchone()[0] == \
        history.SCHEMA_VERSION
    assert con.execute("SELECT name FROM sqlite_master WHERE name='deals_by_game'").fetchone()
    con.close()


def test_a_version_2_history_gains_the_help_flag_and_keeps_its_rows() -> None:
    """Schema 3: the ``assisted`` column; a row written before it reads as unassisted."""
    path = history.db_path()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (2)")
    for n in (1, 2):
        for sql in history.MIGRATIONS[n]:
            con.execute(sql)
    con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
                " score, surrendered, xp) VALUES ('e', 'durak', '2026-01-01T00:00:00Z',"
                " 'easy', 2, 30, 'win', 1, 0, 20)")
    con.commit()
    con.close()
    rows = history.deals("durak")
    assert len(rows) == 1 and not rows[0].assisted and rows[0].xp == 20
    assert history.stats("durak")[0].deals == 1


def test_a_deal_played_with_help_earns_half_the_xp_and_is_counted_apart() -> None:
    """Issue 30: an assisted deal can never pass for an unassisted one."""
    ids = iter(f"{n:032x}" for n in range(1, 100))
    full = history.record_deal("durak", "hard", 2, 40, "win", 1.0, next(ids))
    half = history.record_deal("durak", "hard", 2, 40, "win", 1.0, next(ids), assisted=True)
    history.record_deal("durak", "hard", 2, 40, "loss", 0.0, next(ids))
    assert full == history.xp_for("win", "hard") and half == full // 2
    rows = history.deals("durak")
    assert [r.assisted for r in rows] == [False, True, False]
    st = history.stats("durak")
    assert len(st) == 1
    assert (st[0].deals, st[0].wins, st[0].losses, st[0].assisted) == (2, 1, 1, 1)
    assert st[0].win_rate == 0.5                  # the helped win does not count
    only_help = history.record_deal("durak", "easy", 2, 9, "win", 1.0, next(ids),
                                    assisted=True)
    easy = next(s for s in history.stats("durak") if s.level == "easy")
    assert easy.deals == 0 and easy.assisted == 1 and only_help > 0


@pytest.mark.parametrize("damage", ["garbage", "truncated", "newer_version", "no_version",
                                    "header"])
def test_damaged_database_is_kept_aside_and_a_fresh_one_made(damage: str) -> None:
    for i in range(20):
        history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id=f"{i:032x}")
    path = history.db_path()
    if damage == "newer_version":
        con = sqlite3.connect(path)
        con.execute("UPDATE schema_version SET version = 99")
        con.commit()
        con.close()
    elif damage == "no_version":
        con = sqlite3.connect(path)
        con.execute("DROP TABLE schema_version")
        con.commit()
        con.close()
    raw = path.read_bytes()
    if damage == "garbage":
        raw = b"this is no database " * 100
    elif damage == "truncated":
        raw = raw[:len(raw) // 2 + 100]
    elif damage == "header":
        raw = b"\x00" * 100 + raw[100:]
    path.write_bytes(raw)
    history.forget_checks()
    assert history.count_deals() == 0             # a fresh, empty history
    msg = history.take_message()
    assert msg and "could not be read" in msg
    aside = path.with_name(path.name + ".damaged-1")
    assert aside.read_bytes() == raw and str(aside) in msg
    assert history.take_message() is None        # said once
    assert history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id="e" * 32) == 20
    assert history.count_deals() == 1 and history.integrity_ok()


def test_random_mutations_of_the_database_never_crash() -> None:
    rng = random.Random(99)
    for i in range(40):
        history.record_deal(rng.choice(["durak", "dudak"]), "normal", 2, i, "win",
                            float(i), deal_id=f"{i:032x}")
    path = history.db_path()
    original = path.read_bytes()
    kept = fresh = 0
    for n in range(150):
        raw = bytearray(original)
        for _ in range(rng.randrange(1, 6)):      # a few hits anywhere, or a bad mutation
            if rng.random() < 0.7:
                k = rng.randrange(len(raw))
                raw[k] = rng.randrange(256)
            else:
                raw = bytearray(mutate(bytes(raw), rng))
        for suffix in ("-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        path.write_bytes(bytes(raw))
        history.forget_checks()
        # every query and a write, never an exception
        history.deals("durak")
        history.stats("durak")
        history.profile()
        history.record_deal("durak", "easy", 2, 1, "loss", 0.0, deal_id=f"{1000 + n:032x}")
        msg = history.take_message()
        if msg is None:
            kept += 1
            assert history.integrity_ok()
        else:
            fresh += 1
            asides = sorted(path.parent.glob(path.name + ".damaged-*"))
            assert [a for a in asides if not a.name.endswith(("-wal", "-shm"))][-1] \
                .read_bytes() == bytes(raw)
            assert history.count_deals() == 1      # the fresh history holds the new deal
            for a in asides:
                a.unlink()
        assert files.write_problem() is None
    assert fresh > 30, (kept, fresh)


# ----- the History screen -----------------------------------------------------------------
def _show_history(window, game: str):  # type: ignore[no-untyped-def]
    from game.scenes.history_view import HistoryView
    from game.tools.drive import pump
    from tests.ui_helpers import until_read

    view = HistoryView(window, game=game)
    window.show_view(view)
    pump(window, 2)
    until_read(window, view)
    return view


def _fits(view) -> None:  # type: ignore[no-untyped-def]
    c = view.content
    for t, box in view.texts:
        assert t.content_width <= box + 1, (t.text[:40], t.content_width, box)
        assert t.left >= c.left - 1 and t.left + t.content_width <= c.right + 1, t.text[:40]
    for b in view.buttons.buttons:
        assert b.label.text.content_width <= b.w - 6, (b.name, b.label.text.text)
        assert b.w >= 48 and b.h >= 48
        assert 0 <= b.cx - b.w / 2 and b.cx + b.w / 2 <= view.window.width + 0.5
    assert view.title.text.content_width <= view.title_box + 1


@pytest.mark.ui
def test_history_screen_shows_statistics_and_past_deals_and_goes_back(
        app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    for i, o in enumerate(["win", "win", "loss"]):
        history.record_deal("durak", "hard", 2, 30 + i, o, 1.0 if o == "win" else 0.0,
                            deal_id=f"{i:032x}")
    history.record_deal("durak", "easy", 2, 50, "win", 1.0, deal_id="d" * 32,
                        surrendered=True)
    opened: list[tuple[str, dict]] = []
    monkeypatch.setattr(app, "open", lambda name, **kw: opened.append((name, kw)),
                        raising=False)
    for w, h in ((1280, 800), (960, 600)):
        app.set_size(w, h)
        app.dispatch_event("on_resize", w, h)
        view = _show_history(app, "durak")
        _fits(view)
        texts = view.drawn_texts()
        assert "History" in texts and "Past deals (4 deals)" in texts
        # the Hard row of the statistics: 3 deals, 67 %, best streak 2, average 0.67
        i = texts.index("Hard")
        assert texts[i:i + 5] == ["Hard", "3", "67%", "2", "0.67"]
        assert "Surrendered" in texts and texts.count("W") == 2
        assert f"{history.profile().xp} XP" in " ".join(texts)
    app.set_size(1280, 800)
    app.dispatch_event("on_resize", 1280, 800)
    view = _show_history(app, "durak")
    from tests.ui_helpers import tap

    tab = view.buttons.by_name("paodekuai")
    tap(app, tab.cx, tab.cy)
    assert view.game == "paodekuai"
    from tests.ui_helpers import until_read

    until_read(app, view)
    texts = view.drawn_texts()
    assert "Past deals (0 deals)" in texts
    assert any(t.startswith("No finished deals yet") for t in texts)
    back = view.buttons.by_name("back")
    tap(app, back.cx, back.cy)
    assert opened == [("menu", {})]


@pytest.mark.ui
def test_a_damaged_database_found_by_a_read_that_comes_back_late_is_reported(
        app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The read runs off the window's thread: when it finds the damage only after the page
    has opened (a slow disk, a busy machine), the page still says so."""
    import threading

    from game.scenes.history_view import HistoryView
    from tests.ui_helpers import until_read

    history.db_path().write_bytes(b"not a database at all" * 50)
    gate = threading.Event()
    real = history.overview

    def late(*args, **kw):  # type: ignore[no-untyped-def]
        assert gate.wait(30), "the test never let the read go"
        return real(*args, **kw)

    monkeypatch.setattr(history, "overview", late)
    view = HistoryView(app, game="dudak")
    app.show_view(view)
    assert view.loading
    assert not any("could not be read" in t for t in view.drawn_texts())
    gate.set()
    until_read(app, view)
    assert any("could not be read" in t for t in view.drawn_texts())


@pytest.mark.ui
def test_history_screen_is_registered_and_reports_a_damaged_database(app) -> None:  # type: ignore[no-untyped-def]
    from game.scenes import SCENES, scene_class
    from game.scenes.history_view import HistoryView

    assert scene_class("history") is HistoryView and "history" in SCENES
    history.db_path().write_bytes(b"not a database at all" * 50)
    view = _show_history(app, "dudak")
    assert any("could not be read" in t for t in view.drawn_texts())
    assert "Past deals (1 deal)" not in view.drawn_texts()


def test_text_a_damaged_file_made_invalid_still_reads() -> None:
    history.record_deal("durak", "easy", 2, 10, "win", 1.0, deal_id="7" * 32)
    con = sqlite3.connect(history.db_path())
    con.execute("UPDATE deals SET level = CAST(x'6561ff7379' AS TEXT)")
    con.commit()
    con.close()
    (row,) = history.deals("durak")
    assert row.level == "ea\ufffdsy"
    assert history.stats("durak")[0].deals == 1


@pytest.mark.ui
def test_history_screen_fits_in_every_language(app) -> None:  # type: ignore[no-untyped-def]
    from game import i18n

    for i, o in enumerate(["win", "loss", "draw"]):
        history.record_deal("autobus", "normal", 3, 99, o, -3.0, deal_id=f"{i:032x}",
                            surrendered=o == "loss")
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for w, h in ((960, 600), (1280, 800)):
                app.set_size(w, h)
                app.dispatch_event("on_resize", w, h)
                view = _show_history(app, "autobus")
                _fits(view)
                assert len(view.drawn_texts()) > 20
    finally:
        i18n.set_language("en")
        app.set_size(1280, 800)
        app.dispatch_event("on_resize", 1280, 800)


def test_the_history_screen_charts_the_last_deals_with_help_marked(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: one square per deal (won, drawn, lost), a gold band on those played
    with help, and the XP added up as bars, oldest first."""
    from game.scenes.history_view import CHART, HELP_MARK, HistoryView
    from game.tools.drive import pump

    plan = [("win", False), ("loss", False), ("win", True), ("draw", True)]
    for n, (outcome, helped) in enumerate(plan):
        history.record_deal("durak", "hard", 2, 30, outcome, 1.0, f"{n + 1:032x}",
                            assisted=helped)
    view = app.open("history", game="durak")
    pump(app, 3)
    assert isinstance(view, HistoryView)
    from tests.ui_helpers import until_read

    until_read(app, view)
    squares = [(r, c) for r, c in view.rects if c in CHART.values() and r.width == r.height]
    assert [c for _, c in squares] == [CHART[o] for o, _ in plan]
    bands = [r for r, c in view.rects if c == HELP_MARK and abs(r.height - 0.28 * r.width) < 0.5]
    assert len(bands) == 2
    xs = sorted(r.left for r, _ in squares)
    assert [round(r.left) for r in bands] == [round(xs[2]), round(xs[3])]
    assert "The last 4 deals" in view.drawn_texts()
    assert "Won (with help)" in view.drawn_texts() and "Draw (with help)" in view.drawn_texts()


def test_a_finished_deal_keeps_what_replays_it_exactly() -> None:
    """Issue 29, item 2: the history row stores the deal's journal; rebuilding it gives
    the final state move for move (through the outbox, as a table records it)."""
    from game.session import DealSession
    from game.store import outbox, saves

    s = DealSession("autobus", level="normal", seed=11, options={"players": 3},
                    ai_seats=(0, 1, 2), pace=lambda: 0.0)
    list(s.run())
    assert s.is_over
    files.writer.flush()
    outbox.flush()
    row = history.deals("autobus", limit=1)[0]
    assert row.has_replay and row.deal_id == s.journal.deal_id
    replay = history.replay_of(row.deal_id)
    assert replay is not None
    journal = saves.journal_from_dict(replay)
    assert journal.moves == s.journal.moves
    assert journal.replay().to_dict() == s.game.to_dict()


def test_a_version_3_history_keeps_its_rows_and_says_no_replay() -> None:
    path = history.db_path()
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    con.execute("INSERT INTO schema_version VALUES (3)")
    for n in (1, 2, 3):
        for sql in history.MIGRATIONS[n]:
            con.execute(sql)
    con.execute("INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
                " score, surrendered, xp) VALUES ('f', 'durak', '2026-01-01T00:00:00Z',"
                " 'easy', 2, 30, 'win', 1, 0, 20)")
    con.commit()
    con.close()
    rows = history.deals("durak")
    assert len(rows) == 1 and rows[0].deal_id == "f" and not rows[0].has_replay
    assert history.replay_of("f") is None
