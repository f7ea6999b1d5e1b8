"""Playing with friends over loopback (game/net): a server and headless seats play whole
deals of every game and table size; a seat drops out and comes back, or never does; the
server is killed and restarted; a hostile client is refused; no message ever shows a
seat a card it may not see.

Every connection goes to 127.0.0.1 only.  Computers play at once (pace 0) at fast
levels.  Deadlines only bound a hang: every wait is for a condition.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.games import ORDER, spec
from game.net import protocol as P
from game.net.client import SeatPlay, play_seat, record
from game.net.server import Server
from game.net.tables import Table
from game.session.journal import Journal, journal_from_dict
from game.session.protocol import Change

ROOT = Path(__file__).resolve().parent.parent
HANG = 120.0          # bounds a hang only; a whole deal takes about a second
LEVEL = "easy"
F = {"kind": "friend"}


def C(level: str = LEVEL) -> dict[str, str]:
    return {"kind": "computer", "level": level}


def run(coro: Awaitable[Any]) -> Any:
    async def bounded() -> Any:
        return await asyncio.wait_for(coro, HANG)
    return asyncio.run(bounded())


async def until(cond: Callable[[], bool], what: str) -> None:
    """Wait for ``cond`` (a hang fails after HANG seconds, naming ``what``)."""
    deadline = time.monotonic() + HANG
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.01)


def table_sizes() -> list[tuple[str, int]]:
    return [(key, n) for key in ORDER for n in spec(key).players_allowed]


# ----- what each seat may see -----------------------------------------------------------------
def hidden_by_position(journal: Journal) -> list[list[set[str]]]:
    """For each position n and seat: the cards of the deal that seat may not see at n
    (nor at n - 1: an update tells the move from n - 1 to n), from the server's own
    replay of the whole deal."""
    deck = frozenset(journal.start_state().full_deck(**journal.options))
    seen: list[list[set[str]]] = []
    for _, g in journal.walk():
        every = set(g.cards_in_play())
        seen.append([every - P.cards_in(g.observation(s), deck)
                     for s in range(g.num_players)])
    return [[seen[n][s] & (seen[n - 1][s] if n else seen[n][s])
             for s in range(len(seen[n]))] for n in range(len(seen))]


def leaks(messages: list[dict[str, Any]], seat: int, journal: Journal) -> list[str]:
    """Every hidden card any of ``messages`` shows ``seat`` before the deal is over (the
    end reveals the journal, every card, for the history's replay)."""
    hidden = hidden_by_position(journal)
    deck = frozenset(journal.start_state().full_deck(**journal.options))
    found = []
    for msg in messages:
        if msg.get("over"):
            continue
        n = msg.get("n")
        shown = P.cards_in(msg, deck)
        if n is None:
            assert not shown, msg          # joined, seats, errors: no card at all
            continue
        bad = shown & hidden[n][seat]
        if bad:
            found.append(f"{msg['type']} at move {n} shows {sorted(bad)}")
    return found


def history_rows(folder: Path) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(folder / "history.sqlite3")
    try:
        return con.execute("SELECT deal_id, game, players, moves, outcome, replay "
                           "FROM deals").fetchall()
    finally:
        con.close()


# ----- a server and seats in one loop -----------------------------------------------------------
async def table_of(srv: Server, url: str, game: str, players: int,
                   others: list[dict[str, str]], friends_play: dict[int, SeatPlay] | None = None,
                   **host_kw: Any) -> tuple[SeatPlay, list[SeatPlay], list[asyncio.Future[Any]]]:
    """A host at seat 0 and a headless friend in each friend's seat, all playing."""
    code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    host = SeatPlay(url, host={"game": game, "players": players, "seats": [F, *others]},
                    level=LEVEL, on_code=code.set_result, **host_kw)
    tasks = [asyncio.ensure_future(play_seat(host))]
    c = await code
    friends = []
    for i, k in enumerate(others[:players - 1], start=1):
        if k["kind"] == "friend":
            p = (friends_play or {}).get(i) or SeatPlay(url, level=LEVEL, seed=i)
            p.code = c
            friends.append(p)
            tasks.append(asyncio.ensure_future(play_seat(p)))
    return host, friends, tasks


@pytest.mark.parametrize(("game", "players"), table_sizes())
def test_whole_deals_agree_everywhere(game: str, players: int, tmp_path: Path) -> None:
    """Up to three headless friends (the host one of them) and computers in the other
    seats: every client's result, journal and history agree with the server's, and no
    message before the end shows a seat a card it may not see."""
    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, allow_seed=True)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        others = [F, F, C()][:players - 1]
        host, friends, tasks = await table_of(srv, url, game, players, others, seed=3)
        results = await asyncio.gather(*tasks)
        table = srv.tables[host.code or ""]
        server_journal = table.session.journal
        assert table.session.is_over
        on_disk = Table.load(tmp_path / "tables" / f"{host.code}.json")
        assert on_disk.session.journal.moves == server_journal.moves
        assert len({r["seat"] for r in results}) == len(results) == 1 + len(friends)
        for play, r in zip([host, *friends], results, strict=True):
            assert r["result"] == table.session.result()
            assert r["outcomes"] == table.session.game.deal_outcomes()
            assert r["journal"]["moves"] == server_journal.moves
            assert r["journal"]["id"] == server_journal.deal_id
            journal_from_dict(r["journal"]).replay()
            assert not leaks(play.messages, r["seat"], server_journal)
            assert any(P.cards_in(m.get("obs"), table.deck) for m in play.messages)
            folder = tmp_path / f"home{r['seat']}"
            folder.mkdir()
            record(r, folder)
            (row,) = history_rows(folder)
            assert row[:5] == (server_journal.deal_id, game, players, len(server_journal.moves),
                               r["outcome"])
            assert json.loads(row[5])["meta"]["human"] == r["seat"]
        await srv.close()

    run(main())


