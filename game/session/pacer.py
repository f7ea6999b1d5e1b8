"""Computer players at the table: one decision per turn, thought out in slices.

When a computer seat comes to act the pacer starts its bot once (``start``), then each
frame gives it a few milliseconds (``step``) and counts down a think delay drawn once for
that decision; when the delay has passed and the bot has finished thinking, the move is
committed (``best``).  The decision never depends on the frame rate: the bot is started
once per decision and non-search bots decide in ``start``.  While the table is paused
nothing advances.

The gap rule: a computer's action stays readable before another computer's
covers it, and each play of a turn of several (Autobus) before the next (``STEP``). The
pacer's clock runs only while nothing flies (the table stops advancing the session while
cards move), so it counts from the moment a move *landed*. When the turn passes from one
computer to another, the next move waits at least ``GAP`` seconds (times the pace);
after an action that changes a lot (a pile taken, a player out, a bomb: ``heavy``) the
next computer's move waits ``HOLD``. A table turns the rule on (``watch``: a player
watches; simulations and tools run without it). The pace slider scales both, as it
scales the think delay. Pure Python (no arcade import).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.rules import Event, Move, Rng

SLICE = 0.005   # seconds of thinking per frame
#: seconds another computer's landed action stays before the next one covers it
GAP = 1.2
#: seconds an action that changes a lot stays (its banner is read meanwhile)
HOLD = 2.4
#: seconds a computer's play stays before its own next play of the same turn covers it
#: (Autobus: a turn of several plays is followed play by play)
STEP = 0.7
#: announcements that change a lot: a pile or bout taken, a player out, a bomb paid,
#: the last card beating (abštych), a run completed
HEAVY = frozenset({"take", "bout_taken", "out", "bomb", "bomb_bonus", "abstych",
                   "run_completed"})


def heavy(events: list[Event]) -> bool:
    """Whether a move's events change a lot (the next computer holds longer)."""
    return any(e.kind == "announce" and e.text in HEAVY for e in events)


def least_wait(last_seat: int | None, seat: int, held: bool, gap: float = GAP,
               hold: float = HOLD, step: float = 0.0) -> float:
    """The gap rule: the least wait (before the pace) for ``seat``'s move after the
    computer ``last_seat`` moved (None: the human moved last, no wait); ``held``: that
    move changed a lot; ``step``: the wait between two plays of the same computer."""
    if last_seat is None:
        return 0.0
    if held:
        return max(hold, gap)
    return gap if last_seat != seat else step


class _ChooseOnce:
    """Adapts a bot that only has ``choose`` to the anytime interface."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.move: Move | None = None

    def start(self, obs: dict[str, Any], legal: list[Move]) -> None:
        self.move = self.bot.choose(obs, legal)

    def step(self, seconds: float) -> bool:
        return True

    def best(self) -> Move:
        assert self.move is not None
        return self.move


def anytime(bot: Any) -> Any:
    """``bot`` itself when it has start/step/best, else an adapter around ``choose``."""
    if all(hasattr(bot, name) for name in ("start", "step", "best")):
        return bot
    return _ChooseOnce(bot)


class Pacer:
    def __init__(self, bots: dict[int, Any], think_range: tuple[float, float], seed: int,
                 scale: Callable[[], float] = lambda: 1.0, hand_over: float = 0.0,
                 gap: float = 0.0, hold: float = 0.0, step: float = 0.0) -> None:
        self.bots = {seat: anytime(b) for seat, b in bots.items()}
        self.think_range = think_range
        #: added to the delay when the turn passes from another computer (read time)
        self.hand_over = hand_over
        #: the gap rule's waits (0: none, as in a simulation; ``watch`` sets them)
        self.gap, self.hold, self.step = gap, hold, step
        self.last_seat: int | None = None  # the computer that moved last
        self.held = False                 # its move changed a lot (``landed``)
        self.rng = Rng(seed)
        self.scale = scale
        self.seat: int | None = None      # the seat whose decision is under way
        self.turn_key: object = None
        self.timer = 0.0
        self.delay = 0.0
        self.done = False
        self.starts = 0                   # decisions started (tests count them)
        self._legal_one: Move | None = None

    def _begin(self, seat: int, key: object, obs: dict[str, Any], legal: list[Move]) -> None:
        self.seat, self.turn_key = seat, key
        a, b = self.think_range
        self.delay = a + (b - a) * self.rng.random()
        if self.last_seat is not None and self.last_seat != seat:
            self.delay += self.hand_over
        self.delay = max(self.delay, least_wait(self.last_seat, seat, self.held,
                                                   self.gap, self.hold, self.step))
        self.timer = 0.0
        self.starts += 1
        self.bots[seat].start(obs, legal)
        self.done = len(legal) == 1
        self._legal_one = legal[0] if len(legal) == 1 else None

    def reset(self, bots: dict[int, Any]) -> None:
        """New bots, and no decision under way (after an undo)."""
        self.bots = {seat: anytime(b) for seat, b in bots.items()}
        self.seat, self.turn_key, self.done = None, None, False
        self.last_seat, self.held = None, False

    def watch(self, gap: float = GAP, hold: float = HOLD, step: float = STEP) -> None:
        """A player watches the computers (a table): the gap rule applies."""
        self.gap, self.hold, self.step = gap, hold, step

    def landed(self, events: list[Event]) -> None:
        """A computer's move was played: whether the next computer holds longer."""
        self.held = heavy(events)

    @property
    def thinking(self) -> int | None:
        return self.seat

    def update(self, dt: float, seat: int | None, key: object,
               observe: Callable[[], tuple[dict[str, Any], list[Move]]]) -> Move | None:
        """Advance the computer at ``seat`` (``key`` identifies the decision, e.g. the
        number of moves played); the move to play once it is ready, else None."""
        if seat is None or seat not in self.bots:
            self.seat = None
            self.last_seat = None        # the human moves between: no hand-over wait
            self.held = False
            return None
        if self.seat != seat or self.turn_key != key:
            obs, legal = observe()
            self._begin(seat, key, obs, legal)
        bot = self.bots[seat]
        if not self.done:
            deadline = time.perf_counter() + SLICE
            self.done = bool(bot.step(max(0.0, deadline - time.perf_counter())))
        self.timer += dt
        if self.timer < self.delay * self.scale() or not self.done:
            return None
        self.seat = None
        self.last_seat = seat
        one = self._legal_one
        return one if one is not None else bot.best()
