"""``cardclub serve``, ``cardclub host`` and ``cardclub join``: the table server and a
headless seat, from the command line (game/cli.py hands them their arguments)."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path

from game.games import ORDER

from .protocol import CODE_ALPHABET

#: ``cardclub serve``'s limit flags: flag, the field of ``limits.Limits``, type, meaning
LIMIT_FLAGS: list[tuple[str, str, type, str]] = [
    ("--per-address", "per_address", int, "connections open at once"),
    ("--waiting-per-address", "waiting_per_address", int,
     "tables waiting for friends"),
    ("--hosts-per-connection", "hosts_per_connection", int,
     "tables one connection may host"),
    ("--wait-expiry", "wait_expiry", float,
     "seconds a table waits for friends before it closes (all addresses)"),
    ("--guesses", "guesses", int, "table codes or tokens that matched no seat, at once"),
    ("--guess-every", "guess_every", float, "seconds until one more wrong code is allowed"),
    ("--idle", "idle", float, "seconds a connection at no table may say nothing"),
    ("--handshake", "handshake", float, "seconds to open a connection (all addresses)"),
    ("--max-tables", "max_tables", int, "tables this server holds (all addresses)"),
    ("--max-connections", "max_connections", int,
     "connections this server holds (all addresses; also below the open-file limit)"),
]


def serve(argv: list[str]) -> int:
    """``cardclub serve``: run the table server until interrupted."""
    from . import limits, server

    p = argparse.ArgumentParser(
        prog="cardclub serve",
        description="Run a table server for playing with friends: it keeps every table's "
                    "deal (saved after each move in --data, so a restart resumes them), "
                    "accepts each move only from the seat to act, and lets the computer "
                    "play the empty seats (docs/net.md).")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default: %(default)s; 0.0.0.0: every "
                        "network of this computer)")
    p.add_argument("--port", type=int, default=8765,
                   help="port to listen on; 0 picks a free one (default: %(default)s)")
    p.add_argument("--data", default=None, metavar="DIR",
                   help="folder of the tables' journals (default: 'tables' in Card Club's "
                        "data folder)")
    p.add_argument("--grace", type=float, default=server.GRACE,
                   help="seconds a friend who dropped out has before the computer plays "
                        "for them (default: %(default)s)")
    p.add_argument("--pace", type=float, default=1.0,
                   help="scale of the computers' think delays; 0: no delay "
                        "(default: %(default)s)")
    p.add_argument("--workers", type=int, default=2,
                   help="threads the computers decide on (default: %(default)s)")
    p.add_argument("--allow-seed", action="store_true",
                   help="let a host name the deal's number (tests and tools only: whoever "
                        "knows the number knows every card)")
    d = limits.Limits()
    g = p.add_argument_group("limits (per client address unless said otherwise)")
    for flag, field, kind, text in LIMIT_FLAGS:
        g.add_argument(flag, dest=field, type=kind, default=getattr(d, field),
                       help=f"{text} (default: %(default)s)")
    g.add_argument("--trust-proxy", nargs="?", const="", default=None, metavar="ADDRESSES",
                   help="a proxy forwards the players: count each by the X-Forwarded-For "
                        "address it sets, not by the proxy's; believed from this computer, "
                        "and from ADDRESSES (addresses or networks, comma-separated) of "
                        "proxies elsewhere")
    c = p.add_argument_group("a cluster: several servers behind one proxy (docs/net.md)")
    c.add_argument("--store", default=None, metavar="postgresql://…",
                   help="keep the tables in this PostgreSQL database, shared by every "
                        "server of the cluster, instead of --data")
    c.add_argument("--migrate", action="store_true",
                   help="bring the database's schema up to date and exit (a server also "
                        "does it when it starts)")
    c.add_argument("--name", default=None,
                   help="this server's name in the cluster (default: host:port)")
    c.add_argument("--shard", default="",
                   help="the first character of the codes this server makes (the proxy "
                        "sends each code's connections to the server it names)")
    c.add_argument("--lease", type=float, default=6.0,
                   help="seconds a table stays this server's without a renewal; a dead "
                        "server's tables are taken over after it (default: %(default)s)")
    p.add_argument("--quiet", action="store_true", help="log only warnings")
    a = p.parse_args(argv)
    if not 0 <= a.port <= 65535:
        p.error("--port is 0 to 65535")
    if a.shard and (len(a.shard) != 1 or a.shard not in CODE_ALPHABET):
        p.error(f"--shard is one character of {CODE_ALPHABET}")
    if a.lease <= 0:
        p.error("--lease is more than 0")
    if a.store is not None and not a.store.startswith(("postgresql://", "postgres://")):
        p.error("--store is a postgresql:// address")
    if a.grace < 0 or a.pace < 0 or a.workers < 1:
        p.error("--grace and --pace are 0 or more, --workers 1 or more")
    if any(getattr(a, field) < 0 for _, field, _, _ in LIMIT_FLAGS):
        p.error("limits are 0 or more")
    try:
        proxies = limits.check_proxies(a.trust_proxy or "")
    except ValueError as exc:
        p.error(f"--trust-proxy: {exc}")
    bounds = limits.Limits(trust_proxy=a.trust_proxy is not None, proxies=proxies,
                           **{field: getattr(a, field) for _, field, _, _ in LIMIT_FLAGS})
    logging.basicConfig(level=logging.WARNING if a.quiet else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s", stream=sys.stderr)
    folder: Path | None = None
    store = None
    try:
        if a.store is not None:
            from . import pgstore

            if a.migrate:
                done = pgstore.migrate(a.store)
                print(json.dumps({"migrated": done}), flush=True)
                return 0
            store = pgstore.PgStore(a.store, bounds, a.name or f"{a.host}:{a.port}",
                                    lease=a.lease)
        elif a.data is not None:
            folder = Path(a.data)
        else:
            from game.store.files import home

            folder = home() / "tables"
    except ImportError:
        print("cardclub serve: --store needs psycopg: pip install 'cardclub[server]'",
              file=sys.stderr)
        return 1
    except Exception as exc:     # the database unreachable, refused …
        print(f"cardclub serve: cannot use the database: {exc}", file=sys.stderr)
        return 1

    def ready(port: int) -> None:
        print(json.dumps({"listening": f"ws://{a.host}:{port}", "port": port,
                          "data": str(folder) if folder is not None else "database"}),
              flush=True)

    try:
        asyncio.run(server.serve_forever(a.host, a.port, folder, grace=a.grace,
                                         pace=a.pace, workers=a.workers,
                                         allow_seed=a.allow_seed, limits=bounds, store=store,
                                         shard=a.shard, ready=ready))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(f"cardclub serve: cannot listen on {a.host}:{a.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    return 0


def _seat_kinds(text: str) -> list[dict[str, str]]:
    out = []
    for part in text.split(","):
        kind, _, level = part.strip().partition(":")
        if kind not in ("friend", "computer"):
            raise ValueError(f"a seat is 'friend' or 'computer[:LEVEL]', not {part!r}")
        out.append({"kind": kind, **({"level": level} if level else {})})
    return out


def join(argv: list[str], hosting: bool = False) -> int:
    """``cardclub join`` (a seat at a table) and ``cardclub host`` (a new table, seat 0),
    played headless by the computer's brain; the result printed as JSON."""
    from . import client

    name = "host" if hosting else "join"
    p = argparse.ArgumentParser(
        prog=f"cardclub {name}",
        description=("Host a new table at a server and play its first seat" if hosting else
                     "Join a table at a server with its code") +
        " headless: the computer's brain at --level plays the seat; prints the table's "
        "code (hosting) and the result as JSON, and keeps the deal in this player's "
        "history.")
    p.add_argument("url", help="the server's address: ws://HOST:PORT or wss://HOST/PATH")
    if hosting:
        p.add_argument("--game", required=True, choices=list(ORDER), help="the game")
        p.add_argument("--players", type=int, default=None, help="players at the table")
        p.add_argument("--seats", default="friend,computer",
                       help="the other seats in order: friend or computer[:LEVEL], joined "
                            "by ',' (the last repeats; default: %(default)s)")
        p.add_argument("--standin", default=None,
                       help="the level that plays for a friend who stays away")
        p.add_argument("--seed", type=int, default=None, help="the deal's number")
    else:
        p.add_argument("--code", required=True, help="the table's code")
    p.add_argument("--level", default="normal", help="the level that plays this seat")
    p.add_argument("--name", default="", help="the name shown on this seat")
    p.add_argument("--headless", action="store_true",
                   help="play with no window (the only way for now)")
    p.add_argument("--no-history", action="store_true",
                   help="do not keep the deal in this player's history")
    a = p.parse_args(argv)
    if not a.headless:
        p.error("only --headless play is available from the command line")
    try:
        client.check_url(a.url)
        play = client.SeatPlay(url=a.url, level=a.level, name=a.name)
        if hosting:
            seats = [{"kind": "friend"}, *_seat_kinds(a.seats)]
            host: dict[str, object] = {"game": a.game, "seats": seats, "name": a.name}
            for k in ("players", "seed", "standin"):
                if getattr(a, k) is not None:
                    host[k] = getattr(a, k)
            play.host = host
            play.on_code = lambda code: print(json.dumps({"code": code}), flush=True)
        else:
            play.code = a.code
        result = asyncio.run(client.play_seat(play))
    except ValueError as exc:
        p.error(str(exc))
    except client.Refused as exc:
        print(f"cardclub {name}: the server refused: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"cardclub {name}: cannot reach {a.url}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    if "journal" in result and not a.no_history:
        result["xp"] = client.record(result)
    result.pop("journal", None)
    print(json.dumps(result), flush=True)
    return 0
