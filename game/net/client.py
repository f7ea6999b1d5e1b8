"""A seat at a shared table, from the player's side.

- :func:`play_seat`: one seat played by the computer's brain over the network (asyncio;
  ``cardclub join --headless``, the tests and the load benchmark).  It keeps its seat:
  a dropped connection is opened again and the seat resumed with its code and token.
- :class:`Connection`: the same link for a window.  Its asyncio loop runs on a background
  thread; the window's frame calls :meth:`Connection.poll` (never waits) and
  :meth:`Connection.send`, so the frame loop never waits on the network.
- :func:`record`: the finished deal into this player's own history (as a deal against
  the computer is: win, loss or score, XP, the replay from their seat).

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from . import protocol as P

#: how long a seat keeps trying to reconnect after a drop (seconds)
RECONNECT_FOR = 120.0


def check_url(url: str) -> str:
    """``url`` if it is a ws:// or wss:// address, else ValueError."""
    parts = urlparse(url)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"not a table server's address (ws://HOST:PORT or wss://...): {url!r}")
    return url


class Refused(Exception):
    """The server refused to seat us: its error ``code`` and message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def with_code(url: str, code: str | None) -> str:
    """``url`` naming the table ``code`` (``?code=K7QM2P``), so that a cluster's proxy
    sends the connection to the server that holds that table; ``url`` itself for none."""
    if not code:
        return url
    parts = urlparse(url)
    query = [q for q in parts.query.split("&") if q and not q.startswith("code=")]
    return parts._replace(query="&".join([*query, f"code={code}"])).geturl()


async def _open(url: str) -> ClientConnection:
    return await connect(url, max_size=P.MAX_MESSAGE * 4, compression=None, open_timeout=10)


@dataclass
class SeatPlay:
    """The options and the record of one seat played by :func:`play_seat`."""

    url: str
    code: str | None = None
    host: dict[str, Any] | None = None     # a ``host`` message: a new table, seat 0
    level: str = "easy"
    name: str = ""
    seed: int = 0
    reconnect_for: float = RECONNECT_FOR
    #: seconds to wait before each move (a load test playing at people's pace)
    think: float = 0.0
    #: tests: drop the connection once the deal reaches this move (and come back after
    #: ``away`` seconds, or never when ``away`` is None)
    drop_at: int | None = None
    away: float | None = 0.0
    #: every message received, in order (the hidden-card scan reads it)
    messages: list[dict[str, Any]] = field(default_factory=list)
    #: seconds from sending each move to hearing it played
    round_trips: list[float] = field(default_factory=list)
    on_code: Callable[[str], None] | None = None
    seat: int | None = None
    token: str | None = None


async def play_seat(p: SeatPlay) -> dict[str, Any]:
    """Play one seat to the end of the deal: ``{"code", "seat", "game", "result",
    "outcomes", "outcome", "moves", "deal_id", "journal"}``, or ``{"closed": reason}``
    when the host ended the table, ``{"left": True}`` after a drop for good.  Raises
    :class:`Refused` when the server will not seat us, OSError when it cannot be reached."""
    from game.ai import make_bot
    from game.rules import Move

    check_url(p.url)
    bot: Any = None
    answered = -1
    sent_at: float | None = None
    dropped = False
    while True:
        ws = await _reach(p)
        try:
            if p.token is not None and p.code is not None:
                first: dict[str, Any] = {"type": "resume", "code": p.code, "token": p.token}
            elif p.host is not None:
                first = {"type": "host", **p.host}
            else:
                first = {"type": "join", "code": p.code or "", "name": p.name}
            await ws.send(P.encode(first))
            answered = -1
            last: str | None = None
            async for raw in ws:
                msg = json.loads(raw)
                p.messages.append(msg)
                kind = msg.get("type")
                if kind == "error" and msg.get("code") == "elsewhere":
                    await asyncio.sleep(0.2)      # another server holds the table now:
                    break                         # through the proxy again, to it
                if kind == "error":
                    if p.seat is None or msg.get("code") in ("no_table", "bad_token"):
                        raise Refused(str(msg.get("code")), str(msg.get("message")))
                    if msg.get("code") == "rate" and last is not None:   # slower, again
                        await asyncio.sleep(0.2)
                        await ws.send(last)
                    continue           # a refusal of one move: the next state answers it
                if kind == "closed":
                    return {"closed": msg.get("reason"), "code": p.code, "seat": p.seat}
                if kind == "paused":     # the server's disk: our move, if any, was not
                    answered = -1        # played; the position comes again when it works
                    continue
                if kind == "joined":
                    first_time = p.token is None
                    p.code, p.seat, p.token = msg["code"], msg["seat"], msg["token"]
                    if p.on_code is not None and first_time:
                        p.on_code(msg["code"])
                    continue
                if kind not in ("state", "update"):
                    continue
                n = int(msg["n"])
                if (sent_at is not None and kind == "update" and msg.get("seat") == p.seat
                        and n == answered + 1):
                    p.round_trips.append(time.perf_counter() - sent_at)
                    sent_at = None
                if msg.get("over"):
                    return _finished(p, msg)
                if p.drop_at is not None and not dropped and n >= p.drop_at:
                    dropped = True
                    await ws.close()
                    if p.away is None:
                        return {"left": True, "code": p.code, "seat": p.seat}
                    await asyncio.sleep(p.away)
                    break
                legal = msg.get("legal")
                if msg.get("to_act") == p.seat and legal and n != answered:
                    if bot is None:
                        bot = make_bot(msg.get("game") or msg["obs"].get("game"), p.level,
                                       seed=p.seed * 8 + (p.seat or 0))
                    move = bot.choose(msg["obs"], [Move.parse(m) for m in legal])
                    if p.think > 0:
                        await asyncio.sleep(p.think)
                    answered = n
                    sent_at = time.perf_counter()
                    last = P.encode({"type": "move", "token": p.token, "move": str(move),
                                     "n": n})
                    await ws.send(last)
        except ConnectionClosed:
            pass
        finally:
            await ws.close()


async def _reach(p: SeatPlay) -> ClientConnection:
    """A connection to the server, tried again (with growing pauses) for
    ``reconnect_for`` seconds once we hold a seat."""
    deadline = time.monotonic() + (p.reconnect_for if p.token is not None else 0.0)
    pause = 0.05
    while True:
        try:
            return await _open(with_code(p.url, p.code))
        except (TimeoutError, OSError, InvalidHandshake):
            if time.monotonic() >= deadline:
                raise
            await asyncio.sleep(pause)
            pause = min(1.0, pause * 2)


def _finished(p: SeatPlay, msg: dict[str, Any]) -> dict[str, Any]:
    journal = msg.get("journal") or {}
    outcomes = msg.get("outcomes") or []
    seat = p.seat if p.seat is not None else 0
    return {"code": p.code, "seat": seat, "game": journal.get("game"),
            "result": msg.get("result"), "outcomes": outcomes,
            "outcome": outcomes[seat] if seat < len(outcomes) else None,
            "moves": int(msg["n"]), "deal_id": journal.get("id"), "journal": journal}


def record(finished: dict[str, Any], folder: Path | None = None,
           background: bool = False) -> int:
    """Put a finished shared deal in this player's history, from their seat (its replay
    and review work as for any deal).  ``folder``: that data folder's history (tests);
    else the player's own, through the outbox (``background``: never waiting, as a
    table's frame must not).  Returns the XP."""
    from game.session.journal import journal_from_dict
    from game.store import history, outbox, saves

    journal = journal_from_dict(finished["journal"])
    journal.meta["human"] = int(finished["seat"])
    game = journal.replay()
    rec = history.make_record(**saves.deal_record(journal, game))
    if folder is None:
        return outbox.post(rec, wait=None if background else history.WRITE_TIMEOUT)
    status, stored = history.store([rec], history.WRITE_TIMEOUT, folder)
    if status != history.OK:
        raise OSError(f"the history in {folder} could not be written ({status})")
    return stored.get(rec.deal_id, rec.xp)


