"""The history never blocks a frame and never drops a deal (issue 27): another program holds
the history database locked (``BEGIN EXCLUSIVE``, or ``locking_mode=EXCLUSIVE``) while deals
end; the deal is counted at once, reaches the database once the lock goes, and survives a
kill -9 while only the outbox holds it.  The locks are held by real second processes."""
from __future__ import annotations

import errno
import functools
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import store
from game.session.deal import DealSession
from game.store import files, history, outbox, saves
from tests.store_helpers import end_on_a_full_disk, on_a_thread, starts_record_it_once

ROOT = Path(__file__).resolve().parent.parent
#: the longest the window's thread may let SQLite wait for another program's lock: a
#: frame (the issue's bound); asserted as the busy timeout it asks for, never as a time
FRAME = 0.1

LOCKER = r"""
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
if sys.argv[2] == "mode":          # the whole file, for as long as the connection lives
    con.execute("PRAGMA locking_mode=EXCLUSIVE")
    con.execute("BEGIN EXCLUSIVE")
    con.execute("COMMIT")
    con.execute("SELECT COUNT(*) FROM deals").fetchall()
else:                              # a write transaction left open
    con.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
con.close()
"""


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    history.forget_checks()
    files.reset_problems()
    yield
    outbox.flush(5)
    files.writer.flush()
    files.reset_problems()


