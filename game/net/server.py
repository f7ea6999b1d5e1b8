"""The table server: the authority over every shared deal (``cardclub serve``).

One asyncio loop serves every connection (``websockets``).  Each table is a
:class:`~game.net.tables.Table`; a move is accepted only from the seat to act, with that
seat's token, at the position it was made for, and only if the engine allows it.

**Never ahead of the disk**: a move (a seat taken, a table hosted) is first written to the
table's file (the store's atomic write, on a thread) and only then played and announced,
so a killed server restarts with every move anyone heard of, and none they did not.  A
write that fails changes nothing: the table stays at its last written move, every seat is
told in words (``paused``), its computers stop, and the server tries the write again
with growing pauses until it works; then every seat gets the position again.

Computers decide on a pool of worker threads, never on the loop, so a hard computer at
one table does not hold up moves at another; their randomness is the server's secret, as
is each deal's number (drawn from ``secrets``, told only once the deal is over).  A friend
who drops out has ``grace`` seconds to come back (same code and token) before the
computer plays for them; they get their seat back whenever they return.  The host leaving
(a ``leave`` message) closes the table for everyone.

Limits (:class:`~game.net.limits.Limits`): message size, messages per second per
connection, connections and waiting tables per client address, tables hosted per
connection, wrong codes per address across reconnects, a table waiting for friends
expires, idle and handshake timeouts, tables and connections per server (below the
open-file limit).  A connection that breaks them gets an error in words; the other
connections never notice.  The log counts (one line a minute), never one line a
connection.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.rules import Move
from game.store import files

from . import protocol as P
from .limits import (
    AcceptErrors,
    Addresses,
    Limits,
    Tally,
    address_of,
    connection_cap,
    raise_file_limit,
)
from .store import Elsewhere, FolderStore, Lost, TableStore
from .tables import HOST, Table, new_code, new_token

log = logging.getLogger("cardclub.net")

#: the default grace period of a friend who dropped out (seconds)
GRACE = 30.0
#: messages waiting to go to one connection before it is judged too slow and closed
MAX_OUTGOING = 512
#: threads writing tables' files (an fsync waits on the disk, not the CPU)
WRITERS = 8
#: a table whose file cannot be written tries again after this, doubling up to the most
RETRY_FIRST = 0.25
RETRY_MOST = 5.0
#: what every seat of such a table is told
DISK_MESSAGE = "The server cannot save right now; the table waits."
#: a finished or closed table with no one connected is forgotten after this (seconds)
KEEP_FINISHED = 600.0
#: a server stopping sends what it had queued for each connection first, for at most
#: this long (a host's leaving: every friend hears that the table is closed)
DRAIN = 2.0


@dataclass(eq=False)
class Conn:
    """One client connection: its table and seat once seated, its rate allowance."""

    ws: ServerConnection
    address: str = "?"
    code: str | None = None
    seat: int | None = None
    hosted: int = 0
    allowance: float = float(P.RATE_BURST)
    last: float = field(default_factory=time.monotonic)
    strikes: int = 0
    close_code: int = 1000
    out: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(MAX_OUTGOING))

    def allow(self) -> bool:
        """One more message within the rate limit (a token bucket)?"""
        now = time.monotonic()
        self.allowance = min(float(P.RATE_BURST),
                             self.allowance + (now - self.last) * P.RATE_PER_SECOND)
        self.last = now
        if self.allowance < 1.0:
            self.strikes += 1
            return False
        self.allowance -= 1.0
        return True

    def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg`` for this connection (never waits); a connection too slow to take
        its messages is closed."""
        try:
            self.out.put_nowait(P.encode(msg))
        except asyncio.QueueFull:
            self.close_code = 1008
            with contextlib.suppress(asyncio.QueueFull):
                self.out.get_nowait()
                self.out.put_nowait(None)     # tells the writer to close


