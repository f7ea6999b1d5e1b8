"""History, statistics and the profile (XP and level) in one SQLite file in the data folder.

Standard-library ``sqlite3``, WAL journal, ``synchronous=FULL``, a ``schema_version`` table
and numbered migrations.  Every finished deal is one row, keyed by the journal's deal id,
so a deal recorded again after a kill is never counted twice.  XP is the sum of the rows'
XP, so the profile can never disagree with the history.

Nothing here raises for a bad disk: a database that is damaged (or from a newer version)
is kept aside byte for byte, a fresh one is made, and :func:`take_message` says so once;
a folder that cannot be written is reported through
:func:`game.store.files.take_write_problem`.

Nothing here waits long either: a read (the menu, History) waits at most
:data:`READ_TIMEOUT` for a database another program holds locked, then gives what it
had (:func:`busy` says so, and the screen says "history is busy").  A finished deal
reaches the database through the outbox (:mod:`game.store.outbox`); until it is in, it
is *held* here and every read counts it as if it were (once).  What a row holds is
bounded: a row with XP, a score, moves or players outside :data:`BOUNDS` is refused (it
stays in the file, uncounted), so no crafted value can hang or overflow the profile.

XP for a finished deal: 20 for a win, 10 for a draw, 5 for a loss, times the opponents'
difficulty (random 0.5, easy 1, normal 1.5, hard 2; the mean when seats differ).  A
surrender is a loss without XP.  Profile level ``n`` starts at ``50 * n * (n - 1)`` XP
(level 2 at 100, 3 at 300, 4 at 600, ...).
"""
from __future__ import annotations

import contextlib
import json
import logging
import math
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from game.store import files

DB_NAME = "history.sqlite3"
SCHEMA_VERSION = 6
OUTCOMES = ("win", "draw", "loss")
BASE_XP = {"win": 20, "draw": 10, "loss": 5}
DIFFICULTY = {"random": 0.5, "easy": 1.0, "normal": 1.5, "hard": 2.0}
LEVEL_ORDER = ("random", "easy", "normal", "hard")

#: a read on the UI thread waits at most this long for another program's lock (seconds)
READ_TIMEOUT = 0.05
#: a direct :func:`record_deal` (tools, tests) waits this long; the outbox waits less
WRITE_TIMEOUT = 10.0
#: the most one deal can bring (the real most is 40); a row beyond it is refused
MAX_DEAL_XP = 1000
MAX_MOVES = 100_000
MAX_SCORE = 1_000_000.0
#: the most XP a profile shows (far beyond a lifetime of deals)
MAX_XP = 10 ** 15
_ID = re.compile(r"[0-9a-f]{32}")
#: what ``PRAGMA integrity_check`` says of a row a program wrote past the constraints
_ROW_FAULT = re.compile(r"(CHECK constraint failed in deals|NULL value in deals\.\w+)$")
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


_COLUMNS = ("id, deal_id, game, played_at, level, players, moves, outcome, score, surrendered,"
            " xp, assisted")
#: held rows sort after every stored row (the latest deals)
_HELD_ID = 1 << 62

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
#: a database up to this size is checked whole when first opened; a larger one is checked
#: by a thread of its own, so that start-up does not grow with the history (what the check
#: finds is acted on at the next use, as if found at once)
CHECK_AT_ONCE_BYTES = 16_000_000
#: ... and that thread starts this long after, so that it does not slow the window's start
CHECK_APART_AFTER = 5.0
#: the longest replay a row keeps (a journal of the longest deal is far shorter)
MAX_REPLAY = 2_000_000
#: the longest review kept (one of the longest deal is far shorter)
MAX_REVIEW = 2_000_000

T = TypeVar("T")
log = logging.getLogger(__name__)

_checked: set[str] = set()        # databases checked (integrity, schema) in this process
_messages: list[str] = []         # damaged databases put aside, for the player
_read_busy = False                # the latest read met another program's lock
_last_profile: dict[str, Profile] = {}   # per database: shown while it is busy
_found_damage: dict[str, str] = {}        # per database: what a checking thread found
_held_lock = threading.Lock()
_held: dict[str, dict[str, Record]] = {}  # per data folder: deals not yet in the database
_kept: dict[str, set[str]] = {}           # ... of which the outbox file is on disk

