"""The types of what a game hands shared code: its bots, sampler, AI and review hooks.

A game's spec (:class:`~game.games.spec.GameSpec`) holds these as real references, so
mypy checks each game's functions against them.  This module imports only the engine
contract (:mod:`game.rules.base`) and the PRNG: everything shared code builds on them
(the AI, the review, the words) sits above the registry.

A hook's engine state is ``Any``: each game's hook reads its own engine's fields, and a
parameter typed with the shared :class:`~game.rules.base.Game` would refuse every game's
function (a callable's parameters only accept wider types).  Observations are the
JSON-safe dicts of ``Game.observation``.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from game.rules.base import Game, Move
from game.rules.rng import Rng

#: what one seat may see (``Game.observation``)
Observation = dict[str, Any]
#: a game's engine state as its own hooks read it (see the module's docstring)
State = Any

#: deals the cards an observation does not show: (observation, Rng) -> a full state
Sampler = Callable[[Observation, Rng], Game]
#: the ``greedy`` baseline's decision: (observation, legal moves, Rng) -> move
Decide = Callable[[Observation, list[Move], Rng], Move]
#: a play-out's choice on the engine state: (state, legal moves) -> move
Policy = Callable[[State, list[Move]], Move]
#: makes a rollout policy for a game key
PolicyMaker = Callable[[str], Policy]
#: each seat's reward 0..1 for a state, finished or cut off
Reward = Callable[[State], list[float]]
#: (state, seat) -> a number: whether the seat is out for good, or what a play-out's end
#: is worth to it
SeatTest = Callable[[State, int], bool]
SeatValue = Callable[[State, int], float]
#: (notation, notation) -> whether they are one move
SameMove = Callable[[str, str], bool]
#: (observation, legal moves, node cap) -> each move with its exact value, or None
ReviewExact = Callable[[Observation, list[Move], int], "list[tuple[str, float]] | None"]
#: (observation, moves, each seat's (rollout policy, chance of a random move), samples,
#: node cap, seed) -> for each move a chance and the line of best play
ReviewExactPlay = Callable[
    [Observation, list[str], list[tuple[str, float]], int, int, int],
    list[tuple[float, list[str]]]]
#: observation -> the kind of position a review's settings are fitted for, or None
Situation = Callable[[Observation], "str | None"]
#: a game's own ``cardclub bench`` measurement: (parser, parsed arguments) -> exit status
Bench = Callable[[argparse.ArgumentParser, argparse.Namespace], int]


class Bot(Protocol):
    """What a level's bot answers (:class:`game.ai.bots.Bot` is the full interface)."""

    level: str

    def start(self, observation: Observation, legal: list[Move]) -> None: ...

    def step(self, seconds: float) -> bool: ...

    def best(self) -> Move: ...

    def choose(self, observation: Observation, legal: list[Move]) -> Move: ...


class Why(Protocol):
    """Why the move played was worse than the best, in sentences: (observation, played,
    best, the two moves' exact values where the review's verdict is certain (win 1, draw
    0.5, loss 0), else None) -> sentences."""

    def __call__(self, obs: Observation, played: str, best: str, /,
                 exact: tuple[float, float] | None = None) -> list[str]: ...


class BotFactory(Protocol):
    """A bot kind a level names: (game key, level, seed, the level's parameters) -> bot."""

    def __call__(self, game: str, level: str, seed: int,
                 params: dict[str, Any]) -> Bot: ...


class Traits(Protocol):
    """What a review measures in its play-outs beside the value
    (:class:`game.review.model.Traits`, which sits above the registry, is the record)."""

    @property
    def end(self) -> Callable[[Any, int, dict[str, float]], dict[str, float]]: ...

    @property
    def worse(self) -> Callable[[str], tuple[int, float] | None]: ...


class Words(Protocol):
    """A game's words (:class:`game.i18n.words.GameWords`, which reads the registry, is
    the record): its refusals by message key, among the rest."""

    @property
    def refusals(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class Checks:
    """What the one conformance suite and the one soak (``tests/``) need of a game, so
    that a new game brings its own and the suites name none.

    The counts are (the default run, the long run: ``CARDCLUB_LONG=1``)."""

    #: deals per variant in the "every deal ends" check
    deals: tuple[int, int]
    #: deals per variant in the step-by-step checks (each step is checked several ways)
    deep: tuple[int, int]
    #: ``check()`` is asked at this many deals' positions, every this many moves
    check_positions: tuple[int, int]
    #: the moves to ask ``check()`` about at a position (every verb with every card and
    #: target the game has), beside the suite's malformed text
    candidates: Callable[[Game], list[str]]
    #: the game's score and card invariants after each move of a computer-only deal:
    #: (the state, its ``to_dict()`` before that move or None at the start); raises
    #: AssertionError
    invariants: Callable[[Game, dict[str, Any] | None], None]
