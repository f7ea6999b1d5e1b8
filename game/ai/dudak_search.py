"""The Dudák ``hard`` level: information-set MCTS on the lean simulator (dudak_fast.py).

The same search as game/ai/search.py (single-observer ISMCTS, UCB1 with availability
counts, progressive widening below the root with a bias toward the rollout policy's
move), specialised for Dudák so that an iteration costs a fraction of the generic one:
states are bit masks, moves are ints, and the rollout policies are built into the
simulator.  Each iteration

1. deals the unseen cards at random to the other hands by size (the engine's ``sample``),
2. walks the tree, adding one node for a move of the searching seat (with ``opp_tree =
   "policy"`` the other seats' moves in the tree are their rollout policy's move in the
   sampled deal, as in the rollouts, added on the way; so the tree branches on the
   searching seat's choices only; with ``"search"`` UCB chooses them too, one new node
   per walk),
3. plays on with the ``opponents`` policy for the other seats and ``own`` for the
   searching seat (each ``greedy`` or ``normal``; the hard level plays ``normal`` for
   all), with a little randomness (``epsilon``), cut off after
   ``rollout_moves`` moves,
4. backs up each seat's reward: 1 for going out, 0 for the Dudák (``out_order`` of it
   goes to going out early); a cut-off deal is scored by the cards left.

Anytime as every bot: ``start`` / ``step(seconds)`` / ``best`` / ``choose``; the budget is
CPU seconds (``budget``) or a fixed number of ``iterations`` (reproducible decisions).
The bot never reads hidden cards: it gets only the observation and the legal moves.
"""
from __future__ import annotations

import math
from typing import Any

from game.ai.bots import Anytime, option
from game.ai.dudak_fast import PLAYERS, FastDudak, to_code
from game.ai.infer.dudak import Deals, evidence
from game.rules import Move, Rng


