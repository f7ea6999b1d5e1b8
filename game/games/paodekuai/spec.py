"""The spec of this game: its engine, bots and hooks as typed references, its table by
name (:class:`~game.games.spec.GameSpec`)."""
from __future__ import annotations

from game.games.paodekuai.checks import CHECKS
from game.games.paodekuai.greedy import decide
from game.games.paodekuai.heuristic import PaoDeKuaiHeuristic
from game.games.paodekuai.infer import sample
from game.games.paodekuai.review import same_move, value
from game.games.paodekuai.rollout import greedy_policy, normal_policy, reward
from game.games.paodekuai.rules import PaoDeKuai
from game.games.paodekuai.why import TRAITS, why
from game.games.paodekuai.words import WORDS
from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="paodekuai",
    engine=PaoDeKuai,
    table="game.games.paodekuai.table:PaoDeKuaiTable",
    summary=N_("Shed 16 cards first with pairs, straights and bombs."),
    tile_card="2S",
    sampler=sample,
    bots={
        "paodekuai_heuristic": PaoDeKuaiHeuristic,
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    greedy=decide,
    rollouts={"greedy": greedy_policy,
              "normal": normal_policy},
    reward=reward,
    review_unit="points",
    review_settings={"threshold": 2.4, "samples": 256, "iterations": 400, "scale": 24.0},
    review_value=value,
    same_move=same_move,
    review_why=why,
    review_traits=TRAITS,
    # presentation, History, settings, tools and tests
    words=WORDS,
    rule_prefix="PDK",
    score_shown="signed",
    surrender_count="hand_sizes",
    rules_fan=("3H", "AD", "2S"),
    checks=CHECKS,
)
