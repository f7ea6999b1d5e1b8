"""The bot interface every level implements, and the two ways of thinking behind it.

``Bot`` is what a table and a tournament drive: ``start`` takes the position,
``step(seconds)`` thinks for a slice and says whether the decision is final, ``best`` is
the move to play now; ``choose`` is start + step to the budget + best.  Bots that do not
search decide once, in ``start`` (:class:`DecideOnce`); the search levels think in slices
of CPU time (:class:`Anytime`).  Bots see only an observation and the legal moves.
"""
from __future__ import annotations

import time
from typing import Any, Protocol

from game.rules import Move, Rng


class Bot(Protocol):
    level: str

    def start(self, observation: dict[str, Any], legal: list[Move]) -> None: ...

    def step(self, seconds: float) -> bool: ...  # think up to `seconds`; True once final

    def best(self) -> Move: ...                  # the move to play now (valid after start)

    def choose(self, observation: dict[str, Any], legal: list[Move]) -> Move: ...


class DecideOnce:
    """The anytime interface for bots that do not search: the decision is made once, in
    ``start`` (``decide`` consumes the bot's generator once per decision), so it never
    depends on how often ``step`` is called."""

    level: str
    _move: Move | None = None

    def decide(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        raise NotImplementedError

    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._move = self.decide(observation, legal)

    def step(self, seconds: float) -> bool:
        return True

    def best(self) -> Move:
        if self._move is None:
            raise RuntimeError("best() before start()")
        return self._move

    def choose(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        self.start(observation, legal)
        return self.best()


class Anytime:
    """The anytime thinking shared by the search levels: ``step`` runs ``_iterate`` for a
    slice of CPU time (``batch`` iterations between clock reads) until the decision's
    ``budget`` is spent, or exactly ``iterations`` times when that is set (reproducible
    decisions); ``_settled`` may end the thinking early.  A search supplies ``start``,
    ``best`` and ``_iterate`` and sets ``budget``, ``iterations``, ``_final``, ``_spent``
    and ``_count`` in ``start``.  ``_iterate`` returns False when it did only a part of
    an iteration (a slice of work that must not hold a frame); such calls are not
    counted."""

    budget: float
    iterations: int
    _final: bool
    _spent: float
    _count: int
    batch = 1

    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        raise NotImplementedError

    def best(self) -> Move:
        raise NotImplementedError

    def _iterate(self) -> bool | None:
        raise NotImplementedError

    def _settled(self, used: float) -> bool:
        """True when thinking on cannot change the decision (checked every 64)."""
        return False

    def step(self, seconds: float) -> bool:
        """Think for up to ``seconds`` of CPU time; True once the decision is final."""
        if self._final:
            return True
        clock = time.thread_time
        t0 = clock()
        stop = t0 + seconds
        if not self.iterations:
            stop = min(stop, t0 + self.budget - self._spent)
        while True:
            for _ in range(self.batch):
                if self._iterate() is not False:
                    self._count += 1
                if self.iterations and self._count >= self.iterations:
                    break
            if self.iterations and self._count >= self.iterations:
                self._final = True
                break
            now = clock()
            if not self._count & 63 and self._settled(now - t0):
                self._final = True
                break
            if now >= stop:
                break
        self._spent += clock() - t0
        if not self.iterations and self._spent >= self.budget:
            self._final = True
        return self._final

    def choose(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        self.start(observation, legal)
        while not self.step(self.budget if not self.iterations else 3600.0):
            pass
        return self.best()

    @property
    def iterations_done(self) -> int:
        return self._count


class RandomBot(DecideOnce):
    """Uniform random among the legal moves (the baseline for tournaments)."""

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.level = level
        self.rng = Rng(seed)

    def decide(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        return legal[self.rng.below(len(legal))]


def option(params: dict[str, Any], name: str, default: str, allowed: tuple[str, ...]) -> str:
    """A level parameter that names one of ``allowed`` choices (``default`` when absent);
    any other value is a ValueError that names the parameter and the choices, so a
    misspelt levels file fails when the bot is made instead of playing another way."""
    value = params.get(name, default)
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} = {value!r} is not one of {', '.join(allowed)}")
    return value
