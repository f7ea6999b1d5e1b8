"""The Dudák ``hard`` level: information-set MCTS (game/ai/ismcts.py) on the lean
simulator (dudak_fast.py).

The search of game/ai/ismcts.py (UCB1 with availability counts, progressive widening
below the root with a bias toward the rollout policy's move) on Dudák's own simulator,
so that an iteration costs a fraction of the generic one: states are bit masks, moves
are ints, and the rollout policies are built into the simulator.  Each iteration

1. deals the unseen cards at random to the other hands by size, avoiding the cards the
   pile shows a hand did not hold (game/games/dudak/infer.py),
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

from typing import Any

from game.ai.bots import option
from game.ai.ismcts import Draws, Ismcts, Simulator
from game.games.dudak.fast import PLAYERS, FastDudak, to_code
from game.games.dudak.infer import Beliefs, Deals
from game.rules import Move, Rng

#: the rollout policies a seat can play: the greedy baseline or the normal heuristic
POLICY_KINDS = ("greedy", "normal")


class DudakSim(Simulator[FastDudak, int]):
    """FastDudak as the search's simulator, for one observation: the searching seat
    plays ``own``, the others ``opponents`` (each "greedy" or "normal")."""

    def __init__(self, deals: Deals, seat: int, own: str, opponents: str, epsilon: float,
                 rollout_moves: int, out_order: float) -> None:
        self.deals = deals
        self.seat = seat
        self.own_normal = own == "normal"
        self.opp_normal = opponents == "normal"
        self.epsilon = epsilon
        self.rollout_moves = rollout_moves
        self.out_order = out_order

    def determinize(self, rng: Draws) -> FastDudak:
        assert isinstance(rng, Rng)
        return self.deals.deal(rng)

    def to_move(self, s: FastDudak) -> int:
        return s.current

    def is_terminal(self, s: FastDudak) -> bool:
        return s.dudak >= 0

    def choices(self, s: FastDudak) -> tuple[list[int], list[float] | None]:
        return s.legal(), None

    def apply(self, s: FastDudak, m: int) -> None:
        s.apply(m)

    def clone(self, s: FastDudak) -> FastDudak:
        return s.clone()

    def hint(self, s: FastDudak, moves: list[int]) -> int:
        """The policy of the seat to act (``own`` or ``opponents``)."""
        normal = self.own_normal if s.current == self.seat else self.opp_normal
        return s.normal() if normal else s.greedy()

    def model(self, s: FastDudak) -> int:
        return s.normal() if self.opp_normal else s.greedy()

    def rollout(self, f: FastDudak, rng: Draws) -> list[float]:
        """Play on by the seats' policies (a random move with chance ``epsilon``), at
        most ``rollout_moves`` moves; 1 for going out, 0 for the Dudák (``out_order`` of
        it for going out early), a cut-off deal scored by the cards left."""
        eps = self.epsilon
        me = self.seat
        own_normal = self.own_normal
        opp_normal = self.opp_normal
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


class DudakSearch(Ismcts[FastDudak, int]):
    batch = 4              # iterations between clock reads (one is cheap)
    defaults = {"budget": 0.15, "exploration": 0.7, "bias": 1.0, "widen": 0.5}

    def __init__(self, game: str, level: str, seed: int, params: dict[str, Any]) -> None:
        if game != "dudak":
            raise ValueError("dudak_search plays Dudák only")
        super().__init__(game, level, seed, params)
        self.rollout_moves = int(params.get("rollout_moves", 400))
        self.epsilon = float(params.get("epsilon", 0.0))
        #: how much of the reward is going out early (0: only "not the Dudák")
        self.out_order = float(params.get("out_order", 0.0))
        #: rollout policy of the searching seat and of the others: "greedy" or "normal"
        self.own = option(params, "own", "greedy", POLICY_KINDS)
        self.opponents = option(params, "opponents", "greedy", POLICY_KINDS)
        #: the other seats' moves in the tree: "search" (chosen by UCB, as the searching
        #: seat's) or "policy" (the rollout policy's move in each sampled deal, a node on
        #: the way)
        self.opp_tree = option(params, "opp_tree", "search", ("search", "policy"))
        self.model = self.opp_tree == "policy"
        #: deal the hidden cards using what the pile shows of each hand (see evidence)
        self.infer = bool(params.get("infer", True))
        #: ... and remember it from turn to turn within a deal
        self.remember = bool(params.get("remember", True))
        self.beliefs = Beliefs(self.remember)

    def _code(self, move: Move) -> int:
        return to_code(move)

    def _simulator(self, observation: dict[str, Any]) -> DudakSim:
        exclude = self.beliefs.update(observation) if self.infer else None
        return DudakSim(Deals(observation, exclude), self._seat, self.own, self.opponents,
                        self.epsilon, self.rollout_moves, self.out_order)
