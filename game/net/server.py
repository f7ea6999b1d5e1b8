"""The table server: the authority over every shared deal (``cardclub serve``).

One asyncio loop serves every connection (``websockets``).  Each table is a
:class:`~game.net.tables.Table`; a move is accepted only from the seat to act, with that
seat's token, at the position it was made for, and only if the engine allows it.  Each
move is written to the table's file (the store's atomic write, on a thread) before
anyone hears of it, so a killed server restarts with every table where it was.

Computers decide on a pool of worker threads, never on the loop, so a hard computer at
one table does not hold up moves at another.  A friend who drops out has ``grace``
seconds to come back (same code and token) before the computer plays for them; they get
their seat back whenever they return.  The host leaving (a ``leave`` message) closes the
table for everyone.  Limits: message size, messages per second per connection, tables
per server; a connection that breaks them gets an error, then is closed; the other
connections never notice.

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
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.store import files

from . import protocol as P
from .tables import HOST, Table, new_code

log = logging.getLogger("cardclub.net")

#: the default grace period of a friend who dropped out (seconds)
GRACE = 30.0
#: how many tables one server holds at most
MAX_TABLES = 5000
#: messages waiting to go to one connection before it is judged too slow and closed
MAX_OUTGOING = 512
#: connections one server takes at once (more are closed with 1013, try again later)
MAX_CONNECTIONS = 20000
#: threads writing tables' files (an fsync waits on the disk, not the CPU)
WRITERS = 8
#: a finished or closed table with no one connected is forgotten after this (seconds)
KEEP_FINISHED = 600.0
#: a server stopping sends what it had queued for each connection first, for at most
#: this long (a host's leaving: every friend hears that the table is closed)
DRAIN = 2.0


@dataclass(eq=False)
class Conn:
    """One client connection: its table and seat once seated, its rate allowance."""

    ws: ServerConnection
    code: str | None = None
    seat: int | None = None
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
                 workers: int = 2, max_tables: int = MAX_TABLES,
                 allow_seed: bool = False) -> None:
        self.folder = folder
        #: a host may name the deal's number (tests, tools): never where friends play for
        #: real, since whoever knows the number knows every card
        self.allow_seed = allow_seed
        self.connections = 0
        self.grace = grace
        self.pace = pace
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
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
        """The tables saved in the data folder (a damaged file is kept aside)."""
        if self.folder is None:
            return 0
        self.folder.mkdir(parents=True, exist_ok=True)
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.load(path)
            except Exception as exc:  # a damaged file never stops the server
                aside = files.keep_aside(path)
                log.warning("table file %s could not be read (%s); kept as %s", path,
                            files.reason(exc), aside)
                continue
            if table.closed:
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            now = time.monotonic()
            for s in table.seats:
                if s.token is not None:
                    s.away_since = now
            self.tables[table.code] = table
        return len(self.tables)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Load the tables, listen; the port listened on."""
        self.load()
        self._server = await serve(self.handler, host, port, max_size=P.MAX_MESSAGE,
                                   compression=None, max_queue=32)
        sock = next(iter(self._server.sockets))
        self.port = int(sock.getsockname()[1])
        for table in self.tables.values():
            for seat, s in enumerate(table.seats):
                if s.token is not None:
                    self._later(self.grace, self._grace_over, table.code, seat, s.away_since)
            self.kick(table)
        self._spawn(self._sweep())
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
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.disk.shutdown(wait=True)

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
        if self.connections >= MAX_CONNECTIONS:
            await ws.close(1013, "the server is full; try again later")
            return
        self.connections += 1
        try:
            await self._serve(ws)
        finally:
            self.connections -= 1

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Conn(ws)
        self.conns.add(conn)
        writer = asyncio.ensure_future(self._writer(conn))
        closing = False
        try:
            async for raw in ws:     # (read to the end, so the closing handshake is heard)
                if closing:
                    continue
                if not conn.allow():
                    conn.send(P.error("rate"))
                    if conn.strikes > P.RATE_STRIKES:     # policy violation: closed
                        closing = self._close(conn)
                    continue
                try:
                    msg = P.check_client(P.parse(raw))
                    await self.dispatch(conn, msg)
                except P.ProtocolError as exc:
                    conn.send(P.error(exc.code, str(exc)))
                    if exc.fatal:
                        closing = self._close(conn)
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

    def _close(self, conn: Conn) -> bool:
        """Close ``conn`` for breaking the rules, once what it was told has gone."""
        conn.close_code = 1008
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

    async def _save(self, table: Table) -> None:
        payload = table.snapshot()
        await asyncio.get_running_loop().run_in_executor(self.disk, table.write, payload)

    async def _host(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is not None:
            raise P.ProtocolError("already_seated")
        if len(self.tables) >= self.max_tables:
            raise P.ProtocolError("server_full")
        if "seed" in msg and not self.allow_seed:
            raise P.ProtocolError("bad_message", "this server deals its own cards: no 'seed'")
        code = new_code(self.tables)
        try:
            table = Table.create(code, msg["game"], msg["seats"], players=msg.get("players"),
                                 seed=msg.get("seed"), name=msg.get("name", ""),
                                 standin=msg.get("standin"), folder=self.folder)
        except ValueError as exc:
            raise P.ProtocolError("bad_message", str(exc)[:200]) from exc
        self.tables[code] = table
        async with self._lock(code):
            await self._save(table)
        self._seated(conn, table, HOST, str(table.seats[HOST].token))
        log.info("table %s: %s, %d seats", code, table.key, len(table.seats))
        conn.send(table.state_message(HOST))
        self.kick(table)

    def _table(self, code: str) -> Table:
        table = self.tables.get(P.normal_code(code))
        if table is None or table.closed:
            raise P.ProtocolError("no_table")
        return table

    def _lock(self, code: str) -> asyncio.Lock:
        return self.locks.setdefault(code, asyncio.Lock())

    async def _join(self, conn: Conn, msg: dict[str, Any]) -> None:
        if conn.code is not None:
            raise P.ProtocolError("already_seated")
        table = self._table(msg["code"])
        async with self._lock(table.code):
            was_started = table.started
            seat, token = table.take_seat(msg.get("name", ""))
            await self._save(table)
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
        table = self._table(msg["code"])
        seat = table.seat_of(msg["token"])
        if seat is None:
            raise P.ProtocolError("bad_token")
        self._seated(conn, table, seat, str(msg["token"]))
        conn.send(table.state_message(seat))
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
            await self._apply(table, seat, move)
        conn.allowance += 1.0     # an accepted move costs nothing: the game bounds them
        self.kick(table)

    async def _apply(self, table: Table, seat: int, move: Any) -> None:
        """Play, write, then tell every seat (under the table's lock)."""
        before, events = table.play(seat, move)
        self.moves += 1
        await self._save(table)
        for s, c in list(self.watchers.get(table.code, {}).items()):
            c.send(table.update_message(s, seat, move, events, before[s]))

    async def _leave(self, conn: Conn) -> None:
        if conn.code is None or conn.seat is None:
            raise P.ProtocolError("not_seated")
        table = self._table(conn.code)
        seat = conn.seat
        if seat == HOST:
            async with self._lock(table.code):
                table.closed = True
                path = table.path
                if path is not None:
                    await asyncio.to_thread(files.remove, path)
            for c in list(self.watchers.pop(table.code, {}).values()):
                c.send({"type": "closed", "reason": "host_left",
                        "message": "The host has left; the table is closed."})
                c.code = c.seat = None
            self.tables.pop(table.code, None)
            self.locks.pop(table.code, None)
            log.info("table %s closed by its host", table.code)
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
        log.info("table %s: the computer plays for seat %d", code, seat)
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

    async def _sweep(self) -> None:
        """Forget finished or closed tables no one watches any more."""
        while True:
            await asyncio.sleep(30)
            now = time.monotonic()
            for code, table in list(self.tables.items()):
                if ((table.session.is_over or table.closed) and not self.watchers.get(code)
                        and now - table.touched > KEEP_FINISHED):
                    del self.tables[code]
                    self.locks.pop(code, None)
                    if table.path is not None:
                        await asyncio.to_thread(files.remove, table.path)


async def serve_forever(host: str, port: int, folder: Path | None, *, grace: float = GRACE,
                        pace: float = 1.0, workers: int = 2, allow_seed: bool = False,
                        ready: Callable[[int], None] | None = None) -> None:
    """Run a server until cancelled; ``ready(port)`` once it listens."""
    server = Server(folder, grace=grace, pace=pace, workers=workers, allow_seed=allow_seed)
    port = await server.start(host, port)
    if ready is not None:
        ready(port)
    try:
        await asyncio.Future()
    finally:
        await server.close()


class Background:
    """A server on a thread of its own (a window hosting a table, tests): its own asyncio
    loop, so nothing the window does waits on it.  ``port`` once started."""

    def __init__(self, folder: Path | None, host: str = "127.0.0.1", port: int = 0,
                 **kw: Any) -> None:
        import threading

        self.server = Server(folder, **kw)
        self.host = host
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stopped: asyncio.Future[None] | None = None
        self._waiting: asyncio.Task[None] | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(port,),
                                        name="cardclub-server", daemon=True)
        self._thread.start()
        self._ready.wait(30)
        if self.error is not None:
            raise self.error

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    def _run(self, port: int) -> None:
        asyncio.set_event_loop(self._loop)

        async def main() -> None:
            try:
                self.port = await self.server.start(self.host, port)
            except BaseException as exc:
                self.error = exc
                self._ready.set()
                return
            self._stopped = self._loop.create_future()
            self._ready.set()
            try:
                await self._stopped
            finally:
                await self.server.close()

        try:
            self._loop.run_until_complete(main())
        finally:
            self._loop.close()

    def _done(self) -> None:
        if self._stopped is not None and not self._stopped.done():
            self._stopped.set_result(None)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving (the tables stay in their files for the next start)."""
        with contextlib.suppress(RuntimeError):         # the loop has ended already
            self._loop.call_soon_threadsafe(self._done)
        self._thread.join(timeout)

    def stop_after(self, code: str | None, timeout: float = 5.0, wait: float = 0.0) -> None:
        """Stop once the table ``code`` is closed (its host's ``leave``, sent on another
        connection, has been done and every friend told), or ``timeout`` seconds from now
        at the latest.  Returns at once, or (``wait``) once stopped, at most that long."""
        async def later() -> None:
            deadline = time.monotonic() + timeout
            while code in self.server.tables and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            self._done()

        def start() -> None:
            self._waiting = self._loop.create_task(later())

        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(start)
        if wait > 0:
            self._thread.join(wait)

    @property
    def stopped(self) -> bool:
        return not self._thread.is_alive()
