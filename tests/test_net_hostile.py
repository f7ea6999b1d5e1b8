"""The table server against the world: one test per attack a hostile client tried, and per
way the machine under it fails (game/net; docs/net.md, "Limits and hostile input").

- A seat's first state cannot be matched by trying deal numbers: a shared deal's number is
  drawn from ``secrets`` (2**48 and up), and the computers' randomness is the server's.
- One address cannot fill the server with tables that wait for friends; such tables
  expire, also across a restart.
- A write that fails (an injected writer; a real full disk) leaves the table at the disk's
  move, tells every seat in words, stops the computers, and the table goes on by itself
  once writes work again.
- A low open-file limit: the server raises it, keeps its connections below it, and a
  table already playing finishes while idle connections flood in; the log stays short.
- Codes cannot be guessed by reconnecting; connections per address are capped; idle and
  half-open connections are closed; binary frames, huge numbers and names of marks alone
  are refused.

Every connection goes to 127.0.0.1; several client addresses are played through
``X-Forwarded-For`` to a server told it stands behind a proxy.  Every wait is for a
condition; deadlines only bound a hang.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.net import protocol as P
from game.net.client import SeatPlay, play_seat
from game.net.limits import Limits, address_of
from game.net.pgstore import PgStore
from game.net.server import DISK_MESSAGE, Server
from game.rules import GAMES
from game.rules.rng import SECRET_LOW, secret_seed
from game.session.journal import journal_from_dict
from game.tools.cluster import Postgres

from .test_net import HANG, LEVEL, ROOT, C, F, answers, closed, run, until


async def started(srv: Server) -> str:
    return f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"


async def reply(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (others skipped)."""
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] in (kind, "error"):
            return msg  # type: ignore[no-any-return]


def from_(address: str) -> dict[str, Any]:
    """Connect as if from ``address`` (a server with ``trust_proxy`` counts it so)."""
    return {"additional_headers": {"X-Forwarded-For": address}}


# ----- the stores under test: a folder, and PostgreSQL (a cluster's) --------------------------
@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One PostgreSQL server for the session's tests (each takes a database of its own)."""
    pg = Postgres(Path(tempfile.mkdtemp(prefix="cardclub-pg-", dir="/tmp"))).start()
    try:
        yield pg
    finally:
        pg.stop()
        shutil.rmtree(pg.folder, ignore_errors=True)


class FlakyDisk:
    """Fails a store's writes while ``broken`` (as a full disk, or a database gone,
    does), counting the tries.  As a folder's writer it is called with the file."""

    def __init__(self) -> None:
        self.broken = False
        self.failed = 0

    def check(self) -> None:
        if self.broken:
            self.failed += 1
            raise OSError(28, "No space left on device")

    def __call__(self, path: Path, payload: bytes) -> None:
        self.check()
        from game.store import files

        files.write_bytes(path, payload)


class FlakyPg(PgStore):
    """A database whose writes fail while ``disk.broken`` (its connection lost)."""

    def __init__(self, disk: FlakyDisk, *a: Any, **kw: Any) -> None:
        self.disk = disk
        super().__init__(*a, **kw)

    def _fail(self) -> None:
        try:
            self.disk.check()
        except OSError as exc:
            raise psycopg.OperationalError("the database is away") from exc

    def create(self, table: Any, address: str) -> None:
        self._fail()
        super().create(table, address)

    def seat(self, *a: Any) -> None:
        self._fail()
        super().seat(*a)

    def move(self, *a: Any) -> None:
        self._fail()
        super().move(*a)

    def probe(self, *a: Any) -> None:
        self._fail()
        super().probe(*a)


