"""History, statistics and the profile (XP and level) in one SQLite file in the data folder.

Standard-library ``sqlite3``, WAL journal, ``synchronous=FULL``, a ``schema_version`` table
and numbered migrations.  Every finished deal is one row, keyed by the journal's deal id,
so a deal recorded again after a kill is never counted twice.  XP is the sum of the rows'
XP, so the profile can never disagree with the history.

Nothing here raises for a bad disk: a database that is damaged (or from a newer version)
is kept aside byte for byte, a fresh one is made, and :func:`take_message` says so once;
a folder that cannot be written is reported through
:func:`game.store.files.take_write_problem`.

XP for a finished deal: 20 for a win, 10 for a draw, 5 for a loss, times the opponents'
difficulty (random 0.5, easy 1, normal 1.5, hard 2; the mean when seats differ).  A
surrender is a loss without XP.  Profile level ``n`` starts at ``50 * n * (n - 1)`` XP
(level 2 at 100, 3 at 300, 4 at 600, ...).
"""
from __future__ import annotations

import json
import logging
import math
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from game.store import files

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 2
OUTCOMES = ("win", "draw", "loss")
BASE_XP = {"win": 20, "draw": 10, "loss": 5}
DIFFICULTY = {"random": 0.5, "easy": 1.0, "normal": 1.5, "hard": 2.0}
LEVEL_ORDER = ("random", "easy", "normal", "hard")

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
}

T = TypeVar("T")
log = logging.getLogger(__name__)

_checked: set[str] = set()        # databases checked (integrity, schema) in this process
_messages: list[str] = []         # damaged databases put aside, for the player


class Damaged(Exception):
    """The database is not one we can use (its schema, its version, its contents)."""


@dataclass(frozen=True)
class DealRow:
    played_at: str       # ISO 8601, UTC ("2026-12-01T14:03:11Z")
    level: str
    outcome: str         # "win" / "draw" / "loss"
    score: float
    surrendered: bool
    moves: int
    players: int
    xp: int


@dataclass(frozen=True)
class LevelStats:
    level: str
    deals: int
    wins: int
    draws: int
    losses: int
    best_streak: int     # most wins in a row at this level (draws and losses break it)
    average_score: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.deals if self.deals else 0.0


@dataclass(frozen=True)
class Profile:
    xp: int
    level: int
    level_xp: int        # XP where this level started
    next_level_xp: int   # XP where the next one starts

    @property
    def progress(self) -> float:
        """0..1 of the way to the next level."""
        span = self.next_level_xp - self.level_xp
        return (self.xp - self.level_xp) / span if span else 0.0


def level_start(level: int) -> int:
    return 50 * level * (level - 1)


def profile_for(xp: int) -> Profile:
    xp = max(0, int(xp))
    level = 1
    while level_start(level + 1) <= xp:
        level += 1
    return Profile(xp, level, level_start(level), level_start(level + 1))


def xp_for(outcome: str, level: str | None, surrendered: bool = False,
           opponent_levels: Sequence[str] | None = None) -> int:
    """XP for one finished deal (see the module doc)."""
    if surrendered or outcome not in BASE_XP:
        return 0
    names = list(opponent_levels) if opponent_levels else [level or "normal"]
    factor = sum(DIFFICULTY.get(n, 1.0) for n in names) / len(names)
    return round(BASE_XP[outcome] * factor)


# ----- the database file ----------------------------------------------------------------------
def db_path() -> Path:
    return files.home() / DB_NAME


def _is_damage(exc: BaseException) -> bool:
    """A damaged database (kept aside) rather than a disk we cannot write (reported)."""
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        environment = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_BUSY",
                       "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_PERM", "SQLITE_AUTH",
                       "SQLITE_NOMEM", "SQLITE_INTERRUPT")
        return not name.startswith(environment)
    return not isinstance(exc, (OSError, MemoryError))