def test_the_scan_finds_a_leak(tmp_path: Path) -> None:
    """The scan above can fail: a message naming the opponent's card is caught."""
    from game.rules import GAMES

    g = GAMES[ORDER[0]].new(seed=5, players=2) if 2 in spec(ORDER[0]).players_allowed \
        else GAMES[ORDER[0]].new(seed=5)
    journal = Journal.start(g, human=0)
    deck = frozenset(g.full_deck(**g.options()))
    mine = P.cards_in(g.observation(0), deck)
    theirs = sorted(set(g.cards_in_play()) - mine)
    assert theirs
    fair = {"type": "state", "n": 0, "obs": g.observation(0)}
    unfair = {"type": "update", "n": 0, "events": [{"card": theirs[0]}]}
    assert not leaks([fair], 0, journal)
    assert leaks([fair, unfair], 0, journal)


def test_redacted_events_keep_their_places(tmp_path: Path) -> None:
    """The deal's events as seat 1 sees them: every card of another's hidden hand is
    left out, the event (where the card went) stays."""
    t = Table.create("ABCDEF", "durak" if "durak" in ORDER else ORDER[0], [F, F])
    events = t.session.deal_events()
    shown = t.shown_events(events, 1, t.visible(1))
    assert len(shown) == len(events)
    assert any("card" not in e for e in shown)
    assert not P.cards_in(shown, t.deck) - t.visible(1)


def test_a_friend_drops_out_and_comes_back(tmp_path: Path) -> None:
    """A friend's connection drops mid-deal; back with the same code and token, they get
    their seat and their hand (as the server holds it) and the deal goes on to its end."""
    game = "durak" if "durak" in ORDER else ORDER[0]

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, grace=HANG)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        friend = SeatPlay(url, level=LEVEL, seed=1, drop_at=6, away=0.05)
        host, _, tasks = await table_of(srv, url, game, 2, [F], friends_play={1: friend})
        results = await asyncio.gather(*tasks)
        journal = srv.tables[host.code or ""].session.journal
        joins = [i for i, m in enumerate(friend.messages) if m["type"] == "joined"]
        assert len(joins) == 2, "one join, one return"
        again = friend.messages[joins[1]]
        assert again["seat"] == 1 and again["code"] == host.code
        state = friend.messages[joins[1] + 1]
        assert state["type"] == "state" and state["n"] >= 6
        assert state["obs"]["hand"] == journal.state_at(state["n"]).observation(1)["hand"]
        assert any(m["type"] == "seats" and not m["seats"][1]["present"]
                   for m in host.messages), "the host saw the friend away"
        assert results[0]["result"] == results[1]["result"] is not None
        await srv.close()

    run(main())


