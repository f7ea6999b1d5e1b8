"""Shared helpers for the store tests: real saves played by bots, byte mutations."""
from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from game.ai import make_bot
from game.rules import GAMES, Game
from game.store import saves

GAME_KEYS = sorted(GAMES)


def play_moves(key: str, n: int, seed: int = 1, level: str = "easy"
               ) -> tuple[saves.Journal, Game]:
    """A deal of ``key`` saved after each of (up to) ``n`` bot moves."""
    opts = {"players": 3} if key == "autobus" else {}
    g = GAMES[key].new(seed=seed, **opts)
    j = saves.new_deal(g, level)
    bots = [make_bot(key, "random", seed=seed + s) for s in range(g.num_players)]
    for _ in range(n):
        if g.is_over:
            break
        s = g.current_player
        assert s is not None
        m = bots[s].choose(g.observation(s), g.legal_moves())
        g.play(m)
        saves.add_move(j, m)
    return j, g


def files_in(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


INTERESTING = [b"1e400", b"Infinity", b"-Infinity", b"NaN", b"2858e5288266", b"[]", b"{}",
               b"null", b"true", b'"\\ud800"', b'"\\udfff"', b"-1", b"1" * 30, b"0.5",
               b"[" * 5000, b'"x"', b"99999999999999999999999"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One random damage of the kinds a disk, a user or an attacker might cause."""
    b = bytearray(data)
    kind = rng.randrange(9)
    if not b:
        return bytes(rng.randrange(256) for _ in range(8))
    i = rng.randrange(len(b))
    if kind == 0:                       # flip one bit
        b[i] ^= 1 << rng.randrange(8)
    elif kind == 1:                     # overwrite a byte
        b[i] = rng.randrange(256)
    elif kind == 2:                     # delete a range
        del b[i:i + rng.randrange(1, 40)]
    elif kind == 3:                     # insert random bytes
        b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12)))
    elif kind == 4:                     # truncate
        del b[i:]
    elif kind == 5:                     # duplicate a range
        j = min(len(b), i + rng.randrange(1, 200))
        b[j:j] = b[i:j]
    else:                               # replace a JSON value by something odd
        starts = [k for k in range(len(b)) if b[k:k + 1] in (b":", b",", b"[")]
        if starts:
            k = rng.choice(starts) + 1
            end = k
            while end < len(b) and b[end:end + 1] not in (b",", b"}", b"]", b"\n"):
                end += 1
            b[k:end] = rng.choice(INTERESTING)
        else:
            b[i] ^= 0xFF
    return bytes(b)


#: A child process (a game run) that plays a deal to its last move, saving as a table does,
#: then finds the disk full, plays the last move and ends (closes) with the disk still full.
#: argv: game key, seed, "model" (every write refused but in the room the spare file held;
#: the history's insert refused) or "tmpfs" (the data folder, a small tmpfs, filled up).
#: Prints one JSON line: the deal's id, moves, outcome, XP, and what the disk did.
FULL_AT_THE_END = r"""
import errno, json, os, sys
from game.ai import make_bot
from game.rules import GAMES
from game.session.deal import DealSession
from game.store import files, history, outbox

key, seed, how = sys.argv[1], int(sys.argv[2]), sys.argv[3]
g = GAMES[key].new(seed=seed)
bots = [make_bot(key, "random", seed=seed + s) for s in range(g.num_players)]
moves = []
while not g.is_over:
    seat = g.current_player
    m = bots[seat].choose(g.observation(seat), g.legal_moves())
    g.play(m)
    moves.append(str(m))
s = DealSession(key, level="easy", seed=seed, ai_seats=(), pace=lambda: 0.0)
for m in moves[:-1]:
    s.play(m)
assert files.writer.flush() and not s.is_over        # saved: every move but the last
spare = files.spare_path()
assert spare.is_file(), "no room was held"
if how == "tmpfs":
    from tests.test_store_disk import _fill
    _fill(files.home())
else:
    room = [0]
    real_write, real_give_up = files._write_all, files.give_up_spare

    def write(fd, data):
        if len(data) > room[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        room[0] -= len(data)
        real_write(fd, data)

    def give_up(path):
        size = path.stat().st_size if path.is_file() else 0
        gone = real_give_up(path)
        room[0] += size if gone else 0
        return gone

    def store_rows(records, timeout=history.WRITE_TIMEOUT, folder=None):
        files.note_problem(history.db_path(), OSError(errno.ENOSPC, "No space left"))
        return history.FAILED, {}

    files._write_all, files.give_up_spare, history.store = write, give_up, store_rows
s.play(moves[-1])                                      # the last move: the deal ends
assert s.is_over
files.writer.flush()                                   # what the game does at Quit
deal = s.journal.deal_id
print(json.dumps({"deal": deal, "moves": moves, "outcome": s.outcome(), "xp": s.xp_gained,
                  "score": s.result()[0], "spare_given_up": not spare.exists(),
                  "in_outbox": outbox.path_for(deal).is_file(),
                  "problem": files.write_problem()}), flush=True)
"""


def end_on_a_full_disk(home: Path, key: str, seed: int, how: str) -> dict[str, Any]:
    """Run :data:`FULL_AT_THE_END` in a child on ``home`` (it exits: the game is closed);
    what it printed."""
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "CARDCLUB_HOME": str(home)}
    r = subprocess.run([sys.executable, "-c", FULL_AT_THE_END, key, str(seed), how],
                       cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    out: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return out


def starts_record_it_once(ended: dict[str, Any], key: str, starts: int = 3) -> None:
    """Start the game ``starts`` times over the data folder (new store state each time,
    the disk with room again): from the first on, the deal is in the history once, with
    its result and every move, and no save offers to resume it."""
    from game import store
    from game.store import files, history, outbox

    deal = ended["deal"]
    for _ in range(starts):
        history.forget_checks()
        files.reset_problems()
        assert store.start_up() == []
        assert files.writer.flush() and outbox.flush(10)
        con = sqlite3.connect(history.db_path(), timeout=10)
        try:
            rows = con.execute("SELECT outcome, xp, score, moves, surrendered FROM deals"
                               " WHERE deal_id = ?", (deal,)).fetchall()
        finally:
            con.close()
        assert rows == [(ended["outcome"], ended["xp"], ended["score"],
                         len(ended["moves"]), 0)]
        assert history.count_deals() == 1
        assert not saves.exists(key) and saves.load(key) == (None, None)
        assert not list(outbox.folder().glob("*.json"))
        journal = saves.stored_journal(deal)
        assert journal is not None and journal.moves == ended["moves"]
        assert journal.replay().is_over
        assert files.spare_path().stat().st_size == files.SPARE_BYTES   # held again


T = TypeVar("T")


def on_a_thread(fn: Callable[[], T], deadline: float = 60.0) -> tuple[T, list[float]]:
    """Run ``fn`` on a thread of its own (standing for the window's) and wait for it: its
    value, and the busy timeout (seconds) it gave each SQLite connection it opened, i.e.
    the longest it let SQLite wait for another program's lock.  A lock test holds the
    lock all along, so a call that waited for it would never return: ``deadline`` is only
    there to fail then instead of hanging; the test asserts the timeouts, not the time."""
    thread: threading.Thread | None = None
    waits: list[float] = []
    out: dict[str, Any] = {}
    real = sqlite3.connect

    def connect(*args: Any, **kw: Any) -> sqlite3.Connection:
        if threading.current_thread() is thread:
            waits.append(float(kw.get("timeout", args[1] if len(args) > 1 else 5.0)))
        con: sqlite3.Connection = real(*args, **kw)
        return con

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # re-raised on the test's thread
            out["error"] = exc

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sqlite3, "connect", connect)
        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(deadline)
        assert not thread.is_alive(), "it is still waiting (for the lock?)"
    if "error" in out:
        raise out["error"]
    return out["value"], waits