class Kept:
    """Where a test's server keeps its tables, and what is kept there."""

    def __init__(self, kind: str, folder: Path, dsn: str | None) -> None:
        self.kind, self.folder, self.dsn = kind, folder, dsn

    def server(self, limits: Limits | None = None, disk: FlakyDisk | None = None,
               **kw: Any) -> Server:
        limits = limits or Limits()
        if self.dsn is None:
            return Server(self.folder, limits=limits, writer=disk, **kw)
        store = (FlakyPg(disk, self.dsn, limits, "t1") if disk is not None
                 else PgStore(self.dsn, limits, "t1"))
        return Server(None, limits=limits, store=store, **kw)

    def moves(self, code: str) -> int:
        """Moves kept of table ``code``."""
        if self.dsn is None:
            return len(json.loads((self.folder / f"{code}.json").read_text())["journal"]
                       ["moves"])
        with psycopg.connect(self.dsn) as c:
            return int(c.execute("SELECT count(*) FROM cc_moves WHERE code = %s",
                                 (code,)).fetchone()[0])  # type: ignore[index]

    def has(self, code: str) -> bool:
        if self.dsn is None:
            return (self.folder / f"{code}.json").exists()
        with psycopg.connect(self.dsn) as c:
            return c.execute("SELECT 1 FROM cc_tables WHERE code = %s", (code,)).fetchone() \
                is not None


@pytest.fixture(params=["folder", "postgresql"])
def kept(request: pytest.FixtureRequest, tmp_path: Path) -> Kept:
    if request.param == "folder":
        return Kept("folder", tmp_path / "tables", None)
    pg: Postgres = request.getfixturevalue("postgres")
    name = f"t{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg.dsn.rsplit("/", 1)[0] + "/postgres", autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    return Kept("postgresql", tmp_path, pg.dsn.rsplit("/", 1)[0] + f"/{name}")


# ----- secret deals ------------------------------------------------------------------------
def crack(game: str, options: dict[str, Any], seat: int, seen: dict[str, Any],
          numbers: range) -> int | None:
    """The attack: the deal number whose deal shows ``seat`` exactly what it ``seen``
    first (its hand, and every card face up: Autobus's reserves)."""
    for n in numbers:
        if GAMES[game].new(seed=n, **options).observation(seat) == seen:
            return n
    return None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seats_first_state_does_not_give_the_deal_away(
        game: str, kept: Kept, monkeypatch: pytest.MonkeyPatch) -> None:
    """Trying numbers finds a deal dealt from a small number (the attack works), never a
    shared deal's: its number is drawn from 2**48 up and told only once the deal is over;
    the computers are seeded from the server's secret, not from the deal."""
    import game.net.tables as tables

    seeds: list[int] = []
    made: list[int] = []
    real = tables.make_bot

    def spy(*a: Any, **kw: Any) -> Any:
        made.append(kw["seed"])
        return real(*a, **kw)
    monkeypatch.setattr(tables, "make_bot", spy)

    async def main() -> None:
        srv = kept.server(pace=0.0, allow_seed=True)
        url = await started(srv)
        for number in (2718, None):
            async with connect(url) as h, connect(url) as f:
                host: dict[str, Any] = {"type": "host", "game": game, "seats": [F, F, C()]}
                if number is not None:
                    host["seed"] = number
                await h.send(P.encode(host))
                code = (await reply(h, "joined"))["code"]
                await f.send(P.encode({"type": "join", "code": code}))
                state = await reply(f, "state")
                table = srv.tables[code]
                options = dict(table.session.journal.options)
                found = crack(game, options, 1, state["obs"], range(1, 4001))
                seeds.append(table.session.seed)
                if number is not None:
                    assert found == number, "the attack finds a small number"
                    continue
                assert found is None
                assert table.session.seed >= SECRET_LOW
                deal = GAMES[game].new(seed=table.session.seed, **options)
                assert sorted(deal.observation(1)["hand"]) == sorted(state["obs"]["hand"])
                assert str(table.session.seed) not in json.dumps(state)
                table.bot(len(table.seats) - 1)
        await srv.close()

    run(main())
    assert seeds[0] == 2718
    # the computers' seeds are not the deal's (nor made from it)
    assert made and not {seed * 8 + s for seed in seeds for s in range(4)} & set(made)