def test_a_friend_who_never_returns_is_played_by_the_computer(tmp_path: Path) -> None:
    """After the grace period the computer plays the missing friend's seat to the end."""
    game = "paodekuai" if "paodekuai" in ORDER else ORDER[-1]
    n = max(spec(game).players_allowed)

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, grace=0.2)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        gone = SeatPlay(url, level=LEVEL, seed=1, drop_at=3, away=None)
        host, _, tasks = await table_of(srv, url, game, n, [F, C()],
                                        friends_play={1: gone})
        results = await asyncio.gather(*tasks)
        assert results[1]["left"] is True
        assert results[0]["result"] is not None
        table = srv.tables[host.code or ""]
        assert table.session.is_over and table.seats[1].standin
        assert any(m["type"] == "seats" and m["seats"][1]["standin"] for m in host.messages)
        movers = table.session.journal.movers()
        assert movers[gone.messages[-1]["n"]:].count(1) > 0, "the computer moved for seat 1"
        await srv.close()

    run(main())


def test_the_host_leaving_closes_the_table(tmp_path: Path) -> None:
    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        async with connect(url) as h, connect(url) as f:
            await h.send(P.encode({"type": "host", "game": ORDER[0], "seats": [F, F]}))
            joined = json.loads(await h.recv())
            await f.send(P.encode({"type": "join", "code": joined["code"]}))
            await until(lambda: bool(srv.watchers.get(joined["code"], {}).get(1)), "joined")
            await h.send(P.encode({"type": "leave"}))
            while (msg := json.loads(await f.recv()))["type"] != "closed":
                pass
            assert msg["reason"] == "host_left" and "host" in msg["message"]
            await f.send(P.encode({"type": "join", "code": joined["code"]}))
            assert json.loads(await f.recv())["code"] == "no_table"
        assert not (tmp_path / "tables" / f"{joined['code']}.json").exists()
        await srv.close()

    run(main())


# ----- hostile input ---------------------------------------------------------------------------
async def answers(ws: Any, text: str | bytes) -> dict[str, Any]:
    """The server's next error after sending ``text`` (other messages skipped)."""
    await ws.send(text)
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == "error":
            return msg  # type: ignore[no-any-return]  # json.loads answers Any


async def closed(ws: Any) -> int | None:
    """Wait until the server closes ``ws``: its close code."""
    with pytest.raises(ConnectionClosed):
        while True:
            await ws.recv()
    return ws.close_code  # type: ignore[no-any-return]  # ws is typed Any here


def test_a_hostile_client_is_refused_and_the_others_play_on(tmp_path: Path) -> None:
    game = "paodekuai" if "paodekuai" in ORDER else ORDER[-1]
    n = max(spec(game).players_allowed)

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, grace=0.2)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": game, "players": n, "seats": [F, F, C()]},
                        level=LEVEL, on_code=code.set_result)
        playing = asyncio.ensure_future(play_seat(host))
        c = await code
        async with connect(url) as bad:
            assert (await answers(bad, "{{{ not json"))["code"] == "bad_json"
            assert (await answers(bad, "[1, 2]"))["code"] == "bad_json"
            assert (await answers(bad, json.dumps({"v": 1})))["code"] == "bad_message"
            assert (await answers(bad, P.encode({"type": "dance"})))["code"] == "unknown_type"
            assert (await answers(bad, P.encode({"type": "join"})))["code"] == "bad_message"
            assert (await answers(bad, P.encode({"type": "join", "code": 7})))["code"] \
                == "bad_message"
            assert (await answers(bad, P.encode({"type": "join", "code": "ZZZZZZ"})))[
                "code"] == "no_table"
            assert (await answers(bad, P.encode({"type": "move", "token": "0" * 32,
                                                 "move": "pass", "n": 0})))["code"] \
                == "not_seated"
            assert (await answers(bad, P.encode({"type": "host", "game": "chess",
                                                 "seats": [F]})))["code"] == "bad_message"
            assert (await answers(bad, P.encode({"type": "host", "game": game, "seed": 1,
                                                 "seats": [F]})))["code"] == "bad_message"
            assert (await answers(bad, '{"v":1,"type":"ping","id":NaN}'))["code"] \
                == "bad_json"
            # seated at the table: moves out of turn, with another seat's token, stale,
            # illegal
            await bad.send(P.encode({"type": "join", "code": c, "name": "mallory"}))
            while (joined := json.loads(await bad.recv()))["type"] != "joined":
                pass
            assert joined["seat"] == 1
            assert host.token is not None
            mine, theirs = joined["token"], host.token
            table = srv.tables[c]
            await until(lambda: table.started, "the deal started")
            async with srv._lock(c):     # a still moment: who is to act does not change
                now = table.session.moves_played
                to_act = table.session.current_player
                legal = [str(m) for m in table.session.game.legal_moves()]
            if to_act != 1:
                assert (await answers(bad, P.encode({"type": "move", "token": mine,
                                                     "move": legal[0], "n": now})))[
                    "code"] in ("not_your_turn", "stale")
            assert (await answers(bad, P.encode({"type": "move", "token": theirs,
                                                 "move": "pass", "n": now})))["code"] \
                == "bad_token"
            assert (await answers(bad, P.encode({"type": "move", "token": "f" * 32,
                                                 "move": "pass", "n": now})))["code"] \
                == "bad_token"
            assert (await answers(bad, P.encode({"type": "move", "token": mine,
                                                 "move": "play", "n": 10_000})))["code"] \
                in ("not_your_turn", "stale", "illegal")
            # a flood: refused for speed, then closed (1008)
            for i in range(P.RATE_BURST + P.RATE_STRIKES + 10):
                try:
                    await bad.send(P.encode({"type": "ping", "id": i}))
                except ConnectionClosed:
                    break
            assert await closed(bad) == 1008
        # oversized: closed by the WebSocket layer (1009, message too big)
        async with connect(url, max_size=None) as big:
            await big.send("x" * (P.MAX_MESSAGE + 1))
            assert await closed(big) == 1009
        # a binary frame (messages are text): an error, then closed (1003)
        async with connect(url) as binary:
            assert (await answers(binary, b"\xff\xfe"))["code"] == "bad_json"
            assert await closed(binary) == 1003
        # a wrong protocol version: an error, then closed
        async with connect(url) as old:
            assert (await answers(old, json.dumps({"v": 0, "type": "ping"})))["code"] \
                == "version"
            assert await closed(old) in (1000, 1008)
        # the host's game went on: the computer took the hostile seat after its grace
        result = await playing
        assert result["result"] is not None
        assert srv.tables[c].seats[1].standin
        await srv.close()

    run(main())


