"""Crash safety (issue 14): a child process plays computer-only deals of every game through
the journal writer and the history, and is killed with SIGKILL at random moments.  After
every kill the game starts (stale temp files removed, ended deals settled), every deal
resumes exactly as its journal replays, no logged move is lost, the history database
passes ``PRAGMA integrity_check``, and no finished deal is lost or counted twice.

The default run kills 80 times (about fifteen seconds: enough kills in the middle of a
write, and deals that end between kills, to test each promise); ``CARDCLUB_LONG=1`` kills
2,000 times, and ``CARDCLUB_CRASH_KILLS=N`` any number.
"""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import time
from pathlib import Path

from game import store
from game.ai import make_bot
from game.rules import GAMES
from game.store import history, saves, settings

KILLS = int(os.environ.get("CARDCLUB_CRASH_KILLS",
                           "2000" if os.environ.get("CARDCLUB_LONG") == "1" else "80"))
GAME_KEYS = sorted(GAMES)
#: the short games more often, so that many deals end (and are recorded) between kills
WEIGHTS = [{"durak": 4, "paodekuai": 4}.get(k, 1) for k in GAME_KEYS]
LEVELS = {"autobus": ["easy"], "dudak": ["easy", "normal"], "durak": ["random", "easy"],
          "paodekuai": ["random", "easy"]}


def _new(key: str, rng: random.Random) -> tuple[saves.Journal, object]:
    opts = {"players": rng.choice([2, 3, 4])} if key == "autobus" else {}
    g = GAMES[key].new(seed=rng.randrange(1 << 40), **opts)
    return saves.new_deal(g, rng.choice(LEVELS[key])), g


def _child(ledger: Path, seed: int) -> None:
    """Play forever: resume every game's save (or start a deal), then moves of random
    games, each saved; finish or sometimes surrender; settings saved now and then.  A line
    goes to the ledger after each write returns (the kill can come at any moment)."""
    rng = random.Random(seed)
    log = open(ledger, "a", buffering=1)
    tables = {}
    for key in GAME_KEYS:
        j, g = saves.load(key)
        if j is None:
            j, g = _new(key, rng)
            log.write(f"n {key} {j.deal_id}\n")
        tables[key] = (j, g, [make_bot(key, j.level, seed=rng.randrange(1000))
                              for _ in range(g.num_players)])
    while True:
        key = rng.choices(GAME_KEYS, WEIGHTS)[0]
        j, g, bots = tables[key]
        s = g.current_player
        m = bots[s].choose(g.observation(s), g.legal_moves())
        g.play(m)
        assert saves.add_move(j, m)
        log.write(f"m {key} {j.deal_id} {len(j.moves)}\n")
        # sometimes, and always once a deal grows long (so that every start stays quick)
        if g.is_over or rng.random() < 0.004 or len(j.moves) > 250:
            if g.is_over:
                saves.finish(j, g)
                log.write(f"f {key} {j.deal_id}\n")
            else:
                saves.surrender(j, g)
                log.write(f"s {key} {j.deal_id}\n")
            j, g = _new(key, rng)
            log.write(f"n {key} {j.deal_id}\n")
            tables[key] = (j, g, [make_bot(key, j.level, seed=rng.randrange(1000))
                                  for _ in range(g.num_players)])
        if rng.random() < 0.02:
            settings.save(settings.Settings(volume=rng.random()))


def _run_child(ledger: Path, seed: int, rng: random.Random) -> None:
    """Fork a child that plays, and SIGKILL it at a random moment: a fifth of the time
    within its first 0.15 s (while it loads and settles the saves), else after a random
    number of logged writes (1 to 15) plus up to 15 ms, so that a slow machine still
    plays between kills."""
    start_size = ledger.stat().st_size
    pid = os.fork()
    if pid == 0:   # the child: never returns into pytest
        code = 0
        try:
            _child(ledger, seed)
        except BaseException:
            import traceback

            traceback.print_exc()
            code = 3
        finally:
            os._exit(code)
    if rng.random() < 0.2:
        time.sleep(rng.uniform(0.0, 0.15))
    else:
        want = start_size + 45 * rng.randint(1, 15)
        deadline = time.monotonic() + 10
        while ledger.stat().st_size < want and time.monotonic() < deadline:
            time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.015))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, \
        f"the child stopped by itself (status {status}): it failed"


