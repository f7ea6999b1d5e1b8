"""PostgreSQL as the table store of a cluster of table servers (``cardclub serve --store
postgresql://…``; psycopg 3; docs/net.md, "Growing past one machine").

- **A table** is a row of ``cc_tables``: game, options, the secret deal (seed and deck),
  the journal's id and meta, the stand-in level, the seats (kind, level, name and the
  *hash* of the seat's token, never the token), when it was hosted, and a keyed hash of
  the host's address (for the per-address limit, never the address).  **Each move** is a
  row ``(code, n, move)`` of ``cc_moves``, inserted (and committed) before the move is
  played or told; the primary key ``(code, n)`` makes a doubled or lost move impossible.
- **One owner per table**: a row's ``owner`` and ``lease_until`` (the database's clock).
  A server holds a table while it renews its lease (every third of ``lease``); every
  change it writes checks that it still holds it, so a server that lost a table (it
  stalled past its lease and another took over) can never write a move into it.  A
  server asked for a table another holds marks it ``wanted_by`` itself and sends the
  client back through the proxy; the holder lets it go at its next renewal.  When a
  server dies its leases run out and the next connection for a table, sent by the proxy
  to another server, takes it over and replays it from its rows.
- **Limits across servers**: wrong codes per address (``cc_guesses``, a token bucket per
  keyed address hash) and waiting tables per address are counted here; connections per
  address are counted at the proxy (docs/deploy/haproxy.cfg).
- **Migrations**: ``MIGRATIONS`` in order, recorded in ``cc_schema``, run under an
  advisory lock (by ``cardclub serve --store … --migrate``, and at every start).

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import threading
from typing import Any

from game.rules import Move
from game.session.journal import VERSION as JOURNAL_VERSION

from .limits import Limits
from .store import Elsewhere, Lost, TableStore
from .tables import FORMAT, Table, token_hash

#: the advisory lock the migrations run under ("cardclub" in ASCII, first 8 bytes)
MIGRATION_LOCK = 0x63617264636C7562 - (1 << 63)
#: tables no server has held for this long are forgotten (a deal its players left)
FORGET_AFTER = "1 day"

MIGRATIONS: list[str] = [
    """
    CREATE TABLE cc_settings (name text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE cc_tables (
        code        text PRIMARY KEY,
        game        text NOT NULL,
        options     jsonb NOT NULL,
        seed        numeric(20, 0) NOT NULL,
        deck        jsonb NOT NULL,
        deal_id     text NOT NULL,
        meta        jsonb NOT NULL,
        standin     text NOT NULL,
        seats       jsonb NOT NULL,
        started     boolean NOT NULL,
        closed      boolean NOT NULL DEFAULT false,
        created     double precision NOT NULL,
        host_key    text NOT NULL,
        owner       text,
        lease_until timestamptz,
        wanted_by   text
    );
    CREATE INDEX cc_tables_waiting ON cc_tables (host_key) WHERE NOT started AND NOT closed;
    CREATE TABLE cc_moves (
        code text NOT NULL REFERENCES cc_tables (code) ON DELETE CASCADE,
        n    integer NOT NULL CHECK (n >= 0),
        move text NOT NULL,
        PRIMARY KEY (code, n)
    );
    CREATE TABLE cc_guesses (
        address_key text PRIMARY KEY,
        allowance   double precision NOT NULL,
        at          timestamptz NOT NULL
    );
    """,
]


def migrate(dsn: str) -> int:
    """Bring the database's schema up to date (under a lock, so several servers starting
    at once do it once); the number of migrations applied."""
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS cc_schema (version integer NOT NULL)")
        row = conn.execute("SELECT max(version) FROM cc_schema").fetchone()
        done = int(row[0]) if row and row[0] is not None else 0
        for version, sql in enumerate(MIGRATIONS[done:], start=done + 1):
            conn.execute(sql)
            conn.execute("INSERT INTO cc_schema VALUES (%s)", (version,))
        # the key of the addresses' hashes: one for the cluster, made once
        conn.execute("INSERT INTO cc_settings VALUES ('address_key', %s) ON CONFLICT DO "
                     "NOTHING", (secrets.token_hex(32),))
        return len(MIGRATIONS) - done


class PgStore(TableStore):
    """Every table of a cluster in one PostgreSQL database; this server is ``name``."""

    shared = True

    def __init__(self, dsn: str, limits: Limits, name: str, lease: float = 6.0) -> None:
        import psycopg

        self.psycopg = psycopg
        self.dsn, self.limits, self.name, self.lease = dsn, limits, name, lease
        self._local = threading.local()
        self._open: list[Any] = []
        self._guard = threading.Lock()
        migrate(dsn)
        row = self._run("SELECT value FROM cc_settings WHERE name = 'address_key'")
        self._key = bytes.fromhex(str(row[0][0]))

    # ----- connections: one per disk thread --------------------------------------------------
    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = self.psycopg.connect(self.dsn, autocommit=True, connect_timeout=5)
            self._local.conn = conn
            with self._guard:
                self._open.append(conn)
        return conn

    def _run(self, sql: str, args: Any = None) -> list[tuple[Any, ...]]:
        """One statement (its own transaction): its rows, or [] for none."""
        return self._exec(sql, args)[0]

    def _exec(self, sql: str, args: Any = None) -> tuple[list[tuple[Any, ...]], int]:
        try:
            cur = self._conn().execute(sql, args)
            rows = cur.fetchall() if cur.description else []
            return rows, cur.rowcount
        except self.psycopg.OperationalError:      # a broken link: a new one next time
            conn = getattr(self._local, "conn", None)
            self._local.conn = None
            if conn is not None:
                with contextlib.suppress(Exception):
                    conn.close()
            raise

    def close(self) -> None:
        with self._guard:
            for conn in self._open:
                with contextlib.suppress(Exception):
                    conn.close()
            self._open.clear()

    def _lease(self) -> str:
        return f"now() + make_interval(secs => {float(self.lease)})"

    def _address(self, address: str) -> str:
        return hmac.new(self._key, address.encode("utf-8", "replace"),
                        hashlib.sha256).hexdigest()[:32]

    # ----- changes -------------------------------------------------------------------------
    def create(self, table: Table, address: str) -> None:
        j = table.session.journal
        self._run(
            "INSERT INTO cc_tables (code, game, options, seed, deck, deal_id, meta, standin,"
            " seats, started, closed, created, host_key, owner, lease_until) VALUES "
            "(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, false, %s, %s, %s, "
            + self._lease() + ")",
            (table.code, table.key, json.dumps(j.options), j.seed, json.dumps(j.deck),
             j.deal_id, json.dumps(j.meta), table.standin, json.dumps(_seats(table)),
             table.started, table.created, self._address(address), self.name))

    def seat(self, table: Table, seat: int, token: str, name: str) -> None:
        seats = _seats(table)
        seats[seat] = {**seats[seat], "name": name, "hashed": token_hash(token)}
        started = all(s.get("hashed") for s in seats if s["kind"] == "friend")
        _, n = self._exec("UPDATE cc_tables SET seats = %s, started = %s WHERE code = %s AND "
                          "owner = %s AND lease_until > now()",
                          (json.dumps(seats), started, table.code, self.name))
        if n != 1:
            raise Lost(table.code)

    def move(self, table: Table, move: Move) -> None:
        try:
            _, n = self._exec(
                "INSERT INTO cc_moves (code, n, move) SELECT code, %s, %s FROM cc_tables "
                "WHERE code = %s AND owner = %s AND lease_until > now()",
                (table.session.moves_played, str(move), table.code, self.name))
        except self.psycopg.errors.UniqueViolation:
            raise Lost(table.code) from None     # another server wrote that move
        if n != 1:
            raise Lost(table.code)

    def probe(self, table: Table) -> None:
        if not self._run("SELECT 1 FROM cc_tables WHERE code = %s AND owner = %s AND "
                         "lease_until > now()", (table.code, self.name)):
            raise Lost(table.code)

    def remove(self, table: Table) -> None:
        self._run("DELETE FROM cc_tables WHERE code = %s AND (owner = %s OR owner IS NULL "
                  "OR lease_until < now())", (table.code, self.name))

    # ----- owners --------------------------------------------------------------------------
    def claim(self, code: str) -> Table | None:
        rows = self._run(
            "UPDATE cc_tables SET owner = %s, lease_until = " + self._lease() + ", "
            "wanted_by = NULL WHERE code = %s AND NOT closed AND (owner IS NULL OR "
            "owner = %s OR lease_until < now()) RETURNING game, options, seed, deck, "
            "deal_id, meta, standin, seats, created",
            (self.name, code, self.name))
        if not rows:
            _, held = self._exec("UPDATE cc_tables SET wanted_by = %s WHERE code = %s AND "
                                 "NOT closed", (self.name, code))
            if held:
                raise Elsewhere(code)
            return None
        game, options, seed, deck, deal_id, meta, standin, seats, created = rows[0]
        moves = [m for (m,) in self._run("SELECT move FROM cc_moves WHERE code = %s "
                                         "ORDER BY n", (code,))]
        d = {"format": FORMAT, "code": code, "game": game, "standin": standin,
             "closed": False, "created": created, "seats": seats,
             "journal": {"version": JOURNAL_VERSION, "game": game, "id": deal_id,
                         "seed": int(seed), "deck": deck, "options": options,
                         "moves": moves, "count": len(moves), "meta": meta}}
        try:
            return Table.from_dict(d, None)
        except ValueError:
            self.release(code)
            raise

    def renew(self, codes: list[str]) -> tuple[set[str], set[str]]:
        if not codes:
            return set(), set()
        rows = self._run("UPDATE cc_tables SET lease_until = " + self._lease() + " WHERE "
                         "owner = %s AND code = ANY(%s) RETURNING code, wanted_by",
                         (self.name, codes))
        held = {str(c) for c, _ in rows}
        wanted = {str(c) for c, w in rows if w is not None and w != self.name}
        return set(codes) - held, wanted

    def release(self, code: str) -> None:
        self._run("UPDATE cc_tables SET owner = NULL, lease_until = now(), wanted_by = NULL "
                  "WHERE code = %s AND owner = %s", (code, self.name))

    def sweep(self, expiry: float) -> int:
        _, waited = self._exec(
            "DELETE FROM cc_tables WHERE NOT started AND created < extract(epoch FROM now())"
            " - %s AND (owner IS NULL OR lease_until < now())", (expiry,))
        _, left = self._exec("DELETE FROM cc_tables WHERE lease_until < now() - interval '"
                             + FORGET_AFTER + "'")
        return max(0, waited) + max(0, left)

    # ----- limits across servers ---------------------------------------------------------
    def waiting_from(self, address: str, held: dict[str, Table]) -> int:
        rows = self._run("SELECT count(*) FROM cc_tables WHERE host_key = %s AND NOT "
                         "started AND NOT closed", (self._address(address),))
        return int(rows[0][0])

    def _refill(self) -> str:
        every = self.limits.guess_every if self.limits.guess_every > 0 else 1e12
        return (f"least({float(self.limits.guesses)}, cc_guesses.allowance + extract(epoch "
                f"FROM now() - cc_guesses.at) / {float(every)})")

    def may_guess(self, address: str) -> bool:
        rows = self._run("SELECT " + self._refill() + " FROM cc_guesses WHERE "
                         "address_key = %s", (self._address(address),))
        return not rows or float(rows[0][0]) >= 1.0

    def wrong_guess(self, address: str) -> None:
        self._run("INSERT INTO cc_guesses (address_key, allowance, at) VALUES (%s, %s, now())"
                  " ON CONFLICT (address_key) DO UPDATE SET allowance = greatest(0, "
                  + self._refill() + " - 1), at = now()",
                  (self._address(address), float(self.limits.guesses) - 1))

    def forget_idle(self) -> None:
        self._run("DELETE FROM cc_guesses WHERE " + self._refill() + " >= %s",
                  (float(self.limits.guesses),))


def _seats(table: Table) -> list[dict[str, Any]]:
    """The seats as a row keeps them: the token's hash, never the token."""
    out = []
    for s in table.seats:
        hashed = token_hash(s.token) if s.token is not None else s.hashed
        out.append({"kind": s.kind, "level": s.level, "name": s.name, "hashed": hashed})
    return out