@contextmanager
def locked(db: Path, how: str) -> Iterator[subprocess.Popen[str]]:
    """A second process holding the history locked until the block ends."""
    p = subprocess.Popen([sys.executable, "-c", LOCKER, str(db), how], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout is not None and p.stdout.readline().strip() == "locked"
        yield p
    finally:
        try:
            assert p.stdin is not None
            p.stdin.write("\n")
            p.stdin.flush()
            p.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            p.kill()
            p.wait(timeout=10)


def rows_in_file(deal_id: str) -> int:
    """Rows of this deal in the database file itself (not counting held deals)."""
    con = sqlite3.connect(history.db_path(), timeout=10)
    try:
        return int(con.execute("SELECT COUNT(*) FROM deals WHERE deal_id = ?",
                               (deal_id,)).fetchone()[0])
    finally:
        con.close()


def play_to_the_end(seed: int, key: str = "durak") -> DealSession:
    """A deal between computers to its end (the end's step records the deal)."""
    s = DealSession(key, level="random", seed=seed, ai_seats=(0, 1), pace=lambda: 0.0)
    for _ in range(5000):
        if s.is_over:
            break
        s.advance(1.0)
    assert s.is_over and s.xp_gained is not None
    return s


def never_waits(waits: list[float]) -> bool:
    """The busy timeouts the window's thread gave its connections: none longer than a
    frame (none at all is fine: the deal's end opens no connection there)."""
    return max(waits, default=0.0) <= FRAME


def test_a_write_transaction_held_elsewhere_never_blocks_and_the_deal_lands_once() -> None:
    before = history.profile()                        # the database exists, empty
    assert before.xp == 0
    with locked(history.db_path(), "transaction"):
        # the window's thread plays the deal to its end and reads the history while the
        # lock is held, never asking SQLite to wait for it longer than a frame
        s, waits = on_a_thread(lambda: play_to_the_end(seed=3))
        assert never_waits(waits)
        deal = s.journal.deal_id
        rows, waits = on_a_thread(lambda: history.deals("durak"))
        assert waits and never_waits(waits) and len(rows) == 1   # counted at once (held)
        assert history.profile().xp == s.xp_gained == rows[0].xp
        assert history.has_deal(deal) and history.count_deals() == 1
        assert files.writer.flush()
        assert outbox.path_for(deal).is_file()       # safe on disk in the outbox
        assert not saves.exists("durak") and not saves.path_for("durak").exists()
        assert rows_in_file(deal) == 0               # not in yet: the lock holds
        assert not outbox.flush(1.5)                 # still waiting, retried
    assert outbox.flush(10)
    assert rows_in_file(deal) == 1
    assert files.writer.flush() and not outbox.path_for(deal).exists()
    assert history.count_deals() == 1 and history.profile().xp == s.xp_gained
    assert history.integrity_ok()


def test_a_history_locked_whole_reads_busy_at_once_and_keeps_every_deal() -> None:
    history.record_deal("durak", "hard", 2, 40, "win", 1.0, deal_id="a" * 32)
    known = history.profile()
    assert known.xp == 40 and not history.busy()
    ended = []
    with locked(history.db_path(), "mode"):
        # each call returns while the other program still holds the lock (it lets go
        # only when this block ends), having asked SQLite to wait no longer than a frame
        p, waits = on_a_thread(history.profile)
        assert waits and never_waits(waits)
        assert history.busy() and p == known          # the last one read
        seen, waits = on_a_thread(lambda: history.overview("durak"))
        assert waits and never_waits(waits) and seen.busy and seen.profile == known
        for seed in (4, 5):                          # two deals end while it is locked
            s, waits = on_a_thread(functools.partial(play_to_the_end, seed))
            assert never_waits(waits)
            ended.append(s.journal.deal_id)
        _, waits = on_a_thread(store.start_up)       # a start meanwhile: bounded too
        assert waits and never_waits(waits)
    assert outbox.flush(10)
    assert [rows_in_file(d) for d in ended] == [1, 1]
    assert history.count_deals() == 3 and not history.busy()
    assert files.writer.flush() and not list(outbox.folder().glob("*.json"))


CHILD = r"""
import sys
from game.session.deal import DealSession
from game.store import files
s = DealSession("durak", level="random", seed=int(sys.argv[1]), ai_seats=(0, 1),
                pace=lambda: 0.0)
while not s.is_over:
    s.advance(1.0)
files.writer.flush()
print("ended", s.journal.deal_id, flush=True)
sys.stdin.readline()
"""


def test_kill_9_while_only_the_outbox_holds_the_deal_loses_nothing(
        _cardclub_home: Path) -> None:
    history.profile()
    env = {**os.environ, "CARDCLUB_HOME": str(_cardclub_home)}
    with locked(history.db_path(), "transaction"):
        child = subprocess.Popen([sys.executable, "-c", CHILD, "7"], cwd=ROOT, env=env,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            line = child.stdout.readline().split()
            assert line[:1] == ["ended"], line
            deal = line[1]
            assert outbox.path_for(deal).is_file() and not saves.path_for("durak").exists()
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        assert rows_in_file(deal) == 0
    history.forget_checks()
    assert store.start_up() == []                    # the next start drains the outbox
    assert rows_in_file(deal) == 1 and not outbox.path_for(deal).exists()
    assert history.count_deals() == 1
    history.forget_checks()
    assert store.start_up() == [] and rows_in_file(deal) == 1   # counted once


def test_a_damaged_outbox_file_is_kept_aside_and_the_others_still_go_in() -> None:
    good = history.make_record("dudak", "easy", 4, 99, "win", 1.0, deal_id="b" * 32)
    folder = outbox.folder()
    folder.mkdir(parents=True)
    outbox.path_for(good.deal_id).write_text(json.dumps(good.to_dict()))
    bad = good.to_dict() | {"deal_id": "c" * 32, "xp": 9 * 10 ** 18}
    raw = json.dumps(bad).encode()
    outbox.path_for("c" * 32).write_bytes(raw)
    messages = outbox.drain()
    assert len(messages) == 1 and "could not be read" in messages[0]
    assert (folder / f"{'c' * 32}.json.damaged-1").read_bytes() == raw
    assert rows_in_file(good.deal_id) == 1 and rows_in_file("c" * 32) == 0
    assert not list(folder.glob("*.json"))
    assert outbox.drain() == []                      # said once


def _writes_while(full: dict[str, bool]) -> Callable[[int, bytes], None]:
    """``files._write_all`` as a full disk has it while ``full["on"]``: ENOSPC."""
    real_write = files._write_all

    def write(fd: int, data: bytes) -> None:
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(fd, data)
    return write


def test_a_full_disk_at_the_end_keeps_the_deal_until_the_disk_works_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    history.profile()
    full = {"on": True}
    real_store = history.store
    write = _writes_while(full)

    def store_rows(records, timeout=history.WRITE_TIMEOUT, folder=None):  # type: ignore[no-untyped-def]
        if full["on"]:
            files.note_problem(history.db_path(), OSError(errno.ENOSPC, "No space left"))
            return history.FAILED, {}
        return real_store(records, timeout, folder)

    s = DealSession("durak", level="random", seed=9, ai_seats=(0, 1), pace=lambda: 0.0)
    monkeypatch.setattr(files, "_write_all", write)
    monkeypatch.setattr(history, "store", store_rows)
    while not s.is_over:
        s.advance(1.0)
    deal = s.journal.deal_id
    assert files.writer.flush()
    told = files.take_write_problem()
    assert told and "disk is full" in told              # the player is told
    assert history.has_deal(deal) and not history.recorded(deal)
    assert saves.path_for("durak").is_file()            # the save stays: it is the copy
    assert not outbox.path_for(deal).exists()
    assert not outbox.flush(1.0)                        # it keeps trying
    full["on"] = False                                  # space again, the game still open
    assert outbox.flush(10)
    assert files.writer.flush()
    assert rows_in_file(deal) == 1 and not saves.path_for("durak").exists()


def test_a_full_disk_at_the_last_move_with_the_game_closed_lands_at_the_next_start_once(
        _cardclub_home: Path) -> None:
    """Issue 35: the disk fills before a deal's last move and has room again only after
    the game was closed.  The outbox file takes the room the data folder held for it: the
    save a move short goes, and each later start finds the result in the history once."""
    ended = end_on_a_full_disk(_cardclub_home, "durak", 11, "model")
    assert ended["spare_given_up"] and ended["in_outbox"]
    assert ended["problem"] and "disk is full" in ended["problem"]   # the player is told
    assert not saves.path_for("durak").exists()          # no save a move short is left
    assert outbox.path_for(ended["deal"]).is_file()
    assert not history.db_path().exists() or rows_in_file(ended["deal"]) == 0
    starts_record_it_once(ended, "durak")


def test_an_outbox_file_the_full_disk_refused_is_written_once_there_is_room(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No room at all at the deal's end (not even the spare's): the save stays.  Room comes
    back while the history still refuses the row: the outbox's retry writes the file, the
    save goes, and the result no longer depends on the game staying open."""
    history.profile()
    full = {"on": True}
    real_store = history.store
    write = _writes_while(full)

    def refuse(records, timeout=history.WRITE_TIMEOUT, folder=None):  # type: ignore[no-untyped-def]
        return history.FAILED, {}

    s = DealSession("durak", level="random", seed=9, ai_seats=(0, 1), pace=lambda: 0.0)
    files.spare_path().unlink()                         # no room held either
    monkeypatch.setattr(files, "_write_all", write)
    monkeypatch.setattr(history, "store", refuse)
    while not s.is_over:
        s.advance(1.0)
    deal = s.journal.deal_id
    assert files.writer.flush()
    assert not outbox.path_for(deal).exists() and saves.path_for("durak").is_file()
    assert not history.recorded(deal)
    full["on"] = False                                  # room again; the history refuses
    deadline = time.monotonic() + 60
    while not (outbox.path_for(deal).is_file() and not saves.path_for("durak").exists()):
        assert time.monotonic() < deadline, "the outbox never wrote the deal again"
        outbox.flush(0.2)                               # (retries now, then waits a little)
        files.writer.flush()
    assert history.recorded(deal) and rows_in_file(deal) == 0
    monkeypatch.setattr(history, "store", real_store)
    assert outbox.flush(10) and files.writer.flush()
    assert rows_in_file(deal) == 1 and not outbox.path_for(deal).exists()
