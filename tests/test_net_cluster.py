"""A cluster of table servers on loopback, started by the test itself: a real PostgreSQL
(Debian's, in a temporary folder), real HAProxy, three ``cardclub serve --store``
backends (game/tools/cluster.py; ``.ci/run`` installs both).

Sixty tables of all four games play at once, each a host and a friend (headless) with
computers in the other seats; one backend is killed with SIGKILL mid-deal, restarted
later, and the proxy is restarted once.  Every deal still ends, with the same cards for
everyone, no move doubled or lost (the database's rows are each seat's journal), every
move a seat heard of in its place, each seat's history agreeing with the database; the
restarted backend takes new tables again.  Deadlines only bound a hang.
"""
from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

import psycopg

from game.games import ORDER, spec
from game.net.client import SeatPlay, play_seat, record
from game.session.journal import journal_from_dict
from game.tools.cluster import Cluster

from .test_net import HANG, C, F, until
from .test_net_hostile import heard_in_place

TABLES = 60


def seats_of(game: str) -> tuple[int, list[dict[str, str]]]:
    players = max(spec(game).players_allowed)
    return players, [F, F, *[C()] * (players - 2)]


def db_moves(dsn: str, code: str) -> tuple[list[int], list[str], dict[str, Any]]:
    with psycopg.connect(dsn) as c:
        rows = c.execute("SELECT n, move FROM cc_moves WHERE code = %s ORDER BY n",
                         (code,)).fetchall()
        table = c.execute("SELECT seed, deck, owner FROM cc_tables WHERE code = %s",
                          (code,)).fetchone()
    assert table is not None, f"table {code} is gone from the database"
    return [n for n, _ in rows], [m for _, m in rows], {"seed": int(table[0]),
                                                        "deck": table[1], "owner": table[2]}


def history_moves(folder: Path) -> list[str]:
    con = sqlite3.connect(folder / "history.sqlite3")
    try:
        (replay,) = con.execute("SELECT replay FROM deals").fetchone()
    finally:
        con.close()
    return list(json.loads(replay)["moves"])


def test_a_cluster_loses_nothing_when_a_backend_dies(tmp_path: Path) -> None:
    flags = ["--pace", "0.03", "--lease", "2", "--grace", str(HANG),
             # every seat here comes from one address: the limits are many players'
             "--per-address", "100000", "--waiting-per-address", "100000"]
    with Cluster(3, flags, per_address=100_000, handshakes_per_10s=1_000_000) as cluster:
        url = cluster.url
        plays: dict[str, list[SeatPlay]] = {}
        results: dict[str, list[dict[str, Any]]] = {}

        async def table(i: int) -> None:
            game = ORDER[i % len(ORDER)]
            players, seats = seats_of(game)
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            host = SeatPlay(url, host={"game": game, "players": players, "seats": seats},
                            level="easy", seed=i, think=0.02, reconnect_for=HANG,
                            on_code=code.set_result)
            task = asyncio.ensure_future(play_seat(host))
            c = await code
            friend = SeatPlay(url, code=c, level="easy", seed=i + 1000, think=0.02,
                              reconnect_for=HANG)
            plays[c] = [host, friend]
            results[c] = list(await asyncio.gather(task, play_seat(friend)))

        def heard() -> int:
            return sum(1 for ps in plays.values() for m in ps[0].messages
                       if m["type"] == "update")

        async def main() -> dict[str, Any]:
            tasks = [asyncio.ensure_future(table(i)) for i in range(TABLES)]
            await until(lambda: len(plays) == TABLES and heard() >= TABLES * 6,
                        "every table well into its deal")
            live = [c for c in plays if c not in results]
            victim = max(cluster.backends,
                         key=lambda b: sum(1 for c in live if c[0] == b.shard))
            mine = [c for c in live if c[0] == victim.shard]
            assert mine, "the victim holds deals under way"
            before = {c: len(plays[c][0].messages) for c in mine}
            victim.kill()
            killed_at = time.monotonic()
            # its deals go on on the other servers
            await until(lambda: all(c in results or len(plays[c][0].messages) > before[c] + 2
                                    for c in mine), "the victim's tables taken over")
            failover = time.monotonic() - killed_at
            victim.start()
            mark = heard()
            await until(lambda: heard() > mark + 50 or len(results) == TABLES,
                        "play after the restart")
            cluster.restart_proxy()
            await asyncio.gather(*tasks)
            return {"victim": victim, "mine": mine, "failover": failover}

        out = asyncio.run(asyncio.wait_for(main(), HANG * 5))
        assert len(results) == TABLES
        for code, (mine, theirs) in results.items():
            assert mine["result"] == theirs["result"] is not None, code
            moves = mine["journal"]["moves"]
            assert theirs["journal"]["moves"] == moves
            assert mine["journal"]["deck"] == theirs["journal"]["deck"]
            journal_from_dict(mine["journal"]).replay()
            ns, rows, row = db_moves(cluster.pg.dsn, code)
            assert ns == list(range(len(ns))), f"{code}: a move missing or doubled"
            assert rows == moves, f"{code}: the database and the seats disagree"
            assert row["seed"] == mine["journal"]["seed"] and row["deck"] == \
                mine["journal"]["deck"]
            for play in plays[code]:
                heard_in_place(play, moves)
        # each seat's history holds the deal the database holds (a sample of ten tables)
        for code in list(results)[:10]:
            for r in results[code]:
                home = tmp_path / f"{code}-{r['seat']}"
                home.mkdir()
                record(r, home)
                assert history_moves(home) == db_moves(cluster.pg.dsn, code)[1]
        # the victim's deals ended elsewhere; restarted, it takes new tables again
        victim = out["victim"]

        async def again() -> str:
            for _ in range(12):          # new tables go to any backend in turn
                code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
                host = SeatPlay(url, host={"game": "durak", "seats": [F, C()]},
                                level="easy", on_code=code.set_result)
                r = await play_seat(host)
                assert r["result"] is not None
                if r["code"][0] == victim.shard:
                    return str(r["code"])
            raise AssertionError("the restarted backend never took a table")

        code = asyncio.run(asyncio.wait_for(again(), HANG))
        assert db_moves(cluster.pg.dsn, code)[2]["owner"] == victim.name
        print(f"failover: {out['failover']:.1f} s for {len(out['mine'])} tables")


