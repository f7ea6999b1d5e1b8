"""The Hospodský autobus turn planner and the hard level's search (game/ai/autobus_*.py)."""
from __future__ import annotations

from game.ai import make_bot
from game.games.autobus.plan import Planner, context_from_obs, from_obs
from game.games.autobus.rules import Autobus
from game.games.autobus.search import AutobusSearch, AutobusSim
from game.rules import Move

from .helpers import rest_of_deck

#: the hard level's search alone, without its final choice by the judge (these tests pin
#: the search; the final choice: tests/test_judge.py)
SEARCH: dict[str, object] = {"final": ""}

R0 = "2S 3S 4S 5S 6S 7S 8S 9S TS 5H"
R1 = "2D 3D 4D 5D 6D 7D 8D 9D TD 9C"


def deal(reserves: list[str], hands: list[str]) -> Autobus:
    front = [c for r in reserves for c in r.split()] + [c for h in hands for c in h.split()]
    return Autobus.new(deck=front + rest_of_deck("autobus", front), players=len(hands))


def test_BUS5_BUS6_planner_bridges_a_run_to_the_reserve_top() -> None:
    # run1 needs a 3; the hand holds 3 and 4, the reserve top is 5H: play 3, 4, then 5
    g = deal([R0, R1], ["3H 4C KD QD", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H"]]
    obs = g.observation(0)
    value, plan = Planner(context_from_obs(obs)).plan(from_obs(obs))
    plays = [(m.args[0], m.args[1]) for m in plan if m.kind == "play"]
    assert plays[:3] == [("3H", "hand"), ("4C", "hand"), ("5H", "reserve")]
    assert make_bot("autobus", "hard", seed=1, overrides=SEARCH | {"iterations": 4}).choose(
        obs, g.legal_moves()) == Move("play", ("3H", "hand", "run1"))


def test_BUS11_planner_feeds_a_run_after_a_quiet_circuit() -> None:
    # nothing helps the reserve top, so the planner would rather keep its cards; after a
    # quiet circuit with the stock and completed pile empty it must play onto a run
    g = deal([R0, R1], ["3H KC KD QD", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H"]]
    g.stock, g.completed = [], []
    g.quiet = 2
    legal = g.legal_moves()
    move = make_bot("autobus", "hard", seed=1, overrides=SEARCH | {"iterations": 4}).choose(
        g.observation(0), legal)
    assert move.kind == "play"


def test_planner_moves_are_legal_along_a_whole_deal() -> None:
    """Every move of every plan, applied in order while the turn lasts, is legal."""
    g = Autobus.new(seed=3, players=3)
    bots = [make_bot("autobus", "normal", seed=s) for s in range(3)]
    checked = 0
    while not g.is_over and g.turn < 60:
        seat = g.current_player
        assert seat is not None
        obs = g.observation(seat)
        _, plan = Planner(context_from_obs(obs)).plan(from_obs(obs))
        trial = g.clone()
        for m in plan:
            if trial.is_over or trial.current_player != seat:
                break
            assert m in trial.legal_moves(), (m, plan)
            trial.play(m)
            checked += 1
        g.play(bots[seat].choose(obs, g.legal_moves()))
    assert checked > 50


def test_hard_is_anytime_and_honours_iterations() -> None:
    g = Autobus.new(seed=22)   # no reserve play: several first moves
    obs, legal = g.observation(0), g.legal_moves()
    fixed = {"iterations": 6, "margin": 1e9}
    a = make_bot("autobus", "hard", seed=9, overrides=SEARCH | fixed)
    b = make_bot("autobus", "hard", seed=9, overrides=SEARCH | fixed)
    b.start(obs, legal)
    slices = 0
    while not b.step(0.005):
        slices += 1
    assert a.choose(obs, legal) == b.best() and b.best() in legal
    assert isinstance(b, AutobusSearch) and b.iterations_done == 6
    # on the clock: a small budget ends after a few slices, with a legal move
    # (0.08 s of CPU: one walk can take over 20 ms on a loaded machine, which once ended a
    # 0.02 s budget in its first slice)
    c = make_bot("autobus", "hard", seed=9, overrides=SEARCH | {"budget": 0.08, "margin": 1e9})
    c.start(obs, legal)
    steps = 1
    while not c.step(0.005):
        steps += 1
    assert 2 <= steps <= 80 and c.best() in legal


def test_hard_tree_tries_every_root_move_on_each_deal_and_grows_a_second_level() -> None:
    """The level's setting (``sweep``): each sampled deal is played from every root move
    (the candidates are compared on the same deals); below the root the tree selects by
    UCB1, and the seat's next turn branches again."""
    g = Autobus.new(seed=22)   # no reserve play: several first moves
    obs, legal = g.observation(0), g.legal_moves()
    bot = make_bot("autobus", "hard", seed=3,
                   overrides=SEARCH | {"iterations": 60, "margin": 1e9, "confidence": 0.0})
    assert isinstance(bot, AutobusSearch) and bot.sweep
    move = bot.choose(obs, legal)
    kids = bot.root.children
    assert len(kids) >= 2 and all(ch.visits == 60 for ch in kids.values())
    assert bot.root.visits == 60 * len(kids)
    # equal visits: the best mean is the move played
    assert move == max(kids, key=lambda m: kids[m].total / kids[m].visits)
    deep = [n for ch in kids.values() for n in ch.children.values()]
    assert deep and sum(n.visits for n in deep) > 0
    # UCB spreads the visits of a second-level node's children unevenly
    assert any(len({n.visits for n in ch.children.values()}) > 1 for ch in kids.values())


def test_hard_tree_spreads_root_visits_by_ucb_without_the_sweep() -> None:
    g = Autobus.new(seed=22)   # no reserve play: several first moves
    obs, legal = g.observation(0), g.legal_moves()
    bot = make_bot("autobus", "hard", seed=3,
                   overrides=SEARCH | {"iterations": 60, "margin": 1e9, "sweep": False})
    assert isinstance(bot, AutobusSearch)
    move = bot.choose(obs, legal)
    kids = bot.root.children
    assert len(kids) >= 2 and all(ch.visits >= 1 for ch in kids.values())
    assert sum(ch.visits for ch in kids.values()) == 60 == bot.root.visits
    # the most visited root move is the one played
    assert move == max(kids, key=lambda m: kids[m].visits)
    # the seat's next turn branches again: second-level nodes exist under the root moves
    assert any(ch.children for ch in kids.values())
    deep = [n for ch in kids.values() for n in ch.children.values()]
    assert deep and sum(n.visits for n in deep) > 0


def test_hard_tree_with_fixed_iterations_is_reproducible() -> None:
    g = Autobus.new(seed=11, players=3)
    obs, legal = g.observation(0), g.legal_moves()
    fixed = {"iterations": 30, "margin": 1e9}
    runs = []
    for _ in range(2):
        bot = make_bot("autobus", "hard", seed=4, overrides=SEARCH | fixed)
        assert isinstance(bot, AutobusSearch)
        move = bot.choose(obs, legal)
        runs.append((move, sorted((str(m), ch.visits, round(ch.total, 6))
                                  for m, ch in bot.root.children.items())))
    assert runs[0] == runs[1]


def test_BUS6_planner_plays_the_reserve_top_before_committing_other_cards() -> None:
    # run1 needs a 5 and the reserve top is 5H; the hand could also feed run2 first, but
    # the uncovered card is news, so every first move the planner offers is that play
    g = deal([R0, R1], ["6C 7C KD X", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H", "3H", "4H"], ["AD", "2D", "3D", "4D", "5D"]]
    obs, legal = g.observation(0), g.legal_moves()
    assert any(m.args[1] == "hand" for m in legal if m.kind == "play")
    plans = Planner(context_from_obs(obs)).root_plans(from_obs(obs), legal)
    assert list(plans) == [Move("play", ("5H", "reserve", "run1"))]
    bot = make_bot("autobus", "hard", seed=2, overrides=SEARCH | {"iterations": 4})
    assert bot.choose(obs, legal) == Move("play", ("5H", "reserve", "run1"))


def test_BUS8_value_estimate_fears_a_pile_wall_with_nothing_to_put_on_it() -> None:
    # every space taken (ranks 3, 8, J, K): keeping a card of one of those ranks saves the
    # next turn from the bus; keeping only cards that fit nowhere is marked down
    from game.games.autobus.plan import TurnState, Weights, evaluate

    def state(hand: list[str]) -> TurnState:
        return TurnState(hand, ["9S"], 5, [["3C"], ["8D"], ["JH"], ["KS"]],
                         ["3", "8", "J", "K"], [None], None)

    ctx = context_from_obs(deal([R0, R1], ["2H 2C 2D 2S", "AC 2C 3C 4C"]).observation(0))
    safe, wall = evaluate(state(["5C", "8H"]), ctx), evaluate(state(["5C", "6H"]), ctx)
    assert safe - wall == Weights().lock > 0


def test_hard_plays_its_own_turns_in_the_walks_by_the_plan() -> None:
    """In a walk the rest of the seat's turn follows the plan of the move tried (then the
    planner again after each new card), not the normal heuristic's choices."""
    g = deal([R0, R1], ["3H 4C KD QD", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H"]]
    bot = make_bot("autobus", "hard", seed=1, overrides=SEARCH | {"iterations": 1})
    assert isinstance(bot, AutobusSearch) and bot.own == "plan"
    bot.start(g.observation(0), g.legal_moves())
    trial = g.clone()
    first = Move("play", ("3H", "hand", "run1"))
    trial._apply(first)
    sim = bot.sim
    assert isinstance(sim, AutobusSim)
    sim.own_turn(trial, 0, bot.sim_plans()[first][1:])
    # 4C and the reserve top 5H followed the 3H: the run now needs a 6 or more
    assert trial.runs[0] is not None and len(trial.runs[0]) >= 5
    assert trial.runs[0][2:5] == ["3H", "4C", "5H"]


def test_hard_keeps_the_planners_choice_unless_the_search_is_confident() -> None:
    """With ``confidence`` (the level's setting) another root move replaces the planner's
    choice only when it scored higher on the same sampled deals by that many standard
    errors of the paired difference."""
    g = Autobus.new(seed=22)
    obs, legal = g.observation(0), g.legal_moves()
    bot = make_bot("autobus", "hard", seed=3, overrides=SEARCH | {"iterations": 40, "margin": 1e9})
    assert isinstance(bot, AutobusSearch) and bot.confidence > 0
    bot.start(obs, legal)
    while not bot.step(0.01):
        pass
    n = bot.root.children[bot.root_moves[0]].visits
    assert n == 40
    # a fabricated record: candidate 1 always 1 point better, candidate 2 better on average
    # but noisy (+9 or -7): only candidate 1 is a confident improvement
    bot._diff = [0.0, 1.0 * n, 1.0 * n] + [0.0] * (len(bot._diff) - 3)
    bot._diff_sq = [0.0, 1.0 * n, 65.0 * n] + [0.0] * (len(bot._diff) - 3)
    assert bot._confident() == 1
    bot._diff[1] = bot._diff_sq[1] = 0.0
    assert bot._confident() == 0            # the noisy one does not replace the plan
    assert bot.best() == bot.root_moves[0]


def test_hard_thinks_one_walk_at_a_time() -> None:
    """A sweep plays one sampled deal from every root move; each anytime step runs one
    walk of it, so a frame never waits for a whole sweep, and only a finished sweep
    counts as an iteration."""
    g = Autobus.new(seed=22)
    obs, legal = g.observation(0), g.legal_moves()
    bot = make_bot("autobus", "hard", seed=3, overrides=SEARCH | {"iterations": 2, "margin": 1e9})
    assert isinstance(bot, AutobusSearch)
    bot.start(obs, legal)
    k = len(bot.root_moves)
    assert k >= 2
    walks = 0
    while bot.iterations_done < 1:
        if bot._iterate() is not False:      # as Anytime.step counts the calls
            bot._count += 1
        walks += 1
    assert walks == k and bot._pairs == 1
    assert sorted(ch.visits for ch in bot.root.children.values()) == [1] * k


def test_BUS10_BUS11_planner_keeps_cards_flowing_as_the_stock_runs_dry() -> None:
    # run1 needs a 7 and a pile of sevens waits on aux1; nothing else changes (the other
    # seat's top 3C is out of that run's reach).  With a full stock the pile is kept as a
    # resource; with the stock and completed pile nearly gone, cards held back starve
    # the deal toward a draw, so the planner feeds the run from the pile.
    g = deal([R0, "2D 3D 4D 5D 6D 7D 8D 9D TD 3C"], ["KH QC QD JD", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H", "3H", "4H", "5H", "6H"]]
    g.aux[0], g.aux_rank[0] = [["7C", "7D"], ["9C"], [], []], ["7", "9", None, None]

    def plan() -> list[Move]:
        obs = g.observation(0)
        return Planner(context_from_obs(obs)).plan(from_obs(obs))[1]

    assert [m.kind for m in plan()] == ["discard"]
    g.stock, g.completed = g.stock[:6], []
    assert plan()[0] == Move("play", ("7D", "aux1", "run1"))


def test_value_estimate_fears_a_threat_more_as_that_reserve_shrinks() -> None:
    """The other seat's top within reach of a run costs more the fewer cards it has left
    (``urgency``): at one card, feeding its run ends the deal."""
    from game.games.autobus.plan import Weights, evaluate

    g = deal([R0, R1], ["3H 4C KD QD", "AC 2C 3C 4C"])
    g.runs = [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]]    # needs a 9: R1's top
    obs = g.observation(0)
    assert Weights().urgency > 0
    far = evaluate(from_obs(obs), context_from_obs(obs))
    obs["reserve_sizes"] = [10, 1]
    near = evaluate(from_obs(obs), context_from_obs(obs))
    assert near < far
