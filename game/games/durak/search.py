"""The Durak "hard" level: information-set MCTS on the fast simulator, exact endgames.

- While the talon lasts: single-observer ISMCTS (game/ai/ismcts.py) over
  :class:`game.games.durak.fast.Fast` states.  Each iteration deals the unseen cards at random
  between the opponent's hand and the talon (game/games/durak/infer.py: the indicator stays
  last, cards the opponent picked up stay in its hand), walks the tree by UCB1 with
  availability counts (no hints: an untried move is picked at random), adds one
  node and plays the deal to its end with bit-level rules of thumb (``rollout`` for this
  seat, ``opponent`` for the other, a random move with chance ``epsilon``).  With
  ``opponent_tree = "model"`` the opponent's replies inside the tree follow the
  ``opponent`` rule of thumb too (an opponent model: the tree then branches only on this
  seat's choices, which is what makes the level strong against rule-based players; a
  new reply ends the walk); with ``"ucb"`` they are chosen by UCB1 as in plain ISMCTS.
- Once the talon is empty every card is known (the unseen ones are the opponent's hand):
  the endgame solver (:mod:`game.games.durak.endgame`) finds the position's value under
  best play, a slice of CPU time per ``step`` like the search.  A winning move is played
  at once (the normal rule of thumb's move where it wins); with a draw at best, the
  search chooses among the moves that keep the draw; in a lost position it searches all
  moves (the opponent may err).  The solver's budget is ``solve_nodes`` positions
  settled (the review's own budget: the level asks a part of the review's questions in
  the same order, so where the review is certain the level has solved the position
  too), whatever the search's budget; the solver's memo is kept through the endgame.

The search's budget is CPU time (``budget`` seconds) or, with ``iterations``, a fixed
number of iterations, so a decision depends on the observation and the seed alone.
``start`` / ``step(seconds)`` / ``best`` / ``choose`` as every bot.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.bots import option
from game.ai.ismcts import Draws, Ismcts, PyRandom, Simulator
from game.games.durak.endgame import Solve, Solver, live, state_of
from game.games.durak.fast import ID, STOP, TAKE, Fast, greedy_move, normal_move
from game.games.durak.infer import Deals
from game.games.durak.observation import observed
from game.rules import Move

POLICIES: dict[str, Callable[[Fast], int]] = {"greedy": greedy_move, "normal": normal_move}
#: the solver's memo is started afresh before a decision once it holds this many
#: positions (its size stays bounded; a fresh memo solves what the review solves)
MEMO_MAX = 300_000


class DurakSim(Simulator[Fast, int]):
    """Fast as the search's simulator, for one observation: the searching seat plays
    ``own`` in the rollouts, the opponent ``opp`` (in the tree too with the model)."""

    def __init__(self, deals: Deals, own: Callable[[Fast], int], opp: Callable[[Fast], int],
                 epsilon: float) -> None:
        self.deals = deals
        self.seat = deals.seat
        self.own, self.opp, self.epsilon = own, opp, epsilon

    def determinize(self, rng: Draws) -> Fast:
        assert isinstance(rng, PyRandom)
        return self.deals.deal(rng)

    def to_move(self, s: Fast) -> int:
        return s.current

    def is_terminal(self, s: Fast) -> bool:
        return s.over

    def choices(self, s: Fast) -> tuple[list[int], list[float] | None]:
        return s.legal(), None

    def apply(self, s: Fast, m: int) -> None:
        s.apply(m)

    def model(self, s: Fast) -> int:
        return self.opp(s)

    def rollout(self, g: Fast, rng: Draws) -> list[float]:
        """Play to the end by the rules of thumb (a random move with chance
        ``epsilon``); the reward is the deal's result (DUR-10) for each seat."""
        own, opp, eps = self.own, self.opp, self.epsilon
        me = self.seat
        rand = rng.random
        while not g.over:
            if eps and rand() < eps:
                moves = g.legal()
                m = moves[int(rand() * len(moves))]
            else:
                m = own(g) if g.current == me else opp(g)
            g.apply(m)
        r0 = g.result(0)
        return [r0, 1.0 - r0]