class Server:
    """Every table of one server process, and its connections."""

    def __init__(self, folder: Path | None, *, grace: float = GRACE, pace: float = 1.0,
                 workers: int = 2, limits: Limits | None = None, allow_seed: bool = False,
                 writer: Callable[[Path, bytes], object] | None = None,
                 store: TableStore | None = None, shard: str = "") -> None:
        """``folder``: the tables' files (a :class:`FolderStore`, its write replaced by
        ``writer`` in tests), unless ``store`` keeps them elsewhere (a database)."""
        self.folder = folder
        #: a host may name the deal's number (tests, tools): never where friends play for
        #: real, since whoever knows the number knows every card
        self.allow_seed = allow_seed
        self.limits = limits or Limits()
        self.addresses = Addresses(self.limits)
        self.max_connections = self.limits.max_connections
        self.tally = Tally()
        self.store = store or FolderStore(folder, self.limits, writer)
        #: the first character of every code this server mints (a cluster's proxy sends
        #: the connections for a code to the server it names); "" for any
        self.shard = shard
        self.connections = 0
        self.grace = grace
        self.pace = pace
        self.tables: dict[str, Table] = {}
        self.creating: set[str] = set()      # codes of tables being written for the first time
        self.locks: dict[str, asyncio.Lock] = {}
        self.watchers: dict[str, dict[int, Conn]] = {}
        self.pool = ThreadPoolExecutor(max_workers=max(1, workers),
                                       thread_name_prefix="cardclub-computer")
        # the tables' writes: many at once, so the disk joins their flushes together
        self.disk = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="cardclub-disk")
        self.port = 0
        self.moves = 0
        self._server: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()
        #: set by :meth:`close`: no task is started after it (a computer's decision
        #: cancelled there would start the next one, never to run)
        self._closing = False
        self.conns: set[Conn] = set()

    # ----- starting ----------------------------------------------------------------------
    def load(self) -> int:
        """The tables the store holds from the start (a folder: every file in it)."""
        for table in self.store.load():
            self._hold(table)
        return len(self.tables)

    def _hold(self, table: Table) -> None:
        """Hold ``table`` from now on (loaded): its friends count as away until they
        come back."""
        now = time.monotonic()
        for s in table.seats:
            if s.taken:
                s.away_since = now
        self.tables[table.code] = table

    def _watch_away(self, table: Table) -> None:
        """Start the grace periods of a loaded table's friends, and its computers."""
        for seat, s in enumerate(table.seats):
            if s.taken and not s.connected:
                self._later(self.grace, self._grace_over, table.code, seat, s.away_since)
        self.kick(table)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Load the tables, listen; the port listened on."""
        self.load()
        self.max_connections = connection_cap(self.limits.max_connections, raise_file_limit())
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(AcceptErrors(self.tally, loop.get_exception_handler()))
        self._server = await serve(self.handler, host, port, max_size=P.MAX_MESSAGE,
                                   compression=None, max_queue=32,
                                   open_timeout=self.limits.handshake or None,
                                   logger=CountingLog(self.tally),
                                   process_request=health)
        sock = next(iter(self._server.sockets))
        self.port = int(sock.getsockname()[1])
        for table in list(self.tables.values()):
            self._watch_away(table)
        self._spawn(self._sweep())
        if self.store.shared:
            self._spawn(renew_leases(self))
        return self.port

    async def drain(self, timeout: float = DRAIN) -> None:
        """Wait (at most ``timeout``) until what every connection was told has gone."""
        deadline = time.monotonic() + timeout
        while (any(not c.out.empty() for c in self.conns)
               and time.monotonic() < deadline):
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        await self.drain()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._closing = True
        for t in list(self._tasks):
            t.cancel()
        for code in list(self.tables):      # (a cluster: another server may take them now)
            with contextlib.suppress(Exception):
                await self._io(self.store.release, code)
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.disk.shutdown(wait=True)
        self.store.close()
        self.tally.flush(force=True)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        if self._closing:
            coro.close()                  # never started: nothing to await
            return
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        asyncio.get_running_loop().call_later(delay, fn, *args)

    # ----- a connection ------------------------------------------------------------------
    async def handler(self, ws: ServerConnection) -> None:
        address = address_of(ws.remote_address,
                             ws.request.headers.get("X-Forwarded-For") if ws.request else None,
                             self.limits.trust_proxy, self.limits.proxies)
        if self.connections >= self.max_connections:
            self.tally.add("connections refused: server full")
            await ws.close(1013, "the server is full; try again later")
            return
        if not self.addresses.connect(address):
            self.tally.add("connections refused: too many from one address")
            await ws.close(1013, "too many connections from your address; try again later")
            return
        self.connections += 1
        try:
            await self._serve(ws, address)
        finally:
            self.connections -= 1
            self.addresses.disconnect(address)

    async def _serve(self, ws: ServerConnection, address: str) -> None:
        conn = Conn(ws, address)
        self.conns.add(conn)
        writer = asyncio.ensure_future(self._writer(conn))
        closing = False
        try:
            while True:     # (read to the end, so the closing handshake is heard)
                try:
                    raw = await self._receive(conn, closing)
                except TimeoutError:      # seated nowhere, silent: the handle goes back
                    self.tally.add("idle connections closed")
                    conn.send(P.error("idle", "closed after a silence"))
                    closing = self._close(conn, 1000)
                    continue
                if closing:
                    continue
                if not conn.allow():
                    conn.send(P.error("rate"))
                    if conn.strikes > P.RATE_STRIKES:     # policy violation: closed
                        self.tally.add("connections closed for flooding")
                        closing = self._close(conn)
                    continue
                try:
                    if not isinstance(raw, str):
                        raise P.ProtocolError("bad_json", "messages are text frames",
                                              fatal=True)
                    msg = P.check_client(P.parse(raw))
                    await self.dispatch(conn, msg)
                except P.ProtocolError as exc:
                    self.tally.add(f"refused: {exc.code}")
                    conn.send(P.error(exc.code, str(exc)))
                    if exc.fatal:
                        closing = self._close(conn, 1003 if isinstance(raw, bytes) else 1008)
                except Exception:   # a bug met by one message: that connection only
                    log.exception("message refused")
                    conn.send(P.error("bad_message", "the server could not handle it"))
        except ConnectionClosed:
            pass
        finally:
            self.gone(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.out.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            self.conns.discard(conn)

    async def _receive(self, conn: Conn, closing: bool) -> str | bytes:
        """The next frame; TimeoutError after :attr:`Limits.idle` seconds of silence from
        a connection seated nowhere (a seated one may wait for its friends for long: the
        WebSocket's own pings find a dead one)."""
        if conn.code is None and not closing and self.limits.idle > 0:
            return await asyncio.wait_for(conn.ws.recv(), self.limits.idle)
        return await conn.ws.recv()

    def _close(self, conn: Conn, code: int = 1008) -> bool:
        """Close ``conn`` (for breaking the rules: 1008), once what it was told has gone."""
        conn.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            conn.out.put_nowait(None)
        self.gone(conn)
        return True

    async def _writer(self, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await conn.out.get()
                if text is None:
                    await conn.ws.close(conn.close_code)
                    return
                await conn.ws.send(text)

    async def dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong", **({"id": msg["id"]} if "id" in msg else {})})
        elif kind == "host":
            await self._host(conn, msg)
        elif kind == "join":
            await self._join(conn, msg)
        elif kind == "resume":
            await self._resume(conn, msg)
        elif kind == "move":
            await self._move(conn, msg)
        elif kind == "leave":
            await self._leave(conn)

    def _seated(self, conn: Conn, table: Table, seat: int, token: str) -> None:
        old = self.watchers.setdefault(table.code, {}).get(seat)
        if old is not None and old is not conn:     # the same seat from a new connection
            old.code = old.seat = None
            old.send(P.error("bad_token", "this seat was taken up by a new connection"))
            with contextlib.suppress(asyncio.QueueFull):
                old.out.put_nowait(None)
        self.watchers[table.code][seat] = conn
        conn.code, conn.seat = table.code, seat
        s = table.seats[seat]
        s.connected, s.away_since, s.standin = True, None, False
        conn.send({"type": "joined", "code": table.code, "seat": seat, "token": token,
                   "game": table.key, "players": len(table.seats), "host": seat == HOST,
                   "grace": self.grace})

    # ----- the store ----------------------------------------------------------------------
    async def _io(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on a disk thread (the store's calls block)."""
        return await asyncio.get_running_loop().run_in_executor(self.disk, fn, *args)

    async def _kept(self, table: Table, change: Callable[..., None], *args: Any) -> bool:
        """Have the store keep a change of ``table``: True once kept.  False when it
        failed: the table, unchanged, waits (see :meth:`_halt`), or is another
        server's now (it is let go)."""
        try:
            await self._io(change, table, *args)
        except Lost:
            self._let_go(table, "the table moved to another server")
            return False
        except Exception as exc:      # a full or read-only disk, the database away …
            if self.tables.get(table.code) is table:
                self._halt(table, exc)
            return False
        return True

    def _halt(self, table: Table, exc: BaseException) -> None:
        """A change could not be kept: every seat is told, the computers stop, and the
        store is tried again until it works (:meth:`_retry`)."""
        first = table.halted is None
        table.halted = files.reason(exc)
        self.tally.add("writes failed")
        if first:
            log.warning("table %s: its changes cannot be kept (%s); it waits", table.code,
                        table.halted)
            self._each(table, lambda s: {"type": "paused", "reason": "disk",
                                         "message": DISK_MESSAGE})
            self._spawn(self._retry(table))

    async def _retry(self, table: Table) -> None:
        """Try the store with the table as it stands (its last kept move) until it
        works; then every seat gets the position again and the deal goes on."""
        pause = RETRY_FIRST
        while self.tables.get(table.code) is table and not table.closed:
            await asyncio.sleep(pause)
            pause = min(RETRY_MOST, pause * 2)
            async with self._lock(table.code):
                if table.halted is None:
                    return
                try:
                    await self._io(self.store.probe, table)
                except Lost:
                    self._let_go(table, "the table moved to another server")
                    return
                except Exception as exc:
                    table.halted = files.reason(exc)
                    continue
                table.halted = None
                log.warning("table %s: its changes are kept again; the deal goes on",
                            table.code)
                self._each(table, table.state_message)
            self.kick(table)
            return

    def _let_go(self, table: Table, why: str) -> None:
        """Forget a table another server holds now: its connections close (1012) so
        that they come back through the proxy to that server."""
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
        self.locks.pop(table.code, None)
        for c in list(self.watchers.pop(table.code, {}).values()):
            c.code = c.seat = None
            self._close(c, 1012)
        self.tally.add("tables handed to another server")
        log.info("table %s: %s", table.code, why)

    # ----- hosting, joining, moving ----------------------------------------------------------
    async def _host(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is not None:
            raise P.ProtocolError("already_seated")
        if len(self.tables) + len(self.creating) >= self.limits.max_tables:
            raise P.ProtocolError("server_full")
        if "seed" in msg and not self.allow_seed:
            raise P.ProtocolError("bad_message", "this server deals its own cards: no 'seed'")
        limits = self.limits
        if conn.hosted >= limits.hosts_per_connection:
            raise P.ProtocolError("limit", f"one connection may host {limits.hosts_per_connection}"
                                           " tables; connect again to host more")
        waiting = await self._io(self.store.waiting_from, conn.address, dict(self.tables))
        if waiting >= limits.waiting_per_address:
            raise P.ProtocolError("limit", f"{waiting} tables from your address wait for "
                                           "friends already; start or close one first")
        code = new_code(self.tables.keys() | self.creating, self.shard)
        try:
            table = Table.create(code, msg["game"], msg["seats"], players=msg.get("players"),
                                 seed=msg.get("seed"), name=msg.get("name", ""),
                                 standin=msg.get("standin"), folder=self.folder)
        except ValueError as exc:
            raise P.ProtocolError("bad_message", str(exc)[:200]) from exc
        table.host_address = conn.address
        self.creating.add(code)
        try:
            if not await self._kept(table, self.store.create, conn.address):
                raise P.ProtocolError("unavailable")
        finally:
            self.creating.discard(code)
        conn.hosted += 1
        self.tables[code] = table
        self.tally.add("tables hosted")
        self._seated(conn, table, HOST, str(table.seats[HOST].token))
        conn.send(table.state_message(HOST))
        self.kick(table)

    def _table(self, code: str) -> Table:
        table = self.tables.get(P.normal_code(code))
        if table is None or table.closed:
            raise P.ProtocolError("no_table")
        return table

    async def _find(self, conn: Conn, code: str) -> Table:
        """The open table ``code`` for a ``join`` or ``resume``: held here, or taken
        over from the store (a cluster); a code that matches none costs a guess."""
        code = P.normal_code(code)
        if code not in self.tables and self.store.shared:
            async with self._lock(code):
                if code not in self.tables:
                    try:
                        claimed = await self._io(self.store.claim, code)
                    except Elsewhere:
                        self.tally.add("connections sent to another server")
                        raise P.ProtocolError("elsewhere", fatal=True) from None
                    if claimed is not None:
                        self._hold(claimed)
                        self.tally.add("tables taken over")
                        self._watch_away(claimed)
        try:
            return self._table(code)
        except P.ProtocolError as exc:
            raise await self._wrong(conn, exc) from None

    def _lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def _guessing(self, conn: Conn) -> None:
        """Refuse (and close) an address that has tried too many codes or tokens that
        matched no seat, across all its connections (and, in a cluster, servers)."""
        if not await self._io(self.store.may_guess, conn.address):
            self.tally.add("guesses refused")
            raise P.ProtocolError("guesses", "too many codes from your address matched no "
                                             "table; wait a minute and try again", fatal=True)

    async def _wrong(self, conn: Conn, exc: P.ProtocolError) -> P.ProtocolError:
        await self._io(self.store.wrong_guess, conn.address)
        return exc

    async def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is not None:
            raise P.ProtocolError("already_seated")
        await self._guessing(conn)
        table = await self._find(conn, msg["code"])
        async with self._lock(table.code):
            if table.closed or self.tables.get(table.code) is not table:
                raise await self._wrong(conn, P.ProtocolError("no_table"))
            if table.halted is not None:
                raise P.ProtocolError("unavailable")
            try:
                seat = table.free_seat()
            except P.ProtocolError as exc:
                raise await self._wrong(conn, exc) from None
            token, name = new_token(), msg.get("name", "")
            if not await self._kept(table, self.store.seat, seat, token, name):
                raise P.ProtocolError("unavailable")
            was_started = table.started
            table.take_seat(seat, token, name)
        self._seated(conn, table, seat, token)
        if table.started and not was_started:      # the last friend: the deal begins
            self._each(table, table.state_message)
        else:
            conn.send(table.state_message(seat))
            self._tell_seats(table, but=seat)
        self.kick(table)

    async def _resume(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is not None:
            raise P.ProtocolError("already_seated")
        await self._guessing(conn)
        table = await self._find(conn, msg["code"])
        seat = table.seat_of(msg["token"])
        if seat is None:
            raise await self._wrong(conn, P.ProtocolError("bad_token"))
        self._seated(conn, table, seat, str(msg["token"]))
        conn.send(table.state_message(seat))
        if table.halted is not None:
            conn.send({"type": "paused", "reason": "disk", "message": DISK_MESSAGE})
        self._tell_seats(table, but=seat)

    async def _move(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is None or conn.seat is None:
            raise P.ProtocolError("not_seated")
        table = self._table(conn.code)
        seat = table.seat_of(msg["token"])
        if seat is None or seat != conn.seat:
            raise P.ProtocolError("bad_token")
        async with self._lock(table.code):
            move = table.check_move(seat, msg["move"], msg["n"])
            played = await self._apply(table, seat, move)
        if played:
            conn.allowance += 1.0     # an accepted move costs nothing: the game bounds them
        self.kick(table)

    async def _apply(self, table: Table, seat: int, move: Move) -> bool:
        """Keep, play, then tell every seat (under the table's lock); False when the
        store failed (nothing was played: the table waits)."""
        if not await self._kept(table, self.store.move, move):
            return False
        before, events = table.play(seat, move)
        self.moves += 1
        for s, c in list(self.watchers.get(table.code, {}).items()):
            c.send(table.update_message(s, seat, move, events, before[s]))
        return True

    async def _leave(self, conn: Conn) -> None:
        if conn.code is None or conn.seat is None:
            raise P.ProtocolError("not_seated")
        table = self._table(conn.code)
        seat = conn.seat
        if seat == HOST:
            async with self._lock(table.code):
                table.closed = True
                with contextlib.suppress(Exception):    # (a file left is swept at start)
                    await self._io(self.store.remove, table)
            self._closed(table, "host_left", "The host has left; the table is closed.")
            self.tally.add("tables closed by their host")
            return
        s = table.seats[seat]
        self.watchers.get(table.code, {}).pop(seat, None)
        conn.code = conn.seat = None
        s.connected, s.standin, s.away_since = False, True, time.monotonic()
        conn.send({"type": "left", "code": table.code})
        self._tell_seats(table)
        self.kick(table)

    def gone(self, conn: Conn) -> None:
        """A connection ended: its friend is away (the grace period starts)."""
        if conn.code is None or conn.seat is None:
            return
        code, seat = conn.code, conn.seat
        conn.code = conn.seat = None
        table = self.tables.get(code)
        if table is None or self.watchers.get(code, {}).get(seat) is not conn:
            return
        del self.watchers[code][seat]
        s = table.seats[seat]
        s.connected, s.away_since = False, time.monotonic()
        self._tell_seats(table)
        self._later(self.grace, self._grace_over, code, seat, s.away_since)

    def _grace_over(self, code: str, seat: int, since: float | None) -> None:
        table = self.tables.get(code)
        if table is None or since is None:
            return
        s = table.seats[seat]
        if s.connected or s.away_since != since:
            return
        s.standin = True
        self.tally.add("seats the computer took over")
        self._tell_seats(table)
        self.kick(table)

    def _each(self, table: Table, make: Callable[[int], dict[str, Any]]) -> None:
        for s, c in list(self.watchers.get(table.code, {}).items()):
            c.send(make(s))

    def _tell_seats(self, table: Table, but: int | None = None) -> None:
        msg = table.seats_message()
        for s, c in list(self.watchers.get(table.code, {}).items()):
            if s != but:
                c.send(msg)

    # ----- computers ---------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start the computer's decision if a computer is to act (one at a time)."""
        seat = table.computer_to_act()
        if seat is None or table.thinking is not None:
            return
        table.thinking = seat
        self._spawn(self._decide(table, seat))

    async def _decide(self, table: Table, seat: int) -> None:
        try:
            n = table.session.moves_played
            game = table.session.game
            obs, legal = game.observation(seat), game.legal_moves()
            bot = table.bot(seat)
            began = time.monotonic()
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(self.pool, bot.choose, obs, legal)
            wait = table.think_delay(seat) * self.pace - (time.monotonic() - began)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self._lock(table.code):
                if (table.closed or table.session.moves_played != n
                        or table.computer_to_act() != seat):
                    return
                await self._apply(table, seat, move)
        except Exception:
            log.exception("table %s: the computer's move failed", table.code)
        finally:
            table.thinking = None
            if self.tables.get(table.code) is table:
                self.kick(table)

    def _closed(self, table: Table, reason: str, words: str) -> None:
        """``table`` is closed: everyone at it is told, and the server forgets it."""
        table.closed = True
        for c in list(self.watchers.pop(table.code, {}).values()):
            c.send({"type": "closed", "reason": reason, "message": words})
            c.code = c.seat = None
        self.tables.pop(table.code, None)
        self.locks.pop(table.code, None)

    async def _sweep(self) -> None:
        """Forget finished or closed tables no one watches any more, close tables that
        waited for friends too long, keep the per-address counts bounded, write the
        log's counts."""
        expiry = self.limits.wait_expiry
        while True:
            await asyncio.sleep(min(30.0, max(0.05, expiry / 4)))
            now, wall = time.monotonic(), time.time()
            for code, table in list(self.tables.items()):
                if table.expired(expiry, wall):
                    self._closed(table, "expired", "No friend came in time; the table is "
                                                   "closed.")
                    self.tally.add("waiting tables expired")
                elif not ((table.session.is_over or table.closed)
                          and not self.watchers.get(code)
                          and now - table.touched > KEEP_FINISHED):
                    continue
                self.tables.pop(code, None)
                self.locks.pop(code, None)
                with contextlib.suppress(Exception):
                    await self._io(self.store.remove, table)
            with contextlib.suppress(Exception):     # (a shared store: every server's)
                if await self._io(self.store.sweep, expiry):
                    self.tally.add("waiting tables expired")
            self.addresses.forget_idle()
            with contextlib.suppress(Exception):
                await self._io(self.store.forget_idle)
            self.tally.flush()


async def renew_leases(server: Server) -> None:
    """Keep holding ``server``'s tables (a shared store's lease: a cluster), and let go
    of those another server took or asks for."""
    every = max(0.2, getattr(server.store, "lease", 6.0) / 3)
    failing = False
    while True:
        await asyncio.sleep(every)
        try:
            lost, wanted = await server._io(server.store.renew, list(server.tables))
        except Exception as exc:     # the database away: said once, then counted
            server.tally.add("lease renewals failed")
            if not failing:
                log.warning("the tables' leases cannot be renewed (%s)", files.reason(exc))
            failing = True
            continue
        failing = False
        for code in lost:
            if code in server.tables:
                server._let_go(server.tables[code], "another server took it over")
        for code in wanted:
            table = server.tables.get(code)
            if table is None:
                continue
            async with server._lock(code):
                server._let_go(table, "another server asked for it")
                with contextlib.suppress(Exception):
                    await server._io(server.store.release, code)


def health(connection: ServerConnection, request: Any) -> Any:
    """``GET /health`` (a proxy's check) is answered ``200 ok``; every other request
    goes on to the WebSocket handshake."""
    if request.path.split("?")[0] == "/health":
        return connection.respond(HTTPStatus.OK, "ok\n")
    return None


class CountingLog(logging.LoggerAdapter):  # type: ignore[type-arg]  # generic only in 3.11's stubs
    """The WebSocket library's log: a line a connection (opened, closed, a handshake that
    failed) becomes a count in the server's :class:`~game.net.limits.Tally`."""

    COUNTED = {"connection open": "connections opened", "connection closed": "",
               "opening handshake failed": "handshakes failed",
               "connection rejected": "handshakes refused"}

    def __init__(self, tally: Tally) -> None:
        super().__init__(logging.getLogger("cardclub.net.websockets"), {})
        self.tally = tally

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        text = str(msg)
        for start, name in self.COUNTED.items():
            if text.startswith(start):
                if name:
                    self.tally.add(name)
                return
        super().log(level, msg, *args, **kwargs)


async def serve_forever(host: str, port: int, folder: Path | None, *, grace: float = GRACE,
                        pace: float = 1.0, workers: int = 2, allow_seed: bool = False,
                        limits: Limits | None = None, store: TableStore | None = None,
                        shard: str = "",
                        ready: Callable[[int], None] | None = None) -> None:
    """Run a server until cancelled; ``ready(port)`` once it listens."""
    server = Server(folder, grace=grace, pace=pace, workers=workers, allow_seed=allow_seed,
                    limits=limits, store=store, shard=shard)
    port = await server.start(host, port)
    if ready is not None:
        ready(port)
    try:
        await asyncio.Future()
    finally:
        await server.close()
