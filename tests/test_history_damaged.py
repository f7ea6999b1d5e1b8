"""Issue 35, item 2: one checked path from a stored journal to a replay or a review.

A damaged history row (its ``replay`` journal, or its cached ``review``) never crashes
the game: opened from History through real taps, the page says in plain words what is
wrong with which deal, the window keeps running, and the row stays as it was.  Below
that, the loader itself (``saves.journal_from_text``) under a few hundred mutations of
real finished deals: every one loads and replays, or is a plain ``ValueError``."""
from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Callable
from typing import Any

import arcade
import pytest

from game.rules import GAMES
from game.session import DealSession
from game.session.replay import Replay
from game.store import files, history, saves
from game.tools.drive import pump
from tests.test_review_view import _record_deal, _row_point
from tests.ui_helpers import tap


@pytest.fixture(autouse=True)
def _fresh_checks() -> None:
    history.forget_checks()
    files.reset_problems()


def _sql(statement: str, *args: Any) -> None:
    con = sqlite3.connect(history.db_path())
    try:
        con.execute(statement, args)
        con.commit()
    finally:
        con.close()


def _stored(deal_id: str, column: str = "replay", table: str = "deals") -> Any:
    con = sqlite3.connect(history.db_path())
    try:
        got = con.execute(f"SELECT {column} FROM {table} WHERE deal_id = ?",
                          (deal_id,)).fetchone()
    finally:
        con.close()
    return None if got is None else got[0]


def _until(app: Any, ready: Callable[[], bool], what: str, limit: float = 20.0) -> None:
    """Frames until ``ready()`` (a bounded wait on a condition, never on a time)."""
    end = time.monotonic() + limit
    while not ready():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        pump(app, 1)


#: the damaged rows the issue found (SQL on a finished Durak deal's ``replay``)
DAMAGES = {
    "meta is a list": ("UPDATE deals SET replay = json_set(replay, '$.meta', json('[1]'))",),
    "seat is text": ("UPDATE deals SET replay = json_set(replay, '$.meta.human', 'x')",),
    "seat 5 of 2": ("UPDATE deals SET replay = json_set(replay, '$.meta.human', 5)",),
    "100,000 brackets": ("UPDATE deals SET replay = ?", "[" * 100_000),
}


# ----- through the real History screen ---------------------------------------------------------
@pytest.mark.ui
@pytest.mark.parametrize("button", ["replay", "review"])
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_row_is_said_on_the_history_screen(app, damage: str, button: str) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.history_view import HistoryView, date_text

    deal_id = _record_deal()
    _sql(*DAMAGES[damage])
    damaged = _stored(deal_id)
    view = app.open("history", game="durak")
    assert isinstance(view, HistoryView)
    _until(app, lambda: any(r.deal_id == deal_id for _t, _l, r in view.row_boxes),
           "the deal's row")
    row = next(r for _t, _l, r in view.row_boxes if r.deal_id == deal_id)
    tap(app, *_row_point(view, deal_id))
    assert view.choice is not None
    b = view.choice.buttons.by_name(button)
    tap(app, b.cx, b.cy)
    pump(app, 3)
    # the window runs on, on History, which says what is wrong with which deal
    assert not app.has_exit and app.current_view is view
    assert view.choice is not None
    said = view.choice.text.text.text
    assert "record of this Durak deal" in said and date_text(row.played_at) in said
    assert "damaged" in said and "stays in your history" in said
    assert said in view.drawn_texts()
    # ... and stays usable: OK closes the message, the other deals still open
    ok = view.choice.buttons.by_name("close")
    tap(app, ok.cx, ok.cy)
    assert view.choice is None
    tap(app, *_row_point(view, deal_id))
    assert view.choice is not None and view.choice.buttons.by_name("replay") is not None
    app.dispatch_event("on_key_press", arcade.key.ESCAPE, 0)
    pump(app, 2)
    assert view.choice is None and app.current_view is view
    # the row is kept as it was: counted, listed, its record untouched
    assert any(r.deal_id == deal_id for r in history.deals("durak"))
    assert _stored(deal_id) == damaged


@pytest.mark.ui
def test_a_whole_row_still_opens_after_a_damaged_one(app) -> None:  # type: ignore[no-untyped-def]
    """The check refuses only what is damaged: the deal next to it opens as before."""
    from game.scenes.history_view import HistoryView

    good, bad = _record_deal(seed=5), _record_deal(seed=6)
    _sql("UPDATE deals SET replay = json_set(replay, '$.meta.human', 5) WHERE deal_id = ?",
         bad)
    view = app.open("history", game="durak")
    _until(app, lambda: len(view.row_boxes) >= 2, "both rows")
    for deal_id in (bad, good):
        tap(app, *_row_point(view, deal_id))
        b = view.choice.buttons.by_name("replay")
        tap(app, b.cx, b.cy)
        pump(app, 3)
        if deal_id == bad:
            assert app.current_view is view and "damaged" in view.choice.text.text.text
            ok = view.choice.buttons.by_name("close")
            tap(app, ok.cx, ok.cy)
    shown = app.current_view
    assert not isinstance(shown, HistoryView) and shown.replay_controls is not None
    assert shown.replay_controls.replay.journal.deal_id == good