def test_secret_deal_numbers_are_large_and_unrelated() -> None:
    """Drawn numbers are 2**48 or more, never repeat, and no step from one to the next
    repeats (a counter or a linear generator would)."""
    drawn = [secret_seed() for _ in range(2000)]
    assert min(drawn) >= SECRET_LOW and max(drawn) < 1 << 64
    assert len(set(drawn)) == len(drawn)
    steps = {(b - a) % (1 << 64) for a, b in zip(drawn, drawn[1:], strict=False)}
    assert len(steps) == len(drawn) - 1
    assert len({n >> 60 for n in drawn}) == 16      # the top bits take every value


def test_the_journal_and_its_number_come_only_at_the_end(kept: Kept) -> None:
    """A whole shared deal: no message before the last names the deal's number or
    carries the journal."""
    async def main() -> None:
        srv = kept.server(pace=0.0)
        url = await started(srv)
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": "durak", "seats": [F, F]}, level=LEVEL,
                        on_code=code.set_result)
        tasks = [asyncio.ensure_future(play_seat(host))]
        friend = SeatPlay(url, code=await code, level=LEVEL, seed=1)
        tasks.append(asyncio.ensure_future(play_seat(friend)))
        results = await asyncio.gather(*tasks)
        number = results[0]["journal"]["seed"]
        assert number >= SECRET_LOW
        for play in (host, friend):
            before = [m for m in play.messages if not m.get("over")]
            assert len(before) < len(play.messages)
            text = json.dumps(before)
            assert str(number) not in text and '"journal"' not in text
        await srv.close()

    run(main())


# ----- waiting tables -----------------------------------------------------------------------
def test_one_address_cannot_fill_the_server_with_waiting_tables(kept: Kept) -> None:
    """Hosting from one address stops at its limit of waiting tables (another address
    still hosts); one connection hosts at most its limit; waiting tables expire, friends
    at them are told, and an address may host again."""
    async def main() -> None:
        limits = Limits(waiting_per_address=3, hosts_per_connection=2, wait_expiry=HANG,
                        trust_proxy=True)
        srv = kept.server(limits, pace=0.0)
        url = await started(srv)
        host = {"type": "host", "game": "durak", "seats": [F, F]}
        mallory = []
        for i in range(5):
            ws = await connect(url, **from_("203.0.113.7"))
            mallory.append(ws)
            await ws.send(P.encode(host))
            msg = await reply(ws, "joined")
            if i < 3:
                assert msg["type"] == "joined"
            else:
                assert msg["code"] == "limit" and "wait for friends" in msg["message"]
        assert len(srv.tables) == 3
        async with connect(url, **from_("198.51.100.9")) as alice:
            await alice.send(P.encode(host))
            assert (await reply(alice, "joined"))["type"] == "joined"
            await alice.send(P.encode({"type": "leave"}))
            await reply(alice, "closed")
            await alice.send(P.encode(host))
            assert (await reply(alice, "joined"))["type"] == "joined"
            await alice.send(P.encode({"type": "leave"}))
            await reply(alice, "closed")
            await alice.send(P.encode(host))
            refused = await reply(alice, "joined")
            assert refused["code"] == "limit" and "connect again" in refused["message"]
        for ws in mallory:
            await ws.close()
        await srv.close()

        # a short expiry: the waiting tables close, their seats are told, hosting works
        short = Limits(waiting_per_address=1, wait_expiry=0.3, trust_proxy=True)
        srv = kept.server(short, pace=0.0)
        url = await started(srv)
        async with connect(url, **from_("203.0.113.8")) as ws:
            await ws.send(P.encode(host))
            code = (await reply(ws, "joined"))["code"]
            msg = await reply(ws, "closed")
            assert msg["reason"] == "expired" and msg["message"]
            assert code not in srv.tables
            await until(lambda: not kept.has(code), "it is forgotten")
        async with connect(url, **from_("203.0.113.8")) as ws:
            await ws.send(P.encode(host))
            assert (await reply(ws, "joined"))["type"] == "joined"
        await srv.close()

    run(main())