OK, BUSY, FAILED = "ok", "busy", "failed"


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
    assisted: bool = False   # played with hints or undo
    deal_id: str = ""
    has_replay: bool = False  # the row keeps what replays the deal (older rows do not)


@dataclass(frozen=True)
class LevelStats:
    level: str
    deals: int
    wins: int
    draws: int
    losses: int
    best_streak: int     # most wins in a row at this level (draws and losses break it)
    average_score: float
    assisted: int = 0    # deals played with help, counted apart (not in the figures above)

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


def profile_for(xp: float) -> Profile:
    """The level for ``xp``, in one step (a crafted XP of 9e18 must not count up to it);
    XP is clamped to 0 .. :data:`MAX_XP`."""
    if isinstance(xp, float) and not math.isfinite(xp):
        xp = 0
    xp = min(MAX_XP, max(0, int(xp)))
    # level n starts at 50 n (n - 1): the largest n with n (n - 1) <= xp // 50
    level = (1 + math.isqrt(1 + 4 * (xp // 50))) // 2
    return Profile(xp, level, level_start(level), level_start(level + 1))


def xp_for(outcome: str, level: str | None, surrendered: bool = False,
           opponent_levels: Sequence[str] | None = None, assisted: bool = False) -> int:
    """XP for one finished deal (see the module doc); a deal played with hints or undo
    earns half."""
    if surrendered or outcome not in BASE_XP:
        return 0
    names = list(opponent_levels) if opponent_levels else [level or "normal"]
    factor = sum(DIFFICULTY.get(n, 1.0) for n in names) / len(names)
    xp = round(BASE_XP[outcome] * factor)
    return xp // 2 if assisted else xp


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


def _migrate(con: sqlite3.Connection) -> None:
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


def _mend(con: sqlite3.Connection) -> None:
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


def _text(raw: bytes) -> str:
    """Text from the database; bytes a damaged file made invalid show as \ufffd."""
    return raw.decode("utf-8", "replace")


def _open(path: Path, timeout: float) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    con.text_factory = _text
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        key = str(path)
        if key in _found_damage:
            raise Damaged(_found_damage.pop(key))
        if key not in _checked:
            big = _size(path) > CHECK_AT_ONCE_BYTES
            if not big:
                _check(con)
            _migrate(con)
            _mend(con)
            _checked.add(key)
            if big:
                threading.Thread(target=_check_apart, args=(path,), daemon=True,
                                 name="history-check").start()
    except BaseException:
        con.close()
        raise
    return con


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _check(con: sqlite3.Connection) -> None:
    """``PRAGMA integrity_check``: raises Damaged for damage (a row that breaks a CHECK
    is refused when read, not damage)."""
    faults = [str(r[0]) for r in con.execute("PRAGMA integrity_check(100)")]
    damage = [f for f in faults if f != "ok" and not _ROW_FAULT.match(f)]
    if damage:
        raise Damaged(f"the integrity check failed: {damage[0][:60]}")


def _check_apart(path: Path) -> None:
    """The whole check of a large database, on a thread and a connection of its own; the
    damage it finds is raised by the next :func:`_open` (which puts the file aside)."""
    time.sleep(CHECK_APART_AFTER)
    try:
        con = sqlite3.connect(path, timeout=WRITE_TIMEOUT, isolation_level=None)
        try:
            _check(con)
        finally:
            con.close()
    except Exception as exc:  # a thread of the history's own: it only reports
        if _is_damage(exc) or isinstance(exc, Damaged):
            _found_damage[str(path)] = str(exc)
        else:
            log.warning("history: the check of %s stopped: %s", path, exc)


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


def _is_busy(exc: BaseException) -> bool:
    """Another program holds the database locked (a lock, not a fault: try again later)."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _read_only(path: Path, fn: Callable[[sqlite3.Connection], T], default: T) -> T:
    """Read a database in a folder we cannot write (a WAL database needs its -shm file)."""
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True,
                              timeout=READ_TIMEOUT, isolation_level=None)
        con.text_factory = _text
        try:
            return fn(con)
        finally:
            con.close()
    except Exception as exc:  # nothing to read: an empty history
        log.warning("history: cannot read %s: %s", path, exc)
        return default


def _call(fn: Callable[[sqlite3.Connection], T], path: Path, timeout: float, read: bool
          ) -> tuple[str, T | None]:
    """Run ``fn`` on the open database at ``path``: ``(OK, value)``, ``(BUSY, None)``
    when another program holds it locked past ``timeout``, ``(FAILED, None)`` when the
    disk says no (a remembered write problem; ``read``: what can still be read, as OK).
    A damaged database is put aside and a fresh one used."""
    for attempt in range(3):
        opened = False
        try:
            con = _open(path, timeout)
            opened = True
            try:
                return OK, fn(con)
            finally:
                con.close()
        except Exception as exc:  # never let the history stop the game
            if _is_busy(exc):
                return BUSY, None
            damaged = _is_damage(exc) if not opened else _is_corruption(exc)
            if damaged and attempt < 2 and path.exists():
                _set_aside(path, exc)
                continue
            if _is_damage(exc):
                log.warning("history: %s", exc)
                return FAILED, None
            files.note_problem(path, exc)
            if read and path.is_file():
                missing = object()
                value = _read_only(path, fn, missing)
                if value is not missing:
                    return OK, value   # type: ignore[return-value]
            return FAILED, None
    return FAILED, None


def _run(fn: Callable[[sqlite3.Connection], T], default: T, read: bool = False,
         timeout: float = READ_TIMEOUT) -> T:
    """:func:`_call` on this data folder's database; ``default`` unless it worked.  A
    read remembers whether it met a lock (:func:`busy`)."""
    global _read_busy
    status, value = _call(fn, db_path(), timeout, read)
    if read:
        _read_busy = status == BUSY
    return value if status == OK else default   # type: ignore[return-value]


def busy() -> bool:
    """Whether the latest read found the history locked by another program (the menu and
    History then say "history is busy" and try again a little later)."""
    return _read_busy


def take_message() -> str | None:
    """A message about a damaged history database that was put aside (each one once)."""
    return _messages.pop(0) if _messages else None


def forget_checks() -> None:
    """Check the database again on next use (tests; after changing the data folder)."""
    global _read_busy
    _checked.clear()
    _messages.clear()
    _found_damage.clear()
    _last_profile.clear()
    _read_busy = False


# ----- a finished deal ----------------------------------------------------------------------
def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _short(value: Any, what: str) -> str:
    if type(value) is not str or not value or len(value) > 40:
        raise ValueError(f"{what} is not a short text")
    value.encode("utf-8")
    return value


@dataclass(frozen=True)
class Record:
    """One finished deal as the history stores it: a row, and the outbox file that
    carries it to the database (:meth:`to_dict` / :meth:`from_dict`)."""

    deal_id: str
    game: str
    played_at: str
    level: str
    players: int
    moves: int
    outcome: str
    score: float
    surrendered: bool
    xp: int
    result: tuple[float, ...] | None = field(default=None)
    assisted: bool = False
    replay: str | None = None     # the deal's journal (JSON), to replay it exactly

    def row(self) -> tuple[Any, ...]:
        """The values of an ``INSERT INTO deals`` (deal_id first; result, replay last)."""
        return (self.deal_id, self.game, self.played_at, self.level, self.players,
                self.moves, self.outcome, self.score, int(self.surrendered), self.xp,
                int(self.assisted), json.dumps(list(self.result)) if self.result else None,
                self.replay)

    def to_dict(self) -> dict[str, Any]:
        return {"version": 1, "deal_id": self.deal_id, "game": self.game,
                "played_at": self.played_at, "level": self.level, "players": self.players,
                "moves": self.moves, "outcome": self.outcome, "score": self.score,
                "surrendered": self.surrendered, "xp": self.xp, "assisted": self.assisted,
                "result": list(self.result) if self.result is not None else None,
                "replay": self.replay}

    @classmethod
    def from_dict(cls, d: Any) -> Record:
        """A record from loaded JSON, every value within :data:`BOUNDS`; raises
        ValueError when it is damaged."""
        if not isinstance(d, dict) or d.get("version") != 1:
            raise ValueError("it is not a finished deal of this version")
        deal_id = d.get("deal_id")
        if type(deal_id) is not str or not _ID.fullmatch(deal_id):
            raise ValueError("its deal id is damaged")

        def whole(key: str, lo: int, hi: int) -> int:
            v = d.get(key)
            if type(v) is not int or not lo <= v <= hi:
                raise ValueError(f"its {key} is not a whole number from {lo} to {hi}")
            return v

        score = d.get("score")
        if isinstance(score, bool) or not isinstance(score, (int, float)) \
                or not abs(score) <= MAX_SCORE:
            raise ValueError("its score is out of range")
        result = d.get("result")
        if result is not None:
            if not isinstance(result, list) or len(result) > 8 or not all(
                    type(x) in (int, float) and abs(x) <= MAX_SCORE for x in result):
                raise ValueError("its result is damaged")
            result = tuple(float(x) for x in result)
        outcome = d.get("outcome")
        if outcome not in OUTCOMES:
            raise ValueError("its outcome is damaged")
        if type(d.get("surrendered")) is not bool:
            raise ValueError("its surrender flag is damaged")
        if type(d.get("assisted", False)) is not bool:
            raise ValueError("its help flag is damaged")
        replay = d.get("replay")
        if replay is not None and (type(replay) is not str or len(replay) > MAX_REPLAY):
            raise ValueError("its replay is damaged")
        return cls(deal_id, _short(d.get("game"), "its game"),
                   _short(d.get("played_at"), "its date"), _short(d.get("level"), "its level"),
                   whole("players", 1, 8), whole("moves", 0, MAX_MOVES), str(outcome),
                   float(score) + 0.0, bool(d["surrendered"]), whole("xp", 0, MAX_DEAL_XP),
                   result, bool(d.get("assisted", False)), replay)


def make_record(game: str, level: str, players: int, moves_count: int, outcome: str,
                score: float, deal_id: str, surrendered: bool = False,
                result: Sequence[float] | None = None,
                opponent_levels: Sequence[str] | None = None,
                played_at: str | None = None, assisted: bool = False,
                replay: str | None = None) -> Record:
    """The record of a finished (or surrendered) deal, its XP and date fixed now (a row
    inserted later, after a lock, keeps the time the deal ended).  ``outcome`` is the
    human's "win", "draw" or "loss"; a surrender is a loss without XP."""
    if surrendered or outcome not in OUTCOMES:
        outcome = "loss"
    xp = xp_for(outcome, level, surrendered, opponent_levels, assisted)
    value = float(score)
    value = min(MAX_SCORE, max(-MAX_SCORE, value)) + 0.0 if math.isfinite(value) else 0.0
    points = None
    if result:
        points = tuple(min(MAX_SCORE, max(-MAX_SCORE, float(x))) if math.isfinite(float(x))
                       else 0.0 for x in list(result)[:8])
    return Record(str(deal_id), str(game)[:40] or "?", played_at or _now(),
                  str(level)[:40] or "?", min(8, max(1, int(players))),
                  min(MAX_MOVES, max(0, int(moves_count))), outcome, value,
                  bool(surrendered), min(MAX_DEAL_XP, xp), points, bool(assisted),
                  replay if replay is not None and len(replay) <= MAX_REPLAY else None)


def store(records: Sequence[Record], timeout: float = WRITE_TIMEOUT,
          folder: Path | None = None) -> tuple[str, dict[str, int]]:
    """Insert ``records`` in one transaction, each once by its deal id: ``(OK, the XP
    each one has in the history)``, or ``(BUSY, {})`` when another program holds the
    database past ``timeout``, or ``(FAILED, {})`` when the disk says no."""
    path = (folder / DB_NAME) if folder is not None else db_path()

    def insert(con: sqlite3.Connection) -> dict[str, int]:
        stored: dict[str, int] = {}
        con.execute("BEGIN IMMEDIATE")
        try:
            for r in records:
                cur = con.execute(
                    "INSERT INTO deals (deal_id, game, played_at, level, players, moves,"
                    " outcome, score, surrendered, xp, assisted, result, replay)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
                    " ON CONFLICT (deal_id) DO NOTHING", r.row())
                if cur.rowcount == 1:
                    stored[r.deal_id] = r.xp
                    continue
                got = con.execute("SELECT xp FROM deals WHERE deal_id = ?",
                                  (r.deal_id,)).fetchone()
                old = got[0] if got else None
                stored[r.deal_id] = (old if type(old) is int and 0 <= old <= MAX_DEAL_XP
                                     else r.xp)
            con.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                con.execute("ROLLBACK")
            raise
        return stored

    if not records:
        return OK, {}
    status, value = _call(insert, path, timeout, read=False)
    return status, value if value is not None else {}


def record_deal(game: str, level: str, players: int, moves_count: int, outcome: str,
                score: float, deal_id: str, surrendered: bool = False,
                result: Sequence[float] | None = None,
                opponent_levels: Sequence[str] | None = None,
                played_at: str | None = None, assisted: bool = False,
                replay: str | None = None) -> int:
    """Record a finished (or surrendered) deal once, by ``deal_id``, waiting for a lock as
    long as :data:`WRITE_TIMEOUT` (tools, tests: a table goes through the outbox); return
    its XP for the result panel (the XP stored the first time when the deal was already
    recorded).  A surrender is recorded as a loss without XP, whatever ``outcome`` says."""
    rec = make_record(game, level, players, moves_count, outcome, score, deal_id,
                      surrendered, result, opponent_levels, played_at, assisted, replay)
    _, stored = store([rec])
    return stored.get(rec.deal_id, rec.xp)


# ----- deals on their way (the outbox) ------------------------------------------------------
def _folder_key(folder: Path | None) -> str:
    return str(folder if folder is not None else files.home())


def hold(record: Record, folder: Path | None = None) -> None:
    """Count ``record`` in every read from now on, until :func:`release` (it is on its way
    to the database through the outbox)."""
    with _held_lock:
        _held.setdefault(_folder_key(folder), {})[record.deal_id] = record


def kept(deal_id: str, folder: Path | None = None) -> None:
    """The held deal's outbox file is on disk: it survives a kill from now on."""
    with _held_lock:
        _kept.setdefault(_folder_key(folder), set()).add(deal_id)


def release(deal_id: str, folder: Path | None = None) -> None:
    """The held deal is in the database (or its folder is no longer ours)."""
    key = _folder_key(folder)
    with _held_lock:
        _held.get(key, {}).pop(deal_id, None)
        _kept.get(key, set()).discard(deal_id)


def held(folder: Path | None = None) -> list[Record]:
    """The deals of the data folder that are counted but not yet in the database."""
    with _held_lock:
        return list(_held.get(_folder_key(folder), {}).values())


def _prepare(con: sqlite3.Connection, waiting: list[Record]) -> None:
    """On this connection, ``counted``: the rows within :data:`BOUNDS` and the held deals
    not yet among them (each deal once, whenever the outbox's insert lands)."""
    con.execute("CREATE TEMP TABLE held (id INTEGER, deal_id TEXT, game TEXT,"
                " played_at TEXT, level TEXT, players INTEGER, moves INTEGER, outcome TEXT,"
                " score REAL, surrendered INTEGER, xp INTEGER, assisted INTEGER)")
    con.executemany("INSERT INTO temp.held VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(_HELD_ID + i, *r.row()[:11]) for i, r in enumerate(waiting)])
    con.execute("CREATE TEMP TABLE held_replays (deal_id TEXT)")
    con.executemany("INSERT INTO temp.held_replays VALUES (?)",
                    [(r.deal_id,) for r in waiting if r.replay is not None])
    con.execute(f"CREATE TEMP VIEW counted AS SELECT {_COLUMNS} FROM main.deals"
                f" WHERE {BOUNDS} UNION ALL SELECT {_COLUMNS} FROM temp.held"
                " WHERE deal_id NOT IN (SELECT deal_id FROM main.deals)")


def _counted(fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
    """``fn`` reading ``counted`` in one snapshot of the database (held deals taken
    first, so a deal the outbox inserts meanwhile is counted once either way)."""
    waiting = held()

    def run(con: sqlite3.Connection) -> T:
        _prepare(con, waiting)
        con.execute("BEGIN")
        try:
            return fn(con)
        finally:
            with contextlib.suppress(sqlite3.Error):
                con.execute("COMMIT")
    return run


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
    """Whether the history has this deal (in the database, or held on its way there)."""
    if any(r.deal_id == deal_id for r in held()):
        return True
    return _run(lambda con: con.execute("SELECT 1 FROM deals WHERE deal_id = ?",
                                        (deal_id,)).fetchone() is not None, False, True)


def recorded(deal_id: str, folder: Path | None = None) -> bool:
    """Whether the deal is safe on disk: in the database, or in its outbox file."""
    with _held_lock:
        if deal_id in _kept.get(_folder_key(folder), set()):
            return True
    path = (folder / DB_NAME) if folder is not None else db_path()
    status, found = _call(lambda con: con.execute("SELECT 1 FROM deals WHERE deal_id = ?",
                                                  (deal_id,)).fetchone() is not None,
                          path, READ_TIMEOUT, True)
    return status == OK and bool(found)


def _count(con: sqlite3.Connection, game: str | None) -> int:
    if game is None:
        return int(con.execute("SELECT COUNT(*) FROM counted").fetchone()[0])
    return int(con.execute("SELECT COUNT(*) FROM counted WHERE game = ?",
                           (game,)).fetchone()[0])


def count_deals(game: str | None = None) -> int:
    return _run(_counted(lambda con: _count(con, game)), 0, True)


def _deals(con: sqlite3.Connection, game: str, limit: int, offset: int) -> list[DealRow]:
    rows = con.execute(
        "SELECT played_at, level, outcome, score, surrendered, moves, players, xp, assisted,"
        " deal_id FROM counted WHERE game = ? ORDER BY id DESC LIMIT ? OFFSET ?",
        (game, min(10_000, max(0, limit)), max(0, offset))).fetchall()
    # which of them can be replayed: asked of these rows only (a question over the whole
    # table would read every journal)
    ids = [r[9] for r in rows]
    replayable: set[Any] = set()
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ",".join("?" * len(chunk))
        replayable.update(r[0] for r in con.execute(
            f"SELECT deal_id FROM main.deals WHERE deal_id IN ({marks})"
            " AND replay IS NOT NULL UNION SELECT deal_id FROM temp.held_replays"
            f" WHERE deal_id IN ({marks})", chunk + chunk))
    return _rows(lambda a, b, c, d, e, f, g, h, i, j: DealRow(
        _s(a), _s(b), _s(c), _f(d), bool(e), _i(f), _i(g), _i(h), bool(i), _s(j),
        j in replayable), rows)


def replay_text(deal_id: str) -> str | bytes | None:
    """The stored journal of ``deal_id`` as kept, unchecked (read it through
    ``saves.stored_journal``), or None: a row from before replays were kept, or one the
    history cannot read now."""
    for r in held():
        if r.deal_id == deal_id:
            return r.replay

    def read(con: sqlite3.Connection) -> Any:
        got = con.execute("SELECT replay FROM deals WHERE deal_id = ?", (deal_id,)).fetchone()
        return got[0] if got else None
    text = _run(read, None, True)
    return text if text is None or isinstance(text, (str, bytes)) else str(text)


def replay_of(deal_id: str) -> dict[str, Any] | None:
    """What replays ``deal_id`` exactly (its journal, as a save holds it), or None: a row
    from before replays were kept, one the history cannot read now, or one that is not
    JSON (``saves.stored_journal`` says why)."""
    return _replay_dict(replay_text(deal_id))


def _replay_dict(text: Any) -> dict[str, Any] | None:
    try:
        d = files.parse_json(text, MAX_REPLAY)
    except ValueError:
        return None
    return d if isinstance(d, dict) else None


def review_of(deal_id: str) -> dict[str, Any] | None:
    """The cached review of ``deal_id`` (``Review.to_dict()``), or None: none kept, or
    the history cannot be read now (waits no longer than any read; never raises)."""
    if type(deal_id) is not str or not _ID.fullmatch(deal_id):
        return None

    def read(con: sqlite3.Connection) -> Any:
        got = con.execute("SELECT review FROM reviews WHERE deal_id = ?",
                          (deal_id,)).fetchone()
        return got[0] if got else None
    try:
        return _replay_dict(_run(read, None, True))
    except Exception as exc:  # never let the history stop the game
        log.warning("history: cannot read a review: %s", exc)
        return None


def store_review(deal_id: str, data: dict[str, Any]) -> bool:
    """Keep ``data`` (``Review.to_dict()``) as the review of ``deal_id``, replacing an
    older one: True when it is on disk.  A lock held past the read timeout, a full disk
    or data that is not JSON just say False (the review is made again next time)."""
    if type(deal_id) is not str or not _ID.fullmatch(deal_id) or not isinstance(data, dict):
        return False
    try:
        text = json.dumps(data, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return False
    if len(text) > MAX_REVIEW:
        return False

    def write(con: sqlite3.Connection) -> bool:
        con.execute("INSERT INTO reviews (deal_id, review) VALUES (?, ?)"
                    " ON CONFLICT (deal_id) DO UPDATE SET review = excluded.review",
                    (deal_id, text))
        return True
    try:
        return bool(_run(write, False, timeout=READ_TIMEOUT))
    except Exception as exc:  # never let the history stop the game
        log.warning("history: cannot keep a review: %s", exc)
        return False


def deals(game: str, limit: int = 50, offset: int = 0) -> list[DealRow]:
    """Past deals of ``game``, the latest first."""
    return _run(_counted(lambda con: _deals(con, game, limit, offset)), [], True)


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


def _stats(con: sqlite3.Connection, game: str) -> list[LevelStats]:
    """The figures of each level from the deals played without help; the deals played
    with help are only counted (a level with nothing else shows them alone)."""
    helped = {_s(a): _i(b) for a, b in con.execute(ASSISTED_SQL, {"game": game}).fetchall()}
    out = _rows(lambda a, b, c, d, e, f, g: LevelStats(
        _s(a), _i(b), _i(c), _i(d), _i(e), _i(f), _f(g), helped.pop(_s(a), 0)),
        con.execute(STATS_SQL, {"game": game}).fetchall())
    out += [LevelStats(level, 0, 0, 0, 0, 0, 0.0, n) for level, n in helped.items()]
    rank = {name: i for i, name in enumerate(LEVEL_ORDER)}
    return sorted(out, key=lambda st: (rank.get(st.level, len(rank)), st.level))


def stats(game: str) -> list[LevelStats]:
    """Per level of ``game``: deals, wins, draws, losses, best win streak, average score
    of the deals played without help, and how many were played with help."""
    return _run(_counted(lambda con: _stats(con, game)), [], True)


def _xp(con: sqlite3.Connection) -> int:
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


def _profile_of(xp: int | None) -> Profile:
    """The profile read now, or while the history is busy the one read last."""
    key = str(db_path())
    if xp is None:
        return _last_profile.get(key) or profile_for(0)
    p = _last_profile[key] = profile_for(xp)
    return p


def profile() -> Profile:
    """The player's XP and level (for the menu corner); while another program holds the
    history locked, the one read last (and :func:`busy` is true)."""
    return _profile_of(_run(_counted(_xp), None, True))


@dataclass(frozen=True)
class Overview:
    """What the History screen shows of one game, read in one go."""

    profile: Profile
    stats: list[LevelStats]
    total: int
    rows: list[DealRow]
    busy: bool = False
    latest: list[DealRow] = field(default_factory=list)   # the chart's, the latest first
    offset: int = 0                                        # of ``rows`` in the whole list


def overview(game: str, limit: int = 50, offset: int = 0, latest: int = 0) -> Overview:
    """The profile, ``game``'s statistics, its number of deals, ``limit`` of them from
    the ``offset``-th latest on, and the ``latest`` ones (for the chart), in one snapshot
    and one bounded wait; ``busy`` (and nothing but the profile read last) while another
    program holds the history locked.  Each part reads an index, not the journals
    (50,000 deals: about 0.1 s), yet the History screen calls it off the window's
    thread."""
    def q(con: sqlite3.Connection) -> Overview:
        if offset <= 0:             # the page and the chart's deals in one read
            first = _deals(con, game, max(limit, latest), 0)
            rows, top = first[:limit], first[:latest]
        else:
            rows = _deals(con, game, limit, offset)
            top = _deals(con, game, latest, 0) if latest > 0 else []
        return Overview(profile_for(_xp(con)), _stats(con, game), _count(con, game),
                        rows, latest=top, offset=max(0, offset))
    got = _run(_counted(q), None, True)
    if got is None:
        return Overview(_profile_of(None), [], 0, [], busy=busy())
    _profile_of(got.profile.xp)
    return got


def integrity_ok() -> bool:
    """``PRAGMA integrity_check`` on the database file as it is (tests, diagnostics): no
    damage, as :func:`_open` judges it (a row that breaks a CHECK is refused, not damage)."""
    path = db_path()
    if not path.exists():
        return True
    con = sqlite3.connect(path, timeout=10)
    try:
        faults = [str(r[0]) for r in con.execute("PRAGMA integrity_check(100)")]
    finally:
        con.close()
    return all(f == "ok" or _ROW_FAULT.match(f) for f in faults)
