"""The generic hard level: information-set MCTS (game/ai/ismcts.py) on the engines.

The level of any game whose levels file names ``kind = "search"``: the tree's states are
the rule engines themselves (a deal sampled by game/ai/infer, played on by ``_apply``);
each node's hint and the rollouts follow the level's ``rollout`` policy (one of the
game's spec's ``rollouts``; in the rollouts with a little randomness, ``epsilon``), cut
off after ``rollout_moves`` moves and scored by the game's evaluation (:func:`reward`:
each seat's reward 0..1, its spec's ``reward``).  The hint is tried first at every node
and biased toward (``bias``); ``widen`` widens progressively below the root
(``root_all``: every root move at once).  Before the first iteration ``best`` is the
rollout policy's choice in a sampled deal.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from game.ai.bots import option
from game.ai.infer import sample
from game.ai.ismcts import Draws, Ismcts, Simulator
from game.games import spec
from game.rules import Game, Move, Rng

Policy = Callable[[Any, list[Move]], Move]


# ----- rollout policies and rewards: each game's own (its spec's ``rollouts``, ``reward``) ----
class StateView(dict[str, Any]):
    """The facts a heuristic reads most, taken straight from the state; any other key
    comes from the seat's full observation (built only when asked for).  A game's
    rollout policies feed their heuristics through it."""

    def __init__(self, g: Any, facts: dict[str, Any]) -> None:
        super().__init__(facts)
        self.g = g

    def __missing__(self, key: str) -> Any:
        full = self.g.observation(self.g.current_player)
        self.update(full)
        return full[key]

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default


def rollout_kinds(game: str) -> tuple[str, ...]:
    """The rollout policies :func:`rollout_policy` has for ``game`` (its spec's
    ``rollouts``: the greedy baseline and the normal heuristic, or the normal only)."""
    return tuple(spec(game).rollouts)


def rollout_policy(game: str, kind: str) -> Policy:
    """The rollout policy ``kind`` (one of :func:`rollout_kinds`) for ``game``."""
    refs = spec(game).rollouts
    if kind not in refs:
        raise ValueError(f"no rollout policy {kind!r} for {game}")
    return refs[kind](game)


@cache
def _reward_of(key: str) -> Callable[[Any], list[float]]:
    fn = spec(key).reward
    if fn is None:
        raise ValueError(f"no reward for {key}")
    return fn


def reward(g: Any) -> list[float]:
    """Each seat's reward in 0..1 for the state ``g`` of a finished or a cut-off deal
    (the game's own: its spec's ``reward``)."""
    return _reward_of(g.key)(g)


def play_on(g: Any, policy: Policy, rng: Draws, epsilon: float, moves: int,
            moved: Callable[[int], None] | None = None) -> None:
    """Play ``g`` on by ``policy`` (a random move with chance ``epsilon``; a forced move
    draws nothing), at most ``moves`` moves; ``moved(seat)`` after each move."""
    while not g.is_over and moves > 0:
        legal = g.legal_moves()
        if len(legal) == 1:
            m = legal[0]
        elif epsilon and rng.random() < epsilon:
            m = legal[rng.below(len(legal))]
        else:
            m = policy(g, legal)
        seat = g.current_player
        g._apply(m)
        if moved is not None:
            moved(seat)
        moves -= 1


class EngineSim(Simulator[Game, Move]):
    """The engines as the search's simulator, for one observation."""

    def __init__(self, obs: dict[str, Any], policy: Policy, epsilon: float,
                 rollout_moves: int, out_order: float) -> None:
        self.obs = obs
        self.policy = policy
        self.epsilon = epsilon
        self.rollout_moves = rollout_moves
        #: how much of the reward is going out early (0: only the deal's result), in a
        #: game where the order of going out means something (its spec's ``goes_out``)
        self.out_order = out_order
        self.goes_out: Callable[[Any, int], bool] | None = spec(str(obs["game"])).goes_out

    def determinize(self, rng: Draws) -> Game:
        assert isinstance(rng, Rng)
        return sample(self.obs, rng)

    def to_move(self, s: Game) -> int:
        seat = s.current_player
        assert seat is not None
        return seat

    def is_terminal(self, s: Game) -> bool:
        return s.is_over

    def choices(self, s: Game) -> tuple[list[Move], list[float] | None]:
        return s.legal_moves(), None

    def apply(self, s: Game, m: Move) -> None:
        s._apply(m)

    def hint(self, s: Game, moves: list[Move]) -> Move:
        return self.policy(s, moves)

    def clone(self, s: Game) -> Game:
        return s.clone()

    def rollout(self, g: Any, rng: Draws) -> list[float]:
        """Play on by the policy (a random move with chance ``epsilon``), at most
        ``rollout_moves`` moves, and score the deal by :func:`reward`."""
        # who goes out earlier did better (a denser signal than the deal's result alone)
        goes_out = self.goes_out
        order = self.out_order and goes_out is not None
        out: list[int] = []

        def moved(seat: int) -> None:
            assert goes_out is not None
            if seat not in out and goes_out(g, seat):
                out.append(seat)
        play_on(g, self.policy, rng, self.epsilon, self.rollout_moves,
                moved if order else None)
        result = reward(g)
        if order and g.is_over:
            n = g.num_players
            for s in range(n):
                if result[s] > 0:
                    late = out.index(s) + (n - 1 - len(out)) if s in out else 0
                    result[s] = 1.0 - self.out_order * late / (n - 1)
        return result


class SearchBot(Ismcts[Game, Move]):
    defaults = {"budget": 0.15, "exploration": 0.7, "bias": 1.0, "widen": 0.0}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        super().__init__(game, level, seed, params)
        self.rollout_moves = int(params.get("rollout_moves", 400))
        self.epsilon = float(params.get("epsilon", 0.1))
        #: how much of the reward is going out early (0: only the deal's result), where
        #: the game's spec has ``goes_out``
        self.out_order = float(params.get("out_order", 0.0))
        self.policy = rollout_policy(game, option(params, "rollout", "normal",
                                                  rollout_kinds(game)))

    def _code(self, move: Move) -> Move:
        return move

    def _simulator(self, observation: dict[str, Any]) -> EngineSim:
        return EngineSim(observation, self.policy, self.epsilon, self.rollout_moves,
                         self.out_order)