def test_waiting_tables_expire_across_a_restart(tmp_path: Path) -> None:
    """Tables that waited too long are swept when the server starts (a flood left before
    a restart does not fill the new process), while a started deal is kept."""
    folder = tmp_path / "tables"

    async def main() -> None:
        srv = Server(folder, pace=0.0, limits=Limits(waiting_per_address=10))
        url = await started(srv)
        codes = []
        for game in ("durak", "dudak"):
            async with connect(url) as ws:
                await ws.send(P.encode({"type": "host", "game": game,
                                        "seats": [F, F] if game == "durak" else [F, C()]}))
                codes.append((await reply(ws, "joined"))["code"])
        await srv.close()
        for code in codes:            # both written long ago
            path = folder / f"{code}.json"
            d = json.loads(path.read_text())
            d["created"] -= 7200
            path.write_text(json.dumps(d))
        again = Server(folder, pace=0.0, limits=Limits(wait_expiry=3600))
        assert again.load() == 1
        assert list(again.tables) == [codes[1]]      # the started deal (computers) stays
        assert not (folder / f"{codes[0]}.json").exists()

    run(main())


# ----- a disk that fails -------------------------------------------------------------------
def on_disk(folder: Path, code: str) -> int:
    return len(json.loads((folder / f"{code}.json").read_text())["journal"]["moves"])


def heard_in_place(play: SeatPlay, moves: list[str]) -> None:
    """Every move ``play`` heard of is in the final journal, once, in its place."""
    ns = [m["n"] for m in play.messages if m["type"] == "update"]
    assert len(ns) == len(set(ns)), "a move heard of twice"
    for m in play.messages:
        if m["type"] == "update":
            assert m["move"].split()[0] == moves[m["n"] - 1].split()[0]


def test_a_failed_write_leaves_the_table_at_the_disk_and_it_resumes(kept: Kept) -> None:
    """Two friends mid-deal; the disk fails: both are told in words, the table stays at
    the move on disk (nothing played in memory, nothing announced), moves are refused;
    the disk works again: the deal goes on to its end by itself, every move heard of in
    the final journal."""
    disk = FlakyDisk()

    async def main() -> None:
        srv = kept.server(pace=0.0, disk=disk)
        url = await started(srv)
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": "durak", "seats": [F, F]}, level=LEVEL,
                        on_code=code.set_result)
        tasks = [asyncio.ensure_future(play_seat(host))]
        c = await code
        friend = SeatPlay(url, code=c, level=LEVEL, seed=1)
        tasks.append(asyncio.ensure_future(play_seat(friend)))
        table = srv.tables[c]
        await until(lambda: table.session.moves_played >= 6, "move 6")
        disk.broken = True
        await until(lambda: all(any(m["type"] == "paused" for m in p.messages)
                                for p in (host, friend)), "both seats told")
        await until(lambda: disk.failed >= 3, "the write tried again")
        assert table.halted is not None
        n = table.session.moves_played
        assert n == kept.moves(c), "the table is at the disk's move"
        for p in (host, friend):
            told = next(m for m in p.messages if m["type"] == "paused")
            assert told["message"] == DISK_MESSAGE and told["reason"] == "disk"
            assert max(m.get("n", 0) for m in p.messages) <= n, "a move not on disk heard"
        # a move now is refused in words, and nothing is played
        legal = table.session.game.legal_moves()[0]
        with pytest.raises(P.ProtocolError) as refusal:
            table.check_move(table.session.current_player or 0, str(legal), n)
        assert refusal.value.code == "unavailable"
        assert table.session.moves_played == n
        disk.broken = False
        results = await asyncio.gather(*tasks)
        moves = results[0]["journal"]["moves"]
        assert results[1]["journal"]["moves"] == moves
        assert kept.moves(c) == len(moves)
        journal_from_dict(results[0]["journal"]).replay()
        for p in (host, friend):
            heard_in_place(p, moves)
            after = [m for m in p.messages[next(i for i, m in enumerate(p.messages)
                                                if m["type"] == "paused"):]]
            assert any(m["type"] == "state" for m in after), "the position told again"
        await srv.close()

    run(main())


