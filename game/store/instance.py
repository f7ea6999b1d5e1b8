"""One Card Club per data folder: a second start finds the first and asks it to come forward.

The first process holds an advisory lock on ``cardclub.lock`` in the data folder for its
whole life (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows).  The
operating system drops the lock when the process ends, however it ends, so a lock left by
a killed game never blocks the next start: there is nothing to clean up and no stale
process id to trust.  Without the lock two windows would both write ``saves/<game>.json``
and the last writer would silently win.

The holder also listens on a loopback port and writes it (with a random token) into the
lock file, after the lock's first byte.  A second start that cannot take the lock reads
that line, sends the token, and the first window comes to the front; the second then
says "Card Club is already open" and exits, having changed no file.

Pure Python: no arcade or pyglet import (the window polls :meth:`InstanceLock.wants_front`).
"""
from __future__ import annotations

import contextlib
import os
import secrets
import socket
import sys
import threading
from pathlib import Path

LOCK_NAME = "cardclub.lock"
#: the most of the lock file a second start reads (the line is about 60 bytes)
MAX_LINE = 256
#: how long a second start waits for the first to answer (seconds)
ASK_TIMEOUT = 2.0


def _lock(fd: int) -> None:
    """Take the lock without waiting; OSError when another process holds it."""
    if sys.platform == "win32":    # the test mypy reads: it checks the branch of its platform
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)   # byte 0; the line after it stays readable
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


class InstanceLock:
    """The lock this process holds, and the listener a second start talks to."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd                     # None: nothing held (no lock file could be opened)
        self._front = threading.Event()
        self._token = secrets.token_hex(16)
        self._server: socket.socket | None = None
        self.port = 0
        if fd is None:
            return
        try:
            self._listen()
        except OSError:     # no loopback: a second start can still only say so
            self._server = None
        self._write_line()

    # ----- the listener ------------------------------------------------------------------
    def _listen(self) -> None:
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        self._server = server
        self.port = server.getsockname()[1]
        threading.Thread(target=self._serve, args=(server,), name="cardclub-instance",
                         daemon=True).start()

    def _serve(self, server: socket.socket) -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:          # closed: the process is ending
                return
            with conn:
                try:
                    conn.settimeout(ASK_TIMEOUT)
                    got = conn.recv(MAX_LINE)
                    if got.strip() == f"front {self._token}".encode():
                        self._front.set()
                        conn.sendall(b"ok\n")
                except OSError:
                    continue

    def _write_line(self) -> None:
        """``pid port token`` after the first byte (the one Windows locks)."""
        fd = self._fd
        if fd is None:
            return
        line = f"\n{os.getpid()} {self.port} {self._token}\n".encode()
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, line)
            os.ftruncate(fd, len(line))

    # ----- what the window asks -------------------------------------------------------------
    def wants_front(self) -> bool:
        """Whether a second start asked this window to come forward (once per ask)."""
        if self._front.is_set():
            self._front.clear()
            return True
        return False

    def release(self) -> None:
        """Give the lock up (the process is ending; the OS would do it anyway)."""
        if self._server is not None:
            with contextlib.suppress(OSError):
                self._server.close()
            self._server = None
        if self._fd is not None:
            _unlock(self._fd)
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None


def acquire(home: Path) -> InstanceLock | None:
    """Take the data folder's lock for the life of this process; ``None`` when another
    Card Club holds it.  A folder where no lock file can be made is no reason not to
    play: the game then runs unlocked (a read-only folder saves nothing anyway)."""
    path = home / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        try:                                  # read-only: still see another holder
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            return InstanceLock(path, None)
    try:
        _lock(fd)
    except OSError:
        os.close(fd)
        return None
    return InstanceLock(path, fd)


def ask_front(home: Path) -> bool:
    """Ask the Card Club holding ``home``'s lock to bring its window forward; whether it
    answered.  Reads the lock file only (it changes nothing)."""
    try:
        with open(home / LOCK_NAME, "rb") as fh:
            fh.seek(1)
            parts = fh.read(MAX_LINE).split()
        port, token = int(parts[1]), parts[2].decode("ascii")
    except (OSError, ValueError, IndexError, UnicodeDecodeError):
        return False
    if not 0 < port < 65536:
        return False
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=ASK_TIMEOUT) as conn:
            conn.sendall(f"front {token}\n".encode())
            return conn.recv(16).startswith(b"ok")
    except OSError:
        return False
