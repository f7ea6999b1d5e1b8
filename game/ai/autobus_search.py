"""Hospodský autobus: the hard level, a search over the turn planner's moves."""
from __future__ import annotations

import time
from typing import Any

from game.ai.autobus_heuristic import AutobusHeuristic
from game.ai.autobus_plan import (
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
from game.rules import Move, Rng


class AutobusSearch:
    """Determinized Monte Carlo over the planner's best first moves.

    ``start`` asks the turn planner (on the observation alone) for the value of every
    first move and keeps the ``width`` best.  Each iteration samples a full deal
    consistent with the observation (the engine's ``sample``: other hands, the reserves
    under their tops, the stock) and plays every candidate on a copy of it: the rest of
    the seat's turn by the planner (which in the sample sees the cards it would draw and
    reveal), the other seats' turns by the ``normal`` heuristic, then the seat's next
    turn by the planner, scored by :func:`evaluate` and the reserve sizes (a won or lost
    deal counts ``win``).  All candidates meet the same samples (common random numbers),
    and the move with the best mean is played.  Thinking is anytime: ``step(seconds)``
    runs whole iterations for a slice of CPU time; the budget is CPU time (``budget``)
    or, with ``iterations`` set, that many iterations (decisions then depend only on the
    observation and the seed).  Obvious moves (one candidate, or a planner margin above
    ``margin``) are final at once.
    """

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        from game.ai.search import _policy
        from game.rules import GAMES

        self.level = level
        self.cls = GAMES[game]
        self.rng = Rng(seed)
        self.budget = float(params.get("budget", 0.1))
        self.iterations = int(params.get("iterations", 0))
        self.width = int(params.get("width", 5))
        self.margin = float(params.get("margin", 6.0))
        self.nodes = int(params.get("nodes", 3000))
        self.rollout_nodes = int(params.get("rollout_nodes", 200))
        self.win = float(params.get("win", 60.0))
        #: play on the plan of the move searched until something new is seen
        self.follow = bool(params.get("follow", True))
        self.weights = Weights()
        self.policy = _policy(game, str(params.get("rollout", "normal")))
        #: the seat's own play in rollouts: "plan" (the planner) or "normal"
        self.own = str(params.get("own", "plan"))
        self._heuristic = AutobusHeuristic(game, "rollout", 0, {})
        self._plans: dict[Move, list[Move]] = {}
        self._st: TurnState | None = None
        self._expect: tuple[Any, ...] | None = None
        self._obs: dict[str, Any] = {}
        self._cands: list[Move] = []
        self._sums: list[float] = []
        self._count = 0
        self._spent = 0.0
        self._final = True

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs = observation
        self._count, self._spent = 0, 0.0
        self._plans, self._st = {}, None
        if len(legal) == 1:
            self._cands, self._sums, self._final = [legal[0]], [0.0], True
            return
        st = from_obs(observation)
        self._st = st
        fp = (observation["seat"], observation["turn"], st.key())
        plan = self._plans_kept
        if self.follow and plan and self._expect == fp and plan[0] in legal:
            self._cands, self._sums, self._final = [plan[0]], [0.0], True
            self._plans = {plan[0]: plan}
            return
        planner = Planner(context_from_obs(observation, self.weights), self.nodes)
        plans = planner.root_plans(st, legal)
        vals = {m: v for m, (v, _) in plans.items()}
        self._plans = {m: p for m, (_, p) in plans.items()}
        ranked = sorted(vals, key=lambda m: -vals[m]) or [legal[0]]
        self._cands = ranked[:self.width]
        if self.own == "normal":    # the rollout policy's own choice is always a candidate
            hm = self._heuristic.decide(observation, legal)
            if hm not in self._cands:
                self._cands.append(hm)
        self._sums = [0.0] * len(self._cands)
        self._final = (len(self._cands) == 1
                       or vals[ranked[0]] - vals[ranked[1]] > self.margin)

    def step(self, seconds: float) -> bool:
        if self._final:
            return True
        clock = time.thread_time
        t0 = clock()
        stop = t0 + seconds
        if not self.iterations:
            stop = min(stop, t0 + self.budget - self._spent)
        while True:
            self._iterate()
            self._count += 1
            if self.iterations and self._count >= self.iterations:
                self._final = True
                break
            if clock() >= stop:
                break
        self._spent += clock() - t0
        if not self.iterations and self._spent >= self.budget:
            self._final = True
        return self._final

    def best(self) -> Move:
        if not self._cands:
            raise RuntimeError("best() before start()")
        best = 0
        for i in range(1, len(self._cands)):   # ties keep the planner's order
            if self._sums[i] > self._sums[best] + 1e-9:
                best = i
        move = self._cands[best]
        self._keep(move)
        return move

    _plans_kept: list[Move] | None = None

    def _keep(self, move: Move) -> None:
        """Remember the rest of the plan that starts with ``move`` and the position it
        leads to, so the next decision of this turn can play on without searching."""
        self._plans_kept, self._expect = None, None
        plan, st = self._plans.get(move), self._st
        if not plan or st is None or move.kind != "play" or len(plan) < 2:
            return
        card, src, dst = move.args
        ns, _ = apply_play(st, card, src, 0 if dst == "new" else int(dst[3:]))
        self._plans_kept = plan[1:]
        self._expect = (self._obs["seat"], self._obs["turn"], ns.key())

    def choose(self, observation: dict[str, Any], legal: list[Move]) -> Move:
        self.start(observation, legal)
        while not self.step(self.budget if not self.iterations else 3600.0):
            pass
        return self.best()

    @property
    def iterations_done(self) -> int:
        return self._count

    # ----- one iteration: every candidate on one sampled deal -----------------------------
    def _iterate(self) -> None:
        base = self.cls.sample(self._obs, self.rng)
        for i, m in enumerate(self._cands):
            g = base.clone()
            self._sums[i] += self._rollout(g, m)

    def _own_turn(self, g: Any, seat: int) -> None:
        """The rest of ``seat``'s turn by the clairvoyant planner."""
        if self.own == "normal":
            while not g.is_over and g.current_player == seat:
                g._apply(self.policy(g, g.legal_moves()))
            return
        while not g.is_over and g.current_player == seat:
            st = from_game(g, seat, clairvoyant=True)
            ctx = context_from_game(g, seat, self.weights)
            ctx.must_play = g.quiet >= g.players and not g.run_played
            _, moves = Planner(ctx, self.rollout_nodes).plan(st)
            applied = False
            for m in moves:
                if g.is_over or g.current_player != seat or m not in g.legal_moves():
                    break
                g._apply(m)
                applied = True
            if not applied:
                legal = g.legal_moves()
                g._apply(self.policy(g, legal))

    def _rollout(self, g: Any, first: Move) -> float:
        seat = self._obs["seat"]
        g._apply(first)
        self._own_turn(g, seat)
        while not g.is_over and g.current_player != seat:
            g._apply(self.policy(g, g.legal_moves()))
        if not g.is_over:
            self._own_turn(g, seat)
        return self._score(g, seat)

    def _score(self, g: Any, seat: int) -> float:
        if g.winner is not None:
            return self.win if g.winner == seat else -self.win
        n = g.players
        others = [len(g.reserves[(seat + i) % n]) for i in range(1, n)]
        lead = 0.5 * min(others) + 0.5 * sum(others) / len(others)
        st = from_game(g, seat)
        return evaluate(st, context_from_game(g, seat, self.weights)) + \
            self.weights.reserve * lead
