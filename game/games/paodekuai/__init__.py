"""Pao De Kuai: everything this game is, in one folder.

Modules: ``greedy``, ``heuristic``, ``infer``, ``layout``, ``observation``, ``review``,
``rollout``, ``rules``, ``table``, ``words``.
``SPEC`` tells shared code where they are (lazy references: reading it imports nothing).
"""
from __future__ import annotations

from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="paodekuai",
    engine_ref="game.games.paodekuai.rules:PaoDeKuai",
    table="game.games.paodekuai.table:PaoDeKuaiTable",
    summary=N_("Shed 16 cards first with pairs, straights and bombs."),
    tile_card="2S",
    sampler="game.games.paodekuai.infer:sample",
    bots={
        "paodekuai_heuristic": "game.games.paodekuai.heuristic:PaoDeKuaiHeuristic",
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    greedy="game.games.paodekuai.greedy:decide",
    rollouts={"greedy": "game.games.paodekuai.rollout:greedy_policy",
              "normal": "game.games.paodekuai.rollout:normal_policy"},
    reward="game.games.paodekuai.rollout:reward",
    review_unit="points",
    review_settings={"threshold": 2.4, "samples": 256, "iterations": 400, "scale": 24.0},
    review_value="game.games.paodekuai.review:value",
    same_move="game.games.paodekuai.review:same_move",
    review_why="game.games.paodekuai.why:why",
    review_traits="game.games.paodekuai.why:TRAITS",
    # presentation, History, settings, tools and tests
    words="game.games.paodekuai.words:WORDS",
    rule_prefix="PDK",
    score_shown="signed",
    surrender_count="hand_sizes",
    rules_fan=("3H", "AD", "2S"),
)