def _is_corruption(exc: BaseException) -> bool:
    """Damage found while using an open database (not a mistake in a query)."""
    if isinstance(exc, Damaged):
        return True
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def _migrate(con: sqlite3.Connection) -> None:
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables:
        version = 0
    elif "schema_version" not in tables:
        raise Damaged("it has no schema version")
    else:
        rows = con.execute("SELECT version FROM schema_version").fetchall()
        if len(rows) != 1 or type(rows[0][0]) is not int:
            raise Damaged("its schema version is damaged")
        version = rows[0][0]
        if not 1 <= version <= SCHEMA_VERSION:
            raise Damaged(f"it is of an unknown version ({version})")
        if "deals" not in tables:
            raise Damaged("its deals table is missing")
    if version == SCHEMA_VERSION:
        return
    con.execute("BEGIN IMMEDIATE")
    try:
        if version == 0:
            con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            con.execute("INSERT INTO schema_version VALUES (0)")
        for n in range(version + 1, SCHEMA_VERSION + 1):
            for sql in MIGRATIONS[n]:
                con.execute(sql)
        con.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION,))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _text(raw: bytes) -> str:
    """Text from the database; bytes a damaged file made invalid show as \ufffd."""
    return raw.decode("utf-8", "replace")


def _open(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=10, isolation_level=None)
    con.text_factory = _text
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        key = str(path)
        if key not in _checked:
            check = con.execute("PRAGMA integrity_check").fetchall()
            if check != [("ok",)]:
                raise Damaged(f"the integrity check failed: {str(check[0][0])[:60]}")
            _migrate(con)
            _checked.add(key)
    except BaseException:
        con.close()
        raise
    return con


def _set_aside(path: Path, exc: BaseException) -> None:
    """Keep a damaged database (and its WAL) aside, byte for byte; a fresh one follows."""
    from game.i18n import _

    _checked.discard(str(path))
    aside = files.keep_aside(path) if path.exists() else None
    if aside is not None:
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                try:
                    extra.rename(aside.with_name(aside.name + suffix))
                except OSError:
                    pass
    _messages.append(files.damaged_message(_("Your game history"), path, exc, aside,
                                           _("a new, empty history starts.")))


def _read_only(path: Path, fn: Callable[[sqlite3.Connection], T], default: T) -> T:
    """Read a database in a folder we cannot write (a WAL database needs its -shm file)."""
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
        con.text_factory = _text
        try:
            return fn(con)
        finally:
            con.close()
    except Exception as exc:  # nothing to read: an empty history
        log.warning("history: cannot read %s: %s", path, exc)
        return default


def _run(fn: Callable[[sqlite3.Connection], T], default: T, read: bool = False) -> T:
    """Run ``fn`` on an open database; a damaged one is put aside and a fresh one used; a
    disk that says no gives ``default`` (``read``: what can still be read) and a
    remembered write problem."""
    path = db_path()
    for attempt in range(3):
        opened = False
        try:
            con = _open(path)
            opened = True
            try:
                return fn(con)
            finally:
                con.close()
        except Exception as exc:  # never let the history stop the game
            damaged = _is_damage(exc) if not opened else _is_corruption(exc)
            if damaged and attempt < 2 and path.exists():
                _set_aside(path, exc)
                continue
            if _is_damage(exc):
                log.warning("history: %s", exc)
                return default
            files.note_problem(path, exc)
            return _read_only(path, fn, default) if read and path.is_file() else default
    return default


def take_message() -> str | None:
    """A message about a damaged history database that was put aside (each one once)."""
    return _messages.pop(0) if _messages else None


def forget_checks() -> None:
    """Check the database again on next use (tests; after changing the data folder)."""
    _checked.clear()
    _messages.clear()


