"""Determinized Monte Carlo search: the "hard" levels.

For each decision the bot samples the hidden cards consistently with its observation
(the engine's ``sample``), tries every legal move in each sample and finishes the deal
with fast random play, then picks the move with the best average result for its seat.
It never reads hidden cards: it only gets the observation and the legal moves.

The work is split into small units so a table can run it a few milliseconds per frame
(``start`` / ``step`` / ``best``); ``choose`` simply runs it to the end.
"""
from __future__ import annotations

from typing import Any

from game.rules import GAMES, Game, Move, Rng


class SearchBot:
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.game, self.level = game, level
        self.rng = Rng(seed)
        self.samples = int(params.get("samples", 24))
        self.rollouts = int(params.get("rollouts", 1))
        self.max_moves = int(params.get("rollout_moves", 600))
        #: the level that plays every seat in rollouts ("random" is fastest)
        self.rollout_level = str(params.get("rollout_level", "random"))
        self._policy: list[Any] | None = None
        self._todo: list[tuple[Game, int]] = []
        self._totals: list[float] = []
        self._counts: list[int] = []
        self._legal: list[Move] = []
        self._seat = 0

    # ----- anytime interface --------------------------------------------------------------
    def start(self, obs: dict[str, Any], legal: list[Move]) -> None:
        self._legal = list(legal)
        self._seat = obs["seat"]
        self._totals = [0.0] * len(legal)
        self._counts = [0] * len(legal)
        cls = GAMES[self.game]
        sampler = cls.sample
        self._todo = []
        if len(legal) > 1:
            for _ in range(self.samples):
                state = sampler(obs, self.rng)
                self._todo += [(state, i) for i in range(len(legal))]

    @property
    def done(self) -> bool:
        return not self._todo

    def step(self, units: int = 1) -> None:
        """Play ``units`` rollouts."""
        for _ in range(units):
            if not self._todo:
                return
            state, i = self._todo.pop()
            for _ in range(self.rollouts):
                g = state.clone()
                g.play(self._legal[i])
                self._totals[i] += self._rollout(g)
                self._counts[i] += 1

    def best(self) -> Move:
        if len(self._legal) == 1 or not any(self._counts):
            return self._legal[0]
        means = [t / c if c else float("-inf") for t, c in zip(self._totals, self._counts,
                                                               strict=True)]
        return self._legal[max(range(len(means)), key=lambda i: means[i])]

    def choose(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        self.start(obs, legal)
        while not self.done:
            self.step(16)
        return self.best()

    # ----- rollouts -----------------------------------------------------------------------
    def _rollout(self, g: Game) -> float:
        rng = self.rng
        n = 0
        if self.rollout_level != "random" and self._policy is None:
            from game.ai import make_bot

            self._policy = [make_bot(self.game, self.rollout_level, seed=self.rng.next64())
                            for _ in range(g.num_players)]
        policy = self._policy
        while not g.is_over and n < self.max_moves:
            moves = g.legal_moves()
            seat = g.current_player
            if policy is None or len(moves) == 1 or seat is None:
                g.play(moves[rng.below(len(moves))])
            else:
                g.play(policy[seat].choose(g.observation(seat), moves))
            n += 1
        res = g.result()
        if res is None:  # cut short: nobody is ahead
            return 0.0
        return res[self._seat]
