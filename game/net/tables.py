"""A shared table: one deal, its seats (friends or computers), tokens and the views.

A :class:`Table` holds one :class:`~game.session.deal.DealSession` (no computer seats of
its own: the server decides for computers off its loop and plays their moves here like
anyone's), the seats and their secret tokens, and makes each seat's messages from that
seat's ``observation(seat)`` alone: the events and the move are shown to a seat only as
far as it may see their cards.  It is saved as one JSON file (``<code>.json`` in the
server's data folder) with the store's atomic write.  Pure: no network, no arcade.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import levels, make_bot
from game.ai.bots import Bot
from game.games import spec
from game.rules import Event, IllegalMove, Move
from game.rules.rng import secret_seed
from game.session.deal import DealSession
from game.session.journal import journal_from_dict
from game.store import files

from .protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    COMPUTER,
    FRIEND,
    ProtocolError,
    cards_in,
    shown_move,
)
from .seatlog import seat_log

#: the format of a table's file
FORMAT = 1
HOST = 0


def new_code(taken: set[str] | dict[str, Any], shard: str = "") -> str:
    """A table code not in ``taken``, starting with ``shard`` (a cluster's server names
    itself in its codes' first character)."""
    while True:
        code = shard + "".join(secrets.choice(CODE_ALPHABET)
                               for _ in range(CODE_LENGTH - len(shard)))
        if code not in taken:
            return code


def new_token() -> str:
    return secrets.token_hex(16)


def token_hash(token: str) -> str:
    """What a database keeps of a seat's token (never the token itself)."""
    return hashlib.sha256(token.encode("ascii", "replace")).hexdigest()


@dataclass
class Seat:
    """One seat: a friend's (``token`` once taken) or a computer's (``level``)."""

    kind: str
    level: str
    name: str = ""
    token: str | None = None
    #: the token's hash, where only that is kept (a table loaded from a database)
    hashed: str | None = None
    # the moment only (not saved): connected now, away since when, computer standing in
    connected: bool = False
    away_since: float | None = None
    standin: bool = False

    @property
    def taken(self) -> bool:
        return self.token is not None or self.hashed is not None

    def holds(self, token: str) -> bool:
        """Whether ``token`` is this seat's."""
        if self.token is not None:
            return secrets.compare_digest(self.token, token)
        return self.hashed is not None and secrets.compare_digest(self.hashed,
                                                                  token_hash(token))

    @property
    def computer_plays(self) -> bool:
        return self.kind == COMPUTER or self.standin

    def public(self) -> dict[str, Any]:
        """What every seat may know of this seat."""
        d: dict[str, Any] = {"kind": self.kind, "name": self.name}
        if self.kind == COMPUTER:
            d["level"] = self.level
        else:
            d["taken"] = self.taken
            d["present"] = self.connected
            d["standin"] = self.standin
        return d

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "token": self.token}


