"""Computer players at the table: one decision per turn, thought out in slices.

When a computer seat comes to act the pacer starts its bot once (``start``), then each
frame gives it a few milliseconds (``step``) and counts down a think delay drawn once for
that decision; when the delay has passed and the bot has finished thinking, the move is
committed (``best``).  The decision never depends on the frame rate: the bot is started
once per decision and non-search bots decide in ``start``.  While the table is paused
nothing advances.  Pure Python (no arcade import).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.rules import Move, Rng

SLICE = 0.005   # seconds of thinking per frame


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
                 scale: Callable[[], float] = lambda: 1.0, hand_over: float = 0.0) -> None:
        self.bots = {seat: anytime(b) for seat, b in bots.items()}
        self.think_range = think_range
        #: added to the delay when the turn passes from another computer (read time)
        self.hand_over = hand_over
        self.last_seat: int | None = None  # the computer that moved last
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
        self.timer = 0.0
        self.starts += 1
        self.bots[seat].start(obs, legal)
        self.done = len(legal) == 1
        self._legal_one = legal[0] if len(legal) == 1 else None

    def reset(self, bots: dict[int, Any]) -> None:
        """New bots, and no decision under way (after an undo)."""
        self.bots = {seat: anytime(b) for seat, b in bots.items()}
        self.seat, self.turn_key, self.done = None, None, False
        self.last_seat = None

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
