"""The way a finished deal reaches the history without ever losing it or stopping a frame.

A finished deal is first written to ``outbox/<deal id>.json`` (atomically, on the
writer's thread, like the saves), and only once that file is on disk is the deal's save
removed; then its row is inserted in the history database on a thread of its own, with a
short busy timeout.  An insert that meets another program's lock is tried again later
(every few seconds at most), a full or read-only disk likewise; the file goes once the
row is in.  What is still in the outbox at the next start is inserted then
(:func:`drain`).  Until its row is in, the deal is *held* by :mod:`game.store.history`:
every read counts it, once.

A full disk at the deal's end: the outbox file is written in the room the data folder
holds for it (:func:`game.store.files.keep_spare`), so the result survives the game being
closed before the disk has room again; the save (a move short of the end) goes, and the
next start puts the row in.  Where even that room is missing, each retry of the insert
writes the file again first, so room found later (the game still open) keeps the result.

The worker serves the data folder of the moment only: a deal of another folder (a test,
a tool) stays in that folder's outbox, or its save, for that folder's next start.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store import files, history

FOLDER = "outbox"
#: the busy timeout of one insert on the worker's thread (seconds)
WORKER_TIMEOUT = 1.0
#: how long a start waits for the history before leaving the outbox to the worker
START_TIMEOUT = 0.1
#: the first pause after a failed insert; it doubles up to MAX_DELAY
FIRST_DELAY = 0.25
MAX_DELAY = 5.0


def folder(home: Path | None = None) -> Path:
    return (home if home is not None else files.home()) / FOLDER


def path_for(deal_id: str, home: Path | None = None) -> Path:
    return folder(home) / f"{deal_id}.json"


@dataclass
class _Entry:
    record: history.Record
    home: Path
    save: Path | None = None       # the deal's journal, removed once the row is in
    #: set once the outbox file is on disk (None: it was there already, read at start)
    written: threading.Event | None = None
    due: float = 0.0
    delay: float = FIRST_DELAY
    tries: int = 0


class _Worker:
    """The thread that inserts held deals, retrying on a lock; it ends when none wait."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._entries: dict[str, _Entry] = {}
        self._thread: threading.Thread | None = None
        self._busy = False

    def add(self, entry: _Entry) -> None:
        with self._cond:
            self._entries[entry.record.deal_id] = entry
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="cardclub-history",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def waiting(self) -> int:
        with self._cond:
            return len(self._entries) + self._busy

    def flush(self, timeout: float) -> bool:
        """Wait until no deal waits (``False`` on time-out): tests, and a quit that
        may wait a moment."""
        with self._cond:
            for e in self._entries.values():
                e.due = 0.0
            self._cond.notify_all()
            return self._cond.wait_for(lambda: not self._entries and not self._busy,
                                       timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                while True:
                    if not self._entries:
                        self._thread = None
                        self._cond.notify_all()
                        return
                    now = time.monotonic()
                    soonest = min(e.due for e in self._entries.values())
                    if soonest <= now:
                        break
                    self._cond.wait(soonest - now)
                here = files.home()
                due = [e for e in self._entries.values() if e.due <= now]
                for e in due:
                    del self._entries[e.record.deal_id]
                self._busy = True
            retry: list[_Entry] = []
            try:
                mine = [e for e in due if e.home == here]
                for e in mine:
                    if e.tries and e.written is not None and not e.written.is_set():
                        _write_again(e)    # the disk said no: maybe it has room now
                for e in due:
                    if e.home != here:     # its folder is not ours now: it waits on disk
                        history.release(e.record.deal_id, e.home)
                retry = self._insert(mine, here)
            finally:
                with self._cond:
                    for e in retry:
                        self._entries.setdefault(e.record.deal_id, e)
                    self._busy = False
                    self._cond.notify_all()

    @staticmethod
    def _insert(entries: list[_Entry], home: Path) -> list[_Entry]:
        """Insert ``entries`` in one go; those to try again later."""
        if not entries:
            return []
        status, _ = history.store([e.record for e in entries], WORKER_TIMEOUT, home)
        if status == history.OK:
            for e in entries:
                _landed(e, home)
            return []
        now = time.monotonic()
        for e in entries:
            e.tries += 1
            e.due = now + e.delay
            e.delay = min(MAX_DELAY, e.delay * 2)
        return entries


_worker = _Worker()


def _holds(deal_id: str) -> Callable[[Any], bool]:
    """Whether a save's JSON is still this deal's (not the next deal's, written since)."""
    return lambda data: isinstance(data, dict) and data.get("id") == deal_id


def _write(record: history.Record, home: Path, written: threading.Event,
           then: Callable[[], None] | None = None) -> None:
    """Queue the outbox file (on a full disk, in the data folder's spare room); once it is
    on disk the deal is ``kept``, ``written`` is set, then ``then`` runs."""
    deal_id = record.deal_id

    def on_disk() -> None:
        history.kept(deal_id, home)
        written.set()
        if then is not None:
            then()

    files.writer.submit(path_for(deal_id, home), record.to_dict(), then=on_disk,
                        spare=files.spare_path(home))


def _write_again(entry: _Entry) -> None:
    """The outbox file could not be written when the deal ended: queue it again; once on
    disk, the deal's save goes if it still holds this deal (not the next one's)."""
    deal_id, save, written = entry.record.deal_id, entry.save, entry.written
    assert written is not None
    if files.writer.pending(path_for(deal_id, entry.home)) is not None:
        return                       # the first write (or the last retry) still waits

    def then() -> None:
        if save is not None:
            files.remove_if(save, _holds(deal_id))

    _write(entry.record, entry.home, written, then)


def _landed(entry: _Entry, home: Path) -> None:
    """The row is in: the outbox file goes, and the deal's save if it still holds it."""
    deal_id, save = entry.record.deal_id, entry.save
    history.release(deal_id, home)
    files.writer.submit_remove(
        path_for(deal_id, home),
        then=None if save is None else lambda: files.remove_if(save, _holds(deal_id)))


def post(record: history.Record, save: Path | None = None,
         wait: float | None = None) -> int:
    """Send a finished deal to the history: held at once (every read counts it), its
    outbox file queued on the writer's thread, then the removal of ``save`` (the deal's
    journal), done only if that file was written; the insert happens on the worker's
    thread (after a failed file, the save stays and goes once the row is in).  With ``wait``
    (seconds), write the file and try the insert here first, waiting that long for a
    lock.  Returns the deal's XP (as stored, when ``wait`` found it recorded already)."""
    home = files.home()
    deal_id = record.deal_id
    history.hold(record, home)
    written = threading.Event()
    _write(record, home, written)
    if save is not None:            # after the file, and only if it was written
        files.writer.submit_remove(save, only_if=written.is_set)
    if wait is None:
        _worker.add(_Entry(record, home, save, written))
        return record.xp
    files.writer.flush()
    status, stored = history.store([record], wait, home)
    if status == history.OK:
        history.release(deal_id, home)
        files.remove(path_for(deal_id, home))
        return stored.get(deal_id, record.xp)
    _worker.add(_Entry(record, home, save, written, time.monotonic() + FIRST_DELAY))
    return record.xp


def drain(timeout: float = START_TIMEOUT) -> list[str]:
    """At start: the deals a kill or a lock left in the outbox go into the history (in one
    insert, waiting ``timeout`` at most; what is still locked out goes to the worker).  A
    damaged outbox file is kept aside and reported.  Returns the messages for the player;
    never raises."""
    from game.i18n import _

    home = files.home()
    messages: list[str] = []
    records: list[history.Record] = []
    try:
        names = sorted(folder(home).glob("*.json"))
    except OSError:
        return messages
    for p in names:
        try:
            rec = history.Record.from_dict(files.read_json(p))
            if p.name != f"{rec.deal_id}.json":
                raise ValueError("its name is not its deal's")
        except Exception as exc:  # whatever broke, the others still go in
            aside = files.keep_aside(p)
            messages.append(files.damaged_message(
                _("A finished deal on its way to your history"), p, exc, aside,
                _("the other deals are kept.")))
            continue
        history.hold(rec, home)
        history.kept(rec.deal_id, home)
        records.append(rec)
    if not records:
        return messages
    status, _stored = history.store(records, timeout, home)
    if status == history.OK:
        for rec in records:
            history.release(rec.deal_id, home)
            files.remove(path_for(rec.deal_id, home))
    else:
        for rec in records:
            _worker.add(_Entry(rec, home, None, None, time.monotonic() + FIRST_DELAY))
    return messages


def waiting() -> int:
    """How many deals still wait for their row (the worker's queue)."""
    return _worker.waiting()


def flush(timeout: float = 10.0) -> bool:
    """Try every waiting deal now and wait until none waits; ``False`` on time-out (a
    lock still held: the deals stay in the outbox for later)."""
    return _worker.flush(timeout)