class Table:
    """One shared deal.  Every method runs on the server's loop (one thread)."""

    def __init__(self, code: str, key: str, seats: list[Seat], session: DealSession,
                 standin: str, folder: Path | None = None, closed: bool = False,
                 created: float | None = None) -> None:
        self.code = code
        self.key = key
        self.seats = seats
        self.session = session
        self.standin = standin
        self.folder = folder
        self.closed = closed
        #: when the table was hosted (wall clock, saved: a table that waits for friends
        #: too long expires, also across restarts)
        self.created = time.time() if created is None else created
        #: the address the host came from (counted against its waiting tables; not saved)
        self.host_address: str | None = None
        self.deck = frozenset(session.full_deck())
        self.bots: dict[tuple[int, str], Bot] = {}
        self.thinking: int | None = None     # the seat whose decision runs on a worker
        self.touched = time.monotonic()
        #: why the table's file cannot be written now (None: writes work): the table
        #: waits, at the last move written, until a write works again
        self.halted: str | None = None
        self._visible: tuple[int, dict[int, set[str]]] = (-1, {})

    # ----- making one -------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, key: str, kinds: list[dict[str, str]], *,
               players: int | None = None, seed: int | None = None, name: str = "",
               standin: str | None = None, folder: Path | None = None) -> Table:
        """A new table; seat 0 is the host's (a friend), the others as ``kinds`` says
        (repeated from the last one to fill the table).  ValueError when the game, the
        player count or a level is not the game's."""
        s = spec(key)
        allowed = s.players_allowed
        n = players if players is not None else (len(kinds) if len(kinds) in allowed
                                                 else allowed[0])
        if n not in allowed:
            raise ValueError(f"{s.title} is played by {', '.join(map(str, allowed))}")
        table_levels = levels(key)
        standin = standin or s.default_level
        if standin not in table_levels:
            raise ValueError(f"unknown level {standin!r}; levels: {', '.join(table_levels)}")
        seats: list[Seat] = []
        for i in range(n):
            k = kinds[min(i, len(kinds) - 1)] if kinds else {"kind": COMPUTER}
            kind = FRIEND if i == HOST else k["kind"]
            level = k.get("level") or standin
            if level not in table_levels:
                raise ValueError(f"unknown level {level!r}; levels: {', '.join(table_levels)}")
            seats.append(Seat(kind, level))
        seats[HOST].name = name
        seats[HOST].token = new_token()
        options = {"players": n} if len(allowed) > 1 else {}
        # the deal's number is drawn secretly (a seat's own cards must not let it try
        # numbers until its hand matches); a given one is for tests and tools only
        session = DealSession(key, level=standin, seed=secret_seed() if seed is None else seed,
                              options=options, ai_seats=(), human=HOST, save=False)
        session.journal.meta.update({"seats": [st.kind for st in seats],
                                     "levels": [st.level if st.kind == COMPUTER else FRIEND
                                                for st in seats]})
        return cls(code, key, seats, session, standin, folder)

    # ----- saving -----------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / f"{self.code}.json"

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "code": self.code, "game": self.key,
                "standin": self.standin, "closed": self.closed, "created": self.created,
                "seats": [s.to_dict() for s in self.seats],
                "journal": self.session.journal.to_dict()}

    def snapshot(self, move: Move | None = None,
                 seat: tuple[int, str, str] | None = None) -> bytes:
        """The file's bytes (taken on the loop, written on a thread): compact JSON of
        values the server made itself (read back through the store's checks).  With
        ``move`` (to be played next) or ``seat`` (``(seat, token, name)`` to be taken),
        the bytes of the table once that is done: written first, done only once on disk,
        so no one ever hears of a move the disk does not hold."""
        d = self.to_dict()
        if move is not None:
            journal = d["journal"]
            journal["moves"] = [*journal["moves"], str(move)]
            journal["count"] = len(journal["moves"])
        if seat is not None:
            i, token, name = seat
            d["seats"][i] = {**d["seats"][i], "token": token, "name": name}
        return json.dumps(d, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False).encode("utf-8")

    @classmethod
    def load(cls, path: Path) -> Table:
        """A table from its file, its deal replayed; ValueError when damaged."""
        return cls.from_dict(files.read_json(path), path.parent)

    @classmethod
    def from_dict(cls, d: Any, folder: Path | None) -> Table:
        """A table from its file's contents, its deal replayed; ValueError when damaged."""
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError("not a table file of this version")
        key = d.get("game")
        journal = journal_from_dict(d.get("journal"), key if isinstance(key, str) else None)
        state = journal.replay()
        raw = d.get("seats")
        if not isinstance(raw, list) or len(raw) != state.num_players:
            raise ValueError("its seats do not match its deal")
        seats = []
        for r in raw:
            if not isinstance(r, dict) or r.get("kind") not in (FRIEND, COMPUTER):
                raise ValueError("a seat is damaged")
            token, hashed = r.get("token"), r.get("hashed")
            seats.append(Seat(str(r["kind"]), str(r.get("level")), str(r.get("name", ""))[:24],
                              token if isinstance(token, str) else None,
                              hashed if isinstance(hashed, str) else None))
        session = DealSession(journal.game, level=str(d.get("standin")), state=state,
                              journal=journal, ai_seats=(), human=HOST, save=False)
        created = d.get("created")
        return cls(str(d.get("code")), journal.game, seats, session,
                   str(d.get("standin")), folder, bool(d.get("closed")),
                   float(created) if isinstance(created, int | float) else None)

    # ----- seats ------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        """Every friend's seat is taken: the deal goes on."""
        return all(s.taken for s in self.seats if s.kind == FRIEND)

    @property
    def waiting(self) -> bool:
        """Open and still waiting for a friend to take a seat."""
        return not self.closed and not self.started

    def expired(self, after: float, now: float | None = None) -> bool:
        """Waiting for friends for more than ``after`` seconds."""
        return self.waiting and (time.time() if now is None else now) - self.created > after

    def seat_of(self, token: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.holds(token):
                return i
        return None

    def free_seat(self) -> int:
        """The first free friend's seat (taken with :meth:`take_seat` once written)."""
        for i, s in enumerate(self.seats):
            if s.kind == FRIEND and not s.taken:
                return i
        raise ProtocolError("table_full")

    def take_seat(self, seat: int, token: str, name: str) -> None:
        self.seats[seat].token, self.seats[seat].name = token, name

    def computer_to_act(self) -> int | None:
        """The seat a computer must decide for now (none before every friend is in)."""
        seat = self.session.current_player
        if (self.closed or self.halted is not None or not self.started
                or self.session.is_over or seat is None
                or not self.seats[seat].computer_plays):
            return None
        return seat

    def bot(self, seat: int) -> Bot:
        """The computer's bot for ``seat`` (its own level, or the stand-in's)."""
        s = self.seats[seat]
        level = s.level if s.kind == COMPUTER else self.standin
        bot = self.bots.get((seat, level))
        if bot is None:      # its randomness is the server's secret, not the deal's
            bot = self.bots[seat, level] = make_bot(self.key, level,
                                                    seed=secrets.randbits(63))
        return bot

    def think_delay(self, seat: int) -> float:
        """The computer's think delay at ``seat`` (seconds, the middle of its level's)."""
        s = self.seats[seat]
        level = s.level if s.kind == COMPUTER else self.standin
        delay = levels(self.key).get(level, {}).get("think_delay", (0.6, 1.0))
        try:
            return (float(delay[0]) + float(delay[1])) / 2
        except (TypeError, ValueError, IndexError):
            return 0.8

    # ----- moves ------------------------------------------------------------------------
    def check_move(self, seat: int, text: str, n: int) -> Move:
        """The move ``seat`` may play now, or a :class:`ProtocolError` saying why not."""
        if self.closed:
            raise ProtocolError("no_table", "the table is closed")
        if self.session.is_over:
            raise ProtocolError("over")
        if self.halted is not None:
            raise ProtocolError("unavailable")
        if not self.started:
            raise ProtocolError("not_your_turn", "the table waits for friends to join")
        if self.session.current_player != seat:
            raise ProtocolError("not_your_turn")
        if n != self.session.moves_played:
            raise ProtocolError("stale", f"the deal is at move {self.session.moves_played}")
        game = self.session.game
        try:
            move = game.parse_move(text)
        except ValueError as exc:
            raise ProtocolError("illegal", str(exc)[:200]) from exc
        if move in game.legal_moves():
            return move
        refusal: IllegalMove | None = game.check(move)  # a variant the engine accepts
        if refusal is not None:
            raise ProtocolError("illegal", str(refusal)[:200])
        return move

    def play(self, seat: int, move: Move) -> tuple[dict[int, set[str]], list[Event]]:
        """Play a checked move: each seat's visible cards before it, and its events."""
        before = {s: self.visible(s) for s in range(len(self.seats))}
        events = self.session.play(move)
        self.touched = time.monotonic()
        return before, events

    # ----- what each seat sees ------------------------------------------------------------
    def visible(self, seat: int) -> set[str]:
        """The cards ``seat`` may see now (those its observation names; kept until the
        next move)."""
        n, cache = self._visible
        if n != self.session.version:
            cache = {}
            self._visible = (self.session.version, cache)
        if seat not in cache:
            cache[seat] = cards_in(self.session.game.observation(seat), self.deck)
        return cache[seat]

    def shown_events(self, events: list[Event], seat: int, visible: set[str]
                     ) -> list[dict[str, Any]]:
        """``events`` as ``seat`` may see them: a card it may not see is left out (the
        event keeps where it went, face down)."""
        out = []
        for e in events:
            d = e.to_dict()
            if e.card is not None and e.card not in visible:
                d.pop("card", None)
                d["face_up"] = False
            elif e.card is not None and e.dst == f"hand{seat}":
                d["face_up"] = True
            if d.get("data"):
                hidden = cards_in(d["data"], self.deck) - visible
                if hidden:
                    d.pop("data")
            out.append(d)
        return out

    def seats_public(self) -> list[dict[str, Any]]:
        return [s.public() for s in self.seats]

    def position(self, seat: int) -> dict[str, Any]:
        """The fields of ``state`` and ``update`` common to both: the deal as ``seat``
        sees it now, and its legal moves when it is to act."""
        ses = self.session
        to_act = ses.current_player if self.started else None
        d: dict[str, Any] = {"n": ses.moves_played, "obs": ses.game.observation(seat),
                             "to_act": to_act, "started": self.started,
                             "over": ses.is_over, "seats": self.seats_public()}
        if to_act == seat and not ses.is_over and not self.closed:
            d["legal"] = [str(m) for m in ses.game.legal_moves()]
        if ses.is_over:
            d["result"] = ses.result()
            d["outcomes"] = ses.game.deal_outcomes()
            # the deal is over: its journal (every card) for the player's history and replay
            d["journal"] = ses.journal.to_dict()
        return d

    def state_message(self, seat: int) -> dict[str, Any]:
        """The whole position for ``seat`` (on joining, on coming back), with the newest
        moves as that seat was told them (``log``: its window writes its log again)."""
        msg = {"type": "state", "code": self.code, "game": self.key, "seat": seat,
               **self.position(seat)}
        if self.session.moves_played == 0:
            msg["deal"] = self.shown_events(self.session.deal_events(), seat,
                                            self.visible(seat))
        elif not self.session.is_over:
            msg["log"] = seat_log(self, seat)
        return msg

    def update_message(self, seat: int, mover: int | None, move: Move, events: list[Event],
                       before: set[str]) -> dict[str, Any]:
        """One move as ``seat`` may see it, with the position after it."""
        visible = before | self.visible(seat)
        return {"type": "update", "seat": mover,
                "move": shown_move(str(move), visible, self.deck),
                "events": self.shown_events(events, seat, visible), **self.position(seat)}

    def seats_message(self) -> dict[str, Any]:
        return {"type": "seats", "seats": self.seats_public(), "started": self.started,
                "to_act": self.session.current_player if self.started else None}