# ----- writing ------------------------------------------------------------------------------
def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def record_deal(game: str, level: str, players: int, moves_count: int, outcome: str,
                score: float, deal_id: str, surrendered: bool = False,
                result: Sequence[float] | None = None,
                opponent_levels: Sequence[str] | None = None,
                played_at: str | None = None) -> int:
    """Record a finished (or surrendered) deal once, by ``deal_id``; return its XP for the
    result panel (the XP stored the first time when the deal was already recorded).
    ``outcome`` is the human's "win", "draw" or "loss"; a surrender is recorded as a loss
    without XP, whatever ``outcome`` says."""
    if surrendered or outcome not in OUTCOMES:
        outcome = "loss"
    xp = xp_for(outcome, level, surrendered, opponent_levels)
    score = float(score) + 0.0 if math.isfinite(float(score)) else 0.0  # no -0
    row = (str(deal_id), str(game), played_at or _now(), str(level),
           min(8, max(1, int(players))), max(0, int(moves_count)), outcome, score,
           int(bool(surrendered)), xp, json.dumps(list(result)) if result else None)

    def insert(con: sqlite3.Connection) -> int:
        cur = con.execute(
            "INSERT INTO deals (deal_id, game, played_at, level, players, moves, outcome,"
            " score, surrendered, xp, result) VALUES (?,?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT (deal_id) DO NOTHING", row)
        if cur.rowcount == 1:
            return xp
        stored = con.execute("SELECT xp FROM deals WHERE deal_id = ?", (row[0],)).fetchone()
        return int(stored[0]) if stored else xp

    return _run(insert, xp)


# ----- reading ------------------------------------------------------------------------------
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


def has_deal(deal_id: str) -> bool:
    return _run(lambda con: con.execute("SELECT 1 FROM deals WHERE deal_id = ?",
                                        (deal_id,)).fetchone() is not None, False, True)


def count_deals(game: str | None = None) -> int:
    def q(con: sqlite3.Connection) -> int:
        if game is None:
            return int(con.execute("SELECT COUNT(*) FROM deals").fetchone()[0])
        return int(con.execute("SELECT COUNT(*) FROM deals WHERE game = ?",
                               (game,)).fetchone()[0])
    return _run(q, 0, True)


def deals(game: str, limit: int = 50, offset: int = 0) -> list[DealRow]:
    """Past deals of ``game``, the latest first."""
    def q(con: sqlite3.Connection) -> list[DealRow]:
        rows = con.execute(
            "SELECT played_at, level, outcome, score, surrendered, moves, players, xp"
            " FROM deals WHERE game = ? ORDER BY id DESC LIMIT ? OFFSET ?",
            (game, max(0, limit), max(0, offset))).fetchall()
        return _rows(lambda a, b, c, d, e, f, g, h: DealRow(
            _s(a), _s(b), _s(c), _f(d), bool(e), _i(f), _i(g), _i(h)), rows)
    return _run(q, [], True)


_LEVEL_RANK = ("CASE g.level WHEN 'random' THEN 0 WHEN 'easy' THEN 1 WHEN 'normal' THEN 2 "
               "WHEN 'hard' THEN 3 ELSE 4 END")

STATS_SQL = f"""
WITH ordered AS (
    SELECT level, outcome, score,
           ROW_NUMBER() OVER (PARTITION BY level ORDER BY id) AS seq
    FROM deals WHERE game = :game),
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


def stats(game: str) -> list[LevelStats]:
    """Per level of ``game``: deals, wins, draws, losses, best win streak, average score."""
    def q(con: sqlite3.Connection) -> list[LevelStats]:
        return _rows(lambda a, b, c, d, e, f, g: LevelStats(
            _s(a), _i(b), _i(c), _i(d), _i(e), _i(f), _f(g)),
            con.execute(STATS_SQL, {"game": game}).fetchall())
    return _run(q, [], True)


def profile() -> Profile:
    """The player's XP and level (for the menu corner)."""
    return profile_for(_run(lambda con: _i(
        con.execute("SELECT COALESCE(SUM(xp), 0) FROM deals").fetchone()[0]), 0, True))


def integrity_ok() -> bool:
    """``PRAGMA integrity_check`` on the database file as it is (tests, diagnostics)."""
    path = db_path()
    if not path.exists():
        return True
    con = sqlite3.connect(path, timeout=10)
    try:
        return con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
