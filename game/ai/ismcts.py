"""Information-set Monte Carlo tree search: the one search behind every hard level.

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): one tree over the moves
of the deal as the searching seat sees it.  Each iteration is a *walk*:

1. deal the cards the seat cannot see (the simulator's ``determinize``, on what
   game/ai/infer reads from the observation),
2. walk down the tree, choosing among the moves available in that deal by UCB1 with
   availability counts, plus a progressive bias toward the node's *hint* (the rollout
   policy's move there) or the moves' *priors*, and add a node,
3. play on by the simulator's rollout policy and score the end (``rollout``),
4. back up each seat's reward into the nodes of the moves that seat made.

The move played is the root move visited most.  A game plugs in through a
:class:`Simulator` (its fast simulator, or its engine, behind a small adapter), and a
search level is an :class:`Ismcts` with that simulator and the knobs that make the
game's search what it is (hints and priors, widening, an opponent model inside the
tree, how far a walk goes, how availability is counted, a sweep of the root moves, an
early stop): the class attributes of :class:`Ismcts` say what each does.

Thinking is anytime (:class:`~game.ai.bots.Anytime`): ``start`` sets up, ``step(seconds)``
walks for a slice of CPU time, ``best`` is the move to play now.  The budget is CPU
time or, with ``iterations``, a fixed number of walks, which makes a decision a
function of the observation and the seed alone.  The search never reads hidden cards:
it gets only the observation and the legal moves.
"""
from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any, Generic, Protocol, TypeVar

from game.ai.bots import Anytime
from game.rules import Move, Rng

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)


class Draws(Protocol):
    """The generator a search draws from (``Rng``, or :class:`PyRandom`)."""

    def below(self, n: int) -> int: ...

    def random(self) -> float: ...

    def shuffle(self, items: list[Any]) -> None: ...


class PyRandom(random.Random):
    """Python's own generator with :class:`Draws`' ``below`` (a choice among one draws
    nothing), for the search that has always drawn from it (Durak hard), so its play
    stays the same."""

    def below(self, n: int) -> int:
        return self.randrange(n) if n > 1 else 0


class Simulator(Protocol[S, M]):
    """What a game's simulator gives the search for one decision: states ``S`` to play
    on and moves ``M`` (hashable keys; the search maps the root moves back to the
    engine's :class:`Move`).  The last four are needed only by some knobs; a simulator
    that subclasses this class gets stand-ins for those it does not need."""

    def determinize(self, rng: Draws) -> S:
        """A full state consistent with the observation (the hidden cards dealt)."""
        ...

    def to_move(self, s: S) -> int:
        """The seat to act in ``s``."""
        ...

    def is_terminal(self, s: S) -> bool:
        ...

    def choices(self, s: S) -> tuple[list[M], list[float] | None]:
        """The moves the tree considers at a decision below the root (the legal moves)
        and their priors (None: no priors)."""
        ...

    def apply(self, s: S, m: M) -> None:
        """Play ``m`` (the last :meth:`choices` listed it, or the root moves) in ``s``."""
        ...

    def rollout(self, s: S, rng: Draws) -> list[float]:
        """Play ``s`` on by the rollout policy (to the end or a cut-off) and return each
        seat's reward."""
        ...

    def begin(self, s: S) -> None:
        """A walk starts at ``s`` (the decision searched, in a sampled deal)."""
        return None

    def clone(self, s: S) -> S:
        """A copy of ``s`` (``sweep``: every root move is walked on one deal)."""
        raise TypeError(f"{type(self).__name__} has no clone (no sweep)")

    def hint(self, s: S, moves: list[M]) -> M:
        """The rollout policy's move among ``moves`` (``hints``)."""
        raise TypeError(f"{type(self).__name__} has no hint (no hints)")

    def model(self, s: S) -> M:
        """The opponent model's move for the seat to act (``model``)."""
        raise TypeError(f"{type(self).__name__} has no opponent model (no model)")


class Node(Generic[M]):
    """The statistics of the move that led here (by the seat that made it): visits,
    total reward, availability (how often it could be chosen when its parent was
    visited) and a prior; the children by move, and the node's hint."""

    __slots__ = ("avail", "children", "hint", "prior", "seat", "total", "visits")

    def __init__(self, seat: int, prior: float = 0.0) -> None:
        self.seat = seat
        self.children: dict[M, Node[M]] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.prior = prior
        self.hint: M | None = None


