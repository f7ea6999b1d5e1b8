"""Hospodský autobus: the hard level, a tree search over the seat's own turns."""
from __future__ import annotations

import math
from typing import Any

from game.ai.bots import option
from game.ai.infer import sample
from game.ai.ismcts import Draws, Ismcts, Simulator
from game.ai.search import Policy, rollout_kinds, rollout_policy
from game.games.autobus.heuristic import AutobusHeuristic
from game.games.autobus.observation import observed
from game.games.autobus.plan import (
    Planner,
    TurnState,
    Weights,
    apply_play,
    context_from_game,
    context_from_obs,
    evaluate,
    from_game,
    from_obs,
)
from game.rules import Game, Move, Rng


class AutobusSim(Simulator[Any, Move]):
    """The engine as the search's simulator for one observation, turn by turn: a tree
    move is the seat's first move of a turn played with the rest of that turn (its plan,
    then the planner again after each new card: ``own = "plan"``; or the ``normal``
    heuristic); the other seats play the normal heuristic (:meth:`model`); a walk's end
    is scored by :meth:`score`.  The moves at a later turn are the planner's
    ``inner_width`` best first moves and the normal move (:meth:`candidates`)."""

    def __init__(self, obs: dict[str, Any], policy: Policy, own: str, weights: Weights,
                 inner_width: int, inner_nodes: int, inner_normal: bool, margin: float,
                 win: float) -> None:
        self.obs = obs
        self.seat: int = obs["seat"]
        self.policy = policy
        self.own = own
        self.weights = weights
        self.inner_width, self.inner_nodes = inner_width, inner_nodes
        self.inner_normal = inner_normal
        self.margin, self.win = margin, win
        #: the plan of each root move (the search's start fills it in)
        self.root_plans: dict[Move, list[Move]] = {}
        self._plans: dict[Move, list[Move]] = {}

    # ----- the simulator ------------------------------------------------------------------
    def determinize(self, rng: Draws) -> Game:
        assert isinstance(rng, Rng)
        return sample(self.obs, rng)

    def clone(self, s: Any) -> Any:
        return s.clone()

    def begin(self, s: Any) -> None:
        self._plans = self.root_plans

    def to_move(self, s: Any) -> int:
        seat: int = s.current_player
        return seat

    def is_terminal(self, s: Any) -> bool:
        over: bool = s.is_over
        return over

    def choices(self, s: Any) -> tuple[list[Move], list[float] | None]:
        cands, priors, self._plans = self.candidates(s, self.seat)
        return cands, priors

    def apply(self, s: Any, m: Move) -> None:
        """The seat's move ``m`` and the rest of its turn (by the plan ``m`` was listed
        with); another seat's move alone."""
        seat = s.current_player
        s._apply(m)
        if seat == self.seat:
            self.own_turn(s, seat, self._plans.get(m, [m])[1:])

    def model(self, s: Any) -> Move:
        return self.policy(s, s.legal_moves())

    def rollout(self, s: Any, rng: Draws) -> list[float]:
        """No playout: the walk's end scored for the seat (:meth:`score`)."""
        reward = [0.0] * s.players
        reward[self.seat] = self.score(s, self.seat)
        return reward

    # ----- turns, plans and scores ------------------------------------------------------
    def prior_list(self, cands: list[Move], vals: dict[Move, float]) -> list[float]:
        """The planner's value of each candidate relative to the best (0 for the best,
        at most ``2 * margin`` below; a move the planner did not rank counts as
        ``margin`` below)."""
        top = max(vals.values()) if vals else 0.0
        out = []
        for m in cands:
            v = vals.get(m)
            d = -self.margin if v is None else v - top
            out.append(max(d, -2.0 * self.margin))
        return out


    def candidates(self, g: Any, seat: int) -> tuple[list[Move], list[float],
                                                      dict[Move, list[Move]]]:
        """The planner's best first moves at the seat's turn in ``g`` (planned on what the
        seat sees there) and the normal move, with their priors and plans."""
        legal = g.legal_moves()
        hm = self.policy(g, legal)
        if len(legal) == 1:
            return [hm], [0.0], {}
        plans = self.plans_at(g, seat, legal)
        vals = {m: v for m, (v, _) in plans.items()}
        cands = sorted(vals, key=lambda m: -vals[m])[:self.inner_width]
        if hm in cands:
            cands.remove(hm)
        cands.insert(0, hm)
        priors = self.prior_list(cands, vals)
        if self.inner_normal:      # the normal move is tried first and carries no penalty
            priors[0] = 0.0
        return cands, priors, {m: p for m, (_, p) in plans.items()}


    def plans_at(self, g: Any, seat: int,
                    legal: list[Move]) -> dict[Move, tuple[float, list[Move]]]:
        """The planner's plans at ``seat``'s turn in ``g``, on what the seat sees there."""
        ctx = context_from_game(g, seat, self.weights)
        return Planner(ctx, self.inner_nodes).root_plans(from_game(g, seat), legal)


    def own_turn(self, g: Any, seat: int, rest: list[Move]) -> None:
        """The rest of ``seat``'s turn: the moves ``rest`` still planned, then (with
        ``own = "plan"``) the planner's plans on what the seat sees after each new card,
        or (``own = "normal"``) the normal heuristic."""
        rest = list(rest) if self.own == "plan" else []
        while not g.is_over and g.current_player == seat:
            if rest:
                m = rest.pop(0)
                if m in g.legal_moves():     # a plan stops where news arrives, so its
                    g._apply(m)              # moves stay legal; this is a safeguard
                    continue
                rest = []
            legal = g.legal_moves()
            plans = self.plans_at(g, seat, legal) if self.own == "plan" else {}
            if not plans:
                g._apply(self.policy(g, legal))
                continue
            m = max(plans, key=lambda k: plans[k][0])    # legal: planned from ``legal``
            g._apply(m)
            rest = list(plans[m][1][1:])


    def score(self, g: Any, seat: int) -> float:
        if g.winner is not None:
            return self.win if g.winner == seat else -self.win
        n = g.players
        others = [len(g.reserves[(seat + i) % n]) for i in range(1, n)]
        lead = 0.5 * min(others) + 0.5 * sum(others) / len(others)
        st = from_game(g, seat)
        return evaluate(st, context_from_game(g, seat, self.weights)) + \
            self.weights.reserve * lead