class DurakSearch(Ismcts[Fast, int]):
    hints = False
    model_nodes = "stop"
    defaults = {"budget": 0.1, "exploration": 0.7, "bias": 1.0, "widen": 0.0}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        if game != "durak":
            raise ValueError("durak_search plays Durak only")
        super().__init__(game, level, seed, params)
        self.epsilon = float(params.get("epsilon", 0.05))
        self.own = POLICIES[option(params, "rollout", "normal", tuple(POLICIES))]
        self.opp = POLICIES[option(params, "opponent", "greedy", tuple(POLICIES))]
        #: positions the endgame solver may settle per decision (0: no endgame solving)
        self.solve_nodes = int(params.get("solve_nodes", 100_000))
        #: "model": in the tree the opponent replies as the ``opponent`` rule of thumb
        #: does; "ucb": it picks its replies by UCB1 like this seat
        self.model = option(params, "opponent_tree", "ucb", ("ucb", "model")) == "model"
        #: stop early once the leading root move is ahead by this share of the iterations
        #: left (1.0: only when nothing can change the decision)
        self.settle = float(params.get("settle", 1.0))
        self._solver: Solver | None = None
        self._live = 0                      # the cards in play when the memo began
        self._solve: Solve | None = None
        self._deals: Deals | None = None
        self._chosen: int | None = None
        #: the decision is settled exactly: the move played keeps the best value under
        #: best play (the judge has nothing to add)
        self.certain = False
        #: with the endgame solved: the moves that keep its value (None: not solved)
        self.kept: list[Move] | None = None

    def _generator(self, seed: int) -> Draws:
        return PyRandom(seed)

    def _code(self, move: Move) -> int:
        return TAKE if move.kind == "take" else STOP if move.kind == "stop" else ID[move.args[0]]

    def _simulator(self, observation: dict[str, Any]) -> DurakSim:
        self._deals = Deals(observation)
        return DurakSim(self._deals, self.own, self.opp, self.epsilon)

    # ----- anytime interface --------------------------------------------------------------
    @property
    def solving(self) -> bool:
        """The endgame solver is at work (its budget is positions, not the search's time)."""
        return self._solve is not None

    def start(self, observation: dict[str, Any], legal: list[Move]) -> None:
        super().start(observation, legal)
        self._chosen, self._solve = None, None
        self.certain, self.kept = False, None
        if self._final:
            return
        if observed(observation)["talon_size"] == 0 and self.solve_nodes:
            assert self._deals is not None
            g = self._deals.everything()
            self._solve = Solve(self._solver_for(g), g, self._seat, self.solve_nodes,
                                first=normal_move(g), moves=self.root_moves)

    def _solver_for(self, g: Fast) -> Solver:
        """The solver of this endgame: its memo kept from the decisions before, unless
        this is another endgame (other trumps, cards back in play) or it grew large."""
        cards = live(state_of(g))
        s = self._solver
        if s is None or s.trump != g.trump or cards & ~self._live or len(s.memo) > MEMO_MAX:
            s = self._solver = Solver(g.trump)
            self._live = cards
        return s

    def step(self, seconds: float) -> bool:
        """A slice of the endgame solver while it works (the search's clock waits), then
        of the search."""
        solve = self._solve
        if solve is None:
            return super().step(seconds)
        if not solve.step(seconds):
            return False
        self._solve = None
        if not solve.gave_up and solve.best is not None:
            self._settled_by(solve.best, solve.kept)
        return self._final

    def _settled_by(self, best: int, kept: list[int]) -> None:
        """The endgame solved: a won position (or one move that keeps the best) is
        played at once, the moves that keep a draw are searched among; a lost one is
        searched whole (the opponent may err)."""
        self.kept = [self._by_code[m] for m in kept]
        if best == 2 or len(kept) == 1:
            self._chosen = kept[0]
            self._final = self.certain = True
        elif best == 1:
            self.root_moves = list(kept)     # search among the moves that keep the draw

    def _pick(self) -> int:
        if self._chosen is not None:
            return self._chosen
        return super()._pick()

    def _guess(self) -> int:
        """Before any walk: the ``rollout`` rule of thumb in a deal of a fixed seed."""
        assert self._deals is not None
        m = self.own(self._deals.deal(PyRandom(0)))
        return m if m in self.root_moves else self.root_moves[0]