@pytest.mark.ui
@pytest.mark.parametrize("review", [
    "[" * 100_000,                                                   # nested past any use
    '{"format": 1, "key": "durak", "seat": 0, "level": "hard", "unit": "chance",'
    ' "verdicts": [{"index": 0, "played": "attack ZZ", "best": " ", "value_played": NaN,'
    ' "value_best": 1}]}',                                           # NaN, a blank move
    '{"format": 1, "key": "durak", "seat": 0, "level": "hard", "unit": "chance",'
    ' "verdicts": [{"index": 0, "played": "take", "best": "take", "value_played": 0.5,'
    ' "value_best": 0.5}]}',                                         # a move not played
    '{"format": 1, "key": "durak", "seat": [0], "level": "hard", "unit": "chance",'
    ' "verdicts": {}}',                                              # wrong types
])
def test_a_damaged_cached_review_is_made_again(app, monkeypatch, review: str) -> None:  # type: ignore[no-untyped-def]
    """The review cache is a convenience: a damaged one is set aside in favour of a new
    review (the fake job here), the page opens, and the row stays."""
    import game.review.worker as worker
    from game.scenes.review_view import ReviewView
    from tests.test_review_view import FakeJob, durak_review

    deal_id = _record_deal()
    journal = history.replay_of(deal_id)
    assert journal is not None
    _sql("INSERT INTO reviews (deal_id, review) VALUES (?, ?)", deal_id, review)
    started: list[Any] = []

    def start(journal_: Any, seat: int, level: str = "hard", cached: Any = None,
              **kw: Any) -> FakeJob:
        started.append(cached)
        return FakeJob(durak_review(journal_))
    monkeypatch.setattr(worker, "start_review", start)
    view = app.open("history", game="durak")
    _until(app, lambda: any(r.deal_id == deal_id for _t, _l, r in view.row_boxes), "the row")
    tap(app, *_row_point(view, deal_id))
    b = view.choice.buttons.by_name("review")
    tap(app, b.cx, b.cy)
    shown = app.current_view
    assert isinstance(shown, ReviewView) and shown.deal_id == deal_id
    assert started == [None] and shown.running         # made again, nothing kept from it
    pump(app, 3)
    assert not app.has_exit and any(t.startswith("Reviewing") or "decisions" in t
                                    for t in shown.drawn_texts())
    assert any(r.deal_id == deal_id for r in history.deals("durak"))


@pytest.mark.ui
def test_a_review_whose_worker_dies_says_so_once(app) -> None:  # type: ignore[no-untyped-def]
    from game.review.worker import start_review
    from game.scenes.review_view import ReviewView
    from tests.test_review_view import durak_journal

    journal = durak_journal()
    job = start_review(journal, 0, mode="process", overrides={"samples": 4000})
    job._proc.kill()
    view = ReviewView(app, journal=journal, job=job)
    app.show_view(view)
    _until(app, lambda: not view.running, "the review to stop")
    said = [t for t in view.drawn_texts() if "stopped" in t]
    assert said == ["The review stopped: its worker ended unexpectedly."]


# ----- the loader: a few hundred mutations of real deals ----------------------------------------
def _finished(key: str, seed: int) -> dict[str, Any]:
    opts = {"players": 3} if key == "autobus" else {}
    n = 3 if key == "autobus" else GAMES[key].new(seed=1).num_players
    s = DealSession(key, level="random", seed=seed, options=opts, ai_seats=tuple(range(n)),
                    save=False, pace=lambda: 0.0)
    list(s.run())
    assert s.is_over
    return s.journal.to_dict()


ODD = [None, True, 0, -1, 1, 2, 7, 8, 2 ** 64, -(2 ** 70), 1.5, 1e308, "", "x", "x" * 50_000,
       [], [1], {}, {"a": 1}, [[[[["deep"]]]]], "attack ZZ", "take", "play 3H", "pass",
       "\u00e9\u0161", "12345678901234567890"]
MOVES = ["attack 6S", "defend AH", "take", "stop", "play 3H", "pass", "bus 9D", "end",
         "lead AL", "declare H", "collect", "x y z", "play", "discard 5C aux9",
         "play 7H hand run99", "play 7H reserve new", "beat 7B", "follow 7B"]