class AutobusSearch(Ismcts[Any, Move]):
    """Determinized tree search (single-observer ISMCTS) over the seat's own turns.

    ``start`` asks the turn planner (on the observation alone) for every first move's
    value and plan; the ``width`` best and the ``normal`` level's move are the root's
    children.  Each iteration samples a full deal consistent with the observation
    (game/games/autobus/infer.py: other hands, the reserves under their tops, the stock)
    and walks down the tree (game/ai/ismcts.py, on :class:`AutobusSim`); with
    ``sweep`` every root move is played on each sampled deal (common random numbers),
    one walk per call, else UCB1 picks the root move.  Below the root a node picks
    among the candidate moves by UCB1 with availability counts (candidate sets differ
    between deals, and the counts grow at every visit) plus a progressive bias from the
    planner's value (its prior); a walk adds every node on its way.  The
    rest of the seat's turn follows the plan of the move tried, then the planner again
    after each new card (``own = "plan"``; ``"normal"``: the normal heuristic); the
    other seats' turns follow ``normal`` (an opponent model, so the tree branches on
    this seat's choices only); at the seat's next turn the node branches again over the
    planner's ``inner_width`` best first moves (planned on what the seat would see
    there) and the normal move.  After ``depth`` own turns the deal is cut off and
    scored by :func:`evaluate` and the reserve lead (a won or lost deal counts ``win``).
    With ``sweep`` and ``confidence`` the planner's choice is played unless another root
    move beat it on the same deals by that many standard errors; otherwise the most
    visited root move (ties: the better mean).

    Thinking is anytime: ``step(seconds)`` thinks for a slice of CPU time; the budget is
    CPU time (``budget``) or, with ``iterations`` set, that many iterations (decisions
    then depend only on the observation and the seed).  Obvious moves (one candidate, a
    planner margin above ``margin``, or the next move of the plan already searched while
    nothing new was seen) are final at once.
    """

    hints = False
    model = True
    model_nodes = "none"
    expand_one = False
    avail_every_visit = True
    defaults = {"budget": 0.1, "exploration": 8.0, "bias": 1.0, "widen": 0.0}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        super().__init__(game, level, seed, params)
        self.width = int(params.get("width", 5))
        self.inner_width = int(params.get("inner_width", 3))
        self.depth = max(1, int(params.get("depth", 2)))
        self.margin = float(params.get("margin", 6.0))
        #: at the seat's later turns the normal move goes first, as a prior of the best
        self.inner_normal = bool(params.get("inner_normal", True))
        self.nodes = int(params.get("nodes", 3000))
        self.inner_nodes = int(params.get("inner_nodes", 200))
        self.win = float(params.get("win", 60.0))
        #: play on the plan of the move searched until something new is seen
        self.follow = bool(params.get("follow", True))
        #: every root candidate is tried on each sampled deal (common random numbers: the
        #: candidates are compared on the same deals); the tree below still selects by UCB
        self.sweep = bool(params.get("sweep", False))
        #: the rest of the seat's own turns in a walk: "plan" (the turn planner, on what
        #: the seat sees) or "normal" (the normal heuristic)
        self.own = option(params, "own", "plan", ("plan", "normal"))
        #: with ``sweep``: the planner's choice stands unless another root move scored
        #: higher on the same deals by this many standard errors (0: the best mean plays)
        self.confidence = float(params.get("confidence", 0.0))
        self.weights = Weights()
        self.policy = rollout_policy(game, option(params, "rollout", "normal",
                                                  rollout_kinds(game)))
        self._heuristic = AutobusHeuristic(game, "rollout", 0, {})
        self._st: TurnState | None = None
        self._expect: tuple[Any, ...] | None = None

    def _code(self, move: Move) -> Move:
        return move

    def _simulator(self, observation: dict[str, Any]) -> AutobusSim:
        return AutobusSim(observation, self.policy, self.own, self.weights, self.inner_width,
                          self.inner_nodes, self.inner_normal, self.margin, self.win)

    def sim_plans(self) -> dict[Move, list[Move]]:
        """The plan of each root move of the decision being searched."""
        sim = self.sim
        assert isinstance(sim, AutobusSim)
        return sim.root_plans

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        super().start(observation, legal)
        sim = self.sim
        assert isinstance(sim, AutobusSim)
        self._st = None
        if self._final:                  # one distinct move
            self.root_priors = [0.0]
            return
        st = from_obs(observation)
        self._st = st
        obs = observed(observation)
        fp = (obs["seat"], obs["turn"], st.key())
        plan = self._plans_kept
        if self.follow and plan and self._expect == fp and plan[0] in legal:
            self.root_moves, self.root_priors, self._final = [plan[0]], [0.0], True
            sim.root_plans = {plan[0]: plan}
            return
        planner = Planner(context_from_obs(observation, self.weights), self.nodes)
        plans = planner.root_plans(st, legal)
        vals = {m: v for m, (v, _) in plans.items()}
        sim.root_plans = {m: p for m, (_, p) in plans.items()}
        # the planner ranks distinct first moves only, so of a part of ``legal`` (a hint's
        # next best) it may rank one move or none: the normal move is always a candidate
        ranked = sorted(vals, key=lambda m: -vals[m])
        self.root_moves = ranked[:self.width]
        hm = self._heuristic.decide(observation, legal)
        if hm not in self.root_moves:    # the opponent model's own choice is a candidate
            self.root_moves.append(hm)
        self.root_priors = sim.prior_list(self.root_moves, vals)
        self._final = (len(self.root_moves) == 1 or len(ranked) > 1
                       and vals[ranked[0]] - vals[ranked[1]] > self.margin)

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if self.sweep and self.confidence > 0:
            best = self._confident()
        else:
            kids = self._root.children
            best, key = 0, (-1, -1e18)
            for i, m in enumerate(self.root_moves):    # ties keep the planner's order
                ch = kids.get(m)
                k = (0, 0.0) if ch is None else (ch.visits, ch.total / max(ch.visits, 1))
                if k > key:
                    best, key = i, k
        move = self.root_moves[best]
        self._keep(move)
        return move

    def _confident(self) -> int:
        """The candidate to play under ``confidence``: the planner's choice (index 0)
        unless another candidate beat it on the same sampled deals by more than
        ``confidence`` standard errors of the paired difference; of those, the best mean."""
        n = self._pairs
        if n < 2:
            return 0
        best, best_mean = 0, 0.0
        for i in range(1, len(self.root_moves)):
            mean = self._diff[i] / n
            var = max(self._diff_sq[i] / n - mean * mean, 0.0)
            if mean - self.confidence * math.sqrt(var / n) > 0 and mean > best_mean:
                best, best_mean = i, mean
        return best


    _plans_kept: list[Move] | None = None

    def _keep(self, move: Move) -> None:
        """Remember the rest of the plan that starts with ``move`` and the position it
        leads to, so the next decision of this turn can play on without searching."""
        self._plans_kept, self._expect = None, None
        plan, st = self.sim_plans().get(move), self._st
        if not plan or st is None or move.kind != "play" or len(plan) < 2:
            return
        card, src, dst = move.args
        ns, _ = apply_play(st, card, src, 0 if dst == "new" else int(dst[3:]))
        self._plans_kept = plan[1:]
        self._expect = (self._obs["seat"], self._obs["turn"], ns.key())

