"""Information-set Monte Carlo tree search: the "hard" levels.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree over the moves the
deal can take from the searching seat's point of view.  Each iteration

1. samples a full state consistent with the observation (the engine's ``sample``, which
   keeps known cards where they are and respects what passes, takes and trumps prove),
2. walks the tree by UCB1 with availability counts, restricted to the moves legal in that
   sample, and adds one new node,
3. plays the deal on with a heuristic policy (the level's ``rollout`` heuristic with a
   little randomness), cut off after ``rollout_moves`` moves and scored by an evaluation,
4. backs up each seat's reward (0..1) into the nodes of the moves that seat made.

The move played is the root move visited most.  Thinking is anytime: ``start`` sets up,
``step(seconds)`` runs iterations for a slice of CPU time, ``best`` is the move to play now
(the rollout heuristic's choice before the first iteration).  The budget is CPU time
(``budget`` seconds per decision) or, when ``iterations`` is set, a fixed number of
iterations, which makes the decision a function of the observation and the seed alone.
The bot never reads hidden cards: it gets only the observation and the legal moves.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.ai.bots import Anytime, option
from game.ai.infer import sample
from game.rules import GAMES, Game, Move, Rng

Policy = Callable[[Any, list[Move]], Move]


class Node:
    __slots__ = ("avail", "children", "hint", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat                       # who made the move leading here
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.hint: Move | None = None          # the rollout heuristic's move here


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
    """The rollout policies :func:`_policy` has for ``game``: the greedy baseline and the
    normal heuristic (Hospodský autobus: the normal heuristic only)."""
    return ("normal",) if game == "autobus" else ("greedy", "normal")


def _policy(game: str, kind: str) -> Policy:
    """The rollout policy ``kind`` (one of :func:`rollout_kinds`) for ``game``."""
    from game.ai import greedy

    if game == "durak":
        from game.ai.durak_heuristic import DurakHeuristic

        dh = DurakHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.durak_greedy(legal, g.trump_suit, len(g.talon))
        return lambda g, legal: dh.decide(_View(g, {
            "trump_suit": g.trump_suit, "talon_size": len(g.talon), "table": g.table,
            "hand": g.hands[g.current_player]}), legal)
    if game == "paodekuai":
        from game.ai.paodekuai_heuristic import PaoDeKuaiHeuristic

        ph = PaoDeKuaiHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.pdk_greedy(legal, len(g.hands[g.current]),
                                                      g.table_shape is None)
        return lambda g, legal: ph.decide(_View(g, {
            "hand": g.hands[g.current], "seat": g.current,
            "hand_sizes": [len(h) for h in g.hands], "leading": g.table_shape is None}),
            legal)
    if game == "dudak":
        from game.ai.dudak_heuristic import DudakHeuristic

        uh = DudakHeuristic(game, "rollout", 0, {})
        if kind == "greedy":
            return lambda g, legal: greedy.dudak_greedy(legal, g.hands[g.current],
                                                        g.trumps[g.current])
        return lambda g, legal: uh.decide(_View(g, {
            "seat": g.current, "trumps": g.trumps, "hand": g.hands[g.current],
            "collected": g.collected, "pile": g.pile}), legal)
    if game == "autobus":
        from game.ai.autobus_heuristic import AutobusHeuristic

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


class SearchBot(Anytime):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.game, self.level = game, level
        self.cls: type[Game] = GAMES[game]
        self.rng = Rng(seed)
        #: CPU seconds of thinking per decision
        self.budget = float(params.get("budget", 0.15))
        #: a fixed number of iterations instead of the clock (reproducible decisions)
        self.iterations = int(params.get("iterations", 0))
        self.exploration = float(params.get("exploration", 0.7))
        self.rollout_moves = int(params.get("rollout_moves", 400))
        self.epsilon = float(params.get("epsilon", 0.1))
        #: progressive bias toward the rollout heuristic's move (worth bias / (n + 1))
        self.bias = float(params.get("bias", 1.0))
        #: progressive widening (0: every legal move is a child at once)
        self.widen = float(params.get("widen", 0.0))
        #: Dudák: how much of the reward is going out early (0: only "not the Dudák")
        self.out_order = float(params.get("out_order", 0.0))
        #: every legal move is a child of the root at once (widening only below it)
        self.root_all = bool(params.get("root_all", True))
        self.policy = _policy(game, option(params, "rollout", "normal",
                                           rollout_kinds(game)))
        self._obs: dict[str, Any] = {}
        self._legal: list[Move] = []
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._final = True
        self._fallback: Move | None = None

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs = observation
        self._legal = list(legal)
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._final = len(legal) == 1
        self._fallback = None

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if len(self._legal) == 1:
            return self._legal[0]
        kids = self._root.children
        tried = [m for m in self._legal if m in kids]
        if not tried:
            if self._fallback is None:
                state = sample(self._obs, Rng(self.rng.state))
                self._fallback = self.policy(state, self._legal)
            return self._fallback
        hint = self._root.hint
        return max(tried, key=lambda m: (kids[m].visits, m == hint, kids[m].total))

    # ----- one iteration --------------------------------------------------------------------
    def _iterate(self) -> None:
        rng = self.rng
        g: Any = sample(self._obs, rng)
        node = root = self._root
        path: list[Node] = []
        c = self.exploration
        first = True
        bias, widen = self.bias, self.widen
        while not g.is_over:
            legal = self._legal if first else g.legal_moves()
            first = False
            seat = g.current_player
            kids = node.children
            hint = node.hint
            if hint is None or hint not in legal:
                hint = node.hint = legal[0] if len(legal) == 1 else self.policy(g, legal)
            # progressive widening below the root: a node visited n times has at most
            # 1 + widen * sqrt(n) children, the heuristic's move first, then the others in
            # random order, so a move is judged by sensible play after it rather than by
            # an average over random replies (which flatters moves that end one's turn)
            room = (len(legal) if not widen or (node is root and self.root_all)
                    else 1 + int(widen * math.sqrt(node.visits)))
            tried = [m for m in legal if m in kids]
            if len(tried) < room and len(tried) < len(legal):
                if hint not in kids:
                    m = hint
                else:
                    untried = [m for m in legal if m not in kids]
                    m = untried[rng.below(len(untried))]
                child = Node(seat)
                kids[m] = child
                g._apply(m)
                path.append(child)
                break
            best_m: Move | None = None
            best_v = -1.0
            for m in tried:
                ch = kids[m]
                ch.avail += 1
                v = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if m == hint:
                    v += bias / (ch.visits + 1)
                if v > best_v:
                    best_v, best_m = v, m
            assert best_m is not None
            node = kids[best_m]
            g._apply(best_m)
            path.append(node)
        reward = self._rollout(g)
        for n in path:
            n.visits += 1
            n.total += reward[n.seat]
        root.visits += 1

    def _rollout(self, g: Any) -> list[float]:
        rng, policy, eps = self.rng, self.policy, self.epsilon
        left = self.rollout_moves
        # Dudák: who goes out earlier did better (a denser signal than "not the Dudák")
        order = self.out_order and g.key == "dudak"
        out: list[int] = []
        while not g.is_over and left > 0:
            legal = g.legal_moves()
            if len(legal) == 1:
                m = legal[0]
            elif eps and rng.random() < eps:
                m = legal[rng.below(len(legal))]
            else:
                m = policy(g, legal)
            seat = g.current_player
            g._apply(m)
            if order and seat not in out and g.is_out(seat):
                out.append(seat)
            left -= 1
        reward = _reward(g)
        if order and g.is_over:
            n = g.num_players
            for s in range(n):
                if reward[s] > 0:
                    late = out.index(s) + (n - 1 - len(out)) if s in out else 0
                    reward[s] = 1.0 - self.out_order * late / (n - 1)
        return reward