def test_per_address_limits_hold_across_the_cluster(tmp_path: Path) -> None:
    """Connections per address are counted at the proxy (a fifth is refused whichever
    backend it would reach); waiting tables and wrong codes per address in the
    database (a limit reached through one backend holds at the others)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    from game.net import protocol as P

    from .test_net_hostile import reply

    flags = ["--pace", "0", "--waiting-per-address", "2", "--guesses", "3",
             "--guess-every", "3600", "--per-address", "1000"]
    with Cluster(3, flags, per_address=4, handshakes_per_10s=1000) as cluster:
        async def main() -> None:
            host = {"type": "host", "game": "durak", "seats": [F, F]}
            # each to another backend (the proxy routes by a code's first character)
            socks = [await connect(f"{cluster.url}/?code={'ABCA'[i]}22222") for i in range(4)]
            refused = False
            try:
                async with connect(cluster.url, open_timeout=5) as fifth:
                    await fifth.send(P.encode({"type": "ping"}))
                    await fifth.recv()
            except (InvalidHandshake, OSError, ConnectionClosed, TimeoutError):
                refused = True
            assert refused, "a fifth connection from one address went through"
            codes = []
            for ws in socks[:3]:
                await ws.send(P.encode(host))
                msg = await reply(ws, "joined")
                codes.append(msg.get("code"))
            assert codes[2] == "limit", codes
            assert [c[0] for c in codes[:2]] == ["A", "B"], "two backends hosted"
            for ws in socks:
                await ws.close()
            wrong = []
            for i in range(4):
                async with connect(cluster.url + f"/?code={'ABC'[i % 3]}ZZZZ2") as ws:
                    await ws.send(P.encode({"type": "join", "code": f"{'ABC'[i % 3]}ZZZZ2"}))
                    wrong.append((await reply(ws, "joined"))["code"])
            assert wrong == ["no_table", "no_table", "no_table", "guesses"], wrong

        asyncio.run(asyncio.wait_for(main(), HANG))


def test_the_database_going_away_pauses_the_table(tmp_path: Path) -> None:
    """A server on PostgreSQL, its database stopped mid-deal: both friends are told, no
    move is heard that the database does not hold; the database back, the deal ends by
    itself with every move in it."""
    from game.net.limits import Limits
    from game.net.pgstore import PgStore
    from game.net.server import Server
    from game.tools.cluster import Postgres

    pg = Postgres(Path(tempfile.mkdtemp(prefix="cardclub-pg-", dir="/tmp"))).start()
    try:
        async def main() -> None:
            srv = Server(None, pace=0.0, store=PgStore(pg.dsn, Limits(), "t1"))
            url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            host = SeatPlay(url, host={"game": "durak", "seats": [F, F]}, level="easy",
                            on_code=code.set_result, think=0.01)
            tasks = [asyncio.ensure_future(play_seat(host))]
            c = await code
            friend = SeatPlay(url, code=c, level="easy", seed=1, think=0.01)
            tasks.append(asyncio.ensure_future(play_seat(friend)))
            await until(lambda: any(m.get("n", 0) >= 4 for m in host.messages), "move 4")
            await asyncio.to_thread(pg.stop)
            await until(lambda: all(any(m["type"] == "paused" for m in p.messages)
                                    for p in (host, friend)), "both seats told")
            n = srv.tables[c].session.moves_played
            await asyncio.to_thread(pg.run)
            results = await asyncio.gather(*tasks)
            moves = results[0]["journal"]["moves"]
            ns, rows, _ = db_moves(pg.dsn, c)
            assert rows == moves and ns == list(range(len(moves)))
            for p in (host, friend):
                paused = next(i for i, m in enumerate(p.messages) if m["type"] == "paused")
                assert max(m.get("n", 0) for m in p.messages[:paused + 1]) <= n
                heard_in_place(p, moves)
            await srv.close()

        asyncio.run(asyncio.wait_for(main(), HANG))
    finally:
        pg.stop()
        shutil.rmtree(pg.folder, ignore_errors=True)


def test_waiting_tables_expire_in_the_database(tmp_path: Path) -> None:
    """A table no server holds that waited past the expiry is swept from the database;
    a started one and a held one stay; the schema's migrations run once."""
    from game.net.limits import Limits
    from game.net.pgstore import MIGRATIONS, PgStore, migrate
    from game.net.tables import Table
    from game.tools.cluster import Postgres

    pg = Postgres(Path(tempfile.mkdtemp(prefix="cardclub-pg-", dir="/tmp"))).start()
    try:
        store = PgStore(pg.dsn, Limits(), "t1")
        assert migrate(pg.dsn) == 0 and len(MIGRATIONS) >= 1     # already up to date
        waiting = Table.create("AAAAAA", "durak", [F, F])
        held = Table.create("BBBBBB", "durak", [F, F])
        started = Table.create("CCCCCC", "durak", [F, C()])
        for t in (waiting, held, started):
            store.create(t, "203.0.113.7")
        store.release("AAAAAA")
        store.release("CCCCCC")
        with psycopg.connect(pg.dsn) as c:
            c.execute("UPDATE cc_tables SET created = created - 7200")
        assert store.waiting_from("203.0.113.7", {}) == 2
        assert store.sweep(3600) == 1
        with psycopg.connect(pg.dsn) as c:
            left = sorted(r[0] for r in c.execute("SELECT code FROM cc_tables"))
        assert left == ["BBBBBB", "CCCCCC"]
        store.close()
    finally:
        pg.stop()
        shutil.rmtree(pg.folder, ignore_errors=True)


