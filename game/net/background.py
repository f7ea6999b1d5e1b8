"""A table server on a thread of its own, with its own asyncio loop: what a window
hosting a table runs (and tests), so that nothing the window does waits on it.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from pathlib import Path
from typing import Any

from .server import Server


class Background:
    """A server on a thread of its own (a window hosting a table, tests): its own asyncio
    loop, so nothing the window does waits on it.  ``port`` once started."""

    def __init__(self, folder: Path | None, host: str = "127.0.0.1", port: int = 0,
                 **kw: Any) -> None:
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
