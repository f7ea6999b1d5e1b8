"""A shared deal as a window's table sees it: the session's face over a network link.

:class:`RemoteSession` is a :class:`~game.session.Session`, as a
:class:`~game.session.deal.DealSession` is: it answers what a table view asks
(``observation()``, ``human_to_act``, ``human_moves()``, ``play()``, ``advance(dt)``,
``subscribe()``, ``version``, the result, hints) from the messages of a
:class:`~game.net.client.Connection`, so the table does not care where a move came from:
its own moves go to the server, and every move (its own included) comes back as a
``Change("move", seat, move, events)`` once the server has played it.  ``advance(dt)``
(called by the table's frame, as for a computer) polls the link and never waits.
:attr:`RemoteSession.shared` is the session itself once seated: the table's code, seats
and link, which a shared table's own words read.

What it cannot be: the engine state (``game``) and the deal's number stay on the server
until the end (the seed would tell every card); undo and a new deal are not offered at a
shared table; pausing pauses nothing but the picture.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.games import spec
from game.rules import Event, IllegalMove, Move
from game.session.deal import HINT_OVERRIDES, DealSession
from game.session.journal import Journal, journal_from_dict
from game.session.protocol import Change, HintCycle, Listener, Listening

from .protocol import COMPUTER
from .seatlog import LOG_MOVES

if TYPE_CHECKING:
    from game.review.analysis import Judge


class Link(Protocol):
    """What the session needs of its link (:class:`~game.net.client.Connection`)."""

    def poll(self) -> list[dict[str, Any]]: ...

    def send(self, msg: dict[str, Any]) -> None: ...

    def close(self, leave: bool = False) -> None: ...


def _event(d: dict[str, Any]) -> Event:
    fields = {k: d[k] for k in ("kind", "card", "src", "dst", "seat", "text", "index",
                                "face_up", "data") if k in d}
    return Event(**fields)


def _move(text: str) -> Move:
    return Move.parse(text) if text.strip() else Move("?", ())


class ServerPaced:
    """A shared table's pacing is the server's: the table has nothing to watch here."""

    def watch(self) -> None:
        """(A table view's call to a local pacer; the server keeps the gaps.)"""


class RemoteSession(Listening):
    """One seat at a shared table, for a table view (a :class:`~game.session.Session`, and
    its :attr:`shared` face once seated).  Seat, game and position are known once the
    server's ``joined`` and ``state`` have arrived (:attr:`ready`)."""

    read_only = False
    practice = False
    fresh = True
    saving = False

    def __init__(self, link: Link) -> None:
        self.link = link
        self.pacer = ServerPaced()
        self.key: str | None = None
        self.human = 0
        self.code: str | None = None
        self.is_host = False
        self.players = 0
        self.version = 0
        self.paused = False
        self.surrendered = False
        self.xp_gained: int | None = None
        self.closed: str | None = None      # why the table ended early (plain words)
        self.closed_reason = ""             # and its code ("host_left")
        self.refusals = 0                   # moves of ours the server refused
        self.link_state = "connecting"      # "open", "lost" (reconnecting) or "gone"
        self.error: str | None = None       # the server's latest refusal (its words)
        self.error_code: str | None = None  # and its code (protocol.ERRORS)
        #: the server cannot keep the table's moves now (its words); None: it can
        self.halted: str | None = None
        #: what must live as long as this session (a hosting window's server)
        self.keep: Any = None
        self.seats: list[dict[str, Any]] = []
        self.started = False
        self._pos: dict[str, Any] = {}
        self._deal: list[Event] = []
        self._sent: int | None = None       # the position our move was sent at
        self._listeners: list[Listener] = []
        self._hints = HintCycle(remember=False)
        self.hints = 0
        self.finished: dict[str, Any] | None = None
        self.token: str | None = None       # this seat's key (from ``joined``)
        #: the newest moves told to this seat (at most ``LOG_MOVES``), oldest first, each
        #: ``{"n", "seat", "move", "events", "before"}`` (``game.net.seatlog``): a
        #: state's ``log`` when the server sends one, else the updates heard since
        #: joining; ``retold`` counts the times a state's ``log`` replaced them
        self.seen: list[dict[str, Any]] = []
        self.retold = 0
        #: called once when this seat's part is over: ``"over"`` (the deal ended),
        #: ``"closed"`` (the host closed the table) or ``"left"`` (the player left)
        self.on_end: Callable[[str], None] | None = None
        self._ended = False

    @property
    def shared(self) -> RemoteSession | None:
        """This session, once the server has given the table's code."""
        return self if self.code else None

    # ----- the link -----------------------------------------------------------------------
    def advance(self, dt: float) -> Move | None:
        """Take in what the server said (never waits): the last move another seat made."""
        last = None
        for msg in self.link.poll():
            kind = msg.get("type")
            if kind == "link":
                self.link_state = str(msg.get("state"))
                if (self.link_state == "gone" and self.code is not None
                        and self.closed is None and self.finished is None):
                    # the server stayed out of reach: the table is over for this seat
                    self.closed, self.closed_reason = "gone", "gone"
                    self._changed(Change("surrender"))
            elif kind == "joined":
                self.key, self.human, self.code = msg["game"], msg["seat"], msg["code"]
                self.token = str(msg.get("token") or "") or None
                self.players, self.is_host = int(msg["players"]), bool(msg["host"])
                self.link_state = "open"
            elif kind == "state":
                self._heard(msg)
                self._pos = msg
                self.halted = None
                self._deal = [_event(e) for e in msg.get("deal", [])]
                self._seat_info(msg)
                self._sent = None
                self._new_decision()
                self._changed(Change("jump"))
                if msg.get("over"):         # came back to a deal that ended meanwhile
                    self.finished = {"seat": self.human, "journal": msg.get("journal"),
                                     "result": msg.get("result")}
                    self._end("over")
            elif kind == "update":
                self._heard(msg)
                self._pos = msg
                self._seat_info(msg)
                seat = msg.get("seat")
                move = _move(str(msg.get("move", "")))
                if seat != self.human:
                    last = move
                self._sent = None
                self._new_decision()
                self._changed(Change("move", seat, move,
                                     [_event(e) for e in msg.get("events", [])]))
                if msg.get("over"):
                    self.finished = {"seat": self.human, "journal": msg.get("journal"),
                                     "result": msg.get("result")}
                    self._end("over")
            elif kind == "seats":
                self._seat_info(msg)
                self._changed(Change("resume"))
            elif kind == "paused":      # the server cannot keep moves: the table waits
                self.halted = str(msg.get("message") or "")
                self._sent = None          # (ours, if any, was not played)
                self._changed(Change("resume"))
            elif kind == "closed":
                self.closed = str(msg.get("message") or msg.get("reason"))
                self.closed_reason = str(msg.get("reason") or "")
                self._changed(Change("surrender"))
                self._end("closed")
            elif kind == "error":
                self.error = str(msg.get("message"))
                self.error_code = str(msg.get("code"))
                if self._sent is not None:       # our move was refused: decide again
                    self._sent = None
                    self.refusals += 1
                    self._changed(Change("resume"))
        return last

    def _heard(self, msg: dict[str, Any]) -> None:
        """Keep the moves told to this seat (the table's log is written from them)."""
        if msg.get("type") == "update":
            before = self._pos.get("obs")
            self.seen.append({"n": int(self._pos.get("n", 0)), "seat": msg.get("seat"),
                              "move": msg.get("move", ""), "events": msg.get("events", []),
                              "before": before if isinstance(before, dict) else {}})
            del self.seen[:-LOG_MOVES]
        elif isinstance(msg.get("log"), list):        # the server's account of the deal
            self.seen = [e for e in msg["log"] if isinstance(e, dict)][-LOG_MOVES:]
            self.retold += 1
        elif not msg.get("n"):
            self.seen = []
        # (else a state after a reconnect: what was heard stays, the moves missed
        # meanwhile are not in it)

    def told(self) -> list[tuple[int | None, Move, dict[str, Any], list[Event]]]:
        """The moves told to this seat so far, oldest first, as the table's log records
        them: (seat, move, this seat's observation before it, its events)."""
        out = []
        for e in self.seen:
            try:
                seat = e.get("seat")
                before = e.get("before")
                out.append((seat if isinstance(seat, int) else None,
                            _move(str(e.get("move", ""))),
                            before if isinstance(before, dict) else {},
                            [_event(d) for d in e.get("events", []) if isinstance(d, dict)]))
            except (TypeError, ValueError):
                continue            # an entry that does not read: its line is left out
        return out

    def _end(self, why: str) -> None:
        if not self._ended:
            self._ended = True
            if self.on_end is not None:
                self.on_end(why)

    def _seat_info(self, msg: dict[str, Any]) -> None:
        if "seats" in msg:
            self.seats = list(msg["seats"])
        if "started" in msg:
            self.started = bool(msg["started"])
        if "to_act" in msg:
            self._pos = {**self._pos, "to_act": msg["to_act"]}

    @property
    def number(self) -> int:
        """The deal's number once it is over (before that it would tell every card: 0)."""
        journal = self._pos.get("journal") if self._pos.get("over") else None
        seed = journal.get("seed") if isinstance(journal, dict) else None
        return seed if isinstance(seed, int) else 0

    @property
    def ready(self) -> bool:
        return self.key is not None and "obs" in self._pos

    # ----- the state, as this seat sees it ------------------------------------------------
    @property
    def level(self) -> str:
        """The computers' level (the first computer's), else the game's default."""
        for s in self.seats:
            if s.get("kind") == COMPUTER and isinstance(s.get("level"), str):
                return str(s["level"])
        return spec(self.key).default_level if self.key else "normal"

    @property
    def ai_seats(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats)
                     if s.get("kind") == COMPUTER or s.get("standin"))

    @property
    def current_player(self) -> int | None:
        to_act = self._pos.get("to_act")
        return to_act if isinstance(to_act, int) else None

    @property
    def is_over(self) -> bool:
        return bool(self._pos.get("over")) or self.closed is not None or self.surrendered

    @property
    def moves_played(self) -> int:
        return int(self._pos.get("n", 0))

    def observation(self) -> dict[str, Any]:
        obs: dict[str, Any] = self._pos.get("obs") or {}
        return obs

    @property
    def human_to_act(self) -> bool:
        """This seat is to choose a move now (not while the server cannot keep one)."""
        return (not self.is_over and self._sent is None and self.halted is None
                and "legal" in self._pos and self.current_player == self.human)

    def human_moves(self) -> list[Move]:
        if not self.human_to_act:
            return []
        return [Move.parse(m) for m in self._pos["legal"]]

    def check(self, move: Move | str) -> IllegalMove | None:
        """None when ``move`` is one of this seat's legal moves now, else the refusal (the
        server checks again)."""
        m = Move.parse(move) if isinstance(move, str) else move
        if m in self.human_moves():
            return None
        return IllegalMove("", "that move is not open to you now", key="not_now")

    @property
    def thinking(self) -> int | None:
        """The seat a computer decides for now (a computer's, or an absent friend's)."""
        seat = self.current_player
        return seat if seat is not None and seat in self.ai_seats else None

    @property
    def waiting(self) -> bool:
        return False

    def away(self, seat: int) -> bool:
        """A friend's seat whose player is not connected now."""
        s = self.seats[seat] if 0 <= seat < len(self.seats) else {}
        return s.get("kind") != COMPUTER and s.get("taken", False) and not s.get("present")

    def seat_name(self, seat: int) -> str:
        s = self.seats[seat] if 0 <= seat < len(self.seats) else {}
        return str(s.get("name") or "")

    def full_deck(self) -> list[str]:
        if self.key is None:
            return []
        engine = spec(self.key).engine
        opts = {"players": self.players} if len(engine.players_allowed) > 1 else {}
        return list(engine.full_deck(**opts))

    def deal_events(self) -> list[Event]:
        return list(self._deal)

    def result(self) -> list[float] | None:
        r = self._pos.get("result")
        return [float(x) for x in r] if isinstance(r, list) else None

    def outcome(self, seat: int | None = None) -> str:
        seat = self.human if seat is None else seat
        if self.surrendered and seat == self.human:
            return "loss"
        outcomes = self._pos.get("outcomes") or []
        return str(outcomes[seat]) if seat < len(outcomes) else "draw"

    # ----- changing it --------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Event]:
        """Send this seat's move; it is played (and told to the listeners) when the server
        says so.  An illegal move raises ``IllegalMove`` and sends nothing."""
        refusal = self.check(move)
        if refusal is not None:
            raise refusal
        n = self.moves_played
        self._sent = n
        self.link.send({"type": "move", "token": getattr(self.link, "token", None) or "",
                        "move": str(move), "n": n})
        return []

    def pause(self) -> None:
        self.paused = True      # the picture only: the table goes on for the others

    def resume(self) -> None:
        self.paused = False

    def revealed(self) -> dict[int, list[str]]:
        """(The other seats' hands stay on the server.)"""
        return {}

    def withhold(self) -> None:
        """(A shared table keeps nothing here: the server does.)"""

    def keep_deal(self) -> None:
        """(As :meth:`withhold`.)"""

    @property
    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def surrender(self) -> None:
        """Leave the table (the host's leaving ends it for everyone)."""
        if not self.surrendered:
            self.surrendered = True
            self.link.close(leave=True)
            self._changed(Change("surrender", self.human))
            self._end("left")

    def leave(self) -> None:
        """Leave the table for good (a friend's seat goes to the computer at once; the
        host's leaving closes the table for everyone); the link ends."""
        self.link.close(leave=True)
        self._end("left")

    # ----- hints (counted, as at home) ----------------------------------------------------
    def _new_decision(self) -> None:
        self._hints.new_decision()

    @property
    def assists(self) -> dict[str, int]:
        return {"hints": self.hints, "undos": 0}

    @property
    def assisted(self) -> bool:
        return self.hints > 0

    def start_hint(self, exclude: list[Move] | None = None) -> bool:
        """As at home (``HintCycle``), with no analysis kept for the next hints."""
        if self.key is None:
            return False
        if not self._hints.start(self.human_moves(), self.moves_played, self._judge, exclude):
            return False
        self.hints += 1
        return True

    def _judge(self, legal: list[Move]) -> Judge:
        # the judge a table against the computer asks (so a hint here is the review's
        # best there too); the other seats' levels are the server's, unknown here
        from game.review.analysis import Judge
        from game.review.tuning import settings

        return Judge(self.observation(), legal,
                     settings(self.key or "", HINT_OVERRIDES.get(self.key or ""),
                              self.players or None))

    @property
    def hinting(self) -> bool:
        return self._hints.hinting

    def hint_step(self, seconds: float) -> Move | None:
        return self._hints.step(seconds, self.moves_played)

    # ----- the end ------------------------------------------------------------------------
    def record(self, folder: Any = None) -> int:
        """The finished deal into this player's history (once); its XP."""
        if self.xp_gained is None:
            if self.finished is None or not self.finished.get("journal"):
                self.xp_gained = 0
            else:
                from .client import record

                journal = dict(self.finished["journal"])
                meta = dict(journal.get("meta") or {})
                if self.hints:
                    meta["hints"] = self.hints
                journal["meta"] = meta
                self.xp_gained = record({**self.finished, "journal": journal}, folder,
                                        background=folder is None)
        return self.xp_gained

    @staticmethod
    def take_save_problem() -> str | None:
        return None

    @property
    def journal(self) -> Journal:
        """The deal's journal from this seat once it is over (its replay and review);
        before that an empty one of the same game (the cards stay on the server)."""
        raw = (self.finished or {}).get("journal")
        if isinstance(raw, dict):
            j = journal_from_dict(raw)
            j.meta["human"] = self.human
            if self.hints:
                j.meta["hints"] = self.hints
            return j
        return Journal(self.key or "", 0, [], meta={"human": self.human})

    def same_cards(self, **kw: Any) -> DealSession:
        """These cards again, against the computer (the deal's number is known now)."""
        j = self.journal
        return DealSession(j.game, level=self.level, seed=j.seed, options=dict(j.options),
                           **kw)

    def next_deal(self, **kw: Any) -> DealSession:
        """A deal against the computer (a shared table plays one deal; hosting again is
        the menu's)."""
        return DealSession(self.key or "", level=self.level, **kw)
