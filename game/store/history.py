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

This module opens the file and answers; beside it, :mod:`~game.store.history_schema` (the
file format: version, migrations, bounds), :mod:`~game.store.history_records` (the values
kept and given back) and :mod:`~game.store.history_queries` (the reads over an open
connection).  Their public names are importable from here.
"""
from __future__ import annotations

import contextlib
import json
import logging
import math
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from game.store import files

# the file format, the values and the reads live beside this module; their names are
# importable from here, where callers use them
from game.store.history_queries import (
    count_rows,
    deal_rows,
    level_stats,
    numbered_deal,
    prepare_counted,
    total_xp,
)
from game.store.history_records import (
    BASE_XP,
    DEAL_ID,
    DIFFICULTY,
    LEVEL_ORDER,
    MAX_REPLAY,
    OUTCOMES,
    DealRow,
    LevelStats,
    Overview,
    Profile,
    Record,
    make_record,
    xp_for,
)
from game.store.history_schema import (
    BOUNDS,
    DB_NAME,
    MAX_DEAL_XP,
    MAX_MOVES,
    MAX_SCORE,
    MAX_XP,
    MIGRATIONS,
    ROW_FAULT,
    SCHEMA_VERSION,
    Damaged,
    mend_totals,
    migrate,
)

__all__ = [
    "BASE_XP", "BOUNDS", "BUSY", "CHECK_APART_AFTER", "CHECK_AT_ONCE_BYTES", "DB_NAME",
    "DIFFICULTY", "FAILED", "LEVEL_ORDER", "MAX_DEAL_XP", "MAX_MOVES", "MAX_REPLAY",
    "MAX_REVIEW", "MAX_SCORE", "MAX_XP", "MIGRATIONS", "OK", "OUTCOMES", "READ_TIMEOUT",
    "SCHEMA_VERSION", "WRITE_TIMEOUT", "Damaged", "DealRow", "LevelStats", "Overview",
    "Profile", "Record", "busy", "count_deals", "db_path", "deals", "forget_checks",
    "has_deal", "held", "hold", "integrity_ok", "kept", "level_start", "make_record",
    "overview", "profile", "profile_for", "record_deal", "recorded", "release",
    "replay_of", "replay_text", "review_of", "stats", "store", "store_review",
    "take_message", "xp_for",
]

#: a read on the UI thread waits at most this long for another program's lock (seconds)
READ_TIMEOUT = 0.05
#: a direct :func:`record_deal` (tools, tests) waits this long; the outbox waits less
WRITE_TIMEOUT = 10.0
#: a database up to this size is checked whole when first opened; a larger one is checked
#: by a thread of its own, so that start-up does not grow with the history (what the check
#: finds is acted on at the next use, as if found at once)
CHECK_AT_ONCE_BYTES = 16_000_000
#: ... and that thread starts this long after, so that it does not slow the window's start
CHECK_APART_AFTER = 5.0
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
            migrate(con)
            mend_totals(con)
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
    damage = [f for f in faults if f != "ok" and not ROW_FAULT.match(f)]
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
                    return OK, value   # type: ignore[return-value]  # object: fn's T
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
    return value if status == OK else default   # type: ignore[return-value]  # OK: a T


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


# ----- a finished deal ------------------------------------------------------------------------
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


def _counted(fn: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
    """``fn`` reading ``counted`` in one snapshot of the database (held deals taken
    first, so a deal the outbox inserts meanwhile is counted once either way)."""
    waiting = held()

    def run(con: sqlite3.Connection) -> T:
        prepare_counted(con, waiting)
        con.execute("BEGIN")
        try:
            return fn(con)
        finally:
            with contextlib.suppress(sqlite3.Error):
                con.execute("COMMIT")
    return run


# ----- reading ------------------------------------------------------------------------------
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


def count_deals(game: str | None = None) -> int:
    return _run(_counted(lambda con: count_rows(con, game)), 0, True)


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


def deal_numbered(game: str, number: int) -> str | None:
    """The id of the latest deal of ``game`` kept with its replay whose number, as
    History shows it, is ``number`` (None: no such deal, or the history cannot be read
    now)."""
    return _run(_counted(lambda con: numbered_deal(con, game, number)), None, True)


def review_of(deal_id: str) -> dict[str, Any] | None:
    """The cached review of ``deal_id`` (``Review.to_dict()``), or None: none kept, or
    the history cannot be read now (waits no longer than any read; never raises)."""
    if type(deal_id) is not str or not DEAL_ID.fullmatch(deal_id):
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
    if type(deal_id) is not str or not DEAL_ID.fullmatch(deal_id) or not isinstance(data, dict):
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
    return _run(_counted(lambda con: deal_rows(con, game, limit, offset)), [], True)


def stats(game: str) -> list[LevelStats]:
    """Per level of ``game``: deals, wins, draws, losses, best win streak, average score
    of the deals played without help, and how many were played with help."""
    return _run(_counted(lambda con: level_stats(con, game)), [], True)


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
    return _profile_of(_run(_counted(total_xp), None, True))


def overview(game: str, limit: int = 50, offset: int = 0, latest: int = 0) -> Overview:
    """The profile, ``game``'s statistics, its number of deals, ``limit`` of them from
    the ``offset``-th latest on, and the ``latest`` ones (for the chart), in one snapshot
    and one bounded wait; ``busy`` (and nothing but the profile read last) while another
    program holds the history locked.  Each part reads an index, not the journals
    (50,000 deals: about 0.1 s), yet the History screen calls it off the window's
    thread."""
    def q(con: sqlite3.Connection) -> Overview:
        if offset <= 0:             # the page and the chart's deals in one read
            first = deal_rows(con, game, max(limit, latest), 0)
            rows, top = first[:limit], first[:latest]
        else:
            rows = deal_rows(con, game, limit, offset)
            top = deal_rows(con, game, latest, 0) if latest > 0 else []
        return Overview(profile_for(total_xp(con)), level_stats(con, game), count_rows(con, game),
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
    return all(f == "ok" or ROW_FAULT.match(f) for f in faults)
