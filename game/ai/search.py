"""The generic hard level: information-set MCTS (game/ai/ismcts.py) on the engines.

Pao De Kuai's hard level, and any game's with ``kind = "search"``: the tree's states are
the rule engines themselves (a deal sampled by game/ai/infer, played on by ``_apply``);
each node's hint and the rollouts follow the level's ``rollout`` heuristic (in the
rollouts with a little randomness, ``epsilon``), cut off after ``rollout_moves`` moves
and scored by an evaluation (:func:`_reward`: each seat's reward 0..1).  The hint is
tried first at every node and biased toward (``bias``); ``widen`` widens progressively
below the root (``root_all``: every root move at once).  Before the first iteration
``best`` is the rollout heuristic's choice in a sampled deal.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.ai.bots import option
from game.ai.infer import sample
from game.ai.ismcts import Draws, Ismcts, Simulator
from game.rules import Game, Move, Rng

Policy = Callable[[Any, list[Move]], Move]


# ----- rollout policies: the heuristics, fed the few facts they read from the state -------
class _View(dict[str, Any]):
    """The facts a heuristic reads most, taken straight from the state; any other key
    comes from the seat's full observation (built only when asked for)."""

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
    """The rollout policies :func:`rollout_policy` has for ``game``: the greedy baseline
    and the normal heuristic (Hospodský autobus: the normal heuristic only)."""
    return ("normal",) if game == "autobus" else ("greedy", "normal")


def rollout_policy(game: str, kind: str) -> Policy:
    """The rollout policy ``kind`` (one of :func:`rollout_kinds`) for ``game``."""
    from game.ai import greedy

    if game == "durak":
        from game.games.durak.heuristic import DurakHeuristic

        dh = DurakHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.durak_greedy(legal, g.trump_suit, len(g.talon))
        return lambda g, legal: dh.decide(_View(g, {
            "trump_suit": g.trump_suit, "talon_size": len(g.talon), "table": g.table,
            "hand": g.hands[g.current_player]}), legal)
    if game == "paodekuai":
        from game.games.paodekuai.heuristic import PaoDeKuaiHeuristic

        ph = PaoDeKuaiHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.pdk_greedy(legal, len(g.hands[g.current]),
                                                      g.table_shape is None)
        return lambda g, legal: ph.decide(_View(g, {
            "hand": g.hands[g.current], "seat": g.current,
            "hand_sizes": [len(h) for h in g.hands], "leading": g.table_shape is None}),
            legal)
    if game == "dudak":
        from game.games.dudak.heuristic import DudakHeuristic

        uh = DudakHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.dudak_greedy(legal, g.hands[g.current],
                                                        g.trumps[g.current])
        return lambda g, legal: uh.decide(_View(g, {
            "seat": g.current, "trumps": g.trumps, "hand": g.hands[g.current],
            "collected": g.collected, "pile": g.pile}), legal)
    if game == "autobus":
        from game.games.autobus.heuristic import AutobusHeuristic

        ah = AutobusHeuristic(game, "rollout", 0, {})
        return lambda g, legal: ah.decide(_View(g, {
            "seat": g.current, "runs": g.runs, "aux": g.aux, "players": g.players,
            "quiet_turns": g.quiet,
            "reserve_tops": [r[-1] if r else None for r in g.reserves]}), legal)
    raise ValueError(f"no rollout policy for {game}")


# ----- rewards in 0..1 per seat, for finished deals and for cut-off ones ------------------
def _reward(g: Any) -> list[float]:
    key = g.key
    n = g.num_players
    if key == "durak":
        if g.is_over:
            return list(g.result())
        a, b = len(g.hands[0]), len(g.hands[1])
        return [0.5 + 0.05 * (b - a), 0.5 + 0.05 * (a - b)]
    if key == "paodekuai":
        if g.is_over:
            return [0.6 * (s == g.winner) + 0.4 * min(1.0, max(0.0, 0.5 + g.scores[s] / 80))
                    for s in range(n)]
        sizes = [len(h) for h in g.hands]
        return [0.5 - 0.03 * (sizes[s] - min(sizes)) for s in range(n)]
    if key == "dudak":
        if g.is_over:
            return list(g.result())
        counts = [g.card_count(s) for s in range(n)]
        most = max(counts) or 1
        return [1.0 - (c / most) ** 2 for c in counts]
    if key == "autobus":
        sizes = [len(r) for r in g.reserves]
        if g.is_over and g.winner is not None:
            return [1.0 if s == g.winner else 0.0 for s in range(n)]
        out = []
        for s in range(n):
            lead = min(sizes[t] for t in range(n) if t != s) - sizes[s]
            out.append(1.0 / (1.0 + math.exp(-0.5 * lead)) * 0.9)
        return out
    raise ValueError(f"no reward for {key}")


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
        #: Dudák: how much of the reward is going out early (0: only "not the Dudák")
        self.out_order = out_order

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
        ``rollout_moves`` moves, and score the deal by :func:`_reward`."""
        # Dudák: who goes out earlier did better (a denser signal than "not the Dudák")
        order = self.out_order and g.key == "dudak"
        out: list[int] = []

        def moved(seat: int) -> None:
            if seat not in out and g.is_out(seat):
                out.append(seat)
        play_on(g, self.policy, rng, self.epsilon, self.rollout_moves,
                moved if order else None)
        reward = _reward(g)
        if order and g.is_over:
            n = g.num_players
            for s in range(n):
                if reward[s] > 0:
                    late = out.index(s) + (n - 1 - len(out)) if s in out else 0
                    reward[s] = 1.0 - self.out_order * late / (n - 1)
        return reward


class SearchBot(Ismcts[Game, Move]):
    defaults = {"budget": 0.15, "exploration": 0.7, "bias": 1.0, "widen": 0.0}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        super().__init__(game, level, seed, params)
        self.rollout_moves = int(params.get("rollout_moves", 400))
        self.epsilon = float(params.get("epsilon", 0.1))
        #: Dudák: how much of the reward is going out early (0: only "not the Dudák")
        self.out_order = float(params.get("out_order", 0.0))
        self.policy = rollout_policy(game, option(params, "rollout", "normal",
                                                  rollout_kinds(game)))

    def _code(self, move: Move) -> Move:
        return move

    def _simulator(self, observation: dict[str, Any]) -> EngineSim:
        return EngineSim(observation, self.policy, self.epsilon, self.rollout_moves,
                         self.out_order)
