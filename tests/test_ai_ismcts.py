"""The one information-set search (game/ai/ismcts.py) on a toy game, knob by knob.

The toy is Nim: a pile of counters, each turn the seat to act takes 1, 2 or 3, and who
takes the last counter wins (leave a multiple of four to win).  Everything is public,
so every sampled deal is the same; what is checked is the search itself.
"""
from __future__ import annotations

import random
from typing import Any

from game.ai.ismcts import Draws, Ismcts, Node, PyRandom, Simulator
from game.rules import Move, Rng

State = list[int]          # [counters left, seat to act]


class Nim(Simulator[State, int]):
    def __init__(self, pile: int, priors: list[float] | None = None) -> None:
        self.pile = pile
        self.priors = priors
        self.walks = 0

    def determinize(self, rng: Draws) -> State:
        return [self.pile, 0]

    def to_move(self, s: State) -> int:
        return s[1]

    def is_terminal(self, s: State) -> bool:
        return s[0] == 0

    def choices(self, s: State) -> tuple[list[int], list[float] | None]:
        return [m for m in (1, 2, 3) if m <= s[0]], None

    def apply(self, s: State, m: int) -> None:
        s[0] -= m
        s[1] = 1 - s[1]

    def begin(self, s: State) -> None:
        self.walks += 1

    def clone(self, s: State) -> State:
        return list(s)

    def hint(self, s: State, moves: list[int]) -> int:
        return moves[-1]                    # take as many as allowed (often wrong)

    def model(self, s: State) -> int:
        return 1                            # the opponent model always takes one

    def rollout(self, s: State, rng: Draws) -> list[float]:
        while s[0]:
            self.apply(s, 1 + rng.below(min(3, s[0])))
        winner = 1 - s[1]                   # the seat that took the last counter
        return [float(winner == 0), float(winner == 1)]


class NimSearch(Ismcts[State, int]):
    def __init__(self, params: dict[str, Any], **knobs: Any) -> None:
        super().__init__("nim", "test", 1, params)
        for k, v in knobs.items():
            setattr(self, k, v)
        self.priors: list[float] | None = None

    def _code(self, move: Move) -> int:
        return int(move.args[0])

    def _simulator(self, observation: dict[str, Any]) -> Nim:
        return Nim(observation["pile"])

    def think(self, pile: int) -> Move:
        legal = [Move("take", (str(m),)) for m in (1, 2, 3) if m <= pile]
        self.start({"seat": 0, "pile": pile}, legal)
        if self.priors is not None:
            self.root_priors = self.priors
        while not self.step(3600.0):
            pass
        return self.best()


def _nodes(node: Node[int]) -> list[Node[int]]:
    out = []
    for ch in node.children.values():
        out += [ch, *_nodes(ch)]
    return out


def test_the_search_finds_the_winning_move_against_the_hint() -> None:
    """From 6 the only winning move is to take 2 (leaving 4); the hint says 3."""
    for pile, win in ((6, "2"), (7, "3"), (5, "1")):
        bot = NimSearch({"iterations": 3000})
        assert bot.think(pile) == Move("take", (win,)), pile
        assert bot.iterations_done == 3000 == bot.root.visits


def test_a_walk_adds_one_node_and_the_hint_is_tried_first() -> None:
    bot = NimSearch({"iterations": 5})
    bot.think(9)
    assert len(_nodes(bot.root)) == 5
    # the root's first child was the hint (take 3), expanded before the others
    assert list(bot.root.children)[0] == 3 and bot.root.hint == 3


def test_without_hints_untried_moves_go_by_prior_or_at_random() -> None:
    bot = NimSearch({"iterations": 2}, hints=False)
    bot.priors = [0.0, 5.0, 1.0]
    bot.think(9)
    assert list(bot.root.children) == [2, 3]          # best prior first, then the next
    orders = set()
    for seed in range(8):
        bot = NimSearch({"iterations": 3}, hints=False)
        bot.rng = Rng(seed)
        bot.think(9)
        orders.add(tuple(bot.root.children))
    assert len(orders) > 1                             # random order without priors


