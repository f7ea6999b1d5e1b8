"""The history database's file format: its schema version, numbered migrations, the
bounds a counted row keeps, and mending the running XP total another program broke.

Part of :mod:`game.store.history` (which opens the file and re-exports these names);
nothing here opens a file or waits.
"""
from __future__ import annotations

import contextlib
import logging
import re
import sqlite3

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 6
#: the most one deal can bring (the real most is 40); a row beyond it is refused
MAX_DEAL_XP = 1000
MAX_MOVES = 100_000
MAX_SCORE = 1_000_000.0
#: the most XP a profile shows (far beyond a lifetime of deals)
MAX_XP = 10 ** 15
#: what ``PRAGMA integrity_check`` says of a row a program wrote past the constraints
ROW_FAULT = re.compile(r"(CHECK constraint failed in deals|NULL value in deals\.\w+)$")
#: what a row must hold to be counted (SQL); anything else is refused, not a crash
BOUNDS = (f"typeof(xp) = 'integer' AND xp BETWEEN 0 AND {MAX_DEAL_XP}"
          f" AND typeof(moves) = 'integer' AND moves BETWEEN 0 AND {MAX_MOVES}"
          " AND typeof(players) = 'integer' AND players BETWEEN 1 AND 8"
          " AND typeof(score) IN ('integer', 'real')"
          f" AND score BETWEEN {-MAX_SCORE} AND {MAX_SCORE}"
          " AND outcome IN ('win', 'draw', 'loss') AND surrendered IN (0, 1)"
          " AND typeof(game) = 'text' AND typeof(level) = 'text'"
          " AND typeof(played_at) = 'text' AND assisted IN (0, 1)")


def _bounds_of(row: str) -> str:
    """:data:`BOUNDS` for the ``NEW`` or ``OLD`` row of a trigger."""
    return re.sub(r"\b(xp|moves|players|score|outcome|surrendered|game|level|played_at"
                  r"|assisted)\b", lambda m: f"{row}.{m.group(1)}", BOUNDS)

#: migration ``n`` brings a database from version ``n - 1`` to ``n``
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("""CREATE TABLE deals (
            id INTEGER PRIMARY KEY,
            deal_id TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            played_at TEXT NOT NULL,
            level TEXT NOT NULL,
            players INTEGER NOT NULL CHECK (players BETWEEN 1 AND 8),
            moves INTEGER NOT NULL CHECK (moves >= 0),
            outcome TEXT NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
            score REAL NOT NULL,
            surrendered INTEGER NOT NULL CHECK (surrendered IN (0, 1)),
            xp INTEGER NOT NULL CHECK (xp >= 0),
            result TEXT)""",),
    2: ("CREATE INDEX deals_by_game ON deals (game, id)",),
    # a deal played with hints or undo: half the XP, counted apart in the statistics
    3: ("ALTER TABLE deals ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0"
        " CHECK (assisted IN (0, 1))",),
    # what replays the deal exactly: its journal as a save holds it (older rows: none)
    4: ("ALTER TABLE deals ADD COLUMN replay TEXT",),
    # the review of a deal (game/review), kept so it is not made again; a table of its
    # own, so a deal still on its way through the outbox can have one too
    5: ("CREATE TABLE reviews (deal_id TEXT PRIMARY KEY, review TEXT NOT NULL)",),
    # every column the statistics, the XP and the list read (all but the result and the
    # journal): those reads scan this narrow index, not the rows with their journals
    # (50,000 deals: the XP in 28 ms instead of 74, the list's page in 9 instead of 330)
    6: ("CREATE INDEX deals_counted ON deals (game, assisted, level, outcome, score, xp,"
        " surrendered, moves, players, played_at, deal_id)",
        # the XP of every counted row, kept up to date by the database itself (whatever
        # program writes a row), so that start-up and the menu read one number
        "CREATE TABLE totals (id INTEGER PRIMARY KEY CHECK (id = 1), xp INTEGER NOT NULL)",
        f"INSERT INTO totals SELECT 1, COALESCE(SUM(xp), 0) FROM deals WHERE {BOUNDS}",
        f"CREATE TRIGGER totals_in AFTER INSERT ON deals WHEN {_bounds_of('NEW')}"
        " BEGIN UPDATE totals SET xp = xp + NEW.xp; END",
        f"CREATE TRIGGER totals_out AFTER DELETE ON deals WHEN {_bounds_of('OLD')}"
        " BEGIN UPDATE totals SET xp = xp - OLD.xp; END",
        f"CREATE TRIGGER totals_change AFTER UPDATE ON deals BEGIN UPDATE totals SET xp ="
        f" xp - (CASE WHEN {_bounds_of('OLD')} THEN OLD.xp ELSE 0 END)"
        f" + (CASE WHEN {_bounds_of('NEW')} THEN NEW.xp ELSE 0 END); END"),
}

log = logging.getLogger("game.store.history")


class Damaged(Exception):
    """The database is not one we can use (its schema, its version, its contents)."""


def _version(con: sqlite3.Connection) -> int:
    """The database's schema version (0: a new, empty file); raises Damaged."""
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables:
        return 0
    if "schema_version" not in tables:
        raise Damaged("it has no schema version")
    rows = con.execute("SELECT version FROM schema_version").fetchall()
    if len(rows) != 1 or type(rows[0][0]) is not int:
        raise Damaged("its schema version is damaged")
    version: int = rows[0][0]
    if not 1 <= version <= SCHEMA_VERSION:
        raise Damaged(f"it is of an unknown version ({version})")
    if "deals" not in tables:
        raise Damaged("its deals table is missing")
    return version


def migrate(con: sqlite3.Connection) -> None:
    if _version(con) == SCHEMA_VERSION:
        return
    con.execute("BEGIN IMMEDIATE")
    try:
        # again under the write lock: another connection (the outbox's thread, another
        # window) may have made or migrated the file meanwhile
        version = _version(con)
        if version != SCHEMA_VERSION:
            if version == 0:
                con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                con.execute("INSERT INTO schema_version VALUES (0)")
            for n in range(version + 1, SCHEMA_VERSION + 1):
                for sql in MIGRATIONS[n]:
                    con.execute(sql)
            con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
        con.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            con.execute("ROLLBACK")
        raise


def mend_totals(con: sqlite3.Connection) -> None:
    """A running total another program dropped or damaged is made again (at the first use
    in a run; its triggers would stop every insert without the table); a folder we cannot
    write leaves it to the row-by-row count."""
    if con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'totals'"
                   ).fetchone() is not None:
        got = con.execute("SELECT xp FROM totals").fetchall()
        if len(got) == 1 and type(got[0][0]) is int and 0 <= got[0][0] <= MAX_XP:
            return
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("DROP TABLE IF EXISTS totals")
        for sql in MIGRATIONS[6][1:3]:
            con.execute(sql)
        con.execute("COMMIT")
    except sqlite3.Error as exc:
        with contextlib.suppress(sqlite3.Error):
            con.execute("ROLLBACK")
        log.warning("history: cannot make the XP total again: %s", exc)
