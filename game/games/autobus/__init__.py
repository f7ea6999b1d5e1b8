"""Hospodský autobus: everything this game is, in one folder.

Modules: ``greedy``, ``heuristic``, ``infer``, ``layout``, ``lookahead``, ``observation``,
``plan``, ``review``, ``rollout``, ``rules``, ``search``, ``table``, ``words``.
``SPEC`` tells shared code where they are (lazy references: reading it imports nothing).
"""
from __future__ import annotations

from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="autobus",
    engine_ref="game.games.autobus.rules:Autobus",
    table="game.games.autobus.table:AutobusTable",
    summary=N_("Empty your reserve first by building shared runs from ace to king."),
    tile_card="X",
    sampler="game.games.autobus.infer:sample",
    bots={
        "autobus_heuristic": "game.games.autobus.heuristic:AutobusHeuristic",
        "autobus_search": "game.games.autobus.search:AutobusSearch",
        "autobus_planner": "game.games.autobus.plan:PlannerBot",
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    fallback_levels={"normal": {"kind": "autobus_heuristic", "think_delay": [0.5, 0.9],
                                "label": "Normal"}},
    greedy="game.games.autobus.greedy:decide",
    rollouts={"normal": "game.games.autobus.rollout:normal_policy"},
    reward="game.games.autobus.rollout:reward",
    review_settings={"threshold": 0.05, "samples": 96, "iterations": 16},
    review_value="game.games.autobus.review:value",
    review_why="game.games.autobus.why:why",
    review_traits="game.games.autobus.why:TRAITS",
    # presentation, History, settings, tools and tests
    words="game.games.autobus.words:WORDS",
    rule_prefix="BUS",
    surrender_count="reserve_sizes",
    rules_fan=("AS", "2H", "X"),
    players_setting="autobus_players",
    benches={"lookahead": "game.games.autobus.lookahead:command"},
)