def test_computers_stop_while_the_disk_fails(kept: Kept) -> None:
    """A host against a computer: the disk fails when the computer is to move; the
    computer plays nothing while the writes keep failing, and everything once they work."""
    disk = FlakyDisk()

    async def main() -> None:
        srv = kept.server(pace=0.0, disk=disk)
        url = await started(srv)
        async with connect(url) as ws:
            await ws.send(P.encode({"type": "host", "game": "paodekuai",
                                    "seats": [F, C()]}))
            code = (await reply(ws, "joined"))["code"]
            table = srv.tables[code]
            disk.broken = True
            # the host moves whenever it is to act, until the table waits
            while table.halted is None:
                msg = json.loads(await ws.recv())
                if msg.get("to_act") == 0 and msg.get("legal"):
                    token = srv.tables[code].seats[0].token
                    await ws.send(P.encode({"type": "move", "token": token,
                                            "move": msg["legal"][0], "n": msg["n"]}))
            n = table.session.moves_played
            await until(lambda: disk.failed >= 4, "tried again, three times")
            assert table.session.moves_played == n == kept.moves(code)
            assert table.thinking is None and table.computer_to_act() is None
            disk.broken = False
            await until(lambda: table.halted is None, "writes work again")
            await until(lambda: table.session.moves_played > n or table.session.is_over
                        or table.session.current_player == 0, "the deal goes on")
            assert kept.moves(code) == table.session.moves_played
        await srv.close()

    run(main())


def serve(data: Path, *flags: str, limits: Callable[[], None] | None = None
          ) -> tuple[subprocess.Popen[str], int]:
    """``cardclub serve`` in its own process (``limits`` runs in it before it starts)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", str(data), "--pace", "0", "--grace", str(HANG), *flags],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=limits)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        why = proc.stderr.read() if proc.stderr else ""
        raise AssertionError(f"the server did not start: {why}")
    return proc, int(json.loads(line)["port"])


class SmallDisk:
    """A folder on a real disk that can be filled and freed: a 1 MB tmpfs where this
    machine lets the test mount one, else the server's own limit on file sizes (its
    writes then fail with EFBIG exactly where a full disk's fail with ENOSPC)."""

    def __init__(self, where: Path) -> None:
        where.mkdir()
        self.folder = where
        self.mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
            capture_output=True).returncode == 0
        self.pid = 0              # the server's, once started
        self.filler = where / "filler.bin"

    @staticmethod
    def hook() -> None:
        """Run in the server's process before it starts: a write past the size limit
        fails instead of killing it."""
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def fill(self) -> None:
        if self.mounted:
            fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT)
            try:
                with contextlib.suppress(OSError):
                    while True:
                        os.write(fd, b"\0" * 4096)
            finally:
                os.close(fd)
        else:
            resource.prlimit(self.pid, resource.RLIMIT_FSIZE, (16, resource.RLIM_INFINITY))

    def free(self) -> None:
        if self.mounted:
            self.filler.unlink()
        else:
            resource.prlimit(self.pid, resource.RLIMIT_FSIZE,
                             (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.folder)], capture_output=True)