def _paths(x: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where a value sits in the journal (a few items of each list)."""
    found = [at]
    if isinstance(x, dict):
        for k, v in x.items():
            found += _paths(v, at + (k,))
    elif isinstance(x, list):
        for i in sorted({0, 1, len(x) // 2, len(x) - 1} & set(range(len(x)))):
            found += _paths(x[i], at + (i,))
    return found


def _put(d: Any, at: tuple[Any, ...], value: Any) -> Any:
    if not at:
        return value
    parent = d
    for k in at[:-1]:
        parent = parent[k]
    parent[at[-1]] = value
    return d


def _mutant(rng: random.Random, base: dict[str, Any]) -> str | bytes:
    """One damaged copy of a journal's stored text."""
    d = json.loads(json.dumps(base))
    at = rng.choice(_paths(d)[1:])
    parent = d
    for k in at[:-1]:
        parent = parent[k]
    text = json.dumps(d)
    kind = rng.randrange(11)
    if kind == 0:                                   # a key or an item missing
        del parent[at[-1]]
    elif kind == 1:                                 # a value of the wrong type or range
        _put(d, at, rng.choice(ODD))
    elif kind == 2:                                 # one more level of nesting
        _put(d, at, [parent[at[-1]]])
    elif kind == 3:                                 # cut short
        return text[:rng.randrange(len(text))]
    elif kind == 4:                                 # bytes that are not UTF-8
        raw = text.encode()
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.randrange(0x80, 0x100)]) + raw[i + 1:]
    elif kind == 5:                                 # a move changed
        moves = d["moves"]
        i = rng.randrange(len(moves))
        moves[i] = rng.choice(MOVES + [moves[rng.randrange(len(moves))]])
    elif kind == 6:                                 # moves dropped or repeated
        i = rng.randrange(len(d["moves"]))
        d["moves"] = d["moves"][:i] + d["moves"][i + 1:] if rng.random() < 0.5 \
            else d["moves"][:i] + d["moves"][i - 1:]
        if rng.random() < 0.5:
            d["count"] = len(d["moves"])
    elif kind == 7:                                 # the meta fields
        d["meta"][rng.choice(["human", "level", "seats", "levels", "hints", "started",
                              "other"])] = rng.choice(ODD)
    elif kind == 8:                                 # the options
        d["options"][rng.choice(["players", "dealer", "other"])] = rng.choice(ODD)
    elif kind == 9:                                 # a card of the deck
        d["deck"][rng.randrange(len(d["deck"]))] = rng.choice(d["deck"] + ["ZZ", "6s", "10H"])
    else:                                           # a stray character
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('[]{}",:0x\\') + text[i:]
    return json.dumps(d)


@pytest.fixture(scope="module")
def deals() -> list[dict[str, Any]]:
    return [_finished(key, seed) for key, seed in (("durak", 5), ("durak", 8),
                                                   ("paodekuai", 3), ("dudak", 4),
                                                   ("autobus", 2))]


def test_every_mutated_journal_loads_or_is_a_plain_value_error(deals) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(35)
    loaded = refused = 0
    for n in range(400):
        text = _mutant(rng, rng.choice(deals))
        try:
            j = saves.journal_from_text(text)
        except ValueError as exc:
            why = str(exc)
            assert why and len(why) < 400 and "Traceback" not in why, (n, why)
            refused += 1
            continue
        # what loads is whole: it replays, its seat is at the table, a replay opens on it
        g = j.replay()
        assert 0 <= j.human < g.num_players and len(j.moves) <= GAMES[j.game].move_bound + 10
        assert Replay(j).total == len(j.moves)
        loaded += 1
    assert refused > 300 and loaded > 10, (loaded, refused)


def test_the_issue_s_damaged_rows_through_the_history(deals) -> None:  # type: ignore[no-untyped-def]
    """The same path from a real history row: each damage a plain ValueError, the others
    (not JSON at all, another deal's journal, bytes) too, and a whole row loads."""
    deal_id = _record_deal()
    whole = _stored(deal_id)
    assert saves.stored_journal(deal_id).deal_id == deal_id       # type: ignore[union-attr]
    other = json.dumps(deals[1])
    for damage in [*DAMAGES.values(), ("UPDATE deals SET replay = 'not json'",),
                   ("UPDATE deals SET replay = ?", other),
                   ("UPDATE deals SET replay = ?", b"\xff\xfe" + whole.encode()),
                   ("UPDATE deals SET replay = 42",)]:
        _sql(*damage)
        with pytest.raises(ValueError):
            saves.stored_journal(deal_id)
        _sql("UPDATE deals SET replay = ?", whole)
    assert saves.stored_journal("f" * 32) is None               # no such row: no replay