class Node:
    __slots__ = ("avail", "children", "hint", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat                       # who made the move leading here
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.hint = -1                         # the rollout policy's move here


#: the rollout policies a seat can play: the greedy baseline or the normal heuristic
POLICY_KINDS = ("greedy", "normal")


class DudakSearch(Anytime):
    batch = 4              # iterations between clock reads (one is cheap)

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        if game != "dudak":
            raise ValueError("dudak_search plays Dudák only")
        self.game, self.level = game, level
        self.rng = Rng(seed)
        #: CPU seconds of thinking per decision
        self.budget = float(params.get("budget", 0.15))
        #: a fixed number of iterations instead of the clock (reproducible decisions)
        self.iterations = int(params.get("iterations", 0))
        self.exploration = float(params.get("exploration", 0.7))
        self.rollout_moves = int(params.get("rollout_moves", 400))
        self.epsilon = float(params.get("epsilon", 0.0))
        #: progressive bias toward the rollout policy's move (worth bias / (n + 1))
        self.bias = float(params.get("bias", 1.0))
        #: progressive widening below the root (0: every legal move is a child at once)
        self.widen = float(params.get("widen", 0.5))
        #: how much of the reward is going out early (0: only "not the Dudák")
        self.out_order = float(params.get("out_order", 0.0))
        #: rollout policy of the searching seat and of the others: "greedy" or "normal"
        self.own = option(params, "own", "greedy", POLICY_KINDS)
        self.opponents = option(params, "opponents", "greedy", POLICY_KINDS)
        #: the other seats' moves in the tree: "search" (chosen by UCB, as the searching
        #: seat's) or "policy" (the rollout policy's move in each sampled deal)
        self.opp_tree = option(params, "opp_tree", "search", ("search", "policy"))
        #: deal the hidden cards using what the pile shows of each hand (see evidence)
        self.infer = bool(params.get("infer", True))
        #: ... and remember it from turn to turn within a deal
        self.remember = bool(params.get("remember", True))
        self._excl: list[int] | None = None
        self._memory: list[int] = [0] * PLAYERS
        self._last = (-1, -1)
        self._obs: dict[str, Any] = {}
        self._legal: list[Move] = []
        self._codes: list[int] = []
        self._deals: Deals | None = None
        self._seat = 0
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._final = True

    # ----- anytime interface ----------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs = observation
        self._legal = list(legal)
        self._codes = [to_code(m) for m in legal]
        self._seat = int(observation["seat"])
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._final = len(legal) == 1
        self._excl = None
        if self.infer:
            moves = int(observation["moves"])
            if not self.remember or self._seat != self._last[0] or moves <= self._last[1]:
                self._memory = [0] * PLAYERS
            self._last = (self._seat, moves)
            self._memory = [a | b for a, b in zip(self._memory, evidence(observation),
                                                  strict=True)]
            self._excl = list(self._memory)
        self._deals = Deals(observation, self._excl)

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if len(self._legal) == 1:
            return self._legal[0]
        kids = self._root.children
        tried = [c for c in self._codes if c in kids]
        if not tried:
            assert self._deals is not None
            f = self._deals.deal(Rng(self.rng.state))
            code = self._policy(f)
            return self._legal[self._codes.index(code)] if code in self._codes else (
                self._legal[0])
        hint = self._root.hint
        code = max(tried, key=lambda c: (kids[c].visits, c == hint, kids[c].total))
        return self._legal[self._codes.index(code)]

    # ----- one iteration --------------------------------------------------------------------
    def _policy(self, f: FastDudak) -> int:
        kind = self.own if f.current == self._seat else self.opponents
        return f.normal() if kind == "normal" else f.greedy()

    def _iterate(self) -> None:
        rng = self.rng
        assert self._deals is not None
        f = self._deals.deal(rng)
        node = root = self._root
        path: list[Node] = []
        c = self.exploration
        first = True
        bias, widen = self.bias, self.widen
        fixed = self.opp_tree == "policy"
        me = self._seat
        while f.dudak < 0:
            seat = f.current
            kids = node.children
            if fixed and not first and seat != me:
                m = self._policy(f)
                f.apply(m)
                child = kids.get(m)
                if child is None:
                    child = kids[m] = Node(seat)
                node = child
                path.append(node)
                continue
            legal = self._codes if first else f.legal()
            hint = node.hint
            if hint not in legal:
                hint = node.hint = legal[0] if len(legal) == 1 else self._policy(f)
            room = (len(legal) if first or not widen
                    else 1 + int(widen * math.sqrt(node.visits)))
            first = False
            tried = [m for m in legal if m in kids]
            if len(tried) < room and len(tried) < len(legal):
                if hint not in kids:
                    m = hint
                else:
                    untried = [m for m in legal if m not in kids]
                    m = untried[rng.below(len(untried))]
                child = Node(seat)
                kids[m] = child
                f.apply(m)
                path.append(child)
                break
            best_m = -1
            best_v = -1.0
            log = math.log
            for m in tried:
                ch = kids[m]
                ch.avail += 1
                v = ch.total / ch.visits + c * math.sqrt(log(ch.avail) / ch.visits)
                if m == hint:
                    v += bias / (ch.visits + 1)
                if v > best_v:
                    best_v, best_m = v, m
            node = kids[best_m]
            f.apply(best_m)
            path.append(node)
        reward = self._rollout(f)
        for n in path:
            n.visits += 1
            n.total += reward[n.seat]
        root.visits += 1

    def _rollout(self, f: FastDudak) -> list[float]:
        rng, eps = self.rng, self.epsilon
        me = self._seat
        own_normal = self.own == "normal"
        opp_normal = self.opponents == "normal"
        left = self.rollout_moves
        order = self.out_order
        out: list[int] = []
        hands = f.hands
        while f.dudak < 0 and left > 0:
            seat = f.current
            if eps and rng.random() < eps:
                legal = f.legal()
                m = legal[rng.below(len(legal))]
            elif (own_normal if seat == me else opp_normal):
                m = f.normal()
            else:
                m = f.greedy()
            f.apply(m)
            if order and not hands[seat] and seat not in out and seat != f.current:
                out.append(seat)
            left -= 1
        if f.dudak >= 0:
            reward = [0.0 if s == f.dudak else 1.0 for s in range(PLAYERS)]
            if order:
                n = PLAYERS
                for s in range(n):
                    if reward[s] > 0:
                        late = out.index(s) + (n - 1 - len(out)) if s in out else 0
                        reward[s] = 1.0 - order * late / (n - 1)
            return reward
        counts = [f.count(s) for s in range(PLAYERS)]
        most = max(counts) or 1
        return [1.0 - (k / most) ** 2 for k in counts]