def test_a_real_full_disk_pauses_the_table_until_there_is_room(tmp_path: Path) -> None:
    """``cardclub serve`` with its tables on a small real disk, filled mid-deal: both
    friends are told, nothing is played past the disk; room again: the deal ends, and the
    file holds every move."""
    disk = SmallDisk(tmp_path / "disk")
    folder = disk.folder / "tables"
    try:
        proc, port = serve(folder, "--quiet", limits=disk.hook)
        disk.pid = proc.pid
        url = f"ws://127.0.0.1:{port}"

        async def main() -> None:
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            host = SeatPlay(url, host={"game": "durak", "seats": [F, F]}, level=LEVEL,
                            on_code=code.set_result, think=0.01)
            tasks = [asyncio.ensure_future(play_seat(host))]
            c = await code
            friend = SeatPlay(url, code=c, level=LEVEL, seed=1, think=0.01)
            tasks.append(asyncio.ensure_future(play_seat(friend)))
            await until(lambda: any(m.get("n", 0) >= 4 for m in host.messages), "move 4")
            disk.fill()
            await until(lambda: all(any(m["type"] == "paused" for m in p.messages)
                                    for p in (host, friend)), "both seats told")
            n = on_disk(folder, c)
            for p in (host, friend):
                assert max(m.get("n", 0) for m in p.messages) <= n
            disk.free()
            results = await asyncio.gather(*tasks)
            moves = results[0]["journal"]["moves"]
            assert results[1]["journal"]["moves"] == moves
            assert on_disk(folder, c) == len(moves)
            for p in (host, friend):
                heard_in_place(p, moves)

        try:
            run(main())
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=HANG)
    finally:
        disk.close()
    assert not os.path.ismount(disk.folder)


# ----- file handles --------------------------------------------------------------------------
def test_a_flood_of_idle_connections_never_starves_a_table(tmp_path: Path) -> None:
    """A server whose open-file limit is 160: a table plays while 120 idle connections
    arrive at once; the server keeps its connections below the limit (the rest are
    turned away), the deal ends with every move on disk, the idle ones are closed after
    their silence, a new table can be hosted, and the log stays a few lines."""
    def low_limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (160, 160))

    folder = tmp_path / "tables"
    proc, port = serve(folder, "--per-address", "1000", "--idle", "2", limits=low_limit)
    url = f"ws://127.0.0.1:{port}"

    async def main() -> None:
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": "durak", "seats": [F, F]}, level=LEVEL,
                        on_code=code.set_result, think=0.02)
        tasks = [asyncio.ensure_future(play_seat(host))]
        c = await code
        friend = SeatPlay(url, code=c, level=LEVEL, seed=1, think=0.02)
        tasks.append(asyncio.ensure_future(play_seat(friend)))
        await until(lambda: any(m.get("n", 0) >= 2 for m in host.messages), "move 2")

        async def idle() -> str:
            try:
                async with connect(url, open_timeout=HANG) as ws:
                    with contextlib.suppress(ConnectionClosed):
                        await ws.recv()
                        await ws.recv()
                    return f"closed {ws.close_code}"
            except (InvalidStatus, OSError, ConnectionClosed, TimeoutError) as exc:
                return type(exc).__name__

        flood = await asyncio.gather(*(idle() for _ in range(120)))
        results = await asyncio.gather(*tasks)
        assert results[0]["result"] == results[1]["result"] is not None
        assert on_disk(folder, c) == results[0]["moves"]
        assert "closed 1013" in flood, "some were turned away at the limit"
        assert "closed 1000" in flood, "the others closed after their silence"
        async with connect(url) as ws:
            await ws.send(P.encode({"type": "host", "game": "durak", "seats": [F, F]}))
            assert (await reply(ws, "joined"))["type"] == "joined"

    try:
        run(main())
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=HANG)
    assert err.count("\n") < 20, err[-2000:]
    assert "Traceback" not in err, err[-2000:]


def test_the_server_raises_its_open_file_limit(tmp_path: Path) -> None:
    """Started with a soft limit of 256 under a hard one of 4096, the server holds more
    than 256 connections from many addresses."""
    def low_soft() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 4096))

    proc, port = serve(tmp_path / "tables", "--per-address", "1000", "--idle", "0",
                       limits=low_soft)
    try:
        with open(f"/proc/{proc.pid}/limits") as fh:
            line = next(x for x in fh if x.startswith("Max open files"))
        assert line.split()[3] == "4096", line
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=HANG)


