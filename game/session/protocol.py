"""What a table drives, whoever holds the deal: the ``Session`` protocol, and what both
kinds of session share.

Two sessions stand behind a table: :class:`~game.session.deal.DealSession` holds a deal
against the computer (the engine, the bots, the journal), and
:class:`~game.net.remote.RemoteSession` is one seat at a shared table whose deal lives on
a server.  The table's components are typed against :class:`Session` alone, so either
one can stand behind any table; a shared table's own words (the seats' names, the link,
its end) ask :attr:`Session.shared`, which is None against the computer.

Both sessions tell their changes through :class:`Listening` and cycle their hints through
:class:`HintCycle`.

Pure Python: no arcade or pyglet import.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from game.rules import Event, IllegalMove, Move
from game.session.journal import Journal

if TYPE_CHECKING:
    from game.review.analysis import Analysis, Judge

#: what a :class:`Change` says happened
ChangeKind = Literal["move", "undo", "jump", "surrender", "pause", "resume"]


@dataclass(frozen=True)
class Change:
    """What changed: ``kind`` is ``"move"`` (with its seat, move and events), ``"undo"``,
    ``"jump"`` (a replay went to another position), ``"surrender"``, ``"pause"`` or
    ``"resume"``."""

    kind: ChangeKind
    seat: int | None = None
    move: Move | None = None
    events: list[Event] = field(default_factory=list)


Listener = Callable[[Change], None]


class Listening:
    """The listeners of a session: every change of state raises ``version`` and is told
    to each of them, so a picture of the session can never miss one."""

    version: int
    _listeners: list[Listener]

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after every change; returns the call that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners \
            else None

    def _changed(self, change: Change) -> None:
        self.version += 1
        self._forget()
        for listener in list(self._listeners):
            listener(change)

    def _forget(self) -> None:
        """What the session keeps of the state it changes is forgotten (before the
        listeners are told)."""


class HintCycle:
    """The hints at one decision: the best first, then at each further hint the best of
    the legal moves not shown yet, until every distinct one has been shown; then the
    best again.

    ``remember``: the analysis of every legal move (the first hint's) answers the next
    hints at once, in its order, rather than a new judge over the moves left."""

    def __init__(self, remember: bool) -> None:
        self.remember = remember
        #: the hints shown at this decision
        self.shown: list[Move] = []
        #: the hint under way: (its judge, or the move already known; the position it is
        #: for, in moves played; whether it judges every legal move)
        self._work: tuple[Judge | Move, int, bool] | None = None
        #: the analysis of every legal move at this decision (the position it is for)
        self._judged: tuple[int, Analysis] | None = None

    def new_decision(self) -> None:
        """The position changed: no hint under way, none shown."""
        self._work, self.shown, self._judged = None, [], None

    @property
    def hinting(self) -> bool:
        return self._work is not None

    def start(self, moves: list[Move], at: int, judge: Callable[[list[Move]], Judge],
              exclude: list[Move] | None = None) -> bool:
        """A hint among ``moves`` (the legal moves at position ``at``) not shown yet, or
        not in ``exclude`` when given (then with no starting again); ``judge`` makes the
        judge of the moves left.  False when nothing is left to suggest."""
        shown = self.shown if exclude is None else exclude
        legal = [m for m in moves if m not in shown]
        if not legal and exclude is None:    # every one shown: round again
            self.shown, legal = [], list(moves)
        if not legal:
            return False
        ready: Move | None = None
        if exclude is None and self._judged is not None and self._judged[0] == at:
            ranked = list(self._judged[1].ranked) + [str(m) for m in moves]
            ready = next((m for t in ranked for m in legal if str(m) == t), None)
        self._work = (ready if ready is not None else judge(legal), at,
                      len(legal) == len(moves))
        return True

    def step(self, seconds: float, at: int) -> Move | None:
        """Think ``seconds`` more about the hint at position ``at``; the move once the
        analysis is done (none, and no hint any more, when the position moved on)."""
        if self._work is None:
            return None
        work, version, whole = self._work
        if version != at:
            self._work = None
            return None
        if isinstance(work, Move):
            move = work
        else:
            if not work.step(seconds) or work.analysis is None:
                return None
            analysis = work.analysis
            if whole and self.remember:    # the analysis of every legal move: the next
                self._judged = (at, analysis)       # presses'
            move = next(m for m in work.legal if str(m) == analysis.best)
        self._work = None
        self.shown.append(move)
        return move


class Paced(Protocol):
    """The pacing a table asks of its session (``game.session.pacer.Pacer``)."""

    def watch(self) -> None: ...


class Session(Protocol):
    """What a table asks of the deal it draws (``DealSession`` against the computer,
    ``RemoteSession`` at a shared table)."""

    human: int
    version: int
    paused: bool
    surrendered: bool
    xp_gained: int | None
    #: nobody's seat acts through the table (a replay, a quiz being graded)
    read_only: bool
    #: a practice deal: saved nowhere, no statistics, no XP
    practice: bool
    #: a deal not played yet (the table deals its cards out)
    fresh: bool

    @property
    def shared(self) -> SharedSession | None:
        """The session as a shared table's (its code, seats and link), or None against
        the computer."""
        ...

    @property
    def pacer(self) -> Paced: ...

    @property
    def level(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def ai_seats(self) -> tuple[int, ...]: ...

    @property
    def number(self) -> int: ...

    @property
    def journal(self) -> Journal: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def moves_played(self) -> int: ...

    @property
    def human_to_act(self) -> bool: ...

    @property
    def thinking(self) -> int | None: ...

    @property
    def waiting(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def hinting(self) -> bool: ...

    @property
    def assists(self) -> dict[str, int]: ...

    @property
    def assisted(self) -> bool: ...

    def subscribe(self, listener: Listener) -> Callable[[], None]: ...

    def observation(self) -> dict[str, Any]: ...

    def human_moves(self) -> list[Move]: ...

    def check(self, move: Move | str) -> IllegalMove | None: ...

    def full_deck(self) -> list[str]: ...

    def deal_events(self) -> list[Event]: ...

    def result(self) -> list[float] | None: ...

    def outcome(self, seat: int | None = None) -> str: ...

    def revealed(self) -> dict[int, list[str]]: ...

    def play(self, move: Move | str) -> list[Event]: ...

    def advance(self, dt: float) -> Move | None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def undo(self) -> bool: ...

    def surrender(self) -> None: ...

    def record(self) -> int: ...

    def start_hint(self, exclude: list[Move] | None = None) -> bool: ...

    def hint_step(self, seconds: float) -> Move | None: ...

    def withhold(self) -> None: ...

    def keep_deal(self) -> None: ...

    def take_save_problem(self) -> str | None: ...

    def same_cards(self, **kw: Any) -> Session: ...

    def next_deal(self, **kw: Any) -> Session: ...


class SharedSession(Session, Protocol):
    """A seat at a shared table (``game.net.remote.RemoteSession``): what its table says
    of the table's code, the seats, the link and the end."""

    code: str | None
    is_host: bool
    seats: list[dict[str, Any]]
    link_state: str
    #: moves of this seat's the server refused, and its latest refusal's code
    refusals: int
    error_code: str | None
    #: the server cannot keep the table's moves now (its words); None: it can
    halted: str | None
    #: why the table ended early (plain words) and its code
    closed: str | None
    closed_reason: str
    finished: dict[str, Any] | None
    #: counts the times the server told the deal's moves again (the log is rewritten)
    retold: int
    #: what must live as long as the session (a hosting window's server)
    keep: Any

    def away(self, seat: int) -> bool: ...

    def seat_name(self, seat: int) -> str: ...

    def told(self) -> list[tuple[int | None, Move, dict[str, Any], list[Event]]]:
        """The moves told to this seat so far, oldest first: (seat, move, this seat's
        observation before it, its events)."""
        ...

    def leave(self) -> None: ...
