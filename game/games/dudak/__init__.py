"""Dudák: everything this game is, in one folder.

Modules: ``fast``, ``greedy``, ``heuristic``, ``infer``, ``layout``, ``observation``,
``review``, ``rollout``, ``rules``, ``search``, ``table``, ``why``, ``words``.
``SPEC`` tells shared code where they are (lazy references: reading it imports nothing).
"""
from __future__ import annotations

from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="dudak",
    engine_ref="game.games.dudak.rules:Dudak",
    table="game.games.dudak.table:DudakTable",
    summary=N_("Czech cards and a trump suit of your own; the last one holding cards "
                "loses."),
    tile_card="OH",
    sampler="game.games.dudak.infer:sample",
    bots={
        "dudak_heuristic": "game.games.dudak.heuristic:DudakHeuristic",
        "dudak_search": "game.games.dudak.search:DudakSearch",
    },
    # the AI and the review (modules greedy, rollout; spec.py's AI block)
    greedy="game.games.dudak.greedy:decide",
    rollouts={"greedy": "game.games.dudak.rollout:greedy_policy",
              "normal": "game.games.dudak.rollout:normal_policy"},
    reward="game.games.dudak.rollout:reward",
    goes_out="game.games.dudak.rules:Dudak.is_out",
    loser="the Dudák",
    review_settings={"threshold": 0.1, "samples": 96, "iterations": 1200},
    review_situation="game.games.dudak.review:situation",
    review_why="game.games.dudak.why:why",
    review_traits="game.games.dudak.why:TRAITS",
    # presentation, History, settings, tools and tests
    words="game.games.dudak.words:WORDS",
    rule_prefix="DUD",
    average_places=2,
    rules_fan=("UH", "OL", "AA"),
)
