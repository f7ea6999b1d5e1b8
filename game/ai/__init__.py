"""AI opponents.  ``make_bot(game, level, seed)`` returns a :class:`Bot`.

Levels and their parameters live in ``levels/<game>.toml`` under ``[levels.<name>]``;
``kind`` selects the implementation; ``hidden = true`` keeps a level (the ``greedy``
baselines) out of the menu.  Bots see only an observation and the legal moves.

Every bot is anytime: ``start`` takes the position, ``step(seconds)`` thinks for a slice
and says whether the decision is final, ``best`` is the move to play now; ``choose`` is
start + step to the budget + best.  Bots that do not search decide once, in ``start``.
"""
from __future__ import annotations

import logging
import time
import tomllib
from collections.abc import Callable
from functools import cache
from typing import Any, Protocol

from game import resources
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


log = logging.getLogger(__name__)

#: used when a game's levels file is missing or damaged, so play goes on
FALLBACK_LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "durak": {"normal": {"kind": "durak_heuristic", "think_delay": [0.6, 1.0],
                         "label": "Normal"}},
    "autobus": {"normal": {"kind": "autobus_heuristic", "think_delay": [0.5, 0.9],
                           "label": "Normal"}},
}


@cache
def level_file(game: str) -> dict[str, Any]:
    """``levels/<game>.toml``, read once: its ``[levels.*]`` (built-in levels if the file
    is missing or damaged, with a warning)."""
    file = resources.path("levels", f"{game}.toml")
    try:
        with file.open("rb") as fh:
            data = tomllib.load(fh)
        if not isinstance(data.get("levels"), dict) or not data["levels"]:
            raise ValueError("no [levels] tables")
        return data
    except (OSError, ValueError) as exc:
        log.warning("levels file %s unusable (%s); using built-in levels", file, exc)
        return {"levels": FALLBACK_LEVELS.get(
            game, {"random": {"kind": "random", "label": "Random"}})}


def levels(game: str) -> dict[str, dict[str, Any]]:
    """The AI levels of a game."""
    result: dict[str, dict[str, Any]] = level_file(game)["levels"]
    return result


def menu_levels(game: str) -> dict[str, dict[str, Any]]:
    """The levels the menu offers: every level not marked ``hidden``."""
    return {k: v for k, v in levels(game).items() if not v.get("hidden", False)}


def _factories() -> dict[str, Callable[..., Bot]]:
    from game.ai.autobus_heuristic import AutobusHeuristic
    from game.ai.autobus_plan import PlannerBot
    from game.ai.autobus_search import AutobusSearch
    from game.ai.dudak_heuristic import DudakHeuristic
    from game.ai.dudak_search import DudakSearch
    from game.ai.durak_heuristic import DurakHeuristic
    from game.ai.durak_search import DurakSearch
    from game.ai.greedy import GreedyBot
    from game.ai.paodekuai_heuristic import PaoDeKuaiHeuristic
    from game.ai.search import SearchBot

    return {"random": RandomBot, "durak_heuristic": DurakHeuristic,
            "autobus_heuristic": AutobusHeuristic, "search": SearchBot,
            "paodekuai_heuristic": PaoDeKuaiHeuristic, "dudak_heuristic": DudakHeuristic,
            "greedy": GreedyBot, "durak_search": DurakSearch, "dudak_search": DudakSearch,
            "autobus_search": AutobusSearch, "autobus_planner": PlannerBot}


def option(params: dict[str, Any], name: str, default: str, allowed: tuple[str, ...]) -> str:
    """A level parameter that names one of ``allowed`` choices (``default`` when absent);
    any other value is a ValueError that names the parameter and the choices, so a
    misspelt levels file fails when the bot is made instead of playing another way."""
    value = params.get(name, default)
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} = {value!r} is not one of {', '.join(allowed)}")
    return value


def make_bot(game: str, level: str = "normal", seed: int = 0,
             overrides: dict[str, Any] | None = None) -> Bot:
    """A bot for ``game`` at ``level`` (a name from the game's levels file); ``overrides``
    replaces parameters of the level (tests fix a search's ``iterations`` with it)."""
    table = levels(game)
    if level not in table:
        raise ValueError(f"unknown level {level!r} for {game}; levels: {', '.join(table)}")
    params = dict(table[level]) | dict(overrides or {})
    kind = params.get("kind", "random")
    factories = _factories()
    if kind not in factories:
        raise ValueError(f"level {level!r} of {game} names unknown kind {kind!r}")
    try:
        return factories[kind](game, level, seed, params)
    except ValueError as exc:
        raise ValueError(f"level {level!r} of {game}: {exc}") from exc
