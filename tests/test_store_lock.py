"""One window per data folder (issue 27): the advisory lock held for the life of the game,
a second start that asks the first window forward and exits without touching a file, and a
lock that a kill -9 leaves behind never blocking the next start."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.store import instance
from tests.store_helpers import play_moves

ROOT = Path(__file__).resolve().parent.parent
HOLD = r"""
import sys, time
from pathlib import Path
from game.store import instance
lock = instance.acquire(Path(sys.argv[1]))
print("held" if lock is not None else "refused", flush=True)
time.sleep(60)
"""
PLAY = "from game.app import run\nraise SystemExit(run())\n"
#: a normal run that also prints "idle" once the window has gone idle (start-up, with its
#: history and files, long done, nothing animating and nothing loading: a view that still
#: works says it is busy), so it writes nothing more
PLAY_AND_SAY_IDLE = r"""
import arcade
from game import app

come_forward = app.come_forward

def come_forward_and_say_idle(window, wanted):
    come_forward(window, wanted)

    def check(_dt):
        if window.idle:
            arcade.unschedule(check)
            print("idle", flush=True)

    arcade.schedule(check, 0.05)

app.come_forward = come_forward_and_say_idle
raise SystemExit(app.run())
"""


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` with its bytes and modification time."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_lock_is_held_once_and_taken_again_after_release(_cardclub_home: Path) -> None:
    first = instance.acquire(_cardclub_home)
    assert first is not None and first.port > 0
    try:
        assert instance.acquire(_cardclub_home) is None      # a second start is refused
        assert not first.wants_front()
        assert instance.ask_front(_cardclub_home)            # ... and asks it forward
        assert first.wants_front() and not first.wants_front()   # once per ask
    finally:
        first.release()
    again = instance.acquire(_cardclub_home)
    assert again is not None
    again.release()


def test_a_lock_file_with_anything_in_it_never_stops_a_start(_cardclub_home: Path) -> None:
    lock_file = _cardclub_home / instance.LOCK_NAME
    for junk in (b"", b"\n\n\n", b"\x00" * 400, b"\n1 99999 x", b"\n1 0 x", b"\n-5 1 \xff",
                 b"\n1 1 " + b"9" * 5000):
        lock_file.write_bytes(junk)
        assert instance.ask_front(_cardclub_home) is False   # nobody holds it: no answer
        held = instance.acquire(_cardclub_home)
        assert held is not None
        held.release()


def test_a_lock_left_by_kill_9_never_blocks_the_next_start(_cardclub_home: Path) -> None:
    p = subprocess.Popen([sys.executable, "-c", HOLD, str(_cardclub_home)], cwd=ROOT,
                         stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout is not None and p.stdout.readline().strip() == "held"
        assert instance.acquire(_cardclub_home) is None
    finally:
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=10)
    lock = instance.acquire(_cardclub_home)      # at once: acquire never waits (it asks
    assert lock is not None                       # the OS without blocking) and gets it
    lock.release()


def _start(home: Path, code: str = PLAY, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, text=True,
                            env={**os.environ, "CARDCLUB_HOME": str(home),
                                 "ARCADE_SOUND_BACKENDS": "silent", **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_until_idle(home: Path, first: subprocess.Popen[str], limit: float = 120) -> None:
    """Wait for the first window to say it is idle (its start-up done, the lock taken and
    its port written); fail if it ends first or never does."""
    idle = threading.Event()

    def read() -> None:
        assert first.stdout is not None
        for line in first.stdout:
            if line.strip() == "idle":
                idle.set()
                return

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + limit
    while not idle.wait(0.1):
        assert first.poll() is None, f"the first window ended: {first.communicate()}"
        assert time.monotonic() < deadline, "the first window never went idle"
    lock_file = home / instance.LOCK_NAME
    assert len(lock_file.read_bytes().split()) == 3, "the first window holds no lock"


@pytest.mark.ui
def test_a_second_window_on_the_same_folder_exits_and_touches_nothing(
        _cardclub_home: Path) -> None:
    play_moves("durak", 5)                       # a deal in progress, saved
    first = _start(_cardclub_home, PLAY_AND_SAY_IDLE)
    try:
        _wait_until_idle(_cardclub_home, first)  # up and idle: it writes nothing now
        assert (_cardclub_home / "history.sqlite3").is_file()
        before = snapshot(_cardclub_home)
        second = _start(_cardclub_home)
        out, err = second.communicate(timeout=60)
        assert second.returncode == 0, err
        assert "Card Club is already open" in err and "in front now" in err
        assert "Traceback" not in err
        assert snapshot(_cardclub_home) == before   # not a byte, not a time changed
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    third = _start(_cardclub_home, CARDCLUB_FIRST_FRAME="1")   # at once after the kill
    out, err = third.communicate(timeout=60)
    assert third.returncode == 0 and "first-frame" in out, err
    assert "already open" not in err
