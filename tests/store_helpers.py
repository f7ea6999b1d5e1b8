"""Shared helpers for the store tests: real saves played by bots, byte mutations."""
from __future__ import annotations

import random
from pathlib import Path

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
