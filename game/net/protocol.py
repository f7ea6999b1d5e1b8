"""The Card Club table protocol: versioned JSON messages over a WebSocket (docs/net.md).

Every message is one JSON object in one text frame, with ``"v"`` (the protocol version)
and ``"type"``.  This module is the one place that knows the messages' shapes: it
encodes, decodes and checks them, and names the errors.  Pure: no network, no arcade.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

#: the protocol's version; a message of another version is refused (error ``version``)
VERSION = 1
#: the largest message either side sends or accepts (bytes of UTF-8 JSON); the server's
#: WebSocket layer closes a connection that sends a bigger frame (close code 1009)
MAX_MESSAGE = 64 * 1024
#: messages a connection may send per second on average, and in one burst (an accepted
#: move is not counted: only the seat to act can make one, and the game bounds them)
RATE_PER_SECOND = 20.0
RATE_BURST = 40
#: how many refusals for speed a connection gets before it is closed
RATE_STRIKES = 20
#: the longest name a player may give, and the longest move notation accepted
MAX_NAME = 24
MAX_MOVE = 80
#: the largest integer a client may send (a ``ping``'s ``id``): what JSON's readers on
#: every platform keep exactly
MAX_INT = (1 << 53) - 1
#: combining marks allowed on one letter of a name (accents; not a tower of them)
MAX_MARKS = 2
#: a table code: six letters and digits that cannot be mistaken for one another
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = re.compile(r"[0-9a-f]{32}")
#: the kinds of seat a host may ask for
FRIEND, COMPUTER = "friend", "computer"

#: every error code with what it means (docs/net.md lists them)
ERRORS: dict[str, str] = {
    "bad_json": "the message is not a JSON object in UTF-8",
    "too_big": "the message is longer than the limit",
    "version": "the message's protocol version is not the server's",
    "bad_message": "a field is missing, of the wrong type or out of range",
    "unknown_type": "no such message type",
    "rate": "too many messages: slow down",
    "no_table": "no open table has this code",
    "table_full": "every friend's seat at this table is taken",
    "bad_token": "the token is not this table's token for that seat",
    "not_your_turn": "it is not this seat's turn",
    "stale": "the move was made for an earlier position of the deal",
    "illegal": "the move is not legal here (the message says which rule forbids it)",
    "over": "the deal is over",
    "server_full": "the server holds as many tables as it may",
    "already_seated": "this connection already sits at a table",
    "not_seated": "this connection sits at no table yet",
    "limit": "a limit for one player was reached (the message says which); try later",
    "guesses": "too many codes or tokens from this address matched no seat; wait a while",
    "unavailable": "the server cannot save right now; try again in a moment",
    "idle": "the connection sat at no table and said nothing for too long",
    "elsewhere": "another server of the cluster holds the table now: connect again",
}

#: what a client may send: type -> {field: (type, required)}
CLIENT_FIELDS: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    "host": {"game": (str, True), "players": (int, False), "seats": (list, True),
             "name": (str, False), "seed": (int, False), "standin": (str, False)},
    "join": {"code": (str, True), "name": (str, False)},
    "resume": {"code": (str, True), "token": (str, True)},
    "move": {"token": (str, True), "move": (str, True), "n": (int, True)},
    "leave": {},
    "ping": {"id": (int, False)},
}


class ProtocolError(ValueError):
    """A refusal: ``code`` (one of :data:`ERRORS`) and a message in plain words.
    ``fatal``: the connection is closed after the error is sent."""

    def __init__(self, code: str, message: str = "", fatal: bool = False) -> None:
        super().__init__(message or ERRORS.get(code, code))
        self.code = code
        self.fatal = fatal


def encode(msg: dict[str, Any]) -> str:
    """The text frame of ``msg`` (the version is added)."""
    return json.dumps({"v": VERSION, **msg}, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def error(code: str, message: str = "", **extra: Any) -> dict[str, Any]:
    """An ``error`` message."""
    return {"type": "error", "code": code, "message": message or ERRORS.get(code, code),
            **extra}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"the number {name} is not allowed")


def parse(raw: str | bytes) -> dict[str, Any]:
    """A received frame as a message object: raises :class:`ProtocolError` (``too_big``,
    ``bad_json``, ``version``) when it is not one.  Fields are not checked here."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"messages are at most {MAX_MESSAGE} bytes",
                            fatal=True)
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        msg = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {str(exc)[:80]}") from exc
    if not isinstance(msg, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    if msg.get("v") != VERSION or type(msg.get("v")) is not int:
        raise ProtocolError("version", f"this server speaks protocol version {VERSION}",
                            fatal=True)
    if type(msg.get("type")) is not str:
        raise ProtocolError("bad_message", "the message has no type")
    return msg


def check_client(msg: dict[str, Any]) -> dict[str, Any]:
    """A client's message checked against :data:`CLIENT_FIELDS` (types, lengths, codes,
    tokens); raises :class:`ProtocolError` naming the field."""
    kind = msg["type"]
    fields = CLIENT_FIELDS.get(kind)
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:20]!r}")
    for name, (want, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError("bad_message", f"{kind}: the field {name!r} is missing")
            continue
        value = msg[name]
        if type(value) is bool or not isinstance(value, want):
            raise ProtocolError("bad_message", f"{kind}: {name!r} has the wrong type")
    for extra in set(msg) - set(fields) - {"v", "type"}:
        raise ProtocolError("bad_message", f"{kind}: unknown field {str(extra)[:20]!r}")
    if "code" in msg and not _CODE.fullmatch(msg["code"].upper()):
        raise ProtocolError("no_table", "a table code is six letters and digits")
    if "token" in msg and not _TOKEN.fullmatch(msg["token"]):
        raise ProtocolError("bad_token", "that is not a seat's token")
    if "name" in msg and not name_ok(msg["name"]):
        raise ProtocolError("bad_message", f"a name is at most {MAX_NAME} printable "
                                           "characters, letters with at most "
                                           f"{MAX_MARKS} accents each")
    if "id" in msg and not -MAX_INT <= msg["id"] <= MAX_INT:
        raise ProtocolError("bad_message", f"'id' is -{MAX_INT} to {MAX_INT}")
    if "move" in msg and len(msg["move"]) > MAX_MOVE:
        raise ProtocolError("bad_message", f"a move is at most {MAX_MOVE} characters")
    if "n" in msg and not 0 <= msg["n"] <= 1_000_000:
        raise ProtocolError("bad_message", "'n' is a move count")
    if "seed" in msg and not 0 <= msg["seed"] < 1 << 64:
        raise ProtocolError("bad_message", "'seed' is 0 to 2**64 - 1")
    if "players" in msg and not 2 <= msg["players"] <= 8:
        raise ProtocolError("bad_message", "'players' is 2 to 8")
    if kind == "host":
        seats = msg["seats"]
        if not 1 <= len(seats) <= 8:
            raise ProtocolError("bad_message", "host: 'seats' names 1 to 8 seats")
        for s in seats:
            if not isinstance(s, dict) or s.get("kind") not in (FRIEND, COMPUTER) \
                    or set(s) - {"kind", "level"} \
                    or ("level" in s and (type(s["level"]) is not str
                                          or len(s["level"]) > 40)):
                raise ProtocolError("bad_message", "host: each seat is {\"kind\": "
                                    "\"friend\"|\"computer\", \"level\": text}")
    return msg


def name_ok(name: str) -> bool:
    """A name a seat may carry: empty, or at most :data:`MAX_NAME` printable characters
    that do not start with a combining mark, with at most :data:`MAX_MARKS` marks on one
    character, and not blank."""
    if not name:
        return True
    if len(name) > MAX_NAME or not name.isprintable() or not name.strip():
        return False
    run = MAX_MARKS       # a mark first has no letter to sit on
    for ch in name:
        if unicodedata.category(ch).startswith("M"):
            run += 1
            if run > MAX_MARKS:
                return False
        else:
            run = 0
    return True


def normal_code(code: str) -> str:
    """A table code as the server keeps it (upper case)."""
    return code.strip().upper()


def cards_in(value: Any, deck: frozenset[str]) -> set[str]:
    """Every card of ``deck`` named anywhere in ``value`` (strings split into words, in
    lists, in objects' keys and values): what a message shows."""
    found: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in deck:
                found.add(v)
            elif len(v) > 2:
                found.update(w for w in _WORDS.split(v) if w in deck)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return found


_WORDS = re.compile(r"[\s=,]+")


def shown_move(move: str, visible: Iterable[str], deck: frozenset[str]) -> str:
    """A move's notation as a seat may see it: whole when every card it names is visible
    to the seat, else only its first word (``bus`` without the card)."""
    seen = set(visible)
    if cards_in(move, deck) <= seen:
        return move
    return move.split()[0] if move.split() else move