# ----- guessing codes, connections per address, small inputs --------------------------------
def test_codes_cannot_be_guessed_by_reconnecting(kept: Kept) -> None:
    """Wrong codes and tokens count per address across connections: past the limit even
    the right code is refused and the connection closed; another address joins; a client
    cannot pick its address when no proxy is trusted."""
    async def main() -> None:
        for trusted in (True, False):
            limits = Limits(guesses=5, guess_every=HANG * 10, trust_proxy=trusted)
            srv = kept.server(limits, pace=0.0)
            url = await started(srv)
            async with connect(url, **from_("198.51.100.9")) as host:
                await host.send(P.encode({"type": "host", "game": "paodekuai",
                                          "seats": [F, F, F]}))
                code = (await reply(host, "joined"))["code"]
                wrong = 0
                for i in range(4):           # two guesses a connection, a new one each time
                    # (with no proxy trusted, a header naming other addresses changes nothing)
                    spoofed = "203.0.113.7" if trusted else f"203.0.113.{i + 1}"
                    async with connect(url, **from_(spoofed)) as ws:
                        for guess in ("ZZZZZ2", "ZZZZZ3"):
                            kind = "join" if wrong % 2 == 0 else "resume"
                            msg = {"type": kind, "code": guess}
                            if kind == "resume":
                                msg = {**msg, "code": code, "token": "0" * 32}
                            refusal = await answers(ws, P.encode(msg))
                            wrong += 1
                            if wrong <= 5:
                                assert refusal["code"] in ("no_table", "bad_token")
                            else:
                                assert refusal["code"] == "guesses"
                                assert await closed(ws) == 1008
                                break
                source = "203.0.113.7" if trusted else "203.0.113.99"
                async with connect(url, **from_(source)) as ws:   # the right code, too late
                    refusal = await answers(ws, P.encode({"type": "join", "code": code}))
                    assert refusal["code"] == "guesses" and "wait" in refusal["message"]
                if trusted:
                    async with connect(url, **from_("192.0.2.44")) as ws:
                        await ws.send(P.encode({"type": "join", "code": code}))
                        assert (await reply(ws, "joined"))["seat"] == 1
            await srv.close()

    run(main())


def test_connections_per_address_are_capped(kept: Kept) -> None:
    async def main() -> None:
        srv = kept.server(Limits(per_address=4, trust_proxy=True))
        url = await started(srv)
        async with contextlib.AsyncExitStack() as stack:
            for _ in range(4):
                await stack.enter_async_context(connect(url, **from_("203.0.113.7")))
            async with connect(url, **from_("203.0.113.7")) as fifth:
                assert await closed(fifth) == 1013
                assert "address" in (fifth.close_reason or "")
            async with connect(url, **from_("198.51.100.9")) as other:
                await other.send(P.encode({"type": "ping", "id": 1}))
                assert json.loads(await other.recv())["type"] == "pong"
        await srv.close()

    run(main())


def test_addresses_are_counted_by_client() -> None:
    assert address_of(("127.0.0.1", 5), "203.0.113.7", True) == "203.0.113.7"
    assert address_of(("127.0.0.1", 5), "10.0.0.1, 203.0.113.7", True) == "203.0.113.7"
    assert address_of(("192.0.2.1", 5), "203.0.113.7", True) == "192.0.2.1"  # no proxy
    assert address_of(("127.0.0.1", 5), "203.0.113.7", False) == "127.0.0.1"
    assert address_of(("2001:db8::1", 5, 0, 0), None, False) == \
        address_of(("2001:db8::ffff:1", 5, 0, 0), None, False) == "2001:db8::/64"
    assert address_of(("::ffff:192.0.2.5", 5, 0, 0), None, False) == "192.0.2.5"
    # a proxy on another machine, named
    assert address_of(("10.0.0.5", 5), "203.0.113.7", True, ("10.0.0.0/24",)) == \
        "203.0.113.7"
    assert address_of(("10.0.1.5", 5), "203.0.113.7", True, ("10.0.0.0/24",)) == "10.0.1.5"


