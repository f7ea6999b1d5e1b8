"""What no single client may exhaust on a table server, and the server's log in counts.

- :class:`Limits`: the settings of ``cardclub serve`` that bound one client (connections
  and waiting tables per address, tables hosted per connection, wrong codes per address,
  idle and handshake timeouts) and the server as a whole (tables, connections).
- :class:`Addresses`: connections and wrong guesses counted per client address, across
  reconnects (an IPv6 client is counted by its /64, which one client usually holds whole).
- :func:`address_of`: a connection's client address (from ``X-Forwarded-For`` only when
  the server is told a proxy on loopback stands in front of it).
- :class:`Tally`: what happened, counted and written to the log once a minute, so a flood
  of connections is a line a minute, not a line a connection.
- :func:`raise_file_limit`: the process's open-file limit raised to what it may be.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

import ipaddress
import logging
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("cardclub.net")

#: file descriptors kept free of connections: the tables' files, their temporary files,
#: the disk threads, the log, the listening sockets
SPARE_FILES = 64


@dataclass(frozen=True)
class Limits:
    """One server's limits (``cardclub serve --help`` names each)."""

    #: connections open at once from one address
    per_address: int = 16
    #: tables hosted from one address that still wait for friends
    waiting_per_address: int = 3
    #: tables one connection may host in its life (a host who leaves may host again)
    hosts_per_connection: int = 5
    #: a table still waiting for friends after this many seconds is closed
    wait_expiry: float = 1800.0
    #: joins and resumes that matched no seat (a wrong code or token) one address may
    #: make at once, and the seconds until one more is allowed
    guesses: int = 10
    guess_every: float = 30.0
    #: seconds a connection seated nowhere may stay silent; seconds for the handshake
    idle: float = 60.0
    handshake: float = 10.0
    #: tables and connections one server holds at most (connections also stay below the
    #: process's open-file limit)
    max_tables: int = 5000
    max_connections: int = 20000
    #: the client's address comes from ``X-Forwarded-For`` when the connection comes from
    #: loopback (a proxy on the same machine) or from one of ``proxies`` (addresses or
    #: networks of proxies elsewhere): else every player would share the proxy's address
    trust_proxy: bool = False
    proxies: tuple[str, ...] = ()


def address_of(peer: Any, forwarded: str | None, trust_proxy: bool,
               proxies: tuple[str, ...] = ()) -> str:
    """The client address one connection is counted under: ``peer`` is the socket's
    remote address (``(host, port, …)``), ``forwarded`` the ``X-Forwarded-For`` header,
    believed only from loopback or ``proxies``."""
    host = str(peer[0]) if isinstance(peer, tuple | list) and peer else "?"
    if trust_proxy and forwarded and _trusted(host, proxies):
        host = forwarded.split(",")[-1].strip() or host   # the entry the proxy added
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip) >> 64 << 64, 64)))
    return str(ip)


def _trusted(host: str, proxies: tuple[str, ...]) -> bool:
    """``host`` is a proxy whose X-Forwarded-For is believed: loopback, or in
    ``proxies``."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or any(ip in ipaddress.ip_network(p, strict=False)
                                 for p in proxies)


def check_proxies(text: str) -> tuple[str, ...]:
    """``--trust-proxy``'s list (addresses or networks, comma-separated); ValueError
    naming one that is neither."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if part:
            ipaddress.ip_network(part, strict=False)
            out.append(part)
    return tuple(out)


@dataclass
class _Guesses:
    allowance: float
    last: float = field(default_factory=time.monotonic)


class Addresses:
    """Connections and wrong guesses per client address."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: Counter[str] = Counter()
        self._guesses: dict[str, _Guesses] = {}

    def connect(self, address: str) -> bool:
        """One more connection from ``address``, if it may have one."""
        if self.open[address] >= self.limits.per_address:
            return False
        self.open[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _bucket(self, address: str) -> _Guesses:
        g = self._guesses.get(address)
        now = time.monotonic()
        if g is None:
            g = self._guesses[address] = _Guesses(float(self.limits.guesses), now)
        elif self.limits.guess_every > 0:
            g.allowance = min(float(self.limits.guesses),
                              g.allowance + (now - g.last) / self.limits.guess_every)
            g.last = now
        return g

    def may_guess(self, address: str) -> bool:
        """May ``address`` try a code or a token now (it has a wrong guess left)?"""
        return self._bucket(address).allowance >= 1.0

    def wrong_guess(self, address: str) -> None:
        g = self._bucket(address)
        g.allowance = max(0.0, g.allowance - 1.0)

    def forget_idle(self) -> None:
        """Drop the guess counts that are full again (the memory stays bounded)."""
        for address in list(self._guesses):
            if self._bucket(address).allowance >= self.limits.guesses:
                del self._guesses[address]


class Tally:
    """Events counted by name and written to the log as one line per ``every`` seconds."""

    def __init__(self, every: float = 60.0) -> None:
        self.every = every
        self.counts: Counter[str] = Counter()
        self.total: Counter[str] = Counter()
        self._since = time.monotonic()

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] += n
        self.total[what] += n

    def flush(self, force: bool = False) -> str | None:
        """The line for the counts since the last one (logged), once ``every`` seconds
        have passed (or ``force``); None when there is nothing to say yet."""
        now = time.monotonic()
        if not self.counts or (not force and now - self._since < self.every):
            return None
        line = ", ".join(f"{what} {n}" for what, n in sorted(self.counts.items()))
        line = f"in the last {now - self._since:.0f} s: {line}"
        self.counts.clear()
        self._since = now
        log.info("%s", line)
        return line


class CountingFilter(logging.Filter):
    """Turns the WebSocket library's line-per-connection records into counts (``kinds``:
    the start of a record's message -> the tally's name for it)."""

    def __init__(self, tally: Tally, kinds: dict[str, str]) -> None:
        super().__init__()
        self.tally, self.kinds = tally, kinds

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)
        for start, name in self.kinds.items():
            if text.startswith(start):
                self.tally.add(name)
                return False
        return True


def raise_file_limit() -> int | None:
    """Raise this process's soft limit of open files to its hard limit: the new soft
    limit, or None where the platform has no such limit (Windows)."""
    if sys.platform == "win32":
        return None
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if want > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(wanted: int, files: int | None) -> int:
    """How many connections a server takes at once: ``wanted``, and below ``files`` (the
    open-file limit) by :data:`SPARE_FILES`."""
    if files is None:
        return wanted
    return max(1, min(wanted, files - SPARE_FILES))


class AcceptErrors:
    """An event loop's exception handler: running out of file handles to accept
    connections with (the loop tries again each second) is counted, and said at most
    once a minute; anything else goes to the handler that was there (``before``)."""

    def __init__(self, tally: Tally, before: Any) -> None:
        self.tally, self.before = tally, before
        self.said = -1e9

    def __call__(self, loop: Any, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system"):
            self.tally.add("accepts refused for want of file handles")
            now = time.monotonic()
            if now - self.said > 60:
                self.said = now
                log.warning("out of file handles: new connections wait (%s)",
                            context.get("exception"))
            return
        if self.before is not None:
            self.before(loop, context)
        else:
            loop.default_exception_handler(context)

