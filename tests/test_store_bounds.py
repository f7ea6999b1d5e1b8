"""Bounds on everything read from disk (issue 27): a history row with an absurd XP or a
negative count is refused (never a hang, an overflow or level 0), the level is found in one
step, and a save that lost its last move (or its moves) is kept aside and reported, never
loaded as an earlier position."""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import store
from game.rules import GAMES
from game.store import files, history, saves
from tests.store_helpers import play_moves


@pytest.fixture(autouse=True)
def _fresh() -> None:
    history.forget_checks()
    files.reset_problems()


def crafted_rows(rows: list[tuple[object, ...]]) -> None:
    """Rows written as a hostile program would, past every CHECK constraint."""
    con = sqlite3.connect(history.db_path())
    con.execute("PRAGMA ignore_check_constraints = 1")
    con.executemany("INSERT INTO deals (deal_id, game, played_at, level, players, moves,"
                    " outcome, score, surrendered, xp) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    con.commit()
    con.close()


@contextmanager
def counting_level_starts() -> Iterator[list[int]]:
    """The levels whose first XP was asked for meanwhile (a count up to a crafted XP of
    9e18 would ask for every level on the way)."""
    calls: list[int] = []
    real = history.level_start

    def level_start(level: int) -> int:
        calls.append(level)
        return real(level)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(history, "level_start", level_start)
        yield calls


def test_level_arithmetic_is_one_step_and_agrees_with_counting_up() -> None:
    level = 1
    for xp in range(0, 60_000, 7):
        while history.level_start(level + 1) <= xp:
            level += 1
        assert history.profile_for(xp).level == level, xp
        assert history.profile_for(xp).level_xp <= xp < history.profile_for(xp).next_level_xp
    with counting_level_starts() as calls:
        huge = history.profile_for(9 * 10 ** 18)
    assert calls == [huge.level, huge.level + 1]     # one step, never counting up
    assert huge.xp == history.MAX_XP and huge.level > 1
    assert huge.level_xp <= huge.xp < huge.next_level_xp
    assert history.profile_for(-5).level == 1 and history.profile_for(float("inf")).xp == 0


def test_absurd_rows_are_refused_and_start_up_stays_quick() -> None:
    history.record_deal("durak", "easy", 2, 30, "win", 1.0, deal_id="1" * 32)      # 20 XP
    good = history.profile().xp
    crafted_rows([
        ("2" * 32, "durak", "2026-01-01T00:00:00Z", "easy", 2, 10, "win", 1.0, 0, 9 * 10 ** 18),
        ("3" * 32, "durak", "2026-01-01T00:00:00Z", "easy", 2, -7, "win", 1.0, 0, 20),
        ("4" * 32, "durak", "2026-01-01T00:00:00Z", "easy", -3, 10, "loss", 1e300, 0, 5),
        ("5" * 32, "durak", "2026-01-01T00:00:00Z", "easy", 2, 10, "won", 1.0, 7, 5),
        ("6" * 32, "durak", "2026-01-01T00:00:00Z", "easy", 2, 10, "win", 1.0, 0,
         9 * 10 ** 18),                                   # two of them: a sum past 64 bits
    ])
    history.forget_checks()
    with counting_level_starts() as calls:
        messages = store.start_up()
    assert len(calls) <= 2, calls                         # the level in one step
    assert messages == []                                 # refused rows are no damage
    p = history.profile()
    assert p.xp == good and p.level == history.profile_for(good).level >= 1
    assert history.count_deals("durak") == 1
    (row,) = history.deals("durak")
    assert row.xp == 20 and row.moves == 30
    (st,) = history.stats("durak")
    assert st.deals == 1 and st.average_score == 1.0
    assert history.has_deal("2" * 32)                     # still in the file, uncounted
    assert history.record_deal("durak", "easy", 2, 5, "win", 1.0, deal_id="2" * 32) == 20


def test_values_recorded_are_clamped_into_their_bounds() -> None:
    xp = history.record_deal("durak", "hard", 99, 10 ** 9, "win", 1e308, deal_id="7" * 32,
                             result=[float("nan"), 1e308])
    assert xp == 40
    (row,) = history.deals("durak")
    assert row.players == 8 and row.moves == history.MAX_MOVES
    assert row.score == history.MAX_SCORE


# ----- journals carry their move count ------------------------------------------------------
def _damaged(key: str, raw: bytes) -> str:
    p = saves.path_for(key)
    p.write_bytes(raw)
    journal, msg = saves.load(key)
    assert journal is None and isinstance(msg, str) and "could not be read" in msg
    assert sorted(p.parent.glob(f"{key}.json.damaged-*"))[-1].read_bytes() == raw
    assert not p.exists()
    return msg


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_save_missing_its_last_move_or_its_moves_is_reported(key: str) -> None:
    play_moves(key, 12, seed=3)
    d = json.loads(saves.path_for(key).read_text())
    assert d["count"] == len(d["moves"]) == 12 and d["version"] == saves.VERSION
    short = dict(d, moves=d["moves"][:-1])
    assert "11 of its 12 moves" in _damaged(key, json.dumps(short).encode())
    bare = {k: v for k, v in d.items() if k != "moves"}
    assert "moves are missing" in _damaged(key, json.dumps(bare).encode())
    uncounted = {k: v for k, v in d.items() if k != "count"}
    _damaged(key, json.dumps(uncounted).encode())


def test_a_version_1_save_without_a_count_still_loads(_cardclub_home: Path) -> None:
    j, g = play_moves("durak", 9, seed=4)
    d = json.loads(saves.path_for("durak").read_text())
    old = {k: v for k, v in d.items() if k != "count"} | {"version": 1}
    saves.path_for("durak").write_text(json.dumps(old))
    journal, state = saves.load("durak")
    assert journal is not None and journal.moves == j.moves
    assert state.to_dict() == g.to_dict()   # type: ignore[union-attr]
