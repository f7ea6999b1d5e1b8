"""Hospodský autobus: the hard level, a tree search over the seat's own turns."""
from __future__ import annotations

import math
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
from game.ai.bots import Anytime, option
from game.ai.infer import sample
from game.rules import Move, Rng


class Node:
    """One of the seat's own decisions in the tree: the statistics of the move that led
    here (``visits``, ``total``, ``avail``: how often it was available when its parent was
    passed) and the children by move."""

    __slots__ = ("avail", "children", "prior", "total", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.prior = prior


class AutobusSearch(Anytime):
    """Determinized tree search (single-observer ISMCTS) over the seat's own turns.

    ``start`` asks the turn planner (on the observation alone) for every first move's
    value and plan; the ``width`` best and the ``normal`` level's move are the root's
    children.  Each iteration samples a full deal consistent with the observation (the
    engine's ``sample``: other hands, the reserves under their tops, the stock) and walks
    down the tree; with ``sweep`` every root move is played on each sampled deal (common
    random numbers), one walk per call, else UCB1 picks the root move.  Below the root
    a node picks among the candidate moves by UCB1 with availability counts (candidate
    sets differ between deals) plus a progressive bias from the planner's value.  The
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

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        from game.ai.search import _policy, rollout_kinds
        from game.rules import GAMES

        self.level = level
        self.cls = GAMES[game]
        self.rng = Rng(seed)
        self.budget = float(params.get("budget", 0.1))
        self.iterations = int(params.get("iterations", 0))
        self.width = int(params.get("width", 5))
        self.inner_width = int(params.get("inner_width", 3))
        self.depth = max(1, int(params.get("depth", 2)))
        self.exploration = float(params.get("exploration", 8.0))
        self.bias = float(params.get("bias", 1.0))
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
        self.policy = _policy(game, option(params, "rollout", "normal",
                                           rollout_kinds(game)))
        self._heuristic = AutobusHeuristic(game, "rollout", 0, {})
        self._plans: dict[Move, list[Move]] = {}
        self._st: TurnState | None = None
        self._expect: tuple[Any, ...] | None = None
        self._obs: dict[str, Any] = {}
        self._cands: list[Move] = []
        self._priors: list[float] = []
        self._root = Node()
        self._diff: list[float] = []
        self._diff_sq: list[float] = []
        self._pairs = 0
        self._deal: Any = None
        self._scores: list[float] = []
        self._count = 0
        self._spent = 0.0
        self._final = True

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs = observation
        self._count, self._spent = 0, 0.0
        self._diff, self._diff_sq = [0.0] * (self.width + 1), [0.0] * (self.width + 1)
        self._pairs, self._deal, self._scores = 0, None, []
        self._plans, self._st = {}, None
        self._root = Node()
        if len(legal) == 1:
            self._cands, self._priors, self._final = [legal[0]], [0.0], True
            return
        st = from_obs(observation)
        self._st = st
        fp = (observation["seat"], observation["turn"], st.key())
        plan = self._plans_kept
        if self.follow and plan and self._expect == fp and plan[0] in legal:
            self._cands, self._priors, self._final = [plan[0]], [0.0], True
            self._plans = {plan[0]: plan}
            return
        planner = Planner(context_from_obs(observation, self.weights), self.nodes)
        plans = planner.root_plans(st, legal)
        vals = {m: v for m, (v, _) in plans.items()}
        self._plans = {m: p for m, (_, p) in plans.items()}
        ranked = sorted(vals, key=lambda m: -vals[m]) or [legal[0]]
        self._cands = ranked[:self.width]
        hm = self._heuristic.decide(observation, legal)
        if hm not in self._cands:        # the opponent model's own choice is a candidate
            self._cands.append(hm)
        self._priors = self._prior_list(self._cands, vals)
        self._final = (len(self._cands) == 1
                       or vals[ranked[0]] - vals[ranked[1]] > self.margin)

    def _prior_list(self, cands: list[Move], vals: dict[Move, float]) -> list[float]:
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

    def best(self) -> Move:
        if not self._cands:
            raise RuntimeError("best() before start()")
        if self.sweep and self.confidence > 0:
            best = self._confident()
        else:
            kids = self._root.children
            best, key = 0, (-1, -1e18)
            for i, m in enumerate(self._cands):    # ties keep the planner's order
                ch = kids.get(m)
                k = (0, 0.0) if ch is None else (ch.visits, ch.total / max(ch.visits, 1))
                if k > key:
                    best, key = i, k
        move = self._cands[best]
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
        for i in range(1, len(self._cands)):
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
        plan, st = self._plans.get(move), self._st
        if not plan or st is None or move.kind != "play" or len(plan) < 2:
            return
        card, src, dst = move.args
        ns, _ = apply_play(st, card, src, 0 if dst == "new" else int(dst[3:]))
        self._plans_kept = plan[1:]
        self._expect = (self._obs["seat"], self._obs["turn"], ns.key())

    @property
    def root(self) -> Node:
        return self._root

    # ----- one iteration: a walk down the tree on one sampled deal ------------------------
    def _iterate(self) -> bool:
        if not self.sweep:
            self._descend(sample(self._obs, self.rng), None)
            return True
        # one walk per call (a whole sweep could hold a frame for a quarter second): the
        # sampled deal waits in ``_deal`` until every root move has been played on it;
        # only a finished sweep counts as an iteration (and as a pair for ``confidence``)
        if self._deal is None:
            self._deal, self._scores = sample(self._obs, self.rng), []
        i = len(self._scores)
        m = self._cands[i]
        kids = self._root.children
        if m not in kids:
            kids[m] = Node(self._priors[i])
        kids[m].avail += 1
        self._scores.append(self._descend(self._deal.clone(), m))
        if len(self._scores) < len(self._cands):
            return False
        for j, sc in enumerate(self._scores):    # paired with the planner's choice
            d = sc - self._scores[0]
            self._diff[j] += d
            self._diff_sq[j] += d * d
        self._pairs += 1
        self._deal = None
        return True

    def _descend(self, g: Any, first: Move | None) -> float:
        """One walk down the tree on the sampled deal ``g`` (from the root move ``first``
        when given, else the one UCB selects)."""
        seat = self._obs["seat"]
        node = self._root
        path: list[Node] = []
        cands, priors, plans = self._cands, self._priors, self._plans
        for level in range(self.depth):
            if level:
                cands, priors, plans = self._candidates(g, seat)
            if level == 0 and first is not None:
                child, m = node.children[first], first
            else:
                child, m = self._select(node, cands, priors)
            path.append(child)
            g._apply(m)
            self._own_turn(g, seat, plans.get(m, [m])[1:])
            if level == self.depth - 1 or g.is_over:
                break
            while not g.is_over and g.current_player != seat:
                g._apply(self.policy(g, g.legal_moves()))
            if g.is_over:
                break
            node = child
        score = self._score(g, seat)
        for n in path:
            n.visits += 1
            n.total += score
        self._root.visits += 1
        return score

    def _select(self, node: Node, cands: list[Move],
                priors: list[float]) -> tuple[Node, Move]:
        """UCB1 with availability counts and a progressive bias; an untried candidate
        goes first (the planner's best first)."""
        kids = node.children
        untried = -1
        for i, m in enumerate(cands):
            ch = kids.get(m)
            if ch is None:
                if untried < 0 or priors[i] > priors[untried]:
                    untried = i
            else:
                ch.avail += 1
        if untried >= 0:         # ties keep the earliest (the normal move inside)
            m = cands[untried]
            ch = kids[m] = Node(priors[untried])
            ch.avail = 1
            return ch, m
        c, bias = self.exploration, self.bias
        best_v, best_i = -1e18, 0
        for i, m in enumerate(cands):
            ch = kids[m]
            v = (ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                 + bias * ch.prior / (ch.visits + 1))
            if v > best_v:
                best_v, best_i = v, i
        return kids[cands[best_i]], cands[best_i]

    def _candidates(self, g: Any, seat: int) -> tuple[list[Move], list[float],
                                                      dict[Move, list[Move]]]:
        """The planner's best first moves at the seat's turn in ``g`` (planned on what the
        seat sees there) and the normal move, with their priors and plans."""
        legal = g.legal_moves()
        hm = self.policy(g, legal)
        if len(legal) == 1:
            return [hm], [0.0], {}
        plans = self._root_plans(g, seat, legal)
        vals = {m: v for m, (v, _) in plans.items()}
        cands = sorted(vals, key=lambda m: -vals[m])[:self.inner_width]
        if hm in cands:
            cands.remove(hm)
        cands.insert(0, hm)
        priors = self._prior_list(cands, vals)
        if self.inner_normal:      # the normal move is tried first and carries no penalty
            priors[0] = 0.0
        return cands, priors, {m: p for m, (_, p) in plans.items()}

    def _root_plans(self, g: Any, seat: int,
                    legal: list[Move]) -> dict[Move, tuple[float, list[Move]]]:
        """The planner's plans at ``seat``'s turn in ``g``, on what the seat sees there."""
        ctx = context_from_game(g, seat, self.weights)
        return Planner(ctx, self.inner_nodes).root_plans(from_game(g, seat), legal)

    def _own_turn(self, g: Any, seat: int, rest: list[Move]) -> None:
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
            plans = self._root_plans(g, seat, legal) if self.own == "plan" else {}
            if not plans:
                g._apply(self.policy(g, legal))
                continue
            m = max(plans, key=lambda k: plans[k][0])    # legal: planned from ``legal``
            g._apply(m)
            rest = list(plans[m][1][1:])

    def _score(self, g: Any, seat: int) -> float:
        if g.winner is not None:
            return self.win if g.winner == seat else -self.win
        n = g.players
        others = [len(g.reserves[(seat + i) % n]) for i in range(1, n)]
        lead = 0.5 * min(others) + 0.5 * sum(others) / len(others)
        st = from_game(g, seat)
        return evaluate(st, context_from_game(g, seat, self.weights)) + \
            self.weights.reserve * lead
