"""Group commit of the tables' files: every table saved while the disk was busy is
written together, then one fsync of the folder makes all their renames durable.

Each file is still the store's atomic write (temporary file, fsync, rename), and a
save returns only once its file and the folder are on the disk, so the server still
tells no one of a move before it is saved.  What changes is the folder's fsync: one per
batch instead of one per move, and the batch's files written side by side on the disk
threads, so a busy server waits on the disk about once per batch rather than twice per
move (docs/net.md, "Load figures").  Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from pathlib import Path

from game.store import files


class Committer:
    """Saves files in batches: ``await save(path, payload)`` returns once ``payload``
    is durably at ``path`` (or raises that file's error; the rest of its batch is not
    affected)."""

    def __init__(self, disk: Executor) -> None:
        self.disk = disk
        self.batches = 0        # batches written (the load figures)
        self.files = 0          # files written
        self._pending: dict[Path, tuple[bytes, list[asyncio.Future[None]]]] = {}
        self._running: asyncio.Task[None] | None = None

    async def save(self, path: Path, payload: bytes) -> None:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = self._pending.get(path, (b"", []))[1]
        self._pending[path] = (payload, [*waiting, fut])     # the newest bytes win
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(self._run())
        await fut

    def stop(self) -> None:
        """The server closes: a batch still being written is left to its threads."""
        if self._running is not None:
            self._running.cancel()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, {}
            paths = list(batch)
            got = await asyncio.gather(
                *(loop.run_in_executor(self.disk, _write, p, batch[p][0]) for p in paths),
                return_exceptions=True)
            done = [p for p, r in zip(paths, got, strict=True)
                    if not isinstance(r, BaseException)]
            for folder in sorted({p.parent for p in done}):
                await loop.run_in_executor(self.disk, files.fsync_dir, folder)
            self.batches += 1
            self.files += len(paths)
            for p, r in zip(paths, got, strict=True):
                for fut in batch[p][1]:
                    if fut.done():
                        continue
                    if isinstance(r, BaseException):
                        fut.set_exception(r)
                    else:
                        fut.set_result(None)


def _write(path: Path, payload: bytes) -> None:
    files.write_bytes(path, payload, folder_sync=False)