# ----- the real commands: a server killed and restarted, headless seats -------------------------
def start_server(data: Path, port: int = 0) -> tuple[subprocess.Popen[str], int]:
    env = dict(os.environ)
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(data), "--pace", "0", "--grace", str(HANG), "--quiet",
         "--allow-seed"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()        # the ready line (EOF if it failed)
    if not line:
        why = proc.stderr.read() if proc.stderr else ""
        raise AssertionError(f"the server did not start: {why}")
    return proc, int(json.loads(line)["port"])


def test_a_killed_server_restarts_with_its_tables(tmp_path: Path) -> None:
    """SIGKILL mid-deal, restart on the same port: the seats come back by themselves and
    the deal goes on from where it was written; every move a seat heard of is in the
    final journal, once, in its place."""
    data = tmp_path / "tables"
    game = "durak" if "durak" in ORDER else ORDER[0]
    proc, port = start_server(data)
    url = f"ws://127.0.0.1:{port}"

    async def main() -> tuple[list[dict[str, Any]], list[SeatPlay]]:
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        host = SeatPlay(url, host={"game": game, "seats": [F, F], "seed": 9}, level=LEVEL,
                        on_code=code.set_result, reconnect_for=HANG)
        tasks = [asyncio.ensure_future(play_seat(host))]
        friend = SeatPlay(url, code=await code, level=LEVEL, seed=1, reconnect_for=HANG)
        tasks.append(asyncio.ensure_future(play_seat(friend)))
        await until(lambda: any(m.get("n", 0) >= 8 for m in host.messages), "move 8")
        killed_at = len(host.messages)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        restarted, _ = start_server(data, port)
        try:
            results = await asyncio.gather(*tasks)
        finally:
            restarted.send_signal(signal.SIGTERM)
            restarted.wait(timeout=HANG)
        assert killed_at < len(host.messages)
        return results, [host, friend]

    try:
        results, plays = run(main())
    finally:
        if proc.poll() is None:
            proc.kill()
    moves = results[0]["journal"]["moves"]
    assert results[1]["journal"]["moves"] == moves
    journal_from_dict(results[0]["journal"]).replay()
    for play in plays:
        joins = [m for m in play.messages if m["type"] == "joined"]
        assert len(joins) == 2 and joins[0]["seat"] == joins[1]["seat"]
        for m in play.messages:
            if m["type"] == "update":      # every move heard of, in its place
                assert m["move"].split()[0] == moves[m["n"] - 1].split()[0]
                if m["seat"] == play.seat:
                    assert m["move"] == moves[m["n"] - 1]
        ns = [m["n"] for m in play.messages if m["type"] == "update"]
        assert len(ns) == len(set(ns)), "a move heard of twice"
    on_disk = json.loads((data / f"{results[0]['code']}.json").read_text())
    assert on_disk["journal"]["moves"] == moves


