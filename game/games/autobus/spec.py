"""The spec of this game: its engine, bots and hooks as typed references, its table by
name (:class:`~game.games.spec.GameSpec`)."""
from __future__ import annotations

from game.games.autobus.checks import CHECKS
from game.games.autobus.greedy import decide
from game.games.autobus.heuristic import AutobusHeuristic
from game.games.autobus.infer import sample
from game.games.autobus.lookahead import command
from game.games.autobus.plan import PlannerBot
from game.games.autobus.review import value
from game.games.autobus.rollout import normal_policy, reward
from game.games.autobus.rules import Autobus
from game.games.autobus.search import AutobusSearch
from game.games.autobus.why import TRAITS, why
from game.games.autobus.words import WORDS
from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="autobus",
    engine=Autobus,
    table="game.games.autobus.table:AutobusTable",
    summary=N_("Empty your reserve first by building shared runs from ace to king."),
    tile_card="X",
    sampler=sample,
    bots={
        "autobus_heuristic": AutobusHeuristic,
        "autobus_search": AutobusSearch,
        "autobus_planner": PlannerBot,
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    fallback_levels={"normal": {"kind": "autobus_heuristic", "think_delay": [0.5, 0.9],
                                "label": "Normal"}},
    greedy=decide,
    rollouts={"normal": normal_policy},
    reward=reward,
    review_settings={"threshold": 0.05, "samples": 96, "iterations": 16},
    review_value=value,
    review_why=why,
    review_traits=TRAITS,
    # presentation, History, settings, tools and tests
    words=WORDS,
    rule_prefix="BUS",
    surrender_count="reserve_sizes",
    rules_fan=("AS", "2H", "X"),
    benches={"lookahead": command},
    checks=CHECKS,
)