def test_small_hostile_inputs_are_refused(kept: Kept) -> None:
    """Binary frames, a ping id of 10**300, a name of combining marks alone; an idle
    connection and a half-open one are closed; a flood of connections is a few log
    lines, counted."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    keep = Keep(logging.DEBUG)
    loggers = [logging.getLogger("cardclub.net"), logging.getLogger("cardclub.net.websockets")]
    for lg in loggers:
        lg.addHandler(keep)
        lg.setLevel(logging.INFO)

    async def main() -> None:
        srv = kept.server(Limits(idle=0.3, handshake=0.3))
        url = await started(srv)
        async with connect(url) as ws:
            assert (await answers(ws, P.encode({"type": "ping", "id": 10 ** 300})))["code"] \
                == "bad_message"
            for name in ("\u0301\u0301\u0301", "a\u0301\u0301\u0301", "   ", "x" * 25,
                         "\u202eevil"):
                refusal = await answers(ws, P.encode({"type": "join", "code": "ABCDEF",
                                                      "name": name}))
                assert refusal["code"] == "bad_message", name
            assert P.name_ok("Zoë") and P.name_ok("Jiří") and P.name_ok("Ná\u0301")
            await ws.send(b"\x00binary")
            assert await closed(ws) == 1003
        async with connect(url) as ws:         # silent, seated nowhere: closed
            assert await closed(ws) == 1000
        reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
        with contextlib.suppress(ConnectionResetError):   # (the server aborts it)
            assert await reader.read(1) == b"", "a half-open connection is closed"
        writer.close()
        before = len(records)
        for _ in range(60):
            async with connect(url) as ws:
                await ws.send(P.encode({"type": "ping"}))
                await ws.recv()
        assert len(records) - before < 5
        assert srv.tally.total["connections opened"] >= 62
        await srv.close()

    try:
        run(main())
    finally:
        for lg in loggers:
            lg.removeHandler(keep)
            lg.setLevel(logging.NOTSET)
    assert any("connections opened" in r.getMessage() for r in records), "counted"


def test_the_unit_file_in_the_docs_raises_the_file_limit() -> None:
    text = (ROOT / "docs" / "net.md").read_text(encoding="utf-8")
    unit = text[text.index("[Service]"):text.index("[Install]")]
    assert "LimitNOFILE=" in unit


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_after_a_return_names_no_card_its_seat_never_saw(game: str,
                                                                 tmp_path: Path) -> None:
    """A seat that comes back gets the moves so far (``log``) to write its table's log
    again: each entry names only cards that seat could see just before or after that
    move, and the entries are the deal's moves in order."""
    from game.net.protocol import cards_in

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, grace=HANG)
        url = await started(srv)
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": game, "seats": [F, F, C()]}, level=LEVEL,
                        on_code=code.set_result)
        tasks = [asyncio.ensure_future(play_seat(host))]
        friend = SeatPlay(url, code=await code, level=LEVEL, seed=1, drop_at=8, away=0.05)
        tasks.append(asyncio.ensure_future(play_seat(friend)))
        results = await asyncio.gather(*tasks)
        journal = journal_from_dict(results[0]["journal"])
        deck = frozenset(journal.start_state().full_deck(**journal.options))
        seen = [cards_in(g.observation(1), deck) for _, g in journal.walk()]
        back = [m for m in friend.messages if m["type"] == "state" and m.get("log")]
        assert back, "the return's state carries the log"
        for msg in back:
            log = msg["log"]
            assert [e["n"] for e in log] == list(range(msg["n"] - len(log), msg["n"]))
            for e in log:
                k = e["n"]
                assert e["move"].split()[0] == journal.moves[k].split()[0]
                assert cards_in(e, deck) <= seen[k] | seen[k + 1], (k, e)
        await srv.close()

    run(main())
