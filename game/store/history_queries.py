"""The history's reads over one open connection: the ``counted`` view (the rows within
the bounds and the deals held on their way), the list of deals, the statistics per level
and the XP.

Part of :mod:`game.store.history`, which opens the database, runs these in one snapshot
and gives their results; nothing here opens a file or waits.
"""
from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from game.rules import GAMES
from game.rules.base import SEED_MAX
from game.store.history_records import LEVEL_ORDER, DealRow, LevelStats, Record
from game.store.history_schema import BOUNDS, MAX_XP, Damaged

T = TypeVar("T")

_COLUMNS = ("id, deal_id, game, played_at, level, players, moves, outcome, score, surrendered,"
            " xp, assisted")
#: held rows sort after every stored row (the latest deals)
_HELD_ID = 1 << 62


def prepare_counted(con: sqlite3.Connection, waiting: list[Record]) -> None:
    """On this connection, ``counted``: the rows within :data:`BOUNDS` and the held deals
    not yet among them (each deal once, whenever the outbox's insert lands)."""
    con.execute("CREATE TEMP TABLE held (id INTEGER, deal_id TEXT, game TEXT,"
                " played_at TEXT, level TEXT, players INTEGER, moves INTEGER, outcome TEXT,"
                " score REAL, surrendered INTEGER, xp INTEGER, assisted INTEGER)")
    con.executemany("INSERT INTO temp.held VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(_HELD_ID + i, *r.row()[:11]) for i, r in enumerate(waiting)])
    con.execute("CREATE TEMP TABLE held_replays (deal_id TEXT, replay TEXT)")
    con.executemany("INSERT INTO temp.held_replays VALUES (?, ?)",
                    [(r.deal_id, r.replay) for r in waiting if r.replay is not None])
    con.execute(f"CREATE TEMP VIEW counted AS SELECT {_COLUMNS} FROM main.deals"
                f" WHERE {BOUNDS} UNION ALL SELECT {_COLUMNS} FROM temp.held"
                " WHERE deal_id NOT IN (SELECT deal_id FROM main.deals)")


def _s(v: Any) -> str:
    if type(v) is not str:
        raise Damaged("a text field holds something else")
    return v


def _i(v: Any) -> int:
    if type(v) is not int:
        raise Damaged("a number field holds something else")
    return v


def _f(v: Any) -> float:
    if type(v) not in (int, float) or not math.isfinite(v):
        raise Damaged("a score is not a number")
    return float(v)


def _rows(make: Callable[..., T], rows: list[Any]) -> list[T]:
    return [make(*r) for r in rows]


def count_rows(con: sqlite3.Connection, game: str | None) -> int:
    if game is None:
        return int(con.execute("SELECT COUNT(*) FROM counted").fetchone()[0])
    return int(con.execute("SELECT COUNT(*) FROM counted WHERE game = ?",
                           (game,)).fetchone()[0])


def deal_rows(con: sqlite3.Connection, game: str, limit: int, offset: int) -> list[DealRow]:
    rows = con.execute(
        "SELECT played_at, level, outcome, score, surrendered, moves, players, xp, assisted,"
        " deal_id FROM counted WHERE game = ? ORDER BY id DESC LIMIT ? OFFSET ?",
        (game, min(10_000, max(0, limit)), max(0, offset))).fetchall()
    # which of them can be replayed, and their deal numbers: asked of these rows only (a
    # question over the whole table would read every journal)
    ids = [r[9] for r in rows]
    replayable: dict[Any, int | None] = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ",".join("?" * len(chunk))
        for deal_id, seed, options in con.execute(
                f"SELECT deal_id, {_SEED}, {_OPTIONS} FROM main.deals WHERE deal_id IN"
                f" ({marks}) AND replay IS NOT NULL UNION SELECT deal_id, {_SEED}, {_OPTIONS}"
                f" FROM temp.held_replays WHERE deal_id IN ({marks})", chunk + chunk):
            replayable[deal_id] = deal_number(game, seed, options)
    return _rows(lambda a, b, c, d, e, f, g, h, i, j: DealRow(
        _s(a), _s(b), _s(c), _f(d), bool(e), _i(f), _i(g), _i(h), bool(i), _s(j),
        j in replayable, replayable.get(j)), rows)


def numbered_deal(con: sqlite3.Connection, game: str, number: int) -> str | None:
    """The latest deal of ``game`` that keeps its replay and whose number (as History
    shows it: :func:`deal_number`) is ``number``: its id, or None."""
    seed = str(number)                  # as :data:`_SEED` reads it: JSON text
    rows = con.execute(
        f"SELECT deal_id, {_SEED}, {_OPTIONS} FROM main.deals WHERE game = ? AND replay IS"
        f" NOT NULL AND {_SEED} = ? ORDER BY id DESC", (game, seed)).fetchall()
    held = con.execute(
        f"SELECT h.deal_id, {_SEED}, {_OPTIONS} FROM temp.held_replays AS h JOIN temp.held"
        f" AS r ON r.deal_id = h.deal_id WHERE r.game = ? AND {_SEED} = ? ORDER BY r.id"
        " DESC", (game, seed)).fetchall()
    for deal_id, seed, options in [*held, *rows]:      # held deals are the latest
        if type(deal_id) is str and deal_number(game, seed, options) == number:
            return deal_id
    return None


#: a journal's seed and options, read in the database (a damaged journal reads as NULL)
#: (as JSON text: json_extract turns an integer past 64 bits signed, as a shared deal's
#: number can be, into a float)
_SEED = "CASE WHEN json_valid(replay) THEN replay -> '$.seed' END"
_OPTIONS = "CASE WHEN json_valid(replay) THEN json_extract(replay, '$.options') END"
#: the options the menu gives a numbered deal (it asks how many players sit down)
NUMBER_OPTIONS = frozenset({"players"})


def deal_number(game: str, seed: Any, options: Any) -> int | None:
    """A deal's number, to deal it again: its seed, when a new deal of that number (the
    menu's, or History's "Deal again") is this deal (a deal that followed another has its
    dealer from it: the number alone deals it otherwise); None: none.  A shared table's
    deal has a number far past the six digits a player types (drawn secretly, told at
    its end): History deals it again, the menu's entry does not take it."""
    if isinstance(seed, str) and seed.isdigit() and len(seed) <= 20:
        seed = int(seed)
    if type(seed) is not int or not 1 <= seed <= SEED_MAX or game not in GAMES:
        return None
    try:
        opts = json.loads(options) if isinstance(options, str) else options
        if not isinstance(opts, dict):
            return None
        asked = {k: v for k, v in opts.items() if k in NUMBER_OPTIONS}
        again = GAMES[game].new(seed=seed, **asked).options()
    except (ValueError, TypeError):
        return None
    return seed if again == opts else None


_LEVEL_RANK = ("CASE g.level WHEN 'random' THEN 0 WHEN 'easy' THEN 1 WHEN 'normal' THEN 2 "
               "WHEN 'hard' THEN 3 ELSE 4 END")

STATS_SQL = f"""
WITH ordered AS (
    SELECT level, outcome, score,
           ROW_NUMBER() OVER (PARTITION BY level ORDER BY id) AS seq
    FROM counted WHERE game = :game AND assisted = 0),
grouped AS (
    SELECT level, outcome, score,
           seq - ROW_NUMBER() OVER (PARTITION BY level, outcome = 'win' ORDER BY seq) AS run
    FROM ordered),
streaks AS (
    SELECT level, MAX(n) AS best FROM (
        SELECT level, COUNT(*) AS n FROM grouped WHERE outcome = 'win' GROUP BY level, run)
    GROUP BY level)
SELECT g.level, COUNT(*), SUM(g.outcome = 'win'), SUM(g.outcome = 'draw'),
       SUM(g.outcome = 'loss'), COALESCE(s.best, 0), AVG(g.score)
FROM grouped AS g LEFT JOIN streaks AS s ON s.level = g.level
GROUP BY g.level
ORDER BY {_LEVEL_RANK}, g.level
"""


ASSISTED_SQL = ("SELECT level, COUNT(*) FROM counted WHERE game = :game AND assisted = 1"
                " GROUP BY level")


def level_stats(con: sqlite3.Connection, game: str) -> list[LevelStats]:
    """The figures of each level from the deals played without help; the deals played
    with help are only counted (a level with nothing else shows them alone)."""
    helped = {_s(a): _i(b) for a, b in con.execute(ASSISTED_SQL, {"game": game}).fetchall()}
    out = _rows(lambda a, b, c, d, e, f, g: LevelStats(
        _s(a), _i(b), _i(c), _i(d), _i(e), _i(f), _f(g), helped.pop(_s(a), 0)),
        con.execute(STATS_SQL, {"game": game}).fetchall())
    out += [LevelStats(level, 0, 0, 0, 0, 0, 0.0, n) for level, n in helped.items()]
    rank = {name: i for i, name in enumerate(LEVEL_ORDER)}
    return sorted(out, key=lambda st: (rank.get(st.level, len(rank)), st.level))


def total_xp(con: sqlite3.Connection) -> int:
    """The XP of the counted rows: the database's running total (one row, whatever the
    history's size) and the held deals not in it yet; a total that is not a plausible
    number (a program wrote it) is added up again, row by row."""
    try:
        got = con.execute("SELECT xp FROM main.totals WHERE id = 1").fetchall()
    except sqlite3.OperationalError:      # a program dropped it: count row by row
        got = []
    if len(got) == 1 and type(got[0][0]) is int and 0 <= got[0][0] <= MAX_XP:
        held_xp = con.execute("SELECT COALESCE(SUM(xp), 0) FROM temp.held WHERE deal_id"
                              " NOT IN (SELECT deal_id FROM main.deals)").fetchone()[0]
        return int(got[0][0]) + _i(held_xp)
    return _i(con.execute("SELECT COALESCE(SUM(xp), 0) FROM counted").fetchone()[0])