def test_widening_holds_back_children_below_the_root() -> None:
    wide = NimSearch({"iterations": 400})
    narrow = NimSearch({"iterations": 400, "widen": 0.1})
    wide.think(12)
    narrow.think(12)
    assert len(narrow.root.children) == 3              # root_all: every root move
    assert len(_nodes(narrow.root)) < len(_nodes(wide.root))


def test_opponent_model_nodes_on_the_way_ending_the_walk_or_off_the_tree() -> None:
    """The other seat's moves are the model's (always 1) with a node each on the way
    (a walk still adds one node of its own), a new one ending the walk, or no node."""
    path = NimSearch({"iterations": 12}, model=True, model_nodes="path")
    path.think(10)
    theirs = [n for n in _nodes(path.root) if n.seat == 1]
    ours = [n for n in _nodes(path.root) if n.seat == 0]
    assert len(ours) == 12 and theirs
    assert all(list(p.children) == [1] for p in ours if p.children)
    stop = NimSearch({"iterations": 12}, model=True, model_nodes="stop")
    stop.think(10)
    assert len(_nodes(stop.root)) == 12              # a new reply is the walk's node
    assert any(n.seat == 1 for n in _nodes(stop.root))
    off = NimSearch({"iterations": 12}, model=True, model_nodes="none")
    off.think(10)
    assert len(_nodes(off.root)) == 12 and all(n.seat == 0 for n in _nodes(off.root))


def test_walking_on_to_a_depth_cut_adds_a_node_per_own_decision() -> None:
    bot = NimSearch({"iterations": 1}, model=True, model_nodes="none", expand_one=False,
                    depth=2)
    bot.think(12)
    nodes = _nodes(bot.root)
    assert len(nodes) == 2 and all(n.visits == 1 for n in nodes)


def test_availability_counted_at_every_visit_or_only_when_choosing() -> None:
    every = NimSearch({"iterations": 3}, avail_every_visit=True)
    every.think(9)
    # three walks, three root children: each was available at every later visit
    assert sorted(ch.avail for ch in every.root.children.values()) == [1, 2, 3]
    chosen = NimSearch({"iterations": 3})
    chosen.think(9)
    assert sorted(ch.avail for ch in chosen.root.children.values()) == [0, 0, 0]


def test_a_sweep_walks_every_root_move_on_each_deal_one_walk_a_call() -> None:
    bot = NimSearch({"iterations": 20}, sweep=True)
    bot.think(9)
    assert [ch.visits for ch in bot.root.children.values()] == [20, 20, 20]
    sim = bot.sim
    assert isinstance(sim, Nim) and bot._pairs == 20 and sim.walks == 60
    assert bot._diff[0] == 0.0                       # paired with the first root move
    assert bot.best() == Move("take", ("1",))        # 9 - 1 = 8: the winning move


def test_settle_stops_once_the_leader_cannot_be_caught() -> None:
    bot = NimSearch({"iterations": 5000})
    bot.settle = 1.0
    assert bot.think(6) == Move("take", ("2",))
    assert bot.iterations_done < 5000


def test_a_move_is_ready_before_any_walk() -> None:
    bot = NimSearch({"iterations": 10})
    bot.start({"seat": 0, "pile": 9}, [Move("take", (str(m),)) for m in (1, 2, 3)])
    assert bot.best() == Move("take", ("3",))        # the hint, on a sampled deal
    assert bot.iterations_done == 0


def test_pyrandom_draws_nothing_for_a_choice_among_one() -> None:
    a, b = PyRandom(5), random.Random(5)
    assert a.below(1) == 0 and a.random() == b.random()
    assert [a.below(6) for _ in range(20)] == [b.randrange(6) for _ in range(20)]