def test_headless_commands_play_and_keep_the_deal(tmp_path: Path) -> None:
    """``cardclub host`` and ``cardclub join --headless`` in their own processes, each
    with its own data folder: the same result printed, the deal in both histories."""
    proc, port = start_server(tmp_path / "tables")
    url = f"ws://127.0.0.1:{port}"
    game = "durak" if "durak" in ORDER else ORDER[0]
    homes = [tmp_path / "host", tmp_path / "friend"]
    try:
        env = dict(os.environ, CARDCLUB_HOME=str(homes[0]))
        host = subprocess.Popen(
            [sys.executable, "-m", "game", "host", url, "--game", game, "--seats", "friend",
             "--level", LEVEL, "--headless"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert host.stdout is not None
        code = json.loads(host.stdout.readline())["code"]
        env = dict(os.environ, CARDCLUB_HOME=str(homes[1]))
        friend = subprocess.run(
            [sys.executable, "-m", "game", "join", url, "--code", code, "--level", LEVEL,
             "--headless"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=HANG)
        out, err = host.communicate(timeout=HANG)
        assert host.returncode == 0, err
        assert friend.returncode == 0, friend.stderr
        mine, theirs = json.loads(out.strip().splitlines()[-1]), json.loads(friend.stdout)
        assert mine["result"] == theirs["result"] and mine["deal_id"] == theirs["deal_id"]
        assert {mine["seat"], theirs["seat"]} == {0, 1}
        for home, r in zip(homes, (mine, theirs), strict=True):
            (row,) = history_rows(home)
            assert row[0] == r["deal_id"] and row[4] == r["outcome"]
        bad = subprocess.run([sys.executable, "-m", "game", "join", "http://x", "--code", code,
                              "--headless"], cwd=ROOT, capture_output=True, text=True,
                             timeout=HANG)
        assert bad.returncode == 2 and "ws://" in bad.stderr
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=HANG)


def test_the_net_package_is_pure_and_names_no_game() -> None:
    """game/net imports no arcade or pyglet (a window's frame only polls its queue) and
    names no game: it asks the registry."""
    import re

    sources = sorted((ROOT / "game" / "net").glob("*.py"))
    assert len(sources) >= 5
    keys = re.compile("|".join(re.escape(f'"{k}"') for k in ORDER))
    for f in sources:
        text = f.read_text()
        for line in text.splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                assert words[1].split(".")[0] not in ("arcade", "pyglet"), (f, line)
        assert not keys.search(text), f


# ----- a window's side: the session over a link, the server on a thread --------------------------
def test_a_remote_session_plays_a_deal_as_a_table_would(tmp_path: Path) -> None:
    """Two RemoteSessions over Connections (their I/O on background threads) to a server
    on a thread of its own: driven only by advance(), human_to_act, human_moves() and
    play(), as a table's frame drives a DealSession; every move arrives as a change; a
    hint is counted; each history keeps the deal; the host leaving ends it for the
    friend."""
    from game.ai import make_bot
    from game.net.background import Background
    from game.net.client import Connection
    from game.net.remote import RemoteSession

    game = "durak" if "durak" in ORDER else ORDER[0]
    srv = Background(tmp_path / "tables", pace=0.0)
    links: list[Connection] = []
    try:
        host_link = Connection(srv.url, {"type": "host", "game": game, "seats": [F, F]})
        links.append(host_link)
        host = RemoteSession(host_link)
        deadline = time.monotonic() + HANG

        def pump(sessions: list[RemoteSession], done: Callable[[], bool]) -> None:
            bots: dict[int, Any] = {}
            while not done():
                assert time.monotonic() < deadline, "the deal hung"
                for i, s in enumerate(sessions):
                    s.advance(1 / 60)
                    if s.human_to_act:
                        if s is host and not s.hints:
                            assert s.start_hint()
                            hint = None
                            while hint is None:
                                hint = s.hint_step(5.0)
                            assert hint in s.human_moves()
                        bot = bots.setdefault(i, make_bot(game, LEVEL, seed=i))
                        s.play(bot.choose(s.observation(), s.human_moves()))
                        assert not s.human_to_act      # sent: wait for the server
                time.sleep(0.002)      # a frame's pause (the condition is what we wait for)

        pump([host], lambda: host.code is not None)
        friend_link = Connection(srv.url, {"type": "join", "code": host.code})
        links.append(friend_link)
        friend = RemoteSession(friend_link)
        changes: list[Change] = []
        friend.subscribe(changes.append)
        pump([host, friend], lambda: host.is_over and friend.is_over)
        assert host.result() == friend.result() is not None
        assert friend.human == 1 and host.human == 0 and host.is_host
        moves = [c for c in changes if c.kind == "move"]
        assert len(moves) == friend.moves_played
        assert host.assists["hints"] == 1
        assert friend.journal.human == 1 and host.journal.meta["hints"] == 1
        assert friend.journal.moves == host.journal.moves and friend.number > 0
        for s, name in ((host, "h"), (friend, "f")):
            folder = tmp_path / name
            folder.mkdir()
            s.record(folder)
            (row,) = history_rows(folder)
            assert row[4] == s.outcome()
            assert json.loads(row[5])["meta"].get("hints", 0) == (1 if s is host else 0)
        # a second table: the host leaves, the friend is told
        link2 = Connection(srv.url, {"type": "host", "game": game, "seats": [F, F]})
        links.append(link2)
        h2 = RemoteSession(link2)
        pump([h2], lambda: h2.code is not None)
        link3 = Connection(srv.url, {"type": "join", "code": h2.code})
        links.append(link3)
        f2 = RemoteSession(link3)
        pump([f2], lambda: f2.started)
        h2.surrender()
        pump([f2], lambda: f2.closed is not None)
        assert "host" in (f2.closed or "") and f2.is_over
    finally:
        for link in links:
            link.close()
        srv.stop()


def test_bench_server_reports_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``cardclub bench server`` runs (two tables, a second) and prints every figure."""
    from game.bench.bench import main as bench

    assert bench(["server", "--tables", "2", "--seconds", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("rtt_p50_ms", "rtt_p99_ms", "server_cpu_per_table_pct",
                "server_rss_per_table_kib", "table_moves_per_s"):
        assert key in report, key
    assert report["tables"] == 2 and report["round_trips"] > 0


def test_a_slow_computer_holds_up_only_its_own_table(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Computers decide on worker threads: while one table's computer is stuck in thought,
    a whole deal at another table is played to its end."""
    import threading

    from game.net import tables

    release = threading.Event()
    real = tables.Table.bot

    def bot(self: Table, seat: int) -> Any:
        b = real(self, seat)
        if self.seats[0].name != "slow":
            return b

        class Stuck:
            def choose(self, obs: dict[str, Any], legal: list[Any]) -> Any:
                release.wait(HANG)            # holds its worker, not the loop
                return b.choose(obs, legal)
        return Stuck()

    monkeypatch.setattr(tables.Table, "bot", bot)
    game = "durak" if "durak" in ORDER else ORDER[0]

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0, workers=2)
        url = f"ws://127.0.0.1:{await srv.start('127.0.0.1', 0)}"
        slow = SeatPlay(url, host={"game": game, "seats": [F, C()], "name": "slow"},
                        level=LEVEL)
        stuck = asyncio.ensure_future(play_seat(slow))
        await until(lambda: any(t.thinking is not None for t in srv.tables.values()),
                    "the slow computer thinks")
        _, _, tasks = await table_of(srv, url, game, 2, [F])
        results = await asyncio.gather(*tasks)
        assert results[0]["result"] is not None, "the other table finished"
        slow_table = next(t for t in srv.tables.values() if t.seats[0].name == "slow")
        assert slow_table.thinking is not None and not slow_table.session.is_over
        release.set()
        assert (await stuck)["result"] is not None
        await srv.close()

    try:
        run(main())
    finally:
        release.set()


def test_a_closed_server_starts_no_task_that_would_never_run(tmp_path: Path) -> None:
    """A computer's decision cancelled by ``close`` kicks the next one in its
    ``finally``: once closing, that coroutine is closed at once, not left as a task on a
    loop that is ending ("coroutine ... was never awaited")."""
    import inspect

    async def nap() -> None:
        await asyncio.sleep(0)

    async def main() -> None:
        srv = Server(tmp_path / "tables", pace=0.0)
        await srv.start("127.0.0.1", 0)
        before = nap()
        srv._spawn(before)                       # running: a task
        assert len(srv._tasks) == 2              # the sweep and this one
        await srv.close()
        after = nap()
        srv._spawn(after)
        assert inspect.getcoroutinestate(after) == inspect.CORO_CLOSED
        assert all(t.get_coro() is not after for t in srv._tasks)
        await asyncio.sleep(0)

    asyncio.run(main())
