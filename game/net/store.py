"""Where a table server keeps its tables: the interface, and the folder a player's own
server uses (one JSON file per table, the store's atomic write).

A :class:`TableStore` is told each change before anyone hears of it (a table hosted, a
seat taken, a move), and answers only once the change is kept: the server announces a
change only after that.  Its calls block (a disk, a database): the server makes them on
its pool of disk threads, never on its loop.  :class:`FolderStore` is the default;
``game.net.pgstore.PgStore`` keeps every table of a cluster of servers in PostgreSQL and
gives each table one owner at a time.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

from game.rules import Move
from game.store import files

from .limits import Addresses, Limits
from .tables import Table

log = logging.getLogger("cardclub.net")


class Elsewhere(Exception):
    """The table is kept by another server of the cluster now: the client connects
    again (through the proxy, which sends it to that server)."""


class Lost(Exception):
    """This server no longer owns the table (another took it over): it forgets it."""


class TableStore:
    """The interface (every call blocks; the server calls it on its disk threads)."""

    #: several servers share this store (tables are claimed; limits counted together)
    shared = False

    def load(self) -> list[Table]:
        """The tables to hold from the start."""
        return []

    def create(self, table: Table, address: str) -> None:
        """Keep a new table (hosted from ``address``)."""
        raise NotImplementedError

    def seat(self, table: Table, seat: int, token: str, name: str) -> None:
        """Keep ``seat`` taken with ``token`` and ``name``."""
        raise NotImplementedError

    def move(self, table: Table, move: Move) -> None:
        """Keep ``move`` as the table's next move."""
        raise NotImplementedError

    def probe(self, table: Table) -> None:
        """Raise while the store still cannot keep ``table``'s changes (a failed one is
        retried through this until it passes)."""
        raise NotImplementedError

    def remove(self, table: Table) -> None:
        """Forget a table (closed, expired, or finished long ago)."""
        raise NotImplementedError

    def claim(self, code: str) -> Table | None:
        """A table this server does not hold yet: taken over and loaded (None: there is
        no such table; :class:`Elsewhere`: another server holds it)."""
        return None

    def renew(self, codes: list[str]) -> tuple[set[str], set[str]]:
        """Keep holding ``codes``: ``(lost, wanted)``, the codes another server took
        over and those another server asks for."""
        return set(), set()

    def release(self, code: str) -> None:
        """Let another server take ``code`` over."""

    def sweep(self, expiry: float) -> int:
        """Forget tables no server holds that waited for friends past ``expiry``."""
        return 0

    def waiting_from(self, address: str, held: dict[str, Table]) -> int:
        """Tables hosted from ``address`` that still wait for friends."""
        return sum(1 for t in held.values() if t.waiting and t.host_address == address)

    def may_guess(self, address: str) -> bool:
        raise NotImplementedError

    def wrong_guess(self, address: str) -> None:
        raise NotImplementedError

    def forget_idle(self) -> None:
        """Keep the per-address counts bounded."""

    def close(self) -> None:
        """Let go of what the store holds open."""


class FolderStore(TableStore):
    """One file per table in ``folder`` (``<code>.json``), written with the store's
    atomic write (temporary file, fsync, rename, fsync of the folder): the whole table
    each time, its new move, seat or existence included.  ``writer`` replaces that write
    (tests inject one that fails).  ``folder`` None keeps nothing (tests)."""

    def __init__(self, folder: Path | None, limits: Limits,
                 writer: Callable[[Path, bytes], object] | None = None) -> None:
        self.folder = folder
        self.limits = limits
        self.write = writer or files.write_bytes
        self.addresses = Addresses(limits)

    def load(self) -> list[Table]:
        """Every table of the folder, but those closed or waiting too long (their files
        go) and damaged ones (kept aside, logged)."""
        if self.folder is None:
            return []
        self.folder.mkdir(parents=True, exist_ok=True)
        tables = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.load(path)
            except Exception as exc:  # a damaged file never stops the server
                aside = files.keep_aside(path)
                log.warning("table file %s could not be read (%s); kept as %s", path,
                            files.reason(exc), aside)
                continue
            if table.closed or table.expired(self.limits.wait_expiry, time.time()):
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            tables.append(table)
        return tables

    def _put(self, table: Table, payload: bytes) -> None:
        if table.path is not None:
            self.write(table.path, payload)

    def create(self, table: Table, address: str) -> None:
        self._put(table, table.snapshot())

    def seat(self, table: Table, seat: int, token: str, name: str) -> None:
        self._put(table, table.snapshot(seat=(seat, token, name)))

    def move(self, table: Table, move: Move) -> None:
        self._put(table, table.snapshot(move))

    def probe(self, table: Table) -> None:
        self._put(table, table.snapshot())    # the table as it stands: what is on disk

    def remove(self, table: Table) -> None:
        if table.path is not None:
            files.remove(table.path)

    def may_guess(self, address: str) -> bool:
        return self.addresses.may_guess(address)

    def wrong_guess(self, address: str) -> None:
        self.addresses.wrong_guess(address)

    def forget_idle(self) -> None:
        self.addresses.forget_idle()