def _read_ledger(ledger: Path) -> tuple[dict[str, tuple[str, int]], set[str], set[str], set[str]]:
    """Last logged (deal, moves) per game; ended deals; surrendered deals; all deals."""
    last: dict[str, tuple[str, int]] = {}
    ended: set[str] = set()
    surrendered: set[str] = set()
    known: set[str] = set()
    for line in ledger.read_text().splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue   # a line cut by the kill
        kind, key, deal = parts[0], parts[1], parts[2]
        known.add(deal)
        if kind == "m" and len(parts) == 4:
            last[key] = (deal, int(parts[3]))
        elif kind == "n":
            last[key] = (deal, 0)
        elif kind == "f":
            ended.add(deal)
        elif kind == "s":
            ended.add(deal)
            surrendered.add(deal)
    return last, ended, surrendered, known


def _independent_replay(path: Path) -> tuple[dict, dict]:
    d = json.loads(path.read_text(encoding="utf-8"))
    g = GAMES[d["game"]].new(seed=d["seed"], deck=d["deck"], **d["options"])
    for m in d["moves"]:
        g.play(m)
    return d, g.to_dict()


def _start_and_check(home: Path, ledger: Path, recorded_before: set[str]
                     ) -> tuple[set[str], int]:
    """What the game does at start, then every promise of issue 14.  Returns the deals
    recorded and how many stale temp files (a kill in the middle of a write) were removed."""
    stale = len(list(home.rglob("*.tmp")))
    history.forget_checks()
    assert history.integrity_ok(), "PRAGMA integrity_check failed"
    raw_saves = {k: _independent_replay(saves.path_for(k)) for k in GAME_KEYS
                 if saves.path_for(k).exists()}      # a kill never leaves a damaged save
    messages = store.start_up()                       # what the window does when it opens
    assert not [m for m in messages if "could not be read" in m], messages
    assert not list(home.rglob("*.tmp")), "stale temp files were not removed"
    for key, (raw, _) in raw_saves.items():          # ended deals are settled at start
        if history.has_deal(raw["id"]):
            assert not saves.path_for(key).exists()
    last, ended, surrendered, known = _read_ledger(ledger)
    for key in GAME_KEYS:
        p = saves.path_for(key)
        if not p.exists():
            continue
        raw, expected = _independent_replay(p)   # a kill never leaves a damaged save
        journal, state = saves.load(key)
        if journal is not None:                  # resumes exactly as the journal replays
            assert state.to_dict() == expected   # type: ignore[union-attr]
            assert journal.moves == raw["moves"] and journal.deal_id == raw["id"]
        else:                                    # it had ended: now in the history
            assert history.has_deal(raw["id"]) and not p.exists()
    for key, (deal, n) in last.items():          # no logged move is lost
        p = saves.path_for(key)
        if p.exists() and json.loads(p.read_text())["id"] == deal:
            assert len(json.loads(p.read_text())["moves"]) >= n
        else:
            assert history.has_deal(deal), f"{key} deal {deal} with {n} moves was lost"
    con = sqlite3.connect(history.db_path())
    try:
        rows = con.execute("SELECT deal_id, surrendered, xp FROM deals").fetchall()
    finally:
        con.close()
    ids = [r[0] for r in rows]
    assert len(ids) == len(set(ids)), "a deal was counted twice"
    recorded = set(ids)
    assert recorded <= known, "the history holds a deal nobody played"
    assert ended <= recorded, "a finished deal was lost"
    assert recorded_before <= recorded, "a recorded deal disappeared"
    for deal_id, surr, xp in rows:
        if deal_id in surrendered:
            assert surr == 1 and xp == 0
    assert history.profile().xp == sum(r[2] for r in rows)
    assert settings.load()[1] is None, "the settings file was damaged by a kill"
    assert not list(home.rglob("*.damaged-*")), "a kill left a damaged file"
    return recorded, stale


def test_sigkill_at_random_moments_loses_nothing(_cardclub_home: Path, tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.txt"
    ledger.touch()
    rng = random.Random(int(os.environ.get("CARDCLUB_CRASH_SEED", "14")))
    recorded: set[str] = set()
    mid_write = 0
    started = time.monotonic()
    for _ in range(KILLS):
        _run_child(ledger, rng.randrange(1 << 30), rng)
        recorded, stale = _start_and_check(_cardclub_home, ledger, recorded)
        mid_write += stale > 0
    took = time.monotonic() - started
    _, ended, surrendered, known = _read_ledger(ledger)
    moves = sum(1 for line in ledger.read_text().splitlines() if line.startswith("m "))
    print(f"\n{KILLS} kills in {took:.0f} s: {moves} moves saved, {len(known)} deals, "
          f"{len(recorded)} recorded ({len(surrendered)} surrendered); {mid_write} kills "
          f"in the middle of a write (a temp file left)")
    assert moves > KILLS, "the child hardly played: the test would prove nothing"
    assert len(recorded) >= max(3, KILLS // 25), "too few deals ended to test the history"