class Ismcts(Anytime, Generic[S, M]):
    """The search as an anytime bot.  A game's level subclasses it: ``_simulator``
    builds the simulator for a decision, ``_code`` turns a legal :class:`Move` into the
    simulator's move; the knobs are set in ``__init__`` (the class attributes below are
    the defaults, and ``defaults`` the level parameters' defaults)."""

    #: each node asks the simulator for its hint: tried first, worth ``bias / (n + 1)``
    #: to UCB (a move's prior is worth ``bias * prior / (n + 1)``); without hints an
    #: untried move is picked by its prior when the moves have priors, else at random
    hints = True
    #: the other seats' moves in the tree are the simulator's opponent model, not UCB's
    #: (the tree branches on the searching seat's choices only) ...
    model = False
    #: ... with a node each on the way ("path"), a new one ending the walk ("stop"), or
    #: no node at all ("none": the tree holds the searching seat's decisions only)
    model_nodes = "path"
    #: a walk adds one node and rolls out from it; else it walks on through new nodes
    #: to the ``depth`` cut (the searching seat's decisions per walk; 0: no cut)
    expand_one = True
    depth = 0
    #: availability counts grow at every visit of the parent, not only when UCB
    #: chooses among its children
    avail_every_visit = False
    #: every root move is walked on each sampled deal (common random numbers), one
    #: walk per call, and the paired differences against the first root move are kept
    sweep = False
    #: stop once the leading root move cannot be caught (see :meth:`_settled`)
    settle: float | None = None
    #: with ``widen``: every root move is a child at once (widening below the root only)
    root_all = True
    #: the level parameters read here and their defaults
    defaults: dict[str, float] = {"budget": 0.15, "exploration": 0.7, "bias": 1.0,
                                  "widen": 0.0}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        self.game, self.level = game, level
        self.rng: Draws = self._generator(seed)
        d = self.defaults
        #: CPU seconds of thinking per decision
        self.budget = float(params.get("budget", d["budget"]))
        #: a fixed number of iterations instead of the clock (reproducible decisions)
        self.iterations = int(params.get("iterations", 0))
        self.exploration = float(params.get("exploration", d["exploration"]))
        #: progressive bias toward a node's hint (worth bias / (n + 1)) or by priors
        self.bias = float(params.get("bias", d["bias"]))
        #: progressive widening below the root (0: every move is a child at once)
        self.widen = float(params.get("widen", d["widen"]))
        self.root_all = bool(params.get("root_all", type(self).root_all))
        self._obs: dict[str, Any] = {}
        self._legal: list[Move] = []
        self._by_code: dict[M, Move] = {}
        self._seat = 0
        self._root: Node[M] = Node(-1)
        #: the moves the root considers (the legal ones, or fewer) and their priors
        self.root_moves: list[M] = []
        self.root_priors: list[float] | None = None
        self._sim: Simulator[S, M] | None = None
        self._guessed: M | None = None
        self._deal: S | None = None
        self._scores: list[float] = []
        self._diff: list[float] = []
        self._diff_sq: list[float] = []
        self._pairs = 0
        self._spent = 0.0
        self._count = 0
        self._final = True

    def _generator(self, seed: int) -> Draws:
        return Rng(seed)

    # ----- what a game supplies ---------------------------------------------------------
    def _simulator(self, observation: dict[str, Any]) -> Simulator[S, M]:
        raise NotImplementedError

    def _code(self, move: Move) -> M:
        raise NotImplementedError

    # ----- anytime interface --------------------------------------------------------------
    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        if not legal:
            raise ValueError("no legal moves to choose from")
        self._obs = observation
        self._legal = list(legal)
        self._seat = int(observation["seat"])
        codes = [self._code(m) for m in self._legal]
        self._by_code = dict(zip(codes, self._legal, strict=True))
        #: one root move per distinct legal move (``legal`` may be any non-empty part of
        #: the legal moves, a hint's next best, and may hold equal moves)
        self.root_moves, self.root_priors = list(self._by_code), None
        self._root = Node(-1)
        self._spent = 0.0
        self._count = 0
        self._final = len(self.root_moves) == 1
        self._guessed = None
        self._deal, self._scores = None, []
        self._diff, self._diff_sq, self._pairs = [], [], 0
        self._sim = self._simulator(observation)

    @property
    def root(self) -> Node[M]:
        return self._root

    @property
    def sim(self) -> Simulator[S, M]:
        """The simulator of the decision being searched (after ``start``)."""
        if self._sim is None:
            raise RuntimeError("no decision started")
        return self._sim

    def best(self) -> Move:
        if not self._legal:
            raise RuntimeError("best() before start()")
        if len(self._by_code) == 1:
            return self._legal[0]
        return self._by_code[self._pick()]

    def _pick(self) -> M:
        """The root move visited most (ties: the root's hint, then the larger total)."""
        kids = self._root.children
        tried = [m for m in self.root_moves if m in kids]
        if not tried:
            return self._guess()
        hint = self._root.hint
        return max(tried, key=lambda m: (kids[m].visits, m == hint, kids[m].total))

    def _guess(self) -> M:
        """The move before any walk: the hint in a deal drawn from a copy of the
        generator (so guessing changes nothing that follows)."""
        if self._guessed is None:
            assert isinstance(self.rng, Rng)
            sim = self.sim
            m = sim.hint(sim.determinize(Rng(self.rng.state)), self.root_moves)
            self._guessed = m if m in self._by_code else self.root_moves[0]
        return self._guessed

    def _settled(self, used: float) -> bool:
        """With ``settle``: True when the most visited root move stays ahead by more than
        ``settle`` times the walks left (each adds one visit), so thinking on would not
        (with 1.0: could not) change the decision."""
        if self.settle is None:
            return False
        if self.iterations:
            left = float(self.iterations - self._count)
        else:
            spent = self._spent + used
            left = self._count * (self.budget - spent) / max(spent, 1e-6)
        kids = self._root.children
        visits = sorted((kids[m].visits for m in self.root_moves if m in kids), reverse=True)
        if len(visits) < len(self.root_moves):
            return False
        return visits[0] - visits[1] > left * self.settle

    # ----- one iteration --------------------------------------------------------------------
    def _iterate(self) -> bool:
        sim = self.sim
        if not self.sweep:
            self._walk(sim.determinize(self.rng))
            return True
        # one walk per call (a whole sweep could hold a frame): the sampled deal waits in
        # ``_deal`` until every root move has been walked on it; only a finished sweep
        # counts as an iteration (and as one pair of the paired differences)
        moves = self.root_moves
        if self._deal is None:
            self._deal, self._scores = sim.determinize(self.rng), []
            if not self._diff:
                self._diff, self._diff_sq = [0.0] * len(moves), [0.0] * len(moves)
        i = len(self._scores)
        m = moves[i]
        kids = self._root.children
        if m not in kids:
            kids[m] = Node(self._seat, self.root_priors[i] if self.root_priors else 0.0)
        kids[m].avail += 1
        self._scores.append(self._walk(sim.clone(self._deal), m)[self._seat])
        if len(self._scores) < len(moves):
            return False
        for j, sc in enumerate(self._scores):    # paired with the first root move
            d = sc - self._scores[0]
            self._diff[j] += d
            self._diff_sq[j] += d * d
        self._pairs += 1
        self._deal = None
        return True

    def _walk(self, s: S, first: M | None = None) -> list[float]:
        """One walk down the tree on the sampled deal ``s`` (from the root move
        ``first`` when given), the rollout, and the backup; returns the rewards."""
        sim, rng = self.sim, self.rng
        root = node = self._root
        path: list[Node[M]] = []
        me = self._seat
        c, bias, widen = self.exploration, self.bias, self.widen
        model, hints, every = self.model, self.hints, self.avail_every_visit
        nodes, one, cut = self.model_nodes, self.expand_one, self.depth
        sqrt, log = math.sqrt, math.log
        depth = 0
        sim.begin(s)
        while not sim.is_terminal(s):
            seat = sim.to_move(s)
            if model and seat != me:
                m = sim.model(s)
                sim.apply(s, m)
                if nodes == "none":
                    continue
                child = node.children.get(m)
                if child is None:
                    child = node.children[m] = Node(seat)
                    if nodes == "stop":
                        path.append(child)
                        break
                node = child
                path.append(node)
                continue
            kids = node.children
            if node is root:
                if first is not None:           # a sweep's walk: the root move is given
                    node = kids[first]
                    sim.apply(s, first)
                    path.append(node)
                    depth += 1
                    if cut and depth >= cut:
                        break
                    continue
                moves, priors = self.root_moves, self.root_priors
            else:
                moves, priors = sim.choices(s)
            hint: M | None = None
            if hints:
                hint = node.hint
                if hint is None or hint not in moves:
                    hint = moves[0] if len(moves) == 1 else sim.hint(s, moves)
                    if hint not in moves:       # a policy blind to ``moves`` (a part of
                        hint = moves[0]         # the legal moves at the root)
                    node.hint = hint
            room = (len(moves) if not widen or (node is root and self.root_all)
                    else 1 + int(widen * sqrt(node.visits)))
            tried = [m for m in moves if m in kids]
            if every:
                for m in tried:
                    kids[m].avail += 1
            if len(tried) < room and len(tried) < len(moves):
                if hint is not None and hint not in kids:
                    m = hint
                elif priors is not None:        # the best prior first (ties: the earliest)
                    top = -1
                    for i, k in enumerate(moves):
                        if k not in kids and (top < 0 or priors[i] > priors[top]):
                            top = i
                    m = moves[top]
                else:
                    untried = [k for k in moves if k not in kids]
                    m = untried[rng.below(len(untried))]
                child = kids[m] = Node(seat, 0.0 if priors is None else
                                       priors[moves.index(m)])
                if every:
                    child.avail = 1
                sim.apply(s, m)
                path.append(child)
                depth += 1
                if one or (cut and depth >= cut):
                    break
                node = child
                continue
            best_m = tried[0]
            best_v = -math.inf
            for m in tried:
                ch = kids[m]
                if not every:
                    ch.avail += 1
                v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if m == hint:
                    v += bias / (ch.visits + 1)
                if ch.prior:
                    v += bias * ch.prior / (ch.visits + 1)
                if v > best_v:
                    best_v, best_m = v, m
            node = kids[best_m]
            sim.apply(s, best_m)
            path.append(node)
            depth += 1
            if cut and depth >= cut:
                break
        reward = sim.rollout(s, rng)
        for n in path:
            n.visits += 1
            n.total += reward[n.seat]
        root.visits += 1
        return reward
