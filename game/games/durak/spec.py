"""The spec of this game: its engine, bots and hooks as typed references, its table by
name (:class:`~game.games.spec.GameSpec`)."""
from __future__ import annotations

from game.games.durak.checks import CHECKS
from game.games.durak.greedy import decide
from game.games.durak.heuristic import DurakHeuristic
from game.games.durak.infer import sample
from game.games.durak.review import exact, exact_play
from game.games.durak.rollout import greedy_policy, normal_policy, reward
from game.games.durak.rules import Durak
from game.games.durak.search import DurakSearch
from game.games.durak.why import TRAITS, why
from game.games.durak.words import WORDS
from game.games.spec import GameSpec
from game.i18n.core import N_

SPEC = GameSpec(
    key="durak",
    engine=Durak,
    table="game.games.durak.table:DurakTable",
    summary=N_("Attack, defend, take: don't be the one left holding cards."),
    tile_card="KS",
    sampler=sample,
    bots={
        "durak_heuristic": DurakHeuristic,
        "durak_search": DurakSearch,
    },
    # the AI and the review (modules greedy, rollout, review; spec.py's AI block)
    fallback_levels={"normal": {"kind": "durak_heuristic", "think_delay": [0.6, 1.0],
                                "label": "Normal"}},
    greedy=decide,
    rollouts={"greedy": greedy_policy,
              "normal": normal_policy},
    reward=reward,
    review_settings={"threshold": 0.1, "samples": 256, "iterations": 1500},
    review_exact=exact,
    review_exact_play=exact_play,
    review_why=why,
    review_traits=TRAITS,
    # presentation, History, settings, tools and tests
    words=WORDS,
    rule_prefix="DUR",
    score_shown="outcome",
    average_places=2,
    rules_fan=("6H", "QS", "AD"),
    tools_default=True,
    checks=CHECKS,
)
