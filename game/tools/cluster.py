"""A table-server cluster on this machine, for tests and benchmarks: a PostgreSQL server
in a temporary folder, K ``cardclub serve --store`` backends, and HAProxy in front, all on
loopback (docs/net.md, "Growing past one machine").

Needs Debian's ``postgresql`` and ``haproxy`` (``.ci/run`` installs them) and psycopg.
PostgreSQL will not run as root: as root, its folder is given to the ``postgres`` user
and it is started as that user.  :func:`haproxy_config` writes the same configuration as
docs/deploy/haproxy.cfg, with the ports and limits given.
"""
from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: the first character of each backend's codes (the proxy routes by it)
SHARDS = "ABCDEFGHJKLMNPQR"
ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(cond: Callable[[], object], what: str, limit: float = 60.0) -> None:
    """Poll ``cond()`` until it is true (``limit`` bounds a hang only)."""
    deadline = time.monotonic() + limit
    while not cond():
        if time.monotonic() > deadline:
            raise TimeoutError(f"never happened: {what}")
        time.sleep(0.05)


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if found:
        return found[-1]
    path = shutil.which(name)
    if path is None:
        raise FileNotFoundError(f"PostgreSQL's {name} is not installed "
                                "(apt-get install postgresql)")
    return path


class Postgres:
    """A throw-away PostgreSQL server: ``dsn`` once started."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.as_root = sys.platform != "win32" and os.geteuid() == 0   # (a POSIX tool)

    def _as_owner(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *argv] if self.as_root else argv

    @property
    def dsn(self) -> str:
        return f"postgresql://cardclub@127.0.0.1:{self.port}/cardclub"

    def start(self) -> Postgres:
        data = self.folder / "pg"
        data.mkdir(parents=True)
        if self.as_root:
            shutil.chown(self.folder, "postgres")
            shutil.chown(data, "postgres")
        subprocess.run(self._as_owner([_pg_bin("initdb"), "-D", str(data), "-A", "trust",
                                       "-U", "cardclub", "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True)
        self.run()
        import psycopg

        with psycopg.connect(f"postgresql://cardclub@127.0.0.1:{self.port}/postgres",
                             autocommit=True) as c:
            c.execute("CREATE DATABASE cardclub")
        return self

    def run(self) -> None:
        """Start the server on its data (again, after :meth:`stop`)."""
        self.proc = subprocess.Popen(
            self._as_owner([_pg_bin("postgres"), "-D", str(self.folder / "pg"),
                            "-p", str(self.port), "-k", str(self.folder),
                            "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
                            "-c", "max_connections=300"]),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(lambda: self._answers("postgres"), "PostgreSQL answers")

    def _answers(self, db: str) -> bool:
        import psycopg

        try:
            psycopg.connect(f"postgresql://cardclub@127.0.0.1:{self.port}/{db}",
                            connect_timeout=2).close()
            return True
        except psycopg.OperationalError:
            return False

    def stop(self) -> None:
        """A fast shutdown (its clients are cut off), told to the server itself (as root
        the process started is ``runuser``, which passes no signal on)."""
        if self.proc is not None and self.proc.poll() is None:
            subprocess.run(self._as_owner([_pg_bin("pg_ctl"), "stop", "-D",
                                           str(self.folder / "pg"), "-m", "fast", "-w"]),
                           capture_output=True)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(30)
            if self.proc.poll() is None:
                self.proc.kill()


@dataclass
class Backend:
    """One ``cardclub serve --store`` process."""

    name: str
    shard: str
    port: int
    dsn: str
    flags: list[str] = field(default_factory=list)
    proc: subprocess.Popen[str] | None = None

    def start(self) -> Backend:
        env = dict(os.environ)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--host", "127.0.0.1", "--port",
             str(self.port), "--store", self.dsn, "--name", self.name, "--shard", self.shard,
             "--trust-proxy", "--quiet", *self.flags],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(f"backend {self.name} did not start: {err}")
        json.loads(line)
        return self

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()                 # SIGKILL (TerminateProcess on Windows)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def haproxy_config(port: int, backends: list[Backend], per_address: int = 16,
                   handshakes_per_10s: int = 60, maxconn: int = 4000) -> str:
    """The proxy's configuration (as docs/deploy/haproxy.cfg, with these ports; its
    ``maxconn`` needs twice as many open files)."""
    servers = "\n".join(
        f"    use-server {b.name} if {{ urlp(code) -m beg -i {b.shard} }}" for b in backends)
    lines = "\n".join(
        f"    server {b.name} 127.0.0.1:{b.port} check inter 500ms fall 2 rise 1"
        for b in backends)
    return f"""global
    maxconn {maxconn}

defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    timeout http-request 10s
    timeout client-fin 10s
    timeout server-fin 10s

frontend cardclub
    bind 127.0.0.1:{port}
    option forwardfor
    stick-table type ipv6 size 1m expire 10m store conn_cur,http_req_rate(10s)
    tcp-request connection track-sc0 src
    tcp-request connection reject if {{ sc0_conn_cur gt {per_address} }}
    http-request deny deny_status 429 if {{ sc0_http_req_rate gt {handshakes_per_10s} }}
    default_backend tables

backend tables
    balance url_param code
    hash-type consistent
    option httpchk GET /health
    http-check expect status 200
{servers}
{lines}
"""


class Proxy:
    """HAProxy in the foreground, from a written configuration."""

    def __init__(self, folder: Path, port: int, text: str) -> None:
        self.path = folder / "haproxy.cfg"
        self.path.write_text(text)
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Proxy:
        exe = shutil.which("haproxy") or "/usr/sbin/haproxy"
        self.proc = subprocess.Popen([exe, "-db", "-f", str(self.path)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

        def listening() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"haproxy stopped: {err}")
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", self.port)) == 0
        wait_for(listening, "HAProxy listens")
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Cluster:
    """PostgreSQL, ``k`` backends and HAProxy: ``url`` is the proxy's address."""

    def __init__(self, k: int, backend_flags: list[str] | None = None,
                 per_address: int = 16, handshakes_per_10s: int = 60) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="cardclub-cluster-", dir="/tmp"))
        self.pg = Postgres(self.tmp)
        self.k = k
        self.flags = backend_flags or []
        self.per_address, self.handshakes = per_address, handshakes_per_10s
        self.backends: list[Backend] = []
        self.proxy: Proxy | None = None

    def __enter__(self) -> Cluster:
        try:
            self.pg.start()
            self.backends = [Backend(f"b{i + 1}", SHARDS[i], free_port(), self.pg.dsn,
                                     self.flags) for i in range(self.k)]
            for b in self.backends:
                b.start()
            port = free_port()
            self.proxy = Proxy(self.tmp, port, haproxy_config(
                port, self.backends, self.per_address, self.handshakes)).start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def url(self) -> str:
        assert self.proxy is not None
        return f"ws://127.0.0.1:{self.proxy.port}"

    def backend_of(self, code: str) -> Backend:
        return next(b for b in self.backends if b.shard == code[0])

    def restart_proxy(self) -> None:
        assert self.proxy is not None
        self.proxy.stop()
        self.proxy.start()

    def close(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for b in self.backends:
            b.stop()
        self.pg.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)
