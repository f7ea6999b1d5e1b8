"""Pao De Kuai: everything this game is, in one folder.

Modules: ``heuristic``, ``infer``, ``layout``, ``rules``, ``table``.
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
    # presentation, History, settings, tools and tests
    words="game.games.paodekuai.words:WORDS",
    rule_prefix="PDK",
    score_shown="signed",
    surrender_count="hand_sizes",
    rules_fan=("3H", "AD", "2S"),
)
