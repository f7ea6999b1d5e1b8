"""The Durak "hard" level: information-set MCTS on the fast simulator, exact endgames.

- While the talon lasts: single-observer ISMCTS (as game/ai/search.py) over
  :class:`game.ai.durak_fast.Fast` states.  Each iteration deals the unseen cards at random
  between the opponent's hand and the talon (the indicator stays last, cards the opponent
  picked up stay in its hand), walks the tree by UCB1 with availability counts, adds one
  node and plays the deal to its end with bit-level rules of thumb (``rollout`` for this
  seat, ``opponent`` for the other, a random move with chance ``epsilon``).  With
  ``opponent_tree = "model"`` the opponent's replies inside the tree follow the
  ``opponent`` rule of thumb too (an opponent model: the tree then branches only on this
  seat's choices, which is what makes the level strong against rule-based players);
  with ``"ucb"`` they are chosen by UCB1 as in plain ISMCTS.
- Once the talon is empty every card is known (the unseen ones are the opponent's hand):
  :class:`game.ai.durak_fast.Solver` finds each move's value under best play.  A winning
  move is played at once; with a draw at best, the search chooses among the moves that
  keep the draw; in a lost position it searches all moves (the opponent may err).

The budget is CPU time (``budget`` seconds) or, with ``iterations``, a fixed number of
iterations (and a fixed solver node cap), so a decision depends on the observation and
the seed alone.  ``start`` / ``step(seconds)`` / ``best`` / ``choose`` as every bot.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.ai.bots import Anytime, option
from game.ai.durak_fast import (
    ID,
    STOP,
    TAKE,
    Fast,
    Solver,
    Unsolved,
    greedy_move,
    normal_move,
)
from game.ai.infer.durak import Deals
from game.rules import Move

POLICIES: dict[str, Callable[[Fast], int]] = {"greedy": greedy_move, "normal": normal_move}


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class DurakSearch(Anytime):
    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        if game != "durak":
            raise ValueError("durak_search plays Durak only")
        self.game, self.level = game, level
        self.rng = random.Random(seed)
        self.budget = float(params.get("budget", 0.1))
        self.iterations = int(params.get("iterations", 0))
        self.exploration = float(params.get("exploration", 0.7))
        self.epsilon = float(params.get("epsilon", 0.05))
        self.own = POLICIES[option(params, "rollout", "normal", tuple(POLICIES))]
        self.opp = POLICIES[option(params, "opponent", "greedy", tuple(POLICIES))]
        #: solver nodes per decision (0: no endgame solving)
        self.solve_nodes = int(params.get("solve_nodes", 40000))
        #: "model": in the tree the opponent replies as the ``opponent`` rule of thumb
        #: does; "ucb": it picks its replies by UCB1 like this seat
        self.model_tree = option(params, "opponent_tree", "ucb", ("ucb", "model")) == "model"
        #: stop early once the leading root move is ahead by this share of the iterations
        #: left (1.0: only when nothing can change the decision)
        self.settle = float(params.get("settle", 1.0))
        self._solver: Solver | None = None
        self._legal: list[Move] = []
        self._ids: list[int] = []
        self._by_id: dict[int, Move] = {}
        self._root = Node(-1)
        self._deals: Deals | None = None
        self._seat = 0
        self._spent = 0.0
        self._count = 0
        self._final = True
        self._chosen: int | None = None

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        obs = observation
        self._legal = list(legal)
        self._ids = [TAKE if m.kind == "take" else STOP if m.kind == "stop"
                     else ID[m.args[0]] for m in legal]
        self._by_id = dict(zip(self._ids, self._legal, strict=True))
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._chosen = None
        self._final = len(legal) == 1
        seat = self._seat = obs["seat"]
        self._deals = Deals(obs)
        if self._final:
            return
        if obs["talon_size"] == 0 and self.solve_nodes:
            self._endgame(seat)

    def _endgame(self, seat: int) -> None:
        assert self._deals is not None
        g = self._deals.everything()
        if self._solver is None or self._solver.trump != g.trump:
            self._solver = Solver(g.trump)
        try:
            values = self._solver.move_values(g, seat, self.solve_nodes)
        except Unsolved:
            return
        top = max(values.values())
        keep = [m for m in self._ids if values[m] == top]
        if top == 2 or len(keep) == 1:
            pick = normal_move(g)
            self._chosen = pick if pick in keep else keep[0]
            self._final = True
        elif top == 1:
            self._ids = keep         # search among the moves that keep the draw

    def _settled(self, used: float) -> bool:
        """True when the most visited root move stays ahead whatever the iterations left
        (each adds one visit), so thinking on cannot change the decision."""
        if self.iterations:
            left = float(self.iterations - self._count)
        else:
            spent = self._spent + used
            left = self._count * (self.budget - spent) / max(spent, 1e-6)
        kids = self._root.children
        visits = sorted((kids[m].visits for m in self._ids if m in kids), reverse=True)
        if len(visits) < len(self._ids):
            return False
        return visits[0] - visits[1] > left * self.settle

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if len(self._legal) == 1:
            return self._legal[0]
        return self._move(self._pick())

    def _pick(self) -> int:
        if self._chosen is not None:
            return self._chosen
        kids = self._root.children
        tried = [m for m in self._ids if m in kids]
        if not tried:
            m = self.own(self._deal(random.Random(0)))
            return m if m in self._ids else self._ids[0]
        return max(tried, key=lambda m: (kids[m].visits, kids[m].total))

    def _move(self, m: int) -> Move:
        return self._by_id[m]

    # ----- one iteration --------------------------------------------------------------------
    def _deal(self, rng: random.Random) -> Fast:
        """A full state consistent with the observation."""
        assert self._deals is not None
        return self._deals.deal(rng)

    def _iterate(self) -> None:
        rng = self.rng
        g = self._deal(rng)
        node = self._root
        path: list[Node] = []
        legal = self._ids
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        me = self._seat
        model = self.model_tree
        while not g.over:
            seat = g.current
            kids = node.children
            if model and seat != me:
                # the opponent's replies follow the opponent model; a node per reply
                # keeps what this seat sees apart
                m = self.opp(g)
                nxt = kids.get(m)
                if nxt is None:
                    nxt = kids[m] = Node(seat)
                    g.apply(m)
                    path.append(nxt)
                    break
                node = nxt
                g.apply(m)
                path.append(node)
                legal = g.legal()
                continue
            untried = [m for m in legal if m not in kids]
            if untried:
                m = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = kids[m] = Node(seat)
                g.apply(m)
                path.append(child)
                break
            best_m, best_v = -1, -1.0
            for m in legal:
                ch = kids[m]
                ch.avail += 1
                v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_v, best_m = v, m
            node = kids[best_m]
            g.apply(best_m)
            path.append(node)
            legal = g.legal()
        own, opp, eps = self.own, self.opp, self.epsilon
        rand = rng.random
        while not g.over:
            if eps and rand() < eps:
                moves = g.legal()
                m = moves[int(rand() * len(moves))]
            else:
                m = own(g) if g.current == me else opp(g)
            g.apply(m)
        r0 = g.result(0)
        for n in path:
            n.visits += 1
            n.total += r0 if n.seat == 0 else 1.0 - r0
        self._root.visits += 1