class Connection:
    """A window's link to its table: I/O on a background thread, messages through a
    queue.  ``first`` is the ``host`` or ``join`` message; after a drop the seat is
    resumed with its code and token.  Local news arrives as messages of type ``link``
    (``state``: ``"open"``, ``"lost"``, ``"gone"``)."""

    def __init__(self, url: str, first: dict[str, Any],
                 reconnect_for: float = RECONNECT_FOR) -> None:
        self.url = check_url(url)
        self.first = first
        self.reconnect_for = reconnect_for
        self.code: str | None = None
        self.token: str | None = None
        self.seat: int | None = None
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._out: asyncio.Queue[dict[str, Any]] | None = None
        self._stop = False
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=self._run, name="cardclub-net", daemon=True)
        self._thread.start()

    # ----- the window's side (never waits) -----------------------------------------------
    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call."""
        out = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._inbox.get_nowait())
        return out

    def send(self, msg: dict[str, Any]) -> None:
        def put() -> None:
            if self._out is not None:
                self._out.put_nowait(msg)
        self._call(put)

    def _call(self, fn: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):      # the link has ended: nothing to do
            self._loop.call_soon_threadsafe(fn)

    def move(self, notation: str, n: int) -> None:
        self.send({"type": "move", "token": self.token or "", "move": notation, "n": n})

    def close(self, leave: bool = False) -> None:
        """End the link (``leave``: tell the server first; the host's ends the table)."""
        self._stop = True
        if leave:      # the sender closes the connection once the server has it
            self.send({"type": "leave"})
            return

        def cancel() -> None:
            if self._task is not None:
                self._task.cancel()
        self._call(cancel)

    def join(self, timeout: float = 5.0) -> None:
        self._thread.join(timeout)

    # ----- the background thread ---------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._task = self._loop.create_task(self._main())
            with contextlib.suppress(asyncio.CancelledError):
                self._loop.run_until_complete(self._task)
        finally:
            self._loop.close()

    async def _main(self) -> None:
        self._out = asyncio.Queue()
        deadline: float | None = None
        while not self._stop:
            try:
                ws = await _open(with_code(self.url, self.code or self.first.get("code")))
            except (TimeoutError, OSError, InvalidHandshake, InvalidURI) as exc:
                if self.token is None or (deadline is not None
                                          and time.monotonic() > deadline):
                    self._inbox.put({"type": "link", "state": "gone", "why": str(exc)})
                    return
                await asyncio.sleep(0.5)
                continue
            deadline = None
            self._inbox.put({"type": "link", "state": "open"})
            first = (self.first if self.token is None else
                     {"type": "resume", "code": self.code, "token": self.token})
            await ws.send(P.encode(first))
            done = await self._pump(ws)
            if done or self._stop:
                return
            self._inbox.put({"type": "link", "state": "lost"})
            deadline = time.monotonic() + self.reconnect_for

    async def _pump(self, ws: ClientConnection) -> bool:
        """Carry messages both ways until the connection drops (False) or the table is
        over for us (True)."""
        assert self._out is not None
        out = self._out

        async def sender() -> None:
            while True:
                msg = await out.get()
                await ws.send(P.encode(msg))
                if msg.get("type") == "leave":
                    await ws.close()
                    return

        task = asyncio.ensure_future(sender())
        try:
            async for raw in ws:
                if self._stop:
                    break
                msg = json.loads(raw)
                if msg.get("type") == "error" and msg.get("code") == "elsewhere":
                    await asyncio.sleep(0.2)      # the server closes; we come back through
                    continue                      # the proxy to the one holding the table
                if msg.get("type") == "joined":
                    self.code, self.token, self.seat = msg["code"], msg["token"], msg["seat"]
                self._inbox.put(msg)
                if msg.get("type") == "closed":
                    return True
        except ConnectionClosed:
            pass
        finally:
            task.cancel()
            await ws.close()
        return self._stop
