"""Durak: everything this game is, in one folder.

Modules: ``fast``, ``greedy``, ``heuristic``, ``infer``, ``layout``, ``observation``,
``review``, ``rollout``, ``rules``, ``search``, ``table``, ``words``.
``SPEC`` tells shared code where they are (lazy references: reading it imports nothing).
"""
from __future__ import annotations

from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="durak",
    engine_ref="game.games.durak.rules:Durak",
    table="game.games.durak.table:DurakTable",
    summary=N_("Attack, defend, take: don't be the one left holding cards."),
    tile_card="KS",
    sampler="game.games.durak.infer:sample",
    bots={
        "durak_heuristic": "game.games.durak.heuristic:DurakHeuristic",
        "durak_search": "game.games.durak.search:DurakSearch",
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    fallback_levels={"normal": {"kind": "durak_heuristic", "think_delay": [0.6, 1.0],
                                "label": "Normal"}},
    greedy="game.games.durak.greedy:decide",
    rollouts={"greedy": "game.games.durak.rollout:greedy_policy",
              "normal": "game.games.durak.rollout:normal_policy"},
    reward="game.games.durak.rollout:reward",
    review_settings={"threshold": 0.1, "samples": 256, "iterations": 1500},
    review_exact="game.games.durak.review:exact",
    review_exact_play="game.games.durak.review:exact_play",
    review_why="game.games.durak.why:why",
    review_traits="game.games.durak.why:TRAITS",
    # presentation, History, settings, tools and tests
    words="game.games.durak.words:WORDS",
    rule_prefix="DUR",
    score_shown="outcome",
    average_places=2,
    rules_fan=("6H", "QS", "AD"),
    tools_default=True,
)