def test_the_shipped_proxy_configuration_is_valid(tmp_path: Path) -> None:
    """docs/deploy/haproxy.cfg and the one the tests write both pass ``haproxy -c``; the
    shipped one routes by the shard letter, checks health, counts connections per
    address; the backend unit raises the file limit and trusts its proxy."""
    import subprocess

    from game.tools.cluster import Backend, haproxy_config

    root = Path(__file__).resolve().parent.parent
    shipped = root / "docs" / "deploy" / "haproxy.cfg"
    written = tmp_path / "haproxy.cfg"
    written.write_text(haproxy_config(18765, [Backend("b1", "A", 19001, "x"),
                                              Backend("b2", "B", 19002, "x")]))
    for cfg in (shipped, written):
        check = subprocess.run(["haproxy", "-c", "-f", str(cfg)], capture_output=True,
                               text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        text = cfg.read_text()
        for line in ("balance url_param code", "hash-type consistent",
                     "option httpchk GET /health", "use-server b1 if { urlp(code) -m beg -i A }",
                     "tcp-request connection reject if { sc0_conn_cur gt 16 }",
                     "option forwardfor", "timeout tunnel 1h"):
            assert line in text, (cfg.name, line)
    unit = (root / "docs" / "deploy" / "cardclub-backend@.service").read_text()
    assert "LimitNOFILE=" in unit and "--trust-proxy" in unit and "--shard %i" in unit


def test_the_cluster_bench_reports_its_figures(capsys: object) -> None:
    """``cardclub bench server --backends 2 … --failover 1`` through a real cluster: a row
    of figures, and one timed takeover."""
    from game.bench.bench_cluster import main

    assert main(["--backends", "2", "--tables", "6", "--seconds", "2", "--failover", "1",
                 "--pace", "0.05", "--think", "0.05", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    (row,) = out["rows"]
    assert row["backends"] == 2 and row["table_moves_per_s"] > 0 and row["round_trips"] > 0
    assert out["failover_s"]["n"] == 1 and 0 < out["failover_s"]["max"] < 60
